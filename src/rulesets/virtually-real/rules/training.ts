/**
 * Getting trained (Virtually Real core guidebook, chapter 1: "Getting Trained": "Self Taught",
 * "Finding A Trainer", learning an occupation, "Reading Books", "Writing Books"; the SKILL LEARNING DL
 * TABLE). Pure: no Foundry, no globals.
 *
 * Training raises a skill's capacity by one die with a Combination check of the skill and its related
 * attribute against the SKILL LEARNING DL (the target training's row plus the skill's cost indexed on
 * the Experience table). Success halves the skill's XP and raises the attribute; a miss by 1 or 2
 * still trains, with underlines.
 *
 * Readings where the text is silent, each an option with its default:
 * - a "critical failure" of a training, reading or writing check is a critical result or a failure by
 *   10 or more (the Experience table's critical band);
 * - a close-enough training check counts "as if you succeeded", so it earns no XP ("You only earn XP
 *   for this check on *failure*") and halves the skill's XP as a success does (`underlinedHalvesXP`,
 *   true; proposed world setting `polyverse.virtually-real.underlinedHalvesXP`: the text names only
 *   the training and the attribute bump);
 * - a book's reading time: the CAPACITY BONUS table is not in chapter 1; the one example
 *   (Astrology [2]16/3 "takes an average of 6 hours") fits capacity × level (`bookHours:
 *   "capacityTimesLevel"`, proposed world setting `polyverse.virtually-real.bookReadingHours`), or the
 *   book's training in hours (`"capacity"`, the time before the check is rolled);
 * - a book of capacity [1]: its DL uses a training row "with the capacity 1 less", which the table
 *   does not have; the Secondary row's 8 is used (`capacityOneBookBase`, proposed world setting
 *   `polyverse.virtually-real.capacityOneBookDL`).
 */
import { accept, assertCount, assertRange, criticalFailure, refuse, type Checked } from "./char-guards";
import type { AttributeKey } from "./character-keys";
import { MAX_CAPACITY, levelFromXP } from "./experience";
import { attributeModifier, trainingAttributeBonus } from "./attributes";
import { combination } from "./combining";
import type { PreparedCheck } from "./saves";

/** The SKILL LEARNING DL TABLE's base DL by target training [1]..[5]: 8, 16, 22, 28, 34 ("+"). */
export const SKILL_LEARNING_DL: Readonly<Record<number, number>> = { 1: 8, 2: 16, 3: 22, 4: 28, 5: 34 };

/** "Skills can't go above Deific. Who would train them?" */
export const MAX_TRAINING = MAX_CAPACITY;

/**
 * The DL to learn a skill's next training: the table's row for the target training plus the skill's
 * cost on the Experience table ("Index the cost of the skill as XP … to find the modifier").
 *
 * Examples: a domestic skill (8 XP) to primary → 16 + 1 = 17; Acrobatics (12 XP) to primary → 18.
 */
export function learningDL(targetCapacity: number, cost: number): number {
  assertRange(targetCapacity, 1, MAX_TRAINING, "A target training");
  assertCount(cost, "A skill cost");
  return SKILL_LEARNING_DL[targetCapacity]! + levelFromXP(cost);
}

/** "You must have a minimum amount of experience in the skill equal to twice the skill's cost." */
export function trainingXPRequired(cost: number): number {
  assertCount(cost, "A skill cost");
  return 2 * cost;
}

/** What self-teaching needs to know. */
export interface SelfTaughtInput {
  skill: { capacity: number; xp: number; cost: number; restricted?: boolean };
  /** The related attribute's capacity (of the new skill's attribute, if the upgrade changes it). */
  attributeCapacity: number;
  /** "If you have earned XP every chapter this Act and meet all prerequisites". */
  xpEveryChapterThisAct: boolean;
  /** The GM's exception to the capacity and restricted limits ("The GM *can* make exceptions"). */
  gmException?: boolean;
}

/**
 * Whether a character may try to teach themself the next training at the end of an Act: "The self
 * taught method can only bring you up to a training level *equal* to your attribute capacity and can
 * not be used for "restricted" skills"; XP earned every chapter this Act; XP at least twice the cost;
 * never above Deific. Refusals: `aboveDeific`, `aboveAttributeCapacity`, `restrictedSkill`,
 * `missedChapterXP`, `notEnoughXP`. (One skill or occupation at a time is the glue's to keep.)
 */
