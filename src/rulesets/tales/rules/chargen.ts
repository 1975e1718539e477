/**
 * Character generation ("CHARACTER GENERATION": Step 1 Attributes 10 pts, Step 2 Skills 20 pts, Step 3
 * Traits 30 pts: a Templates, b Trait Benefits ("Tailored Trait Purchases"), c Advantages and
 * Disadvantages). Pure: no Foundry, no globals.
 *
 * The input is the plan of the four steps, not a finished sheet: what came from a template, what was
 * bought with trait points and what was allocated in steps 1 and 2 cannot be told apart on the sheet.
 * `buildCharacter` turns a plan into the traits; `chargenBudget` is its ledger; `validateCharacter`
 * lists its problems as stable keys.
 */
import { checkHeldTrait } from "./advantages";
import { applyTemplate, findTemplate, type TalesTemplate, type TemplateChoices } from "./templates";

/** A plan's template: its own data when it brings it, else the text's by key. */
const templateOfEntry = (entry: { key: string; template?: TalesTemplate }): TalesTemplate | undefined =>
  entry.template ?? findTemplate(entry.key);
import {
  ATTRIBUTE_KEYS,
  ATTRIBUTE_MIN,
  TRAIT_SCALE_MAX,
  isAttributeKey,
  isConnectionKey,
  isSkillKey,
  type AttributeKey,
  type CharacterTraits,
  type Checked,
  type ConnectionKey,
  type HeldTrait,
  type SkillKey,
} from "./traits";

/** "10 pts for Attributes, 20 pts for Skills, 30 pts for traits and templates." */
export const CHARGEN_BUDGETS = { attributes: 10, skills: 20, traits: 30 } as const;
/** "Starting characters must start with at least one point in each attribute and may allocate up to 5 points in each." */
export const STEP_ONE_ATTRIBUTE_MAX = 5;
/** "At this stage of character generation, a character may have no more than 3 levels in any one particular skill." */
export const STEP_TWO_SKILL_MAX = 3;
/** "3 Trait cost per Attribute point", "1 Trait cost per Skill point", "2 Trait cost per Background point". */
export const TRAIT_PURCHASE_COSTS = { attribute: 3, skill: 1, connection: 2 } as const;
/** "no more than 10 points worth of Advantages" bought; disadvantages "no more than 10 points" in all (#17). */
export const CHARGEN_ADVANTAGE_MAX = 10;
export const CHARGEN_DISADVANTAGE_MAX = 10;

/** The four steps' choices. */
export interface ChargenPlan {
  /** Step 1: the 10 points (each 1..5). */
  attributes: Partial<Record<AttributeKey, number>>;
  /** Step 2: the 20 points, one a level (ambiguity #54), each 0..3. */
  skills: Partial<Record<SkillKey, number>>;
  /**
   * Step 3a: templates in the order taken, with their choices; a Raconteur's own template (not among
   * the text's) comes with its data (`template`), a rules one by its key.
   */
  templates?: readonly { key: string; choices?: TemplateChoices; template?: TalesTemplate }[];
  /** Step 3b: attributes raised by one (3 TP; "Each attribute may only be increased once"). */
  raisedAttributes?: readonly AttributeKey[];
  /** Step 3b: skills raised by one or bought at 1 (1 TP; "No skill may be increased more than once"). */
  raisedSkills?: readonly SkillKey[];
  /** Step 3b: points added to connections (2 TP each). */
  connectionPoints?: Partial<Record<ConnectionKey, number>>;
  /** Step 3c: advantages bought (1 TP a point), besides the templates'. */
  advantages?: readonly HeldTrait[];
  /** Step 3c: disadvantages taken (1 TP bonus a point), besides the templates'. */
  disadvantages?: readonly HeldTrait[];
}

export interface ChargenOptions {
  /**
   * Setting `startingPointsMultiplier`: epic play's "twice as many starting points in their attributes
   * and abilities" (2). Multiplies the three budgets (rounded), not the caps.
   */
  startingPointsMultiplier?: number;
  /** Setting `traitCap` (6): the top of attributes, skills and connections at the end of chargen. */
  traitCap?: number;
}

