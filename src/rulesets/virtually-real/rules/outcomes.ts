/**
 * What a check's margin means (Virtually Real core guidebook, chapter 1, "Degrees Of Success" and
 * "Degrees of Failure": close enough, faster skills, effect bonus, severity of failure, soft
 * failures, retries, extended criticals; opposed checks from "Skill Checks"). Pure: no Foundry, no
 * globals.
 *
 * Readings where the text is silent, each an option with its default (spec §6.3):
 * - the FAST SKILLS chart is in Appendix B, not in chapter 1: the only stated step is "6 over,
 *   half the time" (`fastSkills`, a list of steps the GM may extend);
 * - opposed ties go to the actor, who "equals or exceeds" the opponent's result (`ties`).
 */
import { assertCount, assertWhole } from "./roll-guards";
import { degreeFromMargin, levelFromXP } from "./experience";
import type { CritSourceKey, Degree, Outcome } from "./keys";

// ---- Close enough and faster skills ----------------------------------------------------------

/**
 * Close enough costs time: "if you are picking a lock, normally a 1 minute check, and you miss the
 * DL by 1, it takes you 1 1/2 times as long, while missing by 2 means it takes 3 times as long."
 */
export const CLOSE_ENOUGH_TIME: Readonly<Record<1 | 2, number>> = { 1: 1.5, 2: 3 };

/** One step of a faster-skills chart: beating the DL by `over` or more multiplies the time by `factor`. */
export interface FastSkillStep {
  over: number;
  factor: number;
}

/** "If you get 6 over, it gets done in half the time." (The full chart is in Appendix B.) */
export const DEFAULT_FAST_SKILLS: readonly FastSkillStep[] = [{ over: 6, factor: 0.5 }];

/** Options of `timeFactor`. */
export interface TimeOptions {
  /** The faster-skills chart (proposed setting `polyverse.virtually-real.fastSkills`). */
  fastSkills?: readonly FastSkillStep[];
}

/**
 * How long a timed check takes, as a multiple of its normal time: 1.5 for a miss by 1, 3 for a miss
 * by 2 (close enough: "you will eventually succeed"), the faster-skills chart's factor when the DL
 * is beaten, 1 otherwise; null for a failure by 3 or more (it is not done).
 *
 * Examples: a 1-minute lock missed by 1 takes 1.5 minutes, by 2 three minutes (TV-28); beaten by 6,
 * half the time (TV-29).
 */
export function timeFactor(margin: number, options: TimeOptions = {}): number | null {
  assertWhole(margin, "A margin");
  if (margin === -1 || margin === -2) return CLOSE_ENOUGH_TIME[-margin as 1 | 2];
  if (margin < 0) return null;
  let factor = 1;
  let best = -1;
  for (const step of options.fastSkills ?? DEFAULT_FAST_SKILLS) {
    if (margin >= step.over && step.over > best) {
      best = step.over;
      factor = step.factor;
    }
  }
  return factor;
}

/**
 * The effect bonus ("*Yes, and.*"): "Index the amount by which you beat the DL on the EXPERIENCE
 * TABLE ... and use the "level" column, not degrees." Beat by 3 / 6 / 10 / 16: 0 / +1 / +2 / +3
 * (TV-30); 0 for a failure.
 */
export function effectBonus(margin: number): number {
  assertWhole(margin, "A margin");
  return margin >= 0 ? levelFromXP(margin) : 0;
}

// ---- Severity, soft failures ------------------------------------------------------------------

/** What `outcomeOf` reads: the parts of a resolved check it needs. */
export interface OutcomeInput {
  critical: boolean;
  brilliant: boolean;
  margin: number | null;
}

/** Options of `outcomeOf`. */
export interface OutcomeOptions {
  /** Close enough only where "you can keep rolling to retry". Default true. */
  retryable?: boolean;
  /** The GM gives a soft failure ("*No, but.*") instead of failure levels. Default false. */
  soft?: boolean;
}

/** A check's outcome and its degree (of success or of failure; null without a DL). */
export interface OutcomeReading {
  outcome: Outcome;
  degree: Degree | null;
}

/**
 * The outcome of a check for a card: critical ("*No!*", failing by the DL), brilliant, success,
 * close enough (missed by 1-2 where a retry is possible: "*yes, but*"), a soft failure ("Sometimes
 * a fail is just a fail and failure levels don't apply": no degree), or a failure with its severity
 * (3-5 major, 6-9 serious, 10+ critical). Without a DL: brilliant or success unless critical.
 */
export function outcomeOf(check: OutcomeInput, options: OutcomeOptions = {}): OutcomeReading {
  const degree = check.margin === null ? null : degreeFromMargin(check.margin);
  if (check.critical) return { outcome: "critical", degree };
  const success = check.margin === null || check.margin >= 0;
  if (success) return { outcome: check.brilliant ? "brilliant" : "success", degree };
  if (options.soft) return { outcome: "softFailure", degree: null };
  if (check.margin! >= -2 && options.retryable !== false) return { outcome: "closeEnough", degree };
  return { outcome: "failure", degree };
}

