import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ARMOUR_SKILLS, armourBurden, checkPrwPenalty, heavyArmourReduction } from "./armour";

const plate = { class: "heavy", prwPenalty: -2 } as const;
const mail = { class: "medium", prwPenalty: 0 } as const;

describe("armour and shields: PRW penalty and unskilled dice", () => {
  it('skill difficulties: "Armor » Light" 1, "Medium" 2, "Heavy" 3, "Shields" 2', () => {
    expect(Object.values(ARMOUR_SKILLS).map((s) => [s.skill, s.difficulty])).toEqual([
      ["Armor » Light", 1],
      ["Armor » Medium", 2],
      ["Armor » Heavy", 3],
      ["Armor » Shields", 2],
    ]);
  });

  it('TV-C15: Plate PRW −2 with Armor » Heavy 4 / 5 costs 1 / 0 ("reduced by 1 ... by 2")', () => {
    expect(armourBurden([plate], { heavy: 4 }).prwPenalty).toBe(1);
    expect(armourBurden([plate], { heavy: 5 }).prwPenalty).toBe(0);
    expect(armourBurden([plate], { heavy: 3 }).prwPenalty).toBe(2);
    expect([0, 3, 4, 5].map(heavyArmourReduction)).toEqual([0, 0, 1, 2]);
  });

  it("TV-C16: Mail worn with Armor » Medium unallocated: −2 dice to all PRW-related tests", () => {
    expect(armourBurden([mail], {})).toEqual({ prwPenalty: 0, unskilledDice: 2, unskilled: ["medium"] });
    expect(armourBurden([mail], { medium: 1 })).toEqual({ prwPenalty: 0, unskilledDice: 0, unskilled: [] });
  });

  it("unskilled heavy armour costs its listed PRW and 3 dice; a shield unskilled adds 2 more", () => {
    const shield = { class: "shield", prwPenalty: -1 } as const; // the Large Shield: PRW PENALTY -1
    expect(armourBurden([plate, shield], {})).toEqual({
      prwPenalty: 3,
      unskilledDice: 5,
      unskilled: ["heavy", "shield"],
    });
  });

  it('the "unskilled" reading: the listed penalty applies only without the skill', () => {
    expect(armourBurden([plate], { heavy: 1 }, "unskilled").prwPenalty).toBe(0);
    expect(armourBurden([plate], {}, "unskilled").prwPenalty).toBe(2);
  });

  it("setting armourPenalty, both readings with Plate's PRW PENALTY -2 (Armor » Heavy 0, 4, 5)", () => {
    // "always" (default): "At allocations of 4, an armor's PRW penalty is reduced by 1. At allocations
    // of 5, PRW penalty is reduced by 2" (Armor » Heavy) only means something if the penalty applies
    // to a skilled wearer. "unskilled": "If attempting to wear without the allocated skill, the noted
    // penalty is applied to the actor's PRW" (the Heavy Armor headings).
    const at = (heavy: number, mode: "always" | "unskilled") => armourBurden([plate], { heavy }, mode);
    expect([0, 1, 4, 5].map((h) => at(h, "always").prwPenalty)).toEqual([2, 2, 1, 0]);
    expect([0, 1, 4, 5].map((h) => at(h, "unskilled").prwPenalty)).toEqual([2, 0, 0, 0]);
    expect(armourBurden([plate], { heavy: 4 }).prwPenalty).toBe(1); // the default is "always"
    // Either way, worn without the skill: "a penalty to all PRW-related tests equal to the respective
    // skill difficulty" (Armor » Heavy 3).
    expect(at(0, "always").unskilledDice).toBe(3);
    expect(at(0, "unskilled").unskilledDice).toBe(3);
  });

  it("a PRW PENALTY is 0 or a negative whole number", () => {
    expect(checkPrwPenalty(-2).ok).toBe(true);
    expect(checkPrwPenalty(1).ok).toBe(false);
    expect(checkPrwPenalty(-0.5).ok).toBe(false);
  });

  it("property: more skill never costs more, and penalties are never negative", () => {
    const piece = fc.record({
      class: fc.constantFrom("light", "medium", "heavy", "shield" as const),
      prwPenalty: fc.integer({ min: -3, max: 0 }),
    });
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 3 }), fc.integer({ min: 0, max: 4 }), (worn, skill) => {
        const low = armourBurden(worn, { light: skill, medium: skill, heavy: skill, shield: skill });
        const high = armourBurden(worn, {
          light: skill + 1,
          medium: skill + 1,
          heavy: skill + 1,
          shield: skill + 1,
        });
        expect(high.prwPenalty).toBeLessThanOrEqual(low.prwPenalty);
        expect(high.unskilledDice).toBeLessThanOrEqual(low.unskilledDice);
        expect(low.prwPenalty).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
