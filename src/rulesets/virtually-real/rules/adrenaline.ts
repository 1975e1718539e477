/**
 * Adrenaline responses (Virtually Real core guidebook, chapter 1: "Defensive Adrenaline Response",
 * "Aggressive Adrenal Response", "Critical Conditions", "Defending An Intimacy"). Pure: no Foundry, no
 * globals.
 *
 * A critical wound, physical or emotional, sets off an adrenal response: its number (the adrenaline
 * level) goes in a CRIT box and is that many advantage dice on emotional saves and on defensive uses of
 * the four defensive skills (Sprint, Perception, Deception, Will), while every other roll takes one
 * disadvantage. Won over by a save against yourself, the response turns aggressive (a Darkness point):
 * the dice go to the aggressive skills (Strength, Primal Surge, Authority, Deception) and aggressive
 * uses of the defensive ones. Defending an intimacy with light gives the same benefits for a scene,
 * without the penalty.
 *
 * The +1 critical of each critical condition (the adrenaline box among them) is conditions.ts's.
 * "Brilliant successes always apply to all rolls affected by adrenaline" is not automated.
 */
import { assertCount, assertKey, assertRange } from "./char-guards";
import {
  EMOTIONAL_TARGETS,
  INTIMACY_LEVELS,
  type EmotionalTarget,
  type IntimacyLevel,
  type SkillRef,
} from "./character-keys";
import { levelFromXP } from "./experience";
import { EMOTIONAL_SKILLS, EMOTIONAL_TARGET_TABLE, intimacyDice } from "./intimacies";

/** The defensive adrenal response skills: Sprint, Perception, Deception, Will (the "ARMOR" side). */
export const DEFENSIVE_SKILLS: readonly SkillRef[] = EMOTIONAL_TARGET_TABLE.map((row) => row.defensive);
/** The aggressive ones: Strength, Primal Surge, Authority, Deception (the "WOUNDS" side). */
export const AGGRESSIVE_SKILLS: readonly SkillRef[] = EMOTIONAL_TARGET_TABLE.map((row) => row.aggressive);

/** A character's adrenaline. */
export interface AdrenalineState {
  /** The number in the CRIT box: the adrenaline level (0: no rush). */
  level: number;
  /** WOUNDS circled: the response turned aggressive. */
  aggressive: boolean;
  /** A Fear response (the X condition's): Sprinting gets the bonus "instead of a penalty". */
  fear?: boolean;
  /** Defending an intimacy this scene: the intimacy level written in the Armor box (0: none). */
  heroic?: number;
}

/** A roll as adrenaline reads it. */
export interface AdrenalineRoll {
  /** A save of an emotional target (or any emotional save). */
  emotionalSave?: boolean;
  /** The skill rolled, when the rules name it. */
  skill?: SkillRef | null;
  /** Used to defend (running away, resisting a lie) or to attack (a charge, deceiving someone). */
  use?: "defensive" | "aggressive";
  /** Aggression's other advantages: power attacks, strength checks and feats, charging. */
  aggressiveAction?: boolean;
  /** Initiative and Reaction Time checks (the heroic response's advantage). */
  initiative?: boolean;
}

/**
 * Another adrenal response: "Each additional adrenal response is an extra layer of protection of at
 * least 1 die, sometimes more as effects can stack. Additional adrenal responses increase the number
 * in the box, but do not add additional penalties." `dice` is 1 unless the source says more.
 */
export function addAdrenalResponse(state: AdrenalineState, dice = 1, fear = false): AdrenalineState {
  checkState(state);
  assertRange(dice, 1, 99, "Adrenal dice");
  return { ...state, level: state.level + dice, fear: state.fear === true || fear };
}

/**
 * Adrenaline's dice on a roll.
 * - Defensive: the level as advantages to "all future emotional saves" and to defensive uses of the
 *   defensive skills ("Sprinting goes to running away, not Charge"; "A bonus against Deception is bonus
 *   against being deceived"); "Everything else is 1 disadvantage." A Fear response also helps Sprint.
 * - Aggressive: the level goes "to the *aggressive* adrenal response skills …; as well as aggressive
 *   uses of the defensive skills" and to power attacks, strength checks and feats and charging; the
 *   emotional saves keep it; everything else, 1 disadvantage.
 * - Heroic (defending an intimacy): its level "as that many advantage dice to *all 3* skills listed in
 *   every emotional target, as well as all Initiative & Reaction Time checks", with no penalty (you
 *   "do not take any conditions").
 * The rush's dice and the heroic dice add up when both apply.
 */
export function adrenalineDice(
  state: AdrenalineState,
  roll: AdrenalineRoll,
): { advantage: number; disadvantage: number } {
  checkState(state);
  let advantage = 0;
  let disadvantage = 0;
  if (state.level > 0) {
    if (rushHelps(state, roll)) advantage += state.level;
    else disadvantage += 1;
  }
  const heroic = state.heroic ?? 0;
  if (heroic > 0 && (roll.initiative || (roll.skill != null && EMOTIONAL_SKILLS.includes(roll.skill))))
    advantage += heroic;
  return { advantage, disadvantage };
}

