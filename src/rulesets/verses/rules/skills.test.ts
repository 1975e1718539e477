import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { successProbability } from "./dice";
import { canAllocateSkill, countAllocatedSkills, skillChainLimit, skillReloadCost } from "./skill-allocation";
import { canUseSkill, defaultChain, skillPool } from "./skill-pools";
import {
  findSkillDefinition,
  formatSkillRef,
  normalizeKey,
  parseSkillRef,
  sameSkill,
  skillAllocation,
  type SkillActor,
  type SkillAllocation,
  type SkillCatalog,
  type SkillDefinition,
} from "./skills";

/** Small fixtures: stat lines quoted from the text ("Skill Defaults", "Prerequisites", the skill lists). */
const skill = (
  s: Partial<SkillDefinition> & Pick<SkillDefinition, "skill" | "difficulty" | "default">,
): SkillDefinition => ({
  prerequisites: [],
  repeatable: false,
  tec: 1,
  ...s,
});

const CATALOG: SkillCatalog = [
  // "Stellar Navigation difficulty: 2 default: Skill Ship Systems" / "Ship Systems difficulty: 2 default: Attribute SMR"
  skill({
    skill: "Stellar Navigation",
    difficulty: 2,
    default: { kind: "skill", skill: "Ship Systems" },
    tec: 5,
  }),
  skill({ skill: "Ship Systems", difficulty: 2, default: { kind: "attribute", attribute: "smr" }, tec: 5 }),
  // General skills: Biology 3 SMR; Chemistry 3 SMR; Medicine 5 Biology prereq Chemistry; Pharmacology 3 Biology prereq Chemistry
  skill({
    skill: "Biology",
    difficulty: 3,
    default: { kind: "attribute", attribute: "smr" },
    tec: "general",
  }),
  skill({
    skill: "Chemistry",
    difficulty: 3,
    default: { kind: "attribute", attribute: "smr" },
    tec: "general",
  }),
  skill({
    skill: "Medicine",
    difficulty: 5,
    default: { kind: "skill", skill: "Biology" },
    prerequisites: [{ kind: "skill", skill: "Chemistry" }],
    tec: "general",
  }),
  skill({
    skill: "Pharmacology",
    difficulty: 3,
    default: { kind: "skill", skill: "Biology" },
    prerequisites: [{ kind: "skill", skill: "Chemistry" }],
    tec: "general",
  }),
  // "Historical Skill » 1 General Skill difficulty: 3 default: Attribute SMR" (TEC 2)
  skill({
    skill: "Historical Skill",
    difficulty: 3,
    default: { kind: "attribute", attribute: "smr" },
    repeatable: true,
    specialisationHint: "1 General Skill",
    tec: 2,
  }),
  // "Call » Flame difficulty: 2 default: Ability Channel Power"
  skill({
    skill: "Call",
    spec: "Flame",
    difficulty: 2,
    default: { kind: "ability", ability: "Channel Power" },
    repeatable: true,
    tec: 5,
  }),
  // Unarmed Combat 1 PRW (chain limit); Grappling 2 Skill Unarmed Combat (chain limit)
  skill({
    skill: "Unarmed Combat",
    difficulty: 1,
    default: { kind: "attribute", attribute: "prw" },
    chainLimit: { mode: "sets", chain: "unarmed" },
  }),
  skill({
    skill: "Grappling",
    difficulty: 2,
    default: { kind: "skill", skill: "Unarmed Combat" },
    chainLimit: { mode: "sets", chain: "grappling" },
  }),
  // Weapons » Swords 3 PRW; Weapons » Staves 1 PRW; Weapons » Polearms 3 Skill Staves; Weapons » Bows 3 PRW (reload)
  skill({
    skill: "Weapons",
    spec: "Swords",
    difficulty: 3,
    default: { kind: "attribute", attribute: "prw" },
    repeatable: true,
    chainLimit: { mode: "sets", chain: "weapon" },
  }),
  skill({
    skill: "Weapons",
    spec: "Staves",
    difficulty: 1,
    default: { kind: "attribute", attribute: "prw" },
    repeatable: true,
  }),
  skill({
    skill: "Weapons",
    spec: "Polearms",
    difficulty: 3,
    default: { kind: "skill", skill: "Weapons", spec: "Staves" },
    repeatable: true,
  }),
  skill({
    skill: "Weapons",
    spec: "Bows",
    difficulty: 3,
    default: { kind: "attribute", attribute: "prw" },
    repeatable: true,
    reloadReduction: true,
  }),
  // "Weapons » Axes difficulty: 3 default: Attribute PRW"; "Weapons » Crossbows difficulty: 2 default:
  // Attribute PRW"; "Weapons » Hand Grenades difficulty: 1 default: Attribute PRW"
  skill({
    skill: "Weapons",
    spec: "Axes",
    difficulty: 3,
    default: { kind: "attribute", attribute: "prw" },
    repeatable: true,
  }),
  skill({
    skill: "Weapons",
    spec: "Crossbows",
    difficulty: 2,
    default: { kind: "attribute", attribute: "prw" },
    repeatable: true,
    reloadReduction: true,
  }),
  skill({
    skill: "Weapons",
    spec: "Hand Grenades",
    difficulty: 1,
    default: { kind: "attribute", attribute: "prw" },
    repeatable: true,
  }),
  // "Armor » Heavy difficulty: 3 default: Attribute PRW"; "Armor » Light difficulty: 1 default: Attribute PRW"
  skill({
    skill: "Armor",
    spec: "Heavy",
    difficulty: 3,
    default: { kind: "attribute", attribute: "prw" },
    repeatable: true,
  }),
  skill({
    skill: "Armor",
    spec: "Light",
    difficulty: 1,
    default: { kind: "attribute", attribute: "prw" },
    repeatable: true,
  }),
  // "Navigation difficulty: 2 default: Attribute SMR"; "Nautical Navigation difficulty: 3 default:
  // Attribute Navigation" (Navigation is a skill: the default is the skill Navigation)
  skill({ skill: "Navigation", difficulty: 2, default: { kind: "attribute", attribute: "smr" } }),
  skill({ skill: "Nautical Navigation", difficulty: 3, default: { kind: "skill", skill: "Navigation" } }),
  // "Two Weapon Fighting difficulty: 3 default: Attribute PRW prereq: Weapons » *"
  skill({
    skill: "Two Weapon Fighting",
    difficulty: 3,
    default: { kind: "attribute", attribute: "prw" },
    prerequisites: [{ kind: "skill", skill: "Weapons", spec: "*" }],
    chainLimit: { mode: "adds", chain: "weapon" },
  }),
  // "Marksmanship difficulty: 3 default: Skill Weapons » any ranged weapon type"
  skill({ skill: "Marksmanship", difficulty: 3, default: { kind: "skill", skill: "Weapons", spec: "*" } }),
  // Dance 3 PRW (General), Athletics 2 PRW: skill dice added to Dodge
  skill({ skill: "Dance", difficulty: 3, default: { kind: "attribute", attribute: "prw" }, tec: "general" }),
  skill({ skill: "Athletics", difficulty: 2, default: { kind: "attribute", attribute: "prw" } }),
  // Language » 1 language 3 SMR (open family); Linguistics 3 Skill Language » * prereq Research Methods
  skill({
    skill: "Language",
    difficulty: 3,
    default: { kind: "attribute", attribute: "smr" },
    repeatable: true,
    specialisationHint: "1 language",
  }),
  skill({
    skill: "Research Methods",
    difficulty: 2,
    default: { kind: "attribute", attribute: "smr" },
    tec: "general",
  }),
  skill({
    skill: "Linguistics",
    difficulty: 3,
    default: { kind: "skill", skill: "Language", spec: "*" },
    prerequisites: [{ kind: "skill", skill: "Research Methods" }],
    tec: "general",
  }),
];

