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
import { markUsed, registerTableCard, type TableButtonHandlers } from "./table-card";
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

/** Self-Harm's 1d3 WP taken (or the character stopped): the reaction ends and clears a box. */
async function endSelfHarm(
  message: Message,
  card: TableCard,
  actor: AnyActor,
  harmed: boolean,
): Promise<unknown> {
  const s = livingSystem(actor);
  if (card.kind !== "breakingPoint" || s.state.breakingPoint !== "selfHarm") return null;
  await markUsed(message, "selfHarm");
  await markUsed(message, "stopped");
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

/** What the table card's follow-up buttons do. */
const BUTTONS: TableButtonHandlers = {
  // The check's dialog opens unless the presser holds the skip key (the click's event says).
  panic: async (message, _card, actor, event) => {
    await markUsed(message, "panic");
    return panicCheck(actor, { event });
  },
  lastingWound: async (message, _card, actor, event) => {
    await markUsed(message, "lastingWound");
    return lastingWoundCheck(actor, { event });
  },
  selfHarm: (message, card, actor) => endSelfHarm(message, card, actor, true),
  stopped: (message, card, actor) => endSelfHarm(message, card, actor, false),
  rebuttal: async (message, _card, actor, event) => {
    await markUsed(message, "rebuttal");
    return rebuttal(actor, { gambit: message, event });
  },
};

/**
 * Register the status hook, the round timers, the table card with its buttons and GM side (at init,
 * whatever ruleset is active). The health part of the change policy (base/health-policy.ts) is
 * registered with the rest of the Xero Sum policy (base/change-policy.ts, by the rolls folder).
 */
export function registerXeroSumHealth(): void {
  registerXeroSumStatusHooks();
  registerRoundTimers();
  registerTableCard(BUTTONS);
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
