/**
 * Tales's health actions without Foundry: resting (the pools regained over hours at the wound level,
 * rules `regeneratePool`, and the days of a coma passing), natural healing once per period (rules
 * `healingRoll`, its cycle from `NATURAL_HEALING`, the last attempt's world time kept in
 * `health.lastHealAttempt`), stabilising (Mental + Medicine against 5/7/9/11, rules
 * `stabilisationDifficulty`), medical care once per healing cycle (rules `medicalCareDifficulty`,
 * `medicalCareGain`), the unconscious victim's hold-on roll and its coma (rules `HOLD_ON_DIFFICULTY`,
 * `comaDays`), the unstable's upkeep each round (rules `unstableUpkeep`) and the instability a K/O
 * brings (rules `isUnstableLevel`).
 */
import {
  CYCLE_HOURS,
  HOLD_ON_DIFFICULTY,
  NATURAL_HEALING,
  accumulateWound,
  comaDays,
  effectiveTotal,
  healingRoll,
  isUnstableLevel,
  medicalCareDifficulty,
  medicalCareGain,
  regeneratePool,
  resolveTest,
  stabilisationDifficulty,
  unstableUpkeep,
  woundAllowsActing,
  woundRank,
  type CareDegree,
  type CriticalWoundRule,
  type DamageMode,
  type Degree,
  type HealingResult,
  type TestAutomatic,
  type TestDynamicTieRule,
  type WoundLevel,
} from "../rules";

/** What the health actions read off a character. */
export interface HealthSource {
  level: WoundLevel;
  unstable: boolean;
  hp: number;
  maxHp: number;
  essence: number;
  maxEssence: number;
  age: number;
  /** World time (seconds) of the last healing attempt; 0 never. */
  lastHealAttempt: number;
  /** Days of coma left (0: none). */
  comaDays?: number;
}

/** Seconds in a day: a coma counts whole days. */
export const DAY_SECONDS = 24 * 3600;

/**
 * The pools after `hours` of rest (the level is assumed not to change meanwhile), and the days of coma
 * left. In a coma the pools come back "1 per month if they are critically injured (or in a coma)":
 * at the Critical rate at best. A coma counts whole days: `floor(hours / 24)` of them pass.
 */
export function restPlan(
  source: HealthSource,
  hours: number,
): { hp: number; essence: number; comaDays: number } {
  const coma = Math.max(0, source.comaDays ?? 0);
  const level: WoundLevel =
    coma > 0 && woundRank(source.level) < woundRank("critical") ? "critical" : source.level;
  const options = { level, hours, age: source.age };
  return {
    hp: regeneratePool({ ...options, current: source.hp, max: source.maxHp }),
    essence: regeneratePool({ ...options, current: source.essence, max: source.maxEssence }),
    comaDays: Math.max(0, coma - Math.floor(hours / 24)),
  };
}

/** Seconds until the next healing attempt is allowed (0: now). "once per day / week / month". */
export function healWait(source: HealthSource, worldTime: number): number {
  if (source.level === "healthy" || source.level === "dead" || source.lastHealAttempt <= 0) return 0;
  const cycle = NATURAL_HEALING[source.level].cycle;
  const next = source.lastHealAttempt + CYCLE_HOURS[cycle] * 3600;
  return Math.max(0, next - worldTime);
}

/** Why a healing attempt is refused (i18n key tails). */
export type HealRefusal =
  "notWounded" | "notFullHitPoints" | "badSacrifice" | "secondDieWithoutMedic" | "tooSoon";

/**
 * A natural healing attempt: refused while the period since the last one has not passed; else the rules'
 * roll, with the update it makes (HP sacrificed, Essence spent on a 6, the level, the attempt's time).
 */
export function healPlan(
  source: HealthSource,
  {
    sacrifice,
    faces,
    medicSucceeded,
    spendEssence,
    worldTime,
    elderlyHealingPenalty,
  }: {
    sacrifice: number;
    faces: readonly number[];
    medicSucceeded: boolean;
    spendEssence: boolean;
    worldTime: number;
    elderlyHealingPenalty: number;
  },
):
  | {
      ok: true;
      result: HealingResult;
      update: { level: WoundLevel; hp: number; essence: number; lastHealAttempt: number };
    }
  | { ok: false; reason: HealRefusal } {
  if (healWait(source, worldTime) > 0) return { ok: false, reason: "tooSoon" };
  const rolled = healingRoll({
    level: source.level,
    hitPoints: source.hp,
    maxHitPoints: source.maxHp,
    sacrifice,
    faces,
    medicSucceeded,
    spendEssence: spendEssence && source.essence > 0,
    age: source.age,
    elderlyHealingPenalty,
  });
  if (!rolled.ok) return { ok: false, reason: rolled.reason };
  const r = rolled.value;
  return {
    ok: true,
    result: r,
    update: {
      level: r.level,
      hp: source.hp - r.hitPointsSpent,
      essence: source.essence - r.essenceSpent,
      lastHealAttempt: Math.max(1, Math.floor(worldTime)),
    },
  };
}

