import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  boostDegree,
  degreeOutcome,
  effectiveTestFace,
  resolveTestBestDie,
  resolveOpposed,
  resolveTest,
  rolledDegree,
  type TestInput,
} from "./test";

const pick = (r: ReturnType<typeof resolveTest>) => ({
  success: r.success,
  degree: r.degree,
  total: r.total,
  target: r.target,
  margin: r.margin,
  automatic: r.automatic,
  canSpendEssence: r.canSpendEssence,
  essenceSpent: r.essenceSpent,
});

describe("static tests (Sixes and Ones; Degrees of Success)", () => {
  it("T01: attribute 3 + skill 2, d6 4, difficulty 8 → 9, marginal success", () => {
    expect(pick(resolveTest({ kind: "static", bonus: 5, face: 4, difficulty: 8 }))).toEqual({
      success: true,
      degree: "marginal",
      total: 9,
      target: 8,
      margin: 1,
      automatic: null,
      canSpendEssence: false,
      essenceSpent: 0,
    });
  });
  it("T02: meeting the difficulty (9 against 9) succeeds, marginal", () => {
    const r = resolveTest({ kind: "static", bonus: 5, face: 4, difficulty: 9 });
    expect([r.success, r.degree, r.margin, r.tie]).toEqual([true, "marginal", 0, false]);
  });
  it("T03: a 1 fails a static test whatever the total (8 against 4): dramatic, not devastating", () => {
    const r = resolveTest({ kind: "static", bonus: 7, face: 1, difficulty: 4 });
    expect([r.success, r.automatic, r.degree, r.total]).toEqual([false, "fail", "dramatic", 8]);
  });
  it("T04: a 6 at 7 against 18 may buy a marginal success for 1 Essence; declined, it fails by 11", () => {
    const base: TestInput = { kind: "static", bonus: 1, face: 6, difficulty: 18 };
    const declined = resolveTest(base);
    expect([declined.success, declined.canSpendEssence, declined.degree, declined.margin]).toEqual([
      false,
      true,
      "dramatic",
      -11,
    ]);
    const bought = resolveTest({ ...base, spendEssence: true });
    expect(pick(bought)).toEqual({
      success: true,
      degree: "marginal",
      total: 7,
      target: 18,
      margin: -11,
      automatic: "success",
      canSpendEssence: true,
      essenceSpent: 1,
    });
  });
  it("T05: 13 against 7 with a 6 → spectacular", () => {
    expect(resolveTest({ kind: "static", bonus: 7, face: 6, difficulty: 7 }).degree).toBe("spectacular");
  });
  it("T06: 12 against 6 with a 5 → significant (spectacular needs the 6)", () => {
    expect(resolveTest({ kind: "static", bonus: 7, face: 5, difficulty: 6 }).degree).toBe("significant");
  });
  it("T07: 10 against 9 with a 6 → significant", () => {
    expect(resolveTest({ kind: "static", bonus: 4, face: 6, difficulty: 9 }).degree).toBe("significant");
  });
  it("T08: 7 against 8 → marginal failure", () => {
    const r = resolveTest({ kind: "static", bonus: 4, face: 3, difficulty: 8 });
    expect([r.success, r.degree, r.outcome]).toEqual([false, "marginal", "marginalFailure"]);
  });
  it("T09: 5 against 9 (short by 4) → dramatic failure", () => {
    expect(resolveTest({ kind: "static", bonus: 3, face: 2, difficulty: 9 }).degree).toBe("dramatic");
  });
  it("T10: 2 against 9 with a 1 (short by 7) → devastating failure", () => {
    expect(resolveTest({ kind: "static", bonus: 1, face: 1, difficulty: 9 }).outcome).toBe(
      "devastatingFailure",
    );
  });
  it("T11: 5 against 11 with a 3 (short by 6) → dramatic (devastating needs the 1)", () => {
    expect(resolveTest({ kind: "static", bonus: 2, face: 3, difficulty: 11 }).degree).toBe("dramatic");
  });
  it("a 6 that already succeeds is offered nothing and spends nothing", () => {
    const r = resolveTest({ kind: "static", bonus: 4, face: 6, difficulty: 9, spendEssence: true });
    expect([r.success, r.canSpendEssence, r.essenceSpent, r.automatic]).toEqual([true, false, 0, null]);
  });
  it("a static test has no tie rule to choose", () => {
    expect(() => resolveTest({ kind: "static", bonus: 4, face: 3, difficulty: 8, tieRule: "fails" })).toThrow(
      RangeError,
    );
  });
});

