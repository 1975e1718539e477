// The Maelstrom roll dialog's model (dialog-logic.ts): the pool, difficulty and threshold the rules
// layer settles, the odds it shows (exactly outcomeOdds / netDistribution), refused rolls, and the
// Willpower spent to ignore the wound penalty once per turn.
import { describe, expect, it } from "vitest";
import {
  actionPlan,
  changeState,
  evaluateDialog,
  planOdds,
  startState,
  traitDialogModel,
} from "../../src/rulesets/maelstrom/rolls/dialog-logic";
import { outcomeOdds } from "../../src/rulesets/maelstrom/rules";
import { allFields } from "../../src/core/roll-dialog-model";
import { dialogInput } from "../lib/maelstrom-dialog-examples";

const localize = (key: string, data?: Record<string, string>) =>
  data ? `${key}${JSON.stringify(data)}` : key;

function settle(input = dialogInput(), changes: [string, string | boolean][] = []) {
  let state = startState(input);
  for (const [name, value] of changes) state = changeState(input, state, name, value);
  return { state, plan: actionPlan(input, state), evaluation: evaluateDialog(input, state, localize) };
}

describe("the Maelstrom roll dialog", () => {
  it("rolls an attribute and an ability: Precision 3 + Firearms 2 at difficulty 6", () => {
    const { plan } = settle();
    expect(plan.options).toMatchObject({
      kind: "action",
      traits: ["attributes.precision", "abilities.firearms"],
      pool: 5,
      difficulty: 6,
      threshold: 0,
      exploding: false,
    });
    expect(plan.problems).toEqual([]);
  });

  it("shows exactly the rules layer's odds, which add up to 1", () => {
    const { plan, evaluation } = settle(dialogInput(), [
      ["difficulty", "8"],
      ["specialty.spec0000000000001", true],
    ]);
    const odds = outcomeOdds({ pool: 5, difficulty: 8, threshold: 0, specialty: true });
    expect(plan.options.exploding).toBe(true);
    const shown = evaluation.odds && "outcomes" in evaluation.odds ? evaluation.odds.outcomes : [];
    expect(shown.map((o) => o.label.key.split(".").pop())).toEqual([
      "Botch",
      "Failure",
      "One",
      "Two",
      "ThreePlus",
    ]);
    expect(shown[0]!.probability).toBe(odds.botch);
    expect(shown[1]!.probability).toBe(odds.failure);
    expect(shown[2]!.probability + shown[3]!.probability + shown[4]!.probability).toBeCloseTo(
      odds.success,
      12,
    );
    expect(shown.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
    expect(planOdds(plan.options).odds.expectedSuccesses).toBe(odds.expectedSuccesses);
  });

  it("a required advanced specialty adds 1 to the threshold unless one is used", () => {
    const required = settle(
      dialogInput({ choice: { attribute: "precision", ability: "firearms", required: 1 } }),
    );
    expect(required.plan.options).toMatchObject({ threshold: 1, requiredUnused: 1 });
    const used = settle(
      dialogInput({ choice: { attribute: "precision", ability: "firearms", required: 1 } }),
      [["specialty.spec0000000000002", true]],
    );
    expect(used.plan.options).toMatchObject({
      threshold: 0,
      requiredUnused: 0,
      exploding: true,
      specialties: ["Extreme Range"],
    });
    // A general specialty makes tens explode but is not a required (advanced) one.
    const general = settle(
      dialogInput({ choice: { attribute: "precision", ability: "firearms", required: 1 } }),
      [["specialty.spec0000000000001", true]],
    );
    expect(general.plan.options).toMatchObject({ threshold: 1, exploding: true });
  });

  it("refuses more specialties than the ability's dots, and a knowledge at zero dots unless allowed", () => {
    const input = dialogInput({ abilities: { firearms: 1 } });
    const many = settle(input, [
      ["specialty.spec0000000000001", true],
      ["specialty.spec0000000000002", true],
    ]);
    expect(many.evaluation.problems.map((p) => p.key)).toContain(
      "POLYVERSE.Maelstrom.RollDialog.Refused.tooManySpecialties",
    );
    const knowledge = dialogInput({ choice: { attribute: "intelligence", ability: "medicine" } });
    const refused = settle(knowledge);
    expect(refused.evaluation.problems.map((p) => p.key)).toEqual([
      "POLYVERSE.Maelstrom.RollDialog.Refused.knowledgeZero",
    ]);
    const allowed = settle(knowledge, [["knowledgeOverride", true]]);
    expect(allowed.evaluation.problems).toEqual([]);
    // "+knowledgePenalty difficulty" (the setting, 2 here).
    expect(allowed.plan.options.difficulty).toBe(8);
  });

  it("Reflexes in place of Precision adds 1 (the Reflexive Action Penalty) unless the weapon ignores it", () => {
    const input = dialogInput({ choice: { attribute: "reflexes", ability: "firearms", reflexive: true } });
    expect(settle(input).plan.options.difficulty).toBe(7);
    expect(settle({ ...input, ignoresReflexivePenalty: true }).plan.options.difficulty).toBe(6);
  });

  it("never rolls more than two traits: a second attribute replaces the ability", () => {
    const { plan, state } = settle(dialogInput(), [["second", "attributes.strength"]]);
    expect(state.second).toBe("attributes.strength");
    expect(plan.options.traits).toEqual(["attributes.precision", "attributes.strength"]);
    expect(plan.options.pool).toBe(5);
    // Not the same attribute twice.
    expect(settle(dialogInput(), [["second", "attributes.precision"]]).state.second).toBe(
      "abilities.firearms",
    );
  });

  it("offers Willpower to ignore the wound penalty, once per turn", () => {
    const wounded = dialogInput({ woundPenalty: 2, combatRound: "combat0000000001:3" });
    const plain = settle(wounded);
    expect(plain.plan.options.pool).toBe(3);
    expect(allFields(plain.evaluation).map((f) => f.name)).toContain("ignoreWounds");
    const spent = settle(wounded, [["ignoreWounds", true]]);
    expect(spent.plan.options).toMatchObject({ pool: 5, woundsIgnored: true });
    expect(spent.plan.spendWillpower).toBe(true);
    // Spent already this round: not offered again, and the note says why.
    const again = settle({ ...wounded, ignoreWoundsRound: "combat0000000001:3" }, [["ignoreWounds", true]]);
    expect(allFields(again.evaluation).map((f) => f.name)).not.toContain("ignoreWounds");
    expect(again.plan.options.pool).toBe(3);
    expect(again.plan.spendWillpower).toBe(false);
    expect(again.evaluation.notes.map((n) => n.key)).toEqual([
      "POLYVERSE.Maelstrom.RollDialog.IgnoreWounds.oncePerTurn",
    ]);
    // The next round it is offered again.
    expect(
      settle({ ...wounded, ignoreWoundsRound: "combat0000000001:2" }, [["ignoreWounds", true]]).plan
        .spendWillpower,
    ).toBe(true);
    // Not offered without Willpower, nor without a penalty.
    expect(allFields(settle({ ...wounded, willpower: 0 }).evaluation).map((f) => f.name)).not.toContain(
      "ignoreWounds",
    );
    expect(allFields(settle(dialogInput()).evaluation).map((f) => f.name)).not.toContain("ignoreWounds");
    // Spent before (combat.ignoreWounds): used up, not spent again.
    const pending = settle({ ...wounded, ignoreWoundsPending: true });
    expect(pending.plan).toMatchObject({ spendWillpower: false, usePending: true });
    expect(pending.plan.options.pool).toBe(5);
  });

  it("an incapacitated character may not act; a situation that fails automatically has nothing to roll", () => {
    expect(settle(dialogInput({ incapacitated: true })).evaluation.problems.map((p) => p.key)).toEqual([
      "POLYVERSE.Maelstrom.RollDialog.Refused.incapacitated",
    ]);
    const deaf = dialogInput({ flaws: [{ key: "deaf", name: "Deaf", points: 5 }] });
    const hearing = settle(deaf, [["toggle.deaf.hearing", true]]);
    expect(hearing.evaluation.problems.map((p) => p.key)).toEqual([
      "POLYVERSE.Maelstrom.RollDialog.Refused.autoFail",
    ]);
  });

  it("situational merits and flaws change the difficulty while switched on", () => {
    const facing = dialogInput({
      flaws: [{ key: "phobia", name: "Phobia", option: "spiders", points: 2, active: true }],
    });
    const on = settle(facing);
    expect(on.plan.options.difficulty).toBe(8);
    expect(on.plan.options.modifiers).toEqual([
      {
        label: "POLYVERSE.Maelstrom.RollDialog.Situation.facingFear",
        data: { source: "Phobia (spiders)" },
        value: 2,
      },
    ]);
    expect(settle(facing, [["toggle.phobia.facingFear.spiders", false]]).plan.options.difficulty).toBe(6);
  });

  it("a Willpower roll: the current rank alone, no wound penalty, Strong Bond's automatic success", () => {
    const input = dialogInput({
      kind: "willpower",
      woundPenalty: 3,
      merits: [{ key: "strongBond", name: "Strong Bond", points: 4 }],
      flaws: [],
      choice: { difficulty: 7 },
    });
    const { plan, evaluation } = settle(input);
    expect(plan.options).toMatchObject({
      kind: "willpower",
      traits: ["willpower"],
      pool: 5,
      autoSuccesses: 1,
      difficulty: 7,
      woundPenalty: 0,
    });
    expect(allFields(evaluation).map((f) => f.name)).toEqual(["difficulty", "threshold"]);
  });

  it("keeps the difficulty within 2..10 and drops specialties of another ability", () => {
    const input = dialogInput();
    const model = traitDialogModel(input, "Ada Reyes", localize);
    let state = model.change(model.start, "difficulty", "14");
    expect(state.difficulty).toBe(10);
    state = model.change(state, "difficulty", "1");
    expect(state.difficulty).toBe(2);
    state = model.change(state, "specialty.spec0000000000001", true);
    state = model.change(state, "second", "abilities.driving");
    expect(state.specialties).toEqual([]);
  });
});
