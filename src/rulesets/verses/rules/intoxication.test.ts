import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  DRINK_WINDOW_SECONDS,
  INTOXICATION_ABILITIES,
  INTOXICATION_LEVELS,
  INTOXICATION_MODULE,
  INTOXICATION_SKILLS,
  SOBER,
  advanceIntoxication,
  drink,
  drinkTarget,
  drinksInWindow,
  intoxicatedAttributes,
  intoxicationApplies,
  intoxicationAttributeModifiers,
  intoxicationConditions,
  intoxicationPool,
  levelDurationSeconds,
  resolveDrinkTest,
  stabilizeIntoxication,
  wakeFromIntoxication,
  type IntoxicationState,
} from "./intoxication";
import { effectiveAD, hasCondition } from "./conditions";
import { successProbability } from "./dice";

const MIN = 60;
const HOUR = 3600;
const PASS = [6, 6, 6, 6, 6, 6];
const FAIL_ONE = [5, 1, 1, 1, 1, 1];
const FAIL_ZERO = [1, 1, 1, 1, 1, 1];

describe("the drink test: (TUF x 2) + SMR -> (# drinks in last 1/2 hour)S", () => {
  it("TV-C26: a human with TUF 2, SMR 2 rolls 6d6; the third drink in 30 minutes is 3S; P(pass) = 31.96 %", () => {
    expect(intoxicationPool({ tuf: 2, smr: 2 })).toBe(6);
    let s: IntoxicationState = SOBER;
    s = drink(s, 0, PASS).state;
    s = drink(s, 10 * MIN, PASS).state;
    expect(drinkTarget(s, 20 * MIN)).toBe(3);
    expect(successProbability(6, 3) * 100).toBeCloseTo(31.96, 2);
  });
  it("TV-C26: 'fails this test ... 1 level'; 'fail the test with zero successes ... 2 levels'", () => {
    expect(resolveDrinkTest(FAIL_ONE, 3)).toMatchObject({ successes: 1, passed: false, levelsGained: 1 });
    expect(resolveDrinkTest(FAIL_ZERO, 3)).toMatchObject({ successes: 0, passed: false, levelsGained: 2 });
    expect(resolveDrinkTest([6, 5, 5, 1, 1, 1], 3)).toMatchObject({ passed: true, levelsGained: 0 });
  });
  it("Hollow Leg and unbound Heightened Metabolism dice 'may be added to any tests to resist intoxication'", () => {
    expect(intoxicationPool({ tuf: 2, smr: 2, hollowLeg: 2, heightenedMetabolismUnbound: 1 })).toBe(9);
    expect(INTOXICATION_ABILITIES.map((a) => a.name)).toEqual(["Heightened Metabolism", "Hollow Leg"]);
  });
  it("the pool never goes below 0 (Heavily Intoxicated TUF -3 can take TUF below 0)", () => {
    expect(intoxicationPool({ tuf: -1, smr: -2 })).toBe(0);
  });
  it("§11.2 #48: a sliding half-hour window over timestamps", () => {
    expect(DRINK_WINDOW_SECONDS).toBe(30 * MIN);
    expect(drinksInWindow([0, 10 * MIN, 20 * MIN], 25 * MIN)).toBe(3);
    expect(drinksInWindow([0, 10 * MIN, 20 * MIN], 35 * MIN)).toBe(2);
    expect(drinksInWindow([0], 30 * MIN)).toBe(0);
    expect(drinksInWindow([0], 30 * MIN - 1)).toBe(1);
  });
});

