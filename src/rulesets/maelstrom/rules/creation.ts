/**
 * Character creation (rules "Character Creation": "Starting Attributes", "Starting Abilities",
 * "Starting Willpower", "Starting Specialties", "Starting Experience"; "Merits and Flaws"). Pure: no
 * Foundry, no globals.
 *
 * The validator reads a finished sheet: the starting allocation plus whatever the starting
 * experience bought. The allocation is fixed in size (attribute groups +6 and +4, abilities
 * 3,3,2,2,2,2,1,1,1,1,1,1, Willpower 3), so the cheapest purchases that explain a sheet are found
 * without search: every dot past the allocation is bought at the cost table's price.
 */
import { ALL_SENSES, findFlaw, findMerit, type HeldTrait } from "./merits";
import { ABILITY_KEYS, ATTRIBUTE_GROUP_KEYS, ATTRIBUTE_KEYS, MAX_TRAIT_DOTS } from "./traits";
import { STARTING_WILLPOWER, WILLPOWER_MAX } from "./willpower";
import {
  ADVANCED_SPECIALTY_COST,
  ATTRIBUTE_COST,
  GENERAL_SPECIALTY_COST,
  STARTING_XP,
  cumulativeCost,
} from "./xp";

/** "Your character automatically starts with one dot in each of the six attributes." */
export const STARTING_ATTRIBUTE_DOTS = 1;
/** "In your primary group, allocate 6 additional dots. In your secondary group, allocate 4." */
export const PRIMARY_GROUP_DOTS = 6;
export const SECONDARY_GROUP_DOTS = 4;
/** "2 abilities ... 3 dots", "another 4 abilities ... 2 dots", "another 6 abilities ... 1 dot". */
export const STARTING_ABILITY_DOTS: readonly number[] = [3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1];

/** A sheet to check. Missing traits count as the text's starting values (attributes 1, abilities 0). */
export interface CreationInput {
  attributes: Partial<Record<string, number>>;
  abilities: Partial<Record<string, number>>;
  /** The permanent Willpower rank. */
  willpower: number;
  specialties?: readonly { kind: "general" | "advanced" }[];
  merits?: readonly HeldTrait[];
  flaws?: readonly HeldTrait[];
  /** "30 points is reasonable for a normal game." */
  startingXp?: number;
}

/** A problem, as a stable key (the glue localises it) with the numbers a message needs. */
export interface CreationProblem {
  key:
    | "attributeOutOfRange"
    | "attributeGroups"
    | "abilityOutOfRange"
    | "abilityAllocation"
    | "willpowerOutOfRange"
    | "willpowerBelowStart"
    | "pointsNotAllowed"
    | "optionMissing"
    | "duplicateTrait"
    | "senseConflict"
    | "ineptWithoutDots"
    | "overBudget";
  data?: Record<string, number | string>;
}

/** Where the starting experience went. */
export interface CreationBudget {
  startingXp: number;
  merits: number;
  flaws: number;
  attributes: number;
  abilities: number;
  willpower: number;
  specialties: number;
  /** startingXp - merits + flaws - purchases: must not fall below 0. */
  remaining: number;
}

function dots(record: Partial<Record<string, number>>, key: string, fallback: number): number {
  return record[key] ?? fallback;
}

function sumOf(input: CreationInput, keys: readonly string[]): number {
  return keys.reduce((sum, k) => sum + dots(input.attributes, k, STARTING_ATTRIBUTE_DOTS), 0);
}

/**
 * The attribute groups against the allocation: one group (the primary) must reach 1 + 1 + 1 + 6 = 9
 * and the other 7, "in either order". Dots past that were bought (15 each).
 */
function attributeGroupsFit(input: CreationInput): boolean {
  const base = 3 * STARTING_ATTRIBUTE_DOTS;
  const physical = sumOf(input, ATTRIBUTE_GROUP_KEYS.physical);
  const mental = sumOf(input, ATTRIBUTE_GROUP_KEYS.mental);
  const fits = (primary: number, secondary: number): boolean =>
    primary >= base + PRIMARY_GROUP_DOTS && secondary >= base + SECONDARY_GROUP_DOTS;
  return fits(physical, mental) || fits(mental, physical);
}

