import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  EMOTIONAL_SKILLS,
  EMOTIONAL_TARGET_TABLE,
  INTIMACY_DICE,
  NARRATIVE_CONSEQUENCE_DL,
  armorsAgainst,
  emotionalTargetRow,
  forcedMulligan,
  intimacyChangeAllowed,
  intimacyDice,
  intimacyLevelOf,
  intimacyLossSave,
  mulligan,
  riskEarnsLight,
  spendOnIntimacy,
  startingIntimacies,
} from "./intimacies";
import { INTIMACY_LEVELS } from "./character-keys";

describe("intimacy levels", () => {
  it("TV-35: outer / inner / defining cost 1 / 2 / 4 light and give 1 / 2 / 4 advantage dice", () => {
    expect(INTIMACY_LEVELS.map(intimacyDice)).toEqual([1, 2, 4]);
    for (const level of INTIMACY_LEVELS) {
      const spend = spendOnIntimacy(level, 4);
      expect(spend.ok && [spend.value.light, spend.value.dice]).toEqual([
        INTIMACY_DICE[level],
        INTIMACY_DICE[level],
      ]);
      const m = mulligan({ auraCapacity: 2, alreadyTaken: false, agreed: true, intimacy: level, light: 4 });
      expect(m.ok && [m.value.light, m.value.advantage]).toEqual([
        INTIMACY_DICE[level],
        INTIMACY_DICE[level],
      ]);
    }
    expect([1, 2, 3, 4].map(intimacyLevelOf)).toEqual(["outer", "inner", null, "defining"]);
  });
  it("someone you love ignores 4 armors; an outer intimacy 1", () => {
    expect(armorsAgainst(4, "defining")).toBe(0);
    expect(armorsAgainst(3, "outer")).toBe(2);
    expect(armorsAgainst(3, null)).toBe(3);
  });
  it("basic intimacies from Aura [1]; from [2] more, and the basic ones may change", () => {
    expect(startingIntimacies(0)).toEqual({ basic: [], mayAddAndChange: false });
    const one = startingIntimacies(1);
    expect(one.mayAddAndChange).toBe(false);
    expect(one.basic.filter((b) => b.level === "inner").map((b) => b.key)).toEqual([
      "nativeLanguage",
      "culture",
      "home",
      "offspring",
    ]);
    expect(one.basic.filter((b) => b.level === "outer").map((b) => b.key)).toEqual([
      "othersChildren",
      "neighbourhood",
    ]);
    expect(startingIntimacies(2).mayAddAndChange).toBe(true);
  });
});

describe("spending light on an intimacy", () => {
  it("short of light: the lower effect (3 light on a defining intimacy → inner, 2)", () => {
    expect(spendOnIntimacy("defining", 3)).toEqual({
      ok: true,
      value: { level: "inner", light: 2, dice: 2, lowersIntimacy: false },
    });
    expect(spendOnIntimacy("inner", 1)).toEqual({
      ok: true,
      value: { level: "outer", light: 1, dice: 1, lowersIntimacy: false },
    });
    expect(spendOnIntimacy("outer", 0)).toEqual({
      ok: false,
      reason: "notEnoughLight",
      data: { have: 0, need: 1 },
    });
  });
  it("with the light and spending less, the intimacy must be lowered", () =>
    expect(spendOnIntimacy("defining", 5, "inner")).toEqual({
      ok: true,
      value: { level: "inner", light: 2, dice: 2, lowersIntimacy: true },
    }));
  it("property: the light spent is 1, 2 or 4, within the light held and the intimacy's level", () =>
    fc.assert(
      fc.property(fc.constantFrom(...INTIMACY_LEVELS), fc.nat(10), (level, light) => {
        const r = spendOnIntimacy(level, light);
        if (!r.ok) return light === 0;
        return (
          [1, 2, 4].includes(r.value.light) && r.value.light <= light && r.value.light <= intimacyDice(level)
        );
      }),
    ));
});

