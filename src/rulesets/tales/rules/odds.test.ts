import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { DEGREE_OUTCOMES, resolveTest, type DegreeOutcome, type TestInput, type TestTieRule } from "./test";
import { degreeOdds, highestDieDistribution, testOdds, type TestOddsInput } from "./odds";

const rank = (o: DegreeOutcome): number => DEGREE_OUTCOMES.indexOf(o);

/** Every way to roll `n` d6. */
function rolls(n: number): number[][] {
  let out: number[][] = [[]];
  for (let i = 0; i < n; i++) out = out.flatMap((r) => [1, 2, 3, 4, 5, 6].map((f) => [...r, f]));
  return out;
}

type Tally = Map<DegreeOutcome | "tie", number>;
const add = (t: Tally, k: DegreeOutcome | "tie", p: number) => t.set(k, (t.get(k) ?? 0) + p);

/**
 * Brute force: every face of every die. The player tries each of their dice; the opponent answers
 * each with each of theirs and keeps the one worst for the player; the player keeps the best of
 * those (a re-rolling failure re-enumerates the player's dice against the same other dice; Edge
 * enumerates its dice). Enigma's difficulty dice use "the higher difficulty". Nothing here assumes
 * that the highest die is the best one.
 */
function bruteForce(input: TestOddsInput): Tally {
  const n = input.dice ?? 1;
  const rerolls = input.rerolls ?? 0;
  const otherRolls =
    input.kind === "static"
      ? [[0]]
      : rolls(input.kind === "dynamic" ? (input.difficultyDice ?? 1) : (input.opponentDice ?? 1));
  const tally: Tally = new Map();
  const oneTest = (face: number, g: number, edgeDice: number[]): Map<DegreeOutcome | "tie", number> => {
    const t: TestInput = {
      kind: input.kind,
      bonus: input.bonus,
      face,
      spendEssence: input.spendEssence ?? false,
      clumsy: input.clumsy ?? false,
      edge: input.edge ?? false,
      edgeDice,
      boost: input.boost ?? 0,
    };
    if (input.tieRule) t.tieRule = input.tieRule;
    if (input.kind === "static") t.difficulty = input.difficulty ?? 0;
    if (input.kind === "dynamic") Object.assign(t, { difficulty: input.difficulty, difficultyFace: g });
    if (input.kind === "opposed")
      Object.assign(t, {
        opponentBonus: input.opponentBonus,
        opponentFace: g,
        opponentClumsy: input.opponentClumsy ?? false,
        opponentSpendEssence: input.opponentSpendEssence ?? false,
      });
    const r = resolveTest(t);
    const m = new Map<DegreeOutcome | "tie", number>();
    if (!r.success && !r.reroll && r.canAddEdgeDie && !r.canSpendEssence && input.spendEssence) {
      for (let x = 1; x <= 6; x++)
        for (const [k, p] of oneTest(face, g, [...edgeDice, x])) m.set(k, (m.get(k) ?? 0) + p / 6);
      return m;
    }
    m.set(r.reroll ? "tie" : r.outcome, 1);
    return m;
  };
  /** The expected rank of a distribution, for choosing. */
  const score = (m: Map<DegreeOutcome | "tie", number>) => {
    let s = 0;
    for (const [k, p] of m) s += p * (k === "tie" ? 2.5 : rank(k));
    return s;
  };
  const withRerolls = (others: number[], left: number): Map<DegreeOutcome | "tie", number> => {
    const out = new Map<DegreeOutcome | "tie", number>();
    for (const mine of rolls(n)) {
      let best: Map<DegreeOutcome | "tie", number> | undefined;
      for (const face of mine) {
        let worst: Map<DegreeOutcome | "tie", number> | undefined;
        const gs = input.kind === "dynamic" ? [Math.max(...others)] : others;
        for (const g of gs) {
          const m = oneTest(face, g, []);
          if (!worst || score(m) > score(worst)) worst = m;
        }
        if (worst && (!best || score(worst) < score(best))) best = worst;
      }
      for (const [k, p] of best ?? []) {
        const q = p / 6 ** n;
        if (left > 0 && k !== "tie" && rank(k) >= 3) {
          for (const [k2, p2] of withRerolls(others, left - 1)) out.set(k2, (out.get(k2) ?? 0) + q * p2);
        } else out.set(k, (out.get(k) ?? 0) + q);
      }
    }
    return out;
  };
  for (const others of otherRolls) {
    const weight = 1 / otherRolls.length;
    for (const [k, p] of withRerolls(others, rerolls)) add(tally, k, weight * p);
  }
  const tie = tally.get("tie") ?? 0;
  tally.delete("tie");
  for (const [k, p] of tally) tally.set(k, p / (1 - tie));
  return tally;
}

