import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CHARACTER_TRAITS,
  CONVERTED_CORE_DIE_MEAN,
  CREATION_NUMBERS,
  CREATION_PROMPTS,
  DOG,
  HORSE,
  HUMAN,
  HUMAN_FORMULAS,
  NO_ADVANCEMENT,
  SPECIES,
  advance,
  advancementMeasure,
  allocateCoreDie,
  allocateRefinementDie,
  applySpeciesShift,
  coreDiceVariance,
  convertCoreDie,
  createCharacter,
  creationPrompt,
  derivedAttributes,
  effectiveAttributes,
  evaluateFormula,
  formatAdvancement,
  formatFormula,
  meetsRecommendation,
  overload,
  parseAdvancementNotation,
  parseDerivedFormula,
  skillActorOf,
  speciesFormula,
  traitFor,
  unallocatedDice,
  validateCoreAttribute,
  validateCoreAttributes,
  type AdvancementRecord,
  type CharacterBuild,
  type DerivedKey,
} from "./index";
import { skillPool } from "./skill-pools";
import { type SkillCatalog } from "./skills";

const ALL2 = { smr: 2, prw: 2, tuf: 2, soc: 2 };

/** Fixtures quoted from the skill lists. */
const CATALOG: SkillCatalog = [
  {
    skill: "Language",
    difficulty: 3,
    default: { kind: "attribute", attribute: "smr" },
    prerequisites: [],
    repeatable: true,
    tec: 1,
  },
  {
    skill: "Biology",
    difficulty: 3,
    default: { kind: "attribute", attribute: "smr" },
    prerequisites: [],
    repeatable: false,
    tec: "general",
  },
  {
    skill: "Weapons",
    spec: "Swords",
    difficulty: 3,
    default: { kind: "attribute", attribute: "prw" },
    prerequisites: [],
    repeatable: true,
    tec: 1,
    chainLimit: { mode: "sets", chain: "weapon" },
  },
  {
    skill: "Two Weapon Fighting",
    difficulty: 3,
    default: { kind: "attribute", attribute: "prw" },
    prerequisites: [{ kind: "skill", skill: "Weapons", spec: "*" }],
    repeatable: false,
    tec: 1,
    chainLimit: { mode: "adds", chain: "weapon" },
  },
];

describe("core attributes (The Core Attributes, Rated Values)", () => {
  it('"An object\'s core attributes can never be set to zero" — refused with the reason', () => {
    const r = validateCoreAttribute("tuf", 0);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toEqual({ key: "attributeNeverZero", data: { attribute: "TUF", value: 0 } });
    expect(validateCoreAttribute("smr", 6).ok).toBe(false);
    expect(validateCoreAttribute("smr", 2.5).ok).toBe(false);
    expect(validateCoreAttribute("soc", 1)).toEqual({ ok: true, value: 1 });
    expect(validateCoreAttributes({ ...ALL2, prw: 0 }).ok).toBe(false);
  });

  it('"some conditions may temporarily reduce them to zero" — but not below', () => {
    expect(effectiveAttributes(ALL2, { smr: -4, soc: 1 })).toEqual({ smr: 0, prw: 2, tuf: 2, soc: 3 });
  });
});

