import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  contestProbability,
  countSuccesses,
  exactSuccessesProbability,
  resolveContest,
  resolveTest,
  sortSixesFirst,
  successProbability,
} from "./dice";

const face = fc.integer({ min: 1, max: 6 });
const faces = fc.array(face, { maxLength: 30 });

describe("counting successes ('Verses Core, Fundamentals: 5s and 6s succeed, sixes first)", () => {
  it("counts 5s and 6s and keeps sixes apart", () => {
    expect(countSuccesses([6, 5, 2, 2, 1, 4, 4, 3])).toEqual({ successes: 2, sixes: 1, fives: 1 });
    expect(countSuccesses([])).toEqual({ successes: 0, sixes: 0, fives: 0 });
  });
  it("rejects faces that are not d6 faces", () => {
    expect(() => countSuccesses([7])).toThrow(RangeError);
    expect(() => countSuccesses([0])).toThrow(RangeError);
  });
  it("sorts sixes first", () => {
    expect(sortSixesFirst([1, 6, 5, 6, 3])).toEqual([6, 6, 5, 3, 1]);
  });
});

describe("tests and success margin", () => {
  it("TV-01: 4d6 vs 1S with one success hits", () => {
    expect(resolveTest([5, 3, 2, 1], 1).success).toBe(true);
  });
  it("TV-04: 10d6 vs 3S with 4 successes gives SM = 1 + 4 - 3 = 2", () => {
    const r = resolveTest([6, 5, 5, 5, 4, 3, 2, 1, 1, 2], 3);
    expect(r.successes).toBe(4);
    expect(r.margin).toBe(2);
    expect(r.success).toBe(true);
  });
  it("TV-21: 3 successes vs 2S gives SM 2", () => {
    expect(resolveTest([6, 5, 5, 1, 1, 2, 3, 4, 4], 2).margin).toBe(2);
  });
  it("property: success iff margin >= 1", () => {
    fc.assert(
      fc.property(faces, fc.integer({ min: 0, max: 10 }), (f, t) => {
        const r = resolveTest(f, t);
        expect(r.success).toBe(r.margin >= 1);
        expect(r.successes).toBe(r.sixes + r.fives);
      }),
    );
  });
});

describe("contests: the challenger's successes remove the initiator's sixes first", () => {
  it("TV-02: Chida 2 successes vs Benny 1, target 2S: net 1 < 2S, the takedown fails", () => {
    const r = resolveContest([6, 5, 3, 2, 1], [5, 2, 1], 2);
    expect(r.successes).toBe(1);
    expect(r.success).toBe(false);
  });
  it("TV-C01: 6,6,5 vs 2 successes at 1S leaves a single 5", () => {
    const r = resolveContest([6, 6, 5], [5, 6], 1);
    expect(r).toMatchObject({ successes: 1, sixes: 0, fives: 1, success: true, remaining: [5] });
  });
  it("TV-25: a shot with 2 successes against a dodge with 2 nets 0 and misses", () => {
    expect(resolveContest([6, 5, 1], [5, 5, 2, 1], 1).success).toBe(false);
  });
  it("TV-26: the merc's 4 successes minus Jee's parry of 3 leave 1 >= 1S: a partial parry, SM 1", () => {
    const r = resolveContest([6, 5, 5, 5, 1, 2, 3, 4], [6, 5, 5, 1, 2], 1);
    expect(r.successes).toBe(1);
    expect(r.success).toBe(true);
    expect(r.margin).toBe(1);
  });
  it("property: net never exceeds the initiator's successes, and sixes go first", () => {
    fc.assert(
      fc.property(faces, faces, fc.integer({ min: 1, max: 6 }), (a, b, t) => {
        const r = resolveContest(a, b, t);
        const ca = countSuccesses(a);
        const cb = countSuccesses(b);
        expect(r.successes).toBe(Math.max(0, ca.successes - cb.successes));
        // a five is removed only once no six is left
        if (r.fives < ca.fives) expect(r.sixes).toBe(0);
        expect(countSuccesses(r.remaining)).toEqual({
          successes: r.successes,
          sixes: r.sixes,
          fives: r.fives,
        });
        expect(r.remaining.length).toBe(a.length - r.cancelled);
      }),
    );
  });
});

