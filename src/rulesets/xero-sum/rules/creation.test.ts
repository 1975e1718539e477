import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { d3FromD6 } from "./check";
import { startingAttributes, startingSkills } from "./character";
import {
  BACKSTORY_BUDGETS,
  BACKSTORY_CAP,
  BACKSTORY_CDP,
  PROFESSIONS,
  PROFESSION_KEYS,
  STARTING_GEAR,
  STARTING_SURVIVAL_KIT,
  applyParadigm,
  backstoryInProgress,
  offProfessionSpends,
  startingGear,
  startingReloads,
  validateBackstory,
  type BackstorySpend,
} from "./creation";
import { SKILL_KEYS } from "./keys";

const attr = (step: number, key: string): BackstorySpend => ({ step, kind: "attribute", key });
const skill = (step: number, key: string): BackstorySpend => ({ step, kind: "skill", key });

/** A complete, legal backstory: 5 attribute CDP and 15 skill CDP in Steps One to Five. */
const FULL: BackstorySpend[] = [
  attr(1, "phy"),
  skill(1, "athletics"),
  skill(1, "athletics"),
  attr(2, "rsn"),
  skill(2, "medicine"),
  skill(2, "medicine"),
  skill(2, "research"),
  attr(3, "acu"),
  skill(3, "survival"),
  skill(3, "mechanic"),
  skill(3, "stealth"),
  attr(4, "phy"),
  attr(4, "dex"),
  skill(4, "medicine"),
  skill(4, "mechanic"),
  skill(4, "mechanic"),
  skill(4, "research"),
  skill(4, "rangedCombat"),
  skill(5, "athletics"),
  skill(5, "stealth"),
];

const keysOf = (r: ReturnType<typeof validateBackstory>) => r.problems.map((p) => p.key);

describe("Backstory Generation budgets (spec K1)", () => {
  it("K1: attributes 1 + 1 + 1 + 2 = 5; skills 2 + 3 + 3 + 5 + 2 = 15; 20 CDP", () => {
    const steps = Object.values(BACKSTORY_BUDGETS);
    expect(steps.reduce((s, b) => s + b.attribute, 0)).toBe(5);
    expect(steps.reduce((s, b) => s + b.skill, 0)).toBe(15);
    expect(BACKSTORY_CDP).toEqual({ attribute: 5, skill: 15, total: 20 });
    expect(BACKSTORY_BUDGETS[1]).toEqual({ attribute: 1, skill: 2, skillCap: 2 });
    expect(BACKSTORY_BUDGETS[2]).toEqual({ attribute: 1, skill: 3, skillCap: 2 });
    expect(BACKSTORY_BUDGETS[3]).toEqual({ attribute: 1, skill: 3, skillCap: 2 });
    expect(BACKSTORY_BUDGETS[4]).toEqual({ attribute: 2, skill: 5, skillCap: 3 });
    expect(BACKSTORY_BUDGETS[5]).toEqual({ attribute: 0, skill: 2, skillCap: 3 });
    expect(BACKSTORY_CAP).toBe(3);
  });
  it("a full backstory is legal and makes the sheet it spends", () => {
    const r = validateBackstory(FULL);
    expect(r.problems).toEqual([]);
    expect(r.attributes).toEqual({ rsn: 1, acu: 1, phy: 2, inf: 0, dex: 1 });
    expect(r.skills).toMatchObject({
      athletics: 3,
      medicine: 3,
      research: 2,
      survival: 1,
      mechanic: 3,
      stealth: 2,
      rangedCombat: 1,
      psychology: -3,
      barter: 0,
    });
    expect(r.spent[4]).toEqual({ attribute: 2, skill: 5 });
  });
  it("the order of the spends within the list does not matter, only their steps", () => {
    expect(validateBackstory([...FULL].reverse()).skills).toEqual(validateBackstory(FULL).skills);
  });
});

