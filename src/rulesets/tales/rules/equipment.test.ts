import { describe, expect, it } from "vitest";
import {
  EQUIPMENT_CATEGORIES,
  SANCTUARY_OPTIONS,
  armourCostWithTraits,
  armourTraitEffects,
  deadlyPoisonCost,
  deadlyPoisonWounds,
  educationalTextLimit,
  equipmentCategory,
  gardenBonus,
  lodgingCost,
  nonLethalPoisonCost,
  parseArmourTraits,
  parseWeaponCost,
  parseWeaponTraits,
  budgetPointsLeft,
  referenceTextMaxReduction,
  referenceTextTimeFactor,
  sanctuarySecurity,
  sharerLodgingCost,
  textRarity,
  toolBenefit,
  vehicleCost,
  weaponTraitEffects,
} from "./equipment";
import { budgetPoints } from "./character";

describe("categories and budgets", () => {
  it("22 categories: Common 6, Uncommon 6, Rare 7, Illegal 3", () => {
    expect(EQUIPMENT_CATEGORIES).toHaveLength(22);
    const count = (r: string) => EQUIPMENT_CATEGORIES.filter((c) => c.rarity === r).length;
    expect([count("common"), count("uncommon"), count("rare"), count("illegal")]).toEqual([6, 6, 7, 3]);
    expect(equipmentCategory("tools").cost).toEqual({ min: 3, max: 3 });
    expect(equipmentCategory("eliteTools").cost).toEqual({ min: 10, max: 10 });
    expect(equipmentCategory("consumerVehicles").cost).toEqual({ min: 2, max: 8 });
    expect(() => equipmentCategory("lasers")).toThrow(RangeError);
  });
  it("5 points per level; what is left", () => {
    expect(budgetPoints(2)).toBe(10);
    expect(budgetPointsLeft(budgetPoints(2), [3, 1, 1, 4])).toBe(1);
    expect(budgetPointsLeft(5, [6])).toBe(-1);
  });
});

describe("tools", () => {
  it("Tools +1 up to 6; Specialist +2 beyond 6; Elite a re-roll, or +3 with a re-roll already", () => {
    expect(toolBenefit({ grade: "tools", skill: 3 }).skillBonus).toBe(1);
    expect(toolBenefit({ grade: "tools", skill: 6 }).skillBonus).toBe(0);
    expect(toolBenefit({ grade: "tools", skill: 6, traitCap: 8 }).skillBonus).toBe(1);
    expect(toolBenefit({ grade: "specialistTools", skill: 6 }).skillBonus).toBe(2);
    expect(toolBenefit({ grade: "eliteTools", skill: 2 })).toEqual({
      skillBonus: 0,
      reroll: true,
      dieBonus: 0,
    });
    expect(toolBenefit({ grade: "eliteTools", skill: 2, hasReroll: true })).toEqual({
      skillBonus: 0,
      reroll: false,
      dieBonus: 3,
    });
  });
  it("Savage: one point less, or no tools at all", () => {
    expect(toolBenefit({ grade: "specialistTools", skill: 2, savage: "less" }).skillBonus).toBe(1);
    expect(toolBenefit({ grade: "tools", skill: 2, savage: "less" }).skillBonus).toBe(0);
    expect(toolBenefit({ grade: "eliteTools", skill: 2, savage: "none" }).reroll).toBe(false);
  });
});

describe("vehicles", () => {
  it("a consumer car: 100 km/h (3) + 200 km (3) = 6; extra seats and cargo", () => {
    expect(vehicleCost({ kind: "consumer", speed: 100, range: 200 })).toEqual({ ok: true, value: 6 });
    expect(vehicleCost({ kind: "consumer", speed: 100, range: 200, seats: 4 })).toEqual({
      ok: true,
      value: 7,
    });
    expect(vehicleCost({ kind: "consumer", speed: 100, range: 200, seats: 4, cargo: 15 })).toMatchObject({
      ok: false,
      reason: "tooExpensive",
    });
  });
  it("the floor: a bicycle at 20 km/h costs the consumer minimum 2", () => {
    expect(vehicleCost({ kind: "consumer", speed: 20 })).toEqual({ ok: true, value: 2 });
    expect(vehicleCost({ kind: "commercial", speed: 20 })).toEqual({ ok: true, value: 4 });
  });
  it("commercial extras: long range, aircraft (+2, 500/1000 km/h), hidden compartments", () => {
    expect(vehicleCost({ kind: "commercial", speed: 1000, range: 5000, aircraft: true })).toEqual({
      ok: true,
      value: 15,
    });
    expect(vehicleCost({ kind: "commercial", speed: 200, range: 1000, hiddenCompartments: 2 })).toEqual({
      ok: true,
      value: 11,
    });
    expect(vehicleCost({ kind: "consumer", speed: 50, range: 500 })).toMatchObject({
      reason: "commercialOnly",
    });
    expect(vehicleCost({ kind: "consumer", speed: 50, aircraft: true })).toMatchObject({
      reason: "commercialOnly",
    });
    expect(vehicleCost({ kind: "commercial", speed: 500 })).toMatchObject({ reason: "tooFast" });
    expect(vehicleCost({ kind: "commercial", speed: 50, range: 9000 })).toMatchObject({ reason: "tooFar" });
  });
});

