// The Tales test dialog's model (dialog-logic.ts, test-plan-logic.ts): the options the rules settle,
// the odds it shows (exactly testOdds / degreeOdds, mixed over Dream's gating dice), the text's
// difficulty ladder, and refused tests.
import { describe, expect, it } from "vitest";
import { allFields } from "../../src/core/roll-dialog-model";
import {
  DIFFICULTY_LADDER,
  changeState,
  evaluateDialog,
  ladderStep,
  oddsInput,
  planDegreeOdds,
  planOdds,
} from "../../src/rulesets/tales/rolls/dialog-logic";
import { startState, testPlan } from "../../src/rulesets/tales/rolls/test-plan-logic";
import { readRollOptions } from "../../src/rulesets/tales/rolls/roll-logic";
import { degreeOdds, testOdds } from "../../src/rulesets/tales/rules";
import { BOB, dialogInput } from "../lib/tales-roll-examples";

const localize = (key: string, data?: Record<string, string>) =>
  data ? `${key}${JSON.stringify(data)}` : key;

function settle(input = dialogInput(), changes: [string, string | boolean][] = []) {
  let state = startState(input);
  for (const [name, value] of changes) state = changeState(input, state, name, value);
  return { state, plan: testPlan(input, state), evaluation: evaluateDialog(input, state, localize) };
}