describe("derived attributes from species formulas (Derived Attributes, Human Species, Animals)", () => {
  it("TV-C17 Human with all attributes 2: AD 5, CN 12, HP 10, Max Carry 30, MV 7, SK 10", () => {
    const d = derivedAttributes(HUMAN, { attributes: ALL2 });
    expect([d.ad, d.cn, d.hp, d.maxCarry, d.mv, d.sk]).toEqual([5, 12, 10, 30, 7, 10]);
    expect(d.liftLimit).toBe(100); // "up to TUF × 50 kg"
  });

  it("TV-C19 Dog: AD 5, CN 13, HP 6, Max Carry 10, MV 10, SK 4", () => {
    const d = derivedAttributes(DOG, { attributes: DOG.core });
    expect([d.ad, d.cn, d.hp, d.maxCarry, d.mv, d.sk]).toEqual([5, 13, 6, 10, 10, 4]);
    expect(DOG.abilities).toEqual({ desperateRally: 1, scentTracking: 4 });
  });

  it("TV-C19 Horse: AD 5, CN 5, HP 12, Max Carry 150, MV 14, SK 2", () => {
    const d = derivedAttributes(HORSE, { attributes: HORSE.core });
    expect([d.ad, d.cn, d.hp, d.maxCarry, d.mv, d.sk]).toEqual([5, 5, 12, 150, 14, 2]);
    expect(HORSE.abilities).toEqual({ physicalConditioning: 2 });
  });

  it("TV-C18 Sturdy 2 with TUF 2: HP (2 + 2) × 5 = 20", () => {
    expect(derivedAttributes(HUMAN, { attributes: ALL2, abilities: { sturdy: 2 } }).hp).toBe(20);
    expect(
      derivedAttributes(HUMAN, { attributes: ALL2, abilities: [{ key: "sturdy", dice: 2, extrinsic: true }] })
        .hp,
    ).toBe(20);
  });

  it("TV-07 the MV table: PRW 1..5 gives AD 4..8 and 28, 35, 42, 49, 56 m per round at 7m/AD", () => {
    const rows = [1, 2, 3, 4, 5].map((prw) => {
      const d = derivedAttributes(HUMAN, { attributes: { ...ALL2, prw } });
      return [d.ad, d.ad * d.mv];
    });
    expect(rows).toEqual([
      [4, 28],
      [5, 35],
      [6, 42],
      [7, 49],
      [8, 56],
    ]);
  });

  it('"If a species does not explicitly declare a formula for a derived attribute, use the above formulas"', () => {
    const partial = { ...DOG, derived: { hp: DOG.derived.hp ?? HUMAN_FORMULAS.hp } };
    expect(speciesFormula(partial, "sk")).toEqual(HUMAN_FORMULAS.sk);
    expect(derivedAttributes(partial, { attributes: DOG.core }).sk).toBe(10);
  });

  it("TV-17 Tammaren's core die to SMR: SK +5 (SMR × 5)", () => {
    const before = derivedAttributes(HUMAN, { attributes: ALL2 }).sk;
    const after = derivedAttributes(HUMAN, { attributes: { ...ALL2, smr: 3 } }).sk;
    expect(after - before).toBe(5);
  });

  it("the stat blocks' formula text parses into the same data (no eval)", () => {
    const blocks: Record<string, Record<DerivedKey, string>> = {
      human: {
        ad: "3 + PRW",
        cn: "10 + SOC",
        hp: "TUF × 5",
        maxCarry: "TUF × 15",
        mv: "7m/AD",
        sk: "SMR × 5",
      },
      dog: { ad: "3 + PRW", cn: "10 + SOC", hp: "TUF × 3", maxCarry: "TUF × 5", mv: "10m/AD", sk: "SMR × 2" },
      horse: {
        ad: "3 + PRW",
        cn: "3 + SOC",
        hp: "TUF × 4",
        maxCarry: "TUF × 50",
        mv: "14m/AD",
        sk: "SMR × 1",
      },
    };
    for (const [key, block] of Object.entries(blocks)) {
      const species = SPECIES[key];
      if (!species) throw new Error(key);
      for (const [derived, text] of Object.entries(block)) {
        const parsed = parseDerivedFormula(text);
        expect(parsed.ok, text).toBe(true);
        if (!parsed.ok) continue;
        expect(evaluateFormula(parsed.value, species.core), `${key} ${derived}`).toBe(
          evaluateFormula(speciesFormula(species, derived as DerivedKey), species.core),
        );
      }
    }
  });

  it("the formula reader accepts products either way round, subtraction and ASCII operators; refuses anything else", () => {
    expect(parseDerivedFormula("5 * TUF - 1")).toEqual({
      ok: true,
      value: { base: -1, terms: [{ attr: "tuf", mult: 5 }] },
    });
    expect(parseDerivedFormula("2 x SMR + SOC")).toEqual({
      ok: true,
      value: {
        base: 0,
        terms: [
          { attr: "smr", mult: 2 },
          { attr: "soc", mult: 1 },
        ],
      },
    });
    expect(parseDerivedFormula("TUF × 15 kg").ok).toBe(true);
    expect(parseDerivedFormula("TUF × PRW").ok).toBe(false);
    expect(parseDerivedFormula("process.exit()").ok).toBe(false);
    expect(parseDerivedFormula("3 +").ok).toBe(false);
    expect(parseDerivedFormula("LUCK + 1").ok).toBe(false);
    expect(formatFormula(HUMAN_FORMULAS.ad)).toBe("3 + PRW");
    expect(formatFormula(HUMAN_FORMULAS.hp)).toBe("TUF × 5");
    expect(formatFormula(HUMAN_FORMULAS.mv)).toBe("7");
  });

  it("derived values are monotone in every attribute (property)", () => {
    const attr = fc.integer({ min: 1, max: 4 });
    fc.assert(
      fc.property(
        fc.constantFrom(HUMAN, DOG, HORSE),
        attr,
        attr,
        attr,
        attr,
        fc.constantFrom("smr", "prw", "tuf", "soc" as const),
        (sp, smr, prw, tuf, soc, up) => {
          const base = { smr, prw, tuf, soc };
          const lo = derivedAttributes(sp, { attributes: base });
          const hi = derivedAttributes(sp, { attributes: { ...base, [up]: base[up] + 1 } });
          return (["ad", "cn", "hp", "maxCarry", "mv", "sk"] as const).every((k) => hi[k] >= lo[k]);
        },
      ),
    );
  });
});

