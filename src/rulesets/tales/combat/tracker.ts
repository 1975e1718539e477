/**
 * The combat tracker's rows in a Tales combat, decorated after each render (`renderCombatTracker`):
 * the combatant's owners and the GM see its action dice (pips: left filled, spent hollow) and a button
 * spending one (right-click gives one back). The rows are found by core's combat-tracker.ts, by the
 * combatant's id rather than by one version's markup (v13's `li.combatant[data-combatant-id]`).
 */
import { placeDecoration, trackerRows } from "../../../core/combat-tracker";
import { localize } from "../../../core/i18n";
import { diceLeft } from "./combat-logic";
import { TalesCombat } from "./documents";
import { spendActionDice } from "./rounds";
import { stateOf, type AnyCombat } from "./shared";

const ROOT = "POLYVERSE.Tales.Combat.ActionDice";

/** Decorate the tracker's rows with the action dice. */
export function decorateTracker(combat: AnyCombat | null | undefined, html: HTMLElement | null): void {
  if (!(combat instanceof TalesCombat) || !html) return;
  for (const { combatant, row } of trackerRows(html, combat.combatants)) {
    const state = stateOf(combatant as never);
    if (!state || state.actionDice === undefined || !combatant.isOwner) continue;
    const left = diceLeft(state);
    const box = document.createElement("div");
    box.className = "pv-tales-action-dice";
    const label = localize(`${ROOT}.Tooltip`, { left: String(left), total: String(state.actionDice) });
    box.dataset.tooltip = label;
    box.setAttribute("aria-label", label);
    for (let i = 0; i < state.actionDice; i++) {
      const pip = document.createElement("i");
      pip.className = i < left ? "fa-solid fa-square pv-die-left" : "fa-regular fa-square pv-die-spent";
      box.append(pip);
    }
    const button = document.createElement("button");
    button.type = "button";
    button.className = "inline-control icon fa-solid fa-dice-d6 pv-tales-spend";
    button.dataset.tooltip = localize(`${ROOT}.Spend`);
    button.setAttribute("aria-label", localize(`${ROOT}.Spend`));
    button.disabled = left < 1;
    button.addEventListener("click", (event) => {
      event.preventDefault();
      event.stopPropagation();
      void spendActionDice(combatant as never, 1);
    });
    button.addEventListener("contextmenu", (event) => {
      event.preventDefault();
      event.stopPropagation();
      void spendActionDice(combatant as never, -1);
    });
    box.append(button);
    placeDecoration(row, "pv-tales-action-dice", box);
  }
}
