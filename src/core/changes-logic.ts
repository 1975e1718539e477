/**
 * Document changes as plain data. Special tests, attacks, damage and combat all describe what they
 * change this way; `changes.ts` applies them (or has the GM apply them). No Foundry globals here,
 * so the unit tests exercise it directly.
 *
 * A change a player's card leaves for the GM was written by the player's client: before the GM
 * applies it, `checkChange` holds it against the ruleset's {@link ChangePolicy}, an allow-list of
 * the paths, deltas and statuses a card may ask the GM for.
 */
import { flagPath } from "./flags";

/** A status to switch on or off, with the details a condition keeps in `flags.polyverse.<ruleset>.conditions`. */
export interface StatusChange<Id extends string = string> {
  id: Id;
  active: boolean;
  /** The actor that caused it (Charmed, Afraid: "the source"), by UUID. */
  sourceId?: string;
  /** Rounds it lasts (Charmed, Afraid: the success margin). */
  rounds?: number;
}

/** A numeric change applied to the value the document has when the change is applied. */
export interface DeltaChange {
  path: string;
  delta: number;
  min?: number;
  max?: number;
}

/**
 * A change to one document, as plain data: the glue applies it when the user may update the
 * document, and otherwise leaves it on the card for the GM.
 */
export interface DocumentChange<Id extends string = string> {
  uuid: string;
  /** Who it is, for the card ("Phon"). */
  name: string;
  /** Set when it is left on a card for the GM: the GM applies each id once. */
  id?: string;
  /** Values to set, by flattened path (`flags.polyverse.verses.continuous.-=id` deletes). */
  set?: Record<string, unknown>;
  add?: DeltaChange[];
  statuses?: StatusChange<Id>[];
}

/**
 * The flattened update of a change's `set` and `add`, against the document's current values
 * (`get` reads a flattened path). Deltas are clamped to their min and max, and a clamp only ever
 * shortens the change: the new value lies between the current one and the current one plus the
 * delta, so a forged `{ delta: -1, min: 100 }` cannot lift a value to 100 past the policy's bounds.
 */
export function updateData(change: DocumentChange, get: (path: string) => unknown): Record<string, unknown> {
  const update: Record<string, unknown> = { ...(change.set ?? {}) };
  for (const d of change.add ?? []) {
    const current = Number(get(d.path) ?? 0);
    let value = (Number.isFinite(current) ? current : 0) + d.delta;
    if (d.min !== undefined) value = Math.max(d.min, value);
    if (d.max !== undefined) value = Math.min(d.max, value);
    const start = Number.isFinite(current) ? current : 0;
    const [low, high] = d.delta < 0 ? [start + d.delta, start] : [start, start + d.delta];
    update[d.path] = Math.min(high, Math.max(low, value));
  }
  return update;
}

/**
 * Flag data of the statuses a change switches on (the source of Charmed and Afraid), in the
 * namespace of the ruleset that owns the document (`flags.polyverse.<rulesetId>.conditions`).
 */
export function conditionDetails(change: DocumentChange, rulesetId: string): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  const conditions = flagPath(rulesetId, "conditions");
  for (const s of change.statuses ?? []) {
    if (s.active && s.sourceId) details[`${conditions}.${s.id}.sourceId`] = s.sourceId;
    if (!s.active) details[`${conditions}.-=${s.id}`] = null;
  }
  return details;
}

/** The names of the documents whose changes wait for the GM, once each, in order. */
export function pendingNames(pending: readonly Pick<DocumentChange, "name">[]): string[] {
  return [...new Set(pending.map((c) => c.name))];
}

// ---- what a card may ask the GM for ------------------------------------------------------------

/** Bounds of a delta a card may ask for on one path. */
export interface DeltaBounds {
  min: number;
  max: number;
}

/**
 * What a ruleset lets a card's pending changes do to a document its author does not own. Anything
 * not named is refused: no `set` path unless listed, no deletion, no other flag, no ownership.
 */
export interface ChangePolicy {
  /** Paths a delta may change, with the delta's bounds (e.g. HP: healing only, at most 1000). */
  add: Readonly<Record<string, DeltaBounds>>;
  /** Paths a value may be set on, with a test of the value. */
  set: Readonly<Record<string, (value: unknown) => boolean>>;
  /** Status ids a change may switch on or off. */
  statuses: readonly string[];
  /** The most rounds a status may be given. */
  maxRounds: number;
}

/** Why a change is refused: an i18n key and its data. */
export interface ChangeRefusal {
  key: string;
  data: Record<string, string>;
}

const PATH_REFUSED = "POLYVERSE.Relay.PathRefused";
const NUMBER_REFUSED = "POLYVERSE.Relay.NumberRefused";
const STATUS_REFUSED = "POLYVERSE.Relay.StatusRefused";
const SHAPE_REFUSED = "POLYVERSE.Relay.Malformed";

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * Hold a change a card left for the GM against the policy. Returns null when every part of it is
 * allowed, else the first refusal. `sources` are the UUIDs a status's source may name (the card's
 * own subjects).
 */
export function checkChange(
  change: unknown,
  policy: ChangePolicy,
  sources: readonly string[] = [],
): ChangeRefusal | null {
  const shape = { key: SHAPE_REFUSED, data: {} };
  if (!isRecord(change) || typeof change.uuid !== "string" || typeof change.name !== "string") return shape;
  for (const key of Object.keys(change))
    if (!["uuid", "name", "id", "set", "add", "statuses"].includes(key)) return shape;
  if (change.set !== undefined) {
    if (!isRecord(change.set)) return shape;
    for (const [path, value] of Object.entries(change.set)) {
      const test = Object.hasOwn(policy.set, path) ? policy.set[path] : undefined;
      if (!test) return { key: PATH_REFUSED, data: { path } };
      if (!test(value)) return { key: NUMBER_REFUSED, data: { path } };
    }
  }
  if (change.add !== undefined) {
    if (!Array.isArray(change.add)) return shape;
    for (const d of change.add as unknown[]) {
      if (!isRecord(d) || typeof d.path !== "string" || !finite(d.delta)) return shape;
      const bounds = Object.hasOwn(policy.add, d.path) ? policy.add[d.path] : undefined;
      if (!bounds) return { key: PATH_REFUSED, data: { path: d.path } };
      if (d.delta < bounds.min || d.delta > bounds.max)
        return { key: NUMBER_REFUSED, data: { path: d.path } };
      for (const clamp of [d.min, d.max]) if (clamp !== undefined && !finite(clamp)) return shape;
    }
  }
  if (change.statuses !== undefined) {
    if (!Array.isArray(change.statuses)) return shape;
    for (const s of change.statuses as unknown[]) {
      if (!isRecord(s) || typeof s.id !== "string" || typeof s.active !== "boolean") return shape;
      if (!policy.statuses.includes(s.id)) return { key: STATUS_REFUSED, data: { status: s.id } };
      if (
        s.rounds !== undefined &&
        !(Number.isInteger(s.rounds) && (s.rounds as number) >= 0 && (s.rounds as number) <= policy.maxRounds)
      )
        return { key: NUMBER_REFUSED, data: { path: s.id } };
      if (s.sourceId !== undefined && !(typeof s.sourceId === "string" && sources.includes(s.sourceId)))
        return { key: STATUS_REFUSED, data: { status: s.id } };
    }
  }
  return null;
}
