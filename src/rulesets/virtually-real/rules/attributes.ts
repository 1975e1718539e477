/**
 * Attributes (Virtually Real core guidebook, chapter 1: "The Capacity System", "Getting Trained",
 * "Zero-Capacity Attributes"). Pure: no Foundry, no globals.
 *
 * An attribute is written like a skill: `AGL [2]14/2` is Agility with capacity [2], score 14 and
 * modifier 2. Chapter 1 never says how the modifier is found; it is read here as the score indexed on
 * the Experience table (14 → 2 and 15 → 2 as the Acrobatics example has it; "A skill's experience
 * begins at the attribute's score"; Darkness is indexed "just like a skill").
 *
 * Readings where the text is silent (spec §6.3), each an option with its default:
 * - "You also gain similar bonuses to the attribute anytime a skill reaches an odd level that is
 *   *higher* than the related attribute": the skill's level is compared with the attribute's
 *   modifier, and the bonus is +1 score (`oddLevelBonus: "one"`, proposed world setting
 *   `polyverse.virtually-real.oddLevelBonus`) or the training bonus of the skill's capacity, +1 primary
 *   … +4 deific (`"byTraining"`: "similar" to the training bump).
 */
import { assertCount, assertKey, assertRange } from "./char-guards";
import { ATTRIBUTE_KEYS, type AttributeKey, type ConditionGroup } from "./character-keys";
import { levelFromXP } from "./experience";

/** An attribute as stored: its capacity 0..5 and its score. */
export interface AttributeValue {
  capacity: number;
  score: number;
}

/** The attribute's modifier ("level"): its score on the Experience table. `AGL [2]14/2` → 2. */
export function attributeModifier(score: number): number {
  assertCount(score, "An attribute score");
  return levelFromXP(score);
}

/**
 * The condition group that reaches an attribute's skills and saves: Body, Agility, Appearance →
 * physical; Mind, Logic → mental; Aura → emotional (its saves are assigned an emotional target);
 * Reflex and Speed → null (the chapter places them in no group).
 */
export function conditionGroupOf(attribute: AttributeKey): ConditionGroup | null {
  assertKey(ATTRIBUTE_KEYS, attribute, "An attribute");
  if (attribute === "body" || attribute === "agility" || attribute === "appearance") return "physical";
  if (attribute === "mind" || attribute === "logic") return "mental";
  if (attribute === "aura") return "emotional";
  return null;
}

/**
 * The score an attribute gains when a skill's training rises to `newCapacity`: "Increasing a skill's
 * training increases the related attribute score by 1. Mastery skills increase the attribute by 2,
 * supernatural by 3, deific by 4." Primary [2] → 1, mastery [3] → 2, supernatural [4] → 3, deific
 * [5] → 4; secondary [1] → 0 ("Secondary skills never raise attribute scores").
 */
export function trainingAttributeBonus(newCapacity: number): number {
  assertRange(newCapacity, 1, 5, "A skill capacity");
  return newCapacity - 1;
}

/** How the odd-level bonus is counted. */
export type OddLevelBonus = "one" | "byTraining";

/** Readings where the text is silent (see the file's comment). */
export interface AttributeOptions {
  /** +1 score per odd level (default), or the skill's training bonus. */
  oddLevelBonus?: OddLevelBonus;
}

/**
 * The score an attribute gains as a skill's level rises from `fromLevel` to `toLevel`: for each odd
 * level reached that is higher than the attribute's modifier (the modifier as it grows with each
 * bonus), +1 score (or the training bonus, see the options). Secondary skills ([1]) never raise
 * attributes; a level that falls (training halves the XP) gives nothing.
 *
 * Example: Acrobatics [2] from level 4 to 5 with AGL [2]15/2 → +1 (AGL 16/3).
 */
export function oddLevelAttributeBonus(
  skill: { capacity: number; fromLevel: number; toLevel: number },
  attributeScore: number,
  options: AttributeOptions = {},
): number {
  assertRange(skill.capacity, 0, 5, "A skill capacity");
  assertRange(skill.fromLevel, 0, 9, "A level");
  assertRange(skill.toLevel, 0, 9, "A level");
  assertCount(attributeScore, "An attribute score");
  if (skill.capacity < 2) return 0;
  const step = (options.oddLevelBonus ?? "one") === "one" ? 1 : trainingAttributeBonus(skill.capacity);
  let score = attributeScore;
  for (let level = skill.fromLevel + 1; level <= skill.toLevel; level++)
    if (level % 2 === 1 && level > levelFromXP(score)) score += step;
  return score - attributeScore;
}

/**
 * "A skill's experience begins at the attribute's score": the XP of a skill first written down, and of
 * a skill used without being on the sheet (a secondary skill [1] whose XP "can never be lower than your
 * attribute score").
 */
export const startingSkillXP = (attributeScore: number): number => {
  assertCount(attributeScore, "An attribute score");
  return attributeScore;
};

/**
 * "These creatures can not use secondary skills of this attribute if the skill is not granted in the
 * ancestry": with a [0] attribute, only ancestry skills; otherwise any skill may be used as secondary.
 */
export function canUseSecondarySkill(attributeCapacity: number, grantedByAncestry: boolean): boolean {
  assertRange(attributeCapacity, 0, 5, "An attribute capacity");
  return attributeCapacity > 0 || grantedByAncestry;
}

/**
 * The chapter's notation for a skill, an attribute or a book: `[2]22/3` (capacity, XP or score, level)
 * or, for NPCs, `[2]+3`. Not words: the same in every language.
 */
export function capacityNotation(value: { capacity: number; xp: number }): string {
  assertRange(value.capacity, 0, 9, "A capacity");
  return `[${value.capacity}]${value.xp}/${levelFromXP(value.xp)}`;
}

/** The NPC short form, `[2]+3`. */
export function npcNotation(capacity: number, level: number): string {
  assertRange(capacity, 0, 9, "A capacity");
  assertRange(level, 0, 99, "A level");
  return `[${capacity}]+${level}`;
}
