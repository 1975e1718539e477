/**
 * The Xero Sum character (Xero Sum Engine SRD 0.06, "RAPID Range Attributes", "Skills", "Secondary
 * Stats", Tables 2–5 and 16; "Lasting Wounds", Table 11). Pure: no Foundry, no globals.
 *
 * "Attributes start -2 (Lame) and go as high as +4 (Human Peak). Characters start at 0 (Average).
 * Attributes can go up to +5 (Animalistic) in the case of animals and machines." Skills: "The skill
 * level for these skills ranges from -3 (Inept) to +4 (Life's work)"; starred skills "start at -3
 * (Inept) instead of 0 (Untrained). As soon as a character has 1 level in that skill, they move from
 * -3 (Inept) to +1 (Beginner)." Table 3 defines no −2 or −1 (spec §8 #9): the legal values are
 * 0..4, and −3 or 1..4 for a starred skill.
 *
 * Table 5's two Defensive Modifier rows have swapped labels (spec §8 #5); the prose wins: "A
 * characters' Melee Defensive Modifier is their Physicality AMod, and their Ranged Defensive Modifier
 * is their Dexterity AMod." Secondary stats are computed from the attributes after Lasting Wounds,
 * plus each wound's direct penalty (spec §8 #43: the text does not say whether an attribute may fall
 * below −2; it is not held there).
 */
import { assertWhole } from "./check-guards";
import { perception } from "./check";
import {
  ATTRIBUTE_KEYS,
  SKILL_ATTRIBUTE,
  SKILL_KEYS,
  STARRED_SKILLS,
  type AttributeKey,
  type LastingWound,
  type SkillKey,
} from "./keys";
import { lastingWoundEffect } from "./tables";

/** A character's five AMods. */
export type Attributes = Record<AttributeKey, number>;
/** A character's 24 SMods. */
export type Skills = Record<SkillKey, number>;

/** A player character, or an NPC, animal or machine (the only ones that reach +5). */
export type ActorKind = "pc" | "npc";

/** Table 2's range by kind of actor. */
export const ATTRIBUTE_BOUNDS: Readonly<Record<ActorKind, { min: number; max: number }>> = {
  pc: { min: -2, max: 4 },
  npc: { min: -2, max: 5 },
};
/** "Characters start at 0 (Average)." */
export const STARTING_ATTRIBUTE = 0;

/** Table 3: the SMod of an untrained skill, and of an untrained starred skill. */
export const UNTRAINED_SKILL = 0;
export const INEPT_SKILL = -3;
/** "+4 (Life's Work)". */
export const MAX_SKILL = 4;
/** The SMods a skill may hold. */
export const SKILL_VALUES: readonly number[] = [0, 1, 2, 3, 4];
/** The SMods a starred skill may hold: −3 untrained, then +1 with the first level. */
export const STARRED_SKILL_VALUES: readonly number[] = [-3, 1, 2, 3, 4];

/** Table 2's labels, by AMod. */
export const ATTRIBUTE_LABELS: Readonly<Record<number, string>> = {
  [-2]: "lame",
  [-1]: "weak",
  0: "average",
  1: "good",
  2: "strong",
  3: "exceptional",
  4: "humanPeak",
  5: "animalistic",
};

/** Table 3's labels, by SMod. */
export const SKILL_LABELS: Readonly<Record<number, string>> = {
  [-3]: "inept",
  0: "untrained",
  1: "beginner",
  2: "journeyman",
  3: "professional",
  4: "lifesWork",
};

/** Table 4's labels, by CMod. */
export const CONDITIONAL_LABELS: Readonly<Record<number, string>> = {
  [-5]: "doomedToFailure",
  [-4]: "improbable",
  [-3]: "catastrophic",
  [-2]: "terrible",
  [-1]: "bad",
  0: "averageChance",
  1: "good",
  2: "better",
  3: "best",
  4: "amazing",
  5: "divineIntervention",
};

/** Table 2's label of an AMod, or null off the table. */
export const attributeLabel = (amod: number): string | null => ATTRIBUTE_LABELS[amod] ?? null;
/** Table 3's label of an SMod, or null (−2, −1 and anything off the table). */
export const skillLabel = (smod: number): string | null => SKILL_LABELS[smod] ?? null;
/** Table 4's label of a CMod, or null off the table. */
export const conditionalLabel = (cmod: number): string | null => CONDITIONAL_LABELS[cmod] ?? null;

/** Whether a skill is starred (Demolitions*, Mechanic*, Psychology*, Tactics*). */
export const isStarred = (skill: SkillKey): boolean => STARRED_SKILLS.includes(skill);

/** A skill's starting SMod: −3 starred, 0 otherwise. */
export const skillStart = (skill: SkillKey): number => (isStarred(skill) ? INEPT_SKILL : UNTRAINED_SKILL);

/** The SMods a skill may hold. */
export const legalSkillValues = (skill: SkillKey): readonly number[] =>
  isStarred(skill) ? STARRED_SKILL_VALUES : SKILL_VALUES;

