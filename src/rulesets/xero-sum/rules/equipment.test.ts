import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  EQUIPMENT,
  EQUIPMENT_KEYS,
  EXPLOSIVE_WEAPONS,
  FISTS,
  MELEE_WEAPONS,
  RANGED_WEAPONS,
  SPECIAL_WEAPONS,
  WEAPONS,
  WEAPON_KEYS,
  burstRounds,
  characteristicPenalty,
  characteristicValue,
  conditionModifier,
  encumbrance,
  encumbranceCapacity,
  encumbranceLoad,
  equipmentBonuses,
  equipmentSystemData,
  handlingModifiers,
  hasReach,
  repairCondition,
  upkeepCondition,
  usesAmmunition,
  weaponSystemData,
  xeroSumEquipment,
  xeroSumWeapon,
  type WeaponRow,
} from "./equipment";
import { BANDS, CONDITIONS, type Band, type ItemCondition } from "./keys";

/** "Angler's Set" → anglersSet, "Shotgun (Pump-Action)" → shotgunPumpAction. */
const camel = (name: string) =>
  name
    .replace(/'/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0]?.toUpperCase() + w.slice(1).toLowerCase()))
    .join("");

const SKILLS: Record<string, string> = {
  Melee: "meleeCombat",
  Unarmed: "unarmedCombat",
  Ranged: "rangedCombat",
  Athletics: "athletics",
  "Demolitions*": "demolitions",
};

/** Reads a transcribed row's cells the way the tables print them. */
function readRow(cells: string[], table: 17 | 18 | 19 | 20) {
  const [name, skill, range, rarity, damage, rp, enc, ammo, clip, chars] =
    table === 17 ? [...cells.slice(0, 7), undefined, undefined, cells[7]] : cells;
  const dmgMatch = /^(\d+)(?:\+(\dd\d))?$/.exec(damage ?? "");
  return {
    key: camel(name ?? ""),
    skill: SKILLS[skill ?? ""],
    range: range?.toLowerCase(),
    rarity: rarity?.toLowerCase(),
    damage: damage === "-" ? null : { base: Number(dmgMatch?.[1]), dice: dmgMatch?.[2] ?? "" },
    rpPercent: rp === "-" ? null : Number(rp?.replace("%", "")),
    enc: Number(enc),
    ammo: table === 17 ? null : { rarity: ammo === "-" ? "" : ammo?.toLowerCase(), clip: Number(clip) },
    characteristics:
      !chars || chars === "-"
        ? []
        : chars.split(";").map((c) => {
            const m = /^(.+?)(?: \((\d+)\))?$/.exec(c.trim());
            return { key: camel(m?.[1] ?? ""), value: Number(m?.[2] ?? 0) };
          }),
  };
}

const rows = (text: string) =>
  text
    .trim()
    .split("\n")
    .map((l) => l.split("|").map((c) => c.trim()));

// The tables as printed (Name | Skill | Range | Rarity | Damage | RP | Enc. | [Ammo | Clip |] Char.).
// Garbled cells as the spec rebuilt them: Baseball Bat, Kitchen Knife, Brass Knuckles (damage "1", Enc 0).
const TABLE_17 = `
Baseball Bat | Melee | Engaged | Common | 4+1d6 | 100% | 1 | -
Brass Knuckles | Unarmed | Engaged | Uncommon | 1 | 100% | 0 | -
Bullwhip | Athletics | Close | Uncommon | 1+1d3 | 100% | 1 | Unwieldy (2)
Club | Melee | Engaged | Common | 5+1d6 | 100% | 2 | Cumbersome (1)
Fire Axe | Melee | Close | Uncommon | 3+2d3 | 50% | 1 | -
Hatchet | Melee | Engaged | Common | 3+1d3 | 50% | 1 | -
Hunting Knife | Melee | Engaged | Common | 2+2d3 | 50% | 1 | Unwieldy (1)
Kitchen Knife | Melee | Engaged | Common | 2+1d3 | 50% | 1 | -
Machete | Melee | Engaged | Uncommon | 3+2d3 | 50% | 1 | -
Makeshift Club | Melee | Engaged | Common | 3+1d3 | 100% | 1 |
Sledgehammer | Melee | Engaged | Uncommon | 3+3d3 | 100% | 2 | Cumbersome (2)
Spear | Melee | Close | Uncommon | 2+2d6 | 50% | 1 | Cumbersome (2)
Staff | Melee | Close | Common | 2+2d3 | 100% | 1 | Unwieldy (1)
Sword | Melee | Engaged | Uncommon | 3+3d3 | 50% | 1 | -
Tactical Baton | Melee | Engaged | Uncommon | 4+2d3 | 100% | 1 | -
Taser | Melee | Engaged | Uncommon | 0 | 200% | 1 | Stunned
Wood Axe | Melee | Close | Common | 5+1d3 | 50% | 1 | Cumbersome (1)
`;
const TABLE_18 = `
Automatic Rifle | Ranged | Long | Uncommon | 5+2d6 | 50% | 2 | Uncommon | 30 | Automatic Burst
Black Powder Rifle | Ranged | Long | Uncommon | 5+1d6 | 50% | 2 | Uncommon | 1 | -
Bow | Ranged | Medium | Common | 4+1d6 | 50% | 1 | Common | 1 | Tracking
Carbine | Ranged | Medium | Uncommon | 5+1d6 | 50% | 1 | Uncommon | 30 | Automatic Burst
Compound Bow | Ranged | Long | Uncommon | 4+2d3 | 50% | 2 | Common | 1 | Tracking
Crossbow | Ranged | Medium | Uncommon | 4+1d6 | 50% | 2 | Uncommon | 1 | Unwieldy (1)
Heavy Pistol | Ranged | Close | Uncommon | 3+2d3 | 50% | 1 | Uncommon | 9 | -
Hunting Rifle | Ranged | Long | Common | 5+1d6 | 50% | 2 | Uncommon | 12 | -
Light Pistol | Ranged | Close | Common | 3+1d6 | 50% | 1 | Common | 6 | -
Shotgun (Pump-Action) | Ranged | Medium | Common | 5+2d6 | 50% | 2 | Common | 5 | Close-Up
Shotgun (Sawed-Off) | Ranged | Close | Uncommon | 2+3d6 | 50% | 2 | Common | 2 | Close-Up
Slingshot | Ranged | Close | Common | 1+1d3 | 100% | 0 | Common | 30 | Tracking
Sniper's Rifle | Ranged | Distant | Rare | 2+3d6 | 50% | 2 | Uncommon | 10 | -
`;
const TABLE_19 = `
Grenade | Athletics | Close | Uncommon | 2+2d6 | 100% | 1 | - | 1 | Tracking; Blast Radius
Smoke-Grenade | Athletics | Close | Uncommon | - | - | 1 | Uncommon | 1 | Stunned
Flash-Bang Grenade | Athletics | Close | Uncommon | - | - | 1 | Uncommon | 1 | Stunned
Mortar | Demolitions* | Distant | Rare | 5+2d6 | 100% | 2 | Uncommon | 1 | Blast Radius
Rocket Launcher | Demolitions* | Distant | Rare | 3+3d6 | 100% | 3 | Uncommon | 1 | Blast Radius
`;
const TABLE_20 = `
Flame-Thrower | Demolitions* | Close | Rare | 3+2d6 | 100% | 2 | Uncommon | 1 | Burning (3)
Molotov Cocktail | Athletics | Close | Uncommon | 1+1d3 | 100% | 0 | Common | 1 | Tracking; Burning (1)
Tranquilizer Gun | Ranged | Medium | Rare | 0 | 100% | 1 | Uncommon | 1 | Stunned
`;

const columns = (w: WeaponRow) => ({
  key: w.key,
  skill: w.skill,
  range: w.range,
  rarity: w.rarity,
  damage: w.damage,
  rpPercent: w.rpPercent,
  enc: w.enc,
  ammo: w.ammo,
  characteristics: w.characteristics,
});

describe("Tables 17–20: the 38 weapons, entry by entry", () => {
  const cases: [string, 17 | 18 | 19 | 20, string, readonly WeaponRow[]][] = [
    ["Table 17: Melee Weapons", 17, TABLE_17, MELEE_WEAPONS],
    ["Table 18: Ranged Weapons", 18, TABLE_18, RANGED_WEAPONS],
    ["Table 19: Explosive Weapons", 19, TABLE_19, EXPLOSIVE_WEAPONS],
    ["Table 20: Special Weapons", 20, TABLE_20, SPECIAL_WEAPONS],
  ];
  for (const [title, table, text, data] of cases) {
    describe(title, () => {
      const printed = rows(text);
      it(`has ${printed.length} rows in the printed order`, () => {
        expect(data.map((w) => w.key)).toEqual(printed.map((cells) => camel(cells[0] ?? "")));
      });
      for (const [i, cells] of printed.entries()) {
        it(`${cells[0]}: ${cells.slice(1).join(" | ")}`, () => {
          const w = data[i] as WeaponRow;
          expect(columns(w)).toEqual(readRow(cells, table));
          expect(w.table).toBe(table);
          expect(w.category).toBe({ 17: "melee", 18: "ranged", 19: "explosive", 20: "special" }[table]);
        });
      }
    });
  }

  it("counts: 17 + 13 + 5 + 3 = 38; Common 13, Uncommon 20, Rare 5", () => {
    expect([MELEE_WEAPONS, RANGED_WEAPONS, EXPLOSIVE_WEAPONS, SPECIAL_WEAPONS].map((t) => t.length)).toEqual([
      17, 13, 5, 3,
    ]);
    expect(WEAPONS).toHaveLength(38);
    expect(new Set(WEAPON_KEYS).size).toBe(38);
    const count = (r: string) => WEAPONS.filter((w) => w.rarity === r).length;
    expect([count("common"), count("uncommon"), count("rare")]).toEqual([13, 20, 5]);
  });
  it("by skill: Melee 15, Unarmed 1, Athletics 5, Ranged 14, Demolitions* 3", () => {
    const count = (s: string) => WEAPONS.filter((w) => w.skill === s).length;
    expect(["meleeCombat", "unarmedCombat", "athletics", "rangedCombat", "demolitions"].map(count)).toEqual([
      15, 1, 5, 14, 3,
    ]);
  });
  it("the keys the contract names", () => {
    for (const key of [
      "baseballBat",
      "shotgunPumpAction",
      "shotgunSawedOff",
      "snipersRifle",
      "smokeGrenade",
      "flashBangGrenade",
      "flameThrower",
      "molotovCocktail",
      "tranquilizerGun",
    ])
      expect(WEAPON_KEYS).toContain(key);
  });
  it("weapon classes for Table 10's Long band: pistols and rifles", () => {
    const of = (c: string) => WEAPONS.filter((w) => w.weaponClass === c).map((w) => w.key);
    expect(of("pistol")).toEqual(["heavyPistol", "lightPistol"]);
    expect(of("rifle")).toEqual([
      "automaticRifle",
      "blackPowderRifle",
      "carbine",
      "huntingRifle",
      "snipersRifle",
    ]);
    expect(MELEE_WEAPONS.every((w) => w.weaponClass === "melee")).toBe(true);
  });
  it("a weapon by key; fists are 1d3, 100% RP, Unarmed; an unknown key throws", () => {
    expect(xeroSumWeapon("machete").damage).toEqual({ base: 3, dice: "2d3" });
    expect(xeroSumWeapon("fists")).toBe(FISTS);
    expect(FISTS).toMatchObject({ skill: "unarmedCombat", damage: { base: 0, dice: "1d3" }, rpPercent: 100 });
    expect(() => xeroSumWeapon("lightsaber")).toThrow(RangeError);
  });
  it("Extended Melee Attack: the Close melee weapons", () => {
    expect(WEAPONS.filter(hasReach).map((w) => w.key)).toEqual([
      "bullwhip",
      "fireAxe",
      "spear",
      "staff",
      "woodAxe",
    ]);
  });
  it("ammunition: every ranged, explosive and special weapon but the Grenade", () => {
    const without = WEAPONS.filter((w) => !usesAmmunition(w)).map((w) => w.key);
    expect(without).toEqual([...MELEE_WEAPONS.map((w) => w.key), "grenade"]);
  });
});

describe("Table 15: characteristics as mechanics", () => {
  it("(X) read off a weapon; null without it", () => {
    expect(characteristicValue(xeroSumWeapon("sledgehammer"), "cumbersome")).toBe(2);
    expect(characteristicValue(xeroSumWeapon("molotovCocktail"), "burning")).toBe(1);
    expect(characteristicValue(xeroSumWeapon("flameThrower"), "burning")).toBe(3);
    expect(characteristicValue(xeroSumWeapon("sword"), "cumbersome")).toBeNull();
  });
  it("Cumbersome (2), PHY 1 → −2 (literal); PHY 2 → 0", () => {
    expect(characteristicPenalty(2, 1)).toBe(-2);
    expect(characteristicPenalty(2, 2)).toBe(0);
  });
  it("Unwieldy (1), DEX 0 → −1", () => {
    expect(characteristicPenalty(1, 0)).toBe(-1);
  });
  it("the shortfall reading: Cumbersome (2), PHY 1 → −1; PHY −1 → −3", () => {
    expect(characteristicPenalty(2, 1, "shortfall")).toBe(-1);
    expect(characteristicPenalty(2, -1, "shortfall")).toBe(-3);
  });
  it("a weapon's handling: Spear Cumbersome (2), Bullwhip Unwieldy (2)", () => {
    expect(handlingModifiers(xeroSumWeapon("spear"), { phy: 0, dex: 4 })).toEqual({
      cumbersome: -2,
      unwieldy: 0,
    });
    expect(handlingModifiers(xeroSumWeapon("bullwhip"), { phy: 0, dex: 1 }, "shortfall")).toEqual({
      cumbersome: 0,
      unwieldy: -1,
    });
  });
  it("property: 0 at X or above; below, −X or −(X − attribute), the shortfall no worse from 0 up", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.integer({ min: -3, max: 6 }), (x, attr) => {
        const literal = characteristicPenalty(x, attr, "literal");
        const shortfall = characteristicPenalty(x, attr, "shortfall");
        if (attr >= x) expect([literal, shortfall]).toEqual([0, 0]);
        else expect([literal, shortfall]).toEqual([-x, attr - x]);
        if (attr >= 0) expect(shortfall).toBeGreaterThanOrEqual(literal);
      }),
    );
  });
  it("Automatic Burst has no (X) printed: the text's example 3, or a GM's number", () => {
    expect(burstRounds(xeroSumWeapon("automaticRifle"))).toBe(3);
    expect(burstRounds(xeroSumWeapon("carbine"), 5)).toBe(5);
    expect(burstRounds(xeroSumWeapon("huntingRifle"))).toBe(0);
  });
});

