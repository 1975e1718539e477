/**
 * Chat cards as typed data, without Foundry. A card is a ChatMessage sub-type (`<ruleset>-<kind>`)
 * whose state lives in `system.card`, validated by its data model and rendered from that data at
 * render time; the stored `content` is a plain-text fallback only. Cards posted before cards were
 * typed (a `base` message with its state in `flags.polyverse.<flag>` and its HTML in `content`)
 * are read from that flag instead: they render from it and their buttons work, with no migration.
 */

/** What core needs of a message to find its card. */
export interface CardSource {
  type?: string | null;
  system?: unknown;
  flags?: unknown;
}

/** A card kind as the Foundry-free parts read it: its sub-type and the flag of its older cards. */
export interface CardKey {
  /** The ChatMessage sub-type (`verses-attack`). */
  type: string;
  /** The flag under `flags.polyverse` that held the state before cards were typed (`attack`). */
  flag: string;
}

const SCOPE = "polyverse";

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Is this message a typed card of this kind? */
export const isTypedCard = (message: CardSource, key: CardKey): boolean => message.type === key.type;

/** The state of an older card: `flags.polyverse.<flag>` on a message that is not typed. */
function legacyState(message: CardSource, key: CardKey): Record<string, unknown> | null {
  if (message.type && message.type !== "base") return null;
  const flags = isRecord(message.flags) ? message.flags[SCOPE] : undefined;
  const state = isRecord(flags) ? flags[key.flag] : undefined;
  return isRecord(state) ? state : null;
}

/** A card's state: `system.card` of a typed card, or an older card's flag; null for anything else. */
export function cardState(message: CardSource, key: CardKey): Record<string, unknown> | null {
  if (isTypedCard(message, key)) {
    const card = isRecord(message.system) ? message.system.card : undefined;
    return isRecord(card) ? card : null;
  }
  return legacyState(message, key);
}

/** The update path of a card's state: `system.card`, or an older card's flag. */
export const statePath = (message: CardSource, key: CardKey): string =>
  isTypedCard(message, key) ? "system.card" : `flags.${SCOPE}.${key.flag}`;

/** The update path of another field of a card's data (`learned`): `system.<name>`, or its older flag. */
export const fieldPath = (message: CardSource, key: CardKey, name: string): string =>
  isTypedCard(message, key) ? `system.${name}` : `flags.${SCOPE}.${name}`;

/** Another field of a card's data (`system.<name>`, or an older card's `flags.polyverse.<name>`). */
export function cardField(message: CardSource, key: CardKey, name: string): unknown {
  const source = isTypedCard(message, key)
    ? message.system
    : (message.flags as Record<string, unknown>)?.[SCOPE];
  return isRecord(source) ? source[name] : undefined;
}

// ---- validation helpers for the cards' data models -------------------------------------------------

/** Whole numbers allowed in a card (dice, AD, HP, rounds): none bigger than a world can hold. */
export const CARD_NUMBER_LIMIT = 1_000_000;

/** A whole number within [min, max]. */
export const wholeIn = (v: unknown, min: number, max: number): boolean =>
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;

/** A card's problem list, collected as it is checked. */
export class CardProblems {
  readonly list: string[] = [];
  /** Record `what` when `ok` is false. */
  check(ok: boolean, what: string): void {
    if (!ok) this.list.push(what);
  }
  /** A whole number within [min, max], or absent/null when `optional`. */
  whole(v: unknown, what: string, min = 0, max = CARD_NUMBER_LIMIT, optional = false): void {
    if (optional && (v === undefined || v === null)) return;
    this.check(wholeIn(v, min, max), `${what} must be a whole number from ${min} to ${max}`);
  }
  /** One of the known values, or absent/null when `optional`. */
  oneOf(v: unknown, known: readonly unknown[], what: string, optional = false): void {
    if (optional && (v === undefined || v === null)) return;
    this.check(known.includes(v), `${what} is not a known value`);
  }
  /** A list of at most `max` entries, each checked by `each`. */
  entries(v: unknown, what: string, max: number, each?: (x: unknown, i: number) => void): void {
    if (!Array.isArray(v) || v.length > max) {
      this.list.push(`${what} must be a list of at most ${max}`);
      return;
    }
    if (each) v.forEach(each);
  }
  /** A string (or absent when `optional`). */
  text(v: unknown, what: string, optional = false): void {
    if (optional && (v === undefined || v === null)) return;
    this.check(typeof v === "string", `${what} must be text`);
  }
  /** A line of text as cards keep it: an i18n key and its values (strings and numbers). */
  line(v: unknown, what: string): void {
    if (!isRecord(v) || typeof v.key !== "string") {
      this.list.push(`${what} must be a text line`);
      return;
    }
    if (v.data === undefined) return;
    this.check(
      isRecord(v.data) && Object.values(v.data).every((x) => typeof x === "string" || Number.isFinite(x)),
      `${what} has values that are not text or numbers`,
    );
  }
}

export { isRecord as isCardRecord };
