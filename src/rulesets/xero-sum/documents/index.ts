/**
 * Xero Sum's documents glue, for the descriptor and the sheets: the status effects kept in step with
 * the data, the round timers, the `xero-sum-table` card, and the health and social actions (checks
 * through the rolls helper's `rollCheck`, tables drawn on the card).
 */
import { endBreakingPointReaction } from "../rules";
import { livingSystem } from "../data/systems";
import {
  breakingPointCheck,
  calm,
  clearStress,
  endReaction,
  fillStress,
  lastingWoundCheck,
  panicCheck,
  stabilise,
} from "./check-actions";
import {
  applyHarmTo,
  drowningRound,
  fall,
  feed,
  rest,
  subsistence,
  surface,
  surviveDying,
} from "./harm-actions";
import { HEALTH_PATHS } from "./health-logic";
import { registerRoundTimers } from "./rounds";
import {
  firstImpression,
  gambit,
  gutInstinct,
  rebuttal,
  repair,
  rollComplication,
  rollMotivation,
  upkeep,
} from "./social-actions";
import { registerXeroSumStatusHooks } from "./statuses";
import { registerTableCard } from "./table-card";
import { registerTableFollowUps, type TableButtonHandlers } from "./table-follow-up";
import { blankCard, note, postTableCard } from "./table-post";
import type { AnyActor, Message } from "./shared";
import type { TableCard } from "./table-card-logic";

export {
  breakingPointCheck,
  calm,
  clearStress,
  endReaction,
  fillStress,
  lastingWoundCheck,
  panicCheck,
  stabilise,
  type HealthCheckOptions,
  type HealthRolled,
  type StabiliseOptions,
  type StressRolled,
} from "./check-actions";
export {
  applyHarmTo,
  drowningRound,
  fall,
  feed,
  rest,
  subsistence,
  surface,
  surviveDying,
} from "./harm-actions";
export type { RestOptions } from "./harm-actions";
export {
  firstImpression,
  gambit,
  gutInstinct,
  rebuttal,
  repair,
  rollComplication,
  rollMotivation,
  upkeep,
  type ImpressionTarget,
} from "./social-actions";
export {
  localizeXeroSumStatusEffects,
  syncXeroSumStatuses,
  xeroSumSpecialStatusEffects,
  xeroSumStatusEffects,
} from "./statuses";
export { TABLE_TEMPLATE, readTableCard } from "./table-card";
export { XERO_SUM_TABLE_MESSAGE_TYPES } from "./table-message";
export { countRound } from "./rounds";

/**
 * Self-Harm's 1d3 WP taken (or the character stopped): the reaction ends and clears a box; the card
 * that says so (the follow-up), or null when the reaction is no longer Self-Harm.
 */
async function endSelfHarm(card: TableCard, actor: AnyActor, harmed: boolean): Promise<Message | null> {
  const s = livingSystem(actor);
  if (card.kind !== "breakingPoint" || s.state.breakingPoint !== "selfHarm") return null;
  const wp = harmed ? (card.extra?.value ?? 0) : 0;
  if (wp) await applyHarmTo(actor, { woundPoints: wp, resiliencePoints: 0 });
  const after = livingSystem(actor);
  const ended = endBreakingPointReaction({ stress: after.stress.value, reaction: "selfHarm" }, "stopped");
  await actor.update({
    [HEALTH_PATHS.breakingPoint]: ended.reaction,
    [HEALTH_PATHS.stress]: ended.stress,
  } as never);
  const next = blankCard("stress", actor);
  next.notes.push(note(harmed ? "SelfHarm.Harmed" : "SelfHarm.Stopped", { name: actor.name ?? "", wp }));
  next.result = { stress: ended.stress, wp };
  return postTableCard(next, actor, []);
}

/**
 * What the table card's follow-up buttons do: each returns the follow-up's card (the button is marked
 * used once it is posted: table-follow-up.ts), or null when its dialog was cancelled or it was refused.
 * The check's dialog opens unless the presser holds the skip key (the click's event says).
 */
const BUTTONS: TableButtonHandlers = {
  panic: async (_message, _card, actor, event) => (await panicCheck(actor, { event }))?.message ?? null,
  lastingWound: async (_message, _card, actor, event) =>
    (await lastingWoundCheck(actor, { event }))?.message ?? null,
  selfHarm: (_message, card, actor) => endSelfHarm(card, actor, true),
  stopped: (_message, card, actor) => endSelfHarm(card, actor, false),
  rebuttal: async (message, _card, actor, event) =>
    (await rebuttal(actor, { gambit: message, event }))?.message ?? null,
};

/**
 * Register the status hook, the round timers, the table card with its buttons and GM side (at init,
 * whatever ruleset is active). The health part of the change policy (base/health-policy.ts) is
 * registered with the rest of the Xero Sum policy (base/change-policy.ts, by the rolls folder).
 */
export function registerXeroSumHealth(): void {
  registerXeroSumStatusHooks();
  registerRoundTimers();
  registerTableCard();
  registerTableFollowUps(BUTTONS);
}

/** Every action of this folder (the descriptor's `actions`). */
export const XERO_SUM_HEALTH_ACTIONS = {
  stabilise,
  calm,
  surviveDying,
  lastingWoundCheck,
  panicCheck,
  breakingPointCheck,
  fillStress,
  clearStress,
  endReaction,
  applyHarm: applyHarmTo,
  fall,
  drowningRound,
  surface,
  subsistence,
  feed,
  rest,
  upkeep,
  repair,
  firstImpression,
  gutInstinct,
  gambit,
  rebuttal,
  rollComplication,
  rollMotivation,
};
