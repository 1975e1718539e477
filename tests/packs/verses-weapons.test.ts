// 'Verses weapons, unarmed attacks, grappling moves and ammunition ('Verses Core 0.8.5, "Weapons
// Lists", "Weapon Features", "Ammunition", skills "Unarmed Combat" and "Grappling"): counts, every
// listing's numbers against the text's own lines, and the rules layer reading the stored strings.
import { describe, expect, it } from "vitest";
import { packId, packUuid } from "../../scripts/lib/ids.mjs";
import { checkPackEntries } from "../../scripts/lib/pack-check.mjs";
import { parseMassKg } from "../../src/core/migrations";
import {
  AMMUNITION,
  CHOKE_PROGRESSION,
  GRENADE_CONDITIONS,
  areaDamage,
  attackDamage,
  maxSustainDice,
  parseActionFeatures,
  parseAmmoEffect,
  parseAreaDamage,
  parseContinuous,
  parseDamage,
  parseSkillRef,
  parseSustainable,
  rangedTarget,
  reloadCost,
  validateRangeSpec,
} from "../../src/rulesets/verses/rules";
import {
  CREDIT,
  byName,
  manifestWithVersesTypes,
  packEntry,
  packSources,
  sharedPackChecks,
} from "./verses-content";

const weaponSources = packSources("verses-weapons");
const weapons = weaponSources.map((s) => s.data);
const weapon = byName(weaponSources);
const ammoSources = packSources("verses-ammunition");
const ammunition = ammoSources.map((s) => s.data);
const ammo = byName(ammoSources);

/** A feature list as the listings print it: `Chainable Parry(3)`, `Reload(2AD/shot)`. */
const printed = (features: { name: string; value: string }[]) =>
  features.map((f) => (f.value ? `${f.name}(${f.value})` : f.name)).join(" ");

/** The group folder of a source file: `packs/verses-weapons/<group>/<slug>.yml`. */
const group = (name: string) =>
  weaponSources
    .find((s) => s.data.name === name)!
    .file.split("/")
    .at(-2);

const AXES = "Weapons » Axes";
const BLUD = "Weapons » Bludgeons";
const BOWS = "Weapons » Bows";
const XBOW = "Weapons » Crossbows";
const POLE = "Weapons » Polearms";
const SHORT = "Weapons » Short Blades";
const STAV = "Weapons » Staves";
const SWORD = "Weapons » Swords";
const GREN = "Weapons » Hand Grenades";
const MUZZ = "Weapons » Muzzle-Loading Firearms";
const FIRE = "Weapons » Firearms";
const MOD = "Weapons » Modern Small Arms";

/**
 * Every single-mode listing: document name, TEC, the skill its heading names, and the listing's stat
 * line as the text prints it (lines the text breaks are joined with a space). The Pistol Cutlass and
 * the Double-Barrel Shotgun's second mode are tested on their own below.
 */
