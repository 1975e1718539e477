// Tales's data models: the four attributes, the 40 skills in their groups, the six connections and
// the pools on a new character, and the bounds every stored number keeps ("Just as the values on a
// die range from 1 to 6").
import { beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { loadSystemModels, type SystemModel } from "../../scripts/lib/system-models.mjs";
import { defaultTalesSettings } from "../../src/rulesets/tales/base/settings";

const ROOT = join(import.meta.dirname, "..", "..");
// The text's skill list, by the attribute each is listed under: 11 + 10 + 11 + 8 = 40.
const PHYSICAL = ["acrobatics", "archery", "athletics", "brawl", "block", "dodge", "escapeArtist", "melee"];
const SKILLS = [
  ...[...PHYSICAL, "survival", "swimming", "throw"],
  ...["animalKen", "bearing", "etiquette", "intimidation", "interrogation", "languages", "leadership"],
  ...["performance", "riding", "subterfuge"],
  ...["academics", "appraisal", "crafts", "drive", "firearms", "medicine", "occult", "repair", "research"],
  ...["science", "stealth"],
  ...["awareness", "cognition", "empathy", "focus", "intuition", "martialArts", "meditation", "spiritKen"],
];

describe("the Tales character model", () => {
  let models: Record<string, SystemModel>;
  beforeAll(async () => {
    models = await loadSystemModels(ROOT);
  });

  it("holds four attributes, the 40 skills at 0 and the six connections", () => {
    expect(SKILLS).toHaveLength(40);
    for (const type of ["tales-character", "tales-npc"]) {
      const data = models[type]!.cleanData({}) as any;
      expect(Object.keys(data.attributes)).toEqual(["physical", "social", "mental", "spiritual"]);
      expect(Object.keys(data.skills)).toEqual(SKILLS);
      expect(Object.values(data.skills).every((v) => v === 0)).toBe(true);
      expect(Object.keys(data.connections)).toEqual([
        "allies",
        "contacts",
        "fame",
        "influence",
        "territory",
        "wealth",
      ]);
      expect(data.health).toMatchObject({ level: "healthy", stunned: false });
    }
  });

  it("refuses an attribute outside 1..6, a skill outside 0..6 and an unknown wound level", () => {
    const model = models["tales-character"]!;
    const good = model.cleanData({}) as any;
    expect(model.schema.validate(good)).toBeUndefined();
    expect(model.schema.validate({ ...good, attributes: { ...good.attributes, mental: 0 } })).toMatch(
      /mental/,
    );
    expect(model.schema.validate({ ...good, attributes: { ...good.attributes, mental: 7 } })).toMatch(
      /mental/,
    );
    expect(model.schema.validate({ ...good, skills: { ...good.skills, melee: 7 } })).toMatch(/melee/);
    expect(model.schema.validate({ ...good, health: { ...good.health, level: "winded" } })).toMatch(/level/);
  });

  it("weapons and armour keep the table's columns and traits", () => {
    // Hand Axe: cost 4, damage +4, modifier -1, Clumsy.
    const axe = models["tales-weapon"]!.cleanData({
      cost: 4,
      damage: 4,
      modifier: -1,
      traits: { clumsy: true },
    }) as any;
    expect(axe).toMatchObject({ cost: 4, damage: 4, modifier: -1, skill: "melee", rarity: "common" });
    expect(axe.traits).toMatchObject({ clumsy: true, auto: 0, range: 0, spray: false });
    // Bulletproof Vest: cost 6, protection -5, modifier -1 (stored as the positive amounts).
    const vest = models["tales-armour"]!.cleanData({ cost: 6, protection: 5, modifier: 1 }) as any;
    expect(models["tales-armour"]!.schema.validate(vest)).toBeUndefined();
    expect(models["tales-armour"]!.schema.validate({ ...vest, protection: -5 })).toMatch(/protection/);
  });

  it("the settings' defaults are the spec's recommended readings", () => {
    expect(defaultTalesSettings()).toMatchObject({
      degreesOfSuccess: true,
      damageMode: "high",
      criticalWoundRule: "halfAttributeSkillsOne",
      dynamicTieRule: "succeeds",
      opposedTieRule: "defender",
      coverTable: "arithmetic",
      startingPointsMultiplier: 1,
      blockHalving: "floor",
      initiativeEachRound: true,
      resilientMode: "perAbsorption",
    });
  });
});