describe("exact success probability (p = 1/3 per die)", () => {
  // Probabilities the Core text quotes (nearest whole percent unless stated).
  const quoted: [number, number, number][] = [
    [9, 2, 86], // Anders, Stellar Navigation
    [6, 2, 65], // Gemma, unallocated
    [3, 2, 26], // Padma
    [9, 3, 62], // Harry, Medicine in TEC 5
    [3, 3, 4], // Harry, Chemistry in TEC 1
    [7, 3, 43], // Harry with Historical Skill; Benny's wrench
    [1, 1, 33],
    [2, 2, 11],
    [3, 1, 70],
    [5, 1, 87],
  ];
  it.each(quoted)("%id6 vs %iS is %i %%", (pool, target, percent) => {
    expect(Math.round(successProbability(pool, target) * 100)).toBe(percent);
  });
  it("5d6 vs 5S is less than 0.5 %", () => expect(successProbability(5, 5)).toBeLessThan(0.005));
  it("8d6 vs 3S is 53.18 % (the AnyDice figure), failure 46.82 %", () => {
    expect(successProbability(8, 3)).toBeCloseTo(0.5318, 4);
    expect(1 - successProbability(8, 3)).toBeCloseTo(0.4682, 4);
  });
  it("2d6 vs 1S is 5/9 exactly (the text's 55 % truncates 55.56 %)", () => {
    expect(successProbability(2, 1)).toBeCloseTo(5 / 9, 12);
  });
  it("TV-C10: 6d6 vs 4S is 10.01 %; TV-C11: 12d6 vs 8S is 1.88 %", () => {
    expect(successProbability(6, 4)).toBeCloseTo(0.1001, 4);
    expect(successProbability(12, 8)).toBeCloseTo(0.0188, 4);
  });
  it("edge cases: no dice, zero target, target above pool", () => {
    expect(successProbability(0, 1)).toBe(0);
    expect(successProbability(-3, 1)).toBe(0);
    expect(successProbability(4, 0)).toBe(1);
    expect(successProbability(3, 4)).toBe(0);
  });
  it("property: monotone up in pool, down in target", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 30 }), (n, k) => {
        expect(successProbability(n + 1, k)).toBeGreaterThanOrEqual(successProbability(n, k) - 1e-12);
        expect(successProbability(n, k + 1)).toBeLessThanOrEqual(successProbability(n, k) + 1e-12);
      }),
    );
  });
  it("property: agrees with brute-force enumeration for small pools", () => {
    for (let n = 0; n <= 6; n++) {
      for (let k = 0; k <= n + 1; k++) {
        let hits = 0;
        const total = 6 ** n;
        for (let code = 0; code < total; code++) {
          const f: number[] = [];
          let c = code;
          for (let d = 0; d < n; d++) {
            f.push((c % 6) + 1);
            c = Math.floor(c / 6);
          }
          if (countSuccesses(f).successes >= k) hits++;
        }
        expect(successProbability(n, k)).toBeCloseTo(hits / total, 12);
      }
    }
  });
});

/**
 * Exact reference, independent of `successProbability`: `P(X >= k)` for X ~ Binomial(n, 1/3) as the
 * rational `sum_{i>=k} C(n,i) 2^(n-i) / 3^n` in BigInt, returned to `digits` decimals.
 * ("Any die in the pool that rolls a five or a six counts as a success": p = 2/6 = 1/3.)
 */
function exactTail(n: number, k: number, digits = 12): number {
  if (k <= 0) return 1;
  if (k > n) return 0;
  const N = BigInt(n);
  let c = 1n; // C(n, 0)
  let numerator = 0n;
  for (let i = 0n; i <= N; i++) {
    if (i >= BigInt(k)) numerator += c * 2n ** (N - i);
    c = (c * (N - i)) / (i + 1n);
  }
  const scale = 10n ** BigInt(digits);
  const denominator = 3n ** N;
  // Round half up.
  const scaled = (numerator * scale * 2n + denominator) / (2n * denominator);
  return Number(scaled) / Number(scale);
}

