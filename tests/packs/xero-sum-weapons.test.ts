// Xero Sum weapons (SRD 0.06 Appendix C, Tables 17–20): the 38 weapons in one folder per table,
// every column against the tables quoted below, row by row. The rows are the SRD's, with its
// garbled cells read as the contract settles them (Baseball Bat and Kitchen Knife re-aligned;
// Brass Knuckles' damage cell read as its 1, Enc 0). Also: the pack agrees with the rules layer's
// own reading of the tables (rules/equipment.ts).
import { describe, expect, it } from "vitest";
import { packId } from "../../scripts/lib/ids.mjs";
import { WEAPONS, weaponSystemData } from "../../src/rulesets/xero-sum/rules/equipment";
import {
  byName,
  camelKey,
  packFolders,
  packSources,
  plainText,
  rows,
  xeroSumItemPackChecks,
} from "./xero-sum-content";

const PACK = "xero-sum-weapons";
const sources = packSources(PACK);
const weapon = byName(sources);

// Name | Skill | Range | Rarity | Damage | RP | Enc. | Characteristic
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
Makeshift Club | Melee | Engaged | Common | 3+1d3 | 100% | 1 | -
Sledgehammer | Melee | Engaged | Uncommon | 3+3d3 | 100% | 2 | Cumbersome (2)
Spear | Melee | Close | Uncommon | 2+2d6 | 50% | 1 | Cumbersome (2)
Staff | Melee | Close | Common | 2+2d3 | 100% | 1 | Unwieldy (1)
Sword | Melee | Engaged | Uncommon | 3+3d3 | 50% | 1 | -
Tactical Baton | Melee | Engaged | Uncommon | 4+2d3 | 100% | 1 | -
Taser | Melee | Engaged | Uncommon | 0 | 200% | 1 | Stunned
Wood Axe | Melee | Close | Common | 5+1d3 | 50% | 1 | Cumbersome (1)
`;

// Name | Skill | Range | Rarity | Damage | RP | Enc. | Ammo | Clip | Char.
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

/** Polyverse's reading for Table 10's Long band (the tables do not say): weapon → class. */
const CLASSES: Record<string, string> = {
  "Automatic Rifle": "rifle",
  "Black Powder Rifle": "rifle",
  Carbine: "rifle",
  "Hunting Rifle": "rifle",
  "Sniper's Rifle": "rifle",
  "Heavy Pistol": "pistol",
  "Light Pistol": "pistol",
  "Shotgun (Pump-Action)": "shotgun",
  "Shotgun (Sawed-Off)": "shotgun",
  Bow: "bow",
  "Compound Bow": "bow",
  Crossbow: "bow",
  Slingshot: "other",
  Grenade: "thrown",
  "Smoke-Grenade": "thrown",
  "Flash-Bang Grenade": "thrown",
  "Molotov Cocktail": "thrown",
  Mortar: "launcher",
  "Rocket Launcher": "launcher",
  "Flame-Thrower": "other",
  "Tranquilizer Gun": "other",
};

const SKILLS: Record<string, string> = {
  Melee: "meleeCombat",
  Unarmed: "unarmedCombat",
  Ranged: "rangedCombat",
  Athletics: "athletics",
  "Demolitions*": "demolitions",
};
const TABLES = [
  { folder: "melee", number: 17, name: "Table 17: Melee Weapons", table: TABLE_17 },
  { folder: "ranged", number: 18, name: "Table 18: Ranged Weapons", table: TABLE_18 },
  { folder: "explosive", number: 19, name: "Table 19: Explosive Weapons", table: TABLE_19 },
  { folder: "special", number: 20, name: "Table 20: Special Weapons", table: TABLE_20 },
];

interface Row {
  name: string;
  category: string;
  index: number;
  skill: string;
  range: string;
  rarity: string;
  damage: string;
  rp: string;
  enc: number;
  ammo: string | null;
  clip: number | null;
  chars: string;
}
const ROWS: Row[] = TABLES.flatMap(({ folder, table }) =>
  rows(table).map((cells, index) => {
    const melee = cells.length === 8;
    const [name, skill, range, rarity, damage, rp, enc] = cells as [string, ...string[]];
    return {
      name,
      category: folder,
      index,
      skill: skill!,
      range: range!,
      rarity: rarity!,
      damage: damage!,
      rp: rp!,
      enc: Number(enc),
      ammo: melee ? null : cells[7]!,
      clip: melee ? null : Number(cells[8]),
      chars: cells.at(-1)!,
    };
  }),
);

const parseChars = (cell: string) =>
  cell === "-"
    ? []
    : cell.split("; ").map((c) => {
        const m = c.match(/^(.+?)(?: \((\d+)\))?$/)!;
        return { key: camelKey(m[1]!), value: m[2] ? Number(m[2]) : 0 };
      });
const parseDamage = (cell: string) => {
  if (cell === "-") return { base: 0, dice: "" };
  const [base, dice = ""] = cell.split("+");
  return { base: Number(base), dice };
};

describe("Xero Sum weapons pack", () => {
  xeroSumItemPackChecks(
    PACK,
    "xero-sum-weapon",
    ["icons/svg/sword.svg", "icons/svg/combat.svg"],
    (data) => data.system.category,
  );

  it("holds the 38 weapons of Tables 17–20: 17 melee, 13 ranged, 5 explosive, 3 special", () => {
    expect(ROWS).toHaveLength(38);
    expect(sources).toHaveLength(38);
    for (const { folder, table } of TABLES) {
      const names = sources.filter((s) => s.data.system.category === folder).map((s) => s.data.name);
      expect(names.sort(), folder).toEqual(
        rows(table)
          .map((r) => r[0])
          .sort(),
      );
    }
    expect(sources.filter((s) => s.data.system.category === "melee")).toHaveLength(17);
    expect(sources.filter((s) => s.data.system.category === "ranged")).toHaveLength(13);
    expect(sources.filter((s) => s.data.system.category === "explosive")).toHaveLength(5);
    expect(sources.filter((s) => s.data.system.category === "special")).toHaveLength(3);
  });

  it("has one compendium folder per table, in table order, its weapons in the table's order", () => {
    const folders = packFolders(PACK);
    expect(folders.map((f) => f.data.name)).toEqual(expect.arrayContaining(TABLES.map((t) => t.name)));
    expect(folders).toHaveLength(4);
    TABLES.forEach(({ folder, name }, i) => {
      const f = folders.find((x) => x.data.name === name)!;
      expect(f.file).toBe(`packs/${PACK}/${folder}/_Folder.yml`);
      expect(f.data).toMatchObject({
        _id: packId(PACK, `folder:${folder}`),
        type: "Item",
        folder: null,
        sorting: "m",
        sort: (i + 1) * 100000,
      });
    });
    for (const row of ROWS) {
      const w = weapon[row.name];
      expect(w.folder, row.name).toBe(packId(PACK, `folder:${row.category}`));
      expect(w.sort, row.name).toBe((row.index + 1) * 100000);
    }
  });

  it.each(ROWS)("$name: every column of its table", (row) => {
    const w = weapon[row.name];
    expect(w, row.name).toBeDefined();
    const noRp = row.rp === "-";
    expect(w.system).toEqual({
      key: camelKey(row.name),
      category: row.category,
      skill: SKILLS[row.skill],
      range: row.range.toLowerCase(),
      rarity: row.rarity.toLowerCase(),
      damage: parseDamage(row.damage),
      rpPercent: noRp ? 0 : Number(row.rp.replace("%", "")),
      enc: row.enc,
      ammo: {
        rarity: row.ammo === null || row.ammo === "-" ? "" : row.ammo.toLowerCase(),
        clip: row.clip ?? 0,
        loaded: row.clip ?? 0,
        reloads: 0,
      },
      characteristics: parseChars(row.chars),
      weaponClass: row.category === "melee" ? "melee" : CLASSES[row.name],
      scoped: false,
      condition: "used",
      readied: false,
      jammed: false,
      equipped: false,
      quantity: 1,
      description: w.system.description,
    });
    expect(w.img).toBe(row.category === "melee" ? "icons/svg/sword.svg" : "icons/svg/combat.svg");
  });

  it.each(ROWS)("$name: the description repeats its row and explains each characteristic", (row) => {
    const text = plainText(weapon[row.name].system.description);
    const table = TABLES.find((t) => t.folder === row.category)!;
    expect(text).toContain(`${table.name.replace(": ", ", ")}:`);
    expect(text).toContain(`Range ${row.range}`);
    expect(text).toContain(`Rarity ${row.rarity}`);
    expect(text).toContain(`Damage ${row.damage}${row.category === "melee" ? " + Physicality" : ""}`);
    expect(text).toContain(`RP ${row.rp}`);
    expect(text).toContain(`Enc ${row.enc}`);
    if (row.clip !== null) expect(text).toContain(`Ammo ${row.ammo}, Clip ${row.clip}`);
    expect(text).toContain(`Characteristics ${row.chars === "-" ? "none" : row.chars}`);
    for (const c of row.chars === "-" ? [] : row.chars.split("; ")) expect(text).toContain(`${c}: `);
  });

  it("says where it reads the text: Brass Knuckles, the stunning weapons, the launchers, reach, the grenades' twins", () => {
    const text = (name: string) => plainText(weapon[name].system.description);
    expect(text("Brass Knuckles")).toMatch(/garbled/);
    expect(text("Brass Knuckles")).toContain("1 + 1d3 + Physicality + Unarmed Combat");
    expect(text("Taser")).toMatch(/200% of 0 \+ Physicality/);
    expect(text("Tranquilizer Gun")).toMatch(/Damage is 0/);
    for (const name of ["Mortar", "Rocket Launcher"]) expect(text(name)).toMatch(/Range is Distant, but/);
    for (const name of ["Bullwhip", "Fire Axe", "Spear", "Staff", "Wood Axe"])
      expect(text(name), name).toMatch(/extended melee attack/);
    for (const name of ["Club", "Sword", "Baseball Bat"])
      expect(text(name), name).not.toMatch(/extended melee/);
    expect(text("Smoke-Grenade")).toContain("Smoke Grenade");
    expect(text("Flash-Bang Grenade")).toContain("Flashbang");
    expect(text("Grenade")).toMatch(/its own ammunition/);
    expect(text("Automatic Rifle")).toMatch(/Polyverse spends 3/);
    expect(text("Light Pistol")).toMatch(/pistol: −5 at Long range/);
    expect(text("Hunting Rifle")).toMatch(/rifle: \+1 at Long range/);
  });

  it("agrees with the rules layer's reading of the tables (rules/equipment.ts WEAPONS)", () => {
    expect(WEAPONS.map((w) => w.key)).toEqual(ROWS.map((r) => camelKey(r.name)));
    for (const row of WEAPONS) {
      const entry = sources.find((s) => s.data.system.key === row.key)!.data;
      expect({ ...entry.system, description: "" }, row.key).toEqual(weaponSystemData(row));
    }
  });
});