describe("the Tales test dialog", () => {
  it("rolls an attribute with a skill: Physical 3 + Melee 2 against a static 8, options the card accepts", () => {
    const { plan } = settle();
    expect(plan.options).toMatchObject({
      kind: "static",
      attribute: "physical",
      skill: "melee",
      bonus: 5,
      difficulty: 8,
      dice: 1,
    });
    expect(plan.problems).toEqual([]);
    expect(readRollOptions(plan.options)).toEqual(plan.options);
  });

  it("opens on the skill's group attribute, and any attribute with any skill", () => {
    const input = dialogInput({ choice: { skill: "research" } });
    expect(startState(input).attribute).toBe("mental");
    const { plan } = settle(input, [["attribute", "spiritual"]]);
    expect(plan.options).toMatchObject({ attribute: "spiritual", skill: "research", bonus: 2 + 3 });
  });

  it("a specialisation's level stands for its skill's", () => {
    const { plan } = settle(dialogInput(), [
      ["skill", "spec:0"],
      ["attribute", "mental"],
    ]);
    expect(plan.options).toMatchObject({
      skill: "drive",
      specialisation: "Motorbikes",
      skillValue: 3,
      bonus: 7,
    });
  });

  it("reads the values at the wound level (Medium: half attribute and half skill, rounded up)", () => {
    const { plan } = settle(dialogInput({ wound: "medium" }));
    expect(plan.options).toMatchObject({ wound: "medium", attributeValue: 2, skillValue: 1, bonus: 3 });
  });

  it("shows exactly the rules layer's odds, with and without Essence on a 6", () => {
    for (const [kind, difficulty] of [
      ["static", 9],
      ["dynamic", 6],
    ] as const) {
      const { plan, evaluation } = settle(dialogInput(), [
        ["kind", kind],
        ["difficulty", String(difficulty)],
      ]);
      const input = oddsInput(plan, false);
      const odds = evaluation.odds as { outcomes: { probability: number }[] };
      const exact = degreeOdds(input);
      expect(odds.outcomes.map((o) => o.probability)).toEqual([
        exact.spectacularSuccess,
        exact.significantSuccess,
        exact.marginalSuccess,
        exact.marginalFailure,
        exact.dramaticFailure,
        exact.devastatingFailure,
      ]);
      expect(odds.outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
      const both = planOdds(dialogInput(), plan);
      expect(both.success).toBe(testOdds(input));
      expect(both.withEssence).toBe(testOdds({ ...input, spendEssence: true }));
    }
    // Static, bonus 5 against 9: faces 4, 5, 6 succeed (1/2); with Essence the 6 always does anyway.
    const { plan } = settle(dialogInput(), [["difficulty", "9"]]);
    expect(planOdds(dialogInput(), plan).success).toBeCloseTo(1 / 2, 12);
    // Against 12 only the 6 can succeed, and only with Essence.
    const hard = settle(dialogInput(), [["difficulty", "12"]]).plan;
    expect(planOdds(dialogInput(), hard)).toMatchObject({ success: 0, withEssence: 1 / 6 });
  });

  it("without degrees, lists success and failure", () => {
    const { evaluation } = settle(dialogInput({ degrees: false }));
    const odds = evaluation.odds as { outcomes: { label: { key: string } }[] };
    expect(odds.outcomes.map((o) => o.label.key)).toEqual([
      "POLYVERSE.Tales.Roll.Outcome.Success",
      "POLYVERSE.Tales.Roll.Outcome.Failure",
    ]);
  });

  it("mixes the odds over Dream's gating dice (each 4+ adds 1: binomial at 1/2)", () => {
    const input = dialogInput({ choice: { attribute: "mental", skill: "research", difficulty: 10 } });
    const { plan } = settle(input, [["reserve", "2"]]);
    expect(plan.options.reserve).toEqual({ pool: "dream", points: 2 });
    expect(plan.costs.reserve).toEqual({ uuid: input.dreamUuid, points: 2 });
    const base = oddsInput(plan, false);
    const expected = [0, 1, 2]
      .map((k) => ([1, 2, 1][k]! / 4) * testOdds({ ...base, bonus: base.bonus + k }))
      .reduce((a, b) => a + b);
    const mixed = planDegreeOdds(plan, false);
    expect(mixed.spectacularSuccess + mixed.significantSuccess + mixed.marginalSuccess).toBeCloseTo(
      expected,
      12,
    );
  });

  it("shows the text's ladder for the difficulty (a dynamic one as the static 2 above it)", () => {
    expect(DIFFICULTY_LADDER.map((s) => s.key)).toEqual([
      "routine",
      "simple",
      "average",
      "difficult",
      "veryHard",
      "nearlyImpossible",
      "justPlainStupid",
    ]);
    expect([3, 4, 5, 6, 7, 8, 9, 11, 12, 14, 15, 17, 18, 30].map(ladderStep)).toEqual([
      "routine",
      "routine",
      "simple",
      "simple",
      "average",
      "average",
      "difficult",
      "difficult",
      "veryHard",
      "veryHard",
      "nearlyImpossible",
      "nearlyImpossible",
      "justPlainStupid",
      "justPlainStupid",
    ]);
    const hint = (changes: [string, string][]) =>
      allFields(settle(dialogInput(), changes).evaluation).find((f) => f.name === "difficulty")!.hintData;
    expect(hint([["difficulty", "18"]])).toEqual({
      step: "POLYVERSE.Tales.RollDialog.Ladder.justPlainStupid",
    });
    expect(
      hint([
        ["kind", "dynamic"],
        ["difficulty", "6"],
      ]),
    ).toEqual({ step: "POLYVERSE.Tales.RollDialog.Ladder.average" });
  });

  it("the skill modifiers: extra time, tools for the skill, recent success, stress and an attack make it dynamic", () => {
    const input = dialogInput({ choice: { attribute: "mental", skill: "research", difficulty: 7 } });
    const { plan } = settle(input, [
      ["extraTime", "5"],
      ["tools", "tools"],
      ["recentSuccess", true],
      ["underAttack", true],
    ]);
    expect(plan.options.modifiers.map((m) => m.value)).toEqual([2, 1, 1]);
    expect(plan.options).toMatchObject({
      kind: "dynamic",
      difficulty: 7,
      difficultyDice: 1,
      bonus: 4 + 3 + 4,
    });
    // Already dynamic: under attack adds 2 (T32).
    const dyn = settle(input, [
      ["kind", "dynamic"],
      ["difficulty", "5"],
      ["underAttack", true],
    ]).plan;
    expect(dyn.options).toMatchObject({ kind: "dynamic", difficulty: 7 });
  });

  it("co-operation: helpers within the leader's limit; the leader must be able to succeed alone", () => {
    const { plan, evaluation } = settle(dialogInput(), [["helpers", "3"]]);
    expect(plan.options.modifiers).toContainEqual({
      label: "POLYVERSE.Tales.RollDialog.Part.cooperation",
      data: { n: "2" },
      value: 2,
    });
    expect(evaluation.notes).toContainEqual({
      key: "POLYVERSE.Tales.RollDialog.Note.turnedAway",
      data: { n: "1", limit: "2" },
    });
    const alone = settle(dialogInput(), [
      ["helpers", "1"],
      ["difficulty", "12"],
    ]);
    expect(alone.plan.problems).toEqual([{ key: "POLYVERSE.Tales.RollDialog.Refused.leaderAlone" }]);
    expect(alone.evaluation.odds).toBeNull();
  });

  it("boost points cost the pool chosen, and no more than it holds", () => {
    const ok = settle(dialogInput(), [
      ["boostPool", "hp"],
      ["boost", "2"],
    ]).plan;
    expect(ok.costs).toMatchObject({ hp: 2, essence: 0 });
    expect(ok.options).toMatchObject({ boost: 2, boostPool: "hp" });
    const tooMuch = settle(dialogInput({ essence: 1 }), [
      ["boostPool", "essence"],
      ["boost", "3"],
    ]).plan;
    expect(tooMuch.problems).toEqual([
      { key: "POLYVERSE.Tales.RollDialog.Refused.boostEssence", data: { n: "1" } },
    ]);
  });

  it("refuses a character who cannot act", () => {
    const { plan } = settle(dialogInput({ wound: "ko" }));
    expect(plan.problems).toEqual([
      { key: "POLYVERSE.Tales.RollDialog.Refused.cannotAct", data: { name: "Ines Varga" } },
    ]);
  });

  it("opposed: against a target's chosen attribute + skill at their wound level, or a number", () => {
    const input = dialogInput({ targets: [BOB] });
    const { plan } = settle(input, [
      ["kind", "opposed"],
      ["opponentAttribute", "mental"],
      ["opponentSkill", "awareness"],
    ]);
    expect(plan.options).toMatchObject({
      kind: "opposed",
      opponentDice: 0,
      difficulty: 0,
      tieRule: "defender",
    });
    expect(plan.options.opponent).toEqual({
      uuid: BOB.uuid,
      name: "Bob Hale",
      attribute: "mental",
      skill: "awareness",
    });
    expect(plan.opponent).toEqual({ bonus: 5, dice: 1, name: "Bob Hale" });
    expect(readRollOptions(plan.options)).toEqual(plan.options);
    const number = settle(input, [
      ["kind", "opposed"],
      ["against", ""],
      ["opponentBonus", "6"],
    ]).plan;
    expect(number.options).toMatchObject({ opponent: null, opponentBonus: 6, opponentDice: 1 });
    expect(testOdds(oddsInput(number, false))).toBe(
      testOdds({ kind: "opposed", bonus: 5, opponentBonus: 6 }),
    );
  });

  it("Enigma: the subject's point makes a static test dynamic, a dynamic one rolls two dice", () => {
    const input = dialogInput({
      targets: [BOB],
      choice: { attribute: "mental", skill: "research", difficulty: 9 },
    });
    const stat = settle(input, [["enigma", true]]).plan;
    expect(stat.options).toMatchObject({
      kind: "dynamic",
      difficultyDice: 1,
      enigma: { uuid: BOB.enigmaUuid, name: "Bob Hale" },
    });
    expect(stat.costs.enigma).toEqual({ uuid: BOB.enigmaUuid, name: "Bob Hale" });
    const dyn = settle(input, [
      ["kind", "dynamic"],
      ["enigma", true],
    ]).plan;
    expect(dyn.options.difficultyDice).toBe(2);
  });

  it("Skill Expert and a medic's help roll two dice; Edge and Elite Tools show in the options", () => {
    const input = dialogInput({
      skillExpert: ["melee"],
      edge: ["research"],
      tools: [{ skill: "research", category: "eliteTools", name: "Archive key" }],
    });
    expect(settle(input).plan.options.dice).toBe(2);
    expect(
      settle(input, [
        ["skill", "research"],
        ["medic", true],
      ]).plan.options.dice,
    ).toBe(2);
    const research = settle(input, [
      ["skill", "research"],
      ["tools", "eliteTools"],
    ]).plan.options;
    expect(research).toMatchObject({ edge: true, eliteToolsReroll: true });
    // With Lucky, Elite Tools give +3 instead of the re-roll.
    const lucky = settle({ ...input, lucky: true }, [
      ["skill", "research"],
      ["tools", "eliteTools"],
    ]).plan.options;
    expect(lucky).toMatchObject({ eliteToolsReroll: false });
    expect(lucky.modifiers).toContainEqual({ label: "Archive key", value: 3 });
  });

  it("ignores what no field offers", () => {
    const input = dialogInput();
    const state = startState(input);
    expect(changeState(input, state, "skill", "nonsense")).toEqual(state);
    expect(changeState(input, state, "kind", "wild")).toEqual(state);
    expect(changeState(input, state, "against", "Actor.nobody")).toEqual(state);
    expect(changeState(input, state, "unknown", "1")).toBe(state);
  });
});
