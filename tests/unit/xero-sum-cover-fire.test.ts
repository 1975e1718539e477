// A successful Cover Fire's CMod on its target's next check, without Foundry (SRD Table 9: "Successful
// Attacks give -2 CMod to the target's next action, skill, or attribute check"): the check's plan takes
// the −2 waiting on the roller's combatant as a CMod part (a Group Check's leader's; an opposed check's
// odds count the opponent's), the dialog shows it as a line the roller cannot change, the GM holds a
// player's card to it (all of it or the card is refused), and the change that uses it up raises the
// waiting CMod by what the check took, never past 0, within the round policy.
import { describe, expect, it } from "vitest";
import { checkChange, updateData } from "../../src/core/changes-logic";
import { dialogView } from "../../src/core/roll-dialog-model";
import { NEXT_CHECK_PATH, XERO_SUM_ROUND_POLICY } from "../../src/rulesets/xero-sum/base/change-policy";
import { ROUND_FLAG } from "../../src/rulesets/xero-sum/data/round-state-logic";
import { checkPenalty, penaltyUse } from "../../src/rulesets/xero-sum/rolls/check-penalty-logic";
import {
  checkPlan,
  penaltyParts,
  planOptions,
  startState,
} from "../../src/rulesets/xero-sum/rolls/check-plan-logic";
import { optionsProblem } from "../../src/rulesets/xero-sum/rolls/check-trust-logic";
import { checkDialogModel } from "../../src/rulesets/xero-sum/rolls/dialog-logic";
import { partsModifier } from "../../src/rulesets/xero-sum/rolls/roll-logic";
import { partLabel } from "../../src/rulesets/xero-sum/rolls/text-logic";
import { SETTINGS, checkActor, plainActor } from "../lib/xero-sum-roll-examples";
import { firstRoundState } from "../../src/rulesets/xero-sum/rules";
import { FISTS_WEAPON } from "../../src/rulesets/xero-sum/combat/attack-logic";
import {
  evaluateAttack,
  type AttackDialogInput,
} from "../../src/rulesets/xero-sum/combat/attack-dialog-logic";

const localize = (key: string, data?: Record<string, string>) =>
  data ? `${key}${JSON.stringify(data)}` : key;
const pinned = checkActor({ coverFire: -2 });

describe("the check takes the penalty", () => {
  it("Mara's Acumen + Barter (+1 +2) pinned: −2 as a CMod part, +1 in all", () => {
    const input = { actor: pinned, settings: SETTINGS, choice: { skill: "barter" as const } };
    const plan = checkPlan(input, startState(input));
    expect(plan.parts).toEqual([
      { kind: "attribute", key: "acu", value: 1 },
      { kind: "skill", key: "barter", value: 2 },
      { kind: "coverFire", value: -2 },
    ]);
    expect(plan.modifier).toBe(1);
    expect(checkPenalty(planOptions(input, plan, true))).toBe(-2);
    // Two hits: −4. None waiting: nothing.
    expect(penaltyParts({ coverFire: -4 })).toEqual([{ kind: "coverFire", value: -4 }]);
    expect(penaltyParts({ coverFire: 0 })).toEqual([]);
    expect(penaltyParts({})).toEqual([]);
  });

  it("is a CMod: with clampConditional, the CMods held to −5..+5 count it", () => {
    const parts = [
      { kind: "attribute" as const, key: "acu", value: 1 },
      { kind: "situation" as const, key: "-5", value: -5 },
      { kind: "coverFire" as const, value: -2 },
    ];
    expect(partsModifier(parts, false)).toBe(-6);
    expect(partsModifier(parts, true)).toBe(-4);
    expect(partLabel({ kind: "coverFire", value: -2 }, localize)).toBe(
      "POLYVERSE.XeroSum.Attack.CoverFire.Part",
    );
  });

  it("a Group Check: the leader's (who rolls) only; an opposed check's odds count the opponent's", () => {
    const ana = plainActor("Ana", { attributes: { rsn: 0, acu: 0, phy: 3, inf: 0, dex: 0 }, coverFire: -2 });
    const ben = plainActor("Ben", { attributes: { rsn: 0, acu: 0, phy: 1, inf: 0, dex: 0 }, coverFire: -2 });
    const input = {
      actor: ana,
      settings: SETTINGS,
      choice: { attribute: "phy" as const },
      group: [ben, ana],
    };
    const plan = checkPlan(input, startState(input));
    expect(plan.leader).toBe(1);
    // Ana PHY 3 leads, Ben's PHY 1 added, Ana's −2: +2.
    expect(plan.parts.filter((p) => p.kind === "coverFire")).toEqual([{ kind: "coverFire", value: -2 }]);
    expect(plan.modifier).toBe(2);
    const opposed = {
      actor: plainActor("Cal", { attributes: { rsn: 0, acu: 0, phy: 1, inf: 0, dex: 0 } }),
      settings: SETTINGS,
      choice: { attribute: "phy" as const },
      opposed: { actor: ben },
    };
    expect(checkPlan(opposed, startState(opposed)).opponent?.modifier).toBe(-1);
  });
});

describe("the dialog", () => {
  it("shows it as a CMod line the roller cannot change, in the summary too", () => {
    const model = checkDialogModel(
      { actor: pinned, settings: SETTINGS, choice: { skill: "barter" } },
      localize,
    );
    const evaluation = model.evaluate(model.start);
    const cmods = evaluation.groups[1]!.fields;
    expect(cmods[0]).toMatchObject({
      kind: "number",
      name: "coverFire",
      label: "POLYVERSE.XeroSum.Attack.CoverFire.Part",
      value: -2,
      fixed: { key: "−2" },
    });
    // The roller's input cannot change it.
    expect(model.change(model.start, "coverFire", "0")).toEqual(model.start);
    const view = dialogView(model, evaluation, { localize, rollModes: [], rollMode: "publicroll" });
    expect(JSON.stringify(view)).toContain("POLYVERSE.XeroSum.Attack.CoverFire.Part");
    const free = checkDialogModel(
      { actor: checkActor(), settings: SETTINGS, choice: { skill: "barter" } },
      localize,
    );
    expect(free.evaluate(free.start).groups[1]!.fields.some((f) => f.name === "coverFire")).toBe(false);
  });
});

