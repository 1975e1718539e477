/**
 * Ammunition and reloading on a weapon item, Foundry-free: how many rounds it holds, what is
 * loaded, what a shot (and its sustain dice) uses, and the reload's AD ("Magazine(#)", "Reload(#AD)",
 * "Sustainable", "Ammunition"). The weapon keeps `magazine.loaded`, the ammunition loaded
 * (`magazine.ammo`, `magazine.effect`) and the AD paid towards a reload divided across rounds
 * (`magazine.paid`). The rules are `reloadPlan`, `payReload`, `maxSustainDice`, `sustainUnitsUsed`.
 */
import type { DocumentChange } from "../../../core/changes-logic";
import {
  maxSustainDice,
  normalizeKey,
  parseActionFeatures,
  parseSustainable,
  payReload,
  reloadPlan,
  sustainUnitsUsed,
  type ActionFeatures,
  type Sustainable,
  type SustainOptions,
} from "../rules";
import { featuresText, type WeaponModeSource } from "./weapon-modes";
import { rulesLine } from "../base/rules-message-logic";
import { pluralKey } from "../../../core/i18n-logic";

const KEY = "POLYVERSE.Verses.Attack.Ammo";

/** A localisable message. */
interface AmmoMessage {
  key: string;
  data?: Record<string, string>;
}

/** The stored magazine of a weapon item. */
interface MagazineSource {
  size: number;
  loaded: number;
  /** The ammunition loaded, by name ("Broadhead Bolt"); blank when empty or unknown. */
  ammo?: string;
  /** Its "Dmg+" as written ("+2(s)"). */
  effect?: string;
  /** AD paid so far towards a reload ("These AD may be divided between rounds"). */
  paid?: number;
}

/** The weapon as ammunition sees it. */
export interface WeaponAmmoSource {
  uuid: string;
  name: string;
  /** Its name in the text, which ammunition lists it by (`system.key`; blank: `name`). */
  key?: string;
  /** The ammunition it takes by default ("Bolt"). */
  ammunition: string;
  quantity: number;
  magazine: MagazineSource;
  modes: readonly WeaponModeSource[];
}

/** An ammunition item the actor carries. */
export interface AmmoItem {
  uuid: string;
  name: string;
  /** Its name in the text, which weapons name it by (`system.key`; blank: `name`). */
  key?: string;
  /** The weapons it fits, by name. */
  weapons: readonly string[];
  /** "Dmg+" as written. */
  effect: string;
  quantity: number;
}

/** The action features of a weapon mode. */
export function modeFeatures(mode: WeaponModeSource | undefined): ActionFeatures {
  return parseActionFeatures(mode ? featuresText(mode.features) : "");
}

/** The mode's `Sustainable(rate, cost)`, or null. */
export function modeSustainable(mode: WeaponModeSource | undefined): Sustainable | null {
  const feature = mode?.features.find((f) => normalizeKey(f.name) === "sustainable");
  if (!feature) return null;
  try {
    return parseSustainable(feature.value);
  } catch {
    return null;
  }
}

/** The weapon takes ammunition: one of its modes has a Reload feature ("Weapons with the Reload feature require ammunition"). */
export function usesAmmo(weapon: Pick<WeaponAmmoSource, "modes">): boolean {
  return weapon.modes.some((m) => modeFeatures(m).reload !== null);
}

/** The first mode with a Reload feature (the one the weapon is reloaded by). */
export function reloadMode(weapon: Pick<WeaponAmmoSource, "modes">): WeaponModeSource | null {
  return weapon.modes.find((m) => modeFeatures(m).reload !== null) ?? null;
}

/**
 * Rounds the weapon holds: its `Magazine(#)`, else the item's magazine size, else 1 for a weapon
 * that "must [reload] after each shot" (a Reload feature without a Magazine).
 */
export function capacity(weapon: Pick<WeaponAmmoSource, "modes" | "magazine">): number {
  const mode = reloadMode(weapon);
  if (!mode) return 0;
  const features = modeFeatures(mode);
  return features.magazine ?? (weapon.magazine.size > 0 ? weapon.magazine.size : 1);
}

/** Whether an ammunition item fits a weapon: it names the weapon, or it is the weapon's own ammunition. */
export function fits(
  ammo: Pick<AmmoItem, "name" | "key" | "weapons">,
  weapon: Pick<WeaponAmmoSource, "name" | "key" | "ammunition">,
): boolean {
  // By key (the text's name, kept when an item is renamed or translated), else by the item's name.
  const name = normalizeKey(weapon.key || weapon.name);
  if (weapon.ammunition && normalizeKey(ammo.key || ammo.name) === normalizeKey(weapon.ammunition))
    return true;
  return ammo.weapons.some((w) => normalizeKey(w) === name);
}

/**
 * Rounds an attack uses: 1 for a plain shot; a sustained attack's sustain dice at their cost
 * (`sustainUnitsUsed`: Seeja's 10 dice at cost 3 use 30 rounds, the base shot included unless the
 * world counts it apart).
 */
