/**
 * When a Maneuver penalty ends, Foundry-free: "You always take a Maneuver penalty after using one of
 * these defenses" (Dodge & Evade). Its size is the GM's (`maneuverPenalty`: chapter 1 leaves it to THE
 * ART OF COMBAT), and so is how long it lasts; Polyverse's reading: the penalty is disadvantage dice on
 * the defender's next roll (any check or save but the Initiative save), and it ends
 * - when a roll takes it: a check card of the defender whose Maneuver line carries at least the
 *   standing dice (rolls/maneuver-logic.ts), trusted (the GM's own card, or a player's card the card
 *   ledger recorded without a problem); a card left without the line is refused by the ledger and
 *   leaves the penalty standing;
 * - at the defender's next initiative: its Initiative save rolled for a combat it fights in (the
 *   combat's own roll, `extra.initiative`), trusted likewise;
 * - at the defender's next turn: the combat's turn coming to one of its combatants;
 * - when the combat it was taken in ends, or the GM clears it.
 */
import type { ManeuverEntry } from "../base/maneuver-logic";
import { claimedManeuver } from "../rolls/maneuver-logic";

/** A check card as the penalty's end reads it. */
export interface ManeuverCheck {
  /** The save rolled, if a save. */
  save: string | null;
  /** The card's lines (where its dice came from). */
  lines: readonly {
    key: string;
    data?: Record<string, string>;
    advantage: number;
    disadvantage: number;
    critMod: number;
  }[];
  /** The caller's data: `initiative.combat` names the combat an Initiative save was rolled for. */
  extra: Record<string, unknown>;
  /** The GM's own card, or a player's card the ledger recorded without a problem. */
  trusted: boolean;
  /** The roller fights in the combat an Initiative save names (one of its combatants). */
  inCombat?: boolean;
}

/** Why a check card ends the standing penalty: "used" (it took the dice), "initiative", or null. */
export function maneuverEndedBy(
  entry: ManeuverEntry | null,
  check: ManeuverCheck,
): "used" | "initiative" | null {
  if (!entry || !check.trusted) return null;
  if (check.save === "initiative") {
    const initiative = check.extra.initiative as { combat?: unknown } | undefined;
    const named = typeof initiative?.combat === "string" && initiative.combat !== "";
    return named && check.inCombat === true ? "initiative" : null;
  }
  const claimed = claimedManeuver(check.lines);
  return claimed && claimed.dice >= entry.dice ? "used" : null;
}

/** Whether a combat update moved its turn (a new turn or a new round). */
export function turnMoved(changes: unknown): boolean {
  if (typeof changes !== "object" || changes === null) return false;
  return Object.hasOwn(changes, "turn") || Object.hasOwn(changes, "round");
}
