/** What Tales's combat glue shares: the round flag on a combatant, the actor's initiative inputs. */
import { flagPath, rulesetFlag } from "../../../core/flags";
import { isTalesLiving } from "../base/living";
import { livingSystem } from "../data/systems";
import { ROUND_FLAG, currentState, readRoundState, type RoundState } from "./combat-logic";

export type AnyActor = Actor.Implementation;
export type AnyCombat = Combat.Implementation;
export type AnyCombatant = Combatant.Implementation;

export const TALES = "tales";
/** The path of a combatant's round state in an update. */
export const ROUND_PATH = flagPath(TALES, ROUND_FLAG);

/** The flag key (under `flags.polyverse.tales`) counting the attacks on a Sustained Defence this round. */
export const SUSTAINED_FLAG = "sustainedAttacks";
export const SUSTAINED_PATH = flagPath(TALES, SUSTAINED_FLAG);

/** The combat round a roll or a spend belongs to (1 before the combat starts). */
export const roundOf = (combat: AnyCombat | null | undefined): number => Math.max(1, combat?.round ?? 0);

/** A combatant's round state (any round), or null. */
export const storedState = (combatant: AnyCombatant): RoundState | null =>
  readRoundState(rulesetFlag(combatant, TALES, ROUND_FLAG));

/** A combatant's state for its combat's current round, or null. */
export const stateOf = (combatant: AnyCombatant): RoundState | null =>
  currentState(rulesetFlag(combatant, TALES, ROUND_FLAG), roundOf(combatant.parent as AnyCombat | null));

/** What a combatant's actor brings to initiative. */
export interface InitiativeSource {
  /** Mental + Awareness at the wound level, less Heavy items (`system.derived.initiative`), plus the modifier. */
  score: number;
  mental: number;
  /** Oblivious: "Always loses initiative". */
  oblivious: boolean;
  /** Uncoordinated: one action die. */
  uncoordinated: boolean;
}

/** What a combatant's actor brings to initiative (a non-Tales actor, or none: all zero). */
export function initiativeSourceOf(actor: AnyActor | null | undefined): InitiativeSource {
  if (!isTalesLiving(actor)) return { score: 0, mental: 0, oblivious: false, uncoordinated: false };
  const s = livingSystem(actor);
  return {
    score: s.derived.initiative + s.combat.initiativeModifier,
    mental: s.attributes.mental,
    oblivious: s.derived.alwaysLosesInitiative,
    uncoordinated: s.derived.actions < 2,
  };
}

/** Whether the actor is stunned now. */
export const isStunned = (actor: AnyActor | null | undefined): boolean =>
  isTalesLiving(actor) && livingSystem(actor).health.stunned;
