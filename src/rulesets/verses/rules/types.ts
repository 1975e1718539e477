/**
 * Shared vocabulary of the 'Verses rules layer. Pure data types: no Foundry, no globals.
 * Source: 'Verses Core 0.8.5 by K. N. Brindle (CC BY 4.0).
 */

/** A d6 face, 1..6. Only d6 are used in 'Verses ("Dice Pools"). */
export type Face = number;

/** The four core attributes: Smarts, Prowess, Toughness, Social. */
export type AttributeKey = "smr" | "prw" | "tuf" | "soc";
export const ATTRIBUTE_KEYS: readonly AttributeKey[] = ["smr", "prw", "tuf", "soc"];

/** Actor kinds ("Objects and actors"): ability applicability and some conditions depend on it. */
export type ActorKind = "biological" | "construct" | "incorporeal";

/** Damage types ("Damage Types"): ballistic, crushing, puncturing, reactive, slashing. */
export type DamageType = "b" | "c" | "p" | "r" | "s";
export const DAMAGE_TYPES: readonly DamageType[] = ["b", "c", "p", "r", "s"];

/** A rated value 0..5 (Trivial/None .. Extreme/Superior). */
export type Rating = 0 | 1 | 2 | 3 | 4 | 5;

/** The result of a rules computation that can be refused, with a reason a sheet can show. */
export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

/** The Fast Action actions ("Actions"), plus attacks (a "Use" of a weapon) named apart for conditions. */
export type ActionId =
  | "attack"
  | "meleeAttack"
  | "rangedAttack"
  | "twoHandedMelee"
  | "await"
  | "dodge"
  | "charm"
  | "intimidate"
  | "maintain"
  | "move"
  | "parry"
  | "riposte"
  | "rest"
  | "use"
  | "watch"
  | "survival"
  | "rise"
  | "awaken";
