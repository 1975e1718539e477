/**
 * Combining skills (Virtually Real core guidebook, chapter 1, "Combining Skills": Added Experience,
 * helpers, the Combination roll and its split form). Pure: no Foundry, no globals.
 *
 * "There are times when a single skill just doesn't fit and you want to check two skills with a
 * single roll. Advantages apply to the roll if they would apply to either skill. An advantage that
 * applies to both skills does not apply to the roll twice if the skills are combined."
 *
 * Reading where the text disagrees with itself: "Each helper generally adds their XP to a
 * leader" (Extended Criticals) against "Every helper's adds 1/2 their XP, rounded down" (Added
 * Experience). The specific rule is the default (`helperXP: "half"`); "full" is the other reading.
 * Each helper also adds +1 crit either way.
 */
import { assertCount, assertRange, assertWhole } from "./roll-guards";
import { levelFromXP, MAX_CAPACITY, MAX_KEPT_DICE } from "./experience";
import { COMBINATION_CRIT_MOD } from "./check";

/** A skill as combining reads it: its capacity and its XP. */
export interface SkillXP {
  capacity: number;
  xp: number;
}

/** The XP a combined roll adds, and its level. */
export interface CombinedXP {
  capacity: number;
  xp: number;
  level: number;
}

/**
 * Added Experience: "You must have the same skill capacity in each skill"; "roll 2 dice and add all
 * XP together ... Add the XP, *not the levels*."
 *
 * Example: Botany [2]20/3 and Survival [2]40/5: 60 XP, +6 (not 3 + 5 = +8, TV-17).
 */
export function addedExperience(skills: readonly SkillXP[]): CombinedXP {
  if (skills.length === 0) throw new RangeError("Added Experience needs at least one skill");
  const capacity = skills[0]!.capacity;
  for (const s of skills) {
    assertRange(s.capacity, 0, MAX_CAPACITY, "A capacity");
    assertCount(s.xp, "XP");
  }
  const refusal = addedExperienceRefusal(skills);
  if (refusal)
    throw new RangeError(
      `Added Experience needs the same capacity in each skill: ${refusal.capacities.join(" and ")}`,
    );
  const xp = skills.reduce((sum, s) => sum + s.xp, 0);
  return { capacity, xp, level: levelFromXP(xp) };
}

/** Why skills may not be rolled with Added Experience: their capacities differ (null: they may). */
export interface AddedExperienceRefusal {
  reason: "capacity";
  /** The first skill's capacity and the first that differs from it. */
  capacities: [number, number];
}

/**
 * Whether skills may be rolled together with Added Experience, without throwing (the glue turns the
 * refusal into a message): "You must have the same skill capacity in each skill to use Added
 * Experience." Botany [2] with Survival [2] may; Botany [2] with Survival [3] may not.
 */
export function addedExperienceRefusal(
  skills: readonly Pick<SkillXP, "capacity">[],
): AddedExperienceRefusal | null {
  const first = skills[0]?.capacity;
  if (first === undefined) return null;
  const other = skills.find((s) => s.capacity !== first);
  return other ? { reason: "capacity", capacities: [first, other.capacity] } : null;
}

/** How much of a helper's XP the leader adds. */
export type HelperXP = "half" | "full";

/** The XP and +crit a leader's roll gets from helpers. */
export interface HelpedXP {
  xp: number;
  level: number;
  /** +1 per helper: "Too many cooks spoil the soup!" */
  critMod: number;
}

/**
 * Helpers (collaboration): "Every helper's adds 1/2 their XP, rounded down", and "Each helper ...
 * adds +1 crit". "The GM may decide limits on how many people can help."
 *
 * Example: a leader with 20 XP and a helper with 30: 20 + 15 = 35 XP, level 4, +1 crit (TV-48).
 */
export function withHelpers(
  leaderXP: number,
  helperXPs: readonly number[],
  options: { helperXP?: HelperXP } = {},
): HelpedXP {
  assertCount(leaderXP, "XP");
  let xp = leaderXP;
  for (const h of helperXPs) xp += helperShare(h, options);
  return { xp, level: levelFromXP(xp), critMod: helperXPs.length };
}

/**
 * The XP one helper adds to the leader's: "Every helper's adds 1/2 their XP, rounded down" (all of
 * it with `helperXP: "full"`, A-2). A helper with 31 XP adds 15.
 */
export function helperShare(helperXP: number, options: { helperXP?: HelperXP } = {}): number {
  assertCount(helperXP, "A helper's XP");
  return (options.helperXP ?? "half") === "half" ? Math.floor(helperXP / 2) : helperXP;
}

/** A part of a Combination roll: a skill's (or an attribute's) capacity and level. */
export interface CombinationPart {
  capacity: number;
  level: number;
}

/** A Combination roll's capacity and level; its +2 crit range is `planCheck`'s for kind "combination". */
export interface Combination {
  capacity: number;
  level: number;
  /** The Combination's own +crit (informational: planCheck adds it; do not add it to `critMod`). */
  critRangeBonus: number;
}

/**
 * "To make a combination roll, add the capacities of both skills, then subtract one to find the new
 * capacity for the check. Add the levels of both skills. Critical range is +2." It is opposed by
 * another Combination roll or a DL from the Combo column.
 *
 * Examples: a skill [2] level 3 with an attribute [2] level 2: capacity 3, +5, critical on 3..5
 * (TV-47); AGL [2]14/2 with Acrobatics [1]40/5: capacity 2, +7.
 */
export function combination(a: CombinationPart, b: CombinationPart): Combination {
  for (const p of [a, b]) {
    assertRange(p.capacity, 0, MAX_CAPACITY, "A capacity");
    assertWhole(p.level, "A level");
  }
  const capacity = a.capacity + b.capacity - 1;
  assertRange(capacity, 1, MAX_KEPT_DICE, "A Combination capacity");
  return { capacity, level: a.level + b.level, critRangeBonus: COMBINATION_CRIT_MOD };
}

/**
 * The advantages of a combined roll: each source once, whichever skill it applies to ("An advantage
 * that applies to both skills does not apply to the roll twice"). Sources are named by the caller
 * (a condition's id, an intimacy's, "careful"...).
 */
export function combinedAdvantages(first: readonly string[], second: readonly string[]): number {
  return new Set([...first, ...second]).size;
}

/**
 * A split Combination (NPC reaction rolls, performance appreciation): "The PC rolls a normal skill or
 * attribute check with the usual critical failure rates, and the GM rolls for the NPC at -1 die, then
 * adds the rolls together." The NPC's capacity less one die (a [1] becomes a [0] roll).
 */
export function splitNpcCapacity(npcCapacity: number): number {
  assertRange(npcCapacity, 1, MAX_CAPACITY, "A capacity");
  return npcCapacity - 1;
}

/** The split Combination's result: the two totals added. */
export function splitCombinationTotal(pcTotal: number, npcTotal: number): number {
  assertWhole(pcTotal, "A total");
  assertWhole(npcTotal, "A total");
  return pcTotal + npcTotal;
}
