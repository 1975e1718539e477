/**
 * Experience ("EXPERIENCE": "GAINING EXPERIENCE POINTS", "SPENDING EXPERIENCE POINTS", "Occupational
 * Benefits for Skills"; the Library's educational texts). Pure: no Foundry, no globals.
 */
import { TRAIT_SCALE_MAX, type Checked } from "./traits";

/** The kinds of the spending table. */
export type XpTraitKind = "attribute" | "skill" | "connection";

export interface XpOptions {
  /** Setting `traitCap` (6): the top of attributes, skills and connections (not stated: ambiguity #6). */
  traitCap?: number;
}

function checkLevel(newLevel: number, min: number, cap: number, what: string): void {
  if (!Number.isInteger(newLevel) || newLevel < min || newLevel > cap) {
    throw new RangeError(`A new ${what} level is an integer ${min}..${cap}: ${newLevel}`);
  }
}

/**
 * One level's price from the table: "Attribute: New Level + 5"; "New Skill or Connection: 2 XP";
 * "Existing Skill or Connection: New Level + 1". Attribute 3 -> 4 costs 9, 5 -> 6 costs 11; a new skill
 * 2; skill 2 -> 3 costs 4; Wealth 1 -> 2 costs 3. RangeError past the cap (or an attribute below 2: the
 * attributes start at 1).
 */
export function xpLevelCost(kind: XpTraitKind, newLevel: number, options: XpOptions = {}): number {
  const cap = options.traitCap ?? TRAIT_SCALE_MAX;
  if (kind === "attribute") {
    checkLevel(newLevel, 2, cap, kind);
    return newLevel + 5;
  }
  if (kind !== "skill" && kind !== "connection")
    throw new RangeError(`Not an XP trait kind: ${String(kind)}`);
  checkLevel(newLevel, 1, cap, kind);
  return newLevel === 1 ? 2 : newLevel + 1;
}

/** Raising from `from` to `to`, a level at a time (skill 0 -> 3: 2 + 3 + 4 = 9); 0 when `to` <= `from`. */
export function xpRaiseCost(kind: XpTraitKind, from: number, to: number, options: XpOptions = {}): number {
  if (!Number.isInteger(from) || from < 0) throw new RangeError(`A level is an integer >= 0: ${from}`);
  let cost = 0;
  for (let level = from + 1; level <= to; level++) cost += xpLevelCost(kind, level, options);
  return cost;
}

/**
 * "Advantage: Twice the level of Advantage" (Lucky (3): 6 XP). Raising a levelled advantage costs
 * twice the points added (INFERENCE: the chargen price is per point too).
 */
export function advantageXpCost(points: number): number {
  if (!Number.isInteger(points) || points < 1) throw new RangeError(`Advantage points are >= 1: ${points}`);
  return 2 * points;
}

/** "Disadvantage: Bonus equal to twice the level of the Disadvantage" (Hunted (4): +8 XP). */
export function disadvantageXpBonus(points: number): number {
  if (!Number.isInteger(points) || points < 1)
    throw new RangeError(`Disadvantage points are >= 1: ${points}`);
  return 2 * points;
}

/** The award guidelines: "1 point – Just for taking part" ... "1-2 points – Fulfilling personal objectives". */
export const XP_AWARDS = [
  { key: "takingPart", min: 1, max: 1 },
  { key: "objectivesFaced", min: 1, max: 3 },
  { key: "cleverSkillUse", min: 1, max: 2 },
  { key: "inCharacter", min: 1, max: 2 },
  { key: "personalObjectives", min: 1, max: 2 },
] as const;
export type XpAwardKey = (typeof XP_AWARDS)[number]["key"];

/** "characters should earn a maximum of 5 to 10 XP per session". */
export const SESSION_XP_GUIDELINE = { min: 5, max: 10 } as const;

/**
 * A session's award: every character gets "a minimum of 1 XP for every story session they take part
 * in"; each other category within its range (or 0: not earned). `sessionMax` is the Raconteur's
 * maximum fixed before the session.
 */
