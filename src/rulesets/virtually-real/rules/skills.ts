/**
 * Skills (Virtually Real core guidebook, chapter 1: "The Capacity System", "Training vs Experience",
 * "Attribute Changes", "Culture Saves", "Getting Trained"). Pure: no Foundry, no globals.
 *
 * A skill has training (its capacity, the dice it keeps: secondary [1], primary [2], mastery [3],
 * supernatural [4], deific [5]) and experience (XP, whose Experience-table level is added to the
 * roll). It has a related attribute, an XP cost (used by training: "domestic skills are normally 8
 * XP", Acrobatics is "a 12 point skill"), may carry underlines from a close-enough training check
 * (each +1 to its critical range) and may be "restricted" (ki abilities, new styles: never self-taught).
 */
import { assertCount, assertKey, assertRange } from "./char-guards";
import { ATTRIBUTE_KEYS, type AttributeKey } from "./character-keys";
import { levelFromXP } from "./experience";

/** A skill as the rules read it. */
export interface SkillValue {
  /** Training 0..5 (a skill the character cannot use is 0). */
  capacity: number;
  xp: number;
  /** Underlines from a training check missed by 1 or 2: each +1 to the critical range. */
  underlines?: number;
}

/** The skill's level: its XP on the Experience table (`Open Locks [2] 22/3` → 3). */
export function skillLevel(xp: number): number {
  return levelFromXP(xp);
}

/**
 * A secondary skill's XP: "A secondary skill's XP can never be lower than your attribute score", so a
 * secondary skill is rolled with the larger of its XP and the attribute's score (a skill not on the
 * sheet is a secondary one at the attribute's score). Other training keeps its own XP.
 */
export function effectiveSkillXP(skill: SkillValue, attributeScore: number): number {
  checkSkill(skill);
  assertCount(attributeScore, "An attribute score");
  return skill.capacity === 1 ? Math.max(skill.xp, attributeScore) : skill.xp;
}

/**
 * Whether a secondary skill stays written on the sheet: "If you have a secondary skill with less XP
 * than the related attribute, just erase it! If you add more XP to the skill, write it down." True
 * when its XP is above the score (or when it is not secondary).
 */
export function keepsSkillOnSheet(skill: SkillValue, attributeScore: number): boolean {
  checkSkill(skill);
  assertCount(attributeScore, "An attribute score");
  return skill.capacity !== 1 || skill.xp > attributeScore;
}

/** What a skill check takes from the skill and its attribute (the rest is the roll's situation). */
export interface SkillCheckParts {
  kind: "skill";
  capacity: number;
  level: number;
  attrCapacity: number;
  /** The skill's underlines (add the situation's other +crit sources). */
  critMod: number;
}

/**
 * The skill's part of a skill check: its capacity, its level (a secondary skill's at least the
 * attribute's score), the related attribute's capacity (capacity dice and explosions) and its
 * underlines as +crit ("When rolling skill checks, the number of underlines is added to your critical
 * failure range").
 *
 * Example: Open Locks [2] 22/3 with a human attribute → capacity 2, level 3, attribute [2], +0 crit.
 */
export function skillCheckParts(
  skill: SkillValue,
  attribute: { capacity: number; score: number },
): SkillCheckParts {
  const xp = effectiveSkillXP(skill, attribute.score);
  assertRange(attribute.capacity, 0, 5, "An attribute capacity");
  return {
    kind: "skill",
    capacity: skill.capacity,
    level: levelFromXP(xp),
    attrCapacity: attribute.capacity,
    critMod: skill.underlines ?? 0,
  };
}

/** How a skill is being used, where that changes its related attribute. */
export type SkillUseKind = "perform" | "knowledge" | "parry" | "contact";

/**
 * "The related attribute for a skill may change depending on circumstances": what you know about the
 * subject rather than how well you perform → Logic; "A parry attempt is always an Agility-related
 * roll"; finding "a suitable contact within an alliance should be Aura". Otherwise the skill's own.
 */
export function relatedAttributeFor(own: AttributeKey, use: SkillUseKind): AttributeKey {
  assertKey(ATTRIBUTE_KEYS, own, "An attribute");
  if (use === "knowledge") return "logic";
  if (use === "parry") return "agility";
  if (use === "contact") return "aura";
  if (use === "perform") return own;
  throw new RangeError(`Not a use of a skill: ${String(use)}`);
}

/** The three kinds of Culture roll the GM chooses between. */
export type CultureRoll = "integrity" | "influence" | "knowledge";

/**
 * A Culture roll: Integrity and Influence "are Aura-related and take the given wounds and armors to
 * the check, even if this is not an emotional attack" (Integrity is the Guilt save, Influence the
 * Isolation save); a check of what you know of the culture "is Logic-related and emotional wounds and
 * armors no longer apply (although other mental conditions do)".
 */
export function cultureRoll(roll: CultureRoll): {
  attribute: AttributeKey;
  emotionalTarget: "guilt" | "isolation" | null;
} {
  if (roll === "integrity") return { attribute: "aura", emotionalTarget: "guilt" };
  if (roll === "influence") return { attribute: "aura", emotionalTarget: "isolation" };
  if (roll === "knowledge") return { attribute: "logic", emotionalTarget: null };
  throw new RangeError(`Not a Culture roll: ${String(roll)}`);
}

function checkSkill(skill: SkillValue): void {
  assertRange(skill.capacity, 0, 5, "A skill capacity");
  assertCount(skill.xp, "Skill XP");
  if (skill.underlines !== undefined) assertCount(skill.underlines, "Underlines");
}
