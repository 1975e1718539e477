// Shared by the Maelstrom pack tests: the packs' sources (read with the build's own reader, through
// the 'Verses helpers), the real manifest's entries for them, and the checks every Maelstrom entry
// passes: the build's own (checkPackEntries with the data models), deterministic ids and keys, the
// credit, the file layout, and links that resolve. The numbers each test checks are quoted in it.
import { basename, join } from "node:path";
import { expect, it } from "vitest";
import { packId } from "../../scripts/lib/ids.mjs";
import { checkPackEntries } from "../../scripts/lib/pack-check.mjs";
import { ROOT, readJSON } from "../lib/paths";
import {
  allPackSources,
  expectFoldersMatchDisk,
  packSources,
  slug,
  versesModels,
  type PackSource,
} from "./verses-content";

export { byName, packFolders, packSources, slug, stripTags, type PackSource } from "./verses-content";

export const CREDIT =
  "Maelstrom rules (c) 2018 James Tanner, from the MIT-licensed Tanndev/Maelstrom repository";

/** Every Maelstrom pack with its document type, in the order system.json lists them. */
export const MAELSTROM_PACKS = {
  "maelstrom-abilities": "Item",
  "maelstrom-specialties": "Item",
  "maelstrom-merits": "Item",
  "maelstrom-flaws": "Item",
  "maelstrom-weapons": "Item",
  "maelstrom-rules": "JournalEntry",
} as const;
export type MaelstromPack = keyof typeof MAELSTROM_PACKS;

export const manifest = readJSON(join(ROOT, "system.json"));

/** system.json's entry for a pack. */
export const manifestPack = (name: string) => manifest.packs.find((p: any) => p.name === name);

/** The contract's ability keys by category (src/rulesets/maelstrom/data/trait-keys.ts). */
export const ABILITY_KEYS_BY_CATEGORY = {
  talent: [
    "alertness",
    "athletics",
    "investigation",
    "melee",
    "performance",
    "stealth",
    "streetwise",
    "technology",
  ],
  skill: [
    "artistry",
    "driving",
    "firearms",
    "heavyWeapons",
    "piloting",
    "remoteWeapons",
    "survival",
    "tradecraft",
  ],
  knowledge: [
    "computerScience",
    "engineering",
    "humanities",
    "manufacturing",
    "medicine",
    "science",
    "statecraft",
    "navigation",
  ],
} as const;

/** The folder below packs/<pack>/ a source sits in ("" for a pack without group folders). */
export const groupOf = (pack: string, s: PackSource) => {
  const rest = s.file.split(/[\\/]/).slice(2);
  return rest.length > 1 ? rest[0] : "";
};

/** Every `@UUID[...]` in a string. */
export const uuidLinks = (text: string) => [...text.matchAll(/@UUID\[([^\]]+)\]\{([^}]*)\}/g)];

/** Every UUID the Maelstrom packs define: entries, and journal pages. */
export function maelstromUuids(): Set<string> {
  const uuids = new Set<string>();
  for (const [pack, documentName] of Object.entries(MAELSTROM_PACKS)) {
    for (const { data } of packSources(pack)) {
      const entry = `Compendium.polyverse.${pack}.${documentName}.${data._id}`;
      uuids.add(entry);
      for (const page of data.pages ?? []) uuids.add(`${entry}.JournalEntryPage.${page._id}`);
    }
  }
  return uuids;
}

/** Item fields every entry of the Maelstrom item packs carries. */
function expectItemBasics(doc: any, type: string, imgs: readonly string[], file: string) {
  expect(doc.type, file).toBe(type);
  expect(imgs, file).toContain(doc.img);
  expect(doc.effects, file).toEqual([]);
  expect(doc.sort, file).toBe(0);
  expect(doc.ownership, file).toEqual({ default: 0 });
  expect(doc.flags, file).toEqual({ polyverse: { credit: CREDIT } });
}

/**
 * The checks every Maelstrom item pack shares: the build's own checks with the real manifest and
 * data models, ids `packId(pack, name)`, keys, the credit, one file per entry named after it in
 * the folder `group(entry)` gives, and names unique in the pack.
 */
export function maelstromItemPackChecks(
  pack: MaelstromPack,
  type: string,
  imgs: readonly string[],
  group: (data: any) => string,
) {
  const sources = packSources(pack);

  it("passes the build's pack checks (the data models included) as system.json declares it", async () => {
    expect(sources.length).toBeGreaterThan(0);
    const models = await versesModels();
    expect(checkPackEntries(manifest, manifestPack(pack), allPackSources(pack), { models })).toEqual([]);
  });

  it("sits in the Folder of its disk folder, if it has one", () => {
    expectFoldersMatchDisk(pack);
  });

  it("has ids packId(pack, name), _keys, the credit, and one file per entry at [<group>/]<slug>.yml", () => {
    for (const { file, data } of sources) {
      expect(data._id, file).toBe(packId(pack, data.name));
      expect(data._key, file).toBe(`!items!${data._id}`);
      expect(basename(file), file).toBe(`${slug(data.name)}.yml`);
      expect(file, file).toBe(join("packs", pack, group(data), basename(file)));
      expectItemBasics(data, type, imgs, file);
    }
    const names = sources.map((s) => s.data.name);
    expect(new Set(names).size).toBe(names.length);
  });
}
