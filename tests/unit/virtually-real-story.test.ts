// The end of a scene and of a chapter, Foundry-free, quoting chapter 1: "you earn 1 Experience Point
// (XP) in that skill at the end of the scene. This is per scene, not per roll of the dice"; BCT "earns
// XP in any scene in which you fail a BCT check. You get another point if you critically fail"; "If you
// only took minor wounds ... this scene counts as practice"; "At the end of the scene, you must give up
// an Endurance point as this adrenaline fades. If already Winded, you will become Tired"; the
// conditions tables' "At Next"/"Heal to"; "This bonus lasts 1 scene"; light "for each scene where you
// risk yourself"; "Regular practice earns 1 XP per chapter if you have not otherwise gained XP in that
// skill this chapter"; light "1 each chapter", "Each asterisk is a point"; the three BONUS XP tables.
import { describe, expect, it } from "vitest";
import {
  endSceneFor,
  defaultSceneChoice,
  healConditions,
  sceneOffers,
} from "../../src/rulesets/virtually-real/documents/scene-logic";
import {
  NO_GROUP_AWARDS,
  endChapterFor,
  groupAwardLines,
  individualAwardLines,
  readIndividualAwards,
} from "../../src/rulesets/virtually-real/documents/chapter-logic";
import {
  readClock,
  readProgress,
  retryAfter,
  retryAllowed,
} from "../../src/rulesets/virtually-real/documents/story-logic";
import type { PlaySkill } from "../../src/rulesets/virtually-real/documents/play-logic";
import { playActor } from "../lib/virtually-real-play-actor";
import type { StoredCondition } from "../../src/rulesets/virtually-real/data/living-logic";

const progress = readProgress(undefined);
const skill = (s: Partial<PlaySkill>): PlaySkill => ({
  id: "s1",
  name: "Acrobatics",
  capacity: 2,
  xp: 36,
  attribute: "agility",
  combat: false,
  ref: "",
  usedThisScene: false,
  gainedThisChapter: false,
  progress,
  ...s,
});
const mark = (c: Partial<StoredCondition>): StoredCondition => ({
  severity: "critical",
  group: "physical",
  target: "",
  side: "wound",
  id: "",
  letter: "",
  atNext: "",
  ...c,
});
const actor = playActor;

