import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { DAMAGE_WOUNDS, type DamageWound } from "./damage";
import {
  ABSORPTION_RATING,
  ACCUMULATION_TABLE,
  HEALTHY_STATUS,
  absorbWound,
  absorptionCost,
  accumulateWound,
  accumulateWounds,
  affordableLevels,
  ageHealingModifier,
  comaDays,
  healingDifficulty,
  healingRoll,
  medicalCareDifficulty,
  medicalCareGain,
  recoverStun,
  regeneratePool,
  regenerationRate,
  stabilisationDifficulty,
  unstableUpkeep,
  type HealthStatus,
} from "./health";
import { WOUND_LEVELS, woundRank, type WoundLevel } from "./traits";

const high = { damageMode: "high" as const };
const low = { damageMode: "low" as const };
const at = (level: WoundLevel, stunned = false): HealthStatus => ({ level, stunned });

describe("absorption", () => {
  it("'1 pt Stun, 2 pts Light, 3 pts Medium, 4 pts Critical, 5 pts Unconscious'; Dead cannot be prevented", () => {
    expect(ABSORPTION_RATING).toEqual({ stun: 1, light: 2, medium: 3, critical: 4, ko: 5, dead: null });
  });
  it("H02 incoming Stun, 1 HP: no effect", () => {
    expect(absorbWound({ wound: "stun", levels: 1 })).toEqual({ wound: null, levels: 1, cost: 1 });
  });
  it("H03 incoming Light, 1 HP / 2 HP: Stun / nothing", () => {
    expect(absorbWound({ wound: "light", levels: 1 }).wound).toBe("stun");
    expect(absorbWound({ wound: "light", levels: 2 }).wound).toBeNull();
  });
  it("H04 incoming Medium, 1 / 2 HP: Light / Stun", () => {
    expect(absorbWound({ wound: "medium", levels: 1 }).wound).toBe("light");
    expect(absorbWound({ wound: "medium", levels: 2 }).wound).toBe("stun");
  });
  it("H05 incoming Critical, 2 HP: Light", () => {
    expect(absorbWound({ wound: "critical", levels: 2 })).toEqual({ wound: "light", levels: 2, cost: 2 });
  });
  it("H06 incoming Dead, any HP: Dead", () => {
    expect(absorbWound({ wound: "dead", levels: 9 })).toEqual({ wound: "dead", levels: 0, cost: 0 });
  });
  it("H07 incoming K/O: 5 HP; Resilient (HP) 4 HP; Frail 6 HP", () => {
    expect(absorbWound({ wound: "ko", levels: 5 }).cost).toBe(5);
    expect(absorbWound({ wound: "ko", levels: 5, traits: { resilient: true } }).cost).toBe(4);
    expect(
      absorbWound({ wound: "ko", levels: 5, traits: { resilient: true }, resilientMode: "perLevel" }).cost,
    ).toBe(4);
    expect(absorbWound({ wound: "ko", levels: 5, traits: { frail: true } }).cost).toBe(6);
  });
  it("levels beyond the rating are not spent", () => {
    expect(absorbWound({ wound: "stun", levels: 3 })).toEqual({ wound: null, levels: 1, cost: 1 });
  });
  it("Resilient modes differ on a single point: per absorption it is free, per level it costs 1", () => {
    expect(absorptionCost({ levels: 1, pool: "hitPoints", traits: { resilient: true } })).toBe(0);
    expect(
      absorptionCost({
        levels: 1,
        pool: "hitPoints",
        traits: { resilient: true },
        resilientMode: "perLevel",
      }),
    ).toBe(1);
  });
  it("Frail counts for Hit Points only, Susceptible for Essence only", () => {
    expect(absorptionCost({ levels: 2, pool: "essence", traits: { frail: true } })).toBe(2);
    expect(absorptionCost({ levels: 2, pool: "essence", traits: { susceptible: true } })).toBe(3);
    expect(absorptionCost({ levels: 2, pool: "hitPoints", traits: { susceptible: true } })).toBe(2);
  });
  it("Poison Resistance: poison costs one less essence point to soak", () => {
    expect(
      absorptionCost({ levels: 3, pool: "essence", poison: true, traits: { poisonResistance: true } }),
    ).toBe(2);
    expect(absorptionCost({ levels: 3, pool: "essence", traits: { poisonResistance: true } })).toBe(3);
    expect(
      absorptionCost({ levels: 3, pool: "hitPoints", poison: true, traits: { poisonResistance: true } }),
    ).toBe(3);
  });
  it("affordable levels invert the cost", () => {
    expect(affordableLevels({ wound: "critical", points: 3 })).toBe(3);
    expect(affordableLevels({ wound: "critical", points: 3, traits: { frail: true } })).toBe(2);
    expect(affordableLevels({ wound: "light", points: 9 })).toBe(2);
    expect(affordableLevels({ wound: "dead", points: 9 })).toBe(0);
  });
  it("refuses impossible input", () => {
    expect(() => absorptionCost({ levels: -1, pool: "hitPoints" })).toThrow(RangeError);
    expect(() => absorbWound({ wound: "stun", levels: 0.5 })).toThrow(RangeError);
  });
  it("costs are never negative", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom("hitPoints" as const, "essence" as const),
        fc.record({
          resilient: fc.boolean(),
          frail: fc.boolean(),
          susceptible: fc.boolean(),
          poisonResistance: fc.boolean(),
        }),
        fc.boolean(),
        fc.constantFrom("perAbsorption" as const, "perLevel" as const),
        (levels, pool, traits, poison, resilientMode) =>
          absorptionCost({ levels, pool, traits, poison, resilientMode }) >= 0,
      ),
    );
  });
});

