/**
 * Virtually Real initiative without Foundry (Virtually Real core guidebook, chapter 1, "Initiative",
 * the CRITICAL CONDITIONS table): "A typical initiative roll is Reflex with capacity [1]. If you have a
 * weapon in hand and ready, then use the [I] box for your weapon as the skill level … If you have
 * Basic Combat Training at primary training or higher, then initiative becomes capacity [2]" (the
 * rolls folder's Initiative save reads the actor's derived numbers). The turn order: the highest total
 * first (a critical result counts 0); chapter 1 breaks no ties, so equal totals go by name. A
 * condition whose "At Next" is Initiative (the Guilt adrenaline box) changes once the initiative is
 * rolled (rules `expireConditions`).
 */
import { expireConditions, planCheck, type ConditionMark } from "../rules";
import { conditionMark, type StoredCondition } from "../data/living-logic";

/** A combatant as the order reads it. */
export interface TurnEntry {
  initiative: number | null;
  name: string;
}

/** Highest first, then by name; those who have not rolled last. */
export function compareInitiative(a: TurnEntry, b: TurnEntry): number {
  const ai = a.initiative ?? null;
  const bi = b.initiative ?? null;
  if (ai === null && bi !== null) return 1;
  if (bi === null && ai !== null) return -1;
  if (ai !== null && bi !== null && ai !== bi) return bi - ai;
  return a.name.localeCompare(b.name);
}

/**
 * The Initiative save as a Foundry formula, for what reads `Combatant#getInitiativeRoll` (the
 * combat's own roll goes through the save): the pool with its keep rule and the level ("3d6kh2 + 2").
 */
export function initiativeFormula(init: {
  attrCapacity: number;
  saveCapacity: number;
  level: number;
  advantage: number;
  disadvantage: number;
  critMod: number;
}): string {
  const plan = planCheck({
    kind: "save",
    capacity: init.attrCapacity,
    attrCapacity: init.attrCapacity,
    saveCapacity: init.saveCapacity,
    advantage: init.advantage,
    disadvantage: init.disadvantage,
    critMod: init.critMod,
  });
  const level = init.level;
  return level === 0 ? plan.formula : `${plan.formula} ${level < 0 ? "-" : "+"} ${Math.abs(level)}`;
}

/** A rules mark as stored ("" for each absent key). */
export const storedCondition = (mark: ConditionMark): StoredCondition => ({
  severity: mark.severity,
  group: mark.group,
  target: mark.target ?? "",
  side: mark.side ?? "wound",
  id: mark.id ?? "",
  letter: mark.letter ?? "",
  atNext: mark.atNext ?? "",
});

/** The conditions after an initiative roll (those lasting until the next initiative heal), or null when none changes. */
export function afterInitiative(conditions: readonly StoredCondition[]): StoredCondition[] | null {
  if (!conditions.some((c) => c.atNext === "initiative")) return null;
  return expireConditions(conditions.map(conditionMark), "initiative").map(storedCondition);
}