export function roundsUsed(
  sustainDice: number,
  sustainable: Sustainable | null,
  options: SustainOptions = {},
): number {
  if (!sustainable || sustainDice <= 0) return 1;
  return sustainUnitsUsed(sustainDice, sustainable.cost, options);
}

/** The most sustain dice the loaded rounds and the AD allow (`maxSustainDice`; Seeja: min(30/3, 5 x 4) = 10). */
export function sustainLimit(
  sustainable: Sustainable | null,
  loaded: number,
  adSpent: number,
  options: SustainOptions = {},
): number {
  if (!sustainable) return 0;
  return maxSustainDice({ sustainable, availableUnits: loaded, adSpent }, options);
}

/** Why the weapon cannot fire `rounds` now, or null. Weapons without ammunition always can. */
export function fireProblem(
  weapon: WeaponAmmoSource,
  mode: WeaponModeSource | undefined,
  rounds: number,
): AmmoMessage | null {
  if (mode && mode.indirect && modeFeatures(mode).reload === null) {
    return weapon.quantity >= 1 ? null : { key: `${KEY}.NoneLeft`, data: { weapon: weapon.name } };
  }
  if (!mode || modeFeatures(mode).reload === null) return null;
  if (weapon.magazine.loaded <= 0) return { key: `${KEY}.Empty`, data: { weapon: weapon.name } };
  if (rounds > weapon.magazine.loaded)
    return {
      key: pluralKey(`${KEY}.TooFew`, weapon.magazine.loaded),
      data: { weapon: weapon.name, rounds: String(rounds), loaded: String(weapon.magazine.loaded) },
    };
  return null;
}

/** What firing does to the weapon: rounds out of the magazine, or one thrown weapon (a grenade) used. */
export function fireChange(
  weapon: WeaponAmmoSource,
  mode: WeaponModeSource | undefined,
  rounds: number,
): DocumentChange | null {
  if (mode && mode.indirect && modeFeatures(mode).reload === null)
    return { uuid: weapon.uuid, name: weapon.name, add: [{ path: "system.quantity", delta: -1, min: 0 }] };
  if (!mode || modeFeatures(mode).reload === null) return null;
  const left = Math.max(0, weapon.magazine.loaded - rounds);
  const set: Record<string, unknown> = { "system.magazine.loaded": left };
  return { uuid: weapon.uuid, name: weapon.name, set };
}

/** The ammunition an attack fires (the loaded kind), for the card. */
export function loadedAmmo(weapon: WeaponAmmoSource): { name: string; effect: string } | null {
  if (!usesAmmo(weapon)) return null;
  return { name: weapon.magazine.ammo || weapon.ammunition || "", effect: weapon.magazine.effect ?? "" };
}

// ---- reloading ---------------------------------------------------------------------------------------

/** What the reloader chooses. */
interface ReloadChoice {
  /** The ammunition item to load from. */
  ammoUuid?: string;
  /** AD to pay now (Fast Action); outside it the reload is done at once. */
  ad?: number;
  fastAction: boolean;
  /** AD the actor has unspent (Fast Action). */
  available: number;
  /** Dice allocated to the weapon's reload-reducing skill. */
  skillAllocated: number;
}

/** The reload's result: the changes to the weapon and the ammunition, and the AD to spend. */
interface ReloadResult {
  changes: DocumentChange[];
  /** AD to spend now (0 outside Fast Action). */
  ad: number;
  /** Rounds loaded by this payment. */
  loaded: number;
  /** The reload is complete (nothing more to pay). */
  complete: boolean;
  /** AD still owed towards it. */
  owed: number;
  ammoName: string;
}

/** The ammunition items that fit the weapon and have rounds left. */
export function fittingAmmo(weapon: WeaponAmmoSource, items: readonly AmmoItem[]): AmmoItem[] {
  return items.filter((a) => fits(a, weapon) && a.quantity > 0);
}

/**
 * Reload (or pay part of a reload): "Requires spending the indicated number of AD to reload.
 * These AD may be divided between rounds. Associated skills may reduce the number of AD required
 * ... If the weapon also has the Magazine property, then the weapon is reloaded when the magazine
 * is empty or before, otherwise it must occur after each shot." `/shot` reloads load one round per
 * `#AD` paid. In Fast Action the AD paid now are at least 1 and at most what is unspent and what
 * the reload still needs; outside Fast Action there are no rounds to divide, so it completes at
 * once. The rounds come out of the chosen ammunition item (no more than it holds); a magazine
 * holds one kind of ammunition, so another kind waits until it is empty.
 */
