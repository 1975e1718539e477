/**
 * A card button's operation, for every ruleset whose card buttons change the card after the roll (an
 * explosion, a re-roll, an opposed side): carried out on this client by a GM, or, with no GM
 * connected, by the card's author who may update the actor it is for (nothing a GM recorded holds
 * that card then); otherwise asked of the active GM through the relay (`hereOrAsGM`), whose handler
 * checks the request against the documents and the card's ledger entry.
 */
import { hereOrAsGM } from "./relay";
import { refuse, type Payload } from "./relay-logic";

type Message = ChatMessage.Implementation;
type AnyUser = User.Implementation;

/**
 * Carry a card's operation out here (a GM; or the author alone with no GM, who may update `actor`),
 * else ask the GM with `type` and `payload` (the message's id added). `perform` gets the user and
 * whether they act alone. Returns whether it was done here or sent.
 */
export async function actOnCard(
  message: Message,
  actor: { canUserModify(user: AnyUser, action: "update"): boolean } | null,
  perform: (user: AnyUser, alone: boolean) => Promise<unknown>,
  type: string,
  payload: Payload,
): Promise<boolean> {
  const user = game.user;
  if (!user) return false;
  const alone =
    !user.isGM && !game.users?.activeGM && message.isAuthor && Boolean(actor?.canUserModify(user, "update"));
  return hereOrAsGM(user.isGM || alone, () => perform(user, alone), type, {
    messageId: message.id ?? "",
    ...payload,
  });
}

/** Refuse (with `key`) an operation a card's ledger entry records as done already. */
export function refuseDone(done: readonly string[] | undefined, keys: readonly string[], key: string): void {
  if (keys.some((k) => done?.includes(k))) refuse(key);
}
