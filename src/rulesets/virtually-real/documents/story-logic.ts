/**
 * The story's clock and what each character carries between scenes, chapters and Acts, without
 * Foundry. Chapter 1 times its rewards by the story: XP "at the end of the scene", practice "per
 * chapter", self-teaching "after completing an Act" if "you have earned XP every chapter this Act";
 * training retried "in the next Act" or "in 2 Acts" (with a trainer, "at the end of the chapter").
 *
 * - The world's clock (`polyverse.virtually-real.story`, a hidden world setting): how many scenes,
 *   chapters and Acts have ended. The GM's end-of-scene and end-of-chapter steps advance it.
 * - An actor's `flags.polyverse.virtually-real.story`: the last scene and chapter ended for it, so a step
 *   run twice for the same scene (a second GM, a retry after a failure half way) changes nothing the
 *   second time; and the Act in which it made its self-taught training check ("only 1 skill or
 *   occupation at a time").
 * - A skill's `flags.polyverse.virtually-real.progress`: practised this chapter (the player's say, or a
 *   combat scene of minor wounds: "this scene counts as practice"), the chapters of this Act ended and
 *   those in which it earned XP, whether the Act just completed allows a self-taught check, when a
 *   failed training check may be tried again, and the chapter of the last underline re-roll.
 * Every reader takes stored data as it comes (a flag a player edited reads as the default).
 */
import { ID } from "./shared-logic";

/** The world's story clock: how many scenes, chapters and Acts have ended. */
export interface StoryClock {
  scene: number;
  chapter: number;
  act: number;
}

export const STORY_SETTING = "story";
export const STORY_SETTING_KEY = `${ID}.${STORY_SETTING}`;
export const START_CLOCK: StoryClock = { scene: 0, chapter: 0, act: 0 };

const count = (v: unknown): number => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : 0);
const record = (v: unknown): Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** A stored clock read plainly. */
export function readClock(value: unknown): StoryClock {
  const v = record(value);
  return { scene: count(v.scene), chapter: count(v.chapter), act: count(v.act) };
}

/** An actor's story marks: the last scene and chapter ended for it, its self-taught Act. */
export interface ActorStory {
  scene: number;
  chapter: number;
  /** The Act (the clock's `act` when it was made) of its last self-taught check; null for none. */
  selfTaughtAct: number | null;
}

export const ACTOR_STORY_FLAG = "story";

export function readActorStory(value: unknown): ActorStory {
  const v = record(value);
  return {
    scene: count(v.scene),
    chapter: count(v.chapter),
    selfTaughtAct: typeof v.selfTaughtAct === "number" ? count(v.selfTaughtAct) : null,
  };
}

/** When a failed training check may be tried again: from an Act, or (with a trainer) a chapter. */
export interface RetryAt {
  act?: number;
  chapter?: number;
}

/** A skill's progress between scenes, chapters and Acts. */
export interface SkillProgress {
  /** Practised this chapter: 1 XP at its end if it earned none otherwise. */
  practising: boolean;
  /** Chapters of this Act ended, and those in which the skill earned XP. */
  actChapters: number;
  actXPChapters: number;
  /** The Act just completed had XP in every chapter: a self-taught check may be made. */
  selfTaught: boolean;
  /** A failed training check: not before this Act (or chapter); null when free. */
  retry: RetryAt | null;
  /** The chapter of its last underline re-roll ("Each Chapter, you can attempt a new roll"). */
  underlineChapter: number | null;
}

export const PROGRESS_FLAG = "progress";

/**
 * A skill's check retries (`flags.polyverse.virtually-real.retries`, rules `RetryState`s by check): a
 * new chapter clears them ("The GM may let you try again in the next chapter of the story",
 * `retriesNextChapter`), a critical failure's lock with them.
 */
export const RETRIES_FLAG = "retries";

export function readProgress(value: unknown): SkillProgress {
  const v = record(value);
  const retry = record(v.retry);
  const at: RetryAt = {};
  if (typeof retry.act === "number") at.act = count(retry.act);
  if (typeof retry.chapter === "number") at.chapter = count(retry.chapter);
  return {
    practising: v.practising === true,
    actChapters: count(v.actChapters),
    actXPChapters: count(v.actXPChapters),
    selfTaught: v.selfTaught === true,
    retry: at.act !== undefined || at.chapter !== undefined ? at : null,
    underlineChapter: typeof v.underlineChapter === "number" ? count(v.underlineChapter) : null,
  };
}

/** Whether a training retry is allowed now by the clock. */
export function retryAllowed(retry: RetryAt | null, clock: StoryClock): boolean {
  if (!retry) return true;
  if (retry.chapter !== undefined && clock.chapter < retry.chapter) return false;
  if (retry.act !== undefined && clock.act < retry.act) return false;
  return true;
}

/**
 * When a failed training check may be tried again: "On failure, you can keep practicing and try again
 * in the next Act. On a critical failure, you can try again in 2 Acts"; with a trainer who spent the
 * chapter with you the check is made "at the end of the chapter instead of the end of the act", so a
 * failure waits a chapter (two after a critical failure). Null: nothing to wait for.
 */
export function retryAfter(
  retry: "act" | "twoActs" | null,
  clock: StoryClock,
  withTrainer: boolean,
): RetryAt | null {
  if (!retry) return null;
  const wait = retry === "twoActs" ? 2 : 1;
  return withTrainer ? { chapter: clock.chapter + wait } : { act: clock.act + wait };
}