export function planReloadPayment(
  weapon: WeaponAmmoSource,
  items: readonly AmmoItem[],
  choice: ReloadChoice,
): { ok: true; value: ReloadResult } | { ok: false; reason: AmmoMessage } {
  const mode = reloadMode(weapon);
  if (!mode) return { ok: false, reason: { key: `${KEY}.NoReload`, data: { weapon: weapon.name } } };
  const features = modeFeatures(mode);
  const size = capacity(weapon);
  const loadedNow = Math.max(0, Math.min(size, weapon.magazine.loaded));
  const fitting = fittingAmmo(weapon, items);
  const ammo = choice.ammoUuid ? fitting.find((a) => a.uuid === choice.ammoUuid) : fitting[0];
  if (!ammo)
    return {
      ok: false,
      reason: { key: `${KEY}.NoAmmo`, data: { weapon: weapon.name, ammo: weapon.ammunition || "—" } },
    };
  if (loadedNow > 0 && weapon.magazine.ammo && normalizeKey(weapon.magazine.ammo) !== normalizeKey(ammo.name))
    return {
      ok: false,
      reason: {
        key: `${KEY}.OtherKind`,
        data: { weapon: weapon.name, loaded: weapon.magazine.ammo, ammo: ammo.name },
      },
    };
  const plan = reloadPlan(features, {
    skillAllocated: choice.skillAllocated,
    loaded: loadedNow,
    ...(features.reload?.perShot ? { shots: Math.min(size - loadedNow, ammo.quantity) } : {}),
  });
  if (!plan.ok)
    return { ok: false, reason: { key: `${KEY}.Full`, data: { weapon: weapon.name, size: String(size) } } };
  const paidBefore = Math.max(0, Math.min(weapon.magazine.paid ?? 0, plan.value.adRequired - 1));
  const owedBefore = plan.value.adRequired - paidBefore;
  let pay: number;
  if (choice.fastAction) {
    pay = Math.floor(choice.ad ?? Math.min(choice.available, owedBefore));
    if (pay < 1) return { ok: false, reason: { key: `${KEY}.PayOne` } };
    if (pay > choice.available)
      return {
        ok: false,
        reason: { key: `${KEY}.NotEnoughAD`, data: { ad: String(pay), available: String(choice.available) } },
      };
    pay = Math.min(pay, owedBefore);
  } else pay = owedBefore;
  const paid = payReload({ plan: plan.value, paid: paidBefore }, pay);
  if (!paid.ok) return { ok: false, reason: rulesLine(paid.reason) };
  // A `/shot` reload keeps only the AD paid towards the next round (the loaded ones are in the magazine).
  const per = plan.value.adPerShot;
  const newShots = Math.min(ammo.quantity, paid.value.shotsLoaded);
  const carried =
    per === null ? paid.value.progress.paid : paid.value.progress.paid - paid.value.shotsLoaded * per;
  const set: Record<string, unknown> = { "system.magazine.paid": paid.value.complete ? 0 : carried };
  if (newShots > 0) {
    set["system.magazine.loaded"] = loadedNow + newShots;
    set["system.magazine.ammo"] = ammo.name;
    set["system.magazine.effect"] = ammo.effect;
  }
  const changes: DocumentChange[] = [{ uuid: weapon.uuid, name: weapon.name, set }];
  if (newShots > 0)
    changes.push({
      uuid: ammo.uuid,
      name: ammo.name,
      add: [{ path: "system.quantity", delta: -newShots, min: 0 }],
    });
  return {
    ok: true,
    value: {
      changes,
      ad: choice.fastAction ? pay : 0,
      loaded: newShots,
      complete: paid.value.complete,
      owed: paid.value.complete ? 0 : plan.value.adRequired - paid.value.progress.paid,
      ammoName: ammo.name,
    },
  };
}

/** The weapon row's ammunition line: "12/15 Bullet", with a reload under way. */
export function magazineLine(
  weapon: WeaponAmmoSource,
): { text: string; reloadable: boolean; paid: number } | null {
  if (!usesAmmo(weapon)) return null;
  const size = capacity(weapon);
  const loaded = Math.max(0, Math.min(size, weapon.magazine.loaded));
  const ammo = weapon.magazine.ammo || (loaded > 0 ? weapon.ammunition : "");
  return {
    text: `${loaded}/${size}${ammo ? ` ${ammo}` : ""}`,
    reloadable: loaded < size,
    paid: weapon.magazine.paid ?? 0,
  };
}

/**
 * The weapon row's ammunition for the sheet, from the item's stored data: "12/15 Bullet", whether
 * a Reload is possible, and AD already paid towards one. Null for weapons without ammunition.
 */
export function sheetAmmo(name: string, system: Record<string, unknown>): ReturnType<typeof magazineLine> {
  const magazine = (system.magazine ?? {}) as Partial<MagazineSource>;
  return magazineLine({
    uuid: "",
    name,
    ammunition: typeof system.ammunition === "string" ? system.ammunition : "",
    quantity: typeof system.quantity === "number" ? system.quantity : 0,
    magazine: {
      size: Number(magazine.size ?? 0),
      loaded: Number(magazine.loaded ?? 0),
      ammo: String(magazine.ammo ?? ""),
      effect: String(magazine.effect ?? ""),
      paid: Number(magazine.paid ?? 0),
    },
    modes: (Array.isArray(system.modes) ? system.modes : []) as WeaponModeSource[],
  });
}