/** A stabilisation test's outcome. */
export interface StabiliseOutcome {
  success: boolean;
  total: number;
  difficulty: number;
  essenceSpent: number;
}

/**
 * The stabilisation test from the medic's bonus (Mental + Medicine at their wound level): static, d6
 * against 5 / 7 / 9 / 11 by the patient's level; a 6 may buy the success with an Essence point.
 */
export function stabiliseTest({
  bonus,
  patientLevel,
  face,
  spendEssence = false,
}: {
  bonus: number;
  patientLevel: WoundLevel;
  face: number;
  spendEssence?: boolean;
}): StabiliseOutcome {
  const difficulty = stabilisationDifficulty(patientLevel);
  const test = resolveTest({ kind: "static", bonus, face, difficulty, spendEssence });
  return { success: test.success, total: test.total, difficulty, essenceSpent: test.essenceSpent };
}

/** The medic's Mental + Medicine at their wound level, or null when they cannot act. */
export const medicBonus = (
  medic: { mental: number; medicine: number; level: WoundLevel },
  criticalWoundRule: CriticalWoundRule,
): number | null => effectiveTotal(medic.mental, medic.medicine, medic.level, { criticalWoundRule });

/** The medic's stabilisation test: Mental + Medicine (at the medic's wound level) + d6 against the patient's level. */
export function stabilisePlan({
  medic,
  patientLevel,
  face,
  criticalWoundRule,
  spendEssence = false,
}: {
  medic: { mental: number; medicine: number; level: WoundLevel };
  patientLevel: WoundLevel;
  face: number;
  criticalWoundRule: CriticalWoundRule;
  spendEssence?: boolean;
}): ({ ok: true } & StabiliseOutcome) | { ok: false; reason: "notWounded" | "cannotAct" } {
  if (patientLevel === "healthy" || patientLevel === "dead") return { ok: false, reason: "notWounded" };
  const bonus = medicBonus(medic, criticalWoundRule);
  if (bonus === null) return { ok: false, reason: "cannotAct" };
  return { ok: true, ...stabiliseTest({ bonus, patientLevel, face, spendEssence }) };
}

// ---------------------------------------------------------------- medical care

/** Why a medic's care test is refused (i18n key tails). */
export type CareRefusal = "notWounded" | "cannotAct" | "noMedicine" | "tooSoon";

/** The seconds of one healing cycle at a wound level (Light a day, Medium a week, Critical and K/O a month). */
export function cycleSeconds(level: WoundLevel): number {
  if (level === "healthy" || level === "dead") return 0;
  return CYCLE_HOURS[NATURAL_HEALING[level].cycle] * 3600;
}

/**
 * Seconds until a patient may be tended again: "a single test may be made each healing cycle" (the
 * cycle of the patient's wound now). `lastCare` is the world time of the last test (0: never).
 */
export function careWait(level: WoundLevel, lastCare: number, worldTime: number): number {
  if (lastCare <= 0) return 0;
  return Math.max(0, lastCare + cycleSeconds(level) - worldTime);
}

/** The patient's pools, as the care test reads them. */
export interface CarePools {
  hp: number;
  maxHp: number;
  essence: number;
  maxEssence: number;
}

/** A care test's outcome. */
export interface CareOutcome {
  success: boolean;
  degree: Degree;
  total: number;
  difficulty: number;
  essenceSpent: number;
  /** Points the patient gains this cycle. */
  gain: { hp: number; essence: number };
  /** A spectacular success: the Raconteur may restore all of one pool. */
  mayRestoreAll: boolean;
}

