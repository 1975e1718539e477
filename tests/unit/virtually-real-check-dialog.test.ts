// The Virtually Real check dialog's model (rolls/dialog-logic.ts): what is rolled, the DL from the
// Difficulty Levels table (its Combo column for a Combination) or a number, the situational dice and
// Luck, the +crit sources, the lines the rules add, and the live exact odds (TV-03: a primary skill
// against 7 + its level succeeds 21/36; TV-14: [2]'s critical range 1/36, 3/36, 6/36); the mulligan
// dialog (rolls/mulligan-logic.ts: TV-35's light 1 / 2 / 4) and what the GM holds a card to
// (rolls/check-trust-logic.ts).
import { describe, expect, it } from "vitest";
import { allFields } from "../../src/core/roll-dialog-model";
import {
  changeState,
  checkDialogModel,
  dialogPlan,
  evaluateDialog,
  startState,
  type CheckDialogInput,
  type CheckDialogState,
} from "../../src/rulesets/virtually-real/rolls/dialog-logic";
import {
  askOf,
  mulliganDialogModel,
  mulliganOf,
} from "../../src/rulesets/virtually-real/rolls/mulligan-logic";
import {
  cardProblem,
  optionsProblem,
  pendingProblem,
} from "../../src/rulesets/virtually-real/rolls/check-trust-logic";
import { checkState } from "../../src/rulesets/virtually-real/rolls/card-state-logic";
import { markChanges } from "../../src/rulesets/virtually-real/rolls/changes-logic";
import {
  CHECK_SETTINGS,
  cardOf,
  checkOptions,
  plainActor,
  readOf,
  skill,
} from "../lib/virtually-real-roll-examples";

const localize = (key: string, data?: Record<string, string>) =>
  data ? `${key}${JSON.stringify(data)}` : key;
const actor = plainActor({ skills: [skill("Open Locks", 2, 3), skill("Sprint", 2, 1, { ref: "sprint" })] });

const input = (more: Partial<CheckDialogInput> = {}): CheckDialogInput => ({
  actor,
  choice: { kind: "skill", skillId: "OpenLocks" },
  dl: null,
  label: null,
  check: { ...CHECK_SETTINGS },
  build: {},
  ...more,
});

function settle(i = input(), changes: [string, string | boolean][] = []) {
  let state: CheckDialogState = startState(i);
  for (const [name, value] of changes) state = changeState(state, name, value);
  return { state, evaluation: evaluateDialog(i, state, localize) };
}

const outcomes = (e: ReturnType<typeof evaluateDialog>) =>
  e.odds && "outcomes" in e.odds ? e.odds.outcomes : [];
const field = (e: ReturnType<typeof evaluateDialog>, name: string) =>
  allFields(e).find((f) => f.name === name);

