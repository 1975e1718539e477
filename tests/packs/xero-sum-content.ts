// Shared by the Xero Sum pack tests: the packs with their document types, the real manifest's
// entries for them, and the checks every item entry passes: the build's own (checkPackEntries with
// the data models), deterministic ids and keys, the credit, the file layout, its Folders. The
// numbers each test checks are quoted in it (Xero Sum Engine SRD 0.06).
import { basename, join } from "node:path";
import { expect, it } from "vitest";
import { packId } from "../../scripts/lib/ids.mjs";
import { checkPackEntries } from "../../scripts/lib/pack-check.mjs";
import { manifest, manifestPack, uuidLinks } from "./maelstrom-content";
import {
  allPackSources,
  expectFoldersMatchDisk,
  packSources,
  slug,
  stripTags,
  versesModels,
} from "./verses-content";

export { manifest, manifestPack, uuidLinks } from "./maelstrom-content";
export { byName, packFolders, packSources, slug, stripTags, type PackSource } from "./verses-content";

export const CREDIT = "Xero Sum Engine SRD 0.06";

/** The Xero Sum packs with their document types, in the order system.json lists them. */
export const XERO_SUM_PACKS = {
  "xero-sum-weapons": "Item",
  "xero-sum-equipment": "Item",
  "xero-sum-professions": "Item",
  "xero-sum-tables": "RollTable",
  "xero-sum-rules": "JournalEntry",
} as const;
export type XeroSumPack = keyof typeof XERO_SUM_PACKS;

/**
 * A name as the rules layer keys it: "Shotgun (Pump-Action)" -> "shotgunPumpAction", "Sniper's
 * Rifle" -> "snipersRifle", "Psychology*" -> "psychology".
 */
export const camelKey = (name: string) =>
  name
    .replace(/['’*]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i ? w[0]!.toUpperCase() + w.slice(1).toLowerCase() : w.toLowerCase()))
    .join("");

/** Every UUID the Xero Sum packs define: entries, and journal pages. */
export function xeroSumUuids(): Set<string> {
  const uuids = new Set<string>();
  for (const [pack, documentName] of Object.entries(XERO_SUM_PACKS)) {
    for (const { data } of packSources(pack)) {
      const entry = `Compendium.polyverse.${pack}.${documentName}.${data._id}`;
      uuids.add(entry);
      for (const page of data.pages ?? []) uuids.add(`${entry}.JournalEntryPage.${page._id}`);
    }
  }
  return uuids;
}

/**
 * The text of an HTML string, its tags dropped (no space left before punctuation) and each
 * `@UUID[...]{label}` read as its label.
 */
export const plainText = (html: string) =>
  stripTags(html)
    .replace(/ ([:;,.])/g, "$1")
    .replace(/@UUID\[[^\]]+\]\{([^}]*)\}/g, "$1");

/** A quoted table: one row a line, cells split on "|" and trimmed. */
export const rows = (table: string) =>
  table
    .trim()
    .split("\n")
    .map((line) => line.split("|").map((c) => c.trim()));

/**
 * The checks every Xero Sum item pack shares: the build's own checks with the real manifest and
 * data models, ids `packId(pack, name)`, keys, the credit, one file per entry at
 * `packs/<pack>/[<group>/]<slug>.yml`, names unique, descriptions in HTML, links that resolve.
 */
export function xeroSumItemPackChecks(
  pack: XeroSumPack,
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
      expect(data.type, file).toBe(type);
      expect(imgs, file).toContain(data.img);
      expect(data.effects, file).toEqual([]);
      expect(data.ownership, file).toEqual({ default: 0 });
      expect(data.flags, file).toEqual({ polyverse: { credit: CREDIT } });
      expect(data.system.description, file).toMatch(/^<p>/);
    }
    const names = sources.map((s) => s.data.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("links only to entries and pages of the Xero Sum packs", () => {
    const known = xeroSumUuids();
    for (const { file, data } of sources)
      for (const [, uuid] of uuidLinks(data.system.description))
        expect(known, `${file} ${uuid}`).toContain(uuid);
  });
}
