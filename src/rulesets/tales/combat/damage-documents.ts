/**
 * What the damage card reads off documents: the weapon's numbers, the attacker's Deathdealer, the
 * target's protection, pools, health and absorption traits (Resilient, Frail, Susceptible).
 */
import { isTalesLiving } from "../base/living";
import { advantageSystem, disadvantageSystem, livingSystem, weaponSystem } from "../data/systems";
import type { AbsorptionTraits } from "../rules";
import type { HealthSnapshot, WeaponNumbers } from "./damage-card-logic";
import type { AnyActor } from "./shared";

type AnyItem = Item.Implementation;

const advantages = (actor: AnyActor) =>
  actor.items.filter((i) => i.type === "tales-advantage").map((i) => advantageSystem(i));
const hasDisadvantage = (actor: AnyActor, key: string) =>
  actor.items.some((i) => i.type === "tales-disadvantage" && disadvantageSystem(i).key === key);

/** A Tales weapon's numbers, or null for anything else. */
export function weaponNumbers(item: AnyItem | null | undefined): WeaponNumbers | null {
  if (item?.type !== "tales-weapon") return null;
  const w = weaponSystem(item);
  return { damage: w.damage, auto: w.traits.auto, spray: w.traits.spray, splitDamage: w.traits.splitDamage };
}

/**
 * The weapon an actor holds to parry or counter-attack with: its first equipped Tales weapon that is
 * not broken (a Fragile weapon broken on a parry is no weapon until mended), or null.
 */
export function heldWeapon(actor: AnyActor): AnyItem | null {
  return (
    actor.items.find(
      (i) => i.type === "tales-weapon" && weaponSystem(i).equipped && !weaponSystem(i).broken,
    ) ?? null
  );
}

/** Deathdealer: "May always roll an extra die when dealing damage". */
export const hasDeathdealer = (actor: AnyActor | null): boolean =>
  isTalesLiving(actor) && advantages(actor).some((a) => a.key === "deathdealer");

/** The target's protection (worn armour, `system.derived.protection`); 0 for anything else. */
export const protectionOf = (actor: AnyActor | null): number =>
  isTalesLiving(actor) ? Math.max(0, livingSystem(actor).derived.protection) : 0;

/** The target's health and pools now. */
export function snapshotOf(actor: AnyActor): HealthSnapshot {
  const s = livingSystem(actor);
  return { level: s.health.level, stunned: s.health.stunned, hp: s.hp.value, essence: s.essence.value };
}

/** The pools' maxima (`system.derived`). */
export function maximaOf(actor: AnyActor): { hp: number; essence: number } {
  const d = livingSystem(actor).derived;
  return { hp: d.hitPoints, essence: d.essence };
}

/** What changes the absorption costs: Resilient (for one pool or both), Frail, Susceptible. */
export function absorptionTraitsOf(actor: AnyActor): {
  hitPoints: AbsorptionTraits;
  essence: AbsorptionTraits;
} {
  const resilient = advantages(actor).filter((a) => a.key === "resilient");
  const resilientFor = (pool: string) => resilient.some((a) => a.option === pool || a.option === "both");
  return {
    hitPoints: { resilient: resilientFor("hitPoints"), frail: hasDisadvantage(actor, "frail") },
    essence: { resilient: resilientFor("essence"), susceptible: hasDisadvantage(actor, "susceptible") },
  };
}

/** The update that writes a snapshot back. */
export const snapshotUpdate = (s: HealthSnapshot): Record<string, unknown> => ({
  "system.health.level": s.level,
  "system.health.stunned": s.stunned,
  "system.hp.value": s.hp,
  "system.essence.value": s.essence,
});