const actor = (
  attributes: Partial<SkillActor["attributes"]>,
  skills: SkillAllocation[] = [],
  abilities: Record<string, number> = {},
  nativeTec?: number,
): SkillActor => ({
  attributes: { smr: 2, prw: 2, tuf: 2, soc: 2, ...attributes },
  skills,
  abilities,
  ...(nativeTec === undefined ? {} : { nativeTec }),
});

const pct = (p: number): number => Math.round(p * 100);

describe("skill references (Repeatable Skills)", () => {
  it("reads and writes the » notation", () => {
    expect(parseSkillRef("Weapons » Swords")).toEqual({ skill: "Weapons", spec: "Swords" });
    expect(parseSkillRef("Historical Skill >> Chemistry")).toEqual({
      skill: "Historical Skill",
      spec: "Chemistry",
    });
    expect(parseSkillRef("Biology")).toEqual({ skill: "Biology" });
    expect(formatSkillRef({ skill: "Language", spec: "*" })).toBe("Language » *");
    expect(sameSkill("weapons » swords", { skill: "Weapons", spec: "Swords" })).toBe(true);
    expect(normalizeKey("Strategy & Tactics")).toBe(normalizeKey("strategyTactics"));
  });

  it('"that specialized skill takes precedence over the more general form"', () => {
    expect(findSkillDefinition(CATALOG, "Weapons » Polearms")?.difficulty).toBe(3);
    expect(findSkillDefinition(CATALOG, "Weapons » Staves")?.difficulty).toBe(1);
    expect(findSkillDefinition(CATALOG, "Language » Japanese")?.specialisationHint).toBe("1 language");
  });

  it('"Repeatable skills cannot be allocated as unspecialized"', () => {
    const a = actor({});
    const r = canAllocateSkill(a, CATALOG, "Language");
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.reason).toEqual({ key: "repeatableNeedsSpecialisation", data: { skill: "Language" } });
    expect(canAllocateSkill(a, CATALOG, "Language » English")).toEqual({ ok: true, value: 1 });
    // "Language » English is a different skill than Language » Japanese"
    const b = actor({}, [{ skill: "Language", spec: "English", dice: 2 }]);
    expect(skillAllocation(b, "Language » English")).toBe(2);
    expect(skillAllocation(b, "Language » Japanese")).toBe(0);
  });

  it("a default printed as another skill's specialisation follows it (Weapons » Polearms > Weapons » Staves > PRW)", () => {
    const chain = defaultChain(actor({}), CATALOG, "Weapons » Polearms");
    expect(chain.ok && chain.value.skills.map((s) => formatSkillRef(s.ref))).toEqual([
      "Weapons » Polearms",
      "Weapons » Staves",
    ]);
    expect(chain.ok && chain.value.root).toEqual({ kind: "attribute", attribute: "prw" });
  });
});