describe("accumulation", () => {
  it("the printed table, read in both modes", () => {
    const rows: HealthStatus[] = [at("healthy", true), at("light"), at("medium"), at("critical"), at("ko")];
    const incoming: DamageWound[] = ["stun", "light", "medium", "critical", "ko"];
    rows.forEach((current, r) => {
      incoming.forEach((wound, c) => {
        const cell = ACCUMULATION_TABLE[r]?.[c];
        const [h, l] = Array.isArray(cell) ? cell : [cell, cell];
        const expectHigh = h === "stun" ? "healthy" : h;
        const expectLow = l === "stun" ? "healthy" : l;
        expect(accumulateWound(current, wound, high).level, `${current.level}+${wound} high`).toBe(
          expectHigh,
        );
        expect(accumulateWound(current, wound, low).level, `${current.level}+${wound} low`).toBe(expectLow);
      });
    });
  });
  it("uninjured: the wound itself; a Stun only stuns", () => {
    expect(accumulateWound(HEALTHY_STATUS, "stun", high)).toEqual(at("healthy", true));
    expect(accumulateWound(HEALTHY_STATUS, "medium", high)).toEqual(at("medium"));
    expect(accumulateWound(HEALTHY_STATUS, null, high)).toEqual(HEALTHY_STATUS);
  });
  it("H08 Light + Stun: Medium", () => {
    expect(accumulateWound(at("light"), "stun", high).level).toBe("medium");
  });
  it("H09 Light + Light / + Medium: Critical / K/O", () => {
    expect(accumulateWound(at("light"), "light", high).level).toBe("critical");
    expect(accumulateWound(at("light"), "medium", high).level).toBe("ko");
  });
  it("H10 Critical + Stun: K/O", () => {
    expect(accumulateWound(at("critical"), "stun", low).level).toBe("ko");
  });
  it("H11 Stun + Stun: no change", () => {
    expect(accumulateWound(at("healthy", true), "stun", high)).toEqual(at("healthy", true));
  });
  it("H12 Medium + Medium: K/O high fantasy, Dead low fantasy", () => {
    expect(accumulateWound(at("medium"), "medium", high).level).toBe("ko");
    expect(accumulateWound(at("medium"), "medium", low).level).toBe("dead");
  });
  it("H13 K/O + Stun: Dead in either mode", () => {
    expect(accumulateWound(at("ko"), "stun", high).level).toBe("dead");
    expect(accumulateWound(at("ko"), "stun", low).level).toBe("dead");
  });
  it("a Dead result kills in high fantasy too; multi-wave effects apply one by one", () => {
    expect(accumulateWound(HEALTHY_STATUS, "dead", high).level).toBe("dead");
    expect(accumulateWounds(HEALTHY_STATUS, ["critical", "critical"], high).level).toBe("ko");
    expect(accumulateWounds(HEALTHY_STATUS, ["critical", "critical", "stun"], high).level).toBe("dead");
  });
  it("H14 stunned at the Recovery phase: healthy again; worse wounds stay", () => {
    expect(recoverStun(at("healthy", true))).toEqual(HEALTHY_STATUS);
    expect(recoverStun(at("medium", true))).toEqual(at("medium"));
  });
  it("never lowers a wound level, never clears a stun", () => {
    const status = fc.record({ level: fc.constantFrom(...WOUND_LEVELS), stunned: fc.boolean() });
    const wound = fc.option(fc.constantFrom(...DAMAGE_WOUNDS), { nil: null });
    fc.assert(
      fc.property(
        status,
        fc.array(wound, { maxLength: 4 }),
        fc.constantFrom("high" as const, "low" as const),
        (s, ws, mode) => {
          let current = s;
          for (const w of ws) {
            const next = accumulateWound(current, w, { damageMode: mode });
            if (woundRank(next.level) < woundRank(current.level)) return false;
            if (current.stunned && !next.stunned) return false;
            current = next;
          }
          return true;
        },
      ),
    );
  });
});

