/**
 * Character creation and advancement ('Verses Core 0.8.5: "Creating Your Character", "Character
 * Advancement", "Measuring Character Advancement", the creation prompts and traits): refinement and
 * core dice, advancement records and notation, and the creation tables. Pure: no Foundry, no
 * globals. The attributes, species and derived values are in `character.ts`.
 */
import { abilityDice, canTakeIntrinsic, findAbility, type AbilityAllocation } from "./abilities";
import {
  applySpeciesShift,
  derivedAttributes,
  validateCoreAttribute,
  type AttributeShift,
  type CoreAttributes,
  type SpeciesDefinition,
} from "./character";
import { canAllocateSkill, type SkillAllocationOptions } from "./skill-allocation";
import {
  formatSkillRef,
  MAX_RATED_VALUE,
  normalizeKey,
  sameSkill,
  type SkillActor,
  type SkillAllocation,
  type SkillCatalog,
  type SkillRefInput,
} from "./skills";
import { type AttributeKey, type Checked, type Face, refused } from "./types";
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
    if (!def) return refused("unknownAbility", { ability: target.ability });
    const intrinsic = canTakeIntrinsic(def, build.species.kind);
    if (!intrinsic.ok) return intrinsic;
    const current = build.abilities.find(
      (a) => !a.extrinsic && normalizeKey(a.key) === normalizeKey(def.key),
    );
    const dice = current?.dice ?? 0;
    if (dice >= MAX_RATED_VALUE) return refused("atMaximumRating", { name: def.name, max: MAX_RATED_VALUE });
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
    if (left.core < 1) return refused("noCoreDieLeft");
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
  if (left.refinement < 1) return refused("noRefinementDieLeft");
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
  if (parts.length !== 2) return refused("advancementNotation", { text });
  const core = parseRange(parts[0] ?? "", options);
  const refinement = parseRange(parts[1] ?? "", options);
  if (!core || !refinement) return refused("advancementRanges", { text });
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
    return refused(
      "coreOutsideRange",
      { dice: measure.core, range: formatRange(rec.value.core) },
      measure.core,
    );
  }
  if (!inside(measure.refinement, rec.value.refinement)) {
    return refused(
      "refinementOutsideRange",
      { dice: measure.refinement, range: formatRange(rec.value.refinement) },
      measure.refinement,
    );
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
      return refused(
        "speciesNameLanguage",
        { species: species.name, dice: species.languageDice },
        species.languageDice,
      );
    skills.push({ skill: LANGUAGE_SKILL, spec: language, dice: species.languageDice, fromSpecies: true });
  } else if (choices.language) {
    return refused("speciesNoLanguage", { species: species.name });
  }
  const chosen = choices.intrinsicAbilities ?? [];
  const wanted = species.intrinsicAbilityChoices.count;
  if (chosen.length !== wanted) {
    return refused("speciesIntrinsicCount", { species: species.name, wanted, chosen: chosen.length }, wanted);
  }
  for (const name of chosen) {
    const def = findAbility(name);
    if (!def) return refused("unknownAbility", { ability: name });
    const intrinsic = canTakeIntrinsic(def, species.kind);
    if (!intrinsic.ok) return intrinsic;
    if (abilityDice(abilities, def.key) > 0) return refused("abilityChosenTwice", { ability: def.name });
    abilities.push({ key: def.key, dice: species.intrinsicAbilityChoices.dicePerAbility });
  }
  const free = choices.freeDice ?? [];
  if (free.length !== species.freeRefinementDice) {
    return refused(
      "speciesFreeDice",
      { species: species.name, dice: species.freeRefinementDice, given: free.length },
      species.freeRefinementDice,
    );
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
