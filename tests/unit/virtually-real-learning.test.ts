// Training, books, occupations and Bonus XP as the documents glue plans and applies them, Foundry-free,
// quoting chapter 1's own numbers: "You have Acrobatics [1]40/5. It's a 12 point skill ... DL 18
// (16 + 2). You would normally make this check at [2]+7 ... A trainer with Acrobatics [2]100/7 means
// adding another 50 XP, for 90/7 ... you now have Acrobatics [2]20/3 ... and your AGL goes up by 1
// point to 15/2"; "domestic skills are normally 8 XP, so the DL is 17"; "A book that was [2] 20/3 would
// have a DL of 11"; "Astrology [2]16/3, takes an average of 6 hours"; "a 100 XP occupation is DL 17 ...
// 75 XP, and the DL is only 16"; "No skill can be raised more than a single level at a time"; "If you
// give away at least 6 XP at once, you earn 1 point of light".
import { describe, expect, it } from "vitest";
import {
  occupationOutcome,
  occupationPlan,
  readingOutcome,
  readingPlan,
  trainingOutcome,
  trainingPlan,
  underlineOutcome,
  underlinePlan,
  type LearnSkill,
  type TrainingInput,
} from "../../src/rulesets/virtually-real/documents/learning-logic";
import {
  bonusChoicesFrom,
  bonusPlacement,
  donation,
} from "../../src/rulesets/virtually-real/documents/bonus-logic";
import { readProgress } from "../../src/rulesets/virtually-real/documents/story-logic";
import type { PlayActor } from "../../src/rulesets/virtually-real/documents/play-logic";
import { playActor } from "../lib/virtually-real-play-actor";

const progress = { ...readProgress(undefined), book: null };
const acrobatics = (s: Partial<LearnSkill> = {}): LearnSkill => ({
  id: "acro",
  name: "Acrobatics",
  capacity: 1,
  xp: 40,
  cost: 12,
  underlines: 0,
  restricted: false,
  attribute: "agility",
  progress,
  ...s,
});
const agility = { key: "agility" as const, capacity: 2, score: 14 };
const clock = { scene: 12, chapter: 3, act: 1 };
const story = { scene: 12, chapter: 3, selfTaughtAct: null };
const training = (t: Partial<TrainingInput> = {}): TrainingInput => ({
  skill: acrobatics({ progress: { ...progress, selfTaught: true } }),
  attribute: agility,
  trainer: null,
  clock,
  story,
  ...t,
});

