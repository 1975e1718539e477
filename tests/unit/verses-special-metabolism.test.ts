// Heightened Metabolism in the special tests ('Verses Core 0.8.5): "Any allocated dice may be used in
// addition to or in place of action dice. Once used in this way, allocated dice are treated as
// EX-bound until they are recovered through the Rest action." Each plan counts them toward the AD
// its test needs at least; the dialogs at 0AD with a free die show no minimum-AD problem; a macro
// asking for more than are free is refused before the roll.
import { describe, expect, it } from "vitest";
import { applyDialogChange, type RollDialogState } from "../../src/rulesets/verses/base/pool-dialog-logic";
import { deriveLiving } from "../../src/rulesets/verses/data/living";
import { metabolismRefusal, type MetabolismOffer } from "../../src/rulesets/verses/base/metabolism-logic";
import {
  influenceDialog,
  lockPickingDialog,
  recoveryDialog,
  settleSpecialDialog,
  trainingDialog,
  type SpecialDialog,
  type SpecialDialogBase,
} from "../../src/rulesets/verses/rolls/special-dialogs";
import {
  planAwaken,
  planHealing,
  planInfluence,
  planLockPicking,
  planStabilize,
  planTrainingWeek,
  recoveryOptions,
  resolveHealingRoll,
  resolveStabilizeRoll,
  type AnimalState,
  type LivingState,
  type OwnedItem,
  type PatientState,
  type Planned,
  type RecoveryGear,
} from "../../src/rulesets/verses/rolls/special";
import { livingSource, skillSource } from "../lib/verses-sources";

type ItemLike = { name: string; type: string; system: unknown };
const HM: MetabolismOffer = { uuid: "Item.hm", name: "Heightened Metabolism", allocated: 2, bound: 0 };
const PART = { label: "POLYVERSE.Verses.Metabolism.Part", dice: 1 };

function living(items: ItemLike[] = []): LivingState {
  const source = livingSource({});
  return { ...source, ...deriveLiving(source, { items, statuses: new Set(), flags: {} }) };
}
const skill = (name: string, allocated: number, attribute: "smr" | "prw" = "smr"): ItemLike => ({
  name,
  type: "verses-skill",
  system: skillSource({
    skill: name,
    allocated,
    default: { kind: "attribute", attribute, ability: "", skill: "", spec: "" },
  }),
});
const ok = <V>(planned: Planned<V>): V => {
  if (!planned.ok) throw new Error(`refused: ${planned.reason.key}`);
  return planned.value;
};
const base = (actor: LivingState, fastAction = false): SpecialDialogBase => ({
  actor,
  world: {},
  fastAction,
  rollModes: [{ value: "publicroll", label: "Public" }],
  defaultRollMode: "publicroll",
  metabolism: HM,
});
/** The dialog with `metabolism` dice and then `ad` AD typed in. */
function settle(dialog: SpecialDialog<unknown>, metabolism: number, ad: number) {
  let s: RollDialogState = settleSpecialDialog(dialog).state;
  s = applyDialogChange(dialog.config, s, { name: "metabolism", value: String(metabolism) }).state;
  return applyDialogChange(dialog.config, s, { name: "ad", value: String(ad) });
}
const poolOf = (parts: readonly { dice: number }[]) => parts.reduce((n, p) => n + p.dice, 0);

const phon: PatientState = {
  uuid: "Actor.phon",
  name: "Phon",
  kind: "biological",
  hp: 2,
  hpMax: 10,
  conditions: [],
};
const ALETH = { uuid: "Actor.aleth", name: "Aleth" };

