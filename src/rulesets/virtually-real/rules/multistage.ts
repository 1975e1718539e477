/**
 * Multistage tasks and arm wrestling (Virtually Real core guidebook, chapter 1, "Multistage Task").
 * Pure: no Foundry, no globals. The state is plain data a sheet or a journal can keep.
 *
 * The rules: each stage has its own resource cost (time, money, endurance) and skill; "On failure,
 * you can restart the stage (at +1 critical) and pay the resource costs all over again", reusing
 * non-consumable materials, so "only pay 1/4 of any monetary costs, but time and endurance must be
 * repaid in full"; "You may not begin a later stage until all previous stages are complete"; a
 * critical failure stalls the project, "restarted at stage 1"; an effect bonus "grants a bonus to the
 * next stage"; a close enough result "causes *all* future stages to have a disadvantage", unless you
 * redo the stage at +1 critical ("Crap! Go back!").
 *
 * Readings where the text is silent, each marked in its function's comment:
 * - the next stage's bonus is the effect bonus added to its total;
 * - the disadvantages of several close enough results stack (one each);
 * - after a stall, stage 1 starts afresh (no +crit, no disadvantage), but a stage tried before pays
 *   a quarter of its money again, its materials being reused;
 * - arm wrestling: a tie gains nothing; a serious win with no disadvantage of your own to move gives
 *   the opponent one (`seriousWithoutDisadvantage: "give"`, or "nothing").
 */
import { assertCount, assertWhole } from "./roll-guards";
import { degreeFromMargin } from "./experience";
import type { Degree } from "./keys";

/** A stage's resource cost, set by the GM. */
export interface StageCost {
  time?: number;
  money?: number;
  endurance?: number;
}

/** Resources paid so far. */
export interface Spent {
  time: number;
  money: number;
  endurance: number;
}

/** A multistage task under way. */
export interface MultistageState {
  /** The stage under way, from 0; equal to the number of stages when done. */
  stage: number;
  /** Tries of this stage in this run: the next is at +`attempt` crit. */
  attempt: number;
  /** Disadvantages carried by close enough results into every later stage. */
  disadvantage: number;
  /** The effect bonus the previous stage gave the next. */
  bonus: number;
  /** How often each stage has been tried (a stage tried before reuses its materials). */
  tries: number[];
  /** Times a critical failure sent the project back to stage 1. */
  stalls: number;
  spent: Spent;
  done: boolean;
}

/** What happened at a stage. */
export type StageEvent = "advanced" | "closeEnoughOn" | "redo" | "retry" | "stalled" | "done";

/** A close enough result: plow on (and take the disadvantage) or redo the stage. */
export type CloseEnoughChoice = "plowOn" | "redo";

/** A fresh task of `stages` stages. */
export function startMultistage(stages: number): MultistageState {
  assertCount(stages, "Stages");
  if (stages === 0) throw new RangeError("A multistage task has at least one stage");
  return {
    stage: 0,
    attempt: 0,
    disadvantage: 0,
    bonus: 0,
    tries: Array<number>(stages).fill(0),
    stalls: 0,
    spent: { time: 0, money: 0, endurance: 0 },
    done: false,
  };
}

/**
 * What the next roll of the task takes: +1 crit per earlier try of this stage, the close enough
 * disadvantages, and the previous stage's effect bonus as a flat bonus (a reading).
 */
export function stageModifiers(state: MultistageState): {
  critMod: number;
  disadvantage: number;
  flat: number;
} {
  if (state.done) throw new RangeError("This multistage task is done");
  return { critMod: state.attempt, disadvantage: state.disadvantage, flat: state.bonus };
}

/** A try's cost: the full cost the first time a stage is tried, a quarter of the money afterwards. */
export function stagePayment(cost: StageCost, triedBefore: boolean): Spent {
  const time = cost.time ?? 0;
  const money = cost.money ?? 0;
  const endurance = cost.endurance ?? 0;
  for (const [v, what] of [
    [time, "Time"],
    [money, "Money"],
    [endurance, "Endurance"],
  ] as const)
    if (!(v >= 0)) throw new RangeError(`${what} is a cost >= 0: ${v}`);
  return { time, money: triedBefore ? money / 4 : money, endurance };
}

/** What `advanceMultistage` reads of a stage's resolved check. */
export interface StageResult {
  success: boolean | null;
  critical: boolean;
  closeEnough: boolean;
  effectBonus: number;
}

/**
 * Record one try of the current stage (its cost paid) and move on: a success advances with its
 * effect bonus for the next stage; close enough advances with one more disadvantage for every later
 * stage ("plowOn", the default) or stays at +1 crit ("redo"); a failure stays at +1 crit; a
 * critical failure stalls the project back to stage 1. The last stage's success finishes it.
 */
