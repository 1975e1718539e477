/**
 * Status effects kept in step with an actor's data, in Foundry (see statuses-logic.ts): toggling
 * what differs, only on the active GM's client, only statuses the world offers, and marking the
 * actor's combatants defeated when its "defeated" status comes on.
 */
import { offeredStatusIds } from "./compat";
import { isActiveGM } from "./relay";
import { statusToggles } from "./statuses-logic";

type AnyActor = Actor.Implementation;

/** Mark the actor's combatants defeated (every combat it fights in). */
export async function markDefeated(actor: AnyActor): Promise<void> {
  const combats = game.combats ? [...game.combats] : game.combat ? [game.combat] : [];
  for (const combat of combats) {
    for (const combatant of combat.combatants) {
      if (combatant.defeated || combatant.actor?.uuid !== actor.uuid) continue;
      await combatant.update({ defeated: true });
    }
  }
}

/**
 * Bring the `ids` statuses of an actor in step with `wanted` (the active GM only; statuses the world
 * does not offer are left alone); returns the toggles made. `defeated`, newly on, also marks the
 * actor's combatants defeated.
 */
export async function syncActorStatuses<Id extends string>(
  actor: AnyActor,
  wanted: Readonly<Record<Id, boolean>>,
  ids: readonly Id[],
  defeated?: Id,
): Promise<{ id: Id; active: boolean }[]> {
  if (!isActiveGM() || !ids.length) return [];
  const offered = offeredStatusIds();
  const toggles = statusToggles(actor.statuses, wanted, ids).filter((t) => offered.has(t.id));
  for (const t of toggles) await actor.toggleStatusEffect(t.id, { active: t.active });
  if (defeated && toggles.some((t) => t.id === defeated && t.active)) await markDefeated(actor);
  return toggles;
}