/** How many abilities reach each starting rank, against how many the allocation needs. */
function abilityCounts(input: CreationInput): { rank: number; have: number; need: number }[] {
  const values = ABILITY_KEYS.map((k) => dots(input.abilities, k, 0));
  return [3, 2, 1].map((rank) => ({
    rank,
    have: values.filter((v) => v >= rank).length,
    need: STARTING_ABILITY_DOTS.filter((d) => d >= rank).length,
  }));
}

/**
 * The starting experience's ledger for a sheet: merits cost and flaws award their points; attribute
 * dots past the allocation cost 15 each; ability dots past the 3,3,2,2,2,2,1x6 allocation cost their
 * new rank x 2 (the allocation's shape is fixed, so which abilities carry it changes nothing); Willpower
 * past 3 costs its new rank; specialties 2 (general) or 3 (advanced).
 */
export function creationBudget(input: CreationInput): CreationBudget {
  const startingXp = input.startingXp ?? STARTING_XP;
  const merits = (input.merits ?? []).reduce((s, m) => s + (m.points ?? findMerit(m.key)?.points ?? 0), 0);
  const flaws = (input.flaws ?? []).reduce((s, f) => s + (f.points ?? findFlaw(f.key)?.points ?? 0), 0);
  const attributeDots = sumOf(input, ATTRIBUTE_KEYS);
  const allocated =
    ATTRIBUTE_KEYS.length * STARTING_ATTRIBUTE_DOTS + PRIMARY_GROUP_DOTS + SECONDARY_GROUP_DOTS;
  const attributes = Math.max(0, attributeDots - allocated) * ATTRIBUTE_COST;
  const raised = (from: number, to: number): number => (to > from ? cumulativeCost("ability", from, to) : 0);
  const allocation = STARTING_ABILITY_DOTS.reduce((s, d) => s + raised(0, d), 0);
  const abilityTotal = ABILITY_KEYS.reduce(
    (s, k) => s + raised(0, Math.min(MAX_TRAIT_DOTS, dots(input.abilities, k, 0))),
    0,
  );
  const abilities = Math.max(0, abilityTotal - allocation);
  const wp = Math.min(WILLPOWER_MAX, input.willpower);
  const willpower = wp > STARTING_WILLPOWER ? cumulativeCost("willpower", STARTING_WILLPOWER, wp) : 0;
  const specialties = (input.specialties ?? []).reduce(
    (s, sp) => s + (sp.kind === "advanced" ? ADVANCED_SPECIALTY_COST : GENERAL_SPECIALTY_COST),
    0,
  );
  const remaining = startingXp - merits + flaws - attributes - abilities - willpower - specialties;
  return { startingXp, merits, flaws, attributes, abilities, willpower, specialties, remaining };
}

function checkTraits(input: CreationInput, problems: CreationProblem[]): void {
  for (const k of ATTRIBUTE_KEYS) {
    const v = dots(input.attributes, k, STARTING_ATTRIBUTE_DOTS);
    if (!Number.isInteger(v) || v < STARTING_ATTRIBUTE_DOTS || v > MAX_TRAIT_DOTS) {
      problems.push({
        key: "attributeOutOfRange",
        data: { attribute: k, value: v, min: 1, max: MAX_TRAIT_DOTS },
      });
    }
  }
  if (!attributeGroupsFit(input)) {
    problems.push({
      key: "attributeGroups",
      data: {
        physical: sumOf(input, ATTRIBUTE_GROUP_KEYS.physical),
        mental: sumOf(input, ATTRIBUTE_GROUP_KEYS.mental),
        primary: 3 + PRIMARY_GROUP_DOTS,
        secondary: 3 + SECONDARY_GROUP_DOTS,
      },
    });
  }
  for (const k of ABILITY_KEYS) {
    const v = dots(input.abilities, k, 0);
    if (!Number.isInteger(v) || v < 0 || v > MAX_TRAIT_DOTS) {
      problems.push({ key: "abilityOutOfRange", data: { ability: k, value: v, max: MAX_TRAIT_DOTS } });
    }
  }
  for (const { rank, have, need } of abilityCounts(input)) {
    if (have < need) problems.push({ key: "abilityAllocation", data: { rank, have, need } });
  }
  if (!Number.isInteger(input.willpower) || input.willpower < 1 || input.willpower > WILLPOWER_MAX) {
    problems.push({ key: "willpowerOutOfRange", data: { value: input.willpower, max: WILLPOWER_MAX } });
  } else if (input.willpower < STARTING_WILLPOWER) {
    problems.push({
      key: "willpowerBelowStart",
      data: { value: input.willpower, start: STARTING_WILLPOWER },
    });
  }
}

