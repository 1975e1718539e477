/**
 * Document flags by ruleset. Under `flags.polyverse` core keeps its own keys (the relay, the card
 * ledger, the pending changes, a pack's ruleset, a compendium entry's credit) and each ruleset has
 * its own namespace named by its id: `flags.polyverse.verses.conditions`,
 * `flags.polyverse.maelstrom.…`. So no ruleset can read or overwrite another's flags or core's, and
 * the registry refuses a ruleset id equal to a core key.
 *
 * Foundry-free: paths and plain data only, so the Foundry-free glue and its tests use it too.
 */
import { SYSTEM_ID } from "./constants";

/**
 * Core's own keys directly under `flags.polyverse`, reserved: no ruleset may take one as its id.
 * (Chat cards keep their state in `ChatMessage.system`; older cards are read from their flags.)
 */
export const CORE_FLAG_KEYS: readonly string[] = [
  "relay",
  "relayReply",
  "ledger",
  "pending",
  "ruleset",
  "credit",
];

/** Document classes whose legacy flags the world migration moves into a ruleset's namespace. */
export const LEGACY_FLAG_DOCUMENTS = [
  "Actor",
  "Item",
  "ActiveEffect",
  "Combat",
  "Combatant",
  "Token",
] as const;
export type LegacyFlagDocument = (typeof LEGACY_FLAG_DOCUMENTS)[number];

/** Is this a key core keeps under `flags.polyverse` (and so no ruleset id)? */
/** Core's own flags on a document, directly under `flags.polyverse` (see {@link CORE_FLAG_KEYS}). */
export const coreFlags = (doc: { flags?: unknown }): Record<string, unknown> =>
  ((doc.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID] as Record<string, unknown> | undefined) ??
  {};

export const isCoreFlagKey = (key: string): boolean => CORE_FLAG_KEYS.includes(key);

/** The flattened path of a ruleset's flag: `flagPath("verses", "conditions")` is `flags.polyverse.verses.conditions`. */
export function flagPath(rulesetId: string, key: string): string {
  return `flags.${SYSTEM_ID}.${rulesetId}.${key}`;
}

/** The flattened path that deletes a ruleset's flag in an update: `flags.polyverse.verses.-=conditions`. */
export function deleteFlagPath(rulesetId: string, key: string): string {
  return `flags.${SYSTEM_ID}.${rulesetId}.-=${key}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A ruleset's flags on a document (`flags.polyverse.<id>`), or an empty object. */
export function rulesetFlags(
  doc: { flags?: unknown } | null | undefined,
  rulesetId: string,
): Record<string, unknown> {
  const system = isRecord(doc?.flags) ? doc.flags[SYSTEM_ID] : undefined;
  const own = isRecord(system) ? system[rulesetId] : undefined;
  return isRecord(own) ? own : {};
}

/** One of a ruleset's flags on a document, or undefined. */
export function rulesetFlag(
  doc: { flags?: unknown } | null | undefined,
  rulesetId: string,
  key: string,
): unknown {
  return rulesetFlags(doc, rulesetId)[key];
}

/**
 * A ruleset's flags as a document's creation data nests them: `{ polyverse: { verses: data } }`,
 * for the `flags` of `create` data or of an effect built in memory.
 */
export function rulesetFlagData(rulesetId: string, data: Record<string, unknown>): Record<string, unknown> {
  return { [SYSTEM_ID]: { [rulesetId]: data } };
}

/** An update setting several of a ruleset's flags at once: `{ "flags.polyverse.verses.turn": … }`. */
export function flagUpdate(rulesetId: string, data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [flagPath(rulesetId, key), value]));
}

/**
 * The update that moves a ruleset's legacy flags (kept directly under `flags.polyverse` before
 * namespaces) into its namespace: each legacy key found is set under `flags.polyverse.<id>` (unless
 * the namespace has it already: what was written there is newer) and deleted from the top level.
 * `stored` is the document's stored `flags.polyverse`; `prefix` where it lives in an update
 * (`flags.polyverse`, or `delta.flags.polyverse` for an unlinked token's actor). Empty when there
 * is nothing to move, so running it again changes nothing.
 */
export function legacyFlagUpdate(
  stored: unknown,
  rulesetId: string,
  keys: readonly string[],
  prefix = `flags.${SYSTEM_ID}`,
): Record<string, unknown> {
  if (!isRecord(stored)) return {};
  const own = isRecord(stored[rulesetId]) ? stored[rulesetId] : {};
  const update: Record<string, unknown> = {};
  for (const key of keys) {
    if (key === rulesetId || isCoreFlagKey(key) || !Object.hasOwn(stored, key)) continue;
    if (!Object.hasOwn(own, key)) update[`${prefix}.${rulesetId}.${key}`] = stored[key];
    update[`${prefix}.-=${key}`] = null;
  }
  return update;
}

/** `stored` with a ruleset's legacy flags moved into its namespace, as {@link legacyFlagUpdate} would leave it. */
export function withLegacyFlagsMoved(
  stored: unknown,
  rulesetId: string,
  keys: readonly string[],
): Record<string, unknown> {
  if (!isRecord(stored)) return {};
  const out: Record<string, unknown> = { ...stored };
  const own: Record<string, unknown> = isRecord(stored[rulesetId]) ? { ...stored[rulesetId] } : {};
  let moved = false;
  for (const key of keys) {
    if (key === rulesetId || isCoreFlagKey(key) || !Object.hasOwn(stored, key)) continue;
    if (!Object.hasOwn(own, key)) own[key] = stored[key];
    delete out[key];
    moved = true;
  }
  if (moved) out[rulesetId] = own;
  return out;
}
