/**
 * Xero Sum health on an actor's data, without Foundry: the rules layer's `HealthState` read from and
 * written to the stored fields (`wp`, `rp`, `state.*`, `stress`), what a round does to the timers
 * (incapacitation waking at 1 RP, the death clock, a Panic's rounds, blindness), what harm does
 * (rules `applyHarm`, and the Breaking Point reactions that end when the character falls unconscious),
 * and what a Panic drawn from Table 12 sets.
 */
import {
  applyHarm,
  breakingPointEffect,
  endBreakingPointReaction,
  incapacitate,
  panicEffect,
  tableDiceValue,
  tickRound,
  type D3Mode,
  type Harm,
  type HarmCause,
  type HealthEvents,
  type HealthState,
  type PanicTrigger,
} from "../rules";
import type { BreakingPoint, Panic } from "../rules/keys";

/** The stored `state` of a Xero Sum character (data/actors.ts). */
export interface StoredState {
  incapacitatedRounds: number;
  mortallyWounded: boolean;
  deathRounds: number;
  stabilised: boolean;
  wasMortallyWounded: boolean;
  dead: boolean;
  breathRounds: number;
  daysWithoutFood: number;
  panic: { key: Panic | ""; rounds: number };
  breakingPoint: BreakingPoint | "";
  winded: boolean;
  blindedRounds: number;
}

/** What the health glue reads off a character. */
export interface HealthSource {
  wp: number;
  rp: number;
  /** Table 5's maxima after Lasting Wounds (`system.derived`). */
  maxWp: number;
  maxRp: number;
  /** Physicality after Lasting Wounds. */
  phy: number;
  stress: number;
  state: StoredState;
}

export const HEALTH_PATHS = {
  wp: "system.wp.value",
  rp: "system.rp.value",
  stress: "system.stress.value",
  incapacitatedRounds: "system.state.incapacitatedRounds",
  mortallyWounded: "system.state.mortallyWounded",
  deathRounds: "system.state.deathRounds",
  stabilised: "system.state.stabilised",
  wasMortallyWounded: "system.state.wasMortallyWounded",
  dead: "system.state.dead",
  breathRounds: "system.state.breathRounds",
  daysWithoutFood: "system.state.daysWithoutFood",
  panicKey: "system.state.panic.key",
  panicRounds: "system.state.panic.rounds",
  breakingPoint: "system.state.breakingPoint",
  winded: "system.state.winded",
  blindedRounds: "system.state.blindedRounds",
  lastingWounds: "system.lastingWounds",
  insight: "system.insight.value",
} as const;

/** The rules' health state of a character. */
export function healthOf(source: HealthSource): HealthState {
  const s = source.state;
  return {
    wp: source.wp,
    rp: source.rp,
    incapacitatedRounds: s.incapacitatedRounds,
    mortallyWounded: s.mortallyWounded,
    deathRounds: s.deathRounds,
    stabilised: s.stabilised,
    wasMortallyWounded: s.wasMortallyWounded,
    dead: s.dead,
  };
}

/** The stored fields of a health state, flattened, only those that differ from `before`. */
export function healthUpdate(before: HealthState, after: HealthState): Record<string, unknown> {
  const update: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof HealthState)[])
    if (after[key] !== before[key]) update[HEALTH_PATHS[key]] = after[key];
  return update;
}

/** What a new combat round changed for one character (the update and what to say about it). */
export interface RoundTick {
  update: Record<string, unknown>;
  woke: boolean;
  died: boolean;
  /** The Panic that ran out this round ("" for none). */
  panicEnded: Panic | "";
  /** Blindness ran out. */
  sight: boolean;
}

/**
 * One combat round passes for a character (rules `tickRound`, in combat): the death clock unless
 * stabilised, incapacitation counting down and waking at 1 RP; a Panic with rounds left counts down
 * and ends at 0 (a Panic without a duration, rounds 0, stays until it is cleared); blindness counts
 * down. The dead change no more.
 */
