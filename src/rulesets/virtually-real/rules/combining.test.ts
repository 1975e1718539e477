import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { planCheck } from "./check";
import { dlFor } from "./experience";
import { successOdds } from "./odds";
import {
  addedExperience,
  addedExperienceRefusal,
  combination,
  combinedAdvantages,
  splitCombinationTotal,
  helperShare,
  splitNpcCapacity,
  withHelpers,
} from "./combining";

describe("Added Experience", () => {
  it("TV-17: Botany [2]20/3 + Survival [2]40/5: roll 2 dice + 6 (60 XP), not + 8", () => {
    expect(
      addedExperience([
        { capacity: 2, xp: 20 },
        { capacity: 2, xp: 40 },
      ]),
    ).toEqual({ capacity: 2, xp: 60, level: 6 });
  });
  it("needs the same capacity in each skill", () => {
    expect(() =>
      addedExperience([
        { capacity: 2, xp: 20 },
        { capacity: 3, xp: 40 },
      ]),
    ).toThrow(RangeError);
    expect(() => addedExperience([])).toThrow(RangeError);
  });
  it("names the refusal without throwing: Botany [2] with Survival [2] may, with Survival [3] may not", () => {
    expect(addedExperienceRefusal([{ capacity: 2 }, { capacity: 2 }])).toBeNull();
    expect(addedExperienceRefusal([{ capacity: 2 }, { capacity: 3 }])).toEqual({
      reason: "capacity",
      capacities: [2, 3],
    });
    expect(addedExperienceRefusal([])).toBeNull();
  });
  it("adding XP never gives less than the better skill's level, and at most +9 (two level-0 skills of 5 XP make level 2)", () => {
    fc.assert(
      fc.property(fc.nat(200), fc.nat(200), (a, b) => {
        const sum = addedExperience([
          { capacity: 2, xp: a },
          { capacity: 2, xp: b },
        ]).level;
        const one = addedExperience([{ capacity: 2, xp: a }]).level;
        const two = addedExperience([{ capacity: 2, xp: b }]).level;
        return sum >= Math.max(one, two) && sum <= 9;
      }),
    );
  });
});

describe("helpers", () => {
  it("TV-48: a leader with 20 XP and a helper with 30: 20 + 15 = 35, level 4, +1 crit", () => {
    expect(withHelpers(20, [30])).toEqual({ xp: 35, level: 4, critMod: 1 });
  });
  it("half rounded down; the other reading (A-2) adds it all", () => {
    expect(withHelpers(20, [31, 7])).toEqual({ xp: 20 + 15 + 3, level: 5, critMod: 2 });
    expect(withHelpers(20, [30], { helperXP: "full" })).toEqual({ xp: 50, level: 5, critMod: 1 });
  });
  it("one helper's share: half their XP rounded down (31 adds 15), or all of it (A-2)", () => {
    expect(helperShare(31)).toBe(15);
    expect(helperShare(30)).toBe(15);
    expect(helperShare(1)).toBe(0);
    expect(helperShare(31, { helperXP: "full" })).toBe(31);
    expect(() => helperShare(-1)).toThrow(RangeError);
  });
  it("every helper adds +1 crit and never lowers the XP", () => {
    fc.assert(
      fc.property(fc.nat(100), fc.array(fc.nat(100), { maxLength: 6 }), (leader, helpers) => {
        const h = withHelpers(leader, helpers);
        return h.critMod === helpers.length && h.xp >= leader;
      }),
    );
  });
});

describe("the Combination roll", () => {
  it("TV-47: skill [2] level 3 + attribute [2] level 2: capacity 3, +5, critical on 3..5", () => {
    const c = combination({ capacity: 2, level: 3 }, { capacity: 2, level: 2 });
    expect(c).toEqual({ capacity: 3, level: 5, critRangeBonus: 2 });
    const plan = planCheck({
      kind: "combination",
      capacity: c.capacity,
      attrCapacity: 2,
      advantage: 0,
      disadvantage: 0,
      critMod: 0,
    });
    expect(plan.critRange).toEqual([3, 5]);
  });
  it("AGL [2]14/2 + Acrobatics [1]40/5 against DL 18: 2 dice + 7, 3/36 (8 %); with a trainer's 50 XP, + 9, 10/36 (28 %)", () => {
    const c = combination({ capacity: 2, level: 2 }, { capacity: 1, level: 5 });
    expect([c.capacity, c.level]).toEqual([2, 7]);
    const odds = (level: number) =>
      successOdds({
        kind: "combination",
        capacity: c.capacity,
        attrCapacity: 2,
        advantage: 0,
        disadvantage: 0,
        critMod: 0,
        level,
        dl: 18,
      });
    expect(odds(7)).toBeCloseTo(3 / 36, 15);
    expect(odds(2 + 7)).toBeCloseTo(10 / 36, 15);
  });
  it("is opposed by the Combo column: a difficult job is DL 14, its Combination 20", () => {
    expect([dlFor("difficult"), dlFor("difficult", true)]).toEqual([14, 20]);
  });
  it("an advantage that applies to both skills counts once", () => {
    expect(combinedAdvantages(["careful", "intimacy:home"], ["careful"])).toBe(2);
    expect(combinedAdvantages([], [])).toBe(0);
  });
  it("refuses capacities out of range", () => {
    expect(() => combination({ capacity: 0, level: 0 }, { capacity: 1, level: 0 })).toThrow(RangeError);
    expect(() => combination({ capacity: 6, level: 0 }, { capacity: 1, level: 0 })).toThrow(RangeError);
  });
  it("a split Combination: the NPC rolls one die less, the totals are added", () => {
    expect([splitNpcCapacity(2), splitNpcCapacity(1)]).toEqual([1, 0]);
    expect(splitCombinationTotal(9, 5)).toBe(14);
    expect(() => splitNpcCapacity(0)).toThrow(RangeError);
  });
});
