import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { actionPool, soakPool, willpowerPool } from "./pools";
import { ABILITIES, ABILITY_KEYS, ATTRIBUTES, ATTRIBUTE_KEYS, abilityCategory } from "./traits";

describe("trait tables", () => {
  it("six attributes, three physical and three mental", () => {
    expect(ATTRIBUTE_KEYS).toHaveLength(6);
    expect(ATTRIBUTE_KEYS.filter((k) => ATTRIBUTES[k].group === "physical")).toEqual([
      "strength",
      "precision",
      "reflexes",
    ]);
  });
  it("24 abilities, eight per category, with the text's common attributes", () => {
    expect(ABILITY_KEYS).toHaveLength(24);
    for (const category of ["talent", "skill", "knowledge"] as const)
      expect(ABILITY_KEYS.filter((k) => abilityCategory(k) === category)).toHaveLength(8);
    expect(abilityCategory("alertness")).toBe("talent");
    expect(abilityCategory("firearms")).toBe("skill");
    expect(abilityCategory("medicine")).toBe("knowledge");
    expect(ABILITIES.firearms.attributes).toEqual(["strength", "precision", "reflexes"]);
    expect(ABILITIES.artistry.attributes).toEqual([]); // "Varies"
    expect(() => abilityCategory("brawling")).toThrow(RangeError);
  });
});

