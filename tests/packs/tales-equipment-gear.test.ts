// Tales gear, library and sanctuary (rules text, appendix 4): the gear categories (the equipment
// headings but the weapon and armour groups) with their rarity and cost against the headings quoted
// below, the examples the text names, two vehicles priced by the calculator; the three kinds of text
// with their manuscript points and rarities; the 30 sanctuary options with their costs, extras ("+")
// and per-sharer marks ("*") against the lists quoted below.
import { describe, expect, it } from "vitest";
import {
  SANCTUARY_OPTIONS,
  VEHICLE_RANGES,
  VEHICLE_SPEEDS,
  deadlyPoisonCost,
  lodgingCost,
  nonLethalPoisonCost,
  textRarity,
  vehicleCost as rulesVehicleCost,
} from "../../src/rulesets/tales/rules/equipment";
import {
  byName,
  entriesIn,
  folderName,
  packSources,
  stripTags,
  talesEquipmentPackChecks,
} from "./tales-equipment-content";

/** The text's equipment headings by rarity section; weapon and armour groups are other packs'. */
const HEADINGS = `
Common Items
Tools (Skill +1) – 3 Cost
Stuff – 1 Cost
Clothes – 1 Cost
Pets – 1 Cost
Consumer Vehicles – 2+ Cost
Crude Weapons – 1-4 Cost
Uncommon Items
Specialist Tools (Skill +2) – 6 Cost
Specialist Gear – 4 Cost
Fashionable or Industrial Clothes – 2 Cost
Commercial Vehicles – 4+ Cost
Poor Quality Sporting Weapons – 2-6 Cost
Sporting Protective Equipment – 1-4 Cost
Rare Items
Elite Tools (Skill Re-roll) – 10 Cost
Elite Gear – 8 Cost
Non-Lethal Poisons – 4-10 Cost
Court Clothes and Uniforms – 3 Cost
Good Quality Sporting Weapons – 4-10 Cost
Security Guard and Street Weapons – 4-10 Cost
Industrial Protective Equipment – 2-6 Cost
Illegal Items
Deadly Poisons – 8-15 Cost
Military Weapons – 6-15 Cost
Military Armour – 6-15 Cost
`;
const NOT_GEAR = /Weapons|Protective Equipment|Armour/;
const CATEGORY_KEYS: Record<string, string> = {
  "Tools (Skill +1)": "tools",
  Stuff: "stuff",
  Clothes: "clothes",
  Pets: "pet",
  "Consumer Vehicles": "consumerVehicle",
  "Specialist Tools (Skill +2)": "specialistTools",
  "Specialist Gear": "specialistGear",
  "Fashionable or Industrial Clothes": "fashionableClothes",
  "Commercial Vehicles": "commercialVehicle",
  "Elite Tools (Skill Re-roll)": "eliteTools",
  "Elite Gear": "eliteGear",
  "Non-Lethal Poisons": "nonLethalPoison",
  "Court Clothes and Uniforms": "courtClothes",
  "Deadly Poisons": "deadlyPoison",
};

const categories: { name: string; section: string; rarity: string; cost: string }[] = [];
let section = "";
for (const line of HEADINGS.trim().split("\n")) {
  const head = line.match(/^(Common|Uncommon|Rare|Illegal) Items$/);
  if (head) section = line;
  else {
    const [, name, cost] = line.match(/^(.+) – (\S+) Cost$/)!;
    if (!NOT_GEAR.test(name!))
      categories.push({ name: name!, section, rarity: section.split(" ")[0]!.toLowerCase(), cost: cost! });
  }
}

/** Examples the text names: [name, category, skill helped]. */
const EXAMPLES = [
  ["First Aid Kit", "Tools (Skill +1)", "medicine"],
  ["Incense", "Tools (Skill +1)", "meditation"],
  ["Scope", "Tools (Skill +1)", "firearms"],
  ["Specialist Saddle", "Tools (Skill +1)", "riding"],
  ["Hospital Diagnostic Equipment", "Specialist Tools (Skill +2)", "medicine"],
  ["Well-Stocked Tool Shed", "Specialist Tools (Skill +2)", "repair"],
  ["Mass Spectrometer", "Specialist Tools (Skill +2)", "science"],
  ["Climbing Gear", "Specialist Gear", "athletics"],
] as const;

