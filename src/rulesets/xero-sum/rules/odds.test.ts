import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { BANDS, type Band } from "./keys";
import { checkOdds, momentOdds, opposedOdds, replaceOdds, successOdds, totalOdds } from "./odds";

/**
 * Brute force, written apart from `classify`: every face of every die, Table 1 read by hand (0-3
 * Dire Failure, 4-8 Failure, 9-13 Success, 14+ Wild Success; 1+1 Dire, 6+6 Wild), counted.
 */
function bruteCounts(modifier: number, n: 2 | 3, anyPair = false): Record<Band, number> {
  const counts: Record<Band, number> = { "dire-failure": 0, failure: 0, success: 0, "wild-success": 0 };
  const faces = [1, 2, 3, 4, 5, 6];
  for (const a of faces)
    for (const b of faces)
      for (const c of n === 3 ? faces : [0]) {
        const dice = n === 3 ? [a, b, c] : [a, b];
        const pool = anyPair ? dice : [a, b];
        const ones = pool.filter((f) => f === 1).length;
        const sixes = pool.filter((f) => f === 6).length;
        const total = a + b + c + modifier;
        let band: Band;
        if (ones >= 2) band = "dire-failure";
        else if (sixes >= 2) band = "wild-success";
        else if (total <= 3) band = "dire-failure";
        else if (total <= 8) band = "failure";
        else if (total <= 13) band = "success";
        else band = "wild-success";
        counts[band] += 1;
      }
  return counts;
}

const asOdds = (counts: Record<Band, number>, all: number) =>
  Object.fromEntries(BANDS.map((b) => [b, counts[b] / all])) as Record<Band, number>;

describe("checkOdds: exact, against brute force", () => {
  it("2d6 + 0: Dire 3/36 (1+1, 1+2, 2+1), Failure 23/36, Success 9/36 (9..12 but 6+6), Wild 1/36 (6+6)", () => {
    expect(bruteCounts(0, 2)).toEqual({ "dire-failure": 3, failure: 23, success: 9, "wild-success": 1 });
    expect(checkOdds({ modifier: 0 })).toEqual({
      "dire-failure": 3 / 36,
      failure: 23 / 36,
      success: 9 / 36,
      "wild-success": 1 / 36,
    });
  });
  it("2d6 + 12: every roll but 1+1 is a Wild Success", () => {
    expect(checkOdds({ modifier: 12 })).toEqual({
      "dire-failure": 1 / 36,
      failure: 0,
      success: 0,
      "wild-success": 35 / 36,
    });
  });
  it("2d6 − 10: every roll but 6+6 is a Dire Failure", () => {
    expect(checkOdds({ modifier: -10 })).toEqual({
      "dire-failure": 35 / 36,
      failure: 0,
      success: 0,
      "wild-success": 1 / 36,
    });
  });
  it("every modifier −15..+15, 2d6 and 3d6 (both Moment readings), equals the enumeration", () => {
    for (let m = -15; m <= 15; m++) {
      expect(checkOdds({ modifier: m })).toEqual(asOdds(bruteCounts(m, 2), 36));
      expect(checkOdds({ modifier: m, dice: 3 })).toEqual(asOdds(bruteCounts(m, 3), 216));
      expect(checkOdds({ modifier: m, dice: 3, momentOn3d6: "anyPair" })).toEqual(
        asOdds(bruteCounts(m, 3, true), 216),
      );
    }
  });
  it("3d6 + 0: a Success or better is 160/216 (216 − 56 rolls totalling 3..8; every 1,1,x is among those)", () => {
    const counts = bruteCounts(0, 3);
    expect(counts.success + counts["wild-success"]).toBe(160);
    expect(successOdds({ modifier: 0, dice: 3 })).toBe(160 / 216);
  });
  it("refuses other dice counts", () => {
    expect(() => checkOdds({ modifier: 0, dice: 1 })).toThrow(RangeError);
    expect(() => checkOdds({ modifier: 0, dice: 4 })).toThrow(RangeError);
  });
});

