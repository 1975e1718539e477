/**
 * Getting trained and reading books, without Foundry (chapter 1: "Getting Trained": "Self Taught",
 * "Finding A Trainer", learning an occupation, "Reading Books"; rules training.ts). Each action is a
 * plan (may it be tried now, and the Combination check to roll: its capacity, level, critical range
 * and DL) and, once the check is rolled, what its result changes (the skill, the attribute, the story
 * flags) and the card's lines.
 *
 * - Training a skill's next capacity: self-taught ("after completing an Act", XP in every chapter of
 *   it, "only 1 skill or occupation at a time", up to the attribute's capacity, XP at least twice the
 *   cost: `selfTaughtAllowed`) or with a trainer who has exactly the training sought
 *   (`trainerQualifies`, a book read being one: "If your trainer is a book ... the book's skill replaces
 *   the trainer's skill") and adds half their XP (`trainingCheck`); the result by `trainingResult`
 *   (trained, underlined, failed: retry next Act, or next chapter with a trainer; critical: two).
 * - Erasing underlines: "Each Chapter, you can attempt a new roll, at the new skill level" (the skill
 *   and its attribute against the same training's DL, its underlines in the critical range;
 *   `underlinesAfterReroll`), once a chapter.
 * - Reading a book: `canReadBook`, `bookReadingCheck`, `bookReadingResult`; the book, understood (or
 *   half), becomes the skill's trainer; the time from `bookReadingHours` and the roll's time factor;
 *   after a critical failure, the same book waits for a level gained and a new chapter.
 * - Learning an occupation: a Combination of two attributes against `occupationDL`, its cost paid in
 *   Bonus XP on success (read: the text says to pay it, not when; a failed check costs nothing).
 */
import {
  attributeModifier,
  bookReadingCheck,
  bookReadingDL,
  bookReadingHours,
  bookReadingResult,
  canReadBook,
  capacityNotation,
  combination,
  learningDL,
  levelFromXP,
  occupationCost,
  occupationDL,
  selfTaughtAllowed,
  timeFactor,
  trainerQualifies,
  trainingCheck,
  trainingResult,
  underlinesAfterReroll,
  type AttributeKey,
  type BookOptions,
  type CharacterRefusal,
  type LearningCheck,
  type TimeOptions,
} from "../rules";
import type { TextLine } from "../../../core/text-line";
import { PLAY } from "./shared-logic";
import {
  retryAfter,
  retryAllowed,
  type ActorStory,
  type SkillProgress,
  type StoryClock,
} from "./story-logic";

const K = `${PLAY}.Learn`;
const CHARACTER = "POLYVERSE.VirtuallyReal.Character";

/** A refusal: a rules reason (`Character.Refusal.<reason>`) or one of these steps' own (`Learn.Refused.<key>`). */
export type LearnRefusal =
  | { reason: CharacterRefusal; data?: Record<string, number | string> }
  | { own: string; data?: Record<string, number | string> };

export type Planned<T> = { ok: true; value: T } | { ok: false; refusal: LearnRefusal };
const no = (own: string, data?: Record<string, number | string>): { ok: false; refusal: LearnRefusal } => ({
  ok: false,
  refusal: data ? { own, data } : { own },
});
const rules = (r: { reason: CharacterRefusal; data?: Record<string, number | string> }) => ({
  ok: false as const,
  refusal: r.data ? { reason: r.reason, data: r.data } : { reason: r.reason },
});

/** A skill as training reads it. */
export interface LearnSkill {
  id: string;
  name: string;
  capacity: number;
  xp: number;
  cost: number;
  underlines: number;
  restricted: boolean;
  attribute: AttributeKey;
  progress: SkillProgress & { book?: { name: string; capacity: number; xp: number } | null };
}

/** A trainer: another character's skill, or a book read ("the book's skill replaces the trainer's"). */
export interface LearnTrainer {
  name: string;
  capacity: number;
  xp: number;
  /** Teaching a style: they know all 3 of the style's "2nd level" passions. */
  knowsStyle?: boolean;
}

/** What training needs to know. */
export interface TrainingInput {
  skill: LearnSkill;
  attribute: { key: AttributeKey; capacity: number; score: number };
  trainer: LearnTrainer | null;
  /** Teaching a style (the trainer must know its three second-level passions). */
  style?: boolean;
  clock: StoryClock;
  story: ActorStory;
  /** The GM's exception to self-teaching's limits ("The GM *can* make exceptions"). */
  gmException?: boolean;
}