function expectMatches(input: TestOddsInput): void {
  const odds = degreeOdds(input);
  const brute = bruteForce(input);
  for (const o of DEGREE_OUTCOMES) expect(odds[o]).toBeCloseTo(brute.get(o) ?? 0, 12);
}

describe("exact odds (hand counts)", () => {
  it("static, bonus 5 against 9: faces 4, 5, 6 succeed → 1/2", () => {
    expect(testOdds({ kind: "static", bonus: 5, difficulty: 9 })).toBeCloseTo(1 / 2, 15);
  });
  it("a 1 always fails a static test: at most 5/6 however easy", () => {
    expect(testOdds({ kind: "static", bonus: 20, difficulty: 3 })).toBeCloseTo(5 / 6, 15);
  });
  it("a hopeless static test succeeds only by buying on a 6: 1/6 with Essence, 0 without", () => {
    expect(testOdds({ kind: "static", bonus: 0, difficulty: 18 })).toBe(0);
    expect(testOdds({ kind: "static", bonus: 0, difficulty: 18, spendEssence: true })).toBeCloseTo(1 / 6, 15);
  });
  it("dynamic, bonus 5 against 5 + d6: face ≥ die (21 of 36)", () => {
    expect(testOdds({ kind: "dynamic", bonus: 5, difficulty: 5 })).toBeCloseTo(21 / 36, 15);
  });
  it("a hopeless dynamic test: only a 6 against the die's 1 (1/36), or against 1..5 with Essence (5/36)", () => {
    expect(testOdds({ kind: "dynamic", bonus: 0, difficulty: 30 })).toBeCloseTo(1 / 36, 15);
    expect(testOdds({ kind: "dynamic", bonus: 0, difficulty: 30, spendEssence: true })).toBeCloseTo(
      5 / 36,
      15,
    );
  });
  it("Skill Expert's two dice: the highest of two is 1 only 1 time in 36", () => {
    expect(highestDieDistribution(2)).toEqual([1 / 36, 3 / 36, 5 / 36, 7 / 36, 9 / 36, 11 / 36]);
    expect(testOdds({ kind: "static", bonus: 20, difficulty: 3, dice: 2 })).toBeCloseTo(35 / 36, 15);
  });
  it("Clumsy: a 2 fails too, so an easy static test succeeds 4 times in 6", () => {
    expect(testOdds({ kind: "static", bonus: 20, difficulty: 3, clumsy: true })).toBeCloseTo(4 / 6, 15);
  });
  it("a re-roll (Lucky) of a failure: 1 − (1/2)² at even odds", () => {
    expect(testOdds({ kind: "static", bonus: 5, difficulty: 9, rerolls: 1 })).toBeCloseTo(3 / 4, 15);
  });
  it("opposed equal bonuses with ties to the defender: 15/36; re-rolling ties: 1/2", () => {
    expect(testOdds({ kind: "opposed", bonus: 4, opponentBonus: 4, tieRule: "attacker" })).toBeCloseTo(
      15 / 36,
      15,
    );
    expect(testOdds({ kind: "opposed", bonus: 4, opponentBonus: 4, tieRule: "reroll" })).toBeCloseTo(
      1 / 2,
      15,
    );
  });
  it("the six degrees of a static test sum to 1 (bonus 3 against 8)", () => {
    const d = degreeOdds({ kind: "static", bonus: 3, difficulty: 8 });
    // faces: 1 dramatic (short 3) ; 2 dramatic (short 3) ; 3, 4 marginal failures ; 5 marginal success ; 6 significant
    expect(d).toEqual({
      spectacularSuccess: 0,
      significantSuccess: 1 / 6,
      marginalSuccess: 1 / 6,
      marginalFailure: 2 / 6,
      dramaticFailure: 2 / 6,
      devastatingFailure: 0,
    });
  });
  it("impossible input throws", () => {
    expect(() => testOdds({ kind: "static", bonus: 1, difficulty: 5, dice: 0 })).toThrow(RangeError);
    expect(() => testOdds({ kind: "static", bonus: 1 })).toThrow(RangeError);
    expect(() => testOdds({ kind: "static", bonus: 1, difficulty: 5, difficultyDice: 2 })).toThrow(
      RangeError,
    );
    expect(() => testOdds({ kind: "static", bonus: 1, difficulty: 5, rerolls: -1 })).toThrow(RangeError);
  });
});