describe("stabilisation", () => {
  it("Mental + Medicine: 5 Light, 7 Medium, 9 Critical, 11 K/O", () => {
    expect((["light", "medium", "critical", "ko"] as const).map(stabilisationDifficulty)).toEqual([
      5, 7, 9, 11,
    ]);
    expect(() => stabilisationDifficulty("healthy")).toThrow(RangeError);
  });
  it("H15 Mental 3 + Medicine 2 + 6 = 11 meets K/O's 11", () => {
    expect(3 + 2 + 6 >= stabilisationDifficulty("ko")).toBe(true);
  });
  it("unstable upkeep: 1 EP to stay conscious (unless unconscious) and 1 HP each round", () => {
    expect(unstableUpkeep({ conscious: true })).toEqual({ essence: 1, hitPoints: 1 });
    expect(unstableUpkeep({ conscious: false })).toEqual({ essence: 0, hitPoints: 1 });
  });
  it("H16 coma: 'a minimum of 7 days (-1 per point in the Spiritual attribute)': Spiritual 3 -> 4 days", () => {
    expect(comaDays(3)).toBe(4);
    expect(comaDays(8)).toBe(0);
  });
});

describe("natural healing", () => {
  it("difficulties 5 / 9 / 13 / 13", () => {
    expect((["light", "medium", "critical", "ko"] as const).map((l) => healingDifficulty(l))).toEqual([
      5, 9, 13, 13,
    ]);
  });
  it("H21 age 45, Medium: 10; age 10, Light: 3; 81+ by the setting", () => {
    expect(healingDifficulty("medium", { age: 45 })).toBe(10);
    expect(healingDifficulty("light", { age: 10 })).toBe(3);
    expect(
      [12, 13, 21, 22, 40, 41, 60, 61, 80].map((a) => ageHealingModifier(a, { elderlyHealingPenalty: 3 })),
    ).toEqual([-2, -1, -1, 0, 0, 1, 1, 2, 2]);
    expect(healingDifficulty("light", { age: 90, elderlyHealingPenalty: 4 })).toBe(9);
  });
  it("H17 car crash, passenger: max 4 HP, Medium, spends 4, rolls 3: 7 < 9, stays Medium", () => {
    const r = healingRoll({ level: "medium", hitPoints: 4, maxHitPoints: 4, sacrifice: 4, faces: [3] });
    expect(r).toMatchObject({
      ok: true,
      value: { success: false, level: "medium", total: 7, difficulty: 9, hitPointsSpent: 4 },
    });
  });
  it("H18 car crash, driver: max 6, spends 6, rolls 4 ('needs to roll a 3 or higher'): Light", () => {
    const r = healingRoll({ level: "medium", hitPoints: 6, maxHitPoints: 6, sacrifice: 6, faces: [4] });
    expect(r).toMatchObject({ ok: true, value: { success: true, level: "light", total: 10 } });
    const three = healingRoll({ level: "medium", hitPoints: 6, maxHitPoints: 6, sacrifice: 6, faces: [3] });
    expect(three.ok && three.value.success).toBe(true);
  });
  it("H18 the driver regains 1 HP a week at Medium: from 2 to 6 in four weeks", () => {
    expect(regeneratePool({ level: "medium", current: 2, max: 6, hours: 4 * 168 })).toBe(6);
  });
  it("H19 driver at Light a week later, full HP: heals with no problems", () => {
    expect(regeneratePool({ level: "light", current: 0, max: 6, hours: 7 * 24 })).toBe(6);
    const r = healingRoll({ level: "light", hitPoints: 6, maxHitPoints: 6, sacrifice: 6, faces: [2] });
    expect(r).toMatchObject({ ok: true, value: { success: true, level: "healthy" } });
  });
  it("H20 passenger a month later with a medic's success: rolls 2 and 5, keeps 5, 4 + 5 = 9: Light", () => {
    const r = healingRoll({
      level: "medium",
      hitPoints: 4,
      maxHitPoints: 4,
      sacrifice: 4,
      faces: [2, 5],
      medicSucceeded: true,
    });
    expect(r).toMatchObject({ ok: true, value: { success: true, face: 5, total: 9, level: "light" } });
  });
  it("only at full Hit Points; two dice only with a medic", () => {
    expect(healingRoll({ level: "light", hitPoints: 2, maxHitPoints: 4, sacrifice: 2, faces: [6] })).toEqual({
      ok: false,
      reason: "notFullHitPoints",
    });
    expect(
      healingRoll({ level: "light", hitPoints: 4, maxHitPoints: 4, sacrifice: 2, faces: [1, 6] }),
    ).toEqual({
      ok: false,
      reason: "secondDieWithoutMedic",
    });
    expect(
      healingRoll({ level: "healthy", hitPoints: 4, maxHitPoints: 4, sacrifice: 0, faces: [3] }),
    ).toMatchObject({
      ok: false,
      reason: "notWounded",
    });
  });
  it("all HP spent and a 6: an Essence point buys a marginal success", () => {
    const base = { level: "critical" as const, hitPoints: 4, maxHitPoints: 4, sacrifice: 4, faces: [6] };
    expect(healingRoll(base)).toMatchObject({ value: { success: false, canSpendEssence: true } });
    expect(healingRoll({ ...base, spendEssence: true })).toMatchObject({
      value: { success: true, level: "medium", essenceSpent: 1 },
    });
    expect(healingRoll({ ...base, sacrifice: 3, spendEssence: true })).toMatchObject({
      value: { success: false, canSpendEssence: false },
    });
  });
  it("K/O heals to Critical; a natural 1 fails", () => {
    expect(
      healingRoll({ level: "ko", hitPoints: 9, maxHitPoints: 9, sacrifice: 9, faces: [4] }),
    ).toMatchObject({
      value: { success: true, level: "critical" },
    });
    expect(
      healingRoll({ level: "light", hitPoints: 9, maxHitPoints: 9, sacrifice: 9, faces: [1] }),
    ).toMatchObject({
      value: { success: false, automaticFailure: true },
    });
  });
});

