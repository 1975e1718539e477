import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  AMMUNITION,
  MATERIALS,
  OBJECT_HP_BY_SIZE,
  absorb,
  attackDamage,
  biologicalAbsorb,
  findMaterial,
  materialHp,
  mergeByType,
  objectHp,
  parseAmmoEffect,
  parseDamage,
  parseResistance,
  totalDamage,
  validateResistance,
  weaponDamage,
} from "./damage";
import type { DamageType } from "./types";
import { DAMAGE_TYPES } from "./types";

const ammoEffect = (name: string) => {
  const listing = AMMUNITION.find((a) => a.name === name);
  if (listing === undefined) throw new Error(`no ammunition ${name}`);
  return listing.effect;
};

describe("damage strings (Damage Types; Action Tests)", () => {
  it("parses single, alternative and per-SM damage", () => {
    expect(parseDamage("3(s)")).toEqual({ modes: [{ amount: 3, type: "s" }], perSM: false });
    expect(parseDamage("3(s) or 2(p)")).toEqual({
      modes: [
        { amount: 3, type: "s" },
        { amount: 2, type: "p" },
      ],
      perSM: false,
    });
    expect(parseDamage("1(c)HP/SM")).toEqual({ modes: [{ amount: 1, type: "c" }], perSM: true });
    expect(parseDamage("3(s)/SM")).toEqual({ modes: [{ amount: 3, type: "s" }], perSM: true });
    expect(parseDamage("6(b)HP").perSM).toBe(false);
  });
  it("reads 2(b,p) as the attacker's choice of 2(b) or 2(p)", () => {
    expect(parseDamage("2(b,p)").modes).toEqual([
      { amount: 2, type: "b" },
      { amount: 2, type: "p" },
    ]);
  });
  it("refuses what is not a damage string", () => {
    expect(() => parseDamage("3(x)")).toThrow(RangeError);
    expect(() => parseDamage("three(s)")).toThrow(RangeError);
  });
  it("TV-21: Flintlock Pistol 2(b)/SM at SM 2 -> 4 HP", () => {
    expect(weaponDamage("2(b)", 2)).toEqual([{ amount: 4, type: "b" }]);
  });
  it("TV-23: Tam's punch 1(c)/SM x SM 3 -> 3", () => {
    expect(weaponDamage("1(c)", 3)).toEqual([{ amount: 3, type: "c" }]);
  });
  it("TV-27: Jee's rapier riposte 2(p) or 1(s) at SM 3 -> 6HP", () => {
    expect(weaponDamage("2(p) or 1(s)", 3)).toEqual([{ amount: 6, type: "p" }]);
    expect(weaponDamage("2(p) or 1(s)", 3, { mode: 1 })).toEqual([{ amount: 3, type: "s" }]);
    expect(() => weaponDamage("2(p)", 1, { mode: 2 })).toThrow(RangeError);
  });
  it("TV-30: Seeja's SM 3 burst 'for 12HP' uses the examples' 4(b)/SM (DOC-ISSUE §11.1 #1: listed 3(b) gives 9)", () => {
    expect(weaponDamage("4(b)", 3)).toEqual([{ amount: 12, type: "b" }]);
    expect(weaponDamage("3(b)", 3)).toEqual([{ amount: 9, type: "b" }]);
  });
  it("TV-31: Call » Flame 3HP/SM at SM 5 -> 15 HP", () => {
    expect(totalDamage(weaponDamage("3(r)/SM", 5))).toBe(15);
  });
  it("a miss does no damage", () => {
    expect(weaponDamage("3(s)", 0)).toEqual([]);
    expect(attackDamage({ amount: 3, type: "s" }, 0, ammoEffect("Slug Shell")).once).toEqual([]);
  });
});

