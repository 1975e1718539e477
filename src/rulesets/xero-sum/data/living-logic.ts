/**
 * What a Xero Sum character's sheet and rolls read besides the stored data, Foundry-free: Table 5's
 * secondary stats and the attributes after Lasting Wounds (rules `secondaryStats`,
 * `effectiveAttributes`), from the actor's attributes, wounds and hand-entered bonuses; the load it
 * carries against its Encumbrance (rules `encumbrance`: a carried backpack's +2).
 */
import {
  effectiveAttributes,
  encumbrance,
  secondaryStats,
  type CarriedThing,
  type SecondaryStats,
} from "../rules";
import type { AttributeKey, LastingWound } from "../rules/keys";

/** An item as the derivation reads it (a plain row of the actor's items). */
export interface LivingItem {
  type: string;
  system: Record<string, unknown>;
}

export interface XeroSumDerived extends SecondaryStats {
  /** The attributes after Lasting Wounds. */
  attributes: Record<AttributeKey, number>;
  /** Enc × quantity of everything carried (weapons and carried equipment). */
  load: number;
  /** Over the Encumbrance: "stop and rest or drop something". */
  overloaded: boolean;
}

interface LivingSource {
  attributes: Record<AttributeKey, number>;
  lastingWounds: readonly LastingWound[];
  bonuses: {
    initiative: number;
    perception: number;
    woundPoints: number;
    resiliencePoints: number;
    encumbrance: number;
  };
}

const count = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : 0);

/** The actor's weapons and equipment as the encumbrance rules read them. */
export function carriedThings(items: readonly LivingItem[]): CarriedThing[] {
  const things: CarriedThing[] = [];
  for (const { type, system } of items) {
    if (type !== "xero-sum-weapon" && type !== "xero-sum-equipment") continue;
    const bonuses = Array.isArray(system.bonuses)
      ? (system.bonuses as { target?: unknown; value?: unknown }[])
          .filter((b) => typeof b?.target === "string" && Number.isInteger(b.value))
          .map((b) => ({ target: b.target as string, value: b.value as number }))
      : [];
    things.push({
      enc: count(system.enc),
      quantity: count(system.quantity),
      carried: system.carried !== false,
      bonuses,
    });
  }
  return things;
}

export function deriveXeroSum(source: LivingSource, items: readonly LivingItem[]): XeroSumDerived {
  const attributes = effectiveAttributes(source.attributes, source.lastingWounds);
  const stats = secondaryStats(source.attributes, {
    lastingWounds: source.lastingWounds,
    bonuses: source.bonuses,
  });
  const carried = encumbrance(attributes.phy, carriedThings(items), source.bonuses.encumbrance);
  return {
    ...stats,
    encumbrance: carried.capacity,
    attributes,
    load: carried.load,
    overloaded: carried.over,
  };
}
