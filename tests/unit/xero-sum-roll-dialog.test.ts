// The Xero Sum check dialog's model (dialog-logic.ts, check-plan-logic.ts): the traits and their
// defaults (a skill's attribute, Barter's per barterAttribute), the CMods (Table 4, the caller's, a
// First Impression, an item's bonus, one's own), the Insight use before the roll, the odds it shows
// (exactly the rules' checkOdds, momentOdds, opposedOdds), Group Checks, and what it writes (options
// the card accepts).
import { describe, expect, it } from "vitest";
import { allFields, formatChance } from "../../src/core/roll-dialog-model";
import {
  changeState,
  checkDialogModel,
  evaluateDialog,
} from "../../src/rulesets/xero-sum/rolls/dialog-logic";
import {
  checkPlan,
  planOptions,
  startState,
  type CheckDialogInput,
  type CheckDialogState,
} from "../../src/rulesets/xero-sum/rolls/check-plan-logic";
import { readCheckOptions } from "../../src/rulesets/xero-sum/rolls/roll-logic";
import { checkOdds, momentOdds, opposedOdds, totalOdds } from "../../src/rulesets/xero-sum/rules";
import { SETTINGS, checkActor, dialogInput, plainActor } from "../lib/xero-sum-roll-examples";

const localize = (key: string, data?: Record<string, string>) =>
  data ? `${key}${JSON.stringify(data)}` : key;

function settle(input: CheckDialogInput = dialogInput(), changes: [string, string | boolean][] = []) {
  let state: CheckDialogState = startState(input);
  for (const [name, value] of changes) state = changeState(input, state, name, value);
  return { state, plan: checkPlan(input, state), evaluation: evaluateDialog(input, state, localize) };
}

const field = (evaluation: ReturnType<typeof evaluateDialog>, name: string) =>
  allFields(evaluation).find((f) => f.name === name);
const outcomes = (evaluation: ReturnType<typeof evaluateDialog>) =>
  evaluation.odds && "outcomes" in evaluation.odds ? evaluation.odds.outcomes : [];

