/**
 * 'Verses special tests in Foundry (see `../special.ts`): the card's buttons (Apply, Maintain, Let go, Continue healing) and its redraw.
 */
import { registerPendingRedraw } from "../../../../core/changes";
import { registerChatAction, speakerActor } from "../../../../core/chat";
import { type DocumentChange, type SpecialCard } from "../special-logic";
import { askContinueHealing, askMaintain } from "./ask";
import { localize, renderCard, type AnyActor, type Message } from "./post";
import { endContinuous } from "./tests";
// ---- the card's buttons ----------------------------------------------------------------------

interface SpecialFlags {
  special?: SpecialCard;
  pending?: DocumentChange[];
  /** The GM added the skill a finished course of Animal Training taught (training.ts). */
  learned?: boolean;
}
const flagsOf = (message: Message): SpecialFlags =>
  ((message.flags as Record<string, unknown>).polyverse as SpecialFlags | undefined) ?? {};

const speakerDocument = (message: Message) => speakerActor(message) as unknown as AnyActor | null;

/**
 * The card buttons: Apply (GM, pending changes), Maintain and Let go (the speaker's owner, on a
 * continuous test's card), Continue healing (the healer's owner). Call once at init.
 */
export function registerSpecialChatActions(): void {
  registerPendingRedraw("special", async (message, left) => {
    const special = flagsOf(message).special;
    const learned = flagsOf(message).learned === true;
    return special ? { content: await renderCard(special, left, message.flavor || undefined, learned) } : {};
  });
  registerChatAction("verses.maintain", {
    permission: "speakerOwner",
    handler: async (message, _button, event) => {
      const actor = speakerDocument(message);
      const id = flagsOf(message).special?.continuousId;
      if (actor && id) await askMaintain(actor, id, { event });
    },
  });
  registerChatAction("verses.endContinuous", {
    permission: "speakerOwner",
    handler: async (message) => {
      const actor = speakerDocument(message);
      const id = flagsOf(message).special?.continuousId;
      if (actor && id && (await endContinuous(actor, id)))
        ui.notifications?.info(localize("POLYVERSE.Verses.Tests.Continuous.LetGo"));
    },
  });
  registerChatAction("verses.continueHealing", {
    permission: "speakerOwner",
    handler: async (message, _button, event) => {
      const actor = speakerDocument(message);
      const id = flagsOf(message).special?.continuousId;
      if (actor && id) await askContinueHealing(actor, id, { event });
    },
  });
}
