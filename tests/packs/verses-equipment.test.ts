// 'Verses armour and shields, TEC 1 items and animal-drawn vehicles ('Verses Core 0.8.5, "Armor
// Lists", "Item Lists", "Vehicles"): counts, every listing's numbers against the text, and the
// rules layer reading the stored strings.
import { describe, expect, it } from "vitest";
import { packUuid } from "../../scripts/lib/ids.mjs";
import { parseMassKg } from "../../src/core/migrations";
import { itemLoadKg } from "../../src/rulesets/verses/data/convert";
import {
  absorb,
  parseActionFeatures,
  parseSkillRef,
  validateResistance,
} from "../../src/rulesets/verses/rules";
import { byName, packSources, sharedPackChecks } from "./verses-content";

// ---- armour and shields -----------------------------------------------------------------------

const armour = packSources("verses-armour").map((s) => s.data);
const armourByName = byName(packSources("verses-armour"));

/**
 * Every listing as the text prints it: name, TEC, class, the listing line, and what the line says
 * (PRW PENALTY, TUF, RESISTANCE, HANDS, features, WT, carried WT, VALUE). `(worn)` armour takes no hand.
 */
// prettier-ignore
type ArmourRow = [string, number, string, string, number, number, string, number, string, number, number, number];
// prettier-ignore
const ARMOUR: ArmourRow[] = [
  ["Boiled Leather", 1, "light", "TUF: 2 RESISTANCE: s ⇒ c, r, p WT: 2kg VALUE: 80", 0, 2, "s ⇒ c, r, p", 0, "", 2, 0, 80],
  ["Jack of Plate", 1, "light", "TUF: 2 RESISTANCE: (s, p) ⇒ c, r WT: 7kg VALUE: 200", 0, 2, "(s, p) ⇒ c, r", 0, "", 7, 0, 200],
  ["Leather", 1, "light", "TUF: 1 RESISTANCE: (s, p) ⇒ c, r WT: 3kg VALUE: 50", 0, 1, "(s, p) ⇒ c, r", 0, "", 3, 0, 50],
  ["Lamellar", 1, "medium", "TUF: 3 RESISTANCE: (s, p) ⇒ c WT: 10kg VALUE: 200", 0, 3, "(s, p) ⇒ c", 0, "", 10, 0, 200],
  ["Mail", 1, "medium", "TUF: 4 RESISTANCE: s ⇒ c, p WT: 10kg VALUE: 600", 0, 4, "s ⇒ c, p", 0, "", 10, 0, 600],
  ["Scale", 1, "medium", "TUF: 2 RESISTANCE: (s, p) ⇒ c, c, r WT: 8kg VALUE: 650", 0, 2, "(s, p) ⇒ c, c, r", 0, "", 8, 0, 650],
  ["Laminar", 1, "heavy", "PRW PENALTY: -1 TUF: 4 RESISTANCE: (s, p) ⇒ c, c, r WT: 15kg VALUE: 800", -1, 4, "(s, p) ⇒ c, c, r", 0, "", 15, 0, 800],
  ["Plate", 1, "heavy", "PRW PENALTY: -2 TUF: 5 RESISTANCE: (b, s, p) ⇒ c, c, r WT: 16kg VALUE: 1,500 (carried and not worn: 20kg)", -2, 5, "(b, s, p) ⇒ c, c, r", 0, "", 16, 20, 1500],
  ["Vambraces", 1, "shield", "TUF: 2 RESISTANCE: — HANDS: — Parry(1) WT: 600g VALUE: 30", 0, 2, "—", 0, "Parry(1)", 0.6, 0, 30],
  ["Buckler", 1, "shield", "TUF: 1 RESISTANCE: s, p HANDS: 1 Parry(2) WT: 1kg VALUE: 50", 0, 1, "s, p", 1, "Parry(2)", 1, 0, 50],
  ["Medium Shield", 1, "shield", "TUF: 3 RESISTANCE: s, p, c HANDS: 1 Parry(3) WT: 3kg VALUE: 100", 0, 3, "s, p, c", 1, "Parry(3)", 3, 0, 100],
  ["Large Shield", 1, "shield", "PRW PENALTY: -1 TUF: 5 RESISTANCE: s, p, c, r HANDS: 1 Unwieldy WT: 8kg VALUE: 200", -1, 5, "s, p, c, r", 1, "Unwieldy", 8, 0, 200],
  ["Leather Drover Coat", 2, "medium", "TUF: 2 RESISTANCE: (s, p) ⇒ c, r WT: 3kg VALUE: 200", 0, 2, "(s, p) ⇒ c, r", 0, "", 3, 0, 200],
  ["Anti-Ballistic Brigandine", 2, "heavy", "PRW PENALTY: -2 TUF: 3 RESISTANCE: (b, r, s, p) ⇒ c WT: 15kg VALUE: 800", -2, 3, "(b, r, s, p) ⇒ c", 0, "", 15, 0, 800],
  ["Infantry Vest", 3, "medium", "TUF: 2 RESISTANCE: (b, p) ⇒ c WT: 2kg VALUE: 50", 0, 2, "(b, p) ⇒ c", 0, "", 2, 0, 50],
  ["Cavalry Vest", 3, "heavy", "TUF: 3 RESISTANCE: (b, p) ⇒ c WT: 4kg VALUE: 150", 0, 3, "(b, p) ⇒ c", 0, "", 4, 0, 150],
  ["Leather Jacket", 4, "light", "TUF: 1 RESISTANCE: (s, p) \\Rightarrow c, r WT: 2kg VALUE: 50", 0, 1, "(s, p) ⇒ c, r", 0, "", 2, 0, 50],
  ["Flack Jacket", 4, "medium", "TUF: 2 RESISTANCE: (b, s, p) \\Rightarrow c, r WT: 4kg VALUE: 70", 0, 2, "(b, s, p) ⇒ c, r", 0, "", 4, 0, 70],
  ["Soft Ballistic Vest", 4, "medium", "TUF: 3 RESISTANCE: (b, s) \\Rightarrow c, r WT: 2kg VALUE: 500", 0, 3, "(b, s) ⇒ c, r", 0, "", 2, 0, 500],
  ["Hard Ballistic Vest", 4, "heavy", "PRW PENALTY: -1 TUF: 4 RESISTANCE: (b, s, p) \\Rightarrow c, c, r WT: 5kg VALUE: 1,500", -1, 4, "(b, s, p) ⇒ c, c, r", 0, "", 5, 0, 1500],
  ["Bomb Suit", 4, "heavy", "PRW PENALTY: -3 TUF: 8 RESISTANCE: (b, r, s, p) ⇒ c, c WT: 20kg VALUE: 5,000 (carried and not worn: 30kg)", -3, 8, "(b, r, s, p) ⇒ c, c", 0, "", 20, 30, 5000],
];

