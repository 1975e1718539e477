// Plain 'Verses item and actor sources, shaped as the data models store them, for tests and
// browser fixtures that call the Foundry-free derivation code.
import type { LivingSource } from "../../src/rulesets/verses/data/living";
import type { SkillSource, SpeciesSource } from "../../src/rulesets/verses/data/convert";

export function livingSource(overrides: Partial<LivingSource> = {}): LivingSource {
  return {
    kind: "biological",
    attributes: { smr: 2, prw: 2, tuf: 2, soc: 2 },
    hp: { value: 10 },
    ad: { spent: 0, exBound: 0, reserved: { await: 0, dodge: 0, parry: 0 } },
    modifiers: {
      ad: 0,
      hp: 0,
      attributes: { smr: 0, prw: 0, tuf: 0, soc: 0 },
      dice: { smr: 0, prw: 0, tuf: 0, soc: 0, all: 0 },
    },
    ...overrides,
  };
}

export function skillSource(overrides: Partial<SkillSource> = {}): SkillSource {
  return {
    skill: "",
    spec: "",
    difficulty: 1,
    default: { kind: "attribute", attribute: "smr", ability: "", skill: "", spec: "" },
    prerequisites: [],
    repeatable: false,
    specialisationHint: "",
    tec: "general",
    category: "",
    chainLimit: { mode: "none", chain: "" },
    reloadReduction: false,
    addsTo: [],
    notes: "",
    allocated: 0,
    trainedTec: 0,
    fromSpecies: false,
    ...overrides,
  };
}

export function speciesSource(overrides: Partial<SpeciesSource> = {}): SpeciesSource {
  return {
    key: "",
    kind: "biological",
    core: { smr: 2, prw: 2, tuf: 2, soc: 2 },
    derived: { ad: "", cn: "", hp: "", maxCarry: "", mv: "", sk: "" },
    liftPerTuf: 0,
    coreShift: 0,
    coreVariance: 0,
    languageDice: 0,
    recommendedLanguage: "",
    intrinsicAbilityChoices: { count: 0, dicePerAbility: 0, recommended: [] },
    abilities: {},
    freeRefinementDice: 0,
    ...overrides,
  };
}

/** The Dog and the Horse as the Core text's stat blocks print them ("Animals & Vehicles"). */
export const DOG_SOURCE = speciesSource({
  key: "dog",
  core: { smr: 2, prw: 2, tuf: 2, soc: 3 },
  derived: { ad: "3 + PRW", cn: "10 + SOC", hp: "TUF × 3", maxCarry: "TUF × 5", mv: "10m/AD", sk: "SMR × 2" },
});
export const HORSE_SOURCE = speciesSource({
  key: "horse",
  core: { smr: 2, prw: 2, tuf: 3, soc: 2 },
  derived: { ad: "3 + PRW", cn: "3 + SOC", hp: "TUF × 4", maxCarry: "TUF × 50", mv: "14m/AD", sk: "SMR × 1" },
});
