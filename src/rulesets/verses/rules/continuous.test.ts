import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  endContinuousTest,
  maintenancePool,
  maintenanceRollWhenHit,
  parseContinuous,
  resolveMaintenance,
  startContinuousTest,
} from "./continuous";
import { resolveTest } from "./dice";
import type { Checked } from "./types";

function ok<T>(result: Checked<T>): T {
  if (!result.ok) throw new Error(`expected ok, got: ${JSON.stringify(result.reason)}`);
  return result.value;
}

describe("the #S #C notation (Continuous Tests)", () => {
  it('reads "3S 2C", and a bare C as 1C ("If the number is omitted then it is assumed to be 1")', () => {
    expect(ok(parseContinuous("3S 2C"))).toEqual({ target: 3, continuation: 2 });
    expect(ok(parseContinuous("2S C"))).toEqual({ target: 2, continuation: 1 });
    expect(ok(parseContinuous("C"))).toEqual({ target: null, continuation: 1 });
    expect(ok(parseContinuous("1C"))).toEqual({ target: null, continuation: 1 });
    expect(ok(parseContinuous("3S"))).toEqual({ target: 3, continuation: null });
    expect(ok(parseContinuous("2s 2c"))).toEqual({ target: 2, continuation: 2 });
  });

  it("refuses other text", () => {
    for (const bad of ["", "S", "2X", "3S 2C 1C", "0C", "2S@10m"])
      expect(parseContinuous(bad).ok).toBe(false);
  });
});

describe("maintenance rolls", () => {
  it("TV-03: Jules holds the airlock, TUF 2 + 5AD = 7d6 vs 1S, then 1C each turn with 7d6", () => {
    const initial = resolveTest([6, 4, 3, 2, 2, 1, 1], 1);
    expect(initial.success).toBe(true);
    let lever = startContinuousTest(ok(parseContinuous("1C")).continuation ?? 0, 2);
    const pool = ok(maintenancePool({ baseDice: 2, adSpent: 5, reason: "maintain" }));
    expect(pool.pool).toBe(7);
    let r = resolveMaintenance(lever, [5, 4, 3, 3, 2, 1, 1]);
    expect(r.maintained).toBe(true);
    lever = r.state;
    r = resolveMaintenance(lever, [6, 6, 1, 1, 2, 3, 4]);
    expect(r.maintained).toBe(true);
    expect(r.state.roundsContinued).toBe(2);
    // "If this test fails to meet the necessary continuation target (# C) ... the test and its effects end."
    r = resolveMaintenance(r.state, [4, 4, 3, 3, 2, 1, 1]);
    expect(r.maintained).toBe(false);
    expect(r.state.active).toBe(false);
    expect(resolveMaintenance(r.state, [6, 6, 6]).maintained).toBe(false);
  });

  it('"In Fast Action, an actor must spend at least 1AD"; when hit, "AD may be added but is not required"', () => {
    expect(maintenancePool({ baseDice: 2, adSpent: 0, reason: "maintain" }).ok).toBe(false);
    expect(ok(maintenancePool({ baseDice: 2, adSpent: 0, reason: "hit" })).pool).toBe(2);
    expect(ok(maintenancePool({ baseDice: 2, adSpent: 1, reason: "hit" })).pool).toBe(3);
    expect(maintenancePool({ baseDice: 2, adSpent: 0.5, reason: "hit" }).ok).toBe(false);
  });

  it("Multitasking dice stand in for AD; Action Autopilot adds to any maintenance, Intense Concentration to SMR ones", () => {
    const multi = ok(
      maintenancePool({
        baseDice: 3,
        adSpent: 0,
        reason: "maintain",
        multitaskingDice: 2,
        multitaskingAllocated: 2,
      }),
    );
    expect(multi).toEqual({ pool: 5, adSpent: 0, multitaskingDice: 2 });
    expect(
      maintenancePool({
        baseDice: 3,
        adSpent: 0,
        reason: "maintain",
        multitaskingDice: 3,
        multitaskingAllocated: 2,
      }).ok,
    ).toBe(false);
    expect(
      ok(maintenancePool({ baseDice: 3, adSpent: 1, reason: "maintain", actionAutopilot: 2 })).pool,
    ).toBe(6);
    expect(
      ok(maintenancePool({ baseDice: 3, adSpent: 1, reason: "maintain", intenseConcentration: 2 })).pool,
    ).toBe(4);
    expect(
      ok(
        maintenancePool({
          baseDice: 3,
          adSpent: 1,
          reason: "maintain",
          intenseConcentration: 2,
          involvesSmr: true,
        }),
      ).pool,
    ).toBe(6);
  });

  it("Pain Tolerance: hit with no HP damage, no maintenance roll", () => {
    expect(maintenanceRollWhenHit(0, 1)).toBe(false);
    expect(maintenanceRollWhenHit(2, 1)).toBe(true);
    expect(maintenanceRollWhenHit(0, 0)).toBe(true);
  });

  it('contested continuations (Grappling: "Continuations are contested in the same way as the original move")', () => {
    const choke = startContinuousTest(1, 8);
    expect(resolveMaintenance(choke, [6, 5, 1], [5]).maintained).toBe(true);
    expect(resolveMaintenance(choke, [6, 1, 1], [5, 2]).maintained).toBe(false);
  });

  it("the actor may choose not to maintain it; a continuation target is at least 1", () => {
    expect(endContinuousTest(startContinuousTest(2, 3)).active).toBe(false);
    expect(() => startContinuousTest(0, 3)).toThrow(RangeError);
  });

  it("property: maintained iff successes reach #C, and a broken test never resumes", () => {
    const face = fc.integer({ min: 1, max: 6 });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.array(face, { maxLength: 8 }), { maxLength: 6 }),
        (c, rolls) => {
          let state = startContinuousTest(c, 2);
          let broken = false;
          for (const faces of rolls) {
            const r = resolveMaintenance(state, faces);
            const successes = faces.filter((f) => f >= 5).length;
            expect(r.maintained).toBe(!broken && successes >= c);
            if (!r.maintained) broken = true;
            state = r.state;
          }
        },
      ),
    );
  });
});