describe("poisons", () => {
  it("non-lethal: base 3 + rating 1..4", () => {
    expect([1, 2, 3, 4].map(nonLethalPoisonCost)).toEqual([4, 5, 6, 7]);
    expect(() => nonLethalPoisonCost(5)).toThrow(RangeError);
  });
  it("deadly: 4 for a light wound, +2 a further wound, +1 for medium wounds", () => {
    expect(deadlyPoisonCost({ wounds: 1 })).toBe(4);
    expect(deadlyPoisonCost({ wounds: 3 })).toBe(8);
    expect(deadlyPoisonCost({ wounds: 3, medium: true })).toBe(9);
    expect(deadlyPoisonWounds({ wounds: 2, medium: true })).toEqual(["medium", "medium"]);
    expect(() => deadlyPoisonCost({ wounds: 8 })).toThrow(RangeError);
  });
});

describe("library", () => {
  it("rarity by manuscript points", () => {
    expect([2, 4, 6].map((p) => textRarity("reference", p))).toEqual(["common", "uncommon", "rare"]);
    expect([1, 2, 3, 4, 5].map((p) => textRarity("educational", p))).toEqual([
      "common",
      "common",
      "uncommon",
      "uncommon",
      "rare",
    ]);
    expect([1, 2, 3, 9].map((p) => textRarity("blackBook", p))).toEqual([
      "rare",
      "rare",
      "illegal",
      "illegal",
    ]);
    expect(() => textRarity("reference", 3)).toThrow(RangeError);
  });
  it("reference: up to half its points off the die (min 1); -1 x2, -2 x5, -3 x10 time", () => {
    expect([2, 4, 6].map(referenceTextMaxReduction)).toEqual([1, 2, 3]);
    expect([1, 2, 3].map(referenceTextTimeFactor)).toEqual([2, 5, 10]);
  });
  it("educational: a skill up to its points", () => {
    expect(educationalTextLimit(3)).toBe(3);
  });
});

describe("sanctuary", () => {
  it("30 options in 5 categories", () => {
    expect(SANCTUARY_OPTIONS).toHaveLength(30);
    expect(new Set(SANCTUARY_OPTIONS.map((o) => o.category)).size).toBe(5);
    expect(SANCTUARY_OPTIONS.filter((o) => o.perSharer).map((o) => o.key)).toEqual([
      "secretPassages",
      "secretEscapeRoute",
    ]);
  });
  it("spec vector: apartment + suburban + basic + locks + small garden = 5 = Sanctuary 1; locks static 5", () => {
    const keys = ["apartment", "suburban", "basicFurnishings", "locks", "smallGarden"];
    expect(lodgingCost(keys)).toEqual({ ok: true, value: budgetPoints(1) });
    expect(sanctuarySecurity(keys)).toEqual({ difficulty: 5, dynamic: false, safeRoom: null, manned: false });
    expect(sanctuarySecurity([...keys, "alarm"])?.dynamic).toBe(true);
    expect(lodgingCost([...keys, "alarm"])).toEqual({ ok: true, value: 6 });
    expect(gardenBonus(keys, "meditation")).toBe(1);
  });
  it("the minimum cost is 1; one base choice per category", () => {
    expect(lodgingCost(["singleRoom", "badPartOfTown", "bareEssentials", "noSecurity"])).toEqual({
      ok: true,
      value: 1,
    });
    expect(
      lodgingCost(["singleRoom", "mansion", "badPartOfTown", "bareEssentials", "noSecurity"]),
    ).toMatchObject({
      ok: false,
      reason: "baseChoices",
    });
    expect(lodgingCost(["apartment", "suburban", "basicFurnishings"])).toMatchObject({
      reason: "baseChoices",
    });
    expect(lodgingCost(["castle"])).toMatchObject({ reason: "unknownOption" });
  });
  it("safe room doubles; a sharer pays a room, starred features and a contribution", () => {
    expect(sanctuarySecurity(["fortified", "safeRoom"])?.safeRoom).toBe(26);
    expect(sanctuarySecurity(["noSecurity"])).toBeNull();
    expect(sharerLodgingCost({ starred: ["secretPassages"], contribution: 2 })).toBe(4);
    expect(() => sharerLodgingCost({ starred: ["mansion"] })).toThrow(RangeError);
  });
});

