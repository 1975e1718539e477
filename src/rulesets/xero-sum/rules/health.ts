/**
 * Health (SRD "Incapacitation", "Mortal Wounds", "Stabilizing", "Healing", "Lasting Wounds", "Panic",
 * "Breaking Point"; Subsistence's and Drowning's deaths; the Insight use "save … from Dying"; the
 * medical kits of Table 21). Pure: no Foundry, no globals; checks come in as their band, dice as faces.
 *
 * The state mirrors the actor's `wp.value`, `rp.value` and `state.*` fields. Maximum WP and RP and
 * the Panic Threshold are Table 5's (character.ts `secondaryStats`, after Lasting Wounds).
 */
import type { AttributeKey, Band, BreakingPoint, SkillKey } from "./keys";
import {
  assertBand,
  assertCount,
  assertDie,
  assertInt,
  refuse,
  succeeded,
  type Checked,
} from "./combat-guards";
import { BREAKING_POINT_BOXES, panicThreshold } from "./character";
import type { D3Mode } from "./check";
import { assertDamageFaces, type Harm } from "./damage";
import { breakingPointEffect, type BreakingPointEnd } from "./tables";

/** A character's health as the rules read and write it. */
export interface HealthState {
  /** Wound Points left. */
  wp: number;
  /** Resilience Points left. */
  rp: number;
  /** Rounds of incapacitation left (0 RP, a stabilised mortal wound, a stun). */
  incapacitatedRounds: number;
  /** At 0 WP: dies when `deathRounds` run out unless stabilised. */
  mortallyWounded: boolean;
  deathRounds: number;
  stabilised: boolean;
  /** Was mortally wounded: heals 1 WP per two days until back to full. */
  wasMortallyWounded: boolean;
  dead: boolean;
}

/** A healthy character at `maxWp` and `maxRp`. */
export function healthyState(maxWp: number, maxRp: number): HealthState {
  assertCount(maxWp, "Maximum WP");
  assertCount(maxRp, "Maximum RP");
  return {
    wp: maxWp,
    rp: maxRp,
    incapacitatedRounds: 0,
    mortallyWounded: false,
    deathRounds: 0,
    stabilised: false,
    wasMortallyWounded: false,
    dead: false,
  };
}

function assertState(s: HealthState): void {
  assertCount(s.wp, "WP");
  assertCount(s.rp, "RP");
  assertCount(s.incapacitatedRounds, "Incapacitated rounds");
  assertCount(s.deathRounds, "Death rounds");
}

/** "incapacitated for 4 rounds minus their Physicality AMod, with a minimum of 1 round". */
export function incapacitationRounds(phy: number): number {
  assertInt(phy, "Physicality");
  return Math.max(1, 4 - phy);
}

/**
 * "they will Die within 4 + Physicality AMod rounds" (at least 1: a PHY below −3, possible only after
 * Lasting Wounds, would otherwise leave no round to stabilise in).
 */
export function deathRoundsFor(phy: number): number {
  assertInt(phy, "Physicality");
  return Math.max(1, 4 + phy);
}

/** When the Panic check is made (the `panicTrigger` setting). */
export type PanicTrigger = "crossing" | "everyLoss";

/**
 * Whether losing RP from `before` to `after` calls for a Panic check: "If a character is reduced to 50%
 * of their Resilience Point total (rounded down)". `crossing` (default): RP falls from above the
 * threshold to at or below it; `everyLoss`: any loss that leaves RP at or below it.
 */
export function panicCheckDue(
  before: number,
  after: number,
  threshold: number,
  panicTrigger: PanicTrigger = "crossing",
): boolean {
  assertCount(before, "RP before");
  assertCount(after, "RP after");
  assertCount(threshold, "A Panic Threshold");
  if (after >= before || after > threshold) return false;
  if (panicTrigger === "crossing") return before > threshold;
  if (panicTrigger === "everyLoss") return true;
  throw new RangeError(`Not a panic trigger: ${String(panicTrigger)}`);
}

