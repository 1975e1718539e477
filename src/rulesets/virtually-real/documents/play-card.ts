/**
 * The `virtually-real-scene` card in Foundry: its ChatMessage sub-type and model (the state refused
 * when it breaks its shape, play-card-logic.ts), drawn from its data for each reader, posted by the
 * steps and actions of this folder, and its row buttons. A row's button is its character's owner's
 * (or a GM's), and only on a card a GM posted: a player's forged card offers nothing.
 */
import { PolyverseCardModel } from "../../../core/card-model";
import { cardOf, postCard, registerCard, type CardKind } from "../../../core/cards";
import { registerChatAction } from "../../../core/chat";
import { templatePath } from "../../../core/constants";
import { localize } from "../../../core/i18n";
import { lineText } from "../../../core/text-line";
import {
  PLAY_CARD,
  PLAY_CHAT_ACTIONS,
  playCardContext,
  playCardProblems,
  type PlayCardState,
  type PlayRowAction,
} from "./play-card-logic";
import { vrLivingByUuid, type AnyActor, type AnyUser, type Message } from "./shared";

/** What the Virtually Real play steps posted (the end of a scene or chapter, training, books, Bonus XP). */
export class VirtuallyRealSceneMessageData extends PolyverseCardModel {
  static override cardType = PLAY_CARD.type;
  static override cardProblems = playCardProblems;
}

/** The descriptor's `types.ChatMessage` for this card. */
export const VIRTUALLY_REAL_PLAY_MESSAGE_TYPES = {
  [PLAY_CARD.type]: { model: VirtuallyRealSceneMessageData },
};

export const PLAY_TEMPLATE = "templates/virtually-real/chat/scene.hbs";

export const readPlayCard = (message: Message): PlayCardState | null =>
  cardOf<PlayCardState>(message, PLAY_CARD);

const PLAY_CARD_KIND: CardKind<PlayCardState> = {
  ...PLAY_CARD,
  template: templatePath("virtually-real/chat/scene.hbs"),
  context: (_message, card) => playCardContext(card, localize),
};

/** Post a play card (speaking for `actor` when it is one character's; a GM's step speaks for none). */
export async function postPlayCard(
  card: PlayCardState,
  actor: AnyActor | null = null,
): Promise<Message | null> {
  return postCard({
    kind: PLAY_CARD,
    card,
    speaker: actor
      ? ChatMessage.getSpeaker({ actor })
      : { alias: localize("POLYVERSE.VirtuallyReal.Play.Card.Speaker") },
    text: lineText(localize, card.title),
  });
}

/** What a row's button does for its character. */
export type PlayRowHandler = (actor: AnyActor, message: Message, event: MouseEvent) => Promise<unknown>;

/** The row a button names, on a card a GM posted, when this user may act for its character. */
async function rowActor(message: Message, button: HTMLElement, action: PlayRowAction, user: AnyUser) {
  const card = readPlayCard(message);
  if (!card || !message.author?.isGM) return null;
  const row = card.rows[Number(button.dataset.row)];
  if (!row?.actions?.includes(action)) return null;
  const actor = await vrLivingByUuid(row.uuid);
  return actor && (user.isGM || actor.testUserPermission(user, "OWNER")) ? actor : null;
}

/** Register the card and its row buttons (at init, whatever ruleset is active). */
export function registerPlayCard(handlers: Readonly<Record<PlayRowAction, PlayRowHandler>>): void {
  registerCard(PLAY_CARD_KIND);
  for (const action of Object.keys(PLAY_CHAT_ACTIONS) as PlayRowAction[])
    registerChatAction(PLAY_CHAT_ACTIONS[action], {
      permission: "anyone",
      handler: async (message, button, event) => {
        const user = game.user;
        const actor = user ? await rowActor(message, button, action, user) : null;
        if (!actor) {
          ui.notifications?.warn(localize("POLYVERSE.VirtuallyReal.Play.Card.NotYours"));
          return null;
        }
        return handlers[action](actor, message, event);
      },
    });
}