describe("dynamic tests", () => {
  it("T12: a 6 against the difficulty die's 1 succeeds without Essence though the totals lose (7 against 9)", () => {
    const r = resolveTest({ kind: "dynamic", bonus: 1, face: 6, difficulty: 8, difficultyFace: 1 });
    expect([r.success, r.automatic, r.essenceSpent, r.total, r.target]).toEqual([true, "favoured", 0, 7, 9]);
    expect(r.degree).toBe("significant");
  });
  it("T13: a 6 against a 4 (9 against 12) may buy the success", () => {
    const base: TestInput = { kind: "dynamic", bonus: 3, face: 6, difficulty: 8, difficultyFace: 4 };
    const r = resolveTest(base);
    expect([r.success, r.canSpendEssence, r.target]).toEqual([false, true, 12]);
    const bought = resolveTest({ ...base, spendEssence: true });
    expect([bought.success, bought.essenceSpent, bought.degree]).toEqual([true, 1, "marginal"]);
  });
  it("T14: a 6 against a 6 (9 against 14) compares: failure, no Essence offered", () => {
    const r = resolveTest({
      kind: "dynamic",
      bonus: 3,
      face: 6,
      difficulty: 8,
      difficultyFace: 6,
      spendEssence: true,
    });
    expect([r.success, r.canSpendEssence, r.essenceSpent]).toEqual([false, false, 0]);
  });
  it("T15: a 1 against a 2 fails automatically though 10 beats 5", () => {
    const r = resolveTest({ kind: "dynamic", bonus: 9, face: 1, difficulty: 3, difficultyFace: 2 });
    expect([r.success, r.automatic]).toEqual([false, "fail"]);
  });
  it("T16: a 1 against a 1 compares: 10 against 4 succeeds", () => {
    const r = resolveTest({ kind: "dynamic", bonus: 9, face: 1, difficulty: 3, difficultyFace: 1 });
    expect([r.success, r.automatic, r.margin]).toEqual([true, null, 6]);
  });
  it("the difficulty die's 1 against a 2..5 has no effect (the text gives none): compare", () => {
    const r = resolveTest({ kind: "dynamic", bonus: 0, face: 3, difficulty: 8, difficultyFace: 1 });
    expect([r.success, r.automatic]).toEqual([false, null]);
  });
  it("dynamic ties follow dynamicTieRule (spec #1): succeeds by default, or fails", () => {
    const base: TestInput = { kind: "dynamic", bonus: 5, face: 3, difficulty: 5, difficultyFace: 3 };
    expect(resolveTest(base).success).toBe(true);
    expect(resolveTest({ ...base, tieRule: "succeeds" }).tie).toBe(true);
    const fails = resolveTest({ ...base, tieRule: "fails" });
    expect([fails.success, fails.tie, fails.degree]).toEqual([false, true, "marginal"]);
    expect(() => resolveTest({ ...base, tieRule: "defender" })).toThrow(RangeError);
  });
});

