import { SYSTEM_ID } from "./constants";

/** The part of a compendium's metadata that says which ruleset it belongs to. */
export interface PackInfo {
  collection: string;
  flags?: Record<string, unknown>;
}

/** The ruleset a pack belongs to (`flags.polyverse.ruleset` in system.json), if any. */
export function packRuleset(pack: PackInfo): string | undefined {
  const flags = pack.flags?.[SYSTEM_ID] as { ruleset?: unknown } | undefined;
  return typeof flags?.ruleset === "string" ? flags.ruleset : undefined;
}

/**
 * The packs to hide from the compendium sidebar: those that belong to another ruleset than the
 * active one. Packs of no ruleset (world packs, modules) are always shown.
 */
export function hiddenPacks(activeId: string, packs: Iterable<PackInfo>): string[] {
  const hidden: string[] = [];
  for (const pack of packs) {
    const owner = packRuleset(pack);
    if (owner !== undefined && owner !== activeId) hidden.push(pack.collection);
  }
  return hidden;
}

/** Remove hidden packs' entries from a rendered compendium directory. */
export function hidePackEntries(root: HTMLElement, collections: readonly string[]): void {
  for (const collection of collections) {
    const escaped = CSS.escape(collection);
    for (const el of root.querySelectorAll(`[data-pack="${escaped}"], [data-entry-id="${escaped}"]`))
      el.remove();
  }
}