/** A learning check to roll, with what it is for. */
export interface LearningPlan {
  check: LearningCheck;
  /** How the check is shown: its two parts' names. */
  parts: [string, string];
}

/**
 * Whether the skill may be trained now and the check to roll: `selfTaughtAllowed` for a self-taught
 * check (with the Act's XP record and one self-taught check per Act), `trainerQualifies` for a trainer;
 * either waits for the retry a failed check set. The check is `trainingCheck`'s.
 */
export function trainingPlan(input: TrainingInput): Planned<LearningPlan> {
  const { skill, attribute, trainer, clock } = input;
  if (skill.capacity >= 5) return rules({ reason: "aboveDeific" });
  if (!retryAllowed(skill.progress.retry, clock))
    return no("Retry", {
      act: skill.progress.retry?.act ?? "",
      chapter: skill.progress.retry?.chapter ?? "",
    });
  if (trainer) {
    const ok = trainerQualifies(
      { capacity: trainer.capacity, xp: trainer.xp, ...(trainer.knowsStyle ? { knowsStyle: true } : {}) },
      skill.capacity,
      input.style === true,
    );
    if (!ok.ok) return rules(ok);
  } else {
    if (input.story.selfTaughtAct !== null && input.story.selfTaughtAct >= clock.act) return no("OnePerAct");
    const ok = selfTaughtAllowed({
      skill: { capacity: skill.capacity, xp: skill.xp, cost: skill.cost, restricted: skill.restricted },
      attributeCapacity: attribute.capacity,
      xpEveryChapterThisAct: skill.progress.selfTaught,
      ...(input.gmException ? { gmException: true } : {}),
    });
    if (!ok.ok) return rules(ok);
  }
  const check = trainingCheck({
    skill: { capacity: skill.capacity, xp: skill.xp, cost: skill.cost, underlines: skill.underlines },
    attribute: { capacity: attribute.capacity, score: attribute.score },
    ...(trainer ? { trainer: { xp: trainer.xp } } : {}),
  });
  return { ok: true, value: { check, parts: [skill.name, `${CHARACTER}.Attribute.${attribute.key}`] } };
}

/** A rolled check as these steps read it. */
export interface Rolled {
  margin: number;
  critical: boolean;
}

/** What a learning check's result changes: the skill item, the actor, the card's lines. */
export interface LearnOutcome {
  item: Record<string, unknown>;
  actor: Record<string, unknown>;
  lines: TextLine[];
}

const progressPath = "flags.polyverse.virtually-real.progress";
const storyPath = "flags.polyverse.virtually-real.story";

/** What a training check did (`trainingResult`), as updates and lines. */
export function trainingOutcome(
  input: TrainingInput,
  rolled: Rolled,
  options: { underlinedHalvesXP?: boolean } = {},
): LearnOutcome {
  const { skill, attribute, trainer, clock } = input;
  const result = trainingResult(
    { capacity: skill.capacity, xp: skill.xp, underlines: skill.underlines },
    rolled,
    options,
  );
  const item: Record<string, unknown> = {
    "system.capacity": result.capacity,
    "system.xp": result.xp,
    "system.underlines": result.underlines,
    [`${progressPath}.retry`]: retryAfter(result.retry, clock, trainer !== null),
  };
  // "You only earn XP for this check on *failure*": the scene's XP, as a use of the skill.
  if (result.xpEarned > 0) item["system.usedThisScene"] = true;
  const actor: Record<string, unknown> = {};
  if (!trainer) {
    item[`${progressPath}.selfTaught`] = false;
    actor[`${storyPath}.selfTaughtAct`] = clock.act;
  }
  const lines: TextLine[] = [{ key: `${CHARACTER}.TrainingOutcome.${result.outcome}` }];
  if (result.capacity !== skill.capacity || result.xp !== skill.xp)
    lines.push({
      key: `${K}.Skill`,
      data: {
        skill: skill.name,
        from: capacityNotation({ capacity: skill.capacity, xp: skill.xp }),
        to: capacityNotation({ capacity: result.capacity, xp: result.xp }),
      },
    });
  if (result.attributeGain > 0) {
    const to = attribute.score + result.attributeGain;
    actor[`system.attributes.${attribute.key}.score`] = to;
    lines.push({
      key: `${PLAY}.Card.Attribute`,
      data: { attribute: `${CHARACTER}.Attribute.${attribute.key}`, from: attribute.score, to },
    });
  }
  if (result.underlines > 0 && result.outcome === "underlined")
    lines.push({ key: `${K}.Underlines`, data: { n: result.underlines }, count: result.underlines });
  if (result.xpEarned > 0) lines.push({ key: `${K}.FailureXP` });
  if (result.retry) lines.push({ key: `${K}.Retry.${trainer ? chapterRetry(result.retry) : result.retry}` });
  return { item, actor, lines };
}

