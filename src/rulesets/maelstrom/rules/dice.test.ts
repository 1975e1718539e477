import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  bonusDiceFor,
  effectiveDifficulty,
  experienceDieAllowed,
  resolveRoll,
  rollExperienceDie,
  rollPool,
  soakResult,
} from "./dice";

/** A d10 source replaying fixed faces, failing loudly when the test runs out of them. */
function replay(faces: number[]): () => number {
  let i = 0;
  return () => {
    const face = faces[i++];
    if (face === undefined) throw new Error("ran out of faces");
    return face;
  };
}

describe("resolving a roll (Maelstrom, Resolving the Result)", () => {
  it("TV-02: the Difficulty example, [1, 3, 4, 6, 7] at 6, leaves one success", () => {
    const r = resolveRoll({ dice: [1, 3, 4, 6, 7], difficulty: 6 });
    expect(r).toEqual({
      successes: 2,
      botches: 1,
      net: 1,
      outcome: "success",
      thresholdRemoved: 0,
      successesAfterThreshold: 2,
      uncancelledBotches: 0,
      finalSuccesses: 1,
    });
  });
  it("TV-03: the same dice at 7 fail", () => {
    const r = resolveRoll({ dice: [1, 3, 4, 6, 7], difficulty: 7 });
    expect([r.successes, r.botches, r.net, r.outcome]).toEqual([1, 1, 0, "failure"]);
  });
  it("TV-04: the same dice at 8 botch with one uncancelled botch", () => {
    const r = resolveRoll({ dice: [1, 3, 4, 6, 7], difficulty: 8 });
    expect([r.successes, r.botches, r.net, r.outcome, r.uncancelledBotches]).toEqual([0, 1, -1, "botch", 1]);
  });
  it("TV-05: the Threshold example, two successes and a botch at threshold 2, botches", () => {
    const r = resolveRoll({ dice: [1, 6, 7], threshold: 2 });
    expect(r.successes).toBe(2);
    expect(r.thresholdRemoved).toBe(2);
    expect(r.successesAfterThreshold).toBe(0);
    expect(r.outcome).toBe("botch");
  });
  it("TV-06: the sniper example gives two successes from [1, 4, 7, 10] + [1, 10] + [4, 8] at 8", () => {
    const rolled = rollPool({ pool: 4, exploding: true, d10: replay([1, 4, 7, 10, 1, 10, 4, 8]) });
    expect(rolled).toEqual({ dice: [1, 4, 7, 10], bonusDice: [1, 10, 4, 8] });
    expect(rolled.bonusDice).toHaveLength(4);
    const r = resolveRoll({ ...rolled, difficulty: 8, threshold: 0 });
    expect([r.successes, r.botches, r.net, r.outcome, r.finalSuccesses]).toEqual([3, 1, 2, "success", 2]);
  });
  it("TV-07: without a specialty (threshold 1, no bonus dice) the sniper botches", () => {
    const rolled = rollPool({ pool: 4, exploding: false, d10: replay([1, 4, 7, 10]) });
    expect(rolled.bonusDice).toEqual([]);
    const r = resolveRoll({ ...rolled, difficulty: 8, threshold: 1 });
    expect([r.successes, r.successesAfterThreshold, r.botches, r.outcome]).toEqual([1, 0, 1, "botch"]);
  });
  it("TV-08: with the general specialty instead the threshold stays 1: one success", () => {
    const r = resolveRoll({ dice: [1, 4, 7, 10], bonusDice: [1, 10, 4, 8], difficulty: 8, threshold: 1 });
    expect([r.successes, r.successesAfterThreshold, r.net, r.outcome]).toEqual([3, 2, 1, "success"]);
  });
  it("TV-09: a threshold does not stop a ten exploding", () => {
    const rolled = rollPool({ pool: 2, exploding: true, d10: replay([10, 2, 3, 5]) });
    expect(rolled.bonusDice).toEqual([3, 5]);
    const r = resolveRoll({ ...rolled, difficulty: 6, threshold: 1 });
    expect([r.successes, r.successesAfterThreshold, r.botches, r.outcome]).toEqual([1, 0, 0, "failure"]);
  });
  it("TV-10 to TV-12: the push-the-guard example (difficulty 5, threshold 2)", () => {
    const roll = (dice: number[]) => resolveRoll({ dice, difficulty: 5, threshold: 2 });
    expect([roll([5, 6, 9, 2]).outcome, roll([5, 6, 9, 2]).finalSuccesses]).toEqual(["success", 1]);
    expect(roll([5, 6, 1, 3]).outcome).toBe("botch");
    expect(roll([5, 2, 3, 4]).outcome).toBe("failure");
  });
  it("TV-13: a threshold above the successes leaves one uncancelled botch per one, not more", () => {
    const r = resolveRoll({ dice: [7, 1], threshold: 2 });
    expect([r.net, r.outcome, r.uncancelledBotches, r.thresholdRemoved]).toEqual([-1, "botch", 1, 1]);
  });
  it("bonus dice never botch and count successes", () => {
    const r = resolveRoll({ dice: [3], bonusDice: [1, 1, 6] });
    expect([r.botches, r.successes, r.outcome]).toEqual([0, 1, "success"]);
  });
  it("automatic successes count before the threshold (Strong Bond)", () => {
    expect(resolveRoll({ dice: [2], autoSuccesses: 1 }).outcome).toBe("success");
    expect(resolveRoll({ dice: [2], autoSuccesses: 1, threshold: 1 }).outcome).toBe("failure");
    expect(resolveRoll({ dice: [], autoSuccesses: 1 }).finalSuccesses).toBe(1);
  });
  it("above difficulty 10 nothing succeeds, not even a 10", () => {
    const r = resolveRoll({ dice: [10, 10, 1], bonusDice: [10], difficulty: 11 });
    expect([r.successes, r.outcome]).toEqual([0, "botch"]);
  });
  it("an empty pool fails", () => {
    expect(resolveRoll({ dice: [] }).outcome).toBe("failure");
  });
  it("rejects impossible input", () => {
    expect(() => resolveRoll({ dice: [0] })).toThrow(RangeError);
    expect(() => resolveRoll({ dice: [11] })).toThrow(RangeError);
    expect(() => resolveRoll({ dice: [2.5] })).toThrow(RangeError);
    expect(() => resolveRoll({ dice: [5], bonusDice: [0] })).toThrow(RangeError);
    expect(() => resolveRoll({ dice: [5], difficulty: 1 })).toThrow(RangeError);
    expect(() => resolveRoll({ dice: [5], threshold: -1 })).toThrow(RangeError);
    expect(() => resolveRoll({ dice: [5], autoSuccesses: -1 })).toThrow(RangeError);
  });
  it("the outcome follows the sign of net, and the parts add up", () => {
    const face = fc.integer({ min: 1, max: 10 });
    fc.assert(
      fc.property(
        fc.array(face, { maxLength: 12 }),
        fc.array(face, { maxLength: 6 }),
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 0, max: 5 }),
        (dice, bonusDice, difficulty, threshold) => {
          const r = resolveRoll({ dice, bonusDice, difficulty, threshold });
          expect(r.thresholdRemoved + r.successesAfterThreshold).toBe(r.successes);
          expect(r.finalSuccesses - r.uncancelledBotches).toBe(r.net);
          expect(r.outcome).toBe(r.net > 0 ? "success" : r.net < 0 ? "botch" : "failure");
          expect(r.botches).toBe(dice.filter((f) => f === 1).length);
        },
      ),
    );
  });
});