describe("Backstory Generation steps (spec K2–K7)", () => {
  it("K2: Step One, 2 CDP on one skill: 0 → +2", () => {
    expect(validateBackstory([skill(1, "driving"), skill(1, "driving")]).skills.driving).toBe(2);
  });
  it("K3: Step One, 1 CDP each on two skills: both 0 → +1", () => {
    const r = validateBackstory([skill(1, "driving"), skill(1, "farming")]);
    expect([r.skills.driving, r.skills.farming]).toEqual([1, 1]);
  });
  it("K4: Step One, 1 CDP on Mechanic*: −3 → +1", () => {
    expect(validateBackstory([skill(1, "mechanic")]).skills.mechanic).toBe(1);
  });
  it("K5: Step Two, raising a skill already at +2 is refused (cap +2)", () => {
    const r = validateBackstory([skill(1, "stealth"), skill(1, "stealth"), skill(2, "stealth")]);
    expect(r.problems).toContainEqual({
      key: "aboveCap",
      data: { step: 2, kind: "skill", key: "stealth", value: 3, cap: 2 },
    });
  });
  it("K6: Step Four, a +2 skill → +3 is allowed", () => {
    const r = validateBackstory([skill(1, "stealth"), skill(1, "stealth"), skill(4, "stealth")]);
    expect(r.skills.stealth).toBe(3);
    expect(keysOf(r)).not.toContain("aboveCap");
  });
  it("K7: nothing reaches +4 in Backstory Generation, skill or attribute", () => {
    const s = validateBackstory([
      skill(1, "stealth"),
      skill(1, "stealth"),
      skill(4, "stealth"),
      skill(4, "stealth"),
    ]);
    expect(s.problems).toContainEqual({
      key: "aboveCap",
      data: { step: 4, kind: "skill", key: "stealth", value: 4, cap: 3 },
    });
    const a = validateBackstory([attr(1, "phy"), attr(2, "phy"), attr(3, "phy"), attr(4, "phy")]);
    expect(a.problems).toContainEqual({
      key: "aboveCap",
      data: { step: 4, kind: "attribute", key: "phy", value: 4, cap: 3 },
    });
  });
  it("Steps One to Three cap skills at +2 (Step One too: its example reaches +2)", () => {
    const r = validateBackstory([skill(1, "stealth"), skill(1, "stealth"), skill(3, "stealth")]);
    expect(keysOf(r)).toContain("aboveCap");
  });
  it("a starred skill bought twice in Step One: −3 → +1 → +2", () => {
    expect(validateBackstory([skill(1, "tactics"), skill(1, "tactics")]).skills.tactics).toBe(2);
  });
  it("no carry-over: each step's budget stands alone", () => {
    const r = validateBackstory([
      skill(1, "driving"),
      skill(2, "farming"),
      skill(2, "farming"),
      skill(2, "navigation"),
      skill(2, "stealth"),
    ]);
    expect(r.problems).toContainEqual({
      key: "unspent",
      data: { step: 1, kind: "skill", budget: 2, spent: 1 },
    });
    expect(r.problems).toContainEqual({
      key: "overBudget",
      data: { step: 2, kind: "skill", budget: 3, spent: 4 },
    });
  });
  it("Steps Xero and Six to Nine spend nothing; Step Five buys no attribute", () => {
    expect(validateBackstory([attr(0, "phy")]).problems).toContainEqual({
      key: "overBudget",
      data: { step: 0, kind: "attribute", budget: 0, spent: 1 },
    });
    expect(validateBackstory([attr(5, "phy")]).problems).toContainEqual({
      key: "overBudget",
      data: { step: 5, kind: "attribute", budget: 0, spent: 1 },
    });
    expect(validateBackstory([skill(7, "stealth")]).problems).toContainEqual({
      key: "overBudget",
      data: { step: 7, kind: "skill", budget: 0, spent: 1 },
    });
  });
  it("unknown steps and keys", () => {
    expect(keysOf(validateBackstory([attr(10, "phy")]))).toContain("unknownStep");
    expect(keysOf(validateBackstory([attr(1, "str")]))).toContain("unknownKey");
    expect(keysOf(validateBackstory([skill(1, "cooking")]))).toContain("unknownKey");
  });
  it("an empty backstory is in progress: every problem is unspent CDP", () => {
    const r = validateBackstory([]);
    expect(r.attributes).toEqual(startingAttributes());
    expect(r.skills).toEqual(startingSkills());
    expect(backstoryInProgress(r.problems)).toBe(true);
    expect(r.problems).toHaveLength(9);
    expect(backstoryInProgress(validateBackstory([attr(0, "phy")]).problems)).toBe(false);
  });
  it("property: any spends within the budgets never leave a value above +3, and legal ones raise by the CDP", () => {
    const spend = fc.record({
      step: fc.integer({ min: 1, max: 5 }),
      kind: fc.constantFrom("attribute" as const, "skill" as const),
      key: fc.constantFrom("phy", "dex", "stealth", "mechanic", "medicine"),
    });
    fc.assert(
      fc.property(fc.array(spend, { maxLength: 25 }), (raw) => {
        const spends = raw.map((s) => ({
          ...s,
          key: s.kind === "attribute" ? (s.key === "dex" ? "dex" : "phy") : s.key,
        }));
        const r = validateBackstory(spends);
        if (!r.problems.some((p) => p.key === "aboveCap" || p.key === "overBudget")) {
          for (const v of Object.values(r.attributes)) expect(v).toBeLessThanOrEqual(3);
          for (const v of Object.values(r.skills)) expect(v).toBeLessThanOrEqual(3);
          const attrCdp = spends.filter((s) => s.kind === "attribute").length;
          expect(Object.values(r.attributes).reduce((s, v) => s + v, 0)).toBe(attrCdp);
        }
      }),
    );
  });
});

