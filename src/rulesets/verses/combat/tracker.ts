/**
 * The combat tracker's rows, decorated after each render (`renderCombatTracker`; the rows found by
 * core's combat-tracker.ts, v13's `li.combatant[data-combatant-id]` with `.token-name` and
 * `.token-initiative`): the initiative column reads "2S" with the roll in its tooltip instead of the
 * sorting number, and the combatant's owners and the GM see its AD (available / pool, pips for
 * available, reserved, spent and EX-bound, and a tooltip) with the Move, Rest and Tactical Awareness
 * controls.
 */
import { nameSlotOf, trackerRows } from "../../../core/combat-tracker";
import { templatePath } from "../../../core/constants";
import {
  combatantAdView,
  initiativeDisplay,
  lineTextWith,
  tooltipHtml,
  trackerAdContext,
} from "./combat-logic";
import { leaveCover, move, reserve, rest, rise, tacticalAwareness } from "./actions";
import { MORE_INPUTS, moreDialogContext, type MoreAction } from "./more-dialog-logic";
import { rollWatch } from "../actions/actions";
import type { ReserveRequest } from "./combat-logic";
import { initiativeRecordOf, tacticalAwarenessLeft, tacticalAwarenessOpen } from "./initiative";
import { VersesCombat } from "./documents";
import { nearbyVehicles, vehicleMovementOf } from "../documents/vehicles";
import {
  isLiving,
  living,
  localize,
  versesFlags,
  type AnyActor,
  type AnyCombat,
  type AnyCombatant,
} from "./shared";

const ROOT = "POLYVERSE.Verses.Combat";
/** The AD row's template. */
export const AD_ROW_TEMPLATE = "templates/verses/combat/combatant-ad.hbs";

/** The last round's Watch dice kept on the combatant, if any. */
function watchOf(combatant: AnyCombatant): number | null {
  const watch = versesFlags(combatant).watch as { ad?: unknown } | undefined;
  return typeof watch?.ad === "number" ? watch.ad : null;
}

/** Whom the actor's last Watch was directed at (`flags.polyverse.verses.watching`, written by `rollWatch`). */
function watchingOf(actor: AnyActor): { name: string; allAd: boolean } | null {
  const w = versesFlags(actor).watching as { name?: unknown; allAd?: unknown } | undefined;
  return typeof w?.name === "string" ? { name: w.name, allAd: w.allAd === true } : null;
}

/** The AD row's context for a combatant (its owner's view). */
function combatantRowContext(combat: AnyCombat, combatant: AnyCombatant, actor: AnyActor) {
  const system = living(actor);
  const view = combatantAdView({
    adMax: system.adMax,
    basePool: Math.max(0, system.derived.ad + system.modifiers.ad),
    ad: system.ad,
    conditions: system.conditions,
    watchAD: watchOf(combatant),
    watching: watchingOf(actor),
  });
  const forbidden = system.forbidden ?? {};
  return trackerAdContext(
    view,
    {
      move: combat.started && forbidden.move === undefined,
      rest: combat.started && forbidden.rest === undefined,
      // A Moribund actor "may not take any actions except Survival Rolls".
      more: combat.started && !view.moribund,
      taLeft: tacticalAwarenessLeft(combatant),
      taOpen: tacticalAwarenessOpen(combat),
    },
    localize,
  );
}

/** The initiative column: "2S", with the roll, re-rolls and Tactical Awareness in the tooltip. */
function showInitiative(li: HTMLElement, combatant: AnyCombatant): void {
  const record = initiativeRecordOf(combatant);
  const cell = li.querySelector<HTMLElement>(".token-initiative");
  if (!record || !cell || combatant.initiative === null || combatant.initiative === undefined) return;
  const display = initiativeDisplay(record);
  const span = document.createElement("span");
  span.className = "initiative pv-initiative";
  span.textContent = display.short;
  span.dataset.tooltip = tooltipHtml(display.lines.map((l) => lineTextWith(localize, l)));
  const shown = cell.querySelector(".initiative-input, .initiative");
  if (shown) shown.replaceWith(span);
  else cell.append(span);
}

