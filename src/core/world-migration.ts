import { SYSTEM_ID } from "./constants";
import { SCHEMA_VERSION, migrateDocuments, withEmbedded, type WorldDocument } from "./migrations";
import type { RulesetRegistry } from "./registry";
import type { PolyverseRuleset } from "./ruleset";

/**
 * When this world's data is older than the system's schema, the GM's client brings it up to date
 * once: every world actor (with its items) and world item whose migrated `system` differs is
 * re-saved. Failures are listed for the GM and those documents are left as they were.
 */
export async function migrateWorld(registry: RulesetRegistry<PolyverseRuleset>): Promise<void> {
  if (!game.user?.isGM) return;
  const stored = Number(game.settings.get(SYSTEM_ID, "schemaVersion")) || 0;
  if (stored >= SCHEMA_VERSION) return;
  const i18n = game.i18n!;
  ui.notifications?.info(
    i18n.format("POLYVERSE.Migration.Start", { from: String(stored), to: String(SCHEMA_VERSION) }),
  );
  const migrate = (type: string, system: Record<string, unknown>) => {
    const owner = registry.ownerOf("Actor", type) ?? registry.ownerOf("Item", type);
    return owner?.migrate ? owner.migrate(type, system) : system;
  };
  const collections = [game.actors ?? [], game.items ?? []] as unknown as Iterable<WorldDocument>[];
  const report = await migrateDocuments(withEmbedded(collections), migrate);
  if (report.failed.length) {
    const names = report.failed.map((f) => `${f.name} (${f.error})`).join("; ");
    ui.notifications?.error(
      i18n.format("POLYVERSE.Migration.Failed", { count: String(report.failed.length), names }),
      {
        permanent: true,
      },
    );
    return; // The version stays behind, so the next start tries the failed ones again.
  }
  await game.settings.set(SYSTEM_ID, "schemaVersion", SCHEMA_VERSION);
  ui.notifications?.info(i18n.format("POLYVERSE.Migration.Done", { count: String(report.migrated.length) }));
}