describe("the odds against brute force over every face", () => {
  const cases: TestOddsInput[] = [];
  for (const spendEssence of [false, true])
    for (const clumsy of [false, true])
      for (const dice of [1, 2]) {
        for (const difficulty of [4, 9, 14]) {
          cases.push({ kind: "static", bonus: 4, difficulty, spendEssence, clumsy, dice, boost: dice - 1 });
          for (const tieRule of ["succeeds", "fails"] as TestTieRule[])
            cases.push({ kind: "dynamic", bonus: 4, difficulty, spendEssence, clumsy, dice, tieRule });
        }
        for (const tieRule of ["attacker", "statusQuo", "reroll"] as TestTieRule[])
          for (const opponentBonus of [2, 6])
            cases.push({
              kind: "opposed",
              bonus: 4,
              opponentBonus,
              spendEssence,
              clumsy,
              dice,
              tieRule,
              opponentSpendEssence: !spendEssence,
              opponentClumsy: clumsy,
              opponentDice: 3 - dice,
            });
      }
  cases.push({ kind: "dynamic", bonus: 3, difficulty: 6, difficultyDice: 2, spendEssence: true });
  cases.push({ kind: "dynamic", bonus: 3, difficulty: 8, dice: 2, rerolls: 1, spendEssence: true });
  cases.push({ kind: "static", bonus: 3, difficulty: 9, rerolls: 2, clumsy: true });
  cases.push({ kind: "dynamic", bonus: 3, difficulty: 9, edge: true, spendEssence: true });
  cases.push({
    kind: "opposed",
    bonus: 3,
    opponentBonus: 9,
    edge: true,
    spendEssence: true,
    tieRule: "attacker",
  });
  cases.push({ kind: "opposed", bonus: 5, opponentBonus: 5, rerolls: 1, tieRule: "reroll", boost: 1 });
  for (const input of cases)
    it(`${JSON.stringify(input)}`, () => {
      expectMatches(input);
    });
});

describe("odds properties", () => {
  const kind = fc.constantFrom("static" as const, "dynamic" as const, "opposed" as const);
  const base = fc.record({
    kind,
    bonus: fc.integer({ min: -2, max: 14 }),
    difficulty: fc.integer({ min: 0, max: 20 }),
    opponentBonus: fc.integer({ min: -2, max: 14 }),
    spendEssence: fc.boolean(),
    clumsy: fc.boolean(),
    dice: fc.integer({ min: 1, max: 3 }),
    rerolls: fc.integer({ min: 0, max: 1 }),
    edge: fc.boolean(),
  });
  const tidy = (i: TestOddsInput): TestOddsInput => {
    const out = { ...i };
    if (i.kind === "opposed") delete out.difficulty;
    else delete out.opponentBonus;
    return out;
  };
  it("success is non-decreasing in the bonus", () => {
    fc.assert(
      fc.property(base, (i) => {
        expect(testOdds(tidy({ ...i, bonus: i.bonus + 1 }))).toBeGreaterThanOrEqual(
          testOdds(tidy(i)) - 1e-12,
        );
      }),
    );
  });
  it("success is non-increasing in the difficulty (and in the opponent's bonus)", () => {
    fc.assert(
      fc.property(base, (i) => {
        const harder = tidy({ ...i, difficulty: i.difficulty + 1, opponentBonus: i.opponentBonus + 1 });
        expect(testOdds(harder)).toBeLessThanOrEqual(testOdds(tidy(i)) + 1e-12);
      }),
    );
  });
  it("the six degree odds sum to 1", () => {
    fc.assert(
      fc.property(base, fc.integer({ min: 0, max: 3 }), (i, boost) => {
        const d = degreeOdds(tidy({ ...i, boost }));
        expect(Object.values(d).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      }),
    );
  });
  it("spending Essence never lowers success; neither does another die or a re-roll", () => {
    fc.assert(
      fc.property(base, (i) => {
        const p = testOdds(tidy({ ...i, spendEssence: false }));
        expect(testOdds(tidy({ ...i, spendEssence: true }))).toBeGreaterThanOrEqual(p - 1e-12);
        expect(testOdds(tidy(i))).toBeLessThanOrEqual(testOdds(tidy({ ...i, dice: i.dice + 1 })) + 1e-12);
        expect(testOdds(tidy(i))).toBeLessThanOrEqual(
          testOdds(tidy({ ...i, rerolls: i.rerolls + 1 })) + 1e-12,
        );
      }),
    );
  });
  it("boost points never lower the chance of a result at least as good as any level", () => {
    fc.assert(
      fc.property(base, (i) => {
        const plain = degreeOdds(tidy(i));
        const boosted = degreeOdds(tidy({ ...i, boost: 1 }));
        let a = 0;
        let b = 0;
        for (const o of DEGREE_OUTCOMES) {
          a += plain[o];
          b += boosted[o];
          expect(b).toBeGreaterThanOrEqual(a - 1e-12);
        }
      }),
    );
  });
});
