import { deletionUpdate } from "./compat";
import { SYSTEM_ID } from "./constants";
import { SAVE_AS_GIVEN, SCHEMA_VERSION, list, migrateDocuments, type MigratableDocument } from "./migrations";
import { schemaVersionOf, type RulesetRegistry } from "./registry";
import type { PolyverseRuleset } from "./ruleset";
import { migrateLegacyFlags } from "./flag-migration";

type System = Record<string, unknown>;

/** A document as the database stores it (`game.data`, a compendium index entry). */
interface RawDocument {
  _id: string;
  name?: string;
  type?: string;
  system?: System;
  items?: RawDocument[];
  tokens?: RawToken[];
}
interface RawToken {
  _id: string;
  delta?: { system?: System } | null;
}
interface WorldData {
  actors?: RawDocument[];
  items?: RawDocument[];
  scenes?: RawDocument[];
}

/** What the migration reads of a live document. */
interface LiveDocument {
  id: string | null;
  name: string;
  type: string;
  _source: { system?: System; delta?: { system?: System } | null };
  update(changes: object, options?: object): Promise<unknown>;
  items?: Iterable<LiveDocument> & { get(id: string): LiveDocument | undefined };
}
interface LiveToken extends LiveDocument {
  actorLink: boolean;
  actor: { type: string } | null;
}
interface LiveScene extends LiveDocument {
  tokens: Iterable<LiveToken>;
}
interface Pack {
  locked: boolean;
  documentName: string;
  metadata: { packageType?: string; label?: string; id?: string };
  getIndex(options: { fields: string[] }): Promise<Iterable<RawDocument>>;
  getDocument(id: string): Promise<LiveDocument | undefined | null>;
}

const rawById = (list: RawDocument[] | undefined, id: string | null) => list?.find((d) => d._id === id);

function entry(doc: LiveDocument, stored: System | undefined, name: string): MigratableDocument {
  return {
    name,
    type: doc.type,
    stored: stored ?? doc._source.system ?? {},
    update: (changes) => doc.update(changes, SAVE_AS_GIVEN),
  };
}

/**
 * The world's actors with their items, its items, and the actor deltas of unlinked tokens, each
 * with its `system` as stored: Foundry keeps the world data it received from the server in
 * `game.data`, before `migrateData` ran; the document's `_source` is the fallback.
 */
function worldDocuments(): MigratableDocument[] {
  const data = ((game as unknown as { data?: WorldData }).data ?? {}) as WorldData;
  const out: MigratableDocument[] = [];
  for (const actor of list<LiveDocument>(game.actors)) {
    const stored = rawById(data.actors, actor.id);
    out.push(entry(actor, stored?.system, actor.name));
    for (const item of list<LiveDocument>(actor.items))
      out.push(entry(item, rawById(stored?.items, item.id)?.system, `${item.name} (${actor.name})`));
  }
  for (const item of list<LiveDocument>(game.items))
    out.push(entry(item, rawById(data.items, item.id)?.system, item.name));
  for (const scene of list<LiveScene>(game.scenes)) {
    const storedScene = rawById(data.scenes, scene.id);
    for (const token of list<LiveToken>(scene.tokens)) {
      if (token.actorLink || !token.actor) continue;
      const storedToken = storedScene?.tokens?.find((t) => t._id === token.id);
      const delta = storedToken ? storedToken.delta?.system : token._source.delta?.system;
      if (!delta || Object.keys(delta).length === 0) continue;
      out.push({
        name: `${token.name} (${scene.name})`,
        type: token.actor.type,
        stored: delta,
        path: "delta.system",
        update: (changes) => token.update(changes, SAVE_AS_GIVEN),
      });
    }
  }
  return out;
}

/**
 * The actors (with their items) and items of the world's own compendiums that are not locked,
 * read from the compendium index (the stored data); a document is loaded only to be saved.
 */
async function* compendiumDocuments(): AsyncGenerator<MigratableDocument> {
  for (const pack of list<Pack>(game.packs)) {
    if (pack.locked || pack.metadata.packageType !== "world") continue;
    if (pack.documentName !== "Actor" && pack.documentName !== "Item") continue;
    const label = pack.metadata.label ?? pack.metadata.id ?? "";
    for (const raw of await pack.getIndex({ fields: ["system", "items"] })) {
      const load = async () => {
        const doc = await pack.getDocument(raw._id);
        if (!doc) throw new Error(`${raw._id} is not in ${label}`);
        return doc;
      };
      if (raw.system && raw.type) {
        yield {
          name: `${raw.name} (${label})`,
          type: raw.type,
          stored: raw.system,
          update: async (changes) => (await load()).update(changes, SAVE_AS_GIVEN),
        };
      }
      for (const item of raw.items ?? []) {
        if (!item.system || !item.type) continue;
        yield {
          name: `${item.name} (${raw.name}, ${label})`,
          type: item.type,
          stored: item.system,
          update: async (changes) => {
            const owned = (await load()).items?.get(item._id);
            if (!owned) throw new Error(`${item._id} is not on ${raw.name}`);
            return owned.update(changes, SAVE_AS_GIVEN);
          },
        };
      }
    }
  }
}

