/**
 * The GM relay's rules, without Foundry: how a request and its reply look in a User document's
 * flags, what makes a request well formed, the refusal a handler raises, the checks every payload
 * gets, and the queue that handles one request at a time.
 *
 * Why requests live in the requester's own User document: a message on the system socket carries
 * whatever its sender wrote, including a forged sender id. A player can update only their own User
 * document, and Foundry passes the id of the user who made an update to the `updateUser` hook on
 * every client, so a request written there names its requester in a way the server vouches for.
 */

/** Where requests wait: `flags.polyverse.relay.<rid>` on the requester's User document. */
export const REQUEST_FLAG = "relay";
/** Where the GM answers: `flags.polyverse.relayReply.<rid>` on the same User document. */
export const REPLY_FLAG = "relayReply";
/** A request's payload, as JSON, is at most this long (a card reference and a few numbers). */
export const MAX_PAYLOAD_CHARS = 4096;

/** A request id: 16 letters and digits, as Foundry's `randomID(16)` makes them. */
const RID = /^[A-Za-z0-9]{16}$/;
/** A document id: 16 letters and digits. */
const DOCUMENT_ID = /^[A-Za-z0-9]{16}$/;

export type Payload = Record<string, unknown>;

export interface RelayRequest {
  rid: string;
  type: string;
  payload: Payload;
}

/** The GM's answer: done, or refused with an i18n key (and its data) saying why. */
export type RelayReply = { ok: true } | { ok: false; reason: string; data?: Record<string, string> };

/** i18n keys of the relay's own refusals. */
export const RELAY_REASONS = {
  malformed: "POLYVERSE.Relay.Malformed",
  unknown: "POLYVERSE.Relay.Unknown",
  fromGM: "POLYVERSE.Relay.FromGM",
  failed: "POLYVERSE.Relay.Failed",
  replayed: "POLYVERSE.Relay.Replayed",
} as const;

/** A handler's refusal: the requester is told why (an i18n key and its data). */
export class RelayRefusal extends Error {
  constructor(
    readonly key: string,
    readonly data: Record<string, string> = {},
  ) {
    super(key);
    this.name = "RelayRefusal";
  }
}

/** Refuse a request (throws). */
export function refuse(key: string, data: Record<string, string> = {}): never {
  throw new RelayRefusal(key, data);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** The `flags.polyverse.<flag>` entries of an update's (expanded) changes, by key. */
function flagEntries(changes: unknown, systemId: string, flag: string): [string, unknown][] {
  const flags = isPlainObject(changes) ? changes.flags : undefined;
  const mine = isPlainObject(flags) ? flags[systemId] : undefined;
  const entries = isPlainObject(mine) ? mine[flag] : undefined;
  return isPlainObject(entries) ? Object.entries(entries) : [];
}

/**
 * The requests an update of a User document writes, each checked for shape: an id, a known type
 * and a small plain-object payload. Deletions (`-=rid`) are not requests. A malformed entry is
 * returned in `malformed` (by id, when it has one) so the GM can answer it.
 */
export function readRequests(
  changes: unknown,
  systemId: string,
  known: (type: string) => boolean,
): { requests: RelayRequest[]; malformed: { rid: string; reason: string }[] } {
  const requests: RelayRequest[] = [];
  const malformed: { rid: string; reason: string }[] = [];
  for (const [rid, value] of flagEntries(changes, systemId, REQUEST_FLAG)) {
    if (rid.startsWith("-=") || value === null) continue;
    if (!RID.test(rid)) continue; // Not answerable: no reply key to write it under.
    if (!isPlainObject(value) || typeof value.type !== "string" || !isPlainObject(value.payload)) {
      malformed.push({ rid, reason: RELAY_REASONS.malformed });
      continue;
    }
    if (!known(value.type)) {
      malformed.push({ rid, reason: RELAY_REASONS.unknown });
      continue;
    }
    let size = Infinity;
    try {
      size = JSON.stringify(value.payload).length;
    } catch {
      // A cycle or a BigInt: not JSON, not a request.
    }
    if (size > MAX_PAYLOAD_CHARS) {
      malformed.push({ rid, reason: RELAY_REASONS.malformed });
      continue;
    }
    requests.push({ rid, type: value.type, payload: value.payload });
  }
  return { requests, malformed };
}

/** The replies an update of a User document writes (by the GM), checked for shape. */
export function readReplies(changes: unknown, systemId: string): { rid: string; reply: RelayReply }[] {
  const out: { rid: string; reply: RelayReply }[] = [];
  for (const [rid, value] of flagEntries(changes, systemId, REPLY_FLAG)) {
    if (!RID.test(rid) || !isPlainObject(value) || typeof value.ok !== "boolean") continue;
    if (value.ok) out.push({ rid, reply: { ok: true } });
    else {
      const reason = typeof value.reason === "string" ? value.reason : RELAY_REASONS.failed;
      const data = isPlainObject(value.data)
        ? Object.fromEntries(Object.entries(value.data).map(([k, v]) => [k, String(v)]))
        : {};
      out.push({ rid, reply: { ok: false, reason, data } });
    }
  }
  return out;
}

// ---- payload checks: every field a handler reads is checked, or the request is refused ---------------

/** A document id (16 letters and digits), or a refusal. */
export function documentId(value: unknown): string {
  if (typeof value !== "string" || !DOCUMENT_ID.test(value)) refuse(RELAY_REASONS.malformed);
  return value;
}

/** A whole number in [min, max], or a refusal. */
export function wholeNumber(value: unknown, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max)
    refuse(RELAY_REASONS.malformed);
  return value;
}

/** One of the allowed strings, or a refusal. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T {
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value))
    refuse(RELAY_REASONS.malformed);
  return value as T;
}

/** Only these keys, or a refusal (a request never carries more than its operation reads). */
export function onlyKeys(payload: Payload, allowed: readonly string[]): void {
  for (const key of Object.keys(payload)) if (!allowed.includes(key)) refuse(RELAY_REASONS.malformed);
}

// ---- one at a time ---------------------------------------------------------------------------------

/**
 * Runs tasks one after another in the order given: the GM handles one request at a time, so two
 * requests about one card never interleave (the second sees what the first wrote).
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.#tail.then(task, task);
    this.#tail = next.catch(() => undefined);
    return next;
  }
}

/**
 * The request ids already handled: a replayed id (the same entry written again) is answered as a
 * replay and never carried out twice. Bounded: the oldest ids are forgotten first.
 */
export class HandledIds {
  readonly #ids = new Set<string>();
  constructor(readonly limit = 5000) {}

  /** Record an id; false when it was recorded already. */
  add(id: string): boolean {
    if (this.#ids.has(id)) return false;
    this.#ids.add(id);
    if (this.#ids.size > this.limit) {
      const oldest = this.#ids.values().next().value;
      if (oldest !== undefined) this.#ids.delete(oldest);
    }
    return true;
  }
}
