/**
 * Characters: core attributes, species with their derived-attribute formulas as data, overload,
 * character creation and advancement ('Verses Core 0.8.5: "Characters", "The Core Attributes",
 * "Derived Attributes", "Maximum Carry Weight & Overloading", "Creating Your Character",
 * "Choosing a Species", "Human Species", "Character Advancement", "Measuring Character
 * Advancement"; the Dog and Horse stat blocks from "Animals & Vehicles").
 *
 * Pure: no Foundry, no globals. A species' formulas are {@link LinearFormula} data, parsed from
 * the stat block's text by {@link parseDerivedFormula} (no `eval`).
 */
import { abilityDice, canTakeIntrinsic, findAbility, hpTufBonus, type AbilityAllocation } from "./abilities";
import {
  canAllocateSkill,
  formatSkillRef,
  normalizeKey,
  sameSkill,
  type SkillActor,
  type SkillAllocation,
  type SkillAllocationOptions,
  type SkillCatalog,
  type SkillRefInput,
  MAX_RATED_VALUE,
} from "./skills";
import { ATTRIBUTE_KEYS, type ActorKind, type AttributeKey, type Checked, type Face } from "./types";

/** Core attribute values, one per attribute. */
export type CoreAttributes = Readonly<Record<AttributeKey, number>>;

/** The lowest value a core attribute may be *set* to ("can never be set to zero"). */
export const MIN_CORE_ATTRIBUTE = 1;

/**
 * Check a core attribute as set by creation or advancement ("Rated Values"): a whole number from 1
 * to 5. "An object's core attributes can never be set to zero, although some conditions may
 * temporarily reduce them to zero" (conditions go through {@link effectiveAttributes}).
 */
export function validateCoreAttribute(key: AttributeKey, value: number): Checked<number> {
  const label = key.toUpperCase();
  if (!Number.isInteger(value))
    return { ok: false, reason: `${label} must be a whole number, not ${value}.` };
  if (value < MIN_CORE_ATTRIBUTE) {
    return {
      ok: false,
      reason: `${label} cannot be set to ${value}: "An object's core attributes can never be set to zero" (only conditions lower them, even to 0).`,
    };
  }
  if (value > MAX_RATED_VALUE)
    return { ok: false, reason: `${label} cannot exceed the maximum rated value 5.` };
  return { ok: true, value };
}

/** Check all four core attributes (see {@link validateCoreAttribute}); the first problem is reported. */
export function validateCoreAttributes(attributes: CoreAttributes): Checked<CoreAttributes> {
  for (const key of ATTRIBUTE_KEYS) {
    const checked = validateCoreAttribute(key, attributes[key]);
    if (!checked.ok) return checked;
  }
  return { ok: true, value: attributes };
}

/**
 * Attributes after temporary changes (conditions, intoxication, overload): each `base + change`,
 * never below 0 ("some conditions may temporarily reduce them to zero").
 */
export function effectiveAttributes(
  base: CoreAttributes,
  changes: Partial<Record<AttributeKey, number>> = {},
): Record<AttributeKey, number> {
  const out = { smr: 0, prw: 0, tuf: 0, soc: 0 };
  for (const key of ATTRIBUTE_KEYS) out[key] = Math.max(0, base[key] + (changes[key] ?? 0));
  return out;
}

/** The derived attributes ("Derived Attributes"): AD, CN, HP, Max Carry (kg), MV (m/AD), SK. */
export type DerivedKey = "ad" | "cn" | "hp" | "maxCarry" | "mv" | "sk";

/** The derived attributes in the text's order. */
export const DERIVED_KEYS: readonly DerivedKey[] = ["ad", "cn", "hp", "maxCarry", "mv", "sk"];

/** One term `mult × ATTRIBUTE` of a formula. */
export interface FormulaTerm {
  attr: AttributeKey;
  mult: number;
}

/**
 * A derived-attribute formula as data: `base + Σ mult × attribute`. Human AD `3 + PRW` is
 * `{ base: 3, terms: [{ attr: "prw", mult: 1 }] }`; MV `7m/AD` is `{ base: 7, terms: [] }`.
 */
export interface LinearFormula {
  base: number;
  terms: readonly FormulaTerm[];
}

/** `base + mult × attr` (or a constant when `attr` is absent). */
export function linear(base: number, attr?: AttributeKey, mult = 1): LinearFormula {
  return { base, terms: attr === undefined ? [] : [{ attr, mult }] };
}

/**
 * Evaluate a formula on attribute values. The result is rounded down to a whole number and never
 * below 0 (every core formula is whole; fractional multipliers are an expansion's business).
 */
export function evaluateFormula(formula: LinearFormula, attributes: CoreAttributes): number {
  let value = formula.base;
  for (const t of formula.terms) value += t.mult * attributes[t.attr];
  return Math.max(0, Math.floor(value + 1e-9));
}

const ATTRIBUTE_WORDS: Readonly<Record<string, AttributeKey>> = {
  smr: "smr",
  smarts: "smr",
  prw: "prw",
  prowess: "prw",
  tuf: "tuf",
  toughness: "tuf",
  soc: "soc",
  sociability: "soc",
};

