import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { checkHeldTrait } from "./advantages";
import {
  CULTURE_TEMPLATES,
  OCCUPATION_TEMPLATES,
  TEMPLATES,
  applyTemplate,
  findTemplate,
  missingOccupationSkills,
  occupationSkillPoints,
  resolveTemplate,
  templateChoices,
  type TalesTemplate,
  type TemplateChoices,
} from "./templates";
import { SKILL_KEYS, type CharacterTraits } from "./traits";

const t = (key: string): TalesTemplate => {
  const found = findTemplate(key);
  if (!found) throw new Error(key);
  return found;
};
const blank: CharacterTraits = { attributes: {}, skills: {} };

/** The first option of every choice (pick 2: the first two). */
function firstChoices(tpl: TalesTemplate): TemplateChoices {
  return Object.fromEntries(
    templateChoices(tpl).map((c) => [c.id, c.pick === 1 ? (c.options[0] ?? "") : c.options.slice(0, c.pick)]),
  );
}

describe("the 36 templates", () => {
  it("6 occupations x 3, 6 cultures x 3, costs 5/10/15", () => {
    expect(OCCUPATION_TEMPLATES).toHaveLength(18);
    expect(CULTURE_TEMPLATES).toHaveLength(18);
    expect(new Set(TEMPLATES.map((x) => x.key)).size).toBe(36);
    expect(TEMPLATES.map((x) => x.cost).filter((c) => c === 5)).toHaveLength(12);
    expect(t("bureaucratFullTime").cost).toBe(15);
    expect(t("occultGrunt").cost).toBe(5);
  });
  it("every granted trait is a legal held trait", () => {
    for (const tpl of TEMPLATES) {
      const r = resolveTemplate(tpl, firstChoices(tpl));
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      for (const a of r.value.advantages)
        expect(checkHeldTrait(a, "advantage").ok, `${tpl.key} ${a.key}`).toBe(true);
      for (const d of r.value.disadvantages)
        expect(checkHeldTrait(d, "disadvantage").ok, `${tpl.key} ${d.key}`).toBe(true);
    }
  });
  it("Bureaucrat Hobby: Academics 1, Etiquette 1, Research 2; Library (1), Sanctuary (1)", () => {
    const r = applyTemplate(blank, t("bureaucratHobby"));
    expect(r.ok && r.value.traits.skills).toEqual({ academics: 1, etiquette: 1, research: 2 });
    expect(r.ok && r.value.advantages.map((a) => [a.key, a.level])).toEqual([
      ["library", 1],
      ["sanctuary", 1],
    ]);
  });
  it("Combatant Full Time: Firearms 3, Brawl (or Martial Arts) 2, Resilient on a chosen pool, Duty, Time Commitment (3)", () => {
    const tpl = t("combatantFullTime");
    expect(templateChoices(tpl)).toEqual([
      { id: "skills.1", kind: "skill", options: ["brawl", "martialArts"], pick: 1 },
      { id: "skills.2", kind: "skill", options: ["dodge", "block"], pick: 1 },
      { id: "advantages.1.variant", kind: "variant", options: ["hitPoints", "essence"], pick: 1 },
    ]);
    const r = applyTemplate(blank, tpl, {
      "skills.1": "martialArts",
      "skills.2": "block",
      "advantages.1.variant": "essence",
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.traits.skills).toMatchObject({
      firearms: 3,
      martialArts: 2,
      block: 1,
      athletics: 2,
      leadership: 2,
    });
    expect(r.value.advantages).toContainEqual({
      key: "resilient",
      level: 4,
      variant: "essence",
      fromTemplate: "combatantFullTime",
    });
    expect(r.value.disadvantages.map((d) => [d.key, d.level])).toEqual([
      ["duty", 2],
      ["timeCommitment", 3],
    ]);
  });
  it("Scholar Part Time: [Appraisal, Science, Languages or Occult (pick 2)] 2 each", () => {
    const tpl = t("scholarPartTime");
    expect(applyTemplate(blank, tpl, { "skills.3": ["science", "occult"] })).toMatchObject({ ok: true });
    expect(applyTemplate(blank, tpl, { "skills.3": "science" })).toMatchObject({
      ok: false,
      reason: "choiceCount",
    });
    expect(applyTemplate(blank, tpl, { "skills.3": ["science", "science"] })).toMatchObject({
      reason: "choiceRepeated",
    });
    expect(applyTemplate(blank, tpl, { "skills.3": ["science", "drive"] })).toMatchObject({
      reason: "choiceInvalid",
    });
    expect(applyTemplate(blank, tpl)).toMatchObject({
      ok: false,
      reason: "choiceMissing",
      data: { id: "skills.3" },
    });
  });
  it("Corporate Veteran: Contacts (1), Influence (1), Wealth (2); Equipment (2) or Well Travelled (2), Focused (2); Time Commitment (1), Blind Loyalty (1)", () => {
    const r = applyTemplate(blank, t("corporateVeteran"), { "advantages.0": "wellTraveled" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.traits.connections).toEqual({ contacts: 1, influence: 1, wealth: 2 });
    expect(r.value.advantages.map((a) => a.key)).toEqual(["wellTraveled", "focused"]);
    expect(r.value.disadvantages.map((d) => d.key)).toEqual(["timeCommitment", "blindLoyalty"]);
    expect(t("corporateVeteran").printedTotals).toEqual({ advantages: 6, disadvantages: 2 });
  });
  it("Military Veteran: Skill Expert (choose Brawl, Firearms, Melee or Martial Arts) (6)", () => {
    const r = applyTemplate(blank, t("militaryVeteran"), { "advantages.0.specialisation": "firearms" });
    expect(r.ok && r.value.advantages).toEqual([
      { key: "skillExpert", level: 6, specialisation: "firearms", fromTemplate: "militaryVeteran" },
    ]);
  });
  it("Medic Full Time: Edge (Medicine) needs no choice; Occult Leader's Mystic takes the list's 3; Occult Grunt's Sanctum", () => {
    expect(templateChoices(t("medicFullTime"))).toEqual([]);
    const r = applyTemplate(blank, t("medicFullTime"));
    expect(r.ok && r.value.advantages[0]).toMatchObject({ key: "edge", specialisation: "medicine" });
    const occ = resolveTemplate(t("occultLeader"), firstChoices(t("occultLeader")));
    expect(occ.ok && occ.value.advantages.find((a) => a.key === "mystic")?.level).toBe(3);
    const grunt = resolveTemplate(t("occultGrunt"));
    expect(grunt.ok && grunt.value.advantages).toEqual([
      { key: "sanctum", level: 1, fromTemplate: "occultGrunt" },
    ]);
  });
});

describe("applying templates to a character", () => {
  it("skills add; the excess above 6 is forfeited", () => {
    const start: CharacterTraits = { attributes: {}, skills: { academics: 3, science: 3 } };
    const r = applyTemplate(start, t("scientistFullTime"), { "advantages.0.specialisation": "science" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.traits.skills.academics).toBe(6);
    expect(r.value.traits.skills.science).toBe(6);
    const again = applyTemplate(r.value.traits, t("medicFullTime"));
    expect(again.ok && again.value.traits.skills.academics).toBe(6);
    expect(again.ok && again.value.skills.find((s) => s.skill === "academics")).toEqual({
      skill: "academics",
      gained: 0,
      forfeited: 2,
    });
  });
  it("a second occupation brings one more Time Commitment; a third none; the same occupation twice is refused", () => {
    const one = applyTemplate(blank, t("bureaucratPartTime"));
    if (!one.ok) throw new Error("one");
    const two = applyTemplate(one.value.traits, t("medicHobby"));
    if (!two.ok) throw new Error("two");
    expect(two.value.extraTimeCommitment).toBe(1);
    expect(two.value.disadvantages).toEqual([
      { key: "timeCommitment", level: 1, fromTemplate: "medicHobby" },
    ]);
    const culture = applyTemplate(two.value.traits, t("religiousGrunt"));
    expect(culture.ok && culture.value.extraTimeCommitment).toBe(0);
    const three = applyTemplate(two.value.traits, t("scientistHobby"));
    expect(three.ok && three.value.extraTimeCommitment).toBe(0);
    expect(applyTemplate(one.value.traits, t("bureaucratHobby"))).toMatchObject({
      ok: false,
      reason: "templateGroupRepeated",
    });
  });
  it("levelled advantages stack; an unlevelled one is held once", () => {
    const one = applyTemplate(blank, t("performerPartTime"), { "skills.4": "languages" });
    if (!one.ok) throw new Error("one");
    const two = applyTemplate(one.value.traits, t("corporateLeader"));
    if (!two.ok) throw new Error("two");
    const held = two.value.traits.advantages ?? [];
    expect(held.filter((a) => a.key === "wellTraveled")).toHaveLength(1);
    expect(held.filter((a) => a.key === "equipment").reduce((s, a) => s + a.level, 0)).toBe(4);
  });
  it("property: applying templates never raises a skill above 6", () => {
    const skills = fc.dictionary(fc.constantFrom(...SKILL_KEYS), fc.integer({ min: 0, max: 6 }));
    fc.assert(
      fc.property(
        skills,
        fc.constantFrom(...OCCUPATION_TEMPLATES),
        fc.constantFrom(...OCCUPATION_TEMPLATES),
        (s, a, b) => {
          let traits: CharacterTraits = { attributes: {}, skills: s };
          for (const tpl of [a, b]) {
            const r = applyTemplate(traits, tpl, firstChoices(tpl));
            if (r.ok) traits = r.value.traits;
          }
          for (const v of Object.values(traits.skills)) expect(v).toBeLessThanOrEqual(6);
        },
      ),
    );
  });
});

describe("occupations in play", () => {
  it("the occupation's points speed training: Bureaucrat Full Time gives Research 3", () => {
    expect(occupationSkillPoints(t("bureaucratFullTime"), "research")).toBe(3);
    expect(occupationSkillPoints(t("bureaucratFullTime"), "melee")).toBe(0);
    expect(occupationSkillPoints(t("combatantHobby"), "dodge", { "skills.3": "dodge" })).toBe(1);
    expect(occupationSkillPoints(t("combatantHobby"), "dodge")).toBe(0);
    expect(occupationSkillPoints(t("corporateLeader"), "academics")).toBe(0);
  });
  it("picking up the Combatant hobby: Athletics, Brawl, Firearms 1 each and Swimming or Dodge 1", () => {
    const have: CharacterTraits = { attributes: {}, skills: { athletics: 1, brawl: 2, firearms: 1 } };
    expect(missingOccupationSkills(have, t("combatantHobby"))).toEqual([
      { options: ["swimming", "dodge"], level: 1, short: 1 },
    ]);
    expect(
      missingOccupationSkills({ ...have, skills: { ...have.skills, dodge: 1 } }, t("combatantHobby")),
    ).toEqual([]);
  });
});
