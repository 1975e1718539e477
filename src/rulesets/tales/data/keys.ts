/**
 * The Tales keys the data models are built on (the contract's lists: four attributes, the 40 skills
 * in their groups, six connections, wound levels). Foundry-free. The trait lists are the rules
 * layer's (traits.ts); the item lists below are the data models' own.
 */
import {
  ATTRIBUTE_KEYS,
  CONNECTION_KEYS,
  ITEM_RARITIES,
  SKILL_GROUPS,
  SKILL_KEYS,
  WOUND_LEVELS,
} from "../rules";

export const ATTRIBUTES = ATTRIBUTE_KEYS;
export const SKILLS = SKILL_KEYS;
export { SKILL_GROUPS, WOUND_LEVELS };
export const CONNECTIONS = CONNECTION_KEYS;
export const RARITIES = ITEM_RARITIES;
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