describe("the end of a scene", () => {
  it("gives 1 XP per skill used, once per scene however often it was rolled: Acrobatics [2]36/4 → 37/5", () => {
    const ana = actor({ skills: [skill({ usedThisScene: true })] });
    const end = endSceneFor(ana, defaultSceneChoice(ana), 1);
    expect(end.row.xp).toEqual([{ skill: "Acrobatics", from: "[2]36/4", to: "[2]37/5", reason: "use" }]);
    // Level 5 is odd and above AGL 14's +2: the attribute gains 1 (14 → 15).
    expect(end.row.attributes).toEqual([{ attribute: "agility", from: 14, to: 15 }]);
    expect(end.actor["system.attributes.agility.score"]).toBe(15);
    expect(end.items).toEqual([
      { _id: "s1", "system.xp": 37, "system.gainedThisChapter": true, "system.usedThisScene": false },
    ]);
    expect(end.actor["flags.polyverse.virtually-real.story.scene"]).toBe(1);
  });

  it("gives nothing for a skill the GM unticks, and nothing to an NPC or to a combat skill", () => {
    const used = skill({ usedThisScene: true });
    expect(endSceneFor(actor({ skills: [used] }), { xp: new Set(), light: false }, 1).row.xp).toEqual([]);
    expect(sceneOffers(actor({ character: false, skills: [used] }))).toEqual([]);
    expect(sceneOffers(actor({ skills: [skill({ usedThisScene: true, combat: true })] }))).toEqual([]);
  });

  it("gives Basic Combat Training 1 XP for a failed check in the scene, 2 for a critical failure", () => {
    const bct = skill({ id: "bct", name: "BCT", ref: "basicCombatTraining", xp: 10, attribute: "reflex" });
    const failed = actor({
      skills: [bct],
      scene: { highestWound: "none", bctFailed: true, bctCriticalFailure: false },
    });
    expect(sceneOffers(failed).map((o) => o.xp)).toEqual([1]);
    const crit = actor({
      skills: [bct],
      scene: { highestWound: "none", bctFailed: true, bctCriticalFailure: true },
    });
    const end = endSceneFor(crit, defaultSceneChoice(crit), 1);
    expect(end.row.xp[0]).toMatchObject({ from: "[2]10/2", to: "[2]12/2", reason: "bct" });
    expect(end.actor["system.scene.bctFailed"]).toBe(false);
    expect(end.actor["system.scene.bctCriticalFailure"]).toBe(false);
    // A brilliant BCT check is no failure: nothing.
    expect(sceneOffers(actor({ skills: [bct] }))).toEqual([]);
  });

  it("counts a combat scene of minor wounds as practice for the combat skills used", () => {
    const sword = skill({ id: "sw", name: "Sword", combat: true, usedThisScene: true });
    const minor = endSceneFor(
      actor({
        skills: [sword],
        scene: { highestWound: "minor", bctFailed: false, bctCriticalFailure: false },
      }),
      { xp: new Set(), light: false },
      1,
    );
    expect(minor.row.practice).toEqual(["Sword"]);
    expect(minor.items[0]).toMatchObject({ "flags.polyverse.virtually-real.progress.practising": true });
    expect(minor.actor["system.scene.highestWound"]).toBe("none");
    const major = endSceneFor(
      actor({
        skills: [sword],
        scene: { highestWound: "major", bctFailed: false, bctCriticalFailure: false },
      }),
      { xp: new Set(), light: false },
      1,
    );
    expect(major.row.practice).toEqual([]);
  });

  it("lets adrenaline fade: 1 Endurance given up; Winded already, Tired; the rush over once no box is left", () => {
    const rushed = actor({
      adrenaline: { level: 2, aggressive: true, fear: true },
      state: { winded: true, tired: false },
      conditions: [mark({ id: "fearRush", group: "emotional", target: "violence", atNext: "scene" })],
    });
    const end = endSceneFor(rushed, defaultSceneChoice(rushed), 1);
    expect(end.row.endurance).toEqual({ from: 3, to: 2 });
    expect(end.actor["system.endurance.value"]).toBe(2);
    expect(end.actor["system.state.tired"]).toBe(true);
    // The fear rush: Scene → F (serious, Violence, until the next long rest).
    expect(end.row.healed).toEqual([{ from: "fearRush", to: "F" }]);
    expect(end.actor["system.conditions"]).toEqual([
      mark({
        severity: "serious",
        group: "emotional",
        target: "violence",
        id: "F",
        letter: "F",
        atNext: "longRest",
      }),
    ]);
    expect(end.actor).toMatchObject({
      "system.adrenaline.level": 0,
      "system.adrenaline.aggressive": false,
      "system.adrenaline.fear": false,
    });
  });

  it("keeps the level while a rush box lasts past the scene (the isolation rush: short rest)", () => {
    const rushed = actor({
      adrenaline: { level: 1, aggressive: false, fear: false },
      endurance: { value: 1, max: 6 },
      conditions: [
        mark({ id: "isolationRush", group: "emotional", target: "isolation", atNext: "shortRest" }),
      ],
    });
    const end = endSceneFor(rushed, defaultSceneChoice(rushed), 1);
    expect(end.actor["system.adrenaline.level"]).toBeUndefined();
    // Endurance 1 → 0: "If they hit zero you will be winded".
    expect(end.row.emptied).toBe("winded");
    expect(end.actor["system.state.winded"]).toBe(true);
    // Or the U condition, by the world setting.
    const undone = endSceneFor(rushed, defaultSceneChoice(rushed), 1, {
      currency: { zeroEndurance: "undone" },
    });
    expect(undone.row.emptied).toBe("U");
    expect((undone.actor["system.conditions"] as StoredCondition[]).map((c) => c.id)).toEqual([
      "isolationRush",
      "U",
    ]);
  });

  it("heals the scene's conditions by the tables: T (New Trauma) to D, H stays H; a major one goes", () => {
    const { conditions, healed } = healConditions(
      [
        mark({ id: "T", severity: "serious", group: "emotional", target: "guilt", atNext: "scene" }),
        mark({ id: "H", atNext: "scene" }),
        mark({ severity: "major", atNext: "scene" }),
        mark({ id: "X", atNext: "longRest" }),
      ],
      "scene",
    );
    expect(healed).toEqual([
      { from: "T", to: "D" },
      { from: "H", to: "H" },
      { from: "major", to: null },
    ]);
    expect(conditions.map((c) => [c.severity, c.id || c.letter])).toEqual([
      ["major", "D"],
      ["critical", "H"],
      ["critical", "X"],
    ]);
  });

  it("erases the heroic armor and earns the risk's light, wiping a Darkness point", () => {
    const hero = actor({
      emotional: {
        violence: { heroic: 2 },
        despair: { heroic: 0 },
        isolation: { heroic: 0 },
        guilt: { heroic: 0 },
      },
      darkness: 6,
    });
    const end = endSceneFor(hero, { xp: new Set(), light: true }, 3);
    expect(end.actor["system.emotional.violence.heroic"]).toBe(0);
    // 6 Darkness (level 1) → 5 (level 0): one Darkness passion dropped.
    expect(end.row.light).toEqual({
      earned: 1,
      from: 1,
      to: 2,
      darknessFrom: 6,
      darknessTo: 5,
      passionsToDrop: 1,
    });
  });

  it("does nothing twice for the same scene", () => {
    const done = actor({
      story: { scene: 4, chapter: 0, selfTaughtAct: null },
      skills: [skill({ usedThisScene: true })],
    });
    expect(endSceneFor(done, defaultSceneChoice(done), 4)).toMatchObject({
      done: true,
      actor: {},
      items: [],
    });
    expect(endSceneFor(done, defaultSceneChoice(done), 5).done).toBe(false);
  });
});