// Table 21 as printed: Name | Rarity | Enc | the numbers its Notes give (blank cells blank).
const TABLE_21 = `
Angler's Set | Uncommon | 1 | survival +2 fishing
Backpack | Common | 0 | encumbrance +2
Basic Survival Kit | Common | 2 |
Bicycle Repair Kit | Common | 0 |
Bolt Cutters | | |
Binoculars | Common | 1 | perception +1 longOrDistant
Canteen | | |
Climbing Gear | Uncommon | 1 |
Compass | Common | 0 | navigation +1
Crowbar | | |
Doctor's Bag | Uncommon | 1 | medicine +2 firstAidOrSurgery; heals 1+2d3
Fire-starting Kit | Uncommon | 0 |
First Aid Kit | Common | 1 | medicine +1 firstAid; heals 1+1d3
Fishing Kit | Common | 1 | survival +1 fishing
Flare | | |
Flashbang | Uncommon | 1 |
Flashlight | Common | 0 |
Grappling Hook | Uncommon | 1 | athletics +1 climbing
Handcuffs | Uncommon | 0 |
Instant Camera | Uncommon | 1 | 6 charges; manipulation +1 charmPictured
Horseshoe Tools | Uncommon | 1 |
Lantern | | |
Loudspeaker | Uncommon | 1 | intimidation +1; inspiration +1
Military Backpack | Uncommon | 0 | encumbrance +2
Multitool | | | tinkerer +1; mechanic +1
Night Vision Goggles | Uncommon | 1 |
Radio Scanner | Common | 0 |
Road Flare | Common | 1 |
Rope | Common | 1 |
Shovel | | |
Smoke Grenade | Uncommon | 1 |
Survivalists Kit | Uncommon | 2 |
Standard Lockpicks | Uncommon | 0 | sleightOfHand +1 lockPicking
Criminal Lockpicks | Uncommon | 0 | sleightOfHand +2 lockPicking
Hunting Traps | Common | 1 |
Toolkit | Common | 1 | mechanic +1
Walkie-Talkies | Uncommon | 1 |
Water Filtration System | Uncommon | 1 |
Weapons Toolkit | Uncommon | 1 |
Workman's Toolkit | Uncommon | 1 | mechanic +2
`;

