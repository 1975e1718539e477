/**
 * Health and healing (rules "Health and Healing": "Health Level Injury", "Preventing Damage",
 * "Accumulating Damage", "Stabilisation", "Healing Damage", "Health Levels", "Medical Treatment"; the
 * Recovery phase; advantages Resilient and Poison Resistance, disadvantages Frail and Susceptible).
 * Pure: no Foundry, no globals.
 *
 * A character's health is a wound level plus a separate stunned flag: stunned "is not so much a health
 * level, but a temporary state of shock" and "is cumulative with any effects from other health level
 * states".
 */
import { woundOfSeverity, woundSeverity, type DamageWound } from "./damage";
import { woundRank, type WoundLevel } from "./traits";

/** A character's health: the wound level and whether they are stunned this turn. */
export interface HealthStatus {
  level: WoundLevel;
  stunned: boolean;
}

/** Uninjured and not stunned. */
export const HEALTHY_STATUS: HealthStatus = { level: "healthy", stunned: false };

// ---------------------------------------------------------------- absorption

/**
 * "Such damage is rated from 1 to 5 based on how many hit points it will take to absorb the worst of the
 * effects": "1 pt Stun, 2 pts Light, 3 pts Medium, 4 pts Critical, 5 pts Unconscious"; "The most
 * powerful DEATH level wounds cannot be prevented" (`null`).
 */
export const ABSORPTION_RATING: Readonly<Record<DamageWound, number | null>> = {
  stun: 1,
  light: 2,
  medium: 3,
  critical: 4,
  ko: 5,
  dead: null,
};

/** The `resilientMode` setting: how Resilient's "one point less" counts (spec ambiguity #11). */
export type ResilientMode = "perAbsorption" | "perLevel";

/** Which pool pays: Hit Points (physical injury) or Essence (emotional and psychic effects). */
export type AbsorptionPool = "hitPoints" | "essence";

/** The traits that change what absorbing costs. */
export interface AbsorptionTraits {
  /** Resilient for this pool ("Chose either Hit Points or Essence (10 pts for both)"). */
  resilient?: boolean;
  /** Frail: Hit Point soaking costs one more. */
  frail?: boolean;
  /** Susceptible: Essence soaking costs one more. */
  susceptible?: boolean;
  /** Poison Resistance: soaking poison with Essence costs one less. */
  poisonResistance?: boolean;
}

/**
 * What absorbing `levels` levels of one incoming effect costs ("each hit point expended will prevent one
 * potential level of incoming injuries"), from `pool`:
 * - Resilient: "using these points to absorbing the effects of incoming damage costs one point less than
 *   normal". `resilientMode` "perAbsorption" (default): one point off each absorption, down to 0;
 *   "perLevel": one point off the wound level's price, which never falls below one point (so a Stun
 *   still costs 1);
 * - Frail (Hit Points): "they must spend an additional hit point to do so (the first point spent each
 *   time is absorbed by this disadvantage)";
 * - Susceptible (Essence): the same for essence soaking; the text says "an additional hit point", read as
 *   an Essence point (spec ambiguity #14);
 * - Poison Resistance (Essence, `poison`): "such effects cost one less essence point to soak".
 * Absorbing nothing costs nothing. RangeError on negative or fractional levels.
 */
export function absorptionCost({
  levels,
  pool,
  traits = {},
  poison = false,
  resilientMode = "perAbsorption",
}: {
  levels: number;
  pool: AbsorptionPool;
  traits?: AbsorptionTraits;
  poison?: boolean;
  resilientMode?: ResilientMode;
}): number {
  if (!Number.isInteger(levels) || levels < 0) throw new RangeError(`Levels are an integer >= 0: ${levels}`);
  if (pool !== "hitPoints" && pool !== "essence") throw new RangeError(`Not a pool: ${String(pool)}`);
  if (levels === 0) return 0;
  let cost = levels;
  if (pool === "hitPoints" && traits.frail) cost += 1;
  if (pool === "essence" && traits.susceptible) cost += 1;
  if (pool === "essence" && poison && traits.poisonResistance) cost -= 1;
  if (traits.resilient) {
    if (resilientMode === "perAbsorption") cost -= 1;
    else if (resilientMode === "perLevel") cost = Math.max(1, cost - 1);
    else throw new RangeError(`Not a resilient mode: ${String(resilientMode)}`);
  }
  return Math.max(0, cost);
}

