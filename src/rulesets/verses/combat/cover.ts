/**
 * Leaving cover mid-round, read from the combat tracker: the combatant's `flags.polyverse.verses.leftCover`
 * (set by `leaveCover`, actions.ts) holds for the rest of the round it was made in.
 */
import { leftCoverHolds } from "../rules";
import { fastActionOf, versesFlags, type AnyActor } from "./shared";

/** Whether an actor's combatant left cover in the current round (its attackers see partial cover at best). */
export function leftCoverThisRound(actor: AnyActor | null | undefined): boolean {
  if (!actor) return false;
  const fa = fastActionOf(actor);
  if (!fa) return false;
  const mark = versesFlags(fa.combatant).leftCover as { round: number } | undefined;
  return leftCoverHolds(mark, fa.combat.round);
}