describe("Intoxicated Condition Levels", () => {
  it("levels, descriptions and durations as printed: 0.5, 1, 2, 4, 8 hours", () => {
    expect(INTOXICATION_LEVELS.map((l) => [l.level, l.description, l.durationHours])).toEqual([
      [1, "Buzzed", 0.5],
      [2, "Tipsy", 1],
      [3, "Drunk", 2],
      [4, "Heavily Intoxicated", 4],
      [5, "Inebriated", 8],
    ]);
    expect(levelDurationSeconds(1)).toBe(30 * MIN);
    expect(levelDurationSeconds(5)).toBe(8 * HOUR);
  });
  it("attribute changes: 1 PRW -1 SOC +1; 2 PRW -2 SMR -1; 3 PRW -3 SMR -2 SOC -1; 4 PRW -4 SMR -4 SOC -2 TUF -3", () => {
    expect(intoxicationAttributeModifiers(1)).toEqual({ prw: -1, smr: 0, soc: 1, tuf: 0 });
    expect(intoxicationAttributeModifiers(2)).toEqual({ prw: -2, smr: -1, soc: 0, tuf: 0 });
    expect(intoxicationAttributeModifiers(3)).toEqual({ prw: -3, smr: -2, soc: -1, tuf: 0 });
    expect(intoxicationAttributeModifiers(4)).toEqual({ prw: -4, smr: -4, soc: -2, tuf: -3 });
    expect(intoxicationAttributeModifiers(0)).toEqual({ prw: 0, smr: 0, soc: 0, tuf: 0 });
  });
  it("levels 1 and 2: '-1 contest against Charm'", () => {
    expect(INTOXICATION_LEVELS.map((l) => l.resistCharmDice)).toEqual([-1, -1, 0, 0, 0]);
  });
  it("§11.2 #47: SMR 2 at level 4 becomes -2 (not clamped) and is reported depleted", () => {
    const r = intoxicatedAttributes({ smr: 2, prw: 2, tuf: 2, soc: 2 }, 4);
    expect(r.attributes).toEqual({ smr: -2, prw: -2, tuf: -1, soc: 0 });
    expect(r.depleted).toEqual(["smr", "prw", "tuf", "soc"]);
  });
  it("'If the actor's intoxication level reaches 5, the actor gains the Unconscious condition'; above 5 Moribund", () => {
    const at5: IntoxicationState = { level: 5, since: 0, drinks: [], sickenedUntil: null };
    expect(intoxicationConditions(at5, 0).map((c) => c.id)).toEqual(["intoxicated", "unconscious"]);
    expect(effectiveAD(5, intoxicationConditions(at5, 0))).toBe(0);
    const at6 = { ...at5, level: 6 };
    expect(hasCondition(intoxicationConditions(at6, 0), "moribund")).toBe(true);
  });
  it("the module is for human biologicals ('The following rules apply to human species actors')", () => {
    expect(intoxicationApplies("biological", true)).toBe(true);
    expect(intoxicationApplies("biological", false)).toBe(false);
    expect(intoxicationApplies("biological", false, { otherSpecies: true })).toBe(true);
    expect(intoxicationApplies("construct", true)).toBe(false);
  });
  it("the module is off by default; its skills are difficulty 3, default SMR", () => {
    expect(INTOXICATION_MODULE.enabledByDefault).toBe(false);
    expect(INTOXICATION_SKILLS.map((s) => [s.name, s.difficulty, s.default])).toEqual([
      ["Brewing", 3, "smr"],
      ["Distilling", 3, "smr"],
      ["Winemaking", 3, "smr"],
    ]);
  });
});