/**
 * Parse a stat block's formula text: sums of numbers, attributes and products, as the text writes
 * them: `3 + PRW`, `TUF × 5`, `SMR × 1`, `7m/AD`, `10 + SOC`. `×`, `x` and `*` multiply; `-`
 * subtracts; a unit suffix (`m/AD`, `kg`, `m`) is ignored. No `eval`: a small tokenizer.
 */
export function parseDerivedFormula(text: string): Checked<LinearFormula> {
  const cleaned = text
    .replace(/m\s*\/\s*AD/gi, "")
    .replace(/\bkg\b/gi, "")
    .replace(/(\d)\s*m\b/gi, "$1")
    .trim();
  const tokens = cleaned.match(/\d+(?:\.\d+)?|[A-Za-z]+|[+\-×x*]/g);
  if (!tokens || tokens.join("") !== cleaned.replace(/\s+/g, "")) {
    return { ok: false, reason: `Cannot read the formula "${text}".` };
  }
  let base = 0;
  const terms: FormulaTerm[] = [];
  let sign = 1;
  let i = 0;
  const isMul = (t: string | undefined): boolean => t === "×" || t === "*" || t === "x" || t === "X";
  while (i < tokens.length) {
    let coefficient = sign;
    let attr: AttributeKey | undefined;
    // A term: factor (× factor)*, each factor a number or an attribute.
    for (;;) {
      const t = tokens[i];
      if (t === undefined) return { ok: false, reason: `The formula "${text}" ends too early.` };
      const word = ATTRIBUTE_WORDS[t.toLowerCase()];
      if (/^\d/.test(t)) coefficient *= Number(t);
      else if (word !== undefined) {
        if (attr !== undefined) return { ok: false, reason: `"${text}" multiplies two attributes.` };
        attr = word;
      } else return { ok: false, reason: `Unknown word "${t}" in the formula "${text}".` };
      i++;
      if (isMul(tokens[i])) {
        i++;
        continue;
      }
      break;
    }
    if (attr === undefined) base += coefficient;
    else {
      const existing = terms.find((x) => x.attr === attr);
      if (existing) existing.mult += coefficient;
      else terms.push({ attr, mult: coefficient });
    }
    const op = tokens[i];
    if (op === undefined) break;
    if (op === "+") sign = 1;
    else if (op === "-") sign = -1;
    else return { ok: false, reason: `Unexpected "${op}" in the formula "${text}".` };
    i++;
    if (i >= tokens.length) return { ok: false, reason: `The formula "${text}" ends with an operator.` };
  }
  return { ok: true, value: { base, terms } };
}

/** A formula as the stat block writes it: `3 + PRW`, `TUF × 5`, `7` (the sheet adds `m/AD` for MV). */
export function formatFormula(formula: LinearFormula): string {
  const parts: string[] = [];
  for (const t of formula.terms) {
    const name = t.attr.toUpperCase();
    parts.push(t.mult === 1 ? name : `${name} × ${t.mult}`);
  }
  if (formula.base !== 0 || parts.length === 0) parts.unshift(String(formula.base));
  return parts.join(" + ").replace(/\+ -/g, "- ");
}

/**
 * The Human formulas, the defaults for every species: "If a species does not explicitly declare a
 * formula for a derived attribute, use the above formulas" (AD 3 + PRW, CN 10 + SOC, HP TUF × 5,
 * Max Carry TUF × 15, MV 7m/AD, SK SMR × 5).
 */
export const HUMAN_FORMULAS: Readonly<Record<DerivedKey, LinearFormula>> = {
  ad: linear(3, "prw"),
  cn: linear(10, "soc"),
  hp: linear(0, "tuf", 5),
  maxCarry: linear(0, "tuf", 15),
  mv: linear(7),
  sk: linear(0, "smr", 5),
};

/**
 * A species ("Choosing a Species"): "Choosing a species sets a baseline for core and derived
 * attributes and abilities". All of it is data the Foundry layer stores on a species item.
 * - `core`: the baseline core attributes; `kind`: the stat block's Type.
 * - `derived`: the formulas it declares; missing ones fall back to {@link HUMAN_FORMULAS}.
 * - `liftPerTuf`: the lift limit per TUF in kg ("a human actor can lift ... up to TUF × 50 kg";
 *   stated for humans only).
 * - `coreShift`: dice the player may shift between core attributes at creation (Human: 1).
 * - `coreVariance`: "Individual animals may vary by up to two core dice (either less or more)".
 * - `languageDice`: dice given to any `Language » *` skill (Human: 1, Common recommended).
 * - `intrinsicAbilityChoices`: abilities chosen at creation and the dice each gets (Human: "1 die
 *   each allocated to any two Intrinsic Abilities", Adrenaline Rush and Multitasking recommended).
 * - `abilities`: abilities every member has (Dog: Desperate Rally 1, Scent Tracking 4; Horse:
 *   Physical Conditioning 2).
 * - `freeRefinementDice`: "The actor has 2 additional Refinement Dice to allocate" (Human).
 */
