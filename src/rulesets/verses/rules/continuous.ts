/**
 * Continuous tests and the Maintain a Test action ('Verses Core 0.8.5, "Continuous Tests", "Maintain a
 * Test"; abilities Action Autopilot, Intense Concentration, Multitasking, Pain Tolerance). Pure
 * functions on plain values.
 */
import { resolveContest, resolveTest, type ContestOutcome, type TestOutcome } from "./dice";
import { type Checked, type Face, refused } from "./types";

/** A test's success target and continuation target, as written: `3S 2C`. */
export interface ContinuousNotation {
  /** The success target `#S`, or null when the text gives only the `C` part. */
  target: number | null;
  /** The continuation target `#C`, or null when the test is not continuous. */
  continuation: number | null;
}

/**
 * Read a test's `#S #C` notation ("Continuous Tests"): "These tests will indicate they are continuable
 * with a “# C” after the success target like so: “3S 2C.” The number that precedes the C is the
 * continuation target ... If the number is omitted then it is assumed to be 1." Accepts `3S 2C`,
 * `2S C` (Clinch, Choke), `3S` (not continuous), `2C` and a bare `C` (1C). Refused on anything else.
 */
export function parseContinuous(text: string): Checked<ContinuousNotation> {
  const m = /^\s*(?:(\d+)\s*S)?\s*(?:(\d*)\s*C)?\s*$/i.exec(text);
  if (m === null || (m[1] === undefined && m[2] === undefined))
    return refused("notContinuousNotation", { text });
  const target = m[1] === undefined ? null : Number(m[1]);
  const continuation = m[2] === undefined ? null : m[2] === "" ? 1 : Number(m[2]);
  if (continuation === 0) return refused("continuationTarget", { text });
  return { ok: true, value: { target, continuation } };
}

/** Why a maintenance roll is made. */
export type MaintenanceReason =
  /** The Maintain a Test action: "an actor must spend at least 1AD to explicitly maintain a continuous test each round". */
  | "maintain"
  /** "If the actor is hit by an attack, they must also attempt to maintain the test." */
  | "hit";

/** The dice of a maintenance roll. */
export interface MaintenanceInput {
  /** "the dice representing the skill or ability used in the original test" (without the original AD). */
  baseDice: number;
  /** AD spent on the roll. */
  adSpent: number;
  reason: MaintenanceReason;
  /** Multitasking dice used "in place of an equivalent number of unbound AD for the Maintain a Test action". */
  multitaskingDice?: number;
  /** Allocated dice in Multitasking (the most `multitaskingDice` may be). */
  multitaskingAllocated?: number;
  /** Action Autopilot: "Allocated dice may be added to any maintenance rolls for Continuous Tests." */
  actionAutopilot?: number;
  /** Intense Concentration: "Apply any allocated dice to any maintenance rolls for Continuous Tests involving SMR." */
  intenseConcentration?: number;
  /** The original test involves SMR (for Intense Concentration). */
  involvesSmr?: boolean;
  /** Any other dice. */
  otherDice?: number;
}

/** A maintenance roll to make. */
export interface MaintenancePool {
  pool: number;
  /** AD actually spent (Multitasking dice are not AD). */
  adSpent: number;
  multitaskingDice: number;
}

/**
 * The maintenance roll's pool ("Continuous Tests"): "the actor rolls the dice representing the skill or
 * ability used in the original test plus at least 1AD (if the maintenance test is in response to
 * damage, AD may be added but is not required)". Multitasking dice substitute for AD one for one on
 * the Maintain a Test action, up to the allocation (they refresh each round, spec §11.2 #29); Action
 * Autopilot adds to any maintenance roll; Intense Concentration to those of SMR tests. Jules (TV-03):
 * TUF 2 + 5AD = 7d6 each turn.
 */
export function maintenancePool(input: MaintenanceInput): Checked<MaintenancePool> {
  const ad = input.adSpent;
  const multi = input.multitaskingDice ?? 0;
  if (!Number.isInteger(ad) || ad < 0) return refused("adNotWhole", { ad });
  if (!Number.isInteger(multi) || multi < 0 || multi > (input.multitaskingAllocated ?? 0))
    return refused("multitaskingAtMost", { max: input.multitaskingAllocated ?? 0, given: multi });
  if (input.reason === "maintain" && ad + multi < 1) return refused("maintainNeedsAd");
  const pool =
    Math.max(0, input.baseDice) +
    ad +
    multi +
    Math.max(0, input.actionAutopilot ?? 0) +
    (input.involvesSmr === true ? Math.max(0, input.intenseConcentration ?? 0) : 0) +
    (input.otherDice ?? 0);
  return { ok: true, value: { pool: Math.max(0, pool), adSpent: ad, multitaskingDice: multi } };
}

/**
 * Whether a hit forces a maintenance roll: "If the actor is hit by an attack, they must also attempt to
 * maintain the test" — except with Pain Tolerance: "If you are hit by an attack while maintaining a
 * Continuous Test and you take no HP damage, you do not have to make a maintenance roll."
 */
export function maintenanceRollWhenHit(hpDamage: number, painTolerance = 0): boolean {
  return !(painTolerance > 0 && hpDamage <= 0);
}

/** A continuous test in effect. */
export interface ContinuousTestState {
  /** The continuation target `#C`. */
  continuation: number;
  /** The base dice of its maintenance rolls. */
  baseDice: number;
  involvesSmr: boolean;
  /** Successful maintenance rolls in a row (Choke: "If continued for: 2 rounds ..."). */
  roundsContinued: number;
  /** False once the test and its effects have ended. */
  active: boolean;
}

/** A continuous test after its initial success, e.g. `parseContinuous("2S C")` for a Choke. */
export function startContinuousTest(
  continuation: number,
  baseDice: number,
  involvesSmr = false,
): ContinuousTestState {
  if (!Number.isInteger(continuation) || continuation < 1)
    throw new RangeError(`A continuation target is a whole number >= 1: ${continuation}`);
  return { continuation, baseDice, involvesSmr, roundsContinued: 0, active: true };
}

/** The result of a maintenance roll. */
export interface MaintenanceResult {
  state: ContinuousTestState;
  outcome: TestOutcome | ContestOutcome;
  maintained: boolean;
}

/**
 * Resolve a maintenance roll: "If this test fails to meet the necessary continuation target (# C) ...
 * then the test and its effects end." With `challengerFaces` the continuation is contested
 * (Grappling: "Continuations are contested in the same way as the original move"): the net successes
 * must reach `#C`. A test that already ended stays ended.
 */
export function resolveMaintenance(
  state: ContinuousTestState,
  faces: readonly Face[],
  challengerFaces?: readonly Face[],
): MaintenanceResult {
  const outcome =
    challengerFaces === undefined
      ? resolveTest(faces, state.continuation)
      : resolveContest(faces, challengerFaces, state.continuation);
  const maintained = state.active && outcome.success;
  return {
    state: {
      ...state,
      active: maintained,
      roundsContinued: maintained ? state.roundsContinued + 1 : state.roundsContinued,
    },
    outcome,
    maintained,
  };
}

/**
 * The actor lets the test go: "If ... the actor chooses not to maintain it, then the test and its
 * effects end." Also the state when a hit forces a roll and the actor cannot or will not make it.
 */
export function endContinuousTest(state: ContinuousTestState): ContinuousTestState {
  return { ...state, active: false };
}
