import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { classify } from "./check";
import { startingAttributes, startingSkills } from "./character";
import {
  CHECK_SPECS,
  FIRST_IMPRESSION_CMOD,
  GROUP_CHECK_INSIGHT,
  UPKEEP_SKILLS,
  bestCheckOption,
  breakingPointCheckModifier,
  breakingPointFillsBox,
  checkOptions,
  firstImpressionCmod,
  gambitResult,
  groupCheckModifier,
  groupInsight,
  gutInstinct,
  negotiationFailed,
  opposedResult,
  perceptionCheckModifier,
  rebuttalResult,
  resolveOpposed,
  upkeepCheck,
} from "./checks";
import { BANDS } from "./keys";

describe("opposed checks (spec C21, C22)", () => {
  it("C21: A 10 against B 8: A wins, no band", () => {
    expect(opposedResult(10, 8)).toBe("a");
    expect(opposedResult(8, 10)).toBe("b");
  });
  it("C22: 9 against 9: a draw, neither side gained the upper hand", () => {
    expect(opposedResult(9, 9)).toBe("draw");
  });
  it("only the totals count: 1+1 with +10 beats 6+6 with −5", () => {
    const r = resolveOpposed({ dice: [1, 1], modifier: 10 }, { dice: [6, 6], modifier: -5 });
    expect(r.winner).toBe("a");
    expect(r.a).toEqual({ total: 12, moment: "low", insightGained: 1 });
    expect(r.b).toEqual({ total: 7, moment: "high", insightGained: 1 });
  });
  it("opposedInsight false: a Moment earns nothing in an opposed check", () => {
    const r = resolveOpposed(
      { dice: [6, 6], modifier: 0 },
      { dice: [2, 3], modifier: 0 },
      { opposedInsight: false },
    );
    expect(r.a.insightGained).toBe(0);
    expect(r.winner).toBe("a");
  });
  it("antisymmetric: swapping the sides swaps the winner", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 30 }), fc.integer({ min: -10, max: 30 }), (a, b) => {
        const swap = { a: "b", b: "a", draw: "draw" } as const;
        expect(opposedResult(b, a)).toBe(swap[opposedResult(a, b)]);
      }),
    );
  });
});

describe("group checks (spec C30)", () => {
  it("the highest AMod + SMod rolls and adds the others' AMods and CMods", () => {
    const g = groupCheckModifier([
      { attribute: 1, skill: 0, conditional: [-1] },
      { attribute: 2, skill: 1 },
      { attribute: -1, skill: 2, conditional: [2] },
    ]);
    // leader: index 1 (2 + 1 = 3; index 2 is 1, index 0 is 1)
    expect(g).toEqual({ leader: 1, attribute: 2, skill: 1, conditional: 1, total: 4 });
  });
  it("groupCheckSkills: the others' SMods are added too", () => {
    const g = groupCheckModifier(
      [
        { attribute: 1, skill: 0 },
        { attribute: 2, skill: 1 },
        { attribute: -1, skill: 2 },
      ],
      { groupCheckSkills: true },
    );
    expect(g).toMatchObject({ leader: 1, attribute: 2, skill: 3, total: 5 });
  });
  it("a tie for leader goes to the first listed", () => {
    expect(groupCheckModifier([{ attribute: 2 }, { attribute: 2 }]).leader).toBe(0);
  });
  it("an attribute group check: AMods only", () => {
    expect(groupCheckModifier([{ attribute: 3 }, { attribute: 1 }, { attribute: 0 }]).total).toBe(4);
  });
  it("clampConditional holds every participant's CMods together to −5..+5", () => {
    const p = [
      { attribute: 0, conditional: [3] },
      { attribute: 0, conditional: [3] },
    ];
    expect(groupCheckModifier(p).conditional).toBe(6);
    expect(groupCheckModifier(p, { clampConditional: true }).conditional).toBe(5);
  });
  it("Insight Dice cannot be used; C30: a Moment of High Insight gives each of 3 participants a die (1 → 2)", () => {
    expect(GROUP_CHECK_INSIGHT).toBe(false);
    expect(groupInsight([1, 1, 1], classify([6, 6], 0))).toEqual([2, 2, 2]);
    expect(groupInsight([1, 1, 1], "low")).toEqual([2, 2, 2]);
    expect(groupInsight([1, 0, 4], classify([3, 6], 0))).toEqual([1, 0, 4]);
  });
  it("refuses an empty group", () => {
    expect(() => groupCheckModifier([])).toThrow(RangeError);
  });
  it("the leader's own AMod + SMod is the highest", () => {
    const p = fc.record({
      attribute: fc.integer({ min: -2, max: 4 }),
      skill: fc.integer({ min: 0, max: 4 }),
    });
    fc.assert(
      fc.property(fc.array(p, { minLength: 1, maxLength: 6 }), (ps) => {
        const { leader } = groupCheckModifier(ps);
        const own = ps.map((x) => x.attribute + x.skill);
        expect(own[leader]).toBe(Math.max(...own));
      }),
    );
  });
});

describe("perception and breaking-point checks", () => {
  it("C32: Reason +1, Acumen +2: +3 (dice [3,3] make 9, a Success)", () => {
    expect(perceptionCheckModifier({ rsn: 1, acu: 2 })).toBe(3);
    expect(classify([3, 3], perceptionCheckModifier({ rsn: 1, acu: 2 })).band).toBe("success");
  });
  it("Perception with a bonus (Binoculars +1 at Long range) and CMods", () => {
    expect(perceptionCheckModifier({ rsn: 1, acu: 2 }, { bonus: 1, conditional: [-2] })).toBe(2);
  });
  it("Breaking Point: 2d6 + Reason + Acumen; a failed check fills a box", () => {
    expect(breakingPointCheckModifier({ rsn: -1, acu: 2 })).toBe(1);
    expect(breakingPointCheckModifier({ rsn: 1, acu: 1 }, { conditional: [-1] })).toBe(1);
    expect(breakingPointFillsBox("failure")).toBe(true);
    expect(breakingPointFillsBox(classify([1, 1], 9))).toBe(true);
    expect(breakingPointFillsBox("success")).toBe(false);
    expect(breakingPointFillsBox("wild-success")).toBe(false);
  });
});

