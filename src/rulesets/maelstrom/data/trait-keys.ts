/**
 * The trait keys the data models and sheets are built on, grouped as the sheet shows them: the
 * rules layer's lists (rules/traits.ts, rules/health.ts), nothing of their own.
 */
import {
  ABILITIES,
  ABILITY_CATEGORY_KEYS,
  ABILITY_KEYS,
  ATTRIBUTE_GROUP_KEYS,
  type AbilityCategory,
  type AbilityKey,
} from "../rules";

export { ABILITY_KEYS, ATTRIBUTE_KEYS, DAMAGE_TYPES } from "../rules";
export type { AbilityCategory, AbilityKey, AttributeKey, DamageType } from "../rules";

/** The attributes by group ("Physical", "Mental"). */
export const ATTRIBUTE_GROUPS = ATTRIBUTE_GROUP_KEYS;

/** The abilities by category, in the text's order. */
const inCategory = (c: AbilityCategory): readonly AbilityKey[] =>
  ABILITY_KEYS.filter((k) => ABILITIES[k].category === c);
export const ABILITY_CATEGORIES: Readonly<Record<AbilityCategory, readonly AbilityKey[]>> = {
  talent: inCategory("talent"),
  skill: inCategory("skill"),
  knowledge: inCategory("knowledge"),
};

export const CATEGORY_KEYS = ABILITY_CATEGORY_KEYS;