describe("the Xero Sum check dialog", () => {
  it("C12's Barter: Acumen by default, AMod + SMod, the odds of each band exactly checkOdds", () => {
    const { state, plan, evaluation } = settle();
    expect(state).toMatchObject({ kind: "skill", skill: "barter", attribute: "acu", insight: "" });
    expect(plan.parts).toEqual([
      { kind: "attribute", key: "acu", value: 1 },
      { kind: "skill", key: "barter", value: 2 },
    ]);
    expect(plan).toMatchObject({ modifier: 3, dice: 2, insight: null, insightCost: 0, problems: [] });
    const odds = checkOdds({ modifier: 3 });
    expect(outcomes(evaluation).map((o) => o.probability)).toEqual([
      odds["dire-failure"],
      odds.failure,
      odds.success,
      odds["wild-success"],
    ]);
    expect(outcomes(evaluation).reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
    // 2d6 + 3: a Success on 6+ (26 of 36), a Wild Success on 11+ (3 of 36), a Dire Failure only 1+1.
    expect(odds.success + odds["wild-success"]).toBeCloseTo(26 / 36, 12);
    expect(odds["wild-success"]).toBeCloseTo(3 / 36, 12);
    expect(odds["dire-failure"]).toBeCloseTo(1 / 36, 12);
    // The Moment's chances, 1/36 each, in the summary.
    const moment = evaluation.summary.at(-1)!;
    expect(moment.rows.map((r) => r.amount.key)).toEqual([formatChance(1 / 36), formatChance(1 / 36)]);
    expect(evaluation.summary[0]!.total).toEqual([{ key: "2d6 + 3" }]);
  });

  it("a skill chosen brings its attribute; another attribute is the roller's call, with a hint", () => {
    const input = dialogInput();
    const { state, plan } = settle(input, [["skill", "sleightOfHand"]]);
    expect(state).toMatchObject({ attribute: "dex", kind: "skill" });
    // Dexterity +2, Sleight of Hand +2, the Lost Eye −1, the lock picks' +1 (always: on).
    expect(plan.parts).toEqual([
      { kind: "attribute", key: "dex", value: 2 },
      { kind: "skill", key: "sleightOfHand", value: 2 },
      { kind: "wound", key: "dex", value: -1 },
      { kind: "gear", name: "Lock picks", value: 1 },
    ]);
    const other = settle(input, [
      ["skill", "sleightOfHand"],
      ["attribute", "inf"],
    ]);
    expect(other.plan.modifier).toBe(2 + 2 + 1);
    expect(field(other.evaluation, "attribute")).toMatchObject({
      hint: "POLYVERSE.XeroSum.Roll.Dialog.OtherAttribute",
    });
    // No skill: an attribute check.
    const plain = settle(input, [["skill", ""]]);
    expect(plain.state.kind).toBe("attribute");
    expect(plain.plan.parts).toEqual([{ kind: "attribute", key: "acu", value: 1 }]);
  });

  it("Barter reads Influence under barterAttribute 'inf'", () => {
    const { state, plan } = settle(dialogInput({ settings: { ...SETTINGS, barterAttribute: "inf" } }));
    expect(state.attribute).toBe("inf");
    expect(plan.modifier).toBe(4);
  });

  it("the CMods: the caller's (on), Table 4's situation, a First Impression, one's own with its reason", () => {
    const input = dialogInput({
      choice: { skill: "barter", conditional: [{ label: "Damaged scales", value: -1 }] },
    });
    const { plan, evaluation } = settle(input, [
      ["situation", "-2"],
      ["relationship", "0"],
      ["other", "2"],
      ["otherLabel", "Making the Case"],
    ]);
    expect(plan.parts.slice(2)).toEqual([
      { kind: "conditional", name: "Damaged scales", value: -1 },
      { kind: "relationship", name: "Old Sal", value: 1 },
      { kind: "situation", key: "-2", value: -2 },
      { kind: "conditional", name: "Making the Case", value: 2 },
    ]);
    expect(plan.modifier).toBe(3);
    expect(field(evaluation, "given.0")).toMatchObject({ kind: "checkbox", checked: true, badge: "−1" });
    const situation = field(evaluation, "situation");
    expect(situation && "choices" in situation ? situation.choices.length : 0).toBe(11);
    // Switched off, the caller's CMod is gone.
    expect(settle(input, [["given.0", false]]).plan.modifier).toBe(3);
  });

  it("an item's bonus with a 'when' starts off and fits only its check", () => {
    const input = dialogInput({ choice: { kind: "perception" } });
    const { state, plan, evaluation } = settle(input);
    expect(plan.parts).toEqual([{ kind: "perception", value: 2 }]);
    expect(state.gear).toEqual([false, false]);
    expect(field(evaluation, "gear.0")).toMatchObject({
      label: "Binoculars",
      hint: "POLYVERSE.XeroSum.Roll.Dialog.When",
      hintData: { context: "at Long or Distant range" },
    });
    expect(field(evaluation, "gear.1")).toBeUndefined();
    expect(field(evaluation, "traits")).toMatchObject({ kind: "number", fixed: { key: "+2" } });
    expect(settle(input, [["gear.0", true]]).plan.modifier).toBe(3);
  });

  it("C16, C17: an Insight Die before the roll: +3, or a third die with the 3d6 odds", () => {
    const plus = settle(dialogInput(), [["insight", "plusThree"]]);
    expect(plus.plan).toMatchObject({ modifier: 6, dice: 2, insight: "plusThree", insightCost: 1 });
    expect(plus.plan.parts.at(-1)).toEqual({ kind: "insight", value: 3 });
    const third = settle(dialogInput(), [["insight", "extraDie"]]);
    expect(third.plan).toMatchObject({ modifier: 3, dice: 3, insight: "extraDie", insightCost: 1 });
    const odds = checkOdds({ modifier: 3, dice: 3 });
    expect(outcomes(third.evaluation).map((o) => o.probability)).toEqual([
      odds["dire-failure"],
      odds.failure,
      odds.success,
      odds["wild-success"],
    ]);
    expect(third.evaluation.summary[0]!.total).toEqual([{ key: "3d6 + 3" }]);
    const anyPair = settle(dialogInput({ settings: { ...SETTINGS, momentOn3d6: "anyPair" } }), [
      ["insight", "extraDie"],
    ]);
    const m = momentOdds({ dice: 3, momentOn3d6: "anyPair" });
    expect(m.low).toBeCloseTo(16 / 216, 12);
    expect(anyPair.evaluation.summary.at(-1)!.rows[0]!.amount.key).toBe(formatChance(m.low));
    // None held: refused.
    const broke = settle(dialogInput({ actor: checkActor({ insight: 0 }) }), [["insight", "plusThree"]]);
    expect(broke.plan.problems).toEqual([{ key: "POLYVERSE.XeroSum.Check.InsightRefusal.nothingHeld" }]);
  });

  it("clampConditional holds the CMods to −5..+5 and says so", () => {
    const input = dialogInput({ settings: { ...SETTINGS, clampConditional: true } });
    const { plan, evaluation } = settle(input, [
      ["situation", "5"],
      ["insight", "plusThree"],
      ["relationship", "0"],
    ]);
    expect(plan.clampedFrom).toBe(9);
    expect(plan.modifier).toBe(3 + 5);
    expect(evaluation.notes).toContainEqual({
      key: "POLYVERSE.XeroSum.Roll.Dialog.Clamped",
      data: { sum: "+9" },
    });
    expect(
      settle(dialogInput(), [
        ["situation", "5"],
        ["insight", "plusThree"],
        ["relationship", "0"],
      ]).plan.modifier,
    ).toBe(12);
  });

  it("a starred skill never trained reads −3, with a note", () => {
    const { plan, evaluation } = settle(dialogInput({ choice: { attribute: "inf", skill: "psychology" } }));
    expect(plan.parts).toEqual([
      { kind: "attribute", key: "inf", value: 2 },
      { kind: "skill", key: "psychology", value: -3 },
    ]);
    expect(evaluation.notes).toContainEqual({
      key: "POLYVERSE.XeroSum.Roll.Dialog.StarredUntrained",
      data: { skill: "POLYVERSE.XeroSum.Skill.psychology" },
    });
  });

  it("an opposed check shows the chance to win, draw and lose: exactly opposedOdds", () => {
    const bob = plainActor("Bob", { attributes: { rsn: 1, acu: 1, phy: 0, inf: 0, dex: 0 }, perception: 2 });
    const input = dialogInput({
      opposed: { actor: bob, traits: { kind: "perception", attribute: null, skill: null } },
    });
    const { plan, evaluation } = settle(input);
    expect(plan.opponent).toEqual({
      traits: { kind: "perception", attribute: null, skill: null },
      modifier: 2,
    });
    const o = opposedOdds({ modifier: 3 }, { modifier: 2 });
    expect(outcomes(evaluation).map((x) => x.probability)).toEqual([o.a, o.draw, o.b]);
    expect(evaluation.odds).toMatchObject({ heading: { key: "POLYVERSE.XeroSum.Roll.Dialog.OpposedOdds" } });
    // The opponent rolling against a known total of 9: the chance of 10+, of 9, of 8-.
    const against = settle(dialogInput({ lockTraits: true, against: { name: "Ada", total: 9 } }));
    const t = totalOdds(2, 3);
    const win = [...t].filter(([k]) => k > 9).reduce((s, [, p]) => s + p, 0);
    expect(outcomes(against.evaluation)[0]!.probability).toBeCloseTo(win, 12);
    expect(field(against.evaluation, "skill")).toBeUndefined();
    expect(field(against.evaluation, "traits")).toMatchObject({ fixed: { key: "+3" } });
  });

  it("a Group Check: the best leads with the others' AMods; no Insight; a group of one refused", () => {
    const al = plainActor("Al", {
      attributes: { rsn: 0, acu: 0, phy: 1, inf: 0, dex: 0 },
      skills: { athletics: 1 },
    });
    const bea = plainActor("Bea", {
      attributes: { rsn: 0, acu: 0, phy: 2, inf: 0, dex: 0 },
      skills: { athletics: 2 },
    });
    const cat = plainActor("Cat", { attributes: { rsn: 0, acu: 0, phy: -1, inf: 0, dex: 0 } });
    const input = dialogInput({ actor: al, group: [al, bea, cat], choice: { skill: "athletics" } });
    const { plan, evaluation } = settle(input, [["insight", "extraDie"]]);
    expect(plan.leader).toBe(1);
    expect(plan).toMatchObject({ modifier: 4, insight: null, dice: 2 });
    expect(plan.parts).toEqual([
      { kind: "attribute", key: "phy", value: 2 },
      { kind: "skill", key: "athletics", value: 2 },
      { kind: "participant", name: "Al", value: 1 },
      { kind: "participant", name: "Cat", value: -1 },
    ]);
    expect(field(evaluation, "insight")).toBeUndefined();
    expect(evaluation.summary[0]!.rows[0]!.amount).toEqual({ key: "Bea" });
    const skills = settle(
      dialogInput({
        actor: al,
        group: [al, bea, cat],
        choice: { skill: "athletics" },
        settings: { ...SETTINGS, groupCheckSkills: true },
      }),
    );
    expect(skills.plan.modifier).toBe(5);
    expect(settle(dialogInput({ actor: al, group: [al] })).plan.problems).toEqual([
      { key: "POLYVERSE.XeroSum.Roll.Problem.GroupOfOne" },
    ]);
  });

  it("ignores what no field offers and holds numbers to their bounds", () => {
    const input = dialogInput();
    const start = startState(input);
    expect(changeState(input, start, "skill", "<b>")).toBe(start);
    expect(changeState(input, start, "attribute", "luck")).toBe(start);
    expect(changeState(input, start, "given.7", true)).toBe(start);
    expect(changeState(input, start, "nothing", "1")).toBe(start);
    expect(changeState(input, start, "other", "99").other).toBe(10);
    expect(changeState(input, start, "situation", "-9").situation).toBe(-5);
    expect(changeState(input, start, "relationship", "5").relationship).toBe(0);
    expect(changeState(input, start, "otherLabel", "x".repeat(300)).otherLabel).toHaveLength(100);
    expect(changeState({ ...input, lockTraits: true }, start, "skill", "stealth")).toBe(start);
  });

  it("writes options the card accepts, and its model's title and label", () => {
    const input = dialogInput();
    const { plan } = settle(input, [
      ["insight", "plusThree"],
      ["situation", "-1"],
    ]);
    const options = planOptions(input, plan, true);
    expect(readCheckOptions(JSON.parse(JSON.stringify(options)))).toEqual(options);
    expect(options).toMatchObject({ modifier: 5, insight: "plusThree", dice: 2, replace: true, group: null });
    const model = checkDialogModel(input, localize);
    expect(model).toMatchObject({ title: "POLYVERSE.XeroSum.Roll.Dialog.Title", label: "Mara Quill" });
    expect(model.change(model.start, "skill", "stealth").attribute).toBe("phy");
  });
});