export interface SpeciesDefinition {
  key: string;
  name: string;
  kind: ActorKind;
  core: CoreAttributes;
  derived: Partial<Record<DerivedKey, LinearFormula>>;
  liftPerTuf?: number;
  coreShift: number;
  coreVariance?: number;
  languageDice: number;
  recommendedLanguage?: string;
  intrinsicAbilityChoices: { count: number; dicePerAbility: number; recommended: readonly string[] };
  abilities: Readonly<Record<string, number>>;
  freeRefinementDice: number;
}

/** The Human species ("Human Species"), the only playable species of the core rules. */
export const HUMAN: SpeciesDefinition = {
  key: "human",
  name: "Human",
  kind: "biological",
  core: { smr: 2, prw: 2, tuf: 2, soc: 2 },
  derived: { ...HUMAN_FORMULAS },
  liftPerTuf: 50,
  coreShift: 1,
  languageDice: 1,
  recommendedLanguage: "Common",
  intrinsicAbilityChoices: { count: 2, dicePerAbility: 1, recommended: ["adrenalineRush", "multitasking"] },
  abilities: {},
  freeRefinementDice: 2,
};

/**
 * The Dog ("Animals & Vehicles"): Biological; SMR 2, PRW 2, TUF 2, SOC 3; AD 3 + PRW; CN 10 + SOC;
 * HP TUF × 3; Max Carry TUF × 5; MV 10m/AD; SK SMR × 2. "A typical dog has 1 die allocated to
 * Desperate Rally in addition to ... Scent Tracking (4 dice)".
 */
export const DOG: SpeciesDefinition = {
  key: "dog",
  name: "Dog",
  kind: "biological",
  core: { smr: 2, prw: 2, tuf: 2, soc: 3 },
  derived: {
    ad: linear(3, "prw"),
    cn: linear(10, "soc"),
    hp: linear(0, "tuf", 3),
    maxCarry: linear(0, "tuf", 5),
    mv: linear(10),
    sk: linear(0, "smr", 2),
  },
  coreShift: 0,
  coreVariance: 2,
  languageDice: 0,
  intrinsicAbilityChoices: { count: 0, dicePerAbility: 0, recommended: [] },
  abilities: { desperateRally: 1, scentTracking: 4 },
  freeRefinementDice: 0,
};

/**
 * The Horse ("Animals & Vehicles"): Biological; SMR 2, PRW 2, TUF 3, SOC 2; AD 3 + PRW; CN 3 + SOC;
 * HP TUF × 4; Max Carry TUF × 50; MV 14m/AD; SK SMR × 1. "A typical horse has 2 dice allocated to
 * Physical Conditioning."
 */
export const HORSE: SpeciesDefinition = {
  key: "horse",
  name: "Horse",
  kind: "biological",
  core: { smr: 2, prw: 2, tuf: 3, soc: 2 },
  derived: {
    ad: linear(3, "prw"),
    cn: linear(3, "soc"),
    hp: linear(0, "tuf", 4),
    maxCarry: linear(0, "tuf", 50),
    mv: linear(14),
    sk: linear(0, "smr", 1),
  },
  coreShift: 0,
  coreVariance: 2,
  languageDice: 0,
  intrinsicAbilityChoices: { count: 0, dicePerAbility: 0, recommended: [] },
  abilities: { physicalConditioning: 2 },
  freeRefinementDice: 0,
};

/** The species of the core text by key. */
export const SPECIES: Readonly<Record<string, SpeciesDefinition>> = { human: HUMAN, dog: DOG, horse: HORSE };

/** A species' formula for a derived attribute, falling back to the Human one. */
export function speciesFormula(species: SpeciesDefinition, key: DerivedKey): LinearFormula {
  return species.derived[key] ?? HUMAN_FORMULAS[key];
}

/** The overload state of a carried load ("Maximum Carry Weight & Overloading"). */
export interface Overload {
  /** PRW lost: "-1 PRW for every 20kg (or part thereof) over that limit". */
  prwPenalty: number;
  /** "any attempt to lift or carry weight more than twice the actor's Max Carry will bind 1 action die to exhaustion per round". */
  exPerRound: number;
}

/** Options of {@link overload}. */
export interface OverloadOptions {
  /**
   * The load is a vehicle pulled by an animal trained in Labor Animal (or War Mount for a
   * two-wheeled cart): "may pull a vehicle with a total laden weight up to two times its Max Carry
   * weight without incurring a PRW penalty". The PRW penalty then counts from 2 × Max Carry.
   */
  pullingTrained?: boolean;
}

/**
 * The overload of a carried weight (kg) against Max Carry (kg): `ceil((carried − MaxCarry) / 20)`
 * PRW, and 1 EX per round above 2 × Max Carry. TV-C13: TUF 2 (Max Carry 30) carrying 45 / 51 / 71
 * / 61 kg gives −1 / −2 / −3 / −2 PRW, and 1 EX per round over 60 kg.
 */
export function overload(carriedKg: number, maxCarry: number, options: OverloadOptions = {}): Overload {
  const limit = options.pullingTrained ? 2 * maxCarry : maxCarry;
  const over = carriedKg - limit;
  return {
    prwPenalty: over > 0 ? Math.ceil(over / 20) : 0,
    exPerRound: carriedKg > 2 * maxCarry ? 1 : 0,
  };
}

