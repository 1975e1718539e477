/**
 * The combat tracker's rows in a Xero Sum combat, decorated after each render (`renderCombatTracker`;
 * the rows found by core's combat-tracker.ts): the combatant's owners and the GM see the actions
 * left this round (pips), markers of what is in force (aiming, defending, in cover, pinned, inspired,
 * sprinted, coordinated, got the Drop) and a choice of the 18 actions (attacks open the attack dialog;
 * the others are taken at once, rounds.ts `takeAction`). Ties acting together are marked. Before the
 * first round the GM has a "Getting the Drop" button (tracker-drop.ts). Drawn from
 * tracker-logic.ts's view, which the browser fixture renders too.
 */
import { targetedTokens } from "../../../core/board";
import { placeDecoration, trackerRows } from "../../../core/combat-tracker";
import { localize } from "../../../core/i18n";
import { rollAttack } from "./attack-roll";
import { XeroSumCombat } from "./documents";
import { takeAction } from "./rounds";
import { trackerContext, trackerView } from "./tracker-logic";
import { CHECK_ACTIONS, simultaneous } from "./round-logic";
import { actionCheck } from "./check-actions";
import { decorateDropControl } from "./tracker-drop";
import { templatePath } from "../../../core/constants";
import { weaponSystem } from "../data/systems";
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
    const weapon = actor.items.find((i) => i.type === "xero-sum-weapon" && weaponSystem(i).equipped) ?? null;
    return Boolean(await rollAttack(actor, weapon, { action: action as AttackAction, event }));
  }
  if (CHECK_ACTIONS.includes(action)) return Boolean(await actionCheck(combatant, action, { event }));
  // Aim is taken at the user's targeted token.
  const target = targetedTokens()
    .map((t) => t.actor as AnyActor | null)
    .find((a) => isLiving(a) && a.uuid !== actor.uuid);
  return takeAction(combatant, action, target ? { target } : {});
}

export const ROUND_ROW_TEMPLATE = "templates/xero-sum/combat/combatant-round.hbs";

/** Draw a combatant's round into its row (core's `placeDecoration`) and bind its action choice. */
async function showRound(row: HTMLElement, combatant: AnyCombatant): Promise<void> {
  const context = trackerContext(roundStateOf(combatant), localize);
  if (!context) return;
  const holder = document.createElement("div");
  holder.innerHTML = await foundry.applications.handlebars.renderTemplate(
    templatePath("xero-sum/combat/combatant-round.hbs"),
    context,
  );
  const box = holder.firstElementChild as HTMLElement | null;
  if (!box) return;
  placeDecoration(row, "pv-xs-round", box);
  const select = box.querySelector<HTMLSelectElement>("select.pv-xs-action");
  // The row itself pans to the token on click: the choice is not that.
  select?.addEventListener("click", (event) => event.stopPropagation());
  select?.addEventListener("change", (event) => {
    event.stopPropagation();
    const action = select.value as CombatAction;
    select.value = "";
    if (action) void chooseAction(combatant, action, event);
  });
}

/**
 * Decorate the tracker's rows (found by core's combat-tracker.ts, in turn order): a row tied with the
 * one before it (acting at the same time) is marked; each owner's row shows its round and actions.
 */
export function decorateTracker(combat: AnyCombat | null | undefined, html: HTMLElement | null): void {
  if (!(combat instanceof XeroSumCombat) || !html) return;
  decorateDropControl(combat, html);
  const ordered = (combat.turns?.length ? combat.turns : combat.combatants.contents) as AnyCombatant[];
  const entry = (c: AnyCombatant) => ({
    initiative: c.initiative ?? null,
    pc: isPc(c.actor as AnyActor | null),
    name: "",
  });
  let previous: AnyCombatant | null = null;
  for (const { combatant, row } of trackerRows(html, ordered)) {
    row.classList.toggle(
      "pv-xs-simultaneous",
      Boolean(previous && simultaneous(entry(previous), entry(combatant))),
    );
    previous = combatant;
    if (combatant.isOwner) void showRound(row, combatant);
  }
}
