/**
 * Damage (SRD "Damage": Weapon Damage, Subsistence, Falling, Drowning; the Subdue action; the
 * characteristics Blast Radius, Burning, Close-Up and Stunned). Pure: no Foundry, no globals; the
 * dice come in as faces already rolled (a d3's face per the `d3Mode` setting: 1..3, or 0..3 for the
 * literal "half a d6 rounded down").
 *
 * Applying damage to a character (0 RP, 0 WP, panic) is health.ts.
 */
import type { Band, RangeBand } from "./keys";
import { RANGE_BANDS } from "./keys";
import {
  assertBand,
  assertCount,
  assertDie,
  assertInt,
  refuse,
  succeeded,
  type Checked,
} from "./combat-guards";
import { assertD3Face, type D3Mode } from "./check";
import { characteristicValue, isMeleeWeapon, type DamageFormula, type WeaponLike } from "./equipment";

/** Wound Point and Resilience Point damage (or healing): the two tracks. */
export interface Harm {
  woundPoints: number;
  resiliencePoints: number;
}

/** The dice of a damage or healing cell: "2d3" is 2 dice of 3 sides; "" none. */
export interface DamageDice {
  count: number;
  sides: 3 | 6;
}

/** Reads "NdS" (S 3 or 6); null for ""; RangeError for anything else. */
export function parseDamageDice(dice: string): DamageDice | null {
  if (dice === "") return null;
  const m = /^([1-9])d([36])$/.exec(dice);
  if (!m) throw new RangeError(`Damage dice are blank or NdS with S 3 or 6: ${dice}`);
  return { count: Number(m[1]), sides: Number(m[2]) as 3 | 6 };
}

/** Throws unless `faces` are the faces of `dice` ("2d3": two faces 1..3). */
export function assertDamageFaces(dice: string, faces: readonly number[], d3Mode: D3Mode = "uniform"): void {
  const parsed = parseDamageDice(dice);
  const count = parsed?.count ?? 0;
  if (faces.length !== count) throw new RangeError(`"${dice}" takes ${count} dice, not ${faces.length}`);
  for (const f of faces) {
    if (parsed?.sides === 3) assertD3Face(f, d3Mode);
    else assertDie(f, 6);
  }
}

/** Brass Knuckles' garbled damage cell: fists' damage + 1 (default), or the cell's 1 + PHY. */
export type BrassKnuckles = "fistsPlusOne" | "one";

/** What a weapon's damage roll is made of. */
export interface EffectiveDamage extends DamageFormula {
  /** Melee weapons and Unarmed Combat add the attacker's Physicality AMod. */
  addsPhysicality: boolean;
  /** Fists (and Brass Knuckles as fists + 1) add the Unarmed Combat SMod. */
  addsUnarmedSkill: boolean;
}

/**
 * The damage formula an attack rolls. "When using Melee Weapons or Unarmed Combat, the Physicality
 * AMod of the user is added" (every Table 17 weapon and fists); fists are "1d3 + Physicality AMod +
 * Unarmed Combat SMod"; Brass Knuckles per `brassKnuckles`. A "-" cell is 0 with no dice.
 */
export function effectiveDamage(
  weapon: Pick<WeaponLike, "key" | "category" | "damage">,
  { brassKnuckles = "fistsPlusOne" }: { brassKnuckles?: BrassKnuckles } = {},
): EffectiveDamage {
  const addsPhysicality = isMeleeWeapon(weapon);
  if (weapon.key === "fists") return { base: 0, dice: "1d3", addsPhysicality, addsUnarmedSkill: true };
  if (weapon.key === "brassKnuckles") {
    if (brassKnuckles === "fistsPlusOne")
      return { base: 1, dice: "1d3", addsPhysicality, addsUnarmedSkill: true };
    if (brassKnuckles !== "one")
      throw new RangeError(`Not a brass knuckles reading: ${String(brassKnuckles)}`);
  }
  const damage = weapon.damage ?? { base: 0, dice: "" };
  assertCount(damage.base, "A damage base");
  parseDamageDice(damage.dice);
  return { base: damage.base, dice: damage.dice, addsPhysicality, addsUnarmedSkill: false };
}

