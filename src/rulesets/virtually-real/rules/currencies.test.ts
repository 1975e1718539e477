import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  STARTING_LIGHT,
  darknessCheck,
  darknessDice,
  darknessLevel,
  earnLight,
  maxLight,
  spendLight,
  spendPool,
  takeDarkness,
  woundToArmor,
  zeroCondition,
} from "./currencies";
import { levelFromXP } from "./experience";

describe("light", () => {
  it("Beginners Luck: 1 light; the most stored is the Aura score", () => {
    expect(STARTING_LIGHT).toBe(1);
    expect(maxLight(12)).toBe(12);
  });
  it("TV-49: 6 Darkness, light at its maximum, 1 light earned → Darkness 5, level 1 → 0, one passion dropped, light stays", () => {
    const r = earnLight({ light: 12, darkness: 6 }, 1, 12);
    expect(r).toEqual({
      light: 12,
      darkness: 5,
      overflow: 1,
      darknessLevelBefore: 1,
      darknessLevel: 0,
      passionsToDrop: 1,
    });
  });
  it("each light earned wipes a Darkness point; giving it up wipes another", () => {
    expect(earnLight({ light: 1, darkness: 10 }, 1, 12)).toMatchObject({
      light: 2,
      darkness: 9,
      passionsToDrop: 1,
    });
    expect(earnLight({ light: 1, darkness: 10 }, 1, 12, 1)).toMatchObject({ light: 1, darkness: 8 });
    expect(earnLight({ light: 0, darkness: 0 }, 2, 12)).toMatchObject({
      light: 2,
      darkness: 0,
      passionsToDrop: 0,
    });
  });
  it("spending: refused beyond what is held", () => {
    expect(spendLight(3, 2)).toEqual({ ok: true, value: 1 });
    expect(spendLight(1, 2)).toEqual({ ok: false, reason: "notEnoughLight", data: { have: 1, need: 2 } });
  });
  it("property: Darkness never rises nor goes below 0; light never passes the larger of the maximum and what was held", () =>
    fc.assert(
      fc.property(
        fc.nat(20),
        fc.nat(60),
        fc.nat(5),
        fc.nat(20),
        fc.nat(5),
        (light, darkness, earned, aura, g) => {
          const giveUp = Math.min(g, earned);
          const r = earnLight({ light, darkness }, earned, aura, giveUp);
          return (
            r.darkness <= darkness &&
            r.darkness >= 0 &&
            r.light <= Math.max(aura, light) &&
            r.passionsToDrop === levelFromXP(darkness) - levelFromXP(r.darkness) &&
            r.light + r.overflow === light + earned - giveUp
          );
        },
      ),
    ));
});

describe("Darkness", () => {
  it("its level is its points on the Experience table", () =>
    expect([0, 5, 6, 10, 16].map(darknessLevel)).toEqual([0, 0, 1, 2, 3]));
  it("an advantage to Deception and Authority, a disadvantage to Diplomacy, Support, Appearance and Faith", () => {
    expect(darknessDice(2, { skill: "deception" })).toEqual({ advantage: 2, disadvantage: 0 });
    expect(darknessDice(2, { skill: "authority" })).toEqual({ advantage: 2, disadvantage: 0 });
    expect(darknessDice(2, { skill: "diplomacy" })).toEqual({ advantage: 0, disadvantage: 2 });
    expect(darknessDice(2, { skill: "faith" })).toEqual({ advantage: 0, disadvantage: 2 });
    expect(darknessDice(2, { appearance: true })).toEqual({ advantage: 0, disadvantage: 2 });
    expect(darknessDice(2, { skill: "sprint" })).toEqual({ advantage: 0, disadvantage: 0 });
  });
  it("never initiative nor BCT saves, even read as reaching every roll", () => {
    expect(darknessDice(3, { initiative: true }, { darknessScope: "all" })).toEqual({
      advantage: 0,
      disadvantage: 0,
    });
    expect(darknessDice(3, { skill: "basicCombatTraining" }, { darknessScope: "all" })).toEqual({
      advantage: 0,
      disadvantage: 0,
    });
    expect(darknessDice(3, { skill: "sprint" }, { darknessScope: "all" })).toEqual({
      advantage: 0,
      disadvantage: 3,
    });
  });
  it("rolled like an attribute: [2] by default", () => {
    expect(darknessCheck(16)).toEqual({ kind: "attribute", capacity: 2, attrCapacity: 2, level: 3 });
    expect(darknessCheck(16, { darknessCapacity: 1 }).capacity).toBe(1);
  });
  it("taking Darkness, and a wound kept as armor for a Darkness point (or a ki point, for a day)", () => {
    expect(takeDarkness(5, 1)).toEqual({ darkness: 6, levelBefore: 0, level: 1 });
    expect(woundToArmor("darkness")).toEqual({ ok: true, value: { darkness: 1, ki: 0, lasts: "wound" } });
    expect(woundToArmor("ki", 2)).toEqual({ ok: true, value: { darkness: 0, ki: 1, lasts: "day" } });
    expect(woundToArmor("ki", 0)).toMatchObject({ ok: false, reason: "notEnoughKi" });
  });
});

describe("Endurance and Ki", () => {
  it("spending to 0: Endurance winded (or U), Ki N", () => {
    expect(spendPool("endurance", { value: 1, max: 5 }, 1)).toEqual({
      ok: true,
      value: { value: 0, emptied: true, condition: "winded" },
    });
    expect(spendPool("endurance", { value: 1, max: 5 }, 1, [], { zeroEndurance: "undone" })).toMatchObject({
      ok: true,
      value: { condition: "U" },
    });
    expect(spendPool("ki", { value: 3, max: 5 }, 3)).toMatchObject({ ok: true, value: { condition: "N" } });
    expect(spendPool("ki", { value: 3, max: 5 }, 1)).toEqual({
      ok: true,
      value: { value: 2, emptied: false, condition: null },
    });
    expect(zeroCondition("ki")).toBe("N");
  });
  it("X, U and B forbid spending Endurance; N and H forbid Ki; too much is refused", () => {
    expect(spendPool("endurance", { value: 3, max: 5 }, 1, ["X"])).toEqual({
      ok: false,
      reason: "cannotSpendEndurance",
    });
    expect(spendPool("endurance", { value: 3, max: 5 }, 1, ["B"])).toEqual({
      ok: false,
      reason: "cannotSpendEndurance",
    });
    expect(spendPool("ki", { value: 3, max: 5 }, 1, ["H"])).toEqual({ ok: false, reason: "cannotSpendKi" });
    expect(spendPool("ki", { value: 3, max: 5 }, 1, ["X"]).ok).toBe(true);
    expect(spendPool("endurance", { value: 0, max: 5 }, 1)).toMatchObject({
      ok: false,
      reason: "notEnoughEndurance",
    });
  });
});
