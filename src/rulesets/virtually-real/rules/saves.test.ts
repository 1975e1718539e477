import { describe, expect, it } from "vitest";
import { planCheck, resolveCheck } from "./check";
import { checkOdds } from "./odds";
import {
  STRENGTH_FEAT_RETRY,
  afterStrengthFeat,
  attributeCheck,
  declinedSave,
  saveCheck,
  startStrengthFeat,
  strengthFeat,
} from "./saves";

describe("saving throws", () => {
  it("TV-16: Dwarf Body [3]+2, Health save: 3 dice, drop the lowest, +2", () => {
    const save = saveCheck({ save: "health", attrCapacity: 3, modifier: 2 });
    expect([save.attribute, save.saveCapacity, save.level]).toEqual(["body", 2, 2]);
    expect(planCheck(save).formula).toBe("3d6kh2");
    expect(resolveCheck({ ...save, dice: [1, 4, 4] }).total).toBe(10);
  });
  it("a human's standard save is [2] at the attribute modifier; a [1] attribute takes a disadvantage", () => {
    expect(planCheck(saveCheck({ save: "standard", attrCapacity: 2, modifier: 1 })).formula).toBe("2d6");
    expect(planCheck(saveCheck({ save: "standard", attrCapacity: 1, modifier: 1 })).formula).toBe("3d6kl2");
  });
  it("TV-31: against the default DLs 4 / 10 / 16 / 22 a human at +2 succeeds less and less", () => {
    const save = saveCheck({ save: "standard", attrCapacity: 2, modifier: 2 });
    const odds = [4, 10, 16, 22].map((dl) => checkOdds({ ...save, dl }).success);
    expect(odds[0]).toBeCloseTo(35 / 36, 15); // everything but 1+1
    expect(odds[1]).toBeCloseTo(15 / 36, 15); // 8 or more
    expect(odds[2]! > odds[3]!).toBe(true);
  });
  it("Dodge is [2] by Agility and costs a combat action; Evade [1], free; both leave a Maneuver penalty", () => {
    const dodge = saveCheck({ save: "dodge", attrCapacity: 2, modifier: 1 });
    const evade = saveCheck({ save: "evade", attrCapacity: 2, modifier: 1 });
    expect([
      dodge.saveCapacity,
      dodge.attribute,
      dodge.action,
      dodge.maneuverPenalty,
      dodge.declinable,
    ]).toEqual([2, "agility", "combatAction", true, true]);
    expect([evade.saveCapacity, evade.action, evade.maneuverPenalty]).toEqual([1, "free", true]);
    // a human evading rolls 2 dice and keeps the higher (the attribute's extra die is an advantage)
    expect(planCheck(evade).formula).toBe("2d6kh1");
  });
  it("mental attacks are dodged and evaded by Logic, and Logic saves may be declined", () => {
    const s = saveCheck({ save: "evade", attrCapacity: 2, modifier: 0, mental: true });
    expect([s.attribute, s.declinable]).toEqual(["logic", true]);
    expect(saveCheck({ save: "standard", attribute: "body", attrCapacity: 2, modifier: 0 }).declinable).toBe(
      false,
    );
  });
  it("Initiative: Reflex [1], [2] with Basic Combat Training at primary; the [I] box as the level", () => {
    const raw = saveCheck({ save: "initiative", attrCapacity: 2, modifier: 1 });
    const bct = saveCheck({ save: "initiative", attrCapacity: 2, modifier: 4, bctCapacity: 2 });
    expect([raw.attribute, raw.saveCapacity, planCheck(raw).formula]).toEqual(["reflex", 1, "2d6kh1"]);
    expect([bct.saveCapacity, bct.level, planCheck(bct).formula]).toEqual([2, 4, "2d6"]);
    expect(saveCheck({ save: "initiative", attrCapacity: 2, modifier: 1, bctCapacity: 1 }).saveCapacity).toBe(
      1,
    );
  });
  it("Perception by Mind: Careful an advantage and a reflex action, Very Careful two and a non-combat action", () => {
    const quick = saveCheck({ save: "perception", attrCapacity: 2, modifier: 1 });
    const careful = saveCheck({ save: "perception", attrCapacity: 2, modifier: 1, careful: 1 });
    const very = saveCheck({ save: "perception", attrCapacity: 2, modifier: 1, careful: 2 });
    expect([quick.attribute, quick.advantage, quick.action]).toEqual(["mind", 0, "free"]);
    expect([careful.advantage, careful.action]).toEqual([1, "reflexAction"]);
    expect([very.advantage, very.action, planCheck(very).formula]).toEqual([2, "nonCombatAction", "4d6kh2"]);
  });
  it("a declined save is a 0", () => {
    expect(declinedSave(10)).toEqual({ total: 0, margin: -10, success: false });
    expect(declinedSave()).toEqual({ total: 0, margin: null, success: null });
  });
  it("refuses unknown saves and bad inputs", () => {
    expect(() => saveCheck({ save: "nope" as never, attrCapacity: 2, modifier: 0 })).toThrow(RangeError);
    expect(() => saveCheck({ save: "standard", attrCapacity: 2, modifier: 0.5 })).toThrow(RangeError);
    expect(() =>
      saveCheck({ save: "perception", attrCapacity: 2, modifier: 0, careful: 3 as never }),
    ).toThrow(RangeError);
  });
});

describe("attribute checks", () => {
  it("rolled as a skill of the attribute's capacity, with no capacity dice", () => {
    const c = attributeCheck({ capacity: 3, modifier: 2 });
    expect(planCheck(c).formula).toBe("3d6");
    expect(resolveCheck({ ...c, dice: [2, 3, 4] }).total).toBe(11);
  });
});

describe("strength feats", () => {
  it("a Body check plus the weight size; Weight Lifting adds its value and an advantage", () => {
    const feat = strengthFeat({ bodyCapacity: 2, bodyModifier: 2, weightSize: 3, weightLifting: 2 });
    expect([feat.flat, feat.advantage, planCheck(feat).formula]).toEqual([5, 1, "3d6kh2"]);
    const r = resolveCheck({ ...feat, dice: [6, 6, 1] });
    expect([r.brilliant, r.total]).toEqual([false, 12 + 2 + 5]);
    expect(
      strengthFeat(
        { bodyCapacity: 2, bodyModifier: 2, weightSize: 3, weightLifting: 2 },
        { weightLiftingDice: "value" },
      ).advantage,
    ).toBe(2);
  });
  it("TV-50: each retry is at +1 crit and costs 1 End and a non-combat action", () => {
    expect(STRENGTH_FEAT_RETRY).toEqual({ endurance: 1, action: "nonCombatAction", critMod: 1 });
    const second = strengthFeat({ bodyCapacity: 2, bodyModifier: 1, weightSize: 2, retries: 2 });
    expect(planCheck(second).critRange).toEqual([2, 4]);
  });
  it("TV-50: keep the higher roll until a critical failure, which drops it", () => {
    let s = startStrengthFeat();
    s = afterStrengthFeat(s, { total: 12, critical: false });
    s = afterStrengthFeat(s, { total: 9, critical: false });
    expect(s).toEqual({ best: 12, retries: 1, over: false });
    s = afterStrengthFeat(s, { total: 15, critical: false });
    expect(s).toEqual({ best: 15, retries: 2, over: false });
    s = afterStrengthFeat(s, { total: 0, critical: true });
    expect(s).toEqual({ best: null, retries: 3, over: true });
    expect(() => afterStrengthFeat(s, { total: 20, critical: false })).toThrow(RangeError);
  });
});
