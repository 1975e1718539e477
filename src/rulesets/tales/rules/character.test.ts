import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  actionsPerRound,
  budgetPoints,
  defenceScore,
  derivedValues,
  effectiveAttribute,
  effectiveSkill,
  effectiveTotal,
  initiativeScore,
  leadershipLimit,
  maxEssence,
  maxHitPoints,
  movementRate,
  protectionValue,
  traitTotal,
  woundAllowsActing,
  woundColumns,
  type CriticalWoundRule,
} from "./character";
import {
  ADVANTAGE_KEYS,
  CONNECTION_KEYS,
  DISADVANTAGE_KEYS,
  SKILL_GROUPS,
  SKILL_KEYS,
  WOUND_LEVELS,
  hitLocationForFace,
  skillGroup,
  type CharacterTraits,
} from "./traits";

describe("the keys", () => {
  it("40 skills: Physical 11, Social 10, Mental 11, Spiritual 8", () => {
    expect(SKILL_KEYS).toHaveLength(40);
    expect(new Set(SKILL_KEYS).size).toBe(40);
    expect(SKILL_GROUPS.physical).toHaveLength(11);
    expect(SKILL_GROUPS.social).toHaveLength(10);
    expect(SKILL_GROUPS.mental).toHaveLength(11);
    expect(SKILL_GROUPS.spiritual).toHaveLength(8);
    expect(skillGroup("firearms")).toBe("mental");
    expect(skillGroup("martialArts")).toBe("spiritual");
    expect(() => skillGroup("herbalism")).toThrow(RangeError);
  });
  it("6 connections, 29 advantages, 31 disadvantages, 6 wound levels", () => {
    expect(CONNECTION_KEYS).toHaveLength(6);
    expect(ADVANTAGE_KEYS).toHaveLength(29);
    expect(DISADVANTAGE_KEYS).toHaveLength(31);
    expect(WOUND_LEVELS).toHaveLength(6);
  });
  it("hit locations: 1 Soft Flesh, 2 Legs, 3 Arms, 4 Abdomen, 5 Torso, 6 Head", () => {
    expect([1, 2, 3, 4, 5, 6].map(hitLocationForFace)).toEqual([
      "softFlesh",
      "legs",
      "arms",
      "abdomen",
      "torso",
      "head",
    ]);
    expect(() => hitLocationForFace(7)).toThrow(RangeError);
    expect(() => hitLocationForFace(0)).toThrow(RangeError);
  });
});

describe("wound-state effective values (the chargen box)", () => {
  it("attribute 5 / skill 3: healthy 8, light 5 + 2 = 7, medium 3 + 2 = 5, critical 3 + 1 = 4", () => {
    expect(woundColumns(5, 3)).toEqual({ healthy: 8, light: 7, medium: 5, critical: 4 });
  });
  it("attribute 3 / skill 0: 3, 3, 2, 2 (a skill of 0 stays 0 at Critical)", () => {
    expect(woundColumns(3, 0)).toEqual({ healthy: 3, light: 3, medium: 2, critical: 2 });
  });
  it("'allOne': 'all skills and attributes dropped to a maximum value of 1'", () => {
    expect(woundColumns(5, 3, { criticalWoundRule: "allOne" })).toEqual({
      healthy: 8,
      light: 7,
      medium: 5,
      critical: 2,
    });
  });
  it("'sheet': 'ATTRIBUTE HALF + HALF SKILL' from Light on", () => {
    expect(woundColumns(5, 3, { criticalWoundRule: "sheet" })).toEqual({
      healthy: 8,
      light: 5,
      medium: 5,
      critical: 4,
    });
  });
  it("K/O and dead cannot act", () => {
    expect(woundAllowsActing("critical")).toBe(true);
    expect(woundAllowsActing("ko")).toBe(false);
    expect(effectiveTotal(5, 3, "ko")).toBeNull();
    expect(effectiveTotal(5, 3, "dead")).toBeNull();
    expect(effectiveAttribute(5, "ko")).toBe(0);
  });
  it("refuses negative or fractional values", () => {
    expect(() => effectiveAttribute(-1, "healthy")).toThrow(RangeError);
    expect(() => effectiveSkill(1.5, "light")).toThrow(RangeError);
  });
  it("property: never above the healthy value, never below 0, never rising with the wound", () => {
    const rule = fc.constantFrom<CriticalWoundRule>("halfAttributeSkillsOne", "allOne", "sheet");
    fc.assert(
      fc.property(fc.nat(8), fc.nat(8), fc.constantFrom(...WOUND_LEVELS), rule, (a, s, w, r) => {
        const o = { criticalWoundRule: r };
        for (const [v, f] of [
          [a, effectiveAttribute],
          [s, effectiveSkill],
        ] as const) {
          expect(f(v, w, o)).toBeLessThanOrEqual(v);
          expect(f(v, w, o)).toBeGreaterThanOrEqual(0);
        }
        const cols = woundColumns(a, s, o);
        expect(cols.light).toBeLessThanOrEqual(cols.healthy);
        expect(cols.medium).toBeLessThanOrEqual(cols.light);
        expect(cols.critical).toBeLessThanOrEqual(cols.medium);
      }),
    );
  });
});

