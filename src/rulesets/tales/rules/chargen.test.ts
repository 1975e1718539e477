import { describe, expect, it } from "vitest";
import { buildCharacter, chargenBudget, validateCharacter, type ChargenPlan } from "./chargen";
import { findTemplate } from "./templates";

/** Steps 1-3 spent to the point: 10 attribute points, 20 skill points, 30 + 4 (Hunted) trait points. */
const plan: ChargenPlan = {
  attributes: { physical: 3, social: 2, mental: 3, spiritual: 2 },
  skills: {
    firearms: 3,
    athletics: 3,
    dodge: 2,
    medicine: 2,
    awareness: 3,
    brawl: 2,
    stealth: 2,
    drive: 1,
    academics: 2,
  },
  templates: [
    { key: "combatantHobby", choices: { "skills.3": "dodge" } },
    { key: "medicHobby" },
    { key: "corporateGrunt", choices: { "advantages.0": "equipment" } },
  ],
  raisedAttributes: ["physical"],
  raisedSkills: ["athletics", "medicine"],
  connectionPoints: { wealth: 2 },
  advantages: [
    { key: "lucky", level: 3 },
    { key: "eideticMemory", level: 4 },
    { key: "edge", level: 2, specialisation: "firearms" },
    { key: "adaptable", level: 1 },
  ],
  disadvantages: [{ key: "hunted", level: 4 }],
};

describe("a legal character", () => {
  it("has no problems and spends every point", () => {
    expect(validateCharacter(plan)).toEqual([]);
    expect(chargenBudget(plan)).toEqual({
      attributes: { budget: 10, spent: 10, remaining: 0 },
      skills: { budget: 20, spent: 20, remaining: 0 },
      traits: {
        budget: 30,
        templates: 15,
        attributes: 3,
        skills: 2,
        connections: 4,
        advantages: 10,
        disadvantageBonus: 4,
        remaining: 0,
      },
      advantagePoints: 10,
      // Hunted 4 + the second occupation's Time Commitment 1 (a template's: no bonus, ambiguity #41).
      disadvantagePoints: 5,
    });
  });
  it("builds: template skills add, then the trait purchases", () => {
    const r = buildCharacter(plan);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.attributes.physical).toBe(4);
    expect(r.value.skills).toMatchObject({
      firearms: 4,
      athletics: 5,
      dodge: 3,
      medicine: 5,
      academics: 3,
      science: 1,
    });
    expect(r.value.connections).toEqual({ contacts: 1, wealth: 3 });
    expect(r.value.templates).toEqual(["combatantHobby", "medicHobby", "corporateGrunt"]);
    expect(r.value.disadvantages?.map((d) => [d.key, d.level])).toEqual([
      ["timeCommitment", 1],
      ["hunted", 4],
    ]);
  });
});

describe("budgets: 10 / 20 / 30 and the multiplier", () => {
  it("epic play: 'twice as many starting points' doubles the three budgets", () => {
    const b = chargenBudget(plan, { startingPointsMultiplier: 2 });
    expect([b.attributes.budget, b.skills.budget, b.traits.budget]).toEqual([20, 40, 60]);
    expect(b.traits.remaining).toBe(30);
    expect(() => chargenBudget(plan, { startingPointsMultiplier: 0 })).toThrow(RangeError);
  });
  it("unspent points are warnings (ambiguity #40), overspent ones errors", () => {
    const less = {
      ...plan,
      attributes: { physical: 2, social: 2, mental: 3, spiritual: 2 },
      disadvantages: [],
    };
    const problems = validateCharacter(less);
    expect(problems).toContainEqual({
      key: "attributePointsUnspent",
      severity: "warning",
      data: { spent: 9, budget: 10 },
    });
    expect(problems).toContainEqual({
      key: "traitPointsOverspent",
      severity: "error",
      data: { remaining: -4, budget: 30, bonus: 0 },
    });
  });
});