export function selfTaughtAllowed(input: SelfTaughtInput): Checked<{ targetCapacity: number; dl: number }> {
  const { skill } = input;
  assertRange(skill.capacity, 0, MAX_TRAINING, "A skill capacity");
  assertRange(input.attributeCapacity, 0, 5, "An attribute capacity");
  const target = skill.capacity + 1;
  if (target > MAX_TRAINING) return refuse("aboveDeific");
  if (!input.gmException && target > input.attributeCapacity)
    return refuse("aboveAttributeCapacity", { target, attribute: input.attributeCapacity });
  if (!input.gmException && skill.restricted) return refuse("restrictedSkill");
  if (!input.xpEveryChapterThisAct) return refuse("missedChapterXP");
  const need = trainingXPRequired(skill.cost);
  if (skill.xp < need) return refuse("notEnoughXP", { have: skill.xp, need });
  return accept({ targetCapacity: target, dl: learningDL(target, skill.cost) });
}

/** A trainer, as the training check reads them: their training and XP in the skill. */
export interface Trainer {
  capacity: number;
  xp: number;
  /** Teaching a style: whether they know "all 3 of the "2nd level" passions in the style". */
  knowsStyle?: boolean;
}

/**
 * Whether a trainer can teach the next training: "A qualified teacher has the training you want to
 * achieve, but not higher. They generally won't bother with you if your capacity is more than just 1
 * die behind. To teach a style, they must know all 3 of the "2nd level" passions in the style."
 */
export function trainerQualifies(
  trainer: Trainer,
  studentCapacity: number,
  teachesStyle = false,
): Checked<{ targetCapacity: number }> {
  assertRange(trainer.capacity, 0, MAX_TRAINING, "A trainer's capacity");
  assertRange(studentCapacity, 0, MAX_TRAINING, "A skill capacity");
  const target = studentCapacity + 1;
  if (target > MAX_TRAINING) return refuse("aboveDeific");
  if (trainer.capacity > target) return refuse("trainerTooHigh", { trainer: trainer.capacity, target });
  if (trainer.capacity < target) return refuse("trainerTooLow", { trainer: trainer.capacity, target });
  if (teachesStyle && !trainer.knowsStyle) return refuse("styleNotKnown");
  return accept({ targetCapacity: target });
}

/**
 * Teaching time: "Teaching requires 1 week for every experience point that the skill costs" (before
 * the FAST SKILLS chart shortens it for a roll above the DL).
 */
export function teachingWeeks(cost: number): number {
  assertCount(cost, "A skill cost");
  return cost;
}

/**
 * A Combination check ready for `resolveCheck` with its dice (`kind` "combination": `planCheck` adds
 * the Combination's own +2 crit), and its DL.
 */
export type LearningCheck = PreparedCheck & { kind: "combination"; dl: number };

/**
 * Two parts combined (combining.ts `combination`: capacities added less one, levels added). A part of
 * capacity [0] (a skill not yet known, trained to secondary) counts as [1], as a [0] attribute is
 * "Roll[ed] the same as [1]".
 */
function learningCheck(
  a: { capacity: number; level: number },
  b: { capacity: number; level: number },
  attrCapacity: number,
  dl: number,
  extra: { critMod?: number; advantage?: number } = {},
): LearningCheck {
  const combined = combination(
    { capacity: Math.max(1, a.capacity), level: a.level },
    { capacity: Math.max(1, b.capacity), level: b.level },
  );
  return {
    kind: "combination",
    capacity: combined.capacity,
    attrCapacity,
    level: combined.level,
    critMod: extra.critMod ?? 0,
    advantage: extra.advantage ?? 0,
    disadvantage: 0,
    dl,
  };
}

/** The training check's input. */
export interface TrainingCheckInput {
  skill: { capacity: number; xp: number; cost: number; underlines?: number };
  /** The new skill's related attribute ("If the related attribute changes, you use the new …"). */
  attribute: { capacity: number; score: number };
  /** A trainer who spent the chapter with you: "add half of their XP in the skill to yours". */
  trainer?: { xp: number };
}

/**
 * The training check: "a COMBINATION skill check of the skill itself + the new skill's related
 * attribute" against the SKILL LEARNING DL for the next training. Capacity = skill + attribute − 1,
 * level = the skill's level (its XP plus half the trainer's, rounded down) + the attribute's modifier.
 *
 * Example: Acrobatics [1]40/5, AGL [2]14/2, cost 12: capacity 2, +7, DL 18 (11 to roll); with a trainer
 * at 100 XP, 40 + 50 = 90 XP → +9 (9 to roll).
 */
