/**
 * The `tales-test` card as core draws it (core/cards.ts): from its state and the message's roll, for
 * each reader, with the buttons the test still offers (test-state-logic.ts `testOffers`), and the
 * lookups the buttons share: the roll, the card, the actors it names and what they have now.
 */
import { cardOf, type CardKind } from "../../../core/cards";
import { pendingNames } from "../../../core/changes-logic";
import { localize } from "../../../core/i18n";
import { livingSystem } from "../data/systems";
import { testCardView } from "./card-logic";
import { TEST_CARD, type TalesTestCard } from "./messages-logic";
import { TalesRoll, TEST_CARD_TEMPLATE } from "./tales-roll";
import type { TestActorNow } from "./test-state-logic";

type Message = ChatMessage.Implementation;
type AnyActor = Actor.Implementation;

export const TALES_ACTOR_TYPES = ["tales-character", "tales-npc"];

/** The roll a card shows: its first roll, when it is a Tales roll. */
export function rollOf(message: Message): TalesRoll | null {
  const roll = (message.rolls as unknown[] | undefined)?.[0];
  return roll instanceof TalesRoll ? roll : null;
}

/** The card's state, when the message is a Tales test card. */
export const testCardOf = (message: Message): TalesTestCard | null =>
  cardOf<TalesTestCard>(message, TEST_CARD);

const isTalesActor = (doc: unknown): doc is AnyActor =>
  doc instanceof Actor && TALES_ACTOR_TYPES.includes(doc.type as string);

/** A Tales actor by UUID (synchronously, for drawing), or null. */
export function talesActorSync(uuid: string | null | undefined): AnyActor | null {
  if (!uuid) return null;
  try {
    const doc = fromUuidSync(uuid);
    return isTalesActor(doc) ? doc : null;
  } catch {
    return null;
  }
}

/** A Tales actor by UUID, or null. */
export async function talesActor(uuid: string | null | undefined): Promise<AnyActor | null> {
  if (!uuid) return null;
  const doc = await fromUuid(uuid);
  return isTalesActor(doc) ? doc : null;
}

/** Whether the actor holds an advantage (an item of the key). */
export const holdsAdvantage = (actor: AnyActor, key: string): boolean =>
  actor.items.some((i) => i.type === "tales-advantage" && (i.system as { key?: unknown }).key === key);

/** The actor's Essence and Lucky now, for the buttons. */
export function actorNow(actor: AnyActor | null): TestActorNow | null {
  if (!actor) return null;
  const system = livingSystem(actor);
  return {
    essence: system.essence.value,
    luckyAvailable: holdsAdvantage(actor, "lucky") && !system.uses.lucky,
  };
}

export const TEST_CARD_KIND: CardKind<TalesTestCard> = {
  ...TEST_CARD,
  template: TEST_CARD_TEMPLATE,
  context: (message, card, pending) => {
    const read = rollOf(message)?.read ?? null;
    const opponent = read?.options.type === "test" ? read.options.opponent : null;
    return testCardView(read, {
      localize,
      flavor: message.flavor || undefined,
      card,
      actor: actorNow(talesActorSync(card.actorUuid)),
      opponent: actorNow(talesActorSync(opponent?.uuid)),
      pendingGM: pendingNames(pending),
    });
  },
};
