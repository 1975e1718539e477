// The Tales rules reference journal (our own summary of the rules text, with the text's tables and
// a page naming the world settings), and what the Tales rules-content packs share: their declaration
// in system.json, the credit, unique ids, and links that resolve.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packId } from "../../scripts/lib/ids.mjs";
import { checkPackEntries } from "../../scripts/lib/pack-check.mjs";
import { ROOT, readJSON } from "../lib/paths";
import {
  CREDIT,
  TALES_RULES_PACKS,
  manifest,
  manifestPack,
  packSources,
  plainText,
  talesUuids,
  uuidLinks,
} from "./tales-content";

const PACK = "tales-rules";
const journals = packSources(PACK);

/** The pages in order: the key their id comes from, and the name. */
const PAGES: [key: string, name: string][] = [
  ["tests", "Tests"],
  ["difficulty", "Difficulty"],
  ["sixes-ones", "Sixes and Ones"],
  ["degrees", "Degrees of Success"],
  ["dice", "Multiple Dice and Re-rolls"],
  ["cooperation", "Co-operation"],
  ["modifiers", "Skill Modifiers"],
  ["chargen", "Character Generation"],
  ["experience", "Experience"],
  ["combat", "Combat Rounds"],
  ["attacks", "Attacks and Defences"],
  ["ranged", "Ranged Attacks and Cover"],
  ["damage", "Damage"],
  ["health", "Health and Healing"],
  ["connections", "Connections"],
  ["settings", "Polyverse Settings"],
];

/** The text's tables, row by row as the pages' tables read once their tags are dropped. */
const LADDER = [
  "3 or 4 Routine",
  "5 or 6 Simple",
  "7 or 8 Average",
  "9 to 11 Difficult",
  "12 to 14 Very Hard",
  "15 to 17 Nearly Impossible",
  "18+ Just Plain Stupid",
];
// Damage table: sum row, then Soft Flesh, Legs, Arms, Abdomen, Torso, Head.
const DAMAGE = [
  "Below 0 None None S S L L",
  "0–2 None S S L L M",
  "3–5 S S L L M C",
  "6–8 S L L M C K/O",
  "9–11 L L M C K/O D",
  "12–14 L M C K/O D D",
  "15–17 M C K/O D D D",
  "18+ C K/O D D D D",
];
// Accumulation: the current level, then + Stun, Light, Medium, Critical, K/O.
const HIGH = [
  "Stunned no change Medium Critical K/O K/O",
  "Light Medium Critical K/O K/O K/O",
  "Medium Critical K/O K/O K/O K/O",
  "Critical K/O K/O K/O K/O K/O",
  "K/O Dead Dead Dead Dead Dead",
];
const LOW = [
  "Stunned no change Medium Critical K/O Dead",
  "Light Medium Critical K/O Dead Dead",
  "Medium Critical K/O Dead Dead Dead",
  "Critical K/O Dead Dead Dead Dead",
  "K/O Dead Dead Dead Dead Dead",
];