/** What taking damage set off. */
export interface HealthEvents {
  /** Rounds of incapacitation started (RP fell to 0); 0 for none. */
  incapacitated: number;
  /** WP fell to 0: mortally wounded, dies after `deathRounds` rounds unless stabilised. */
  mortallyWounded: boolean;
  /** The Physicality check against a Lasting Wound is due (with a mortal wound). */
  lastingWoundCheck: boolean;
  /** The Panic check is due (Reason, Psychology* or Inspiration). */
  panicCheck: boolean;
  /**
   * Drowning at 0 RP or 0 WP: "they will Die unless another character saves them"; Subsistence at 0
   * WP: "they must be fed to be Stabilized, otherwise they will Die". The text gives no clock.
   */
  diesUnlessSaved: boolean;
}

/** What damage came from, where it changes what 0 means. */
export type HarmCause = "attack" | "drowning" | "subsistence" | "other";

/**
 * Applies WP and RP damage, each track held at 0 (no overkill). RP falling to 0 incapacitates for
 * max(1, 4 − PHY) rounds (keeping a longer count already running); WP falling to 0 mortally wounds
 * (death in max(1, 4 + PHY) rounds; the Lasting Wound check is due). The Panic check per
 * `panicTrigger`. The dead take nothing more.
 */
export function applyHarm(
  state: HealthState,
  harm: Harm,
  {
    phy,
    maxRp,
    panicTrigger = "crossing",
    cause = "attack",
  }: { phy: number; maxRp: number; panicTrigger?: PanicTrigger; cause?: HarmCause },
): { state: HealthState; events: HealthEvents } {
  assertState(state);
  assertCount(harm.woundPoints, "Wound Point damage");
  assertCount(harm.resiliencePoints, "Resilience Point damage");
  const events: HealthEvents = {
    incapacitated: 0,
    mortallyWounded: false,
    lastingWoundCheck: false,
    panicCheck: false,
    diesUnlessSaved: false,
  };
  if (state.dead) return { state, events };
  const next = { ...state };
  next.wp = Math.max(0, state.wp - harm.woundPoints);
  next.rp = Math.max(0, state.rp - harm.resiliencePoints);
  if (state.rp > 0 && next.rp === 0) {
    events.incapacitated = incapacitationRounds(phy);
    next.incapacitatedRounds = Math.max(state.incapacitatedRounds, events.incapacitated);
  }
  if (state.wp > 0 && next.wp === 0) {
    events.mortallyWounded = true;
    events.lastingWoundCheck = true;
    next.mortallyWounded = true;
    next.deathRounds = deathRoundsFor(phy);
    next.stabilised = false;
    next.wasMortallyWounded = true;
  }
  events.panicCheck = panicCheckDue(state.rp, next.rp, panicThreshold(maxRp), panicTrigger);
  if (cause === "drowning") events.diesUnlessSaved = next.rp === 0 || next.wp === 0;
  if (cause === "subsistence") events.diesUnlessSaved = next.wp === 0;
  return { state: next, events };
}

/**
 * One combat round passes: the death clock runs (unless stabilised) and ends in death; incapacitation
 * counts down and, at its end, the character "regains consciousness with 1 Resilience Point"; a
 * conscious character "recovers 1 additional Resilience Point per round if they are not in combat".
 */
export function tickRound(
  state: HealthState,
  { maxRp, inCombat = true }: { maxRp: number; inCombat?: boolean },
): { state: HealthState; woke: boolean; died: boolean } {
  assertState(state);
  assertCount(maxRp, "Maximum RP");
  if (state.dead) return { state, woke: false, died: false };
  const next = { ...state };
  let died = false;
  let woke = false;
  if (next.mortallyWounded && !next.stabilised) {
    next.deathRounds = Math.max(0, next.deathRounds - 1);
    if (next.deathRounds === 0) {
      next.dead = true;
      died = true;
      return { state: next, woke, died };
    }
  }
  if (next.incapacitatedRounds > 0) {
    next.incapacitatedRounds -= 1;
    if (next.incapacitatedRounds === 0) {
      woke = true;
      if (next.rp === 0) next.rp = Math.min(1, maxRp);
    }
  } else if (!inCombat && next.rp > 0 && next.rp < maxRp) {
    next.rp += 1;
  }
  return { state: next, woke, died };
}