/** What absorbing did. */
export interface Absorption {
  /** The wound left after absorbing (`null`: fully prevented). */
  wound: DamageWound | null;
  /** The levels prevented. */
  levels: number;
  /** The points it cost. */
  cost: number;
}

/**
 * Absorbs `levels` levels of an incoming wound: "a single hit point may be expended to prevent an effect
 * that would normally stun its victim. Otherwise that single point could be used to reduce a potential
 * wound from light to stun, from medium to light"; "dropping a Medium wound to a Stun, or a Critical
 * wound to a Light". Levels beyond the wound's rating are not spent. Dead "cannot be prevented": the
 * wound stays and nothing is spent.
 */
export function absorbWound({
  wound,
  levels,
  pool = "hitPoints",
  traits,
  poison,
  resilientMode,
}: {
  wound: DamageWound | null;
  levels: number;
  pool?: AbsorptionPool;
  traits?: AbsorptionTraits;
  poison?: boolean;
  resilientMode?: ResilientMode;
}): Absorption {
  if (!Number.isInteger(levels) || levels < 0) throw new RangeError(`Levels are an integer >= 0: ${levels}`);
  if (wound === null) return { wound: null, levels: 0, cost: 0 };
  const rating = ABSORPTION_RATING[wound];
  if (rating === undefined) throw new RangeError(`Not a wound: ${String(wound)}`);
  if (rating === null) return { wound, levels: 0, cost: 0 };
  const used = Math.min(levels, rating);
  return {
    wound: woundOfSeverity(woundSeverity(wound) - used),
    levels: used,
    cost: absorptionCost({ levels: used, pool, traits, poison, resilientMode }),
  };
}

/**
 * The most levels a pool of `points` can absorb of one wound (the inverse of {@link absorptionCost}).
 */
export function affordableLevels({
  wound,
  points,
  pool = "hitPoints",
  traits,
  poison,
  resilientMode,
}: {
  wound: DamageWound | null;
  points: number;
  pool?: AbsorptionPool;
  traits?: AbsorptionTraits;
  poison?: boolean;
  resilientMode?: ResilientMode;
}): number {
  if (!Number.isInteger(points) || points < 0) throw new RangeError(`Points are an integer >= 0: ${points}`);
  if (wound === null) return 0;
  const rating = ABSORPTION_RATING[wound] ?? 0;
  let best = 0;
  for (let n = 1; n <= rating; n++) {
    if (absorptionCost({ levels: n, pool, traits, poison, resilientMode }) <= points) best = n;
  }
  return best;
}

// ---------------------------------------------------------------- accumulation

/** The `damageMode` setting: high fantasy (a single attack stops at K/O) or low fantasy (italic Dead). */
export type DamageMode = "high" | "low";

/**
 * The accumulation table as printed, current level (row: Stun, Light, Medium, Critical, K/O) by incoming
 * wound (column: Stun, Light, Medium, Critical, K/O); the italic "(Dead)" cells hold `["ko", "dead"]`
 * (high fantasy, low fantasy).
 */
export const ACCUMULATION_TABLE: readonly (readonly (
  WoundLevel | "stun" | readonly [WoundLevel, WoundLevel]
)[])[] = [
  ["stun", "medium", "critical", "ko", ["ko", "dead"]],
  ["medium", "critical", "ko", ["ko", "dead"], ["ko", "dead"]],
  ["critical", "ko", ["ko", "dead"], ["ko", "dead"], ["ko", "dead"]],
  ["ko", ["ko", "dead"], ["ko", "dead"], ["ko", "dead"], ["ko", "dead"]],
  ["dead", "dead", "dead", "dead", "dead"],
];

const LEVEL_OF_SEVERITY: readonly WoundLevel[] = ["healthy", "light", "medium", "critical", "ko", "dead"];