describe("action pools (Dice Pool, zero dots, specialties)", () => {
  it("TV-01: Precision 3 + Driving 2 is a pool of 5", () => {
    const r = actionPool({ attribute: "precision", attributeDots: 3, ability: "driving", abilityDots: 2 });
    expect(r).toMatchObject({ allowed: true, pool: 5, difficulty: 6, threshold: 0, exploding: false });
    expect(r.maxSpecialties).toBe(2);
    expect(r.modifiers).toEqual([]);
  });
  it("TV-17: a skill at zero dots uses the attribute alone at +1 difficulty", () => {
    const r = actionPool({ attribute: "precision", attributeDots: 3, ability: "firearms", abilityDots: 0 });
    expect(r).toMatchObject({ allowed: true, pool: 3, difficulty: 7, maxSpecialties: 0 });
    expect(r.modifiers).toEqual([{ key: "skillZero", value: 1 }]);
  });
  it("TV-18: a knowledge at zero dots is refused unless the storyteller allows it, then with a penalty", () => {
    const base = {
      attribute: "intelligence",
      attributeDots: 3,
      ability: "medicine",
      abilityDots: 0,
    } as const;
    expect(actionPool(base)).toMatchObject({ allowed: false, reason: "knowledgeZero" });
    const allowed = actionPool({ ...base, knowledgeOverride: true, knowledgePenalty: 3 });
    expect(allowed).toMatchObject({ allowed: true, pool: 3, difficulty: 9 });
    expect(allowed.modifiers).toEqual([{ key: "knowledgeZero", value: 3 }]);
    expect(actionPool({ ...base, knowledgeOverride: true }).difficulty).toBe(8); // default penalty 2
  });
  it("TV-19: a talent at zero dots uses the attribute alone, no penalty", () => {
    const r = actionPool({ attribute: "perception", attributeDots: 2, ability: "alertness", abilityDots: 0 });
    expect(r).toMatchObject({ allowed: true, pool: 2, difficulty: 6, modifiers: [] });
  });
  it("two attributes, or one alone, are fine; an ability and a second attribute are too many", () => {
    expect(
      actionPool({
        attribute: "reflexes",
        attributeDots: 2,
        secondAttribute: "strength",
        secondAttributeDots: 3,
      }),
    ).toMatchObject({ allowed: true, pool: 5, maxSpecialties: 0 });
    expect(actionPool({ attribute: "wits", attributeDots: 4 }).pool).toBe(4);
    const three = actionPool({
      attribute: "strength",
      attributeDots: 2,
      ability: "athletics",
      abilityDots: 1,
      secondAttribute: "reflexes",
      secondAttributeDots: 2,
    });
    expect(three).toMatchObject({ allowed: false, reason: "tooManyTraits" });
  });
  it("TV-06: the sniper, Firearms 1, can use one specialty; using Extreme Range clears its threshold", () => {
    const sniper = {
      attribute: "precision",
      attributeDots: 3,
      ability: "firearms",
      abilityDots: 1,
      baseDifficulty: 8,
      required: 1,
    } as const;
    expect(actionPool({ ...sniper, specialtiesUsed: 1, usedRequired: 1 })).toMatchObject({
      allowed: true,
      pool: 4,
      difficulty: 8,
      threshold: 0,
      exploding: true,
      maxSpecialties: 1,
    });
    // TV-08: Sniper Rifles instead: tens explode but the threshold stays.
    const general = actionPool({ ...sniper, specialtiesUsed: 1, usedRequired: 0 });
    expect(general).toMatchObject({ threshold: 1, exploding: true });
    expect(general.thresholdModifiers).toEqual([{ key: "requiredSpecialties", value: 1 }]);
    // TV-07: no specialty at all.
    expect(actionPool(sniper)).toMatchObject({ threshold: 1, exploding: false });
    // Both specialties: one per dot only.
    expect(actionPool({ ...sniper, specialtiesUsed: 2, usedRequired: 1 })).toMatchObject({
      allowed: false,
      reason: "tooManySpecialties",
      exploding: false,
    });
  });
  it("no specialty at zero dots, nor without an ability", () => {
    const zero = actionPool({
      attribute: "wits",
      attributeDots: 2,
      ability: "stealth",
      abilityDots: 0,
      specialtiesUsed: 1,
    });
    expect(zero).toMatchObject({ allowed: false, reason: "tooManySpecialties", maxSpecialties: 0 });
    expect(actionPool({ attribute: "wits", attributeDots: 2, specialtiesUsed: 1 }).reason).toBe(
      "tooManySpecialties",
    );
  });
  it("the threshold grows by each required specialty not used", () => {
    const r = actionPool({
      attribute: "intelligence",
      attributeDots: 3,
      ability: "engineering",
      abilityDots: 3,
      threshold: 1,
      required: 3,
      usedRequired: 1,
      specialtiesUsed: 2,
    });
    expect(r).toMatchObject({ allowed: true, threshold: 3, exploding: true });
    const bad = actionPool({
      attribute: "wits",
      attributeDots: 2,
      ability: "stealth",
      abilityDots: 2,
      required: 1,
      usedRequired: 1,
    });
    expect(bad.reason).toBe("usedRequiredInvalid");
  });
  it("Reflexes in place of Precision: +1 difficulty, unless the weapon ignores it", () => {
    const base = {
      attribute: "reflexes",
      attributeDots: 3,
      ability: "firearms",
      abilityDots: 2,
      reflexive: true,
    } as const;
    const r = actionPool(base);
    expect(r.difficulty).toBe(7);
    expect(r.modifiers).toEqual([{ key: "reflexivePenalty", value: 1 }]);
    expect(actionPool({ ...base, ignoresReflexivePenalty: true }).difficulty).toBe(6);
  });
  it("lists the situation's difficulty modifiers and clamps the difficulty at 2", () => {
    const r = actionPool({
      attribute: "perception",
      attributeDots: 3,
      ability: "alertness",
      abilityDots: 1,
      baseDifficulty: 4,
      difficultyModifiers: [
        { key: "acuteSense", value: -2 },
        { key: "exceptionalBalance", value: -2 },
      ],
    });
    expect(r.difficulty).toBe(2);
    expect(r.modifiers.map((m) => m.key)).toEqual(["acuteSense", "exceptionalBalance"]);
    const high = actionPool({
      attribute: "perception",
      attributeDots: 3,
      baseDifficulty: 9,
      difficultyModifiers: [{ key: "phobia", value: 2 }],
    });
    expect(high.difficulty).toBe(11); // above 10 nothing succeeds
  });
  it("the wound penalty takes dice away, never below 0, unless Willpower was spent to ignore it", () => {
    const base = {
      attribute: "strength",
      attributeDots: 2,
      ability: "melee",
      abilityDots: 1,
      woundPenalty: 2,
    } as const;
    const r = actionPool(base);
    expect(r.pool).toBe(1);
    expect(r.poolModifiers).toEqual([{ key: "woundPenalty", value: -2 }]);
    expect(actionPool({ ...base, ignoreWounds: true })).toMatchObject({ pool: 3, poolModifiers: [] });
    expect(actionPool({ ...base, woundPenalty: 5 }).pool).toBe(0);
  });
  it("rejects impossible input", () => {
    expect(() => actionPool({ attribute: "luck" as never, attributeDots: 1 })).toThrow(RangeError);
    expect(() => actionPool({ attribute: "wits", attributeDots: -1 })).toThrow(RangeError);
    expect(() => actionPool({ attribute: "wits", attributeDots: 1, woundPenalty: 1.5 })).toThrow(RangeError);
    expect(() => actionPool({ attribute: "wits", attributeDots: 1, ability: "luck" as never })).toThrow(
      RangeError,
    );
  });
  it("properties: the pool is never negative and the difficulty never below 2", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ATTRIBUTE_KEYS),
        fc.integer({ min: 0, max: 5 }),
        fc.option(fc.constantFrom(...ABILITY_KEYS), { nil: undefined }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 2, max: 10 }),
        fc.array(fc.integer({ min: -3, max: 3 }), { maxLength: 4 }),
        fc.integer({ min: 0, max: 8 }),
        fc.boolean(),
        (attribute, attributeDots, ability, abilityDots, baseDifficulty, mods, woundPenalty, reflexive) => {
          const r = actionPool({
            attribute,
            attributeDots,
            ability,
            abilityDots,
            baseDifficulty,
            difficultyModifiers: mods.map((value, i) => ({ key: `m${i}`, value })),
            woundPenalty,
            reflexive,
            knowledgeOverride: true,
          });
          expect(r.pool).toBeGreaterThanOrEqual(0);
          expect(r.difficulty).toBeGreaterThanOrEqual(2);
          expect(r.allowed).toBe(true);
          expect(r.maxSpecialties).toBe(ability === undefined ? 0 : abilityDots);
        },
      ),
    );
  });
});