/**
 * Incapacitated for `rounds` more (a Stunned hit, a Panic "Faints"): a longer count already running
 * is kept.
 */
export function incapacitate(state: HealthState, rounds: number): HealthState {
  assertState(state);
  assertCount(rounds, "Rounds");
  if (state.dead) return state;
  return { ...state, incapacitatedRounds: Math.max(state.incapacitatedRounds, rounds) };
}

// ---------------------------------------------------------------- stabilising, lasting wounds, panic

/** The three ways to stabilise: Reason or Medicine on a Success, General Knowledge on a Wild Success. */
export const STABILISING_CHECKS: readonly {
  key: "reason" | "medicine" | "generalKnowledge";
  attribute: AttributeKey;
  skill: SkillKey | null;
  needs: Band;
}[] = [
  { key: "reason", attribute: "rsn", skill: null, needs: "success" },
  { key: "medicine", attribute: "rsn", skill: "medicine", needs: "success" },
  { key: "generalKnowledge", attribute: "rsn", skill: "generalKnowledge", needs: "wild-success" },
];
export type StabilisingCheck = (typeof STABILISING_CHECKS)[number]["key"];

/** Whether a stabilising check with `band` succeeds (B36–B38). */
export function stabilisingSucceeds(check: StabilisingCheck, band: Band): boolean {
  assertBand(band);
  const spec = STABILISING_CHECKS.find((c) => c.key === check);
  if (!spec) throw new RangeError(`Not a stabilising check: ${String(check)}`);
  return spec.needs === "wild-success" ? band === "wild-success" : succeeded(band);
}

export type StabiliseProblem = "dead" | "notDying" | "alreadyStabilised";

/**
 * A rescuer's stabilising check on a mortally wounded character. On success the death clock stops and
 * the patient "remains Incapacitated for 1d6 rounds – Physicality AMod, with a minimum of 1 round"
 * (`d6`, the patient's `phy`); on failure nothing changes (`stabilised: false`).
 */
export function stabilise(
  state: HealthState,
  { check, band, d6, phy }: { check: StabilisingCheck; band: Band; d6: number; phy: number },
): Checked<{ state: HealthState; stabilised: boolean }, StabiliseProblem> {
  assertState(state);
  assertDie(d6, 6);
  assertInt(phy, "Physicality");
  if (state.dead) return refuse("dead");
  if (!state.mortallyWounded) return refuse("notDying");
  if (state.stabilised) return refuse("alreadyStabilised");
  if (!stabilisingSucceeds(check, band)) return { ok: true, value: { state, stabilised: false } };
  return {
    ok: true,
    value: {
      state: { ...state, stabilised: true, deathRounds: 0, incapacitatedRounds: Math.max(1, d6 - phy) },
      stabilised: true,
    },
  };
}

/**
 * What a health check may roll (the shape of checks.ts's `CheckSpec`): one of the attributes alone,
 * or one of the skills with its linked attribute.
 */
export interface HealthCheckSpec {
  attributes: readonly AttributeKey[];
  skills: readonly SkillKey[];
}

/** The check against a Lasting Wound: a Physicality attribute check. */
export const LASTING_WOUND_CHECK: HealthCheckSpec = { attributes: ["phy"], skills: [] };
/** A failed Physicality check: roll 2d6 on Table 11 (tables.ts). */
export function takesLastingWound(band: Band): boolean {
  assertBand(band);
  return !succeeded(band);
}

/** The Panic check: a Reason attribute check, or a Psychology* or Inspiration check. */
export const PANIC_CHECK: HealthCheckSpec = { attributes: ["rsn"], skills: ["psychology", "inspiration"] };
/** A failed Panic check: roll 2d6 on Table 12 (tables.ts). */
export function panics(band: Band): boolean {
  assertBand(band);
  return !succeeded(band);
}

// ---------------------------------------------------------------- healing

/**
 * Wound Points healed resting `days` days: 1 a day, or "1 Wound Point for each two days" after a mortal
 * wound, counting whole pairs of days from `daysBefore` already rested (so that resting day by day
 * heals on every second day).
 */
