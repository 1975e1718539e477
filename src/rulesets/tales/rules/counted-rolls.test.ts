import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  connectionRollPace,
  connectionRollOdds,
  timeCommitmentBand,
  resolveConnectionRoll,
  resolveTimeCommitment,
  timeCommitmentOdds,
} from "./counted-rolls";

describe("Time Commitment", () => {
  it("bands: a few hours 1, a day 1–2, a week 1–3", () => {
    expect([timeCommitmentBand("hours"), timeCommitmentBand("day"), timeCommitmentBand("week")]).toEqual([
      1, 2, 3,
    ]);
  });
  it("spec §9: level 2, a one-day task, dice 3 and 2 → interrupted", () => {
    expect(resolveTimeCommitment(2, "day", [3, 2])).toEqual({
      interrupted: true,
      interruptingDice: 1,
      band: 2,
    });
    expect(resolveTimeCommitment(2, "hours", [3, 2]).interrupted).toBe(false);
    expect(() => resolveTimeCommitment(2, "day", [3])).toThrow(RangeError);
  });
  it("odds: 1 − (5/6)^level for hours; weekly rolls for longer tasks", () => {
    expect(timeCommitmentOdds(1, "hours")).toBeCloseTo(1 / 6, 15);
    expect(timeCommitmentOdds(2, "week")).toBeCloseTo(3 / 4, 15);
    expect(timeCommitmentOdds(1, "week", 2)).toBeCloseTo(3 / 4, 15);
    expect(timeCommitmentOdds(0, "day")).toBe(0);
    expect(() => timeCommitmentOdds(1, "day", 2)).toThrow(RangeError);
  });
});

describe("connection rolls", () => {
  it("N01: Allies 3 at difficulty 7 can raise no ally", () => {
    expect(resolveConnectionRoll({ dice: [6, 6, 6], difficulty: 7, onesNeverSucceed: true }).successes).toBe(
      0,
    );
    expect(connectionRollOdds(3, 7)[0]).toBe(1);
  });
  it("N02: Allies at difficulty 1, dice 1, 1, 4 → 1 ally (a 1 never raises an ally)", () => {
    expect(resolveConnectionRoll({ dice: [1, 1, 4], difficulty: 1, onesNeverSucceed: true })).toEqual({
      successes: 1,
      met: [false, false, true],
    });
    expect(resolveConnectionRoll({ dice: [1, 1, 4], difficulty: 1 }).successes).toBe(3);
  });
  it("N03: Contacts 4 at difficulty 4, dice 6, 4, 2, 5 → 3 successes: a few hours", () => {
    const { successes } = resolveConnectionRoll({ dice: [6, 4, 2, 5], difficulty: 4 });
    expect(successes).toBe(3);
    expect(connectionRollPace(successes)).toEqual({ pace: "fewHours", beyond: 0 });
    expect(connectionRollPace(0)).toEqual({ pace: null, beyond: 0 });
    expect(connectionRollPace(6)).toEqual({ pace: "aboutAnHour", beyond: 2 });
  });
  it("N04: Wealth 2 at difficulty 4, dice 4 and 3 → 1 resource point (+1 per equipment reserve level, #29)", () => {
    expect(resolveConnectionRoll({ dice: [4, 3], difficulty: 4 }).successes).toBe(1);
    expect(resolveConnectionRoll({ dice: [4, 3], difficulty: 4, extraSuccesses: 1 }).successes).toBe(2);
  });
  it("the odds match counting every face", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: -1, max: 8 }),
        fc.boolean(),
        (n, difficulty, ones) => {
          const counts = new Array<number>(n + 1).fill(0);
          const total = 6 ** n;
          for (let code = 0; code < total; code++) {
            const dice: number[] = [];
            for (let i = 0, c = code; i < n; i++, c = Math.floor(c / 6)) dice.push((c % 6) + 1);
            const s = resolveConnectionRoll({ dice, difficulty, onesNeverSucceed: ones }).successes;
            counts[s] = (counts[s] ?? 0) + 1 / total;
          }
          connectionRollOdds(n, difficulty, ones).forEach((p, k) =>
            expect(p).toBeCloseTo(counts[k] ?? 0, 12),
          );
        },
      ),
    );
  });
});
