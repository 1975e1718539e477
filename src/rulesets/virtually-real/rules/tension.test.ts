import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  TENSION_POOL_MAX,
  emptyTensionPool,
  resolveTensionRoll,
  tensionAtSceneEnd,
  tensionOdds,
  tensionStep,
} from "./tension";

const slow = { timeConsuming: true, reckless: false };
const loud = { timeConsuming: false, reckless: true };

describe("the tension pool", () => {
  it("a time-consuming task adds a die; several at once add one", () => {
    expect(tensionStep(emptyTensionPool(), slow)).toEqual({ state: { dice: 1 }, roll: 0, reason: null });
    expect(tensionStep({ dice: 2 }, [slow, slow, slow]).state).toEqual({ dice: 3 });
  });
  it("a reckless action rolls the pool; time-consuming and reckless adds a die first", () => {
    expect(tensionStep({ dice: 3 }, loud)).toEqual({ state: { dice: 3 }, roll: 3, reason: "reckless" });
    expect(tensionStep({ dice: 3 }, { timeConsuming: true, reckless: true })).toMatchObject({ roll: 4 });
  });
  it("a 6th die rolls the pool at once", () => {
    expect(TENSION_POOL_MAX).toBe(6);
    expect(tensionStep({ dice: 5 }, slow)).toEqual({ state: { dice: 6 }, roll: 6, reason: "full" });
  });
  it("any 1 is a complication, and the bowl is empty after", () => {
    expect(resolveTensionRoll([1, 4, 1])).toEqual({
      complications: 2,
      complication: true,
      state: { dice: 0 },
    });
    expect(resolveTensionRoll([2, 6]).complication).toBe(false);
    expect(() => resolveTensionRoll([0])).toThrow(RangeError);
  });
  it("the chance of a complication: 1 − (5/6)^n, 11/36 for two dice", () => {
    expect(tensionOdds(0)).toBe(0);
    expect(tensionOdds(2)).toBeCloseTo(11 / 36, 15);
    fc.assert(fc.property(fc.nat(20), (n) => tensionOdds(n + 1) > tensionOdds(n) && tensionOdds(n) < 1));
  });
  it("the end of a scene clears the bowl unless the GM keeps it", () => {
    expect(tensionAtSceneEnd({ dice: 4 })).toEqual({ dice: 0 });
    expect(tensionAtSceneEnd({ dice: 4 }, true)).toEqual({ dice: 4 });
  });
  it("the bowl never holds more than 6 dice", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ timeConsuming: fc.boolean(), reckless: fc.boolean() }), { maxLength: 40 }),
        (acts) => {
          let s = emptyTensionPool();
          for (const a of acts) {
            const step = tensionStep(s, a);
            if (step.state.dice > TENSION_POOL_MAX) return false;
            s = step.roll > 0 ? emptyTensionPool() : step.state;
          }
          return true;
        },
      ),
    );
  });
});
