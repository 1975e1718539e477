/**
 * The `maelstrom-roll` card as core draws it (core/cards.ts): from its state and the message's roll,
 * for each reader, with the buttons the roll still offers (card-logic.ts `cardOffers`).
 */
import { cardOf, type CardKind } from "../../../core/cards";
import { pendingNames } from "../../../core/changes-logic";
import { localize } from "../../../core/i18n";
import { livingSystem } from "../data/systems";
import { rollCardView, type CardActorNow } from "./card-logic";
import { MaelstromRoll, ROLL_CARD_TEMPLATE } from "./maelstrom-roll";
import { ROLL_CARD, type MaelstromCard } from "./messages-logic";

type Message = ChatMessage.Implementation;
type AnyActor = Actor.Implementation;

export const MAELSTROM_ACTOR_TYPES = ["maelstrom-character", "maelstrom-npc"];

/** The roll a card shows: its first roll, when it is a Maelstrom roll. */
export function rollOf(message: Message): MaelstromRoll | null {
  const roll = (message.rolls as unknown[] | undefined)?.[0];
  return roll instanceof MaelstromRoll ? roll : null;
}

/** The card's state, when the message is a Maelstrom roll card. */
export const rollCardOf = (message: Message): MaelstromCard | null =>
  cardOf<MaelstromCard>(message, ROLL_CARD);

/** A Maelstrom actor by UUID (synchronously, for drawing), or null. */
export function maelstromActor(uuid: string): AnyActor | null {
  let doc: unknown;
  try {
    doc = fromUuidSync(uuid);
  } catch {
    return null;
  }
  return doc instanceof Actor && MAELSTROM_ACTOR_TYPES.includes(doc.type as string)
    ? (doc as AnyActor)
    : null;
}

/** The actor's experience and Willpower now, for the buttons. */
export function actorNow(actor: AnyActor | null): CardActorNow | null {
  if (!actor) return null;
  const system = livingSystem(actor);
  return { xpAvailable: system.xp.available, willpower: system.willpower.value };
}

export const ROLL_CARD_KIND: CardKind<MaelstromCard> = {
  ...ROLL_CARD,
  template: ROLL_CARD_TEMPLATE,
  context: (message, card, pending) =>
    rollCardView(rollOf(message)?.read ?? null, {
      localize,
      flavor: message.flavor || undefined,
      card,
      actor: actorNow(maelstromActor(card.actorUuid)),
      pendingGM: pendingNames(pending),
    }),
};
