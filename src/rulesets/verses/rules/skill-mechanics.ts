/**
 * Skill rules with a mechanism of their own ('Verses Core 0.8.5, "List of Skills"): Lock Picking
 * with improvised tools and Assassination. Pure rules: no Foundry, no globals.
 */
import { resolveTest, type TestOutcome } from "./dice";
import { type ActorKind, type Checked, type Face, refused } from "./types";

// ---- Lock Picking ------------------------------------------------------------------------------

/** A Lock Picking attempt's dice. */
export interface LockPickingInput {
  /** The pool before the tools' penalty (PRW or the skill's dice, AD, effects ...). */
  pool: number;
  /** The lock's success target, set by the GM (the text states none). */
  target: number;
  /** "When using improvised tools, subtract 1 die from attempts to defeat locks." */
  improvised: boolean;
}

/** The pool and target of an attempt to defeat a lock. */
export interface LockPickingTest {
  pool: number;
  target: number;
  /** Dice the improvised tools take off (1 or 0). */
  penalty: number;
}

/**
 * Lock Picking ("Lock Picking", difficulty 2, default PRW): "Skill dice are applied to any test to
 * defeat a lock of known type, given appropriate or improvised tools. When using improvised tools,
 * subtract 1 die from attempts to defeat locks." Without tools of either kind there is no attempt.
 */
export function lockPickingTest(input: LockPickingInput): Checked<LockPickingTest> {
  if (!Number.isInteger(input.target) || input.target < 1)
    return refused("lockTarget", { target: input.target });
  const penalty = input.improvised ? 1 : 0;
  return { ok: true, value: { pool: Math.max(0, input.pool - penalty), target: input.target, penalty } };
}

/** The result of a Lock Picking attempt. */
export interface LockPickingResult {
  outcome: TestOutcome;
  /** "On a failure with no successes, the improvised tool breaks." */
  toolBreaks: boolean;
}

/** Resolve an attempt: the lock is defeated on a success; improvised tools break on a failure with no successes. */
export function resolveLockPicking(
  faces: readonly Face[],
  target: number,
  improvised: boolean,
): LockPickingResult {
  const outcome = resolveTest(faces, target);
  return { outcome, toolBreaks: improvised && !outcome.success && outcome.successes === 0 };
}

// ---- Assassination -----------------------------------------------------------------------------

/** "within 1 minute": 60 s, 12 rounds of 5 s (`ROUND_SECONDS`). */
export const ASSASSINATION_WINDOW_SECONDS = 60;

/** The Watch an assassination is set up with. */
export interface AssassinationWatch {
  /** The watched actor (an id the caller compares). */
  targetId: string;
  /** The Watch took every AD the actor had available ("spent all available AD on the Watch action"). */
  allAd: boolean;
  /** When the Watch was made, in seconds of game time. */
  at: number;
}

/** The attack that would be the assassination. */
export interface AssassinationAttack {
  targetId: string;
  targetKind: ActorKind;
  /** The attack spends every AD the actor has available ("spends all AD on an attack"). */
  allAd: boolean;
  /** When the attack is made, in seconds of game time. */
  at: number;
  /** Allocated dice of Assassination (0: unallocated, nothing to add). */
  allocated: number;
  /**
   * The attacker knows the target's anatomy: "The actor must have a basic understanding of the
   * target's anatomy & biology if the target is of a different species" (the GM's call).
   */
  knowsAnatomy?: boolean;
}

/** What an assassination gives the attack. */
export interface AssassinationBonus {
  /** "any allocated dice may be added to the attack action". */
  dice: number;
  /** "for that attack all successes bypass any armor as if they were sixes". */
  successesAsSixesAgainstArmour: true;
}

/**
 * Assassination ("Assassination", difficulty 3, default PRW): "If the actor has spent all available
 * AD on the Watch action directed at a particular biological actor, and within 1 minute then spends
 * all AD on an attack against that actor, any allocated dice may be added to the attack action, and
 * for that attack all successes bypass any armor as if they were sixes." Refused, with the first
 * condition that fails, otherwise.
 */
export function assassination(
  watch: AssassinationWatch | null,
  attack: AssassinationAttack,
): Checked<AssassinationBonus> {
  if (attack.allocated < 1) return refused("assassinationNoDice");
  if (!watch) return refused("assassinationNoWatch");
  if (watch.targetId !== attack.targetId) return refused("assassinationOtherTarget");
  if (!watch.allAd) return refused("assassinationWatchNotAllAd");
  if (attack.targetKind !== "biological") return refused("assassinationNotBiological");
  const elapsed = attack.at - watch.at;
  if (elapsed < 0 || elapsed > ASSASSINATION_WINDOW_SECONDS) return refused("assassinationTooLate");
  if (!attack.allAd) return refused("assassinationAttackNotAllAd");
  if (attack.knowsAnatomy === false) return refused("assassinationAnatomy");
  return { ok: true, value: { dice: attack.allocated, successesAsSixesAgainstArmour: true } };
}

/**
 * The faces an assassination's damage meets armour with: every success counts as a six ("all
 * successes bypass any armor as if they were sixes"); failures stay as they are.
 */
export function assassinationFaces(faces: readonly Face[]): Face[] {
  return faces.map((f) => (f >= 5 ? 6 : f));
}
