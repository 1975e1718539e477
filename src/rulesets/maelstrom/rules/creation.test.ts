import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { creationBudget, validateCreation, type CreationInput } from "./creation";
import { ABILITY_KEYS } from "./traits";

/** Physical primary (+6: 3/3/3 -> 9), mental secondary (+4: 3/2/2 -> 7). */
const attributes = { strength: 3, precision: 3, reflexes: 3, perception: 3, intelligence: 2, wits: 2 };
/** 3,3,2,2,2,2,1,1,1,1,1,1 on twelve abilities. */
const abilities = {
  firearms: 3,
  athletics: 3,
  alertness: 2,
  melee: 2,
  stealth: 2,
  driving: 2,
  medicine: 1,
  piloting: 1,
  technology: 1,
  streetwise: 1,
  survival: 1,
  humanities: 1,
};
const base: CreationInput = { attributes, abilities, willpower: 3 };

describe("a sheet straight from the allocation", () => {
  it("is valid and keeps all 30 starting points", () => {
    expect(validateCreation(base)).toEqual([]);
    expect(creationBudget(base)).toEqual({
      startingXp: 30,
      merits: 0,
      flaws: 0,
      attributes: 0,
      abilities: 0,
      willpower: 0,
      specialties: 0,
      remaining: 30,
    });
  });
  it("the groups in either order: mental primary 9, physical secondary 7", () => {
    const swapped = { strength: 3, precision: 2, reflexes: 2, perception: 3, intelligence: 3, wits: 3 };
    expect(validateCreation({ ...base, attributes: swapped })).toEqual([]);
  });
});

describe("problems", () => {
  it("attributes: 'one dot in each of the six attributes'; groups +6 / +4", () => {
    const low = { ...attributes, wits: 0, intelligence: 4 };
    expect(validateCreation({ ...base, attributes: low })).toContainEqual({
      key: "attributeOutOfRange",
      data: { attribute: "wits", value: 0, min: 1, max: 5 },
    });
    const short = { ...attributes, strength: 2 };
    expect(validateCreation({ ...base, attributes: short })).toContainEqual({
      key: "attributeGroups",
      data: { physical: 8, mental: 7, primary: 9, secondary: 7 },
    });
    const lopsided = { strength: 4, precision: 4, reflexes: 4, perception: 1, intelligence: 1, wits: 2 };
    expect(validateCreation({ ...base, attributes: lopsided }).map((p) => p.key)).toContain(
      "attributeGroups",
    );
  });
  it("abilities: 'you must select twelve different abilities' (dots combined are refused)", () => {
    const combined = { ...abilities, humanities: 0, medicine: 2 };
    expect(validateCreation({ ...base, abilities: combined })).toContainEqual({
      key: "abilityAllocation",
      data: { rank: 1, have: 11, need: 12 },
    });
    const noThrees = { ...abilities, athletics: 2 };
    expect(validateCreation({ ...base, abilities: noThrees })).toContainEqual({
      key: "abilityAllocation",
      data: { rank: 3, have: 1, need: 2 },
    });
  });
  it("Willpower: 'All characters start with 3 dots'", () => {
    expect(validateCreation({ ...base, willpower: 2 })).toEqual([
      { key: "willpowerBelowStart", data: { value: 2, start: 3 } },
    ]);
    expect(validateCreation({ ...base, willpower: 11 }).map((p) => p.key)).toContain("willpowerOutOfRange");
  });
  it("Acute Sense and Defective Sense not on the same sense", () => {
    const merits = [{ key: "acuteSense", option: "hearing", points: 2 }];
    expect(
      validateCreation({ ...base, merits, flaws: [{ key: "defectiveSense", option: "hearing" }] }),
    ).toEqual([{ key: "senseConflict", data: { sense: "hearing" } }]);
    expect(
      validateCreation({ ...base, merits, flaws: [{ key: "defectiveSense", option: "vision" }] }),
    ).toEqual([]);
    const all = [{ key: "acuteSense", option: "all", points: 5 }];
    expect(
      validateCreation({ ...base, merits: all, flaws: [{ key: "defectiveSense", option: "smell" }] }),
    ).toEqual([{ key: "senseConflict", data: { sense: "smell" } }]);
  });
  it("merit and flaw details", () => {
    expect(validateCreation({ ...base, flaws: [{ key: "addict", option: "coffee", points: 2 }] })).toEqual([
      { key: "pointsNotAllowed", data: { kind: "flaw", trait: "addict", points: 2 } },
    ]);
    expect(validateCreation({ ...base, merits: [{ key: "acuteSense", option: "all", points: 2 }] })).toEqual([
      { key: "pointsNotAllowed", data: { kind: "merit", trait: "acuteSense", points: 2 } },
    ]);
    expect(validateCreation({ ...base, flaws: [{ key: "phobia" }] })).toEqual([
      { key: "optionMissing", data: { kind: "flaw", trait: "phobia" } },
    ]);
    expect(validateCreation({ ...base, flaws: [{ key: "inept", ability: "science" }] })).toEqual([
      { key: "ineptWithoutDots", data: { ability: "science" } },
    ]);
    expect(validateCreation({ ...base, merits: [{ key: "hugeSize" }, { key: "hugeSize" }] })).toContainEqual({
      key: "duplicateTrait",
      data: { kind: "merit", trait: "hugeSize", option: "" },
    });
  });
});

describe("the starting experience", () => {
  it("merits cost, flaws award, purchases cost at the table's prices", () => {
    const sheet: CreationInput = {
      attributes: { ...attributes, wits: 3 },
      abilities: { ...abilities, firearms: 4, science: 1 },
      willpower: 5,
      specialties: [{ kind: "general" }, { kind: "advanced" }],
      merits: [{ key: "hugeSize" }],
      flaws: [{ key: "addict", option: "coffee", points: 1 }],
    };
    expect(creationBudget(sheet)).toEqual({
      startingXp: 30,
      merits: 4,
      flaws: 1,
      attributes: 15,
      abilities: 10,
      willpower: 9,
      specialties: 5,
      remaining: -12,
    });
    expect(validateCreation(sheet)).toEqual([{ key: "overBudget", data: { remaining: -12 } }]);
    expect(validateCreation({ ...sheet, startingXp: 42 })).toEqual([]);
  });
  it("ability 0 -> 3 from starting experience costs 12 on top of the allocation", () => {
    expect(creationBudget({ ...base, abilities: { ...abilities, science: 3 } }).abilities).toBe(12);
  });
  it("property: raising any ability by one dot costs its new rank x 2", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ABILITY_KEYS), (key) => {
        const before = (abilities as Record<string, number>)[key] ?? 0;
        if (before >= 5) return;
        const budget = creationBudget({ ...base, abilities: { ...abilities, [key]: before + 1 } });
        expect(budget.abilities).toBe((before + 1) * 2);
      }),
    );
  });
});
