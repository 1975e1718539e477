/**
 * Hit points, damage capacity and wounds (Virtually Real core guidebook, chapter 1: "Damage Capacity",
 * "Health Saves", the glossary's Hit Points and DC, the X condition). Pure: no Foundry, no globals.
 *
 * Maximum HP is the creature size's base (listed for each race) plus the Body modifier; it is also the
 * critical level of a physical wound. Damage Capacity (DC, from the creature size chart) places the
 * serious band: a wound of 1-2 points is minor, from 3 major, from DC+3 serious, from the maximum HP
 * critical. HP at 0, at −DC and at −maximum each bring an X condition.
 *
 * Readings where the text is silent (spec §6.3), each an option with its default:
 * - the human DC and base HP are on the creature size chart, not in chapter 1. "For humans, damage
 *   capacity and your degree of failure are exactly the same until you hit critical damage" puts the
 *   human DC at 3 (serious from 6, as on the Experience table): `HUMAN_DAMAGE_CAPACITY`, proposed
 *   world setting `polyverse.virtually-real.humanDamageCapacity`. The base HP is the actor's (its
 *   race's) number; a proposed world setting `polyverse.virtually-real.humanBaseHitPoints` would need
 *   the GM's number, chapter 1 has none.
 * - "You take X conditions for 0 HP, negative "DC" HP, and for negative "Crit" HP": three X
 *   conditions at 0, −DC and −maximum HP (`xThresholds: "three"`, proposed world setting
 *   `polyverse.virtually-real.xThresholds`), or one at 0 (`"one"`).
 */
import { assertCount, assertRange, assertWhole } from "./char-guards";
import type { WoundBand } from "./character-keys";
import { attributeModifier } from "./attributes";

/** The human DC read from "damage capacity and your degree of failure are exactly the same". */
export const HUMAN_DAMAGE_CAPACITY = 3;

/** "Major wounds always begin at 3 points of damage". */
export const MAJOR_WOUND_FROM = 3;

/**
 * Maximum HP: "found as the base for your creature size (listed for your race), plus your Body
 * attribute modifier".
 */
export function maxHitPoints(sizeBase: number, bodyScore: number): number {
  assertCount(sizeBase, "A size's base HP");
  return sizeBase + attributeModifier(bodyScore);
}

/** What damage is measured against: the Damage Capacity and the maximum HP. */
export interface WoundThresholds {
  /** Damage Capacity. */
  dc: number;
  maxHp: number;
}

/**
 * The band of a physical wound of `damage` points: 0 none, 1-2 minor, from 3 major, from DC + 3
 * serious ("Serious wounds at DC+3"), from the maximum HP critical ("The critical level for physical
 * damage is your maximum hit points"). The same index reads a toxin's failed Health save ("use the
 * creature's damage capacity to determine severity of failure").
 *
 * Example (human, DC 3, 12 HP): 2 minor, 3 major, 6 serious, 11 serious, 12 critical.
 */
export function woundBand(damage: number, body: WoundThresholds): WoundBand {
  assertCount(damage, "Damage");
  checkBody(body);
  if (damage === 0) return "none";
  if (damage >= body.maxHp) return "critical";
  if (damage >= body.dc + 3) return "serious";
  if (damage >= MAJOR_WOUND_FROM) return "major";
  return "minor";
}

/** How many X conditions HP brings. */
export type XThresholds = "three" | "one";

/** Readings where the text is silent (see the file's comment). */
export interface HealthOptions {
  xThresholds?: XThresholds;
}

/** X conditions for HP at `hp`: 0 HP, −DC and −maximum HP (or only 0 HP, see the options). */
export function xConditionsAt(hp: number, body: WoundThresholds, options: HealthOptions = {}): number {
  assertWhole(hp, "HP");
  checkBody(body);
  if (hp > 0) return 0;
  if ((options.xThresholds ?? "three") === "one") return 1;
  return 1 + (hp <= -body.dc ? 1 : 0) + (hp <= -body.maxHp ? 1 : 0);
}

/** What a physical wound did. */
export interface DamageResult {
  hp: number;
  band: WoundBand;
  /** The wound's condition severity (minor and none give no condition). */
  condition: "major" | "serious" | "critical" | null;
  /** X conditions after the wound, and how many it added. */
  xConditions: number;
  newX: number;
}

/**
 * Takes a physical wound of `damage` points: HP fall (below 0 too: "negative "DC" HP"), the wound's band
 * sets its condition ("Minor wounds don't cause conditions"), and HP thresholds add X conditions.
 */
export function takeDamage(
  hp: number,
  damage: number,
  body: WoundThresholds,
  options: HealthOptions = {},
): DamageResult {
  assertWhole(hp, "HP");
  const band = woundBand(damage, body);
  const after = hp - damage;
  const before = xConditionsAt(hp, body, options);
  const xConditions = xConditionsAt(after, body, options);
  return {
    hp: after,
    band,
    condition: band === "major" || band === "serious" || band === "critical" ? band : null,
    xConditions,
    newX: xConditions - before,
  };
}

/** A save that the X condition makes deadly. */
export type DeadlySave = "health" | "body" | "bct" | "other";

/**
 * A critically failed save while Dying: "If you critically fail a Health save or BCT save with an X
 * condition, you must give up a point of light or die" (X's footnote: "crit fail of Body or BCT save
 * kills you"). `spendLight` while light is left, else `dies`; `none` otherwise.
 */
export function dyingSaveOutcome(save: {
  kind: DeadlySave;
  criticalFailure: boolean;
  dying: boolean;
  light: number;
}): "none" | "spendLight" | "dies" {
  assertCount(save.light, "Light");
  if (!save.dying || !save.criticalFailure || save.kind === "other") return "none";
  return save.light > 0 ? "spendLight" : "dies";
}

/** Whether HP recover naturally: "[H] prevents natural HP recovery!" */
export function naturalHealingAllowed(conditions: readonly string[]): boolean {
  return !conditions.includes("H");
}

function checkBody(body: WoundThresholds): void {
  assertRange(body.dc, 0, 1000, "A Damage Capacity");
  assertRange(body.maxHp, 1, 100000, "Maximum HP");
}