describe("the check dialog", () => {
  it("TV-03: Open Locks [2] 22/3 against DL 10 (7 + its level) succeeds 21/36; critical 1/36, close enough 9/36", () => {
    const { evaluation } = settle(input({ dl: 10 }));
    expect(evaluation.problems).toEqual([]);
    const [critical, failure, close, success] = outcomes(evaluation).map((o) => o.probability);
    expect(success).toBeCloseTo(21 / 36, 12);
    expect(critical).toBeCloseTo(1 / 36, 12);
    expect(close).toBeCloseTo(9 / 36, 12);
    expect(failure).toBeCloseTo(5 / 36, 12);
    // Brilliant: only 6 + 6, 1/36 (2.8 %).
    expect(evaluation.notes[0]).toEqual({
      key: "POLYVERSE.VirtuallyReal.Rolls.Odds.BrilliantNote",
      data: { chance: "2.8 %" },
    });
  });

  it("a DL picked from the table: Major challenge is 10; a Combination reads the Combo column (15)", () => {
    const { state } = settle(input(), [["dl", "majorChallenge"]]);
    expect(dialogPlan(input(), state).dl).toBe(10);
    const combo = input({
      choice: {
        kind: "combination",
        prepared: {
          kind: "combination",
          capacity: 3,
          attrCapacity: 2,
          advantage: 0,
          disadvantage: 0,
          critMod: 0,
          level: 5,
        },
      },
    });
    const s = changeState(startState(combo), "dl", "majorChallenge");
    expect(dialogPlan(combo, s).dl).toBe(15);
    // A caller's DL of 14 opens on its row, "Difficult".
    expect(startState(input({ dl: 14 })).dl).toBe("difficult");
    expect(startState(input({ dl: 13 }))).toMatchObject({ dl: "custom", dlValue: 13 });
  });

  it("TV-14: each +crit source widens [2]'s critical range: 2 (1/36), 2–3 (3/36), 2–4 (6/36)", () => {
    const crit = (changes: [string, string][]) =>
      outcomes(settle(input({ dl: 10 }), changes).evaluation)[0]!.probability;
    expect(crit([])).toBeCloseTo(1 / 36, 12);
    expect(crit([["crit.helper", "1"]])).toBeCloseTo(3 / 36, 12);
    expect(
      crit([
        ["crit.helper", "1"],
        ["crit.retry", "1"],
      ]),
    ).toBeCloseTo(6 / 36, 12);
  });

  it("situational dice: an advantage keeps the highest; both at once is conflicted, with its note", () => {
    const one = settle(input(), [["advantage", "1"]]);
    expect(dialogPlan(input(), one.state).plan).toMatchObject({ poolSize: 3, formula: "3d6kh2" });
    const both = settle(input(), [
      ["advantage", "1"],
      ["disadvantage", "1"],
    ]);
    expect(dialogPlan(input(), both.state).plan?.keepRule).toBe("conflicted");
    expect(both.evaluation.notes.map((n) => n.key)).toContain(
      "POLYVERSE.VirtuallyReal.Rolls.Dialog.ConflictedNote",
    );
    // Never more than ten, never below zero.
    expect(changeState(startState(input()), "advantage", "99").advantage).toBe(10);
    expect(changeState(startState(input()), "disadvantage", "-3").disadvantage).toBe(0);
  });

  it("a defensive skill asks how it is used; an unknown input or crit source changes nothing", () => {
    const sprint = settle(input({ choice: { kind: "skill", skillId: "Sprint" } }));
    expect(field(sprint.evaluation, "use")).toMatchObject({ value: "defensive" });
    const s = startState(input());
    expect(changeState(s, "crit.combination", "2")).toBe(s);
    expect(changeState(s, "owner", "x")).toBe(s);
  });

  it("too many dice is a problem that disables the roll (no odds)", () => {
    const big = settle(input(), [
      ["advantage", "10"],
      ["disadvantage", "10"],
    ]);
    expect(big.evaluation.problems[0]?.key).toBe("POLYVERSE.VirtuallyReal.Rolls.Dialog.Problem.TooManyDice");
    expect(big.evaluation.odds).toBeNull();
  });

  it("without a DL: critical, brilliant and neither, adding up to 1; the label names the actor", () => {
    const { evaluation } = settle();
    const p = outcomes(evaluation).map((o) => o.probability);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(checkDialogModel(input(), localize).label).toBe("Ada: Open Locks");
  });

  it("against an opponent's known total the odds are win and lose (a tie the roller's: their total + 1)", () => {
    const { evaluation } = settle(input({ against: { name: "Bo", total: 12, dl: 13 } }));
    const [win, lose] = outcomes(evaluation).map((o) => o.probability);
    // 2d6 + 3 ≥ 13: a sum of 10 or more, 6/36 (the 12 explodes and wins too).
    expect(win).toBeCloseTo(6 / 36, 12);
    expect(win! + lose!).toBeCloseTo(1, 12);
  });
});

describe("the mulligan", () => {
  const ada = {
    name: "Ada",
    auraCapacity: 2,
    light: 3,
    intimacies: [{ name: "Home", target: "isolation" as const, level: "inner" as const }],
  };

  it("TV-35: defending an inner intimacy costs 2 light for 2 advantages; a new outer one 1 for 1", () => {
    const inner = mulliganOf(
      ada,
      { intimacy: 0, name: "", target: "violence", spendAs: "inner", agreed: true },
      false,
    );
    expect(inner).toMatchObject({ ok: true, value: { spend: { light: 2, advantage: 2 }, declared: false } });
    const declared = mulliganOf(
      ada,
      { intimacy: -1, name: "My sword", target: "violence", spendAs: "outer", agreed: true },
      false,
    );
    expect(declared).toMatchObject({
      ok: true,
      value: { spend: { light: 1 }, declared: true, intimacy: { name: "My sword", level: "outer" } },
    });
  });

  it("refuses a second mulligan, without agreement, without Aura [1], without light, without a name", () => {
    const ask = {
      intimacy: 0,
      name: "",
      target: "violence" as const,
      spendAs: "inner" as const,
      agreed: true,
    };
    const key = (r: ReturnType<typeof mulliganOf>) => (r.ok ? null : r.refusal.key.split(".").pop());
    expect(key(mulliganOf(ada, ask, true))).toBe("mulliganTaken");
    expect(key(mulliganOf(ada, { ...ask, agreed: false }, false))).toBe("notAgreed");
    expect(key(mulliganOf({ ...ada, auraCapacity: 0 }, ask, false))).toBe("auraTooLow");
    expect(key(mulliganOf({ ...ada, light: 0 }, ask, false))).toBe("notEnoughLight");
    expect(key(mulliganOf(ada, { ...ask, intimacy: -1, name: "  " }, false))).toBe("NoName");
    expect(key(mulliganOf(ada, { ...ask, intimacy: 4 }, false))).toBe("NoIntimacy");
  });

  it("with the light, spending an inner intimacy as outer lowers it", () => {
    const lowered = mulliganOf(
      ada,
      { intimacy: 0, name: "", target: "violence", spendAs: "outer", agreed: true },
      false,
    );
    expect(lowered).toMatchObject({ ok: true, value: { lowered: true, spend: { light: 1 } } });
  });

  it("the dialog: the intimacies, the spend no higher than the intimacy, the agreement; its cost as a note", () => {
    const model = mulliganDialogModel(ada, localize);
    const start = model.evaluate(model.start);
    expect(start.problems.map((p) => p.key.split(".").pop())).toEqual(["notAgreed"]);
    const agreed = model.change(model.start, "agreed", true);
    const e = model.evaluate(agreed);
    expect(e.problems).toEqual([]);
    expect(e.notes[0]).toEqual({
      key: "POLYVERSE.VirtuallyReal.Rolls.Mulligan.Cost",
      data: { light: "2", have: "3" },
    });
    expect(askOf({ ...agreed, spendAs: "defining" }, ada.intimacies).spendAs).toBe("inner");
  });
});