describe("overload (Maximum Carry Weight & Overloading)", () => {
  it("TV-C13 TUF 2 (Max Carry 30 kg) carrying 45 / 51 / 71 / 61 kg: −1 / −2 / −3 / −2 PRW, 1 EX per round over 60 kg", () => {
    expect(overload(45, 30)).toEqual({ prwPenalty: 1, exPerRound: 0 });
    expect(overload(51, 30)).toEqual({ prwPenalty: 2, exPerRound: 0 });
    expect(overload(71, 30)).toEqual({ prwPenalty: 3, exPerRound: 1 });
    expect(overload(61, 30)).toEqual({ prwPenalty: 2, exPerRound: 1 });
    expect(overload(60, 30)).toEqual({ prwPenalty: 2, exPerRound: 0 });
    expect(overload(30, 30)).toEqual({ prwPenalty: 0, exPerRound: 0 });
  });

  it('"This penalty impacts all attributes derived from PRW" (AD 5 → 3 at 51 kg)', () => {
    const d = derivedAttributes(HUMAN, { attributes: ALL2, carriedKg: 51 });
    expect(d.attributes.prw).toBe(0);
    expect(d.ad).toBe(3);
    expect(d.maxCarry).toBe(30);
    expect(d.overload).toEqual({ prwPenalty: 2, exPerRound: 0 });
  });

  it("Labor Animal: pulls up to 2 × Max Carry without a PRW penalty", () => {
    expect(overload(300, 150, { pullingTrained: true })).toEqual({ prwPenalty: 0, exPerRound: 0 });
    expect(overload(301, 150, { pullingTrained: true })).toEqual({ prwPenalty: 1, exPerRound: 1 });
  });

  it("overload never raises PRW and grows with the load (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 50 }),
        (tuf, kg, more) => {
          const a = derivedAttributes(HUMAN, { attributes: { ...ALL2, tuf }, carriedKg: kg });
          const b = derivedAttributes(HUMAN, { attributes: { ...ALL2, tuf }, carriedKg: kg + more });
          return (
            a.attributes.prw <= 2 &&
            b.attributes.prw <= a.attributes.prw &&
            b.ad <= a.ad &&
            a.overload.prwPenalty >= 0
          );
        },
      ),
    );
  });
});