/** Why a damage roll was refused. */
export type DamageProblem = "subdueNeedsMelee";

/** Settings a damage roll reads. */
export interface DamageOptions {
  d3Mode?: D3Mode;
  brassKnuckles?: BrassKnuckles;
  /** The `dmReducesDamage` setting: the target's DM comes off the damage. Default off. */
  dmReducesDamage?: boolean;
}

/** A damage roll's result. */
export interface DamageResult extends Harm {
  /** Base + dice (+ PHY) (+ Unarmed SMod), never below 0. */
  rolled: number;
  /** What is left after the DM (the `dmReducesDamage` setting); `rolled` otherwise. */
  amount: number;
  /** The Stunned characteristic: "deals no Wound Point damage". */
  stuns: boolean;
}

/**
 * An attack's damage: base + the dice's faces, + PHY for melee weapons and unarmed, + the Unarmed
 * SMod for fists (floored at 0). With `dmReducesDamage`, the target's DM (`defence`, with Defend
 * and Take Cover; only a positive DM reduces) is taken off first. RP = floor(amount × RP% / 100)
 * ("50% of the Wound Point damage, rounded down"). Subdue: "full Resilience Point damage is done but
 * Wound Point damage is dealt at 50%" (floor), melee and unarmed only. Stunned weapons deal no WP.
 */
export function rollDamage(
  input: {
    weapon: Pick<WeaponLike, "key" | "category" | "damage" | "rpPercent" | "characteristics">;
    faces: readonly number[];
    phy?: number;
    unarmedSkill?: number;
    subdue?: boolean;
    defence?: number;
  },
  options: DamageOptions = {},
): Checked<DamageResult, DamageProblem> {
  const { weapon, faces, phy = 0, unarmedSkill = 0, subdue = false, defence = 0 } = input;
  assertInt(phy, "Physicality");
  assertInt(unarmedSkill, "An Unarmed Combat SMod");
  assertInt(defence, "A Defensive Modifier");
  const formula = effectiveDamage(weapon, options);
  assertDamageFaces(formula.dice, faces, options.d3Mode);
  if (subdue && !isMeleeWeapon(weapon)) return refuse("subdueNeedsMelee");
  const pct = weapon.rpPercent ?? 0;
  assertCount(pct, "An RP percentage");
  const rolled = Math.max(
    0,
    formula.base +
      faces.reduce((a, b) => a + b, 0) +
      (formula.addsPhysicality ? phy : 0) +
      (formula.addsUnarmedSkill ? unarmedSkill : 0),
  );
  const amount = options.dmReducesDamage ? Math.max(0, rolled - Math.max(0, defence)) : rolled;
  const stuns = characteristicValue(weapon, "stunned") !== null;
  const woundPoints = stuns ? 0 : subdue ? Math.floor(amount / 2) : amount;
  return {
    ok: true,
    value: { rolled, amount, stuns, woundPoints, resiliencePoints: Math.floor((amount * pct) / 100) },
  };
}

/** Scales both tracks by a percentage, each rounded down. */
export function scaleHarm(harm: Harm, percent: number): Harm {
  assertCount(harm.woundPoints, "Wound Point damage");
  assertCount(harm.resiliencePoints, "Resilience Point damage");
  assertCount(percent, "A percentage");
  return {
    woundPoints: Math.floor((harm.woundPoints * percent) / 100),
    resiliencePoints: Math.floor((harm.resiliencePoints * percent) / 100),
  };
}

/**
 * Blast Radius by band from the detonation: "Characters at Engaged range take Full damage. Characters
 * at Close range take 50% of the damage, and those at Close take 25%": the second Close read as
 * Medium; farther, nothing.
 */