describe("opposed tests, from both sides", () => {
  const opposed = (bonus: number, face: number, opponentBonus: number, opponentFace: number, extra = {}) =>
    resolveTest({ kind: "opposed", bonus, face, opponentBonus, opponentFace, ...extra });
  it("T17: A's 1 (6) against B's 3 (5): B wins automatically", () => {
    const r = resolveOpposed({ bonus: 5, face: 1 }, { bonus: 2, face: 3 });
    expect([r.winner, r.actor.automatic, r.opponent.automatic, r.opponent.success]).toEqual([
      "opponent",
      "fail",
      "success",
      true,
    ]);
  });
  it("T18: both 1s compare: A's 6 beats B's 3", () => {
    const r = opposed(5, 1, 2, 1);
    expect([r.success, r.automatic]).toEqual([true, null]);
  });
  it("T19: A's 6 (8) against B's 1 (10) wins automatically, no Essence spent", () => {
    const r = resolveOpposed({ bonus: 2, face: 6, spendEssence: true }, { bonus: 9, face: 1 });
    expect([r.winner, r.actor.automatic, r.actor.essenceSpent, r.opponent.automatic]).toEqual([
      "actor",
      "favoured",
      0,
      "fail",
    ]);
  });
  it("T20: A's 6 (8) against B's 3 (10): A may spend 1 Essence to win, otherwise B wins", () => {
    const declined = opposed(2, 6, 7, 3);
    expect([declined.success, declined.canSpendEssence]).toEqual([false, true]);
    const bought = opposed(2, 6, 7, 3, { spendEssence: true });
    expect([bought.success, bought.essenceSpent, bought.degree]).toEqual([true, 1, "marginal"]);
  });
  it("T20 seen from B: B's lower total with a 6 may buy the win against A's 3", () => {
    const r = resolveOpposed({ bonus: 7, face: 3 }, { bonus: 2, face: 6, spendEssence: true });
    expect([
      r.winner,
      r.actor.opponentCanSpendEssence,
      r.actor.opponentEssenceSpent,
      r.actor.automatic,
    ]).toEqual(["opponent", true, 1, "fail"]);
    expect([r.opponent.success, r.opponent.degree, r.opponent.automatic]).toEqual([
      true,
      "marginal",
      "success",
    ]);
    const declined = resolveTest({ kind: "opposed", bonus: 7, face: 3, opponentBonus: 2, opponentFace: 6 });
    expect([declined.success, declined.opponentCanSpendEssence, declined.opponentEssenceSpent]).toEqual([
      true,
      true,
      0,
    ]);
  });
  it("T21: both 6s compare: B's 10 beats A's 8, no Essence offered", () => {
    const r = opposed(2, 6, 4, 6, { spendEssence: true });
    expect([r.success, r.canSpendEssence, r.opponentCanSpendEssence]).toEqual([false, false, false]);
  });
  it("T22: an attack at 9 against an active defence at 9 fails (the attacker must beat it by one)", () => {
    const r = resolveOpposed({ bonus: 5, face: 4 }, { bonus: 6, face: 3 }, "attacker");
    expect([r.winner, r.actor.success, r.actor.tie, r.opponent.success]).toEqual([
      "opponent",
      false,
      true,
      true,
    ]);
  });
  it("T23: a counter-attack at 9 against an attack at 9 fails: the original attack gets through", () => {
    const r = resolveOpposed({ bonus: 5, face: 4 }, { bonus: 6, face: 3 }, "counter");
    expect([r.winner, r.opponent.success]).toEqual(["opponent", true]);
  });
  it("non-combat ties (spec #2): defender, status quo, reroll", () => {
    const tie = (tieRule: "defender" | "statusQuo" | "reroll") =>
      resolveOpposed({ bonus: 5, face: 4 }, { bonus: 6, face: 3 }, tieRule);
    expect(tie("defender").winner).toBe("opponent");
    const quo = tie("statusQuo");
    expect([quo.winner, quo.actor.success, quo.opponent.success]).toEqual([null, false, false]);
    const again = tie("reroll");
    expect([again.winner, again.reroll, again.actor.reroll]).toEqual([null, true, true]);
  });
  it("a 6 can buy a win out of a tie it would lose", () => {
    const r = opposed(3, 6, 6, 3, { tieRule: "attacker", spendEssence: true });
    expect([r.success, r.essenceSpent]).toEqual([true, 1]);
  });
  it("an opponent's 1 hands the actor an automatic success, marginal on a lower total", () => {
    const r = opposed(1, 3, 9, 1);
    expect([r.success, r.automatic, r.degree]).toEqual([true, "success", "marginal"]);
  });
  it("an opponent's Clumsy 2 counts as a 1: a 6 against it is favoured", () => {
    const r = opposed(1, 6, 9, 2, { opponentClumsy: true });
    expect([r.success, r.automatic]).toEqual([true, "favoured"]);
  });
  it("degrees from both sides read the margin each way", () => {
    const r = resolveOpposed({ bonus: 6, face: 6 }, { bonus: 4, face: 2 });
    expect([r.actor.degree, r.actor.margin, r.opponent.degree, r.opponent.margin]).toEqual([
      "spectacular",
      6,
      "dramatic",
      -6,
    ]);
  });
});