describe("first impressions (spec C23–C25)", () => {
  it("C25 Wild Success +1, Success 0, C23 Failure −1, Dire Failure −5", () => {
    expect(FIRST_IMPRESSION_CMOD).toEqual({ "wild-success": 1, success: 0, failure: -1, "dire-failure": -5 });
    expect(firstImpressionCmod("failure")).toBe(-1);
    expect(firstImpressionCmod("wild-success")).toBe(1);
  });
  it("C24: dice [1,1] (whatever the modifier): −5; [6,6]: +1", () => {
    expect(firstImpressionCmod(classify([1, 1], 12))).toBe(-5);
    expect(firstImpressionCmod(classify([6, 6], -6))).toBe(1);
  });
  it("Influence, Inspiration, Intimidation or Manipulation", () => {
    expect(CHECK_SPECS.firstImpression).toEqual({
      attributes: ["inf"],
      skills: ["inspiration", "intimidation", "manipulation"],
    });
  });
});

describe("gut instincts", () => {
  it("four readings by band", () => {
    expect(BANDS.map(gutInstinct)).toEqual(["faceValue", "noRead", "someInsight", "motivations"]);
    expect(gutInstinct(classify([6, 6], -10))).toBe("motivations");
  });
  it("Acumen, Psychology*, Survival or Tactics*", () => {
    expect(CHECK_SPECS.gutInstinct).toEqual({
      attributes: ["acu"],
      skills: ["psychology", "survival", "tactics"],
    });
  });
});

describe("negotiations (spec C26–C29)", () => {
  it("C26 Success: Rebuttal −1; C27 Failure: +1", () => {
    expect(gambitResult("success")).toBe(-1);
    expect(gambitResult("failure")).toBe(1);
  });
  it("C28 Wild Success or [6,6]: −3", () => {
    expect(gambitResult("wild-success")).toBe(-3);
    expect(gambitResult(classify([6, 6], -8))).toBe(-3);
  });
  it("C29 Dire Failure or [1,1]: the negotiation is over", () => {
    expect(gambitResult("dire-failure")).toBe("over");
    expect(gambitResult(classify([1, 1], 12))).toBe("over");
    expect(negotiationFailed("over")).toBe(true);
  });
  it("the Rebuttal's four outcomes", () => {
    expect(BANDS.map(rebuttalResult)).toEqual(["hostile", "over", "mayConsider", "veryLikely"]);
    expect(negotiationFailed(-1, "over")).toBe(true);
    expect(negotiationFailed(-1, "hostile")).toBe(true);
    expect(negotiationFailed(1, "mayConsider")).toBe(false);
  });
  it("Gambit and Rebuttal: Influence, Barter, Inspiration, Intimidation, Manipulation, Psychology*, Tactics*", () => {
    const spec = {
      attributes: ["inf"],
      skills: ["barter", "inspiration", "intimidation", "manipulation", "psychology", "tactics"],
    };
    expect(CHECK_SPECS.gambit).toEqual(spec);
    expect(CHECK_SPECS.rebuttal).toEqual(spec);
  });
});

describe("what each check rolls", () => {
  it("every way to make a Gambit, with Barter on Acumen (Table 16) or Influence", () => {
    const attrs = { ...startingAttributes(), inf: 2, acu: 1 };
    const skills = { ...startingSkills(), barter: 2, psychology: -3 };
    const options = checkOptions("gambit", attrs, skills);
    expect(options[0]).toEqual({ attribute: "inf", modifier: 2 });
    expect(options.find((o) => o.skill === "barter")).toEqual({
      attribute: "acu",
      skill: "barter",
      modifier: 3,
    });
    expect(options.find((o) => o.skill === "psychology")).toEqual({
      attribute: "inf",
      skill: "psychology",
      modifier: -1,
    });
    expect(
      checkOptions("gambit", attrs, skills, { barterAttribute: "inf" }).find((o) => o.skill === "barter"),
    ).toEqual({ attribute: "inf", skill: "barter", modifier: 4 });
    expect(bestCheckOption("gambit", attrs, skills)).toEqual({
      attribute: "acu",
      skill: "barter",
      modifier: 3,
    });
  });
  it("Perception and Breaking Point: the sum of Reason and Acumen", () => {
    const attrs = { ...startingAttributes(), rsn: 1, acu: 2 };
    expect(checkOptions("perception", attrs, startingSkills(), { perceptionBonus: 1 })).toEqual([
      { modifier: 4 },
    ]);
    expect(checkOptions("breakingPoint", attrs, startingSkills())).toEqual([{ modifier: 3 }]);
  });
  it("Upkeep: Mechanic* or Tinkerer, the better one", () => {
    expect(UPKEEP_SKILLS).toEqual(["mechanic", "tinkerer"]);
    const attrs = { ...startingAttributes(), rsn: 2, dex: 1 };
    expect(upkeepCheck(attrs, startingSkills())).toEqual({ skill: "tinkerer", modifier: 1 });
    expect(upkeepCheck(attrs, { ...startingSkills(), mechanic: 1 }, { conditional: [-1] })).toEqual({
      skill: "mechanic",
      modifier: 2,
    });
  });
});
