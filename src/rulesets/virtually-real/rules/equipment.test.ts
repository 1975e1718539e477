import { describe, expect, it } from "vitest";
import { canRecordEffect, effectLearningAttempt, initiativeBox } from "./equipment";
import { saveCheck } from "./saves";

describe("weapons: the [I] box", () => {
  it("the Reflex modifier plus the weapon's and the proficiency's bonuses, as initiative's level", () => {
    const box = initiativeBox(14, 1, 1);
    expect(box).toBe(4);
    expect(saveCheck({ save: "initiative", attrCapacity: 2, modifier: box, bctCapacity: 2 })).toMatchObject({
      saveCapacity: 2,
      level: 4,
    });
  });
});

describe("documents recording effects", () => {
  it("a language at the skill's capacity; magic needs a mastery language", () => {
    expect(canRecordEffect({ science: "alchemy", skillCapacity: 2, magic: false }, 2)).toEqual({
      ok: true,
      value: true,
    });
    expect(canRecordEffect({ science: "alchemy", skillCapacity: 3, magic: false }, 2)).toMatchObject({
      ok: false,
      reason: "languageTooLow",
    });
    expect(canRecordEffect({ science: "fire", skillCapacity: 2, magic: true }, 2)).toMatchObject({
      ok: false,
      reason: "magicNeedsMastery",
    });
    expect(canRecordEffect({ science: "fire", skillCapacity: 2, magic: true }, 3).ok).toBe(true);
  });
  it("a retry needs a level gained, at +1 crit per retry this Act", () => {
    expect(
      effectLearningAttempt({ failedBefore: false, levelGainedSince: false, retriesThisAct: 0 }),
    ).toEqual({ ok: true, value: { critMod: 0 } });
    expect(effectLearningAttempt({ failedBefore: true, levelGainedSince: false, retriesThisAct: 1 })).toEqual(
      { ok: false, reason: "needsLevel" },
    );
    expect(effectLearningAttempt({ failedBefore: true, levelGainedSince: true, retriesThisAct: 2 })).toEqual({
      ok: true,
      value: { critMod: 2 },
    });
  });
});
