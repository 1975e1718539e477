/**
 * Willpower (rules "Willpower": "Rolling Willpower", "Spending Willpower", "Recovering Willpower",
 * "Zero Willpower"). Pure: no Foundry, no globals.
 *
 * "Willpower is spendable, which means that it has both permanent and current ranks": `max` is the
 * permanent rank, `value` the current one. `rallied` marks a zero-Willpower incapacitation resolved
 * by leaving combat (Willpower stays 0).
 */
import type { Checked } from "./traits";

/** "Willpower is on a scale from 1 to 10". */
export const WILLPOWER_MIN = 1;
export const WILLPOWER_MAX = 10;
/** "All characters start with 3 dots in Willpower." */
export const STARTING_WILLPOWER = 3;
/** "they will regain 1 dot every 12 hours". */
export const WILLPOWER_RECOVERY_HOURS = 12;
/** "1 additional dot per success on a difficulty 8 Willpower roll" when actively resting. */
export const WILLPOWER_RESTING_DIFFICULTY = 8;

/** A roll's outcome (the dice helper's `Outcome`, repeated here as a plain union). */
export type RollOutcome = "success" | "failure" | "botch";

function checkDots(name: string, n: number, max = WILLPOWER_MAX): void {
  if (!Number.isInteger(n) || n < 0 || n > max) throw new RangeError(`${name} is an integer 0..${max}: ${n}`);
}

/** Why an automatic success is refused. */
export type AutoSuccessRefusal = "botched" | "lastDot";

/**
 * Spend a dot after a Willpower roll to "cancel your roll and succeed automatically. Your number of
 * successes is set equal to your remaining Willpower dots." Refused on a botch ("you cannot spend
 * Willpower dots to cancel a botched roll") and with the last dot ("You may not spend your final
 * Willpower dot in this way, as doing so would result in zero successes and fail"). Strong Bond adds
 * nothing to the set number (the contract's fixed reading). `current` is the rank rolled.
 */
export function autoSuccess({
  current,
  outcome,
}: {
  current: number;
  outcome: RollOutcome;
}): Checked<{ current: number; successes: number }, AutoSuccessRefusal> {
  checkDots("Current Willpower", current);
  if (outcome === "botch") return { ok: false, reason: "botched" };
  if (current <= 1) return { ok: false, reason: "lastDot" };
  return { ok: true, value: { current: current - 1, successes: current - 1 } };
}

/**
 * "Botching a Willpower roll reduces your character's current Willpower by one dot per uncancelled
 * botch" (never below 0). `broken`: the roll took the last dot ("If a character is reduced to zero
 * dots in Willpower, either by botching a Willpower roll ... they no longer have the will to carry on").
 */
export function botchLoss({ current, uncancelledBotches }: { current: number; uncancelledBotches: number }): {
  current: number;
  lost: number;
  broken: boolean;
} {
  checkDots("Current Willpower", current);
  if (!Number.isInteger(uncancelledBotches) || uncancelledBotches < 0) {
    throw new RangeError(`Uncancelled botches are an integer >= 0: ${uncancelledBotches}`);
  }
  const lost = Math.min(current, uncancelledBotches);
  return { current: current - lost, lost, broken: current > 0 && current === lost };
}

/**
 * Willpower regained while resting "in a safe, comfortable environment" (the storyteller decides
 * when that is). "if they are at zero dots, they may immediately recover the first dot. Otherwise,
 * they will regain 1 dot every 12 hours. If they actively rest or relax for that time, they may
 * regain 1 additional dot per success on a difficulty 8 Willpower roll." `hours` is the time spent
 * resting; `restingSuccesses` the successes of those rolls (one per 12-hour period), counted only
 * when a full period has passed. "A character's current rank can never exceed their permanent rank."
 */
export function recoverWillpower({
  current,
  max,
  hours,
  restingSuccesses = 0,
}: {
  current: number;
  max: number;
  hours: number;
  restingSuccesses?: number;
}): { current: number; gained: number } {
  checkDots("Permanent Willpower", max);
  checkDots("Current Willpower", current, max);
  if (!Number.isFinite(hours) || hours < 0) throw new RangeError(`Hours are a number >= 0: ${hours}`);
  if (!Number.isInteger(restingSuccesses) || restingSuccesses < 0) {
    throw new RangeError(`Resting successes are an integer >= 0: ${restingSuccesses}`);
  }
  const periods = Math.floor(hours / WILLPOWER_RECOVERY_HOURS);
  const first = current === 0 ? 1 : 0;
  const regained = first + periods + (periods > 0 ? restingSuccesses : 0);
  const next = Math.min(max, current + regained);
  return { current: next, gained: next - current };
}

