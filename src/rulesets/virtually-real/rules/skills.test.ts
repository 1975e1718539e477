import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  cultureRoll,
  effectiveSkillXP,
  keepsSkillOnSheet,
  relatedAttributeFor,
  skillCheckParts,
  skillLevel,
} from "./skills";
import { addedExperience } from "./combining";
import { resolveCheck } from "./check";

describe("skills: training and experience", () => {
  it("Open Locks [2] 22/3: roll 2 dice and add +3", () => {
    const parts = skillCheckParts({ capacity: 2, xp: 22 }, { capacity: 2, score: 14 });
    expect(parts).toEqual({ kind: "skill", capacity: 2, level: 3, attrCapacity: 2, critMod: 0 });
    const r = resolveCheck({ ...parts, advantage: 0, disadvantage: 0, dice: [4, 2], dl: 9 });
    expect([r.total, r.success]).toEqual([9, true]);
  });
  it("TV-17: Botany [2]20/3 + Survival [2]40/5 add their XP: 60 → +6, not 3 + 5 = +8", () => {
    expect(skillLevel(20) + skillLevel(40)).toBe(8);
    expect(
      addedExperience([
        { capacity: 2, xp: 20 },
        { capacity: 2, xp: 40 },
      ]).level,
    ).toBe(6);
    expect(skillLevel(20 + 40)).toBe(6);
  });
  it("underlines add to the critical range", () =>
    expect(skillCheckParts({ capacity: 2, xp: 20, underlines: 2 }, { capacity: 2, score: 14 }).critMod).toBe(
      2,
    ));
});

describe("secondary skills: never below the attribute's score", () => {
  it("a secondary skill below the score rolls at the score, and is erased from the sheet", () => {
    expect(effectiveSkillXP({ capacity: 1, xp: 10 }, 14)).toBe(14);
    expect(keepsSkillOnSheet({ capacity: 1, xp: 10 }, 14)).toBe(false);
    expect(keepsSkillOnSheet({ capacity: 1, xp: 14 }, 14)).toBe(false);
    expect(keepsSkillOnSheet({ capacity: 1, xp: 15 }, 14)).toBe(true);
  });
  it("a primary skill keeps its own XP", () => {
    expect(effectiveSkillXP({ capacity: 2, xp: 10 }, 14)).toBe(10);
    expect(keepsSkillOnSheet({ capacity: 2, xp: 10 }, 14)).toBe(true);
  });
  it("a skill not on the sheet: secondary at the score, level = the attribute's modifier", () =>
    expect(skillCheckParts({ capacity: 1, xp: 0 }, { capacity: 2, score: 14 }).level).toBe(2));
  it("property: a secondary skill's level is never below the attribute's modifier", () =>
    fc.assert(
      fc.property(
        fc.nat(200),
        fc.nat(200),
        (xp, score) =>
          skillCheckParts({ capacity: 1, xp }, { capacity: 2, score }).level >= skillLevel(score),
      ),
    ));
});

describe("the related attribute changes with the use", () => {
  it("knowledge → Logic, parry → Agility, a contact in an alliance → Aura, otherwise its own", () => {
    expect(relatedAttributeFor("body", "knowledge")).toBe("logic");
    expect(relatedAttributeFor("body", "parry")).toBe("agility");
    expect(relatedAttributeFor("logic", "contact")).toBe("aura");
    expect(relatedAttributeFor("mind", "perform")).toBe("mind");
  });
  it("Culture: Integrity and Influence are Aura with Guilt's and Isolation's wounds; Knowledge is Logic without them", () => {
    expect(cultureRoll("integrity")).toEqual({ attribute: "aura", emotionalTarget: "guilt" });
    expect(cultureRoll("influence")).toEqual({ attribute: "aura", emotionalTarget: "isolation" });
    expect(cultureRoll("knowledge")).toEqual({ attribute: "logic", emotionalTarget: null });
  });
});