const LISTINGS: [string, number, string, string][] = [
  ["Battle Axe", 1, AXES, "TEST: 1S HP/SM: 3(s) HANDS: 1 Chainable Parry(3) WT: 3kg VALUE: 300"],
  ["Great Axe", 1, AXES, "TEST: 2S HP/SM: 4(s) HANDS: 2 Slow(3AD) WT: 6kg VALUE: 600"],
  [
    "Hand Axe",
    1,
    AXES,
    "TEST: 1S HP/SM: 2(s) HANDS: 1 Chainable Parry(2) Throwable(2S@2m,5,8) WT: 500g VALUE: 50",
  ],
  ["Truncheon", 1, BLUD, "TEST: 1S HP/SM: 2(c) HANDS: 1 Chainable Fast Parry(2) WT: 300g VALUE: 30"],
  ["Mace", 1, BLUD, "TEST: 1S HP/SM: 3(c) HANDS: 1 Parry(2) WT: 2kg VALUE: 50"],
  ["Maul", 1, BLUD, "TEST: 1S HP/SM: 4(c) HANDS: 2 Slow(3AD) WT: 9kg VALUE: 80"],
  ["War Hammer", 1, BLUD, "TEST: 1S HP/SM: 3(c) HANDS: 1 Parry(3) WT: 3kg VALUE: 200"],
  ["Long Bow", 1, BOWS, "TEST: 2S@10m,30,50,70,90 HP/SM: 2(p) HANDS: 2 Reload(4AD) WT: 1kg VALUE: 400"],
  ["Short Bow", 1, BOWS, "TEST: 2S@10m,20,30,40,50 HP/SM: 2(p) HANDS: 2 Reload(4AD) WT: 800g VALUE: 200"],
  ["Crossbow", 1, XBOW, "TEST: 1S@15m,35,50,70,90 HP/SM: 2(p) HANDS: 2 Reload(10AD) WT: 3kg VALUE: 300"],
  ["Hand Crossbow", 1, XBOW, "TEST: 1S@5m,10,15,20 HP/SM: 2(p) HANDS: 1 Reload(8AD) WT: 1kg VALUE: 200"],
  [
    "Heavy Crossbow",
    1,
    XBOW,
    "TEST: 1S@20m,40,70,90,110 HP/SM: 3(p) HANDS: 2 Reload(12AD) WT: 8kg VALUE: 500",
  ],
  ["Halberd", 1, POLE, "TEST: 2S@3m,2 HP/SM: 3(s) HANDS: 2 Parry(3) Unwieldy WT: 7kg VALUE: 400"],
  ["Pike", 1, POLE, "TEST: 1S@3m,2 HP/SM: 2(p) HANDS: 2 Parry(3) Unwieldy WT: 5kg VALUE: 300"],
  [
    "Dagger",
    1,
    SHORT,
    "TEST: 2S HP/SM: 1(s) or 1(p) HANDS: 1 Chainable Fast Parry(1) Throwable(2S@2m,4,6) WT: 500g VALUE: 40",
  ],
  ["Short Sword", 1, SHORT, "TEST: 1S HP/SM: 1(s) or 2(p) HANDS: 1 Parry(2) WT: 1kg VALUE: 200"],
  ["Smallsword", 1, SHORT, "TEST: 1S HP/SM: 1(p) HANDS: 1 Chainable Fast Parry(2) WT: 600g VALUE: 170"],
  ["Wakizashi", 1, SHORT, "TEST: 1S HP/SM: 2(s) or 2(p) HANDS: 1 Chainable Parry(2) WT: 800g VALUE: 700"],
  [
    "Naginata",
    1,
    STAV,
    "TEST: 2S HP/SM: 3(s) or 2(p) HANDS: 2 Chainable Fast Parry(2) Unhanded(-2) WT: 3kg VALUE: 800",
  ],
  [
    "Quarterstaff",
    1,
    STAV,
    "TEST: 1S HP/SM: 2(c) HANDS: 2 Chainable Parry(3) Unhanded(-2) WT: 2kg VALUE: 50",
  ],
  [
    "Spear",
    1,
    STAV,
    "TEST: 2S HP/SM: 2(p) HANDS: 2 Parry(2) Throwable(1S@5m,10,15,20) Unhanded(-1) WT: 1kg VALUE: 80",
  ],
  ["Claymore", 1, SWORD, "TEST: 2S HP/SM: 4(s) HANDS: 2 Slow(3AD) WT: 3kg VALUE: 1,200"],
  ["Katana", 1, SWORD, "TEST: 1S HP/SM: 3(s) or 3(p) HANDS: 1 Chainable Parry(3) WT: 1kg VALUE: 1,200"],
  ["Longsword", 1, SWORD, "TEST: 1S HP/SM: 3(s) or 2(p) HANDS: 1 Parry(3) WT: 2kg VALUE: 400"],
  ["Rapier", 1, SWORD, "TEST: 1S HP/SM: 2(p) or 1(s) HANDS: 1 Chainable Fast Parry(2) WT: 1kg VALUE: 600"],
  ["Greek Fire Jar", 1, GREN, "TEST: 1S@3m,5,7,10 AREA DAMAGE: 5(r)HP@1m,2 WT: 800g VALUE: 40"],
  ["Iron Bomb", 1, GREN, "TEST: 2S@3m,5,7,10 AREA DAMAGE: 8(b)HP@1m,2,3 WT: 1kg VALUE: 60"],
  ["Pepper Bomb", 1, GREN, "TEST: 1S@2m,5,10,15 WT: 200g VALUE: 20"],
  [
    "Blunderbuss",
    2,
    MUZZ,
    "TEST: 1S@3m,6,10 HP/SM: 2(b) HANDS: 2 Reload(8AD) Unhanded(-3) WT: 4kg VALUE: 400",
  ],
  ["Dragon", 2, MUZZ, "TEST: 1S@2m,5,9 HP/SM: 2(b) HANDS: 1 Reload(8AD) WT: 1kg VALUE: 300"],
  [
    "Flintlock Pistol",
    2,
    MUZZ,
    "TEST: 1S@2m,5,10,15,20 HP/SM: 2(b) HANDS: 1 Reload(12AD) WT: 1kg VALUE: 300",
  ],
  ["Musket", 2, MUZZ, "TEST: 1S@5m,15,30,50,75,100 HP/SM: 3(b) HANDS: 2 Reload(12AD) WT: 5kg VALUE: 500"],
  ["Bayonet (mounted)", 2, STAV, "TEST: 1S HP/SM: 3(p) HANDS: 2 Chainable Parry(2) WT: 1kg VALUE: 50"],
  ["Bottle Grenade", 2, GREN, "TEST: 2S@4m,7,12,20 AREA DAMAGE: 6(b)HP@0m,1,2 WT: 700g VALUE: 50"],
  [
    "Lever-Action Rifle",
    3,
    FIRE,
    "TEST: 1S@20,50,100,250,500 HP/SM: 3(b) HANDS: 2 Magazine(12) Reload(3AD/shot) WT: 4kg VALUE: 200",
  ],
  [
    "Revolver (TEC 3)",
    3,
    FIRE,
    "TEST: 1S@2,4,8,15,30 HP/SM: 2(b) HANDS: 1 Magazine(6) Reload(6AD) WT: 1kg VALUE: 300",
  ],
  [
    "Sawed-off Shotgun (TEC 3)",
    3,
    FIRE,
    "TEST: 1S@3,5,7,10 HP/SM: 3(b) HANDS: 2 Magazine(4) Reload(3AD/shot) Unhanded(-2) WT: 2kg VALUE: 250",
  ],
  [
    "Shotgun (TEC 3)",
    3,
    FIRE,
    "TEST: 1S@4,8,15,20 HP/SM: 3(b) HANDS: 2 Magazine(8) Reload(3AD/shot) WT: 3kg VALUE: 300",
  ],
  ["Ketchum Grenade", 3, GREN, "TEST: 2S@4m,7,12,15 AREA DAMAGE: 8(b)HP@0m,2,5,8 WT: 1.5kg VALUE: 60"],
  [
    "Assault Rifle",
    4,
    MOD,
    "TEST: 1S@20,50,100,250,500 HP/SM: 3(b) HANDS: 2 Chainable Magazine(30) Reload(3AD) Sustainable(4, 3) Unhanded(-3) WT: 3kg VALUE: 1,200",
  ],
  [
    "Handgun (large caliber)",
    4,
    MOD,
    "TEST: 1S@2,4,10,20,50 HP/SM: 3(b) HANDS: 1 Magazine(9) Reload(3AD) WT: 1kg VALUE: 600",
  ],
  [
    "Handgun (small caliber)",
    4,
    MOD,
    "TEST: 1S@2,4,8,15,30 HP/SM: 2(b) HANDS: 1 Chainable Magazine(15) Reload(3AD) WT: 800g VALUE: 500",
  ],
  [
    "Revolver (TEC 4)",
    4,
    MOD,
    "TEST: 1S@2,4,8,15,30 HP/SM: 2(b) HANDS: 1 Magazine(6) Reload(6AD) WT: 1kg VALUE: 300",
  ],
  [
    "Rifle",
    4,
    MOD,
    "TEST: 1S@20,50,100,250,500 HP/SM: 3(b) HANDS: 2 Magazine(6) Reload(3AD) WT: 4kg VALUE: 200",
  ],
  [
    "Sawed-off Shotgun (TEC 4)",
    4,
    MOD,
    "TEST: 1S@3,5,7,10 HP/SM: 3(b) HANDS: 2 Magazine(4) Reload(3AD/shot) Unhanded(-2) WT: 2kg VALUE: 250",
  ],
  [
    "Shotgun (TEC 4)",
    4,
    MOD,
    "TEST: 1S@4,8,15,20 HP/SM: 3(b) HANDS: 2 Magazine(8) Reload(3AD/shot) WT: 3kg VALUE: 300",
  ],
  [
    "Submachine Gun",
    4,
    MOD,
    "TEST: 1S@5,15,30,50,80,200 HP/SM: 2(b) HANDS: 2 Chainable Magazine(30) Reload(3AD) Sustainable(5,3) Unhanded(-1) WT: 3kg VALUE: 1,500",
  ],
  [
    "Military Shotgun",
    4,
    MOD,
    "TEST: 1S@5,10,18,25 HP/SM: 3(b) HANDS: 2 Magazine(5) Reload(3AD) Unhanded(-3) WT: 4kg VALUE: 800",
  ],
  ["Stun Grenade", 4, GREN, "TEST: 1S@5m,10,25,40 WT: 400g VALUE: 80"],
  ["Frag Grenade", 4, GREN, "TEST: 1S@5m,10,25,40 AREA DAMAGE: 10(b)HP@5m,7,10,13,15 WT: 400g VALUE: 100"],
  ["High-Explosive Grenade", 4, GREN, "TEST: 1S@5m,10,25,40 AREA DAMAGE: 12(b)HP@2m,3,4 WT: 300g VALUE: 120"],
];