describe("ammunition (Ammunition)", () => {
  it("parses every Dmg+ entry of the table", () => {
    expect(parseAmmoEffect("—")).toEqual({ bonus: 0 });
    expect(parseAmmoEffect("+2(s)")).toEqual({ bonus: 2, bonusType: "s" });
    expect(parseAmmoEffect("+4")).toEqual({ bonus: 4 });
    expect(parseAmmoEffect("⇒c [†]")).toEqual({ bonus: 0, convertTo: "c" });
    expect(parseAmmoEffect("=>c")).toEqual({ bonus: 0, convertTo: "c" });
    expect(() => parseAmmoEffect("+x")).toThrow(RangeError);
    expect(AMMUNITION).toHaveLength(15);
  });
  it("'Damage bonuses for ammunition are applied once per attack, not per success margin': Hollow-Point +3 at SM 3", () => {
    // Handgun (small caliber) 2(b): 2 x 3 + 3 = 9, not (2 + 3) x 3.
    expect(weaponDamage("2(b)", 3, { ammo: ammoEffect("Hollow-Point Bullet") })).toEqual([
      { amount: 9, type: "b" },
    ]);
  });
  it("§11.2 #14: a typed bonus is its own application; Broadhead Arrow on a Short Bow 2(p) at SM 2 -> 4(p) + 2(s)", () => {
    expect(weaponDamage("2(p)", 2, { ammo: ammoEffect("Broadhead Arrow") })).toEqual([
      { amount: 4, type: "p" },
      { amount: 2, type: "s" },
    ]);
  });
  it("'converts all weapon damage to Crushing (c) damage': Bean Bag Shell in a Shotgun 3(b) at SM 2 -> 6(c)", () => {
    expect(weaponDamage("3(b)", 2, { ammo: ammoEffect("Bean Bag Shell") })).toEqual([
      { amount: 6, type: "c" },
    ]);
  });
  it("attackDamage keeps per-SM and once-per-attack damage apart (for the sixes split)", () => {
    expect(attackDamage({ amount: 3, type: "b" }, 2, ammoEffect("Slug Shell"))).toEqual({
      perUnit: { amount: 3, type: "b" },
      units: 2,
      once: [{ amount: 6, type: "b" }],
    });
  });
  it("mergeByType merges one attack's applications of one type and drops zeros", () => {
    expect(
      mergeByType([
        { amount: 2, type: "s" },
        { amount: 0, type: "p" },
        { amount: 3, type: "s" },
      ]),
    ).toEqual([{ amount: 5, type: "s" }]);
  });
});

