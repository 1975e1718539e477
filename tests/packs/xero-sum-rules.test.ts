// The Xero Sum rules reference journal (our own summary of the SRD 0.06's rules, with the numbers
// of its tables quoted below) and what the Xero Sum packs share: their declaration in system.json,
// the credit, and links that resolve.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packId } from "../../scripts/lib/ids.mjs";
import { checkPackEntries } from "../../scripts/lib/pack-check.mjs";
import {
  CREDIT,
  XERO_SUM_PACKS,
  manifest,
  manifestPack,
  packSources,
  plainText,
  uuidLinks,
  xeroSumUuids,
} from "./xero-sum-content";

const PACK = "xero-sum-rules";
const journals = packSources(PACK);

/** The pages in order: the key their id comes from, and the name. */
const PAGES: [key: string, name: string][] = [
  ["checks", "Checks and Outcomes"],
  ["modifiers", "Modifiers"],
  ["insight", "Insight Dice"],
  ["other-checks", "Other Checks"],
  ["characters", "Characters"],
  ["combat", "Combat Rounds"],
  ["range", "Attacks and Range"],
  ["damage", "Damage"],
  ["health", "Incapacitation and Healing"],
  ["condition", "Item Condition"],
  ["characteristics", "Characteristics"],
  ["settings", "Polyverse Settings"],
];

/** The SRD's tables, row by row as the pages' tables read once their tags are dropped. */
const TABLE_1 = ["3 or less Dire Failure", "4–8 Failure", "9–13 Success", "14 or more Wild Success"];
const TABLE_2 = [
  "−2 Lame",
  "−1 Weak",
  "0 Average",
  "+1 Good",
  "+2 Strong",
  "+3 Exceptional",
  "+4 Human Peak",
  "+5 Animalistic",
];
const TABLE_3 = [
  "−3 Inept",
  "0 Untrained",
  "+1 Beginner",
  "+2 Journeyman",
  "+3 Professional",
  "+4 Life's Work",
];
const TABLE_4 = [
  "−5 Doomed To Failure",
  "−4 Improbable",
  "−3 Catastrophic",
  "−2 Terrible",
  "−1 Bad",
  "0 Average Chance",
  "+1 Good",
  "+2 Better",
  "+3 Best",
  "+4 Amazing",
  "+5 Divine Intervention",
];
// Table 5, with the prose's Defensive Modifiers (the table swaps their labels).
const TABLE_5 = [
  "Wound Points (WP) 10 + Physicality + Dexterity",
  "Resilience Points (RP) 6 + Physicality",
  "Melee Defensive Modifier Physicality",
  "Ranged Defensive Modifier Dexterity",
  "Initiative Modifier Acumen + Dexterity",
  "Encumbrance 6 + Physicality",
  "Perception Reason + Acumen",
  "Morality 3",
  "Panic Threshold half the Resilience Points, rounded down",
  "Breaking Point 5 stress boxes",
];
// Backstory Generation: step, attribute CDP, skill CDP, highest skill.
const STEPS = [
  "One: where they grew up 1 2 +2",
  "Two: what they learned 1 3 +2",
  "Three: what they liked to do 1 3 +2",
  "Four: how they made money 2 5 +3",
  "Five: what they learned after 0 2 +3",
];
// Table 9's 18 actions with the numbers each carries.
const TABLE_9: [string, string[]][] = [
  ["Aim", ["+2 CMod"]],
  ["Attack", ["+1 CMod"]],
  ["Charge", ["Both actions"]],
  ["Coordinate", ["Tactics*", "+2", "+1"]],
  ["Cover Fire", ["−2 CMod"]],
  ["Defend", ["+2"]],
  ["Dice Check", []],
  ["Distract", ["Intimidation, Psychology* or Tactics*"]],
  ["Fire From Cover", ["Both actions"]],
  ["Grappling", ["opposed Unarmed Combat"]],
  ["Inspire", ["Inspiration", "extra action"]],
  ["Move", []],
  ["Rapid Fire", ["−1 and −3", "−2 and −4"]],
  ["Ready Weapon", ["reload"]],
  ["Reposition", ["Resolution"]],
  ["Sprint", ["three times", "Athletics"]],
  ["Subdue", ["half the WP"]],
  ["Take Cover", ["+2"]],
];
const TABLE_10 = [
  "1 Engaged close enough to wrestle: +1 CMod to melee attacks, −1 to ranged ones",
  "2 Close near enough to taunt: melee only with a reach weapon, at −1; any ranged weapon +1",
  "3 Medium a grenade's throw: no modifiers",
  "4 Long −5 to a pistol shot, +1 to a rifle shot",
  "5 Distant out of earshot: only a sniper's rifle or a hunting rifle with a scope can strike",
];
const TABLE_14 = [
  "Pristine in perfect order",
  "Used in good order",
  "Worn still works",
  "Damaged −1 CMod when used",
  "Broken unusable until repaired, and then only to Damaged",
];
const TABLE_15 = [
  "Automatic Burst (X)",
  "Blast Radius full damage to everyone Engaged with the blast, 50% at Close, 25% one band farther",
  "Burning (X) besides the hit, X WP and X RP each round for 1d3 rounds",
  "Close-Up everyone Engaged with the target takes 50%",
  "Cumbersome (X) heavy: with Physicality below X, −X CMod",
  "Stunned no WP damage; on a Wild Success or Moment of High Insight the target is incapacitated for 1d6 − their Physicality rounds (at least 1)",
  "Tracking readying the weapon also follows the target: Ready Weapon gives +1 Aim",
  "Unwieldy (X) needs finesse: with Dexterity below X, −X",
];
/** The world settings (base/settings.ts) by label, with their defaults. */
const SETTINGS = [
  "How an attack hits check minus the target's Defensive Modifier",
  "Defensive Modifiers reduce damage off",
  "The d3 1 to 3",
  "Replacing both dice with Insight Dice one die per die replaced",
  "Moments of Insight with three dice the check's own two dice",
  "Hold conditional modifiers to ±5 off",
  "Cumbersome and Unwieldy −X",
  "Rapid Fire with both actions two shots at −2 and −4",
  "Barter's attribute Acumen (Table 16)",
  "Brass Knuckles fists' damage + 1",
  "Resilience Point recovery 1 per hour of rest",
  "When to check for Panic when RP first falls to the threshold",
  "Group Checks add every skill off",
  "Insight in opposed checks on",
  "A new item's condition Used",
];

