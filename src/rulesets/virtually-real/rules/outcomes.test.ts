import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { resolveCheck } from "./check";
import {
  CLOSE_ENOUGH_TIME,
  CRIT_SOURCES,
  afterTry,
  canRetry,
  critModFrom,
  effectBonus,
  outcomeOf,
  resolveOpposed,
  retriesNextChapter,
  startRetries,
  timeFactor,
} from "./outcomes";

describe("close enough and faster skills", () => {
  it("TV-28: a 1-minute lock missed by 1 takes 1.5 minutes, missed by 2 three minutes", () => {
    expect([timeFactor(-1), timeFactor(-2)]).toEqual([1.5, 3]);
    expect(CLOSE_ENOUGH_TIME).toEqual({ 1: 1.5, 2: 3 });
    expect(1 * timeFactor(-1)!).toBe(1.5);
  });
  it("TV-29: beating the DL by 6 halves the time; 0..5 over takes the normal time; missing by 3 is not done", () => {
    expect([0, 5, 6, 20].map((m) => timeFactor(m))).toEqual([1, 1, 0.5, 0.5]);
    expect(timeFactor(-3)).toBeNull();
  });
  it("a GM's own faster-skills chart", () => {
    const fastSkills = [
      { over: 6, factor: 0.5 },
      { over: 12, factor: 0.25 },
    ];
    expect([3, 6, 11, 12].map((m) => timeFactor(m, { fastSkills }))).toEqual([1, 0.5, 0.5, 0.25]);
  });
  it("the time never grows with the margin past the DL", () => {
    fc.assert(fc.property(fc.nat(40), fc.nat(10), (m, more) => timeFactor(m + more)! <= timeFactor(m)!));
  });
  it("TV-30: the effect bonus for beating the DL by 3 / 6 / 10 / 16 is 0 / +1 / +2 / +3; nothing on a failure", () => {
    expect([3, 6, 10, 16].map(effectBonus)).toEqual([0, 1, 2, 3]);
    expect(effectBonus(-4)).toBe(0);
  });
});

describe("outcomes, severity and soft failures", () => {
  const at = (margin: number | null, critical = false, brilliant = false) => ({
    margin,
    critical,
    brilliant,
  });
  it("severity: 1-2 below close enough, 3-5 major, 6-9 serious, 10+ critical", () => {
    expect([-1, -2].map((m) => outcomeOf(at(m)))).toEqual([
      { outcome: "closeEnough", degree: "minor" },
      { outcome: "closeEnough", degree: "minor" },
    ]);
    expect([-3, -6, -10].map((m) => outcomeOf(at(m)))).toEqual([
      { outcome: "failure", degree: "major" },
      { outcome: "failure", degree: "serious" },
      { outcome: "failure", degree: "critical" },
    ]);
  });
  it("close enough only where a retry is possible", () => {
    expect(outcomeOf(at(-1), { retryable: false })).toEqual({ outcome: "failure", degree: "minor" });
  });
  it("a soft failure has no degree, but never softens a critical result", () => {
    expect(outcomeOf(at(-7), { soft: true })).toEqual({ outcome: "softFailure", degree: null });
    expect(outcomeOf(at(-8, true), { soft: true })).toEqual({ outcome: "critical", degree: "serious" });
  });
  it("successes: a major success beats the DL by 3+, a brilliant is a brilliant", () => {
    expect(outcomeOf(at(3))).toEqual({ outcome: "success", degree: "major" });
    expect(outcomeOf(at(0))).toEqual({ outcome: "success", degree: "success" });
    expect(outcomeOf(at(9, false, true))).toEqual({ outcome: "brilliant", degree: "serious" });
    expect(outcomeOf(at(null))).toEqual({ outcome: "success", degree: null });
  });
  it("reads a resolved check", () => {
    const r = resolveCheck({
      kind: "skill",
      capacity: 2,
      attrCapacity: 2,
      advantage: 0,
      disadvantage: 0,
      critMod: 0,
      level: 3,
      dl: 10,
      dice: [2, 4],
    });
    expect(outcomeOf(r)).toEqual({ outcome: "closeEnough", degree: "minor" });
  });
});

describe("retries", () => {
  it("each failed try allows another at +1 crit, until a critical failure locks it until the next chapter", () => {
    let s = startRetries();
    s = afterTry(s, { success: false, critical: false });
    s = afterTry(s, { success: false, critical: false });
    expect([s.retries, canRetry(s)]).toEqual([2, true]);
    s = afterTry(s, { success: false, critical: true });
    expect([s.locked, canRetry(s)]).toEqual([true, false]);
    expect(() => afterTry(s, { success: true, critical: false })).toThrow(RangeError);
    expect(retriesNextChapter()).toEqual({ retries: 0, locked: false, done: false });
  });
  it("a success ends it", () => {
    const s = afterTry(startRetries(), { success: true, critical: false });
    expect([s.done, canRetry(s)]).toEqual([true, false]);
  });
});

describe("opposed checks", () => {
  it("TV-02: the lock's engineer rolled [3]+5 for 16: the picker needs 16 or more", () => {
    expect(resolveOpposed({ total: 16, critical: false }, { total: 16, critical: false })).toEqual({
      actorWins: true,
      margin: 0,
      degree: "success",
    });
    expect(resolveOpposed({ total: 13, critical: false }, { total: 16, critical: false })).toMatchObject({
      actorWins: false,
      degree: "major",
    });
  });
  it("ties to the opponent when asked (A-26); a critical actor loses, a critical opponent counts 0", () => {
    expect(
      resolveOpposed({ total: 9, critical: false }, { total: 9, critical: false }, { ties: "opponent" })
        .actorWins,
    ).toBe(false);
    expect(resolveOpposed({ total: 0, critical: true }, { total: 0, critical: true }).actorWins).toBe(false);
    expect(resolveOpposed({ total: 2, critical: false }, { total: 0, critical: true })).toMatchObject({
      actorWins: true,
      margin: 2,
    });
  });
  it("exactly one side wins when ties go one way", () => {
    fc.assert(
      fc.property(fc.nat(40), fc.nat(40), (a, b) => {
        const one = resolveOpposed({ total: a, critical: false }, { total: b, critical: false }).actorWins;
        const other = resolveOpposed(
          { total: b, critical: false },
          { total: a, critical: false },
          { ties: "opponent" },
        ).actorWins;
        return one !== other;
      }),
    );
  });
});

describe("sources of +crit", () => {
  it("a scout told a runner who told you: +2; two critical conditions, a helper and a retry: +4", () => {
    expect(critModFrom({ handOff: 2 })).toBe(2);
    expect(critModFrom({ criticalCondition: 2, helper: 1, retry: 1 })).toBe(4);
    expect(critModFrom({})).toBe(0);
  });
  it("the intrinsic sources are planCheck's: a Combination +2, [5] +1", () => {
    expect(CRIT_SOURCES.filter((s) => s.intrinsic).map((s) => [s.key, s.per])).toEqual([
      ["combination", 2],
      ["fiveDice", 1],
    ]);
    expect(() => critModFrom({ combination: 1 })).toThrow(RangeError);
    expect(() => critModFrom({ nope: 1 } as never)).toThrow(RangeError);
    expect(() => critModFrom({ helper: -1 })).toThrow(RangeError);
  });
});