function budgets(options: ChargenOptions): { attributes: number; skills: number; traits: number } {
  const m = options.startingPointsMultiplier ?? 1;
  if (!Number.isFinite(m) || m <= 0) throw new RangeError(`The starting points multiplier is > 0: ${m}`);
  return {
    attributes: Math.round(CHARGEN_BUDGETS.attributes * m),
    skills: Math.round(CHARGEN_BUDGETS.skills * m),
    traits: Math.round(CHARGEN_BUDGETS.traits * m),
  };
}

export interface ChargenBudget {
  attributes: { budget: number; spent: number; remaining: number };
  skills: { budget: number; spent: number; remaining: number };
  traits: {
    budget: number;
    templates: number;
    attributes: number;
    skills: number;
    connections: number;
    advantages: number;
    /** Bonus from the disadvantages taken besides the templates' (ambiguity #41: templates' give none). */
    disadvantageBonus: number;
    /** budget + bonus - purchases. */
    remaining: number;
  };
  /** Advantage points bought (the cap excludes the templates'). */
  advantagePoints: number;
  /** Disadvantage points held, the templates' included (the cap includes them). */
  disadvantagePoints: number;
}

const sum = (values: Iterable<number | undefined>): number => {
  let s = 0;
  for (const v of values) s += v ?? 0;
  return s;
};

/**
 * The template disadvantages a plan brings (with any extra Time Commitment), by applying its templates
 * to an empty character (invalid templates contribute nothing).
 */
function templateDisadvantagePoints(plan: ChargenPlan): number {
  let traits: CharacterTraits = { attributes: {}, skills: {} };
  for (const entry of plan.templates ?? []) {
    const t = templateOfEntry(entry);
    if (!t) continue;
    const r = applyTemplate(traits, t, entry.choices ?? {});
    if (r.ok) traits = r.value.traits;
  }
  return sum((traits.disadvantages ?? []).map((d) => d.level));
}

/** The ledger of the three budgets. */
export function chargenBudget(plan: ChargenPlan, options: ChargenOptions = {}): ChargenBudget {
  const b = budgets(options);
  const attributes = sum(Object.values(plan.attributes));
  const skills = sum(Object.values(plan.skills));
  const templates = sum((plan.templates ?? []).map((t) => templateOfEntry(t)?.cost ?? 0));
  const tAttributes = (plan.raisedAttributes ?? []).length * TRAIT_PURCHASE_COSTS.attribute;
  const tSkills = (plan.raisedSkills ?? []).length * TRAIT_PURCHASE_COSTS.skill;
  const tConnections = sum(Object.values(plan.connectionPoints ?? {})) * TRAIT_PURCHASE_COSTS.connection;
  const advantagePoints = sum((plan.advantages ?? []).map((a) => a.level));
  const disadvantageBonus = sum((plan.disadvantages ?? []).map((d) => d.level));
  const spent = templates + tAttributes + tSkills + tConnections + advantagePoints;
  return {
    attributes: { budget: b.attributes, spent: attributes, remaining: b.attributes - attributes },
    skills: { budget: b.skills, spent: skills, remaining: b.skills - skills },
    traits: {
      budget: b.traits,
      templates,
      attributes: tAttributes,
      skills: tSkills,
      connections: tConnections,
      advantages: advantagePoints,
      disadvantageBonus,
      remaining: b.traits + disadvantageBonus - spent,
    },
    advantagePoints,
    disadvantagePoints: disadvantageBonus + templateDisadvantagePoints(plan),
  };
}