/** The Willpower fields of a character. */
export interface WillpowerState {
  value: number;
  max: number;
  rallied: boolean;
}

/**
 * A character with no Willpower "may not make any actions and [is] considered incapacitated" until
 * rallied or until a turn out of combat resolves it (`rallied`).
 */
export function isBroken({ value, rallied }: { value: number; rallied: boolean }): boolean {
  return value === 0 && !rallied;
}

/**
 * "Once a character is longer directly threatened ... they can recover by themselves and act
 * normally. This requires being fully out of combat for at least one turn ... this only resolves the
 * incapacitation and does not recover a dot of Willpower." Returns the state after `turnsOutOfCombat`
 * such turns.
 */
export function resolveBrokenWill(state: WillpowerState, turnsOutOfCombat: number): WillpowerState {
  if (!isBroken(state) || turnsOutOfCombat < 1) return { ...state };
  return { ...state, rallied: true };
}

/**
 * Keeps the fields consistent: the "resolved" mark only means something at 0 Willpower, so it clears
 * once a dot comes back (the next fall to 0 breaks the character again); `value` never exceeds `max`.
 */
export function normalizeWillpower(state: WillpowerState): WillpowerState {
  const value = Math.min(state.value, state.max);
  return { value, max: state.max, rallied: value === 0 ? state.rallied : false };
}

/** Why a rally is refused. */
export type RallyRefusal = "noWillpower" | "noTarget";

/**
 * "If another character is sufficiently motivating or encouraging, they may spend one dot of their
 * own Willpower to restore nearby incapacitated characters to one dot" (storyteller's discretion).
 * One dot restores every broken target (the contract's fixed reading); targets that are not broken
 * keep their Willpower. The rallier may spend their last dot (and is then broken).
 */
export function rally({
  rallier,
  targets,
}: {
  rallier: number;
  targets: readonly { value: number; rallied: boolean }[];
}): Checked<{ rallier: number; rallierBroken: boolean; targets: number[] }, RallyRefusal> {
  checkDots("The rallier's Willpower", rallier);
  for (const t of targets) checkDots("A target's Willpower", t.value);
  if (rallier < 1) return { ok: false, reason: "noWillpower" };
  if (!targets.some(isBroken)) return { ok: false, reason: "noTarget" };
  return {
    ok: true,
    value: {
      rallier: rallier - 1,
      rallierBroken: rallier === 1,
      targets: targets.map((t) => (isBroken(t) ? 1 : t.value)),
    },
  };
}

/** Why spending Willpower to ignore wounds is refused. */
export type IgnoreWoundsRefusal = "noWillpower" | "alreadyPending" | "oncePerTurn";

/**
 * "Once per turn, a character may spend one Willpower dot to ignore their injuries and roll their
 * next action without a wound penalty." `round` is the current combat round (`"<combatId>:<round>"`,
 * "" outside combat), `spentRound` the round of the last such spend, `pending` whether a spend is
 * still waiting for its action. "If a character spends their last Willpower dot in this way, they
 * don't suffer the effects of zero Willpower until after they complete the action":
 * `brokenAfterAction`.
 */
export function canIgnoreWounds({
  current,
  pending = false,
  spentRound = "",
  round = "",
}: {
  current: number;
  pending?: boolean;
  spentRound?: string;
  round?: string;
}): Checked<{ current: number; spentRound: string; brokenAfterAction: boolean }, IgnoreWoundsRefusal> {
  checkDots("Current Willpower", current);
  if (pending) return { ok: false, reason: "alreadyPending" };
  if (round !== "" && spentRound === round) return { ok: false, reason: "oncePerTurn" };
  if (current < 1) return { ok: false, reason: "noWillpower" };
  return { ok: true, value: { current: current - 1, spentRound: round, brokenAfterAction: current === 1 } };
}

/**
 * Buying a dot: "the cost depends on your character's maximum rank but they gain a dot in both their
 * current and maximum ranks." RangeError past 10.
 */
export function raiseWillpower({ value, max }: { value: number; max: number }): {
  value: number;
  max: number;
} {
  checkDots("Permanent Willpower", max);
  checkDots("Current Willpower", value, max);
  if (max >= WILLPOWER_MAX) throw new RangeError(`Willpower is at most ${WILLPOWER_MAX}`);
  return { value: value + 1, max: max + 1 };
}