export const BLAST_RADIUS_PERCENT: Readonly<Record<RangeBand, number>> = {
  engaged: 100,
  close: 50,
  medium: 25,
  long: 0,
  distant: 0,
};

/** What someone at `band` from a Blast Radius detonation takes (each track rounded down). */
export function blastDamage(harm: Harm, band: RangeBand): Harm {
  if (!RANGE_BANDS.includes(band)) throw new RangeError(`Not a range band: ${String(band)}`);
  return scaleHarm(harm, BLAST_RADIUS_PERCENT[band]);
}

/** Close-Up: "anyone at Engaged Range of the target sustains 50% of the damage to the target". */
export const CLOSE_UP_PERCENT = 50;
export const closeUpDamage = (harm: Harm): Harm => scaleHarm(harm, CLOSE_UP_PERCENT);

/**
 * Burning (X): "an additional (X) WP/RP per round for d3 rounds": X Wound and X Resilience Points each
 * round, for the d3's face in rounds.
 */
export function burning(
  x: number,
  d3: number,
  d3Mode: D3Mode = "uniform",
): { perRound: Harm; rounds: number } {
  assertCount(x, "Burning's (X)");
  assertD3Face(d3, d3Mode);
  return { perRound: { woundPoints: x, resiliencePoints: x }, rounds: d3 };
}

/**
 * Stunned: "on a Wild Success or Moment of High Insight, the target is Incapacitated for 1d6 - PHY Mod
 * rounds, with a minimum of 1 round" (the target's PHY); 0 on any other band.
 */
export function stunnedRounds({ band, d6, phy }: { band: Band; d6: number; phy: number }): number {
  assertBand(band);
  assertDie(d6, 6);
  assertInt(phy, "Physicality");
  return band === "wild-success" ? Math.max(1, d6 - phy) : 0;
}

// ---------------------------------------------------------------- falling, drowning, subsistence

/** "3 points of Wound Point and Resilience Point damage for each 10' that they fall" (whole 10 ft). */
export function fallingDamage(feet: number): Harm {
  if (!Number.isFinite(feet) || feet < 0) throw new RangeError(`A fall is a distance >= 0: ${feet}`);
  const points = 3 * Math.floor(feet / 10);
  return { woundPoints: points, resiliencePoints: points };
}

/** "Characters can hold their breath in water for 6 + Physicality Modifier rounds" (never below 0). */
export function breathRounds(phy: number): number {
  assertInt(phy, "Physicality");
  return Math.max(0, 6 + phy);
}

/** A round under water after the breath runs out: a failed Physicality check costs 3 WP and 3 RP. */
export function drowningDamage(band: Band): Harm {
  assertBand(band);
  const points = succeeded(band) ? 0 : 3;
  return { woundPoints: points, resiliencePoints: points };
}

/**
 * Round `round` (1 = the first) under water: nothing while the breath lasts, then a Physicality check
 * each round (`check: true`).
 */
export function drowningRound(round: number, phy: number): { holdingBreath: boolean; check: boolean } {
  if (!Number.isInteger(round) || round < 1) throw new RangeError(`A round is a whole number >= 1: ${round}`);
  const holdingBreath = round <= breathRounds(phy);
  return { holdingBreath, check: !holdingBreath };
}

/**
 * Subsistence: "can go without food and water for one day without harm, but after that, they will lose
 * 1 Wound and Resilience Point per day": over `days` days, max(0, days − 1) of each.
 */
export function subsistenceDamage(days: number): Harm {
  assertCount(days, "Days without food");
  const points = Math.max(0, days - 1);
  return { woundPoints: points, resiliencePoints: points };
}

/** The same, day by day: what the `day`-th day without food costs (day 1 nothing, then 1 of each). */
export function subsistenceDamageOnDay(day: number): Harm {
  if (!Number.isInteger(day) || day < 1) throw new RangeError(`A day is a whole number >= 1: ${day}`);
  const points = day >= 2 ? 1 : 0;
  return { woundPoints: points, resiliencePoints: points };
}