/**
 * Applies one incoming wound (after absorption) to a character's health ("Accumulating Damage"):
 * - none: no change;
 * - Dead: dead ("Victim is instantly killed");
 * - uninjured: the wound itself; a Stun sets the stunned flag;
 * - stunned and otherwise uninjured (the table's "Stun" row): a further Stun is "No Change", a Light
 *   makes Medium, a Medium Critical, a Critical K/O (the table, over the text's "upgraded to the higher
 *   wound level": spec ambiguity #24), a K/O K/O (high fantasy) or Dead (low);
 * - wounded: one level worse per level of the incoming wound ("If a Lightly Wounded victim suffers even a
 *   level of Stun damage, they will immediately drop to the Medium Wound category"), past K/O: "In such
 *   tales of high fantasy ... an active victim will only ever be reduced to K/O from the results of a
 *   single attack"; low fantasy uses "the additional Dead indicators";
 * - K/O: "If a character in such a state should take any more damage at all, they will be killed" (both
 *   modes).
 * A stun folded into a worse level leaves the stunned flag as it was. Dead stays dead.
 */
export function accumulateWound(
  current: HealthStatus,
  incoming: DamageWound | null,
  { damageMode }: { damageMode: DamageMode },
): HealthStatus {
  if (damageMode !== "high" && damageMode !== "low")
    throw new RangeError(`Not a damage mode: ${String(damageMode)}`);
  const rank = woundRank(current.level);
  if (incoming === null || current.level === "dead") return { ...current };
  const severity = woundSeverity(incoming);
  if (incoming === "dead") return { level: "dead", stunned: current.stunned };
  if (current.level === "ko") return { level: "dead", stunned: current.stunned };
  // "Stun" row: uninjured but stunned; "current" counts the stun as one level.
  const base = rank === 0 ? (current.stunned ? 1 : 0) : rank + 1;
  if (base === 0) {
    if (incoming === "stun") return { level: "healthy", stunned: true };
    return { level: LEVEL_OF_SEVERITY[severity - 1] as WoundLevel, stunned: current.stunned };
  }
  if (base === 1 && incoming === "stun") return { ...current };
  // Severities: Stun 1, Light 2, Medium 3, Critical 4, K/O 5, Dead 6; levels sit one lower.
  const sum = base + severity;
  const level: WoundLevel =
    sum >= 6 ? (damageMode === "low" ? "dead" : "ko") : (LEVEL_OF_SEVERITY[sum - 1] as WoundLevel);
  return { level, stunned: current.stunned };
}

/** Applies several wounds one after another (multi-wave effects: "A victim ... may survive one, only to be obliterated by the next"). */
export function accumulateWounds(
  current: HealthStatus,
  incoming: readonly (DamageWound | null)[],
  options: { damageMode: DamageMode },
): HealthStatus {
  return incoming.reduce((status, wound) => accumulateWound(status, wound, options), current);
}

/**
 * The Recovery phase: "At the end of any round, all characters who have been reduced to the Stunned
 * level of health, instantly recover to a healthy status. Those who have suffered worse injuries do not
 * recover these levels so quickly."
 */
export function recoverStun(status: HealthStatus): HealthStatus {
  return { level: status.level, stunned: false };
}

// ---------------------------------------------------------------- stabilisation

/**
 * "stabilized through a successful mental + medical check (difficulty depends on the severity of the
 * wound in question: 5 for Light, 7 for Medium, 9 for Critical, 11 for K/O)" (static).
 */
export const STABILISATION_DIFFICULTY: Readonly<Record<"light" | "medium" | "critical" | "ko", number>> = {
  light: 5,
  medium: 7,
  critical: 9,
  ko: 11,
};

/** The Mental + Medicine difficulty to stabilise a wound level; RangeError for healthy or dead. */
export function stabilisationDifficulty(level: WoundLevel): number {
  if (level === "healthy" || level === "dead") throw new RangeError(`Nothing to stabilise at ${level}`);
  const d = STABILISATION_DIFFICULTY[level];
  if (d === undefined) throw new RangeError(`Not a wound level: ${String(level)}`);
  return d;
}