describe("weapon and armour traits", () => {
  it("reads the table's Notes cells", () => {
    expect(parseWeaponTraits("-")).toEqual({ ok: true, value: [] });
    expect(parseWeaponTraits("Clumsy, Entangle")).toEqual({
      ok: true,
      value: [{ key: "clumsy" }, { key: "entangle" }],
    });
    expect(parseWeaponTraits("Fragile, Reach 2m, Split Damage")).toEqual({
      ok: true,
      value: [{ key: "fragile" }, { key: "reach", value: 2 }, { key: "splitDamage" }],
    });
    expect(parseWeaponTraits("Auto (3), Range 50m")).toEqual({
      ok: true,
      value: [
        { key: "auto", value: 3 },
        { key: "range", value: 50 },
      ],
    });
    expect(parseWeaponTraits("Auto, Range 100m")).toEqual({
      ok: true,
      value: [{ key: "auto" }, { key: "range", value: 100 }],
    });
    expect(parseWeaponTraits("Incendiary, Spray, Range 10m").ok).toBe(true);
    expect(parseWeaponTraits("Range")).toMatchObject({ ok: false, reason: "missingValue" });
    expect(parseWeaponTraits("Laser")).toMatchObject({ ok: false, reason: "unknownTrait" });
    expect(parseWeaponTraits("Spray, Spray")).toMatchObject({ ok: false, reason: "repeatedTrait" });
  });
  it("reads the armour option lines, the missing comma too", () => {
    const r = parseArmourTraits(
      "Cumbersome (-1 Cost), Restrictive (-1 Cost), Heavy (-1 Cost) Gas Mask (+2 Cost), Radiation Counter (+1 Cost),",
    );
    expect(r).toEqual({
      ok: true,
      value: [
        { key: "cumbersome", costChange: -1 },
        { key: "restrictive", costChange: -1 },
        { key: "heavy", costChange: -1 },
        { key: "gasMask", costChange: 2 },
        { key: "radiationCounter", costChange: 1 },
      ],
    });
    expect(parseArmourTraits("Heavy, Restrictive")).toEqual({
      ok: true,
      value: [{ key: "heavy" }, { key: "restrictive" }],
    });
    expect(parseArmourTraits("Shiny")).toMatchObject({ ok: false, reason: "unknownTrait" });
  });
  it("armour costs with options: Combat Armour 12 + Gas Mask = 14; Soft Pads 2 Cumbersome = 1", () => {
    expect(armourCostWithTraits(12, ["gasMask"])).toBe(14);
    expect(armourCostWithTraits(2, ["cumbersome"])).toBe(1);
    expect(armourCostWithTraits(1, ["cumbersome", "restrictive"])).toBe(1);
  });
  it("weapon costs: '2 (for 6)', '2/2'", () => {
    expect(parseWeaponCost("6")).toEqual({ cost: 6 });
    expect(parseWeaponCost("2 (for 6)")).toEqual({ cost: 2, quantity: 6 });
    expect(parseWeaponCost("3/3")).toEqual({ cost: 3, pair: [3, 3] });
    expect(parseWeaponCost("Special")).toBeNull();
  });
  it("what weapon traits do", () => {
    const mg = parseWeaponTraits("Auto (12), Range 500m");
    expect(mg.ok && weaponTraitEffects(mg.value)).toMatchObject({
      auto: 12,
      range: 500,
      reach: null,
      initiative: 0,
    });
    const tyre = parseWeaponTraits("Heavy");
    expect(tyre.ok && weaponTraitEffects(tyre.value).initiative).toBe(-1);
    const ar = parseWeaponTraits("Auto, Range 100m");
    expect(ar.ok && weaponTraitEffects(ar.value).auto).toBeNull();
    expect(weaponTraitEffects([]).auto).toBeUndefined();
  });
  it("what armour traits do", () => {
    expect(armourTraitEffects(["heavy", "restrictive", "cumbersome", "gasMask", "radiationCounter"])).toEqual(
      {
        initiative: -1,
        movementFactor: 0.75,
        physicalTaskDifficulty: 1,
        poisonGasLevelsAbsorbed: 1,
        radiationCounter: true,
      },
    );
    expect(armourTraitEffects([])).toMatchObject({ initiative: 0, movementFactor: 1 });
  });
});
