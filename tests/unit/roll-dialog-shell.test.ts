// The core roll dialog's shell (src/core/roll-dialog-model.ts) carries no ruleset: these toy models,
// one for each of the five rulesets' engines, show that it expresses them all. Each model works its
// odds out its own way (a distribution built die by die); the test enumerates every roll to check
// them exactly, and checks that the outcomes add up to 1.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  allFields,
  dialogKeyAction,
  dialogView,
  fieldsModel,
  readField,
  type DialogEvaluation,
  type DialogField,
  type DialogModel,
  type DialogOutcome,
  type DialogValues,
} from "../../src/core/roll-dialog-model";
import { ROOT } from "../lib/paths";

/** A distribution over whole numbers: value -> probability. */
type Dist = Map<number, number>;

function convolve(a: Dist, b: Dist): Dist {
  const out: Dist = new Map();
  for (const [x, p] of a) for (const [y, q] of b) out.set(x + y, (out.get(x + y) ?? 0) + p * q);
  return out;
}

function sumOf(dist: Dist, test: (n: number) => boolean): number {
  let p = 0;
  for (const [n, q] of dist) if (test(n)) p += q;
  return p;
}

/** Every roll of `n` dice with `sides` faces, each equally likely. */
function* rolls(n: number, sides: number): Generator<number[]> {
  if (n === 0) {
    yield [];
    return;
  }
  for (const rest of rolls(n - 1, sides)) for (let face = 1; face <= sides; face++) yield [...rest, face];
}

/** Enumerated odds: each roll's weight into the outcome `classify` names. */
function enumerate<T>(all: Iterable<[T, number]>, classify: (roll: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [roll, weight] of all) {
    const key = classify(roll);
    out[key] = (out[key] ?? 0) + weight;
  }
  return out;
}

function uniform(n: number, sides: number): Iterable<[number[], number]> {
  const weight = 1 / sides ** n;
  return (function* () {
    for (const r of rolls(n, sides)) yield [r, weight] as [number[], number];
  })();
}

const num = (values: DialogValues, name: string) => Number(values[name] ?? 0);

function numberField(name: string, value: number, min = 0, max = 20): DialogField {
  return { kind: "number", name, label: name, value, min, max };
}

function evaluation(fields: DialogField[], outcomes: DialogOutcome[], total: string): DialogEvaluation {
  return {
    groups: [{ fields }],
    summary: [{ rows: [], total: [{ key: total }] }],
    problems: [],
    notes: [],
    odds: { outcomes },
  };
}

/** 'Verses: a pool of d6, each 5 or 6 a success, against a success target. */
const versesToy = fieldsModel({
  title: "Pool",
  label: "Pool",
  start: { pool: 4, target: 2 },
  evaluate(v) {
    const pool = num(v, "pool");
    const target = num(v, "target");
    let dist: Dist = new Map([[0, 1]]);
    for (let i = 0; i < pool; i++)
      dist = convolve(
        dist,
        new Map([
          [0, 4 / 6],
          [1, 2 / 6],
        ]),
      );
    return evaluation(
      [numberField("pool", pool, 0, 10), numberField("target", target, 1, 10)],
      [
        { label: { key: "Failure" }, probability: sumOf(dist, (n) => n < target), tone: "failure" },
        { label: { key: "Exactly" }, probability: sumOf(dist, (n) => n === target), tone: "success" },
        { label: { key: "More" }, probability: sumOf(dist, (n) => n > target), tone: "critical" },
      ],
      `${pool}d6`,
    );
  },
});

/**
 * Maelstrom: a pool of d10, each die at or above the difficulty a success, a 1 cancelling one; a 10
 * is a success and rolls one more die (which does not explode again, in this toy). The net
 * successes against the threshold: a botch (below 0), a failure, a success.
 */