async function askMetres(actor: AnyActor): Promise<{ metres: number; vehicle: string } | null> {
  const system = living(actor);
  const esc = (s: string) => foundry.utils.escapeHTML(s);
  // A driver moves a vehicle at its MV as its team caps it (combat/actions.ts `move`).
  const vehicles = nearbyVehicles().map((v) => ({ v, mv: vehicleMovementOf(v).movement.mv }));
  const vehicleField = vehicles.length
    ? `<div class="form-group"><label for="pv-move-vehicle">${esc(localize("POLYVERSE.Verses.VehicleMove.Driving"))}</label>` +
      `<div class="form-fields"><select id="pv-move-vehicle" name="vehicle">` +
      `<option value="">${esc(localize("POLYVERSE.Verses.VehicleMove.OnFoot", { mv: String(system.derived.mv) }))}</option>` +
      vehicles
        .map(
          ({ v, mv }) =>
            `<option value="${esc(v.uuid)}">${esc(localize("POLYVERSE.Verses.VehicleMove.Option", { vehicle: v.name ?? "", mv: String(mv) }))}</option>`,
        )
        .join("") +
      `</select></div><p class="hint">${esc(localize("POLYVERSE.Verses.VehicleMove.DrivingHint"))}</p></div>`
    : "";
  const content =
    `<div class="form-group polyverse pv-move-dialog"><label>${esc(localize(`${ROOT}.Move.Metres`))}</label>` +
    `<div class="form-fields"><input type="number" name="metres" min="0" step="any" value="${system.derived.mv}" autofocus></div>` +
    `<p class="hint">${esc(localize(`${ROOT}.Move.Hint`, { mv: String(system.derived.mv), available: String(system.adAvailable) }))}</p></div>` +
    vehicleField;
  const result: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title: localize(`${ROOT}.Move.Title`) },
    content,
    ok: {
      label: localize(`${ROOT}.Move.Confirm`),
      callback: (_event: unknown, button: HTMLButtonElement) => ({
        metres: Number((button.form?.elements.namedItem("metres") as HTMLInputElement | null)?.value ?? NaN),
        vehicle: (button.form?.elements.namedItem("vehicle") as HTMLSelectElement | null)?.value ?? "",
      }),
    },
    rejectClose: false,
  });
  return result && typeof result === "object" ? (result as { metres: number; vehicle: string }) : null;
}

export const MORE_TEMPLATE = "templates/verses/combat/more-dialog.hbs";

/** Show only the inputs the chosen action uses (`MORE_INPUTS`): no AD or trigger for rising or leaving cover. */
function toggleMoreInputs(root: HTMLElement): void {
  const select = root.querySelector<HTMLSelectElement>("select[name=action]");
  const option = select?.selectedOptions[0];
  if (!option) return;
  for (const group of root.querySelectorAll<HTMLElement>("[data-pv-uses]")) {
    const uses = group.dataset.pvUses === "ad" ? option.dataset.usesAd : option.dataset.usesTrigger;
    group.hidden = uses !== "true";
  }
}

/** Ask which of the other actions to take, and with how many AD (and an Await's trigger). */
async function askMore(
  actor: AnyActor,
): Promise<{ action: MoreAction; ad: number; trigger: string; actions: string } | null> {
  const system = living(actor);
  const prone = system.conditions.some((c) => c.id === "prone");
  const content = await foundry.applications.handlebars.renderTemplate(
    templatePath("verses/combat/more-dialog.hbs"),
    moreDialogContext({ adAvailable: system.adAvailable, prone }, localize),
  );
  const result: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title: localize(`${ROOT}.More.Title`, { name: actor.name ?? "" }) },
    content,
    render: (_event: unknown, dialog: { element: HTMLElement }) => {
      const root = dialog.element;
      root.querySelector("select[name=action]")?.addEventListener("change", () => toggleMoreInputs(root));
      toggleMoreInputs(root);
    },
    ok: {
      label: localize(`${ROOT}.More.Confirm`),
      callback: (_event: unknown, button: HTMLButtonElement) => {
        const form = button.form;
        const value = (name: string) =>
          (form?.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value ?? "";
        const action = value("action") as MoreAction;
        const uses = MORE_INPUTS[action] ?? { ad: false, trigger: false };
        return {
          action,
          ad: uses.ad ? Number(value("ad")) : 0,
          trigger: uses.trigger ? value("trigger") : "",
          actions: uses.trigger ? value("actions") : "",
        };
      },
    },
    rejectClose: false,
  } as never);
  return result && typeof result === "object" ? (result as Awaited<ReturnType<typeof askMore>>) : null;
}

