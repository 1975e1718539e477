import { SYSTEM_ID } from "./constants";
import type { RulesetRegistry } from "./registry";
import type { PolyverseRuleset } from "./ruleset";

let registryRef: RulesetRegistry<PolyverseRuleset> | undefined;
let active: PolyverseRuleset | undefined;

/** Read the world's `ruleset` setting once, at init; later changes take effect after the reload they require. */
/** Keep the registry for the modules that read it later (boot's first step; tests set their own). */
export function setRegistry(registry: RulesetRegistry<PolyverseRuleset>): void {
  registryRef = registry;
}

/** The registry boot was given, or undefined before it ran. */
export const currentRegistry = (): RulesetRegistry<PolyverseRuleset> | undefined => registryRef;

export function resolveActiveRuleset(registry: RulesetRegistry<PolyverseRuleset>): {
  ruleset: PolyverseRuleset;
  fallback: boolean;
  stored: unknown;
} {
  setRegistry(registry);
  const stored = game.settings.get(SYSTEM_ID, "ruleset");
  const resolved = registry.resolve(stored);
  active = resolved.ruleset;
  return { ...resolved, stored };
}

/** The ruleset the GM chose for this world (the default until init has read the setting). */
export function activeRuleset(): PolyverseRuleset {
  if (active) return active;
  if (!registryRef) throw new Error("Polyverse: the ruleset registry is not initialised yet.");
  return registryRef.resolve(undefined).ruleset;
}

/** The sub-types of one document class that the active ruleset offers in create dialogs. */
export function activeTypes(documentName: "Actor" | "Item"): string[] {
  return Object.keys(activeRuleset().types[documentName] ?? {});
}
