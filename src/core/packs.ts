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

const ENTRY = "[data-pack], [data-entry-id]";

/**
 * Remove hidden packs' entries from a rendered compendium directory, and the folders that held
 * only those (a ruleset's pack folder). Folders that were empty before are left alone.
 */
export function hidePackEntries(root: HTMLElement, collections: readonly string[]): void {
  const emptied = new Set<Element>();
  for (const collection of collections) {
    const escaped = CSS.escape(collection);
    for (const el of root.querySelectorAll(`[data-pack="${escaped}"], [data-entry-id="${escaped}"]`)) {
      let folder = el.parentElement?.closest(".folder");
      while (folder) {
        emptied.add(folder);
        folder = folder.parentElement?.closest(".folder");
      }
      el.remove();
    }
  }
  for (const folder of emptied) if (!folder.querySelector(ENTRY)) folder.remove();
}
