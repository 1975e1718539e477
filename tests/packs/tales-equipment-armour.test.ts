// Tales armour (rules text, appendix 4, "Weapon and Armour Table"): the 10 rows in their three groups,
// every number against the table quoted below (tab-separated, as printed: Type, Cost, Protection,
// Modifier; a blank name is empty), each group's option line after its rows. Protection and modifier
// are stored positive; rarity is the group header's (the table's, where the text's category prose
// differs: spec ambiguity #27); every entry is the plain armour and describes its group's options.
import { describe, expect, it } from "vitest";
import { armourCostWithTraits, parseArmourTraits } from "../../src/rulesets/tales/rules/equipment";
import {
  byName,
  entriesIn,
  folderName,
  packSources,
  stripTags,
  talesEquipmentPackChecks,
} from "./tales-equipment-content";

const PACK = "tales-armour";
const sources = packSources(PACK);
const armour = byName(sources);

const TABLE = `
Common (Sporting Protective Equipment)
Soft Pads	2	-1	0
Sport Pads	4	-2	0
Cumbersome (-1 Cost)
Uncommon (Industrial Protective Equipment)
	3	-2	-1
Leathers	4	-3	-1
Welding Gear	5	-4	-2
Bulletproof Vest	6	-5	-1
HAZMAT	6	-2	-1
Cumbersome (-1 Cost), Restrictive (-1 Cost)
Illegal (Military Protective Equipment)
Riot Vest	6	-6	-2
Hard Armour	9	-7	-2
Combat Armour	12	-8	-3
Cumbersome (-1 Cost), Restrictive (-1 Cost), Heavy (-1 Cost) Gas Mask (+2 Cost), Radiation Counter (+1 Cost),
`;

/** The name Polyverse gives the row the table leaves unnamed. */
const UNNAMED = "Unnamed Industrial Armour (3)";

interface Row {
  name: string;
  group: string;
  rarity: string;
  cost: number;
  protection: number;
  modifier: number;
}
const rows: Row[] = [];
/** Each group's options, [name, printed cost change]. */
const options: Record<string, [string, string][]> = {};
/** Each group's option line as printed. */
const optionLines: Record<string, string> = {};
let header = { rarity: "", group: "" };
for (const line of TABLE.trim().split("\n")) {
  const head = line.match(/^(Common|Uncommon|Illegal) \((.+)\)$/);
  if (head) header = { rarity: head[1]!.toLowerCase(), group: head[2]! };
  else if (line.includes("\t")) {
    const [name, cost, protection, modifier] = line.split("\t") as [string, string, string, string];
    rows.push({
      name: name || UNNAMED,
      ...header,
      cost: Number(cost),
      protection: Number(protection),
      modifier: Number(modifier),
    });
  } else {
    optionLines[header.group] = line;
    options[header.group] = [...line.matchAll(/([A-Z][a-z]+(?: [A-Z][a-z]+)?) \(([-+]\d) Cost\)/g)].map(
      (m) => [m[1]!, m[2]!],
    );
  }
}

describe("Tales armour pack", () => {
  talesEquipmentPackChecks(PACK);

  it("holds the table's 10 rows: 2 + 5 + 3 in three folders named after the groups, in table order", () => {
    expect(rows).toHaveLength(10);
    expect(sources).toHaveLength(10);
    const groups = Object.keys(options);
    expect(groups).toEqual([
      "Sporting Protective Equipment",
      "Industrial Protective Equipment",
      "Military Protective Equipment",
    ]);
    for (const g of groups)
      expect(entriesIn(PACK, g).map((a) => a.name)).toEqual(
        rows.filter((r) => r.group === g).map((r) => r.name),
      );
    expect(options["Military Protective Equipment"]).toEqual([
      ["Cumbersome", "-1"],
      ["Restrictive", "-1"],
      ["Heavy", "-1"],
      ["Gas Mask", "+2"],
      ["Radiation Counter", "+1"],
    ]);
  });

  it.each(rows)("$name: cost $cost, protection and modifier stored positive, rarity $rarity", (row) => {
    const a = armour[row.name];
    expect(a.system).toEqual({
      key: row.name,
      group: row.group,
      rarity: row.rarity,
      cost: row.cost,
      costNote: "",
      equipped: false,
      quantity: 1,
      description: a.system.description,
      protection: 0 - row.protection,
      modifier: 0 - row.modifier,
      traits: {
        heavy: false,
        cumbersome: false,
        gasMask: false,
        radiationCounter: false,
        restrictive: false,
      },
    });
    expect(folderName(PACK, a)).toBe(row.group);
    const text = stripTags(a.system.description);
    expect(text).toContain(
      `The table's row : Cost ${row.cost}, Protection ${row.protection}, Modifier ${row.modifier}.`,
    );
    // Every option of its group, with its cost change, and none of the others.
    const own = options[row.group]!;
    for (const [option, change] of own)
      expect(text).toContain(`${option} (${change.replace("-", "−")} cost)`);
    for (const other of ["Heavy", "Gas Mask", "Radiation Counter", "Restrictive"])
      if (!own.some(([o]) => o === other)) expect(text).not.toContain(`${other} (`);
  });

  it("the rules layer reads each group's option line with the same cost changes, and prices an option", () => {
    const keyOf = (name: string) => name[0]!.toLowerCase() + name.slice(1).replace(" ", "");
    for (const [group, line] of Object.entries(optionLines)) {
      const parsed = parseArmourTraits(line);
      if (!parsed.ok) throw new Error(`${line}: ${parsed.reason}`);
      expect(parsed.value, group).toEqual(
        options[group]!.map(([o, c]) => ({ key: keyOf(o), costChange: Number(c) })),
      );
    }
    expect(armourCostWithTraits(armour["Combat Armour"].system.cost, ["gasMask"])).toBe(14);
  });

  it("spot checks: combat armour, the vest, the unnamed row named after its cost, used as its key", () => {
    expect(armour["Combat Armour"].system).toMatchObject({
      cost: 12,
      protection: 8,
      modifier: 3,
      rarity: "illegal",
    });
    expect(armour["Bulletproof Vest"].system).toMatchObject({ cost: 6, protection: 5, modifier: 1 });
    expect(armour["Soft Pads"].system).toMatchObject({ rarity: "common", protection: 1, modifier: 0 });
    expect(armour[UNNAMED].system).toMatchObject({ key: UNNAMED, cost: 3, protection: 2, modifier: 1 });
    expect(stripTags(armour[UNNAMED].system.description)).toMatch(/name left blank/);
  });
});
