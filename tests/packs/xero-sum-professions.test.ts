// Xero Sum professions (SRD 0.06 Table 8, "Profession & Vocational Skills"): twelve lists of seven
// skills whose names the SRD lost, as "Profession 1".."Profession 12" in the table's order, every
// skill against the table quoted below. Also: the pack agrees with rules/creation.ts PROFESSIONS.
import { describe, expect, it } from "vitest";
import { PROFESSIONS } from "../../src/rulesets/xero-sum/rules/creation";
import { byName, camelKey, packSources, plainText, xeroSumItemPackChecks } from "./xero-sum-content";

const PACK = "xero-sum-professions";
const sources = packSources(PACK);
const profession = byName(sources);

/** Table 8, a row a line (the SRD prints no names). */
const TABLE_8 = `
Farming, General Knowledge, Medicine, Psychology*, Research, Tactics*, Survival
Animal Handling, Driving, Mechanic*, Navigation, Scavenging, Sleight of Hand, Tinkerer
Barter, General Knowledge, Inspiration, Manipulation, Psychology*, Sleight of Hand, Tinkerer
Athletics, Survival, Intimidation, Manipulation, Ranged Combat, Stealth, Tactics*
Athletics, Barter, Demolitions*, General Knowledge, Mechanic*, Scavenging, Tinkerer
Athletics, General Knowledge, Inspiration, Medicine, Psychology*, Research, Sleight of Hand
Athletics, Demolitions*, Ranged Combat, Stealth, Survival, Tactics*, Unarmed Combat
Animal Handling, Farming, Melee Combat, Navigation, Ranged Combat, Stealth, Survival
Intimidation, Manipulation, Psychology*, Ranged Combat, Sleight of Hand, Stealth, Unarmed Combat
Athletics, Barter, Inspiration, Manipulation, Psychology*, Sleight of Hand, Stealth
Barter, General Knowledge, Inspiration, Intimidation, Manipulation, Psychology*, Tactics*
Barter, General Knowledge, Inspiration, Manipulation, Scavenging, Sleight of Hand, Tinkerer
`;
const ROWS = TABLE_8.trim()
  .split("\n")
  .map((line, i) => ({ n: i + 1, skills: line.split(", ") }));

describe("Xero Sum professions pack", () => {
  xeroSumItemPackChecks(PACK, "xero-sum-profession", ["icons/svg/book.svg"], () => "");

  it("holds Table 8's twelve professions, Profession 1 to Profession 12", () => {
    expect(ROWS).toHaveLength(12);
    expect(sources.map((s) => s.data.name).sort()).toEqual(ROWS.map((r) => `Profession ${r.n}`).sort());
  });

  it.each(ROWS)("Profession $n: its seven vocational skills in the table's order", ({ n, skills }) => {
    const p = profession[`Profession ${n}`];
    expect(skills).toHaveLength(7);
    expect(p.system).toEqual({
      key: `profession${n}`,
      skills: skills.map(camelKey),
      description: p.system.description,
    });
    const text = plainText(p.system.description);
    expect(text).toContain(`Vocational skills: ${skills.join(", ")}.`);
    expect(text).toContain(`this is row ${n}`);
    // The SRD lost the names, and the description says so.
    expect(text).toMatch(/lost their names/);
    for (const starred of skills.filter((s) => s.endsWith("*"))) expect(text).toContain(`${starred}`);
    if (skills.some((s) => s.endsWith("*"))) expect(text).toMatch(/at −3, and the first point takes/);
  });

  it("agrees with the rules layer's Table 8 (rules/creation.ts PROFESSIONS)", () => {
    for (const { n } of ROWS)
      expect(profession[`Profession ${n}`].system.skills).toEqual(
        PROFESSIONS[`profession${n}` as keyof typeof PROFESSIONS],
      );
  });
});
