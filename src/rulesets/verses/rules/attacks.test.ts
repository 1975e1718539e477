import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { dodgeReduction } from "./attacks-area";
import {
  attackTarget,
  maxSustainDice,
  maximumRange,
  obstructiveCoverBonus,
  parseRangeSpec,
  parseSustainCost,
  parseSustainable,
  rangedTarget,
  scatter,
  scatterLanding,
  sustainUnitsUsed,
  sweepRange,
  sweepShares,
  validateRangeSpec,
} from "./attacks";

describe("ranged success targets (Action Tests)", () => {
  it("TV-19: Short Bow 2S@10m,20,30,40,50 at 10/20/30/40/50/51 m -> 2S/3S/4S/5S/6S/ineffective", () => {
    const bow = "2S@10m,20,30,40,50";
    expect([10, 20, 30, 40, 50, 51].map((d) => rangedTarget(bow, d))).toEqual([2, 3, 4, 5, 6, null]);
  });
  it('"2 successes up to 10m, 3S up to 20m": inside the first mark and between marks', () => {
    expect(rangedTarget("2S@10m,20,30,40,50", 5)).toBe(2);
    expect(rangedTarget("2S@10m,20,30,40,50", 0)).toBe(2);
    expect(rangedTarget("2S@10m,20,30,40,50", 15)).toBe(3);
    expect(rangedTarget("2S@10m,20,30,40,50", 10.5)).toBe(3);
  });
  it("TV-20: Halberd 2S@3m,2 'requires 2 successes against targets at 3m, 3 successes against targets at 2m, and is otherwise ineffective'", () => {
    expect(rangedTarget("2S@3m,2", 3)).toBe(2);
    expect(rangedTarget("2S@3m,2", 2)).toBe(3);
    expect(rangedTarget("2S@3m,2", 1)).toBeNull();
    expect(rangedTarget("2S@3m,2", 4)).toBeNull();
    // §11.2 #24: between marks takes the shorter, harder mark.
    expect(rangedTarget("2S@3m,2", 2.5)).toBe(3);
  });
  it("Pike 1S@3m,2 -> 1S at 3 m, 2S at 2 m (listing)", () => {
    expect(rangedTarget("1S@3m,2", 3)).toBe(1);
    expect(rangedTarget("1S@3m,2", 2)).toBe(2);
  });
  it("marks without a unit are metres: Lever-Action Rifle 1S@20,50,100,250,500", () => {
    expect(rangedTarget("1S@20,50,100,250,500", 100)).toBe(3);
    expect(rangedTarget("1S@20,50,100,250,500", 500)).toBe(5);
    expect(rangedTarget("1S@20,50,100,250,500", 501)).toBeNull();
  });
  it("TV-21: Flintlock Pistol 1S@2m,5,10,15,20: a guard in the 2-5 m band is 2S", () => {
    expect(rangedTarget("1S@2m,5,10,15,20", 4)).toBe(2);
  });
  it("melee 1S has no range: the base target within reach (§11.2 #25, 1 m by default)", () => {
    expect(rangedTarget("1S", 1)).toBe(1);
    expect(rangedTarget("2S", 0)).toBe(2);
    expect(rangedTarget("1S", 2)).toBeNull();
    expect(rangedTarget("1S", 2, { meleeReach: 2 })).toBe(1);
    expect(rangedTarget("1S", 50, { meleeReach: Infinity })).toBe(1);
  });
  it("parses the structured form, with spaces and (indirect)", () => {
    expect(parseRangeSpec("2S@10m,20,30,40,50")).toEqual({
      base: 2,
      marks: [10, 20, 30, 40, 50],
      direction: "increasing",
      indirect: false,
    });
    expect(parseRangeSpec("2S@3m,2")).toEqual({
      base: 2,
      marks: [3, 2],
      direction: "decreasing",
      indirect: false,
    });
    expect(parseRangeSpec("1S")).toEqual({ base: 1, marks: [], direction: "none", indirect: false });
    expect(parseRangeSpec("1S@5m, 10, 25, 40 (indirect)")).toEqual({
      base: 1,
      marks: [5, 10, 25, 40],
      direction: "increasing",
      indirect: true,
    });
    expect(maximumRange("1S@5m,10,25,40")).toBe(40);
    expect(maximumRange("2S@3m,2")).toBe(3);
    expect(maximumRange("1S")).toBeNull();
  });
  it("refuses malformed specifications", () => {
    expect(() => parseRangeSpec("2S@10m,5,30")).toThrow(RangeError);
    expect(() => parseRangeSpec("S@10m")).toThrow(RangeError);
    expect(() => parseRangeSpec("2S@ten")).toThrow(RangeError);
    expect(() => rangedTarget("2S@10m", -1)).toThrow(RangeError);
    expect(validateRangeSpec("2S@10m,10").ok).toBe(false);
    expect(validateRangeSpec("2S@10m,20")).toEqual({
      ok: true,
      value: { base: 2, marks: [10, 20], direction: "increasing", indirect: false },
    });
  });
  it("property: the increasing form never gets easier with distance, and stays within base..base+marks-1", () => {
    const spec = fc
      .tuple(
        fc.integer({ min: 0, max: 6 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 6 }),
      )
      .map(([base, marks]) => `${base}S@${[...marks].sort((a, b) => a - b).join(",")}`);
    fc.assert(
      fc.property(
        spec,
        fc.double({ min: 0, max: 600, noNaN: true }),
        fc.double({ min: 0, max: 600, noNaN: true }),
        (s, a, b) => {
          const [near, far] = a <= b ? [a, b] : [b, a];
          const tNear = rangedTarget(s, near);
          const tFar = rangedTarget(s, far);
          if (tNear === null) expect(tFar).toBeNull();
          if (tNear !== null && tFar !== null) expect(tFar).toBeGreaterThanOrEqual(tNear);
          const parsed = parseRangeSpec(s);
          if (tNear !== null) {
            expect(tNear).toBeGreaterThanOrEqual(parsed.base);
            expect(tNear).toBeLessThanOrEqual(parsed.base + parsed.marks.length - 1);
          }
        },
      ),
    );
  });
});