/** What {@link derivedAttributes} reads. */
export interface DerivedInput {
  /** Current core attributes (after conditions; see {@link effectiveAttributes}). */
  attributes: CoreAttributes;
  /** Abilities (Sturdy raises TUF for HP). */
  abilities?: readonly AbilityAllocation[] | Readonly<Record<string, number>>;
  /** Weight carried, kg. */
  carriedKg?: number;
  overload?: OverloadOptions;
}

/** Derived attributes with the attributes they came from. */
export interface DerivedAttributes extends Record<DerivedKey, number> {
  /** The lift limit in kg, when the species states one (Human: TUF × 50). */
  liftLimit?: number;
  overload: Overload;
  /** The attributes every derived value used: `attributes` with the overload PRW penalty. */
  attributes: Record<AttributeKey, number>;
}

/**
 * Compute a species' derived attributes ("Derived Attributes", "For Other Species & Actor Types").
 * - Each value is the species' formula (or the Human default) on the current attributes.
 * - HP uses TUF + Sturdy's allocated dice ("Add allocated dice to TUF for purposes of HP calculation").
 * - Overload's PRW penalty "impacts all attributes derived from PRW"; it is computed against Max
 *   Carry from the unpenalised attributes (so a species whose Max Carry used PRW would not loop).
 * TV-C17 (Human, all 2): AD 5, CN 12, HP 10, Max Carry 30, MV 7, SK 10. TV-C19: Dog AD 5, CN 13,
 * HP 6, Max Carry 10, MV 10, SK 4; Horse AD 5, CN 5, HP 12, Max Carry 150, MV 14, SK 2.
 */
export function derivedAttributes(species: SpeciesDefinition, input: DerivedInput): DerivedAttributes {
  const raw = effectiveAttributes(input.attributes);
  const maxCarry = evaluateFormula(speciesFormula(species, "maxCarry"), raw);
  const load = overload(input.carriedKg ?? 0, maxCarry, input.overload);
  const attrs = effectiveAttributes(raw, { prw: -load.prwPenalty });
  const sturdy = input.abilities ? hpTufBonus(input.abilities) : 0;
  const out: DerivedAttributes = {
    ad: evaluateFormula(speciesFormula(species, "ad"), attrs),
    cn: evaluateFormula(speciesFormula(species, "cn"), attrs),
    hp: evaluateFormula(speciesFormula(species, "hp"), { ...attrs, tuf: attrs.tuf + sturdy }),
    maxCarry,
    mv: evaluateFormula(speciesFormula(species, "mv"), attrs),
    sk: evaluateFormula(speciesFormula(species, "sk"), attrs),
    overload: load,
    attributes: attrs,
  };
  if (species.liftPerTuf !== undefined) out.liftLimit = species.liftPerTuf * raw.tuf;
  return out;
}

/** A core-die shift at creation: "reducing one attribute by one and increasing another by one". */
export interface AttributeShift {
  from: AttributeKey;
  to: AttributeKey;
}

/**
 * A species' core attributes with the creation shift ("Choosing a Species"): "Players can choose
 * to customize the species' baseline core attribute ratings by shifting one die from one attribute
 * to another". Refused when the species allows no shift, the attributes are the same, or a result
 * leaves 1..5.
 */
export function applySpeciesShift(
  species: SpeciesDefinition,
  shift?: AttributeShift,
): Checked<CoreAttributes> {
  if (!shift) return { ok: true, value: { ...species.core } };
  if (species.coreShift < 1)
    return { ok: false, reason: `${species.name} has no core-attribute shift at creation.` };
  if (shift.from === shift.to) return { ok: false, reason: "Shift a die between two different attributes." };
  const value = {
    ...species.core,
    [shift.from]: species.core[shift.from] - 1,
    [shift.to]: species.core[shift.to] + 1,
  };
  return validateCoreAttributes(value);
}

/**
 * The net core-dice difference of an individual animal from its species' average ("Individual
 * animals may vary by up to two core dice (either less or more)"); refused beyond the species'
 * `coreVariance` or with an attribute outside 1..5. The Horse value table reads this number
 * (−2 .. +2 core dice).
 */
export function coreDiceVariance(species: SpeciesDefinition, attributes: CoreAttributes): Checked<number> {
  const valid = validateCoreAttributes(attributes);
  if (!valid.ok) return valid;
  let diff = 0;
  for (const key of ATTRIBUTE_KEYS) diff += attributes[key] - species.core[key];
  const limit = species.coreVariance ?? 0;
  if (Math.abs(diff) > limit) {
    return {
      ok: false,
      reason: `${species.name} may vary by up to ${limit} core dice, not ${diff > 0 ? "+" : ""}${diff}.`,
    };
  }
  return { ok: true, value: diff };
}

/** A character (or animal) as the creation and advancement rules see it. */
export interface CharacterBuild {
  species: SpeciesDefinition;
  /** Core attributes as set (1..5), before temporary changes. */
  attributes: CoreAttributes;
  abilities: readonly AbilityAllocation[];
  skills: readonly SkillAllocation[];
  /** Native TEC, the training TEC of new General skills. */
  nativeTec?: number;
}