describe("medical treatment", () => {
  it("the care test: 5 / 9 / 13, a hospital 1..3 less", () => {
    expect(medicalCareDifficulty("light")).toBe(5);
    expect(medicalCareDifficulty("medium")).toBe(9);
    expect(medicalCareDifficulty("ko", { hospital: 3 })).toBe(10);
  });
  it("success: one point to the more depleted pool", () => {
    expect(
      medicalCareGain({ degree: "marginal", hitPoints: 1, maxHitPoints: 4, essence: 3, maxEssence: 4 }),
    ).toEqual({
      hitPoints: 1,
      essence: 0,
      mayRestoreAll: false,
    });
    expect(
      medicalCareGain({ degree: "marginal", hitPoints: 4, maxHitPoints: 4, essence: 0, maxEssence: 4 }),
    ).toEqual({
      hitPoints: 0,
      essence: 1,
      mayRestoreAll: false,
    });
  });
  it("H22 medic total 12 vs 9: significant, +1 HP and +1 EP", () => {
    expect(
      medicalCareGain({ degree: "significant", hitPoints: 0, maxHitPoints: 4, essence: 1, maxEssence: 4 }),
    ).toEqual({
      hitPoints: 1,
      essence: 1,
      mayRestoreAll: false,
    });
    expect(
      medicalCareGain({ degree: "spectacular", hitPoints: 0, maxHitPoints: 4, essence: 1, maxEssence: 4 })
        .mayRestoreAll,
    ).toBe(true);
    expect(
      medicalCareGain({ degree: null, hitPoints: 0, maxHitPoints: 4, essence: 1, maxEssence: 4 }).hitPoints,
    ).toBe(0);
  });
});

describe("regeneration", () => {
  it("1 per hour, day, week, month by level; half for the eldest", () => {
    expect(regenerationRate("healthy")).toEqual({ cycle: "hour", every: 1 });
    expect(regenerationRate("light")).toEqual({ cycle: "day", every: 1 });
    expect(regenerationRate("medium")).toEqual({ cycle: "week", every: 1 });
    expect(regenerationRate("critical")).toEqual({ cycle: "month", every: 1 });
    expect(regenerationRate("ko", { age: 85 })).toEqual({ cycle: "month", every: 2 });
    expect(regenerationRate("dead")).toBeNull();
  });
  it("H23 healthy, 3 HP below max, rests 3 hours: full", () => {
    expect(regeneratePool({ level: "healthy", current: 1, max: 4, hours: 3 })).toBe(4);
    expect(regeneratePool({ level: "healthy", current: 1, max: 4, hours: 3, age: 85 })).toBe(2);
    expect(regeneratePool({ level: "healthy", current: 3, max: 4, hours: 50 })).toBe(4);
  });
});
