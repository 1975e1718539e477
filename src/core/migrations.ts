/**
 * Data migrations shared by every ruleset.
 *
 * Two levels:
 * - **On load**, the data-model base's `migrateData` (data-model.ts) runs the owning ruleset's
 *   shape migrations for the model's sub-type on the raw source before validation, so old or
 *   hand-made data (an import, a pasted stat block) opens as the current shape instead of failing
 *   validation. These must be idempotent, must leave valid
 *   current data exactly as it is, and read only fields that are there (a token's actor delta, an
 *   update, hold part of a source). They are lossless, except where data from before a bound
 *   (see the ruleset's bounds) is brought inside it, which each such migration says.
 * - **Once per world**, when the world's `schemaVersion` is behind {@link SCHEMA_VERSION}, the GM's
 *   client migrates every document's *stored* `system` (what the database holds, not the
 *   document's prepared data) and saves the difference only ({@link sourceDiff}), so stored data
 *   catches up. Documents that fail are reported and left as they were; nothing is dropped.
 */

/** The schema version of this release. Raise it with every migration that changes stored data. */
export const SCHEMA_VERSION = 2;

/** One shape migration: returns true when it changed the source (which it edits in place). */
export interface ShapeMigration {
  /** The schema version that introduced it. */
  version: number;
  /** What it fixes, for the GM's report and the tests. */
  description: string;
  /** Document sub-types it applies to. */
  types: readonly string[];
  migrate(source: Record<string, unknown>): boolean;
}

/** Apply every migration for a sub-type, in version order. Returns the same object, migrated. */
export function applyMigrations(
  migrations: readonly ShapeMigration[],
  type: string,
  source: Record<string, unknown>,
): Record<string, unknown> {
  if (!source || typeof source !== "object") return source;
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (m.types.includes(type)) m.migrate(source);
  }
  return source;
}

/** Is it a plain object (not an array, not null)? */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * What changed between a stored source and its migrated copy, as a flattened update: one key per
 * changed leaf (`"attributes.smr": 3`), whole arrays where an array changed, and `"hp.-=max": null`
 * only for a key the migration truly removed. Keys the migration left alone are not sent, so an
 * update made of this diff cannot overwrite anything else.
 */
export function sourceDiff(before: unknown, after: unknown, path = ""): Record<string, unknown> {
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if (isPlainObject(before) && isPlainObject(after)) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(after)) {
      if (!Object.hasOwn(before, key)) out[at(key)] = value;
      else Object.assign(out, sourceDiff(before[key], value, at(key)));
    }
    for (const key of Object.keys(before)) if (!Object.hasOwn(after, key)) out[at(`-=${key}`)] = null;
    return out;
  }
  return sameValue(before, after) ? {} : { [path]: after };
}

/**
 * A stored document as the world migration sees it.
 *
 * `stored` is the `system` as the database holds it: Foundry's raw world data (`game.data`, a
 * compendium index) where there is one, else the document's `_source.system`. Never the prepared
 * `system`, which carries derived values and Active-Effect changes that must not be saved.
 */
export interface MigratableDocument {
  /** For the GM's report. */
  name: string;
  /** The sub-type, which chooses the migrations. */
  type: string;
  stored: Record<string, unknown>;
  /** Where `system` lives in an update of the document: "system", or "delta.system" for a token. */
  path?: string;
  /**
   * Save the flattened changes as they are (`diff: false`: the document's own `_source` has been
   * migrated on load already, so Foundry's own diff against it would send nothing).
   */
  update(changes: Record<string, unknown>): Promise<unknown>;
}

export interface WorldMigrationReport {
  migrated: string[];
  failed: { name: string; error: string }[];
}

/**
 * Save every document whose stored `system` the shape migrations change, sending only the
 * difference. Runs each document on its own so that one failure never stops the rest, and never
 * writes a document it could not migrate.
 */