describe("obstructive cover (Obstructive Cover)", () => {
  it("'If obstructive cover is full, the attacker's success target is increased by +5S'", () => {
    expect(obstructiveCoverBonus({ cover: "full", metres: 1 })).toBe(5);
  });
  it("TV-C30: partial obstructive, base 1S at 2 m -> 1S; at 3 m -> +2S", () => {
    expect(attackTarget("1S@5m,10", { cover: "partial", metres: 2 })).toBe(1);
    expect(attackTarget("1S@5m,10", { cover: "partial", metres: 3 })).toBe(3);
  });
  it("TV-34: the sniper's 3S shot becomes 8S behind full cover", () => {
    // The Rifle 1S@20,50,100,250,500 is 3S between 50 and 100 m.
    expect(attackTarget("1S@20,50,100,250,500", { cover: "full", metres: 80 })).toBe(8);
  });
  it("TV-35: automatic rifle 2S at 30 m + partial obstructive tree = 4S", () => {
    // Assault Rifle 1S@20,50,... is 2S at 30 m.
    expect(attackTarget("1S@20,50,100,250,500", { cover: "partial", metres: 30 })).toBe(4);
  });
  it("TV-30: Seeja's target behind full cover is 7S (2S + 5S)", () => {
    expect(attackTarget("1S@20,50,100,250,500", { cover: "full", metres: 40 })).toBe(7);
  });
  it("Prone: 'the benefits of partial obstructive cover at ranges greater than 10m', not stacking", () => {
    expect(obstructiveCoverBonus({ cover: "none", metres: 10, targetProne: true })).toBe(0);
    expect(obstructiveCoverBonus({ cover: "none", metres: 11, targetProne: true })).toBe(2);
    expect(obstructiveCoverBonus({ cover: "partial", metres: 11, targetProne: true })).toBe(2);
    expect(obstructiveCoverBonus({ cover: "full", metres: 11, targetProne: true })).toBe(5);
  });
  it("out of range stays out of range", () => {
    expect(attackTarget("2S@10m,20", { cover: "full", metres: 21 })).toBeNull();
  });
});

