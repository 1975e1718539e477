/**
 * A weapon mode as the item stores it, read for an attack: its features in the rules' notation,
 * melee or ranged, its minimum AD, a creature's natural attack, and the pool it rolls. Foundry-free:
 * the roll dialog, the roll and the character sheet all ask here, so they always agree.
 */
import type { PoolRequest } from "./pools";
import {
  attackMinimumAD,
  twoWeaponFighting,
  unhandedPenalty,
  type Checked,
  type TwoWeaponResult,
  type TwoWeaponWeapon,
  parseActionFeatures,
  parseArrowTest,
  parseContinuous,
  validateRangeSpec,
  type ArrowTest,
} from "../rules";

/** A weapon mode as the item stores it (VersesWeaponData `modes`). */
export interface WeaponModeSource {
  name: string;
  skill: string;
  test: string;
  damage: string;
  features: readonly { name: string; value: string }[];
  /** Hands the mode needs (HANDS). */
  hands?: number;
  /** Area damage as written ("12(b)HP@2m,3,4"), blank for none. */
  area?: string;
  /** An indirect attack: a miss scatters ("Indirect Attacks"). */
  indirect?: boolean;
  /** The mode as thrown (`thrownMode`): its TEST is the Throwable feature's. */
  thrown?: boolean;
  /** HP/SM when thrown, where the listing gives one (the Dagger's "1(p)"); blank: `damage`. */
  thrownDamage?: string;
}

/** A new weapon mode, every field at its blank value (the model's initial mode, the sheet's "Add"). */
export function blankWeaponMode() {
  return {
    name: "",
    skill: "",
    test: "1S",
    damage: "",
    hands: 1,
    features: [] as { name: string; value: string }[],
    area: "",
    indirect: false,
    thrownDamage: "",
  };
}

/**
 * A weapon's features as the listings print them, for the rules' parser: `Slow(3AD) Parry(2)`.
 * A bare number given to Slow or Reload is read as AD (`Slow` `3` is `Slow(3AD)`).
 */
export function featuresText(features: readonly { name: string; value: string }[]): string {
  return features
    .map(({ name, value }) => {
      const v = value.trim();
      if (!v) return name.trim();
      const ad = /^(slow|reload)$/i.test(name.trim()) && /^\d+$/.test(v) ? `${v}AD` : v;
      return `${name.trim()}(${ad})`;
    })
    .join(" ");
}

/** A mode's TEST is melee: a plain `#S` with no range marks. */
export function isMeleeTest(test: string): boolean {
  const checked = validateRangeSpec(test);
  return checked.ok && checked.value.direction === "none";
}

/**
 * A creature's natural attack, written as its stat block writes it (`PRW + TUF + 3AD → 2S`, the
 * Horse's Kick): a mode with no skill whose TEST is in arrow notation. Null for weapon modes.
 */
export function naturalAttack(mode: WeaponModeSource): ArrowTest | null {
  if (mode.skill.trim()) return null;
  const parsed = parseArrowTest(mode.test);
  return parsed.ok && parsed.value.kind === "test" && parsed.value.target !== null ? parsed.value : null;
}

/** A continuable TEST (`2S C`, Clinch and Choke): its success target and continuation target. */
function continuable(test: string): { target: number; continuation: number } | null {
  const parsed = parseContinuous(test);
  if (!parsed.ok || parsed.value.target === null || parsed.value.continuation === null) return null;
  return { target: parsed.value.target, continuation: parsed.value.continuation };
}

/**
 * The mode's TEST as a success target with its ranges: a natural attack's target, a continuable
 * move's `#S` without its `#C` (`2S C` is melee at 2S), else the TEST as written.
 */
export function modeRangeTest(mode: WeaponModeSource): string {
  const natural = naturalAttack(mode);
  if (natural) return `${natural.target}S`;
  const moving = continuable(mode.test);
  return moving ? `${moving.target}S` : mode.test;
}

/** The continuation target `#C` of a continuable mode (a natural attack's, a `2S C` move's), or 0. */
export function modeContinuation(mode: WeaponModeSource): number {
  return naturalAttack(mode)?.continuation ?? continuable(mode.test)?.continuation ?? 0;
}

/** The least AD an attack with this mode allows: 1, its `Slow(#AD)`, or a natural attack's stated AD. */
export function modeMinimumAD(mode: WeaponModeSource): number {
  return Math.max(
    attackMinimumAD(parseActionFeatures(featuresText(mode.features))),
    naturalAttack(mode)?.minimumAD ?? 0,
  );
}

/** The pool an attack with this mode rolls: its skill, or a natural attack's attributes. */
export function attackRequest(
  mode: WeaponModeSource | undefined,
  { fastAction, metres }: { fastAction: boolean; metres?: unknown },
): PoolRequest {
  const natural = mode ? naturalAttack(mode) : null;
  return {
    ...(natural ? { attributes: natural.attributes } : { skill: mode?.skill ?? "" }),
    action: "attack",
    meleeAttack: isMeleeTest(mode ? modeRangeTest(mode) : ""),
    fastAction,
    ...(typeof metres === "number" ? { rangeM: metres } : {}),
  };
}

