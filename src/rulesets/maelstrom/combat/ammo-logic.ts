/**
 * Ammunition, without Foundry (a Polyverse default: the text's weapon tables give a Capacity such as
 * "17+1", a magazine and one round chambered, and no rule for spending it): an attack with a ranged
 * weapon that holds rounds fires one from those loaded; with none loaded it is refused; Reload fills
 * the magazine and the chamber.
 */

/** What the ammunition rules read of a weapon. */
export interface AmmoWeapon {
  category: "ranged" | "melee";
  capacity: { magazine: number; chamber: number };
  loaded: number;
}

/** The rounds a weapon holds when full (magazine and chamber). */
export const fullLoad = (w: AmmoWeapon): number => w.capacity.magazine + w.capacity.chamber;

/** Does the weapon fire rounds (a ranged weapon with a capacity)? Melee and thrown weapons do not. */
export const usesAmmunition = (w: AmmoWeapon): boolean => w.category === "ranged" && fullLoad(w) > 0;

/**
 * The rounds loaded after one attack: one fewer; `empty` when none is loaded (the attack is
 * refused); unchanged for a weapon that uses none (`loaded` null: nothing to write).
 */
export function afterAttack(
  w: AmmoWeapon,
): { ok: true; loaded: number | null } | { ok: false; reason: "empty" } {
  if (!usesAmmunition(w)) return { ok: true, loaded: null };
  if (w.loaded < 1) return { ok: false, reason: "empty" };
  return { ok: true, loaded: w.loaded - 1 };
}

/** The rounds loaded after a reload, or why there is nothing to reload. */
export function reloaded(
  w: AmmoWeapon,
): { ok: true; loaded: number } | { ok: false; reason: "noAmmunition" | "full" } {
  if (!usesAmmunition(w)) return { ok: false, reason: "noAmmunition" };
  if (w.loaded >= fullLoad(w)) return { ok: false, reason: "full" };
  return { ok: true, loaded: fullLoad(w) };
}