/**
 * Whether a level is unstable by itself: "Most victims of damage are considered in an unstable condition
 * once they have reached the K/O or Unconscious state of health" (other unstable wounds come from
 * special attacks, marked by the caller).
 */
export function isUnstableLevel(level: WoundLevel): boolean {
  return level === "ko";
}

/**
 * The upkeep each round while unstable: "They must spend a point of Essence to remain conscious while in
 * this state (unless they are already unconscious), and must spend a hit point to avoid suffering a
 * stun. These expenditures must be made every round until they have been stabilized".
 */
export function unstableUpkeep({ conscious }: { conscious: boolean }): {
  essence: number;
  hitPoints: number;
} {
  return { essence: conscious ? 1 : 0, hitPoints: 1 };
}

/**
 * An unconscious, unstable victim's one roll: "a spiritual check with a dynamic difficulty of 6" (the
 * Spiritual attribute alone, spec ambiguity #45).
 */
export const HOLD_ON_DIFFICULTY = 6;

/**
 * A failed hold-on roll: "they pass into a coma which will last for a minimum of 7 days (-1 per point in
 * the Spiritual attribute)" (never below 0).
 */
export function comaDays(spiritual: number): number {
  if (!Number.isInteger(spiritual) || spiritual < 0)
    throw new RangeError(`Spiritual is an integer >= 0: ${spiritual}`);
  return Math.max(0, 7 - spiritual);
}

// ---------------------------------------------------------------- natural healing

/** A healing cycle's length. */
export type HealingCycle = "hour" | "day" | "week" | "month";

/** The healing roll of each level: how often, the difficulty, the level it reaches. */
export const NATURAL_HEALING: Readonly<
  Record<
    "light" | "medium" | "critical" | "ko",
    { cycle: HealingCycle; difficulty: number; healsTo: WoundLevel }
  >
> = {
  /** "once per day ... 5 or higher the health level improves to a healthy state" */
  light: { cycle: "day", difficulty: 5, healsTo: "healthy" },
  /** "once per week ... on a result of 9 or higher the wound is healed" (to Light) */
  medium: { cycle: "week", difficulty: 9, healsTo: "light" },
  /** "If critically wounded or unconscious ... once per month ... a difficulty of 13" */
  critical: { cycle: "month", difficulty: 13, healsTo: "medium" },
  ko: { cycle: "month", difficulty: 13, healsTo: "critical" },
};

/**
 * The age modifier to healing difficulties: up to 12 "two points less", 13 to 21 "reduced by one",
 * 22 to 40 none, 41 to 60 "increased by one", 61 to 80 "increased by two", 81+ increased by the
 * `elderlyHealingPenalty` setting (the text gives no number: spec ambiguity #25, default 3).
 */
export function ageHealingModifier(
  age: number,
  { elderlyHealingPenalty }: { elderlyHealingPenalty: number },
): number {
  if (!Number.isFinite(age) || age < 0) throw new RangeError(`An age is >= 0: ${age}`);
  if (age <= 12) return -2;
  if (age <= 21) return -1;
  if (age <= 40) return 0;
  if (age <= 60) return 1;
  if (age <= 80) return 2;
  return elderlyHealingPenalty;
}

/** The healing difficulty of a level at an age (no age: an adult in their prime). */
export function healingDifficulty(
  level: WoundLevel,
  { age, elderlyHealingPenalty = 3 }: { age?: number; elderlyHealingPenalty?: number } = {},
): number {
  if (level === "healthy" || level === "dead") throw new RangeError(`Nothing to heal at ${level}`);
  const entry = NATURAL_HEALING[level];
  if (!entry) throw new RangeError(`Not a wound level: ${String(level)}`);
  return entry.difficulty + (age === undefined ? 0 : ageHealingModifier(age, { elderlyHealingPenalty }));
}

/** Why a healing roll may not be made. */
export type HealingProblem = "notWounded" | "notFullHitPoints" | "badSacrifice" | "secondDieWithoutMedic";

