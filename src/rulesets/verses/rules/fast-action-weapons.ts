/**
 * Fast Action, part 5: the weapon features that govern actions ('Verses Core 0.8.5, "Weapon Features":
 * Chainable, Fast, Magazine, Parry, Reload, Slow, Throwable, Unhanded, Unwieldy; the reload clauses of
 * the "Weapons »" skills; skill "Two Weapon Fighting"). Pure functions on plain values.
 */
import { type Checked, refused } from "./types";

// ---------------------------------------------------------------------------------------------
// Weapon features that govern actions
// ---------------------------------------------------------------------------------------------

/** `Reload(#AD)` or `Reload(#AD/shot)`. */
export interface ReloadFeature {
  ad: number;
  /** `/shot`: the cost is per round loaded (tubular or break-action magazines). */
  perShot: boolean;
}

/**
 * The weapon features that govern actions ("Weapon Features"). `Sustainable` and the range of
 * `Throwable` belong to attacks (`attacks.ts`).
 */
export interface ActionFeatures {
  /** "Attack actions with this weapon can be chained." */
  chainable: boolean;
  /** "capable of chaining a Riposte action immediately after a successful Parry." */
  fast: boolean;
  /** `Parry(#)`: the Parry Rating, or null without the feature. */
  parry: number | null;
  /** `Slow(#AD)`: "a minimum for any attack with this weapon", or null. */
  slow: number | null;
  reload: ReloadFeature | null;
  /** `Magazine(#)`: "The number of shots that can be fired between reloads", or null. */
  magazine: number | null;
  /** `Unhanded(-#)`: the dice penalty as a positive number (Unhanded(-2) → 2), or null. */
  unhanded: number | null;
  /** "difficult to carry and maneuver ... at the GM's discretion": no computed effect. */
  unwieldy: boolean;
  /** `Throwable(...)`: the weapon can be thrown (thrown Hand Axe and Dagger attacks are not chainable). */
  throwable: boolean;
}

/** A weapon with no action features (e.g. a Kick: "Kick 2S 2(c) 0 hands", no features). */
export const NO_ACTION_FEATURES: Readonly<ActionFeatures> = {
  chainable: false,
  fast: false,
  parry: null,
  slow: null,
  reload: null,
  magazine: null,
  unhanded: null,
  unwieldy: false,
  throwable: false,
};

/**
 * Read the action features from a listing's feature text, e.g. `Chainable Fast Parry(2)
 * Unhanded(-2)`, `Magazine(8) Reload(3AD/shot)` or `Parry(3), Unwieldy`. Unknown words are ignored.
 */