/** Whether `value` is a legal SMod for `skill`. */
export const isLegalSkillValue = (skill: SkillKey, value: number): boolean =>
  legalSkillValues(skill).includes(value);

/** Whether `value` is a legal AMod for this kind of actor. */
export function isLegalAttribute(value: number, kind: ActorKind = "pc"): boolean {
  const { min, max } = ATTRIBUTE_BOUNDS[kind];
  return Number.isInteger(value) && value >= min && value <= max;
}

/** The levels bought in a skill (a starred skill at +1 holds one level, at −3 none). */
export function skillLevels(skill: SkillKey, value: number): number {
  if (!isLegalSkillValue(skill, value)) throw new RangeError(`Not a value of ${skill}: ${value}`);
  return isStarred(skill) ? (value === INEPT_SKILL ? 0 : value) : value;
}

/** The SMod after `levels` levels (0..4): starred "move from -3 (Inept) to +1 (Beginner)". */
export function skillFromLevels(skill: SkillKey, levels: number): number {
  if (!Number.isInteger(levels) || levels < 0 || levels > MAX_SKILL)
    throw new RangeError(`Skill levels are 0..${MAX_SKILL}: ${levels}`);
  return levels === 0 ? skillStart(skill) : levels;
}

/** One level up, or null at +4. */
export function raiseSkill(skill: SkillKey, value: number): number | null {
  const levels = skillLevels(skill, value);
  return levels >= MAX_SKILL ? null : skillFromLevels(skill, levels + 1);
}

/** One level down, or null when untrained. */
export function lowerSkill(skill: SkillKey, value: number): number | null {
  const levels = skillLevels(skill, value);
  return levels === 0 ? null : skillFromLevels(skill, levels - 1);
}

/** Every attribute at 0. */
export function startingAttributes(): Attributes {
  return Object.fromEntries(ATTRIBUTE_KEYS.map((k) => [k, STARTING_ATTRIBUTE])) as Attributes;
}

/** Every skill untrained: 0, starred −3. */
export function startingSkills(): Skills {
  return Object.fromEntries(SKILL_KEYS.map((k) => [k, skillStart(k)])) as Skills;
}

/** Barter's attribute: Acumen (Table 16) or Influence (the Skills chapter), spec §8 #6. */
export type BarterAttribute = "acu" | "inf";

/** A skill's linked attribute (Table 16), Barter's per `barterAttribute` (default "acu"). */
export function skillAttribute(
  skill: SkillKey,
  opts: { barterAttribute?: BarterAttribute } = {},
): AttributeKey {
  if (skill === "barter") return opts.barterAttribute ?? "acu";
  return SKILL_ATTRIBUTE[skill];
}

/** A problem with a sheet, as a stable key (the glue localises it) and the numbers a message needs. */
export interface SheetProblem {
  key: "attributeOutOfRange" | "skillValue" | "unknownKey";
  data: Record<string, number | string>;
}

/** The problems of a sheet's attributes and skills (missing entries read as their starting values). */
export function sheetProblems(
  sheet: { attributes?: Partial<Record<string, number>>; skills?: Partial<Record<string, number>> },
  kind: ActorKind = "pc",
): SheetProblem[] {
  const problems: SheetProblem[] = [];
  const { min, max } = ATTRIBUTE_BOUNDS[kind];
  for (const [key, value] of Object.entries(sheet.attributes ?? {})) {
    if (!(ATTRIBUTE_KEYS as readonly string[]).includes(key))
      problems.push({ key: "unknownKey", data: { kind: "attribute", key } });
    else if (value !== undefined && !isLegalAttribute(value, kind))
      problems.push({ key: "attributeOutOfRange", data: { key, value, min, max } });
  }
  for (const [key, value] of Object.entries(sheet.skills ?? {})) {
    if (!(SKILL_KEYS as readonly string[]).includes(key))
      problems.push({ key: "unknownKey", data: { kind: "skill", key } });
    else if (value !== undefined && !isLegalSkillValue(key as SkillKey, value))
      problems.push({ key: "skillValue", data: { key, value } });
  }
  return problems;
}

// ---- Lasting Wounds --------------------------------------------------------------------------

/** Everything a list of Lasting Wounds changes, summed (a wound taken twice counts twice). */
export interface LastingWoundTotals {
  /** Added to each attribute. */
  attributes: Attributes;
  /** Added to every check using each attribute (Lost Eye: Dexterity −1). */
  checks: Attributes;
  woundPoints: number;
  resiliencePoints: number;
  initiative: number;
  perception: number;
}