/** A healing roll's outcome. */
export interface HealingResult {
  success: boolean;
  /** The level after the roll. */
  level: WoundLevel;
  /** The die used (the better of two with a medic's help). */
  face: number;
  /** Die + Hit Points sacrificed. */
  total: number;
  difficulty: number;
  /** Hit Points lost ("the Hit points are sacrificed" either way). */
  hitPointsSpent: number;
  /** 1 when an Essence point bought the success on a 6. */
  essenceSpent: number;
  /** A 6 on a failing roll with every Hit Point sacrificed: an Essence point may buy a marginal success. */
  canSpendEssence: boolean;
  /** A natural 1: the roll fails (a static test). */
  automaticFailure: boolean;
}

/**
 * A natural healing roll ("Health Levels"): allowed "as long as they are on full Hit Points"; "declare a
 * number of hit points that they are willing to sacrifice, then roll a die. As long as the combined value
 * of the die and the sacrificed hit points is" the difficulty or more, the level improves one step; "If
 * the combined result is lower, then the Hit points are sacrificed, but the health level remains". "If
 * they have full hit points, they must expend all of these points and may then spend an essence point
 * after rolling a "6" to gain a marginal success on the roll." With a medic's successful test "the
 * wounded citizen may roll two dice for their healing test and choose the better result". A natural 1
 * fails, as on any static test (the text is silent here). How often one may roll (per day, week or
 * month, {@link NATURAL_HEALING}) is the caller's to track.
 */
export function healingRoll({
  level,
  hitPoints,
  maxHitPoints,
  sacrifice,
  faces,
  medicSucceeded = false,
  spendEssence = false,
  age,
  elderlyHealingPenalty = 3,
}: {
  level: WoundLevel;
  hitPoints: number;
  maxHitPoints: number;
  sacrifice: number;
  faces: readonly number[];
  medicSucceeded?: boolean;
  spendEssence?: boolean;
  age?: number;
  elderlyHealingPenalty?: number;
}): { ok: true; value: HealingResult } | { ok: false; reason: HealingProblem } {
  for (const n of [hitPoints, maxHitPoints, sacrifice]) {
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`Hit points are integers >= 0: ${n}`);
  }
  if (faces.length < 1 || faces.length > 2)
    throw new RangeError(`A healing roll uses 1 or 2 dice: ${faces.length}`);
  for (const f of faces) {
    if (!Number.isInteger(f) || f < 1 || f > 6) throw new RangeError(`A die face is 1..6: ${f}`);
  }
  if (level === "healthy" || level === "dead") return { ok: false, reason: "notWounded" };
  if (hitPoints < maxHitPoints) return { ok: false, reason: "notFullHitPoints" };
  if (sacrifice > hitPoints) return { ok: false, reason: "badSacrifice" };
  if (faces.length === 2 && !medicSucceeded) return { ok: false, reason: "secondDieWithoutMedic" };
  const difficulty = healingDifficulty(level, { age, elderlyHealingPenalty });
  const face = Math.max(...faces);
  const total = face + sacrifice;
  const automaticFailure = face === 1;
  const met = !automaticFailure && total >= difficulty;
  const canSpendEssence = !met && face === 6 && sacrifice === hitPoints;
  const success = met || (canSpendEssence && spendEssence);
  const healsTo = NATURAL_HEALING[level].healsTo;
  return {
    ok: true,
    value: {
      success,
      level: success ? healsTo : level,
      face,
      total,
      difficulty,
      hitPointsSpent: sacrifice,
      essenceSpent: !met && success ? 1 : 0,
      canSpendEssence,
      automaticFailure,
    },
  };
}

// ---------------------------------------------------------------- medical treatment

/**
 * The medic's test each healing cycle: "The difficulty of this test is equal to the stabilization roll (5
 * for light wounds, 9 for medium wounds and 13 for critically wounded or unconscious patients)". These
 * are the healing difficulties, not the stabilisation ones (5/7/9/11); the numbers printed here are used
 * for both the care test and the medic's test that lets the patient roll two dice (spec ambiguity #26).
 * A hospital, "the right tools for the job", lowers it by 1 to 3 (`hospital`).
 */
export function medicalCareDifficulty(
  level: WoundLevel,
  { hospital = 0 }: { hospital?: number } = {},
): number {
  if (!Number.isInteger(hospital) || hospital < 0 || hospital > 3)
    throw new RangeError(`A hospital lowers the difficulty by 0..3: ${hospital}`);
  return healingDifficulty(level) - hospital;
}

