/**
 * The tracker's view of a combatant's round, Foundry-free (tracker.ts draws it; the browser fixture
 * renders the same): the actions left as pips, the markers in force, and the 18 actions as choices
 * with their cost and whether they can be taken now (round-logic.ts `trackerRow`).
 */
import type { RoundState } from "../rules";
import { isAttackAction, trackerRow } from "./round-logic";

export function trackerView(state: RoundState | null) {
  if (!state) return null;
  const row = trackerRow(state);
  return {
    actionsLeft: row.actionsLeft,
    /** Pips: at least the two of a round, more when Inspired. */
    pips: Math.max(2, row.actionsLeft),
    marks: row.marks,
    taken: row.taken,
    choices: row.choices.map((c) => ({ ...c, attack: isAttackAction(c.action) })),
  };
}
