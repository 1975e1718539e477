import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { activeDefence, attackOutcome } from "./combat";
import { HUMAN_DAMAGE_CAPACITY } from "./health";

const human = { dc: HUMAN_DAMAGE_CAPACITY, maxHp: 12 };

describe("damage is the attack's degree of success", () => {
  it("15 against a dodge of 9 hits by 6: a serious wound on a human", () =>
    expect(attackOutcome({ total: 15, critical: false }, { defence: 9 }, human)).toEqual({
      hit: true,
      criticalMiss: false,
      margin: 6,
      damage: 6,
      band: "serious",
    }));
  it("a critical attack misses with no defence rolled", () =>
    expect(attackOutcome({ total: 0, critical: true }, { dl: 4 })).toEqual({
      hit: false,
      criticalMiss: true,
      margin: null,
      damage: 0,
      band: null,
    }));
  it("a miss does no damage; a tie hits for 0 by default, misses for the defender's reading", () => {
    expect(attackOutcome({ total: 8, critical: false }, { defence: 9 }, human)).toMatchObject({
      hit: false,
      damage: 0,
      band: "none",
    });
    expect(attackOutcome({ total: 9, critical: false }, { defence: 9 })).toMatchObject({
      hit: true,
      damage: 0,
    });
    expect(attackOutcome({ total: 9, critical: false }, { defence: 9 }, null, { ties: "opponent" }).hit).toBe(
      false,
    );
  });
  it("the degree reading bands the margin on the Experience table, whatever the target's DC", () => {
    const big = { dc: 10, maxHp: 40 };
    expect(attackOutcome({ total: 16, critical: false }, { dl: 6 }, big).band).toBe("major");
    expect(
      attackOutcome({ total: 16, critical: false }, { dl: 6 }, big, { damageReading: "degree" }).band,
    ).toBe("critical");
    expect(
      attackOutcome({ total: 8, critical: false }, { dl: 6 }, null, { damageReading: "degree" }).band,
    ).toBe("minor");
  });
  it("property: damage is the margin when it hits, 0 otherwise, never negative", () =>
    fc.assert(
      fc.property(fc.nat(40), fc.nat(40), (total, defence) => {
        const r = attackOutcome({ total, critical: false }, { defence });
        return r.damage === (r.hit ? total - defence : 0) && r.damage >= 0;
      }),
    ));
});

describe("active defences", () => {
  const save = { attrCapacity: 2, modifier: 2 };
  it("Dodge: a [2] Agility save for a combat action, then a Maneuver penalty", () => {
    const r = activeDefence("dodge", { aware: true, combatActionLeft: true }, save);
    expect(
      r.ok && [
        r.value.saveCapacity,
        r.value.attribute,
        r.value.action,
        r.value.maneuverPenalty,
        r.value.declinable,
      ],
    ).toEqual([2, "agility", "combatAction", true, true]);
  });
  it("Evade: [1], with no time needed; Logic against a mental attack, which you always know of", () => {
    const r = activeDefence("evade", { aware: false, combatActionLeft: false, mental: true }, save);
    expect(r.ok && [r.value.saveCapacity, r.value.attribute]).toEqual([1, "logic"]);
  });
  it("unaware of a physical attack, or no combat action left for a dodge: refused", () => {
    expect(activeDefence("evade", { aware: false, combatActionLeft: true }, save)).toEqual({
      ok: false,
      reason: "notAware",
    });
    expect(activeDefence("dodge", { aware: true, combatActionLeft: false }, save)).toEqual({
      ok: false,
      reason: "noCombatAction",
    });
  });
});