const SKILL_OF_CLASS: Record<string, string> = {
  light: "Armor » Light",
  medium: "Armor » Medium",
  heavy: "Armor » Heavy",
  shield: "Armor » Shields",
};

describe("pack verses-armour", () => {
  sharedPackChecks("verses-armour", "Item", ["verses-armour"]);

  it("holds the 21 listings: 17 armours (light 4, medium 7, heavy 6) and 4 shields, Vambraces included", () => {
    expect(armour).toHaveLength(21);
    const count = (cls: string) => armour.filter((a) => a.system.class === cls).length;
    expect([count("light"), count("medium"), count("heavy"), count("shield")]).toEqual([4, 7, 6, 4]);
    expect(
      armour
        .filter((a) => a.system.class === "shield")
        .map((a) => a.name)
        .sort(),
    ).toEqual(["Buckler", "Large Shield", "Medium Shield", "Vambraces"]);
    expect(armour.map((a) => a.name).sort()).toEqual(ARMOUR.map((row) => row[0]).sort());
  });

  it("by TEC as the lists group them: TEC 1 3/3/2/4, TEC 2 0/1/1/0, TEC 3 0/1/1/0, TEC 4 1/2/2/0", () => {
    const table = [1, 2, 3, 4].map((tec) =>
      ["light", "medium", "heavy", "shield"].map(
        (cls) => armour.filter((a) => a.system.tec === tec && a.system.class === cls).length,
      ),
    );
    expect(table).toEqual([
      [3, 3, 2, 4],
      [0, 1, 1, 0],
      [0, 1, 1, 0],
      [1, 2, 2, 0],
    ]);
  });

  it.each(ARMOUR)(
    "%s (TEC %i, %s): '%s'",
    (name, tec, cls, _line, prw, tuf, resistance, hands, features, weight, carried, value) => {
      const s = armourByName[name].system;
      expect(s).toMatchObject({ tec, class: cls, prwPenalty: prw, tuf, resistance, hands, weight, value });
      expect(s.carriedWeight).toBe(carried);
      expect(s.quantity).toBe(1);
      expect(s.worn).toBe(false);
      expect(s.features.map((f: any) => (f.value ? `${f.name}(${f.value})` : f.name)).join(" ")).toBe(
        features,
      );
      // The description links the skill the listing's heading names.
      expect(s.description).toContain(packUuid("verses-skills", "Item", SKILL_OF_CLASS[cls]!));
    },
  );

  it("every resistance is printed with ⇒ and parses (validateResistance)", () => {
    for (const a of armour) {
      expect(a.system.resistance).not.toMatch(/\\Rightarrow|=>/);
      expect(validateResistance(a.system.resistance), a.name).toMatchObject({ ok: true });
    }
  });

  it("resistances read as the text explains them: Mail 's ⇒ c, p', Plate '(b, s, p) ⇒ c, c, r', Vambraces '—'", () => {
    const parsed = (name: string) => {
      const r = validateResistance(armourByName[name].system.resistance);
      if (!r.ok) throw new Error(JSON.stringify(r.reason));
      return { resists: [...r.value.resists].sort(), transforms: r.value.transforms };
    };
    expect(parsed("Mail")).toEqual({ resists: ["p", "s"], transforms: { s: "c" } });
    expect(parsed("Plate")).toEqual({
      resists: ["b", "c", "p", "r", "s"],
      transforms: { b: "c", s: "c", p: "c" },
    });
    expect(parsed("Boiled Leather")).toEqual({ resists: ["p", "r", "s"], transforms: { s: "c" } });
    expect(parsed("Bomb Suit")).toEqual({
      resists: ["b", "c", "p", "r", "s"],
      transforms: { b: "c", r: "c", s: "c", p: "c" },
    });
    expect(parsed("Vambraces")).toEqual({ resists: [], transforms: {} });
    expect(parsed("Medium Shield")).toEqual({ resists: ["c", "p", "s"], transforms: {} });
  });

  it("Jaye's mail: 'Her armor resists slashing damage and absorbs 4(s) ... transforming the remaining 2(s) to 2(c)'", () => {
    const mail = armourByName["Mail"].system;
    expect(absorb({ amount: 6, type: "s" }, mail)).toEqual({ absorbed: 4, passed: { amount: 2, type: "c" } });
  });

  it("shield features read as weapon features: Parry(1), Parry(2), Parry(3), Unwieldy", () => {
    const features = (name: string) =>
      parseActionFeatures(
        armourByName[name].system.features
          .map((f: any) => (f.value ? `${f.name}(${f.value})` : f.name))
          .join(" "),
      );
    expect(features("Vambraces").parry).toBe(1);
    expect(features("Buckler").parry).toBe(2);
    expect(features("Medium Shield").parry).toBe(3);
    expect(features("Large Shield")).toMatchObject({ parry: null, unwieldy: true });
  });

  it("'When carried and not worn, effective weight is 20kg' (Plate) and 30kg (Bomb Suit): the load counts it", () => {
    const load = (name: string, worn: boolean) =>
      itemLoadKg("verses-armour", { ...armourByName[name].system, worn });
    expect([load("Plate", true), load("Plate", false)]).toEqual([16, 20]);
    expect([load("Bomb Suit", true), load("Bomb Suit", false)]).toEqual([20, 30]);
    expect([load("Mail", true), load("Mail", false)]).toEqual([10, 10]);
  });
});

