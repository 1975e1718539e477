/**
 * The card ledger's rules, without Foundry. A player can edit their own chat messages, flags and
 * all, so what a player's card was when it was rolled is recorded where the player cannot write:
 * the active GM's client, seeing the card created, stores an entry in the GM's own User document
 * (`flags.polyverse.ledger.<messageId>`): the author, the documents the card may change (its
 * subjects), a digest of the parts that never change after the roll, and what has been done
 * (applied rows, applied changes) so nothing is done twice however the card is edited later.
 */

/** An entry of the ledger. */
export interface LedgerEntry {
  /** The card's author (the user Foundry recorded as creating it). */
  a: string;
  /** UUIDs of the documents the card may change (its targets, its patient, its speaker). */
  s: string[];
  /** Digest of the card's parts that never change after the roll. */
  d: string;
  /** When it was recorded (ms): the oldest entries are pruned first. */
  t: number;
  /** Keys of what has been done (`apply:0`, a pending change's id). */
  done: string[];
  /** The changes the card left for the GM when it was posted: `<id>:<digest>` each. */
  p: string[];
  /** Why the card cannot be acted on for its author (it disagrees with the documents), or absent. */
  bad?: string;
}

/** How many entries one GM's User document keeps; the oldest go first. */
export const LEDGER_LIMIT = 300;

/** JSON with object keys sorted, so equal data always gives the same text. */
export function canonicalJSON(value: unknown): string {
  if (value === undefined) return "null";
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJSON).join(",")}]`;
  const keys = Object.keys(value as object)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJSON((value as Record<string, unknown>)[k])}`).join(",")}}`;
}

/** A 64-bit FNV-1a digest of a value's canonical JSON, as 16 hex digits. */
export function digest(value: unknown): string {
  const text = canonicalJSON(value);
  let h = 0xcbf29ce484222325n;
  const prime = 0x100000001b3n;
  for (let i = 0; i < text.length; i++) {
    h ^= BigInt(text.charCodeAt(i));
    h = (h * prime) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, "0");
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A stored entry, checked for shape (anything else is no entry). */
export function readEntry(value: unknown): LedgerEntry | null {
  if (!isRecord(value)) return null;
  const { a, s, d, t, done, p, bad } = value;
  if (typeof a !== "string" || typeof d !== "string" || typeof t !== "number") return null;
  if (!Array.isArray(s) || !s.every((x) => typeof x === "string")) return null;
  const doneList = Array.isArray(done) ? done.filter((x): x is string => typeof x === "string") : [];
  const pending = Array.isArray(p) ? p.filter((x): x is string => typeof x === "string") : [];
  return { a, s, d, t, done: doneList, p: pending, ...(typeof bad === "string" ? { bad } : {}) };
}

/** The message ids to drop so that, with one more entry, at most `limit` are kept (oldest first). */
export function toPrune(entries: Record<string, unknown>, limit = LEDGER_LIMIT): string[] {
  const list = Object.entries(entries)
    .map(([id, v]) => ({ id, t: readEntry(v)?.t ?? 0 }))
    .sort((x, y) => x.t - y.t);
  const excess = list.length + 1 - limit;
  return excess > 0 ? list.slice(0, excess).map((e) => e.id) : [];
}

/** The subject of a UUID: an embedded item's actor (`Actor.x.Item.y` → `Actor.x`), else itself. */
export function subjectOf(uuid: string): string {
  const i = uuid.indexOf(".Item.");
  return i > 0 ? uuid.slice(0, i) : uuid;
}

/** How a pending change is recorded: its id and the digest of all it asks for. */
export function pendingKey(change: { id?: string | undefined }): string {
  return `${change.id ?? ""}:${digest(change)}`;
}
