/**
 * Xero Sum's status effects in Foundry (the descriptor's `statusEffects`, statuses-logic.ts) and the
 * hook that keeps them in step with each actor's `rp` and `state`. Only the active GM's client writes
 * them (core `syncActorStatuses`), so a change is made once whoever changed the data; Defeated, newly
 * on, also marks the actor's combatants defeated. The same hook ends a Breaking Point reaction that
 * lasts "until they fall unconscious" when the character is incapacitated by any means.
 */
import type { StatusEffectConfig } from "../../../core/registry";
import { configuredStatusEffects } from "../../../core/compat";
import { onOwnedDocumentHook } from "../../../core/owners";
import { isActiveGM } from "../../../core/relay";
import { syncActorStatuses } from "../../../core/statuses";
import { endBreakingPointReaction } from "../rules";
import { livingSystem } from "../data/systems";
import { HEALTH_PATHS } from "./health-logic";
import {
  XERO_SUM_SPECIAL_STATUS_EFFECTS,
  XERO_SUM_STATUS_IDS,
  impliedStatuses,
  xeroSumStatusData,
  xeroSumStatusesTouched,
  type XeroSumStatusId,
} from "./statuses-logic";
import { ID, xeroSumLiving, type AnyActor } from "./shared";

/** The status effects of a Xero Sum world (names and descriptions are i18n keys until `setup`). */
export function xeroSumStatusEffects(): StatusEffectConfig[] {
  return XERO_SUM_STATUS_IDS.map((id) => {
    const data = xeroSumStatusData(id);
    return { ...data, flags: { polyverse: { [ID]: { ...data.flags.polyverse[ID] } } } };
  });
}

/** Replace each Xero Sum status's name and description keys with their text (at `setup`). */
export function localizeXeroSumStatusEffects(effects: readonly object[] = configuredStatusEffects()): void {
  for (const effect of effects as {
    name?: string;
    description?: string;
    flags?: { polyverse?: Record<string, unknown> };
  }[]) {
    if (!effect.flags?.polyverse?.[ID]) continue;
    if (effect.description && game.i18n?.has(effect.description))
      effect.description = game.i18n.localize(effect.description);
  }
}

/** What to assign into `CONFIG.specialStatusEffects` while Xero Sum is active. */
export const xeroSumSpecialStatusEffects = (): { DEFEATED: string } => ({
  ...XERO_SUM_SPECIAL_STATUS_EFFECTS,
});

/** The statuses an actor's data implies now. */
export const xeroSumStatusesOf = (actor: AnyActor): Record<XeroSumStatusId, boolean> =>
  impliedStatuses(livingSystem(actor) as never, actor.statuses ?? new Set());

/** Bring a Xero Sum actor's statuses in step with its data (the active GM only). */
export async function syncXeroSumStatuses(
  actor: AnyActor,
  ids: readonly XeroSumStatusId[] = XERO_SUM_STATUS_IDS,
): Promise<{ id: XeroSumStatusId; active: boolean }[]> {
  if (!xeroSumLiving(actor)) return [];
  return syncActorStatuses(actor, xeroSumStatusesOf(actor), ids, "defeated");
}

/** End a reaction that lasts until the character falls unconscious, once they are (the active GM). */
async function endOnUnconscious(actor: AnyActor): Promise<void> {
  const s = livingSystem(actor);
  const reaction = s.state.breakingPoint;
  if (!reaction || s.state.dead || !(s.state.incapacitatedRounds > 0 || s.rp.value === 0)) return;
  const ended = endBreakingPointReaction({ stress: s.stress.value, reaction }, "unconscious");
  if (ended.reaction !== "") return;
  await actor.update({
    [HEALTH_PATHS.breakingPoint]: "",
    ...(ended.stress !== s.stress.value ? { [HEALTH_PATHS.stress]: ended.stress } : {}),
  } as never);
}

/** Register the hook that keeps the statuses in step (at init, whatever ruleset is active). */
export function registerXeroSumStatusHooks(): void {
  onOwnedDocumentHook(ID, "updateActor", (actor: AnyActor, changes: unknown) => {
    const touched = xeroSumStatusesTouched(changes);
    if (!touched.length || !isActiveGM()) return;
    void (async () => {
      await endOnUnconscious(actor);
      await syncXeroSumStatuses(actor, touched);
    })();
  });
}