export function parseActionFeatures(text: string): ActionFeatures {
  const number = (re: RegExp): number | null => {
    const m = re.exec(text);
    return m?.[1] === undefined ? null : Number(m[1]);
  };
  const reload = /\bReload\(\s*(\d+)\s*AD\s*(\/\s*shot)?\s*\)/i.exec(text);
  return {
    chainable: /\bChainable\b/i.test(text),
    fast: /\bFast\b/i.test(text),
    parry: number(/\bParry\(\s*(\d+)\s*\)/i),
    slow: number(/\bSlow\(\s*(\d+)\s*AD\s*\)/i),
    reload: reload?.[1] === undefined ? null : { ad: Number(reload[1]), perShot: reload[2] !== undefined },
    magazine: number(/\bMagazine\(\s*(\d+)\s*\)/i),
    unhanded: number(/\bUnhanded\(\s*-?\s*(\d+)\s*\)/i),
    unwieldy: /\bUnwieldy\b/i.test(text),
    throwable: /\bThrowable\(/i.test(text),
  };
}

/**
 * Minimum AD of an attack: 1 ("At least one action die must be spent on any given action"), or the
 * weapon's `Slow(#AD)`: "The indicated number of AD is a minimum for any attack with this weapon"
 * (Great Axe Slow(3AD): at least 3AD).
 */
export function attackMinimumAD(features: Pick<ActionFeatures, "slow">): number {
  return Math.max(1, features.slow ?? 1);
}

/**
 * AD to reload ("Reload(#AD)"): "Associated skills may reduce the number of AD required to reload";
 * Bows, Crossbows, Muzzle-Loading Firearms, Firearms and Modern Small Arms: "reduced by the number of
 * allocated dice, to a minimum of 1AD". For `/shot` the result is per shot, at least 1AD per shot
 * (spec §11.2 #17). TV-C14: Crossbow Reload(10AD) with Crossbows 3 → 7AD; Revolver Reload(6AD) with
 * Firearms 5 → 1AD; Shotgun Reload(3AD/shot) with Firearms 2 → 1AD per shot.
 */
export function reloadCost(reload: ReloadFeature, skillAllocated = 0): number {
  return Math.max(1, reload.ad - Math.max(0, skillAllocated));
}

/** What a reload will load, and what it costs. */
export interface ReloadPlan {
  /** AD to pay in total; "These AD may be divided between rounds." */
  adRequired: number;
  /** Shots loaded when paid. */
  shots: number;
  /** AD per shot for `/shot` reloads, else null. */
  adPerShot: number | null;
}

/** What a reload starts from. */
export interface ReloadInput {
  /** Allocated dice in the weapon's skill. */
  skillAllocated?: number;
  /** Shots still loaded (in the magazine, or 1 when a single-shot weapon is loaded). Default 0. */
  loaded?: number;
  /** For `/shot` reloads: how many shots to load (default: fill the magazine). */
  shots?: number;
}

/**
 * Plan a reload ("Reload(#AD)"): "If the weapon also has the Magazine property, then the weapon is
 * reloaded when the magazine is empty or before, otherwise it must occur after each shot." Without a
 * Magazine: one shot per reload. With a Magazine: the whole magazine for one reload cost. With
 * `/shot`: each shot loaded costs the per-shot AD (spec §8.1: "#AD per round loaded"). Refused when
 * the weapon has no Reload, or the magazine is already full.
 */
export function reloadPlan(
  features: Pick<ActionFeatures, "reload" | "magazine">,
  input: ReloadInput = {},
): Checked<ReloadPlan> {
  const { reload, magazine } = features;
  if (reload === null) return refused("reloadNoFeature");
  const capacity = magazine ?? 1;
  const loaded = Math.max(0, Math.floor(input.loaded ?? 0));
  const room = capacity - loaded;
  if (room <= 0) return refused("reloadFull", { capacity });
  const cost = reloadCost(reload, input.skillAllocated ?? 0);
  if (!reload.perShot) return { ok: true, value: { adRequired: cost, shots: room, adPerShot: null } };
  const shots = Math.min(room, Math.max(1, Math.floor(input.shots ?? room)));
  return { ok: true, value: { adRequired: cost * shots, shots, adPerShot: cost } };
}

/** A reload under way: "These AD may be divided between rounds." Store it on the weapon between rounds. */
export interface ReloadProgress {
  plan: ReloadPlan;
  /** AD paid so far. */
  paid: number;
}

/**
 * Pay AD towards a reload, in this round or a later one ("These AD may be divided between rounds").
 * Returns the progress, whether it is complete, and the shots loaded so far (a `/shot` reload loads
 * each shot as its AD are paid; a whole reload loads only when complete). Refused when the AD are not
 * a whole number ≥ 1 or exceed what the reload still needs.
 */
export function payReload(
  progress: ReloadProgress,
  ad: number,
): Checked<{ progress: ReloadProgress; complete: boolean; shotsLoaded: number }> {
  const left = progress.plan.adRequired - progress.paid;
  if (!Number.isInteger(ad) || ad < 1) return refused("reloadNeedsAd", { ad });
  if (ad > left) return refused("reloadNeedsOnly", { left });
  const paid = progress.paid + ad;
  const complete = paid >= progress.plan.adRequired;
  const per = progress.plan.adPerShot;
  const shotsLoaded = per === null ? (complete ? progress.plan.shots : 0) : Math.floor(paid / per);
  return { ok: true, value: { progress: { plan: progress.plan, paid }, complete, shotsLoaded } };
}

/** How a weapon is held for an attack. */
export interface HandsInput {
  /** The listing's HANDS. */
  handsRequired: number;
  /** Hands the actor uses. */
  handsUsed: number;
  /** The weapon's `Unhanded` penalty (positive dice), or null. */
  unhanded: number | null;
  /** A thrown attack: "This penalty does not apply when thrown." */
  thrown?: boolean;
  /** Allocated dice in Two Weapon Fighting when fighting with two weapons (0 otherwise). */
  twoWeaponFighting?: number;
}

/**
 * The dice penalty for wielding a weapon one-handed less ("Unhanded(-#)"): "This weapon may be
 * wielded with 1 hand fewer than specified at the cost of the indicated dice penalty on attacks. This
 * penalty does not apply when thrown." Two Weapon Fighting: "If either weapon has the Unhanded
 * feature, the indicated penalty is reduced by the number of allocated dice to a minimum of 0."
 * Returns the dice to remove (≥ 0). Refused with fewer hands than the feature allows.
 */
export function unhandedPenalty(input: HandsInput): Checked<number> {
  const { handsRequired, handsUsed, unhanded } = input;
  if (handsUsed >= handsRequired) return { ok: true, value: 0 };
  if (unhanded === null || handsUsed < handsRequired - 1)
    return unhanded === null
      ? refused("handsNoUnhanded", { hands: handsRequired }, handsRequired)
      : refused("handsUnhanded", { hands: handsRequired - 1, used: handsUsed });
  if (input.thrown === true) return { ok: true, value: 0 };
  return { ok: true, value: Math.max(0, unhanded - Math.max(0, input.twoWeaponFighting ?? 0)) };
}

// ---------------------------------------------------------------------------------------------
// Two Weapon Fighting
// ---------------------------------------------------------------------------------------------

/** One of the two weapons. */
export interface TwoWeaponWeapon {
  id: string;
  /** Allocated dice in the weapon's skill. */
  skillAllocated: number;
  handsRequired: number;
  features: Pick<ActionFeatures, "chainable" | "fast" | "unhanded">;
}

/** What Two Weapon Fighting gives for a pair of weapons. */
export interface TwoWeaponResult {
  /** "Any allocated dice may be added to any attacks or parries with either weapon." */
  attackAndParryDice: number;
  /** Hands used for each weapon (one fewer on Unhanded weapons when hands run short). */
  hands: [number, number];
  /** Unhanded dice penalty of each weapon after the TWF reduction. */
  unhandedPenalty: [number, number];
  /** "If at least one of the weapons has the Chainable feature, both weapons count as Chainable". */
  chainable: boolean;
  /** Added to the chain limit "when chaining attacks with either weapon". */
  chainLimitBonus: number;
  /** "If both weapons have the Fast feature, the actor may choose either weapon to use for a riposte". */
  eitherWeaponRipostes: boolean;
}

/**
 * Two Weapon Fighting (skill): "The actor must have allocated at least one die to the skill for each
 * weapon and must have free hands to wield both weapons. Any allocated dice may be added to any
 * attacks or parries with either weapon. If either weapon has the Unhanded feature, the indicated
 * penalty is reduced by the number of allocated dice to a minimum of 0. ... If at least one of the
 * weapons has the Chainable feature, both weapons count as Chainable with the same action type, and
 * can participate in an action chain as long as their use is alternated. All dice allocated to this
 * skill are added to the Chain Limit". When the free hands fall short, Unhanded weapons give up a
 * hand, the one with the smaller resulting penalty first. Refused without allocated Two Weapon
 * Fighting, without allocated dice in each weapon's skill, or without enough hands.
 */
export function twoWeaponFighting(
  twoWeaponFightingAllocated: number,
  weapons: readonly [TwoWeaponWeapon, TwoWeaponWeapon],
  freeHands: number,
): Checked<TwoWeaponResult> {
  const twf = Math.max(0, twoWeaponFightingAllocated);
  if (twf < 1) return refused("twoWeaponsNoDice");
  for (const w of weapons) if (w.skillAllocated < 1) return refused("twoWeaponsNoSkill", { weapon: w.id });
  const hands: [number, number] = [weapons[0].handsRequired, weapons[1].handsRequired];
  const penalties: [number, number] = [0, 0];
  let shortfall = hands[0] + hands[1] - freeHands;
  const penaltyIfUnhanded = (w: TwoWeaponWeapon): number => Math.max(0, (w.features.unhanded ?? 0) - twf);
  const candidates = ([0, 1] as const)
    .filter((i) => weapons[i].features.unhanded !== null && weapons[i].handsRequired > 0)
    .sort((a, b) => penaltyIfUnhanded(weapons[a]) - penaltyIfUnhanded(weapons[b]));
  for (const i of candidates) {
    if (shortfall <= 0) break;
    hands[i] -= 1;
    penalties[i] = penaltyIfUnhanded(weapons[i]);
    shortfall -= 1;
  }
  if (shortfall > 0) return refused("twoWeaponsHands", { hands: freeHands });
  return {
    ok: true,
    value: {
      attackAndParryDice: twf,
      hands,
      unhandedPenalty: penalties,
      chainable: weapons[0].features.chainable || weapons[1].features.chainable,
      chainLimitBonus: twf,
      eitherWeaponRipostes: weapons[0].features.fast && weapons[1].features.fast,
    },
  };
}