describe("Clumsy, boosting, Edge and gear", () => {
  it("T24: a Clumsy 2 fails automatically like a 1; the total keeps the 2", () => {
    const r = resolveTest({ kind: "static", bonus: 10, face: 2, difficulty: 5, clumsy: true });
    expect([r.success, r.automatic, r.total, r.degree]).toEqual([false, "fail", 12, "dramatic"]);
    expect(resolveTest({ kind: "static", bonus: 10, face: 2, difficulty: 5 }).success).toBe(true);
    expect(effectiveTestFace(2, true)).toBe(1);
    expect(effectiveTestFace(3, true)).toBe(3);
  });
  it("a Clumsy 2 against the difficulty die's 1 compares, as a 1 would", () => {
    const r = resolveTest({
      kind: "dynamic",
      bonus: 5,
      face: 2,
      difficulty: 3,
      difficultyFace: 1,
      clumsy: true,
    });
    expect([r.success, r.automatic]).toEqual([true, null]);
  });
  it("T25: Edge, a 6 failing by 2: 1 Essence buys the success, or buys a cumulative d6", () => {
    const base: TestInput = { kind: "static", bonus: 3, face: 6, difficulty: 11, edge: true };
    const r = resolveTest(base);
    expect([r.success, r.margin, r.canSpendEssence, r.canAddEdgeDie]).toEqual([false, -2, true, true]);
    const edged = resolveTest({ ...base, edgeDice: [4] });
    expect([edged.success, edged.total, edged.essenceSpent, edged.degree, edged.canAddEdgeDie]).toEqual([
      true,
      13,
      1,
      "significant",
      false,
    ]);
    const chained = resolveTest({ ...base, edgeDice: [6, 1] });
    expect([chained.total, chained.essenceSpent]).toEqual([16, 2]);
    expect(() => resolveTest({ ...base, edgeDice: [3, 4] })).toThrow(RangeError);
    expect(() => resolveTest({ ...base, edge: false, edgeDice: [4] })).toThrow(RangeError);
    expect(() => resolveTest({ ...base, face: 5, edgeDice: [4] })).toThrow(RangeError);
  });
  it("Edge's die uses the 6: a 6 that bought a die cannot also buy the success", () => {
    const r = resolveTest({ kind: "static", bonus: 0, face: 6, difficulty: 18, edge: true, edgeDice: [2] });
    expect([r.success, r.canSpendEssence]).toEqual([false, false]);
  });
  it("T26: 2 boost points turn a marginal success into a spectacular one", () => {
    const r = resolveTest({ kind: "static", bonus: 5, face: 4, difficulty: 8, boost: 2 });
    expect([r.rolledDegree, r.degree, r.outcome]).toEqual(["marginal", "spectacular", "spectacularSuccess"]);
  });
  it("T27: a boost never turns a marginal failure into a success", () => {
    const r = resolveTest({ kind: "static", bonus: 4, face: 3, difficulty: 8, boost: 1 });
    expect([r.success, r.degree]).toEqual([false, "marginal"]);
  });
  it("T28: 1 boost point softens a devastating failure to dramatic", () => {
    const r = resolveTest({ kind: "static", bonus: 1, face: 1, difficulty: 9, boost: 1 });
    expect([r.rolledDegree, r.degree]).toEqual(["devastating", "dramatic"]);
  });
  it("Specialist Gear adds a degree to a success only; Elite Gear softens a failure by one", () => {
    expect(
      resolveTest({ kind: "static", bonus: 5, face: 4, difficulty: 8, specialistGear: true }).degree,
    ).toBe("significant");
    expect(
      resolveTest({ kind: "static", bonus: 4, face: 3, difficulty: 8, specialistGear: true }).success,
    ).toBe(false);
    expect(resolveTest({ kind: "static", bonus: 1, face: 1, difficulty: 9, eliteGear: true }).degree).toBe(
      "dramatic",
    );
  });
  it("Elite Gear: a failure by up to 3 may be bought as a marginal success; a 1 or a shortfall of 4 may not", () => {
    const short3 = resolveTest({
      kind: "static",
      bonus: 3,
      face: 2,
      difficulty: 8,
      eliteGear: true,
      spendEssence: true,
    });
    expect([short3.success, short3.degree, short3.essenceSpent]).toEqual([true, "marginal", 1]);
    const short4 = resolveTest({ kind: "static", bonus: 2, face: 2, difficulty: 8, eliteGear: true });
    expect(short4.canSpendEssence).toBe(false);
    const one = resolveTest({ kind: "static", bonus: 6, face: 1, difficulty: 8, eliteGear: true });
    expect(one.canSpendEssence).toBe(false);
    expect(() => resolveOpposed({ bonus: 1, face: 3, eliteGear: true }, { bonus: 1, face: 3 })).toThrow(
      RangeError,
    );
  });
});