describe("the end of a chapter", () => {
  it("gives 1 practice XP to a skill practised that earned no XP this chapter", () => {
    const ana = actor({
      skills: [
        skill({ id: "a", progress: { ...progress, practising: true } }),
        skill({
          id: "b",
          name: "Climb",
          xp: 20,
          progress: { ...progress, practising: true },
          gainedThisChapter: true,
        }),
      ],
    });
    const end = endChapterFor(ana, NO_GROUP_AWARDS, {}, 1);
    expect(end.row.xp).toEqual([{ skill: "Acrobatics", from: "[2]36/4", to: "[2]37/5", reason: "practice" }]);
    expect(end.items.find((i) => i._id === "b")).toMatchObject({
      "system.gainedThisChapter": false,
      "flags.polyverse.virtually-real.progress.practising": false,
      "flags.polyverse.virtually-real.progress.actXPChapters": 1,
    });
  });

  it("resets the checks' retries: a critical failure's lock lifts at the next chapter", () => {
    const locked = skill({ id: "r", retries: true });
    const end = endChapterFor(actor({ skills: [locked, skill({ id: "n" })] }), NO_GROUP_AWARDS, {}, 1);
    expect(end.items.find((i) => i._id === "r")).toMatchObject({
      "flags.polyverse.virtually-real.-=retries": null,
    });
    expect(end.items.find((i) => i._id === "n")).not.toHaveProperty(
      "flags.polyverse.virtually-real.-=retries",
    );
  });

  it("earns the chapter's light (1) and the awards' asterisks, each wiping a Darkness point", () => {
    const ana = actor({ light: 1, darkness: 3 });
    // Major/Chapter Goal 1*: 1 XP and a light; Endangering Self For Others 1*; Act Of Self Sacrifice 3*.
    const end = endChapterFor(
      ana,
      { ...NO_GROUP_AWARDS, goal: "chapterGoal" },
      { endangeringSelf: 1, selfSacrifice: 1 },
      2,
    );
    expect(end.row.light).toMatchObject({ earned: 4, from: 1, to: 5, darknessFrom: 3, darknessTo: 0 });
    expect(end.row.bonusXP).toEqual({ from: 0, to: 1 + 1 + 3 });
    expect(end.actor["flags.polyverse.virtually-real.story.chapter"]).toBe(2);
  });

  it("holds light to the Aura score: at the maximum it still wipes Darkness", () => {
    const full = actor({ light: 9, darkness: 2 });
    expect(endChapterFor(full, NO_GROUP_AWARDS, {}, 1).row.light).toMatchObject({ to: 9, darknessTo: 1 });
  });

  it("reads the group's awards: goals not cumulative, puzzles 1/2/4, Avoiding Violence 2, deaths 2/4/2 each", () => {
    expect(groupAwardLines({ ...NO_GROUP_AWARDS, goal: "actGoal" })).toEqual([
      { key: "actGoal", count: 1, xp: 2, light: 0 },
    ]);
    const lines = groupAwardLines({
      ...NO_GROUP_AWARDS,
      goal: "completingStory",
      puzzles: { simple: 1, challenging: 1, difficult: 1 },
      avoidedViolence: 1,
      pcDeaths: 3,
    });
    expect(lines.map((l) => [l.key, l.xp])).toEqual([
      ["completingStory", 4],
      ["simplePuzzle", 1],
      ["challengingPuzzle", 2],
      ["difficultPuzzle", 4],
      ["avoidingViolence", 2],
      ["threePlusPcsDie", 6],
    ]);
    expect(groupAwardLines({ ...NO_GROUP_AWARDS, pcDeaths: 2 })).toEqual([
      { key: "twoPcsDie", count: 2, xp: 4, light: 0 },
    ]);
  });

  it("reads the individual awards: Useful Idea 2 each, Exceptional Role-Playing the GM's 1+", () => {
    expect(individualAwardLines({ usefulIdea: 2, exceptionalRolePlaying: 3, showingUp: 1 })).toEqual([
      { key: "showingUp", count: 1, xp: 1, light: 0 },
      { key: "usefulIdea", count: 2, xp: 4, light: 0 },
      { key: "exceptionalRolePlaying", count: 3, xp: 3, light: 0 },
    ]);
    expect(readIndividualAwards({ usefulIdea: 2, bogus: 4, showingUp: -1, liquidFromNose: 1.5 })).toEqual({
      usefulIdea: 2,
    });
  });

  it("counts the Act: XP in every chapter lets a skill be self-taught once the Act ends", () => {
    const keen = skill({
      id: "k",
      gainedThisChapter: true,
      progress: { ...progress, actChapters: 2, actXPChapters: 2 },
    });
    const idle = skill({
      id: "i",
      name: "Climb",
      progress: { ...progress, actChapters: 2, actXPChapters: 2 },
    });
    const end = endChapterFor(actor({ skills: [keen, idle] }), { ...NO_GROUP_AWARDS, actEnds: true }, {}, 3);
    expect(end.row.selfTaught).toEqual(["Acrobatics"]);
    expect(end.items.find((i) => i._id === "k")).toMatchObject({
      "flags.polyverse.virtually-real.progress.selfTaught": true,
      "flags.polyverse.virtually-real.progress.actChapters": 0,
    });
    expect(end.items.find((i) => i._id === "i")).toMatchObject({
      "flags.polyverse.virtually-real.progress.selfTaught": false,
    });
  });

  it("heals the chapter's conditions (L stays L), gives an NPC nothing else, and does nothing twice", () => {
    const npc = actor({ character: false, conditions: [mark({ id: "L", atNext: "chapter" })] });
    const end = endChapterFor(npc, { ...NO_GROUP_AWARDS, goal: "chapterGoal" }, {}, 1);
    expect(end.row).toMatchObject({
      healed: [{ from: "L", to: "L" }],
      light: null,
      bonusXP: null,
      awards: [],
    });
    const again = actor({ story: { scene: 0, chapter: 1, selfTaughtAct: null } });
    expect(endChapterFor(again, NO_GROUP_AWARDS, {}, 1).done).toBe(true);
  });
});

describe("the story clock", () => {
  it("reads stored values plainly and times training retries: next Act, two Acts, a chapter with a trainer", () => {
    expect(readClock({ scene: 3, chapter: "x", act: -1 })).toEqual({ scene: 3, chapter: 0, act: 0 });
    const clock = { scene: 9, chapter: 4, act: 1 };
    expect(retryAfter("act", clock, false)).toEqual({ act: 2 });
    expect(retryAfter("twoActs", clock, false)).toEqual({ act: 3 });
    expect(retryAfter("act", clock, true)).toEqual({ chapter: 5 });
    expect(retryAllowed({ act: 2 }, clock)).toBe(false);
    expect(retryAllowed({ act: 2 }, { ...clock, act: 2 })).toBe(true);
    expect(retryAllowed(null, clock)).toBe(true);
    expect(readProgress({ retry: { act: 2 }, practising: "yes" })).toMatchObject({
      retry: { act: 2 },
      practising: false,
    });
  });
});