/**
 * The vehicle calculator as the text prices it: speed 1-4 (20, 50, 100, 200 km/h) and for an
 * aircraft 5-6 (500, 1000 km/h) cost their step; range steps 1-7 (50 ... 5000 km) cost +step; +1 per
 * 5 extra items and per 2 extra seats; an aircraft +2; hidden compartments +1 each.
 */
const vehicleCost = (v: any) =>
  v.speed + v.range + v.extraCargo + v.extraSeats + (v.aircraft ? 2 : 0) + v.hiddenCompartments;

describe("Tales gear pack", () => {
  const PACK = "tales-gear";
  const sources = packSources(PACK);
  const gear = byName(sources);

  talesEquipmentPackChecks(PACK);

  it("holds the 14 gear categories, the 8 examples and the 2 vehicles, in four folders by rarity", () => {
    expect(categories.map((c) => c.name)).toEqual(Object.keys(CATEGORY_KEYS));
    expect(sources).toHaveLength(14 + EXAMPLES.length + 2);
    expect(
      ["Common Items", "Uncommon Items", "Rare Items", "Illegal Items"].map((f) => entriesIn(PACK, f).length),
    ).toEqual([5 + 4 + 1, 4 + 3 + 1 + 1, 4, 1]);
  });

  it.each(categories)(
    "$name: a generic entry, $rarity, cost $cost (the lower bound, the printed cost in costNote)",
    (c) => {
      const g = gear[c.name];
      const lower = Number(c.cost.match(/^\d+/)![0]);
      expect(g.system).toMatchObject({
        key: c.name,
        group: c.name,
        rarity: c.rarity,
        cost: lower,
        costNote: /^\d+$/.test(c.cost) ? "" : c.cost,
        category: CATEGORY_KEYS[c.name],
        skill: "",
        vehicle: { speed: 0, range: 0, extraCargo: 0, extraSeats: 0, aircraft: false, hiddenCompartments: 0 },
        quantity: 1,
        equipped: false,
      });
      expect(folderName(PACK, g)).toBe(c.section);
      expect(stripTags(g.system.description)).toContain(
        `${c.name} : ${c.rarity[0]!.toUpperCase()}${c.rarity.slice(1)}, ${c.cost} gear points.`,
      );
    },
  );

  it.each(EXAMPLES)("%s: an example of %s, helping %s", (name, category, skill) => {
    const c = categories.find((x) => x.name === category)!;
    expect(gear[name].system).toMatchObject({
      key: name,
      group: category,
      category: CATEGORY_KEYS[category],
      rarity: c.rarity,
      cost: Number(c.cost),
      costNote: "",
      skill,
    });
    expect(folderName(PACK, gear[name])).toBe(c.section);
  });

  it("poisons: the cheapest of each heading, priced as the rules layer prices them (spec ambiguity #27)", () => {
    const mild = gear["Non-Lethal Poisons"].system;
    expect(mild.poison).toEqual({ rating: 1, strong: false });
    expect(nonLethalPoisonCost(mild.poison.rating)).toBe(mild.cost);
    const deadly = gear["Deadly Poisons"].system;
    // 8 points: a light wound on entry (4) and two more (2 each).
    expect(deadly.poison).toEqual({ rating: 8, strong: false });
    expect(deadlyPoisonCost({ wounds: 3 })).toBe(deadly.poison.rating);
    expect(deadly.cost).toBe(deadly.poison.rating);
    expect(stripTags(gear["Non-Lethal Poisons"].system.description)).toMatch(/3 plus 1 to 4 makes 4-7/);
    expect(stripTags(gear["Deadly Poisons"].system.description)).toMatch(/7 wounds for 14 points/);
    for (const { data } of sources)
      if (!data.system.category.endsWith("Poison"))
        expect(data.system.poison, data.name).toEqual({ rating: 0, strong: false });
  });

  it("vehicles: a consumer car of 7 and a commercial aircraft of 15, each its calculator inputs' sum, within its category", () => {
    const car = gear["Consumer Car"].system;
    expect(car).toMatchObject({ category: "consumerVehicle", rarity: "common", cost: 7, costNote: "" });
    expect(car.vehicle).toEqual({
      speed: 3,
      range: 3,
      extraCargo: 0,
      extraSeats: 1,
      aircraft: false,
      hiddenCompartments: 0,
    });
    const plane = gear["Commercial Aircraft"].system;
    expect(plane).toMatchObject({
      category: "commercialVehicle",
      rarity: "uncommon",
      cost: 15,
      costNote: "",
    });
    expect(plane.vehicle).toEqual({
      speed: 5,
      range: 6,
      extraCargo: 1,
      extraSeats: 1,
      aircraft: true,
      hiddenCompartments: 0,
    });
    // Consumer: 2 to 8, speed up to 4 and range up to 3; commercial: 4 to 15, the aircraft's speeds.
    expect(vehicleCost(car.vehicle)).toBe(car.cost);
    expect(car.cost).toBeGreaterThanOrEqual(2);
    expect(car.cost).toBeLessThanOrEqual(8);
    expect(vehicleCost(plane.vehicle)).toBe(plane.cost);
    expect(plane.cost).toBeGreaterThanOrEqual(4);
    expect(plane.cost).toBeLessThanOrEqual(15);
    // The rules layer's calculator, given the steps as speeds, ranges, items and seats, agrees.
    for (const [v, kind] of [
      [car, "consumer"],
      [plane, "commercial"],
    ] as const) {
      const spec = {
        kind,
        speed: VEHICLE_SPEEDS[v.vehicle.speed - 1]!.speed,
        range: VEHICLE_RANGES[v.vehicle.range - 1]!.range,
        cargo: 5 + 5 * v.vehicle.extraCargo,
        seats: 2 + 2 * v.vehicle.extraSeats,
        aircraft: v.vehicle.aircraft,
        hiddenCompartments: v.vehicle.hiddenCompartments,
      };
      expect(rulesVehicleCost(spec), kind).toEqual({ ok: true, value: v.cost });
    }
  });
});

