/**
 * 'Verses attacks in Foundry (see `../attack.ts`): reloading a weapon, paid in AD across rounds.
 */
import { applyChanges } from "../../../../core/changes";
import { localize, pluralKeyOf } from "../../../../core/i18n";
import { adStateOf } from "../../base/ad-logic";
import { inFastAction, livingSystem } from "../../rolls/roll-common";
import { findSkillDefinition } from "../../rules";
import { fittingAmmo, planReloadPayment, reloadMode } from "../../data/ammo-logic";
import { adLimit, spendChange, spendForRoll } from "../../base/spend-logic";

import {
  KEY,
  allocated,
  ammoItems,
  catalogOf,
  warn,
  weaponAmmoSource,
  type AnyActor,
  type AnyItem,
} from "./shared";
// ---- reloading ----------------------------------------------------------------------------------

/**
 * Reload a weapon (or pay part of its reload): the AD it costs, reduced by the weapon skill's
 * allocated dice (`reloadCost`), divisible across rounds; rounds come from the ammunition chosen.
 * In Fast Action the AD paid now are spent; outside it the reload is done at once.
 */
export async function reload(
  actor: AnyActor,
  weapon: AnyItem,
  choice: { ammoUuid?: string; ad?: number } = {},
): Promise<boolean> {
  const s = livingSystem(actor);
  const ws = weaponAmmoSource(weapon);
  const mode = reloadMode(ws);
  const definition = mode ? findSkillDefinition(catalogOf(s), mode.skill) : undefined;
  const skill = definition?.reloadReduction && mode ? allocated(s, mode.skill) : 0;
  const fastAction = inFastAction(actor);
  const state = adStateOf(s);
  const result = planReloadPayment(ws, ammoItems(actor), {
    ...choice,
    fastAction,
    available: adLimit(state, { fastAction }),
    skillAllocated: skill,
  });
  if (!result.ok) {
    warn(result.reason.key, result.reason.data);
    return false;
  }
  const changes = [...result.value.changes];
  if (result.value.ad > 0) {
    const spent = spendForRoll(state, { ad: result.value.ad, minimum: 1, fastAction });
    if (!spent.ok) {
      warn(spent.reason.key, spent.reason.data);
      return false;
    }
    const change = spendChange({ uuid: actor.uuid, name: actor.name ?? "" }, state, spent.value);
    if (change) changes.push(change);
  }
  const pending = await applyChanges(changes);
  if (pending.length) {
    warn("POLYVERSE.Verses.Attack.Ammo.NotYours", { weapon: weapon.name ?? "" });
    return false;
  }
  ui.notifications?.info(
    localize(
      pluralKeyOf(`${KEY}.Ammo.${result.value.complete ? "Reloaded" : "ReloadPaid"}`, result.value.loaded),
      {
        weapon: weapon.name ?? "",
        loaded: String(result.value.loaded),
        ammo: result.value.ammoName,
        owed: String(result.value.owed),
        ad: String(result.value.ad),
      },
    ),
  );
  return true;
}

/**
 * Reload from the sheet: when there is a choice to make (several fitting ammunitions, or the AD to
 * pay in Fast Action, which may be divided across rounds), a small dialog asks; then `reload`.
 */
export async function reloadWithChoice(actor: AnyActor, weapon: AnyItem): Promise<boolean> {
  const ws = weaponAmmoSource(weapon);
  const fitting = fittingAmmo(ws, ammoItems(actor));
  const fastAction = inFastAction(actor);
  if (fitting.length <= 1 && !fastAction)
    return reload(actor, weapon, fitting[0] ? { ammoUuid: fitting[0].uuid } : {});
  const esc = foundry.utils.escapeHTML;
  const available = adLimit(adStateOf(livingSystem(actor)), { fastAction });
  const ammoField = fitting.length
    ? `<label>${esc(localize(`${KEY}.Ammo.Choose`))} <select name="ammo">${fitting
        .map((a) => `<option value="${esc(a.uuid)}">${esc(`${a.name} (${a.quantity})`)}</option>`)
        .join("")}</select></label>`
    : "";
  const adField = fastAction
    ? `<label>${esc(localize(`${KEY}.Ammo.PayAD`))} <input type="number" name="ad" min="1" step="1" value="${available}"></label>`
    : "";
  const result = (await foundry.applications.api.DialogV2.wait({
    window: { title: localize(`${KEY}.Ammo.ReloadTitle`, { weapon: weapon.name ?? "" }) },
    content: `<div class="polyverse pv-reload-dialog">${ammoField}${adField}</div>`,
    buttons: [
      {
        action: "reload",
        label: localize(`${KEY}.Ammo.Reload`),
        default: true,
        callback: (_event, button) => {
          const form = button.form;
          const ammo = (form?.elements.namedItem("ammo") as HTMLSelectElement | null)?.value;
          const ad = Number((form?.elements.namedItem("ad") as HTMLInputElement | null)?.value);
          return JSON.stringify({ ammo: ammo ?? null, ad: Number.isFinite(ad) ? ad : null });
        },
      },
    ],
    rejectClose: false,
  })) as string | null;
  if (!result) return false;
  const picked = JSON.parse(result) as { ammo: string | null; ad: number | null };
  return reload(actor, weapon, {
    ...(picked.ammo ? { ammoUuid: picked.ammo } : {}),
    ...(fastAction && picked.ad !== null ? { ad: picked.ad } : {}),
  });
}