/** A problem with a plan: a stable key (the glue localises it), how serious, the numbers a message needs. */
export interface ChargenProblem {
  key:
    | "unknownKey"
    | "attributeOutOfRange"
    | "attributePointsOverspent"
    | "attributePointsUnspent"
    | "skillOutOfRange"
    | "skillPointsOverspent"
    | "skillPointsUnspent"
    | "templateUnknown"
    | "templateInvalid"
    | "attributeRaisedTwice"
    | "attributeAboveCap"
    | "skillRaisedTwice"
    | "skillRaiseAtCap"
    | "connectionPointsInvalid"
    | "connectionAboveCap"
    | "traitInvalid"
    | "advantagePointsOverCap"
    | "disadvantagePointsOverCap"
    | "traitPointsOverspent"
    | "traitPointsUnspent"
    | "territorialWithoutTerritory";
  /** "warning": the text does not say all points must be spent (ambiguity #40). */
  severity: "error" | "warning";
  data?: Record<string, number | string>;
}

type Problems = ChargenProblem[];
const err = (key: ChargenProblem["key"], data?: ChargenProblem["data"]): ChargenProblem =>
  data ? { key, severity: "error", data } : { key, severity: "error" };

function checkSteps(plan: ChargenPlan, b: ChargenBudget, out: Problems): void {
  for (const k of Object.keys(plan.attributes))
    if (!isAttributeKey(k)) out.push(err("unknownKey", { key: k }));
  for (const k of ATTRIBUTE_KEYS) {
    const v = plan.attributes[k] ?? 0;
    if (!Number.isInteger(v) || v < ATTRIBUTE_MIN || v > STEP_ONE_ATTRIBUTE_MAX) {
      out.push(
        err("attributeOutOfRange", {
          attribute: k,
          value: v,
          min: ATTRIBUTE_MIN,
          max: STEP_ONE_ATTRIBUTE_MAX,
        }),
      );
    }
  }
  for (const [k, v] of Object.entries(plan.skills)) {
    if (!isSkillKey(k)) out.push(err("unknownKey", { key: k }));
    else if (!Number.isInteger(v) || (v ?? 0) < 0 || (v ?? 0) > STEP_TWO_SKILL_MAX) {
      out.push(err("skillOutOfRange", { skill: k, value: v ?? 0, max: STEP_TWO_SKILL_MAX }));
    }
  }
  for (const [step, ledger] of [
    ["attribute", b.attributes],
    ["skill", b.skills],
  ] as const) {
    const data = { spent: ledger.spent, budget: ledger.budget };
    if (ledger.remaining < 0) out.push(err(`${step}PointsOverspent`, data));
    if (ledger.remaining > 0) out.push({ key: `${step}PointsUnspent`, severity: "warning", data });
  }
}

/**
 * Applies the templates in order, then the trait purchases; reports what fails on the way. Returns the
 * traits after step 3 (without the checks of steps 1 and 2).
 */
function buildChecked(plan: ChargenPlan, options: ChargenOptions, out: Problems): CharacterTraits {
  const cap = options.traitCap ?? TRAIT_SCALE_MAX;
  let traits: CharacterTraits = {
    attributes: { ...plan.attributes },
    skills: { ...plan.skills },
    connections: {},
    advantages: [],
    disadvantages: [],
    templates: [],
  };
  for (const entry of plan.templates ?? []) {
    const t = templateOfEntry(entry);
    if (!t) {
      out.push(err("templateUnknown", { template: entry.key }));
      continue;
    }
    const r = applyTemplate(traits, t, entry.choices ?? {}, { traitCap: cap });
    if (!r.ok) out.push(err("templateInvalid", { template: entry.key, reason: r.reason, ...r.data }));
    else traits = r.value.traits;
  }
  const attributes = { ...traits.attributes };
  const raisedA = plan.raisedAttributes ?? [];
  raisedA.forEach((k, i) => {
    if (raisedA.indexOf(k) !== i) return out.push(err("attributeRaisedTwice", { attribute: k }));
    const v = (attributes[k] ?? 0) + 1;
    if (v > cap) out.push(err("attributeAboveCap", { attribute: k, value: v, max: cap }));
    attributes[k] = v;
  });
  const skills = { ...traits.skills };
  const raisedS = plan.raisedSkills ?? [];
  raisedS.forEach((k, i) => {
    if (raisedS.indexOf(k) !== i) return out.push(err("skillRaisedTwice", { skill: k }));
    const v = skills[k] ?? 0;
    if (v >= cap) out.push(err("skillRaiseAtCap", { skill: k, value: v, max: cap }));
    else skills[k] = v + 1;
  });
  const connections = { ...traits.connections };
  for (const [k, n] of Object.entries(plan.connectionPoints ?? {})) {
    if (!isConnectionKey(k) || !Number.isInteger(n) || (n ?? 0) < 0) {
      out.push(err("connectionPointsInvalid", { connection: k, points: n ?? 0 }));
      continue;
    }
    connections[k] = (connections[k] ?? 0) + (n ?? 0);
  }
  for (const [k, v] of Object.entries(connections)) {
    if ((v ?? 0) > cap) out.push(err("connectionAboveCap", { connection: k, value: v ?? 0, max: cap }));
  }
  return {
    ...traits,
    attributes,
    skills,
    connections,
    advantages: [...(traits.advantages ?? []), ...(plan.advantages ?? [])],
    disadvantages: [...(traits.disadvantages ?? []), ...(plan.disadvantages ?? [])],
  };
}