/** A test's degree, as the test layer reports it. */
export type CareDegree = "marginal" | "significant" | "spectacular";

/**
 * What a successful medic's test gives the patient this cycle: a success "either an additional essence
 * or hit point (whichever is depleted the most)" (Hit Points on a tie); a significant success "both hit
 * points and essence gain an extra point"; a spectacular success the same, and "At the discretion of the
 * Raconteur ... might regain all of their hit points or essence" (`mayRestoreAll`). Never past a maximum.
 */
export function medicalCareGain({
  degree,
  hitPoints,
  maxHitPoints,
  essence,
  maxEssence,
}: {
  degree: CareDegree | null;
  hitPoints: number;
  maxHitPoints: number;
  essence: number;
  maxEssence: number;
}): { hitPoints: number; essence: number; mayRestoreAll: boolean } {
  for (const n of [hitPoints, maxHitPoints, essence, maxEssence]) {
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`Pools are integers >= 0: ${n}`);
  }
  const hpRoom = Math.max(0, maxHitPoints - hitPoints);
  const epRoom = Math.max(0, maxEssence - essence);
  if (degree === null) return { hitPoints: 0, essence: 0, mayRestoreAll: false };
  if (degree === "marginal") {
    if (hpRoom === 0 && epRoom === 0) return { hitPoints: 0, essence: 0, mayRestoreAll: false };
    return hpRoom >= epRoom
      ? { hitPoints: 1, essence: 0, mayRestoreAll: false }
      : { hitPoints: 0, essence: 1, mayRestoreAll: false };
  }
  if (degree === "significant" || degree === "spectacular") {
    return {
      hitPoints: Math.min(1, hpRoom),
      essence: Math.min(1, epRoom),
      mayRestoreAll: degree === "spectacular",
    };
  }
  throw new RangeError(`Not a degree: ${String(degree)}`);
}

// ---------------------------------------------------------------- regeneration

/**
 * Hit Point and Essence regeneration: "at a rate of 1 per hour if they are healthy, 1 per day if they are
 * lightly wounded, 1 per week if they are suffering medium wounds and 1 per month if they are critically
 * injured (or in a coma)" (K/O counts as the coma); the eldest (81+) regain "half it's former rate"
 * (`every` 2). `null` for the dead.
 */
export function regenerationRate(
  level: WoundLevel,
  { age }: { age?: number } = {},
): { cycle: HealingCycle; every: number } | null {
  const every = age !== undefined && age >= 81 ? 2 : 1;
  switch (level) {
    case "healthy":
      return { cycle: "hour", every };
    case "light":
      return { cycle: "day", every };
    case "medium":
      return { cycle: "week", every };
    case "critical":
    case "ko":
      return { cycle: "month", every };
    case "dead":
      return null;
    default:
      throw new RangeError(`Not a wound level: ${String(level)}`);
  }
}

/** Hours in each cycle (Polyverse convention: a month is 30 days). */
export const CYCLE_HOURS: Readonly<Record<HealingCycle, number>> = {
  hour: 1,
  day: 24,
  week: 168,
  month: 720,
};

/**
 * The points a pool regains over `hours` of rest at one level (1 per cycle, half for the eldest), never
 * past the maximum. The level is assumed not to change meanwhile.
 */
export function regeneratePool({
  level,
  current,
  max,
  hours,
  age,
}: {
  level: WoundLevel;
  current: number;
  max: number;
  hours: number;
  age?: number;
}): number {
  if (!Number.isInteger(current) || !Number.isInteger(max) || current < 0 || max < 0)
    throw new RangeError(`Pools are integers >= 0: ${current}/${max}`);
  if (!Number.isFinite(hours) || hours < 0) throw new RangeError(`Hours are >= 0: ${hours}`);
  const rate = regenerationRate(level, { age });
  if (rate === null || current >= max) return current;
  const gained = Math.floor(hours / (CYCLE_HOURS[rate.cycle] * rate.every));
  return Math.min(max, current + gained);
}
