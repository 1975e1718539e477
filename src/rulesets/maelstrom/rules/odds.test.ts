import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { resolveRoll } from "./dice";
import { bonusDieDistribution, experienceDieOdds, netDistribution, outcomeOdds } from "./odds";

type Dist = Map<number, number>;

function add(map: Dist, key: number, p: number): void {
  map.set(key, (map.get(key) ?? 0) + p);
}

/** Every face combination of `pool` dice, resolved by resolveRoll: the net result's exact distribution. */
function bruteForce(pool: number, difficulty: number, threshold: number): Dist {
  const out: Dist = new Map();
  const total = 10 ** pool;
  for (let code = 0; code < total; code++) {
    const dice: number[] = [];
    for (let i = 0, c = code; i < pool; i++, c = Math.floor(c / 10)) dice.push((c % 10) + 1);
    add(out, resolveRoll({ dice, difficulty, threshold }).net, 1 / total);
  }
  return out;
}

/**
 * An independent check of exploding tens: every face of every die, each ten followed by two bonus
 * dice, down to `depth` generations (a ten at the last generation adds its success and nothing
 * more: the missing mass is below 0.2^depth). Entries under 1e-24 are dropped so the maps stay
 * small (thousands of them at most: under 1e-20 in all).
 */
function bonusByEnumeration(difficulty: number, depth: number, memo = new Map<number, Dist>()): Dist {
  const hit = memo.get(depth);
  if (hit) return hit;
  const out: Dist = new Map();
  for (let face = 1; face <= 10; face++) {
    const success = face >= difficulty ? 1 : 0;
    if (face === 10 && depth > 0) {
      const child = bonusByEnumeration(difficulty, depth - 1, memo);
      for (const [a, pa] of child) for (const [b, pb] of child) add(out, success + a + b, 0.1 * pa * pb);
    } else add(out, success, 0.1);
  }
  for (const [k, p] of out) if (p < 1e-24) out.delete(k);
  memo.set(depth, out);
  return out;
}

const bonusCache = new Map<number, Dist>();

/** Joint (successes, botches) of `pool` exploding normal dice (key successes·8 + botches), then the net result. */
function explodingByEnumeration(pool: number, difficulty: number, threshold: number, auto: number): Dist {
  const bonus = bonusCache.get(difficulty) ?? bonusByEnumeration(difficulty, 25);
  bonusCache.set(difficulty, bonus);
  const die: Dist = new Map();
  for (let face = 1; face <= 10; face++) {
    if (face === 1) add(die, 1, 0.1);
    else if (face === 10)
      for (const [a, pa] of bonus) for (const [b, pb] of bonus) add(die, (1 + a + b) * 8, 0.1 * pa * pb);
    else add(die, face >= difficulty ? 8 : 0, 0.1);
  }
  let joint: Dist = new Map([[0, 1]]);
  for (let i = 0; i < pool; i++) {
    const next: Dist = new Map();
    for (const [k1, p1] of joint) for (const [k2, p2] of die) add(next, k1 + k2, p1 * p2);
    joint = next;
  }
  const out: Dist = new Map();
  for (const [k, p] of joint) add(out, Math.max(0, Math.floor(k / 8) + auto - threshold) - (k % 8), p);
  return out;
}

function expectSameDistribution(
  actual: { net: number; p: number }[],
  expected: Dist,
  tolerance: number,
): void {
  const got = new Map(actual.map(({ net, p }) => [net, p]));
  for (const net of new Set([...got.keys(), ...expected.keys()]))
    expect(Math.abs((got.get(net) ?? 0) - (expected.get(net) ?? 0))).toBeLessThan(tolerance);
}

const sum = (d: { p: number }[]) => d.reduce((t, { p }) => t + p, 0);

describe("exact odds against every face (1..4 dice, no explosions)", () => {
  it("match brute-force enumeration for difficulties 2..11 and thresholds 0..3", () => {
    for (let pool = 1; pool <= 4; pool++)
      for (let difficulty = 2; difficulty <= 11; difficulty++)
        for (let threshold = 0; threshold <= 3; threshold++) {
          const expected = bruteForce(pool, difficulty, threshold);
          const dist = netDistribution({ pool, difficulty, threshold });
          expectSameDistribution(dist, expected, 1e-12);
          const odds = outcomeOdds({ pool, difficulty, threshold });
          let success = 0;
          let botch = 0;
          let mean = 0;
          for (const [net, p] of expected) {
            if (net > 0) success += p;
            if (net > 0) mean += net * p;
            if (net < 0) botch += p;
          }
          expect(odds.success).toBeCloseTo(success, 12);
          expect(odds.botch).toBeCloseTo(botch, 12);
          expect(odds.failure).toBeCloseTo(1 - success - botch, 12);
          expect(odds.expectedSuccesses).toBeCloseTo(mean, 12);
        }
  });
  it("lists nets in ascending order, leaving out the impossible ones", () => {
    const dist = netDistribution({ pool: 2, difficulty: 2 });
    expect(dist.map(({ net }) => net)).toEqual([-2, 0, 2]);
    expect(dist.map(({ p }) => p)).toEqual([
      expect.closeTo(0.01, 15),
      expect.closeTo(0.18, 15),
      expect.closeTo(0.81, 15),
    ]);
  });
});

