import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { carefulDice, decide, planCheck, resolveCheck, type CheckInput } from "./check";

/** A skill check with nothing special: [2], attribute [2], no modifiers. */
const base: CheckInput = {
  kind: "skill",
  capacity: 2,
  attrCapacity: 2,
  advantage: 0,
  disadvantage: 0,
  critMod: 0,
  level: 0,
  dice: [3, 4],
};
const check = (over: Partial<CheckInput>) => resolveCheck({ ...base, ...over });

describe("the basic check: roll the capacity, add the level, equal or exceed the DL", () => {
  it("TV-01: Open Locks [2] 22/3 rolls 2d6 and adds +3", () => {
    expect(planCheck({ ...base }).formula).toBe("2d6");
    const r = check({ level: 3, dice: [4, 2], dl: 9 });
    expect(r.total).toBe(9);
    expect(r.success).toBe(true);
    expect(r.margin).toBe(0);
    expect(r.degree).toBe("success");
  });
  it("a tie succeeds; one short is a minor failure and close enough", () => {
    expect(check({ dice: [3, 4], dl: 7 }).success).toBe(true);
    const r = check({ dice: [3, 4], dl: 8 });
    expect([r.success, r.margin, r.degree, r.closeEnough]).toEqual([false, -1, "minor", true]);
    expect(check({ dice: [3, 4], dl: 10 }).closeEnough).toBe(false);
  });
  it("without a DL there is no margin", () => {
    const r = check({ dice: [5, 6], level: 2 });
    expect([r.total, r.margin, r.success, r.degree, r.effectBonus]).toEqual([13, null, null, null, 0]);
  });
  it("the effect bonus is the Level column of the amount beaten by (TV-30: 3 / 6 / 10 / 16 → 0 / 1 / 2 / 3)", () => {
    expect([3, 6, 10, 16].map((over) => check({ dice: [3, 4], dl: 7 - over }).effectBonus)).toEqual([
      0, 1, 2, 3,
    ]);
    expect(check({ dice: [3, 4], dl: 13 }).effectBonus).toBe(0);
  });
  it("refuses a wrong number of dice, a face out of 1..6, fractional levels", () => {
    expect(() => check({ dice: [3] })).toThrow(RangeError);
    expect(() => check({ dice: [3, 7] })).toThrow(RangeError);
    expect(() => check({ level: 1.5 })).toThrow(RangeError);
    expect(() => check({ advantage: -1 })).toThrow(RangeError);
    expect(() => check({ kind: "nope" as never })).toThrow(RangeError);
    expect(() => check({ capacity: 6 })).toThrow(RangeError);
  });
});

describe("advantage and disadvantage: the capacity is how many dice to keep", () => {
  it("TV-04: [2], 1 advantage, 1 4 5: keep 4 and 5, 9; the 1 is dropped", () => {
    expect(planCheck({ ...base, advantage: 1 }).formula).toBe("3d6kh2");
    const r = check({ advantage: 1, dice: [1, 4, 5] });
    expect([r.kept, r.dropped, r.keptSum, r.keepHigh]).toEqual([[4, 5], [1], 9, true]);
  });
  it("TV-05: [2], 1 disadvantage, 1 4 5: keep 1 and 4, 5", () => {
    expect(planCheck({ ...base, disadvantage: 1 }).formula).toBe("3d6kl2");
    const r = check({ disadvantage: 1, dice: [5, 1, 4] });
    expect([r.kept, r.dropped, r.keptSum, r.keepHigh]).toEqual([[1, 4], [5], 5, false]);
  });
  it("keeps exactly the capacity whatever the pool, the highest with advantage and the lowest with disadvantage", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 4 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 9, maxLength: 9 }),
        (capacity, extra, high, faces) => {
          const input: CheckInput = {
            ...base,
            kind: "attribute",
            capacity,
            attrCapacity: capacity,
            advantage: high ? extra : 0,
            disadvantage: high ? 0 : extra,
            critMod: 0,
            dice: faces.slice(0, capacity + extra),
            explosion: [],
          };
          let r;
          try {
            r = resolveCheck(input);
          } catch {
            return true; // a brilliant asks for an explosion die: not this property's concern
          }
          const sorted = input.dice.slice().sort((a, b) => a - b);
          const want = high ? sorted.slice(sorted.length - capacity) : sorted.slice(0, capacity);
          return r.kept.length === capacity && r.kept.join() === want.join();
        },
      ),
    );
  });
});