describe("Heightened Metabolism counts toward a special test's AD minimum, 'in place of action dice'", () => {
  it("Influence: TV-C07's Charm SOC 2 + SMR 2 with 0AD and 1 metabolism die is 5d6; 0 of both is refused", () => {
    const guard = living();
    const plan = ok(planInfluence(living(), guard, "charm", { ad: 0, metabolismUsed: 1 }));
    expect(plan.influencer.pool).toBe(5);
    expect(plan.influencer.roll.parts).toContainEqual(PART);
    // No AD of the influencer's is spent: the die stands in for them.
    expect(plan.influencer.roll.ad).toBe(0);
    const none = planInfluence(living(), guard, "charm", { ad: 0 });
    expect(!none.ok && none.reason.key).toBe("POLYVERSE.Verses.Tests.Reason.MinimumAd");
    // In addition: 3AD + 1 die = 8d6.
    expect(ok(planInfluence(living(), guard, "charm", { ad: 3, metabolismUsed: 1 })).influencer.pool).toBe(8);
  });

  const aleth = living([skill("First Aid", 2)]);
  const gear: RecoveryGear = {
    skill: { uuid: "Item.firstAid", name: "First Aid", ref: "First Aid", family: "First Aid" },
    supply: { uuid: "Item.kit", name: "Healer's Kit", supplies: 5 },
  };

  it("Stabilizing: TV-38's First Aid 2 + SMR 2 with 0AD and 1 die is 5d6; it uses a supply and spends no AD", () => {
    const plan = ok(planStabilize(aleth, phon, gear, { ad: 0, metabolismUsed: 1 }));
    expect(plan.pool).toBe(5);
    expect(plan.roll.parts).toContainEqual(PART);
    expect(plan.roll.ad).toBe(0);
    const result = ok(resolveStabilizeRoll(plan, [6, 6, 6, 1, 1], ALETH));
    // SM 1 -> 1 HP and 1 supply; the healer's AD untouched.
    expect(result.changes.find((c) => c.uuid === ALETH.uuid)).toBeUndefined();
    expect(result.changes).toContainEqual(expect.objectContaining({ uuid: "Item.kit" }));
    expect(planStabilize(aleth, phon, gear, { ad: 0 }).ok).toBe(false);
  });

  it("Healing: TV-39's Medicine 3 + OL 4 with 4AD and 1 die is 12d6 as with 5AD, but 4 AD are spent", () => {
    const healer = living([skill("Medicine", 3)]);
    const medicine: RecoveryGear = {
      skill: { uuid: "Item.med", name: "Medicine", ref: "Medicine", family: "Medicine" },
      supply: { uuid: "Item.kit", name: "Kit", supplies: 20 },
      tool: { uuid: "Item.clinic", name: "Village Clinic", ol: 4 },
    };
    const options = { poolMode: "allocatedOnly" as const };
    const five = ok(planHealing(healer, { ...phon, hp: 0 }, medicine, { ad: 5 }, options));
    const plan = ok(planHealing(healer, { ...phon, hp: 0 }, medicine, { ad: 4, metabolismUsed: 1 }, options));
    expect(five.pool).toBe(12);
    expect(plan.pool).toBe(12);
    expect(plan.roll.ad).toBe(4);
    expect(
      ok(planHealing(healer, phon, medicine, { ad: 0, metabolismUsed: 1 }, options)).roll.parts,
    ).toContainEqual(PART);
    // In Fast Action the round's AD spent rise by the 4 AD, not by the metabolism die.
    const result = ok(
      resolveHealingRoll(plan, Array(12).fill(1), ALETH, { id: "h1", days: 0 }, options, true),
    );
    expect(JSON.stringify(result.changes.find((c) => c.uuid === ALETH.uuid))).toContain(
      '"system.ad.spent":4',
    );
  });

  it("Lock Picking and Animal Training: the die joins the pool at 0AD", () => {
    const picker = living([skill("Lock Picking", 2, "prw")]);
    const without = ok(planLockPicking(picker, { ad: 0 }));
    const withDie = ok(planLockPicking(picker, { ad: 0, metabolismUsed: 1 }));
    expect(withDie.pool).toBe(without.pool + 1);
    expect(withDie.roll.parts).toContainEqual(PART);
    const trainer = living([skill("Animal Training", 1)]);
    const colt: AnimalState = {
      uuid: "Actor.colt",
      name: "Colt",
      type: "Horse",
      smr: 2,
      tuf: 3,
      soc: 2,
      trained: {},
    };
    const week = (c: { ad: number; metabolismUsed?: number }) =>
      ok(planTrainingWeek(trainer, colt, null, "c1", { skill: "ridersMount", ...c }));
    expect(week({ ad: 0, metabolismUsed: 1 }).pool).toBe(week({ ad: 0 }).pool + 1);
  });

  it("Awaken: SOC + 0AD with 1 die is allowed; 0 of both is refused", () => {
    const target = { name: "Phon", conditions: [{ id: "unconscious" as const }] };
    expect(ok(planAwaken(living(), target, { ad: 0, metabolismUsed: 1 })).roll.parts).toContainEqual(PART);
    expect(planAwaken(living(), target, { ad: 0 }).ok).toBe(false);
  });
});

