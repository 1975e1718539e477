/**
 * Maelstrom's status effects in Foundry (the descriptor's `statusEffects`, see conditions-logic.ts)
 * and the hooks that keep them in step with each actor's data. Only the active GM's client writes
 * them, so one change is made once whoever changed the data; a status is synced only when the data
 * it mirrors changed, so a status set by hand stays until then. Dead also marks the actor's
 * combatants defeated.
 */
import type { StatusEffectConfig } from "../../../core/registry";
import { configuredStatusEffects } from "../../../core/compat";
import { onOwnedDocumentHook } from "../../../core/owners";
import { syncActorStatuses } from "../../../core/statuses";
import { flawSystem, livingSystem } from "../data/systems";
import {
  ALL_DECIDED,
  FLAW_STATUSES,
  MAELSTROM_SPECIAL_STATUS_EFFECTS,
  MAELSTROM_STATUS_IDS,
  impliedStatuses,
  statusData,
  statusesTouched,
  type MaelstromStatusId,
} from "./conditions-logic";
import { healthOf, isLiving, trackLengthOf } from "./health";

const ID = "maelstrom";
type AnyActor = Actor.Implementation;
type AnyItem = Item.Implementation;

/** The status effects of a Maelstrom world (names and descriptions are i18n keys). */
export function maelstromStatusEffects(): StatusEffectConfig[] {
  return MAELSTROM_STATUS_IDS.map((id) => {
    const data = statusData(id);
    return { ...data, flags: { polyverse: { maelstrom: { ...data.flags.polyverse.maelstrom } } } };
  });
}

/**
 * Replace each Maelstrom status's description key in `CONFIG.statusEffects` with its text (at
 * `setup`: the translations are not loaded at init).
 */
export function localizeMaelstromStatusEffects(effects: readonly object[] = configuredStatusEffects()): void {
  for (const effect of effects as {
    description?: string;
    flags?: { polyverse?: { maelstrom?: object } };
  }[]) {
    if (effect.flags?.polyverse?.maelstrom && effect.description && game.i18n?.has(effect.description))
      effect.description = game.i18n.localize(effect.description);
  }
}

/** What to assign into `CONFIG.specialStatusEffects` while Maelstrom is active: DEFEATED is Dead. */
export const maelstromSpecialStatusEffects = (): { DEFEATED: string } => ({
  ...MAELSTROM_SPECIAL_STATUS_EFFECTS,
});

/** The statuses an actor's data implies now. */
export function statusesOf(actor: AnyActor): Record<MaelstromStatusId, boolean> {
  const s = livingSystem(actor);
  return impliedStatuses({
    health: healthOf(actor),
    trackLength: trackLengthOf(actor),
    willpower: { value: s.willpower.value, rallied: s.willpower.rallied },
    combat: { ignoreWounds: s.combat.ignoreWounds },
    flaws: actor.items
      .filter((i) => i.type === "maelstrom-flaw")
      .map((i) => ({ key: flawSystem(i).key, active: flawSystem(i).active })),
  });
}

/**
 * Bring the `ids` statuses of an actor in step with its data (the active GM only; core's
 * syncActorStatuses); returns the toggles made. Dead, newly on, also marks its combatants defeated.
 */
export async function syncStatuses(
  actor: AnyActor,
  ids: readonly MaelstromStatusId[] = ALL_DECIDED,
): Promise<{ id: MaelstromStatusId; active: boolean }[]> {
  if (!isLiving(actor)) return [];
  return syncActorStatuses(actor, statusesOf(actor), ids, "dead");
}

/** A flaw item's actor, when the item is a flaw on a Maelstrom character or NPC. */
function flawActor(item: AnyItem): AnyActor | null {
  const parent = item.parent as AnyActor | null;
  return item.type === "maelstrom-flaw" && isLiving(parent) ? parent : null;
}

/** Register the hooks that keep the statuses in step (at init, whatever ruleset is active). */
export function registerMaelstromConditionHooks(): void {
  onOwnedDocumentHook(ID, "updateActor", (actor: AnyActor, changes: unknown) => {
    void syncStatuses(actor, statusesTouched(changes));
  });
  for (const hook of ["createItem", "updateItem", "deleteItem"]) {
    onOwnedDocumentHook(ID, hook, (item: AnyItem) => {
      const actor = flawActor(item);
      if (actor) void syncStatuses(actor, FLAW_STATUSES);
    });
  }
}