/**
 * A medic's care test ("Medical Treatment"): Mental + Medicine (at the medic's wound level) + d6, static,
 * against 5 (Light), 9 (Medium) or 13 (Critical, K/O), less 1 to 3 for a hospital (spec ambiguity #26:
 * these numbers, not the stabilisation ones); a success gives 1 Hit Point or Essence (the more depleted),
 * a significant one both, a spectacular one may restore a whole pool (the GM's call). "a person who
 * has the medicine skill": a medic with no Medicine is refused. The degree is the text's own ("by
 * three more than required, or rolling a 6") whatever the degreesOfSuccess setting.
 */
export function carePlan({
  medic,
  patientLevel,
  pools,
  hospital,
  face,
  spendEssence,
  criticalWoundRule,
}: {
  medic: { mental: number; medicine: number; level: WoundLevel };
  patientLevel: WoundLevel;
  pools: CarePools;
  hospital: number;
  face: number;
  spendEssence: boolean;
  criticalWoundRule: CriticalWoundRule;
}): ({ ok: true } & CareOutcome) | { ok: false; reason: Exclude<CareRefusal, "tooSoon"> } {
  if (patientLevel === "healthy" || patientLevel === "dead") return { ok: false, reason: "notWounded" };
  if (medic.medicine < 1) return { ok: false, reason: "noMedicine" };
  const bonus = medicBonus(medic, criticalWoundRule);
  if (bonus === null) return { ok: false, reason: "cannotAct" };
  return { ok: true, ...careTest({ bonus, patientLevel, pools, hospital, face, spendEssence }) };
}

/** The care test from the medic's bonus (see {@link carePlan}). */
export function careTest({
  bonus,
  patientLevel,
  pools,
  hospital,
  face,
  spendEssence,
}: {
  bonus: number;
  patientLevel: WoundLevel;
  pools: CarePools;
  hospital: number;
  face: number;
  spendEssence: boolean;
}): CareOutcome {
  const difficulty = medicalCareDifficulty(patientLevel, { hospital });
  const test = resolveTest({ kind: "static", bonus, face, difficulty, spendEssence });
  const degree: CareDegree | null = test.success ? (test.degree as CareDegree) : null;
  const gain = medicalCareGain({
    degree,
    hitPoints: pools.hp,
    maxHitPoints: pools.maxHp,
    essence: pools.essence,
    maxEssence: pools.maxEssence,
  });
  return {
    success: test.success,
    degree: test.degree,
    total: test.total,
    difficulty,
    essenceSpent: test.essenceSpent,
    gain: { hp: gain.hitPoints, essence: gain.essence },
    mayRestoreAll: gain.mayRestoreAll,
  };
}

// ---------------------------------------------------------------- holding on, the coma

/** Why a hold-on roll is refused (i18n key tails). */
export type HoldOnRefusal = "notUnconscious" | "stable" | "inComa" | "alreadyHeldOn";

/**
 * Whether a victim may roll to hold on: "If a victim reaches unconsciousness and still has unstable
 * wounds ... The victim needs only make this roll once": unconscious (K/O), unstable, not in a coma,
 * and not rolled yet in this fight (`rolledIn`, the fight the last roll was made in; "" outside one).
 */
export function holdOnRefusal({
  level,
  unstable,
  comaDays: coma,
  rolledIn,
  fight,
}: {
  level: WoundLevel;
  unstable: boolean;
  comaDays: number;
  rolledIn: string | null;
  fight: string;
}): HoldOnRefusal | null {
  if (level !== "ko") return "notUnconscious";
  if (!unstable) return "stable";
  if (coma > 0) return "inComa";
  if (rolledIn !== null && rolledIn === fight) return "alreadyHeldOn";
  return null;
}

/** A hold-on roll's outcome. */
export interface HoldOnOutcome {
  success: boolean;
  total: number;
  /** 6 + the difficulty die. */
  target: number;
  automatic: TestAutomatic | null;
  essenceSpent: number;
  /** Days of coma on a failure (0 on a success). */
  comaDays: number;
}

/**
 * The hold-on roll: "a spiritual check with a dynamic difficulty of 6", the Spiritual attribute as
 * written (the victim is unconscious, so no wound level halves it; spec ambiguity #45: no skill) + d6
 * against 6 + d6; a success keeps the victim stable "until the end of the combat", a failure puts them
 * in a coma of "a minimum of 7 days (-1 per point in the Spiritual attribute)" (H16: Spiritual 3, 4
 * days). A 6 may buy the success with an Essence point, as on any test.
 */