export function trainingCheck(input: TrainingCheckInput): LearningCheck {
  const { skill, attribute } = input;
  assertRange(skill.capacity, 0, MAX_TRAINING - 1, "A skill capacity below Deific");
  assertCount(skill.xp, "Skill XP");
  assertRange(attribute.capacity, 0, 5, "An attribute capacity");
  if (input.trainer) assertCount(input.trainer.xp, "A trainer's XP");
  const helped = skill.xp + (input.trainer ? Math.floor(input.trainer.xp / 2) : 0);
  return learningCheck(
    { capacity: skill.capacity, level: levelFromXP(helped) },
    { capacity: attribute.capacity, level: attributeModifier(attribute.score) },
    attribute.capacity,
    learningDL(skill.capacity + 1, skill.cost),
    { critMod: skill.underlines ?? 0 },
  );
}

/** A resolved check as training reads it (`resolveCheck`'s margin and critical). */
export interface TrainingCheckOutcome {
  margin: number;
  critical: boolean;
}

/** What a training check did. */
export interface TrainingResult {
  outcome: "trained" | "underlined" | "failed" | "criticalFailure";
  /** The skill after the check. */
  capacity: number;
  xp: number;
  underlines: number;
  /** Score the related attribute gains (+1 primary … +4 deific). */
  attributeGain: number;
  /** "You only earn XP for this check on *failure*": 1 XP at the end of the scene. */
  xpEarned: number;
  /** When to try again: `act` (the next Act; with a trainer, the next chapter), `twoActs`, or null. */
  retry: "act" | "twoActs" | null;
}

/**
 * The training check's result. "On *success*, raise the training of the skill by one die and then
 * divide the XP in the skill in half, rounding down" (41 → 20) and raise the attribute; "If you
 * *failed* by only 1 or 2, then increment the training and give yourself the attribute bump as if you
 * succeeded, but put an underline under the skill name for every point you missed"; "On failure, you
 * can keep practicing and try again in the next Act. On a critical failure, you can try again in 2
 * Acts."
 */
export function trainingResult(
  skill: { capacity: number; xp: number; underlines?: number },
  check: TrainingCheckOutcome,
  options: { underlinedHalvesXP?: boolean } = {},
): TrainingResult {
  assertRange(skill.capacity, 0, MAX_TRAINING - 1, "A skill capacity below Deific");
  assertCount(skill.xp, "Skill XP");
  const underlines = skill.underlines ?? 0;
  const missed = -check.margin;
  if (!check.critical && (check.margin >= 0 || missed <= 2)) {
    const capacity = skill.capacity + 1;
    const halve = check.margin >= 0 || (options.underlinedHalvesXP ?? true);
    return {
      outcome: check.margin >= 0 ? "trained" : "underlined",
      capacity,
      xp: halve ? Math.floor(skill.xp / 2) : skill.xp,
      underlines: check.margin >= 0 ? 0 : missed,
      attributeGain: trainingAttributeBonus(capacity),
      xpEarned: 0,
      retry: null,
    };
  }
  const critical = criticalFailure(check);
  return {
    outcome: critical ? "criticalFailure" : "failed",
    capacity: skill.capacity,
    xp: skill.xp,
    underlines,
    attributeGain: 0,
    xpEarned: 1,
    retry: critical ? "twoActs" : "act",
  };
}

/**
 * The chapter's new roll to erase underlines: "Each Chapter, you can attempt a new roll, at the new
 * skill level, to learn the skill and get a better result to erase those underlines!" A success clears
 * them; a closer miss leaves as many as the points missed; anything else leaves them.
 */
export function underlinesAfterReroll(underlines: number, check: TrainingCheckOutcome): number {
  assertCount(underlines, "Underlines");
  if (check.critical) return underlines;
  if (check.margin >= 0) return 0;
  return Math.min(underlines, -check.margin);
}

// ---- Occupations ---------------------------------------------------------------------------------

/**
 * An occupation's cost after a trainer's weeks: "Trainers can lower the XP cost of an occupation you
 * are working on by 1 for every week of regular practice and instruction". 100 XP, 25 weeks → 75.
 */
export function occupationCost(cost: number, trainedWeeks = 0): number {
  assertCount(cost, "An occupation cost");
  assertCount(trainedWeeks, "Weeks of training");
  return Math.max(0, cost - trainedWeeks);
}

/**
 * The DL to learn an occupation: "The difficulty level is 10+, so a 100 XP occupation is DL 17 using a
 * Combination check of the two attributes. If you spend 25 weeks in training, your XP cost is down to
 * 75 XP, and the DL is only 16." 10 + the (discounted) cost on the Experience table.
 */
export function occupationDL(cost: number, trainedWeeks = 0): number {
  return 10 + levelFromXP(occupationCost(cost, trainedWeeks));
}