describe("exact success probability for huge pools (no underflow)", () => {
  it("3000d6 vs 1000S (the mean) is ≈ 50.7 %, not 100 %", () => {
    const reference = exactTail(3000, 1000, 6);
    expect(reference).toBeCloseTo(0.507, 3);
    expect(successProbability(3000, 1000)).toBeCloseTo(reference, 6);
  });
  it("other huge pools agree with the BigInt rational to 9 decimals", () => {
    for (const [n, k] of [
      [3000, 999],
      [3000, 1001],
      [3000, 1050],
      [3000, 950],
      [2500, 900],
      [1200, 400],
      [1200, 1],
      [1200, 600],
    ] as const) {
      expect(successProbability(n, k)).toBeCloseTo(exactTail(n, k, 12), 9);
    }
  });
  it("extreme tails stay in [0, 1]: 3000d6 vs 3000S is (1/3)^3000, 3000d6 vs 1S is 1 - (2/3)^3000", () => {
    expect(successProbability(3000, 3000)).toBe(0);
    expect(successProbability(3000, 1)).toBe(1);
    expect(successProbability(100000, 33334)).toBeGreaterThan(0.49);
    expect(successProbability(100000, 33334)).toBeLessThan(0.51);
  });
  it("property: in [0, 1], monotone in pool and target, for pools up to 5000", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 5000 }), (n, k) => {
        const p = successProbability(n, k);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(1);
        expect(successProbability(n + 1, k)).toBeGreaterThanOrEqual(p - 1e-12);
        expect(successProbability(n, k + 1)).toBeLessThanOrEqual(p + 1e-12);
      }),
      { numRuns: 200 },
    );
  });
  it("property: pools near their mean target (k ≈ n/3) are between 40 % and 65 %", () => {
    fc.assert(
      fc.property(fc.integer({ min: 300, max: 6000 }), (n) => {
        const p = successProbability(n, Math.round(n / 3));
        expect(p).toBeGreaterThan(0.4);
        expect(p).toBeLessThan(0.65);
      }),
      { numRuns: 100 },
    );
  });
  it("property: agrees with the naive exact sum (BigInt rational) for small pools", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 0, max: 81 }), (n, k) => {
        expect(successProbability(n, k)).toBeCloseTo(exactTail(n, k, 14), 12);
      }),
      { numRuns: 300 },
    );
  });
});

/** Exact reference for a contest, in BigInt rationals: P(initiator's successes - challenger's >= max(1, t)). */
function exactContest(a: number, b: number, t: number, digits = 14): number {
  const need = BigInt(Math.max(1, t));
  const weights = (n: number): bigint[] => {
    const N = BigInt(n);
    const w: bigint[] = [];
    let c = 1n;
    for (let i = 0n; i <= N; i++) {
      w.push(c * 2n ** (N - i));
      c = (c * (N - i)) / (i + 1n);
    }
    return w;
  };
  const wa = weights(a);
  const wb = weights(b);
  let numerator = 0n;
  wa.forEach((x, i) => {
    wb.forEach((y, j) => {
      if (BigInt(i) - BigInt(j) >= need) numerator += x * y;
    });
  });
  const denominator = 3n ** BigInt(a + b);
  const scale = 10n ** BigInt(digits);
  return Number((numerator * scale * 2n + denominator) / (2n * denominator)) / Number(scale);
}

describe("exact contest odds ('Contests')", () => {
  it("exactly i successes: 2d6 has 0, 1, 2 successes with 4/9, 4/9, 1/9", () => {
    expect(exactSuccessesProbability(2, 0)).toBeCloseTo(4 / 9, 14);
    expect(exactSuccessesProbability(2, 1)).toBeCloseTo(4 / 9, 14);
    expect(exactSuccessesProbability(2, 2)).toBeCloseTo(1 / 9, 14);
    expect(exactSuccessesProbability(2, 3)).toBe(0);
  });
  it("Chida's 5d6 takedown (2S) against Benny's 3d6 matches the exact rational", () => {
    expect(contestProbability(5, 3, 2)).toBeCloseTo(exactContest(5, 3, 2), 12);
  });
  it("no challenger dice is a plain test; no stated target is 1S ('If the result is positive')", () => {
    expect(contestProbability(4, 0, 2)).toBeCloseTo(successProbability(4, 2), 14);
    expect(contestProbability(4, 3)).toBeCloseTo(contestProbability(4, 3, 1), 14);
    expect(contestProbability(4, 3, 0)).toBeCloseTo(contestProbability(4, 3, 1), 14);
  });
  it("huge pools: 600d6 against 600d6 matches the exact rational; 3000 against 3000 is just under 1/2", () => {
    expect(contestProbability(600, 600)).toBeCloseTo(exactContest(600, 600, 1, 12), 9);
    const p = contestProbability(3000, 3000);
    expect(p).toBeGreaterThan(0.49);
    expect(p).toBeLessThan(0.5);
  });
  it("property: agrees with the exact rational for small pools", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 6 }),
        (a, b, t) => {
          expect(contestProbability(a, b, t)).toBeCloseTo(exactContest(a, b, t), 12);
        },
      ),
      { numRuns: 150 },
    );
  });
});