/** The skill-rule view of a build (set attributes, intrinsic and extrinsic ability dice). */
export function skillActorOf(build: CharacterBuild): SkillActor {
  const abilities: Record<string, number> = {};
  for (const a of build.abilities) abilities[a.key] = Math.max(abilities[a.key] ?? 0, a.dice);
  const actor: SkillActor = { attributes: build.attributes, abilities, skills: build.skills };
  return build.nativeTec === undefined ? actor : { ...actor, nativeTec: build.nativeTec };
}

/** What a refinement die is allocated to: "Refinement dice can be applied to acquire or improve abilities and skills". */
export type RefinementTarget = { kind: "ability"; ability: string } | { kind: "skill"; skill: SkillRefInput };

/** Options of allocation ({@link allocateRefinementDie}, {@link createCharacter}). */
export type BuildOptions = Omit<SkillAllocationOptions, "skillfulness">;

/**
 * Allocate one refinement die ("Character Advancement", "Refinement Dice"): "if the die represents
 * a new ability or skill, that ability or skill starts at 1. If increasing an already allocated
 * capability ... the allocation increases the value by 1", limited by "the maximum rated value (5),
 * capability prerequisites, and the type of die awarded". Intrinsic abilities are "gained by
 * allocating refinement dice" and only for the actor kinds they list; a skill must pass
 * {@link canAllocateSkill} with the build's Skillfulness.
 */
export function allocateRefinementDie(
  build: CharacterBuild,
  target: RefinementTarget,
  catalog: SkillCatalog,
  options: BuildOptions = {},
): Checked<CharacterBuild> {
  if (target.kind === "ability") {
    const def = findAbility(target.ability);
    if (!def) return { ok: false, reason: `Unknown ability: ${target.ability}.` };
    const intrinsic = canTakeIntrinsic(def, build.species.kind);
    if (!intrinsic.ok) return intrinsic;
    const current = build.abilities.find(
      (a) => !a.extrinsic && normalizeKey(a.key) === normalizeKey(def.key),
    );
    const dice = current?.dice ?? 0;
    if (dice >= MAX_RATED_VALUE)
      return { ok: false, reason: `${def.name} is already at the maximum rated value (5).` };
    const abilities = current
      ? build.abilities.map((a) => (a === current ? { ...a, dice: dice + 1 } : a))
      : [...build.abilities, { key: def.key, dice: 1 }];
    return { ok: true, value: { ...build, abilities } };
  }
  const actor = skillActorOf(build);
  const sk = derivedAttributes(build.species, { attributes: build.attributes }).sk;
  const checked = canAllocateSkill(actor, catalog, target.skill, { ...options, skillfulness: sk });
  if (!checked.ok) return checked;
  const ref = typeof target.skill === "string" ? target.skill : formatSkillRef(target.skill);
  const existing = build.skills.find((s) => sameSkill(s, ref));
  const skills = existing
    ? build.skills.map((s) => (s === existing ? { ...s, dice: checked.value } : s))
    : [...build.skills, newSkillAllocation(ref, build.nativeTec)];
  return { ok: true, value: { ...build, skills } };
}

function newSkillAllocation(ref: string, nativeTec?: number): SkillAllocation {
  const parts = ref.split(/»|>>/);
  const skill = (parts[0] ?? "").trim();
  const spec = parts.slice(1).join("»").trim();
  const out: SkillAllocation = spec === "" ? { skill, dice: 1 } : { skill, spec, dice: 1 };
  return nativeTec === undefined ? out : { ...out, tec: nativeTec };
}

/**
 * Allocate one core die ("Core Dice"): "Core dice are used to enhance one of the four core
 * attributes", +1, to at most 5. TV-17: Tammaren's SMR 2 → 3 raises SK by 5 (`SMR × 5`) and every
 * SMR-rooted skill pool by 1.
 */
export function allocateCoreDie(build: CharacterBuild, attribute: AttributeKey): Checked<CharacterBuild> {
  const checked = validateCoreAttribute(attribute, build.attributes[attribute] + 1);
  if (!checked.ok) return checked;
  return { ok: true, value: { ...build, attributes: { ...build.attributes, [attribute]: checked.value } } };
}

/**
 * Convert a core die into refinement dice ("Core Dice"): "the player rolls 1d6, counting a roll of
 * 1 or 2 as a 3. The player may allocate the resulting number of refinement dice instead of the
 * single core die." TV-C29: rolls 1..6 give 3, 3, 3, 4, 5, 6. TV-16: Peele rolls 3 → 3 dice.
 */
export function convertCoreDie(roll: Face): number {
  if (!Number.isInteger(roll) || roll < 1 || roll > 6) throw new RangeError(`Not a d6 face: ${roll}`);
  return Math.max(3, roll);
}

/** The mean number of refinement dice a converted core die gives: (3 + 3 + 3 + 4 + 5 + 6) / 6 = 4. */
export const CONVERTED_CORE_DIE_MEAN = 4;

