/**
 * The Tales trait keys (Tales Core Rules 0.5 "CHARACTER GENERATION", "List of Skills", appendix 3,
 * "CONNECTIONS", "HEALTH LEVEL INJURY") as plain data every other rules file imports. Pure: no
 * Foundry, no globals. Tales Core Rules 0.5 (c) 2007 Michael Wenman.
 */

/**
 * A check that either passes with a value or names why it failed: `reason` is a stable key (the glue
 * localises it), `data` the numbers a message needs.
 */
export type Checked<T, R extends string = string> =
  { ok: true; value: T } | { ok: false; reason: R; data?: Record<string, number | string> };

/** The four attributes: "Physical", "Social", "Mental", "Spiritual". */
export const ATTRIBUTE_KEYS = ["physical", "social", "mental", "spiritual"] as const;
export type AttributeKey = (typeof ATTRIBUTE_KEYS)[number];

/**
 * "List of Skills": the 40 skills under the attribute heading they are listed under (their group).
 * The description list calls Bearing "Department" (spec ambiguity #7): one skill, key `bearing`.
 */
export const SKILLS = [
  { key: "acrobatics", group: "physical" },
  { key: "archery", group: "physical" },
  { key: "athletics", group: "physical" },
  { key: "brawl", group: "physical" },
  { key: "block", group: "physical" },
  { key: "dodge", group: "physical" },
  { key: "escapeArtist", group: "physical" },
  { key: "melee", group: "physical" },
  { key: "survival", group: "physical" },
  { key: "swimming", group: "physical" },
  { key: "throw", group: "physical" },
  { key: "animalKen", group: "social" },
  { key: "bearing", group: "social" },
  { key: "etiquette", group: "social" },
  { key: "intimidation", group: "social" },
  { key: "interrogation", group: "social" },
  { key: "languages", group: "social" },
  { key: "leadership", group: "social" },
  { key: "performance", group: "social" },
  { key: "riding", group: "social" },
  { key: "subterfuge", group: "social" },
  { key: "academics", group: "mental" },
  { key: "appraisal", group: "mental" },
  { key: "crafts", group: "mental" },
  { key: "drive", group: "mental" },
  { key: "firearms", group: "mental" },
  { key: "medicine", group: "mental" },
  { key: "occult", group: "mental" },
  { key: "repair", group: "mental" },
  { key: "research", group: "mental" },
  { key: "science", group: "mental" },
  { key: "stealth", group: "mental" },
  { key: "awareness", group: "spiritual" },
  { key: "cognition", group: "spiritual" },
  { key: "empathy", group: "spiritual" },
  { key: "focus", group: "spiritual" },
  { key: "intuition", group: "spiritual" },
  { key: "martialArts", group: "spiritual" },
  { key: "meditation", group: "spiritual" },
  { key: "spiritKen", group: "spiritual" },
] as const satisfies readonly { key: string; group: AttributeKey }[];

export type SkillKey = (typeof SKILLS)[number]["key"];
export const SKILL_KEYS: readonly SkillKey[] = SKILLS.map((s) => s.key);

/** The skills by group, in the list's order (Physical 11, Social 10, Mental 11, Spiritual 8). */
export const SKILL_GROUPS: Readonly<Record<AttributeKey, readonly SkillKey[]>> = {
  physical: SKILLS.filter((s) => s.group === "physical").map((s) => s.key),
  social: SKILLS.filter((s) => s.group === "social").map((s) => s.key),
  mental: SKILLS.filter((s) => s.group === "mental").map((s) => s.key),
  spiritual: SKILLS.filter((s) => s.group === "spiritual").map((s) => s.key),
};

/** The attribute a skill is listed under (RangeError on an unknown key). */
export function skillGroup(skill: string): AttributeKey {
  const found = SKILLS.find((s) => s.key === skill);
  if (!found) throw new RangeError(`Not a Tales skill: ${skill}`);
  return found.group;
}

/** "CONNECTIONS": Allies, Contacts, Fame, Influence, Territory, Wealth ("Backgrounds" in chargen). */
export const CONNECTION_KEYS = ["allies", "contacts", "fame", "influence", "territory", "wealth"] as const;
export type ConnectionKey = (typeof CONNECTION_KEYS)[number];

/**
 * The health levels, ascending: uninjured, "Light Wound", "Medium Wound", "Critical Wound",
 * "Unconscious" (K/O), dead. Stunned "is not so much a health level, but a temporary state of shock":
 * a separate flag.
 */
export const WOUND_LEVELS = ["healthy", "light", "medium", "critical", "ko", "dead"] as const;
export type WoundLevel = (typeof WOUND_LEVELS)[number];

/** A wound level's rank (healthy 0 .. dead 5); RangeError on an unknown key. */
export function woundRank(level: string): number {
  const i = (WOUND_LEVELS as readonly string[]).indexOf(level);
  if (i < 0) throw new RangeError(`Not a wound level: ${level}`);
  return i;
}

/** The hit locations by die face: 1 Soft Flesh, 2 Legs, 3 Arms, 4 Abdomen, 5 Torso, 6 Head. */
export const HIT_LOCATIONS = ["softFlesh", "legs", "arms", "abdomen", "torso", "head"] as const;
export type HitLocation = (typeof HIT_LOCATIONS)[number];

/** The location a die face (1..6) picks; RangeError otherwise. */
export function hitLocationForFace(face: number): HitLocation {
  const loc = HIT_LOCATIONS[face - 1];
  if (!Number.isInteger(face) || loc === undefined) throw new RangeError(`A die face is 1..6: ${face}`);
  return loc;
}

