import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  attributeModifier,
  canUseSecondarySkill,
  capacityNotation,
  conditionGroupOf,
  npcNotation,
  oddLevelAttributeBonus,
  startingSkillXP,
  trainingAttributeBonus,
} from "./attributes";
import { ATTRIBUTE_KEYS } from "./character-keys";

describe("attribute modifiers: the score on the Experience table", () => {
  it("AGL [2]14/2 and, after training, 15/2", () => {
    expect(attributeModifier(14)).toBe(2);
    expect(attributeModifier(15)).toBe(2);
    expect(attributeModifier(16)).toBe(3);
  });
  it("the notation: Open Locks [2] 22/3, AGL [2]14/2, an NPC's [2]+3", () => {
    expect(capacityNotation({ capacity: 2, xp: 22 })).toBe("[2]22/3");
    expect(capacityNotation({ capacity: 2, xp: 14 })).toBe("[2]14/2");
    expect(npcNotation(2, 3)).toBe("[2]+3");
  });
  it("the modifier never falls as the score rises", () =>
    fc.assert(
      fc.property(fc.nat(300), fc.nat(300), (a, b) =>
        a <= b ? attributeModifier(a) <= attributeModifier(b) : true,
      ),
    ));
  it("refuses a negative or fractional score", () => {
    expect(() => attributeModifier(-1)).toThrow(RangeError);
    expect(() => attributeModifier(1.5)).toThrow(RangeError);
  });
});

describe("condition groups", () => {
  it("Body, Agility, Appearance physical; Mind, Logic mental; Aura emotional; Reflex and Speed none", () => {
    expect(ATTRIBUTE_KEYS.map(conditionGroupOf)).toEqual([
      "physical",
      "physical",
      "physical",
      "mental",
      "mental",
      "emotional",
      null,
      null,
    ]);
  });
});

describe("attribute growth", () => {
  it("training: primary +1, mastery +2, supernatural +3, deific +4; secondary nothing", () => {
    expect([1, 2, 3, 4, 5].map(trainingAttributeBonus)).toEqual([0, 1, 2, 3, 4]);
  });
  it("an odd level above the attribute's modifier: Acrobatics [2] 4 → 5 with AGL 15/2 gives +1", () => {
    expect(oddLevelAttributeBonus({ capacity: 2, fromLevel: 4, toLevel: 5 }, 15)).toBe(1);
  });
  it("an even level, or an odd one not above the modifier, gives nothing", () => {
    expect(oddLevelAttributeBonus({ capacity: 2, fromLevel: 3, toLevel: 4 }, 15)).toBe(0);
    expect(oddLevelAttributeBonus({ capacity: 2, fromLevel: 2, toLevel: 3 }, 16)).toBe(0);
    expect(oddLevelAttributeBonus({ capacity: 2, fromLevel: 2, toLevel: 3 }, 15)).toBe(1);
  });
  it("secondary skills never raise attributes", () =>
    expect(oddLevelAttributeBonus({ capacity: 1, fromLevel: 4, toLevel: 5 }, 10)).toBe(0));
  it("the byTraining reading gives the training bonus of the skill's capacity", () =>
    expect(
      oddLevelAttributeBonus({ capacity: 3, fromLevel: 4, toLevel: 5 }, 15, { oddLevelBonus: "byTraining" }),
    ).toBe(2));
  it("a level that falls gives nothing", () =>
    expect(oddLevelAttributeBonus({ capacity: 2, fromLevel: 5, toLevel: 3 }, 10)).toBe(0));
  it("property: rising in two steps gives what rising at once gives", () =>
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.nat(9),
        fc.nat(9),
        fc.nat(9),
        fc.nat(60),
        (cap, x, y, z, score) => {
          const [a, b, c] = [x, y, z].sort((p, q) => p - q) as [number, number, number];
          const first = oddLevelAttributeBonus({ capacity: cap, fromLevel: a, toLevel: b }, score);
          const second = oddLevelAttributeBonus({ capacity: cap, fromLevel: b, toLevel: c }, score + first);
          return (
            first + second === oddLevelAttributeBonus({ capacity: cap, fromLevel: a, toLevel: c }, score)
          );
        },
      ),
    ));
});

describe("skills from attributes", () => {
  it("a skill's experience begins at the attribute's score", () => expect(startingSkillXP(14)).toBe(14));
  it("a [0] attribute allows only ancestry skills as secondary", () => {
    expect(canUseSecondarySkill(0, false)).toBe(false);
    expect(canUseSecondarySkill(0, true)).toBe(true);
    expect(canUseSecondarySkill(1, false)).toBe(true);
  });
});