/**
 * The dice a character was awarded and has allocated ("Measuring Character Advancement": "record
 * the number of Core and Refinement Dice awarded and allocated"). A converted core die counts in
 * `coreConverted`, and the refinement dice it gave in `refinementFromConversion`.
 */
export interface AdvancementRecord {
  coreAwarded: number;
  refinementAwarded: number;
  coreAllocated: number;
  refinementAllocated: number;
  coreConverted: number;
  refinementFromConversion: number;
}

/** An empty record (a new character). */
export const NO_ADVANCEMENT: AdvancementRecord = {
  coreAwarded: 0,
  refinementAwarded: 0,
  coreAllocated: 0,
  refinementAllocated: 0,
  coreConverted: 0,
  refinementFromConversion: 0,
};

/** Core and refinement dice still to allocate. */
export function unallocatedDice(record: AdvancementRecord): { core: number; refinement: number } {
  return {
    core: record.coreAwarded - record.coreAllocated - record.coreConverted,
    refinement: record.refinementAwarded + record.refinementFromConversion - record.refinementAllocated,
  };
}

/** A die allocation in advancement. */
export type AdvancementStep =
  | { die: "core"; attribute: AttributeKey }
  | { die: "convert"; roll: Face }
  | { die: "refinement"; target: RefinementTarget };

/**
 * Spend one awarded die ("Character Advancement"): a core die on a core attribute; a core die
 * converted to refinement dice; or a refinement die on an ability or skill. Refused when no die of
 * that type is left ("limited only by ... the type of die awarded") or the allocation is refused.
 */
export function advance(
  build: CharacterBuild,
  record: AdvancementRecord,
  step: AdvancementStep,
  catalog: SkillCatalog,
  options: BuildOptions = {},
): Checked<{ build: CharacterBuild; record: AdvancementRecord }> {
  const left = unallocatedDice(record);
  if (step.die === "core" || step.die === "convert") {
    if (left.core < 1) return { ok: false, reason: "No core die left to allocate." };
    if (step.die === "convert") {
      const dice = convertCoreDie(step.roll);
      return {
        ok: true,
        value: {
          build,
          record: {
            ...record,
            coreConverted: record.coreConverted + 1,
            refinementFromConversion: record.refinementFromConversion + dice,
          },
        },
      };
    }
    const next = allocateCoreDie(build, step.attribute);
    if (!next.ok) return next;
    return {
      ok: true,
      value: { build: next.value, record: { ...record, coreAllocated: record.coreAllocated + 1 } },
    };
  }
  if (left.refinement < 1) return { ok: false, reason: "No refinement die left to allocate." };
  const next = allocateRefinementDie(build, step.target, catalog, options);
  if (!next.ok) return next;
  return {
    ok: true,
    value: { build: next.value, record: { ...record, refinementAllocated: record.refinementAllocated + 1 } },
  };
}

/** An inclusive range of dice; `max: null` is unbounded. */
export interface DiceRange {
  min: number;
  max: number | null;
}

/** A `(core, refinement)` recommendation such as `2+, *` or `2-4, 0-5`. */
export interface AdvancementRecommendation {
  core: DiceRange;
  refinement: DiceRange;
}

/** Options of {@link parseAdvancementNotation}. */
export interface AdvancementNotationOptions {
  /**
   * What a bare number means in a recommendation (`2, 3`). The text defines `2, 3` only as a record
   * ("2 core dice, 3 refinement dice") and writes minimums with `+`; default `"exact"` (2 means
   * exactly 2), `"atLeast"` reads it as `2+`.
   */
  bareNumber?: "exact" | "atLeast";
}

function parseRange(text: string, options: AdvancementNotationOptions): DiceRange | undefined {
  const t = text.trim();
  if (t === "*") return { min: 0, max: null };
  let m = /^(\d+)\+$/.exec(t);
  if (m) return { min: Number(m[1]), max: null };
  m = /^(\d+)\s*[-–]\s*(\d+)$/.exec(t);
  if (m) {
    const min = Number(m[1]);
    const max = Number(m[2]);
    return min <= max ? { min, max } : undefined;
  }
  m = /^(\d+)$/.exec(t);
  if (m) {
    const n = Number(m[1]);
    return options.bareNumber === "atLeast" ? { min: n, max: null } : { min: n, max: n };
  }
  return undefined;
}

/**
 * Parse the `(core, refinement)` notation ("Measuring Character Advancement"): `2, 3`; `2+, *` "At
 * least 2 core dice and any number of refinement dice"; `2+, 5+`; `2-4, 0-5` "between 2 and 4 core
 * dice and up to 5 refinement dice, inclusively".
 */
export function parseAdvancementNotation(
  text: string,
  options: AdvancementNotationOptions = {},
): Checked<AdvancementRecommendation> {
  const parts = text.split(",");
  if (parts.length !== 2) return { ok: false, reason: `"${text}" is not "core, refinement".` };
  const core = parseRange(parts[0] ?? "", options);
  const refinement = parseRange(parts[1] ?? "", options);
  if (!core || !refinement) return { ok: false, reason: `Cannot read the dice ranges in "${text}".` };
  return { ok: true, value: { core, refinement } };
}