function readNotes(notes: string) {
  const bonuses: { target: string; value: number; context: string }[] = [];
  let heal = null as { base: number; dice: string } | null;
  let charges = 0;
  for (const part of notes
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const h = /^heals (\d+)\+(\dd\d)$/.exec(part);
    const c = /^(\d+) charges$/.exec(part);
    const b = /^(\w+) \+(\d+)(?: (\w+))?$/.exec(part);
    if (h) heal = { base: Number(h[1]), dice: h[2] ?? "" };
    else if (c) charges = Number(c[1]);
    else if (b) bonuses.push({ target: b[1] ?? "", value: Number(b[2]), context: b[3] ?? "" });
    else throw new Error(`unread note ${part}`);
  }
  return { bonuses, heal, charges };
}

describe("Table 21: the 40 items, entry by entry", () => {
  const printed = rows(TABLE_21);
  it("40 rows in the printed order", () => {
    expect(printed).toHaveLength(40);
    expect(EQUIPMENT_KEYS).toEqual(printed.map((c) => camel(c[0] ?? "")));
  });
  for (const [i, [name, rarity, enc, notes]] of printed.entries()) {
    it(`${name}: ${rarity || "(blank)"} | ${enc || "(blank)"} | ${notes || "-"}`, () => {
      const row = EQUIPMENT[i];
      expect(row?.rarity).toBe((rarity ?? "").toLowerCase());
      expect(row?.enc).toBe(enc ? Number(enc) : null);
      const read = readNotes(notes ?? "");
      expect(row?.bonuses).toEqual(read.bonuses);
      expect(row?.heal).toEqual(read.heal);
      expect(row?.charges).toBe(read.charges);
    });
  }
  it("counts: Common 13, Uncommon 20, blank 7 (with no Enc)", () => {
    const count = (r: string) => EQUIPMENT.filter((e) => e.rarity === r).length;
    expect([count("common"), count("uncommon"), count("")]).toEqual([13, 20, 7]);
    expect(EQUIPMENT.filter((e) => e.enc === null).map((e) => e.key)).toEqual([
      "boltCutters",
      "canteen",
      "crowbar",
      "flare",
      "lantern",
      "multitool",
      "shovel",
    ]);
  });
  it("the keys the contract names", () => {
    for (const key of ["anglersSet", "doctorsBag", "survivalistsKit", "workmansToolkit"])
      expect(EQUIPMENT_KEYS).toContain(key);
  });
  it("the other notes as facts: kits' contents, blinding, 20 miles, weapon upkeep", () => {
    expect(xeroSumEquipment("survivalistsKit").features).toEqual([
      { kind: "contains", items: ["waterproofTent", "sleepingBag", "fireStartingKit"], rationDays: 3 },
    ]);
    expect(xeroSumEquipment("basicSurvivalKit").features).toEqual([
      { kind: "contains", items: ["tent", "sleepingBag"], rationDays: 0 },
    ]);
    for (const key of ["flashbang", "smokeGrenade"])
      expect(xeroSumEquipment(key).features).toEqual([
        { kind: "blinds", within: "close", attribute: "phy", rounds: "1d3" },
      ]);
    expect(xeroSumEquipment("walkieTalkies").features).toEqual([{ kind: "range", miles: 20 }]);
    expect(xeroSumEquipment("weaponsToolkit").features).toEqual([
      { kind: "requiredFor", what: "weaponUpkeep" },
    ]);
    expect(() => xeroSumEquipment("jetpack")).toThrow(RangeError);
  });
});

