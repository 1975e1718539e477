import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  HEALING_CONTINUATION,
  HEALING_TARGET,
  STABILIZE_TARGET,
  TOOL_OPERATIONAL_LEVELS,
  canHeal,
  canStabilize,
  conditionsAfterHealing,
  conditionsAfterStabilizing,
  healingTest,
  resolveHealing,
  resolveStabilize,
  splitHealing,
  stabilizeTest,
  toolDice,
} from "./recovery";
import { successProbability } from "./dice";

const face = fc.integer({ min: 1, max: 6 });

describe("Stabilizing: Skill + #AD -> 2S 1HP/SM", () => {
  it("TV-38: 3AD + First Aid 2 + SMR 2 = 7d6 vs 2S", () => {
    const t = stabilizeTest({ skillDice: 4, adSpent: 3, suppliesAvailable: 5 });
    expect(t).toEqual({ ok: true, value: { pool: 7, target: STABILIZE_TARGET, supplies: 3 } });
    expect(STABILIZE_TARGET).toBe(2);
  });
  it("TV-38: 'She rolls four successes for a success margin of 3 ... 5 points of medical supplies ... heal Phon for 3HP'; 3 supplies consumed (= #AD)", () => {
    const r = resolveStabilize([6, 5, 6, 5, 1, 2, 3], {
      skillDice: 4,
      adSpent: 3,
      suppliesAvailable: 5,
      patientMissingHp: 8,
    });
    expect(r).toEqual({
      ok: true,
      value: {
        success: true,
        successes: 4,
        margin: 3,
        hpRecovered: 3,
        suppliesConsumed: 3,
        endsMoribund: false,
      },
    });
  });
  it("'1HP per success margin up to the number of consumable supplies used': SM 5 with 2AD gives 2 HP", () => {
    const r = resolveStabilize([6, 6, 6, 6, 6, 6], { skillDice: 4, adSpent: 2, suppliesAvailable: 5 });
    expect(r.ok && r.value.margin).toBe(5);
    expect(r.ok && r.value.hpRecovered).toBe(2);
    expect(r.ok && r.value.suppliesConsumed).toBe(2);
  });
  it("'If the patient is Moribund, on successful stabilization the condition is ended and the patient becomes merely unconscious'", () => {
    const r = resolveStabilize([6, 5, 1], {
      skillDice: 2,
      adSpent: 1,
      suppliesAvailable: 1,
      patientMoribund: true,
    });
    expect(r.ok && r.value.endsMoribund).toBe(true);
    expect(conditionsAfterStabilizing(["moribund", "sickened"])).toEqual([
      { id: "sickened" },
      { id: "unconscious" },
    ]);
    expect(conditionsAfterStabilizing(["stunned"])).toEqual([{ id: "stunned" }]);
  });
  it("a failed test heals nothing and, by default, still consumes the supplies ('consumed in the process')", () => {
    const r = resolveStabilize([6, 1, 1, 1], {
      skillDice: 2,
      adSpent: 2,
      suppliesAvailable: 5,
      patientMoribund: true,
    });
    expect(r.ok && r.value).toMatchObject({
      success: false,
      hpRecovered: 0,
      suppliesConsumed: 2,
      endsMoribund: false,
    });
    const kept = resolveStabilize(
      [6, 1, 1, 1],
      { skillDice: 2, adSpent: 2, suppliesAvailable: 5 },
      { consumeOnFailure: false },
    );
    expect(kept.ok && kept.value.suppliesConsumed).toBe(0);
  });
  it("refused without supplies, without AD, and (default) with more AD than supplies; option 'cap'", () => {
    expect(stabilizeTest({ skillDice: 4, adSpent: 1, suppliesAvailable: 0 })).toEqual({
      ok: false,
      reason: { key: "recoveryNoSupplies" },
    });
    expect(stabilizeTest({ skillDice: 4, adSpent: 0, suppliesAvailable: 3 })).toEqual({
      ok: false,
      reason: { key: "recoveryMinimumAd" },
    });
    expect(stabilizeTest({ skillDice: 4, adSpent: 4, suppliesAvailable: 3 })).toEqual({
      ok: false,
      reason: { key: "recoveryNotEnoughSupplies", data: { ad: 4, supplies: 3 } },
    });
    expect(
      stabilizeTest({ skillDice: 4, adSpent: 4, suppliesAvailable: 3 }, { supplyShortfall: "cap" }),
    ).toEqual({
      ok: true,
      value: { pool: 8, target: 2, supplies: 3 },
    });
  });
  it("property: supplies consumed never exceed the supplies at hand nor the AD; HP never exceed the supplies used", () => {
    fc.assert(
      fc.property(
        fc.array(face, { maxLength: 16 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom("refuse" as const, "cap" as const),
        (faces, ad, supplies, shortfall) => {
          const r = resolveStabilize(
            faces,
            { skillDice: 3, adSpent: ad, suppliesAvailable: supplies },
            { supplyShortfall: shortfall },
          );
          if (!r.ok) return;
          expect(r.value.suppliesConsumed).toBeLessThanOrEqual(supplies);
          expect(r.value.suppliesConsumed).toBeLessThanOrEqual(ad);
          expect(r.value.hpRecovered).toBeLessThanOrEqual(Math.min(ad, supplies));
          expect(r.value.hpRecovered).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe("Healing: Skill + Tools + #AD -> 3S 2C [Allocated Dice]HP/SM", () => {
  const healer = { skillDice: 7, allocatedDice: 3, toolOL: 4, adSpent: 5, suppliesAvailable: 20 };
  it("TV-39 (poolMode 'allocatedOnly', §11.1 #3): Medicine 3 + facility OL 4 + 5AD = 12d6 vs 3S", () => {
    expect(healingTest(healer, "initial", { poolMode: "allocatedOnly" })).toEqual({
      ok: true,
      value: { pool: 12, target: 3, supplies: 5 },
    });
    expect(HEALING_TARGET).toBe(3);
    expect(HEALING_CONTINUATION).toBe(2);
  });
  it("default poolMode 'skillDice': Medicine 3 > Biology 2 > SMR 2 skill dice 7 + OL 4 + 5AD = 16d6", () => {
    expect(healingTest(healer)).toEqual({ ok: true, value: { pool: 16, target: 3, supplies: 5 } });
  });
  it("TV-39: 'With a success margin of 4 and 3 dice allocated to Medicine, they heal Phon for 4 x 3 = 12HP ... consumes 5 units'", () => {
    const faces = [6, 6, 5, 5, 6, 5, 1, 2, 3, 4, 1, 2]; // 6 successes vs 3S -> SM 4
    const r = resolveHealing(faces, healer, "initial", { poolMode: "allocatedOnly" });
    expect(r.ok && r.value).toMatchObject({
      success: true,
      margin: 4,
      hpPerMargin: 3,
      hpRecovered: 12,
      suppliesConsumed: 5,
    });
    expect(r.ok && r.value.removesConditions).toEqual(["sickened", "stunned", "moribund"]);
  });
  it("TV-39: 'more than enough to bring him up to full health' - capped at the HP Phon is missing (8)", () => {
    const faces = [6, 6, 5, 5, 6, 5, 1, 2, 3, 4, 1, 2];
    const r = resolveHealing(faces, { ...healer, patientMissingHp: 8 }, "initial", {
      poolMode: "allocatedOnly",
    });
    expect(r.ok && r.value.hpRecovered).toBe(8);
    expect(r.ok && r.value.continuable).toBe(false);
  });
  it("'continuable with a continuation roll each day' against 2C while injured and supplies last", () => {
    const c = healingTest(healer, "continuation");
    expect(c.ok && c.value.target).toBe(2);
    // 3 successes vs 2C: SM 2 -> 2 x 3 = 6 HP (default SM against the continuation target).
    const r = resolveHealing([6, 5, 5, 1], { ...healer, patientMissingHp: 20 }, "continuation");
    expect(r.ok && r.value).toMatchObject({
      success: true,
      margin: 2,
      hpRecovered: 6,
      suppliesConsumed: 5,
      continuable: true,
    });
    const initialMargin = resolveHealing([6, 5, 5, 1], healer, "continuation", {
      continuationMargin: "initial",
    });
    expect(initialMargin.ok && initialMargin.value.hpRecovered).toBe(3);
    const fail = resolveHealing([6, 1, 1], healer, "continuation");
    expect(fail.ok && fail.value).toMatchObject({ success: false, hpRecovered: 0, continuable: false });
  });
  it("not continuable when the supplies run out", () => {
    const r = resolveHealing([6, 6, 6, 1], { ...healer, suppliesAvailable: 5 }, "initial");
    expect(r.ok && r.value.continuable).toBe(false);
  });
  it("continuation without tools (option)", () => {
    const c = healingTest(healer, "continuation", { continuationWithTools: false });
    expect(c.ok && c.value.pool).toBe(12);
  });
  it("'A patient with the Sickened, Stunned, or Moribund condition who receives healing also has these conditions removed'", () => {
    expect(conditionsAfterHealing(["sickened", "stunned", "afraid"])).toEqual([{ id: "afraid" }]);
    expect(conditionsAfterHealing(["moribund"])).toEqual([]);
    expect(conditionsAfterHealing(["moribund"], { healedMoribund: "unconscious" })).toEqual([
      { id: "unconscious" },
    ]);
  });
  it("Herbalism / Pharmacology allocated dice add to the pool", () => {
    const t = healingTest({ ...healer, extraDice: 2 }, "initial", { poolMode: "allocatedOnly" });
    expect(t.ok && t.value.pool).toBe(14);
  });
  it("property: HP = SM x allocated dice when uncapped; supplies consumed never exceed supplies at hand", () => {
    fc.assert(
      fc.property(
        fc.array(face, { maxLength: 20 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 10 }),
        (faces, alloc, ad, supplies) => {
          const r = resolveHealing(faces, {
            skillDice: alloc + 2,
            allocatedDice: alloc,
            adSpent: ad,
            suppliesAvailable: supplies,
          });
          if (!r.ok) return;
          expect(r.value.suppliesConsumed).toBeLessThanOrEqual(supplies);
          expect(r.value.hpRecovered).toBe(r.value.success ? r.value.margin * alloc : 0);
        },
      ),
    );
  });
});

describe("Healing shared between patients", () => {
  it("'resulting HP recovery may be divided between the patients': an even split by default", () => {
    const r = splitHealing(12, [
      { id: "phon", missingHp: 8 },
      { id: "jee", missingHp: 3 },
    ]);
    expect(r.ok && Object.fromEntries(r.value)).toEqual({ phon: 8, jee: 3 });
    const even = splitHealing(5, [
      { id: "a", missingHp: 9 },
      { id: "b", missingHp: 9 },
    ]);
    expect(even.ok && Object.fromEntries(even.value)).toEqual({ a: 3, b: 2 });
  });
  it("the healer's own division is checked", () => {
    const patients = [
      { id: "phon", missingHp: 8 },
      { id: "jee", missingHp: 3 },
    ];
    expect(splitHealing(12, patients, { phon: 9 })).toEqual({
      ok: false,
      reason: { key: "recoveryShareAboveMissing" },
    });
    expect(splitHealing(5, patients, { phon: 4, jee: 3 })).toEqual({
      ok: false,
      reason: { key: "recoverySharesAboveTotal" },
    });
    const ok = splitHealing(12, patients, { phon: 8, jee: 2 });
    expect(ok.ok && Object.fromEntries(ok.value)).toEqual({ phon: 8, jee: 2 });
  });
  it("property: the split never exceeds the total nor any patient's missing HP", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.array(fc.integer({ min: 0, max: 15 }), { maxLength: 5 }),
        (total, missing) => {
          const patients = missing.map((m, i) => ({ id: `p${i}`, missingHp: m }));
          const r = splitHealing(total, patients);
          if (!r.ok) throw new Error(r.reason.key);
          let sum = 0;
          for (const p of patients) {
            const got = r.value.get(p.id) ?? 0;
            expect(got).toBeLessThanOrEqual(p.missingHp);
            sum += got;
          }
          expect(sum).toBe(
            Math.min(
              total,
              missing.reduce((a, b) => a + b, 0),
            ),
          );
        },
      ),
    );
  });
});

describe("skills, tools and Operational Levels", () => {
  it("First Aid stabilizes biologicals; Medicine stabilizes and heals them; Jury-Rigging and Engineering do the same for constructs", () => {
    expect(canStabilize("firstAid", "biological")).toBe(true);
    expect(canHeal("firstAid", "biological")).toBe(false);
    expect(canHeal("medicine", "biological")).toBe(true);
    expect(canStabilize("juryRigging", "construct")).toBe(true);
    expect(canHeal("juryRigging", "construct")).toBe(false);
    expect(canHeal("engineering", "construct")).toBe(true);
    expect(canHeal("medicine", "construct")).toBe(false);
  });
  it("'The OL represents the number of dice which the tool contributes': OL 1 Doctor's bag ... OL 5 Hospital / Repair bay", () => {
    expect(TOOL_OPERATIONAL_LEVELS.map((t) => t.dice)).toEqual([1, 2, 3, 4, 5]);
    expect(TOOL_OPERATIONAL_LEVELS[0]).toMatchObject({ healing: "Doctor's bag", repair: "Toolbox" });
    expect(TOOL_OPERATIONAL_LEVELS[4]).toMatchObject({ healing: "Hospital", repair: "Repair bay" });
    expect(toolDice(4)).toBe(4);
    expect(toolDice([2, 4])).toBe(4);
    expect(toolDice([])).toBe(0);
  });
  it("TV-39's 12d6 vs 3S succeeds 81.89 % of the time (§10.3)", () => {
    expect(successProbability(12, 3) * 100).toBeCloseTo(81.89, 2);
  });
});
