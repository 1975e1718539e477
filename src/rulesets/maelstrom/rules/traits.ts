/**
 * The Maelstrom trait keys (rules "Traits": six attributes in two groups, 24 abilities in three
 * categories, and Willpower), as plain data for the character rules (creation, XP banks, merits).
 * Pure: no Foundry, no globals. The dice helper's `pools.ts` carries the richer tables.
 */

/**
 * A check that either passes with a value or names why it failed: `reason` is a stable key (the glue
 * localises it), `data` the numbers a message needs.
 */
export type Checked<T, R extends string = string> =
  { ok: true; value: T } | { ok: false; reason: R; data?: Record<string, number | string> };

/** The attributes: "Physical" (strength, precision, reflexes) and "Mental" (perception, intelligence, wits). */
export const ATTRIBUTE_KEYS = [
  "strength",
  "precision",
  "reflexes",
  "perception",
  "intelligence",
  "wits",
] as const;
export type AttributeKey = (typeof ATTRIBUTE_KEYS)[number];

/** The attribute groups of "Starting Attributes" (primary +6, secondary +4). */
export const ATTRIBUTE_GROUP_KEYS: Readonly<Record<"physical" | "mental", readonly AttributeKey[]>> = {
  physical: ["strength", "precision", "reflexes"],
  mental: ["perception", "intelligence", "wits"],
};

/** The 24 abilities: eight talents, eight skills, eight knowledges, in the text's order. */
export const ABILITY_KEYS = [
  "alertness",
  "athletics",
  "investigation",
  "melee",
  "performance",
  "stealth",
  "streetwise",
  "technology",
  "artistry",
  "driving",
  "firearms",
  "heavyWeapons",
  "piloting",
  "remoteWeapons",
  "survival",
  "tradecraft",
  "computerScience",
  "engineering",
  "humanities",
  "manufacturing",
  "medicine",
  "science",
  "statecraft",
  "navigation",
] as const;
export type AbilityKey = (typeof ABILITY_KEYS)[number];

/** Whether a string is an attribute key. */
export function isAttributeKey(key: string): key is AttributeKey {
  return (ATTRIBUTE_KEYS as readonly string[]).includes(key);
}

/** Whether a string is an ability key. */
export function isAbilityKey(key: string): key is AbilityKey {
  return (ABILITY_KEYS as readonly string[]).includes(key);
}

/** Dots in a trait: an integer 0..5 (the rating descriptions stop at 5). */
export const MAX_TRAIT_DOTS = 5;

/**
 * Strength's lift (the Strength ratings): "0: ... (Lift 20lbs)", "1: ... (Lift 40lbs)", "2: ... (Lift
 * 100lbs)", "3: ... (Lift 250lbs)", "4: ... (Lift 400lbs)", "5: ... (Lift 600lbs)".
 */
export const LIFT_BY_STRENGTH: readonly number[] = [20, 40, 100, 250, 400, 600];

/** Pounds a character lifts at this Strength (0..5; RangeError otherwise). */
export function liftFor(strength: number): number {
  const lbs = Number.isInteger(strength) ? LIFT_BY_STRENGTH[strength] : undefined;
  if (lbs === undefined) throw new RangeError(`Strength is an integer 0..5: ${strength}`);
  return lbs;
}

/** The attribute groups ("Physical" and "Mental"). */
export type AttributeGroup = "physical" | "mental";

/** "Talents", "Skills" and "Knowledges": they differ only at zero dots. */
export const ABILITY_CATEGORY_KEYS = ["talent", "skill", "knowledge"] as const;
export type AbilityCategory = (typeof ABILITY_CATEGORY_KEYS)[number];

export interface AttributeEntry {
  readonly key: AttributeKey;
  readonly group: AttributeGroup;
}

export interface AbilityEntry {
  readonly key: AbilityKey;
  readonly category: AbilityCategory;
  /** The text's "Common Attributes" (empty for Artistry's "Varies"). */
  readonly attributes: readonly AttributeKey[];
}

export const ATTRIBUTES: Readonly<Record<AttributeKey, AttributeEntry>> = {
  strength: { key: "strength", group: "physical" },
  precision: { key: "precision", group: "physical" },
  reflexes: { key: "reflexes", group: "physical" },
  perception: { key: "perception", group: "mental" },
  intelligence: { key: "intelligence", group: "mental" },
  wits: { key: "wits", group: "mental" },
};

function ability(key: AbilityKey, category: AbilityCategory, attributes: AttributeKey[]): AbilityEntry {
  return { key, category, attributes };
}

/** The 24 abilities with their category and common attributes, in the text's order. */
export const ABILITIES: Readonly<Record<AbilityKey, AbilityEntry>> = {
  alertness: ability("alertness", "talent", ["perception"]),
  athletics: ability("athletics", "talent", ["strength", "precision", "reflexes"]),
  investigation: ability("investigation", "talent", ["intelligence", "wits", "perception"]),
  melee: ability("melee", "talent", ["strength", "precision", "reflexes"]),
  performance: ability("performance", "talent", ["precision", "wits"]),
  stealth: ability("stealth", "talent", ["wits", "precision"]),
  streetwise: ability("streetwise", "talent", ["wits"]),
  technology: ability("technology", "talent", ["intelligence", "wits"]),
  artistry: ability("artistry", "skill", []),
  driving: ability("driving", "skill", ["precision", "reflexes"]),
  firearms: ability("firearms", "skill", ["strength", "precision", "reflexes"]),
  heavyWeapons: ability("heavyWeapons", "skill", ["strength", "precision"]),
  piloting: ability("piloting", "skill", ["precision", "reflexes"]),
  remoteWeapons: ability("remoteWeapons", "skill", ["wits", "reflexes"]),
  survival: ability("survival", "skill", ["intelligence", "wits"]),
  tradecraft: ability("tradecraft", "skill", ["wits", "precision"]),
  computerScience: ability("computerScience", "knowledge", ["intelligence"]),
  engineering: ability("engineering", "knowledge", ["intelligence", "wits"]),
  humanities: ability("humanities", "knowledge", ["intelligence"]),
  manufacturing: ability("manufacturing", "knowledge", ["intelligence", "wits"]),
  medicine: ability("medicine", "knowledge", ["intelligence"]),
  science: ability("science", "knowledge", ["intelligence"]),
  statecraft: ability("statecraft", "knowledge", ["intelligence", "wits"]),
  navigation: ability("navigation", "knowledge", ["intelligence"]),
};

/** The category of an ability; RangeError for an unknown key. */
export function abilityCategory(key: string): AbilityCategory {
  if (!isAbilityKey(key)) throw new RangeError(`Not a Maelstrom ability: ${key}`);
  return ABILITIES[key].category;
}
