/**
 * Tales's health actions without Foundry: resting (the pools regained over hours at the wound level,
 * rules `regeneratePool`), natural healing once per period (rules `healingRoll`, its cycle from
 * `NATURAL_HEALING`, the last attempt's world time kept in `health.lastHealAttempt`), and stabilising
 * (Mental + Medicine against 5/7/9/11, rules `stabilisationDifficulty`).
 */
import {
  CYCLE_HOURS,
  NATURAL_HEALING,
  effectiveTotal,
  healingRoll,
  regeneratePool,
  resolveTest,
  stabilisationDifficulty,
  type CriticalWoundRule,
  type HealingResult,
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
}

/** The pools after `hours` of rest (the level is assumed not to change meanwhile). */
export function restPlan(source: HealthSource, hours: number): { hp: number; essence: number } {
  const options = { level: source.level, hours, age: source.age };
  return {
    hp: regeneratePool({ ...options, current: source.hp, max: source.maxHp }),
    essence: regeneratePool({ ...options, current: source.essence, max: source.maxEssence }),
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

/** The medic's stabilisation test: Mental + Medicine (at the medic's wound level) + d6 against the patient's level. */
export function stabilisePlan({
  medic,
  patientLevel,
  face,
  criticalWoundRule,
}: {
  medic: { mental: number; medicine: number; level: WoundLevel };
  patientLevel: WoundLevel;
  face: number;
  criticalWoundRule: CriticalWoundRule;
}):
  | { ok: true; success: boolean; total: number; difficulty: number }
  | { ok: false; reason: "notWounded" | "cannotAct" } {
  if (patientLevel === "healthy" || patientLevel === "dead") return { ok: false, reason: "notWounded" };
  const bonus = effectiveTotal(medic.mental, medic.medicine, medic.level, { criticalWoundRule });
  if (bonus === null) return { ok: false, reason: "cannotAct" };
  const difficulty = stabilisationDifficulty(patientLevel);
  const test = resolveTest({ kind: "static", bonus, face, difficulty });
  return { ok: true, success: test.success, total: test.total, difficulty };
}