describe("character creation (Creating Your Character, Choosing a Species)", () => {
  it("shifts one die between core attributes, within 1..5", () => {
    expect(applySpeciesShift(HUMAN, { from: "soc", to: "prw" })).toEqual({
      ok: true,
      value: { smr: 2, prw: 3, tuf: 2, soc: 1 },
    });
    expect(applySpeciesShift(HUMAN, { from: "soc", to: "soc" }).ok).toBe(false);
    expect(applySpeciesShift({ ...HUMAN, core: { ...ALL2, soc: 1 } }, { from: "soc", to: "prw" }).ok).toBe(
      false,
    );
    expect(applySpeciesShift(HUMAN)).toEqual({ ok: true, value: ALL2 });
  });

  it("Human: 1 Language die, 1 die each in two intrinsic abilities, 2 free refinement dice", () => {
    expect([
      HUMAN.languageDice,
      HUMAN.intrinsicAbilityChoices.count,
      HUMAN.intrinsicAbilityChoices.dicePerAbility,
      HUMAN.freeRefinementDice,
    ]).toEqual([1, 2, 1, 2]);
    expect(HUMAN.intrinsicAbilityChoices.recommended).toEqual(["adrenalineRush", "multitasking"]);
    const r = createCharacter(
      HUMAN,
      {
        shift: { from: "soc", to: "prw" },
        language: "Common",
        intrinsicAbilities: ["Adrenaline Rush", "Multitasking"],
        freeDice: [
          { kind: "skill", skill: "Weapons » Swords" },
          { kind: "skill", skill: "Weapons » Swords" },
        ],
      },
      CATALOG,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.attributes).toEqual({ smr: 2, prw: 3, tuf: 2, soc: 1 });
    expect(r.value.abilities).toEqual([
      { key: "adrenalineRush", dice: 1 },
      { key: "multitasking", dice: 1 },
    ]);
    expect(r.value.skills).toEqual([
      { skill: "Language", spec: "Common", dice: 1, fromSpecies: true },
      { skill: "Weapons", spec: "Swords", dice: 2 },
    ]);
  });

  it("refuses wrong counts, duplicates, and abilities not intrinsic for the species' kind", () => {
    const base = {
      language: "Common",
      freeDice: [
        { kind: "ability", ability: "sturdy" },
        { kind: "ability", ability: "sturdy" },
      ],
    } as const;
    expect(createCharacter(HUMAN, { ...base, intrinsicAbilities: ["sturdy"] }, CATALOG).ok).toBe(false);
    expect(createCharacter(HUMAN, { ...base, intrinsicAbilities: ["sturdy", "sturdy"] }, CATALOG).ok).toBe(
      false,
    );
    expect(
      createCharacter(HUMAN, { ...base, language: "", intrinsicAbilities: ["sturdy", "eagleEyed"] }, CATALOG)
        .ok,
    ).toBe(false);
    expect(
      createCharacter(HUMAN, { ...base, intrinsicAbilities: ["sturdy", "eagleEyed"], freeDice: [] }, CATALOG)
        .ok,
    ).toBe(false);
    const construct = { ...HUMAN, kind: "construct" as const };
    const r = createCharacter(
      construct,
      { ...base, intrinsicAbilities: ["adrenalineRush", "sturdy"] },
      CATALOG,
    );
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.reason).toEqual({
        key: "intrinsicOnly",
        data: { ability: "Adrenaline Rush", kinds: "biological", kind: "construct" },
      });
    const ok = createCharacter(HUMAN, { ...base, intrinsicAbilities: ["sturdy", "eagleEyed"] }, CATALOG);
    expect(ok.ok && ok.value.abilities).toEqual([
      { key: "sturdy", dice: 3 },
      { key: "eagleEyed", dice: 1 },
    ]);
  });

  it("animals start with their stat block's abilities and no choices", () => {
    const dog = createCharacter(DOG, {}, CATALOG);
    expect(dog.ok && dog.value.abilities).toEqual([
      { key: "desperateRally", dice: 1 },
      { key: "scentTracking", dice: 4 },
    ]);
  });

  it('"Individual animals may vary by up to two core dice (either less or more)"', () => {
    expect(coreDiceVariance(HORSE, { smr: 2, prw: 3, tuf: 4, soc: 2 })).toEqual({ ok: true, value: 2 });
    expect(coreDiceVariance(HORSE, { smr: 1, prw: 2, tuf: 3, soc: 1 })).toEqual({ ok: true, value: -2 });
    expect(coreDiceVariance(HORSE, { smr: 3, prw: 3, tuf: 4, soc: 2 }).ok).toBe(false);
  });

  it("the storytelling and trait tables: 1d6 section, 1d6 row; eight traits from 2 groups × 4 categories", () => {
    expect(CREATION_PROMPTS.flat()).toHaveLength(36);
    expect(creationPrompt(1, 1)).toBe("Describe a memorable event in your childhood.");
    expect(creationPrompt(6, 6)).toBe("Do you prefer to have a plan, or to wing it?");
    expect(() => creationPrompt(7, 1)).toThrow();
    expect(CREATION_NUMBERS.traits).toBe(CREATION_NUMBERS.traitGroups * CREATION_NUMBERS.traitCategories);
    expect(traitFor("A", "mental", 1)).toBe("Clever");
    expect(traitFor("B", "physical", 6)).toBe("Unremarkable");
    for (const group of Object.values(CHARACTER_TRAITS))
      for (const list of Object.values(group)) expect(list).toHaveLength(6);
  });
});