describe("degrees and their helpers", () => {
  it("rolledDegree follows the margins 3 and 6 and the faces 6 and 1", () => {
    expect(rolledDegree(true, 2, 5)).toBe("marginal");
    expect(rolledDegree(true, 3, 5)).toBe("significant");
    expect(rolledDegree(true, 0, 6)).toBe("significant");
    expect(rolledDegree(true, 6, 6)).toBe("spectacular");
    expect(rolledDegree(true, 9, 6, true)).toBe("marginal");
    expect(rolledDegree(false, -2, 3)).toBe("marginal");
    expect(rolledDegree(false, -3, 3)).toBe("dramatic");
    expect(rolledDegree(false, -6, 1)).toBe("devastating");
  });
  it("boostDegree caps at spectacular and floors at a marginal failure", () => {
    expect(boostDegree(true, "significant", 5)).toBe("spectacular");
    expect(boostDegree(false, "devastating", 5)).toBe("marginal");
    expect(() => boostDegree(true, "dramatic", 1)).toThrow(RangeError);
    expect(() => degreeOutcome(false, "spectacular")).toThrow(RangeError);
  });
  it("impossible input throws", () => {
    expect(() => resolveTest({ kind: "static", bonus: 1, face: 7, difficulty: 5 })).toThrow(RangeError);
    expect(() => resolveTest({ kind: "static", bonus: 1.5, face: 3, difficulty: 5 })).toThrow(RangeError);
    expect(() => resolveTest({ kind: "static", bonus: 1, face: 3 })).toThrow(RangeError);
    expect(() => resolveTest({ kind: "dynamic", bonus: 1, face: 3, difficulty: 5 })).toThrow(RangeError);
    expect(() => resolveTest({ kind: "opposed", bonus: 1, face: 3 })).toThrow(RangeError);
    expect(() => resolveTest({ kind: "static", bonus: 1, face: 3, difficulty: 5, boost: -1 })).toThrow(
      RangeError,
    );
  });
});