describe("resistance strings (Toughness & Damage Resistance; armour listings)", () => {
  const resisted = (text: string): string => [...parseResistance(text).resists].sort().join("");
  it("plain lists, empty and the dash", () => {
    expect(parseResistance("b")).toEqual({ resists: ["b"], transforms: {} });
    expect(parseResistance("s, p")).toEqual({ resists: ["s", "p"], transforms: {} });
    expect(parseResistance("")).toEqual({ resists: [], transforms: {} });
    expect(parseResistance("—")).toEqual({ resists: [], transforms: {} });
  });
  it("'s ⇒ c' is read as 'resists slashing damage and transforms any remaining damage into crushing damage'", () => {
    expect(parseResistance("s ⇒ c")).toEqual({ resists: ["s"], transforms: { s: "c" } });
  });
  it("Mail s ⇒ c, p: resists s (-> c) and p", () => {
    expect(parseResistance("s ⇒ c, p")).toEqual({ resists: ["s", "p"], transforms: { s: "c" } });
  });
  it("(s, p) => c, r: s and p -> c, r resisted, c not resisted", () => {
    expect(parseResistance("(s, p) => c, r")).toEqual({
      resists: ["s", "p", "r"],
      transforms: { s: "c", p: "c" },
    });
  });
  it("every armour and shield resistance of the text parses to the spec's reading (§8.4)", () => {
    const listings: [string, string][] = [
      ["s ⇒ c, r, p", "prs"], // Boiled Leather
      ["(s, p) ⇒ c, r", "prs"], // Jack of Plate, Leather, Leather Drover Coat
      ["(s, p) ⇒ c", "ps"], // Lamellar
      ["s ⇒ c, p", "ps"], // Mail
      ["(s, p) ⇒ c, c, r", "cprs"], // Scale, Laminar
      ["(b, s, p) ⇒ c, c, r", "bcprs"], // Plate
      ["—", ""], // Vambraces
      ["s, p", "ps"], // Buckler
      ["s, p, c", "cps"], // Medium Shield
      ["s, p, c, r", "cprs"], // Large Shield
      ["(b, r, s, p) ⇒ c", "bprs"], // Anti-Ballistic Brigandine
      ["(b, p) ⇒ c", "bp"], // Infantry Vest, Cavalry Vest
      ["(s, p) \\Rightarrow c, r", "prs"], // Leather Jacket (as printed)
      ["(b, s, p) \\Rightarrow c, r", "bprs"], // Flack Jacket
      ["(b, s) \\Rightarrow c, r", "brs"], // Soft Ballistic Vest
      ["(b, s, p) \\Rightarrow c, c, r", "bcprs"], // Hard Ballistic Vest
      ["(b, r, s, p) ⇒ c, c", "bcprs"], // Bomb Suit
      ["(s,p,r)⇒c", "prs"], // Cart
    ];
    for (const [text, expected] of listings) expect(resisted(text), text).toBe(expected);
    expect(parseResistance("(b, r, s, p) ⇒ c").transforms).toEqual({ b: "c", r: "c", s: "c", p: "c" });
  });
  it("refuses malformed resistances", () => {
    expect(() => parseResistance("s ⇒")).toThrow(RangeError);
    expect(() => parseResistance("⇒ c")).toThrow(RangeError);
    expect(() => parseResistance("s, p ⇒ c")).toThrow(RangeError);
    expect(() => parseResistance("x")).toThrow(RangeError);
    expect(validateResistance("s ⇒ c ⇒ p").ok).toBe(false);
    expect(validateResistance("b").ok).toBe(true);
  });
});

describe("absorption (Toughness & Damage Resistance)", () => {
  it("TV-36: Mail TUF 4 s ⇒ c, p: 6(s) -> 4 absorbed, 2(c) passes", () => {
    expect(absorb({ amount: 6, type: "s" }, { tuf: 4, resistance: "s ⇒ c, p" })).toEqual({
      absorbed: 4,
      passed: { amount: 2, type: "c" },
    });
  });
  it("Mail resists p without transforming it", () => {
    expect(absorb({ amount: 6, type: "p" }, { tuf: 4, resistance: "s ⇒ c, p" })).toEqual({
      absorbed: 4,
      passed: { amount: 2, type: "p" },
    });
  });
  it("§11.2 #10: damage of a type the material does not resist passes whole", () => {
    expect(absorb({ amount: 6, type: "b" }, { tuf: 4, resistance: "s ⇒ c, p" })).toEqual({
      absorbed: 0,
      passed: { amount: 6, type: "b" },
    });
    expect(absorb({ amount: 3, type: "s" }, { tuf: 4, resistance: "" })).toEqual({
      absorbed: 0,
      passed: { amount: 3, type: "s" },
    });
  });
  it("TV-34: the stone wall (TUF 4, resists b) absorbs all of the sniper's 4(b)", () => {
    const stone = findMaterial("stone");
    expect(stone).toBeDefined();
    if (stone?.tuf != null) {
      expect(absorb({ amount: 4, type: "b" }, { tuf: stone.tuf, resistance: stone.resistance })).toEqual({
        absorbed: 4,
        passed: { amount: 0, type: "b" },
      });
    }
  });
  it("TV-35: the tree (wood TUF 3, resists b) lets the 4th point of 4(b) through", () => {
    expect(absorb({ amount: 4, type: "b" }, { tuf: 3, resistance: "b, c, p, r, s" }).passed.amount).toBe(1);
  });
  it("TV-32: Benny (TUF 2) absorbs Anders's 2(c) punch: 'his HP is not reduced'", () => {
    expect(biologicalAbsorb({ amount: 2, type: "c" }, 2)).toEqual({
      absorbed: 2,
      passed: { amount: 0, type: "c" },
    });
    expect(biologicalAbsorb({ amount: 3, type: "p" }, 2).passed.amount).toBe(3);
  });
  it("properties: absorption never creates damage; absorbed + passed = incoming; absorbed <= TUF", () => {
    const type = fc.constantFrom<DamageType>(...DAMAGE_TYPES);
    const resistance = fc.constantFrom(
      "",
      "b",
      "s, p",
      "s ⇒ c, p",
      "(s, p) => c, r",
      "(b, s, p) ⇒ c, c, r",
      "(b, r, s, p) ⇒ c",
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        type,
        fc.integer({ min: 0, max: 10 }),
        resistance,
        (amount, t, tuf, r) => {
          const result = absorb({ amount, type: t }, { tuf, resistance: r });
          expect(result.absorbed).toBeGreaterThanOrEqual(0);
          expect(result.absorbed).toBeLessThanOrEqual(tuf);
          expect(result.passed.amount).toBeGreaterThanOrEqual(0);
          expect(result.passed.amount).toBeLessThanOrEqual(amount);
          expect(result.absorbed + result.passed.amount).toBe(amount);
        },
      ),
    );
  });
});