const MAELSTROM_DIFFICULTIES = ["6", "7", "8", "9"];
function maelstromDie(difficulty: number): Dist {
  const plain = (face: number) => (face === 1 ? -1 : face >= difficulty ? 1 : 0);
  const d: Dist = new Map();
  for (let face = 1; face <= 10; face++) {
    if (face === 10)
      for (let extra = 1; extra <= 10; extra++) {
        const n = 1 + plain(extra);
        d.set(n, (d.get(n) ?? 0) + 1 / 100);
      }
    else d.set(plain(face), (d.get(plain(face)) ?? 0) + 1 / 10);
  }
  return d;
}
const maelstromToy = fieldsModel({
  title: "Maelstrom",
  label: "Maelstrom",
  start: { pool: 3, difficulty: "7", threshold: 1 },
  evaluate(v) {
    const pool = num(v, "pool");
    const difficulty = Number(v.difficulty);
    const threshold = num(v, "threshold");
    let dist: Dist = new Map([[0, 1]]);
    for (let i = 0; i < pool; i++) dist = convolve(dist, maelstromDie(difficulty));
    return evaluation(
      [
        numberField("pool", pool, 1, 6),
        {
          kind: "choice",
          name: "difficulty",
          label: "Difficulty",
          value: String(v.difficulty),
          choices: MAELSTROM_DIFFICULTIES.map((d) => ({ value: d, label: d })),
        },
        numberField("threshold", threshold, 1, 5),
      ],
      [
        { label: { key: "Botch" }, probability: sumOf(dist, (n) => n < 0), tone: "failure" },
        {
          label: { key: "Failure" },
          probability: sumOf(dist, (n) => n >= 0 && n < threshold),
          tone: "partial",
        },
        { label: { key: "Success" }, probability: sumOf(dist, (n) => n >= threshold), tone: "success" },
      ],
      `${pool}d10`,
    );
  },
});
function maelstromRolls(pool: number): Iterable<[number[][], number]> {
  // Each die as [face] or [10, extra]: 9 plain faces at 1/10, 10 extras at 1/100.
  const dieFaces: [number[], number][] = [
    ...Array.from({ length: 9 }, (_, i) => [[i + 1], 1 / 10] as [number[], number]),
    ...Array.from({ length: 10 }, (_, i) => [[10, i + 1], 1 / 100] as [number[], number]),
  ];
  let all: [number[][], number][] = [[[], 1]];
  for (let i = 0; i < pool; i++)
    all = all.flatMap(([dice, p]) =>
      dieFaces.map(([die, q]) => [[...dice, die], p * q] as [number[][], number]),
    );
  return all;
}

/** Tales: attribute + skill + 1d6 against a static difficulty; beating it by 3 or more is a triumph. */
const talesToy = fieldsModel({
  title: "Tales",
  label: "Tales",
  start: { attribute: 3, skill: 2, difficulty: "9", note: "" },
  evaluate(v) {
    const bonus = num(v, "attribute") + num(v, "skill");
    const difficulty = Number(v.difficulty);
    const die: Dist = new Map([1, 2, 3, 4, 5, 6].map((f) => [f + bonus, 1 / 6]));
    return evaluation(
      [
        numberField("attribute", num(v, "attribute"), 1, 6),
        numberField("skill", num(v, "skill"), 0, 6),
        {
          kind: "choice",
          name: "difficulty",
          label: "Difficulty",
          value: String(v.difficulty),
          choices: ["6", "9", "12"].map((d) => ({ value: d, label: d })),
        },
        { kind: "text", name: "note", label: "Note", value: String(v.note ?? "") },
      ],
      [
        { label: { key: "Failure" }, probability: sumOf(die, (n) => n < difficulty), tone: "failure" },
        {
          label: { key: "Success" },
          probability: sumOf(die, (n) => n >= difficulty && n < difficulty + 3),
          tone: "success",
        },
        { label: { key: "Triumph" }, probability: sumOf(die, (n) => n >= difficulty + 3), tone: "critical" },
      ],
      `1d6+${bonus}`,
    );
  },
});

/** Xero Sum: 2d6 + modifiers (an aid checkbox adds 1) into four bands. */
const xeroBand = (total: number) =>
  total <= 6 ? "Miss" : total <= 9 ? "Partial" : total <= 11 ? "Hit" : "Crit";
