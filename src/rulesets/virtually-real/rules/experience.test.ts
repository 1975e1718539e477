import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  CAPACITIES,
  DEFAULT_SAVE_DL,
  DL_DOUBLE_CRIT,
  DL_TABLE,
  DL_TRIPLE_CRIT,
  EXPERIENCE_TABLE,
  MAX_LEVEL,
  baseCritMod,
  brilliantFrom,
  capacityRow,
  degreeFromMargin,
  degreeRank,
  dlFor,
  dlRow,
  levelFromXP,
  xpForLevel,
  xpToNextLevel,
} from "./experience";
import { DEGREES, DL_KEYS } from "./keys";

describe("the Experience table read as XP: levelFromXP", () => {
  it("TV-46: the boundaries 0,5,6,9,10,15,16,24,25,36,37,53,54,78,79,114,115,166,167,500 → 0,0,1,1,2,2,...,9,9", () => {
    const xp = [0, 5, 6, 9, 10, 15, 16, 24, 25, 36, 37, 53, 54, 78, 79, 114, 115, 166, 167, 500];
    expect(xp.map(levelFromXP)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9]);
  });
  it("TV-01: Open Locks [2] 22/3: 22 XP is level 3", () => {
    expect(levelFromXP(22)).toBe(3);
  });
  it("the worked examples: AGL 14/2 and 15/2, Acrobatics 40/5, a trainer's 100/7, 20/3 after halving 41", () => {
    expect(levelFromXP(14)).toBe(2);
    expect(levelFromXP(15)).toBe(2);
    expect(levelFromXP(40)).toBe(5);
    expect(levelFromXP(100)).toBe(7);
    expect(levelFromXP(Math.floor(41 / 2))).toBe(3);
  });
  it("the maximum fixed bonus is +9, however much XP", () => {
    expect(levelFromXP(10_000)).toBe(MAX_LEVEL);
  });
  it("refuses negative and fractional XP", () => {
    expect(() => levelFromXP(-1)).toThrow(RangeError);
    expect(() => levelFromXP(2.5)).toThrow(RangeError);
  });
  it("is monotone and within 0..9", () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(50), (xp, more) => {
        const a = levelFromXP(xp);
        const b = levelFromXP(xp + more);
        return a >= 0 && b <= MAX_LEVEL && a <= b;
      }),
    );
  });
  it("xpForLevel is the first XP of each level, and levelFromXP turns just below it", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(xpForLevel)).toEqual([0, 6, 10, 16, 25, 37, 54, 79, 115, 167]);
    for (let level = 1; level <= MAX_LEVEL; level++) {
      expect(levelFromXP(xpForLevel(level))).toBe(level);
      expect(levelFromXP(xpForLevel(level) - 1)).toBe(level - 1);
    }
    expect(() => xpForLevel(10)).toThrow(RangeError);
  });
  it("TV-20: 20 XP needs 5 more for the next level; 40 XP needs 14 (the table, not the text's 16: A-17)", () => {
    expect(xpToNextLevel(20)).toBe(5);
    expect(xpToNextLevel(40)).toBe(14);
    expect(xpToNextLevel(167)).toBeNull();
  });
});

