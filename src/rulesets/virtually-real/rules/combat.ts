/**
 * Combat as far as chapter 1 defines it (Virtually Real core guidebook, chapter 1: "Degrees Of
 * Success", "Critical Results", "Dodge & Evade"; THE ART OF COMBAT, with the action economy, maneuver
 * penalties, movement and weapons, is not included). Pure: no Foundry, no globals. Initiative is
 * saves.ts's initiative save, with a ready weapon's [I] box (equipment.ts `initiativeBox`) as its
 * level, serious conditions' dice (conditions.ts) and a heroic response's (adrenaline.ts).
 *
 * "In combat, your damage is your attack's degree of success": the attack is measured against the
 * defender's active defence (a Dodge or Evade save) or a DL, and beats it by its damage. An attack that
 * is a critical result "flat out misses with no defense required".
 *
 * Readings where the text is silent (spec §6.3), each an option with its default:
 * - A-27: "degree of success" is read as the margin in points (`damageReading: "margin"`, proposed
 *   world setting `polyverse.virtually-real.damageReading`), banded on the target's DC and HP
 *   (health.ts `woundBand`), or as the degree band itself read on the Experience table (`"degree"`:
 *   minor, major, serious, critical from the margin, whatever the target's DC);
 * - A-26: a tie goes to the attacker, the roller who "equals or exceeds" (outcomes.ts `resolveOpposed`,
 *   `ties: "actor"`), or to the defender (`"opponent"`).
 */
import { accept, assertWhole, refuse, type Checked } from "./char-guards";
import type { WoundBand } from "./character-keys";
import { degreeFromMargin, degreeRank } from "./experience";
import { resolveOpposed, type Ties } from "./outcomes";
import { saveCheck, type SaveCheck, type SaveInput } from "./saves";
import { woundBand, type WoundThresholds } from "./health";

/** Readings where the text is silent (see the file's comment). */
export interface CombatOptions {
  damageReading?: "margin" | "degree";
  /** A-26 (outcomes.ts `Ties`): "actor", the attacker, by default. */
  ties?: Ties;
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
  body: WoundThresholds | null = null,
  options: CombatOptions = {},
): AttackOutcome {
  assertWhole(attack.total, "An attack total");
  if (attack.critical) return { hit: false, criticalMiss: true, margin: null, damage: 0, band: null };
  const target = "defence" in against ? against.defence : against.dl;
  const opposed = resolveOpposed(
    attack,
    { total: target, critical: false },
    { ties: options.ties ?? "actor" },
  );
  const hit = opposed.actorWins;
  const damage = hit ? opposed.margin : 0;
  let band: WoundBand | null = null;
  if ((options.damageReading ?? "margin") === "degree") band = hit ? bandOfDegree(damage) : "none";
  else if (body) band = woundBand(damage, body);
  return { hit, criticalMiss: false, margin: opposed.margin, damage, band };
}

/** A margin's degree as a wound band: 0 none, 1-2 minor, 3-5 major, 6-9 serious, 10+ critical. */
function bandOfDegree(margin: number): WoundBand {
  if (margin === 0) return "none";
  const rank = degreeRank(degreeFromMargin(margin));
  return rank >= 4 ? "critical" : (["none", "minor", "major", "serious"] as const)[rank]!;
}

/** The active defences of chapter 1. */
export type DefenceKind = "dodge" | "evade";

/**
 * An active defence, if it may be rolled: "*Dodging* an attack is a normal capacity [2] save, but
 * requires time (a *combat action*). If you don't have enough time, *evading* an attack can be done at
 * capacity [1]. You must be aware of the attack to roll the save. Mental attacks can also be dodged and
 * evaded using Logic. In these cases, you are always aware of any attack who's defense is Logic."
 * Refuses `notAware` and `noCombatAction`; otherwise the save (saves.ts `saveCheck`: Agility or Logic,
 * [2] or [1], a Maneuver penalty after, declinable for a 0).
 */
export function activeDefence(
  kind: DefenceKind,
  situation: { aware: boolean; combatActionLeft: boolean; mental?: boolean },
  save: Omit<SaveInput, "save" | "mental">,
): Checked<SaveCheck> {
  if (kind !== "dodge" && kind !== "evade") throw new RangeError(`Not a defence: ${String(kind)}`);
  const mental = situation.mental === true;
  if (!mental && !situation.aware) return refuse("notAware");
  if (kind === "dodge" && !situation.combatActionLeft) return refuse("noCombatAction");
  return accept(saveCheck({ ...save, save: kind, mental }));
}