describe("skill dice (Skill Defaults, Attempting Unallocated Skills)", () => {
  it("TV-08 Anders: Stellar Navigation 1 > Ship Systems 1 > SMR 2 + 5AD = 9d6, 86 % vs 2S", () => {
    const anders = actor({ smr: 2 }, [
      { skill: "Stellar Navigation", dice: 1 },
      { skill: "Ship Systems", dice: 1 },
    ]);
    const r = skillPool(anders, CATALOG, { skills: ["Stellar Navigation"], ad: 5 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.dice).toBe(9);
    expect(r.value.allocated).toBe(true);
    expect(r.value.parts.map((p) => [p.label, p.dice])).toEqual([
      ["Stellar Navigation", 1],
      ["Ship Systems", 1],
      ["SMR", 2],
      ["AD", 5],
    ]);
    expect(pct(successProbability(r.value.dice, 2))).toBe(86);
  });

  it("TV-09 Gemma: Ship Systems 1 + SMR 2 + 5AD − Stellar Navigation difficulty 2 = 6d6, 65 %", () => {
    const gemma = actor({ smr: 2 }, [{ skill: "Ship Systems", dice: 1 }]);
    const r = skillPool(gemma, CATALOG, { skills: ["Stellar Navigation"], ad: 5 });
    expect(r.ok && r.value.dice).toBe(6);
    expect(r.ok && r.value.allocated).toBe(false);
    expect(r.ok && r.value.parts).toContainEqual({
      label: "Stellar Navigation",
      dice: -2,
      source: "difficulty",
    });
    expect(pct(successProbability(6, 2))).toBe(65);
  });

  it("TV-10 Padma: 2 (SMR) + 5AD − 2 − 2 = 3d6, 26 %", () => {
    const r = skillPool(actor({ smr: 2 }), CATALOG, { skills: ["Stellar Navigation"], ad: 5 });
    expect(r.ok && r.value.dice).toBe(3);
    expect(r.ok && r.value.parts.filter((p) => p.source === "difficulty").map((p) => p.dice)).toEqual([
      -2, -2,
    ]);
    expect(pct(successProbability(3, 2))).toBe(26);
  });

  it("TV-11 Shaunda: Pharmacology unallocated subtracts 3, not 3 + Chemistry's 3 (a prerequisite is not a default)", () => {
    const shaunda = actor({ smr: 2 }, [{ skill: "Biology", dice: 2 }]);
    const r = skillPool(shaunda, CATALOG, { skills: ["Pharmacology"] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const penalty = r.value.parts.filter((p) => p.dice < 0).reduce((s, p) => s + p.dice, 0);
    expect(penalty).toBe(-3);
    expect(r.value.dice).toBe(2 + 2 - 3);
    // "Before she can allocate a die to Pharmacology, she must first allocate at least one to Chemistry"
    const refused = canAllocateSkill(shaunda, CATALOG, "Pharmacology");
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.reason).toEqual({
        key: "skillNeedsPrerequisite",
        data: { skill: "Pharmacology", prerequisite: "Chemistry" },
      });
    const withChemistry = actor({ smr: 2 }, [
      { skill: "Biology", dice: 2 },
      { skill: "Chemistry", dice: 1 },
    ]);
    expect(canAllocateSkill(withChemistry, CATALOG, "Pharmacology")).toEqual({ ok: true, value: 1 });
  });

  it('Tam: Grappling 3 > Unarmed Combat 2 > PRW 3 = "eight skill dice"', () => {
    const tam = actor({ prw: 3 }, [
      { skill: "Unarmed Combat", dice: 2 },
      { skill: "Grappling", dice: 3 },
    ]);
    const r = skillPool(tam, CATALOG, { skills: ["Grappling"] });
    expect(r.ok && r.value.dice).toBe(8);
  });

  it('composed skills count a shared default once ("the default\'s allocation is only added once")', () => {
    // Dodge = PRW + #AD + Dance skill dice + Athletics skill dice: PRW once.
    const a = actor({ prw: 3 }, [
      { skill: "Dance", dice: 2 },
      { skill: "Athletics", dice: 1 },
    ]);
    const r = skillPool(a, CATALOG, { skills: ["Dance", "Athletics"], ad: 2 });
    expect(r.ok && r.value.dice).toBe(2 + 1 + 3 + 2);
    expect(r.ok && r.value.parts.filter((p) => p.label === "PRW")).toHaveLength(1);
  });

  it("allocated-dice add-ons add only the allocation (Marksmanship with Weapons » Bows)", () => {
    const a = actor({ prw: 2 }, [
      { skill: "Weapons", spec: "Bows", dice: 2 },
      { skill: "Marksmanship", dice: 1 },
    ]);
    const r = skillPool(a, CATALOG, { skills: ["Weapons » Bows"], addAllocated: ["Marksmanship"], ad: 4 });
    expect(r.ok && r.value.dice).toBe(2 + 2 + 4 + 1);
  });

  it("a Family » * default uses any single allocated specialisation (Linguistics > Language » *)", () => {
    const a = actor({ smr: 2 }, [
      { skill: "Language", spec: "Common", dice: 1 },
      { skill: "Language", spec: "Elvish", dice: 3 },
      { skill: "Linguistics", dice: 1 },
    ]);
    const best = skillPool(a, CATALOG, { skills: ["Linguistics"] });
    expect(best.ok && best.value.dice).toBe(1 + 3 + 2);
    const chosen = skillPool(a, CATALOG, { skills: ["Linguistics"], wildcard: { Language: "Common" } });
    expect(chosen.ok && chosen.value.dice).toBe(1 + 1 + 2);
  });

  it("the pool is never below 0 dice, the total keeps the deficit", () => {
    const r = skillPool(actor({ smr: 1 }), CATALOG, { skills: ["Stellar Navigation"] });
    expect(r.ok && r.value.total).toBe(1 - 4);
    expect(r.ok && r.value.dice).toBe(0);
  });

  it("refuses an empty request and an unknown skill", () => {
    expect(skillPool(actor({}), CATALOG, { skills: [] }).ok).toBe(false);
    expect(skillPool(actor({}), CATALOG, { skills: ["Basket Weaving"] }).ok).toBe(false);
  });
});

describe("root defaults (Root Defaults)", () => {
  it("TV-15 Deena: Call » Flame cannot be allocated or used with Channel Power 0", () => {
    const deena = actor({});
    const use = canUseSkill(deena, CATALOG, "Call » Flame");
    expect(use.ok).toBe(false);
    if (!use.ok)
      expect(use.reason).toEqual({
        key: "rootAbilityUnallocated",
        data: { skill: "Call » Flame", ability: "Channel Power" },
      });
    expect(skillPool(deena, CATALOG, { skills: ["Call » Flame"], ad: 3 }).ok).toBe(false);
    expect(canAllocateSkill(deena, CATALOG, "Call » Flame").ok).toBe(false);
    const withPower = actor({}, [], { "Channel Power": 1 });
    expect(canAllocateSkill(withPower, CATALOG, "Call » Flame")).toEqual({ ok: true, value: 1 });
    const r = skillPool(withPower, CATALOG, { skills: ["Call » Flame"], ad: 3 });
    expect(r.ok && r.value.dice).toBe(1 - 2 + 3);
  });

  it('"While an attribute is reduced below 1, any skills with that attribute as their root default cannot be used"', () => {
    const reduced = actor({ smr: 0 }, [
      { skill: "Ship Systems", dice: 3 },
      { skill: "Stellar Navigation", dice: 2 },
    ]);
    const r = skillPool(reduced, CATALOG, { skills: ["Stellar Navigation"], ad: 5 });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.reason).toEqual({
        key: "rootAttributeBelowOne",
        data: { skill: "Stellar Navigation", attribute: "SMR" },
      });
    // A PRW-rooted skill is still usable.
    expect(skillPool(reduced, CATALOG, { skills: ["Athletics"], ad: 1 }).ok).toBe(true);
  });
});

describe("General skills across TEC, anachronism and Historical Skill (General Skills)", () => {
  const harry = (extra: SkillAllocation[] = []): SkillActor =>
    actor(
      { smr: 3 },
      [
        { skill: "Medicine", dice: 3 },
        { skill: "Biology", dice: 3 },
        { skill: "Chemistry", dice: 1 },
        ...extra,
      ],
      {},
      4,
    );

  it("TV-12 Harry, Medicine at TEC 5: 15 − 1 (TEC 5 − TEC 4) − 5 (Medicine difficulty) = 9d6, 62 %", () => {
    const r = skillPool(harry(), CATALOG, {
      skills: ["Medicine"],
      ad: 5,
      extra: [{ label: "Medkit", dice: 1, source: "bonus" }],
      contextTec: 5,
      anachronistic: true,
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.parts).toContainEqual({ label: "TEC", dice: -1, source: "tec" });
    expect(r.value.parts).toContainEqual({
      label: "Medicine",
      dice: -5,
      source: "anachronism",
    });
    expect(r.value.dice).toBe(9);
    expect(pct(successProbability(9, 3))).toBe(62);
  });

  it("TV-13 Harry, Chemistry at TEC 1: 9 − 3 (TEC 4 − TEC 1) − 3 (difficulty) = 3d6, 4 % vs 3S", () => {
    const r = skillPool(harry(), CATALOG, {
      skills: ["Chemistry"],
      ad: 5,
      contextTec: 1,
      anachronistic: true,
    });
    expect(r.ok && r.value.dice).toBe(3);
    expect(pct(successProbability(3, 3))).toBe(4);
  });

  it("TV-14 with Historical Skill » Chemistry 1: 9 + 1 − 3 = 7d6, 43 % (the difficulty penalty is removed)", () => {
    const r = skillPool(harry([{ skill: "Historical Skill", spec: "Chemistry", dice: 1 }]), CATALOG, {
      skills: ["Chemistry"],
      ad: 5,
      contextTec: 1,
      anachronistic: true,
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.dice).toBe(7);
    expect(r.value.parts.some((p) => p.source === "anachronism")).toBe(false);
    expect(r.value.parts).toContainEqual({
      label: "Historical Skill » Chemistry",
      dice: 1,
      source: "historical",
    });
    expect(pct(successProbability(7, 3))).toBe(43);
  });

  it("Historical Skill does not apply in the future (only a context TEC below the training TEC)", () => {
    const r = skillPool(harry([{ skill: "Historical Skill", spec: "Medicine", dice: 2 }]), CATALOG, {
      skills: ["Medicine"],
      ad: 5,
      contextTec: 5,
      anachronistic: true,
    });
    expect(r.ok && r.value.dice).toBe(3 + 3 + 3 + 5 - 1 - 5);
  });

  it("option: Historical Skill dice capped at the TEC penalty they offset", () => {
    const h = harry([{ skill: "Historical Skill", spec: "Chemistry", dice: 5 }]);
    const request = { skills: ["Chemistry"], ad: 5, contextTec: 3, anachronistic: true };
    const uncapped = skillPool(h, CATALOG, request);
    const capped = skillPool(h, CATALOG, request, { historicalSkillCappedAtTecPenalty: true });
    expect(uncapped.ok && uncapped.value.dice).toBe(9 + 5 - 1);
    expect(capped.ok && capped.value.dice).toBe(9 + 1 - 1);
  });

  it("the TEC difference is absolute (spec §11.2 #38), uses the skill's own training TEC, and can be turned off", () => {
    const ancient = actor({ smr: 2 }, [{ skill: "Chemistry", dice: 1, tec: 1 }], {}, 4);
    const r = skillPool(ancient, CATALOG, { skills: ["Chemistry"], contextTec: 4 });
    expect(r.ok && r.value.parts).toContainEqual({ label: "TEC", dice: -3, source: "tec" });
    const off = skillPool(
      ancient,
      CATALOG,
      { skills: ["Chemistry"], contextTec: 4 },
      { tecDifferential: false },
    );
    expect(off.ok && off.value.dice).toBe(3);
    // Non-General skills have no differential.
    const tam = actor({ prw: 3 }, [{ skill: "Unarmed Combat", dice: 2 }], {}, 4);
    const u = skillPool(tam, CATALOG, { skills: ["Unarmed Combat"], contextTec: 1 });
    expect(u.ok && u.value.dice).toBe(5);
  });
});

describe("prerequisites, Skillfulness and TEC availability", () => {
  it('"A skill\'s default and all listed prerequisites must be allocated with at least 1 die"', () => {
    const a = actor({});
    const r = canAllocateSkill(a, CATALOG, "Stellar Navigation");
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.reason).toEqual({
        key: "skillNeedsDefault",
        data: { skill: "Stellar Navigation", prerequisite: "Ship Systems" },
      });
    // Two Weapon Fighting: prereq Weapons » * (any allocated specialisation)
    expect(canAllocateSkill(a, CATALOG, "Two Weapon Fighting").ok).toBe(false);
    const armed = actor({}, [{ skill: "Weapons", spec: "Swords", dice: 1 }]);
    expect(canAllocateSkill(armed, CATALOG, "Two Weapon Fighting")).toEqual({ ok: true, value: 1 });
  });

  it("the maximum rated value is 5", () => {
    const a = actor({}, [{ skill: "Athletics", dice: 5 }]);
    expect(canAllocateSkill(a, CATALOG, "Athletics").ok).toBe(false);
  });

  it("SK caps new skills; each specialisation counts 1 (spec §11.2 #37), with a per-family option", () => {
    const skills: SkillAllocation[] = [
      { skill: "Language", spec: "Common", dice: 1, fromSpecies: true },
      { skill: "Weapons", spec: "Swords", dice: 2 },
      { skill: "Weapons", spec: "Bows", dice: 1 },
    ];
    expect(countAllocatedSkills(skills)).toBe(3);
    expect(countAllocatedSkills(skills, { count: "perFamily" })).toBe(2);
    expect(countAllocatedSkills(skills, { countSpeciesSkills: false })).toBe(2);
    const a = actor({}, skills);
    expect(canAllocateSkill(a, CATALOG, "Athletics", { skillfulness: 3 }).ok).toBe(false);
    expect(canAllocateSkill(a, CATALOG, "Athletics", { skillfulness: 4 }).ok).toBe(true);
    // Raising an allocated skill does not need a free slot.
    expect(canAllocateSkill(a, CATALOG, "Weapons » Swords", { skillfulness: 3 }).ok).toBe(true);
  });

  it("the species' Language die against SK (setting skillfulnessSpeciesLanguage): the Human's SK 10 with Language » Common + 9 skills", () => {
    // "The actor has 1 die allocated to any Language » * skill" (Human); "Skillfulness SMR × 5".
    // Skills: "The maximum number of skills an actor may allocate is given by the Skillfulness
    // derived attribute" (counts it, the default). Derived Attributes: "maximum number of skills
    // that can be allocated with refinement dice" (the species' die is none: not counted).
    const skills: SkillAllocation[] = [
      { skill: "Language", spec: "Common", dice: 1, fromSpecies: true },
      ...Array.from({ length: 9 }, (_, i) => ({ skill: `Craft ${i + 1}`, dice: 1 })),
    ];
    expect(countAllocatedSkills(skills)).toBe(10);
    expect(countAllocatedSkills(skills, { countSpeciesSkills: true })).toBe(10);
    expect(countAllocatedSkills(skills, { countSpeciesSkills: false })).toBe(9);
    const human = actor({}, skills);
    expect(canAllocateSkill(human, CATALOG, "Athletics", { skillfulness: 10 }).ok).toBe(false);
    expect(
      canAllocateSkill(human, CATALOG, "Athletics", { skillfulness: 10, countSpeciesSkills: false }),
    ).toEqual({ ok: true, value: 1 });
  });

  it('"any skills ... at or below the society\'s TEC is available"; General skills at every TEC', () => {
    const a = actor({}, [], {}, 1);
    expect(canAllocateSkill(a, CATALOG, "Historical Skill » Chemistry", { availableTec: 1 }).ok).toBe(false);
    expect(canAllocateSkill(a, CATALOG, "Historical Skill » Chemistry", { availableTec: 2 }).ok).toBe(true);
    expect(canAllocateSkill(a, CATALOG, "Biology", { availableTec: 1 }).ok).toBe(true);
  });
});

describe("chain limits and reload (Action Chaining, weapon skills)", () => {
  it("TV-23 Tam: Unarmed Combat 2 is the unarmed chain limit, Grappling 3 the grappling one", () => {
    const tam = actor({ prw: 3 }, [
      { skill: "Unarmed Combat", dice: 2 },
      { skill: "Grappling", dice: 3 },
    ]);
    expect(skillChainLimit(tam, CATALOG, ["Unarmed Combat"])).toBe(2);
    expect(skillChainLimit(tam, CATALOG, ["Grappling"])).toBe(3);
  });

  it("TV-16 Peele: Two Weapon Fighting 3 lets her chain up to three more attacks", () => {
    const peele = actor({ prw: 3 }, [
      { skill: "Weapons", spec: "Swords", dice: 2 },
      { skill: "Two Weapon Fighting", dice: 3 },
    ]);
    expect(skillChainLimit(peele, CATALOG, ["Weapons » Swords"])).toBe(2);
    expect(skillChainLimit(peele, CATALOG, ["Weapons » Swords", "Two Weapon Fighting"])).toBe(5);
  });

  it("TV-C14: Crossbow 10AD, Crossbows 3 → 7AD; Revolver 6AD, Firearms 5 → 1AD; Shotgun 3AD/shot, Firearms 2 → 1AD", () => {
    expect(skillReloadCost(10, 3)).toBe(7);
    expect(skillReloadCost(6, 5)).toBe(1);
    expect(skillReloadCost(3, 2)).toBe(1);
  });
});

describe("skill dice invariants (property tests)", () => {
  const attr = fc.integer({ min: 1, max: 5 });
  const alloc = fc.integer({ min: 0, max: 5 });

  it("composing a skill with itself or its own defaults never counts a default twice", () => {
    fc.assert(
      fc.property(attr, alloc, alloc, fc.integer({ min: 0, max: 8 }), (smr, sn, ss, ad) => {
        const a = actor({ smr }, [
          { skill: "Stellar Navigation", dice: sn },
          { skill: "Ship Systems", dice: ss },
        ]);
        const one = skillPool(a, CATALOG, { skills: ["Stellar Navigation"], ad });
        const composed = skillPool(a, CATALOG, {
          skills: ["Stellar Navigation", "Ship Systems", "Stellar Navigation"],
          ad,
        });
        return one.ok && composed.ok && one.value.total === composed.value.total;
      }),
    );
  });

  it("an unallocated skill never gives more dice than the same skill allocated", () => {
    fc.assert(
      fc.property(attr, alloc, fc.integer({ min: 1, max: 5 }), (smr, ss, sn) => {
        const base = [{ skill: "Ship Systems", dice: ss }];
        const without = skillPool(actor({ smr }, base), CATALOG, { skills: ["Stellar Navigation"], ad: 3 });
        const withIt = skillPool(
          actor({ smr }, [...base, { skill: "Stellar Navigation", dice: sn }]),
          CATALOG,
          {
            skills: ["Stellar Navigation"],
            ad: 3,
          },
        );
        return without.ok && withIt.ok && without.value.total < withIt.value.total;
      }),
    );
  });

  it("skill dice are monotone in the root attribute", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), alloc, alloc, (smr, sn, ss) => {
        const skills = [
          { skill: "Stellar Navigation", dice: sn },
          { skill: "Ship Systems", dice: ss },
        ];
        const lo = skillPool(actor({ smr }, skills), CATALOG, { skills: ["Stellar Navigation"] });
        const hi = skillPool(actor({ smr: smr + 1 }, skills), CATALOG, { skills: ["Stellar Navigation"] });
        return lo.ok && hi.ok && hi.value.total === lo.value.total + 1;
      }),
    );
  });

  it("the breakdown always sums to the total", () => {
    fc.assert(
      fc.property(attr, alloc, alloc, alloc, fc.integer({ min: 1, max: 5 }), (smr, med, bio, chem, tec) => {
        const a = actor(
          { smr },
          [
            { skill: "Medicine", dice: med },
            { skill: "Biology", dice: bio },
            { skill: "Chemistry", dice: chem },
          ],
          {},
          4,
        );
        const r = skillPool(a, CATALOG, {
          skills: ["Medicine", "Chemistry"],
          ad: 2,
          contextTec: tec,
          anachronistic: true,
        });
        return r.ok && r.value.parts.reduce((s, p) => s + p.dice, 0) === r.value.total && r.value.dice >= 0;
      }),
    );
  });
});

