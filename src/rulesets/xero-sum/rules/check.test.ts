import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  STARTING_INSIGHT,
  assertD3Face,
  bandOfTotal,
  bandRank,
  checkModifier,
  classify,
  conditionalSum,
  d3FromD6,
  insightCost,
  insightSurviveDying,
  insightUses,
  isD3Face,
  isSuccess,
  momentOf,
  perception,
  replaceDice,
  resolveCheck,
  spendInsight,
} from "./check";

const face = fc.integer({ min: 1, max: 6 });
const twoDice = fc.tuple(face, face);
const modifier = fc.integer({ min: -20, max: 20 });

describe("Table 1: outcomes (spec C1–C11)", () => {
  it("C1: [4,5] + 0 = 9, Success", () => {
    expect(classify([4, 5], 0)).toEqual({ total: 9, band: "success", moment: null, insightGained: 0 });
  });
  it("C2: [3,5] + 0 = 8, Failure", () => {
    expect(classify([3, 5], 0)).toMatchObject({ total: 8, band: "failure" });
  });
  it("C3: [1,2] + 0 = 3, Dire Failure", () => {
    expect(classify([1, 2], 0)).toMatchObject({ total: 3, band: "dire-failure", moment: null });
  });
  it("C4: [2,2] + 0 = 4, Failure (the lower edge)", () => {
    expect(classify([2, 2], 0)).toMatchObject({ total: 4, band: "failure" });
  });
  it("C5: [6,5] + 2 = 13, Success (the upper edge)", () => {
    expect(classify([6, 5], 2)).toMatchObject({ total: 13, band: "success" });
  });
  it("C6: [5,6] + 3 = 14, Wild Success", () => {
    expect(classify([5, 6], 3)).toMatchObject({ total: 14, band: "wild-success", moment: null });
  });
  it("C7: [1,1] + 0: Moment of Low Insight, Dire Failure, +1 Insight", () => {
    expect(classify([1, 1], 0)).toEqual({ total: 2, band: "dire-failure", moment: "low", insightGained: 1 });
  });
  it("C8: [6,6] + 0: Moment of High Insight, Wild Success, +1 Insight", () => {
    expect(classify([6, 6], 0)).toEqual({
      total: 12,
      band: "wild-success",
      moment: "high",
      insightGained: 1,
    });
  });
  it("C9: [1,1] + 10 = 12 is still a Dire Failure (the Moment overrides)", () => {
    expect(classify([1, 1], 10)).toEqual({
      total: 12,
      band: "dire-failure",
      moment: "low",
      insightGained: 1,
    });
  });
  it("C10: [6,6] − 5 = 7 is still a Wild Success", () => {
    expect(classify([6, 6], -5)).toEqual({
      total: 7,
      band: "wild-success",
      moment: "high",
      insightGained: 1,
    });
  });
  it("C11: [1,2] − 4 = −1, Dire Failure", () => {
    expect(classify([1, 2], -4)).toMatchObject({ total: -1, band: "dire-failure" });
  });
  it("the band edges: 3/4, 8/9, 13/14, and negative totals", () => {
    expect([-7, 0, 3, 4, 8, 9, 13, 14, 30].map(bandOfTotal)).toEqual([
      "dire-failure",
      "dire-failure",
      "dire-failure",
      "failure",
      "failure",
      "success",
      "success",
      "wild-success",
      "wild-success",
    ]);
  });
  it("success or better", () => {
    expect(isSuccess("success")).toBe(true);
    expect(isSuccess("wild-success")).toBe(true);
    expect(isSuccess("failure")).toBe(false);
    expect(isSuccess("dire-failure")).toBe(false);
  });
  it("resolveCheck is classify with one object", () => {
    expect(resolveCheck({ dice: [3, 4], modifier: 2 })).toEqual(classify([3, 4], 2));
  });
  it("refuses what is not a check's dice or a whole modifier", () => {
    expect(() => classify([4], 0)).toThrow(RangeError);
    expect(() => classify([1, 2, 3, 4], 0)).toThrow(RangeError);
    expect(() => classify([0, 6], 0)).toThrow(RangeError);
    expect(() => classify([7, 1], 0)).toThrow(RangeError);
    expect(() => classify([2.5, 1], 0)).toThrow(RangeError);
    expect(() => classify([2, 1], 0.5)).toThrow(RangeError);
  });
});