describe("advancement (Character Advancement)", () => {
  const human = (): CharacterBuild => ({ species: HUMAN, attributes: ALL2, abilities: [], skills: [] });

  it("TV-C29 core-die conversion: rolls 1..6 give 3, 3, 3, 4, 5, 6 refinement dice (mean 4)", () => {
    const dice = [1, 2, 3, 4, 5, 6].map(convertCoreDie);
    expect(dice).toEqual([3, 3, 3, 4, 5, 6]);
    expect(dice.reduce((a, b) => a + b, 0) / 6).toBe(CONVERTED_CORE_DIE_MEAN);
    expect(() => convertCoreDie(0)).toThrow();
  });

  it("TV-16 Peele rolls 3: 3 refinement dice into Two-Weapon Fighting (+3d6 per attack, +3 chain limit)", () => {
    let build: CharacterBuild = {
      ...human(),
      attributes: { ...ALL2, prw: 3 },
      skills: [{ skill: "Weapons", spec: "Swords", dice: 2 }],
    };
    let record: AdvancementRecord = { ...NO_ADVANCEMENT, coreAwarded: 1 };
    const converted = advance(build, record, { die: "convert", roll: 3 }, CATALOG);
    expect(converted.ok).toBe(true);
    if (!converted.ok) return;
    record = converted.value.record;
    expect(unallocatedDice(record)).toEqual({ core: 0, refinement: 3 });
    for (let i = 0; i < 3; i++) {
      const step = advance(
        build,
        record,
        { die: "refinement", target: { kind: "skill", skill: "Two Weapon Fighting" } },
        CATALOG,
      );
      expect(step.ok).toBe(true);
      if (!step.ok) return;
      build = step.value.build;
      record = step.value.record;
    }
    expect(build.skills.find((s) => s.skill === "Two Weapon Fighting")?.dice).toBe(3);
    expect(unallocatedDice(record)).toEqual({ core: 0, refinement: 0 });
    expect(
      advance(build, record, { die: "refinement", target: { kind: "ability", ability: "sturdy" } }, CATALOG)
        .ok,
    ).toBe(false);
    const attack = skillPool(skillActorOf(build), CATALOG, {
      skills: ["Weapons » Swords"],
      addAllocated: ["Two Weapon Fighting"],
      ad: 1,
    });
    expect(attack.ok && attack.value.dice).toBe(2 + 3 + 1 + 3);
  });

  it("TV-17 Tammaren's core die on SMR: every SMR-rooted skill gains 1 die", () => {
    const build = { ...human(), skills: [{ skill: "Biology", dice: 2 }] };
    const raised = allocateCoreDie(build, "smr");
    expect(raised.ok).toBe(true);
    if (!raised.ok) return;
    const before = skillPool(skillActorOf(build), CATALOG, { skills: ["Biology"] });
    const after = skillPool(skillActorOf(raised.value), CATALOG, { skills: ["Biology"] });
    expect(before.ok && after.ok && after.value.dice - before.value.dice).toBe(1);
    expect(allocateCoreDie({ ...build, attributes: { ...ALL2, smr: 5 } }, "smr").ok).toBe(false);
  });

  it('"that ability or skill starts at 1 ... increases the value by 1", up to 5', () => {
    let build = human();
    for (let i = 1; i <= 5; i++) {
      const r = allocateRefinementDie(build, { kind: "ability", ability: "Pain Tolerance" }, CATALOG);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      build = r.value;
      expect(build.abilities).toEqual([{ key: "painTolerance", dice: i }]);
    }
    expect(allocateRefinementDie(build, { kind: "ability", ability: "Pain Tolerance" }, CATALOG).ok).toBe(
      false,
    );
    expect(allocateRefinementDie(build, { kind: "ability", ability: "Channel Power" }, CATALOG).ok).toBe(
      false,
    );
  });

  it("Skillfulness limits new skills (SK = SMR × 5)", () => {
    const build: CharacterBuild = {
      ...human(),
      attributes: { ...ALL2, smr: 1 },
      skills: ["A", "B", "C", "D", "E"].map((spec) => ({ skill: "Language", spec, dice: 1 })),
    };
    const r = allocateRefinementDie(build, { kind: "skill", skill: "Biology" }, CATALOG);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toEqual({ key: "skillfulnessFull", data: { skillfulness: 5 } });
  });

  it("a core die without a core die left is refused", () => {
    expect(advance(human(), NO_ADVANCEMENT, { die: "core", attribute: "tuf" }, CATALOG).ok).toBe(false);
    const r = advance(
      human(),
      { ...NO_ADVANCEMENT, coreAwarded: 1 },
      { die: "core", attribute: "tuf" },
      CATALOG,
    );
    expect(r.ok && r.value.build.attributes.tuf).toBe(3);
    expect(r.ok && advancementMeasure(r.value.record)).toEqual({ core: 1, refinement: 0 });
  });
});

