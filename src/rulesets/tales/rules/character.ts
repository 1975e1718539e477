/**
 * Effective values by wound level and the derived values of "STEP 4- DETAILS" (Hit Points, Essence,
 * "Combat Numbers": Initiative, Movement, Actions, Defence; protection; the leadership limit of
 * "CO-OPERATION"; the 5 points per level of Equipment, Library and Sanctuary). Pure: no Foundry, no
 * globals. Setting-dependent rules take an options object (plain values).
 */
import { cooperationLimit, type CooperationLimitRule } from "./modifiers";
import {
  advantageLevel,
  attributeOf,
  disadvantageLevel,
  skillOf,
  woundRank,
  type AttributeKey,
  type CharacterTraits,
  type SkillKey,
  type WoundLevel,
} from "./traits";

/**
 * Which statement of the Critical Wound penalty applies (spec ambiguity #10, setting
 * `criticalWoundRule`):
 * - "halfAttributeSkillsOne" (default): the chargen box, "Critical Wound = Half Attribute and any
 *   skills reduced to 1", agreeing with the damage legend;
 * - "allOne": "HEALTH LEVEL INJURY", "all skills and attributes dropped to a maximum value of 1";
 * - "sheet": the character sheet's columns, which halve the attribute already at a Light wound
 *   ("ATTRIBUTE HALF + HALF SKILL") and read the Critical column as half attribute + 1 for the skill.
 */
export type CriticalWoundRule = "halfAttributeSkillsOne" | "allOne" | "sheet";
export const DEFAULT_CRITICAL_WOUND_RULE: CriticalWoundRule = "halfAttributeSkillsOne";

export interface WoundOptions {
  criticalWoundRule?: CriticalWoundRule;
}

/** "(Round up)": half of a value, rounded up. */
function halfUp(value: number): number {
  return Math.ceil(value / 2);
}

function checkValue(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`A ${what} is an integer >= 0: ${value}`);
}

/**
 * Whether a character at this health level can act: the unconscious "are unable to act or react to
 * anything until they have received some kind of assistance"; the dead neither. Stunned is a flag, not
 * a level ("a stunned character loses an action for the turn").
 */
export function woundAllowsActing(wound: WoundLevel): boolean {
  return woundRank(wound) <= woundRank("critical");
}

/**
 * An attribute at a health level ("The following modifiers apply to all skills when wounded"):
 * Healthy and Light "Full Attribute", Medium "Half Attribute" rounded up, Critical half (or at most 1
 * under "allOne"); 0 when the character cannot act (K/O, dead). RangeError on a negative value.
 */
export function effectiveAttribute(value: number, wound: WoundLevel, options: WoundOptions = {}): number {
  checkValue(value, "attribute");
  const rule = options.criticalWoundRule ?? DEFAULT_CRITICAL_WOUND_RULE;
  switch (wound) {
    case "healthy":
      return value;
    case "light":
      return rule === "sheet" ? halfUp(value) : value;
    case "medium":
      return halfUp(value);
    case "critical":
      return rule === "allOne" ? Math.min(value, 1) : halfUp(value);
    case "ko":
    case "dead":
      return 0;
  }
  throw new RangeError(`Not a wound level: ${String(wound)}`);
}

/**
 * A skill at a health level: Healthy full, Light and Medium "Half Skill Value (Round up)", Critical
 * "any skills reduced to 1" (a skill of 0 stays 0: there is nothing to reduce); 0 when the character
 * cannot act. RangeError on a negative value.
 */
export function effectiveSkill(value: number, wound: WoundLevel, _options: WoundOptions = {}): number {
  checkValue(value, "skill level");
  switch (wound) {
    case "healthy":
      return value;
    case "light":
    case "medium":
      return halfUp(value);
    case "critical":
      return Math.min(value, 1);
    case "ko":
    case "dead":
      return 0;
  }
  throw new RangeError(`Not a wound level: ${String(wound)}`);
}

/** Attribute + skill at a health level, or null when the character cannot act (K/O, dead). */
export function effectiveTotal(
  attribute: number,
  skill: number,
  wound: WoundLevel,
  options: WoundOptions = {},
): number | null {
  const a = effectiveAttribute(attribute, wound, options);
  const s = effectiveSkill(skill, wound, options);
  return woundAllowsActing(wound) ? a + s : null;
}

