/**
 * Characters: core attributes, species with their derived-attribute formulas as data, overload
 * ('Verses Core 0.8.5: "Characters", "The Core Attributes", "Derived Attributes", "Maximum Carry
 * Weight & Overloading", "Choosing a Species", "Human Species"; the Dog and Horse stat blocks from
 * "Animals & Vehicles"). Creation and advancement are in `creation.ts`.
 *
 * Pure: no Foundry, no globals. A species' formulas are {@link LinearFormula} data, parsed from
 * the stat block's text by {@link parseDerivedFormula} (no `eval`).
 */
import { hpTufBonus, type AbilityAllocation } from "./abilities";
import { MAX_RATED_VALUE } from "./skills";
import { ATTRIBUTE_KEYS, type ActorKind, type AttributeKey, type Checked, refused } from "./types";

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
  if (!Number.isInteger(value)) return refused("attributeNotWhole", { attribute: label, value });
  if (value < MIN_CORE_ATTRIBUTE) return refused("attributeNeverZero", { attribute: label, value });
  if (value > MAX_RATED_VALUE)
    return refused("attributeAboveMaximum", { attribute: label, max: MAX_RATED_VALUE });
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
    return refused("formulaUnreadable", { text });
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
      if (t === undefined) return refused("formulaEndsEarly", { text });
      const word = ATTRIBUTE_WORDS[t.toLowerCase()];
      if (/^\d/.test(t)) coefficient *= Number(t);
      else if (word !== undefined) {
        if (attr !== undefined) return refused("formulaTwoAttributes", { text });
        attr = word;
      } else return refused("formulaUnknownWord", { word: t, text });
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
    else return refused("formulaUnexpected", { token: op, text });
    i++;
    if (i >= tokens.length) return refused("formulaEndsWithOperator", { text });
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
  if (species.coreShift < 1) return refused("speciesNoShift", { species: species.name });
  if (shift.from === shift.to) return refused("shiftSameAttribute");
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
    return refused("speciesVariance", {
      species: species.name,
      limit,
      diff: diff > 0 ? `+${diff}` : String(diff),
    });
  }
  return { ok: true, value: diff };
}

/** A character (or animal) as the creation and advancement rules see it. */