const hero: CharacterTraits = {
  attributes: { physical: 3, social: 2, mental: 4, spiritual: 1 },
  skills: { awareness: 2, athletics: 3, leadership: 1 },
  advantages: [
    { key: "equipment", level: 2 },
    { key: "library", level: 1 },
    { key: "sanctuary", level: 1 },
  ],
};

describe("derived values", () => {
  it("HP = Physical + Mental, Essence = Social + Spiritual", () => {
    expect(maxHitPoints(hero)).toBe(7);
    expect(maxEssence(hero)).toBe(3);
  });
  it("initiative = Mental + Awareness, -1 per Heavy weapon or armour", () => {
    expect(initiativeScore(4, 2)).toBe(6);
    expect(initiativeScore(4, 2, { heavyItems: 2 })).toBe(4);
    expect(initiativeScore(4, 2, { wound: "medium" })).toBe(3);
  });
  it("movement = Physical + Athletics metres; Restrictive -25%, kept exact (spec C03: 5 m -> 3.75 m)", () => {
    expect(movementRate(3, 3)).toBe(6);
    expect(movementRate(4, 4, { restrictive: true })).toBe(6);
    expect(movementRate(3, 2, { restrictive: true })).toBe(3.75);
    expect(movementRate(3, 4, { restrictive: true })).toBe(5.25);
  });
  it("actions: two; Uncoordinated one", () => {
    expect(actionsPerRound(hero)).toBe(2);
    expect(actionsPerRound({ ...hero, disadvantages: [{ key: "uncoordinated", level: 7 }] })).toBe(1);
  });
  it("defence = Physical less the armour's Modifier; protection the best armour", () => {
    const vest = { protection: -5, modifier: -1 };
    const combat = { protection: -8, modifier: -3, heavy: true, restrictive: true };
    expect(defenceScore(3)).toBe(3);
    expect(defenceScore(3, [vest])).toBe(2);
    expect(defenceScore(2, [combat])).toBe(0);
    expect(protectionValue([])).toBe(0);
    expect(protectionValue([vest, { protection: -1, modifier: 0 }])).toBe(5);
  });
  it("leadership limit: Social 1 + Leadership 0 leads nobody; Natural Leader +1", () => {
    expect(leadershipLimit(1, 0)).toBe(0);
    expect(leadershipLimit(3, 2)).toBe(4);
    expect(leadershipLimit(3, 2, { naturalLeader: true })).toBe(5);
    expect(leadershipLimit(3, 2, { cooperationLimit: "socialPlusLeadership" })).toBe(5);
    expect(leadershipLimit(1, 0, { cooperationLimit: "socialPlusLeadership" })).toBe(1);
  });
  it("5 gear / manuscript / lodging points per level", () => {
    expect(budgetPoints(3)).toBe(15);
    expect(() => budgetPoints(-1)).toThrow(RangeError);
  });
  it("all of them together", () => {
    const combat = { protection: -8, modifier: -3, heavy: true, restrictive: true };
    expect(derivedValues(hero, { armour: [combat] }, { equipment: 1 })).toEqual({
      hitPoints: 7,
      essence: 3,
      initiative: 5,
      alwaysLosesInitiative: false,
      movement: 4.5, // 6 m less 25 % (Restrictive)
      actions: 2,
      defence: 0,
      protection: 8,
      leadershipLimit: 2,
      gearPoints: 15,
      manuscriptPoints: 5,
      lodgingPoints: 5,
    });
  });
  it("wounds shrink the combat numbers but not the pools", () => {
    const d = derivedValues(hero, { wound: "medium" });
    expect(d.hitPoints).toBe(7);
    expect(d.initiative).toBe(2 + 1);
    expect(d.movement).toBe(2 + 2);
    expect(traitTotal(hero, "mental", "awareness", { wound: "critical" })).toBe(3);
    expect(traitTotal(hero, "mental", null)).toBe(4);
  });
});