describe("the GM holds a player's card to it", () => {
  const options = (actor: typeof pinned) => {
    const input = { actor, settings: SETTINGS, choice: { skill: "barter" as const } };
    return planOptions(input, checkPlan(input, startState(input)), true);
  };

  it("the penalty waiting, all of it: a card that omits it, claims less, or claims one that does not wait is refused", () => {
    const KEY = "POLYVERSE.XeroSum.Roll.Relay.Unjustified";
    expect(optionsProblem(options(pinned), SETTINGS, pinned, [])).toBeNull();
    expect(optionsProblem(options(checkActor()), SETTINGS, pinned, [])).toBe(KEY);
    expect(optionsProblem(options(checkActor({ coverFire: -1 })), SETTINGS, pinned, [])).toBe(KEY);
    expect(optionsProblem(options(pinned), SETTINGS, checkActor(), [])).toBe(KEY);
  });
});

describe("using it up", () => {
  it("raises the waiting CMod by what the check took, never past 0 (−2 → 0; −4 with a −2 check → −2)", () => {
    const change = penaltyUse({ uuid: "Combat.c.Combatant.a", name: "Ada" }, -2)!;
    expect(change).toEqual({
      uuid: "Combat.c.Combatant.a",
      name: "Ada",
      add: [{ path: NEXT_CHECK_PATH, delta: 2, max: 0 }],
    });
    expect(NEXT_CHECK_PATH).toBe(`flags.polyverse.xero-sum.${ROUND_FLAG}.nextCheck`);
    expect(updateData(change, () => -2)).toEqual({ [NEXT_CHECK_PATH]: 0 });
    expect(updateData(change, () => -4)).toEqual({ [NEXT_CHECK_PATH]: -2 });
    expect(updateData(change, () => 0)).toEqual({ [NEXT_CHECK_PATH]: 0 });
    expect(penaltyUse({ uuid: "x", name: "x" }, 0)).toBeNull();
    expect(penaltyUse({ uuid: "x", name: "x" }, 2)).toBeNull();
  });

  it("within the round policy: only that path, raised by 1 to 20; nothing set, no status", () => {
    const change = penaltyUse({ uuid: "Combat.c.Combatant.a", name: "Ada" }, -2)!;
    expect(checkChange(change, XERO_SUM_ROUND_POLICY)).toBeNull();
    expect(
      checkChange({ ...change, add: [{ path: NEXT_CHECK_PATH, delta: -2 }] }, XERO_SUM_ROUND_POLICY),
    ).toEqual({
      key: "POLYVERSE.Relay.NumberRefused",
      data: { path: NEXT_CHECK_PATH },
    });
    expect(
      checkChange(
        { ...change, set: { "flags.polyverse.xero-sum.round.actionsLeft": 9 } },
        XERO_SUM_ROUND_POLICY,
      ),
    ).toMatchObject({ key: "POLYVERSE.Relay.PathRefused" });
    expect(
      checkChange({ ...change, statuses: [{ id: "dead", active: false }] }, XERO_SUM_ROUND_POLICY),
    ).toMatchObject({ key: "POLYVERSE.Relay.StatusRefused" });
  });
});

describe("the attack takes it too", () => {
  it("the attack dialog's line and the modifier: fists PHY 1 + Engaged 1 − Melee DM 2 − 2 = −2", () => {
    const input: AttackDialogInput = {
      actorName: "Ada",
      attacker: {
        attributes: { rsn: 0, acu: 1, phy: 1, inf: 0, dex: 2 },
        skills: {},
        lastingWounds: [],
        panic: "",
        round: { ...firstRoundState(1), nextCheck: -2 },
      },
      insightHeld: 2,
      weapons: [{ id: "fists", name: "Fists", weapon: FISTS_WEAPON }],
      targets: [
        {
          uuid: "Actor.brute",
          name: "Brute",
          key: "cbBrute",
          measured: "engaged",
          defender: { meleeDefence: 2, rangedDefence: 0, round: null },
        },
      ],
      settings: {
        attackResolution: "checkMinusDefence",
        characteristicPenalty: "literal",
        clampConditional: false,
        rapidFireBoth: "twoShots",
        momentOn3d6: "firstTwo",
      },
      start: {
        weapon: "fists",
        action: "attack",
        target: "Actor.brute",
        band: "engaged",
        actionsUsed: 1,
        cmod: 0,
        insight: "",
      },
    };
    const shown = evaluateAttack(input, input.start);
    expect(shown.groups[0]!.fields.find((f) => f.name === "coverFire")).toMatchObject({
      label: "POLYVERSE.XeroSum.Attack.CoverFire.Part",
      value: -2,
    });
    expect(shown.summary[0]!.rows.map((r) => [r.label.key.split(".").at(-1), r.amount.key])).toContainEqual([
      "coverFire",
      "-2",
    ]);
    expect(shown.summary[0]!.total![0]).toMatchObject({ data: { n: "-2" } });
    const free = { ...input, attacker: { ...input.attacker, round: firstRoundState(1) } };
    expect(evaluateAttack(free, free.start).groups[0]!.fields.some((f) => f.name === "coverFire")).toBe(
      false,
    );
  });
});