describe("exploding tens (Using Specialties)", () => {
  it("two bonus dice per ten when exploding, none otherwise", () => {
    expect(bonusDiceFor([1, 4, 7, 10], true)).toBe(2);
    expect(bonusDiceFor([10, 10, 3], true)).toBe(4);
    expect(bonusDiceFor([10, 10], false)).toBe(0);
    expect(bonusDiceFor([], true)).toBe(0);
    expect(() => bonusDiceFor([12], true)).toThrow(RangeError);
  });
  it("rolls waves until no ten is left", () => {
    const rolled = rollPool({ pool: 1, exploding: true, d10: replay([10, 10, 10, 2, 3, 10, 4, 5, 6]) });
    // [10] -> [10, 10] -> [2, 3, 10, 4] -> [5, 6]
    expect(rolled).toEqual({ dice: [10], bonusDice: [10, 10, 2, 3, 10, 4, 5, 6] });
  });
  it("a pool of 0 or less rolls nothing", () => {
    expect(rollPool({ pool: 0, exploding: true, d10: replay([]) })).toEqual({ dice: [], bonusDice: [] });
    expect(rollPool({ pool: -2, exploding: true, d10: replay([]) })).toEqual({ dice: [], bonusDice: [] });
  });
  it("rejects a d10 source that returns non-faces or never stops rolling tens", () => {
    expect(() => rollPool({ pool: 1, exploding: false, d10: () => 0 })).toThrow(RangeError);
    expect(() => rollPool({ pool: 1.5, exploding: false, d10: () => 5 })).toThrow(RangeError);
    expect(() => rollPool({ pool: 1, exploding: true, d10: () => 10 })).toThrow(RangeError);
  });
});

