/**
 * What Xero Sum's combat glue shares: the combatant flags and their paths, a combatant's round state
 * for its combat's round, the actor's health as the rules read it (and the update writing it back),
 * and the attacker's, defender's and weapon's views the attack reads (attack-logic.ts).
 */
import { flagPath } from "../../../core/flags";
import { livingSystem, isXeroSumLiving, weaponSystem } from "../data/systems";
import { XS, combatantOf, roundStateOf } from "../data/round-state";
import type { HealthState, Panic } from "../rules";
import { HEALTH_PATHS, healthOf as readHealth } from "../documents/health-logic";
import { healthSourceOf } from "../documents/shared";
import { FISTS_WEAPON, type AttackWeapon, type AttackerView, type DefenderView } from "./attack-logic";

export {
  DROP_PATH,
  INITIATIVE_PATH,
  ROUND_PATH,
  XS,
  combatantOf,
  lossesOf,
  roundStateOf,
} from "../data/round-state";

export type AnyActor = Actor.Implementation;
export type AnyCombat = Combat.Implementation;
export type AnyCombatant = Combatant.Implementation;
export type AnyItem = Item.Implementation;

/** An actor's Burning: `{ perRound, rounds }` left (the GM takes it off each round). */
export const BURNING_FLAG = "burning";
export const BURNING_PATH = flagPath(XS, BURNING_FLAG);

export const isLiving = (actor: unknown): actor is AnyActor =>
  Boolean(actor) && isXeroSumLiving(actor as { type: string });

/** A player character: "In the event of a draw, PCs always beat NPCs." */
export const isPc = (actor: AnyActor | null | undefined): boolean => actor?.type === "xero-sum-character";

/** The key a target goes by in round states (Aim's target, attacks per target): its combatant id, else its actor's. */
export const targetKeyOf = (actor: AnyActor): string => combatantOf(actor)?.id ?? actor.id ?? "";

/** The actor's health as the rules read it. */
export function healthOf(actor: AnyActor): HealthState {
  return readHealth(healthSourceOf(actor));
}

/** The update writing a whole health state back (documents/health-logic.ts's paths). */
export const healthUpdate = (h: HealthState): Record<string, unknown> =>
  Object.fromEntries((Object.keys(h) as (keyof HealthState)[]).map((key) => [HEALTH_PATHS[key], h[key]]));

/** A weapon item as an attack reads it; bare fists for null. */
export function weaponOf(item: AnyItem | null): AttackWeapon | null {
  if (!item) return FISTS_WEAPON;
  if (item.type !== "xero-sum-weapon") return null;
  const w = weaponSystem(item);
  return {
    key: w.key,
    category: w.category,
    skill: w.skill,
    range: w.range,
    weaponClass: w.weaponClass,
    scoped: w.scoped,
    characteristics: w.characteristics.map((c) => ({ key: c.key, value: c.value })),
    damage: { base: w.damage.base, dice: w.damage.dice },
    rpPercent: w.rpPercent,
    condition: w.condition,
    ammo: w.ammo.clip > 0 ? { clip: w.ammo.clip, loaded: w.ammo.loaded, reloads: w.ammo.reloads } : null,
  };
}

/** The attacker's side of an attack. */
export function attackerViewOf(actor: AnyActor): AttackerView {
  const s = livingSystem(actor);
  return {
    attributes: { ...s.derived.attributes },
    skills: { ...s.skills },
    lastingWounds: [...s.lastingWounds],
    panic: s.state.panic.key as Panic | "",
    round: roundStateOf(combatantOf(actor)),
    out: s.state.dead || s.state.incapacitatedRounds > 0,
  };
}

/** The defender's side: Table 5's DMs and its round. */
export function defenderViewOf(actor: AnyActor): DefenderView {
  const d = livingSystem(actor).derived;
  return {
    meleeDefence: d.meleeDefence,
    rangedDefence: d.rangedDefence,
    round: roundStateOf(combatantOf(actor)),
  };
}
