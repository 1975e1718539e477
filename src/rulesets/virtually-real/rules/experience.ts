/**
 * The Experience, Capacities and Difficulty Levels tables (Virtually Real core guidebook, chapter 1,
 * "The Capacity System") as data, and the Experience table read both ways. Pure: no Foundry, no
 * globals.
 *
 * The Experience table has one first column, "XP / Fail By", read two ways:
 * - as XP, its Level column: a skill's XP, an attribute's score, Darkness points, the margin of an
 *   effect bonus, a skill's cost for a learning DL and donated Bonus XP all index it (`levelFromXP`);
 * - as a margin, its Degree column: how far a roll beat or missed the DL (`degreeFromMargin`).
 *
 * Rows: 0 → level 0, Success!; 1-2 → 0, Minor; 3-5 → 0, Major; 6-9 → 1, Serious; 10-15 → 2,
 * Critical; 16-24 → 3, Double Crit; 25-36 → 4, Triple Crit; 37-53 → 5; 54-78 → 6; 79-114 → 7;
 * 115-166 → 8; 167+ → 9 ("The maximum fixed bonus is +9"). The rows from 37 carry the ditto mark in
 * the Degree column: Triple Crit carries down (spec §2.3).
 */
import { assertCount, assertRange, assertWhole } from "./roll-guards";
import {
  ATTRIBUTE_CAPACITY_KEYS,
  DEGREES,
  SKILL_CAPACITY_KEYS,
  type AttributeCapacityKey,
  type DLKey,
  type Degree,
  type SkillCapacityKey,
  type WoundLevel,
} from "./keys";

/** One row of the Experience table: `from`..`to` (null: no top), its level and its degree. */
export interface ExperienceRow {
  from: number;
  to: number | null;
  level: number;
  degree: Degree;
}

/** The Experience table, row by row as printed. */
export const EXPERIENCE_TABLE: readonly ExperienceRow[] = [
  { from: 0, to: 0, level: 0, degree: "success" },
  { from: 1, to: 2, level: 0, degree: "minor" },
  { from: 3, to: 5, level: 0, degree: "major" },
  { from: 6, to: 9, level: 1, degree: "serious" },
  { from: 10, to: 15, level: 2, degree: "critical" },
  { from: 16, to: 24, level: 3, degree: "doubleCrit" },
  { from: 25, to: 36, level: 4, degree: "tripleCrit" },
  { from: 37, to: 53, level: 5, degree: "tripleCrit" },
  { from: 54, to: 78, level: 6, degree: "tripleCrit" },
  { from: 79, to: 114, level: 7, degree: "tripleCrit" },
  { from: 115, to: 166, level: 8, degree: "tripleCrit" },
  { from: 167, to: null, level: 9, degree: "tripleCrit" },
];

/** "The maximum fixed bonus is +9." */
export const MAX_LEVEL = 9;

function rowOf(value: number): ExperienceRow {
  for (let i = EXPERIENCE_TABLE.length - 1; i >= 0; i--) {
    const row = EXPERIENCE_TABLE[i]!;
    if (value >= row.from) return row;
  }
  /* c8 ignore next */
  throw new RangeError(`Not on the Experience table: ${value}`);
}

/**
 * The Level column for an XP total (or a score, Darkness points, an effect-bonus margin, a cost):
 * 0-5 → 0, 6-9 → 1, 10-15 → 2, 16-24 → 3, 25-36 → 4, 37-53 → 5, 54-78 → 6, 79-114 → 7,
 * 115-166 → 8, 167 and more → 9.
 *
 * Example: Open Locks [2] 22/3: `levelFromXP(22)` is 3; Botany 20 + Survival 40 = 60 XP → 6.
 */
export function levelFromXP(xp: number): number {
  assertCount(xp, "XP");
  return rowOf(xp).level;
}

/**
 * The Degree column for a margin (the roll's total minus the DL). Success and failure share the
 * bands, read on the margin's size: 0 "Success!", 1-2 minor ("close enough" when failing), 3-5
 * major, 6-9 serious, 10-15 critical, 16-24 double crit, 25 and more triple crit. Whether it is a
 * degree of success or of failure is the margin's sign (a margin of 0 succeeds: ties succeed).
 *
 * Example: missing by 4 is a major failure (−4 → "major"); beating the DL by 3 is a major success.
 */
export function degreeFromMargin(margin: number): Degree {
  assertWhole(margin, "A margin");
  return rowOf(Math.abs(margin)).degree;
}

/** A degree's place, best first: success 0 .. tripleCrit 6. */
export const degreeRank = (degree: Degree): number => DEGREES.indexOf(degree);

/** The fewest XP that give `level` (0 → 0, 1 → 6, 2 → 10, ... 9 → 167). */
export function xpForLevel(level: number): number {
  assertRange(level, 0, MAX_LEVEL, "A level");
  return EXPERIENCE_TABLE.find((row) => row.level === level)!.from;
}

/**
 * XP still needed for the next level, or null at +9. Example: 20 XP (level 3) needs 5 more (25 is
 * level 4); 40 XP (level 5) needs 14 (54 is level 6; the text's "16XP" is not the table's, A-17).
 */
