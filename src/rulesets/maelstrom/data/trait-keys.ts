/**
 * The trait keys the data models are built on (the text's six attributes and 24 abilities, with
 * their groups and categories). Foundry-free.
 */
export const ATTRIBUTE_GROUPS = {
  physical: ["strength", "precision", "reflexes"],
  mental: ["perception", "intelligence", "wits"],
} as const;
export const ATTRIBUTE_KEYS = [...ATTRIBUTE_GROUPS.physical, ...ATTRIBUTE_GROUPS.mental] as const;
export type AttributeKey = (typeof ATTRIBUTE_KEYS)[number];

export const ABILITY_CATEGORIES = {
  talent: [
    "alertness",
    "athletics",
    "investigation",
    "melee",
    "performance",
    "stealth",
    "streetwise",
    "technology",
  ],
  skill: [
    "artistry",
    "driving",
    "firearms",
    "heavyWeapons",
    "piloting",
    "remoteWeapons",
    "survival",
    "tradecraft",
  ],
  knowledge: [
    "computerScience",
    "engineering",
    "humanities",
    "manufacturing",
    "medicine",
    "science",
    "statecraft",
    "navigation",
  ],
} as const;
export const ABILITY_KEYS = [
  ...ABILITY_CATEGORIES.talent,
  ...ABILITY_CATEGORIES.skill,
  ...ABILITY_CATEGORIES.knowledge,
] as const;
export type AbilityKey = (typeof ABILITY_KEYS)[number];
export type AbilityCategory = keyof typeof ABILITY_CATEGORIES;
export const CATEGORY_KEYS = ["talent", "skill", "knowledge"] as const;

export const DAMAGE_TYPES = ["bashing", "lethal", "aggravated"] as const;
export type DamageType = (typeof DAMAGE_TYPES)[number];