describe("the Experience table read as a margin: degreeFromMargin", () => {
  it("0 Success!, 1-2 minor, 3-5 major, 6-9 serious, 10-15 critical, 16-24 double crit, 25+ triple crit", () => {
    const m = [0, 1, 2, 3, 5, 6, 9, 10, 15, 16, 24, 25, 36, 37, 200];
    expect(m.map(degreeFromMargin)).toEqual([
      "success",
      "minor",
      "minor",
      "major",
      "major",
      "serious",
      "serious",
      "critical",
      "critical",
      "doubleCrit",
      "doubleCrit",
      "tripleCrit",
      "tripleCrit",
      "tripleCrit",
      "tripleCrit",
    ]);
  });
  it("severity of failure: 1-2 below the DL minor, 3-5 major, 6-9 serious, 10 or more critical", () => {
    expect([-1, -2, -3, -5, -6, -9, -10, -15].map(degreeFromMargin)).toEqual([
      "minor",
      "minor",
      "major",
      "major",
      "serious",
      "serious",
      "critical",
      "critical",
    ]);
  });
  it("a success and a failure of the same size share a degree (the sign says which)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), (m) => degreeFromMargin(m) === degreeFromMargin(-m)),
    );
  });
  it("degrees grow with the margin's size", () => {
    fc.assert(
      fc.property(
        fc.nat(300),
        fc.nat(30),
        (m, more) => degreeRank(degreeFromMargin(m)) <= degreeRank(degreeFromMargin(m + more)),
      ),
    );
  });
  it("every row of the table agrees with both readings", () => {
    for (const row of EXPERIENCE_TABLE) {
      for (const v of [row.from, row.to ?? row.from + 100]) {
        expect(levelFromXP(v)).toBe(row.level);
        expect(degreeFromMargin(v)).toBe(row.degree);
      }
    }
    expect(DEGREES.map(degreeRank)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
  it("refuses a fractional margin", () => {
    expect(() => degreeFromMargin(1.5)).toThrow(RangeError);
  });
});

describe("the Capacities table", () => {
  it("[1] 6, [2] 12, [3] 17-18, [4] 22-24, [5] 27-30, with the skill and attribute names", () => {
    expect(CAPACITIES.map((r) => [r.dice, r.skill, r.attribute, r.brilliantFrom, r.brilliantTo])).toEqual([
      [1, "secondary", "subhuman", 6, 6],
      [2, "primary", "human", 12, 12],
      [3, "mastery", "superhuman", 17, 18],
      [4, "supernatural", "supernatural", 22, 24],
      [5, "deific", "angelic", 27, 30],
    ]);
    expect(capacityRow(3).brilliantFrom).toBe(17);
    expect(() => capacityRow(0)).toThrow(RangeError);
    expect(() => capacityRow(6)).toThrow(RangeError);
  });
  it("brilliantFrom follows the table for [1]..[5] and extends it for Combination pools", () => {
    expect([1, 2, 3, 4, 5].map(brilliantFrom)).toEqual([6, 12, 17, 22, 27]);
    expect(brilliantFrom(6)).toBe(32);
    expect(() => brilliantFrom(0)).toThrow(RangeError);
  });
  it("TV-15: the critical range of [5] starts at +1; below [5] at 0", () => {
    expect([1, 2, 3, 4, 5].map(baseCritMod)).toEqual([0, 0, 0, 0, 1]);
  });
});

describe("the Difficulty Levels table", () => {
  it("DL 4..22 and the Combo column 6..32", () => {
    expect(DL_TABLE.map((r) => [r.dl, r.combo])).toEqual([
      [4, 6],
      [6, 9],
      [8, 12],
      [10, 15],
      [12, 18],
      [14, 20],
      [16, 24],
      [18, 27],
      [20, 30],
      [22, 32],
    ]);
    expect(DL_TABLE.map((r) => r.key)).toEqual([...DL_KEYS]);
    expect(dlFor("difficult")).toBe(14);
    expect(dlFor("difficult", true)).toBe(20);
    expect(dlRow("criticalChallenge").combo).toBe(32);
    expect([DL_DOUBLE_CRIT, DL_TRIPLE_CRIT]).toEqual([32, 42]);
    expect(() => dlRow("nope" as never)).toThrow(RangeError);
  });
  it("TV-31: the default save DLs by wound level: minor 4, major 10, serious 16, critical 22", () => {
    expect(DEFAULT_SAVE_DL).toEqual({ minor: 4, major: 10, serious: 16, critical: 22 });
  });
  it("TV-02: the lock's engineer at [3]+5 averages 10.5 + 5 = 15.5, 'nearly 16'", () => {
    expect((3 * 7) / 2 + 5).toBe(15.5);
  });
});
