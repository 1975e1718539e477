/**
 * Combat helpers. The text's "Combat", "Turns", "Initiative", "Attacking" and "Evading" sections are
 * empty ("This section isn't ready yet"): everything here except the Precision/Reflexes choice
 * ("Storyteller Suggestions: Precision vs Reflexes") is a Polyverse default, chosen by world settings
 * (`initiative`, `damageMode`, `extraSuccessesAddDamage`). Pure: no Foundry, no globals.
 */
import type { AttributeKey } from "./traits";

/** The `initiative` setting's choices (Polyverse defaults: the text has no initiative rule). */
export const INITIATIVE_MODES = ["reflexesWits", "reflexesPerception", "reflexes"] as const;
export type InitiativeMode = (typeof INITIATIVE_MODES)[number];

/**
 * The Foundry initiative formula for a mode, over the actor's roll data (attributes are plain
 * integers at `@attributes.<key>`). Polyverse default, not the text: "reflexesWits" 1d10 + Reflexes
 * + Wits; "reflexesPerception" 1d10 + Reflexes + Perception; "reflexes" 1d10 + Reflexes.
 */
export function initiativeFormula(mode: InitiativeMode): string {
  switch (mode) {
    case "reflexesWits":
      return "1d10 + @attributes.reflexes + @attributes.wits";
    case "reflexesPerception":
      return "1d10 + @attributes.reflexes + @attributes.perception";
    case "reflexes":
      return "1d10 + @attributes.reflexes";
    default:
      throw new RangeError(`Not an initiative mode: ${String(mode)}`);
  }
}

/** An attack's attribute choice. */
export interface AttackAttribute {
  attribute: AttributeKey;
  /**
   * Reflexes: "Increase the difficulty by one whenever a player uses reflexes, as compared to an
   * equivalent precision-based action" (the "Reflexive Action Penalty"; some weapons ignore it).
   */
  reflexivePenalty: boolean;
}

/**
 * The attributes an attack may use, the first the suggested one. "For attacks, this means that they
 * need to have either aimed or shot at their target last round": Precision only then (`aimed`);
 * "Reflexes should always be allowed", with the Reflexive Action Penalty. Melee also offers Strength
 * (the text's "Strength + Brawling"; the Melee ability lists "Strength, Precision, Reflexes"), with no
 * penalty. The ability is the weapon's (Firearms, Melee).
 */
export function attackTraits({
  category,
  aimed,
}: {
  category: "ranged" | "melee";
  aimed: boolean;
}): AttackAttribute[] {
  const precision: AttackAttribute[] = aimed ? [{ attribute: "precision", reflexivePenalty: false }] : [];
  const reflexes: AttackAttribute = { attribute: "reflexes", reflexivePenalty: true };
  if (category === "ranged") return [...precision, reflexes];
  return [...precision, { attribute: "strength", reflexivePenalty: false }, reflexes];
}

/**
 * Whether the attacker aimed at or shot at `targetId` last round: the actor's `combat.aimedAt` and
 * `combat.aimedRound` ("<combatId>:<round>") against the current combat and round.
 */
export function aimedLastRound({
  aimedAt,
  aimedRound,
  targetId,
  combatId,
  round,
}: {
  aimedAt: string;
  aimedRound: string;
  targetId: string;
  combatId: string;
  round: number;
}): boolean {
  return aimedAt !== "" && aimedAt === targetId && aimedRound === `${combatId}:${round - 1}`;
}

/** The `damageMode` setting's choices. */
export type DamageMode = "dicePool" | "fixedLevels";

/** The difficulty of a damage roll in "dicePool" mode (Polyverse default: the soak roll's 6). */
export const DAMAGE_DIFFICULTY = 6;

/**
 * A hit's damage (Polyverse default: the text's weapon tables give "Damage" with no unit). The base is
 * the weapon's damage, plus Strength for melee weapons listed as "Strength + N"; with
 * `extraSuccessesAddDamage`, every net success past the first adds one. "dicePool": that many dice,
 * rolled at difficulty 6 ({@link damageRollLevels}); "fixedLevels": that many levels. A miss (no net
 * success) does no damage.
 */
export function damageFromAttack({
  mode,
  weaponDamage,
  addStrength = false,
  strength = 0,
  netSuccesses,
  extraSuccessesAddDamage = true,
}: {
  mode: DamageMode;
  weaponDamage: number;
  addStrength?: boolean;
  strength?: number;
  netSuccesses: number;
  extraSuccessesAddDamage?: boolean;
}): { mode: "dicePool"; dice: number } | { mode: "fixedLevels"; levels: number } {
  for (const [name, n] of [
    ["Weapon damage", weaponDamage],
    ["Strength", strength],
  ] as const) {
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`${name} is an integer >= 0: ${n}`);
  }
  if (!Number.isInteger(netSuccesses)) throw new RangeError(`Net successes are an integer: ${netSuccesses}`);
  const hit = netSuccesses >= 1;
  const extra = extraSuccessesAddDamage ? Math.max(0, netSuccesses - 1) : 0;
  const amount = hit ? weaponDamage + (addStrength ? strength : 0) + extra : 0;
  switch (mode) {
    case "dicePool":
      return { mode, dice: amount };
    case "fixedLevels":
      return { mode, levels: amount };
    default:
      throw new RangeError(`Not a damage mode: ${String(mode)}`);
  }
}

/**
 * Levels from a damage roll ("dicePool" mode, a Polyverse default): each die showing 6 or more is one
 * level; ones are ignored (no botches, no explosions). RangeError on a face outside 1..10.
 */
export function damageRollLevels(faces: readonly number[]): number {
  let levels = 0;
  for (const face of faces) {
    if (!Number.isInteger(face) || face < 1 || face > 10)
      throw new RangeError(`A d10 face is 1..10: ${face}`);
    if (face >= DAMAGE_DIFFICULTY) levels += 1;
  }
  return levels;
}
