// Maelstrom weapons (rules text, "Ranged Weapons" and "Melee Weapons"): the 16 weapons, every
// number against the text's two tables quoted below, and the readings Polyverse adds (ranged
// weapons lethal, "N+1" a magazine of N and one chambered round, ranged weapons loaded full).
import { describe, expect, it } from "vitest";
import { byName, maelstromItemPackChecks, packSources, stripTags } from "./maelstrom-content";

const sources = packSources("maelstrom-weapons");
const weapons = sources.map((s) => s.data);
const weapon = byName(sources);

/** The text's ranged table, row by row: Weapon, Damage, Range, Rate, Capacity. */
const RANGED_TABLE = `
Revolver, Light 4 12 3 6
Revolver, Heavy 6 35 2 6
Pistol, Light 4 20 4 17+1
Pistol, Heavy 5 30 3 7+1
Hunting Rifle 8 200 1 5+1
Battle Rifle 7 150 3 42+1
Sniper Rifle 8 250 1 10+1
Shotgun, Pump 8 20 1 5+1
Shotgun, Auto 8 20 3 8+1
`;

/** The text's melee table, row by row: Weapon, Damage, Damage Type. */
const MELEE_TABLE = `
Sap Strength + 1 Bashing
Club Strength + 1 Bashing
Staff Strength + 2 Bashing
Knife Strength + 1 Lethal
Sword, Light Strength + 2 Lethal
Sword, Heavy Strength + 3 Lethal
Axe Strength + 3 Lethal
`;

const rows = (table: string) => table.trim().split("\n");
const ranged = rows(RANGED_TABLE).map((row) => {
  const [, name, damage, range, rate, capacity] = row.match(/^(.+) (\d+) (\d+) (\d+) (\d+(?:\+1)?)$/)!;
  return {
    name: name!,
    damage: Number(damage),
    range: Number(range),
    rate: Number(rate),
    capacity: capacity!,
  };
});
const melee = rows(MELEE_TABLE).map((row) => {
  const [, name, bonus, type] = row.match(/^(.+) Strength \+ (\d+) (Bashing|Lethal)$/)!;
  return { name: name!, bonus: Number(bonus), type: type!.toLowerCase() };
});

describe("Maelstrom weapons pack", () => {
  maelstromItemPackChecks(
    "maelstrom-weapons",
    "maelstrom-weapon",
    ["icons/svg/combat.svg", "icons/svg/sword.svg"],
    (data) => data.system.category,
  );

  it("holds the text's 16 weapons: 9 ranged and 7 melee, in ranged/ and melee/", () => {
    expect(ranged).toHaveLength(9);
    expect(melee).toHaveLength(7);
    expect(weapons).toHaveLength(16);
    const names = (category: string) =>
      weapons
        .filter((w) => w.system.category === category)
        .map((w) => w.name)
        .sort();
    expect(names("ranged")).toEqual(ranged.map((r) => r.name).sort());
    expect(names("melee")).toEqual(melee.map((m) => m.name).sort());
  });

  it.each(ranged)("$name: the ranged table's numbers, Firearms, lethal, loaded full", (row) => {
    const w = weapon[row.name];
    const [magazine, chamber] = row.capacity.includes("+")
      ? [Number(row.capacity.split("+")[0]), 1]
      : [Number(row.capacity), 0];
    expect(w.system).toEqual({
      key: row.name,
      category: "ranged",
      ability: "firearms",
      damage: row.damage,
      addStrength: false,
      damageType: "lethal",
      range: row.range,
      rate: row.rate,
      capacity: { magazine, chamber },
      loaded: magazine + chamber,
      ignoresReflexivePenalty: false,
      description: w.system.description,
    });
    expect(w.img).toBe("icons/svg/combat.svg");
    const text = stripTags(w.system.description);
    expect(text).toContain(
      `Damage ${row.damage}, Range ${row.range}, Rate ${row.rate}, Capacity ${row.capacity}`,
    );
    // The damage type is a Polyverse reading, and the description says so.
    expect(text).toMatch(/no damage type.*Polyverse makes it lethal/);
  });

  it.each(melee)("$name: Strength + $bonus $type, Melee, no range, rate or capacity", (row) => {
    const w = weapon[row.name];
    expect(w.system).toEqual({
      key: row.name,
      category: "melee",
      ability: "melee",
      damage: row.bonus,
      addStrength: true,
      damageType: row.type,
      range: 0,
      rate: 0,
      capacity: { magazine: 0, chamber: 0 },
      loaded: 0,
      ignoresReflexivePenalty: false,
      description: w.system.description,
    });
    expect(w.img).toBe("icons/svg/sword.svg");
    expect(stripTags(w.system.description)).toContain(`Damage Strength + ${row.bonus}, ${row.type}.`);
  });

  it("spot checks: the light pistol holds 17+1, the revolvers 6 with nothing chambered", () => {
    expect(weapon["Pistol, Light"].system.capacity).toEqual({ magazine: 17, chamber: 1 });
    expect(weapon["Pistol, Light"].system.loaded).toBe(18);
    expect(weapon["Revolver, Heavy"].system.capacity).toEqual({ magazine: 6, chamber: 0 });
    expect(weapon["Battle Rifle"].system.loaded).toBe(43);
    expect(weapon["Sword, Heavy"].system).toMatchObject({
      damage: 3,
      addStrength: true,
      damageType: "lethal",
    });
    expect(weapon.Sap.system).toMatchObject({ damage: 1, damageType: "bashing" });
  });
});