export function holdOnPlan({
  spiritual,
  face,
  difficultyFace,
  spendEssence,
  tieRule,
}: {
  spiritual: number;
  face: number;
  difficultyFace: number;
  spendEssence: boolean;
  tieRule: TestDynamicTieRule;
}): HoldOnOutcome {
  const test = resolveTest({
    kind: "dynamic",
    bonus: spiritual,
    face,
    difficulty: HOLD_ON_DIFFICULTY,
    difficultyFace,
    spendEssence,
    tieRule,
  });
  return {
    success: test.success,
    total: test.total,
    target: test.target,
    automatic: test.automatic,
    essenceSpent: test.essenceSpent,
    comaDays: test.success ? 0 : comaDays(spiritual),
  };
}

// ---------------------------------------------------------------- the unstable's upkeep

/** What the upkeep reads: the victim's health and pools now. */
export interface UpkeepSource {
  level: WoundLevel;
  stunned: boolean;
  hp: number;
  essence: number;
}

/** What paying a round's upkeep did. */
export interface UpkeepOutcome {
  /** Points paid. */
  paid: { hp: number; essence: number };
  /** No Essence to stay conscious: the victim falls unconscious (K/O). */
  fellUnconscious: boolean;
  /** No Hit Point to avoid it: the victim suffers a stun. */
  stunned: boolean;
  /** The victim after paying. */
  after: UpkeepSource;
}

/**
 * One round's upkeep while unstable: "They must spend a point of Essence to remain conscious while in
 * this state (unless they are already unconscious), and must spend a hit point to avoid suffering a
 * stun." What cannot be paid happens: the stun (accumulated on the level as it was, rules
 * `accumulateWound`: a K/O victim's stun kills), then unconsciousness (at least K/O).
 */
export function upkeepPlan(source: UpkeepSource, { damageMode }: { damageMode: DamageMode }): UpkeepOutcome {
  const cost = unstableUpkeep({ conscious: woundAllowsActing(source.level) });
  const essence = Math.min(cost.essence, Math.max(0, source.essence));
  const hp = Math.min(cost.hitPoints, Math.max(0, source.hp));
  const fellUnconscious = essence < cost.essence;
  const stunned = hp < cost.hitPoints;
  let health = { level: source.level, stunned: source.stunned };
  if (stunned) health = accumulateWound(health, "stun", { damageMode });
  if (fellUnconscious && woundRank(health.level) < woundRank("ko")) health = { ...health, level: "ko" };
  return {
    paid: { hp, essence },
    fellUnconscious,
    stunned,
    after: {
      level: health.level,
      stunned: health.stunned,
      hp: source.hp - hp,
      essence: source.essence - essence,
    },
  };
}

// ---------------------------------------------------------------- instability at K/O

/** What an update does to the instability a K/O brings. */
export interface InstabilityChange {
  /** Set `health.unstable` to this (absent: leave it). */
  unstable?: boolean;
  /** Set the mark that the K/O made the victim unstable (absent: leave it). */
  fromKo?: boolean;
  /** The victim is stable again: forget the hold-on roll. */
  clearHoldOn?: boolean;
}

/**
 * The instability an update brings or ends, read from the health before it and what it writes:
 * - reaching K/O from a living level makes the victim unstable ("Most victims of damage are considered
 *   in an unstable condition once they have reached the K/O or Unconscious state of health"), marked
 *   as the K/O's when they were stable before;
 * - leaving K/O for a lesser wound (an Undo, a healing roll) ends the K/O's instability, never one the
 *   victim had before it (a vicious attack's);
 * - an update that says what `unstable` is wins; once stable the hold-on roll is forgotten.
 */
export function instabilityChange(
  before: { level: WoundLevel; unstable: boolean; fromKo: boolean },
  next: { level?: WoundLevel; unstable?: boolean },
): InstabilityChange {
  const level = next.level ?? before.level;
  const out: InstabilityChange = {};
  if (next.unstable === undefined && level !== before.level) {
    const entering = isUnstableLevel(level) && !isUnstableLevel(before.level) && before.level !== "dead";
    const leaving = isUnstableLevel(before.level) && !isUnstableLevel(level) && level !== "dead";
    if (entering && !before.unstable) Object.assign(out, { unstable: true, fromKo: true });
    else if (leaving && before.unstable && before.fromKo) Object.assign(out, { unstable: false });
  }
  const unstable = out.unstable ?? next.unstable ?? before.unstable;
  if (!unstable && (before.unstable || before.fromKo))
    Object.assign(out, { fromKo: false, clearHoldOn: true });
  return out;
}
