// Tales weapons (rules text, appendix 4, "Weapon and Armour Table"): the 38 rows in their five
// groups, every number against the table quoted below (tab-separated, as printed: Type, Cost, Damage,
// Modifier, Notes; a blank cell is empty), and the readings Polyverse adds: "-" and a blank modifier
// are 0, a skill and attribute per weapon (the table names none), Auto without a number stored as 3,
// the unnamed row named, "2 (for 6)" six darts, "2/2" and "3/3" the first number, "Special" no damage.
import { describe, expect, it } from "vitest";
import { parseWeaponCost, parseWeaponTraits } from "../../src/rulesets/tales/rules/equipment";
import {
  byName,
  entriesIn,
  folderName,
  packSources,
  stripTags,
  talesEquipmentPackChecks,
} from "./tales-equipment-content";

const PACK = "tales-weapons";
const sources = packSources(PACK);
const weapon = byName(sources);

const TABLE = `
Common (Crude Weapons)
Knife	1	+1	-1	-
Tyre Iron	1	+2	-1	Heavy
Chain	2	+3	-2	Clumsy, Entangle
Wooden Staff	2	+1	-1	Reach 2m
Hammer	3	+2	-	Clumsy
Hand Axe	4	+4	-1	Clumsy
Uncommon (Poor Quality Sporting Weapons)
Golf Club	2	+2	-	Fragile
Baseball Bat	2	+2	-	-
Throwing Dart	2 (for 6)	+1	-	Range 5m
Boxing Gloves	2	+1	+1	-
Hockey Stick	3	+3	-1	Reach 2m
	3	+4	-2	Clumsy
Bow	4	+4	-2	Range 25m
Air Pistol	4	+2	-	Fragile, Range 10m
Crossbow	5	+6	-2	Range 25m
Air Rifle	6	+4	-	Range 25m
Rare (Good Quality Sporting Weapons)
Wooden Sword	4	+2	-	-
Whip	4	+2	-2	Entangle
Sport Pistol	5	+4	-	Range 50m
Tranquilizer Pistol	5	+3	-	Fragile, Range 25m
Sword	6	+6	-1	-
Javelin	6	+8	-2	Clumsy
Tranquilizer Rifle	7	+6	-	Range 50m
Hunting Rifle	8	+7	-	Range 100m
Shotgun	9	+8	0	Spray, Range 50m
Sporting Rifle	10	+8	0	Range 500m
Rare (Security Guard and Street Weapons)
Brass Knuckles	2	+2	-	-
Nunchaku	4	+4	-2	Clumsy
Night Stick	4	+3	-1	-
Pepper Spray	2/2	Special		Fragile, Reach 2m, Split Damage
Taser	3/3	+2		Fragile, Split Damage
Heavy Pistol	7	+5	-	Range 50m
Illegal (Military Weapons)
Flame Thrower	6	+4	+1	Incendiary, Spray, Range 10m
Automatic Pistol	6	+4	-	Auto (3), Range 50m
Submachine Gun	8	+7	-	Auto (3), Spray, Range 50m
Assault Rifle	10	+9	-1	Auto, Range 100m
Combat Shotgun	12	+10	-	Spray, Range 50m
Machine Gun	15	+15	-2	Auto (12), Range 500m
`;

/** The name Polyverse gives the row the table leaves unnamed. */
const UNNAMED = "Unnamed Sporting Weapon (3, Clumsy)";

/** Skills by weapon (a Polyverse reading): Firearms (Mental) for guns, else physical skills. */
const SKILLS: Record<string, string> = {
  "Boxing Gloves": "brawl",
  "Brass Knuckles": "brawl",
  "Throwing Dart": "throw",
  Bow: "archery",
  Crossbow: "archery",
  ...Object.fromEntries(
    [
      "Air Pistol",
      "Air Rifle",
      "Sport Pistol",
      "Tranquilizer Pistol",
      "Tranquilizer Rifle",
      "Hunting Rifle",
      "Shotgun",
      "Sporting Rifle",
      "Heavy Pistol",
      "Flame Thrower",
      "Automatic Pistol",
      "Submachine Gun",
      "Assault Rifle",
      "Combat Shotgun",
      "Machine Gun",
    ].map((n) => [n, "firearms"]),
  ),
};

interface Row {
  name: string;
  printedName: string;
  group: string;
  rarity: string;
  cost: string;
  damage: string;
  modifier: string;
  notes: string;
}
const rows: Row[] = [];
let header = { rarity: "", group: "" };
for (const line of TABLE.trim().split("\n")) {
  const head = line.match(/^(Common|Uncommon|Rare|Illegal) \((.+)\)$/);
  if (head) {
    header = { rarity: head[1]!.toLowerCase(), group: head[2]! };
    continue;
  }
  const [printedName, cost, damage, modifier, notes] = line.split("\t") as [
    string,
    string,
    string,
    string,
    string,
  ];
  rows.push({ name: printedName || UNNAMED, printedName, ...header, cost, damage, modifier, notes });
}

/** The Notes cell as the data model's traits (Auto without a number: 3). */
function traits(notes: string) {
  const t = {
    auto: 0,
    clumsy: false,
    entangle: false,
    fragile: false,
    heavy: false,
    incendiary: false,
    range: 0,
    reach: 0,
    splitDamage: false,
    spray: false,
  };
  if (notes === "-") return t;
  for (const part of notes.split(", ")) {
    const auto = part.match(/^Auto(?: \((\d+)\))?$/);
    const metres = part.match(/^(Range|Reach) (\d+)m$/);
    if (auto) t.auto = Number(auto[1] ?? 3);
    else if (metres) t[metres[1] === "Range" ? "range" : "reach"] = Number(metres[2]);
    else if (part === "Split Damage") t.splitDamage = true;
    else {
      const key = part.toLowerCase() as "clumsy" | "entangle" | "fragile" | "heavy" | "incendiary" | "spray";
      expect(t, part).toHaveProperty(key, false);
      t[key] = true;
    }
  }
  return t;
}