describe("the special-test dialogs at 0AD with a free metabolism die", () => {
  it("Influence: no minimum-AD problem, the die counted once, and the choice carries it", () => {
    const dialog = influenceDialog(base(living()), "charm", { name: "Guard", state: living(), enemy: false });
    const r = settle(dialog, 1, 0);
    expect(r.state.ad).toBe(0);
    expect(r.evaluation.problems).toEqual([]);
    expect(r.evaluation.parts.filter((p) => p.label === PART.label)).toEqual([PART]);
    expect(poolOf(r.evaluation.parts)).toBe(5);
    expect(dialog.choice(r.state)).toMatchObject({ ad: 0, metabolismUsed: 1 });
    // Without the die the AD go back up to 1.
    expect(settle(dialog, 0, 0).state.ad).toBe(1);
  });

  it("Stabilizing: no problem at 0AD with a die; more dice than are free is the dialog's problem", () => {
    const aleth = living([skill("First Aid", 2)]);
    const own = (name: string, type: string, system: Record<string, unknown>): OwnedItem => ({
      uuid: `Item.${name.replace(/\W/g, "")}`,
      name,
      type,
      system,
    });
    const atHand = recoveryOptions(
      [
        own("First Aid", "verses-skill", { skill: "First Aid", allocated: 2 }),
        own("Field Kit", "verses-gear", { kind: "tool", ol: 0, supplyKind: "medical", supplies: 5 }),
      ],
      "biological",
      "stabilise",
    );
    const dialog = recoveryDialog(base(aleth), "stabilise", phon, atHand);
    const r = settle(dialog, 1, 0);
    expect(r.state.ad).toBe(0);
    expect(r.evaluation.problems).toEqual([]);
    expect(r.evaluation.parts.filter((p) => p.label === PART.label)).toEqual([PART]);
    expect(dialog.choice(r.state)).toMatchObject({ ad: 0, metabolismUsed: 1 });
    expect(settle(dialog, 3, 0).evaluation.problems).toContainEqual({
      key: "POLYVERSE.Verses.Metabolism.TooMany",
      data: { free: "2" },
    });
  });

  it("Lock Picking in Fast Action (1AD at least) and Animal Training: the die stands in, counted once", () => {
    const picker = living([skill("Lock Picking", 2, "prw")]);
    const lock = lockPickingDialog(base(picker, true), []);
    const r = settle(lock, 1, 0);
    expect(r.state.ad).toBe(0);
    expect(r.evaluation.problems).toEqual([]);
    expect(r.evaluation.parts.filter((p) => p.label === PART.label)).toEqual([PART]);
    const trainer = living([skill("Animal Training", 1)]);
    const colt: AnimalState = {
      uuid: "Actor.colt",
      name: "Colt",
      type: "Horse",
      smr: 2,
      tuf: 3,
      soc: 2,
      trained: {},
    };
    const training = trainingDialog(base(trainer), colt, [], "c1");
    const t = settle(training, 1, 0);
    expect(t.evaluation.problems).toEqual([]);
    expect(t.evaluation.parts.filter((p) => p.label === PART.label)).toEqual([PART]);
  });
});

describe("a macro's metabolism dice, checked before the roll", () => {
  it("no more than are free; none asked is fine; none allocated says so", () => {
    expect(metabolismRefusal(HM, 2)).toBeNull();
    expect(metabolismRefusal({ ...HM, bound: 1 }, 2)).toEqual({
      key: "POLYVERSE.Verses.Metabolism.TooMany",
      data: { free: "1" },
    });
    expect(metabolismRefusal(null, 0)).toBeNull();
    expect(metabolismRefusal(null, 1)).toEqual({ key: "POLYVERSE.Verses.Metabolism.NoneAllocated" });
  });
});