describe("conflicted rolls: the decision value", () => {
  const conflicted = (advantage: number, disadvantage: number, dice: number[], capacity = 2, luck?: number) =>
    check({ capacity, attrCapacity: capacity, advantage, disadvantage, dice, luck });
  it("TV-38: [2], 1 adv + 1 dis, [1,3,5,6]: middle 3 + 5 = 8 ≥ 7, keep 5 and 6 = 11", () => {
    const r = conflicted(1, 1, [6, 1, 5, 3]);
    expect(r.decision).toEqual({ pair: [3, 5], value: 8, keepHigh: true });
    expect([r.kept, r.keptSum]).toEqual([[5, 6], 11]);
    expect(r.plan.formula).toBe("4d6");
  });
  it("TV-39: [2], 1 adv + 1 dis, [1,2,4,6]: 2 + 4 = 6 < 7, keep 1 and 2 = 3", () => {
    const r = conflicted(1, 1, [1, 2, 4, 6]);
    expect(r.decision?.value).toBe(6);
    expect([r.kept, r.keptSum]).toEqual([[1, 2], 3]);
  });
  it("TV-40: [2], 2 adv + 1 dis, [1,2,3,5,6]: skip 1 low die, middle 3 + 5 = 8, keep 5 and 6 = 11", () => {
    const r = conflicted(2, 1, [1, 2, 3, 5, 6]);
    expect(r.decision?.pair).toEqual([3, 5]);
    expect([r.kept, r.keptSum]).toEqual([[5, 6], 11]);
  });
  it("TV-41: [2], 1 adv + 2 dis, [1,2,4,5,6]: ignore 1 high die, middle 2 + 4 = 6, keep 1 and 2 = 3", () => {
    const r = conflicted(1, 2, [1, 2, 4, 5, 6]);
    expect(r.decision?.pair).toEqual([2, 4]);
    expect([r.kept, r.keptSum]).toEqual([[1, 2], 3]);
  });
  it("TV-42: [1], 1 adv + 1 dis, [2,3,6]: odd count, the centre 3 twice = 6, keep the lowest, 2", () => {
    const r = conflicted(1, 1, [2, 3, 6], 1);
    expect(r.decision).toEqual({ pair: [3, 3], value: 6, keepHigh: false });
    expect(r.kept).toEqual([2]);
  });
  it("TV-43: [2], 1 adv + 1 dis, [1,2,4,6], Luck 1: the higher middle die moves up to the 6: 2 + 6 = 8, keep 4 and 6 = 10", () => {
    const r = conflicted(1, 1, [1, 2, 4, 6], 2, 1);
    expect(r.decision).toEqual({ pair: [2, 6], value: 8, keepHigh: true });
    expect([r.kept, r.keptSum]).toEqual([[4, 6], 10]);
  });
  it("Luck beyond the top die stops at the top die", () => {
    expect(decide([1, 2, 4, 6], 1, 1, 5).pair).toEqual([2, 6]);
  });
  it("keep-high conflicted rolls keep the highest of the entire pool, skipped dice included", () => {
    const r = conflicted(3, 1, [1, 1, 4, 4, 6, 6], 2);
    // skip 2 low dice: [4,4,6,6], middle 4 + 6 = 10
    expect(r.decision?.value).toBe(10);
    expect(r.kept).toEqual([6, 6]);
  });
  it("the decision is a sum of two faces and Luck never lowers it", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 3, maxLength: 10 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        fc.nat(4),
        (faces, adv, dis, luck) => {
          const pool = faces.slice().sort((a, b) => a - b);
          if (pool.length <= Math.abs(adv - dis)) return true;
          const plain = decide(pool, adv, dis);
          const lucky = decide(pool, adv, dis, luck);
          return plain.value >= 2 && plain.value <= 12 && lucky.value >= plain.value;
        },
      ),
    );
  });
});