/** The multi-mode listings, besides the 51 above: 53 listings in all. */
const MULTI_MODE = ["Pistol Cutlass", "Double-Barrel Shotgun"];

/** A listing line read into its parts. */
function readLine(line: string) {
  const m =
    /^TEST: (\S+)(?: HP\/SM: (.+?) HANDS: (\d)( .*?)?)?(?: AREA DAMAGE: (\S+))? WT: (\S+) VALUE: ([\d,]+)$/.exec(
      line,
    );
  if (!m) throw new Error(`unreadable listing line: ${line}`);
  return {
    test: m[1]!,
    damage: m[2] ?? "",
    hands: m[3] === undefined ? null : Number(m[3]),
    features: (m[4] ?? "").trim(),
    area: m[5] ?? "",
    weight: parseMassKg(m[6]),
    value: Number(m[7]!.replace(/,/g, "")),
  };
}

const UNARMED: [string, string, string, number, string][] = [
  // The "Unarmed Combat Attacks (Humanoid)" table: Attack, Test, HP/SM, Hands, Features.
  ["Punch", "1S", "1(c)", 1, "Fast Parry(1)"],
  ["Kick", "2S", "2(c)", 0, ""],
  ["Headbutt", "2S", "1(c)", 0, ""],
  ["Body Check", "1S", "1(c)", 0, ""],
];