describe("Xero Sum rules reference journal", () => {
  const entry = journals[0]!.data;
  const html = (name: string) => entry.pages.find((p: any) => p.name === name).text.content as string;
  const page = (name: string) => plainText(html(name));

  it("is one journal entry that passes the build's checks, with the credit and the ruleset", () => {
    expect(journals).toHaveLength(1);
    expect(journals[0]!.file).toBe(join("packs", PACK, "xero-sum-rules-reference.yml"));
    expect(checkPackEntries(manifest, manifestPack(PACK), journals)).toEqual([]);
    expect(entry.name).toBe("Xero Sum Rules Reference");
    expect(entry._id).toBe(packId(PACK, "reference"));
    expect(entry._key).toBe(`!journal!${entry._id}`);
    expect(entry.flags).toEqual({ polyverse: { ruleset: "xero-sum", credit: CREDIT } });
    expect(entry.ownership).toEqual({ default: 0 });
  });

  it("has its pages in order, with ids packId(pack, 'reference:<key>'), text in HTML", () => {
    expect(entry.pages.map((p: any) => p.name)).toEqual(PAGES.map((p) => p[1]));
    entry.pages.forEach((p: any, i: number) => {
      expect(p._id).toBe(packId(PACK, `reference:${PAGES[i]![0]}`));
      expect(p._key).toBe(`!journal.pages!${entry._id}.${p._id}`);
      expect(p).toMatchObject({ type: "text", sort: (i + 1) * 100000, title: { show: true, level: 1 } });
      expect(p.text.format).toBe(1);
      expect(p.text.content).toMatch(/^<(p|h2|ul|table)>/);
      expect(p.flags).toEqual({ polyverse: { ruleset: "xero-sum" } });
    });
  });

  it("gives Tables 1–5 and the Backstory budgets as HTML tables with the SRD's numbers", () => {
    for (const name of ["Checks and Outcomes", "Modifiers", "Other Checks", "Characters"])
      expect(html(name), name).toContain("<table>");
    for (const row of TABLE_1) expect(page("Checks and Outcomes"), row).toContain(row);
    expect(page("Checks and Outcomes")).toMatch(/Double ones .* Dire Failure whatever the modifiers/);
    expect(page("Checks and Outcomes")).toMatch(/Double sixes .* Wild Success whatever the modifiers/);
    for (const row of [...TABLE_2, ...TABLE_3, ...TABLE_4]) expect(page("Modifiers"), row).toContain(row);
    expect(page("Modifiers")).toContain("Demolitions*, Mechanic*, Psychology*, Tactics*");
    for (const row of [...TABLE_5, ...STEPS]) expect(page("Characters"), row).toContain(row);
    expect(page("Characters")).toContain(
      "20 Character Development Points (CDP): 5 for attributes and 15 for skills",
    );
  });

  it("gives Insight Dice and the other checks with their numbers", () => {
    const insight = page("Insight Dice");
    for (const s of [
      "starts with 2 Insight Dice",
      "the check becomes 3d6",
      "+3 CMod",
      "1 Wound Point and 1 Resilience Point each",
    ])
      expect(insight, s).toContain(s);
    const other = page("Other Checks");
    for (const row of [
      "Wild Success or Moment of High Insight +1",
      "Success 0",
      "Failure −1",
      "Dire Failure or Moment of Low Insight −5",
      "Wild Success or Moment of High Insight −3 CMod",
      "Success −1 CMod",
      "Failure +1 CMod",
      "Dire Failure or Moment of Low Insight no Rebuttal",
      "2d6 + Reason + Acumen",
      "Mechanic* or Tinkerer",
    ])
      expect(other, row).toContain(row);
  });

  it("gives Table 9's 18 combat actions, initiative and Getting the Drop", () => {
    const combat = page("Combat Rounds");
    expect(TABLE_9).toHaveLength(18);
    expect((html("Combat Rounds").match(/<tr>/g) ?? []).length).toBe(18 + 1);
    for (const [action, numbers] of TABLE_9) {
      const at = combat.indexOf(`${action} `);
      expect(at, action).toBeGreaterThan(-1);
      for (const n of numbers) expect(combat.slice(at, at + 260), `${action}: ${n}`).toContain(n);
    }
    for (const s of [
      "2d6 + Initiative Modifier",
      "a PC beats an NPC",
      "+1 on their next Initiative check",
      "−3 on their next Initiative check",
      "2 Combat Actions",
    ])
      expect(combat, s).toContain(s);
  });

  it("gives Table 10 and the rounds to move between bands", () => {
    const range = page("Attacks and Range");
    for (const row of TABLE_10) expect(range, row).toContain(row);
    expect(range).toContain("Engaged to Close 1 round, to Medium 3, to Long 6, to Distant 10");
    expect(range).toMatch(/hits on a Success \(9 or more\)/);
  });

  it("gives damage, the hazards, incapacitation and healing with their numbers", () => {
    const damage = page("Damage");
    for (const s of [
      "1d3 + Physicality + Unarmed Combat",
      "50%",
      "100%",
      "after the first day, 1 WP and 1 RP each day",
      "3 WP and 3 RP for every 10 feet",
      "6 + Physicality rounds",
      "half the WP damage (rounded down) but the full RP damage",
    ])
      expect(damage, s).toContain(s);
    const health = page("Incapacitation and Healing");
    for (const s of [
      "Incapacitated 0 RP out for 4 − Physicality rounds (at least 1); wakes with 1 RP",
      "Mortally Wounded 0 WP dies after 4 + Physicality rounds",
      "incapacitated for 1d6 − Physicality rounds (at least 1)",
      "1 WP a day, or 1 WP every two days",
      "1 an hour of rest",
      "1+1d3",
      "1+2d3",
      "5 stress boxes",
    ])
      expect(health, s).toContain(s);
  });

  it("gives Table 14, the Upkeep check and Table 15", () => {
    const condition = page("Item Condition");
    for (const row of TABLE_14) expect(condition, row).toContain(row);
    for (const s of [
      "Success unchanged",
      "Failure one worse",
      "Dire Failure or Moment of Low Insight Broken",
      "up to Used",
    ])
      expect(condition, s).toContain(s);
    const characteristics = page("Characteristics");
    for (const row of TABLE_15) expect(characteristics, row).toContain(row);
    expect((html("Characteristics").match(/<tr>/g) ?? []).length).toBe(8 + 1);
  });

  it("names every world setting with its default", () => {
    const settings = page("Polyverse Settings");
    expect((html("Polyverse Settings").match(/<tr>/g) ?? []).length).toBe(SETTINGS.length + 1);
    for (const row of SETTINGS) expect(settings, row).toContain(row);
  });

  it("links to the roll tables and pages that exist", () => {
    const known = xeroSumUuids();
    const links = entry.pages.flatMap((p: any) => uuidLinks(p.text.content).map((m) => m[1]!));
    expect(links.length).toBeGreaterThan(5);
    for (const uuid of links) expect(known, uuid).toContain(uuid);
    for (const table of ["Complications", "Motivations", "Lasting Wounds", "Panic", "Breaking Point"])
      expect(links).toContain(
        `Compendium.polyverse.xero-sum-tables.RollTable.${packId("xero-sum-tables", table)}`,
      );
  });
});

