/**
 * Shared vocabulary of the 'Verses rules layer. Pure data types: no Foundry, no globals.
 * Source: 'Verses Core 0.8.5 by K. N. Brindle (CC BY 4.0).
 */
import type { RulesMessageKey } from "./messages";

export type { RulesMessageKey };

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

/**
 * What the rules tell a user, never an English sentence: a key of {@link RULES_MESSAGE_KEYS} (the
 * glue shows `POLYVERSE.Verses.Rules.<key>`, lang/en/verses-rules.json) and the values the sentence
 * formats in (names, numbers, the text that was read). `count` is the number whose plural form the
 * sentence takes (`<key>.one`, `<key>.other`).
 */
export interface RulesMessage {
  readonly key: RulesMessageKey;
  readonly data?: Readonly<Record<string, string | number>>;
  readonly count?: number;
}

/** The result of a rules computation that can be refused, with a reason a sheet can show. */
export type Checked<T> = { ok: true; value: T } | { ok: false; reason: RulesMessage };

/** A refusal: `{ ok: false, reason: { key, data } }`. */
export function refused(
  key: RulesMessageKey,
  data?: Readonly<Record<string, string | number>>,
  count?: number,
): { ok: false; reason: RulesMessage } {
  const reason: RulesMessage = {
    key,
    ...(data === undefined ? {} : { data }),
    ...(count === undefined ? {} : { count }),
  };
  return { ok: false, reason };
}

/**
 * What a parser throws on text a user wrote (a weapon's damage, a resistance, a range): a
 * `RangeError` carrying the message to show. `reasonOf` reads it back in a `catch`.
 */
export class RulesError extends RangeError {
  constructor(readonly reason: RulesMessage) {
    super(`${reason.key} ${JSON.stringify(reason.data ?? {})}`);
    this.name = "RulesError";
  }
}

/** The message of a {@link RulesError}; anything else is a programming error and is thrown again. */
export function reasonOf(error: unknown): RulesMessage {
  if (error instanceof RulesError) return error.reason;
  throw error;
}

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