describe("exact odds with exploding tens", () => {
  it("the spec's check: one die at 6 succeeds 0.5, fails 0.4, botches 0.1; 0.625 successes with a specialty", () => {
    const plain = outcomeOdds({ pool: 1, difficulty: 6 });
    expect(plain.success).toBeCloseTo(0.5, 14);
    expect(plain.failure).toBeCloseTo(0.4, 14);
    expect(plain.botch).toBeCloseTo(0.1, 14);
    expect(plain.expectedSuccesses).toBeCloseTo(0.5, 14);
    const special = outcomeOdds({ pool: 1, difficulty: 6, specialty: true });
    expect(special.success).toBeCloseTo(0.5, 12);
    expect(special.failure).toBeCloseTo(0.4, 12);
    expect(special.botch).toBeCloseTo(0.1, 12);
    expect(special.expectedSuccesses).toBeCloseTo(0.625, 12);
  });
  it("a bonus die's successes average 0.5 / (1 - 0.2) = 0.625 at 6, and sum to 1", () => {
    const g = bonusDieDistribution(6);
    expect(g.reduce((t, p) => t + p, 0)).toBeCloseTo(1, 14);
    expect(g.reduce((t, p, k) => t + k * p, 0)).toBeCloseTo(0.625, 12);
    expect(g[0]).toBeCloseTo(0.5, 15); // faces 1..5
    expect(g[1]).toBeCloseTo(0.4 + 0.1 * 0.25, 15); // 6..9, or a ten whose two bonus dice fail
  });
  it("match an independent enumeration with the explosion depth capped (1..3 dice)", () => {
    for (let pool = 1; pool <= 3; pool++)
      for (let difficulty = 2; difficulty <= 10; difficulty++)
        for (let threshold = 0; threshold <= 3; threshold++)
          for (const auto of [0, 1]) {
            const expected = explodingByEnumeration(pool, difficulty, threshold, auto);
            const dist = netDistribution({
              pool,
              difficulty,
              threshold,
              specialty: true,
              autoSuccesses: auto,
            });
            expectSameDistribution(dist, expected, 1e-12);
          }
  });
  it("pool 100 at difficulty 2 with explosions stays a distribution", () => {
    const dist = netDistribution({ pool: 100, difficulty: 2, specialty: true });
    expect(Math.abs(sum(dist) - 1)).toBeLessThan(1e-12);
    const odds = outcomeOdds({ pool: 100, difficulty: 2, specialty: true });
    expect(odds.expectedSuccesses).toBeGreaterThan(90);
  });
  it("above difficulty 10 nothing succeeds, explosions or not", () => {
    for (const specialty of [false, true]) {
      const odds = outcomeOdds({ pool: 3, difficulty: 11, specialty });
      expect(odds.success).toBe(0);
      expect(odds.botch).toBeCloseTo(1 - 0.9 ** 3, 14);
    }
    expect(outcomeOdds({ pool: 3, difficulty: 12, autoSuccesses: 1 }).success).toBeCloseTo(0.9 ** 3, 14);
  });
  it("a pool of 0 (or less) fails unless automatic successes carry it", () => {
    expect(outcomeOdds({ pool: 0 })).toEqual({ success: 0, failure: 1, botch: 0, expectedSuccesses: 0 });
    expect(outcomeOdds({ pool: -3 }).failure).toBe(1);
    expect(outcomeOdds({ pool: 0, autoSuccesses: 1 }).success).toBe(1);
  });
  it("rejects impossible input", () => {
    expect(() => outcomeOdds({ pool: 1.5 })).toThrow(RangeError);
    expect(() => outcomeOdds({ pool: 3, difficulty: 1 })).toThrow(RangeError);
    expect(() => outcomeOdds({ pool: 3, threshold: -1 })).toThrow(RangeError);
    expect(() => outcomeOdds({ pool: 3, autoSuccesses: 0.5 })).toThrow(RangeError);
    expect(() => outcomeOdds({ pool: 100_000 })).toThrow(RangeError);
  });
});