describe("indirect attacks and scatter (Indirect Attacks)", () => {
  it("TV-29: Ambrose 6,5,2,2,1,4,4,3 vs 3S -> too far and wide left, 5 - 2 = 3 m", () => {
    const r = scatter([6, 5, 2, 2, 1, 4, 4, 3], 3);
    expect(r).toMatchObject({
      hit: false,
      successes: 2,
      depth: "far",
      side: "left",
      offset: 3,
      forward: 3,
      right: -3,
    });
  });
  it("TV-C24: 5,1,1,3,4,2 vs 2S -> too near, no lateral, 4 m short", () => {
    const r = scatter([5, 1, 1, 3, 4, 2], 2);
    expect(r).toMatchObject({ depth: "near", side: null, offset: 4, forward: -4, right: 0 });
  });
  it("table: 3 = Wide Right", () => {
    expect(scatter([3, 3, 4, 1], 1)).toMatchObject({ side: "right", depth: "near", offset: 5 });
  });
  it("a hit does not scatter", () => {
    expect(scatter([6, 5, 1, 1], 2)).toMatchObject({ hit: true, offset: 0, depth: null, side: null });
  });
  it("§11.2 #23: a failed test with 5+ successes lands on the target (offset 0)", () => {
    expect(scatter([6, 6, 5, 5, 5, 1, 2, 2], 6)).toMatchObject({
      hit: false,
      offset: 0,
      depth: "far",
      forward: 0,
    });
  });
  it("TV-29 on a map: 3 m behind and to the Beast's right (Ambrose's left)", () => {
    const r = scatter([6, 5, 2, 2, 1, 4, 4, 3], 3);
    // Ambrose at the origin throwing east (+x) on a y-down canvas: his left is north (-y).
    const landing = scatterLanding({ x: 0, y: 0 }, { x: 10, y: 0 }, r);
    expect(landing.ok).toBe(true);
    if (landing.ok) {
      expect(landing.value.x).toBeCloseTo(13);
      expect(landing.value.y).toBeCloseTo(-3);
      // "Euclidean ≈ 4.24 m" from the Beast.
      expect(Math.hypot(landing.value.x - 10, landing.value.y)).toBeCloseTo(4.243, 2);
    }
    const up = scatterLanding({ x: 0, y: 0 }, { x: 10, y: 0 }, r, "up");
    if (up.ok) expect(up.value.y).toBeCloseTo(3);
    expect(scatterLanding({ x: 1, y: 1 }, { x: 1, y: 1 }, r).ok).toBe(false);
  });
  it("property: the scatter offset is always 0..5 m", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 20 }),
        fc.integer({ min: 0, max: 10 }),
        (faces, t) => {
          const r = scatter(faces, t);
          expect(r.offset).toBeGreaterThanOrEqual(0);
          expect(r.offset).toBeLessThanOrEqual(5);
          expect(Math.abs(r.forward)).toBeLessThanOrEqual(r.offset);
          expect(Math.abs(r.right)).toBeLessThanOrEqual(r.offset);
        },
      ),
    );
  });
});

