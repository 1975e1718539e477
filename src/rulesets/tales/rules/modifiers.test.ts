import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  cooperationBonus,
  cooperationLimit,
  couldSucceedAlone,
  eliteToolsBenefit,
  enigmaDifficulty,
  extraTimeBonus,
  foreignSocialModifier,
  enigmaDifficultyFace,
  playerRerolls,
  gatedReserveBonus,
  stressedDifficulty,
  testDiceCount,
  toolTestBonus,
  underAttackDifficulty,
} from "./modifiers";
import { resolveTest } from "./test";

describe("skill modifiers", () => {
  it("T29: twice, five times and ten times as long give +1, +2, +3", () => {
    expect([1, 2, 4, 5, 9, 10, 50].map(extraTimeBonus)).toEqual([0, 1, 1, 2, 2, 3, 3]);
    expect(() => extraTimeBonus(0.5)).toThrow(RangeError);
  });
  it("tools +1 up to a skill of 6; specialist tools +2 even beyond 6; Savage 2 takes 1 off, Savage 4 all", () => {
    expect(toolTestBonus(3, "tools")).toBe(1);
    expect(toolTestBonus(6, "tools")).toBe(0);
    expect(toolTestBonus(6, "specialist")).toBe(2);
    expect(toolTestBonus(3, "none")).toBe(0);
    expect(toolTestBonus(3, "tools", 2)).toBe(0);
    expect(toolTestBonus(3, "specialist", 2)).toBe(1);
    expect(toolTestBonus(3, "specialist", 4)).toBe(0);
    expect(() => toolTestBonus(-1, "tools")).toThrow(RangeError);
  });
  it("foreign lands: −1 to social tests unless Well Traveled; Foreigner −2 more on a first meeting", () => {
    expect(foreignSocialModifier({ social: true, abroad: true })).toBe(-1);
    expect(foreignSocialModifier({ social: true, abroad: true, wellTraveled: true })).toBe(0);
    expect(foreignSocialModifier({ social: false, abroad: true })).toBe(0);
    expect(foreignSocialModifier({ social: true, foreignerFirstMeeting: true, abroad: true })).toBe(-3);
  });
  it("stress: static becomes dynamic at the same number; dynamic rises by 1..3", () => {
    expect(stressedDifficulty({ kind: "static", difficulty: 8 }, 2)).toEqual({
      kind: "dynamic",
      difficulty: 8,
    });
    expect(stressedDifficulty({ kind: "dynamic", difficulty: 6 }, 3)).toEqual({
      kind: "dynamic",
      difficulty: 9,
    });
    expect(() => stressedDifficulty({ kind: "dynamic", difficulty: 6 }, 4)).toThrow(RangeError);
  });
  it("T32: a non-combat task under attack: static 7 → 7 + d6; dynamic 5 + d6 → 7 + d6", () => {
    expect(underAttackDifficulty({ kind: "static", difficulty: 7 })).toEqual({
      kind: "dynamic",
      difficulty: 7,
    });
    expect(underAttackDifficulty({ kind: "dynamic", difficulty: 5 })).toEqual({
      kind: "dynamic",
      difficulty: 7,
    });
  });
});

describe("co-operation", () => {
  it("T30: leader Social 2 + Leadership 1, three helpers, 8 against 10", () => {
    const wide = cooperationLimit({ social: 2, leadership: 1, rule: "socialPlusLeadership" });
    expect(wide).toBe(3);
    const bonus = cooperationBonus({ helpers: 3, limit: wide }).bonus;
    expect(resolveTest({ kind: "static", bonus: 6 + bonus, face: 2, difficulty: 10 }).total).toBe(11);
    const counted = cooperationLimit({ social: 2, leadership: 1 });
    expect(counted).toBe(2);
    const r = resolveTest({
      kind: "static",
      bonus: 6 + cooperationBonus({ helpers: 3, limit: counted }).bonus,
      face: 2,
      difficulty: 10,
    });
    expect([r.total, r.success]).toEqual([10, true]);
    expect(couldSucceedAlone(6, { kind: "static", difficulty: 10 })).toBe(true);
    expect(couldSucceedAlone(3, { kind: "static", difficulty: 10 })).toBe(false);
  });
  it("T31: Social 1 and no Leadership 'will not be able to lead anyone' (the default rule)", () => {
    expect(cooperationLimit({ social: 1, leadership: 0 })).toBe(0);
    expect(cooperationLimit({ social: 1, leadership: 0, rule: "socialPlusLeadership" })).toBe(1);
  });
  it("Natural Leader leads one more; Teamwork helpers join beyond the limit", () => {
    expect(cooperationLimit({ social: 2, leadership: 1, naturalLeader: true })).toBe(3);
    expect(cooperationBonus({ helpers: 4, teamworkHelpers: 2, limit: 2 })).toEqual({
      bonus: 4,
      joined: 4,
      turnedAway: 2,
    });
    expect(cooperationBonus({ helpers: 1, teamworkHelpers: 1, limit: 3 })).toEqual({
      bonus: 2,
      joined: 2,
      turnedAway: 0,
    });
  });
  it("the bonus never exceeds the limit without Teamwork", () => {
    fc.assert(
      fc.property(fc.nat(10), fc.nat(10), (helpers, limit) => {
        expect(cooperationBonus({ helpers, limit }).bonus).toBe(Math.min(helpers, limit));
      }),
    );
  });
});

describe("reserves, re-rolls, dice and Enigma", () => {
  it("Dream and Status: each point's d6 gives +1 on a 4, 5 or 6", () => {
    expect(gatedReserveBonus([3])).toBe(0);
    expect(gatedReserveBonus([4])).toBe(1);
    expect(gatedReserveBonus([6, 1, 5])).toBe(2);
    expect(() => gatedReserveBonus([0])).toThrow(RangeError);
  });
  it("Elite Tools: a re-roll, or +3 when an advantage already gives one", () => {
    expect(eliteToolsBenefit(false)).toEqual({ reroll: true, bonus: 0 });
    expect(eliteToolsBenefit(true)).toEqual({ reroll: false, bonus: 3 });
    expect(playerRerolls({ luckyUnused: true, eliteToolsReroll: true })).toBe(2);
    expect(playerRerolls({})).toBe(0);
  });
  it("Skill Expert rolls two dice", () => {
    expect(testDiceCount({ skillExpert: true })).toBe(2);
    expect(testDiceCount({})).toBe(1);
  });
  it("Enigma: static becomes dynamic, dynamic rolls two difficulty dice keeping the higher; an empty pool does nothing", () => {
    expect(enigmaDifficulty({ kind: "static", difficulty: 9 }, 2)).toEqual({
      test: { kind: "dynamic", difficulty: 9 },
      difficultyDice: 1,
      cost: 1,
    });
    expect(enigmaDifficulty({ kind: "dynamic", difficulty: 7 }, 1)).toEqual({
      test: { kind: "dynamic", difficulty: 7 },
      difficultyDice: 2,
      cost: 1,
    });
    expect(enigmaDifficulty({ kind: "static", difficulty: 9 }, 0).cost).toBe(0);
    expect(enigmaDifficultyFace([2, 5])).toBe(5);
    expect(() => enigmaDifficultyFace([])).toThrow(RangeError);
  });
});