/** Carry out the chosen action. */
async function runMore(actor: AnyActor, chosen: NonNullable<Awaited<ReturnType<typeof askMore>>>) {
  switch (chosen.action) {
    case "watch":
      return rollWatch(actor, { ad: chosen.ad });
    case "rise":
      return rise(actor);
    case "leaveCover":
      return leaveCover(actor);
    case "await": {
      const request: ReserveRequest = {
        kind: "await",
        ad: chosen.ad,
        trigger: chosen.trigger,
        actions: chosen.actions,
      };
      return reserve(actor, request);
    }
    default:
      return reserve(actor, { kind: chosen.action, ad: chosen.ad });
  }
}

/** What each row control does. */
async function runControl(control: string, combatant: AnyCombatant, actor: AnyActor): Promise<void> {
  switch (control) {
    case "move": {
      const asked = await askMetres(actor);
      if (asked) await move(actor, asked.metres, asked.vehicle ? { vehicle: asked.vehicle } : {});
      return;
    }
    case "rest":
      await rest(actor);
      return;
    case "more": {
      const chosen = await askMore(actor);
      if (chosen) await runMore(actor, chosen);
      return;
    }
    case "ta-earlier":
      await tacticalAwareness(combatant, 1);
      return;
    case "ta-later":
      await tacticalAwareness(combatant, -1);
      return;
  }
}

async function showAd(li: HTMLElement, combat: AnyCombat, combatant: AnyCombatant): Promise<void> {
  const actor = combatant.actor;
  if (!isLiving(actor) || !actor.isOwner) return;
  const html = await foundry.applications.handlebars.renderTemplate(
    templatePath("verses/combat/combatant-ad.hbs"),
    combatantRowContext(combat, combatant, actor),
  );
  li.querySelector(".pv-combatant-ad")?.remove();
  const holder = nameSlotOf(li);
  holder.insertAdjacentHTML("beforeend", html);
  for (const button of holder.querySelectorAll<HTMLButtonElement>(".pv-combatant-ad [data-pv-combat]")) {
    button.addEventListener("click", async (event) => {
      // The row itself pans to the token on click: the control is not that.
      event.preventDefault();
      event.stopPropagation();
      if (button.disabled) return;
      button.disabled = true;
      try {
        await runControl(button.dataset.pvCombat ?? "", combatant, actor);
      } finally {
        button.disabled = false;
      }
    });
  }
}

/** `renderCombatTracker`: decorate each row of a 'Verses combat. */
export function decorateCombatTracker(app: { viewed?: unknown }, element: HTMLElement): void {
  const combat = app.viewed;
  if (!(combat instanceof VersesCombat)) return;
  for (const { combatant, row: li } of trackerRows(element, combat.combatants)) {
    showInitiative(li, combatant);
    void showAd(li, combat, combatant);
  }
}

let pending: ReturnType<typeof setTimeout> | null = null;

/**
 * Redraw the tracker when a combatant's actor changes (AD spent, a condition that changes the pool),
 * once for a burst of changes.
 */
export function refreshTrackerFor(actor: AnyActor | null | undefined): void {
  const combat = (ui.combat as { viewed?: unknown } | undefined)?.viewed;
  if (!(combat instanceof VersesCombat) || !actor) return;
  if (!combat.combatants.some((c) => c.actor === actor || c.actorId === actor.id)) return;
  if (pending) clearTimeout(pending);
  pending = setTimeout(() => {
    pending = null;
    void ui.combat?.render();
  }, 50);
}