/** With a trainer, a failed check waits chapters rather than Acts. */
const chapterRetry = (retry: "act" | "twoActs"): string => (retry === "act" ? "chapter" : "twoChapters");

/** The underline re-roll: once a chapter, the skill and its attribute against its own training's DL. */
export function underlinePlan(
  skill: LearnSkill,
  attribute: { key: AttributeKey; capacity: number; score: number },
  clock: StoryClock,
): Planned<LearningPlan> {
  if (skill.underlines === 0) return no("NoUnderlines");
  if (skill.progress.underlineChapter === clock.chapter) return no("UnderlinesThisChapter");
  if (skill.capacity < 1) return no("NoUnderlines");
  const combined = combination(
    { capacity: skill.capacity, level: levelFromXP(skill.xp) },
    { capacity: Math.max(1, attribute.capacity), level: attributeModifier(attribute.score) },
  );
  return {
    ok: true,
    value: {
      check: {
        kind: "combination",
        capacity: combined.capacity,
        attrCapacity: attribute.capacity,
        level: combined.level,
        critMod: skill.underlines,
        advantage: 0,
        disadvantage: 0,
        dl: learningDL(skill.capacity, skill.cost),
      },
      parts: [skill.name, `${CHARACTER}.Attribute.${attribute.key}`],
    },
  };
}

/** What an underline re-roll did. */
export function underlineOutcome(skill: LearnSkill, rolled: Rolled, clock: StoryClock): LearnOutcome {
  const left = underlinesAfterReroll(skill.underlines, rolled);
  return {
    item: { "system.underlines": left, [`${progressPath}.underlineChapter`]: clock.chapter },
    actor: {},
    lines: [
      left === 0
        ? { key: `${K}.UnderlinesErased`, data: { skill: skill.name } }
        : { key: `${K}.UnderlinesLeft`, data: { skill: skill.name, n: left }, count: left },
    ],
  };
}

/** A book as reading reads it. */
export interface LearnBook {
  id: string;
  name: string;
  capacity: number;
  xp: number;
  language: string;
  story: boolean;
  /** What happened at the last reading: a critical failure's level and chapter (null: none). */
  lost: { level: number; chapter: number } | null;
}

/** What reading needs to know. */
export interface ReadingInput {
  book: LearnBook;
  literacy: { name: string; capacity: number; xp: number };
  /** The reader can read the book's language (their choice of Literacy says it). */
  readsLanguage: boolean;
  skill: LearnSkill;
  /** The skill's related attribute's capacity. */
  attrCapacity: number;
  clock: StoryClock;
}

/** Whether the book can be read now and the check to roll (`canReadBook`, `bookReadingCheck`). */
export function readingPlan(input: ReadingInput, options: BookOptions = {}): Planned<LearningPlan> {
  const { book, literacy, skill } = input;
  const can = canReadBook(
    { capacity: book.capacity, xp: book.xp },
    { capacity: literacy.capacity, readsLanguage: input.readsLanguage },
  );
  if (!can.ok) return rules(can);
  if (skill.capacity < 1) return no("UnknownSkill", { skill: skill.name });
  if (book.lost && (levelFromXP(skill.xp) <= book.lost.level || input.clock.chapter <= book.lost.chapter))
    return no("BookLost", { book: book.name });
  const check = bookReadingCheck(
    { capacity: book.capacity, xp: book.xp },
    {
      literacy: { capacity: literacy.capacity, xp: literacy.xp },
      skill: { capacity: skill.capacity, xp: skill.xp },
      attrCapacity: input.attrCapacity,
    },
    { ...options, story: book.story },
  );
  return { ok: true, value: { check, parts: [literacy.name, skill.name] } };
}

