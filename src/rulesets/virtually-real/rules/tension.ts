/**
 * The Tension Pool (Virtually Real core guidebook, chapter 1: an optional rule credited there to
 * "The Angry GM", included in the book in an abbreviated form). Pure: no Foundry, no globals.
 *
 * The rules: each time-consuming task drops a die in the bowl (one die however many characters take
 * their time at once); a reckless action rolls the pool; one both time-consuming and reckless adds a
 * die and then rolls; a 6th die rolls the pool at once; rolled dice do not go back, so the bowl is
 * empty; any 1 is a complication; the GM may clear the bowl at the end of a scene or keep it (a
 * chase by the antagonist keeps it).
 */
import { assertCount, assertFace } from "./roll-guards";

/** "If you add a 6th die to the bowl, immediately roll the pool." */
export const TENSION_POOL_MAX = 6;

/** The dice in the bowl. */
export interface TensionState {
  dice: number;
}

/** What happened at the table. */
export interface TensionAction {
  timeConsuming: boolean;
  reckless: boolean;
}

/** Why the pool is rolled. */
export type TensionRollReason = "reckless" | "full";

/** The bowl after the actions, and how many dice to roll now (0: none). */
export interface TensionStep {
  state: TensionState;
  roll: number;
  reason: TensionRollReason | null;
}

export const emptyTensionPool = (): TensionState => ({ dice: 0 });

/**
 * The actions taken at once: a die if any was time-consuming ("you only add 1 die to the pool for
 * the time spent"), then the pool is rolled if any was reckless or the bowl reached 6 dice. The
 * state returned still holds the dice to roll: resolve them with `resolveTensionRoll`.
 */
export function tensionStep(
  state: TensionState,
  actions: TensionAction | readonly TensionAction[],
): TensionStep {
  assertCount(state.dice, "Tension dice");
  const list = Array.isArray(actions) ? (actions as readonly TensionAction[]) : [actions as TensionAction];
  const dice = Math.min(TENSION_POOL_MAX, state.dice + (list.some((a) => a.timeConsuming) ? 1 : 0));
  const reason: TensionRollReason | null = list.some((a) => a.reckless)
    ? "reckless"
    : dice >= TENSION_POOL_MAX
      ? "full"
      : null;
  return { state: { dice }, roll: reason ? dice : 0, reason };
}

/** A rolled pool: the complications (1s), and the bowl left empty. */
export function resolveTensionRoll(faces: readonly number[]): {
  complications: number;
  complication: boolean;
  state: TensionState;
} {
  faces.forEach((f, i) => assertFace(f, `Tension die ${i + 1}`));
  const complications = faces.filter((f) => f === 1).length;
  return { complications, complication: complications > 0, state: emptyTensionPool() };
}

/** The chance that rolling `dice` tension dice brings a complication: 1 − (5/6)^n. */
export function tensionOdds(dice: number): number {
  assertCount(dice, "Tension dice");
  return 1 - Math.pow(5 / 6, dice);
}

/** The end of a scene: the GM clears the bowl, or keeps it ("when running on montage", a chase). */
export const tensionAtSceneEnd = (state: TensionState, keep = false): TensionState =>
  keep ? { ...state } : emptyTensionPool();
