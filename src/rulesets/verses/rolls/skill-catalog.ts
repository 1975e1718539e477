/**
 * The 'Verses skill catalog of the world's compendiums: the definitions an actor's unallocated
 * skill chains go through when the actor does not own every skill on the way (Gemma's Stellar
 * Navigation defaults through Ship Systems). Loaded once when the world is ready.
 */
import { toSkillDefinition, type SkillSource } from "../data/convert";
import type { SkillDefinition } from "../rules";
import { versesOption } from "../base/settings";

const PACKS = ["polyverse.verses-skills"];
const MODULE_PACKS = ["polyverse.verses-intoxication"];

let catalog: SkillDefinition[] = [];

/** The loaded catalog (empty until {@link loadVersesSkillCatalog} has run). */
export function versesSkillCatalog(): readonly SkillDefinition[] {
  return catalog;
}

/** Read the skills packs (and the Intoxication module's when it is on). A missing pack is skipped. */
export async function loadVersesSkillCatalog(): Promise<void> {
  const ids = versesOption("intoxication") ? [...PACKS, ...MODULE_PACKS] : PACKS;
  const loaded: SkillDefinition[] = [];
  for (const id of ids) {
    const pack = game.packs?.get(id);
    if (!pack) continue;
    for (const doc of (await pack.getDocuments()) as unknown as {
      name: string;
      type: string;
      system: unknown;
    }[]) {
      if (doc.type === "verses-skill") loaded.push(toSkillDefinition(doc.name, doc.system as SkillSource));
    }
  }
  catalog = loaded;
}