// ---- Retries ---------------------------------------------------------------------------------

/** Where a retried check stands: the retries so far (each +1 crit) and whether retrying is over. */
export interface RetryState {
  /** Retries made so far: the next try is at +`retries` crit. */
  retries: number;
  /** A critical failure: "no retries until the next Chapter! You've been beat!" */
  locked: boolean;
  /** Succeeded: nothing left to retry. */
  done: boolean;
}

export const startRetries = (): RetryState => ({ retries: 0, locked: false, done: false });

/**
 * After a try: a success ends it; a critical failure locks retries until the next chapter ("Once
 * you roll that failure, you can't retry anymore"); another failure allows a retry "at +1 critical"
 * ("Every retry adds another +1 to the critical range until you roll a critical failure").
 */
export function afterTry(
  state: RetryState,
  result: { success: boolean | null; critical: boolean },
): RetryState {
  if (state.locked || state.done)
    throw new RangeError("No more tries: this check is over until the next chapter");
  if (result.critical) return { ...state, locked: true };
  if (result.success) return { ...state, done: true };
  return { ...state, retries: state.retries + 1 };
}

/** Whether another try is allowed, and its +crit. */
export const canRetry = (state: RetryState): boolean => !state.locked && !state.done;

/** A new chapter: "The GM may let you try again in the next chapter of the story". */
export const retriesNextChapter = (): RetryState => startRetries();

// ---- Opposed checks --------------------------------------------------------------------------

/** Who wins an opposed tie. */
export type Ties = "actor" | "opponent";

/** An opposed check from the actor's side. */
export interface OpposedResult {
  /** The actor's total equals or exceeds the opponent's (ties per the option), and is not critical. */
  actorWins: boolean;
  /** Actor's total − opponent's (a critical total is 0). */
  margin: number;
  degree: Degree;
}

/**
 * "Your difficulty can be expressed as an opposed roll. If you're picking a lock, your adversary is
 * the engineer who built the lock! What did they roll?": the opponent's total is the actor's DL. A
 * critical result counts 0 and always fails; Combination rolls are opposed by Combination rolls.
 */
export function resolveOpposed(
  actor: { total: number; critical: boolean },
  opponent: { total: number; critical: boolean },
  options: { ties?: Ties } = {},
): OpposedResult {
  assertWhole(actor.total, "A total");
  assertWhole(opponent.total, "A total");
  const a = actor.critical ? 0 : actor.total;
  const b = opponent.critical ? 0 : opponent.total;
  const margin = a - b;
  const actorWins =
    !actor.critical && (margin > 0 || (margin === 0 && (options.ties ?? "actor") === "actor"));
  return { actorWins, margin, degree: degreeFromMargin(margin) };
}

// ---- Sources of +crit ------------------------------------------------------------------------

/** One source of +crit: how much each adds, and whether `planCheck` adds it itself. */
export interface CritSource {
  key: CritSourceKey;
  per: number;
  intrinsic: boolean;
}

/**
 * "Extending the range of a critical failure can be due indirect information, retrying failures, or
 * critical conditions": each critical condition +1; each helper +1 ("Too many cooks spoil the
 * soup!"); each hand-off of information for a knowledge check +1; a magic or technological effect
 * +1 on the roll it modifies; magical armor and force fields +1 on physical defence rolls; each
 * retry +1 (a stage restarted, a strength feat retried, an effect re-learned from a document); each
 * training underline +1. Intrinsic: a Combination roll +2, [5] dice +1.
 */
export const CRIT_SOURCES: readonly CritSource[] = [
  { key: "criticalCondition", per: 1, intrinsic: false },
  { key: "helper", per: 1, intrinsic: false },
  { key: "handOff", per: 1, intrinsic: false },
  { key: "effect", per: 1, intrinsic: false },
  { key: "magicalArmor", per: 1, intrinsic: false },
  { key: "retry", per: 1, intrinsic: false },
  { key: "underline", per: 1, intrinsic: false },
  { key: "combination", per: 2, intrinsic: true },
  { key: "fiveDice", per: 1, intrinsic: true },
];

/**
 * The `critMod` of a check from counts of its sources (a scout told a runner who told you: 2
 * hand-offs, +2). Intrinsic sources are refused: `planCheck` adds them.
 */
export function critModFrom(counts: Partial<Record<CritSourceKey, number>>): number {
  let sum = 0;
  for (const [key, count] of Object.entries(counts) as [CritSourceKey, number][]) {
    const source = CRIT_SOURCES.find((s) => s.key === key);
    if (!source) throw new RangeError(`Not a source of +crit: ${key}`);
    if (source.intrinsic) throw new RangeError(`planCheck adds the +crit of ${key} itself`);
    assertCount(count, `A count of ${key}`);
    sum += count * source.per;
  }
  return sum;
}