function formatRange(r: DiceRange): string {
  if (r.max === null) return r.min === 0 ? "*" : `${r.min}+`;
  return r.min === r.max ? String(r.min) : `${r.min}-${r.max}`;
}

/** Write a record or recommendation in the notation: `2, 3`, `2+, *`, `2-4, 0-5`. */
export function formatAdvancement(
  value: { core: number; refinement: number } | AdvancementRecommendation,
): string {
  if (typeof value.core === "number" && typeof value.refinement === "number")
    return `${value.core}, ${value.refinement}`;
  const rec = value as AdvancementRecommendation;
  return `${formatRange(rec.core)}, ${formatRange(rec.refinement)}`;
}

/**
 * A character's `(core, refinement)` measure. `"allocated"` (default: "a recommendation for
 * characters' minimum dice allocation"): core dice allocated to attributes, refinement dice
 * allocated (converted core dice count as the refinement dice they became). `"awarded"`: the dice
 * the GM awarded.
 */
export function advancementMeasure(
  record: AdvancementRecord,
  basis: "allocated" | "awarded" = "allocated",
): { core: number; refinement: number } {
  if (basis === "awarded") return { core: record.coreAwarded, refinement: record.refinementAwarded };
  return { core: record.coreAllocated, refinement: record.refinementAllocated };
}

/** Whether a measure meets a recommendation (each count inside its inclusive range); the reason says which fails. */
export function meetsRecommendation(
  measure: { core: number; refinement: number },
  recommendation: AdvancementRecommendation | string,
  options: AdvancementNotationOptions = {},
): Checked<true> {
  const rec =
    typeof recommendation === "string"
      ? parseAdvancementNotation(recommendation, options)
      : { ok: true as const, value: recommendation };
  if (!rec.ok) return rec;
  const inside = (n: number, r: DiceRange): boolean => n >= r.min && (r.max === null || n <= r.max);
  if (!inside(measure.core, rec.value.core)) {
    return { ok: false, reason: `${measure.core} core dice is outside ${formatRange(rec.value.core)}.` };
  }
  if (!inside(measure.refinement, rec.value.refinement)) {
    return {
      ok: false,
      reason: `${measure.refinement} refinement dice is outside ${formatRange(rec.value.refinement)}.`,
    };
  }
  return { ok: true, value: true };
}

/** The choices made when creating a character of a species ("Choosing a Species"). */
export interface CreationChoices {
  shift?: AttributeShift;
  /** The specialisation of the species' Language die (`"Common"` is recommended for humans). */
  language?: string;
  /** The intrinsic abilities chosen (Human: two, at 1 die each). */
  intrinsicAbilities?: readonly string[];
  /** Where the species' free refinement dice go, one entry per die, in order. */
  freeDice?: readonly RefinementTarget[];
  nativeTec?: number;
}

/** The Language family name the species' language die goes to ("Language » *"). */
export const LANGUAGE_SKILL = "Language";

/**
 * Create a character from a species ("Choosing a Species", "Human Species"): set the core
 * attributes (optionally shifting one die), give the species' abilities, allocate the species'
 * Language die ("1 die allocated to any Language » * skill"), its chosen intrinsic abilities ("1 die
 * each allocated to any two Intrinsic Abilities"), then its free refinement dice ("2 additional
 * Refinement Dice to allocate") through {@link allocateRefinementDie}. Every count must match the
 * species' numbers.
 */
export function createCharacter(
  species: SpeciesDefinition,
  choices: CreationChoices,
  catalog: SkillCatalog,
  options: BuildOptions = {},
): Checked<CharacterBuild> {
  const attributes = applySpeciesShift(species, choices.shift);
  if (!attributes.ok) return attributes;
  const abilities: AbilityAllocation[] = Object.entries(species.abilities).map(([key, dice]) => ({
    key,
    dice,
  }));
  const skills: SkillAllocation[] = [];
  if (species.languageDice > 0) {
    const language = choices.language?.trim();
    if (!language)
      return {
        ok: false,
        reason: `${species.name} has ${species.languageDice} die for a Language » * skill: name the language.`,
      };
    skills.push({ skill: LANGUAGE_SKILL, spec: language, dice: species.languageDice, fromSpecies: true });
  } else if (choices.language) {
    return { ok: false, reason: `${species.name} has no species language die.` };
  }
  const chosen = choices.intrinsicAbilities ?? [];
  const wanted = species.intrinsicAbilityChoices.count;
  if (chosen.length !== wanted) {
    return {
      ok: false,
      reason: `${species.name} allocates dice to exactly ${wanted} intrinsic abilities, not ${chosen.length}.`,
    };
  }
  for (const name of chosen) {
    const def = findAbility(name);
    if (!def) return { ok: false, reason: `Unknown ability: ${name}.` };
    const intrinsic = canTakeIntrinsic(def, species.kind);
    if (!intrinsic.ok) return intrinsic;
    if (abilityDice(abilities, def.key) > 0) return { ok: false, reason: `${def.name} is chosen twice.` };
    abilities.push({ key: def.key, dice: species.intrinsicAbilityChoices.dicePerAbility });
  }
  const free = choices.freeDice ?? [];
  if (free.length !== species.freeRefinementDice) {
    return {
      ok: false,
      reason: `${species.name} has ${species.freeRefinementDice} free refinement dice, not ${free.length}.`,
    };
  }
  let build: CharacterBuild = { species, attributes: attributes.value, abilities, skills };
  if (choices.nativeTec !== undefined) build = { ...build, nativeTec: choices.nativeTec };
  if (build.nativeTec !== undefined)
    build = { ...build, skills: build.skills.map((s) => ({ ...s, tec: build.nativeTec })) };
  for (const target of free) {
    const next = allocateRefinementDie(build, target, catalog, options);
    if (!next.ok) return next;
    build = next.value;
  }
  return { ok: true, value: build };
}