/**
 * Which two attributes roll an occupation's Combination check: "the two attributes that get the most
 * bonuses from the occupation (choose LOG over others on a tie, otherwise it's player choice)".
 * `fixed` are certain; the player picks `pick` more among `choices` (among any other attribute when
 * `choices` is empty: fewer than two attributes get bonuses).
 */
export function occupationAttributes(bonuses: Partial<Record<AttributeKey, number>>): {
  fixed: AttributeKey[];
  choices: AttributeKey[];
  pick: number;
} {
  const entries = (Object.entries(bonuses) as [AttributeKey, number][]).filter(([, v]) => v > 0);
  for (const [, v] of entries) assertCount(v, "An attribute bonus");
  const values = [...new Set(entries.map(([, v]) => v))].sort((a, b) => b - a);
  const fixed: AttributeKey[] = [];
  for (const value of values) {
    const tied = entries.filter(([, v]) => v === value).map(([k]) => k);
    const room = 2 - fixed.length;
    if (tied.length <= room) fixed.push(...tied);
    else {
      if (tied.includes("logic")) {
        fixed.push("logic");
        tied.splice(tied.indexOf("logic"), 1);
      }
      const left = 2 - fixed.length;
      return left === 0 ? { fixed, choices: [], pick: 0 } : { fixed, choices: tied, pick: left };
    }
    if (fixed.length === 2) break;
  }
  return { fixed, choices: [], pick: 2 - fixed.length };
}

/** "Occupations of 75 XP or more (before discounts) also usually involve a lesser rite of passage." */
export const occupationRiteOfPassage = (cost: number): boolean => {
  assertCount(cost, "An occupation cost");
  return cost >= 75;
};

/**
 * "a rite of passage … when a member of that society achieves a skill with a capacity higher than the
 * related attribute".
 */
export function skillRiteOfPassage(skillCapacity: number, attributeCapacity: number): boolean {
  assertRange(skillCapacity, 0, MAX_TRAINING, "A skill capacity");
  assertRange(attributeCapacity, 0, 5, "An attribute capacity");
  return skillCapacity > attributeCapacity;
}

// ---- Books -------------------------------------------------------------------------------------

/** A book: the skill it teaches, its training and its score ("The book has a capacity and score/xp"). */
export interface Book {
  capacity: number;
  xp: number;
}

/** How a book's reading time is read. */
export type BookHours = "capacityTimesLevel" | "capacity";

/** Readings where the text is silent (see the file's comment). */
export interface BookOptions {
  bookHours?: BookHours;
  /** The base DL of a [1] book, whose row "with the capacity 1 less" the table lacks. Default 8. */
  capacityOneBookBase?: number;
}

/**
 * Whether a character can use a book: "You must be able to read the language the book was written in
 * and have a *Literacy* training equal to or greater than the book's capacity".
 */
export function canReadBook(
  book: Book,
  literacy: { capacity: number; readsLanguage: boolean },
): Checked<true> {
  checkBook(book);
  assertRange(literacy.capacity, 0, MAX_TRAINING, "A Literacy capacity");
  if (!literacy.readsLanguage) return refuse("cannotReadLanguage");
  if (literacy.capacity < book.capacity)
    return refuse("literacyTooLow", { literacy: literacy.capacity, book: book.capacity });
  return accept(true);
}

/**
 * The DL to read a book: "equal to the Training DL, but with the capacity 1 less!" and the book's XP
 * as the cost: "A book that was [2] 20/3 would have a DL of 11" (the Secondary row's 8 + 3).
 */
export function bookReadingDL(book: Book, options: BookOptions = {}): number {
  checkBook(book);
  const base =
    book.capacity === 1 ? (options.capacityOneBookBase ?? 8) : SKILL_LEARNING_DL[book.capacity - 1]!;
  return base + levelFromXP(book.xp);
}

/**
 * The reading check: "Use your literacy + the given skill using a Combination check", against
 * `bookReadingDL`. A story written with Creative Writing is "easier to be read (advantage to
 * decipher)": one advantage.
 */
export function bookReadingCheck(
  book: Book,
  reader: {
    literacy: { capacity: number; xp: number };
    skill: { capacity: number; xp: number };
    attrCapacity: number;
  },
  options: BookOptions & { story?: boolean } = {},
): LearningCheck {
  const { literacy, skill } = reader;
  assertRange(literacy.capacity, 1, MAX_TRAINING, "A Literacy capacity");
  assertRange(skill.capacity, 1, MAX_TRAINING, "A skill capacity");
  assertRange(reader.attrCapacity, 0, 5, "An attribute capacity");
  return learningCheck(
    { capacity: literacy.capacity, level: levelFromXP(literacy.xp) },
    { capacity: skill.capacity, level: levelFromXP(skill.xp) },
    reader.attrCapacity,
    bookReadingDL(book, options),
    { advantage: options.story ? 1 : 0 },
  );
}

