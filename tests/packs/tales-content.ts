// Shared by the Tales rules-content pack tests (skills, advantages, disadvantages, templates, rules
// journal): the packs with their document types, the real manifest's entries for them, and the
// checks every entry passes: the build's own (checkPackEntries with the data models), deterministic
// ids and keys, the credit, the file layout, its Folders. The numbers each test checks are quoted in it.
import { basename, join } from "node:path";
import { expect, it } from "vitest";
import { packId } from "../../scripts/lib/ids.mjs";
import { checkPackEntries } from "../../scripts/lib/pack-check.mjs";
import { manifest, manifestPack, uuidLinks } from "./maelstrom-content";
import {
  allPackSources,
  expectFoldersMatchDisk,
  packFolders,
  packSources,
  slug,
  stripTags,
  versesModels,
  type PackSource,
} from "./verses-content";

export { manifest, manifestPack, uuidLinks } from "./maelstrom-content";
export { byName, packFolders, packSources, slug, stripTags, type PackSource } from "./verses-content";

export const CREDIT = "Tales Core Rules 0.5 (c) 2007 Michael Wenman";

/** The Tales rules-content packs with their document types, in the order system.json lists them. */
export const TALES_RULES_PACKS = {
  "tales-skills": "Item",
  "tales-advantages": "Item",
  "tales-disadvantages": "Item",
  "tales-templates": "Item",
  "tales-rules": "JournalEntry",
} as const;
export type TalesRulesPack = keyof typeof TALES_RULES_PACKS;

/** The contract's skill keys by attribute group (src/rulesets/tales/data/keys.ts). */
export const SKILL_KEYS_BY_GROUP = {
  physical: [
    "acrobatics",
    "archery",
    "athletics",
    "brawl",
    "block",
    "dodge",
    "escapeArtist",
    "melee",
    "survival",
    "swimming",
    "throw",
  ],
  social: [
    "animalKen",
    "bearing",
    "etiquette",
    "intimidation",
    "interrogation",
    "languages",
    "leadership",
    "performance",
    "riding",
    "subterfuge",
  ],
  mental: [
    "academics",
    "appraisal",
    "crafts",
    "drive",
    "firearms",
    "medicine",
    "occult",
    "repair",
    "research",
    "science",
    "stealth",
  ],
  spiritual: [
    "awareness",
    "cognition",
    "empathy",
    "focus",
    "intuition",
    "martialArts",
    "meditation",
    "spiritKen",
  ],
} as const;

/** A name as the contract keys it: "Martial Arts" -> "martialArts", "Spirit Ken" -> "spiritKen". */
export const camelKey = (name: string) =>
  name
    .split(/[\s-]+/)
    .map((w, i) => (i ? w[0]!.toUpperCase() + w.slice(1).toLowerCase() : w.toLowerCase()))
    .join("");

/** Every UUID these packs define: entries, and journal pages. */
export function talesUuids(): Set<string> {
  const uuids = new Set<string>();
  for (const [pack, documentName] of Object.entries(TALES_RULES_PACKS)) {
    for (const { data } of packSources(pack)) {
      const entry = `Compendium.polyverse.${pack}.${documentName}.${data._id}`;
      uuids.add(entry);
      for (const page of data.pages ?? []) uuids.add(`${entry}.JournalEntryPage.${page._id}`);
    }
  }
  return uuids;
}

/** The UUID of an entry of one of these packs, by its name. */
export const itemUuid = (pack: TalesRulesPack, name: string) =>
  `Compendium.polyverse.${pack}.Item.${packId(pack, name)}`;

/** The text of an HTML string, its tags dropped and each `@UUID[...]{label}` read as its label. */
export const plainText = (html: string) => stripTags(html).replace(/@UUID\[[^\]]+\]\{([^}]*)\}/g, "$1");

/** Every UUID a description links to. */
export const linkedUuids = (html: string) => new Set(uuidLinks(html).map((m) => m[1]!));

/**
 * The checks every Tales item pack here shares: the build's own checks with the real manifest and
 * data models, ids `packId(pack, name)`, keys, the credit (and `extraFlags(entry)` beside it), one
 * file per entry named after it in the disk folder `dir(entry)` gives, its Folder, names unique.
 */
export function talesItemPackChecks(
  pack: TalesRulesPack,
  type: string,
  img: string,
  dir: (data: any) => string,
  extraFlags: (data: any) => Record<string, unknown> = () => ({}),
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

  it("has ids packId(pack, name), _keys, the credit, and one file per entry at [<folder>/]<slug>.yml", () => {
    for (const { file, data } of sources) {
      expect(data._id, file).toBe(packId(pack, data.name));
      expect(data._key, file).toBe(`!items!${data._id}`);
      expect(basename(file), file).toBe(`${slug(data.name)}.yml`);
      expect(file, file).toBe(join("packs", pack, dir(data), basename(file)));
      expect(data.type, file).toBe(type);
      expect(data.img, file).toBe(img);
      expect(data.effects, file).toEqual([]);
      expect(data.ownership, file).toEqual({ default: 0 });
      expect(data.flags, file).toEqual({ polyverse: { credit: CREDIT, ...extraFlags(data) } });
    }
    const names = sources.map((s) => s.data.name);
    expect(new Set(names).size).toBe(names.length);
  });
}

/**
 * A pack's Folders under `parent` (null: the top ones) as `[key, name]` in their order (by `sort`),
 * each checked to have the id packId(pack, "folder:<key>"), the parent, the sorting, no colour.
 */
export function folderList(
  pack: TalesRulesPack,
  keys: readonly string[],
  parent: string | null,
  sorting: "a" | "m",
): [string, string][] {
  return packFolders(pack)
    .map((f: PackSource) => f.data)
    .filter((f) => f.folder === parent)
    .sort((a, b) => a.sort - b.sort)
    .map((f) => {
      const key = keys.find((k) => packId(pack, `folder:${k}`) === f._id);
      expect(key, `${pack}: the Folder ${f.name} has the id of no key`).toBeDefined();
      expect(f).toEqual({
        _id: f._id,
        _key: `!folders!${f._id}`,
        name: f.name,
        type: "Item",
        description: "",
        folder: parent,
        sorting,
        color: null,
        sort: f.sort,
        flags: {},
      });
      return [key!, f.name];
    });
}
