// Shared by the 'Verses content pack tests (armour, items, species, creatures, vehicles): reading a
// pack's YAML sources (with the build's own reader), the manifest with the packs' document types
// declared, and the checks every entry must pass: the build's own (checkPackEntries with the data
// models, which validates `system` against each sub-type's model) and the content's conventions.
import { basename, dirname, join } from "node:path";
import { expect, it } from "vitest";
import { packId } from "../../scripts/lib/ids.mjs";
import { checkPackEntries, isFolder } from "../../scripts/lib/pack-check.mjs";
import { checkSystemData, loadSystemModels } from "../../scripts/lib/system-models.mjs";
import { readPackSources } from "../../scripts/lib/yaml-source.mjs";
import { ROOT, readJSON } from "../lib/paths";

export const CREDIT = "'Verses Core (c) 2025 by K. N. Brindle, CC BY 4.0";
export const SOURCE = "'Verses Core 0.8.5";
const ICONS = ["sword", "shield", "item-bag", "book", "chest", "mystery-man", "upgrade", "aura", "combat"];

export interface PackSource {
  /** Path relative to the project root. */
  file: string;
  data: any;
}

/**
 * Every YAML source of a pack, parsed as the build parses it, its Folders included (what the
 * build's checks are given); throws naming a file it cannot read.
 */
export function allPackSources(pack: string): PackSource[] {
  const { entries, problems } = readPackSources(ROOT, pack);
  if (problems.length) throw new Error(problems.join("\n"));
  return entries.map(({ file, data }) => ({ file, data }));
}

/** The entries of a pack: its YAML sources but its Folders (`_Folder.yml`). */
export function packSources(pack: string): PackSource[] {
  return allPackSources(pack).filter((s) => !isFolder(s.data));
}

/** The Folder documents of a pack, each from the `_Folder.yml` of its disk folder. */
export function packFolders(pack: string): PackSource[] {
  return allPackSources(pack).filter((s) => isFolder(s.data));
}

/**
 * A pack's disk folders mirror its Folders: every entry names in `folder` the Folder whose
 * `_Folder.yml` sits in the entry's disk folder or the nearest one above it (null when none does),
 * and every Folder names its parent the same way.
 */
export function expectFoldersMatchDisk(pack: string) {
  const folders = packFolders(pack);
  const folderOfDir = new Map(folders.map((f) => [dirname(f.file), f.data._id]));
  const top = join("packs", pack);
  const nearest = (dir: string): string | null => {
    for (let d = dir; d.startsWith(top) && d !== top; d = dirname(d)) {
      const id = folderOfDir.get(d);
      if (id) return id;
    }
    return null;
  };
  for (const { file, data } of packSources(pack)) expect(data.folder, file).toBe(nearest(dirname(file)));
  for (const { file, data } of folders) expect(data.folder, file).toBe(nearest(dirname(dirname(file))));
}

/** A pack's documents by name. */
export function byName(sources: readonly PackSource[]): Record<string, any> {
  return Object.fromEntries(sources.map((s) => [s.data.name, s.data]));
}

/** system.json with the content packs' document types declared, as the lead adds them. */
export function manifestWithVersesTypes(): any {
  const manifest = structuredClone(readJSON(join(ROOT, "system.json")));
  const item = { htmlFields: ["description"] };
  manifest.documentTypes.Item = {
    ...manifest.documentTypes.Item,
    "verses-skill": item,
    "verses-ability": item,
    "verses-weapon": item,
    "verses-armour": item,
    "verses-ammunition": item,
    "verses-gear": item,
    "verses-species": item,
  };
  manifest.documentTypes.Actor = {
    ...manifest.documentTypes.Actor,
    "verses-character": { htmlFields: ["details.biography"] },
    "verses-creature": { htmlFields: ["details.biography"] },
    "verses-vehicle": { htmlFields: ["description"] },
  };
  return manifest;
}

