/**
 * Resting to recover Willpower (rules "Recovering Willpower"), Foundry-free: the rest dialog's model,
 * what a rest recovers (the rules layer's `recoverWillpower`, then a botched resting roll's loss) and
 * the change it makes on the actor. rest.ts runs it on core's roll pipeline.
 *
 * The storyteller decides whether the place is safe enough; the dialog asks for the hours rested
 * and whether the character rested actively. At zero dots the first dot comes back at once; each
 * full 12 hours gives one more; an active rest of at least 12 hours adds one dot per success of a
 * difficulty 8 Willpower roll, never past the permanent rank. Polyverse readings: one roll for the
 * whole rest (its successes counted once, as `recoverWillpower` takes them), rolled with the
 * Willpower the character has when the rest begins (the first dot at zero included); a botch costs
 * Willpower as any Willpower roll's does, after the dots the rest gave back.
 */
import type { DocumentChange } from "../../../core/changes-logic";
import {
  fieldsModel,
  type DialogModel,
  type DialogValues,
  type SummaryRow,
} from "../../../core/roll-dialog-model";
import {
  WILLPOWER_RECOVERY_HOURS,
  WILLPOWER_RESTING_DIFFICULTY,
  botchLoss,
  recoverWillpower,
  type RollResult,
} from "../rules";
import { planOdds } from "./dialog-logic";
import type { MaelstromRollOptions } from "./roll-logic";
import { formatNumber } from "../../../core/i18n-logic";

const KEY = "POLYVERSE.Maelstrom.Rest";
/** The longest rest one dialog takes (a month). */
export const MAX_REST_HOURS = 720;
/** The hours the dialog opens with: one period. */
export const DEFAULT_REST_HOURS = WILLPOWER_RECOVERY_HOURS;
export { WILLPOWER_RESTING_DIFFICULTY };

/** What a caller may settle beforehand (a macro; the sheet's button sets nothing). */
export interface RestChoice {
  hours?: number;
  active?: boolean;
}

/** The dialog's input: the actor's Willpower, the caller's choice, the resting roll's set-up. */
export interface RestInput {
  actorName: string;
  current: number;
  max: number;
  choice: RestChoice;
  /** The difficulty 8 Willpower roll an active rest makes (for its odds). */
  restingRoll: Pick<
    MaelstromRollOptions,
    "pool" | "difficulty" | "threshold" | "exploding" | "autoSuccesses"
  > | null;
}

/** The rest the roller settled on. */
export interface RestPlan {
  hours: number;
  active: boolean;
}

const clampHours = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : Number.NaN;
  return Number.isFinite(n) ? Math.min(MAX_REST_HOURS, Math.max(0, Math.floor(n))) : null;
};

/** Full 12-hour periods in `hours`. */
export const restPeriods = (hours: number): number => Math.floor(hours / WILLPOWER_RECOVERY_HOURS);

/** Whether the rest rolls: active, for at least one full period. */
export const restRolls = (plan: RestPlan): boolean => plan.active && restPeriods(plan.hours) > 0;

/** The plan a dialog state describes (hours within 0..720), or null while the hours are not a number. */
export function restPlanOf(values: DialogValues): RestPlan | null {
  const hours = clampHours(values.hours);
  return hours === null ? null : { hours, active: values.active === true };
}

/** Why a rest cannot be taken (an i18n key), or null. */
export function restProblem(input: Pick<RestInput, "current" | "max">, plan: RestPlan | null): string | null {
  if (!plan) return `${KEY}.Problem.Hours`;
  if (input.current >= input.max) return `${KEY}.Problem.Full`;
  if (input.current > 0 && restPeriods(plan.hours) === 0) return `${KEY}.Problem.TooShort`;
  return null;
}

const text = (key: string, data?: Record<string, string>) => ({ key, ...(data ? { data } : {}) });

/** The dots the rest gives back before any roll (the first at zero, one per full period), capped. */
export function baseRecovery(input: Pick<RestInput, "current" | "max">, hours: number): number {
  return recoverWillpower({ current: input.current, max: input.max, hours, restingSuccesses: 0 }).gained;
}

function summary(input: RestInput, plan: RestPlan | null): SummaryRow[] {
  if (!plan) return [];
  const rows: SummaryRow[] = [];
  if (input.current === 0) rows.push({ label: text(`${KEY}.FirstDot`), amount: text("+1") });
  const periods = restPeriods(plan.hours);
  if (periods > 0)
    rows.push({
      label: text(`${KEY}.Periods`, { n: String(periods) }),
      amount: text(`+${periods}`),
    });
  if (restRolls(plan))
    rows.push({
      label: text(`${KEY}.Roll`, { difficulty: String(WILLPOWER_RESTING_DIFFICULTY) }),
      amount: text(`${KEY}.PerSuccess`),
    });
  return rows;
}