const GRAPPLING: [string, string, number, string][] = [
  // The "Grappling Attacks (Humanoid)" table: Move, Test, Hands, Features.
  ["Clinch", "2S C", 2, "Unhanded(-2)"],
  ["Takedown", "2S", 1, "Unhanded(-2)"],
  ["Throw", "2S", 2, "Unhanded(-1)"],
  ["Submission", "2S C", 1, "Unhanded(-1)"],
  ["Choke", "2S C", 1, ""],
];

const SHOTGUNS = [
  "Double-Barrel Shotgun",
  "Military Shotgun",
  "Sawed-off Shotgun (TEC 3)",
  "Sawed-off Shotgun (TEC 4)",
  "Shotgun (TEC 3)",
  "Shotgun (TEC 4)",
];
const RIFLES = ["Assault Rifle", "Lever-Action Rifle", "Rifle"];
const HANDGUNS = ["Handgun (large caliber)", "Handgun (small caliber)"];
const REVOLVERS = ["Revolver (TEC 3)", "Revolver (TEC 4)"];

/** The ammunition table's Weapons column, each category as the weapon documents it names. */
const CATEGORIES: Record<string, string[]> = {
  Bows: ["Long Bow", "Short Bow"],
  Crossbows: ["Crossbow", "Hand Crossbow", "Heavy Crossbow"],
  Blunderbuss: ["Blunderbuss"],
  Dragon: ["Dragon"],
  Musket: ["Musket"],
  "Flintlock Pistol": ["Flintlock Pistol"],
  "All Shotguns": SHOTGUNS,
  "All Rifles": RIFLES,
  "All Handguns": HANDGUNS,
  Revolver: REVOLVERS,
  "Submachine Gun": ["Submachine Gun"],
  "Assault Rifle": ["Assault Rifle"],
  Rifle: ["Rifle"],
};

/**
 * The two muzzle-loader loads the Pistol Cutlass also takes: the table gives that muzzle-loading pistol
 * (Reload(12AD), "Weapons with the Reload feature require ammunition") no ammunition of its own.
 */
const CUTLASS_LOADS = ["Lead Ball", "Minié Ball"];