describe("item data", () => {
  it("a weapon's system data: columns, a full clip, reloads only with ammunition", () => {
    const pistol = weaponSystemData(xeroSumWeapon("lightPistol"), { reloads: 2 });
    expect(pistol).toMatchObject({
      key: "lightPistol",
      category: "ranged",
      skill: "rangedCombat",
      range: "close",
      rarity: "common",
      damage: { base: 3, dice: "1d6" },
      rpPercent: 50,
      enc: 1,
      ammo: { rarity: "common", clip: 6, loaded: 6, reloads: 2 },
      characteristics: [],
      weaponClass: "pistol",
      condition: "used",
      quantity: 1,
    });
    expect(weaponSystemData(xeroSumWeapon("grenade"), { reloads: 2 }).ammo).toEqual({
      rarity: "",
      clip: 1,
      loaded: 1,
      reloads: 0,
    });
    const smoke = weaponSystemData(xeroSumWeapon("smokeGrenade"), { condition: "pristine" });
    expect(smoke).toMatchObject({ damage: { base: 0, dice: "" }, rpPercent: 0, condition: "pristine" });
    expect(weaponSystemData(xeroSumWeapon("bullwhip")).ammo).toEqual({
      rarity: "",
      clip: 0,
      loaded: 0,
      reloads: 0,
    });
  });
  it("an item's system data: charges, bonuses, healing, Enc 0 for a blank cell", () => {
    expect(equipmentSystemData(xeroSumEquipment("instantCamera"))).toMatchObject({
      charges: { value: 6, max: 6 },
      bonuses: [{ target: "manipulation", value: 1, context: "charmPictured" }],
    });
    expect(equipmentSystemData(xeroSumEquipment("doctorsBag")).heal).toEqual({ base: 1, dice: "2d3" });
    expect(equipmentSystemData(xeroSumEquipment("rope")).heal).toEqual({ base: 0, dice: "" });
    expect(equipmentSystemData(xeroSumEquipment("crowbar"), { condition: "worn" })).toMatchObject({
      enc: 0,
      rarity: "",
      condition: "worn",
    });
  });
});