function rushHelps(state: AdrenalineState, roll: AdrenalineRoll): boolean {
  if (roll.emotionalSave) return true;
  const skill = roll.skill ?? null;
  if (state.fear && skill === "sprint" && roll.use !== "aggressive") return true;
  if (!state.aggressive)
    return skill !== null && DEFENSIVE_SKILLS.includes(skill) && roll.use === "defensive";
  if (roll.aggressiveAction) return true;
  if (skill === null) return false;
  if (AGGRESSIVE_SKILLS.includes(skill)) return roll.use !== "defensive";
  return DEFENSIVE_SKILLS.includes(skill) && roll.use === "aggressive";
}

/**
 * The save against yourself that turns the response aggressive: it "bypass[es] your own armor, but any
 * existing adrenal response gives you an advantage" (read here as the adrenaline level, the dice it
 * gives every emotional save); "Use of intimacies on this roll requires a passion, but Darkness
 * bonuses always apply."
 */
export function aggressiveSaveDice(state: AdrenalineState): { advantage: number; bypassArmor: true } {
  checkState(state);
  return { advantage: state.level, bypassArmor: true };
}

/** What the self-save did. */
export interface AggressiveResult {
  aggressive: boolean;
  /** The adrenaline level after (a serious success adds its effect bonus). */
  level: number;
  /** Darkness points spent: "On success, you spend a Darkness point". */
  darkness: number;
  /** "You gain "Primal Surge" equal to your adrenaline level." */
  primalSurge: number;
  /** A Mind action is spent (a failure, or a minor success's self-talk). */
  mindActionLost: boolean;
  /** The offense is kept (a major success or better). */
  keepsOffense: boolean;
  /** A failure: "consult the Basic Combat Training chart to see how long you delay" (not in chapter 1). */
  delayed: boolean;
}

/**
 * The self-save's result (`margin` and `critical` from the check):
 * - failure: "On a failure, you lose a Mind action rather than Reflex action" and delay;
 * - a minor success (beat by 0-2): aggressive, but "you still spend a Mind action performing self-talk
 *   and give up your offense";
 * - major (3+): "you succeed instantly and keep your offense";
 * - serious (6+): also "Add any effect bonus to your total adrenal advantage" (the Level column of the
 *   margin: +1 at 6-9, +2 at 10-15, ...).
 */
export function aggressiveResult(
  state: AdrenalineState,
  check: { margin: number; critical: boolean },
): AggressiveResult {
  checkState(state);
  if (check.critical || check.margin < 0)
    return {
      aggressive: state.aggressive,
      level: state.level,
      darkness: 0,
      primalSurge: state.aggressive ? state.level : 0,
      mindActionLost: true,
      keepsOffense: false,
      delayed: true,
    };
  const level = state.level + (check.margin >= 6 ? levelFromXP(check.margin) : 0);
  const major = check.margin >= 3;
  return {
    aggressive: true,
    level,
    darkness: 1,
    primalSurge: level,
    mindActionLost: !major,
    keepsOffense: major,
    delayed: false,
  };
}

/**
 * "At the end of the scene, you must give up an Endurance point as this adrenaline fades. If already
 * Winded, you will become Tired, the serious version of this effect!"
 */
export function adrenalineFades(endurance: number, winded: boolean): { endurance: number; tired: boolean } {
  assertCount(endurance, "Endurance");
  return { endurance: Math.max(0, endurance - 1), tired: winded };
}

/**
 * Defending an intimacy: the intimacy's level (1, 2 or 4; less if light ran short, see
 * `spendOnIntimacy`) written in the target's farthest Armor box for the scene. It gives the
 * heroic dice (`adrenalineDice`), "all the adrenaline benefits, including bonuses to aggressive
 * actions", any "adrenaline" passions, and "a new wave begins for you immediately"; no Darkness and no
 * condition for you.
 */
export function defendIntimacy(
  state: AdrenalineState,
  target: EmotionalTarget,
  level: IntimacyLevel,
): { state: AdrenalineState; target: EmotionalTarget; armor: number; newWave: true; lasts: "scene" } {
  checkState(state);
  assertKey(EMOTIONAL_TARGETS, target, "An emotional target");
  assertKey(INTIMACY_LEVELS, level, "An intimacy level");
  const dice = intimacyDice(level);
  return {
    state: { ...state, heroic: Math.max(state.heroic ?? 0, dice) },
    target,
    armor: dice,
    newWave: true,
    lasts: "scene",
  };
}

function checkState(state: AdrenalineState): void {
  assertCount(state.level, "An adrenaline level");
  if (state.heroic !== undefined) assertCount(state.heroic, "A heroic armor");
}