export function sessionXpAward(
  awards: Partial<Record<XpAwardKey, number>>,
  sessionMax?: number,
): Checked<number, "awardOutOfRange" | "overSessionMax"> {
  let total = 0;
  for (const a of XP_AWARDS) {
    const v = awards[a.key] ?? (a.key === "takingPart" ? 1 : 0);
    const ok = Number.isInteger(v) && (v === 0 ? a.key !== "takingPart" : v >= a.min && v <= a.max);
    if (!ok)
      return {
        ok: false,
        reason: "awardOutOfRange",
        data: { award: a.key, value: v, min: a.min, max: a.max },
      };
    total += v;
  }
  if (sessionMax !== undefined && total > sessionMax) {
    return { ok: false, reason: "overSessionMax", data: { total, max: sessionMax } };
  }
  return { ok: true, value: total };
}

/**
 * "At the end of each session, a character may spend up to half of the experience points they have
 * earned" (on what played a role): half of the session's award, rounded down (INFERENCE).
 */
export function endOfSessionSpendLimit(sessionXp: number): number {
  if (!Number.isInteger(sessionXp) || sessionXp < 0) throw new RangeError(`Session XP is >= 0: ${sessionXp}`);
  return Math.floor(sessionXp / 2);
}

/** "Each point of XP takes 1 week to spend when training up." */
export const TRAINING_XP_PER_WEEK = 1;
/** Educational texts: "characters may spend 2 XP per week rather than the usual single point". */
export const EDUCATIONAL_TEXT_XP_PER_WEEK = 2;

/**
 * XP a week on one skill in downtime: 1 (2 with an educational text), plus "For each point that the
 * occupation provides in a certain skill ... an extra XP per week" (templates.ts
 * `occupationSkillPoints`).
 */
export function trainingXpPerWeek(occupationPoints = 0, educationalText = false): number {
  if (!Number.isInteger(occupationPoints) || occupationPoints < 0) {
    throw new RangeError(`Occupation points are >= 0: ${occupationPoints}`);
  }
  return (educationalText ? EDUCATIONAL_TEXT_XP_PER_WEEK : TRAINING_XP_PER_WEEK) + occupationPoints;
}

/** Weeks of downtime to spend `xp` at `perWeek` (6 XP on Cognition with the occupation's Cognition 2: 2 weeks). */
export function trainingWeeks(xp: number, perWeek: number): number {
  if (!Number.isInteger(xp) || xp < 0) throw new RangeError(`XP is >= 0: ${xp}`);
  if (!Number.isInteger(perWeek) || perWeek < 1) throw new RangeError(`XP a week is >= 1: ${perWeek}`);
  return Math.ceil(xp / perWeek);
}

/** The sheet's "EXPERIENCE: EARNED / SPENT / RESERVE" (reserve = earned - spent). */
export interface XpLedger {
  earned: number;
  spent: number;
}

/** What is left to spend. */
export function xpReserve(ledger: XpLedger): number {
  return ledger.earned - ledger.spent;
}

/** Spends `cost` from the reserve (fails when the reserve is short). */
export function spendXp(ledger: XpLedger, cost: number): Checked<XpLedger, "notEnoughXp"> {
  if (!Number.isInteger(cost) || cost < 0) throw new RangeError(`A cost is an integer >= 0: ${cost}`);
  const reserve = xpReserve(ledger);
  if (cost > reserve) return { ok: false, reason: "notEnoughXp", data: { cost, reserve } };
  return { ok: true, value: { earned: ledger.earned, spent: ledger.spent + cost } };
}

/** Adds an award or a disadvantage's bonus to the earned total. */
export function earnXp(ledger: XpLedger, xp: number): XpLedger {
  if (!Number.isInteger(xp) || xp < 0) throw new RangeError(`XP earned is an integer >= 0: ${xp}`);
  return { earned: ledger.earned + xp, spent: ledger.spent };
}
