/**
 * The Maelstrom attack card in Foundry: reading and saving it, the documents it names as the card's
 * logic reads them, and rolling plain d10s on the GM's client.
 */
import { cardOf as cardState, saveCard as saveCardState, type CardKind } from "../../../core/cards";
import { templatePath } from "../../../core/constants";
import { localize } from "../../../core/i18n";
import { showDice } from "../../../core/rolls/post";
import { livingSystem } from "../data/systems";
import { actorNow, maelstromActor } from "../rolls/card";
import { ATTACK_CARD, type AttackCard } from "./attack-card-logic";
import { attackCardContext } from "./attack-card-context";

export type AnyActor = Actor.Implementation;
export type AnyItem = Item.Implementation;
export type Message = ChatMessage.Implementation;

/** The GM request that carries a card button out. */
export const ATTACK_OP = "maelstrom.attackOp";

/** The card's template (preloaded by the descriptor's `templates`). */
export const ATTACK_TEMPLATE = "templates/maelstrom/chat/attack-card.hbs";

/** The card state of a `maelstrom-attack` message, or null. */
export const cardOf = (message: Message): AttackCard | null => cardState<AttackCard>(message, ATTACK_CARD);

/** Write a card's new state; Foundry redraws it from the data. */
export const saveCard = (message: Message, card: AttackCard): Promise<void> =>
  saveCardState(message, ATTACK_CARD, card);

/** The card as core draws it (core/cards.ts). */
export const ATTACK_CARD_KIND: CardKind<AttackCard> = {
  ...ATTACK_CARD,
  template: templatePath("maelstrom/chat/attack-card.hbs"),
  context: (_message, card) => ({
    ...attackCardContext(card, localize, actorNow(maelstromActor(card.attacker.actorUuid))),
  }),
};

export async function actorOf(uuid: string | null | undefined): Promise<AnyActor | null> {
  const doc = uuid ? await fromUuid(uuid) : null;
  return doc instanceof Actor ? (doc as AnyActor) : null;
}

/** Does the user own the actor (a GM owns every one)? */
export const owns = (actor: AnyActor | null, user: User.Implementation): boolean =>
  Boolean(actor && (user.isGM || actor.testUserPermission(user, "OWNER")));

/** An actor's Strength. */
export const strengthOf = (actor: AnyActor): number =>
  (livingSystem(actor).attributes as Partial<Record<string, number>>).strength ?? 0;

/** Every face of a roll's dice, in order (active results). */
export function facesOf(roll: {
  dice: readonly { results: readonly { result: number; active?: boolean }[] }[];
}): number[] {
  return roll.dice.flatMap((d) => d.results.filter((r) => r.active !== false).map((r) => r.result));
}

/** Roll `count` plain d10s (no explosions) on this client, shown with Dice So Nice; their faces. */
export async function rollD10(count: number): Promise<number[]> {
  if (count < 1) return [];
  const roll = new foundry.dice.Roll(`${count}d10`);
  await roll.evaluate();
  await showDice(roll);
  return facesOf(roll as never);
}