describe("what the GM holds a card to", () => {
  const world = { check: { ...CHECK_SETTINGS }, build: {} };
  const options = checkOptions(actor, { kind: "skill", skillId: "OpenLocks", advantage: 1 }, { dl: 10 });

  it("options rebuilt from the roller's documents and stored choices pass", () => {
    expect(optionsProblem(options, world, actor)).toBeNull();
  });

  it("a forged level, a condition left out, other settings, a skill of someone else's are refused", () => {
    const key = "POLYVERSE.VirtuallyReal.Rolls.Relay.Unjustified";
    expect(optionsProblem({ ...options, input: { ...options.input, level: 9 } }, world, actor)).toBe(key);
    const hurt = plainActor({ ...actor, marks: [{ severity: "major", group: "physical" }] });
    expect(optionsProblem(options, world, hurt)).toBe(key);
    expect(
      optionsProblem(options, { ...world, check: { ...CHECK_SETTINGS, saveShortfall: "one" } }, actor),
    ).toBe("POLYVERSE.VirtuallyReal.Rolls.Relay.Settings");
    expect(optionsProblem(options, world, plainActor())).toBe(key);
  });

  it("a card claiming a brilliant's XP its dice do not earn, or dice rolled after it, is refused", () => {
    const state = (card = cardOf(options)) => checkState(readOf(options, [1, 4, 5]), card)!;
    expect(cardProblem(state(cardOf(options, { marks: ["used"] })))).toBeNull();
    expect(cardProblem(state(cardOf(options, { marks: ["used", "brilliant"] })))).not.toBeNull();
    expect(cardProblem(state(cardOf(options, { skillId: "Sprint" })))).not.toBeNull();
  });

  it("changes left for the GM are held to the marks' own changes", () => {
    const target = {
      actor: {
        uuid: "Actor.ada",
        name: "Ada",
        scores: {
          body: 10,
          agility: 10,
          appearance: 10,
          mind: 10,
          logic: 10,
          aura: 10,
          reflex: 10,
          speed: 10,
        },
      },
      skill: {
        uuid: "Actor.ada.Item.OpenLocks",
        name: "Open Locks",
        capacity: 2,
        xp: 22,
        attribute: "agility" as const,
      },
    };
    const expected = markChanges(["used"], target);
    expect(pendingProblem([{ ...expected[0], id: "abc" }], expected)).toBeNull();
    const more = {
      uuid: "Actor.ada.Item.OpenLocks",
      name: "Open Locks",
      add: [{ path: "system.xp", delta: 1 }],
    };
    expect(pendingProblem([more], expected)).not.toBeNull();
    expect(
      pendingProblem([{ uuid: "Actor.other", name: "X", set: { "system.usedThisScene": true } }], expected),
    ).not.toBeNull();
  });
});

describe("the capacity modifiers as lines", () => {
  it("TV-44: skill [1] with Agility [2] and a disadvantage: the attribute's extra die cancels it", () => {
    const climber = plainActor({ skills: [skill("Climb", 1, 2)] });
    const { evaluation } = settle(input({ actor: climber, choice: { kind: "skill", skillId: "Climb" } }), [
      ["disadvantage", "1"],
    ]);
    const rows = evaluation.summary[0]!.rows.map((r) => [r.label.key, r.amount.key]);
    expect(rows).toContainEqual([
      'POLYVERSE.VirtuallyReal.Rolls.Capacity.Extra{"n":"2"}',
      'POLYVERSE.VirtuallyReal.Rolls.Dice.Advantage.one{"n":"1"}, POLYVERSE.VirtuallyReal.Rolls.Capacity.Cancels.one{"n":"1"}',
    ]);
  });

  it("a Health save by Body [1] is one die short of [2]: one disadvantage (A-10 per die)", () => {
    const frail = plainActor({}, { body: { capacity: 1, modifier: 0 } });
    const { evaluation } = settle(input({ actor: frail, choice: { kind: "save", save: "health" } }));
    const rows = evaluation.summary[0]!.rows.map((r) => r.label.key);
    expect(rows).toContain('POLYVERSE.VirtuallyReal.Rolls.Capacity.Shortfall{"n":"1"}');
  });

  it("a Combination without its parts is a problem: the caller builds it with the rules", () => {
    const { evaluation } = settle(input({ choice: { kind: "combination" } }));
    expect(evaluation.problems.map((p) => p.key)).toEqual([
      "POLYVERSE.VirtuallyReal.Rolls.Problem.NoCombination",
    ]);
  });
});
