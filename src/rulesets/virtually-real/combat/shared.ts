/**
 * What Virtually Real's combat glue shares: the document types it reads, the actors a card names
 * (only this ruleset's living sub-types), who may act for them, and an actor's state as a blow reads
 * and writes it (attack-logic.ts `VictimState`): hit points, the condition boxes, adrenaline and the
 * scene's worst wound, with its Damage Capacity and maximum hit points from `system.derived`.
 */
import { actorOfTypes, actorOfTypesSync, ownsActor } from "../../../core/actor-lookup";
import { LIVING_TYPES, isVirtuallyRealLiving, livingSystem } from "../data/systems";
import type { StoredCondition } from "../data/living-logic";
import type { TargetBody, VictimState } from "./attack-logic";

export type AnyActor = Actor.Implementation;
export type AnyItem = Item.Implementation;
export type AnyUser = User.Implementation;
export type AnyCombat = Combat.Implementation;
export type AnyCombatant = Combatant.Implementation;
export type Message = ChatMessage.Implementation;

export const VR = "virtually-real";

export const isLiving = (actor: unknown): actor is AnyActor =>
  Boolean(actor) && isVirtuallyRealLiving(actor as { type: string });

/** A Virtually Real character or NPC by UUID (null for anything else). */
export const livingSync = (uuid: string | null | undefined): AnyActor | null =>
  actorOfTypesSync(uuid, LIVING_TYPES);
export const livingByUuid = (uuid: string | null | undefined): Promise<AnyActor | null> =>
  actorOfTypes(uuid, LIVING_TYPES);

/** Whether `user` may act for `actor`: a GM, or one of its owners. */
export const owns = (actor: AnyActor | null | undefined, user: AnyUser): boolean => ownsActor(actor, user);

/** A player character (the combat's end offers combat XP to these). */
export const isCharacter = (actor: AnyActor | null | undefined): boolean =>
  actor?.type === "virtually-real-character";

const plainConditions = (actor: AnyActor): StoredCondition[] =>
  livingSystem(actor).conditions.map((c) => ({
    severity: c.severity,
    group: c.group,
    target: c.target,
    side: c.side,
    id: c.id,
    letter: c.letter,
    atNext: c.atNext,
  })) as StoredCondition[];

/** The actor's state as a blow reads it. */
export function victimOf(actor: AnyActor): VictimState {
  const s = livingSystem(actor);
  return {
    hp: s.hp.value,
    conditions: plainConditions(actor),
    adrenaline: { level: s.adrenaline.level, aggressive: s.adrenaline.aggressive, fear: s.adrenaline.fear },
    highestWound: s.scene.highestWound,
  };
}

/** The actor's conditions as stored (plain rows). */
export const conditionsOf = plainConditions;

/** What a wound is measured against: the actor's Damage Capacity and maximum hit points. */
export function bodyOf(actor: AnyActor): TargetBody {
  const hp = livingSystem(actor).derived.hp;
  return { dc: hp.dc, maxHp: hp.max };
}

/** The update writing a blow's state back. */
export const victimUpdate = (state: VictimState): Record<string, unknown> => ({
  "system.hp.value": state.hp,
  "system.conditions": state.conditions,
  "system.adrenaline.level": state.adrenaline.level,
  "system.adrenaline.fear": state.adrenaline.fear,
  "system.scene.highestWound": state.highestWound,
});

/** The actor's items of one sub-type. */
export const itemsOfType = (actor: AnyActor, type: string): AnyItem[] =>
  [...actor.items].filter((i) => i.type === type) as AnyItem[];

/** A skill item of the actor by id, or by name (case and spaces ignored). */
export function skillOf(actor: AnyActor, idOrName: string): AnyItem | null {
  const skills = itemsOfType(actor, "virtually-real-skill");
  const key = idOrName.trim().toLowerCase();
  return (
    skills.find((s) => s.id === idOrName) ?? skills.find((s) => s.name.trim().toLowerCase() === key) ?? null
  );
}