/** The manifest pack entry of one of these packs. */
export function packEntry(name: string, type: "Item" | "Actor") {
  return {
    name,
    label: name,
    path: `packs/${name}`,
    type,
    system: "polyverse",
    ownership: { PLAYER: "OBSERVER", ASSISTANT: "OWNER" },
    flags: { polyverse: { ruleset: "verses" } },
  };
}

/** The file name a document's name gives (`Pouch, Large` -> `pouch-large.yml`). */
export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The text of an HTML string without its tags. */
export function stripTags(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Fields every document of these packs carries, embedded items included. */
function expectDocumentBasics(doc: any, types: readonly string[]) {
  expect(types).toContain(doc.type);
  expect(ICONS.map((i) => `icons/svg/${i}.svg`)).toContain(doc.img);
  expect(doc.effects).toEqual([]);
  expect(doc.sort).toBe(0);
  expect(doc.ownership).toEqual({ default: 0 });
  expect(doc.flags).toEqual({ polyverse: { credit: CREDIT, source: SOURCE } });
  expect(doc.system).toBeTypeOf("object");
}

/**
 * The checks every pack shares: the pack checks the build runs, deterministic ids and keys, the
 * credit, the file layout `packs/<pack>/<group>/<slug>.yml`, and the data models' validation.
 */
export function sharedPackChecks(
  pack: string,
  documentName: "Item" | "Actor",
  types: readonly string[],
  embeddedTypes: readonly string[] = [],
) {
  const sources = packSources(pack);
  const collection = documentName === "Item" ? "items" : "actors";

  it("passes the build's pack checks (checkPackEntries, data models included) with its document types declared", async () => {
    expect(sources.length).toBeGreaterThan(0);
    const models = await versesModels();
    expect(
      checkPackEntries(manifestWithVersesTypes(), packEntry(pack, documentName), allPackSources(pack), {
        models,
      }),
    ).toEqual([]);
  });

  it("sits in the Folder of its disk folder, if it has one (and no entry's embedded item sits in any)", () => {
    expectFoldersMatchDisk(pack);
    for (const { file, data } of sources)
      for (const child of data.items ?? []) expect(child.folder, `${file} ${child.name}`).toBeNull();
  });

  it("has deterministic ids (packId), _keys, the credit, and one file per document at <group>/<slug>.yml", () => {
    for (const { file, data } of sources) {
      expect(data._id, file).toBe(packId(pack, data.name));
      expect(data._key, file).toBe(`!${collection}!${data._id}`);
      expect(basename(file), file).toBe(`${slug(data.name)}.yml`);
      expect(dirname(dirname(file)), file).toBe(join("packs", pack));
      expectDocumentBasics(data, types);
      if (documentName === "Actor") {
        expect(data.prototypeToken).toMatchObject({
          name: data.name,
          actorLink: false,
          bar1: { attribute: "hp" },
        });
        expect(Array.isArray(data.items)).toBe(true);
      }
    }
  });

  if (documentName === "Actor") {
    it("embeds items with ids packId(pack, '<actor>/<item>') and _keys !actors.items!<actor>.<item>", () => {
      for (const { data } of sources) {
        for (const child of data.items) {
          expect(child._id).toBe(packId(pack, `${data.name}/${child.name}`));
          expect(child._key).toBe(`!actors.items!${data._id}.${child._id}`);
          expectDocumentBasics(child, embeddedTypes);
        }
      }
    });
  }

  it("stores `system` exactly as the data models define it (every field, no others, valid values)", async () => {
    const models = await versesModels();
    for (const { file, data } of sources) {
      expect(checkSystemData(models, data.type, data.system), file).toEqual([]);
      for (const child of data.items ?? []) {
        expect(checkSystemData(models, child.type, child.system), `${file} ${child.name}`).toEqual([]);
      }
    }
  });
}

let models: ReturnType<typeof loadSystemModels> | undefined;

/** The data models by document type, loaded as the build loads them (scripts/lib/system-models.mjs). */
export function versesModels(): ReturnType<typeof loadSystemModels> {
  models ??= loadSystemModels(ROOT);
  return models;
}