export function woundPointsHealed(days: number, wasMortallyWounded: boolean, daysBefore = 0): number {
  assertCount(days, "Days");
  assertCount(daysBefore, "Days rested before");
  if (!wasMortallyWounded) return days;
  return Math.floor((daysBefore + days) / 2) - Math.floor(daysBefore / 2);
}

/** How Resilience Points come back resting (the `rpRecovery` setting). */
export type RpRecovery = "perHour" | "perDay";

/**
 * Resilience Points recovered resting: "1 per hour" (`perHour`, default; a day is 24 hours) or 1 a day
 * ("with a regular food and water supply", `perDay`; hours count for nothing).
 */
export function resiliencePointsRecovered(
  { days = 0, hours = 0 }: { days?: number; hours?: number },
  rpRecovery: RpRecovery = "perHour",
): number {
  assertCount(days, "Days");
  assertCount(hours, "Hours");
  if (rpRecovery === "perHour") return hours + 24 * days;
  if (rpRecovery === "perDay") return days;
  throw new RangeError(`Not an RP recovery: ${String(rpRecovery)}`);
}

export type HealProblem = "dead" | "dying";

/**
 * Raises WP and RP, each to its maximum. WP above 0 ends a mortal wound (and its stabilisation);
 * back at full WP, the slow healing after a mortal wound ends too (Polyverse's reading: the text does
 * not say when). A mortally wounded character not yet stabilised is refused ("dying"), as are the dead.
 */
export function heal(
  state: HealthState,
  harm: Harm,
  { maxWp, maxRp }: { maxWp: number; maxRp: number },
): Checked<HealthState, HealProblem> {
  assertState(state);
  assertCount(harm.woundPoints, "Wound Points healed");
  assertCount(harm.resiliencePoints, "Resilience Points healed");
  assertCount(maxWp, "Maximum WP");
  assertCount(maxRp, "Maximum RP");
  if (state.dead) return refuse("dead");
  if (state.mortallyWounded && !state.stabilised) return refuse("dying");
  return { ok: true, value: raise(state, harm, maxWp, maxRp) };
}

function raise(state: HealthState, harm: Harm, maxWp: number, maxRp: number): HealthState {
  const next = { ...state };
  next.wp = Math.max(state.wp, Math.min(maxWp, state.wp + harm.woundPoints));
  next.rp = Math.max(state.rp, Math.min(maxRp, state.rp + harm.resiliencePoints));
  if (next.wp > 0 && next.mortallyWounded) {
    next.mortallyWounded = false;
    next.stabilised = false;
    next.deathRounds = 0;
  }
  if (next.wp >= maxWp) next.wasMortallyWounded = false;
  return next;
}

/** Resting `days` and `hours`: {@link woundPointsHealed} and {@link resiliencePointsRecovered}, applied. */
export function rest(
  state: HealthState,
  { days = 0, hours = 0, daysBefore = 0 }: { days?: number; hours?: number; daysBefore?: number },
  { maxWp, maxRp, rpRecovery = "perHour" }: { maxWp: number; maxRp: number; rpRecovery?: RpRecovery },
): Checked<HealthState, HealProblem> {
  const harm = {
    woundPoints: woundPointsHealed(days, state.wasMortallyWounded, daysBefore),
    resiliencePoints: resiliencePointsRecovered({ days, hours }, rpRecovery),
  };
  return heal(state, harm, { maxWp, maxRp });
}

/**
 * A medical kit's healing "over a 24-hour period" (First Aid Kit 1+1d3, Doctor's Bag 1+2d3): the base
 * plus the dice's faces, in Wound Points (Polyverse's reading: the text does not say which track).
 */
export function kitHealing(
  healFormula: { base: number; dice: string },
  faces: readonly number[],
  d3Mode: D3Mode = "uniform",
): number {
  assertCount(healFormula.base, "A healing base");
  assertDamageFaces(healFormula.dice, faces, d3Mode);
  return healFormula.base + faces.reduce((a, b) => a + b, 0);
}

// ---------------------------------------------------------------- Insight: save from Dying

