import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  GRENADE_CONDITIONS,
  areaDamage,
  conditionRoundsAfterDodge,
  dodgeReduction,
  grenadeConditionRounds,
  parseAreaDamage,
} from "./attacks-area";

describe("area damage (Area Damage)", () => {
  it("TV-33: 12 (b) HP@2m, 3, 4 at 2/3/4/5 m -> 12/11/10/0", () => {
    expect([2, 3, 4, 5].map((d) => areaDamage("12 (b) HP@2m, 3, 4", d))).toEqual([12, 11, 10, 0]);
    expect(parseAreaDamage("12 (b) HP@2m, 3, 4")).toEqual({ amount: 12, type: "b", marks: [2, 3, 4] });
  });
  it("TV-C22: Frag Grenade 10(b)HP@5m,7,10,13,15 at 6/15/16 m -> 9/6/0", () => {
    expect([6, 15, 16].map((d) => areaDamage("10(b)HP@5m,7,10,13,15", d))).toEqual([9, 6, 0]);
  });
  it("TV-C23: Bottle Grenade 6(b)HP@0m,1,2 at 0/1/2/3 m -> 6/5/4/0", () => {
    expect([0, 1, 2, 3].map((d) => areaDamage("6(b)HP@0m,1,2", d))).toEqual([6, 5, 4, 0]);
  });
  it("Greek Fire Jar 5(r)HP@1m,2 -> 5 up to 1 m, 4 up to 2 m (listing)", () => {
    expect(parseAreaDamage("5(r)HP@1m,2").type).toBe("r");
    expect([1, 2, 2.5].map((d) => areaDamage("5(r)HP@1m,2", d))).toEqual([5, 4, 0]);
  });
  it("TV-C25: HE grenade at 3 m (11) with 3 dodge successes -> 8 before armour", () => {
    expect(dodgeReduction(areaDamage("12(b)HP@2m,3,4", 3), 3)).toBe(8);
  });
  it("grenade conditions: 'one round less for each success'", () => {
    // Stun Grenade: Stunned for 3 rounds; a dodge with 2 successes leaves 1.
    expect(conditionRoundsAfterDodge(3, 2)).toBe(1);
    expect(conditionRoundsAfterDodge(2, 4)).toBe(0);
  });
  it("refuses malformed area damage", () => {
    expect(() => parseAreaDamage("12(x)HP@2m")).toThrow(RangeError);
    expect(() => parseAreaDamage("12(b)HP@2m,2")).toThrow(RangeError);
  });
  it("property: area damage never increases with distance and is never negative", () => {
    const spec = fc
      .tuple(
        fc.integer({ min: 0, max: 20 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 8 }),
      )
      .map(([amount, marks]) => `${amount}(b)HP@${[...marks].sort((a, b) => a - b).join(",")}`);
    fc.assert(
      fc.property(
        spec,
        fc.double({ min: 0, max: 40, noNaN: true }),
        fc.double({ min: 0, max: 40, noNaN: true }),
        (s, a, b) => {
          const [near, far] = a <= b ? [a, b] : [b, a];
          expect(areaDamage(s, far)).toBeLessThanOrEqual(areaDamage(s, near));
          expect(areaDamage(s, far)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe("condition grenades (Pepper Bomb, Stun Grenade listings)", () => {
  const pepper = GRENADE_CONDITIONS.find((g) => g.name === "Pepper Bomb");
  const stun = GRENADE_CONDITIONS.find((g) => g.name === "Stun Grenade");
  it("Pepper Bomb: 'Sickened condition for 1 round/SM' in a 3m diameter circle", () => {
    expect(pepper).toMatchObject({ condition: "sickened", radius: 1.5, rounds: 1, perSM: true });
    if (pepper) {
      expect(grenadeConditionRounds(pepper, { sm: 3, metres: 1 })).toBe(3);
      expect(grenadeConditionRounds(pepper, { sm: 3, metres: 1, dodgeSuccesses: 1 })).toBe(2);
      expect(grenadeConditionRounds(pepper, { sm: 3, metres: 2 })).toBe(0);
      // A scattered throw has no SM: 1 by default, or nothing.
      expect(grenadeConditionRounds(pepper, { sm: -1, metres: 0 })).toBe(1);
      expect(grenadeConditionRounds(pepper, { sm: -1, metres: 0 }, { scatteredSm: 0 })).toBe(0);
    }
  });
  it("Stun Grenade: 'Stunned condition for 3 rounds' in a 4m radius circle; 'one round less for each success'", () => {
    expect(stun).toMatchObject({ condition: "stunned", radius: 4, rounds: 3, perSM: false });
    if (stun) {
      expect(grenadeConditionRounds(stun, { sm: 2, metres: 4 })).toBe(3);
      expect(grenadeConditionRounds(stun, { sm: 2, metres: 4, dodgeSuccesses: 2 })).toBe(1);
      expect(grenadeConditionRounds(stun, { sm: 2, metres: 4.5 })).toBe(0);
    }
  });
});