describe("the mulligan", () => {
  const base = { auraCapacity: 1, alreadyTaken: false, agreed: true, intimacy: "outer" as const, light: 1 };
  it("needs Aura [1], is once per roll, needs one other player's agreement", () => {
    expect(mulligan({ ...base, auraCapacity: 0 })).toEqual({ ok: false, reason: "auraTooLow" });
    expect(mulligan({ ...base, alreadyTaken: true })).toEqual({ ok: false, reason: "mulliganTaken" });
    expect(mulligan({ ...base, agreed: false })).toEqual({ ok: false, reason: "notAgreed" });
    expect(mulligan({ ...base, light: 0 })).toMatchObject({ ok: false, reason: "notEnoughLight" });
  });
  it("forcing a hated NPC's mulligan: your intimacy's dice as disadvantages, and a Darkness point", () => {
    expect(
      forcedMulligan({ intimacy: "inner", hated: true, light: 2, alreadyTaken: false, agreed: true }),
    ).toMatchObject({
      ok: true,
      value: { light: 2, advantage: 0, disadvantage: 2, darkness: 1 },
    });
    expect(
      forcedMulligan({ intimacy: "inner", hated: false, light: 2, alreadyTaken: false, agreed: true }),
    ).toMatchObject({
      ok: true,
      value: { light: 2, advantage: 2, disadvantage: 0, darkness: 0 },
    });
  });
});

describe("changes at the end of a chapter", () => {
  it("add or remove only at outer; other levels one step", () => {
    expect(intimacyChangeAllowed({ from: null, to: "outer" }).ok).toBe(true);
    expect(intimacyChangeAllowed({ from: "outer", to: null }).ok).toBe(true);
    expect(intimacyChangeAllowed({ from: null, to: "inner" })).toEqual({
      ok: false,
      reason: "notAnIntimacyStep",
    });
    expect(intimacyChangeAllowed({ from: "inner", to: null })).toEqual({
      ok: false,
      reason: "notAnIntimacyStep",
    });
    expect(intimacyChangeAllowed({ from: "outer", to: "defining" })).toEqual({
      ok: false,
      reason: "notAnIntimacyStep",
    });
    expect(intimacyChangeAllowed({ from: "defining", to: "inner" }).ok).toBe(true);
  });
  it("an intimacy declared in a mulligan can't be removed at the next chapter, but may become inner", () => {
    expect(intimacyChangeAllowed({ from: "outer", to: null, declaredByMulligan: true })).toEqual({
      ok: false,
      reason: "mulliganIntimacyKept",
    });
    expect(intimacyChangeAllowed({ from: "outer", to: "inner", declaredByMulligan: true }).ok).toBe(true);
  });
});

describe("the emotional targets", () => {
  it("each target's save, defensive and aggressive responses and chakra", () => {
    expect(
      EMOTIONAL_TARGET_TABLE.map((r) => [r.target, r.save, r.defensive, r.aggressive, r.chakra]),
    ).toEqual([
      ["violence", "basicCombatTraining", "sprint", "strength", "root"],
      ["despair", "faith", "perception", "primalSurge", "sacral"],
      ["isolation", "cultureInfluence", "deception", "authority", "throat"],
      ["guilt", "cultureIntegrity", "will", "deception", "heart"],
    ]);
    expect(emotionalTargetRow("guilt").defensive).toBe("will");
  });
  it("12 skill slots, 11 skills: Deception twice", () => expect(EMOTIONAL_SKILLS).toHaveLength(11));
  it("a positive intimacy's death: an Isolation trauma save with its level as disadvantages", () =>
    expect(intimacyLossSave("defining")).toEqual({ target: "isolation", disadvantage: 4 }));
  it("no light for protecting someone who lists you, nor for a scene where a surrender was refused", () => {
    expect(riskEarnsLight({ protectedListsYou: false, refusedSurrender: false })).toBe(true);
    expect(riskEarnsLight({ protectedListsYou: true, refusedSurrender: false })).toBe(false);
    expect(riskEarnsLight({ protectedListsYou: false, refusedSurrender: true })).toBe(false);
  });
  it("TV-32: the Guilt/Integrity save after breaking a custom: capital 22, murder 16, theft 10, minor 4", () =>
    expect(NARRATIVE_CONSEQUENCE_DL).toEqual({ capital: 22, serious: 16, major: 10, minor: 4 }));
});