describe("the Xero Sum packs", () => {
  it("are declared in system.json with the ruleset, in the Xero Sum Engine pack folder", () => {
    for (const [name, type] of Object.entries(XERO_SUM_PACKS)) {
      const pack = manifestPack(name);
      expect(pack, name).toMatchObject({
        path: `packs/${name}`,
        type,
        ownership: { PLAYER: "OBSERVER", ASSISTANT: "OWNER" },
        flags: { polyverse: { ruleset: "xero-sum" } },
      });
      if (type === "Item") expect(pack.system).toBe("polyverse");
      expect(pack.label).toMatch(/^Xero Sum /);
    }
    const folder = manifest.packFolders.find((f: any) => f.name === "Xero Sum Engine");
    expect(folder.packs).toEqual(Object.keys(XERO_SUM_PACKS));
    const flagged = manifest.packs
      .filter((p: any) => p.flags?.polyverse?.ruleset === "xero-sum")
      .map((p: any) => p.name);
    expect(flagged).toEqual(Object.keys(XERO_SUM_PACKS));
  });

  it("credit the SRD on every entry (a Folder holds no content of its own)", () => {
    for (const pack of Object.keys(XERO_SUM_PACKS))
      for (const { file, data } of packSources(pack)) expect(data.flags.polyverse.credit, file).toBe(CREDIT);
  });

  it("have ids unique across the packs", () => {
    const ids = Object.keys(XERO_SUM_PACKS).flatMap((pack) => packSources(pack).map((s) => s.data._id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
