import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  COMBAT_AWARD_TABLE,
  INDIVIDUAL_AWARD_TABLE,
  STORY_AWARD_TABLE,
  awardRow,
  bctSceneXP,
  bonusXPRoom,
  brilliantXP,
  combatXP,
  darknessBonusOutcome,
  darknessBonusSaveDL,
  distributeCombatXP,
  gainXP,
  isAwardKey,
  lightFromDonation,
  pcDeathAward,
  placeBonusXP,
  practiceXP,
  sceneXP,
  storyGoalAward,
  type SkillUse,
} from "./advancement";
import { COMBAT_AWARDS, INDIVIDUAL_AWARDS, STORY_AWARDS } from "./character-keys";
import { levelFromXP } from "./experience";

const used: SkillUse = { consequences: true, outcomeKnown: true, success: true };

describe("XP through use: 1 per scene, not per roll", () => {
  it("a use with consequences and a known outcome earns 1, however many rolls", () => {
    expect(sceneXP([used])).toBe(1);
    expect(sceneXP([used, used, { ...used, success: false }])).toBe(1);
  });
  it("practice, or an unknown outcome (a Search that finds nothing), earns nothing", () => {
    expect(sceneXP([{ ...used, consequences: false }])).toBe(0);
    expect(sceneXP([{ ...used, outcomeKnown: false }])).toBe(0);
    expect(sceneXP([])).toBe(0);
  });
  it("failures teach too, but a failed knowledge check does not, unless the GM awards a discovery", () => {
    expect(sceneXP([{ ...used, success: false }])).toBe(1);
    expect(sceneXP([{ ...used, knowledge: true, success: false }])).toBe(0);
    expect(sceneXP([{ ...used, knowledge: true, success: false, discovered: true }])).toBe(1);
  });
  it("'I'll try too!': a second failure earns nothing; succeeding where the other failed earns", () => {
    expect(sceneXP([{ ...used, success: false, followsFailure: true }])).toBe(0);
    expect(sceneXP([{ ...used, success: true, followsFailure: true }])).toBe(1);
  });
  it("regular practice earns 1 a chapter, unless the skill gained XP otherwise", () => {
    expect(practiceXP(true, false)).toBe(1);
    expect(practiceXP(true, true)).toBe(0);
    expect(practiceXP(false, false)).toBe(0);
  });
  it("a brilliant skill or Combination check gives 1 XP at once; not saves, attribute checks or BCT", () => {
    expect(brilliantXP({ brilliant: true, kind: "skill" })).toBe(1);
    expect(brilliantXP({ brilliant: true, kind: "combination" })).toBe(1);
    expect(brilliantXP({ brilliant: true, kind: "save" })).toBe(0);
    expect(brilliantXP({ brilliant: true, kind: "attribute" })).toBe(0);
    expect(brilliantXP({ brilliant: true, kind: "skill" }, true)).toBe(0);
    expect(brilliantXP({ brilliant: false, kind: "skill" })).toBe(0);
  });
  it("BCT earns on a failure, one more on a critical failure", () => {
    expect(bctSceneXP({ failed: false, criticallyFailed: false })).toBe(0);
    expect(bctSceneXP({ failed: true, criticallyFailed: false })).toBe(1);
    expect(bctSceneXP({ failed: true, criticallyFailed: true })).toBe(2);
  });
  it("a new XP total is indexed for the level; an odd level above the attribute's raises it", () => {
    expect(gainXP({ capacity: 2, xp: 36 }, 1, 15)).toEqual({
      xp: 37,
      fromLevel: 4,
      level: 5,
      levelChanged: true,
      attributeGain: 1,
    });
    expect(gainXP({ capacity: 2, xp: 22 }, 1, 15).levelChanged).toBe(false);
  });
});

describe("Bonus XP: never more than a level at a time", () => {
  it("20 XP (level 3) takes up to 16 (36, the top of level 4)", () => {
    expect(bonusXPRoom(20)).toBe(16);
    expect(placeBonusXP(20, 16, 20)).toEqual({ ok: true, value: { xp: 36, bonusXP: 4 } });
    expect(placeBonusXP(20, 17, 20)).toEqual({ ok: false, reason: "overLevelJump", data: { room: 16 } });
  });
  it("from level 8 there is no top; more than you have is refused", () => {
    expect(bonusXPRoom(115)).toBeNull();
    expect(bonusXPRoom(300)).toBeNull();
    expect(placeBonusXP(120, 100, 100).ok).toBe(true);
    expect(placeBonusXP(20, 3, 2)).toEqual({ ok: false, reason: "notEnoughXP", data: { have: 2, need: 3 } });
  });
  it("property: the room raises the level by at most one; one more XP would jump", () =>
    fc.assert(
      fc.property(fc.nat(200), (xp) => {
        const room = bonusXPRoom(xp);
        if (room === null) return levelFromXP(xp) >= 8;
        return (
          levelFromXP(xp + room) === levelFromXP(xp) + 1 && levelFromXP(xp + room + 1) === levelFromXP(xp) + 2
        );
      }),
    ));
});

