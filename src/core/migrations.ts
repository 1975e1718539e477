/**
 * Data migrations shared by every ruleset.
 *
 * Two levels, both lossless:
 * - **On load**, each data model's `migrateData` runs the ruleset's shape migrations on the raw
 *   source before validation, so old or hand-made data (an import, a pasted stat block) opens as
 *   the current shape instead of failing validation. These must be idempotent.
 * - **Once per world**, when the world's `schemaVersion` is behind {@link SCHEMA_VERSION}, the GM's
 *   client re-saves every document whose migrated source differs, so stored data catches up.
 *   Documents that fail are reported and left as they were; nothing is dropped.
 */

/** The schema version of this release. Raise it with every migration that changes stored data. */
export const SCHEMA_VERSION = 1;

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

/** A stored document as the world migration sees it. */
export interface MigratableDocument {
  name: string;
  type: string;
  /** The stored `system` source. */
  system: Record<string, unknown>;
  update(changes: { system: Record<string, unknown> }): Promise<unknown>;
}

export interface WorldMigrationReport {
  migrated: string[];
  failed: { name: string; error: string }[];
}

/**
 * Re-save every document whose `system` the shape migrations change. Runs each document on its
 * own so that one failure never stops the rest, and never writes a document it could not migrate.
 */
export async function migrateDocuments(
  documents: Iterable<MigratableDocument>,
  migrate: (type: string, system: Record<string, unknown>) => Record<string, unknown>,
): Promise<WorldMigrationReport> {
  const report: WorldMigrationReport = { migrated: [], failed: [] };
  for (const doc of documents) {
    try {
      const before = JSON.stringify(doc.system);
      const after = migrate(doc.type, structuredClone(doc.system));
      if (JSON.stringify(after) === before) continue;
      await doc.update({ system: after });
      report.migrated.push(doc.name);
    } catch (error) {
      report.failed.push({ name: doc.name, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return report;
}

// ---- helpers migrations share ----------------------------------------------------------------

const MASS = /^\s*(\d+(?:[.,]\d+)?)\s*(kg|g)?\s*$/i;

/**
 * A weight as rules texts print it ("1kg", "600g", "2.5 kg", "10g") in kilograms; a plain number
 * is kilograms already. Returns undefined for text that is not a weight (left for the GM).
 */
export function parseMassKg(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== "string") return undefined;
  const m = MASS.exec(value);
  if (!m) return undefined;
  const n = Number(m[1]!.replace(",", "."));
  return m[2]?.toLowerCase() === "g" ? n / 1000 : n;
}

/** A number written as text ("3", " 12 ") as a number; anything else unchanged. */
export function numeric(value: unknown): unknown {
  if (typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return value;
}

/** A world document with its embedded items, as the world migration walks them. */
export interface WorldDocument extends MigratableDocument {
  items?: Iterable<MigratableDocument>;
}

/** Every document and embedded item of the given collections, flattened. */
export function* withEmbedded(collections: Iterable<Iterable<WorldDocument>>): Generator<MigratableDocument> {
  for (const collection of collections) {
    for (const doc of collection) {
      yield doc;
      for (const item of doc.items ?? []) yield item;
    }
  }
}