describe("Table 8: professions", () => {
  it("twelve nameless professions of seven skills each, in the text's order", () => {
    expect(PROFESSION_KEYS).toHaveLength(12);
    expect(PROFESSIONS.profession1).toEqual([
      "farming",
      "generalKnowledge",
      "medicine",
      "psychology",
      "research",
      "tactics",
      "survival",
    ]);
    expect(PROFESSIONS.profession4).toEqual([
      "athletics",
      "survival",
      "intimidation",
      "manipulation",
      "rangedCombat",
      "stealth",
      "tactics",
    ]);
    expect(PROFESSIONS.profession12).toEqual([
      "barter",
      "generalKnowledge",
      "inspiration",
      "manipulation",
      "scavenging",
      "sleightOfHand",
      "tinkerer",
    ]);
    for (const k of PROFESSION_KEYS) {
      expect(PROFESSIONS[k]).toHaveLength(7);
      expect(new Set(PROFESSIONS[k]).size).toBe(7);
      for (const s of PROFESSIONS[k]) expect(SKILL_KEYS).toContain(s);
    }
  });
  it("Step Four's spends outside the chosen list (a hint, not a problem)", () => {
    expect(
      offProfessionSpends([skill(4, "medicine"), skill(4, "driving"), skill(2, "driving")], "profession1"),
    ).toEqual([skill(4, "driving")]);
  });
});

describe("Paradigms", () => {
  const soldier = {
    attributes: { phy: 2, dex: 1 },
    skills: { rangedCombat: 3, tactics: 1 },
    threeWords: ["loyal", "blunt", "tired"],
    complication: "personalEnemy",
    motivation: "protect",
  };
  it("its attributes and skills, the rest at the starting values", () => {
    const c = applyParadigm(soldier);
    expect(c.method).toBe("paradigm");
    expect(c.attributes).toEqual({ rsn: 0, acu: 0, phy: 2, inf: 0, dex: 1 });
    expect(c.skills.rangedCombat).toBe(3);
    expect(c.skills.tactics).toBe(1);
    expect(c.skills.mechanic).toBe(-3);
    expect(c.threeWords).toEqual(["loyal", "blunt", "tired"]);
    expect(c.problems).toEqual([]);
  });
  it("the player's three words, Complication and Motivation win", () => {
    const c = applyParadigm(soldier, {
      threeWords: ["calm", "kind", "quiet"],
      complication: "loss",
      motivation: "reunite",
    });
    expect(c).toMatchObject({
      threeWords: ["calm", "kind", "quiet"],
      complication: "loss",
      motivation: "reunite",
    });
  });
  it("problems: illegal values, not three words, no Complication or Motivation", () => {
    const c = applyParadigm(
      { attributes: { phy: 5 }, skills: { tactics: 0 } },
      { threeWords: ["one", "two"] },
    );
    expect(c.problems.map((p) => p.key)).toEqual([
      "attributeOutOfRange",
      "skillValue",
      "threeWords",
      "complicationMissing",
      "motivationMissing",
    ]);
  });
});

describe("Step Eight: starting gear (spec K10)", () => {
  it("two weapons, one item, one incidental item; optionally a survival kit", () => {
    expect(STARTING_GEAR).toEqual({ weapons: 2, equipment: 1, incidental: 1, reloads: "1d3" });
    expect(STARTING_SURVIVAL_KIT).toEqual({ tent: 1, sleepingBag: 1, rationDays: 2 });
  });
  it("K10: 1d3 reloads per weapon that needs ammunition, none for the others", () => {
    expect(startingReloads({ requiresAmmo: true }, 3)).toBe(3);
    expect(startingReloads({ requiresAmmo: true }, 1)).toBe(1);
    expect(startingReloads({ requiresAmmo: true }, 0, "halfDown")).toBe(0);
    expect(startingReloads({ requiresAmmo: false }, 2)).toBe(0);
    expect(() => startingReloads({ requiresAmmo: true }, 0)).toThrow(RangeError);
    expect(() => startingReloads({ requiresAmmo: true }, 4)).toThrow(RangeError);
    const gear = startingGear({
      weapons: [
        { key: "machete", requiresAmmo: false },
        { key: "lightPistol", requiresAmmo: true },
      ],
      equipment: ["firstAidKit"],
      d3Faces: [2],
    });
    expect(gear).toEqual({
      weapons: [
        { key: "machete", reloads: 0 },
        { key: "lightPistol", reloads: 2 },
      ],
      problems: [],
    });
  });
  it("a d6 read as a d3 gives 1..3 reloads (uniform), 0..3 (halfDown)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom("uniform" as const, "halfDown" as const),
        (f, mode) => {
          const r = startingReloads({ requiresAmmo: true }, d3FromD6(f, mode), mode);
          expect(r).toBeGreaterThanOrEqual(mode === "uniform" ? 1 : 0);
          expect(r).toBeLessThanOrEqual(3);
        },
      ),
    );
  });
  it("problems: not two weapons, not one item; too few faces throws", () => {
    const g = startingGear({ weapons: [{ key: "bow", requiresAmmo: true }], equipment: [], d3Faces: [2] });
    expect(g.problems).toEqual([
      { key: "weaponCount", data: { count: 1, expected: 2 } },
      { key: "equipmentCount", data: { count: 0, expected: 1 } },
    ]);
    expect(() =>
      startingGear({
        weapons: [
          { key: "bow", requiresAmmo: true },
          { key: "crossbow", requiresAmmo: true },
        ],
        d3Faces: [2],
      }),
    ).toThrow(RangeError);
  });
});
