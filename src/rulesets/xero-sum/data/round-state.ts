/**
 * A Xero Sum combatant's round in Foundry (round-state-logic.ts reads the stored flag): the actor's
 * combatant in the viewed combat, what takes actions from its round (Winded, a Panic), and its round
 * state for the combat's round. Both the check (the Cover Fire penalty waiting for its next check)
 * and the combat glue (actions, attacks, the tracker) read a round through here.
 */
import { flagPath, rulesetFlag } from "../../../core/flags";
import { panicEffect, type ActionLosses, type Panic, type RoundState } from "../rules";
import { DROP_FLAG, INITIATIVE_FLAG, ROUND_FLAG, readRoundState, stateForRound } from "./round-state-logic";
import { isXeroSumLiving, livingSystem } from "./systems";

type AnyActor = Actor.Implementation;
type AnyCombat = Combat.Implementation;
type AnyCombatant = Combatant.Implementation;

/** The ruleset's flag namespace. */
export const XS = "xero-sum";
export const ROUND_PATH = flagPath(XS, ROUND_FLAG);
export const INITIATIVE_PATH = flagPath(XS, INITIATIVE_FLAG);
export const DROP_PATH = flagPath(XS, DROP_FLAG);

const living = (actor: unknown): actor is AnyActor =>
  Boolean(actor) && isXeroSumLiving(actor as { type: string });

/** What takes actions from the actor's round: Winded; a Panic that takes them while it lasts (Frozen, Scream). */
export function lossesOf(actor: AnyActor | null | undefined): ActionLosses {
  if (!living(actor)) return {};
  const s = livingSystem(actor).state;
  const panic = s.panic.key as Panic | "";
  const lost = panic && s.panic.rounds > 0 ? (panicEffect(panic).actionsLost ?? 0) : 0;
  return { winded: s.winded, ...(lost ? { actionsLost: lost } : {}) };
}

/**
 * A combatant's round state for its combat's round (the stored one, carried or fresh:
 * round-state-logic.ts `stateForRound`); before the combat starts, only a Got-the-Drop round 0;
 * null outside a combat.
 */
export function roundStateOf(combatant: AnyCombatant | null | undefined): RoundState | null {
  const combat = combatant?.parent as AnyCombat | null | undefined;
  if (!combatant || !combat) return null;
  const raw = rulesetFlag(combatant, XS, ROUND_FLAG);
  const round = combat.round ?? 0;
  if (round < 1) {
    const stored = readRoundState(raw);
    return stored && stored.round === 0 ? stored : null;
  }
  return stateForRound(raw, round, lossesOf(combatant.actor as AnyActor | null));
}

/** The actor's combatant in the viewed combat, or null. */
export function combatantOf(actor: AnyActor | null | undefined): AnyCombatant | null {
  const combat = game.combat as AnyCombat | null | undefined;
  if (!actor || !combat) return null;
  return (combat.combatants.find(
    (c) => c.actor === actor || (!!actor.uuid && c.actor?.uuid === actor.uuid),
  ) ?? null) as AnyCombatant | null;
}
