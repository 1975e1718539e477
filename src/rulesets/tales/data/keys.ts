/**
 * The Tales keys the data models are built on (the contract's lists: four attributes, the 40 skills
 * in their groups, six connections, wound levels). Foundry-free. The rules layer's traits.ts holds
 * the same lists with their rules; the models import these plain arrays so they never depend on
 * rules code at load.
 */
export const ATTRIBUTES = ["physical", "social", "mental", "spiritual"] as const;
export const SKILL_GROUPS = {
  physical: [
    "acrobatics",
    "archery",
    "athletics",
    "brawl",
    "block",
    "dodge",
    "escapeArtist",
    "melee",
    "survival",
    "swimming",
    "throw",
  ],
  social: [
    "animalKen",
    "bearing",
    "etiquette",
    "intimidation",
    "interrogation",
    "languages",
    "leadership",
    "performance",
    "riding",
    "subterfuge",
  ],
  mental: [
    "academics",
    "appraisal",
    "crafts",
    "drive",
    "firearms",
    "medicine",
    "occult",
    "repair",
    "research",
    "science",
    "stealth",
  ],
  spiritual: [
    "awareness",
    "cognition",
    "empathy",
    "focus",
    "intuition",
    "martialArts",
    "meditation",
    "spiritKen",
  ],
} as const;
export const SKILLS = [
  ...SKILL_GROUPS.physical,
  ...SKILL_GROUPS.social,
  ...SKILL_GROUPS.mental,
  ...SKILL_GROUPS.spiritual,
] as const;
export const CONNECTIONS = ["allies", "contacts", "fame", "influence", "territory", "wealth"] as const;
export const WOUND_LEVELS = ["healthy", "light", "medium", "critical", "ko", "dead"] as const;
export const RARITIES = ["common", "uncommon", "rare", "illegal"] as const;
export const GEAR_CATEGORIES = [
  "tools",
  "stuff",
  "clothes",
  "pet",
  "consumerVehicle",
  "specialistTools",
  "specialistGear",
  "fashionableClothes",
  "commercialVehicle",
  "eliteTools",
  "eliteGear",
  "nonLethalPoison",
  "courtClothes",
  "deadlyPoison",
] as const;
export const TEMPLATE_TIERS = ["hobby", "partTime", "fullTime", "grunt", "veteran", "leader"] as const;
export const TEXT_KINDS = ["reference", "educational", "blackBook"] as const;
export const SANCTUARY_CATEGORIES = ["size", "location", "furnishings", "security", "features"] as const;
