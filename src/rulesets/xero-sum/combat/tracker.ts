/**
 * The combat tracker's rows in a Xero Sum combat, decorated after each render (`renderCombatTracker`,
 * v13's tracker: `li.combatant[data-combatant-id]`): the combatant's owners and the GM see the actions
 * left this round (pips), markers of what is in force (aiming, defending, in cover, pinned, inspired,
 * sprinted, coordinated) and a choice of the 18 actions (attacks open the attack dialog; the others are
 * taken at once, rounds.ts `takeAction`). Ties acting together are marked. Drawn from
 * tracker-logic.ts's view, which the browser fixture renders too.
 */
import { localize } from "../../../core/i18n";
import { rollAttack } from "./attack-roll";
import { XeroSumCombat } from "./documents";
import { takeAction } from "./rounds";
import { trackerView } from "./tracker-logic";
import { isLiving, isPc, roundStateOf, type AnyActor, type AnyCombat, type AnyCombatant } from "./shared";
import type { CombatAction } from "../rules";
import type { AttackAction } from "./attack-logic";

/** An action chosen in the tracker: an attack opens the attack dialog, any other is taken. */
export async function chooseAction(
  combatant: AnyCombatant,
  action: CombatAction,
  event: Event | null = null,
) {
  const actor = combatant.actor as AnyActor | null;
  if (!isLiving(actor)) return false;
  const view = trackerView(roundStateOf(combatant));
  if (view?.choices.find((c) => c.action === action)?.attack && action !== "grappling") {
    const weapon =
      actor.items.find(
        (i) => i.type === "xero-sum-weapon" && Boolean((i.system as { equipped?: boolean }).equipped),
      ) ?? null;
    return Boolean(await rollAttack(actor, weapon, { action: action as AttackAction, event }));
  }
  return takeAction(combatant, action);
}

/** Decorate the tracker's rows. */
export function decorateTracker(combat: AnyCombat | null | undefined, html: HTMLElement): void {
  if (!(combat instanceof XeroSumCombat)) return;
  const rows = [...html.querySelectorAll<HTMLElement>("li.combatant[data-combatant-id]")];
  const entries = rows.map(
    (li) => combat.combatants.get(li.dataset.combatantId ?? "") as AnyCombatant | undefined,
  );
  rows.forEach((li, i) => {
    const combatant = entries[i];
    if (!combatant) return;
    const prev = entries[i - 1];
    const tied =
      prev?.initiative !== null &&
      prev?.initiative !== undefined &&
      prev.initiative === combatant.initiative &&
      isPc(prev.actor as AnyActor | null) === isPc(combatant.actor as AnyActor | null);
    if (tied) li.classList.add("pv-xs-simultaneous");
    if (!combatant.isOwner) return;
    const view = trackerView(roundStateOf(combatant));
    if (!view) return;
    const box = document.createElement("div");
    box.className = "pv-xs-round";
    const label = localize("POLYVERSE.XeroSum.Fight.Tracker.ActionsLeft", { n: String(view.actionsLeft) });
    box.dataset.tooltip = label;
    for (let n = 0; n < view.pips; n++) {
      const pip = document.createElement("i");
      pip.className =
        n < view.actionsLeft ? "fa-solid fa-circle pv-xs-left" : "fa-regular fa-circle pv-xs-spent";
      pip.setAttribute("aria-hidden", "true");
      box.append(pip);
    }
    for (const mark of view.marks) {
      const m = document.createElement("span");
      m.className = `pv-xs-mark pv-xs-mark-${mark}`;
      m.textContent = localize(`POLYVERSE.XeroSum.Fight.Tracker.Mark.${mark}`);
      box.append(m);
    }
    const select = document.createElement("select");
    select.className = "pv-xs-action";
    select.setAttribute("aria-label", localize("POLYVERSE.XeroSum.Fight.Tracker.Take"));
    const none = document.createElement("option");
    none.value = "";
    none.textContent = localize("POLYVERSE.XeroSum.Fight.Tracker.Take");
    select.append(none);
    for (const c of view.choices) {
      const o = document.createElement("option");
      o.value = c.action;
      o.disabled = !c.open;
      o.textContent = localize("POLYVERSE.XeroSum.Fight.Tracker.Choice", {
        action: localize(`POLYVERSE.XeroSum.Action.${c.action}`),
        cost: String(c.cost),
      });
      select.append(o);
    }
    select.addEventListener("click", (event) => event.stopPropagation());
    select.addEventListener("change", (event) => {
      event.stopPropagation();
      const action = select.value as CombatAction;
      select.value = "";
      if (action) void chooseAction(combatant, action, event);
    });
    box.append(select);
    (li.querySelector(".token-name") ?? li).append(box);
  });
}