describe("training a skill", () => {
  it("plans the text's example: AGL [2]14/2 + Acrobatics [1]40/5, cost 12: [2]+7 against DL 18", () => {
    const plan = trainingPlan(training());
    expect(plan.ok && plan.value.check).toMatchObject({ kind: "combination", capacity: 2, level: 7, dl: 18 });
  });

  it("adds half a trainer's XP: Acrobatics [2]100/7 → 40 + 50 = 90/7, +9", () => {
    const trainer = { name: "Ilse", capacity: 2, xp: 100 };
    const plan = trainingPlan(training({ trainer }));
    expect(plan.ok && plan.value.check).toMatchObject({ capacity: 2, level: 9, dl: 18 });
    // A trainer more than the training sought, or less, will not do.
    expect(trainingPlan(training({ trainer: { ...trainer, capacity: 3 } }))).toMatchObject({
      ok: false,
      refusal: { reason: "trainerTooHigh" },
    });
  });

  it("holds self-teaching to its rules: the Act's XP, the attribute's capacity, one per Act", () => {
    expect(trainingPlan(training({ skill: acrobatics() }))).toMatchObject({
      refusal: { reason: "missedChapterXP" },
    });
    const master = acrobatics({ capacity: 2, progress: { ...progress, selfTaught: true } });
    expect(trainingPlan(training({ skill: master }))).toMatchObject({
      refusal: { reason: "aboveAttributeCapacity" },
    });
    // XP at least twice the cost: 12 × 2 = 24.
    const green = acrobatics({ xp: 23, progress: { ...progress, selfTaught: true } });
    expect(trainingPlan(training({ skill: green }))).toMatchObject({
      refusal: { reason: "notEnoughXP", data: { have: 23, need: 24 } },
    });
    expect(trainingPlan(training({ story: { ...story, selfTaughtAct: 1 } }))).toMatchObject({
      refusal: { own: "OnePerAct" },
    });
    expect(trainingPlan(training({ gmException: true, skill: master }))).toMatchObject({ ok: true });
  });

  it("applies a success: [2]20/3 (the XP halved), AGL 14 → 15, the Act's self-taught check used", () => {
    const done = trainingOutcome(training(), { margin: 0, critical: false });
    expect(done.item).toMatchObject({ "system.capacity": 2, "system.xp": 20, "system.underlines": 0 });
    expect(done.actor).toMatchObject({
      "system.attributes.agility.score": 15,
      "flags.polyverse.virtually-real.story.selfTaughtAct": 1,
    });
    expect(done.item["flags.polyverse.virtually-real.progress.selfTaught"]).toBe(false);
  });

  it("underlines a miss by 1 or 2 (one per point), and waits an Act after a failure, two after a critical one", () => {
    const close = trainingOutcome(training(), { margin: -2, critical: false });
    expect(close.item).toMatchObject({ "system.capacity": 2, "system.underlines": 2 });
    const failed = trainingOutcome(training(), { margin: -3, critical: false });
    expect(failed.item).toMatchObject({
      "system.capacity": 1,
      "system.usedThisScene": true,
      "flags.polyverse.virtually-real.progress.retry": { act: 2 },
    });
    const crit = trainingOutcome(training(), { margin: -10, critical: false });
    expect(crit.item["flags.polyverse.virtually-real.progress.retry"]).toEqual({ act: 3 });
    // With a trainer: chapters, not Acts.
    const taught = trainingOutcome(training({ trainer: { name: "Ilse", capacity: 2, xp: 100 } }), {
      margin: -4,
      critical: false,
    });
    expect(taught.item["flags.polyverse.virtually-real.progress.retry"]).toEqual({ chapter: 4 });
    // And the retry waits.
    const waiting = acrobatics({ progress: { ...progress, selfTaught: true, retry: { act: 2 } } });
    expect(trainingPlan(training({ skill: waiting }))).toMatchObject({ refusal: { own: "Retry" } });
  });

  it("re-rolls underlines once a chapter at the new training: [2] + AGL [2] against DL 16 + 2", () => {
    const skill = acrobatics({ capacity: 2, xp: 20, underlines: 2 });
    const plan = underlinePlan(skill, agility, clock);
    // Capacity 2 + 2 − 1 = 3, level 3 + 2 = 5, the underlines in the critical range.
    expect(plan.ok && plan.value.check).toMatchObject({ capacity: 3, level: 5, critMod: 2, dl: 18 });
    expect(underlineOutcome(skill, { margin: 0, critical: false }, clock).item).toEqual({
      "system.underlines": 0,
      "flags.polyverse.virtually-real.progress.underlineChapter": 3,
    });
    const again = acrobatics({ capacity: 2, underlines: 1, progress: { ...progress, underlineChapter: 3 } });
    expect(underlinePlan(again, agility, clock)).toMatchObject({ refusal: { own: "UnderlinesThisChapter" } });
  });
});

describe("reading a book", () => {
  const astrology = {
    id: "b",
    name: "Stars",
    capacity: 2,
    xp: 16,
    language: "Elvish",
    story: false,
    lost: null,
  };
  const reading = {
    book: astrology,
    literacy: { name: "Elvish", capacity: 2, xp: 20 },
    readsLanguage: true,
    skill: acrobatics({ name: "Astrology", capacity: 1, xp: 6, attribute: "logic" }),
    attrCapacity: 2,
    clock,
  };

  it("needs Literacy at the book's capacity and its language; DL [2]20/3 → 11", () => {
    expect(readingPlan({ ...reading, readsLanguage: false })).toMatchObject({
      refusal: { reason: "cannotReadLanguage" },
    });
    expect(readingPlan({ ...reading, literacy: { ...reading.literacy, capacity: 1 } })).toMatchObject({
      refusal: { reason: "literacyTooLow" },
    });
    const plan = readingPlan({ ...reading, book: { ...astrology, xp: 20 } });
    expect(plan.ok && plan.value.check.dl).toBe(11);
  });

  it("makes the book the skill's trainer; Astrology [2]16/3 takes about 6 hours", () => {
    const done = readingOutcome(reading, { margin: 2, critical: false });
    expect(done.item["flags.polyverse.virtually-real.progress.book"]).toEqual({
      name: "Stars",
      capacity: 2,
      xp: 16,
    });
    expect(done.lines).toContainEqual(expect.objectContaining({ data: { hours: 6 } }));
    // Close enough: half its XP, rounded down.
    const half = readingOutcome(reading, { margin: -1, critical: false });
    expect(half.item["flags.polyverse.virtually-real.progress.book"]).toMatchObject({ xp: 8 });
    // A failure wastes the book's capacity in hours.
    expect(readingOutcome(reading, { margin: -3, critical: false }).lines).toContainEqual(
      expect.objectContaining({ data: { hours: 2 } }),
    );
  });

  it("after a critical failure, waits for a level gained and a new chapter", () => {
    const lost = readingOutcome(reading, { margin: -10, critical: false });
    expect(lost.book["flags.polyverse.virtually-real.reading"]).toEqual({ level: 1, chapter: 3 });
    const later = { ...reading, book: { ...astrology, lost: { level: 1, chapter: 3 } } };
    expect(readingPlan(later)).toMatchObject({ refusal: { own: "BookLost" } });
    const grown = { ...later, skill: { ...later.skill, xp: 10 }, clock: { ...clock, chapter: 4 } };
    expect(readingPlan(grown).ok).toBe(true);
  });
});