export function roundTick(source: HealthSource): RoundTick {
  const before = healthOf(source);
  const ticked = tickRound(before, { maxRp: source.maxRp, inCombat: true });
  const update = healthUpdate(before, ticked.state);
  const out: RoundTick = { update, woke: ticked.woke, died: ticked.died, panicEnded: "", sight: false };
  if (before.dead) return out;
  const { panic, blindedRounds } = source.state;
  if (panic.key && panic.rounds > 0) {
    const rounds = panic.rounds - 1;
    update[HEALTH_PATHS.panicRounds] = rounds;
    if (rounds === 0) {
      update[HEALTH_PATHS.panicKey] = "";
      out.panicEnded = panic.key;
    }
  }
  if (blindedRounds > 0) {
    update[HEALTH_PATHS.blindedRounds] = blindedRounds - 1;
    out.sight = blindedRounds === 1;
  }
  if (ticked.died && panic.key) {
    update[HEALTH_PATHS.panicKey] = "";
    update[HEALTH_PATHS.panicRounds] = 0;
  }
  return out;
}

/** What harm did to a character: the update, the rules' events, a Breaking Point reaction ended. */
export interface HarmPlan {
  update: Record<string, unknown>;
  state: HealthState;
  events: HealthEvents;
  reactionEnded: BreakingPoint | "";
}

/**
 * WP and RP damage on a character (rules `applyHarm`): the update of what changed, the events (the
 * Lasting Wound and Panic checks due, incapacitation, a mortal wound). Falling unconscious ends a
 * Breaking Point reaction that lasts "until they fall unconscious" (and clears a box where the table
 * says so).
 */
export function harmPlan(
  source: HealthSource,
  harm: Harm,
  { cause = "other", panicTrigger = "crossing" }: { cause?: HarmCause; panicTrigger?: PanicTrigger } = {},
): HarmPlan {
  const before = healthOf(source);
  const { state, events } = applyHarm(before, harm, {
    phy: source.phy,
    maxRp: source.maxRp,
    panicTrigger,
    cause,
  });
  const update = healthUpdate(before, state);
  let reactionEnded: BreakingPoint | "" = "";
  const reaction = source.state.breakingPoint;
  if (events.incapacitated > 0 && reaction) {
    const ended = endBreakingPointReaction({ stress: source.stress, reaction }, "unconscious");
    if (ended.reaction === "") {
      reactionEnded = reaction;
      update[HEALTH_PATHS.breakingPoint] = "";
      if (ended.stress !== source.stress) update[HEALTH_PATHS.stress] = ended.stress;
    }
  }
  return { update, state, events, reactionEnded };
}

/** A Panic drawn from Table 12: its rounds (from the d3 when it has a duration), and the update. */
export interface PanicPlan {
  key: Panic;
  /** Rounds it lasts; 0 for one without a duration (in force until cleared or used). */
  rounds: number;
  update: Record<string, unknown>;
}

/**
 * Set the Panic `key` in force, its rounds rolled on `d3` when Table 12 gives it a duration; Faints
 * also incapacitates for those rounds (rules `incapacitate`: a longer count running is kept).
 */
export function panicPlan(
  source: HealthSource,
  key: Panic,
  d3: number,
  d3Mode: D3Mode = "uniform",
): PanicPlan {
  const effect = panicEffect(key);
  const rounds = effect.duration ? tableDiceValue(effect.duration, d3, d3Mode) : 0;
  // A d3 read as half a d6 rounded down may give 0 rounds: a Panic that is over at once.
  if (effect.duration && rounds === 0) return { key, rounds, update: {} };
  const update: Record<string, unknown> = {
    [HEALTH_PATHS.panicKey]: key,
    [HEALTH_PATHS.panicRounds]: rounds,
  };
  if (effect.unconscious && rounds > 0) {
    const before = healthOf(source);
    Object.assign(update, healthUpdate(before, incapacitate(before, rounds)));
  }
  return { key, rounds, update };
}

/** Whether a Breaking Point reaction names `why` among what ends it (rules Table 13). */
export const reactionEndsOn = (reaction: BreakingPoint, why: string): boolean =>
  (breakingPointEffect(reaction).endsWhen as readonly string[]).includes(why);
