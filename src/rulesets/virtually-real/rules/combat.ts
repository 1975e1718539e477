/**
 * Combat as far as chapter 1 defines it (Virtually Real core guidebook, chapter 1: "Degrees Of
 * Success", "Critical Results", "Dodge & Evade", "Initiative", "Save Time", "Extended Criticals"; THE
 * ART OF COMBAT, with the action economy, maneuver penalties, movement and weapons, is not included).
 * Pure: no Foundry, no globals.
 *
 * "In combat, your damage is your attack's degree of success": the attack is measured against the
 * defender's active defence (a Dodge or Evade save) or a DL, and beats it by its damage. An attack that
 * is a critical result "flat out misses with no defense required".
 *
 * Readings where the text is silent (spec §6.3), each an option with its default:
 * - "degree of success" is read as the margin in points (`damageReading: "margin"`, proposed
 *   world setting `polyverse.virtually-real.damageReading`), banded on the target's DC and HP
 *   (health.ts `woundBand`), or as the degree band itself read on the Experience table (`"degree"`:
 *   minor, major, serious, critical from the margin, whatever the target's DC);
 * - a tie goes to the attacker, the roller who "equals or exceeds" (`ties: "attacker"`, proposed
 *   world setting `polyverse.virtually-real.opposedTies`), or to the defender (`"defender"`).
 */
import { accept, assertCount, assertRange, assertWhole, refuse, type Checked } from "./char-guards";
import type { AttributeKey, WoundBand } from "./character-keys";
import { degreeFromMargin, degreeRank } from "./experience";
import { attributeModifier } from "./attributes";
import { woundBand, type Body } from "./health";

/** Readings where the text is silent (see the file's comment). */
export interface CombatOptions {
  damageReading?: "margin" | "degree";
  ties?: "attacker" | "defender";
}

/** What an attack did. */
export interface AttackOutcome {
  hit: boolean;
  /** A critical attack: "the attack flat out misses with no defense required". */
  criticalMiss: boolean;
  /** Attack total − defence (or DL); null on a critical miss. */
  margin: number | null;
  /** Damage points (the margin when it hits; 0 otherwise). */
  damage: number;
  /** The wound's band: by the target's DC and HP (margin reading, when `body` is given) or by degree. */
  band: WoundBand | null;
}

/**
 * An attack against a defence total (`defence`, from the target's Dodge or Evade save; 0 when the
 * target did not resist or rolled a critical result) or a DL. A critical attack misses before any
 * defence is rolled.
 *
 * Example: attack 15 against a dodge of 9 hits by 6: 6 damage, a serious wound on a human (DC 3).
 */
export function attackOutcome(
  attack: { total: number; critical: boolean },
  against: { defence: number } | { dl: number },
  body: Body | null = null,
  options: CombatOptions = {},
): AttackOutcome {
  assertWhole(attack.total, "An attack total");
  if (attack.critical) return { hit: false, criticalMiss: true, margin: null, damage: 0, band: null };
  const target = "defence" in against ? against.defence : against.dl;
  assertWhole(target, "A defence or DL");
  const margin = attack.total - target;
  const hit = margin > 0 || (margin === 0 && (options.ties ?? "attacker") === "attacker");
  const damage = hit ? margin : 0;
  let band: WoundBand | null = null;
  if ((options.damageReading ?? "margin") === "degree") band = hit ? bandOfDegree(margin) : "none";
  else if (body) band = woundBand(damage, body);
  return { hit, criticalMiss: false, margin, damage, band };
}

/** A margin's degree as a wound band: 0 none, 1-2 minor, 3-5 major, 6-9 serious, 10+ critical. */
function bandOfDegree(margin: number): WoundBand {
  if (margin === 0) return "none";
  const rank = degreeRank(degreeFromMargin(margin));
  return rank >= 4 ? "critical" : (["none", "minor", "major", "serious"] as const)[rank]!;
}

/** The active defences of chapter 1. */
export type DefenceKind = "dodge" | "evade";