describe("Tales library pack", () => {
  const PACK = "tales-library";
  const sources = packSources(PACK);

  /** Manuscript points to rarity, as the text gives them. */
  const RARITY = {
    reference: "2 = Common, 4 = Uncommon, 6 = Rare",
    educational: "1-2 = Common, 3-4 = Uncommon, 5 = Rare",
    blackBook: "1-2 = Rare, 3+ = Illegal",
  } as const;
  const rarityOf = (kind: keyof typeof RARITY, points: number) => {
    for (const band of RARITY[kind].split(", ")) {
      const [, lo, hi, plus, rarity] = band.match(/^(\d+)(?:-(\d+))?(\+)? = (\w+)$/)!;
      const top = plus ? Infinity : Number(hi ?? lo);
      if (points >= Number(lo) && points <= top) return rarity;
    }
    return undefined;
  };

  talesEquipmentPackChecks(PACK);

  it("holds a reference and an educational text of each rarity and two black books, each named after its rarity", () => {
    const names = sources.map((s) => s.data.name).sort();
    expect(names).toEqual([
      "Black Book (Illegal)",
      "Black Book (Rare)",
      "Educational Text (Common)",
      "Educational Text (Rare)",
      "Educational Text (Uncommon)",
      "Reference Text (Common)",
      "Reference Text (Rare)",
      "Reference Text (Uncommon)",
    ]);
    for (const { data } of sources) {
      const rarity = rarityOf(data.system.kind, data.system.points);
      expect(data.name, `${data.system.kind} ${data.system.points}`).toContain(`(${rarity})`);
      // The rules layer reads the same rarity.
      expect(textRarity(data.system.kind, data.system.points)).toBe(rarity!.toLowerCase());
      expect(data.folder).toBeNull();
      expect(data.system.flaws.length > 0, data.name).toBe(data.system.kind === "blackBook");
    }
    expect(byName(sources)["Reference Text (Common)"].system).toMatchObject({ kind: "reference", points: 2 });
  });
});