describe("experience dice (Adding Experience Dice)", () => {
  it("TV-14: not after a botch", () => {
    const r = resolveRoll({ dice: [1, 1, 7] });
    expect(r.net).toBe(-1);
    expect(experienceDieAllowed(r)).toBe(false);
  });
  it("TV-15: a 1 on the experience die is no botch: still a failure", () => {
    const r = resolveRoll({ dice: [3, 4] });
    expect(experienceDieAllowed(r)).toBe(true);
    const xp = rollExperienceDie({ exploding: false, d10: replay([1]) });
    expect(resolveRoll({ dice: [3, 4], bonusDice: xp }).outcome).toBe("failure");
  });
  it("TV-16: with a specialty the experience die explodes: three successes", () => {
    const r = resolveRoll({ dice: [2, 6] });
    expect(r.finalSuccesses).toBe(1);
    const xp = rollExperienceDie({ exploding: true, d10: replay([10, 6, 2]) });
    expect(xp).toEqual([10, 6, 2]);
    expect(resolveRoll({ dice: [2, 6], bonusDice: xp }).finalSuccesses).toBe(3);
  });
  it("never on soak, once per roll", () => {
    const r = resolveRoll({ dice: [6] });
    expect(experienceDieAllowed(r, { soak: true })).toBe(false);
    expect(experienceDieAllowed(r, { alreadyUsed: true })).toBe(false);
  });
});

describe("difficulty (Difficulty: between two and ten)", () => {
  it("adds modifiers, numbers or keyed entries, and never goes below 2", () => {
    expect(effectiveDifficulty(6, [1, { value: 2 }])).toBe(9);
    expect(effectiveDifficulty(6, [])).toBe(6);
    expect(effectiveDifficulty(4, [{ value: -2 }, -2])).toBe(2);
    expect(effectiveDifficulty(9, [3])).toBe(12);
    expect(() => effectiveDifficulty(6, [0.5])).toThrow(RangeError);
  });
});

describe("soak (Soaking Damage)", () => {
  it("3 bashing, Strength 2: [6, 1] soaks nothing, [6, 9] soaks two", () => {
    expect(soakResult({ dice: [6, 1], incoming: 3 })).toEqual({ successes: 1, botches: 1, net: 0, taken: 3 });
    expect(soakResult({ dice: [6, 9], incoming: 3 })).toEqual({ successes: 2, botches: 0, net: 2, taken: 1 });
  });
  it("a botch adds nothing; no dice take the full damage; never below 0", () => {
    expect(soakResult({ dice: [1, 1], incoming: 2 }).taken).toBe(2);
    expect(soakResult({ dice: [], incoming: 4 }).taken).toBe(4);
    expect(soakResult({ dice: [6, 7, 8, 10], incoming: 2 }).taken).toBe(0);
  });
  it("is always at difficulty 6", () => {
    expect(soakResult({ dice: [5, 6], incoming: 1 }).successes).toBe(1);
    expect(() => soakResult({ dice: [6], incoming: -1 })).toThrow(RangeError);
  });
});