describe("Willpower and soak pools", () => {
  it("Willpower rolls the current rank alone, with Strong Bond's automatic success", () => {
    expect(willpowerPool({ current: 4 })).toEqual({ pool: 4, autoSuccesses: 0 });
    expect(willpowerPool({ current: 2, strongBond: true })).toEqual({ pool: 2, autoSuccesses: 1 });
    expect(() => willpowerPool({ current: -1 })).toThrow(RangeError);
  });
  it("bashing soaks with Strength plus the armour's bonus; lethal and aggravated with the rating only", () => {
    const armor = { bashing: 2, lethal: 3, aggravated: 1 };
    expect(soakPool({ type: "bashing", strength: 2 }).pool).toBe(2); // the spec's soak vector
    expect(soakPool({ type: "bashing", strength: 2, armor })).toEqual({
      pool: 4,
      parts: [
        { key: "strength", value: 2 },
        { key: "armor", value: 2 },
      ],
    });
    expect(soakPool({ type: "lethal", strength: 4, armor }).pool).toBe(3);
    expect(soakPool({ type: "aggravated", strength: 4, armor }).pool).toBe(1);
    expect(soakPool({ type: "lethal", strength: 4 }).pool).toBe(0); // "can't normally be soaked without armor"
    expect(() => soakPool({ type: "fire" as never, strength: 2 })).toThrow(RangeError);
  });
});