describe("encumbrance", () => {
  const backpack = xeroSumEquipment("backpack");
  it("6 + PHY; +2 per backpack carried", () => {
    expect(encumbranceCapacity(0)).toBe(6);
    expect(encumbranceCapacity(2)).toBe(8);
    expect(encumbranceCapacity(-1, [{ enc: 0, bonuses: backpack.bonuses }])).toBe(7);
    expect(
      encumbranceCapacity(1, [
        { enc: 0, bonuses: backpack.bonuses },
        { enc: 0, bonuses: xeroSumEquipment("militaryBackpack").bonuses },
      ]),
    ).toBe(11);
    expect(encumbranceCapacity(1, [{ enc: 0, bonuses: backpack.bonuses, carried: false }], 1)).toBe(8);
  });
  it("load: Enc × quantity of what is carried; over capacity flagged", () => {
    expect(encumbranceLoad([{ enc: 2 }, { enc: 1, quantity: 3 }, { enc: 5, carried: false }])).toBe(5);
    expect(encumbrance(0, [{ enc: 2, quantity: 3 }, { enc: 1 }])).toEqual({
      load: 7,
      capacity: 6,
      over: true,
    });
    expect(encumbrance(0, [{ enc: 2, quantity: 3 }])).toEqual({ load: 6, capacity: 6, over: false });
  });
  it("bonuses for a check, with their context", () => {
    const items = [
      { key: "toolkit", bonuses: xeroSumEquipment("toolkit").bonuses },
      { key: "multitool", bonuses: xeroSumEquipment("multitool").bonuses },
      { key: "workmansToolkit", bonuses: xeroSumEquipment("workmansToolkit").bonuses, carried: false },
    ];
    expect(equipmentBonuses(items, "mechanic")).toEqual([
      { key: "toolkit", value: 1, context: "" },
      { key: "multitool", value: 1, context: "" },
    ]);
  });
});