describe("capacity modifiers", () => {
  it("TV-44: skill [1], attribute [2], 1 disadvantage: the capacity die cancels it, one die, no adv/dis", () => {
    const plan = planCheck({ ...base, capacity: 1, attrCapacity: 2, disadvantage: 1 });
    expect(plan).toMatchObject({
      poolSize: 1,
      advantage: 0,
      disadvantage: 0,
      capacityDice: 1,
      cancelled: 1,
      keepRule: "all",
    });
  });
  it("a human with a secondary skill rolls 2 dice and keeps the highest", () => {
    const plan = planCheck({ ...base, capacity: 1, attrCapacity: 2 });
    expect([plan.poolSize, plan.keep, plan.keepRule, plan.formula]).toEqual([2, 1, "high", "2d6kh1"]);
  });
  it("capacity dice never cancel ordinary advantages (A-11), and a surplus adds advantages", () => {
    const plan = planCheck({ ...base, capacity: 1, attrCapacity: 3, advantage: 1, disadvantage: 1 });
    expect([plan.advantage, plan.disadvantage, plan.keepRule]).toEqual([2, 0, "high"]);
  });
  it("a skill never takes a disadvantage from a lower attribute", () => {
    const plan = planCheck({ ...base, capacity: 3, attrCapacity: 1 });
    expect([plan.poolSize, plan.disadvantage]).toEqual([3, 0]);
  });
  it("TV-16: Dwarf Body [3]+2, Health save [2]: roll 3 dice, drop the lowest, add 2", () => {
    const r = resolveCheck({
      ...base,
      kind: "save",
      capacity: 3,
      attrCapacity: 3,
      level: 2,
      dice: [2, 5, 3],
    });
    expect([r.plan.poolSize, r.plan.keepRule, r.kept, r.total]).toEqual([3, "high", [3, 5], 10]);
  });
  it("a save with a lower attribute takes a disadvantage per missing die (A-10), or one", () => {
    const low = { ...base, kind: "save" as const, capacity: 1, attrCapacity: 1, saveCapacity: 3 };
    expect(planCheck(low).disadvantage).toBe(2);
    expect(planCheck(low, { saveShortfall: "one" }).disadvantage).toBe(1);
    expect(planCheck({ ...low, saveCapacity: 2 }).disadvantage).toBe(1);
  });
  it("attribute checks and Combination rolls get no capacity dice", () => {
    expect(planCheck({ ...base, kind: "attribute", capacity: 2, attrCapacity: 2 }).poolSize).toBe(2);
    expect(planCheck({ ...base, kind: "combination", capacity: 2, attrCapacity: 3 }).poolSize).toBe(2);
  });
  it("TV-45: capacity [0]: one die and one disadvantage, [6,6]: keep the lowest 6, no brilliant, 6 + level", () => {
    const r = resolveCheck({
      ...base,
      kind: "attribute",
      capacity: 0,
      attrCapacity: 0,
      level: 1,
      dice: [6, 6],
    });
    expect(r.plan).toMatchObject({
      keep: 1,
      poolSize: 2,
      disadvantage: 1,
      zeroCapacity: true,
      brilliantAllowed: false,
    });
    expect([r.kept, r.brilliant, r.total, r.diceNeeded]).toEqual([[6], false, 7, 0]);
  });
  it("a save by a [0] attribute: as [1] (one short of [2]) plus the extra disadvantage, no brilliants", () => {
    const plan = planCheck({ ...base, kind: "save", capacity: 0, attrCapacity: 0 });
    expect([plan.keep, plan.disadvantage, plan.brilliantAllowed]).toEqual([2, 2, false]);
  });
});