/** What reading did: the book as the skill's trainer, the hours, a critical failure's mark on the book. */
export function readingOutcome(
  input: ReadingInput,
  rolled: Rolled,
  options: BookOptions & TimeOptions = {},
): LearnOutcome & { book: Record<string, unknown> } {
  const { book, skill } = input;
  const result = bookReadingResult({ capacity: book.capacity, xp: book.xp }, rolled);
  const item: Record<string, unknown> = {};
  const bookUpdate: Record<string, unknown> = {};
  const lines: TextLine[] = [{ key: `${CHARACTER}.BookOutcome.${result.outcome}` }];
  if (result.trainerXP !== null) {
    item[`${progressPath}.book`] = { name: book.name, capacity: book.capacity, xp: result.trainerXP };
    lines.push({
      key: `${K}.BookTrainer`,
      data: {
        book: book.name,
        skill: skill.name,
        notation: capacityNotation({ capacity: book.capacity, xp: result.trainerXP }),
      },
    });
    const factor = timeFactor(rolled.critical ? -99 : rolled.margin, options) ?? 1;
    const hours = bookReadingHours({ capacity: book.capacity, xp: book.xp }, options) * factor;
    lines.push({ key: `${K}.Hours`, data: { hours }, count: hours });
  } else lines.push({ key: `${K}.HoursLost`, data: { hours: result.hoursLost }, count: result.hoursLost });
  if (result.outcome === "criticalFailure") {
    bookUpdate["flags.polyverse.virtually-real.reading"] = {
      level: levelFromXP(skill.xp),
      chapter: input.clock.chapter,
    };
    lines.push({ key: `${K}.BookLostUntil` });
  } else if (book.lost) bookUpdate["flags.polyverse.virtually-real.reading"] = null;
  return { item, actor: {}, book: bookUpdate, lines };
}

/** The DL a book's reading shows before the roll. */
export const readingDL = (book: LearnBook, options: BookOptions = {}): number =>
  bookReadingDL({ capacity: book.capacity, xp: book.xp }, options);

/** What learning an occupation needs to know. */
export interface OccupationInput {
  name: string;
  cost: number;
  /** Weeks of a trainer's instruction (each lowers the cost by 1). */
  weeks: number;
  attributes: [
    { key: AttributeKey; capacity: number; score: number },
    { key: AttributeKey; capacity: number; score: number },
  ];
  bonusXP: number;
}

/** Whether the occupation may be learnt (its cost in Bonus XP) and the check to roll. */
export function occupationPlan(input: OccupationInput): Planned<LearningPlan> {
  const [a, b] = input.attributes;
  if (!input.name.trim()) return no("NoOccupation");
  if (a.key === b.key) return no("SameAttribute");
  const cost = occupationCost(input.cost, input.weeks);
  if (input.bonusXP < cost)
    return rules({ reason: "notEnoughXP", data: { have: input.bonusXP, need: cost } });
  const combined = combination(
    { capacity: Math.max(1, a.capacity), level: attributeModifier(a.score) },
    { capacity: Math.max(1, b.capacity), level: attributeModifier(b.score) },
  );
  return {
    ok: true,
    value: {
      check: {
        kind: "combination",
        capacity: combined.capacity,
        attrCapacity: Math.max(a.capacity, b.capacity),
        level: combined.level,
        critMod: 0,
        advantage: 0,
        disadvantage: 0,
        dl: occupationDL(input.cost, input.weeks),
      },
      parts: [`${CHARACTER}.Attribute.${a.key}`, `${CHARACTER}.Attribute.${b.key}`],
    },
  };
}

/** What the occupation check did: on success the occupation is the character's and its cost is paid. */
export function occupationOutcome(input: OccupationInput, rolled: Rolled): LearnOutcome {
  const cost = occupationCost(input.cost, input.weeks);
  if (rolled.critical || rolled.margin < 0)
    return { item: {}, actor: {}, lines: [{ key: `${K}.OccupationFailed`, data: { name: input.name } }] };
  return {
    item: {},
    actor: { "system.details.occupation": input.name, "system.bonusXP.value": input.bonusXP - cost },
    lines: [
      { key: `${K}.OccupationLearnt`, data: { name: input.name, cost, weeks: cost } },
      { key: `${PLAY}.Card.BonusXP`, data: { from: input.bonusXP, to: input.bonusXP - cost } },
    ],
  };
}