export type SurviveDyingProblem = "dead" | "notDying" | "noInsight";

/**
 * "Players can give up all their Insight Dice to recover 1 Wound Point and 1 Resilience Point per dice
 * and save their character from Dying": every die held (`held`, never part of them), WP and RP up by
 * as many (to their maxima), the mortal wound over. Incapacitation already running is left to run.
 */
export function surviveDying(
  state: HealthState,
  held: number,
  { maxWp, maxRp }: { maxWp: number; maxRp: number },
): Checked<{ state: HealthState; spent: number }, SurviveDyingProblem> {
  assertState(state);
  assertCount(held, "Insight Dice held");
  if (state.dead) return refuse("dead");
  if (!state.mortallyWounded) return refuse("notDying");
  if (held === 0) return refuse("noInsight");
  return {
    ok: true,
    value: { state: raise(state, { woundPoints: held, resiliencePoints: held }, maxWp, maxRp), spent: held },
  };
}

// ---------------------------------------------------------------- Breaking Point

/** The stress boxes filled and the Table 13 reaction in force ("" for none). */
export interface StressState {
  stress: number;
  reaction: BreakingPoint | "";
}

/**
 * A Breaking Point check's result (a check with Reason & Acumen, checks.ts): on a failure one box
 * fills. When the last box fills the character hits their Breaking Point: roll Table 13
 * (`breakingPoint: true`), then "all the stress boxes are cleared" (stress 0). The reaction, once
 * drawn, is set with {@link setBreakingPointReaction}.
 */
export function breakingPointCheck(
  state: StressState,
  band: Band,
  boxes = BREAKING_POINT_BOXES,
): { state: StressState; filled: boolean; breakingPoint: boolean } {
  assertBand(band);
  if (succeeded(band)) return { state, filled: false, breakingPoint: false };
  return { ...fillStressBox(state, boxes), filled: true };
}

/** One box filled; at the last box, the Breaking Point (Table 13) and every box cleared. */
export function fillStressBox(
  state: StressState,
  boxes = BREAKING_POINT_BOXES,
): { state: StressState; breakingPoint: boolean } {
  assertCount(state.stress, "Stress");
  if (!Number.isInteger(boxes) || boxes < 1) throw new RangeError(`Stress boxes are >= 1: ${boxes}`);
  const stress = Math.min(boxes, state.stress + 1);
  if (stress >= boxes) return { state: { ...state, stress: 0 }, breakingPoint: true };
  return { state: { ...state, stress }, breakingPoint: false };
}

/** The Table 13 reaction drawn at the Breaking Point. */
export const setBreakingPointReaction = (state: StressState, reaction: BreakingPoint): StressState => ({
  ...state,
  reaction,
});

/**
 * "Characters can spend time alone or doing things they enjoy in order to clear one of the stress
 * boxes." Most reactions last "until a stress box is cleared", although the boxes were all cleared
 * when the reaction came: clearing one (rest, a night away) ends such a reaction (Table 13's
 * `endsWhen` holds "boxCleared"); the others run on ({@link endBreakingPointReaction}).
 */
export function clearStressBox(state: StressState): StressState {
  assertCount(state.stress, "Stress");
  const ends = state.reaction !== "" && breakingPointEffect(state.reaction).endsWhen.includes("boxCleared");
  return { stress: Math.max(0, state.stress - 1), reaction: ends ? "" : state.reaction };
}

/**
 * What else ends a reaction ("or they fall unconscious", "until someone makes a successful
 * Inspiration or Psychology* check to calm them down", "unless stopped"...): the reaction ends when
 * Table 13 lists `why` for it, and those that say so clear a box as they end ("This action will clear
 * one stress box"). Anything else leaves the state as it is.
 */
export function endBreakingPointReaction(state: StressState, why: BreakingPointEnd): StressState {
  assertCount(state.stress, "Stress");
  if (state.reaction === "") return state;
  const effect = breakingPointEffect(state.reaction);
  if (!effect.endsWhen.includes(why)) return state;
  return { stress: effect.clearsBox ? Math.max(0, state.stress - 1) : state.stress, reaction: "" };
}