describe("sustained attacks (Sustained Attacks)", () => {
  const assaultRifle = parseSustainable("Sustainable(4, 3)");
  it("parses Sustainable(4, 3) and Sustainable(5,3) as (rate, cost)", () => {
    expect(assaultRifle).toEqual({ rate: 4, cost: { units: 3, dice: 1 } });
    expect(parseSustainable("Sustainable(5,3)")).toEqual({ rate: 5, cost: { units: 3, dice: 1 } });
    expect(parseSustainable("3, 1EX/3")).toEqual({ rate: 3, cost: { units: 1, dice: 3 } });
    expect(parseSustainCost("1EX/3")).toEqual({ units: 1, dice: 3 });
    expect(() => parseSustainable("Sustainable(x)")).toThrow(RangeError);
    expect(() => parseSustainCost("0")).toThrow(RangeError);
  });
  it("TV-30: Seeja, 30 shots at cost 3 and 5AD at rate 4 -> min(10, 20) = 10 sustain dice; 10d6 becomes 20d6", () => {
    const dice = maxSustainDice({ sustainable: assaultRifle, availableUnits: 30, adSpent: 5 });
    expect(dice).toBe(10);
    expect(10 + dice).toBe(20);
    // "emptying her magazine": the 10 sustain dice use all 30 shots.
    expect(sustainUnitsUsed(dice, assaultRifle.cost)).toBe(30);
  });
  it("TV-C21: SMG Sustainable(5,3), 14 rounds, 3AD -> min(4, 15) = 4 sustain dice using 12 rounds", () => {
    const smg = parseSustainable("Sustainable(5,3)");
    const dice = maxSustainDice({ sustainable: smg, availableUnits: 14, adSpent: 3 });
    expect(dice).toBe(4);
    expect(sustainUnitsUsed(dice, smg.cost)).toBe(12);
  });
  it("§11.2 #15 alternative: the base shot uses 1 round besides", () => {
    expect(
      maxSustainDice({ sustainable: assaultRifle, availableUnits: 30, adSpent: 5 }, { baseShotUnits: 1 }),
    ).toBe(9);
    expect(sustainUnitsUsed(4, { units: 3, dice: 1 }, { baseShotUnits: 1 })).toBe(13);
  });
  it("TV-31: Thanmore, rate 3, cost 1EX/3, 2 EX affordable, 2AD -> 6 sustain dice, 9d6 becomes 15d6, 2 EX", () => {
    const flame = { rate: 3, cost: parseSustainCost("1EX/3") };
    const dice = maxSustainDice({ sustainable: flame, availableUnits: 2, adSpent: 2 });
    expect(dice).toBe(6);
    expect(9 + dice).toBe(15);
    expect(sustainUnitsUsed(dice, flame.cost)).toBe(2);
  });
  it("rate limits: 1AD at rate 4 with a full magazine is 4 dice", () => {
    expect(maxSustainDice({ sustainable: assaultRifle, availableUnits: 30, adSpent: 1 })).toBe(4);
    expect(maxSustainDice({ sustainable: assaultRifle, availableUnits: 2, adSpent: 5 })).toBe(0);
  });
});

describe("sweeping attacks (Sweeping Attacks)", () => {
  it("TV-31: 15 HP spread across the three Shades -> 5 each", () => {
    expect(sweepShares(15, [2, 2, 3])).toEqual({ shares: [5, 5, 5], each: 5, remainder: 0, inRange: 3 });
  });
  it("§11.2 #22: shares are rounded down and the remainder reported", () => {
    expect(sweepShares(16, [2, 2, 3])).toMatchObject({ each: 5, remainder: 1 });
  });
  it("'so long as those objects are within the attack's effective range'", () => {
    expect(sweepShares(12, [10, 30, 60], "2S@10m,20,30,40,50")).toEqual({
      shares: [6, 6, 0],
      each: 6,
      remainder: 0,
      inRange: 2,
    });
    expect(sweepShares(12, [60], "2S@10m,20,30,40,50")).toMatchObject({
      shares: [0],
      remainder: 12,
      inRange: 0,
    });
  });
  it("the success target uses the mean range of objects in the sweep", () => {
    expect(sweepRange([10, 20, 30])).toBe(20);
    expect(rangedTarget("2S@10m,20,30,40,50", sweepRange([10, 20, 30]))).toBe(3);
    expect(() => sweepRange([])).toThrow(RangeError);
  });
  it("a dodge subtracts its successes from the actor's share", () => {
    expect(dodgeReduction(5, 2)).toBe(3);
    expect(dodgeReduction(5, 7)).toBe(0);
  });
});
