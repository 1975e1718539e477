/**
 * From stored item data (plain `system` objects) to the rules layer's shapes. Foundry-free, so
 * the conversions are unit-tested on their own; the data models call them in prepareDerivedData.
 */
import {
  HUMAN,
  parseDerivedFormula,
  type AbilityAllocation,
  type AttributeKey,
  type DerivedKey,
  type LinearFormula,
  type SkillAllocation,
  type SkillDefinition,
  type SkillTecGroup,
  type SpeciesDefinition,
} from "../rules";
import { type RulesLine, rulesLine } from "../base/rules-message-logic";

/** The stored fields of a skill item that the rules read (see VersesSkillData). */
export type SkillSource = {
  skill: string;
  spec: string;
  difficulty: number;
  default: {
    kind: "attribute" | "ability" | "skill";
    attribute: AttributeKey;
    ability: string;
    skill: string;
    spec: string;
  };
  prerequisites: readonly { kind: "skill" | "ability"; name: string; spec: string }[];
  repeatable: boolean;
  specialisationHint: string;
  tec: string;
  category: string;
  chainLimit: { mode: "none" | "sets" | "adds"; chain: string };
  reloadReduction: boolean;
  addsTo: readonly { hook: string; mode: "allocated" | "skillDice"; condition: string }[];
  notes: string;
  allocated: number;
  trainedTec: number;
  fromSpecies: boolean;
};

const blank = (s: string | undefined) => (s ? s : undefined);

/** A skill item's definition. `name` is the item's name, used when `skill` is blank. */
export function toSkillDefinition(name: string, s: SkillSource): SkillDefinition {
  const def: SkillDefinition = {
    skill: s.skill || name,
    difficulty: s.difficulty,
    default:
      s.default.kind === "attribute"
        ? { kind: "attribute", attribute: s.default.attribute }
        : s.default.kind === "ability"
          ? { kind: "ability", ability: s.default.ability }
          : { kind: "skill", skill: s.default.skill, ...(s.default.spec ? { spec: s.default.spec } : {}) },
    prerequisites: s.prerequisites.map((p) =>
      p.kind === "ability"
        ? { kind: "ability" as const, ability: p.name }
        : { kind: "skill" as const, skill: p.name, ...(p.spec ? { spec: p.spec } : {}) },
    ),
    repeatable: s.repeatable,
    tec: (s.tec === "general" ? "general" : Number(s.tec)) as SkillTecGroup,
  };
  if (s.spec) def.spec = s.spec;
  if (blank(s.specialisationHint)) def.specialisationHint = s.specialisationHint;
  if (blank(s.category)) def.category = s.category;
  if (s.chainLimit.mode !== "none" && s.chainLimit.chain)
    def.chainLimit = { mode: s.chainLimit.mode, chain: s.chainLimit.chain };
  if (s.reloadReduction) def.reloadReduction = true;
  if (s.addsTo.length) {
    def.addsTo = s.addsTo.map((a) => ({
      hook: a.hook,
      mode: a.mode,
      ...(a.condition ? { condition: a.condition } : {}),
    }));
  }
  if (blank(s.notes)) def.notes = s.notes;
  return def;
}

/** A skill item as an actor's allocation. */
export function toSkillAllocation(name: string, s: SkillSource): SkillAllocation {
  const a: SkillAllocation = { skill: s.skill || name, dice: s.allocated };
  if (s.spec) a.spec = s.spec;
  if (s.trainedTec > 0) a.tec = s.trainedTec;
  if (s.fromSpecies) a.fromSpecies = true;
  return a;
}

export interface AbilitySource {
  key: string;
  allocated: number;
  extrinsic: boolean;
  exBound: number;
}

/** An ability item as an allocation; the key falls back to the item's name. */
export function toAbilityAllocation(name: string, s: AbilitySource): AbilityAllocation {
  const a: AbilityAllocation = { key: s.key || name, dice: s.allocated };
  if (s.extrinsic) a.extrinsic = true;
  if (s.exBound > 0) a.exBound = s.exBound;
  return a;
}

export interface SpeciesSource {
  key: string;
  kind: SpeciesDefinition["kind"];
  core: Record<AttributeKey, number>;
  derived: Record<DerivedKey, string>;
  liftPerTuf: number;
  coreShift: number;
  coreVariance: number;
  languageDice: number;
  recommendedLanguage: string;
  intrinsicAbilityChoices: { count: number; dicePerAbility: number; recommended: readonly string[] };
  abilities: Record<string, number>;
  freeRefinementDice: number;
}

/** A species formula the rules cannot read: which derived attribute, and why. */
export interface SpeciesProblem {
  derived: DerivedKey;
  reason: RulesLine;
}

/**
 * A species item as a definition. A blank formula means the Human one; a formula that does not
 * parse is reported in `problems` (for the sheet to show) and the Human one is used meanwhile.
 */
export function toSpeciesDefinition(
  name: string,
  s: SpeciesSource,
): { species: SpeciesDefinition; problems: SpeciesProblem[] } {
  const derived: Partial<Record<DerivedKey, LinearFormula>> = {};
  const problems: SpeciesProblem[] = [];
  for (const [key, text] of Object.entries(s.derived) as [DerivedKey, string][]) {
    if (!text.trim()) continue;
    const parsed = parseDerivedFormula(text);
    if (parsed.ok) derived[key] = parsed.value;
    else problems.push({ derived: key, reason: rulesLine(parsed.reason) });
  }
  const species: SpeciesDefinition = {
    key: s.key || name.toLowerCase(),
    name,
    kind: s.kind,
    core: { ...s.core },
    derived,
    coreShift: s.coreShift,
    languageDice: s.languageDice,
    intrinsicAbilityChoices: {
      ...s.intrinsicAbilityChoices,
      recommended: [...s.intrinsicAbilityChoices.recommended],
    },
    abilities: { ...s.abilities },
    freeRefinementDice: s.freeRefinementDice,
  };
  if (s.liftPerTuf > 0) species.liftPerTuf = s.liftPerTuf;
  if (s.coreVariance > 0) species.coreVariance = s.coreVariance;
  if (s.recommendedLanguage) species.recommendedLanguage = s.recommendedLanguage;
  return { species, problems };
}

/** The species an actor without a species item uses: the Human, the Core text's only playable species. */
export const DEFAULT_SPECIES = HUMAN;

/** Weight an item adds to the load, kg: quantity × weight, armour worn or carried. */
export function itemLoadKg(
  type: string,
  s: { quantity?: number; weight?: number; carried?: boolean; worn?: boolean; carriedWeight?: number },
): number {
  if (s.carried === false) return 0;
  const each =
    type === "verses-armour" && !s.worn && (s.carriedWeight ?? 0) > 0 ? s.carriedWeight! : (s.weight ?? 0);
  return Math.max(0, each) * Math.max(0, s.quantity ?? 1);
}