describe("Tales sanctuary pack", () => {
  const PACK = "tales-sanctuary";
  const option = byName(packSources(PACK));

  /** The text's lists, with each option's explanation in brackets dropped. */
  const LISTS = `
Size of Sanctuary
0 – Single room
1 – Apartment
3 – Semi-detached or Small fully detached house
5 – Large fully detached house
7 – Mansion
Location
0 – Bad part of town
1 – Typical suburban
3 – Better part of town
5 – Expensive location
+1 – Hard to Access
+2 – Hard to Access and exclusive
Furnishings
0 – Only the barest of essentials
1 – Basic furnishings
3 – Comfortable furnishings
5 – Extensive furnishings
+1 – Furnishings are good quality
+2 – Furnishings are Highly Fashionable or Antiques
Security
0 – No security
1 – Locks on doors
3 – Dead-Locks on windows and doors
5 – Virtually Fortified
+1 – Security alarm
+2 – Manned security
+2 – Safe Room installed
Extra Features
+1 – Small Garden
+1 – Deceptive Appearance
+1 – Secret Passages *
+1 – Secret Escape Route *
+2 – Large Garden
+3 – Historically significant building
`;
  const CATEGORY = {
    "Size of Sanctuary": "size",
    Location: "location",
    Furnishings: "furnishings",
    Security: "security",
    "Extra Features": "features",
  } as const;
  const rows: { folder: string; name: string; printed: string; star: boolean }[] = [];
  let folder = "";
  for (const line of LISTS.trim().split("\n")) {
    const m = line.match(/^(\+?\d) – (.+?)( \*)?$/);
    if (m) rows.push({ folder, printed: m[1]!, name: m[2]!, star: !!m[3] });
    else folder = line;
  }

  talesEquipmentPackChecks(PACK);

  it("holds the 30 options in five folders (5, 6, 6, 7, 6), in the text's order", () => {
    expect(rows).toHaveLength(30);
    expect(Object.keys(CATEGORY).map((f) => entriesIn(PACK, f).map((o) => o.name))).toEqual(
      Object.keys(CATEGORY).map((f) => rows.filter((r) => r.folder === f).map((r) => r.name)),
    );
    expect(Object.keys(CATEGORY).map((f) => entriesIn(PACK, f).length)).toEqual([5, 6, 6, 7, 6]);
  });

  it.each(rows)("$name: $printed lodging points, keyed as the rules layer's option", (row) => {
    const o = option[row.name];
    const rules = SANCTUARY_OPTIONS[rows.indexOf(row)]!;
    expect(rules).toMatchObject({
      cost: o.system.cost,
      addOn: o.system.extra,
      category: o.system.category,
    });
    expect(rules.perSharer ?? false).toBe(o.system.perSharer);
    expect(o.system).toEqual({
      key: rules.key,
      category: CATEGORY[row.folder as keyof typeof CATEGORY],
      cost: Number(row.printed.replace("+", "")),
      extra: row.printed.startsWith("+"),
      perSharer: row.star,
      description: o.system.description,
    });
    expect(folderName(PACK, o)).toBe(row.folder);
  });

  it("the lodging costs: the sanctuary vector of the spec adds up to 5 points, one Sanctuary level", () => {
    const home = ["Apartment", "Typical suburban", "Basic furnishings", "Locks on doors", "Small Garden"];
    expect(home.reduce((sum, name) => sum + option[name].system.cost, 0)).toBe(5);
    expect(lodgingCost(home.map((name) => option[name].system.key))).toEqual({ ok: true, value: 5 });
    expect(stripTags(option["Locks on doors"].system.description)).toMatch(/difficulty 5/);
    expect(stripTags(option["Secret Passages"].system.description)).toMatch(/each sharer/);
  });
});
