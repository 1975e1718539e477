/**
 * The Xero Sum keys the data models are built on: the rules layer's lists (rules/keys.ts), named
 * here for the data layer. Foundry-free.
 */
export {
  ATTRIBUTE_KEYS as ATTRIBUTES,
  BREAKING_POINTS,
  CHARACTERISTIC_KEYS as CHARACTERISTICS,
  COMPLICATIONS,
  CONDITIONS,
  CREATION_METHODS,
  LASTING_WOUNDS,
  MOTIVATIONS,
  PANICS,
  RANGE_BANDS,
  RARITIES,
  SKILL_KEYS as SKILLS,
  STARRED_SKILLS,
  WEAPON_CATEGORIES,
  WEAPON_CLASSES,
  WEAPON_SKILLS,
} from "../rules/keys";

/** What an equipment bonus applies to besides a skill. */
export const BONUS_TARGETS_EXTRA = ["perception", "encumbrance", "initiative"] as const;
