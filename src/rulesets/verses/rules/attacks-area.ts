/**
 * Area damage, dodging it, and grenades' conditions ('Verses Core 0.8.5, "Area Damage", "Sweeping
 * Attacks", the Hand Grenades listings). Pure functions on plain values.
 */
import { type DamageType, RulesError } from "./types";

function assertDistance(metres: number): void {
  if (!Number.isFinite(metres) || metres < 0)
    throw new RangeError(`A distance is a number of metres >= 0: ${metres}`);
}

function parseMark(part: string, spec: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:m)?\s*$/i.exec(part);
  if (!match) throw new RulesError({ key: "notRangeMark", data: { mark: part.trim(), text: spec } });
  return Number(match[1]);
}

/**
 * Damage after a dodge against a sweep or area damage: "subtracts the number of successes from the damage
 * received (one point of damage reduced for each success) before any damage is applied" ("Area Damage",
 * "Sweeping Attacks"). Requires an aware actor with 1 or more AD reserved for Dodge (checked by the caller).
 * HE grenade at 3 m (11) with 3 dodge successes: 8 (TV-C25).
 */
export function dodgeReduction(damage: number, dodgeSuccesses: number): number {
  return Math.max(0, damage - Math.max(0, dodgeSuccesses));
}

/**
 * Rounds of a grenade's condition after a dodge (Pepper Bomb, Stun Grenade): the actor "subtracts the
 * number of successes from the number of rounds ... (one round less for each success)". Pepper Bomb: 1
 * round/SM of Sickened; Stun Grenade: 3 rounds of Stunned.
 */
export function conditionRoundsAfterDodge(rounds: number, dodgeSuccesses: number): number {
  return Math.max(0, rounds - Math.max(0, dodgeSuccesses));
}

/** A parsed area damage `12(b)HP@2m,3,4`. */
export interface AreaDamageSpec {
  /** Damage up to the first mark. */
  amount: number;
  type: DamageType;
  /** Range marks in metres, increasing. */
  marks: number[];
}

/**
 * Parse area damage as written: `12 (b) HP@2m, 3, 4`, `10(b)HP@5m,7,10,13,15`, `6(b)HP@0m,1,2`. Throws
 * a `RangeError` on anything else, or when the marks do not increase.
 */
export function parseAreaDamage(spec: string): AreaDamageSpec {
  const match = /^\s*(\d+)\s*\(\s*([bcprs])\s*\)\s*(?:HP)?\s*@\s*(.+?)\s*$/i.exec(spec);
  if (!match) throw new RulesError({ key: "notAreaDamage", data: { text: spec } });
  const marks = (match[3] as string).split(",").map((part) => parseMark(part, spec));
  for (let i = 1; i < marks.length; i++) {
    if ((marks[i] as number) <= (marks[i - 1] as number))
      throw new RulesError({ key: "areaMarksIncrease", data: { text: spec } });
  }
  return { amount: Number(match[1]), type: (match[2] as string).toLowerCase() as DamageType, marks };
}

/**
 * Area damage at a distance from the centre ("Area Damage"): "the damage value decreases by 1 at each
 * range mark, and beyond the last range value no damage is inflicted. The above is read as, 'Imparts 12
 * ballistic damage up to 2m away, 11 up to 3m, and 10 up to 4m.'" A distance between marks takes the later
 * mark ("up to"), as for ranged targets. TV-33: 2/3/4/5 m -> 12/11/10/0. Never below 0.
 */
export function areaDamage(spec: string | AreaDamageSpec, metres: number): number {
  assertDistance(metres);
  const parsed = typeof spec === "string" ? parseAreaDamage(spec) : spec;
  const index = parsed.marks.findIndex((mark) => metres <= mark);
  return index < 0 ? 0 : Math.max(0, parsed.amount - index);
}

/** A hand grenade whose effect is a condition rather than damage (Pepper Bomb, Stun Grenade). */
export interface GrenadeCondition {
  name: string;
  /** The condition, by the id used for conditions elsewhere in the rules layer. */
  condition: "sickened" | "stunned";
  /** Radius of the affected circle, in metres. */
  radius: number;
  /** Rounds of the condition: `rounds` per SM when `perSM`, else a fixed `rounds`. */
  rounds: number;
  perSM: boolean;
}

/**
 * The condition grenades of the weapons lists. Pepper Bomb: "all actors in a 3m diameter circle have the
 * Sickened condition for 1 round/SM" (the text then says "within this radius"; the listed 3 m diameter,
 * radius 1.5 m, is kept: DOC-ISSUE §11.1 #6). Stun Grenade: "all actors in a 4m radius circle have the
 * Stunned condition for 3 rounds" (its dodge text speaks of "the number of rounds determined by the
 * attack's success margin", but the listing's duration is fixed: DOC-ISSUE §11.1 #6). The Foundry layer
 * may override these plain values from a world setting.
 */
export const GRENADE_CONDITIONS: readonly GrenadeCondition[] = [
  { name: "Pepper Bomb", condition: "sickened", radius: 1.5, rounds: 1, perSM: true },
  { name: "Stun Grenade", condition: "stunned", radius: 4, rounds: 3, perSM: false },
];

/**
 * Rounds of a condition grenade's effect on one actor: the listed duration (per SM or fixed), less one
 * round per dodge success: "The actor rolls dice as usual for a dodge, and subtracts the number of
 * successes from the number of rounds ... (one round less for each success)". Actors beyond the radius get
 * 0. A missed throw still goes off where it lands (see `scatter`), but the text gives it no SM: it counts
 * as `scatteredSm` (default 1, the least a hit has; pass 0 to make a missed throw's per-SM effect nothing).
 * Pepper Bomb at SM 3 with 1 dodge success: 2 rounds.
 */
export function grenadeConditionRounds(
  grenade: GrenadeCondition,
  input: { sm: number; metres: number; dodgeSuccesses?: number },
  options: { scatteredSm?: number } = {},
): number {
  assertDistance(input.metres);
  if (input.metres > grenade.radius) return 0;
  const sm = input.sm >= 1 ? Math.floor(input.sm) : Math.max(0, options.scatteredSm ?? 1);
  const rounds = grenade.perSM ? grenade.rounds * sm : grenade.rounds;
  return conditionRoundsAfterDodge(rounds, input.dodgeSuccesses ?? 0);
}
