/** What Tales's combat glue shares: the round flag on a combatant, the actor's initiative inputs. */
import { flagPath, rulesetFlag } from "../../../core/flags";
import { isTalesLiving } from "../base/living";
import { talesSetting } from "../base/settings";
import { armourSystem, disadvantageSystem, livingSystem, weaponSystem } from "../data/systems";
import {
  ROUND_FLAG,
  currentState,
  readRoundState,
  type InitiativeSource,
  type RoundState,
} from "./combat-logic";

export type AnyActor = Actor.Implementation;
export type AnyCombat = Combat.Implementation;
export type AnyCombatant = Combatant.Implementation;

export const TALES = "tales";
/** The path of a combatant's round state in an update. */
export const ROUND_PATH = flagPath(TALES, ROUND_FLAG);

/** The combat round a roll or a spend belongs to (1 before the combat starts). */
export const roundOf = (combat: AnyCombat | null | undefined): number => Math.max(1, combat?.round ?? 0);

/** A combatant's round state (any round), or null. */
export const storedState = (combatant: AnyCombatant): RoundState | null =>
  readRoundState(rulesetFlag(combatant, TALES, ROUND_FLAG));

/** A combatant's state for its combat's current round, or null. */
export const stateOf = (combatant: AnyCombatant): RoundState | null =>
  currentState(rulesetFlag(combatant, TALES, ROUND_FLAG), roundOf(combatant.parent as AnyCombat | null));

/** Whether the actor carries the disadvantage `key`. */
const hasDisadvantage = (actor: AnyActor, key: string): boolean =>
  actor.items.some((i) => i.type === "tales-disadvantage" && disadvantageSystem(i).key === key);

/** What a combatant's actor brings to initiative (a non-Tales actor, or none: all zero). */
export function initiativeSourceOf(actor: AnyActor | null | undefined): InitiativeSource & {
  oblivious: boolean;
  uncoordinated: boolean;
} {
  if (!isTalesLiving(actor))
    return {
      mental: 0,
      awareness: 0,
      modifier: 0,
      heavyItems: 0,
      wound: "healthy",
      oblivious: false,
      uncoordinated: false,
    };
  const s = livingSystem(actor);
  const heavyItems = actor.items.filter(
    (i) =>
      (i.type === "tales-weapon" && weaponSystem(i).equipped && weaponSystem(i).traits.heavy) ||
      (i.type === "tales-armour" && armourSystem(i).equipped && armourSystem(i).traits.heavy),
  ).length;
  return {
    mental: s.attributes.mental,
    awareness: s.skills.awareness,
    modifier: s.combat.initiativeModifier,
    heavyItems,
    wound: s.health.level,
    criticalWoundRule: talesSetting("criticalWoundRule"),
    oblivious: hasDisadvantage(actor, "oblivious"),
    uncoordinated: hasDisadvantage(actor, "uncoordinated"),
  };
}

/** Whether the actor is stunned now. */
export const isStunned = (actor: AnyActor | null | undefined): boolean =>
  isTalesLiving(actor) && livingSystem(actor).health.stunned;