describe("the (core, refinement) notation (Measuring Character Advancement)", () => {
  it('reads "2, 3", "2+, *", "2+, 5+" and "2-4, 0-5"', () => {
    expect(parseAdvancementNotation("2+, *")).toEqual({
      ok: true,
      value: { core: { min: 2, max: null }, refinement: { min: 0, max: null } },
    });
    expect(parseAdvancementNotation("2+, 5+")).toEqual({
      ok: true,
      value: { core: { min: 2, max: null }, refinement: { min: 5, max: null } },
    });
    expect(parseAdvancementNotation("2-4, 0-5")).toEqual({
      ok: true,
      value: { core: { min: 2, max: 4 }, refinement: { min: 0, max: 5 } },
    });
    expect(parseAdvancementNotation("2, 3")).toEqual({
      ok: true,
      value: { core: { min: 2, max: 2 }, refinement: { min: 3, max: 3 } },
    });
    expect(parseAdvancementNotation("2, 3", { bareNumber: "atLeast" })).toEqual({
      ok: true,
      value: { core: { min: 2, max: null }, refinement: { min: 3, max: null } },
    });
    expect(parseAdvancementNotation("4-2, *").ok).toBe(false);
    expect(parseAdvancementNotation("lots").ok).toBe(false);
  });

  it("writes it back", () => {
    expect(formatAdvancement({ core: 2, refinement: 3 })).toBe("2, 3");
    for (const text of ["2+, *", "2+, 5+", "2-4, 0-5"]) {
      const r = parseAdvancementNotation(text);
      expect(r.ok && formatAdvancement(r.value)).toBe(text);
    }
  });

  it("checks a character against a recommendation", () => {
    expect(meetsRecommendation({ core: 2, refinement: 9 }, "2+, *").ok).toBe(true);
    expect(meetsRecommendation({ core: 1, refinement: 9 }, "2+, *").ok).toBe(false);
    expect(meetsRecommendation({ core: 3, refinement: 5 }, "2-4, 0-5").ok).toBe(true);
    const r = meetsRecommendation({ core: 3, refinement: 6 }, "2-4, 0-5");
    expect(r.ok).toBe(false);
    // 6 refinement dice against "0-5": the count picks the sentence's plural form.
    if (!r.ok)
      expect(r.reason).toEqual({ key: "refinementOutsideRange", data: { dice: 6, range: "0-5" }, count: 6 });
    expect(meetsRecommendation({ core: 2, refinement: 4 }, "2+, 5+").ok).toBe(false);
  });

  it("measures allocated dice by default, awarded on request", () => {
    const record: AdvancementRecord = {
      ...NO_ADVANCEMENT,
      coreAwarded: 2,
      refinementAwarded: 6,
      coreAllocated: 1,
      refinementAllocated: 4,
    };
    expect(advancementMeasure(record)).toEqual({ core: 1, refinement: 4 });
    expect(advancementMeasure(record, "awarded")).toEqual({ core: 2, refinement: 6 });
  });
});