describe("3d6 checks: the Moment (momentOn3d6)", () => {
  it("C17: an Insight Die for a 3d6 check: [2,3,4] + 0 = 9, Success", () => {
    expect(classify([2, 3, 4], 0)).toMatchObject({ total: 9, band: "success", moment: null });
  });
  it("firstTwo (default): only the check's own two dice make a Moment", () => {
    expect(momentOf([1, 1, 5])).toBe("low");
    expect(momentOf([6, 6, 2])).toBe("high");
    expect(momentOf([1, 4, 1])).toBeNull();
    expect(momentOf([6, 3, 6])).toBeNull();
    expect(classify([6, 3, 6], 0)).toMatchObject({
      total: 15,
      band: "wild-success",
      moment: null,
      insightGained: 0,
    });
  });
  it("anyPair: any two of the three", () => {
    expect(momentOf([1, 4, 1], "anyPair")).toBe("low");
    expect(momentOf([6, 3, 6], "anyPair")).toBe("high");
    expect(momentOf([1, 1, 1], "anyPair")).toBe("low");
    expect(momentOf([2, 3, 6], "anyPair")).toBeNull();
    expect(classify([1, 5, 1], 12, { momentOn3d6: "anyPair" })).toMatchObject({
      total: 19,
      band: "dire-failure",
      moment: "low",
      insightGained: 1,
    });
  });
});

describe("properties of a check", () => {
  it("the total is the dice plus the modifier", () => {
    fc.assert(
      fc.property(fc.array(face, { minLength: 2, maxLength: 3 }), modifier, (dice, m) => {
        expect(classify(dice, m).total).toBe(dice.reduce((s, f) => s + f, 0) + m);
      }),
    );
  });
  it("without a Moment the band is the total's; with one, the Moment's; an Insight Die only then", () => {
    fc.assert(
      fc.property(twoDice, modifier, ([a, b], m) => {
        const r = classify([a, b], m);
        if (a === 1 && b === 1) expect(r.band).toBe("dire-failure");
        else if (a === 6 && b === 6) expect(r.band).toBe("wild-success");
        else expect(r.band).toBe(bandOfTotal(a + b + m));
        expect(r.insightGained).toBe(r.moment ? 1 : 0);
      }),
    );
  });
  it("a higher modifier never gives a worse band", () => {
    fc.assert(
      fc.property(twoDice, modifier, fc.integer({ min: 0, max: 10 }), (dice, m, up) => {
        expect(bandRank(classify(dice, m + up).band)).toBeGreaterThanOrEqual(
          bandRank(classify(dice, m).band),
        );
      }),
    );
  });
});