const xeroToy = fieldsModel({
  title: "Xero Sum",
  label: "Xero Sum",
  start: { modifier: 0, aid: false },
  evaluate(v) {
    const mod = num(v, "modifier") + (v.aid === true ? 1 : 0);
    const d6: Dist = new Map([1, 2, 3, 4, 5, 6].map((f) => [f, 1 / 6]));
    const dist = convolve(convolve(d6, d6), new Map([[mod, 1]]));
    const band = (name: string) => sumOf(dist, (n) => xeroBand(n) === name);
    return evaluation(
      [
        numberField("modifier", num(v, "modifier"), -3, 3),
        { kind: "checkbox", name: "aid", label: "Aid", checked: v.aid === true, badge: "+1" },
      ],
      [
        { label: { key: "Miss" }, probability: band("Miss"), tone: "failure" },
        { label: { key: "Partial" }, probability: band("Partial"), tone: "partial" },
        { label: { key: "Hit" }, probability: band("Hit"), tone: "success" },
        { label: { key: "Crit" }, probability: band("Crit"), tone: "critical" },
      ],
      `2d6${mod >= 0 ? "+" : ""}${mod}`,
    );
  },
});

/** Virtually Real: capacity d6, the highest or the lowest kept, plus the level, against a DL. */
const realToy = fieldsModel({
  title: "Virtually Real",
  label: "Virtually Real",
  start: { capacity: 3, keep: "high", level: 2, dl: 7 },
  evaluate(v) {
    const capacity = num(v, "capacity");
    const level = num(v, "level");
    const dl = num(v, "dl");
    const high = v.keep !== "low";
    // P(kept = k): for the highest, (k/6)^n - ((k-1)/6)^n; for the lowest, mirrored.
    const kept: Dist = new Map();
    for (let k = 1; k <= 6; k++) {
      const p = high
        ? (k / 6) ** capacity - ((k - 1) / 6) ** capacity
        : ((7 - k) / 6) ** capacity - ((6 - k) / 6) ** capacity;
      kept.set(k + level, p);
    }
    return evaluation(
      [
        numberField("capacity", capacity, 1, 5),
        {
          kind: "choice",
          name: "keep",
          label: "Keep",
          value: high ? "high" : "low",
          choices: [
            { value: "high", label: "High" },
            { value: "low", label: "Low" },
          ],
        },
        numberField("level", level, 0, 5),
        numberField("dl", dl, 2, 12),
      ],
      [
        { label: { key: "Failure" }, probability: sumOf(kept, (n) => n < dl), tone: "failure" },
        { label: { key: "Success" }, probability: sumOf(kept, (n) => n >= dl), tone: "success" },
      ],
      `${capacity}d6${high ? "kh" : "kl"}+${level}`,
    );
  },
});

function outcomesOf<S>(model: DialogModel<S>, state: S): Record<string, number> {
  const odds = model.evaluate(state).odds;
  if (!odds || !("outcomes" in odds)) throw new Error("no outcomes");
  return Object.fromEntries(odds.outcomes.map((o) => [o.label.key, o.probability]));
}

