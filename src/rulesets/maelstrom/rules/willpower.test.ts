import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  STARTING_WILLPOWER,
  WILLPOWER_RESTING_DIFFICULTY,
  autoSuccess,
  botchLoss,
  canIgnoreWounds,
  isBroken,
  normalizeWillpower,
  raiseWillpower,
  rally,
  recoverWillpower,
  resolveBrokenWill,
} from "./willpower";

describe("automatic success: 'successes is set equal to your remaining Willpower dots'", () => {
  it("current 5, the roll fails, spend 1: current 4, success x4", () => {
    expect(autoSuccess({ current: 5, outcome: "failure" })).toEqual({
      ok: true,
      value: { current: 4, successes: 4 },
    });
    expect(autoSuccess({ current: 2, outcome: "success" })).toEqual({
      ok: true,
      value: { current: 1, successes: 1 },
    });
  });
  it("'You may not spend your final Willpower dot in this way'", () => {
    expect(autoSuccess({ current: 1, outcome: "failure" })).toEqual({ ok: false, reason: "lastDot" });
    expect(autoSuccess({ current: 0, outcome: "failure" })).toEqual({ ok: false, reason: "lastDot" });
  });
  it("'you cannot spend Willpower dots to cancel a botched roll'", () => {
    expect(autoSuccess({ current: 5, outcome: "botch" })).toEqual({ ok: false, reason: "botched" });
  });
  it("refuses impossible ranks", () => {
    expect(() => autoSuccess({ current: 11, outcome: "failure" })).toThrow(RangeError);
    expect(() => autoSuccess({ current: -1, outcome: "failure" })).toThrow(RangeError);
  });
});

describe("botch loss: 'one dot per uncancelled botch'", () => {
  it("3 dots, 2 uncancelled botches: 1 left", () => {
    expect(botchLoss({ current: 3, uncancelledBotches: 2 })).toEqual({ current: 1, lost: 2, broken: false });
  });
  it("never below 0; reaching 0 breaks the character", () => {
    expect(botchLoss({ current: 2, uncancelledBotches: 5 })).toEqual({ current: 0, lost: 2, broken: true });
    expect(botchLoss({ current: 0, uncancelledBotches: 1 })).toEqual({ current: 0, lost: 0, broken: false });
  });
  it("no botch, no loss", () => {
    expect(botchLoss({ current: 4, uncancelledBotches: 0 })).toEqual({ current: 4, lost: 0, broken: false });
  });
});

describe("recovery", () => {
  it("at zero dots: 'immediately recover the first dot'", () => {
    expect(recoverWillpower({ current: 0, max: 5, hours: 0 })).toEqual({ current: 1, gained: 1 });
  });
  it("'regain 1 dot every 12 hours'", () => {
    expect(recoverWillpower({ current: 2, max: 5, hours: 11 })).toEqual({ current: 2, gained: 0 });
    expect(recoverWillpower({ current: 2, max: 5, hours: 12 })).toEqual({ current: 3, gained: 1 });
    expect(recoverWillpower({ current: 1, max: 5, hours: 36 })).toEqual({ current: 4, gained: 3 });
  });
  it("actively resting: '+1 additional dot per success on a difficulty 8 Willpower roll'", () => {
    expect(WILLPOWER_RESTING_DIFFICULTY).toBe(8);
    expect(recoverWillpower({ current: 1, max: 6, hours: 12, restingSuccesses: 2 })).toEqual({
      current: 4,
      gained: 3,
    });
    expect(recoverWillpower({ current: 1, max: 6, hours: 6, restingSuccesses: 2 }).current).toBe(1);
  });
  it("'current rank can never exceed their permanent rank'", () => {
    expect(recoverWillpower({ current: 2, max: 3, hours: 48, restingSuccesses: 4 })).toEqual({
      current: 3,
      gained: 1,
    });
  });
  it("refuses current above max", () => {
    expect(() => recoverWillpower({ current: 4, max: 3, hours: 1 })).toThrow(RangeError);
  });
  it("property: never above max, never below current", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.nat(10),
        fc.nat(100),
        fc.nat(10),
        (max, c, hours, s) => {
          const current = Math.min(c, max);
          const r = recoverWillpower({ current, max, hours, restingSuccesses: s });
          expect(r.current).toBeLessThanOrEqual(max);
          expect(r.current).toBeGreaterThanOrEqual(current);
          expect(r.gained).toBe(r.current - current);
        },
      ),
    );
  });
});

