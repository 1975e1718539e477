import { describe, expect, it } from "vitest";
import {
  applyDialogChange,
  breakdownAmounts,
  poolDialogModel,
  poolDice,
  readInput,
  rollDialogView,
  type RollDialogConfig,
  type RollDialogState,
} from "../../src/rulesets/verses/base/pool-dialog-logic";
import { formatChance } from "../../src/core/roll-dialog-model";
import { successProbability } from "../../src/rulesets/verses/rules";

const identity = (s: string, data?: Record<string, string>) => (data ? `${s}${JSON.stringify(data)}` : s);

/** A toy ruleset: SMR 2 + AD + bonus, an optional "+2 focus", a "range" field that sets the target. */
function toyConfig(): RollDialogConfig {
  return {
    title: "Toy",
    label: "Toy",
    showAD: true,
    fields: [{ kind: "number", name: "range", label: "Range", min: 0 }],
    initial: { ad: 1, bonus: 0, target: 1, optional: [], values: { range: 5 }, rollMode: "publicroll" },
    probability: successProbability,
    rollModes: [{ value: "publicroll", label: "Public" }],
    evaluate: (s) => {
      const parts = [
        { label: "SMR", dice: 2 },
        ...(s.optional.includes("focus") ? [{ label: "Focus", dice: 2 }] : []),
        ...(s.bonus ? [{ label: "Bonus", dice: s.bonus }] : []),
        ...(s.ad ? [{ label: "AD", dice: s.ad }] : []),
      ];
      const range = s.values.range;
      return {
        parts,
        optional: [{ key: "focus", label: "Focus", dice: 2 }],
        adMin: 1,
        suggestedTarget:
          typeof range === "number"
            ? { value: range > 10 ? null : 1 + Math.floor(range / 5), parts: [{ label: "Range", dice: 2 }] }
            : null,
        problems: typeof range === "number" && range > 10 ? [{ key: "Out" }] : [],
        notes: [],
      };
    },
  };
}

describe("the roll dialog's state", () => {
  it("reads the inputs: numbers, the roll mode, optional dice and the ruleset's fields", () => {
    const config = toyConfig();
    let s: RollDialogState = config.initial;
    s = readInput(config, s, "ad", "5");
    s = readInput(config, s, "bonus", "-2");
    s = readInput(config, s, "target", "-3");
    s = readInput(config, s, "optional.focus", true);
    s = readInput(config, s, "range", "");
    s = readInput(config, s, "rollMode", "blindroll");
    expect(s).toMatchObject({ ad: 5, bonus: -2, target: 0, optional: ["focus"], rollMode: "blindroll" });
    expect(s.values.range).toBeNull();
    expect(readInput(config, s, "ad", "abc").ad).toBe(5);
    expect(readInput(config, s, "optional.focus", false).optional).toEqual([]);
    expect(readInput(config, s, "range", "-4").values.range).toBe(0);
    expect(readInput(config, s, "nosuchfield", "1")).toBe(s);
  });

  it("settles: AD never below the minimum, the target from the situation until the user types one", () => {
    const config = toyConfig();
    const start = applyDialogChange(config, { ...config.initial, ad: 0 });
    expect(start.state).toMatchObject({ ad: 1, target: 2 });
    const typed = applyDialogChange(config, start.state, { name: "target", value: "4" });
    expect(typed.state.target).toBe(4);
    const moved = applyDialogChange(config, typed.state, { name: "range", value: "10" });
    expect(moved.state.target).toBe(3);
    // Out of range: the target stays, and the problem is reported.
    const far = applyDialogChange(config, moved.state, { name: "range", value: "12" });
    expect(far.state.target).toBe(3);
    expect(far.evaluation.problems).toEqual([{ key: "Out" }]);
  });

  it("the view: the pool, its parts, the exact odds, and rolling only without problems", () => {
    const config = toyConfig();
    const { state, evaluation } = applyDialogChange(config, { ...config.initial, ad: 5 });
    const view = rollDialogView(config, state, evaluation, identity);
    expect(view.pool).toBe(7);
    expect(view.parts).toEqual([
      { label: "SMR", dice: 2 },
      { label: "AD", dice: 5 },
    ]);
    expect(view.chancePercent).toBe(formatChance(successProbability(7, 2)));
    expect(view.optional).toEqual([
      { key: "focus", name: "optional.focus", label: "Focus", dice: 2, checked: false, hint: "" },
    ]);
    expect(view.fields[0]).toMatchObject({ name: "range", isSelect: false, value: "5" });
    expect(view.canRoll).toBe(true);
    const far = applyDialogChange(config, state, { name: "range", value: "20" });
    expect(rollDialogView(config, far.state, far.evaluation, identity)).toMatchObject({
      canRoll: false,
      problems: ["Out"],
    });
  });
});