describe("problems", () => {
  const keys = (p: ChargenPlan) => validateCharacter(p).map((x) => x.key);
  it("step 1: each attribute 1..5", () => {
    const p = { ...plan, attributes: { physical: 6, social: 1, mental: 2, spiritual: 0 } };
    expect(validateCharacter(p)).toContainEqual({
      key: "attributeOutOfRange",
      severity: "error",
      data: { attribute: "physical", value: 6, min: 1, max: 5 },
    });
    expect(keys(p)).toContain("attributeOutOfRange");
  });
  it("step 2: 'no more than 3 levels in any one particular skill'; 20 points", () => {
    const p = { ...plan, skills: { ...plan.skills, drive: 0, firearms: 4 } };
    expect(keys(p)).toContain("skillOutOfRange");
    expect(keys({ ...plan, skills: { ...plan.skills, science: 1 } })).toContain("skillPointsOverspent");
    expect(keys({ ...plan, skills: { ...plan.skills, herbalism: 1 } as ChargenPlan["skills"] })).toContain(
      "unknownKey",
    );
  });
  it("trait purchases: once each; not past 6; not a skill a template already took to 6", () => {
    expect(keys({ ...plan, raisedAttributes: ["physical", "physical"] })).toContain("attributeRaisedTwice");
    expect(keys({ ...plan, raisedSkills: ["athletics", "athletics"] })).toContain("skillRaisedTwice");
    const six: ChargenPlan = {
      ...plan,
      skills: { ...plan.skills, academics: 3, science: 3 },
      templates: [
        { key: "scientistFullTime", choices: { "advantages.0.specialisation": "science" } },
        { key: "medicHobby" },
      ],
      raisedSkills: ["academics"],
    };
    expect(validateCharacter(six)).toContainEqual({
      key: "skillRaiseAtCap",
      severity: "error",
      data: { skill: "academics", value: 6, max: 6 },
    });
    expect(keys({ ...plan, connectionPoints: { wealth: 6 } })).toContain("connectionAboveCap");
    expect(buildCharacter({ ...plan, connectionPoints: { wealth: 6 } })).toMatchObject({
      ok: false,
      reason: "connectionAboveCap",
    });
  });
  it("advantages: at most 10 bought, the templates' excluded", () => {
    const p = { ...plan, advantages: [...(plan.advantages ?? []), { key: "charismatic", level: 3 }] };
    expect(validateCharacter(p)).toContainEqual({
      key: "advantagePointsOverCap",
      severity: "error",
      data: { points: 13, max: 10 },
    });
  });
  it("disadvantages: at most 10, the templates' included (ambiguity #17)", () => {
    const p = {
      ...plan,
      disadvantages: [
        { key: "hunted", level: 4 },
        { key: "coward", level: 3 },
        { key: "frail", level: 3 },
      ],
    };
    expect(validateCharacter(p)).toContainEqual({
      key: "disadvantagePointsOverCap",
      severity: "error",
      data: { points: 11, max: 10 },
    });
  });
  it("bad traits, templates and choices; Territorial without Territory", () => {
    expect(keys({ ...plan, advantages: [{ key: "lucky", level: 2 }] })).toContain("traitInvalid");
    expect(keys({ ...plan, templates: [{ key: "pirateHobby" }] })).toContain("templateUnknown");
    expect(validateCharacter({ ...plan, templates: [{ key: "combatantHobby" }] })).toContainEqual({
      key: "templateInvalid",
      severity: "error",
      data: { template: "combatantHobby", reason: "choiceMissing", id: "skills.3" },
    });
    expect(keys({ ...plan, disadvantages: [{ key: "territorial", level: 3 }] })).toContain(
      "territorialWithoutTerritory",
    );
  });
});

describe("a Raconteur's own template", () => {
  // The medic hobby with its slots given as data, under a key the text does not have.
  const own = { ...findTemplate("medicHobby")!, key: "custom:Field medic" };
  const withOwn: ChargenPlan = {
    ...plan,
    templates: [plan.templates![0]!, { key: own.key, template: own }, plan.templates![2]!],
  };

  it("counts and applies as the text's template with the same slots", () => {
    expect(chargenBudget(withOwn)).toEqual(chargenBudget(plan));
    expect(validateCharacter(withOwn)).toEqual([]);
  });

  it("is unknown without its data", () => {
    expect(validateCharacter({ ...plan, templates: [{ key: own.key }] }).map((x) => x.key)).toContain(
      "templateUnknown",
    );
  });
});
