// The Maelstrom rules reference journal (our own summary of the rules text, with a page naming the
// Polyverse defaults that fill its empty sections), and what all the Maelstrom packs share: their
// declaration in system.json, the credit, unique ids, and links that resolve.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packId } from "../../scripts/lib/ids.mjs";
import { checkPackEntries } from "../../scripts/lib/pack-check.mjs";
import { ROOT } from "../lib/paths";
import {
  CREDIT,
  MAELSTROM_PACKS,
  maelstromUuids,
  manifest,
  manifestPack,
  packSources,
  stripTags,
  uuidLinks,
} from "./maelstrom-content";

const PACK = "maelstrom-rules";
const journals = packSources(PACK);

/** The pages in order: the key their id comes from, and the name. */
const PAGES: [key: string, name: string][] = [
  ["actions", "Actions and Dice Pools"],
  ["difficulty", "Difficulty"],
  ["threshold", "Thresholds and Required Specialties"],
  ["specialties", "Specialties and Exploding Tens"],
  ["experience-dice", "Experience Dice"],
  ["resolving", "Resolving a Roll"],
  ["willpower", "Willpower"],
  ["health", "Health"],
  ["creation", "Character Creation"],
  ["merits-flaws", "Merits and Flaws"],
  ["experience", "Experience"],
  ["defaults", "Polyverse Defaults"],
];

describe("Maelstrom rules reference journal", () => {
  const entry = journals[0]!.data;
  const page = (name: string) => stripTags(entry.pages.find((p: any) => p.name === name).text.content);

  it("is one journal entry that passes the build's checks, with the credit and the ruleset", () => {
    expect(journals).toHaveLength(1);
    expect(journals[0]!.file).toBe(join("packs", PACK, "maelstrom-rules-reference.yml"));
    expect(checkPackEntries(manifest, manifestPack(PACK), journals)).toEqual([]);
    expect(entry.name).toBe("Maelstrom Rules Reference");
    expect(entry._id).toBe(packId(PACK, "reference"));
    expect(entry._key).toBe(`!journal!${entry._id}`);
    expect(entry.flags).toEqual({ polyverse: { ruleset: "maelstrom", credit: CREDIT } });
    expect(entry.ownership).toEqual({ default: 0 });
  });

  it("has its pages in order, with ids packId(pack, 'reference:<key>'), text in HTML", () => {
    expect(entry.pages.map((p: any) => p.name)).toEqual(PAGES.map((p) => p[1]));
    entry.pages.forEach((p: any, i: number) => {
      expect(p._id).toBe(packId(PACK, `reference:${PAGES[i]![0]}`));
      expect(p._key).toBe(`!journal.pages!${entry._id}.${p._id}`);
      expect(p).toMatchObject({ type: "text", sort: (i + 1) * 100000, title: { show: true, level: 1 } });
      expect(p.text.format).toBe(1);
      expect(p.text.content).toMatch(/^<(p|h2|ul|ol|table)>/);
      expect(p.flags).toEqual({ polyverse: { ruleset: "maelstrom" } });
    });
  });

  it("states the text's numbers: difficulty, creation, Willpower, costs, awards", () => {
    expect(page("Difficulty")).toMatch(/from 2 to 10.*default is 6.*between 4 and 8/);
    const creation = page("Character Creation");
    for (const s of [
      "add 6 dots",
      "then 4",
      "3 dots to two abilities",
      "2 dots to four",
      "1 dot to six",
      "twelve different abilities",
      "Willpower: 3 dots",
      "30 points",
    ])
      expect(creation, s).toContain(s);
    const willpower = page("Willpower");
    for (const s of [
      "from 1 to 10",
      "every 12 hours",
      "difficulty 8",
      "once per turn",
      "one more dot per success",
      "one current dot for every botch",
    ])
      expect(willpower.toLowerCase(), s).toContain(s.toLowerCase());
    const xp = page("Experience");
    for (const s of [
      "General specialty 2",
      "Advanced specialty 3",
      "Willpower new rank × 1",
      "Ability new rank × 2",
      "Attribute 15",
    ])
      expect(xp, s).toContain(s);
    for (const award of [
      "Participation",
      "Creativity",
      "Roleplaying",
      "Heroism",
      "Victory",
      "Hazard",
      "Ingenuity",
    ])
      expect(xp, award).toContain(award);
    expect(xp).toContain("2 + 4 + 6 = 12");
    expect(page("Specialties and Exploding Tens")).toMatch(/every 10 adds two bonus dice/);
    expect(page("Experience Dice")).toMatch(/Once per roll.*did not botch/);
  });

  it("gives the wound track: Hurt and Injured from the text, the rest marked as Polyverse's", () => {
    const health = page("Health");
    expect(health).toContain("3 Hurt 1 the rules");
    expect(health).toContain("4 Injured 2 the rules");
    expect(health).toContain("8 Incapacitated 0 the rules");
    for (const row of ["2 0 Polyverse", "5 3 Polyverse", "6 4 Polyverse", "7 5 Polyverse"])
      expect(health, row).toContain(row);
    for (const type of ["Bashing", "Lethal", "Aggravated"]) expect(health).toContain(type);
    expect(health).toContain("always at difficulty 6");
  });

  it("Polyverse Defaults names each world setting's default and the fixed readings", () => {
    const defaults = page("Polyverse Defaults");
    for (const s of [
      "Wound penalties 0, 0, 1, 2, 3, 4, 5, 0",
      "Turn order 1d10 + Reflexes + Wits",
      "Attack difficulty 6",
      "Willpower difficulty 6",
      "Weapon damage dice pool",
      "Extra successes add damage on",
      "Knowledge at zero dots +2 difficulty",
      "Ranged weapons deal lethal damage",
      "never goes below 2",
    ])
      expect(defaults, s).toContain(s);
  });

  it("the Merits and Flaws page links every merit and flaw", () => {
    const content = entry.pages.find((p: any) => p.name === "Merits and Flaws").text.content;
    const linked = new Set(uuidLinks(content).map((m) => m[1]));
    for (const pack of ["maelstrom-merits", "maelstrom-flaws"])
      for (const { data } of packSources(pack))
        expect(linked.has(`Compendium.polyverse.${pack}.Item.${data._id}`), data.name).toBe(true);
  });
});