export function advanceMultistage(
  state: MultistageState,
  costs: readonly StageCost[],
  result: StageResult,
  choice: CloseEnoughChoice = "plowOn",
): { state: MultistageState; event: StageEvent } {
  if (state.done) throw new RangeError("This multistage task is done");
  if (costs.length !== state.tries.length)
    throw new RangeError(`This task has ${state.tries.length} stages, not ${costs.length}`);
  assertWhole(result.effectBonus, "An effect bonus");
  const paid = stagePayment(costs[state.stage]!, state.tries[state.stage]! > 0);
  const tries = state.tries.slice();
  tries[state.stage]! += 1;
  const spent = {
    time: state.spent.time + paid.time,
    money: state.spent.money + paid.money,
    endurance: state.spent.endurance + paid.endurance,
  };
  const base = { ...state, tries, spent };
  if (result.critical)
    return {
      state: { ...base, stage: 0, attempt: 0, disadvantage: 0, bonus: 0, stalls: state.stalls + 1 },
      event: "stalled",
    };
  const passed = result.success === true || (result.closeEnough && choice === "plowOn");
  if (!passed)
    return {
      state: { ...base, attempt: state.attempt + 1, bonus: 0 },
      event: result.closeEnough ? "redo" : "retry",
    };
  const stage = state.stage + 1;
  const done = stage === state.tries.length;
  const next: MultistageState = {
    ...base,
    stage,
    attempt: 0,
    disadvantage: state.disadvantage + (result.success === true ? 0 : 1),
    bonus: result.success === true ? result.effectBonus : 0,
    done,
  };
  return { state: next, event: done ? "done" : result.success === true ? "advanced" : "closeEnoughOn" };
}

// ---- Arm wrestling ---------------------------------------------------------------------------

/** An arm wrestle: each side's disadvantage dice, and the winner once there is one. */
export interface ArmWrestlingState {
  disadvantage: [number, number];
  winner: 0 | 1 | null;
  stages: number;
}

/** What a stage of arm wrestling did. */
export type ArmWrestlingEffect = "none" | "ground" | "disadvantage" | "moveDisadvantage" | "win";

/** The outcome of one stage. */
export interface ArmWrestlingStage {
  state: ArmWrestlingState;
  /** The stage's winner (null on a tie). */
  winner: 0 | 1 | null;
  degree: Degree;
  effect: ArmWrestlingEffect;
}

export const startArmWrestling = (): ArmWrestlingState => ({ disadvantage: [0, 0], winner: null, stages: 0 });

/**
 * One side's strength feat for the next stage: its disadvantages, and an advantage die for each
 * Endurance point spent ("opponents may spend an Endurance point to add an advantage die to their
 * roll. That is the resource cost"). No re-rolls.
 */
export function armWrestlingRoll(
  state: ArmWrestlingState,
  side: 0 | 1,
  endurance = 0,
): { advantage: number; disadvantage: number } {
  assertCount(endurance, "Endurance spent");
  if (state.winner !== null) throw new RangeError("This arm wrestle is over");
  return { advantage: endurance, disadvantage: state.disadvantage[side] };
}

/**
 * One stage of arm wrestling, by opposed strength feat totals (a critical result counts 0): "On a
 * minor win, you gain some ground over your opponent, but this is purely a narrative bonus. A
 * *major* win gives your opponent a disadvantage. A *serious* win lets you move a disadvantage die
 * from you to your opponent. A *critical* win (opponent loses by 10+) means you win!" (TV-36).
 */
export function armWrestlingStage(
  state: ArmWrestlingState,
  totals: [number, number],
  options: { seriousWithoutDisadvantage?: "give" | "nothing" } = {},
): ArmWrestlingStage {
  if (state.winner !== null) throw new RangeError("This arm wrestle is over");
  totals.forEach((t) => assertWhole(t, "A total"));
  const margin = totals[0] - totals[1];
  const degree = degreeFromMargin(margin);
  const stages = state.stages + 1;
  if (margin === 0) return { state: { ...state, stages }, winner: null, degree, effect: "none" };
  const w: 0 | 1 = margin > 0 ? 0 : 1;
  const l: 0 | 1 = w === 0 ? 1 : 0;
  const dis: [number, number] = [state.disadvantage[0], state.disadvantage[1]];
  let effect: ArmWrestlingEffect = "ground";
  if (degree === "major") {
    dis[l] += 1;
    effect = "disadvantage";
  } else if (degree === "serious") {
    if (dis[w] > 0) {
      dis[w] -= 1;
      dis[l] += 1;
      effect = "moveDisadvantage";
    } else if ((options.seriousWithoutDisadvantage ?? "give") === "give") {
      dis[l] += 1;
      effect = "disadvantage";
    } else effect = "ground";
  } else if (degree !== "minor") {
    return { state: { disadvantage: dis, winner: w, stages }, winner: w, degree, effect: "win" };
  }
  return { state: { disadvantage: dis, winner: null, stages }, winner: w, degree, effect };
}