// ---- items ------------------------------------------------------------------------------------

const items = packSources("verses-items").map((s) => s.data);
const itemsByName = byName(packSources("verses-items"));

/** Name, the listing's weight line as printed, VALUE. */
const ITEMS: [string, string, number][] = [
  ["Backpack", "WT: 1kg", 20],
  ["Bandage", "EACH WT: 50g", 1],
  ["Bedroll", "WT: 1kg", 20],
  ["Blacksmithing Supplies", "EACH WT: 2kg", 10],
  ["Healer's Kit", "WT: 1kg", 80],
  ["Pouch", "WT: 50g", 2],
  ["Pouch, Large", "WT: 150g", 3],
  ["Quiver", "WT: 300g", 20],
  ["Rope", "PER METER WT: 500g", 1],
  ["Smith's Tools", "WT: 10kg", 300],
  ["Waterskin", "WT: 800g", 5],
  ["Wheelwright's Tools", "WT: 6kg", 200],
  ["Woodworking Supplies", "EACH WT: 1kg", 3],
];

describe("pack verses-items", () => {
  sharedPackChecks("verses-items", "Item", ["verses-gear"]);

  it("holds the 13 Ancient (TEC 1) items, all TEC 1", () => {
    expect(items).toHaveLength(13);
    expect(items.map((i) => i.name).sort()).toEqual(ITEMS.map((row) => row[0]).sort());
    expect(items.every((i) => i.system.tec === 1 && i.system.quantity === 1)).toBe(true);
  });

  it.each(ITEMS)("%s: '%s VALUE: %i' (kilograms)", (name, line, value) => {
    const s = itemsByName[name].system;
    expect(s.weight).toBe(parseMassKg(line.replace(/^.*WT:\s*/, "")));
    expect(s.value).toBe(value);
    expect(s.perMetre).toBe(line.startsWith("PER METER"));
  });

  it("tools: 'A set of portable ... tools (OL 2) for use with the Medicine / Engineering skill'", () => {
    const tools = items.filter((i) => i.system.kind === "tool");
    expect(Object.fromEntries(tools.map((t) => [t.name, [t.system.ol, t.system.toolFor]]))).toEqual({
      "Healer's Kit": [2, ["Medicine"]],
      "Smith's Tools": [2, ["Engineering"]],
      "Wheelwright's Tools": [2, ["Engineering"]],
    });
    for (const t of tools) expect(t.system.supplies).toBe(0);
    // Smith's Tools with Blacksmithing, Wheelwright's Tools with Woodworking (Engineering Tools & Supplies).
    expect(itemsByName["Smith's Tools"].system.supplyKind).toBe("blacksmithing");
    expect(itemsByName["Wheelwright's Tools"].system.supplyKind).toBe("woodworking");
    expect(itemsByName["Healer's Kit"].system.supplyKind).toBe("medical");
    expect(items.filter((i) => i.system.kind !== "tool").every((i) => i.system.ol === 0)).toBe(true);
  });

  it("consumables: Bandage, Blacksmithing Supplies, Woodworking Supplies ('EACH'), one supply per unit", () => {
    const supplies = items.filter((i) => i.system.kind === "supply");
    expect(
      Object.fromEntries(supplies.map((i) => [i.name, [i.system.supplyKind, i.system.supplies]])),
    ).toEqual({
      Bandage: ["medical", 1],
      "Blacksmithing Supplies": ["blacksmithing", 1],
      "Woodworking Supplies": ["woodworking", 1],
    });
  });

  it("containers: Backpack, Pouch, Pouch, Large, Quiver; Rope is weighed per metre", () => {
    expect(
      items
        .filter((i) => i.system.kind === "container")
        .map((i) => i.name)
        .sort(),
    ).toEqual(["Backpack", "Pouch", "Pouch, Large", "Quiver"]);
    expect(items.filter((i) => i.system.perMetre).map((i) => i.name)).toEqual(["Rope"]);
    // 10 m of rope at 500g a metre weighs 5 kg.
    expect(itemLoadKg("verses-gear", { ...itemsByName["Rope"].system, quantity: 10 })).toBe(5);
  });
});