export async function migrateDocuments(
  documents: Iterable<MigratableDocument> | AsyncIterable<MigratableDocument>,
  migrate: (type: string, system: Record<string, unknown>) => Record<string, unknown>,
  /** The diff as the running Foundry takes it (its `-=key` deletions: core/compat.ts). */
  prepare: (diff: Record<string, unknown>) => Record<string, unknown> = (diff) => diff,
): Promise<WorldMigrationReport> {
  const report: WorldMigrationReport = { migrated: [], failed: [] };
  for await (const doc of documents) {
    try {
      if (!isPlainObject(doc.stored)) continue;
      const after = migrate(doc.type, structuredClone(doc.stored));
      const diff = sourceDiff(doc.stored, after, doc.path ?? "system");
      if (Object.keys(diff).length === 0) continue;
      await doc.update(prepare(diff));
      report.migrated.push(doc.name);
    } catch (error) {
      report.failed.push({ name: doc.name, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return report;
}

// ---- helpers migrations share ----------------------------------------------------------------

const MASS = /^\s*(\d[\d.,]*)\s*(kg|g)?\s*$/i;

/**
 * A number as rules texts write it, with "." or "," as the decimal mark or the thousands
 * separator. The rule, for the forms that could be either:
 * - both marks ("1,000.5", "1.000,5"): the last one is the decimal mark;
 * - one mark used twice or more ("1,000,000"): thousands separators;
 * - one mark once: a thousands separator when exactly three digits follow it and one to three
 *   digits, not a lone 0, precede it ("1,000", "1.000", "12.500"); else the decimal mark ("1.5",
 *   "2,5", "0.500", "1.25"). So "1.500 kg" reads 1500 kg: write 1.5 kg as "1.5 kg".
 * Thousands groups must be three digits each; anything else ("1,00,0") is not a number: undefined.
 */
export function parseDecimal(text: string): number | undefined {
  const marks = [...text.matchAll(/[.,]/g)].map((m) => m[0]);
  let thousands: string | undefined;
  let decimal: string | undefined;
  if (marks.length === 0) return /^\d+$/.test(text) ? Number(text) : undefined;
  const last = marks[marks.length - 1]!;
  if (new Set(marks).size === 2) {
    decimal = last;
    thousands = last === "." ? "," : ".";
    if (marks.indexOf(decimal) !== marks.length - 1) return undefined; // the decimal mark only once, last
  } else if (marks.length > 1) thousands = last;
  else if (/^[1-9]\d{0,2}[.,]\d{3}$/.test(text)) thousands = last;
  else decimal = last;
  const [whole, fraction, ...rest] = decimal ? text.split(decimal) : [text];
  if (rest.length || (fraction !== undefined && !/^\d+$/.test(fraction))) return undefined;
  const groups = thousands ? whole!.split(thousands) : [whole!];
  if (!/^\d+$/.test(groups[0]!)) return undefined;
  if (groups.length > 1 && (!/^\d{1,3}$/.test(groups[0]!) || groups.slice(1).some((g) => !/^\d{3}$/.test(g))))
    return undefined;
  return Number(`${groups.join("")}${fraction !== undefined ? `.${fraction}` : ""}`);
}

/**
 * A weight as rules texts print it ("1kg", "600g", "2.5 kg", "1,000g") in kilograms; a plain
 * number is kilograms already. Separators follow {@link parseDecimal}: "1,000g" and "1.000 g" are
 * 1 kg, "1.5 kg" is 1.5 kg. Returns undefined for text that is not a weight (left for the GM).
 */
export function parseMassKg(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== "string") return undefined;
  const m = MASS.exec(value);
  if (!m) return undefined;
  const n = parseDecimal(m[1]!);
  if (n === undefined) return undefined;
  return m[2]?.toLowerCase() === "g" ? n / 1000 : n;
}

/** A number written as text ("3", " 12 ") as a number; anything else unchanged. */
export function numeric(value: unknown): unknown {
  if (typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return value;
}

/** `diff: false`: the document's `_source` is migrated on load already, so Foundry's diff would send nothing. */
export const SAVE_AS_GIVEN = { diff: false };

/** A collection's documents now (a Foundry collection is iterable; anything else has none). */
export function list<T>(collection: unknown): T[] {
  const c = collection as Iterable<T> | null | undefined;
  return c && typeof c[Symbol.iterator] === "function" ? [...c] : [];
}