describe("brilliant results and explosions", () => {
  it("TV-06: [1], a 6, then a 4: not brilliant, the total is just 6", () => {
    const one = { capacity: 1, attrCapacity: 1, dice: [6] };
    const waiting = check(one);
    expect([waiting.diceNeeded, waiting.brilliant]).toEqual([1, false]);
    const r = check({ ...one, confirmation: 4 });
    expect([r.brilliant, r.total, r.diceNeeded]).toEqual([false, 6, 0]);
  });
  it("TV-07: [1], human attribute [2]: 6, then 6, then 3: brilliant, 6 + 2 = 8 (the 3 is not added), +1 XP now", () => {
    const one = { capacity: 1, attrCapacity: 1, dice: [6], confirmation: 6 };
    // attribute [2] would add a capacity die; the explosion value is what counts here
    const r = resolveCheck({
      ...base,
      ...one,
      kind: "attribute",
      attrCapacity: 2,
      capacity: 1,
      explosion: [3],
    });
    expect([r.brilliant, r.keptSum, r.explosionValue, r.total, r.xpNow]).toEqual([true, 6, 2, 8, 0]);
    const skill = check({ ...one, attrCapacity: 1, explosion: [6, 3] });
    expect([skill.explosionValue, skill.total, skill.xpNow]).toEqual([2, 8, 1]);
    expect(check({ ...one, explosion: [6] }).diceNeeded).toBe(1);
  });
  it("TV-08: [2], attribute [2]: 6,6 then 4: brilliant, 12 + 4 = 16", () => {
    const r = check({ dice: [6, 6], explosion: [4] });
    expect([r.brilliant, r.total, r.diceNeeded, r.xpNow]).toEqual([true, 16, 0, 1]);
    expect(check({ dice: [6, 6] }).diceNeeded).toBe(1);
  });
  it("TV-09: [2], attribute [2]: 6,6 then 6, 6, 3: 12 + 2 + 2 + 3 = 19 (an exploded 6 is worth the attribute capacity)", () => {
    expect(check({ dice: [6, 6], explosion: [6, 6, 3] }).total).toBe(19);
    expect(check({ dice: [6, 6], explosion: [6, 6] }).diceNeeded).toBe(1);
  });
  it("TV-10: [2], 1 advantage, attribute [2]: [6,6,6] then 4: the dropped 6 adds 2, then 4: 18", () => {
    const r = check({ advantage: 1, dice: [6, 6, 6], explosion: [4] });
    expect([r.kept, r.droppedSixes, r.explosionValue, r.total]).toEqual([[6, 6], 1, 6, 18]);
  });
  it("TV-11: [2], 1 disadvantage: [6,6,6]: still brilliant, but the dropped 6 is not used", () => {
    const r = check({ disadvantage: 1, dice: [6, 6, 6], explosion: [4] });
    expect([r.brilliant, r.droppedSixes, r.total]).toEqual([true, 0, 16]);
  });
  it("a conflicted roll that keeps high uses the dropped 6s; one that keeps low does not", () => {
    const high = check({ advantage: 1, disadvantage: 1, dice: [6, 6, 6, 6], explosion: [1] });
    expect([high.keepHigh, high.droppedSixes, high.total]).toEqual([true, 2, 12 + 4 + 1]);
  });
  it("[3] is brilliant on 17-18, [4] on 22-24, [5] on 27-30", () => {
    const at = (capacity: number, dice: number[], explosion: number[] = []) =>
      check({ capacity, attrCapacity: capacity, dice, explosion });
    expect(at(3, [5, 6, 6], [2]).brilliant).toBe(true);
    expect(at(3, [5, 5, 6]).brilliant).toBe(false);
    expect(at(4, [4, 6, 6, 6], [2]).brilliant).toBe(true);
    expect(at(4, [4, 5, 6, 6]).brilliant).toBe(false);
    expect(at(5, [3, 6, 6, 6, 6], [2]).brilliant).toBe(true);
    expect(at(5, [3, 5, 6, 6, 6]).brilliant).toBe(false);
    expect(at(3, [5, 6, 6], [6, 2]).total).toBe(17 + 3 + 2);
  });
  it("[1] with an advantage: a dropped 6 confirms (A-7); without that reading a confirmation die is rolled", () => {
    const input = { capacity: 1, attrCapacity: 1, advantage: 1, dice: [6, 6], explosion: [2] };
    const r = check(input);
    expect([r.brilliant, r.droppedSixes, r.total]).toEqual([true, 0, 7]);
    const asRolled = resolveCheck(
      { ...base, ...input, explosion: [], confirmation: 6 },
      { droppedSixConfirms: false },
    );
    expect(asRolled.diceNeeded).toBe(1);
    const done = resolveCheck({ ...base, ...input, confirmation: 6 }, { droppedSixConfirms: false });
    expect([done.brilliant, done.droppedSixes, done.total]).toEqual([true, 1, 6 + 1 + 1]);
  });
  it("strength feats are not brilliant unless the option says so", () => {
    const feat = { kind: "strengthFeat" as const, dice: [6, 6] };
    expect(check(feat).brilliant).toBe(false);
    expect(resolveCheck({ ...base, ...feat, explosion: [3] }, { strengthFeatBrilliants: true }).total).toBe(
      15,
    );
  });
  it("refuses dice after the chain ended, and extra dice for a roll that is not brilliant", () => {
    expect(() => check({ dice: [6, 6], explosion: [3, 4] })).toThrow(RangeError);
    expect(() => check({ dice: [5, 6], explosion: [3] })).toThrow(RangeError);
    expect(() => check({ dice: [6, 6], confirmation: 6 })).toThrow(RangeError);
    expect(() => check({ capacity: 1, attrCapacity: 1, dice: [6], confirmation: 4, explosion: [6] })).toThrow(
      RangeError,
    );
  });
  it("an explosion only raises the total", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constant(6), { maxLength: 5 }),
        fc.integer({ min: 1, max: 5 }),
        (sixes, last) => {
          const r = check({ dice: [6, 6], explosion: [...sixes, last] });
          return r.total === 12 + sixes.length * 2 + last && r.total > 12;
        },
      ),
    );
  });
});

