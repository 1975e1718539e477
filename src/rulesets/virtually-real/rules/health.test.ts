import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  HUMAN_DAMAGE_CAPACITY,
  dyingSaveOutcome,
  maxHitPoints,
  naturalHealingAllowed,
  takeDamage,
  woundBand,
  xConditionsAt,
} from "./health";
import { WOUND_BANDS } from "./character-keys";
import { degreeFromMargin } from "./experience";

const human = { dc: HUMAN_DAMAGE_CAPACITY, maxHp: 12 };

describe("hit points and damage capacity", () => {
  it("maximum HP: the size's base plus the Body modifier", () => expect(maxHitPoints(10, 14)).toBe(12));
  it("a wound: 1-2 minor, from 3 major, from DC + 3 serious, from the maximum HP critical", () =>
    expect([0, 2, 3, 5, 6, 11, 12, 40].map((d) => woundBand(d, human))).toEqual([
      "none",
      "minor",
      "major",
      "major",
      "serious",
      "serious",
      "critical",
      "critical",
    ]));
  it("for humans (DC 3) the bands are the degrees of failure until critical", () => {
    for (const d of [1, 2, 3, 4, 5, 6, 7, 8, 9])
      expect(woundBand(d, { dc: 3, maxHp: 30 })).toBe(degreeFromMargin(d));
  });
  it("a bigger creature: DC 6 makes serious start at 9", () => {
    expect(woundBand(8, { dc: 6, maxHp: 30 })).toBe("major");
    expect(woundBand(9, { dc: 6, maxHp: 30 })).toBe("serious");
  });
  it("property: a bigger wound is never a lesser band", () =>
    fc.assert(
      fc.property(fc.nat(60), fc.nat(60), fc.nat(10), fc.integer({ min: 1, max: 60 }), (a, b, dc, maxHp) =>
        a <= b
          ? WOUND_BANDS.indexOf(woundBand(a, { dc, maxHp })) <=
            WOUND_BANDS.indexOf(woundBand(b, { dc, maxHp }))
          : true,
      ),
    ));
});

describe("X conditions", () => {
  it("at 0 HP, at −DC and at −maximum", () => {
    expect([1, 0, -2, -3, -11, -12].map((hp) => xConditionsAt(hp, human))).toEqual([0, 1, 1, 2, 2, 3]);
    expect(xConditionsAt(-12, human, { xThresholds: "one" })).toBe(1);
  });
  it("a wound's HP, band, condition and new X conditions", () => {
    expect(takeDamage(5, 6, human)).toEqual({
      hp: -1,
      band: "serious",
      condition: "serious",
      xConditions: 1,
      newX: 1,
    });
    expect(takeDamage(12, 2, human)).toEqual({
      hp: 10,
      band: "minor",
      condition: null,
      xConditions: 0,
      newX: 0,
    });
    expect(takeDamage(0, 12, human)).toMatchObject({ hp: -12, band: "critical", xConditions: 3, newX: 2 });
  });
  it("property: fewer HP never means fewer X conditions, and never more than 3", () =>
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 100 }), fc.integer({ min: -100, max: 100 }), (a, b) => {
        const [x, y] = [xConditionsAt(a, human), xConditionsAt(b, human)];
        return (a <= b ? x >= y : true) && x <= 3 && x >= 0;
      }),
    ));
  it("a critically failed Health, Body or BCT save while Dying costs a light, or the life", () => {
    const save = { kind: "health" as const, criticalFailure: true, dying: true, light: 1 };
    expect(dyingSaveOutcome(save)).toBe("spendLight");
    expect(dyingSaveOutcome({ ...save, light: 0 })).toBe("dies");
    expect(dyingSaveOutcome({ ...save, kind: "bct" })).toBe("spendLight");
    expect(dyingSaveOutcome({ ...save, kind: "other" })).toBe("none");
    expect(dyingSaveOutcome({ ...save, dying: false })).toBe("none");
    expect(dyingSaveOutcome({ ...save, criticalFailure: false })).toBe("none");
  });
  it("H prevents natural HP recovery", () => {
    expect(naturalHealingAllowed(["H"])).toBe(false);
    expect(naturalHealingAllowed(["X"])).toBe(true);
  });
});
