/**
 * A successful Cover Fire's −2 on its target's next check (SRD Table 9: "Successful Attacks give -2
 * CMod to the target's next action, skill, or attribute check"), used up once a check takes it. The
 * check's dialog shows it as a CMod line the roller cannot change (it waits on the roller's combatant
 * in the viewed combat: check-actor.ts; cancelling the dialog keeps it waiting), the card keeps it as a
 * part of the modifier the GM holds to the documents (check-trust-logic.ts), and once the card is
 * posted the GM uses it up on the combatant (`useCheckPenalty`, this user's client for a GM; a
 * player's through the relay): only for the card's author, only the card's own penalty, once per card
 * (the ledger's done mark), never past 0, held to base/change-policy.ts's `XERO_SUM_ROUND_POLICY`. An
 * opposed check's other side, rolled by the GM, has its own used up there (buttons.ts). With no GM
 * connected, the author who may change the combatant uses it up on their own client.
 */
import { checkChange, updateData } from "../../../core/changes-logic";
import { entryForActing, markDone } from "../../../core/ledger";
import { hereOrAsGM, registerGMHandler, requestedCard } from "../../../core/relay";
import { onlyKeys, refuse, type Payload } from "../../../core/relay-logic";
import { XERO_SUM_ROUND_POLICY } from "../base/change-policy";
import { combatantOf, roundStateOf } from "../data/round-state";
import { checkCardOf, rollOf, xeroSumActor, xeroSumActorSync } from "./card";
import { PENALTY_DONE, checkPenalty, penaltyUse } from "./check-penalty-logic";

type AnyActor = Actor.Implementation;
type AnyUser = User.Implementation;
type Message = ChatMessage.Implementation;

/** The GM request that uses up a check card's Cover Fire penalty (`{ messageId }`). */
export const CHECK_PENALTY_OP = "xero-sum.check.coverFire";
const KEY = "POLYVERSE.XeroSum.Attack.CoverFire";

/**
 * Use up `taken` (the CMod a check took, negative) on the actor's combatant in the viewed combat (the
 * GM, or a user who may change it). Refuses when nothing waits there.
 */
export async function usePenalty(actor: AnyActor, taken: number): Promise<void> {
  const combatant = combatantOf(actor);
  const state = roundStateOf(combatant);
  if (!combatant || !state || state.nextCheck >= 0) refuse(`${KEY}.NothingWaiting`);
  const change = penaltyUse({ uuid: combatant.uuid, name: combatant.name ?? "" }, taken);
  if (!change) refuse(`${KEY}.NoPenalty`);
  const refusal = checkChange(change, XERO_SUM_ROUND_POLICY);
  if (refusal) refuse(refusal.key, refusal.data);
  await combatant.update(updateData(change, (path) => foundry.utils.getProperty(combatant, path)) as never);
}

/** Use up a check card's penalty for `user` (this GM, the player whose request the GM received, or alone). */
async function performUsePenalty(message: Message, user: AnyUser, alone = false): Promise<void> {
  const card = checkCardOf(message);
  const read = rollOf(message)?.read;
  if (!card || !read || !message.id) refuse("POLYVERSE.XeroSum.Roll.Relay.NoCard");
  if (!user.isGM && message.author?.id !== user.id) refuse("POLYVERSE.Relay.NotYourCard");
  const taken = checkPenalty(read.options);
  if (!taken) refuse(`${KEY}.NoPenalty`);
  const entry = alone ? null : await entryForActing(message, user);
  if (entry?.done.includes(PENALTY_DONE)) refuse(`${KEY}.AlreadyUsed`);
  const actor = await xeroSumActor(card.actorUuid);
  if (!actor) refuse("POLYVERSE.XeroSum.Roll.Relay.Gone", { name: card.actorName });
  const state = roundStateOf(combatantOf(actor));
  if (!state || state.nextCheck >= 0) refuse(`${KEY}.NothingWaiting`);
  // Recorded before the change: a later request never uses it up twice.
  if (entry) await markDone(message.id, [PENALTY_DONE]);
  await usePenalty(actor, taken);
}

/**
 * Once a check's card is posted: when the check took a Cover Fire penalty, have it used up (here for
 * a GM, or alone with no GM connected; else by the GM). False when there is none or it was refused.
 */
export async function useCheckPenalty(message: Message | null): Promise<boolean> {
  const user = game.user;
  const read = message ? rollOf(message)?.read : null;
  const card = message ? checkCardOf(message) : null;
  if (!user || !message?.id || !read || !card || !checkPenalty(read.options)) return false;
  const combatant = combatantOf(xeroSumActorSync(card.actorUuid));
  const alone = !user.isGM && !game.users?.activeGM && Boolean(combatant?.canUserModify(user, "update"));
  return hereOrAsGM(user.isGM || alone, () => performUsePenalty(message, user, alone), CHECK_PENALTY_OP, {
    messageId: message.id,
  });
}

/** The GM's side of `useCheckPenalty`. Call once at init (the check card's registration). */
export function registerCheckPenalty(): void {
  registerGMHandler(CHECK_PENALTY_OP, async (payload: Payload, requester) => {
    onlyKeys(payload, ["messageId"]);
    const { message } = requestedCard(payload, checkCardOf);
    await performUsePenalty(message, requester);
  });
}
