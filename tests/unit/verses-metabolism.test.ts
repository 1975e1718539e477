// Heightened Metabolism ('Verses Core 0.8.5): "Any allocated dice may be used in addition to or in
// place of action dice. Once used in this way, allocated dice are treated as EX-bound until they are
// recovered through the Rest action." The roll dialog's offer, the change that binds them, and the
// Rest test that counts them and frees them first.
import { describe, expect, it } from "vitest";
import { applyDialogChange, rollDialogView } from "../../src/rulesets/verses/base/pool-dialog-logic";
import { deriveLiving, type LivingSource } from "../../src/rulesets/verses/data/living";
import {
  choiceFromDialog,
  settleVersesDialog,
  versesDialogConfig,
} from "../../src/rulesets/verses/rolls/dialog";
import {
  metabolismEffect,
  metabolismOfferOf,
  metabolismUse,
  type MetabolismOffer,
} from "../../src/rulesets/verses/base/metabolism-logic";
import {
  planRest,
  resolveRestRoll,
  type LivingState,
  type Planned,
} from "../../src/rulesets/verses/rolls/special";
import { andersNavigation, shortBowAttack } from "../lib/verses-roll-examples";
import { livingSource } from "../lib/verses-sources";

const identity = (s: string) => s;
const HM: MetabolismOffer = {
  uuid: "Actor.jee.Item.hm",
  name: "Heightened Metabolism",
  allocated: 2,
  bound: 0,
};
const ok = <V>(planned: Planned<V>): V => {
  if (!planned.ok) throw new Error(`refused: ${planned.reason.key}`);
  return planned.value;
};
function living(overrides: Partial<LivingSource> = {}): LivingState {
  const source = livingSource(overrides);
  return { ...source, ...deriveLiving(source, { items: [], statuses: new Set(), flags: {} }) };
}
const bound = (exBound: number, spent = 0) => ({
  ad: { spent, exBound, reserved: { await: 0, dodge: 0, parry: 0 } },
});

describe("the ability's dice", () => {
  it("are read from the ability item (its key or name), with the dice already bound", () => {
    const items = [
      { uuid: "i1", name: "Sturdy", type: "verses-ability", system: { key: "sturdy", allocated: 2 } },
      {
        uuid: "i2",
        name: "Heightened Metabolism",
        type: "verses-ability",
        system: { allocated: 2, exBound: 1 },
      },
    ];
    expect(metabolismOfferOf(items)).toEqual({
      uuid: "i2",
      name: "Heightened Metabolism",
      allocated: 2,
      bound: 1,
    });
    expect(metabolismOfferOf([{ ...items[1]!, system: { allocated: 0 } }])).toBeNull();
  });

  it("with 2 allocated and none bound, using 2 adds 2 dice and binds 2; a third is refused", () => {
    expect(metabolismUse(HM, 2)).toEqual({
      ok: true,
      change: { uuid: HM.uuid, name: HM.name, set: { "system.exBound": 2 } },
    });
    expect(metabolismUse({ ...HM, bound: 2 }, 1)).toEqual({
      ok: false,
      reason: { key: "POLYVERSE.Verses.Metabolism.TooMany", data: { free: "0" } },
    });
    expect(metabolismEffect(HM, 2, 1)).toMatchObject({
      parts: [{ label: "POLYVERSE.Verses.Metabolism.Part", dice: 2 }],
      adMin: 0,
      problems: [],
    });
  });
});

describe("the roll dialog offers them 'in addition to or in place of action dice'", () => {
  it("in addition: Anders' 9d6 Stellar Navigation with 2 metabolism dice is 11d6, and the choice carries them", () => {
    const input = { ...andersNavigation(), metabolism: HM };
    const config = versesDialogConfig(input);
    const start = settleVersesDialog(config, true);
    expect(config.fields.map((f) => f.name)).toEqual(["metabolism"]);
    expect(start.evaluation.notes).toContainEqual({
      key: "POLYVERSE.Verses.Metabolism.Free",
      data: { free: "2", allocated: "2" },
    });
    const used = applyDialogChange(config, start.state, { name: "metabolism", value: "2" });
    expect(rollDialogView(config, used.state, used.evaluation, identity).pool).toBe(11);
    expect(used.evaluation.parts).toContainEqual({ label: "POLYVERSE.Verses.Metabolism.Part", dice: 2 });
    expect(choiceFromDialog(input, used.state, used.evaluation).metabolism).toBe(2);
    const tooMany = applyDialogChange(config, start.state, { name: "metabolism", value: "3" });
    expect(tooMany.evaluation.problems).toContainEqual({
      key: "POLYVERSE.Verses.Metabolism.TooMany",
      data: { free: "2" },
    });
  });

  it("in place: in Fast Action an attack needs 1AD at least; one metabolism die stands in for it", () => {
    const input = { ...shortBowAttack(10, { ad: 0 }), metabolism: HM };
    const config = versesDialogConfig(input);
    const start = settleVersesDialog(config, false);
    expect(start.evaluation.adMin).toBe(1);
    const used = applyDialogChange(config, { ...start.state, ad: 0 }, { name: "metabolism", value: "1" });
    expect(used.evaluation.adMin).toBe(0);
    expect(used.state.ad).toBe(0);
    expect(used.evaluation.problems).toEqual([]);
  });

  it("without the ability there is no field", () => {
    expect(versesDialogConfig(andersNavigation()).fields).toEqual([]);
  });
});

describe("the Rest test counts the bound dice and frees them first", () => {
  const JEE = { uuid: "Actor.jee", name: "Jee" };
  it("with 2 AD and 1 metabolism die bound the Rest is against 3S; SM 2 frees the die and 1 AD", () => {
    const jee = living(bound(2));
    const hm = { ...HM, bound: 1 };
    const plan = ok(planRest(jee, { metabolism: hm }));
    expect(plan.roll.target).toBe(3);
    // TUF 2 + 3 AD: 5d6; 4 successes against 3S: SM 2.
    const result = ok(resolveRestRoll(plan, [6, 6, 5, 5, 1], JEE));
    expect(result.changes).toEqual([
      { uuid: "Actor.jee", name: "Jee", set: { "system.ad.exBound": 1 } },
      { uuid: hm.uuid, name: hm.name, set: { "system.exBound": 0 } },
    ]);
    expect(result.card.lines).toEqual([
      { key: "POLYVERSE.Verses.Metabolism.Freed", data: { freed: 1, bound: 0 } },
      { key: "POLYVERSE.Verses.Tests.Rest.Unbound", data: { unbound: 1, bound: 1 } },
    ]);
  });

  it("with only metabolism dice bound the Rest is not refused: 2 bound, against 2S", () => {
    // TUF 2 + her 5 AD: 7d6.
    const jee = living();
    expect(planRest(jee).ok).toBe(false);
    const plan = ok(planRest(jee, { metabolism: { ...HM, bound: 2 } }));
    expect(plan.roll.target).toBe(2);
    const result = ok(resolveRestRoll(plan, [6, 6, 5, 1, 1, 1, 1], JEE, true));
    expect(result.changes).toEqual([
      { uuid: "Actor.jee", name: "Jee", set: { "system.ad.spent": 5 } },
      { uuid: HM.uuid, name: HM.name, set: { "system.exBound": 0 } },
    ]);
  });

  it("a failed Rest frees nothing", () => {
    const plan = ok(planRest(living(), { metabolism: { ...HM, bound: 2 } }));
    const result = ok(resolveRestRoll(plan, [6, 1, 1, 1, 1, 1, 1], JEE));
    expect(result.changes).toEqual([]);
    expect(result.card.outcome).toBe("failure");
  });
});