describe("odds properties", () => {
  const input = fc.record({
    pool: fc.integer({ min: 0, max: 40 }),
    difficulty: fc.integer({ min: 2, max: 11 }),
    threshold: fc.integer({ min: 0, max: 20 }),
    specialty: fc.boolean(),
    autoSuccesses: fc.integer({ min: 0, max: 2 }),
  });
  const EPS = 1e-12;
  it("probabilities sum to 1 and expected successes are >= 0", () => {
    fc.assert(
      fc.property(input, (i) => {
        const odds = outcomeOdds(i);
        expect(Math.abs(odds.success + odds.failure + odds.botch - 1)).toBeLessThan(EPS);
        expect(Math.abs(sum(netDistribution(i)) - 1)).toBeLessThan(EPS);
        for (const p of [odds.success, odds.failure, odds.botch]) expect(p).toBeGreaterThanOrEqual(-EPS);
        expect(odds.expectedSuccesses).toBeGreaterThanOrEqual(0);
      }),
    );
  });
  it("success never rises with difficulty or threshold, and explosions never lower it", () => {
    fc.assert(
      fc.property(input, (i) => {
        const base = outcomeOdds(i).success;
        expect(outcomeOdds({ ...i, difficulty: i.difficulty + 1 }).success).toBeLessThanOrEqual(base + EPS);
        expect(outcomeOdds({ ...i, threshold: i.threshold + 1 }).success).toBeLessThanOrEqual(base + EPS);
        expect(outcomeOdds({ ...i, specialty: true }).success).toBeGreaterThanOrEqual(
          outcomeOdds({ ...i, specialty: false }).success - EPS,
        );
      }),
    );
  });
  it("another die never lowers the expected successes (difficulty <= 10)", () => {
    fc.assert(
      fc.property(input, (i) => {
        fc.pre(i.difficulty <= 10);
        expect(outcomeOdds({ ...i, pool: i.pool + 1 }).expectedSuccesses).toBeGreaterThanOrEqual(
          outcomeOdds(i).expectedSuccesses - EPS,
        );
      }),
    );
  });
  it("another die never lowers the success chance at difficulty 3..10 without automatic successes", () => {
    fc.assert(
      fc.property(input, (i) => {
        fc.pre(i.difficulty >= 3 && i.difficulty <= 10 && i.autoSuccesses === 0);
        expect(outcomeOdds({ ...i, pool: i.pool + 1 }).success).toBeGreaterThanOrEqual(
          outcomeOdds(i).success - EPS,
        );
      }),
    );
  });
  it("but it can elsewhere: at difficulty 2 every die succeeds or botches, and a die can botch a sure success", () => {
    // 1 die at 2: success 9/10; 2 dice: one success and one botch cancel, so only 81/100.
    expect(outcomeOdds({ pool: 1, difficulty: 2 }).success).toBeCloseTo(0.9, 14);
    expect(outcomeOdds({ pool: 2, difficulty: 2 }).success).toBeCloseTo(0.81, 14);
    // Strong Bond's success with no dice is sure; one die at 10 botches it away 1 time in 10.
    expect(outcomeOdds({ pool: 0, difficulty: 10, autoSuccesses: 1 }).success).toBe(1);
    expect(outcomeOdds({ pool: 1, difficulty: 10, autoSuccesses: 1 }).success).toBeCloseTo(0.9, 14);
  });
});

describe("experience die odds", () => {
  it("TV-15: a failure with [3, 4] at 6 turns into a success half the time; a 1 never botches", () => {
    const odds = experienceDieOdds({ successes: 0, botches: 0 });
    expect(odds.success).toBeCloseTo(0.5, 14);
    expect(odds.failure).toBeCloseTo(0.5, 14);
    expect(odds.botch).toBe(0);
  });
  it("TV-16: with a specialty the die averages 0.625 more successes", () => {
    const before = 1;
    const odds = experienceDieOdds({ successes: 1, botches: 0, specialty: true });
    expect(odds.success).toBe(1);
    expect(odds.expectedSuccesses - before).toBeCloseTo(0.625, 12);
  });
  it("a botch stays a botch unless the die's success gets past the threshold", () => {
    // [7, 1] at 7 with threshold 1: S 1 -> 0 after the threshold, B 1: a botch. The die succeeds on
    // 7..10 (40%): S 2 -> 1, cancelled by the botch: a failure.
    const odds = experienceDieOdds({ successes: 1, botches: 1, threshold: 1, difficulty: 7 });
    expect(odds.failure).toBeCloseTo(0.4, 14);
    expect(odds.botch).toBeCloseTo(0.6, 14);
    expect(() => experienceDieOdds({ successes: -1, botches: 0 })).toThrow(RangeError);
  });
});
