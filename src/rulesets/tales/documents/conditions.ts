/**
 * Tales's status effects in Foundry (the descriptor's `statusEffects`, see conditions-logic.ts) and the
 * hook that keeps the health statuses in step with each actor's `health`. Only the active GM's client
 * writes them (core `syncActorStatuses`), so one change is made once whoever changed the data; Dead,
 * newly on, also marks the actor's combatants defeated.
 */
import type { StatusEffectConfig } from "../../../core/registry";
import { configuredStatusEffects } from "../../../core/compat";
import { onOwnedDocumentHook } from "../../../core/owners";
import { syncActorStatuses } from "../../../core/statuses";
import { livingSystem } from "../data/systems";
import { isTalesLiving } from "../base/living";
import {
  HEALTH_STATUSES,
  TALES_SPECIAL_STATUS_EFFECTS,
  TALES_STATUS_IDS,
  impliedHealthStatuses,
  talesStatusData,
  talesStatusesTouched,
  type TalesStatusId,
} from "./conditions-logic";

const ID = "tales";
type AnyActor = Actor.Implementation;

/** The status effects of a Tales world (names and descriptions are i18n keys). */
export function talesStatusEffects(): StatusEffectConfig[] {
  return TALES_STATUS_IDS.map((id) => {
    const data = talesStatusData(id);
    return { ...data, flags: { polyverse: { tales: { ...data.flags.polyverse.tales } } } };
  });
}

/** Replace each Tales status's description key with its text (at `setup`, once translations load). */
export function localizeTalesStatusEffects(effects: readonly object[] = configuredStatusEffects()): void {
  for (const effect of effects as { description?: string; flags?: { polyverse?: { tales?: object } } }[]) {
    if (effect.flags?.polyverse?.tales && effect.description && game.i18n?.has(effect.description))
      effect.description = game.i18n.localize(effect.description);
  }
}

/** What to assign into `CONFIG.specialStatusEffects` while Tales is active: DEFEATED is Dead. */
export const talesSpecialStatusEffects = (): { DEFEATED: string } => ({ ...TALES_SPECIAL_STATUS_EFFECTS });

/** The health statuses an actor's data implies now. */
export function talesStatusesOf(actor: AnyActor): Record<TalesStatusId, boolean> {
  const h = livingSystem(actor).health;
  return impliedHealthStatuses({
    level: h.level,
    stunned: h.stunned,
    unstable: h.unstable,
    comaDays: h.comaDays,
  });
}

/** Bring the `ids` statuses of a Tales actor in step with its `health` (the active GM only). */
export async function syncTalesStatuses(
  actor: AnyActor,
  ids: readonly TalesStatusId[] = HEALTH_STATUSES,
): Promise<{ id: TalesStatusId; active: boolean }[]> {
  if (!isTalesLiving(actor)) return [];
  return syncActorStatuses(actor, talesStatusesOf(actor), ids, "dead");
}

/** Register the hook that keeps the statuses in step (at init, whatever ruleset is active). */
export function registerTalesConditionHooks(): void {
  onOwnedDocumentHook(ID, "updateActor", (actor: AnyActor, changes: unknown) => {
    void syncTalesStatuses(actor, talesStatusesTouched(changes));
  });
}