describe("all Maelstrom packs", () => {
  const all = Object.keys(MAELSTROM_PACKS).flatMap((pack) => packSources(pack).map((s) => ({ pack, ...s })));

  it("are declared in system.json for the maelstrom ruleset, in the Maelstrom pack folder, and nothing else is", () => {
    const declared = manifest.packs.filter((p: any) => p.flags?.polyverse?.ruleset === "maelstrom");
    expect(declared.map((p: any) => p.name)).toEqual(Object.keys(MAELSTROM_PACKS));
    for (const p of declared) {
      expect(p).toMatchObject({
        path: `packs/${p.name}`,
        type: MAELSTROM_PACKS[p.name as keyof typeof MAELSTROM_PACKS],
        ownership: { PLAYER: "OBSERVER", ASSISTANT: "OWNER" },
      });
      expect(p.label).toMatch(/^Maelstrom /);
    }
    const folder = manifest.packFolders.find((f: any) => f.name === "Maelstrom");
    expect(folder.packs).toEqual(Object.keys(MAELSTROM_PACKS));
    const onDisk = readdirSync(join(ROOT, "packs")).filter((d) => d.startsWith("maelstrom-"));
    expect(onDisk.sort()).toEqual(Object.keys(MAELSTROM_PACKS).sort());
  });

  it("hold 254 entries, every one with the credit and an id unique across them", () => {
    expect(all).toHaveLength(24 + 185 + 11 + 17 + 16 + 1);
    for (const { file, data } of all) expect(data.flags.polyverse.credit, file).toBe(CREDIT);
    const ids = all.map((s) => s.data._id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("link only to entries and pages that exist in them", () => {
    const uuids = maelstromUuids();
    let count = 0;
    for (const { file, data } of all) {
      const texts = [data.system?.description ?? "", ...(data.pages ?? []).map((p: any) => p.text.content)];
      for (const text of texts)
        for (const [, uuid] of uuidLinks(text)) {
          count++;
          expect(uuids.has(uuid!), `${file}: ${uuid}`).toBe(true);
        }
    }
    expect(count).toBeGreaterThan(185);
  });

  it("are compiled by the build (tests/packs/packs.test.ts checks each against its sources)", () => {
    for (const pack of Object.keys(MAELSTROM_PACKS))
      expect(existsSync(join(ROOT, "dist", "packs", pack)), `dist/packs/${pack}: run npm run build`).toBe(
        true,
      );
  });
});