describe("numbers as the dialog shows them", () => {
  it("chances: one decimal, and never 0 % or 100 % for what can happen", () => {
    expect(formatChance(successProbability(9, 2))).toBe("85.7 %");
    expect(formatChance(0)).toBe("0 %");
    expect(formatChance(1)).toBe("100 %");
    expect(formatChance(successProbability(14, 12))).toBe("< 0.1 %");
    expect(formatChance(successProbability(30, 1))).toBe("> 99.9 %");
  });
  it("a pool never below 0 dice; a breakdown's later parts are signed", () => {
    expect(
      poolDice([
        { label: "x", dice: 2 },
        { label: "y", dice: -5 },
      ]),
    ).toBe(0);
    expect(
      breakdownAmounts([
        { label: "Range", dice: 4 },
        { label: "Cover", dice: 2 },
        { label: "Adjusted", dice: -1 },
      ]).map((p) => p.amount),
    ).toEqual(["4", "+2", "-1"]);
  });
});

describe("the 'Verses pool as the core shell's model", () => {
  it("the odds list splits the successes and adds up to 1: a failure, exactly the target, more", () => {
    const config = { ...toyConfig(), countsSuccesses: true };
    const model = poolDialogModel(config);
    const at = (state: typeof model.start) => {
      const odds = model.evaluate(state).odds;
      return odds && "outcomes" in odds ? odds.outcomes : [];
    };
    // SMR 2 + 1 AD = 3d6 against 2S (the range of 5 gives 2S).
    const outcomes = at(model.start);
    expect(outcomes.map((o) => [o.label.key, o.label.data])).toEqual([
      ["POLYVERSE.Verses.PoolDialog.Outcome.Failure", { n: "2" }],
      ["POLYVERSE.Verses.PoolDialog.Outcome.Exactly", { n: "2" }],
      ["POLYVERSE.Verses.PoolDialog.Outcome.AtLeast", { n: "3" }],
    ]);
    expect(outcomes.map((o) => o.probability)).toEqual([
      1 - successProbability(3, 2),
      successProbability(3, 2) - successProbability(3, 3),
      successProbability(3, 3),
    ]);
    expect(outcomes.reduce((sum, o) => sum + o.probability, 0)).toBeCloseTo(1, 12);
    // No target: none, one, more; the sum is still 1.
    const untargeted = model.change(model.start, "target", "0");
    expect(untargeted.state.target).toBe(0);
    const counted = at(untargeted);
    expect(counted.map((o) => o.label.key)).toEqual([
      "POLYVERSE.Verses.PoolDialog.Outcome.None",
      "POLYVERSE.Verses.PoolDialog.Outcome.CountExactly",
      "POLYVERSE.Verses.PoolDialog.Outcome.CountAtLeast",
    ]);
    expect(counted.reduce((sum, o) => sum + o.probability, 0)).toBeCloseTo(1, 12);
  });

  it("a contest is won or lost; with nothing to beat it has a word in place of the odds", () => {
    const model = poolDialogModel(toyConfig());
    const odds = model.evaluate(model.start).odds;
    expect(odds && "outcomes" in odds && odds.outcomes.map((o) => o.label.key)).toEqual([
      "POLYVERSE.Verses.PoolDialog.Outcome.Lost",
      "POLYVERSE.Verses.PoolDialog.Outcome.Won",
    ]);
    expect(model.evaluate(model.change(model.start, "target", "0")).odds).toEqual({
      message: { key: "POLYVERSE.Verses.PoolDialog.NoTarget" },
    });
  });

  it("the fields: the ruleset's, then AD, dice added or removed and the target; optional dice apart", () => {
    const model = poolDialogModel(toyConfig());
    const { groups, summary } = model.evaluate(model.start);
    expect(groups.map((g) => [g.legend, g.fields.map((f) => `${f.kind}:${f.name}`)])).toEqual([
      [undefined, ["number:range", "number:ad", "number:bonus", "number:target"]],
      ["POLYVERSE.Verses.PoolDialog.Optional", ["checkbox:optional.focus"]],
    ]);
    expect(summary[0]!.total).toEqual([
      { key: "POLYVERSE.Verses.PoolDialog.Pool", data: { pool: "3" } },
      { key: "POLYVERSE.Verses.PoolDialog.Against", parts: { target: { key: "2" } } },
    ]);
  });
});