describe("modifiers: AMod + SMod + CMods", () => {
  it("C12: Barter +2, Acumen +1, CMod −1, dice [3,4]: 7 + 2 + 1 − 1 = 9, Success", () => {
    const m = checkModifier({ attribute: 1, skill: 2, conditional: [-1] });
    expect(m).toEqual({ attribute: 1, skill: 2, conditional: -1, total: 2 });
    expect(classify([3, 4], m.total)).toMatchObject({ total: 9, band: "success" });
  });
  it("C13: Psychology* untrained (−3), Influence +2, dice [4,4]: 8 − 3 + 2 = 7, Failure", () => {
    const m = checkModifier({ attribute: 2, skill: -3, starred: true });
    expect(m.total).toBe(-1);
    expect(classify([4, 4], m.total)).toMatchObject({ total: 7, band: "failure" });
  });
  it("a starred skill stored as 0 still reads −3 (Inept)", () => {
    expect(checkModifier({ attribute: 0, skill: 0, starred: true }).skill).toBe(-3);
    expect(checkModifier({ attribute: 0, skill: 1, starred: true }).skill).toBe(1);
    expect(checkModifier({ attribute: 0, skill: 0 }).skill).toBe(0);
  });
  it("C15: an attribute check, Physicality +2, dice [3,3]: 6 + 2 = 8, Failure (no SMod)", () => {
    const m = checkModifier({ attribute: 2 });
    expect(m).toEqual({ attribute: 2, skill: 0, conditional: 0, total: 2 });
    expect(classify([3, 3], m.total)).toMatchObject({ total: 8, band: "failure" });
  });
  it("C32: Perception, Reason +1, Acumen +2, dice [3,3]: 6 + 3 = 9, Success", () => {
    expect(perception({ rsn: 1, acu: 2 })).toBe(3);
    expect(classify([3, 3], perception({ rsn: 1, acu: 2 }))).toMatchObject({ total: 9, band: "success" });
  });
  it("CMods add up; clampConditional holds the sum to Table 4's −5..+5", () => {
    expect(conditionalSum([3, 2, 1, 1])).toBe(7);
    expect(conditionalSum([3, 2, 1, 1], true)).toBe(5);
    expect(conditionalSum([-5, -3], true)).toBe(-5);
    expect(checkModifier({ attribute: 1, skill: 2, conditional: [3, 3], clampConditional: true }).total).toBe(
      8,
    );
    expect(checkModifier({ attribute: 1, skill: 2, conditional: [3, 3] }).total).toBe(9);
  });
  it("the clamped sum is always within −5..+5 and equals the sum when it already was", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 6 }), (cmods) => {
        const sum = cmods.reduce((s, c) => s + c, 0);
        const clamped = conditionalSum(cmods, true);
        expect(Math.abs(clamped)).toBeLessThanOrEqual(5);
        if (Math.abs(sum) <= 5) expect(clamped).toBe(sum);
      }),
    );
  });
});

describe("d3 (spec C31)", () => {
  it("uniform: ceil(d6/2) gives 1, 1, 2, 2, 3, 3: each of 1..3 on two faces", () => {
    expect([1, 2, 3, 4, 5, 6].map((f) => d3FromD6(f))).toEqual([1, 1, 2, 2, 3, 3]);
  });
  it("halfDown: the literal floor(d6/2) gives 0, 1, 1, 2, 2, 3", () => {
    expect([1, 2, 3, 4, 5, 6].map((f) => d3FromD6(f, "halfDown"))).toEqual([0, 1, 1, 2, 2, 3]);
  });
  it("refuses a face off the die", () => {
    expect(() => d3FromD6(0)).toThrow(RangeError);
    expect(() => d3FromD6(7)).toThrow(RangeError);
  });
  it("a d3's faces: 1..3, or 0..3 with halfDown", () => {
    expect([0, 1, 2, 3, 4].map((f) => isD3Face(f))).toEqual([false, true, true, true, false]);
    expect([0, 1, 2, 3, 4].map((f) => isD3Face(f, "halfDown"))).toEqual([true, true, true, true, false]);
    expect(() => assertD3Face(0)).toThrow(RangeError);
    expect(() => assertD3Face(1.5, "halfDown")).toThrow(RangeError);
  });
});