export function xpToNextLevel(xp: number): number | null {
  const level = levelFromXP(xp);
  return level >= MAX_LEVEL ? null : xpForLevel(level + 1) - xp;
}

// ---- Capacities ------------------------------------------------------------------------------

/** One row of the Capacities table: dice, the skill and attribute names, the brilliant sums. */
export interface CapacityRow {
  dice: number;
  skill: SkillCapacityKey;
  attribute: AttributeCapacityKey;
  /** The lowest brilliant sum of the kept dice ([1]: a 6 that a second 6 must confirm). */
  brilliantFrom: number;
  /** The highest sum (every die a 6). */
  brilliantTo: number;
}

/** The Capacities table: [1] 6 (confirmed; "Non-6s aren't added!"), [2] 12, [3] 17-18, [4] 22-24, [5] 27-30. */
export const CAPACITIES: readonly CapacityRow[] = [1, 2, 3, 4, 5].map((dice) => ({
  dice,
  skill: SKILL_CAPACITY_KEYS[dice - 1]!,
  attribute: ATTRIBUTE_CAPACITY_KEYS[dice - 1]!,
  brilliantFrom: dice === 1 ? 6 : [12, 17, 22, 27][dice - 2]!,
  brilliantTo: 6 * dice,
}));

/** The table's capacities: "Capacity refers to the number of dice you will add together, 1-5". */
export const MIN_CAPACITY = 1;
export const MAX_CAPACITY = 5;
/** A Combination roll of two deific skills keeps 5 + 5 − 1 dice: the most any check keeps. */
export const MAX_KEPT_DICE = 9;

/**
 * The lowest brilliant sum of `kept` dice: 6 for [1] (then confirmed), 12, 17, 22, 27 for [2]..[5]:
 * each die more lowers the bar by one below all 6s (5k + 2). Beyond [5], which only a Combination
 * roll reaches, the same 5k + 2 (an extension: the table stops at [5]).
 */
export function brilliantFrom(kept: number): number {
  assertRange(kept, 1, MAX_KEPT_DICE, "Kept dice");
  return kept === 1 ? 6 : 5 * kept + 2;
}

/**
 * How far a roll's critical range starts above its capacity before any +crit: 0, and +1 from [5]
 * ("For rolls of [5] dice, your critical range *starts* at +1, so rolls of both 5 (all 1s) and 6 are
 * both critical failures"). Beyond [5] (a Combination roll) the same +1 (an extension).
 */
export function baseCritMod(kept: number): number {
  assertRange(kept, 1, MAX_KEPT_DICE, "Kept dice");
  return kept >= 5 ? 1 : 0;
}

/** The Capacities row of a capacity 1..5. */
export function capacityRow(capacity: number): CapacityRow {
  assertRange(capacity, MIN_CAPACITY, MAX_CAPACITY, "A capacity");
  return CAPACITIES[capacity - 1]!;
}

// ---- Difficulty levels -----------------------------------------------------------------------

/** One row of the Difficulty Levels table: the DL and the Combo column (for Combination rolls). */
export interface DLRow {
  key: DLKey;
  dl: number;
  combo: number;
}

/** The Difficulty Levels (DL) table, easiest first: DL 4..22 and Combo 6..32. */
export const DL_TABLE: readonly DLRow[] = [
  { key: "commonKnowledge", dl: 4, combo: 6 },
  { key: "easy", dl: 6, combo: 9 },
  { key: "simpleProfessional", dl: 8, combo: 12 },
  { key: "majorChallenge", dl: 10, combo: 15 },
  { key: "somewhatDifficult", dl: 12, combo: 18 },
  { key: "difficult", dl: 14, combo: 20 },
  { key: "seriousChallenge", dl: 16, combo: 24 },
  { key: "extraordinary", dl: 18, combo: 27 },
  { key: "nearlyImpossible", dl: 20, combo: 30 },
  { key: "criticalChallenge", dl: 22, combo: 32 },
];

/** The table's footnotes: "Double Crit is 32; Triple Crit is 42"; exceeding the speed of light is DL 42. */
export const DL_DOUBLE_CRIT = 32;
export const DL_TRIPLE_CRIT = 42;
export const DL_FASTER_THAN_LIGHT = 42;

/** A row of the DL table by key. */
export function dlRow(key: DLKey): DLRow {
  const row = DL_TABLE.find((r) => r.key === key);
  if (!row) throw new RangeError(`Not a DL table row: ${String(key)}`);
  return row;
}

/** The DL (or the Combo DL, for a Combination roll) of a row. */
export function dlFor(key: DLKey, combination = false): number {
  const row = dlRow(key);
  return combination ? row.combo : row.dl;
}

/**
 * "The wound level difficulties (4 minor, 10 major, 16 serious, & 22 critical) are the usual save
 * values when opposed rolls are not used. The GM is free to change these."
 */
export const DEFAULT_SAVE_DL: Readonly<Record<WoundLevel, number>> = {
  minor: 4,
  major: 10,
  serious: 16,
  critical: 22,
};