/** Table 11's effects of the wounds held, summed. */
export function lastingWoundTotals(wounds: readonly LastingWound[] = []): LastingWoundTotals {
  const zero = (): Attributes => startingAttributes();
  const out: LastingWoundTotals = {
    attributes: zero(),
    checks: zero(),
    woundPoints: 0,
    resiliencePoints: 0,
    initiative: 0,
    perception: 0,
  };
  for (const wound of wounds) {
    const e = lastingWoundEffect(wound);
    if (!e) throw new RangeError(`Not a Lasting Wound: ${String(wound)}`);
    if (e.attribute) out.attributes[e.attribute.key] += e.attribute.delta;
    if (e.checkPenalty) out.checks[e.checkPenalty.attribute] += e.checkPenalty.delta;
    out.woundPoints += e.woundPoints ?? 0;
    out.resiliencePoints += e.resiliencePoints ?? 0;
    out.initiative += e.initiative ?? 0;
    out.perception += e.perception ?? 0;
  }
  return out;
}

/** The attributes after Lasting Wounds ("-1 Reason", "-2 Dexterity", ...). */
export function effectiveAttributes(attrs: Attributes, wounds: readonly LastingWound[] = []): Attributes {
  const totals = lastingWoundTotals(wounds);
  return Object.fromEntries(
    ATTRIBUTE_KEYS.map((k) => {
      assertWhole(attrs[k], `The ${k} AMod`);
      return [k, attrs[k] + totals.attributes[k]];
    }),
  ) as Attributes;
}

/** The CMod every check using `attribute` carries from Lasting Wounds (Lost Eye: Dexterity −1). */
export const lastingWoundCheckPenalty = (wounds: readonly LastingWound[], attribute: AttributeKey): number =>
  lastingWoundTotals(wounds).checks[attribute];

// ---- Secondary stats -------------------------------------------------------------------------

/** "Characters start with 10 Wound Points + Physicality AMod + Dexterity AMod". */
export const STARTING_WOUND_POINTS = 10;
/** "Each character starts with 6 Resilience Points + Physicality AMod." */
export const STARTING_RESILIENCE_POINTS = 6;
/** "an Encumbrance value of 6 + Physicality AMod". */
export const STARTING_ENCUMBRANCE = 6;
/** "Morality starts at 3 for each character". */
export const STARTING_MORALITY = 3;
/** "Each character starts with 5 Breaking Point stress boxes." */
export const BREAKING_POINT_BOXES = 5;

/** Flat bonuses on the derived stats (items such as a backpack's +2 Encumbrance, or the GM's). */
export interface SecondaryStatBonuses {
  woundPoints?: number;
  resiliencePoints?: number;
  initiative?: number;
  perception?: number;
  encumbrance?: number;
}

/** Options of `secondaryStats`. */
export interface SecondaryStatsOptions {
  lastingWounds?: readonly LastingWound[];
  bonuses?: SecondaryStatBonuses;
}

/** Table 5. Wound and Resilience Points are the maxima. */
export interface SecondaryStats {
  woundPoints: number;
  resiliencePoints: number;
  meleeDefence: number;
  rangedDefence: number;
  /** The Initiative Modifier added to the 2d6 Initiative check. */
  initiative: number;
  encumbrance: number;
  perception: number;
  morality: number;
  /** "half of a character's Resilience Points, rounded down". */
  panicThreshold: number;
  /** Stress boxes. */
  breakingPoint: number;
}

/**
 * Table 5 from the attributes after Lasting Wounds, each wound's direct penalty and the bonuses.
 *
 * Example (all 0, Physicality +1): WP 11, RP 7, Melee DM 1, Ranged DM 0, Initiative 0, ENC 7,
 * Perception 0, Morality 3, Panic Threshold 3 (7 / 2 rounded down), Breaking Point 5.
 */
export function secondaryStats(attrs: Attributes, opts: SecondaryStatsOptions = {}): SecondaryStats {
  const a = effectiveAttributes(attrs, opts.lastingWounds);
  const w = lastingWoundTotals(opts.lastingWounds);
  const b = opts.bonuses ?? {};
  const bonus = (v: number | undefined, what: string) => {
    assertWhole(v ?? 0, what);
    return v ?? 0;
  };
  const resiliencePoints =
    STARTING_RESILIENCE_POINTS + a.phy + w.resiliencePoints + bonus(b.resiliencePoints, "A RP bonus");
  return {
    woundPoints: STARTING_WOUND_POINTS + a.phy + a.dex + w.woundPoints + bonus(b.woundPoints, "A WP bonus"),
    resiliencePoints,
    meleeDefence: a.phy,
    rangedDefence: a.dex,
    initiative: a.acu + a.dex + w.initiative + bonus(b.initiative, "An initiative bonus"),
    encumbrance: STARTING_ENCUMBRANCE + a.phy + bonus(b.encumbrance, "An encumbrance bonus"),
    perception: perception(a) + w.perception + bonus(b.perception, "A perception bonus"),
    morality: STARTING_MORALITY,
    panicThreshold: panicThreshold(resiliencePoints),
    breakingPoint: BREAKING_POINT_BOXES,
  };
}

/** "The Panic Threshold is half of a character's Resilience Points, rounded down" (never below 0). */
export function panicThreshold(maxResiliencePoints: number): number {
  assertWhole(maxResiliencePoints, "Resilience Points");
  return Math.max(0, Math.floor(maxResiliencePoints / 2));
}