/** Appendix 3 "ADVANTAGES": the 29 defined advantages, in the text's order. */
export const ADVANTAGE_KEYS = [
  "adaptable",
  "ambidextrous",
  "charismatic",
  "companion",
  "cunning",
  "deathdealer",
  "dream",
  "edge",
  "eideticMemory",
  "enigma",
  "equipment",
  "focused",
  "hardened",
  "heightenedSense",
  "library",
  "lucky",
  "loyalty",
  "masterLinguist",
  "mentor",
  "mystic",
  "naturalLeader",
  "poisonResistance",
  "resilient",
  "sanctuary",
  "skillExpert",
  "status",
  "teamwork",
  "tough",
  "wellTraveled",
] as const;

/**
 * Advantages the culture templates name but appendix 3 never defines: "Beauty (3)" (Government
 * Veteran and Leader) and "Sanctum (1)" (Occult Grunt). Spec ambiguity #12.
 */
export const PLACEHOLDER_ADVANTAGE_KEYS = ["beauty", "sanctum"] as const;

export type AdvantageKey = (typeof ADVANTAGE_KEYS)[number] | (typeof PLACEHOLDER_ADVANTAGE_KEYS)[number];

/** Appendix 3 "DISADVANTAGES": the 31 disadvantages, in the text's order. */
export const DISADVANTAGE_KEYS = [
  "addiction",
  "amnesia",
  "astrologicalSensitivity",
  "badReputation",
  "blindLoyalty",
  "coward",
  "criminalRecord",
  "cursed",
  "deadSense",
  "dependent",
  "depressed",
  "dulledSense",
  "duty",
  "easilyConfused",
  "enemies",
  "flashbacks",
  "foreigner",
  "frail",
  "hatred",
  "hunted",
  "memorable",
  "notoriousParent",
  "oblivious",
  "phobia",
  "savage",
  "socialAnimal",
  "susceptible",
  "territorial",
  "timeCommitment",
  "uncoordinated",
  "weak",
] as const;
export type DisadvantageKey = (typeof DISADVANTAGE_KEYS)[number];

function member<T extends string>(list: readonly T[], key: string): key is T {
  return (list as readonly string[]).includes(key);
}

export function isAttributeKey(key: string): key is AttributeKey {
  return member(ATTRIBUTE_KEYS, key);
}
export function isSkillKey(key: string): key is SkillKey {
  return member(SKILL_KEYS, key);
}
export function isConnectionKey(key: string): key is ConnectionKey {
  return member(CONNECTION_KEYS, key);
}
export function isWoundLevel(key: string): key is WoundLevel {
  return member(WOUND_LEVELS, key);
}
/** The 29 defined advantages and the two placeholders. */
export function isAdvantageKey(key: string): key is AdvantageKey {
  return member(ADVANTAGE_KEYS, key) || member(PLACEHOLDER_ADVANTAGE_KEYS, key);
}
export function isDisadvantageKey(key: string): key is DisadvantageKey {
  return member(DISADVANTAGE_KEYS, key);
}

/**
 * "Just as the values on a die range from 1 to 6, so to do the attributes": the scale's top, and the
 * default of the `traitCap` setting (the cap after character generation is not stated, ambiguity #6).
 */
export const TRAIT_SCALE_MAX = 6;
/** "Starting characters must start with at least one point in each attribute." */
export const ATTRIBUTE_MIN = 1;

/**
 * An advantage or disadvantage a character holds. `level` is its points (the trait cost or bonus: "Each
 * advantage has a value equal to its Trait cost"), also the level the XP table doubles. `variant` picks
 * one of the text's priced options (Resilient "hitPoints" | "essence" | "both", Addiction, Criminal
 * Record, Dead Sense, Dulled Sense, Phobia, Savage); `specialisation` names the skill, sense, culture,
 * subject or person the trait is about (Edge's skill, Heightened Sense's sense, Status's culture ...).
 */
export interface HeldTrait {
  key: string;
  level: number;
  variant?: string;
  specialisation?: string;
  /** The template that granted it (its key), or absent when bought. */
  fromTemplate?: string;
}

/** A character's traits as the rules read them. Missing attributes count 0, missing skills 0. */
export interface CharacterTraits {
  attributes: Partial<Record<AttributeKey, number>>;
  skills: Partial<Record<SkillKey, number>>;
  connections?: Partial<Record<ConnectionKey, number>>;
  advantages?: readonly HeldTrait[];
  disadvantages?: readonly HeldTrait[];
  /** Keys of the occupation and culture templates taken (templates.ts). */
  templates?: readonly string[];
}

/** An attribute's value (0 when missing). */
export function attributeOf(traits: CharacterTraits, key: AttributeKey): number {
  return traits.attributes[key] ?? 0;
}
/** A skill's level (0 when missing). */
export function skillOf(traits: CharacterTraits, key: SkillKey): number {
  return traits.skills[key] ?? 0;
}
/** A connection's level (0 when missing). */
export function connectionOf(traits: CharacterTraits, key: ConnectionKey): number {
  return traits.connections?.[key] ?? 0;
}
/** The summed levels of an advantage (all entries with that key, any specialisation). */
export function advantageLevel(traits: CharacterTraits, key: AdvantageKey): number {
  return (traits.advantages ?? []).filter((a) => a.key === key).reduce((s, a) => s + a.level, 0);
}
/** The summed levels of a disadvantage (all entries with that key). */
export function disadvantageLevel(traits: CharacterTraits, key: DisadvantageKey): number {
  return (traits.disadvantages ?? []).filter((d) => d.key === key).reduce((s, d) => s + d.level, 0);
}
