import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  INITIATIVE_MODES,
  aimedLastRound,
  attackTraits,
  damageFromAttack,
  damageRollLevels,
  initiativeFormula,
  type InitiativeMode,
} from "./combat";

describe("initiative (Polyverse default)", () => {
  it("formulas over the roll data", () => {
    expect(initiativeFormula("reflexesWits")).toBe("1d10 + @attributes.reflexes + @attributes.wits");
    expect(initiativeFormula("reflexesPerception")).toBe(
      "1d10 + @attributes.reflexes + @attributes.perception",
    );
    expect(initiativeFormula("reflexes")).toBe("1d10 + @attributes.reflexes");
    expect(INITIATIVE_MODES).toEqual(["reflexesWits", "reflexesPerception", "reflexes"]);
    expect(() => initiativeFormula("speed" as InitiativeMode)).toThrow(RangeError);
  });
});

describe("attack traits: Precision vs Reflexes", () => {
  it("ranged: Precision only after aiming or shooting at the target last round", () => {
    expect(attackTraits({ category: "ranged", aimed: true })).toEqual([
      { attribute: "precision", reflexivePenalty: false },
      { attribute: "reflexes", reflexivePenalty: true },
    ]);
    expect(attackTraits({ category: "ranged", aimed: false })).toEqual([
      { attribute: "reflexes", reflexivePenalty: true },
    ]);
  });
  it("melee offers Strength, Precision (aimed) and Reflexes", () => {
    expect(attackTraits({ category: "melee", aimed: true }).map((a) => a.attribute)).toEqual([
      "precision",
      "strength",
      "reflexes",
    ]);
    expect(attackTraits({ category: "melee", aimed: false }).map((a) => a.attribute)).toEqual([
      "strength",
      "reflexes",
    ]);
  });
  it("'aimed or shot at their target last round'", () => {
    const aim = { aimedAt: "t1", aimedRound: "c1:2", targetId: "t1", combatId: "c1" };
    expect(aimedLastRound({ ...aim, round: 3 })).toBe(true);
    expect(aimedLastRound({ ...aim, round: 4 })).toBe(false);
    expect(aimedLastRound({ ...aim, round: 2 })).toBe(false);
    expect(aimedLastRound({ ...aim, targetId: "t2", round: 3 })).toBe(false);
    expect(aimedLastRound({ ...aim, combatId: "c2", round: 3 })).toBe(false);
  });
});

describe("damage (Polyverse default)", () => {
  it("dice pool: Heavy Pistol (5) with 3 net successes -> 7 dice", () => {
    expect(damageFromAttack({ mode: "dicePool", weaponDamage: 5, netSuccesses: 3 })).toEqual({
      mode: "dicePool",
      dice: 7,
    });
  });
  it("fixed levels: Sword, Heavy ('Strength + 3') with Strength 2 and 1 net success -> 5 levels", () => {
    expect(
      damageFromAttack({
        mode: "fixedLevels",
        weaponDamage: 3,
        addStrength: true,
        strength: 2,
        netSuccesses: 1,
      }),
    ).toEqual({ mode: "fixedLevels", levels: 5 });
  });
  it("extra successes off; a miss does nothing", () => {
    expect(
      damageFromAttack({
        mode: "fixedLevels",
        weaponDamage: 4,
        netSuccesses: 4,
        extraSuccessesAddDamage: false,
      }),
    ).toEqual({ mode: "fixedLevels", levels: 4 });
    expect(damageFromAttack({ mode: "dicePool", weaponDamage: 8, netSuccesses: 0 })).toEqual({
      mode: "dicePool",
      dice: 0,
    });
    expect(damageFromAttack({ mode: "dicePool", weaponDamage: 8, netSuccesses: -2 })).toEqual({
      mode: "dicePool",
      dice: 0,
    });
  });
  it("refuses impossible input", () => {
    expect(() => damageFromAttack({ mode: "dicePool", weaponDamage: -1, netSuccesses: 1 })).toThrow(
      RangeError,
    );
    expect(() => damageFromAttack({ mode: "dicePool", weaponDamage: 1, netSuccesses: 1.5 })).toThrow(
      RangeError,
    );
  });
  it("damage roll: each die >= 6 one level, ones ignored", () => {
    expect(damageRollLevels([1, 5, 6, 10, 1, 7])).toBe(3);
    expect(damageRollLevels([])).toBe(0);
    expect(() => damageRollLevels([0])).toThrow(RangeError);
    expect(() => damageRollLevels([11])).toThrow(RangeError);
  });
  it("property: levels never exceed dice; more net successes never less damage", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10 })), (faces) => {
        expect(damageRollLevels(faces)).toBeLessThanOrEqual(faces.length);
      }),
    );
    fc.assert(
      fc.property(fc.nat(10), fc.integer({ min: -3, max: 10 }), (dmg, net) => {
        const a = damageFromAttack({ mode: "fixedLevels", weaponDamage: dmg, netSuccesses: net });
        const b = damageFromAttack({ mode: "fixedLevels", weaponDamage: dmg, netSuccesses: net + 1 });
        expect("levels" in b && "levels" in a && b.levels >= a.levels).toBe(true);
      }),
    );
  });
});