describe("learning an occupation", () => {
  const occupation = {
    name: "Smith",
    cost: 100,
    weeks: 0,
    attributes: [
      { key: "logic" as const, capacity: 2, score: 10 },
      { key: "body" as const, capacity: 2, score: 16 },
    ] as [
      { key: "logic"; capacity: number; score: number },
      { key: "body"; capacity: number; score: number },
    ],
    bonusXP: 100,
  };

  it("rolls the two attributes against DL 17 for 100 XP, 16 after 25 weeks' training (75 XP)", () => {
    const plan = occupationPlan(occupation);
    // LOG 10 (+2) and Body 16 (+3): capacity 3, +5.
    expect(plan.ok && plan.value.check).toMatchObject({ capacity: 3, level: 5, dl: 17 });
    const trained = occupationPlan({ ...occupation, weeks: 25 });
    expect(trained.ok && trained.value.check.dl).toBe(16);
    expect(occupationPlan({ ...occupation, bonusXP: 99 })).toMatchObject({
      refusal: { reason: "notEnoughXP" },
    });
  });

  it("pays its cost in Bonus XP on success only", () => {
    expect(occupationOutcome({ ...occupation, weeks: 25 }, { margin: 1, critical: false }).actor).toEqual({
      "system.details.occupation": "Smith",
      "system.bonusXP.value": 25,
    });
    expect(occupationOutcome(occupation, { margin: -1, critical: false }).actor).toEqual({});
  });
});

describe("Bonus XP", () => {
  const actor = (a: Partial<PlayActor> = {}): PlayActor =>
    playActor({
      bonusXP: 20,
      skills: [
        {
          id: "s",
          name: "Locks",
          capacity: 2,
          xp: 20,
          attribute: "agility",
          combat: false,
          ref: "",
          usedThisScene: false,
          gainedThisChapter: false,
          progress: readProgress(undefined),
        },
      ],
      ...a,
    });

  it("places up to the next level's last XP: 20 XP (level 3) takes 16 at most", () => {
    expect(bonusPlacement(actor(), new Map([["s", 17]]), 0)).toMatchObject({
      ok: false,
      refusal: { reason: "overLevelJump", data: { room: 16 }, skill: "Locks" },
    });
    const placed = bonusPlacement(actor(), new Map([["s", 16]]), 0);
    expect(placed.ok && placed.value.xp).toEqual([
      { skill: "Locks", from: "[2]20/3", to: "[2]36/4", reason: "bonus" },
    ]);
    expect(placed.ok && placed.value.actor["system.bonusXP.value"]).toBe(4);
  });

  it("puts Bonus XP into Darkness with an Integrity save against that many", () => {
    const placed = bonusPlacement(actor(), new Map(), 5);
    expect(placed.ok && placed.value.darkness).toEqual({ amount: 5, from: 0, to: 5, dl: 5 });
    expect(bonusPlacement(actor(), new Map([["s", 16]]), 5)).toMatchObject({
      ok: false,
      refusal: { reason: "notEnoughXP", data: { have: 4, need: 5 } },
    });
    expect(
      bonusChoicesFrom(
        [
          ["skill|s", "3"],
          ["skill|x", "2"],
          ["darkness", "-1"],
        ],
        actor(),
      ),
    ).toEqual({
      amounts: new Map([["s", 3]]),
      darkness: 0,
    });
  });

  it("donates: 5 XP earns no light, 6 earns 1, 16 earns 3", () => {
    const give = (amount: number) => {
      const d = donation(actor({ bonusXP: 20, light: 1 }), actor({ bonusXP: 0 }), amount);
      return d.ok ? d.value : null;
    };
    expect(give(5)!.donor.light).toBeNull();
    expect(give(6)!.donor.light).toMatchObject({ earned: 1, to: 2 });
    expect(give(16)!.donor.light).toMatchObject({ earned: 3, to: 4 });
    expect(give(16)!.recipient.update).toEqual({ "system.bonusXP.value": 16 });
    expect(donation(actor({ bonusXP: 3 }), actor(), 4)).toMatchObject({ ok: false });
  });
});