// ---- vehicles ---------------------------------------------------------------------------------

const vehicles = packSources("verses-vehicles").map((s) => s.data);
const vehiclesByName = byName(packSources("verses-vehicles"));

/** Name, the listing line, TYPE, SPEED km/h, MV m/AD, CARGO m³, TUF, RESISTANCE, WT kg, VALUE. */
// prettier-ignore
const VEHICLES: [string, string, string, number, number, number, number, string, number, number][] = [
  ["Cart", "TYPE: Cart SPEED: 10km/h MV: 3m/AD CARGO: 1m³ WT: 100kg VALUE: 200", "Cart", 10, 3, 1, 0, "", 100, 200],
  ["Chariot", "TYPE: Cart SPEED: 65km/h MV: 18m/AD TUF: 3 RESISTANCE: (s,p,r)⇒c WT: 150kg VALUE: 800", "Cart", 65, 18, 0, 3, "(s,p,r)⇒c", 150, 800],
  ["Coach", "TYPE: Carriage SPEED: 10km/h MV: 3m/AD CARGO: 2m³ WT: 700kg VALUE: 3,000", "Carriage", 10, 3, 2, 0, "", 700, 3000],
  ["Four-Wheeled Carriage", "TYPE: Carriage SPEED: 12km/h MV: 4m/AD CARGO: 0.25m³ WT: 400kg VALUE: 1,000", "Carriage", 12, 4, 0.25, 0, "", 400, 1000],
  ["Two-Wheeled Carriage", "TYPE: Cart SPEED: 16km/h MV: 5m/AD CARGO: 0.25m³ WT: 300kg VALUE: 800", "Cart", 16, 5, 0.25, 0, "", 300, 800],
  ["Wagon", "TYPE: Carriage SPEED: 10km/h MV: 3m/AD CARGO: 4m³ WT: 500kg VALUE: 600", "Carriage", 10, 3, 4, 0, "", 500, 600],
];