/**
 * The sheet's four columns for a favoured action ("Make sure to note the relevant scores ... for each
 * of the varying levels"): attribute + skill unharmed, light, medium, critical. The chargen box's
 * examples: attribute 5, skill 3 gives 8 / 7 / 5 / 4.
 */
export function woundColumns(
  attribute: number,
  skill: number,
  options: WoundOptions = {},
): { healthy: number; light: number; medium: number; critical: number } {
  const at = (w: WoundLevel): number =>
    effectiveAttribute(attribute, w, options) + effectiveSkill(skill, w, options);
  return { healthy: at("healthy"), light: at("light"), medium: at("medium"), critical: at("critical") };
}

/** A character's attribute + skill at a health level (null when it cannot act). */
export function traitTotal(
  traits: CharacterTraits,
  attribute: AttributeKey,
  skill: SkillKey | null,
  options: WoundedReading = {},
): number | null {
  const s = skill ? skillOf(traits, skill) : 0;
  return effectiveTotal(attributeOf(traits, attribute), s, options.wound ?? "healthy", options);
}

/**
 * "Hit points are determined by adding together the points in the character's Physical and Mental
 * attributes." The unwounded values: the pools do not shrink with wounds (INFERENCE).
 */
export function maxHitPoints(traits: CharacterTraits): number {
  return attributeOf(traits, "physical") + attributeOf(traits, "mental");
}

/** "Essence points are determined by adding together the points in the character's Social and Spiritual attributes." */
export function maxEssence(traits: CharacterTraits): number {
  return attributeOf(traits, "social") + attributeOf(traits, "spiritual");
}

/** Per level of Equipment, Library or Sanctuary: "the character has 5 points to spend". */
export const POINTS_PER_BUDGET_LEVEL = 5;

/** Worn armour as the derived values read it (the armour table's columns and its traits). */
export interface WornArmour {
  /** The table's "Protection" (printed negative: -1 .. -8; either sign is read as its size). */
  protection: number;
  /** The table's "Modifier" (printed 0 .. -3), read as the Defence penalty (INFERENCE, ambiguity #36). */
  modifier: number;
  heavy?: boolean;
  restrictive?: boolean;
}

/** Inputs of the derived values besides the traits. */
export interface DerivedOptions extends WoundedReading {
  armour?: readonly WornArmour[];
  /** Heavy weapons in hand ("Using this weapon reduces the user's initiative score by 1"). */
  heavyWeapons?: number;
  /** Setting `cooperationLimit` (ambiguity #5). */
  cooperationLimit?: CooperationLimitRule;
}

/** Where a combat number is read: the health level (default healthy) and the wound rule. */
export interface WoundedReading extends WoundOptions {
  wound?: WoundLevel;
}

/**
 * "combine the character's combined Mental attribute and Awareness skill; this is the Initiative score",
 * less 1 for each Heavy weapon and each Heavy armour ("reduces the user's initiative score by 1").
 */
export function initiativeScore(
  mental: number,
  awareness: number,
  options: WoundedReading & { heavyItems?: number } = {},
): number {
  const heavy = options.heavyItems ?? 0;
  if (!Number.isInteger(heavy) || heavy < 0) throw new RangeError(`Heavy items: ${heavy}`);
  return (effectiveTotal(mental, awareness, options.wound ?? "healthy", options) ?? 0) - heavy;
}

/**
 * "combine the Physical attribute and Athletics skill; this is the number of metres the character may
 * move"; Restrictive armour "reduces it's user's movement rate by 25%". Kept exact (5 m becomes 3.75 m,
 * spec C03: the text gives no rounding, and Foundry's ruler measures fractions of a metre).
 */
export function movementRate(
  physical: number,
  athletics: number,
  options: WoundedReading & { restrictive?: boolean } = {},
): number {
  const base = effectiveTotal(physical, athletics, options.wound ?? "healthy", options) ?? 0;
  return options.restrictive ? (base * 3) / 4 : base;
}

/** "in most cases this is two"; Uncoordinated: "only gets a single action die each combat turn". */
export const BASE_ACTIONS = 2;

/** The actions a round for the sheet: 2, or 1 with Uncoordinated (ambiguity #18: always 1). */
export function actionsPerRound(traits: CharacterTraits): number {
  return disadvantageLevel(traits, "uncoordinated") > 0 ? 1 : BASE_ACTIONS;
}

