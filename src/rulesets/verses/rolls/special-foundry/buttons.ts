/**
 * 'Verses special tests in Foundry (see `../special.ts`): the card (drawn from its data by core) and its buttons (Maintain, Let go, Continue healing).
 */
import { cardOf, registerCard } from "../../../../core/cards";
import { registerChatAction, speakerActor } from "../../../../core/chat";
import { SPECIAL_CARD } from "../../data/messages-logic";
import { type SpecialCard } from "../special";
import { askContinueHealing, askMaintain } from "./ask";
import { SPECIAL_CARD_KIND, localize, type AnyActor, type Message } from "./post";
import { endContinuous } from "./tests";
// ---- the card's buttons ----------------------------------------------------------------------

/** The continuous test or healing course a card's buttons act on. */
const continuousIdOf = (message: Message) => cardOf<SpecialCard>(message, SPECIAL_CARD)?.continuousId;

const speakerDocument = (message: Message) => speakerActor(message) as unknown as AnyActor | null;

/**
 * The card, and its buttons: Maintain and Let go (the speaker's owner, on a
 * continuous test's card), Continue healing (the healer's owner). Call once at init.
 */
export function registerSpecialChatActions(): void {
  registerCard(SPECIAL_CARD_KIND);
  registerChatAction("verses.maintain", {
    permission: "speakerOwner",
    handler: async (message, _button, event) => {
      const actor = speakerDocument(message);
      const id = continuousIdOf(message);
      if (actor && id) await askMaintain(actor, id, { event });
    },
  });
  registerChatAction("verses.endContinuous", {
    permission: "speakerOwner",
    handler: async (message) => {
      const actor = speakerDocument(message);
      const id = continuousIdOf(message);
      if (actor && id && (await endContinuous(actor, id)))
        ui.notifications?.info(localize("POLYVERSE.Verses.Tests.Continuous.LetGo"));
    },
  });
  registerChatAction("verses.continueHealing", {
    permission: "speakerOwner",
    handler: async (message, _button, event) => {
      const actor = speakerDocument(message);
      const id = continuousIdOf(message);
      if (actor && id) await askContinueHealing(actor, id, { event });
    },
  });
}
