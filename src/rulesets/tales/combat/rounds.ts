/**
 * A new Tales round, on the active GM's client (`updateCombat` with a new round): the Recovery phase
 * of the round before (the stun cleared, a sustained defence and an entanglement lifted), then
 * initiative rolled again (the `initiativeEachRound` setting) or the last roll carried over with its
 * action dice handed out afresh (the unstable's upkeep card is documents/upkeep-card.ts's). Spending
 * action dice: the tracker's button or the `spendActionDice` action, by the combatant's owners or the GM.
 */
import { isActiveGM } from "../../../core/relay";
import { localize } from "../../../core/i18n";
import { isTalesLiving } from "../base/living";
import { talesSetting } from "../base/settings";
import { livingSystem } from "../data/systems";
import { RECOVERY_STATUSES, newRoundPlan, refundDice, spendDice, storedRoundState } from "./combat-logic";
import { assignActionDice } from "./initiative";
import {
  ROUND_PATH,
  SUSTAINED_PATH,
  stateOf,
  storedState,
  type AnyActor,
  type AnyCombat,
  type AnyCombatant,
} from "./shared";

const ROOT = "POLYVERSE.Tales.Combat";

/** The distinct Tales actors fighting in a combat. */
function actorsOf(combat: AnyCombat): AnyActor[] {
  const seen = new Set<string>();
  const out: AnyActor[] = [];
  for (const c of combat.combatants) {
    const actor = c.actor as AnyActor | null;
    if (!isTalesLiving(actor) || seen.has(actor.uuid)) continue;
    seen.add(actor.uuid);
    out.push(actor);
  }
  return out;
}

/** The Recovery phase: stuns cleared, sustained defences and entanglements lifted. */
export async function recover(combat: AnyCombat): Promise<void> {
  for (const actor of actorsOf(combat)) {
    if (livingSystem(actor).health.stunned) await actor.update({ "system.health.stunned": false } as never);
    for (const id of RECOVERY_STATUSES)
      if (actor.statuses.has(id)) await actor.toggleStatusEffect(id, { active: false });
  }
}

/** Start the new round's initiative: cleared to be rolled again, or carried over and dealt afresh. */
export async function startNewRound(combat: AnyCombat): Promise<void> {
  const round = combat.round ?? 0;
  const initiativeEachRound = talesSetting("initiativeEachRound");
  const updates = combat.combatants.contents.map((c) => {
    const plan = newRoundPlan(storedState(c), round, { initiativeEachRound });
    return plan.reroll
      ? { _id: c.id!, initiative: null, [ROUND_PATH]: null, [SUSTAINED_PATH]: 0 }
      : {
          _id: c.id!,
          [ROUND_PATH]: plan.carried ? storedRoundState(plan.carried) : null,
          [SUSTAINED_PATH]: 0,
        };
  });
  if (updates.length) await combat.updateEmbeddedDocuments("Combatant", updates as never);
  await assignActionDice(combat);
}

/** `updateCombat`: a new round (the active GM only). */
export async function onNewRound(combat: AnyCombat, changed: object): Promise<void> {
  if (!isActiveGM() || !("round" in changed) || (combat.round ?? 0) < 2) return;
  await recover(combat);
  await startNewRound(combat);
}

/** A combatant is its actor's owners' (and the GM's) to change, as Foundry grants it. */
const mayModify = (combatant: AnyCombatant): boolean => combatant.isOwner;

/** The actor's combatant in the viewed combat, or null. */
function combatantOf(subject: AnyActor | AnyCombatant): AnyCombatant | null {
  if (subject.documentName === "Combatant") return subject as AnyCombatant;
  const combat = game.combat as AnyCombat | null | undefined;
  const actor = subject as AnyActor;
  return (
    combat?.combatants.find((c) => c.actor === actor || (!!actor.uuid && c.actor?.uuid === actor.uuid)) ??
    null
  );
}

/**
 * Spend `cost` action dice of an actor's (or a combatant's) current round; a negative `cost` gives
 * spent dice back (a misclick). Refused with a notification when the presser may not change the
 * combatant, or when too few are left. Returns whether it was spent.
 */
export async function spendActionDice(subject: AnyActor | AnyCombatant, cost = 1): Promise<boolean> {
  const combatant = combatantOf(subject);
  const warn = (key: string) => {
    ui.notifications?.warn(localize(`${ROOT}.ActionDice.${key}`));
    return false;
  };
  if (!combatant) return warn("NoCombatant");
  if (!mayModify(combatant)) return warn("NotYours");
  if (!Number.isInteger(cost) || Math.abs(cost) > 3) return warn("NotEnough");
  const state = stateOf(combatant);
  if (cost < 0) {
    if (!state || !state.spent) return false;
    await combatant.update({ [ROUND_PATH]: storedRoundState(refundDice(state, -cost)) } as never);
    return true;
  }
  const spent = spendDice(state, cost);
  if (!spent.ok) return warn(spent.reason === "noActionDice" ? "NoneYet" : "NotEnough");
  await combatant.update({ [ROUND_PATH]: storedRoundState(spent.state) } as never);
  return true;
}
