/**
 * What a click on a sheet rolls: an attribute test, a skill test or a weapon attack. Each gathers
 * the pool from the actor's data (data/pools.ts), rolls a VersesRoll and posts its card. The GM's
 * and the player's choices before the roll (AD, extra dice, target) come from `options`.
 */
import type { AttributeKey } from "../rules";
import { assemblePool, type PoolRequest } from "../data/pools";
import type { LivingDerived, LivingSource } from "../data/living";
import type { VersesRollOptions } from "./pool-view";
import { VersesRoll } from "./verses-roll";

/** The system data of a character or creature after preparation. */
export type LivingSystem = LivingSource & LivingDerived & { nativeTec: number };

/** What the roll needs besides the pool request. */
export interface RollChoice {
  /** Action dice to add (at least 1 for an action in Fast Action; 0 outside it). */
  ad?: number;
  /** The success target `#S`. */
  target?: number;
  /** Dice added or removed by the player or GM. */
  bonus?: number;
  flavor?: string;
}

type AnyActor = Actor.Implementation;
type AnyItem = Item.Implementation;

function livingSystem(actor: AnyActor): LivingSystem {
  return actor.system as unknown as LivingSystem;
}

/** Roll a pool for an actor and post its card. Refuses with a notification when the rules forbid the test. */
export async function rollPool(
  actor: AnyActor,
  request: PoolRequest,
  card: Omit<VersesRollOptions, "parts" | "target" | "ad" | "actorUuid" | "targets">,
  choice: RollChoice = {},
): Promise<VersesRoll | null> {
  const system = livingSystem(actor);
  const ad = Math.max(0, choice.ad ?? 0);
  const extra = [...(request.extra ?? [])];
  if (choice.bonus) extra.push({ label: "POLYVERSE.Verses.Pool.Bonus", dice: choice.bonus });
  const pool = assemblePool(system, system, { ...request, ad, extra });
  if (!pool.usable) {
    ui.notifications?.warn(pool.reason ?? game.i18n!.localize("POLYVERSE.Verses.Roll.Unusable"));
    return null;
  }
  const roll = VersesRoll.fromParts({
    ...card,
    target: Math.max(0, choice.target ?? 1),
    parts: pool.parts,
    ad,
    actorUuid: actor.uuid,
    targets: [...(game.user?.targets ?? [])].map((t) => t.document.uuid),
  });
  await roll.evaluate();
  await roll.toMessage(
    { speaker: ChatMessage.getSpeaker({ actor }), flavor: choice.flavor ?? "" },
    { rollMode: game.settings.get("core", "rollMode") },
  );
  return roll;
}

/** `ATTRIBUTE + #AD -> #S` (an action test such as catching a thrown wrench: PRW). */
export function rollAttribute(actor: AnyActor, attribute: AttributeKey, choice: RollChoice = {}) {
  return rollPool(
    actor,
    { attribute },
    { label: `POLYVERSE.Verses.Attribute.${attribute}.Name`, kind: "test" },
    choice,
  );
}

/** A skill test: the skill's dice down its default chain, `+ #AD -> #S`. */
export function rollSkill(actor: AnyActor, skill: AnyItem, choice: RollChoice = {}) {
  const s = skill.system as unknown as { skill: string; spec: string };
  const ref = s.spec ? `${s.skill || skill.name} » ${s.spec}` : s.skill || skill.name;
  return rollPool(actor, { skill: ref }, { label: skill.name, kind: "test", itemUuid: skill.uuid }, choice);
}

/** A weapon attack with one of its modes: the mode's skill, `+ #AD -> #S`, damage per SM on the card. */
export function rollWeapon(actor: AnyActor, weapon: AnyItem, modeIndex = 0, choice: RollChoice = {}) {
  const modes = (
    weapon.system as unknown as { modes: { name: string; skill: string; damage: string; hands: number }[] }
  ).modes;
  const mode = modes[modeIndex] ?? modes[0];
  if (!mode) return Promise.resolve(null);
  const label = mode.name ? `${weapon.name}: ${mode.name}` : weapon.name;
  return rollPool(
    actor,
    { skill: mode.skill, action: "attack", meleeAttack: /^\s*\d+S\s*$/.test(modeTestOf(weapon, modeIndex)) },
    { label, kind: "attack", perSM: mode.damage, itemUuid: weapon.uuid },
    { ad: 1, ...choice },
  );
}

function modeTestOf(weapon: AnyItem, modeIndex: number): string {
  const modes = (weapon.system as unknown as { modes: { test: string }[] }).modes;
  return (modes[modeIndex] ?? modes[0])?.test ?? "";
}