/** A mode's Parry rating (`Parry(2)`: 2), or null without the feature. */
export function parryRating(features: readonly { name: string; value: string }[]): number | null {
  return parseActionFeatures(featuresText(features)).parry;
}

/**
 * The mode thrown ("Throwable(@): Can be thrown. Ranged success targets for throwing follow this
 * feature declaration"): the Throwable feature's TEST in place of the mode's, or null when the mode
 * cannot be thrown. A thrown weapon is not wielded, so its Unhanded penalty does not apply ("This
 * penalty does not apply when thrown") and it does not chain (`chainInfoOf`). Its damage is
 * `thrownDamage` where the listing gives one ("A dagger always produces puncturing (p) damage when
 * thrown").
 */
export function thrownMode(mode: WeaponModeSource): WeaponModeSource | null {
  if (mode.thrown) return mode;
  const feature = mode.features.find((f) => f.name.trim().toLowerCase() === "throwable");
  const test = feature?.value.trim().replace(/^\((.*)\)$/, "$1");
  if (!test) return null;
  const damage = mode.thrownDamage?.trim() || mode.damage;
  return { ...mode, test, damage, thrown: true };
}

/** A mode's `Unhanded(-#)` penalty as positive dice, or null without the feature. */
function unhandedOf(mode: WeaponModeSource): number | null {
  return parseActionFeatures(featuresText(mode.features)).unhanded;
}

/** The mode may be wielded with one hand fewer than its HANDS (it has `Unhanded` and needs a hand). */
export function canWieldUnhanded(mode: WeaponModeSource): boolean {
  return !mode.thrown && unhandedOf(mode) !== null && (mode.hands ?? 0) >= 1;
}

/** The mode as one of a Two Weapon Fighting pair (`twoWeaponFighting`). */
export function twoWeaponWeapon(id: string, mode: WeaponModeSource, skillAllocated: number): TwoWeaponWeapon {
  const f = parseActionFeatures(featuresText(mode.features));
  return {
    id,
    skillAllocated,
    handsRequired: Math.max(0, mode.hands ?? 1),
    features: { chainable: f.chainable, fast: f.fast, unhanded: f.unhanded },
  };
}

/** How the attacker holds the weapon for an attack. */
export interface Grip {
  /** Wielded with one hand fewer than its HANDS, at its Unhanded penalty. */
  unhanded: boolean;
  /**
   * Fighting with two weapons: Two Weapon Fighting's allocated dice, this weapon's skill's allocated
   * dice, and the other weapon.
   */
  twoWeapon: { allocated: number; skillAllocated: number; other: TwoWeaponWeapon } | null;
  /** The hands free to hold weapons (2 unless the species says otherwise). */
  freeHands: number;
}

/** What a grip does to an attack's pool: dice added, the Unhanded penalty, and the pair's result. */
export interface GripEffect {
  /** Two Weapon Fighting's dice ("may be added to any attacks or parries with either weapon"). */
  twoWeaponDice: number;
  /** The Unhanded penalty, as positive dice to remove. */
  unhandedDice: number;
  /** Hands this weapon is held with. */
  hands: number;
  pair: TwoWeaponResult | null;
}

/**
 * The grip's effect on an attack with this mode: with two weapons, Two Weapon Fighting decides the
 * hands and reduces the Unhanded penalty ("reduced by the number of allocated dice to a minimum of
 * 0"); alone, one hand fewer costs the Unhanded penalty (`unhandedPenalty`); a thrown weapon pays
 * none. Refused (with the rules' reason) when the grip is not allowed.
 */
export function gripEffect(mode: WeaponModeSource, grip: Grip): Checked<GripEffect> {
  const handsRequired = Math.max(0, mode.hands ?? 1);
  if (grip.twoWeapon && !mode.thrown) {
    const pair = twoWeaponFighting(
      grip.twoWeapon.allocated,
      [twoWeaponWeapon("this", mode, grip.twoWeapon.skillAllocated), grip.twoWeapon.other],
      grip.freeHands,
    );
    if (!pair.ok) return pair;
    return {
      ok: true,
      value: {
        twoWeaponDice: pair.value.attackAndParryDice,
        unhandedDice: pair.value.unhandedPenalty[0],
        hands: pair.value.hands[0],
        pair: pair.value,
      },
    };
  }
  const hands = grip.unhanded && !mode.thrown ? handsRequired - 1 : handsRequired;
  const penalty = unhandedPenalty({
    handsRequired,
    handsUsed: hands,
    unhanded: unhandedOf(mode),
    thrown: mode.thrown === true,
  });
  if (!penalty.ok) return penalty;
  return { ok: true, value: { twoWeaponDice: 0, unhandedDice: penalty.value, hands, pair: null } };
}