/**
 * A book's average reading time in hours (A-18, see the options): Astrology [2]16/3 → 6 hours; the
 * roll then shortens or lengthens it on the FAST SKILLS chart.
 */
export function bookReadingHours(book: Book, options: BookOptions = {}): number {
  checkBook(book);
  return (options.bookHours ?? "capacityTimesLevel") === "capacity"
    ? book.capacity
    : book.capacity * levelFromXP(book.xp);
}

/** What a reading check did. */
export interface BookReadingResult {
  outcome: "understood" | "half" | "failed" | "criticalFailure";
  /** The book as a trainer ("the book's skill replaces the trainer's skill"), or null. */
  trainerXP: number | null;
  /** Hours lost on a failure: "you waste the training capacity in hours". */
  hoursLost: number;
}

/**
 * The reading check's result: success → "the book becomes your new trainer and teacher"; close enough
 * → "you only understand about half the book. Treat it as if the book's skill had half as much XP,
 * rounded down"; failure → the book's capacity in hours wasted, start over; critical failure → "you need
 * to gain a level in the skill first and a start a new chapter in your life before you try again".
 */
export function bookReadingResult(book: Book, check: TrainingCheckOutcome): BookReadingResult {
  checkBook(book);
  if (!check.critical && check.margin >= 0)
    return { outcome: "understood", trainerXP: book.xp, hoursLost: 0 };
  if (!check.critical && check.margin >= -2)
    return { outcome: "half", trainerXP: Math.floor(book.xp / 2), hoursLost: 0 };
  return {
    outcome: criticalFailure(check) ? "criticalFailure" : "failed",
    trainerXP: null,
    hoursLost: book.capacity,
  };
}

/**
 * "Books about advanced topics (capacity 3 or higher), are useful as reference material": a failed
 * knowledge or lore check may be re-rolled with the book at hand.
 */
export const isReferenceBook = (book: Book): boolean => {
  checkBook(book);
  return book.capacity >= 3;
};

/**
 * Writing a book: "You must have *Literacy* at the training of the book to be written. It takes a week
 * per XP to write and the maximum is your own literacy or book's skill, whichever is lower." The
 * check is a Combination of Literacy and the skill "according to the SKILL LEARNING DL TABLE. Add the
 * score of the book being written to the cost of the skill itself when figuring the XP cost
 * adjustment to the DL". Refuses `literacyTooLow` and `notEnoughXP` (a book above what you know).
 */
export function bookWriting(
  book: Book,
  writer: {
    literacy: { capacity: number; xp: number };
    skill: { capacity: number; xp: number; cost: number };
    attrCapacity: number;
  },
): Checked<{ check: LearningCheck; weeks: number }> {
  checkBook(book);
  const { literacy, skill } = writer;
  assertRange(literacy.capacity, 0, MAX_TRAINING, "A Literacy capacity");
  assertRange(skill.capacity, 0, MAX_TRAINING, "A skill capacity");
  assertCount(skill.cost, "A skill cost");
  if (literacy.capacity < book.capacity)
    return refuse("literacyTooLow", { literacy: literacy.capacity, book: book.capacity });
  const most = Math.min(literacy.xp, skill.xp);
  if (book.capacity > Math.min(literacy.capacity, skill.capacity) || book.xp > most)
    return refuse("notEnoughXP", { have: most, need: book.xp });
  return accept({
    check: learningCheck(
      { capacity: literacy.capacity, level: levelFromXP(literacy.xp) },
      { capacity: skill.capacity, level: levelFromXP(skill.xp) },
      writer.attrCapacity,
      SKILL_LEARNING_DL[book.capacity]! + levelFromXP(skill.cost + book.xp),
    ),
    weeks: book.xp,
  });
}

/**
 * When a failed writing check may be tried again: "On a failure, you can retry after a Chapter passes.
 * On a critical failure, you start over from the beginning at the next Act."
 */
export function bookWritingRetry(check: TrainingCheckOutcome): "chapter" | "restartNextAct" | null {
  if (!check.critical && check.margin >= 0) return null;
  return criticalFailure(check) ? "restartNextAct" : "chapter";
}

function checkBook(book: Book): void {
  assertRange(book.capacity, 1, MAX_TRAINING, "A book's capacity");
  assertCount(book.xp, "A book's XP");
}