describe("unknown specialisations, Marksmanship's ranged default, Historical Skill's General skill", () => {
  it("an unknown specialisation is unknown, not a sibling: Weapons » Slings is not Weapons » Axes", () => {
    expect(findSkillDefinition(CATALOG, "Weapons » Slings")).toBeUndefined();
    expect(findSkillDefinition(CATALOG, "Armor » Plate")).toBeUndefined();
    const a = actor({}, [
      { skill: "Weapons", spec: "Axes", dice: 2 },
      { skill: "Armor", spec: "Heavy", dice: 1 },
    ]);
    for (const ref of ["Weapons » Slings", "Armor » Plate"]) {
      const allocate = canAllocateSkill(a, CATALOG, ref);
      expect(allocate.ok, ref).toBe(false);
      expect(!allocate.ok && allocate.reason).toEqual({ key: "unknownSkill", data: { skill: ref } });
      expect(canUseSkill(a, CATALOG, ref).ok, ref).toBe(false);
      expect(skillPool(a, CATALOG, { skills: [ref], ad: 2 }).ok, ref).toBe(false);
      expect(defaultChain(a, CATALOG, ref).ok, ref).toBe(false);
    }
    // An open family still takes any specialisation ("Language » English refers to a specialized form").
    expect(findSkillDefinition(CATALOG, "Language » Japanese")?.specialisationHint).toBe("1 language");
    expect(findSkillDefinition(CATALOG, "Weapons » Axes")?.difficulty).toBe(3);
  });

  it('Marksmanship "default: Skill Weapons » any ranged weapon type": a melee Weapons skill does not qualify', () => {
    const melee = actor({ prw: 2 }, [
      { skill: "Weapons", spec: "Swords", dice: 3 },
      { skill: "Weapons", spec: "Axes", dice: 1 },
    ]);
    const refused = canAllocateSkill(melee, CATALOG, "Marksmanship");
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.reason).toMatchObject({
      key: "skillNeedsDefaultRanged",
      data: { skill: "Marksmanship", family: "Weapons" },
    });
    const ranged = actor({ prw: 2 }, [
      { skill: "Weapons", spec: "Swords", dice: 3 },
      { skill: "Weapons", spec: "Crossbows", dice: 1 },
    ]);
    expect(canAllocateSkill(ranged, CATALOG, "Marksmanship")).toEqual({ ok: true, value: 1 });
    expect(
      canAllocateSkill(
        actor({}, [{ skill: "Weapons", spec: "Hand Grenades", dice: 1 }]),
        CATALOG,
        "Marksmanship",
      ),
    ).toEqual({ ok: true, value: 1 });
  });

  it("Marksmanship's skill dice follow a ranged Weapons skill, never a melee one", () => {
    const a = actor({ prw: 2 }, [
      { skill: "Weapons", spec: "Swords", dice: 3 },
      { skill: "Weapons", spec: "Bows", dice: 1 },
      { skill: "Marksmanship", dice: 2 },
    ]);
    const chain = defaultChain(a, CATALOG, "Marksmanship");
    expect(chain.ok && chain.value.skills.map((s) => formatSkillRef(s.ref))).toEqual([
      "Marksmanship",
      "Weapons » Bows",
    ]);
    expect(skillPool(a, CATALOG, { skills: ["Marksmanship"] })).toMatchObject({
      ok: true,
      value: { dice: 2 + 1 + 2 },
    });
    const swords = skillPool(a, CATALOG, { skills: ["Marksmanship"], wildcard: { Weapons: "Swords" } });
    expect(swords.ok).toBe(false);
    expect(!swords.ok && swords.reason).toEqual({
      key: "notRangedWeaponType",
      data: { skill: "Weapons » Swords", family: "Weapons" },
    });
    // Unallocated, with only melee skills: the nearest ancestor is a ranged weapon type, unallocated too.
    const meleeOnly = actor({ prw: 2 }, [{ skill: "Weapons", spec: "Swords", dice: 3 }]);
    const r = skillPool(meleeOnly, CATALOG, { skills: ["Marksmanship"] });
    expect(r.ok && r.value.parts.some((p) => p.label === "Weapons » Swords")).toBe(false);
  });

  it('Historical Skill "may be allocated and specialized with a specific General skill": not Weapons, not Marksmanship', () => {
    const a = actor({ smr: 2, prw: 2 }, [{ skill: "Weapons", spec: "Swords", dice: 1 }]);
    expect(canAllocateSkill(a, CATALOG, "Historical Skill » Chemistry")).toEqual({ ok: true, value: 1 });
    for (const ref of [
      "Historical Skill » Weapons",
      "Historical Skill » Weapons » Swords",
      "Historical Skill » Marksmanship",
      "Historical Skill » Navigation",
      "Historical Skill » Alchemy",
    ]) {
      const r = canAllocateSkill(a, CATALOG, ref);
      expect(r.ok, ref).toBe(false);
      expect(!r.ok && r.reason.key, ref).toMatch(/^historical(NotGeneral|UnknownGeneral)$/);
      expect(canUseSkill(a, CATALOG, ref).ok, ref).toBe(false);
    }
  });

  it('Pharmacology "difficulty: 3 default: Skill Biology prereq: Chemistry"', () => {
    const def = findSkillDefinition(CATALOG, "Pharmacology");
    expect(def).toMatchObject({
      difficulty: 3,
      default: { kind: "skill", skill: "Biology" },
      prerequisites: [{ kind: "skill", skill: "Chemistry" }],
      tec: "general",
    });
    const chain = defaultChain(actor({}), CATALOG, "Pharmacology");
    expect(chain.ok && chain.value.skills.map((s) => formatSkillRef(s.ref))).toEqual([
      "Pharmacology",
      "Biology",
    ]);
  });

  it('Nautical Navigation "difficulty: 3 default: Attribute Navigation": Navigation (a skill, "difficulty: 2") then SMR', () => {
    const chain = defaultChain(actor({}), CATALOG, "Nautical Navigation");
    expect(chain.ok && chain.value.skills.map((s) => formatSkillRef(s.ref))).toEqual([
      "Nautical Navigation",
      "Navigation",
    ]);
    expect(chain.ok && chain.value.root).toEqual({ kind: "attribute", attribute: "smr" });
    // Unallocated, both difficulties are subtracted: 2 SMR + 5AD − 3 − 2 = 2d6.
    expect(skillPool(actor({ smr: 2 }), CATALOG, { skills: ["Nautical Navigation"], ad: 5 })).toMatchObject({
      ok: true,
      value: { dice: 2 },
    });
    expect(canAllocateSkill(actor({}), CATALOG, "Nautical Navigation").ok).toBe(false);
    expect(
      canAllocateSkill(actor({}, [{ skill: "Navigation", dice: 1 }]), CATALOG, "Nautical Navigation"),
    ).toEqual({ ok: true, value: 1 });
  });

  it('Weapons » Polearms "difficulty: 3 default: Skill Staves", written as the text prints it, is Weapons » Staves', () => {
    const asPrinted: SkillCatalog = CATALOG.map((d) =>
      d.spec === "Polearms" ? { ...d, default: { kind: "skill", skill: "Staves" } } : d,
    );
    const chain = defaultChain(actor({}), asPrinted, "Weapons » Polearms");
    expect(chain.ok && chain.value.skills.map((s) => formatSkillRef(s.ref))).toEqual([
      "Weapons » Polearms",
      "Weapons » Staves",
    ]);
    expect(canAllocateSkill(actor({}), asPrinted, "Weapons » Polearms").ok).toBe(false);
    expect(
      canAllocateSkill(
        actor({}, [{ skill: "Weapons", spec: "Staves", dice: 1 }]),
        asPrinted,
        "Weapons » Polearms",
      ),
    ).toEqual({ ok: true, value: 1 });
    // Unallocated: PRW 2 − Polearms 3 − Staves 1.
    expect(skillPool(actor({ prw: 2 }), asPrinted, { skills: ["Weapons » Polearms"] })).toMatchObject({
      ok: true,
      value: { total: 2 - 3 - 1 },
    });
  });
});