function checkMeritsAndFlaws(input: CreationInput, problems: CreationProblem[]): void {
  const seen = new Set<string>();
  const lists = [
    ["merit", input.merits ?? [], findMerit],
    ["flaw", input.flaws ?? [], findFlaw],
  ] as const;
  for (const [kind, held, find] of lists) {
    for (const h of held) {
      const definition = find(h.key);
      if (!definition) continue;
      const option = definition.option === "ability" ? (h.ability ?? "") : (h.option ?? "");
      if (definition.option !== "none" && option === "") {
        problems.push({ key: "optionMissing", data: { kind, trait: h.key } });
      }
      if (h.points !== undefined && !definition.pointOptions.includes(h.points)) {
        problems.push({ key: "pointsNotAllowed", data: { kind, trait: h.key, points: h.points } });
      } else if (
        definition.key === "acuteSense" &&
        h.points !== undefined &&
        h.points !== (option === ALL_SENSES ? 5 : 2)
      ) {
        problems.push({ key: "pointsNotAllowed", data: { kind, trait: h.key, points: h.points } });
      }
      const id = `${kind}:${h.key}:${option}`;
      if (seen.has(id)) problems.push({ key: "duplicateTrait", data: { kind, trait: h.key, option } });
      seen.add(id);
      if (definition.key === "inept" && h.ability && dots(input.abilities, h.ability, 0) < 1) {
        problems.push({ key: "ineptWithoutDots", data: { ability: h.ability } });
      }
    }
  }
  const acute = (input.merits ?? []).filter((m) => m.key === "acuteSense").map((m) => m.option ?? "");
  for (const f of input.flaws ?? []) {
    if (f.key !== "defectiveSense" || !f.option) continue;
    if (acute.includes(f.option) || acute.includes(ALL_SENSES)) {
      problems.push({ key: "senseConflict", data: { sense: f.option } });
    }
  }
}

/**
 * Checks a new character against the creation rules and returns the problems (empty: valid):
 * - every attribute at least 1 (at most 5), the groups reaching 9 and 7 "in either order" (primary
 *   +6, secondary +4; "Your character automatically starts with one dot in each of the six attributes");
 * - twelve different abilities covering 3,3,2,2,2,2,1,1,1,1,1,1 ("You may not combine these dots; you
 *   must select twelve different abilities"): at least 2 at 3+, 6 at 2+, 12 at 1+;
 * - Willpower at least 3 ("All characters start with 3 dots in Willpower");
 * - merits and flaws: allowed points, a chosen sense/ability/subject, no duplicates; Inept on an
 *   ability with a dot ("Choose an ability in which your character has at least one dot"); "you
 *   cannot take [Defective Sense] if you have the Acute Sense merit in the same sense";
 * - starting experience minus merits plus flaws minus purchases not below 0 (see {@link creationBudget}).
 */
export function validateCreation(input: CreationInput): CreationProblem[] {
  const problems: CreationProblem[] = [];
  checkTraits(input, problems);
  checkMeritsAndFlaws(input, problems);
  const budget = creationBudget(input);
  if (budget.remaining < 0) problems.push({ key: "overBudget", data: { remaining: budget.remaining } });
  return problems;
}