function expectSameOdds(actual: Record<string, number>, expected: Record<string, number>): void {
  expect(Object.keys(actual).sort()).toEqual(Object.keys({ ...actual, ...expected }).sort());
  for (const [key, p] of Object.entries(actual)) expect(p, key).toBeCloseTo(expected[key] ?? 0, 12);
  expect(Object.values(actual).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
}

/** Apply inputs as the dialog does, one after the other. */
function typed(model: DialogModel<DialogValues>, inputs: [string, string | boolean][]): DialogValues {
  return inputs.reduce((s, [name, value]) => model.change(s, name, value), model.start);
}

describe("the shell expresses the five rulesets' engines", () => {
  it("'Verses: a d6 pool against a success target", () => {
    for (const [pool, target] of [
      [4, 2],
      [5, 1],
      [6, 4],
    ] as const) {
      const state = typed(versesToy, [
        ["pool", String(pool)],
        ["target", String(target)],
      ]);
      const successes = (r: number[]) => r.filter((f) => f >= 5).length;
      expectSameOdds(
        outcomesOf(versesToy, state),
        enumerate(uniform(pool, 6), (r) =>
          successes(r) < target ? "Failure" : successes(r) === target ? "Exactly" : "More",
        ),
      );
    }
  });

  it("Maelstrom: a d10 pool against a difficulty and a threshold; tens explode, ones cancel", () => {
    for (const [pool, difficulty, threshold] of [
      [3, "7", 1],
      [4, "9", 2],
      [2, "6", 1],
    ] as const) {
      const state = typed(maelstromToy, [
        ["pool", String(pool)],
        ["difficulty", difficulty],
        ["threshold", String(threshold)],
      ]);
      const d = Number(difficulty);
      const net = (dice: number[][]) =>
        dice.flat().reduce((n, face) => n + (face === 1 ? -1 : face >= d ? 1 : 0), 0);
      expectSameOdds(
        outcomesOf(maelstromToy, state),
        enumerate(maelstromRolls(pool), (dice) =>
          net(dice) < 0 ? "Botch" : net(dice) < threshold ? "Failure" : "Success",
        ),
      );
    }
  });

  it("Tales: attribute + skill + d6 against a static difficulty", () => {
    for (const [attribute, skill, difficulty] of [
      [3, 2, "9"],
      [1, 0, "6"],
      [5, 4, "12"],
    ] as const) {
      const state = typed(talesToy, [
        ["attribute", String(attribute)],
        ["skill", String(skill)],
        ["difficulty", difficulty],
        ["note", "Climbing in the rain"],
      ]);
      expect(state.note).toBe("Climbing in the rain");
      const d = Number(difficulty);
      expectSameOdds(
        outcomesOf(talesToy, state),
        enumerate(uniform(1, 6), ([face]) => {
          const total = attribute + skill + face!;
          return total < d ? "Failure" : total < d + 3 ? "Success" : "Triumph";
        }),
      );
    }
  });

  it("Xero Sum: 2d6 + modifiers into four bands", () => {
    const plain = outcomesOf(xeroToy, xeroToy.start);
    expectSameOdds(
      plain,
      enumerate(uniform(2, 6), ([a, b]) => xeroBand(a! + b!)),
    );
    // The bands at +1 (a modifier of 0 and aid), counted by hand.
    const aided = outcomesOf(xeroToy, typed(xeroToy, [["aid", true]]));
    expectSameOdds(aided, { Miss: 10 / 36, Partial: 16 / 36, Hit: 7 / 36, Crit: 3 / 36 });
    for (const mod of [-2, 1, 3])
      expectSameOdds(
        outcomesOf(xeroToy, typed(xeroToy, [["modifier", String(mod)]])),
        enumerate(uniform(2, 6), ([a, b]) => xeroBand(a! + b! + mod)),
      );
  });

  it("Virtually Real: capacity dice kept high or low, plus a level, against a DL", () => {
    for (const [capacity, keep, level, dl] of [
      [3, "high", 2, 7],
      [3, "low", 2, 5],
      [1, "high", 0, 4],
      [4, "low", 3, 6],
    ] as const) {
      const state = typed(realToy, [
        ["capacity", String(capacity)],
        ["keep", keep],
        ["level", String(level)],
        ["dl", String(dl)],
      ]);
      expectSameOdds(
        outcomesOf(realToy, state),
        enumerate(uniform(capacity, 6), (r) => {
          const kept = keep === "high" ? Math.max(...r) : Math.min(...r);
          return kept + level < dl ? "Failure" : "Success";
        }),
      );
    }
  });
});

describe("the shell's fields and view", () => {
  it("reads each kind of field: numbers within bounds or empty, offered choices, checkboxes, text", () => {
    const field = (f: DialogField) => f;
    const n = field({ kind: "number", name: "n", label: "N", value: 2, min: 0, max: 5 });
    expect(readField(n, "4")).toBe(4);
    expect(readField(n, "9")).toBe(5);
    expect(readField(n, "-3")).toBe(0);
    expect(readField(n, "")).toBeNull();
    expect(readField(n, "abc")).toBeNull();
    const c = field({
      kind: "choice",
      name: "c",
      label: "C",
      value: "a",
      choices: [
        { value: "a", label: "A" },
        { value: "b", label: "B" },
      ],
    });
    expect(readField(c, "b")).toBe("b");
    expect(readField(c, "forged")).toBe("a");
    expect(readField(field({ kind: "checkbox", name: "x", label: "X", checked: false }), true)).toBe(true);
    expect(readField(field({ kind: "text", name: "t", label: "T", value: "" }), "hi")).toBe("hi");
    // An input no field names, and a value the rules fix, change nothing.
    expect(xeroToy.change(xeroToy.start, "nosuch", "1")).toBe(xeroToy.start);
    const fixed = fieldsModel({
      title: "F",
      label: "F",
      start: { dl: 3 },
      evaluate: () =>
        evaluation([{ kind: "number", name: "dl", label: "DL", value: 3, fixed: { key: "3" } }], [], ""),
    });
    expect(fixed.change(fixed.start, "dl", "9")).toBe(fixed.start);
  });

  it("the view lists the outcomes with their chances, the fields by kind, and the roll mode", () => {
    const localize = (key: string, data?: Record<string, string>) =>
      data ? `${key}${JSON.stringify(data)}` : key;
    const state = typed(xeroToy, [["aid", true]]);
    const view = dialogView(xeroToy, xeroToy.evaluate(state), {
      localize,
      rollModes: [
        { value: "publicroll", label: "Public" },
        { value: "gmroll", label: "GM" },
      ],
      rollMode: "gmroll",
      idPrefix: "t",
    });
    expect(view.outcomes.map((o) => [o.label, o.percent, o.tone])).toEqual([
      ["Miss", "27.8 %", "failure"],
      ["Partial", "44.4 %", "partial"],
      ["Hit", "19.4 %", "success"],
      ["Crit", "8.3 %", "critical"],
    ]);
    expect(view.showOdds).toBe(true);
    expect(view.canRoll).toBe(true);
    const fields = view.groups[0]!.fields;
    expect(fields.map((f) => [f.name, f.id, f.isNumber, f.isCheckbox])).toEqual([
      ["modifier", "t-field-modifier", true, false],
      ["aid", "t-field-aid", false, true],
    ]);
    expect(fields[1]).toMatchObject({ checked: true, badge: "+1" });
    expect(view.summary[0]!.total).toEqual(["2d6+1"]);
    expect(view.rollModes.find((m) => m.selected)?.value).toBe("gmroll");
  });

  it("a problem stops the roll and hides the odds; a message can stand in for the outcomes", () => {
    const localize = (key: string) => key;
    const options = { localize, rollModes: [], rollMode: "publicroll" };
    const base = xeroToy.evaluate(xeroToy.start);
    const refused = dialogView(xeroToy, { ...base, problems: [{ key: "Out of range" }] }, options);
    expect(refused).toMatchObject({ canRoll: false, showOdds: false, problems: ["Out of range"] });
    const none = dialogView(xeroToy, { ...base, odds: { message: { key: "Nothing to beat" } } }, options);
    expect(none).toMatchObject({ showOdds: true, outcomes: [], oddsMessage: "Nothing to beat" });
  });

  it("every field kind's value is in the view as the form shows it", () => {
    const v = typed(talesToy, [["note", "wet"]]);
    expect(allFields(talesToy.evaluate(v)).map((f) => f.kind)).toEqual([
      "number",
      "number",
      "choice",
      "text",
    ]);
  });
});

describe("the shell's keys", () => {
  it("Enter in a field rolls, Escape cancels anywhere; a button's Enter and composing text are left alone", () => {
    expect(dialogKeyAction("Enter", "field")).toBe("roll");
    expect(dialogKeyAction("Escape", "field")).toBe("cancel");
    expect(dialogKeyAction("Escape", "other")).toBe("cancel");
    expect(dialogKeyAction("Enter", "button")).toBeNull();
    expect(dialogKeyAction("Enter", "field", true)).toBeNull();
    expect(dialogKeyAction("Tab", "field")).toBeNull();
  });
});

describe("the shell speaks of no ruleset", () => {
  it("its code, templates, strings and styles have no d6 pool, success target or action dice", () => {
    const files = [
      "src/core/roll-dialog.ts",
      "src/core/roll-dialog-model.ts",
      "src/core/keybindings.ts",
      "src/core/keybindings-logic.ts",
      "templates/core/roll-dialog.hbs",
      "templates/core/roll-dialog-summary.hbs",
      "lang/en/core-roll-dialog.json",
      "styles/core/_roll-dialog.scss",
    ];
    for (const file of files) {
      const text = readFileSync(join(ROOT, file), "utf8");
      expect(text, file).not.toMatch(/\bd6\b|\d+d6|success target|action dice|\bAD\b|'Verses|\bverses\b/i);
    }
  });
});