describe("the intoxication timeline", () => {
  it("a first drink (1S) failed can only have zero successes: +2 levels", () => {
    const r = drink(SOBER, 0, FAIL_ZERO);
    expect(r.outcome).toMatchObject({ target: 1, levelsGained: 2 });
    expect(r.state.level).toBe(2);
  });
  it("a second drink (2S) failed with 1 success gives level 1 (Buzzed) for 0.5 hour, then 'the intoxication level is reduced by 1'", () => {
    let s = drink(SOBER, 0, PASS).state;
    const r = drink(s, 10 * MIN, FAIL_ONE);
    expect(r.outcome).toMatchObject({ target: 2, successes: 1, levelsGained: 1 });
    s = r.state;
    expect(s.level).toBe(1);
    expect(advanceIntoxication(s, 39 * MIN).level).toBe(1);
    expect(advanceIntoxication(s, 39 * MIN).drinks).toEqual([10 * MIN]);
    expect(advanceIntoxication(s, 40 * MIN)).toEqual({
      level: 0,
      since: null,
      drinks: [],
      sickenedUntil: null,
    });
  });
  it("levels fall one at a time, each running its own duration: 3 -> 2 after 2 h -> 1 after 1 h more -> 0 after 0.5 h more", () => {
    const s: IntoxicationState = { level: 3, since: 0, drinks: [], sickenedUntil: null };
    expect(advanceIntoxication(s, 2 * HOUR - 1).level).toBe(3);
    expect(advanceIntoxication(s, 2 * HOUR).level).toBe(2);
    expect(advanceIntoxication(s, 3 * HOUR).level).toBe(1);
    expect(advanceIntoxication(s, 3.5 * HOUR).level).toBe(0);
  });
  it("'no additional alcohol has been consumed': a drink, even a passed one, restarts the duration", () => {
    let s: IntoxicationState = { level: 1, since: 0, drinks: [], sickenedUntil: null };
    s = drink(s, 20 * MIN, PASS).state;
    expect(advanceIntoxication(s, 40 * MIN).level).toBe(1);
    expect(advanceIntoxication(s, 50 * MIN).level).toBe(0);
  });
  it("'if the actor is not unconscious': an actor unconscious for another reason keeps its level", () => {
    const s: IntoxicationState = { level: 2, since: 0, drinks: [], sickenedUntil: null };
    expect(advanceIntoxication(s, 5 * HOUR, { actorUnconscious: true }).level).toBe(2);
  });
  it("Inebriated for 8 hours, then 'On regaining consciousness, the actor has the Sickened condition for 3 hours'", () => {
    // A drink 10 minutes earlier makes this one 2S; one success fails it: level 4 -> 5.
    let s: IntoxicationState = { level: 4, since: -10 * MIN, drinks: [-10 * MIN], sickenedUntil: null };
    s = drink(s, 0, FAIL_ONE).state;
    expect(s.level).toBe(5);
    expect(advanceIntoxication(s, 8 * HOUR - 1).level).toBe(5);
    const woke = advanceIntoxication(s, 8 * HOUR);
    expect(woke).toMatchObject({ level: 4, since: 8 * HOUR, sickenedUntil: 11 * HOUR });
    expect(intoxicationConditions(woke, 9 * HOUR).map((c) => c.id)).toEqual(["intoxicated", "sickened"]);
    expect(intoxicationConditions(woke, 11 * HOUR).map((c) => c.id)).toEqual(["intoxicated"]);
    expect(advanceIntoxication(s, 8 * HOUR, { inebriatedWakes: false }).level).toBe(5);
  });
  it("awakened early: Sickened for 3 hours from waking", () => {
    const s: IntoxicationState = { level: 5, since: 0, drinks: [], sickenedUntil: null };
    expect(wakeFromIntoxication(s, HOUR)).toMatchObject({ level: 4, since: HOUR, sickenedUntil: 4 * HOUR });
  });
  it("'exceeds 5 ... Moribund and must make Survival Rolls': time alone does not change it; surviving leaves level 5", () => {
    let s: IntoxicationState = { level: 4, since: 0, drinks: [], sickenedUntil: null };
    s = drink(s, 0, FAIL_ZERO).state;
    expect(s.level).toBe(6);
    expect(advanceIntoxication(s, 48 * HOUR).level).toBe(6);
    expect(stabilizeIntoxication(s, HOUR)).toMatchObject({ level: 5, since: HOUR });
  });
  it("property: the intoxication level never decreases from drinking", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 3 * HOUR }),
            fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 8 }),
          ),
          {
            maxLength: 10,
          },
        ),
        (drinks) => {
          let s: IntoxicationState = SOBER;
          let now = 0;
          for (const [gap, faces] of drinks) {
            now += gap;
            const before = advanceIntoxication(s, now).level;
            s = drink(s, now, faces).state;
            expect(s.level).toBeGreaterThanOrEqual(before);
          }
        },
      ),
    );
  });
  it("property: with no further drinks the level never rises, and it is 0 or a Moribund level after a day and a half", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 40 * HOUR }), (level, dt) => {
        const s: IntoxicationState = { level, since: level > 0 ? 0 : null, drinks: [], sickenedUntil: null };
        expect(advanceIntoxication(s, dt).level).toBeLessThanOrEqual(level);
        const later = advanceIntoxication(s, 40 * HOUR).level;
        expect(later === 0 || later > 5).toBe(true);
      }),
    );
  });
});