describe("checkOdds: properties", () => {
  const mod = fc.integer({ min: -20, max: 20 });
  const dice = fc.constantFrom(2, 3);
  const reading = fc.constantFrom("firstTwo" as const, "anyPair" as const);
  it("the odds sum to 1, each a whole count over 6^n", () => {
    fc.assert(
      fc.property(mod, dice, reading, (m, n, r) => {
        const odds = checkOdds({ modifier: m, dice: n, momentOn3d6: r });
        const all = 6 ** n;
        const counts = BANDS.map((b) => odds[b] * all);
        expect(counts.reduce((s, c) => s + c, 0)).toBeCloseTo(all, 9);
        for (const c of counts) expect(Math.abs(c - Math.round(c))).toBeLessThan(1e-9);
      }),
    );
  });
  it("monotone in the modifier: each 'at least this band' chance never falls as it rises", () => {
    fc.assert(
      fc.property(mod, fc.integer({ min: 1, max: 5 }), dice, reading, (m, up, n, r) => {
        const lo = checkOdds({ modifier: m, dice: n, momentOn3d6: r });
        const hi = checkOdds({ modifier: m + up, dice: n, momentOn3d6: r });
        let atLeastLo = 0;
        let atLeastHi = 0;
        for (const b of [...BANDS].reverse()) {
          atLeastLo += lo[b];
          atLeastHi += hi[b];
          expect(atLeastHi).toBeGreaterThanOrEqual(atLeastLo - 1e-12);
        }
      }),
    );
  });
  it("the Moments floor the extremes: a Dire Failure at least 1/36 and a Wild Success at least 1/36 (2d6)", () => {
    fc.assert(
      fc.property(mod, (m) => {
        const odds = checkOdds({ modifier: m });
        expect(odds["dire-failure"]).toBeGreaterThanOrEqual(1 / 36);
        expect(odds["wild-success"]).toBeGreaterThanOrEqual(1 / 36);
      }),
    );
  });
});

describe("momentOdds", () => {
  it("2d6: 1/36 each", () => {
    expect(momentOdds()).toEqual({ low: 1 / 36, high: 1 / 36 });
  });
  it("3d6 read on the check's two dice: still 1/36 each (6 of 216)", () => {
    expect(momentOdds({ dice: 3 })).toEqual({ low: 6 / 216, high: 6 / 216 });
  });
  it("3d6 read on any pair: 16/216 each (three ways to place one other face × 5, plus 1,1,1)", () => {
    expect(momentOdds({ dice: 3, momentOn3d6: "anyPair" })).toEqual({ low: 16 / 216, high: 16 / 216 });
  });
});

describe("replaceOdds: the odds of an Insight re-roll", () => {
  it("[1,3] + 2, replace the 1: the fresh die needs 4+ (9..11): 1/2 Success, 1/2 Failure", () => {
    expect(replaceOdds({ dice: [1, 3], indices: [0], modifier: 2 })).toEqual({
      "dire-failure": 0,
      failure: 3 / 6,
      success: 3 / 6,
      "wild-success": 0,
    });
  });
  it("[6,2] − 4, replace the 2: a fresh 1 totals 3 (Dire), 2..5 fail, a 6 makes a Moment of High Insight", () => {
    expect(replaceOdds({ dice: [6, 2], indices: [1], modifier: -4 })).toEqual({
      "dire-failure": 1 / 6,
      failure: 4 / 6,
      success: 0,
      "wild-success": 1 / 6,
    });
  });
  it("replacing both dice is a fresh 2d6 check", () => {
    expect(replaceOdds({ dice: [3, 3], indices: [0, 1], modifier: 1 })).toEqual(checkOdds({ modifier: 1 }));
  });
  it("only the original dice", () => {
    expect(() => replaceOdds({ dice: [3, 3, 3], indices: [2], modifier: 0 })).toThrow(RangeError);
  });
});

describe("totalOdds and opposedOdds", () => {
  it("2d6 totals: 7 is 6/36, 2 and 12 are 1/36", () => {
    const t = totalOdds();
    expect(t.get(7)).toBe(6 / 36);
    expect(t.get(2)).toBe(1 / 36);
    expect(t.get(12)).toBe(1 / 36);
    expect([...t.values()].reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
  });
  it("equal sides: the same chance each; a draw is 146/1296 (the sum of the squared counts 1..6..1)", () => {
    const o = opposedOdds({ modifier: 2 }, { modifier: 2 });
    expect(o.a).toBe(o.b);
    expect(o.draw).toBe(146 / 1296);
    expect(o.a + o.b + o.draw).toBeCloseTo(1, 12);
  });
  it("against brute force, and monotone in a side's modifier", () => {
    const brute = (ma: number, mb: number) => {
      let a = 0;
      let b = 0;
      let d = 0;
      for (let x = 1; x <= 6; x++)
        for (let y = 1; y <= 6; y++)
          for (let z = 1; z <= 6; z++)
            for (let w = 1; w <= 6; w++) {
              const ta = x + y + ma;
              const tb = z + w + mb;
              if (ta > tb) a++;
              else if (tb > ta) b++;
              else d++;
            }
      return { a: a / 1296, b: b / 1296, draw: d / 1296 };
    };
    for (const [ma, mb] of [
      [0, 0],
      [3, 1],
      [-2, 4],
      [10, 0],
    ] as const)
      expect(opposedOdds({ modifier: ma }, { modifier: mb })).toEqual(brute(ma, mb));
    fc.assert(
      fc.property(fc.integer({ min: -8, max: 8 }), fc.integer({ min: -8, max: 8 }), (ma, mb) => {
        expect(opposedOdds({ modifier: ma + 1 }, { modifier: mb }).a).toBeGreaterThanOrEqual(
          opposedOdds({ modifier: ma }, { modifier: mb }).a,
        );
      }),
    );
  });
});