describe("zero Willpower", () => {
  it("broken at 0 until resolved", () => {
    expect(isBroken({ value: 0, rallied: false })).toBe(true);
    expect(isBroken({ value: 0, rallied: true })).toBe(false);
    expect(isBroken({ value: 1, rallied: false })).toBe(false);
  });
  it("'fully out of combat for at least one turn': acts normally, Willpower stays 0", () => {
    expect(resolveBrokenWill({ value: 0, max: 3, rallied: false }, 1)).toEqual({
      value: 0,
      max: 3,
      rallied: true,
    });
    expect(resolveBrokenWill({ value: 0, max: 3, rallied: false }, 0)).toEqual({
      value: 0,
      max: 3,
      rallied: false,
    });
  });
  it("the resolved mark clears once a dot is back", () => {
    expect(normalizeWillpower({ value: 1, max: 3, rallied: true })).toEqual({
      value: 1,
      max: 3,
      rallied: false,
    });
    expect(normalizeWillpower({ value: 0, max: 3, rallied: true })).toEqual({
      value: 0,
      max: 3,
      rallied: true,
    });
    expect(normalizeWillpower({ value: 5, max: 3, rallied: false }).value).toBe(3);
  });
  it("rally: one dot restores every broken target to one dot", () => {
    const r = rally({
      rallier: 3,
      targets: [
        { value: 0, rallied: false },
        { value: 0, rallied: false },
        { value: 2, rallied: false },
      ],
    });
    expect(r).toEqual({ ok: true, value: { rallier: 2, rallierBroken: false, targets: [1, 1, 2] } });
  });
  it("rally refusals", () => {
    expect(rally({ rallier: 0, targets: [{ value: 0, rallied: false }] })).toEqual({
      ok: false,
      reason: "noWillpower",
    });
    expect(rally({ rallier: 3, targets: [{ value: 0, rallied: true }] })).toEqual({
      ok: false,
      reason: "noTarget",
    });
  });
  it("rallying with the last dot breaks the rallier", () => {
    const r = rally({ rallier: 1, targets: [{ value: 0, rallied: false }] });
    expect(r.ok && r.value.rallierBroken).toBe(true);
  });
});

describe("ignoring wounds: 'Once per turn ... spend one Willpower dot'", () => {
  it("spends a dot", () => {
    expect(canIgnoreWounds({ current: 3, round: "c1:2" })).toEqual({
      ok: true,
      value: { current: 2, spentRound: "c1:2", brokenAfterAction: false },
    });
  });
  it("once per turn", () => {
    expect(canIgnoreWounds({ current: 3, spentRound: "c1:2", round: "c1:2" })).toEqual({
      ok: false,
      reason: "oncePerTurn",
    });
    expect(canIgnoreWounds({ current: 3, spentRound: "c1:1", round: "c1:2" }).ok).toBe(true);
    expect(canIgnoreWounds({ current: 3, pending: true })).toEqual({ ok: false, reason: "alreadyPending" });
  });
  it("the last dot: zero Willpower only 'after they complete the action'", () => {
    expect(canIgnoreWounds({ current: 1 })).toEqual({
      ok: true,
      value: { current: 0, spentRound: "", brokenAfterAction: true },
    });
    expect(canIgnoreWounds({ current: 0 })).toEqual({ ok: false, reason: "noWillpower" });
  });
});

describe("buying Willpower", () => {
  it("'they gain a dot in both their current and maximum ranks'", () => {
    expect(STARTING_WILLPOWER).toBe(3);
    expect(raiseWillpower({ value: 1, max: 3 })).toEqual({ value: 2, max: 4 });
    expect(() => raiseWillpower({ value: 10, max: 10 })).toThrow(RangeError);
  });
});