describe("critical results and the extended range", () => {
  it("TV-12: [2], level 5, DL 10, [1,1]: critical, 0, the level not added, fails by 10: a critical fail", () => {
    const r = check({ level: 5, dl: 10, dice: [1, 1] });
    expect([r.critical, r.total, r.margin, r.success, r.degree]).toEqual([true, 0, -10, false, "critical"]);
  });
  it("TV-13: [2], DL 8, [1,1]: critical, 0, fails by 8 (serious: A-9)", () => {
    const r = check({ dl: 8, dice: [1, 1] });
    expect([r.critical, r.total, r.margin, r.degree, r.closeEnough]).toEqual([true, 0, -8, "serious", false]);
  });
  it("TV-14: [2] with +1 crit: 2 and 3 are critical; with +2: 2 to 4", () => {
    expect(planCheck({ ...base, critMod: 1 }).critRange).toEqual([2, 3]);
    expect(check({ critMod: 1, dice: [1, 2] }).critical).toBe(true);
    expect(check({ critMod: 2, dice: [2, 2] }).critical).toBe(true);
    expect(check({ critMod: 2, dice: [2, 3] }).critical).toBe(false);
  });
  it("TV-15: [5] starts at +1: 5 and 6 are both critical", () => {
    const five = { capacity: 5, attrCapacity: 5 };
    expect(planCheck({ ...base, ...five }).critRange).toEqual([5, 6]);
    expect(check({ ...five, dice: [1, 1, 1, 1, 2] }).critical).toBe(true);
    expect(check({ ...five, dice: [1, 1, 1, 2, 2] }).critical).toBe(false);
  });
  it("TV-47: a Combination roll of capacity 3 is critical on 3..5 (its own +2)", () => {
    expect(planCheck({ ...base, kind: "combination", capacity: 3 }).critRange).toEqual([3, 5]);
  });
  it("a critical result ignores the level, the flat bonus and any brilliant, and is never close enough", () => {
    fc.assert(
      fc.property(fc.nat(9), fc.integer({ min: 1, max: 2 }), (level, dl) => {
        const r = check({ level, flat: 3, dl, dice: [1, 1] });
        return r.total === 0 && r.success === false && !r.closeEnough && !r.brilliant;
      }),
    );
  });
  it("success is monotone in the level and antitone in the DL", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        fc.nat(9),
        fc.integer({ min: 1, max: 30 }),
        (a, b, level, dl) => {
          if (a === 6 && b === 6) return true;
          const r = check({ dice: [a, b], level, dl });
          const higher = check({ dice: [a, b], level: level + 1, dl });
          const harder = check({ dice: [a, b], level, dl: dl + 1 });
          return (!r.success || higher.success === true) && (r.success || harder.success === false);
        },
      ),
    );
  });
});

describe("Careful", () => {
  it("an advantage die and a duration step; extra careful two of each; none in combat or rushed", () => {
    expect(carefulDice(1)).toEqual({ advantage: 1, durationSteps: 1 });
    expect(carefulDice(2)).toEqual({ advantage: 2, durationSteps: 2 });
    expect(carefulDice(2, true)).toEqual({ advantage: 0, durationSteps: 0 });
    expect(() => carefulDice(3 as never)).toThrow(RangeError);
  });
});