/** Rolls in the storytelling prompts and traits tables. */
export const CREATION_NUMBERS = {
  /** "roll 1d6 to identify the table section, then roll 1d6 again to identify a row". */
  promptDice: 2,
  /** Trait categories: Mental, Functional, Social, Physical. */
  traitCategories: 4,
  /** Groups A and B. */
  traitGroups: 2,
  /** "Once you have identified eight traits". */
  traits: 8,
} as const;

/** The Character Creation Prompts (6 × 6), `[die1 − 1][die2 − 1]`. */
export const CREATION_PROMPTS: readonly (readonly string[])[] = [
  [
    "Describe a memorable event in your childhood.",
    "How did you learn or develop a key skill or ability?",
    "List 3–5 core values.",
    '"When I wake up, the first thing I want to do is..."',
    "What do you have most/least in common with your closest friend?",
    "Describe your ideal day.",
  ],
  [
    "Settling down for a rest, what thoughts come to mind as you stare out into the distance?",
    '"If I had enough money, I would..."',
    "How far is too far to help a friend? A stranger?",
    "Describe your worst/darkest moment.",
    "What is your favorite food?",
    "Is there a story behind your name?",
  ],
  [
    "What's the furthest you've ever been from home?",
    "Who is your role model?",
    '"One thing I find really interesting is..."',
    "Do you have any enemies?",
    "What do you have that is of great sentimental value?",
    "If you find yourself in a dark mood, what is the likely cause?",
  ],
  [
    "What is your best character trait?",
    "What would those who know you best write in your obituary?",
    '"When learning a new language, the first thing I want to know how to say is..."',
    "What is/was your relationship with your parents like?",
    "What are your hobbies?",
    "What are you afraid of?",
  ],
  [
    "How many siblings do you have?",
    "What are you most proud of?",
    "Do you get more angry at others, or at yourself?",
    '"The one thing I can\'t stand is..."',
    "What is your core belief about people?",
    "How do you wish to be remembered?",
  ],
  [
    "Do you follow the same beliefs you were raised in?",
    "Have you ever been in love?",
    "What is your favorite time of day?",
    "Have you ever been accused of a crime?",
    '"Nothing puts me in a better mood than..."',
    "Do you prefer to have a plan, or to wing it?",
  ],
];

/** The prompt for two d6 ("roll 1d6 to identify the table section, then roll 1d6 again"). */
export function creationPrompt(section: Face, row: Face): string {
  const prompt = CREATION_PROMPTS[section - 1]?.[row - 1];
  if (prompt === undefined) throw new RangeError(`Not two d6 faces: ${section}, ${row}`);
  return prompt;
}

/** A trait category of the Character Traits tables. */
export type TraitCategory = "mental" | "functional" | "social" | "physical";

/**
 * Character Traits Groups A and B, by category, `[d6 − 1]`. No mechanical effect ("These traits
 * have no functional gameplay effects"). The source prints "Heavysset"; it is spelt Heavyset here.
 */
export const CHARACTER_TRAITS: Readonly<
  Record<"A" | "B", Readonly<Record<TraitCategory, readonly string[]>>>
> = {
  A: {
    mental: ["Clever", "Error-prone", "Intellectual", "Thoughtful", "Whimsical", "Witty"],
    functional: ["Alert", "Careful", "Careless", "Clumsy", "Deliberate", "Graceful"],
    social: ["Awkward", "Confident", "Helpful", "Mischievous", "Outgoing", "Shy"],
    physical: ["Bulky", "Heavyset", "Lithe", "Stout", "Willowy", "Wiry"],
  },
  B: {
    mental: ["Absent-minded", "Bookish", "Naive", "Resourceful", "Sensible", "Single-minded"],
    functional: ["Anxious", "Calm", "Carefree", "Excitable", "Fidgety", "Serene"],
    social: ["Aloof", "Decorous", "Fickle", "Friendly", "Loyal", "Quirky"],
    physical: ["Disheveled", "Imposing", "Polished", "Scarred", "Striking", "Unremarkable"],
  },
};

/** The trait for a d6 roll in a group and category ("random selection of one trait in each category from both Group A and Group B"). */
export function traitFor(group: "A" | "B", category: TraitCategory, roll: Face): string {
  const trait = CHARACTER_TRAITS[group][category][roll - 1];
  if (trait === undefined) throw new RangeError(`Not a d6 face: ${roll}`);
  return trait;
}