async function* everyDocument(): AsyncGenerator<MigratableDocument> {
  const world = worldDocuments(); // read at once, before any other code can run
  yield* world;
  yield* compendiumDocuments();
}

/** The world setting keeping the schema version each ruleset's data was migrated to, by ruleset id. */
export const RULESET_SCHEMAS = "rulesetSchemas";

/** Register the world migration's settings (at init, with core's). */
export function registerMigrationSettings(): void {
  game.settings.register(SYSTEM_ID, RULESET_SCHEMAS, {
    name: "POLYVERSE.Settings.RulesetSchemas.Name",
    scope: "world",
    config: false,
    type: Object,
    default: {},
  });
}

/**
 * The schema version a ruleset's stored data must reach: its descriptor's `schemaVersion`, and at
 * least 1, the version that moved its legacy flags into its namespace.
 */
export function rulesetSchemaVersion(ruleset: PolyverseRuleset): number {
  return Math.max(1, schemaVersionOf(ruleset));
}

/** The versions each ruleset's data was migrated to in this world (0 for one never migrated). */
export function storedRulesetVersions(): Record<string, number> {
  const stored = game.settings.get(SYSTEM_ID, RULESET_SCHEMAS) as unknown;
  if (typeof stored !== "object" || stored === null) return {};
  return Object.fromEntries(
    Object.entries(stored).filter(
      (e): e is [string, number] => typeof e[1] === "number" && Number.isFinite(e[1]),
    ),
  );
}

/** Migrate every document's stored `system` (the rulesets' shape migrations), listing failures. */
async function migrateSystems(registry: RulesetRegistry<PolyverseRuleset>) {
  const migrate = (type: string, system: System) => {
    const owner = registry.ownerOf("Actor", type) ?? registry.ownerOf("Item", type);
    return owner?.migrate ? owner.migrate(type, system) : system;
  };
  try {
    return await migrateDocuments(everyDocument(), migrate, deletionUpdate);
  } catch (error) {
    // Reading a compendium's index can fail (a pack that will not load): report it, and try again next time.
    return {
      migrated: [],
      failed: [{ name: "", error: error instanceof Error ? error.message : String(error) }],
    };
  }
}

/** Move the legacy flags of the rulesets behind into their namespaces, listing failures. */
async function migrateFlags(registry: RulesetRegistry<PolyverseRuleset>, behind: readonly string[]) {
  try {
    return await migrateLegacyFlags(registry, behind);
  } catch (error) {
    return {
      migrated: [],
      failed: [{ name: "", error: error instanceof Error ? error.message : String(error) }],
    };
  }
}

/**
 * When this world's data is older than the system's schema (core's {@link SCHEMA_VERSION}, or a
 * ruleset's {@link rulesetSchemaVersion} against the version kept for it in the `rulesetSchemas`
 * setting), the GM's client brings it up to date once: every world actor (with its items), world
 * item, unlinked token's actor delta, and document of an unlocked world compendium whose migrated
 * stored `system` differs is saved with the difference only, and the legacy flags of each ruleset
 * behind are moved into its namespace (flag-migration.ts). Failures are listed for the GM and
 * those documents are left as they were; the versions stay behind, so the next start tries again.
 * Code reads flags in their namespaces only: until the GM has run this once, a world's old flags
 * are not seen.
 */
export async function migrateWorld(registry: RulesetRegistry<PolyverseRuleset>): Promise<void> {
  if (!game.user?.isGM) return;
  const stored = Number(game.settings.get(SYSTEM_ID, "schemaVersion")) || 0;
  const versions = storedRulesetVersions();
  const behind = registry.list().filter((r) => (versions[r.id] ?? 0) < rulesetSchemaVersion(r));
  if (stored >= SCHEMA_VERSION && !behind.length) return;
  const i18n = game.i18n!;
  ui.notifications?.info(
    i18n.format("POLYVERSE.Migration.Start", { from: String(stored), to: String(SCHEMA_VERSION) }),
  );
  const systems = await migrateSystems(registry);
  const flags = await migrateFlags(
    registry,
    behind.map((r) => r.id),
  );
  const failed = [...systems.failed, ...flags.failed];
  if (failed.length) {
    const names = failed.map((f) => `${f.name} (${f.error})`).join("; ");
    ui.notifications?.error(
      i18n.format("POLYVERSE.Migration.Failed", { count: String(failed.length), names }),
      {
        permanent: true,
      },
    );
    return; // The versions stay behind, so the next start tries the failed ones again.
  }
  await game.settings.set(SYSTEM_ID, "schemaVersion", SCHEMA_VERSION);
  const next = { ...versions, ...Object.fromEntries(behind.map((r) => [r.id, rulesetSchemaVersion(r)])) };
  await game.settings.set(SYSTEM_ID, RULESET_SCHEMAS, next);
  const count = new Set([...systems.migrated, ...flags.migrated]).size;
  ui.notifications?.info(i18n.format("POLYVERSE.Migration.Done", { count: String(count) }));
}