describe("Insight Dice (spec C16–C20)", () => {
  it("C19: a character starts with 2", () => {
    expect(STARTING_INSIGHT).toBe(2);
  });
  it("the common uses: an extra die, +3 CMod, replacing dice, making the case, surviving", () => {
    expect(insightUses.extraDie).toMatchObject({ timing: "beforeRoll", cost: 1, extraDice: 1 });
    expect(insightUses.plusThree).toMatchObject({ timing: "beforeRoll", cost: 1, cmod: 3 });
    expect(insightUses.replace).toMatchObject({ timing: "afterRoll", rerolls: 2 });
    expect(insightUses.surviveDying).toMatchObject({
      cost: "all",
      woundPointsPerDie: 1,
      resiliencePointsPerDie: 1,
    });
  });
  it("C16: +3 CMod: dice [3,3] + 3 = 9, Success; one Insight Die spent", () => {
    const m = checkModifier({ attribute: 0, conditional: [insightUses.plusThree.cmod ?? 0] });
    expect(classify([3, 3], m.total)).toMatchObject({ total: 9, band: "success" });
    expect(spendInsight({ held: 2, use: "plusThree" })).toEqual({ allowed: true, cost: 1, left: 1 });
  });
  it("C17: an extra die costs one", () => {
    expect(spendInsight({ held: 1, use: "extraDie" })).toEqual({ allowed: true, cost: 1, left: 0 });
  });
  it("C18: [1,3] + 2 = 6 Failure; replace the 1 with a fresh 5: [5,3] + 2 = 10, Success, cost 1", () => {
    expect(classify([1, 3], 2)).toMatchObject({ total: 6, band: "failure" });
    expect(replaceDice([1, 3], [0], [5], { modifier: 2 })).toEqual({
      dice: [5, 3],
      total: 10,
      band: "success",
      moment: null,
      insightGained: 0,
      cost: 1,
    });
  });
  it("replacing both dice costs 2 per die (default), or 1 per check", () => {
    expect(replaceDice([2, 3], [0, 1], [4, 5]).cost).toBe(2);
    expect(replaceDice([2, 3], [0, 1], [4, 5], { insightReplaceCost: "perCheck" }).cost).toBe(1);
    expect(insightCost("replace", { replaced: 2 })).toBe(2);
    expect(insightCost("replace", { replaced: 2, insightReplaceCost: "perCheck" })).toBe(1);
  });
  it("the fresh dice are classified afresh: a re-roll can make a Moment", () => {
    expect(replaceDice([6, 2], [1], [6], { modifier: -4 })).toMatchObject({
      band: "wild-success",
      moment: "high",
    });
    expect(replaceDice([1, 1], [0], [4])).toMatchObject({ total: 5, band: "failure", moment: null });
  });
  it("only the check's own dice are replaced; the Insight die of a 3d6 check stays", () => {
    expect(replaceDice([1, 2, 6], [1], [1])).toMatchObject({ dice: [1, 1, 6], moment: "low" });
    expect(() => replaceDice([1, 2, 6], [2], [1])).toThrow(RangeError);
    expect(() => replaceDice([1, 2], [0, 0], [1, 1])).toThrow(RangeError);
    expect(() => replaceDice([1, 2], [], [])).toThrow(RangeError);
    expect(() => replaceDice([1, 2], [0], [1, 2])).toThrow(RangeError);
    expect(() => replaceDice([1, 2], [0], [7])).toThrow(RangeError);
  });
  it("C20: giving up 3 dice at 0 WP, 0 RP: 3 WP, 3 RP, none left; never partial", () => {
    expect(insightSurviveDying(3)).toEqual({ spent: 3, woundPoints: 3, resiliencePoints: 3 });
    expect(spendInsight({ held: 3, use: "surviveDying" })).toEqual({ allowed: true, cost: 3, left: 0 });
    expect(insightSurviveDying(0)).toEqual({ spent: 0, woundPoints: 0, resiliencePoints: 0 });
  });
  it("refusals: nothing held, not enough, and any check use in a Group Check", () => {
    expect(spendInsight({ held: 0, use: "plusThree" })).toMatchObject({
      allowed: false,
      refusal: "nothingHeld",
    });
    expect(spendInsight({ held: 1, use: "replace", replaced: 2 })).toMatchObject({
      allowed: false,
      refusal: "notEnough",
      left: 1,
    });
    for (const use of ["extraDie", "plusThree", "replace"] as const)
      expect(spendInsight({ held: 5, use, groupCheck: true })).toMatchObject({
        allowed: false,
        refusal: "groupCheck",
      });
    expect(spendInsight({ held: 2, use: "surviveDying", groupCheck: true }).allowed).toBe(true);
  });
});