describe("Table 14: condition and upkeep", () => {
  const up = (c: ItemCondition, b: Band) => upkeepCondition(c, b);
  it("U1 Worn, Wild Success → Used", () =>
    expect(up("worn", "wild-success")).toEqual({ ok: true, value: "used" }));
  it("U2 Used, Wild Success → Used (cap)", () =>
    expect(up("used", "wild-success")).toEqual({ ok: true, value: "used" }));
  it("U3 Pristine, Wild Success → Pristine", () =>
    expect(up("pristine", "wild-success")).toEqual({ ok: true, value: "pristine" }));
  it("U4 Used, Success → Used", () => expect(up("used", "success")).toEqual({ ok: true, value: "used" }));
  it("U5 Worn, Failure → Damaged", () =>
    expect(up("worn", "failure")).toEqual({ ok: true, value: "damaged" }));
  it("U6 Damaged, Failure → Broken", () =>
    expect(up("damaged", "failure")).toEqual({ ok: true, value: "broken" }));
  it("U7 Pristine, Dire Failure / [1,1] → Broken", () =>
    expect(up("pristine", "dire-failure")).toEqual({ ok: true, value: "broken" }));
  it("U8 Broken: any repair → at best Damaged; upkeep refused", () => {
    for (const band of BANDS) {
      const r = repairCondition("broken", band);
      expect(r.ok && CONDITIONS.indexOf(r.value)).toBeGreaterThanOrEqual(CONDITIONS.indexOf("damaged"));
    }
    expect(repairCondition("broken", "wild-success")).toEqual({ ok: true, value: "damaged" });
    expect(repairCondition("broken", "failure")).toEqual({ ok: true, value: "broken" });
    expect(repairCondition("worn", "success")).toEqual({ ok: false, reason: "notBroken" });
    expect(up("broken", "wild-success")).toEqual({ ok: false, reason: "broken" });
  });
  it("U9 Damaged: −1 CMod; Broken unusable; the rest 0", () => {
    expect(conditionModifier("damaged")).toEqual({ usable: true, cmod: -1 });
    expect(conditionModifier("broken")).toEqual({ usable: false, cmod: 0 });
    for (const c of ["pristine", "used", "worn"] as const)
      expect(conditionModifier(c)).toEqual({ usable: true, cmod: 0 });
  });
  it("property: upkeep never passes Used upward, moves one level at most but to Broken", () => {
    const usable = CONDITIONS.filter((c) => c !== "broken");
    fc.assert(
      fc.property(fc.constantFrom(...usable), fc.constantFrom(...BANDS), (c, band) => {
        const r = upkeepCondition(c, band);
        if (!r.ok) throw new Error("refused");
        const from = CONDITIONS.indexOf(c);
        const to = CONDITIONS.indexOf(r.value);
        if (band === "dire-failure") expect(r.value).toBe("broken");
        else expect(Math.abs(to - from)).toBeLessThanOrEqual(1);
        if (to < from) expect(to).toBeGreaterThanOrEqual(CONDITIONS.indexOf("used"));
      }),
    );
  });
});
