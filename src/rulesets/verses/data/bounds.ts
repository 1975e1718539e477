/**
 * The bounds the 'Verses rules set on stored data that no single field can check, Foundry-free:
 * the data models' `validateJoint` refuses what breaks them (with these messages), the shape
 * migrations bring stored data from before the bounds inside them, and the living actors'
 * `_preUpdate` holds HP and AD to the maxima derived from the actor's items.
 */
import { capacity, reloadMode, type WeaponAmmoSource } from "./ammo-logic";
import { deleteChange, getChange, setChange } from "./documents-logic";
import { desperateRallyUnbindsAll, type AbilityAllocations, type DesperateRallyOptions } from "../rules";

/** Active-Effect modifiers (dice, AD, HP, attributes) stay within ±100: more is a typo, not a rule. */
export const MODIFIER_LIMIT = 100;

type Source = Record<string, unknown>;

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const obj = (v: unknown): Source | undefined =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Source) : undefined;

/**
 * The most rounds a weapon holds, as the attack reads it (`capacity`): its Magazine(#) feature, else
 * its magazine size, else 1 for a weapon that reloads after each shot. Without a Reload feature, its
 * magazine size when one is set. Undefined: no bound (no ammunition, or modes it cannot read).
 */
export function weaponCapacity(source: Source): number | undefined {
  const modes = source.modes;
  const size = num(obj(source.magazine)?.size) ?? 0;
  if (!Array.isArray(modes) || !modes.every((m) => Array.isArray(obj(m)?.features))) return undefined;
  const weapon = { modes, magazine: { size } } as unknown as Pick<WeaponAmmoSource, "modes" | "magazine">;
  if (reloadMode(weapon)) return capacity(weapon);
  return size > 0 ? size : undefined;
}

/**
 * What in a full source breaks a cross-field bound, one message per problem (empty: none). Only
 * reads fields that are there, so a partial source passes.
 */
export function jointProblems(type: string, source: Source): string[] {
  const problems: string[] = [];
  if (type === "verses-vehicle") {
    const hp = obj(source.hp);
    const value = num(hp?.value);
    const max = num(hp?.max);
    if (value !== undefined && max !== undefined && value > max)
      problems.push(`hp.value (${value}) may not exceed hp.max (${max}): HP is never above its maximum.`);
  }
  if (type === "verses-weapon") {
    if (Array.isArray(source.modes) && source.modes.length === 0)
      problems.push("modes: a weapon has at least one mode.");
    const loaded = num(obj(source.magazine)?.loaded);
    const holds = weaponCapacity(source);
    if (loaded !== undefined && holds !== undefined && loaded > holds)
      problems.push(
        `magazine.loaded (${loaded}) may not exceed the ${holds} rounds the weapon holds (its Magazine feature, else magazine.size, else 1).`,
      );
  }
  if (type === "verses-ability") {
    const allocated = num(source.allocated);
    const exBound = num(source.exBound);
    if (allocated !== undefined && exBound !== undefined && exBound > allocated)
      problems.push(
        `exBound (${exBound}) may not exceed allocated (${allocated}): only allocated dice can be EX-bound.`,
      );
  }
  return problems;
}

/** Throw the problems as one error, as a data model's `validateJoint` does. */
export function assertJoint(type: string, source: Source): void {
  const problems = jointProblems(type, source);
  if (problems.length) throw new Error(problems.join(" "));
}

// ---- living actors: HP and AD against the derived maxima ----------------------------------------

/** A character's or creature's stored HP and AD, and the maxima its items and effects give it. */
export interface LivingState {
  hp: { value: number };
  ad: { spent: number; exBound: number; reserved: { await: number; dodge: number; parry: number } };
  hpMax: number;
  adMax: number;
}

interface LivingBoundsResult {
  /** The update, corrected in place. */
  changes: Source;
  /** What was corrected, for the user: i18n keys with their data. */
  corrections: { key: string; data: Record<string, string | number> }[];
}

const AD_PATHS = [
  "system.ad.spent",
  "system.ad.exBound",
  "system.ad.reserved.await",
  "system.ad.reserved.dodge",
  "system.ad.reserved.parry",
] as const;

/**
 * Hold an update of a character or creature to the rules' maxima, which come from its species,
 * attributes, items and effects (so no field can hold them):
 * - HP raised above its maximum is saved as the maximum (HP already above it, after the maximum
 *   fell, is not lowered by an unrelated update);
 * - AD spent, EX-bound and reserved together may not grow beyond the pool: such a change is not
 *   saved. Lowering them is always allowed, even while they exceed a pool that shrank.
 */
export function boundLivingUpdate(state: LivingState, changes: Source): LivingBoundsResult {
  const corrections: LivingBoundsResult["corrections"] = [];
  const hp = getChange(changes, "system.hp.value");
  if (hp.found && typeof hp.value === "number" && hp.value > state.hpMax && hp.value > state.hp.value) {
    const corrected = Math.max(state.hpMax, state.hp.value);
    setChange(changes, "system.hp.value", corrected);
    corrections.push({
      key: "POLYVERSE.Verses.Validation.HpAboveMax",
      data: { value: hp.value, max: state.hpMax, corrected },
    });
  }
  const before = [
    state.ad.spent,
    state.ad.exBound,
    state.ad.reserved.await,
    state.ad.reserved.dodge,
    state.ad.reserved.parry,
  ];
  const after = AD_PATHS.map((path, i) => {
    const c = getChange(changes, path);
    return c.found && typeof c.value === "number" ? c.value : before[i]!;
  });
  const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  if (total(after) > state.adMax && total(after) > total(before)) {
    for (const path of AD_PATHS) deleteChange(changes, path);
    corrections.push({
      key: "POLYVERSE.Verses.Validation.AdAbovePool",
      data: { committed: total(after), max: state.adMax },
    });
  }
  return { changes, corrections };
}

// ---- living actors: Desperate Rally ---------------------------------------------------------------

/** What {@link desperateRallyUpdate} did. */
interface DesperateRallyResult {
  /** Whether the update set off Desperate Rally. */
  rallied: boolean;
  /** The EX-bound dice it unbound (0 when none were bound). */
  unbound: number;
}

/**
 * Desperate Rally on an update that lowers HP: "When HP is reduced to equal to or less than the
 * number of allocated dice, all EX is unbound" (`desperateRallyUnbindsAll`, with the world's
 * trigger). The update then also sets the EX-bound dice to 0: they return as unspent AD ("Unbound
 * AD are returned to the AD pool as unspent AD", Rest), including any the same update binds (a blow
 * over TUF binds 1 EX in the update that takes the HP). Whatever lowers HP (an attack's Apply, the
 * sheet, the token bar) goes through it, once, on the client that saves the update. The change
 * object is corrected in place.
 */
export function desperateRallyUpdate(
  state: { hp: { value: number }; ad: { exBound: number } },
  abilities: AbilityAllocations,
  changes: Source,
  options: DesperateRallyOptions = {},
): DesperateRallyResult {
  const hp = getChange(changes, "system.hp.value");
  if (!hp.found || typeof hp.value !== "number" || !Number.isFinite(hp.value))
    return { rallied: false, unbound: 0 };
  if (!desperateRallyUnbindsAll(state.hp.value, hp.value, abilities, options))
    return { rallied: false, unbound: 0 };
  const ex = getChange(changes, "system.ad.exBound");
  const exAfter = ex.found && typeof ex.value === "number" ? ex.value : state.ad.exBound;
  if (exAfter > 0 || ex.found) setChange(changes, "system.ad.exBound", 0);
  return { rallied: true, unbound: Math.max(0, exAfter) };
}