describe("Tales rules reference journal", () => {
  const entry = journals[0]!.data;
  const page = (name: string) => plainText(entry.pages.find((p: any) => p.name === name).text.content);

  it("is one journal entry that passes the build's checks, with the credit and the ruleset", () => {
    expect(journals).toHaveLength(1);
    expect(journals[0]!.file).toBe(join("packs", PACK, "tales-rules-reference.yml"));
    expect(checkPackEntries(manifest, manifestPack(PACK), journals)).toEqual([]);
    expect(entry.name).toBe("Tales Rules Reference");
    expect(entry._id).toBe(packId(PACK, "reference"));
    expect(entry._key).toBe(`!journal!${entry._id}`);
    expect(entry.flags).toEqual({ polyverse: { ruleset: "tales", credit: CREDIT } });
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
      expect(p.flags).toEqual({ polyverse: { ruleset: "tales" } });
    });
  });

  it("gives the difficulty ladder, the damage table and both accumulation tables as HTML tables with the text's numbers", () => {
    const content = (name: string) => entry.pages.find((p: any) => p.name === name).text.content as string;
    for (const name of [
      "Difficulty",
      "Damage",
      "Health and Healing",
      "Ranged Attacks and Cover",
      "Connections",
    ])
      expect(content(name), name).toContain("<table>");
    for (const row of LADDER) expect(page("Difficulty"), row).toContain(row);
    expect(page("Damage")).toContain("Sum 1 Soft Flesh 2 Legs 3 Arms 4 Abdomen 5 Torso 6 Head");
    for (const row of DAMAGE) expect(page("Damage"), row).toContain(row);
    const health = page("Health and Healing");
    expect(health).toContain(`High fantasy: now + Stun + Light + Medium + Critical + K/O ${HIGH.join(" ")}`);
    expect(health).toContain(`Low fantasy: now + Stun + Light + Medium + Critical + K/O ${LOW.join(" ")}`);
  });

  it("states the text's numbers: tests, degrees, modifiers, character generation, experience", () => {
    const sixes = page("Sixes and Ones");
    for (const s of [
      "Always a failure.",
      "1 Essence point buys a marginal success",
      "Against a difficulty die of 1: a success, free",
    ])
      expect(sixes, s).toContain(s);
    const degrees = page("Degrees of Success");
    for (const s of [
      "Marginal success succeeded by 0 to 2",
      "Significant success succeeded by 3 or more, or the die shows 6",
      "Spectacular success succeeded by 6 or more, and the die shows 6",
      "Dramatic failure missed by 3 or more, or the die shows 1",
      "Devastating failure missed by 6 or more, and the die shows 1",
    ])
      expect(degrees, s).toContain(s);
    const modifiers = page("Skill Modifiers");
    for (const s of [
      "Taking twice the usual time +1",
      "Taking five times the usual time +2",
      "Taking ten times the usual time +3",
      "Done successfully not long ago −1 difficulty",
    ])
      expect(modifiers, s).toContain(s);
    const chargen = page("Character Generation");
    for (const s of [
      "1. Attributes 10 points each attribute from 1 to 5",
      "2. Skills 20 points at most 3 levels",
      "3. Traits 30 trait points",
      "+1 to an attribute 3",
      "+1 to a skill, or a new skill at 1 1",
      "+1 to a connection 2",
      "at most 10 points bought",
      "Hit Points Physical + Mental",
      "Essence Points Social + Spiritual",
      "Initiative Mental + Awareness",
      "Movement Physical + Athletics",
    ])
      expect(chargen, s).toContain(s);
    const xp = page("Experience");
    for (const s of [
      "Attribute new level + 5",
      "New skill or connection 2",
      "Raising a skill or connection new level + 1",
      "Advantage 2 × its level",
      "Taking part in the session 1",
      "5 to 10 points",
      "raising an attribute from 3 to 4 costs 9 points",
    ])
      expect(xp, s).toContain(s);
  });

  it("states the text's numbers: combat, ranged bands and cover, healing, connections", () => {
    const combat = page("Combat Rounds");
    for (const s of [
      "3 action dice",
      "every other combatant 2",
      "Mental + Awareness + d6",
      "Physical + Athletics metres",
    ])
      expect(combat, s).toContain(s);
    const attacks = page("Attacks and Defences");
    for (const s of [
      "Unarmed Physical + Brawl + d6 Physical + d6",
      "Costs 2 action dice",
      "at half the attack's strength",
      "win by at least 1",
    ])
      expect(attacks, s).toContain(s);
    const ranged = page("Ranged Attacks and Cover");
    for (const s of [
      "Close up to X 3 + d6",
      "Medium up to 2 × X 6 + d6",
      "Long up to 4 × X 9 + d6",
      "Partial +2 5 8 (printed 11) 11 (printed 13)",
      "Full +4 7 10 13",
    ])
      expect(ranged, s).toContain(s);
    const health = page("Health and Healing");
    for (const s of [
      "Stabilisation difficulty 5 7 9 11",
      "Light day 5 healthy",
      "Medium week 9 Light",
      "Critical or K/O month 13",
      "Healing difficulty −2 −1 ±0 +1 +2",
      "Healthy 1 per hour Light wound 1 per day Medium wound 1 per week",
      "at least 7 days, less 1 per level of Spiritual",
      "difficulty 5 (Light), 9 (Medium) or 13",
    ])
      expect(health, s).toContain(s);
    const connections = page("Connections");
    for (const s of [
      "Dangerous job 5",
      "The last job got someone killed +3",
      "Top secret information 5",
      "Hostile 5",
      "The world +6",
      "Illegal item 5",
      "Needed at once +2",
    ])
      expect(connections, s).toContain(s);
  });

  it("the Polyverse Settings page names every Tales world setting", () => {
    const lang = readJSON(join(ROOT, "lang", "en", "tales.json"));
    const settings = lang.POLYVERSE.Tales.Settings;
    expect(Object.keys(settings)).toHaveLength(13);
    const text = page("Polyverse Settings");
    for (const [key, value] of Object.entries<any>(settings)) expect(text, key).toContain(value.Name);
  });
});

describe("the Tales rules-content packs", () => {
  const all = Object.keys(TALES_RULES_PACKS).flatMap((pack) =>
    packSources(pack).map((s) => ({ pack, ...s })),
  );

  it("are declared in system.json for the tales ruleset, in the Tales pack folder, which holds only Tales packs", () => {
    for (const [name, type] of Object.entries(TALES_RULES_PACKS)) {
      const p = manifestPack(name);
      expect(p, name).toMatchObject({
        path: `packs/${name}`,
        type,
        ownership: { PLAYER: "OBSERVER", ASSISTANT: "OWNER" },
        flags: { polyverse: { ruleset: "tales" } },
      });
      expect(p.label).toMatch(/^Tales /);
    }
    const folder = manifest.packFolders.find((f: any) => f.name === "Tales");
    for (const name of Object.keys(TALES_RULES_PACKS)) expect(folder.packs, name).toContain(name);
    for (const name of folder.packs) expect(manifestPack(name).flags.polyverse.ruleset, name).toBe("tales");
  });

  it("hold 139 entries, every one with the credit and an id unique across them", () => {
    expect(all).toHaveLength(40 + 31 + 31 + 36 + 1);
    for (const { file, data } of all) expect(data.flags.polyverse.credit, file).toBe(CREDIT);
    const ids = all.map((s) => s.data._id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("link only to entries and pages that exist in them", () => {
    const uuids = talesUuids();
    let count = 0;
    for (const { file, data } of all) {
      const texts = [data.system?.description ?? "", ...(data.pages ?? []).map((p: any) => p.text.content)];
      for (const text of texts)
        for (const [, uuid] of uuidLinks(text)) {
          count++;
          expect(uuids.has(uuid!), `${file}: ${uuid}`).toBe(true);
        }
    }
    expect(count).toBeGreaterThan(300);
  });

  it("are compiled by the build (tests/packs/packs.test.ts checks each against its sources)", () => {
    for (const pack of Object.keys(TALES_RULES_PACKS))
      expect(existsSync(join(ROOT, "dist", "packs", pack)), `dist/packs/${pack}: run npm run build`).toBe(
        true,
      );
  });
});