describe("the award tables", () => {
  it("13 individual, 6 story and 4 combat rows, in the tables' order", () => {
    expect(INDIVIDUAL_AWARD_TABLE.map((r) => r.key)).toEqual([...INDIVIDUAL_AWARDS]);
    expect(STORY_AWARD_TABLE.map((r) => r.key)).toEqual([...STORY_AWARDS]);
    expect(COMBAT_AWARD_TABLE.map((r) => r.key)).toEqual([...COMBAT_AWARDS]);
    expect(INDIVIDUAL_AWARD_TABLE.map((r) => r.xp)).toEqual([1, 1, 1, 2, 1, 1, 1, 2, 3, 3, 3, 1, 2]);
    expect(STORY_AWARD_TABLE.map((r) => r.xp)).toEqual([1, 2, 4, 1, 2, 4]);
    expect(COMBAT_AWARD_TABLE.map((r) => r.xp)).toEqual([2, 2, 4, 2]);
  });
  it("the asterisks: endangering self, self sacrifice and the chapter goal give a light too", () => {
    const starred = [...INDIVIDUAL_AWARD_TABLE, ...STORY_AWARD_TABLE]
      .filter((r) => r.light > 0)
      .map((r) => r.key);
    expect(starred).toEqual(["endangeringSelf", "selfSacrifice", "chapterGoal"]);
    expect(awardRow("exceptionalRolePlaying").open).toBe(true);
    expect(isAwardKey("liquidFromNose")).toBe(true);
    expect(isAwardKey("nope")).toBe(false);
  });
  it("chapter, act and story goals are not cumulative: the largest counts", () => {
    expect(storyGoalAward(["chapterGoal", "actGoal", "completingStory"])?.xp).toBe(4);
    expect(storyGoalAward(["chapterGoal"])).toEqual({ key: "chapterGoal", xp: 1, light: 1 });
    expect(storyGoalAward([])).toBeNull();
  });
  it("PC deaths: 1 → 2, 2 → 4, 3+ → 2 per death", () =>
    expect([0, 1, 2, 3, 4].map(pcDeathAward)).toEqual([0, 2, 4, 6, 8]));
});

describe("donating Bonus XP earns light", () => {
  it("TV-33: donate 5 / 6 / 9 / 10 / 16 → light 0 / 1 / 1 / 2 / 3", () =>
    expect([5, 6, 9, 10, 16].map(lightFromDonation)).toEqual([0, 1, 1, 2, 3]));
  it("property: more given never earns less", () =>
    fc.assert(
      fc.property(fc.nat(300), fc.nat(300), (a, b) =>
        a <= b ? lightFromDonation(a) <= lightFromDonation(b) : true,
      ),
    ));
});

describe("Bonus XP into Darkness", () => {
  it("an Integrity save against the XP put in; a failure is impostor syndrome; a critical one with G, an NPC", () => {
    expect(darknessBonusSaveDL(7)).toBe(7);
    expect(darknessBonusOutcome({ success: true, criticalFailure: false, guiltCritical: true })).toBe("none");
    expect(darknessBonusOutcome({ success: false, criticalFailure: false, guiltCritical: true })).toBe(
      "impostor",
    );
    expect(darknessBonusOutcome({ success: false, criticalFailure: true, guiltCritical: false })).toBe(
      "impostor",
    );
    expect(darknessBonusOutcome({ success: false, criticalFailure: true, guiltCritical: true })).toBe("npc");
  });
});

describe("combat XP", () => {
  it("TV-34: highest wound minor / major / serious / critical → 0 (practice) / 2 / 4 / 8", () =>
    expect((["minor", "major", "serious", "critical"] as const).map(combatXP)).toEqual([0, 2, 4, 8]));
  it("no wound at all: none", () => expect(combatXP("none")).toBe(0));
  it("at most 1 XP a skill, only skills used; the rest is forfeit", () => {
    expect(distributeCombatXP(4, ["sword", "shield"])).toEqual({ awarded: ["sword", "shield"], forfeit: 2 });
    expect(distributeCombatXP(2, ["sword", "sword", "armor", "style"])).toEqual({
      awarded: ["sword", "armor"],
      forfeit: 0,
    });
  });
  it("property: awarded + forfeit = the XP, each skill once", () =>
    fc.assert(
      fc.property(fc.nat(8), fc.array(fc.constantFrom("a", "b", "c", "d", "e")), (xp, skills) => {
        const r = distributeCombatXP(xp, skills);
        return r.awarded.length + r.forfeit === xp && new Set(r.awarded).size === r.awarded.length;
      }),
    ));
});
