/**
 * Where an actor stands in 'Verses Fast Action, read from the combat tracker: its combatant in the
 * started combat, and whether it left cover this round (the combatant's
 * `flags.polyverse.verses.leftCover`, set by `leaveCover` in combat/actions.ts, holds for the rest
 * of the round it was made in). Below rolls and combat, so a roll's dialog can ask it.
 */
import { leftCoverHolds } from "../rules";
import { versesFlags } from "../base/flags";

type AnyActor = Actor.Implementation;
type AnyCombat = Combat.Implementation;
type AnyCombatant = Combatant.Implementation;

/** The combatant of an actor in a combat (a token's synthetic actor or the world actor). */
export function combatantOf(combat: AnyCombat | null | undefined, actor: AnyActor): AnyCombatant | null {
  if (!combat) return null;
  return (
    combat.combatants.find((c) => c.actor === actor) ??
    combat.combatants.find((c) => c.actor?.uuid === actor.uuid) ??
    null
  );
}

/** The started combat the actor fights in, with its combatant. */
export function fastActionOf(actor: AnyActor): { combat: AnyCombat; combatant: AnyCombatant } | null {
  const combat = game.combat;
  if (!combat?.started) return null;
  const combatant = combatantOf(combat, actor);
  return combatant ? { combat, combatant } : null;
}

/** Whether an actor's combatant left cover in the current round (its attackers see partial cover at best). */
export function leftCoverThisRound(actor: AnyActor | null | undefined): boolean {
  if (!actor) return false;
  const fa = fastActionOf(actor);
  if (!fa) return false;
  const mark = versesFlags(fa.combatant).leftCover as { round: number } | undefined;
  return leftCoverHolds(mark, fa.combat.round);
}
