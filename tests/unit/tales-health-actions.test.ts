// Tales's health actions, Foundry-free (documents/health-logic.ts): stabilising (H15), natural healing
// once per period (H17-H20), resting (H23).
import { describe, expect, it } from "vitest";
import {
  healPlan,
  healWait,
  restPlan,
  stabilisePlan,
  type HealthSource,
} from "../../src/rulesets/tales/documents/health-logic";

const src = (over: Partial<HealthSource> = {}): HealthSource => ({
  level: "healthy",
  unstable: false,
  hp: 4,
  maxHp: 4,
  essence: 4,
  maxEssence: 4,
  age: 30,
  lastHealAttempt: 0,
  ...over,
});
const heal = (
  s: HealthSource,
  sacrifice: number,
  faces: number[],
  worldTime = 10_000_000,
  medicSucceeded = false,
) =>
  healPlan(s, { sacrifice, faces, medicSucceeded, spendEssence: false, worldTime, elderlyHealingPenalty: 3 });
const DAY = 24 * 3600;

describe("stabilising", () => {
  it("H15: a K/O victim, Mental 3 + Medicine 2 + d6 6 = 11 against 11: stabilised", () => {
    const r = stabilisePlan({
      medic: { mental: 3, medicine: 2, level: "healthy" },
      patientLevel: "ko",
      face: 6,
      criticalWoundRule: "halfAttributeSkillsOne",
    });
    expect(r).toEqual({ ok: true, success: true, total: 11, difficulty: 11, essenceSpent: 0 });
  });
  it("5 / 7 / 9 for Light, Medium, Critical; nothing to stabilise when healthy; a K/O medic cannot act", () => {
    const at = (patientLevel: "light" | "medium" | "critical") =>
      stabilisePlan({
        medic: { mental: 1, medicine: 0, level: "healthy" },
        patientLevel,
        face: 3,
        criticalWoundRule: "halfAttributeSkillsOne",
      });
    expect([at("light"), at("medium"), at("critical")].map((r) => r.ok && r.difficulty)).toEqual([5, 7, 9]);
    expect(
      stabilisePlan({
        medic: { mental: 3, medicine: 2, level: "healthy" },
        patientLevel: "healthy",
        face: 3,
        criticalWoundRule: "allOne",
      }),
    ).toEqual({ ok: false, reason: "notWounded" });
    expect(
      stabilisePlan({
        medic: { mental: 3, medicine: 2, level: "ko" },
        patientLevel: "light",
        face: 3,
        criticalWoundRule: "allOne",
      }),
    ).toEqual({ ok: false, reason: "cannotAct" });
  });
});

describe("natural healing", () => {
  it("H17: the passenger (max HP 4, Medium) spends 4 and rolls 3: 7 < 9, stays Medium, HP sacrificed", () => {
    const r = heal(src({ level: "medium" }), 4, [3]);
    expect(r.ok && r.update).toMatchObject({ level: "medium", hp: 0 });
  });
  it("H18: the driver (max HP 6, Medium) spends 6 and rolls 4: 10 ≥ 9, Light", () => {
    const r = heal(src({ level: "medium", hp: 6, maxHp: 6 }), 6, [4]);
    expect(r.ok && r.update).toMatchObject({ level: "light", hp: 0 });
  });
  it("H20: with a medic's success two dice, the better taken: 4 HP and a 5 make 9, Light", () => {
    const r = heal(src({ level: "medium" }), 4, [2, 5], 10_000_000, true);
    expect(r.ok && r.result.face).toBe(5);
    expect(r.ok && r.update.level).toBe("light");
    expect(heal(src({ level: "medium" }), 4, [2, 5])).toEqual({ ok: false, reason: "secondDieWithoutMedic" });
  });
  it("once per period: a Light wound once a day, a Medium once a week; only at full Hit Points", () => {
    const light = src({ level: "light", lastHealAttempt: 10_000_000 });
    expect(heal(light, 0, [6], 10_000_000 + DAY - 1)).toEqual({ ok: false, reason: "tooSoon" });
    expect(heal(light, 0, [6], 10_000_000 + DAY).ok).toBe(true);
    expect(healWait(src({ level: "medium", lastHealAttempt: 100 }), 100)).toBe(7 * DAY);
    expect(heal(src({ level: "light", hp: 3 }), 0, [6])).toEqual({ ok: false, reason: "notFullHitPoints" });
    expect(heal(src(), 0, [6])).toEqual({ ok: false, reason: "notWounded" });
  });
});

describe("resting", () => {
  it("H23: a healthy character 3 HP below the maximum rests 3 hours: full", () => {
    expect(restPlan(src({ hp: 3, maxHp: 6 }), 3)).toEqual({ hp: 6, essence: 4, comaDays: 0 });
  });
  it("lightly wounded: one point a day; never past the maximum", () => {
    expect(restPlan(src({ level: "light", hp: 1, essence: 1 }), 47)).toEqual({
      hp: 2,
      essence: 2,
      comaDays: 0,
    });
    expect(restPlan(src({ hp: 1, essence: 1 }), 1000)).toEqual({ hp: 4, essence: 4, comaDays: 0 });
  });
});