describe("pack verses-vehicles", () => {
  sharedPackChecks("verses-vehicles", "Actor", ["verses-vehicle"]);

  it("holds the 6 Ancient (TEC 1) animal-drawn vehicles, with no embedded items", () => {
    expect(vehicles).toHaveLength(6);
    expect(vehicles.map((v) => v.name).sort()).toEqual(VEHICLES.map((row) => row[0]).sort());
    expect(
      vehicles.every((v) => v.system.tec === 1 && v.items.length === 0 && v.system.team.length === 0),
    ).toBe(true);
  });

  it.each(VEHICLES)("%s: '%s'", (name, _line, type, speed, mv, cargo, tuf, resistance, weight, value) => {
    const s = vehiclesByName[name].system;
    expect(s).toMatchObject({
      vehicleType: type,
      speedKmh: speed,
      mv,
      cargoM3: cargo,
      tuf,
      resistance,
      weight,
      value,
    });
    // The text gives vehicles no HP.
    expect(s.hp).toEqual({ value: 0, max: 0 });
  });

  it("'operated by using the Driving » * skill specialized with the stated vehicle type'", () => {
    for (const v of vehicles) {
      expect(v.system.drivingSkill).toBe(`Driving » ${v.system.vehicleType}`);
      expect(parseSkillRef(v.system.drivingSkill)).toEqual({ skill: "Driving", spec: v.system.vehicleType });
    }
  });

  it("the Chariot's '(s,p,r)⇒c' parses; the others list no resistance", () => {
    const r = validateResistance(vehiclesByName["Chariot"].system.resistance);
    expect(r.ok && [...r.value.resists].sort()).toEqual(["p", "r", "s"]);
    expect(r.ok && r.value.transforms).toEqual({ s: "c", p: "c", r: "c" });
    for (const v of vehicles) expect(validateResistance(v.system.resistance).ok).toBe(true);
  });

  it("animals: the Cart is 'pulled by an animal' (1); the text states no team size for the others (0)", () => {
    expect(Object.fromEntries(vehicles.map((v) => [v.name, v.system.animals]))).toEqual({
      Cart: 1,
      Chariot: 0,
      Coach: 0,
      "Four-Wheeled Carriage": 0,
      "Two-Wheeled Carriage": 0,
      Wagon: 0,
    });
  });
});