function checkTraits(plan: ChargenPlan, traits: CharacterTraits, b: ChargenBudget, out: Problems): void {
  for (const [kind, list] of [
    ["advantage", plan.advantages ?? []],
    ["disadvantage", plan.disadvantages ?? []],
  ] as const) {
    for (const h of list) {
      const r = checkHeldTrait(h, kind);
      if (!r.ok) out.push(err("traitInvalid", { kind, key: h.key, reason: r.reason }));
    }
  }
  if (b.advantagePoints > CHARGEN_ADVANTAGE_MAX) {
    out.push(err("advantagePointsOverCap", { points: b.advantagePoints, max: CHARGEN_ADVANTAGE_MAX }));
  }
  if (b.disadvantagePoints > CHARGEN_DISADVANTAGE_MAX) {
    out.push(
      err("disadvantagePointsOverCap", { points: b.disadvantagePoints, max: CHARGEN_DISADVANTAGE_MAX }),
    );
  }
  const territorial = (traits.disadvantages ?? []).some((d) => d.key === "territorial");
  if (territorial && (traits.connections?.territory ?? 0) < 1) out.push(err("territorialWithoutTerritory"));
  const t = b.traits;
  const data = { remaining: t.remaining, budget: t.budget, bonus: t.disadvantageBonus };
  if (t.remaining < 0) out.push(err("traitPointsOverspent", data));
  if (t.remaining > 0) out.push({ key: "traitPointsUnspent", severity: "warning", data });
}

/**
 * Everything wrong with a plan, errors and warnings (empty: a finished, legal character). Step 1: each
 * attribute 1..5, the 10 points; step 2: each skill 0..3, the 20 points; step 3: templates and their
 * choices, "Each attribute may only be increased once ... no attribute may ascend beyond a level of 6",
 * "No skill may be increased more than once ... and no skill may be increased if a template has
 * already increased it to a level of 6", backgrounds no higher than 6, the advantage cap (10 bought)
 * and the disadvantage cap (10 including the templates'), Territorial's need of Territory, and the 30
 * trait points plus the disadvantages' bonus.
 */
export function validateCharacter(plan: ChargenPlan, options: ChargenOptions = {}): ChargenProblem[] {
  const out: Problems = [];
  const b = chargenBudget(plan, options);
  checkSteps(plan, b, out);
  const traits = buildChecked(plan, options, out);
  checkTraits(plan, traits, b, out);
  return out;
}

/**
 * The character a plan makes (templates applied in order, then the trait purchases and the chosen
 * advantages and disadvantages). Fails with the first problem that stops it being built (an unknown
 * template, a bad choice, a purchase past a cap); budgets are `validateCharacter`'s.
 */
export function buildCharacter(
  plan: ChargenPlan,
  options: ChargenOptions = {},
): Checked<CharacterTraits, ChargenProblem["key"]> {
  const out: Problems = [];
  const traits = buildChecked(plan, options, out);
  const first = out[0];
  if (first) return { ok: false, reason: first.key, ...(first.data ? { data: first.data } : {}) };
  return { ok: true, value: traits };
}
