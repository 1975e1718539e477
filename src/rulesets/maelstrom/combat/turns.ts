/**
 * Maelstrom turns in Foundry: at the start of a combatant's turn the active GM's client clears its
 * actor's unused Willpower spend on wounds from an earlier round (turn-logic.ts), and an attack or
 * an aim records the token aimed at, so the next round's attack on it may use Precision.
 */
import { onOwnedDocumentHook } from "../../../core/owners";
import { isActiveGM } from "../../../core/relay";
import { livingSystem } from "../data/systems";
import { isLiving } from "../documents/health";
import { aimUpdate, roundKey, turnStartUpdate } from "./turn-logic";

type AnyCombat = Combat.Implementation;
type AnyActor = Actor.Implementation;

/** The current round's key of the active combat (`"<combat id>:<round>"`), or "" outside combat. */
export const currentRoundKey = (): string => (game.combat?.started ? roundKey(game.combat) : "");

/** `updateCombat`: a new turn or round starts the current combatant's turn. */
export async function onTurnStart(combat: AnyCombat, changed: object): Promise<void> {
  if (!isActiveGM() || !("turn" in changed || "round" in changed)) return;
  const actor = combat.combatant?.actor as AnyActor | null | undefined;
  if (!isLiving(actor)) return;
  const update = turnStartUpdate(livingSystem(actor).combat, roundKey(combat));
  if (update) await actor.update(update as never);
}

/**
 * Record that `actor` aimed at or attacked `token` now (its owner's client; nothing outside combat).
 * Returns whether it was recorded.
 */
export async function recordAim(actor: AnyActor, tokenId: string | null): Promise<boolean> {
  const update = aimUpdate(tokenId, currentRoundKey());
  if (!update || !actor.isOwner) return false;
  await actor.update(update as never);
  return true;
}

/** Register the turn hook (at init, whatever ruleset is active; it acts on Maelstrom combats only). */
export function registerMaelstromTurnHooks(): void {
  onOwnedDocumentHook("maelstrom", "updateCombat", (combat: AnyCombat, changed: object) => {
    void onTurnStart(combat, changed);
  });
}
