// The names issue #3 promises macro writers, called through the rules module's index exactly as
// `game.polyverse.rulesets.verses.rules` exposes it. Cases from the Core text, and some it does not print.
import { describe, expect, it } from "vitest";
import * as v from "../../src/rulesets/verses/rules";

describe("game.polyverse.rulesets.verses.rules", () => {
  it("successProbability(pool, target): 9d6 vs 2S is 86 %; more dice never lower the odds", () => {
    expect(Math.round(v.successProbability(9, 2) * 100)).toBe(86);
    expect(v.successProbability(20, 5)).toBeGreaterThan(v.successProbability(19, 5));
  });

  it("countSuccesses(faces) -> { successes, sixes, fives }", () => {
    expect(v.countSuccesses([6, 6, 5, 4, 1])).toEqual({ successes: 3, sixes: 2, fives: 1 });
  });

  it("resolveTest(faces, target) -> { successes, success, margin }", () => {
    expect(v.resolveTest([6, 5, 5, 5, 1], 3)).toMatchObject({ successes: 4, success: true, margin: 2 });
    expect(v.resolveTest([4, 4], 1)).toMatchObject({ successes: 0, success: false, margin: 0 });
  });

  it("resolveContest(initiator, challenger, target) removes the initiator's sixes first", () => {
    const r = v.resolveContest([6, 6, 5, 5, 2], [5, 6, 6], 1);
    expect(r).toMatchObject({ successes: 1, sixes: 0, fives: 1, success: true });
    expect(r.remaining).toEqual([5, 2]);
  });

  it("turnOrder(entries): successes, then sixes, fives, fours...; identical rolls re-roll", () => {
    // TV-C02, TV-C03 and TV-C04, then three actors with one clear leader.
    expect(
      v.turnOrder([
        { id: "B", faces: [5, 5, 4, 4, 3] },
        { id: "A", faces: [6, 5, 1, 1, 2] },
      ]).order,
    ).toEqual(["A", "B"]);
    expect(
      v.turnOrder([
        { id: "B", faces: [6, 5, 3, 3] },
        { id: "A", faces: [6, 5, 4, 2] },
      ]).order,
    ).toEqual(["A", "B"]);
    expect(
      v.turnOrder([
        { id: "A", faces: [6, 4, 1] },
        { id: "B", faces: [1, 4, 6] },
      ]).rerolls,
    ).toEqual([["A", "B"]]);
    const three = v.turnOrder([
      { id: "slow", faces: [1, 2] },
      { id: "fast", faces: [6, 6, 5] },
      { id: "mid", faces: [5, 3] },
    ]);
    expect(three).toEqual({ order: ["fast", "mid", "slow"], rerolls: [] });
  });

  it("rangedTarget(spec, metres): a number, or null out of range", () => {
    // TV-19 and TV-20, then distances between the marks.
    expect([10, 20, 30, 40, 50, 51].map((m) => v.rangedTarget("2S@10m,20,30,40,50", m))).toEqual([
      2,
      3,
      4,
      5,
      6,
      null,
    ]);
    expect([3, 2, 4].map((m) => v.rangedTarget("2S@3m,2", m))).toEqual([2, 3, null]);
    expect(v.rangedTarget("2S@10m,20,30,40,50", 5)).toBe(2);
    expect(v.rangedTarget("2S@10m,20,30,40,50", 15)).toBe(3);
    expect(v.rangedTarget("1S@2m,5,10,15,20", 20)).toBe(5); // the Flintlock Pistol's last band
  });

  it("parryMinimumAD(attack, defence) = 1 + attack - defence, at least 1", () => {
    expect(v.parryMinimumAD(3, 2)).toBe(2); // TV-26
    expect(v.parryMinimumAD(1, 3)).toBe(1); // TV-C05
    expect(v.parryMinimumAD(3, 1)).toBe(3); // TV-C06
    expect(v.parryMinimumAD(2, 2)).toBe(1);
  });

  it("absorb(damage, material): resisted damage loses the material's TUF and may change type", () => {
    // TV-36: Mail (TUF 4, s => c, p) against 6(s): 4 absorbed, 2(c) passes.
    expect(v.absorb({ amount: 6, type: "s" }, { tuf: 4, resistance: "s ⇒ c, p" })).toEqual({
      absorbed: 4,
      passed: { amount: 2, type: "c" },
    });
    expect(v.absorb({ amount: 6, type: "s" }, { tuf: 4, resistance: "s => c, p" }).passed).toEqual({
      amount: 2,
      type: "c",
    });
    // Mail resists puncturing without changing it; ballistic is not resisted at all.
    expect(v.absorb({ amount: 3, type: "p" }, { tuf: 4, resistance: "s ⇒ c, p" })).toEqual({
      absorbed: 3,
      passed: { amount: 0, type: "p" },
    });
    expect(v.absorb({ amount: 5, type: "b" }, { tuf: 4, resistance: "s ⇒ c, p" })).toEqual({
      absorbed: 0,
      passed: { amount: 5, type: "b" },
    });
    // Stone (TUF 4, resists b) against the sniper's 4(b) (TV-34): nothing passes.
    expect(v.absorb({ amount: 4, type: "b" }, { tuf: 4, resistance: "b" }).passed.amount).toBe(0);
  });

  it('survivalOutcome(successes, tuf): 6 - TUF successes "recovers", 1+ "survives", 0 "dies"', () => {
    expect([4, 3, 1, 0].map((s) => v.survivalOutcome(s, 2))).toEqual([
      "recovers",
      "survives",
      "survives",
      "dies",
    ]);
    expect(v.survivalOutcome(1, 5)).toBe("recovers");
    expect(v.survivalOutcome(0, 1)).toBe("dies");
  });
});
