/**
 * What lasts a turn in Maelstrom combat, without Foundry: the round a spend or an aim belongs to,
 * when an unused Willpower spend on wounds lapses, and when an attack may use Precision.
 *
 * The text's combat chapter is empty; these are its Attributes section's words ("Precision should
 * only be used when the character is paying attention to the task since the previous round") and its
 * Willpower section's ("Once per turn ... roll their next action without a wound penalty"), read as
 * Polyverse's defaults.
 */
import { aimedLastRound } from "../rules";

/** A combat round as the actor data keeps it: `"<combat id>:<round>"`; "" outside combat. */
export function roundKey(combat: { id?: string | null; round?: number | null } | null | undefined): string {
  if (!combat?.id || !combat.round || combat.round < 1) return "";
  return `${combat.id}:${combat.round}`;
}

/** The actor's `system.combat`. */
export interface TurnState {
  ignoreWounds: boolean;
  ignoreWoundsRound: string;
  aimedAt: string;
  aimedRound: string;
}

/**
 * At the start of an actor's turn (round `now`): its Willpower spend on wounds lapses when it was made
 * in an earlier round and no action used it ("their next action": a spend is for this turn's
 * action). A spend made this round before its turn (it reacted) is kept for the turn. Returns the
 * `system.combat` update, or null when there is nothing to clear.
 */
export function turnStartUpdate(state: TurnState, now: string): Record<string, unknown> | null {
  if (!state.ignoreWounds || !now || state.ignoreWoundsRound === now) return null;
  return { "system.combat.ignoreWounds": false };
}

/**
 * Precision on an attack against `targetTokenId` (the rules' `aimedLastRound`: "they need to have
 * either aimed or shot at their target last round"), or, the text's alternative, the player says
 * they have been covering the target's area since last turn (`covering`). Outside combat only
 * `covering`. Whether the target went fully behind cover since is the storyteller's to rule.
 */
export function precisionAllowed({
  state,
  targetTokenId,
  combat,
  covering,
}: {
  state: Pick<TurnState, "aimedAt" | "aimedRound">;
  targetTokenId: string | null;
  combat: { id?: string | null; round?: number | null } | null | undefined;
  covering: boolean;
}): boolean {
  if (covering) return true;
  if (!targetTokenId || !combat?.id || !combat.round) return false;
  return aimedLastRound({ ...state, targetId: targetTokenId, combatId: combat.id, round: combat.round });
}

/**
 * The update recording an attack (or an aim) at a token in round `now`: the next round's attack on
 * it may use Precision. Nothing outside combat (no round to carry it to).
 */
export function aimUpdate(targetTokenId: string | null, now: string): Record<string, unknown> | null {
  if (!targetTokenId || !now) return null;
  return { "system.combat.aimedAt": targetTokenId, "system.combat.aimedRound": now };
}
