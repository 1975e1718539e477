import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  advantageXpCost,
  disadvantageXpBonus,
  earnXp,
  endOfSessionSpendLimit,
  sessionXpAward,
  spendXp,
  trainingWeeks,
  trainingXpPerWeek,
  xpLevelCost,
  xpRaiseCost,
  xpReserve,
} from "./xp";

describe("spending: the table's vectors X01-X08", () => {
  it("X01 attribute 3 -> 4: 9 XP; X02 5 -> 6: 11 XP ('New Level + 5')", () => {
    expect(xpLevelCost("attribute", 4)).toBe(9);
    expect(xpLevelCost("attribute", 6)).toBe(11);
  });
  it("X03 a new skill: 2 XP; X04 skill 2 -> 3: 4 XP; X05 Wealth 1 -> 2: 3 XP", () => {
    expect(xpLevelCost("skill", 1)).toBe(2);
    expect(xpLevelCost("skill", 3)).toBe(4);
    expect(xpLevelCost("connection", 2)).toBe(3);
    expect(xpLevelCost("connection", 1)).toBe(2);
  });
  it("X06 Lucky (3): 6 XP; X07 Hunted (4): +8 XP", () => {
    expect(advantageXpCost(3)).toBe(6);
    expect(disadvantageXpBonus(4)).toBe(8);
  });
  it("X08 6 XP on Cognition with the occupation's Cognition 2: 1 + 2 = 3 a week, 2 weeks", () => {
    expect(trainingXpPerWeek(2)).toBe(3);
    expect(trainingWeeks(6, trainingXpPerWeek(2))).toBe(2);
  });
  it("educational texts: 2 XP a week rather than 1", () => {
    expect(trainingXpPerWeek()).toBe(1);
    expect(trainingXpPerWeek(0, true)).toBe(2);
    expect(trainingWeeks(5, 2)).toBe(3);
  });
  it("cumulative: skill 0 -> 3 = 2 + 3 + 4; the cap (traitCap) refuses 7", () => {
    expect(xpRaiseCost("skill", 0, 3)).toBe(9);
    expect(xpRaiseCost("attribute", 2, 4)).toBe(8 + 9);
    expect(xpRaiseCost("skill", 3, 3)).toBe(0);
    expect(() => xpLevelCost("skill", 7)).toThrow(RangeError);
    expect(xpLevelCost("skill", 7, { traitCap: 8 })).toBe(8);
    expect(() => xpLevelCost("attribute", 1)).toThrow(RangeError);
    expect(() => advantageXpCost(0)).toThrow(RangeError);
  });
  it("property: costs increase with the level", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("attribute", "skill", "connection" as const),
        fc.integer({ min: 2, max: 5 }),
        (k, l) => {
          expect(xpLevelCost(k, l + 1)).toBeGreaterThan(xpLevelCost(k, l));
          expect(xpRaiseCost(k, 1, l + 1)).toBeGreaterThan(xpRaiseCost(k, 1, l));
        },
      ),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), (p) => {
        expect(advantageXpCost(p + 1)).toBeGreaterThan(advantageXpCost(p));
      }),
    );
  });
});

describe("awards", () => {
  it("at least 1 for taking part; categories within their ranges", () => {
    expect(sessionXpAward({})).toEqual({ ok: true, value: 1 });
    expect(
      sessionXpAward({ objectivesFaced: 3, cleverSkillUse: 2, inCharacter: 2, personalObjectives: 2 }),
    ).toEqual({
      ok: true,
      value: 10,
    });
    expect(sessionXpAward({ objectivesFaced: 4 })).toMatchObject({ ok: false, reason: "awardOutOfRange" });
    expect(sessionXpAward({ takingPart: 0 })).toMatchObject({ ok: false, reason: "awardOutOfRange" });
    expect(sessionXpAward({ objectivesFaced: 3, cleverSkillUse: 2 }, 5)).toMatchObject({
      ok: false,
      reason: "overSessionMax",
    });
  });
  it("up to half of the session's award at its end", () => {
    expect(endOfSessionSpendLimit(7)).toBe(3);
    expect(endOfSessionSpendLimit(10)).toBe(5);
  });
  it("the ledger: earned / spent / reserve", () => {
    const l = earnXp({ earned: 0, spent: 0 }, 8);
    expect(xpReserve(l)).toBe(8);
    expect(spendXp(l, 6)).toEqual({ ok: true, value: { earned: 8, spent: 6 } });
    expect(spendXp(l, 9)).toEqual({ ok: false, reason: "notEnoughXp", data: { cost: 9, reserve: 8 } });
  });
});