describe("pack verses-weapons", () => {
  sharedPackChecks("verses-weapons", "Item", ["verses-weapon"]);

  it("passes checkPackEntries with verses-weapon declared (htmlFields: description)", () => {
    const manifest = manifestWithVersesTypes();
    expect(manifest.documentTypes.Item["verses-weapon"]).toEqual({ htmlFields: ["description"] });
    expect(checkPackEntries(manifest, packEntry("verses-weapons", "Item"), weaponSources)).toEqual([]);
  });

  it("53 listings (TEC 1 28 / TEC 2 7 / TEC 3 6 / TEC 4 12, 8 grenades), 4 unarmed attacks, 5 grappling moves", () => {
    expect(weapons).toHaveLength(62);
    const count = (g: string) => weapons.filter((w) => group(w.name) === g).length;
    expect(["tec1", "tec2", "tec3", "tec4", "unarmed", "grappling"].map(count)).toEqual([28, 7, 6, 12, 4, 5]);
    for (const tec of [1, 2, 3, 4]) {
      for (const w of weapons.filter((x) => group(x.name) === `tec${tec}`))
        expect(w.system.tec, w.name).toBe(tec);
    }
    const grenades = weapons.filter((w) => w.system.modes[0].skill === GREN);
    expect(grenades).toHaveLength(8);
    const listed = weapons.filter((w) => /^tec\d$/.test(group(w.name)!));
    expect(listed.map((w) => w.name).sort()).toEqual(
      [...LISTINGS.map((row) => row[0]), ...MULTI_MODE].sort(),
    );
  });

  it("names are unique; 50 distinct names once the TEC 3/TEC 4 duplicates are folded", () => {
    const names = weapons.map((w) => w.name);
    expect(new Set(names).size).toBe(names.length);
    const listed = weapons.filter((w) => /^tec\d$/.test(group(w.name)!)).map((w) => w.name);
    const base = listed.map((n) => n.replace(/ \(TEC [34]\)$/, ""));
    expect(new Set(base).size).toBe(50);
    expect(listed.filter((n) => / \(TEC [34]\)$/.test(n)).sort()).toEqual([
      "Revolver (TEC 3)",
      "Revolver (TEC 4)",
      "Sawed-off Shotgun (TEC 3)",
      "Sawed-off Shotgun (TEC 4)",
      "Shotgun (TEC 3)",
      "Shotgun (TEC 4)",
    ]);
  });

  it.each(LISTINGS)("%s (TEC %i, %s): '%s'", (name, tec, skill, line) => {
    const listing = readLine(line);
    const w = weapon[name];
    expect(w, name).toBeDefined();
    const s = w.system;
    expect(s).toMatchObject({
      tec,
      weight: listing.weight,
      value: listing.value,
      quantity: 1,
      equipped: false,
    });
    expect(s.modes).toHaveLength(1);
    const mode = s.modes[0];
    expect(mode.name).toBe("");
    expect(mode.skill).toBe(skill);
    expect(mode.test).toBe(listing.test);
    expect(mode.damage).toBe(listing.damage);
    expect(printed(mode.features)).toBe(listing.features);
    expect(mode.area).toBe(listing.area);
    const grenade = skill === GREN;
    expect(mode.indirect).toBe(grenade);
    // Grenades list no HANDS: spec §11.2 #26, one hand.
    expect(mode.hands).toBe(grenade ? 1 : listing.hands);
    const magazine = parseActionFeatures(listing.features).magazine;
    expect(s.magazine).toEqual({ size: magazine ?? 0, loaded: 0, ammo: "", effect: "", paid: 0 });
    // The description links the skill the listing's heading names.
    expect(s.description).toContain(packUuid("verses-skills", "Item", skill));
  });

  it("Pistol Cutlass: 'WT: 2kg VALUE: 500', Pistol 'TEST: 1S@2m,4,8,10 HP/SM: 2(b) HANDS: 1 Chainable Reload(12AD)', Blade 'TEST: 2S HP/SM: 2(s) or 1(p) HANDS: 1 Chainable Parry(2)'", () => {
    const s = weapon["Pistol Cutlass"].system;
    expect(s).toMatchObject({
      tec: 2,
      weight: 2,
      value: 500,
      ammunition: "Lead Ball",
      magazine: { size: 0, loaded: 0 },
    });
    expect(
      s.modes.map((m: any) => [m.name, m.skill, m.test, m.damage, m.hands, printed(m.features)]),
    ).toEqual([
      ["Pistol", MUZZ, "1S@2m,4,8,10", "2(b)", 1, "Chainable Reload(12AD)"],
      ["Blade", SHORT, "2S", "2(s) or 1(p)", 1, "Chainable Parry(2)"],
    ]);
    // "requires both Weapons » Muzzle-Loading Firearms and Weapons » Short Blades skills"
    expect(s.description).toContain(packUuid("verses-skills", "Item", MUZZ));
    expect(s.description).toContain(packUuid("verses-skills", "Item", SHORT));
    expect(group("Pistol Cutlass")).toBe("tec2");
  });

  it("Double-Barrel Shotgun: 'TEST: 1S@4,8,15,20 HP/SM: 3(b) HANDS: 2 Magazine(2) Reload(2AD/shot) WT: 3kg VALUE: 200'; 'When firing both barrels: HP/SM: 6(b)'", () => {
    const s = weapon["Double-Barrel Shotgun"].system;
    expect(s).toMatchObject({
      tec: 3,
      weight: 3,
      value: 200,
      ammunition: "Shot Shell",
      magazine: { size: 2, loaded: 0 },
    });
    expect(
      s.modes.map((m: any) => [m.name, m.skill, m.test, m.damage, m.hands, printed(m.features)]),
    ).toEqual([
      ["One barrel", FIRE, "1S@4,8,15,20", "3(b)", 2, "Magazine(2) Reload(2AD/shot)"],
      ["Both barrels", FIRE, "1S@4,8,15,20", "6(b)", 2, "Magazine(2) Reload(2AD/shot)"],
    ]);
    expect(s.description).toContain(packUuid("verses-skills", "Item", FIRE));
    expect(group("Double-Barrel Shotgun")).toBe("tec3");
  });

  it("the TEC 3 and TEC 4 duplicates keep identical numbers, each with its own skill (Firearms, Modern Small Arms)", () => {
    for (const base of ["Revolver", "Sawed-off Shotgun", "Shotgun"]) {
      const t3 = weapon[`${base} (TEC 3)`].system;
      const t4 = weapon[`${base} (TEC 4)`].system;
      expect([t3.tec, t4.tec]).toEqual([3, 4]);
      expect([t3.modes[0].skill, t4.modes[0].skill]).toEqual([FIRE, MOD]);
      const numbers = (s: any) => ({
        ...s,
        tec: 0,
        description: "",
        key: "",
        modes: s.modes.map((m: any) => ({ ...m, skill: "" })),
      });
      expect(numbers(t3)).toEqual(numbers(t4));
      expect(t3.description).toContain(packUuid("verses-weapons", "Item", `${base} (TEC 4)`));
      expect(t4.description).toContain(packUuid("verses-weapons", "Item", `${base} (TEC 3)`));
    }
  });

  it.each(UNARMED)(
    "unarmed %s: Test %s, HP/SM %s, Hands %i, Features '%s' (+ Chainable from the skill)",
    (name, test, damage, hands, features) => {
      const s = weapon[name].system;
      expect(group(name)).toBe("unarmed");
      expect(s).toMatchObject({
        tec: 1,
        weight: 0,
        value: 0,
        ammunition: "",
        magazine: { size: 0, loaded: 0 },
      });
      expect(s.modes).toHaveLength(1);
      expect(s.modes[0]).toMatchObject({
        skill: "Unarmed Combat",
        test,
        damage,
        hands,
        area: "",
        indirect: false,
      });
      // "Unarmed attacks are Chainable, and are all treated as the same action type".
      expect(printed(s.modes[0].features)).toBe(["Chainable", features].filter(Boolean).join(" "));
      expect(s.description).toContain(packUuid("verses-skills", "Item", "Unarmed Combat"));
    },
  );

  it.each(GRAPPLING)(
    "grappling %s: Test %s, Hands %i, Features '%s' (+ Chainable from the skill)",
    (name, test, hands, features) => {
      const s = weapon[name].system;
      expect(group(name)).toBe("grappling");
      expect(s).toMatchObject({
        tec: 1,
        weight: 0,
        value: 0,
        ammunition: "",
        magazine: { size: 0, loaded: 0 },
      });
      expect(s.modes).toHaveLength(1);
      expect(s.modes[0]).toMatchObject({ skill: "Grappling", test, hands, area: "", indirect: false });
      // Only the Throw deals damage: "receives 1(c)HP/SM damage".
      expect(s.modes[0].damage).toBe(name === "Throw" ? "1(c)" : "");
      expect(printed(s.modes[0].features)).toBe(["Chainable", features].filter(Boolean).join(" "));
      expect(s.description).toContain(packUuid("verses-skills", "Item", "Grappling"));
      expect(s.description).toContain("PRW + Skill → PRW [+ Skill]");
    },
  );

  it("grappling: Clinch, Submission and Choke are continuous ('2S C' = 2S, 1C); Takedown and Throw are not", () => {
    const continuation = (name: string) => {
      const r = parseContinuous(weapon[name].system.modes[0].test);
      if (!r.ok) throw new Error(JSON.stringify(r.reason));
      return [r.value.target, r.value.continuation];
    };
    expect(GRAPPLING.map(([name]) => [name, ...continuation(name)])).toEqual([
      ["Clinch", 2, 1],
      ["Takedown", 2, null],
      ["Throw", 2, null],
      ["Submission", 2, 1],
      ["Choke", 2, 1],
    ]);
    // The Choke's progression: "2 rounds ... Unconscious; 3 rounds ... Moribund; 4 rounds, target dies".
    const choke = weapon["Choke"].system.description;
    for (const step of CHOKE_PROGRESSION) expect(choke).toContain(`${step.rounds} rounds`);
    expect(choke).toMatch(/Unconscious.*Moribund.*dies/);
  });

  it("every rules string parses with the rules layer's parsers (tests, damage, features, area damage)", () => {
    for (const w of weapons) {
      expect(w.system.modes.length, w.name).toBeGreaterThan(0);
      for (const m of w.system.modes) {
        const where = `${w.name} ${m.name}`;
        expect(parseSkillRef(m.skill).skill, where).toMatch(/^(Weapons|Unarmed Combat|Grappling)$/);
        if (m.skill === "Grappling") expect(parseContinuous(m.test).ok, where).toBe(true);
        else expect(validateRangeSpec(m.test), where).toMatchObject({ ok: true });
        if (m.damage) expect(parseDamage(m.damage).modes.length, where).toBeGreaterThan(0);
        if (m.area) expect(parseAreaDamage(m.area).marks.length, where).toBeGreaterThan(0);
        for (const f of m.features) {
          expect(f.name, where).toMatch(
            /^(Chainable|Fast|Magazine|Parry|Reload|Slow|Sustainable|Throwable|Unhanded|Unwieldy)$/,
          );
          if (["Chainable", "Fast", "Unwieldy"].includes(f.name)) expect(f.value, where).toBe("");
          else expect(f.value, where).not.toBe("");
          if (f.name === "Throwable") expect(validateRangeSpec(f.value), where).toMatchObject({ ok: true });
          if (f.name === "Sustainable") expect(parseSustainable(f.value).rate, where).toBeGreaterThan(0);
        }
        // Each feature with a value reads back through parseActionFeatures as the listing prints it.
        const read = parseActionFeatures(printed(m.features));
        const value = (name: string) => m.features.find((f: any) => f.name === name)?.value;
        if (value("Parry")) expect(read.parry, where).toBe(Number(value("Parry")));
        if (value("Slow")) expect(read.slow, where).toBe(Number.parseInt(value("Slow")!));
        if (value("Reload")) expect(read.reload?.ad, where).toBe(Number.parseInt(value("Reload")!));
        if (value("Unhanded")) expect(read.unhanded, where).toBe(-Number(value("Unhanded")));
        if (value("Magazine")) expect(w.system.magazine.size, where).toBe(Number(value("Magazine")));
        expect(read.chainable, where).toBe(m.features.some((f: any) => f.name === "Chainable"));
        expect(read.fast, where).toBe(m.features.some((f: any) => f.name === "Fast"));
      }
    }
  });

  it("ranges read as the text explains them: Short Bow '2S up to 10m, 3S up to 20m ... not effective past 50m'; Halberd 2S@3m, 3S@2m", () => {
    const test = (name: string) => weapon[name].system.modes[0].test;
    const bow = [5, 10, 15, 30, 50, 51].map((m) => rangedTarget(test("Short Bow"), m));
    expect(bow).toEqual([2, 2, 3, 4, 6, null]);
    expect([3, 2, 1, 4].map((m) => rangedTarget(test("Halberd"), m))).toEqual([2, 3, null, null]);
    // Marks without a unit are metres: Revolver 1S@2,4,8,15,30.
    expect([2, 8, 30, 31].map((m) => rangedTarget(test("Revolver (TEC 3)"), m))).toEqual([1, 3, 5, null]);
    // The Dagger's throw: Throwable(2S@2m,4,6).
    const throwable = weapon["Dagger"].system.modes[0].features.find(
      (f: any) => f.name === "Throwable",
    ).value;
    expect([2, 4, 6, 7].map((m) => rangedTarget(throwable, m))).toEqual([2, 3, 4, null]);
  });

  it("area damage: High-Explosive Grenade '12(b)HP@2m,3,4' is 12/11/10/0 at 2/3/4/5 m; Bottle Grenade 6 at 0m", () => {
    const area = (name: string) => weapon[name].system.modes[0].area;
    expect([2, 3, 4, 5].map((m) => areaDamage(area("High-Explosive Grenade"), m))).toEqual([12, 11, 10, 0]);
    expect([0, 1, 2, 3].map((m) => areaDamage(area("Bottle Grenade"), m))).toEqual([6, 5, 4, 0]);
    expect(parseAreaDamage(area("Greek Fire Jar")).type).toBe("r");
  });

  it("condition grenades: Pepper Bomb (Sickened, '3m diameter circle', 1 round/SM) and Stun Grenade (Stunned, '4m radius', 3 rounds) deal no damage", () => {
    for (const g of GRENADE_CONDITIONS) {
      const s = weapon[g.name].system;
      expect(s.modes[0]).toMatchObject({ damage: "", area: "", indirect: true });
      expect(s.description).toContain(g.condition === "sickened" ? "Sickened" : "Stunned");
    }
    expect(weapon["Pepper Bomb"].system.description).toContain("3 m across");
    expect(weapon["Pepper Bomb"].system.description).toContain("1 round per SM");
    expect(weapon["Stun Grenade"].system.description).toContain("within 4 m");
    expect(weapon["Stun Grenade"].system.description).toContain("3 rounds");
  });

  it("Sustainable(4, 3) and Sustainable(5,3): Seeja's assault rifle adds at most min(30/3, 5AD × 4) = 10 sustain dice", () => {
    const sustain = (name: string) =>
      parseSustainable(
        weapon[name].system.modes[0].features.find((f: any) => f.name === "Sustainable").value,
      );
    expect(sustain("Assault Rifle")).toEqual({ rate: 4, cost: { units: 3, dice: 1 } });
    expect(sustain("Submachine Gun")).toEqual({ rate: 5, cost: { units: 3, dice: 1 } });
    const rifle = weapon["Assault Rifle"].system;
    expect(
      maxSustainDice({
        sustainable: sustain("Assault Rifle"),
        availableUnits: rifle.magazine.size,
        adSpent: 5,
      }),
    ).toBe(10);
  });

  it("reloads: Crossbow Reload(10AD) with Crossbows 3 → 7AD; Shotgun Reload(3AD/shot) with Firearms 2 → 1AD a shot", () => {
    const reload = (name: string) =>
      parseActionFeatures(printed(weapon[name].system.modes[0].features)).reload!;
    expect(reloadCost(reload("Crossbow"), 3)).toBe(7);
    expect(reload("Shotgun (TEC 3)")).toEqual({ ad: 3, perShot: true });
    expect(reloadCost(reload("Shotgun (TEC 3)"), 2)).toBe(1);
    expect(reloadCost(reload("Revolver (TEC 4)"), 5)).toBe(1);
  });

  it("damage strings: Longsword '3(s) or 2(p)' offers both; Rifle keeps the listing's 3(b), not the examples' 4(b) (§11.1 #1)", () => {
    expect(parseDamage(weapon["Longsword"].system.modes[0].damage).modes).toEqual([
      { amount: 3, type: "s" },
      { amount: 2, type: "p" },
    ]);
    expect(weapon["Rifle"].system.modes[0].damage).toBe("3(b)");
    expect(weapon["Assault Rifle"].system.modes[0].damage).toBe("3(b)");
  });

  it("every weapon with Reload takes ammunition that lists it back; the others take none", () => {
    for (const w of weapons) {
      const reloads = w.system.modes.some((m: any) => m.features.some((f: any) => f.name === "Reload"));
      if (!reloads) {
        expect(w.system.ammunition, w.name).toBe("");
        continue;
      }
      const load = ammo[w.system.ammunition];
      expect(load, `${w.name} takes ${w.system.ammunition}`).toBeDefined();
      expect(load.system.weapons, w.name).toContain(w.name);
      // The default load is the plain one, with no damage effect.
      expect(load.system.effect, w.name).toBe("—");
      // The description links every load that fits.
      for (const a of ammunition.filter((x) => x.system.weapons.includes(w.name))) {
        expect(w.system.description, `${w.name}: ${a.name}`).toContain(
          packUuid("verses-ammunition", "Item", a.name),
        );
      }
    }
  });
});