describe("materials and object HP (HP & Resistance of Common Materials; Object HP by Size)", () => {
  it("holds the text's table", () => {
    expect(MATERIALS).toHaveLength(11);
    expect(findMaterial("Wood")).toEqual({
      name: "Wood",
      hpPer100cm3: 2,
      tuf: 3,
      resistance: "b, c, p, r, s",
    });
    expect(findMaterial("Glass")).toEqual({ name: "Glass", hpPer100cm3: 1, tuf: 5, resistance: "r" });
    expect(findMaterial("High-strength Composites")?.hpPer100cm3).toBe(20);
    expect(findMaterial("unobtainium")).toBeUndefined();
    for (const m of MATERIALS) expect(() => parseResistance(m.resistance)).not.toThrow();
  });
  it("HP per 100 cm³ x volume: a 1 000 cm³ block of steel (8/100cm³) has 80 HP", () => {
    const steel = findMaterial("Steel");
    if (steel) expect(materialHp(steel, 1000)).toEqual({ ok: true, value: 80 });
  });
  it("rounds part of 100 cm³ up by default, with alternatives", () => {
    const glass = findMaterial("Glass");
    if (glass) {
      expect(materialHp(glass, 50)).toEqual({ ok: true, value: 1 });
      expect(materialHp(glass, 50, "down")).toEqual({ ok: true, value: 0 });
      expect(materialHp(glass, 150, "nearest")).toEqual({ ok: true, value: 2 });
    }
    const flesh = findMaterial("Flesh");
    if (flesh) expect(materialHp(flesh, 100).ok).toBe(false);
    const wood = findMaterial("Wood");
    if (wood) expect(materialHp(wood, -1).ok).toBe(false);
  });
  it("Object HP by Size: 'Medium (~0.5m³) 8-12 A piece of furniture'", () => {
    expect(OBJECT_HP_BY_SIZE.map((r) => [r.minHp, r.maxHp])).toEqual([
      [1, 3],
      [3, 9],
      [8, 12],
      [10, 25],
      [20, 100],
    ]);
    expect(objectHp("medium")).toEqual({ min: 8, max: 12, hp: 10 });
    expect(objectHp("huge", 1).hp).toBe(100);
    expect(objectHp("tiny", 0).hp).toBe(1);
  });
});