const sortByKey = (traits: { key: string }[]) => [...traits].sort((a, b) => a.key.localeCompare(b.key));

describe("Tales weapons pack", () => {
  talesEquipmentPackChecks(PACK);

  it("holds the table's 38 rows: 6 + 10 + 10 + 6 + 6 in five folders named after the groups, in table order", () => {
    expect(rows).toHaveLength(38);
    expect(sources).toHaveLength(38);
    const groups = [...new Set(rows.map((r) => r.group))];
    expect(groups).toEqual([
      "Crude Weapons",
      "Poor Quality Sporting Weapons",
      "Good Quality Sporting Weapons",
      "Security Guard and Street Weapons",
      "Military Weapons",
    ]);
    expect(groups.map((g) => entriesIn(PACK, g).length)).toEqual([6, 10, 10, 6, 6]);
    for (const g of groups)
      expect(entriesIn(PACK, g).map((w) => w.name)).toEqual(
        rows.filter((r) => r.group === g).map((r) => r.name),
      );
  });

  it.each(rows)("$name: the table's cost, damage, modifier and traits; rarity from its group", (row) => {
    const w = weapon[row.name];
    const skill = SKILLS[row.name] ?? "melee";
    const firstNumber = Number(row.cost.match(/^\d+/)![0]);
    expect(w.system).toEqual({
      key: row.name,
      group: row.group,
      rarity: row.rarity,
      cost: firstNumber,
      costNote: /^\d+$/.test(row.cost) ? "" : row.cost,
      equipped: false,
      quantity: row.cost === "2 (for 6)" ? 6 : 1,
      description: w.system.description,
      damage: row.damage === "Special" ? 0 : Number(row.damage),
      damageNote: row.damage === "Special" ? "Special" : "",
      modifier: row.modifier === "-" || row.modifier === "" ? 0 : Number(row.modifier),
      skill,
      attribute: skill === "firearms" ? "mental" : "physical",
      traits: traits(row.notes),
      broken: false,
    });
    expect(folderName(PACK, w)).toBe(row.group);
    const text = stripTags(w.system.description);
    const modifier = row.modifier || "(blank)";
    expect(text).toContain(
      `The table's row : Cost ${row.cost}, Damage ${row.damage}, Modifier ${modifier}, Notes ${row.notes}.`,
    );
    // The skill is a Polyverse reading, and the description says so.
    expect(text).toMatch(/Polyverse reading: the table names no skill/);
  });

  it.each(rows)("$name: the rules layer reads the printed cost and notes as the pack stores them", (row) => {
    const w = weapon[row.name].system;
    const cost = parseWeaponCost(row.cost)!;
    expect(cost.cost).toBe(w.cost);
    expect(cost.quantity ?? 1).toBe(w.quantity);
    const parsed = parseWeaponTraits(row.notes);
    if (!parsed.ok) throw new Error(`${row.notes}: ${parsed.reason}`);
    const stored = Object.entries(w.traits)
      .filter(([, v]) => v !== false && v !== 0)
      .map(([key, v]) => (v === true ? { key } : { key, value: v }));
    // The Assault Rifle's bare "Auto" has no value in the table: the pack supplies 3.
    const expected = parsed.value.map((t) =>
      t.key === "auto" && t.value === undefined ? { key: "auto", value: 3 } : t,
    );
    expect(sortByKey(stored)).toEqual(sortByKey(expected));
  });

  it("spot checks: the machine gun, the darts, the assault rifle's Auto, pepper spray, taser", () => {
    expect(weapon["Machine Gun"].system).toMatchObject({
      cost: 15,
      damage: 15,
      modifier: -2,
      rarity: "illegal",
      skill: "firearms",
      attribute: "mental",
      traits: { auto: 12, range: 500, spray: false },
    });
    expect(weapon["Throwing Dart"].system).toMatchObject({ cost: 2, costNote: "2 (for 6)", quantity: 6 });
    expect(weapon["Assault Rifle"].system.traits.auto).toBe(3);
    expect(stripTags(weapon["Assault Rifle"].system.description)).toMatch(
      /"Auto" without a number.*Auto \(3\)/,
    );
    expect(weapon["Pepper Spray"].system).toMatchObject({
      cost: 2,
      costNote: "2/2",
      damage: 0,
      damageNote: "Special",
      modifier: 0,
      traits: { fragile: true, reach: 2, splitDamage: true },
    });
    expect(weapon.Taser.system).toMatchObject({ cost: 3, costNote: "3/3", damage: 2, modifier: 0 });
    expect(weapon["Boxing Gloves"].system).toMatchObject({ modifier: 1, skill: "brawl" });
    expect(weapon["Flame Thrower"].system.traits).toMatchObject({ incendiary: true, spray: true, range: 10 });
  });

  it("the unnamed row: a name saying the table leaves it blank, used as its key; the Javelin a close weapon", () => {
    const unnamed = weapon[UNNAMED];
    expect(unnamed.system).toMatchObject({ key: UNNAMED, cost: 3, damage: 4, modifier: -2 });
    expect(stripTags(unnamed.system.description)).toMatch(/name left blank/);
    expect(weapon.Javelin.system).toMatchObject({ skill: "melee", traits: { range: 0, clumsy: true } });
    expect(stripTags(weapon.Javelin.system.description)).toMatch(/no Range/);
  });
});