describe("pack verses-ammunition", () => {
  sharedPackChecks("verses-ammunition", "Item", ["verses-ammunition"]);

  it("passes checkPackEntries with verses-ammunition declared (htmlFields: description)", () => {
    const manifest = manifestWithVersesTypes();
    expect(manifest.documentTypes.Item["verses-ammunition"]).toEqual({ htmlFields: ["description"] });
    expect(checkPackEntries(manifest, packEntry("verses-ammunition", "Item"), ammoSources)).toEqual([]);
  });

  it("holds the 15 types, TEC 1 4 / TEC 2 4 / TEC 3 3 / TEC 4 4, with unique names, ids and the credit", () => {
    expect(ammunition).toHaveLength(15);
    expect([1, 2, 3, 4].map((tec) => ammunition.filter((a) => a.system.tec === tec).length)).toEqual([
      4, 4, 3, 4,
    ]);
    expect(new Set(ammunition.map((a) => a.name)).size).toBe(15);
    expect(ammunition.map((a) => a.name).sort()).toEqual(AMMUNITION.map((a) => a.name).sort());
    for (const { file, data } of ammoSources) {
      expect(data._id, file).toBe(packId("verses-ammunition", data.name));
      expect(data._key, file).toBe(`!items!${data._id}`);
      expect(data.flags.polyverse.credit, file).toBe(CREDIT);
      expect(file.split("/").at(-2), file).toBe(`tec${data.system.tec}`);
    }
  });

  it.each(AMMUNITION.map((a) => [a.name, a.tec, a.weapons, a.dmg, a.grams, a.value] as const))(
    "%s (TEC %i): '%s' Dmg+ %s, %ig, value %i",
    (name, tec, printedWeapons, dmg, grams, value) => {
      const s = ammo[name].system;
      expect(s).toMatchObject({ tec, effect: dmg, weight: grams / 1000, value, quantity: 1 });
      // The Weapons column's categories, as the weapon documents are named.
      const expected = printedWeapons.split(/\s*,\s*/).flatMap((category) => {
        expect(CATEGORIES[category], category).toBeDefined();
        return CATEGORIES[category]!;
      });
      if (CUTLASS_LOADS.includes(name)) expected.push("Pistol Cutlass");
      expect([...s.weapons].sort()).toEqual([...new Set(expected)].sort());
      for (const w of s.weapons) expect(weapon[w], `${name} fits ${w}`).toBeDefined();
    },
  );

  it("every effect parses (parseAmmoEffect): '+2(s)' is typed, '+4' untyped, '⇒c' converts to crushing, '—' is nothing", () => {
    for (const a of ammunition) expect(() => parseAmmoEffect(a.system.effect), a.name).not.toThrow();
    expect(parseAmmoEffect(ammo["Broadhead Arrow"].system.effect)).toEqual({ bonus: 2, bonusType: "s" });
    expect(parseAmmoEffect(ammo["Armor-Piercing Bullet"].system.effect)).toEqual({ bonus: 4 });
    expect(parseAmmoEffect(ammo["Bean Bag Shell"].system.effect)).toEqual({ bonus: 0, convertTo: "c" });
    expect(parseAmmoEffect(ammo["Arrow"].system.effect)).toEqual({ bonus: 0 });
  });

  it("'applied once per attack, not per success margin': a Slug Shell (+6) from a Shotgun 3(b) at SM 2 is 6 + 6", () => {
    const shotgun = parseDamage(weapon["Shotgun (TEC 4)"].system.modes[0].damage).modes[0]!;
    const slug = attackDamage(shotgun, 2, parseAmmoEffect(ammo["Slug Shell"].system.effect));
    expect(slug).toEqual({ perUnit: { amount: 3, type: "b" }, units: 2, once: [{ amount: 6, type: "b" }] });
    const beanBag = attackDamage(shotgun, 2, parseAmmoEffect(ammo["Bean Bag Shell"].system.effect));
    expect(beanBag.perUnit).toEqual({ amount: 3, type: "c" });
  });

  it("the Pistol Cutlass loads are the muzzle-loader balls, and the descriptions say so", () => {
    for (const name of CUTLASS_LOADS) expect(ammo[name].system.description).toContain("Pistol Cutlass");
  });
});