describe("several dice: the player chooses", () => {
  it("a Skill Expert's [1, 5] uses the 5", () => {
    const { result, index } = resolveTestBestDie({ kind: "static", bonus: 3, difficulty: 8 }, [1, 5]);
    expect([index, result.success, result.face]).toEqual([1, true, 5]);
  });
  it("throws without dice", () => {
    expect(() => resolveTestBestDie({ kind: "static", bonus: 3, difficulty: 8 }, [])).toThrow(RangeError);
  });
});

/**
 * The spec's reference resolution (§2.9), transcribed: success or failure only, with Essence spent
 * whenever offered, ties succeeding (dynamic) or failing (opposed, the attacker's rule).
 */
function reference(
  kind: "static" | "dynamic" | "opposed",
  bonus: number,
  face: number,
  clumsy: boolean,
  difficulty: number,
  g: number,
  opponentBonus: number,
): boolean {
  const f = clumsy && face === 2 ? 1 : face;
  const total = bonus + face;
  const target = kind === "static" ? difficulty : kind === "dynamic" ? difficulty + g : opponentBonus + g;
  const cmp = total > target || (total === target && kind !== "opposed");
  if (kind === "static") {
    if (f === 1) return false;
    if (!cmp && f === 6) return true;
    return cmp;
  }
  if (f === 1 && g !== 1) return false;
  if (kind === "opposed" && g === 1 && f !== 1) return true;
  if (f === 6 && g === 1) return true;
  if (f === 6 && g !== 6 && !cmp) return true;
  return cmp;
}

describe("properties", () => {
  const face = fc.integer({ min: 1, max: 6 });
  it("resolveTest agrees with the spec's reference algorithm (§2.9) on success", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("static" as const, "dynamic" as const, "opposed" as const),
        fc.integer({ min: -3, max: 14 }),
        face,
        fc.boolean(),
        fc.integer({ min: 0, max: 20 }),
        face,
        fc.integer({ min: -3, max: 14 }),
        (kind, bonus, f, clumsy, difficulty, g, opponentBonus) => {
          const input: TestInput =
            kind === "opposed"
              ? { kind, bonus, face: f, clumsy, opponentBonus, opponentFace: g, tieRule: "attacker" }
              : { kind, bonus, face: f, clumsy, difficulty, difficultyFace: g };
          const r = resolveTest({ ...input, spendEssence: true });
          expect(r.success).toBe(reference(kind, bonus, f, clumsy, difficulty, g, opponentBonus));
        },
      ),
    );
  });
  it("the two sides of an opposed test never both win, and lose together only on a status-quo or reroll tie", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        face,
        fc.integer({ min: 0, max: 10 }),
        face,
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(
          "attacker" as const,
          "counter" as const,
          "defender" as const,
          "statusQuo" as const,
          "reroll" as const,
        ),
        (ab, af, bb, bf, as, bs, tieRule) => {
          const r = resolveOpposed(
            { bonus: ab, face: af, spendEssence: as },
            { bonus: bb, face: bf, spendEssence: bs },
            tieRule,
          );
          expect(r.actor.success && r.opponent.success).toBe(false);
          if (!r.actor.success && !r.opponent.success)
            expect(r.tie && (tieRule === "statusQuo" || tieRule === "reroll")).toBe(true);
          expect(r.actor.essenceSpent + r.opponent.essenceSpent).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
  it("boosting never changes success and never worsens the degree", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        face,
        fc.integer({ min: 3, max: 18 }),
        fc.integer({ min: 0, max: 4 }),
        (bonus, f, difficulty, boost) => {
          const plain = resolveTest({ kind: "static", bonus, face: f, difficulty });
          const boosted = resolveTest({ kind: "static", bonus, face: f, difficulty, boost });
          expect(boosted.success).toBe(plain.success);
          const rank = (o: string) =>
            [
              "spectacularSuccess",
              "significantSuccess",
              "marginalSuccess",
              "marginalFailure",
              "dramaticFailure",
              "devastatingFailure",
            ].indexOf(o);
          expect(rank(boosted.outcome)).toBeLessThanOrEqual(rank(plain.outcome));
        },
      ),
    );
  });
});
