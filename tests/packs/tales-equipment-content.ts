// Shared by the Tales equipment pack tests (weapons, armour, gear, library, sanctuary): the checks
// every entry passes (the build's own with the real manifest and data models, deterministic ids and
// keys, the credit, the file layout, Folders that mirror the disk folders) through the generic
// helpers the 'Verses and Maelstrom pack tests use. The numbers each test checks are quoted in it.
import { basename, dirname, join } from "node:path";
import { expect, it } from "vitest";
import { packId } from "../../scripts/lib/ids.mjs";
import { checkPackEntries } from "../../scripts/lib/pack-check.mjs";
import { checkSystemData } from "../../scripts/lib/system-models.mjs";
import { manifest, manifestPack } from "./maelstrom-content";
import {
  allPackSources,
  expectFoldersMatchDisk,
  packFolders,
  packSources,
  slug,
  versesModels,
} from "./verses-content";

export { byName, packFolders, packSources, stripTags, type PackSource } from "./verses-content";
export { manifest, manifestPack } from "./maelstrom-content";

export const CREDIT = "Tales Core Rules 0.5 (c) 2007 Michael Wenman";

/** The equipment packs, their item type, and the icons their entries use. */
export const TALES_EQUIPMENT_PACKS = {
  "tales-weapons": { type: "tales-weapon", imgs: ["icons/svg/sword.svg", "icons/svg/combat.svg"] },
  "tales-armour": { type: "tales-armour", imgs: ["icons/svg/shield.svg"] },
  "tales-gear": {
    type: "tales-gear",
    imgs: ["icons/svg/item-bag.svg", "icons/svg/poison.svg", "icons/svg/pawprint.svg"],
  },
  "tales-library": { type: "tales-text", imgs: ["icons/svg/book.svg"] },
  "tales-sanctuary": { type: "tales-sanctuary", imgs: ["icons/svg/castle.svg"] },
} as const;
export type TalesEquipmentPack = keyof typeof TALES_EQUIPMENT_PACKS;

const folderNames = new Map<string, Map<string, string>>();
const entries = new Map<string, any[]>();

/** The name of the Folder an entry sits in ("" outside every folder); each pack is read once. */
export function folderName(pack: string, data: any): string {
  if (!folderNames.has(pack))
    folderNames.set(pack, new Map(packFolders(pack).map((f) => [f.data._id, f.data.name])));
  return folderNames.get(pack)!.get(data.folder) ?? "";
}

/** A pack's entries in a Folder, in their manual order (the table's). */
export function entriesIn(pack: string, folder: string): any[] {
  if (!entries.has(pack))
    entries.set(
      pack,
      packSources(pack).map((s) => s.data),
    );
  return entries
    .get(pack)!
    .filter((d) => folderName(pack, d) === folder)
    .sort((a, b) => a.sort - b.sort);
}

/**
 * The checks every Tales equipment pack shares: the build's checks with the real manifest and data
 * models, ids `packId(pack, name)` and `packId(pack, "folder:<disk folder>")`, keys, the credit, one
 * file per entry named after it, Folders of manual sorting mirroring the disk folders (one level),
 * entries with distinct sorts in each folder, names unique in the pack.
 */
export function talesEquipmentPackChecks(pack: TalesEquipmentPack) {
  const { type, imgs } = TALES_EQUIPMENT_PACKS[pack];
  const sources = packSources(pack);

  it("passes the build's pack checks (the data models included) as system.json declares it", async () => {
    expect(sources.length).toBeGreaterThan(0);
    const models = await versesModels();
    expect(checkPackEntries(manifest, manifestPack(pack), allPackSources(pack), { models })).toEqual([]);
    for (const { file, data } of sources)
      expect(checkSystemData(models, type, data.system), file).toEqual([]);
  });

  it("is declared in system.json as a Tales Item pack, in the Tales pack folder", () => {
    expect(manifestPack(pack)).toEqual({
      name: pack,
      label: expect.stringMatching(/^Tales /),
      path: `packs/${pack}`,
      type: "Item",
      system: "polyverse",
      ownership: { PLAYER: "OBSERVER", ASSISTANT: "OWNER" },
      flags: { polyverse: { ruleset: "tales" } },
    });
    const folder = manifest.packFolders.find((f: any) => f.name === "Tales");
    expect(folder.packs).toContain(pack);
  });

  it("sits in the Folder of its disk folder; Folders are one level, manual, with deterministic ids", () => {
    expectFoldersMatchDisk(pack);
    for (const { file, data } of packFolders(pack)) {
      expect(basename(file)).toBe("_Folder.yml");
      expect(data._id, file).toBe(packId(pack, `folder:${basename(dirname(file))}`));
      expect(data, file).toMatchObject({ type: "Item", folder: null, sorting: "m", color: null, flags: {} });
      expect(dirname(dirname(file)), file).toBe(join("packs", pack));
    }
  });

  it("has ids packId(pack, name), _keys, the credit, and one file per entry at [<folder>/]<slug>.yml", () => {
    for (const { file, data } of sources) {
      expect(data._id, file).toBe(packId(pack, data.name));
      expect(data._key, file).toBe(`!items!${data._id}`);
      expect(basename(file), file).toBe(`${slug(data.name)}.yml`);
      expect(data.type, file).toBe(type);
      expect(imgs as readonly string[], file).toContain(data.img);
      expect(data.effects, file).toEqual([]);
      expect(data.ownership, file).toEqual({ default: 0 });
      expect(data.flags, file).toEqual({ polyverse: { credit: CREDIT } });
      expect(data.system.description, file).toMatch(/^<p>/);
    }
    const names = sources.map((s) => s.data.name);
    expect(new Set(names).size).toBe(names.length);
    const places = sources.map((s) => `${s.data.folder}:${s.data.sort}`);
    expect(new Set(places).size).toBe(places.length);
  });
}