/** The rest dialog: the hours rested and whether the character rested actively. */
export function restDialogModel(input: RestInput): DialogModel<DialogValues> {
  const start: DialogValues = {
    hours: clampHours(input.choice.hours ?? DEFAULT_REST_HOURS) ?? DEFAULT_REST_HOURS,
    active: input.choice.active ?? false,
  };
  return fieldsModel({
    title: `${KEY}.Title`,
    label: input.actorName,
    start,
    evaluate(values) {
      const plan = restPlanOf(values);
      const problem = restProblem(input, plan);
      const rolls = plan !== null && restRolls(plan) && input.restingRoll !== null;
      const gained = plan ? baseRecovery(input, plan.hours) : 0;
      const odds = rolls && input.restingRoll ? planOdds(input.restingRoll) : null;
      return {
        groups: [
          {
            fields: [
              {
                kind: "number",
                name: "hours",
                label: `${KEY}.Hours`,
                value: typeof values.hours === "number" ? values.hours : null,
                min: 0,
                max: MAX_REST_HOURS,
                step: 1,
                unit: `${KEY}.HoursUnit`,
                hint: `${KEY}.HoursHint`,
              },
              {
                kind: "checkbox",
                name: "active",
                label: `${KEY}.Active`,
                checked: values.active === true,
                hint: `${KEY}.ActiveHint`,
                hintData: { difficulty: String(WILLPOWER_RESTING_DIFFICULTY) },
              },
            ],
          },
        ],
        summary: [
          {
            rows: summary(input, plan),
            total: [
              text(`${KEY}.Total`, {
                gained: String(gained),
                current: String(input.current),
                max: String(input.max),
              }),
            ],
          },
        ],
        problems: problem ? [text(problem)] : [],
        notes: [text(`${KEY}.SafePlace`)],
        odds: odds
          ? {
              heading: text(`${KEY}.OddsHeading`, {
                n: formatNumber(odds.odds.expectedSuccesses, {
                  minimumFractionDigits: 2,
                  maximumFractionDigits: 2,
                }),
              }),
              outcomes: odds.outcomes,
            }
          : null,
      };
    },
  });
}

/** What a rest did: the dots back, a botch's loss, the Willpower after. */
export interface RestOutcome {
  hours: number;
  active: boolean;
  /** The dots the rest gave back (the roll's successes included), before a botch's loss. */
  regained: number;
  /** The resting roll's successes that counted (0 without a roll). */
  successes: number;
  /** Dots a botched resting roll took. */
  lost: number;
  /** Willpower after the rest. */
  current: number;
  /** A botch took the last dot. */
  broken: boolean;
}

/** What a rest recovers, with the resting roll's result when it rolled. */
export function restOutcome(
  input: Pick<RestInput, "current" | "max">,
  plan: RestPlan,
  roll: Pick<RollResult, "outcome" | "finalSuccesses" | "uncancelledBotches"> | null,
): RestOutcome {
  const successes = roll && restRolls(plan) ? roll.finalSuccesses : 0;
  const back = recoverWillpower({
    current: input.current,
    max: input.max,
    hours: plan.hours,
    restingSuccesses: successes,
  });
  const loss =
    roll?.outcome === "botch"
      ? botchLoss({ current: back.current, uncancelledBotches: roll.uncancelledBotches })
      : { current: back.current, lost: 0, broken: false };
  return {
    hours: plan.hours,
    active: plan.active,
    regained: back.gained,
    successes,
    lost: loss.lost,
    current: loss.current,
    broken: loss.broken,
  };
}

/**
 * The rest's change on the actor (null: none): its Willpower by the difference (never below 0 nor
 * past the permanent rank), and the "recovered" mark cleared once it has a dot again (the next fall
 * to zero breaks it again).
 */
export function restChange(
  who: { uuid: string; name: string },
  before: number,
  max: number,
  outcome: RestOutcome,
): DocumentChange | null {
  const delta = outcome.current - before;
  if (delta === 0) return null;
  return {
    uuid: who.uuid,
    name: who.name,
    add: [{ path: "system.willpower.value", delta, min: 0, max }],
    ...(outcome.current > 0 ? { set: { "system.willpower.rallied": false } } : {}),
  };
}
