import { DEFAULT_RULESET, SYSTEM_ID } from "./constants";
import type { RulesetRegistry } from "./registry";
import type { PolyverseRuleset } from "./ruleset";

/**
 * World settings every ruleset shares. `ruleset` decides which ruleset's types, packs, status
 * effects and combat rules the GM sees; changing it needs a reload because those are wired at init.
 */
export function registerCoreSettings(registry: RulesetRegistry<PolyverseRuleset>): void {
  const choices = Object.fromEntries(registry.list().map((r) => [r.id, r.label]));
  game.settings.register(SYSTEM_ID, "ruleset", {
    name: "POLYVERSE.Settings.Ruleset.Name",
    hint: "POLYVERSE.Settings.Ruleset.Hint",
    scope: "world",
    config: true,
    type: String,
    choices,
    default: DEFAULT_RULESET,
    requiresReload: true,
  });
  game.settings.register(SYSTEM_ID, "schemaVersion", {
    name: "POLYVERSE.Settings.SchemaVersion.Name",
    scope: "world",
    config: false,
    type: Number,
    default: 0,
  });
  for (const ruleset of registry.list()) ruleset.registerSettings?.();
}