/**
 * "note the character's raw physical score (minus any penalties from armour worn), this is the
 * character's Defence score": Physical less the size of each worn armour's Modifier, never below 0.
 */
export function defenceScore(
  physical: number,
  armour: readonly WornArmour[] = [],
  options: WoundedReading = {},
): number {
  const penalty = armour.reduce((s, a) => s + Math.abs(a.modifier), 0);
  return Math.max(0, effectiveAttribute(physical, options.wound ?? "healthy", options) - penalty);
}

/**
 * The protection subtracted from damage: the best worn armour's (stacking is not addressed, ambiguity
 * #46: the highest only). 0 unarmoured.
 */
export function protectionValue(armour: readonly WornArmour[] = []): number {
  return armour.reduce((best, a) => Math.max(best, Math.abs(a.protection)), 0);
}

export const DEFAULT_COOPERATION_LIMIT: CooperationLimitRule = "leaderCounts";

/**
 * How many helpers a leader co-ordinates (modifiers.ts `cooperationLimit`: spec ambiguity #5, the
 * `cooperationLimit` option), with Natural Leader's +1. Never below 0.
 */
export function leadershipLimit(
  social: number,
  leadership: number,
  options: { naturalLeader?: boolean; cooperationLimit?: CooperationLimitRule } = {},
): number {
  checkValue(social, "attribute");
  checkValue(leadership, "skill level");
  return cooperationLimit({
    social,
    leadership,
    naturalLeader: options.naturalLeader ?? false,
    rule: options.cooperationLimit ?? DEFAULT_COOPERATION_LIMIT,
  });
}

/** The points a budget advantage gives: 5 per level ("five gear points", "five manuscript points", "five lodgings points"). */
export function budgetPoints(level: number): number {
  checkValue(level, "level");
  return level * POINTS_PER_BUDGET_LEVEL;
}

/** The combat numbers and pools of the sheet. */
export interface DerivedValues {
  hitPoints: number;
  essence: number;
  initiative: number;
  /** Oblivious: "Always loses initiative". */
  alwaysLosesInitiative: boolean;
  movement: number;
  actions: number;
  defence: number;
  protection: number;
  leadershipLimit: number;
  gearPoints: number;
  manuscriptPoints: number;
  lodgingPoints: number;
}

/**
 * Every derived value of a character. `extraBudgetLevels` adds Wealth's specific points ("For every
 * point in either equipment or home, a character may increase their respective equipment or sanctuary
 * advantages by 1", connections.ts). Sanctum (a placeholder, ambiguity #12) counts as Sanctuary.
 */
export function derivedValues(
  traits: CharacterTraits,
  options: DerivedOptions = {},
  extraBudgetLevels: { equipment?: number; sanctuary?: number } = {},
): DerivedValues {
  const wound = options.wound ?? "healthy";
  const armour = options.armour ?? [];
  const heavy = armour.filter((a) => a.heavy).length + (options.heavyWeapons ?? 0);
  const social = effectiveAttribute(attributeOf(traits, "social"), wound, options);
  const leadership = effectiveSkill(skillOf(traits, "leadership"), wound, options);
  return {
    hitPoints: maxHitPoints(traits),
    essence: maxEssence(traits),
    initiative: initiativeScore(attributeOf(traits, "mental"), skillOf(traits, "awareness"), {
      ...options,
      heavyItems: heavy,
    }),
    alwaysLosesInitiative: disadvantageLevel(traits, "oblivious") > 0,
    movement: movementRate(attributeOf(traits, "physical"), skillOf(traits, "athletics"), {
      ...options,
      restrictive: armour.some((a) => a.restrictive),
    }),
    actions: actionsPerRound(traits),
    defence: defenceScore(attributeOf(traits, "physical"), armour, options),
    protection: protectionValue(armour),
    leadershipLimit: leadershipLimit(social, leadership, {
      naturalLeader: advantageLevel(traits, "naturalLeader") > 0,
      ...(options.cooperationLimit ? { cooperationLimit: options.cooperationLimit } : {}),
    }),
    gearPoints: budgetPoints(advantageLevel(traits, "equipment") + (extraBudgetLevels.equipment ?? 0)),
    manuscriptPoints: budgetPoints(advantageLevel(traits, "library")),
    lodgingPoints: budgetPoints(
      advantageLevel(traits, "sanctuary") +
        advantageLevel(traits, "sanctum") +
        (extraBudgetLevels.sanctuary ?? 0),
    ),
  };
}
