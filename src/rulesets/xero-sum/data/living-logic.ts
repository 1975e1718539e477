/**
 * What a Xero Sum character's sheet and rolls read besides the stored data, Foundry-free: Table 5's
 * secondary stats and the attributes after Lasting Wounds (rules `secondaryStats`,
 * `effectiveAttributes`), from the actor's attributes, wounds, hand-entered bonuses and what its
 * carried equipment adds (a backpack's +2 Encumbrance).
 */
import { effectiveAttributes, secondaryStats, type SecondaryStats } from "../rules";
import type { AttributeKey, LastingWound } from "../rules/keys";

/** An item as the derivation reads it (a plain row of the actor's items). */
export interface LivingItem {
  type: string;
  system: Record<string, unknown>;
}

export interface XeroSumDerived extends SecondaryStats {
  /** The attributes after Lasting Wounds. */
  attributes: Record<AttributeKey, number>;
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

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? Math.trunc(v) : 0);

/** What carried equipment adds to a stat ("+2 Encumbrance"), by bonus target. */
export function equipmentBonus(items: readonly LivingItem[], target: string): number {
  let total = 0;
  for (const item of items) {
    if (item.type !== "xero-sum-equipment" || item.system.carried === false) continue;
    const bonuses = Array.isArray(item.system.bonuses) ? (item.system.bonuses as unknown[]) : [];
    for (const b of bonuses) {
      const row = b && typeof b === "object" ? (b as Record<string, unknown>) : {};
      // A bonus with a context ("when climbing") applies only then: the roll dialog offers it.
      if (row.target === target && !row.context) total += num(row.value);
    }
  }
  return total;
}

export function deriveXeroSum(source: LivingSource, items: readonly LivingItem[]): XeroSumDerived {
  const bonuses = {
    ...source.bonuses,
    encumbrance: source.bonuses.encumbrance + equipmentBonus(items, "encumbrance"),
  };
  return {
    ...secondaryStats(source.attributes, { lastingWounds: source.lastingWounds, bonuses }),
    attributes: effectiveAttributes(source.attributes, source.lastingWounds),
  };
}