/** What an active defence rolls. */
export interface DefenceSave {
  kind: "save";
  /** Agility, or Logic against a mental attack. */
  attribute: AttributeKey;
  /** Dodge [2], Evade [1]. */
  saveCapacity: number;
  /** "*Dodging* an attack … requires time (a *combat action*)". */
  costsCombatAction: boolean;
  /** "You always take a Maneuver penalty after using one of these defenses" (its size is THE ART OF COMBAT's). */
  maneuverPenalty: true;
}

/**
 * An active defence: "*Dodging* an attack is a normal capacity [2] save, but requires time (a *combat
 * action*). If you don't have enough time, *evading* an attack can be done at capacity [1]. You must be
 * aware of the attack to roll the save. Mental attacks can also be dodged and evaded using Logic. In
 * these cases, you are always aware of any attack who's defense is Logic." Refuses `notAware` and
 * `noCombatAction`.
 */
export function defenceSave(
  kind: DefenceKind,
  situation: { aware: boolean; combatActionLeft: boolean; mental?: boolean },
): Checked<DefenceSave> {
  const mental = situation.mental === true;
  if (!mental && !situation.aware) return refuse("notAware");
  if (kind === "dodge" && !situation.combatActionLeft) return refuse("noCombatAction");
  if (kind !== "dodge" && kind !== "evade") throw new RangeError(`Not a defence: ${String(kind)}`);
  return accept({
    kind: "save",
    attribute: mental ? "logic" : "agility",
    saveCapacity: kind === "dodge" ? 2 : 1,
    costsCombatAction: kind === "dodge",
    maneuverPenalty: true,
  });
}

/**
 * "Save Time": Agility and Logic saves are active, and "You can choose to not resist and do nothing,
 * and your roll is a 0"; the saves of every other attribute "are free actions that the target is not
 * even aware of … and are rolled as capacity [2]".
 */
export function saveIsActive(attribute: AttributeKey): boolean {
  return attribute === "agility" || attribute === "logic";
}

/** The total of a save not resisted: "your roll is a 0". */
export const NOT_RESISTING_TOTAL = 0;

/** What an initiative roll rolls. */
export interface InitiativeCheck {
  kind: "save";
  attribute: "reflex";
  saveCapacity: number;
  attrCapacity: number;
  level: number;
}

/**
 * Initiative: "A typical initiative roll is Reflex with capacity [1]. If you have a weapon in hand and
 * ready, then use the [I] box for your weapon as the skill level rather than your raw Reflex modifier
 * … If you have Basic Combat Training at primary training or higher, then initiative becomes capacity
 * [2]." (Serious conditions add their dice, Darkness none: conditions.ts, currencies.ts.)
 */
export function initiativeCheck(input: {
  reflex: { capacity: number; score: number };
  bctCapacity: number;
  /** The ready weapon's [I] box (equipment.ts `initiativeBox`), or null. */
  weaponBox?: number | null;
}): InitiativeCheck {
  assertRange(input.reflex.capacity, 0, 5, "A Reflex capacity");
  assertRange(input.bctCapacity, 0, 5, "A BCT capacity");
  const level = input.weaponBox ?? attributeModifier(input.reflex.score);
  assertWhole(level, "An initiative level");
  return {
    kind: "save",
    attribute: "reflex",
    saveCapacity: input.bctCapacity >= 2 ? 2 : 1,
    attrCapacity: input.reflex.capacity,
    level,
  };
}

/**
 * +crit on physical defence rolls: "Magical armor and force fields add +1 crit to all physical defense
 * rolls" (each worn, as every magic or technological effect adds its own +1).
 */
export function physicalDefenceCrit(protection: { magicalArmor?: number; forceFields?: number }): number {
  const armor = protection.magicalArmor ?? 0;
  const fields = protection.forceFields ?? 0;
  assertCount(armor, "Magical armor");
  assertCount(fields, "Force fields");
  return armor + fields;
}
