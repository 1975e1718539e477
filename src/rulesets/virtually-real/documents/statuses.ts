/**
 * Virtually Real's status effects in Foundry (the descriptor's `statusEffects`, statuses-logic.ts) and
 * the hooks that keep them in step with each actor's condition marks, both ways:
 * - marks → statuses: when an update names `system.conditions` or `system.state`, the active GM's
 *   client brings the statuses in step (core `syncActorStatuses`), so a change is made once whoever
 *   made it;
 * - statuses → marks: a status set or cleared on a token (an Active Effect created or deleted) marks or
 *   clears its condition, on the client of the user who did it (the actor's owner or a GM: they may
 *   update it). A status whose mark is already there (or already gone) changes nothing, so the two
 *   directions settle at once. A rush set on a token with no adrenaline level gives it 1 ("A number in
 *   a CRIT box means you have an adrenaline rush"). New Trauma (T), whose box needs a target the
 *   table does not give, is refused on the token with a note to mark it on the sheet.
 */
import type { StatusEffectConfig } from "../../../core/registry";
import { configuredStatusEffects } from "../../../core/compat";
import { localize } from "../../../core/i18n";
import { onOwnedDocumentHook } from "../../../core/owners";
import { isActiveGM } from "../../../core/relay";
import { syncActorStatuses } from "../../../core/statuses";
import { livingSystem } from "../data/systems";
import type { StoredCondition } from "../data/living-logic";
import {
  DATA_STATUSES,
  STATUS_CONDITION,
  VR_SPECIAL_STATUS_EFFECTS,
  VR_STATUS_IDS,
  conditionsWithStatus,
  conditionsWithoutStatus,
  impliedStatuses,
  needsSheet,
  statusData,
  statusDescription,
  statusNameKey,
  statusesTouched,
  vrStatusesOf,
  type VirtuallyRealStatusId,
} from "./statuses-logic";
import { ID, vrLiving, warn, type AnyActor } from "./shared";

type AnyEffect = ActiveEffect.Implementation;

/** The status effects of a Virtually Real world (names and descriptions are i18n keys until `setup`). */
export function virtuallyRealStatusEffects(): StatusEffectConfig[] {
  return VR_STATUS_IDS.map((id) => {
    const data = statusData(id);
    return { ...data, flags: { polyverse: { [ID]: { ...data.flags.polyverse[ID] } } } };
  });
}

/** Replace each Virtually Real status's description key with what its condition does (at `setup`). */
export function localizeVirtuallyRealStatusEffects(
  effects: readonly object[] = configuredStatusEffects(),
): void {
  for (const effect of effects as {
    id?: string;
    description?: string;
    flags?: { polyverse?: Record<string, { status?: string } | undefined> };
  }[]) {
    const id = effect.flags?.polyverse?.[ID]?.status;
    if (!id || !(VR_STATUS_IDS as readonly string[]).includes(id)) continue;
    effect.description = statusDescription(id as VirtuallyRealStatusId, localize);
  }
}

/** What to assign into `CONFIG.specialStatusEffects` while Virtually Real is active. */
export const virtuallyRealSpecialStatusEffects = (): { DEFEATED: string } => ({
  ...VR_SPECIAL_STATUS_EFFECTS,
});

/** The statuses an actor's data implies now. */
export function virtuallyRealStatusesOf(actor: AnyActor): Record<VirtuallyRealStatusId, boolean> {
  const s = livingSystem(actor);
  return impliedStatuses({ conditions: s.conditions, state: s.state }, actor.statuses ?? new Set());
}

/** Bring a Virtually Real actor's statuses in step with its marks (the active GM only). */
export async function syncVirtuallyRealStatuses(
  actor: AnyActor,
  ids: readonly VirtuallyRealStatusId[] = DATA_STATUSES,
): Promise<{ id: VirtuallyRealStatusId; active: boolean }[]> {
  if (!vrLiving(actor)) return [];
  return syncActorStatuses(actor, virtuallyRealStatusesOf(actor), ids, "defeated");
}

const conditionsOf = (actor: AnyActor): StoredCondition[] =>
  livingSystem(actor).conditions.map((c) => ({ ...c })) as StoredCondition[];

/** A status set on a token: its condition marked (and a rush's adrenaline level at least 1). */
async function statusSet(actor: AnyActor, id: VirtuallyRealStatusId): Promise<void> {
  const s = livingSystem(actor);
  if (id === "winded" || id === "tired") {
    if (!s.state[id]) await actor.update({ [`system.state.${id}`]: true } as never);
    return;
  }
  const next = conditionsWithStatus(conditionsOf(actor), id);
  if (!next) return;
  const rush = id.endsWith("Rush") && s.adrenaline.level === 0;
  await actor.update({
    "system.conditions": next,
    ...(rush ? { "system.adrenaline.level": 1 } : {}),
  } as never);
}

/** A status cleared on a token: its condition's marks cleared. */
async function statusCleared(actor: AnyActor, id: VirtuallyRealStatusId): Promise<void> {
  const s = livingSystem(actor);
  if (id === "winded" || id === "tired") {
    if (s.state[id]) await actor.update({ [`system.state.${id}`]: false } as never);
    return;
  }
  const next = conditionsWithoutStatus(conditionsOf(actor), id);
  if (next) await actor.update({ "system.conditions": next } as never);
}

/** The actor an effect is on, when it is a Virtually Real character or NPC this user may update. */
function effectActor(effect: AnyEffect): AnyActor | null {
  const actor = vrLiving(effect.parent);
  const user = game.user;
  return actor && user && actor.canUserModify(user, "update") ? actor : null;
}

/** Refuse setting on a token a status whose mark needs the sheet (New Trauma's target), unless marked. */
function refuseSheetOnly(effect: AnyEffect): boolean | void {
  const actor = vrLiving(effect.parent);
  if (!actor) return;
  const marked = new Set(livingSystem(actor).conditions.map((c) => c.id as string));
  for (const id of vrStatusesOf(effect.statuses ?? [])) {
    const condition = STATUS_CONDITION[id];
    if (needsSheet(id) && condition && !marked.has(condition)) {
      warn("Status.SheetOnly", { name: localize(statusNameKey(id)) });
      return false;
    }
  }
}

/** Register the hooks that keep statuses and marks in step (at init, whatever ruleset is active). */
export function registerVirtuallyRealStatusHooks(): void {
  onOwnedDocumentHook(ID, "updateActor", (actor: AnyActor, changes: unknown) => {
    const touched = statusesTouched(changes);
    if (touched.length && isActiveGM()) void syncVirtuallyRealStatuses(actor, touched);
  });
  onOwnedDocumentHook(ID, "preCreateActiveEffect", (effect: AnyEffect) => refuseSheetOnly(effect));
  onOwnedDocumentHook(ID, "createActiveEffect", (effect: AnyEffect, _options: unknown, userId: string) => {
    if (userId !== game.user?.id) return;
    const actor = effectActor(effect);
    if (!actor) return;
    void (async () => {
      for (const id of vrStatusesOf(effect.statuses ?? [])) await statusSet(actor, id);
    })();
  });
  onOwnedDocumentHook(ID, "deleteActiveEffect", (effect: AnyEffect, _options: unknown, userId: string) => {
    if (userId !== game.user?.id) return;
    const actor = effectActor(effect);
    if (!actor) return;
    void (async () => {
      for (const id of vrStatusesOf(effect.statuses ?? [])) await statusCleared(actor, id);
    })();
  });
}
