/**
 * The tracker's view of a combatant's round, Foundry-free (tracker.ts draws it with
 * `combat/combatant-round.hbs`; the browser fixture renders the same): the actions left as pips, the
 * markers in force, and the 18 actions as choices with their cost and whether they can be taken now
 * (round-logic.ts `trackerRow`).
 */
import type { Localize } from "../../../core/roll-dialog-model";
import type { RoundState } from "../rules";
import { isAttackAction, trackerRow } from "./round-logic";

const KEY = "POLYVERSE.XeroSum.Fight.Tracker";

export function trackerView(state: RoundState | null) {
  if (!state) return null;
  const row = trackerRow(state);
  return {
    actionsLeft: row.actionsLeft,
    /** Pips: at least the two of a round (the one of Getting the Drop's round 0), more when Inspired. */
    pips: Math.max(state.round === 0 ? 1 : 2, row.actionsLeft),
    marks: row.marks,
    taken: row.taken,
    choices: row.choices.map((c) => ({ ...c, attack: isAttackAction(c.action) })),
  };
}

/** The template context of a combatant's round in the tracker (`combat/combatant-round.hbs`). */
export function trackerContext(state: RoundState | null, localize: Localize) {
  const view = trackerView(state);
  if (!view) return null;
  return {
    label: localize(`${KEY}.ActionsLeft`, { n: String(view.actionsLeft) }),
    pips: Array.from({ length: view.pips }, (_, i) => ({ left: i < view.actionsLeft })),
    marks: view.marks.map((m) => ({ key: m, label: localize(`${KEY}.Mark.${m}`) })),
    take: localize(`${KEY}.Take`),
    choices: view.choices.map((c) => ({
      value: c.action,
      disabled: !c.open,
      label: localize(`${KEY}.Choice`, {
        action: localize(`POLYVERSE.XeroSum.Action.${c.action}`),
        cost: String(c.cost),
      }),
    })),
  };
}
