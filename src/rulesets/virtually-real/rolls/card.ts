/**
 * The `virtually-real-check` card as core draws it (core/cards.ts): from its state and the message's
 * roll, for each reader, with the buttons the check still offers; and the lookups the buttons, the
 * combat and scene glue and macros share: the roll, the card, where the check stands, its result
 * now (`checkResultOf`), an opposed check's outcome (`opposedResultOf`).
 */
import { actorOfTypes, actorOfTypesSync } from "../../../core/actor-lookup";
import { cardOf, type CardKind } from "../../../core/cards";
import { pendingNames } from "../../../core/changes-logic";
import { localize } from "../../../core/i18n";
import { virtuallyRealRulesOptions } from "../base/settings";
import { LIVING_TYPES, livingSystem } from "../data/systems";
import type { CheckResult, OpposedResult } from "../rules";
import { checkCardView, type CheckReader } from "./card-logic";
import { CHECK_CARD, checkState, type CheckState, type VirtuallyRealCheckCard } from "./card-state-logic";
import { CHECK_CARD_TEMPLATE, VirtuallyRealRoll } from "./virtually-real-roll";

type Message = ChatMessage.Implementation;
type AnyActor = Actor.Implementation;

/** The roll a card shows: its first roll, when it is a Virtually Real roll. */
export function rollOf(message: Message): VirtuallyRealRoll | null {
  const roll = (message.rolls as unknown[] | undefined)?.[0];
  return roll instanceof VirtuallyRealRoll ? roll : null;
}

/** The card's state, when the message is a Virtually Real check card. */
export const checkCardOf = (message: Message): VirtuallyRealCheckCard | null =>
  cardOf<VirtuallyRealCheckCard>(message, CHECK_CARD);

/** A Virtually Real character or NPC by UUID (synchronously, for drawing), or null. */
export const virtuallyRealActorSync = (uuid: string | null | undefined): AnyActor | null =>
  actorOfTypesSync(uuid, LIVING_TYPES);
/** A Virtually Real character or NPC by UUID, or null. */
export const virtuallyRealActor = (uuid: string | null | undefined): Promise<AnyActor | null> =>
  actorOfTypes(uuid, LIVING_TYPES);

/** The world's readings a card's standing result depends on (the time chart). */
const stateOptions = () => ({ time: virtuallyRealRulesOptions().time });

/** Where a card's check stands now (null: not a readable check card). */
export function checkStateOf(message: Message): CheckState | null {
  const read = rollOf(message)?.read ?? null;
  const card = checkCardOf(message);
  if (!read || !card) return null;
  return checkState(read, card, { ...stateOptions(), ties: read.options.opposed?.ties ?? "actor" });
}

/**
 * A check card's result as it stands now, read from its dice by the rules: after the explosion
 * rolled so far (`diceNeeded` 1 while more must be rolled), after a mulligan; an opposed check
 * against the other side's total once rolled. Null for anything but a readable check card.
 */
export function checkResultOf(message: Message): CheckResult | null {
  return checkStateOf(message)?.result ?? null;
}

/** An opposed check's outcome from the roller's side, once the other side rolled; else null. */
export function opposedResultOf(message: Message): OpposedResult | null {
  return checkStateOf(message)?.opposed ?? null;
}

/** Whether an actor may take a mulligan now (Aura [1] or more). */
export const mulliganAllowed = (actor: AnyActor | null): boolean =>
  actor
    ? (livingSystem(actor).derived?.mulligan ?? livingSystem(actor).attributes.aura.capacity >= 1)
    : false;

/**
 * What later buttons add to a reader (card-extras.ts; the Tension Pool's *Add tension die* from
 * documents/), each added at registration: no import cycle.
 */
type ReaderExtras = (message: Message, state: CheckState) => Partial<CheckReader>;
const readerExtras: ReaderExtras[] = [];
export const addReaderExtras = (extras: ReaderExtras): void => {
  readerExtras.push(extras);
};

export const CHECK_CARD_KIND: CardKind<VirtuallyRealCheckCard> = {
  ...CHECK_CARD,
  template: CHECK_CARD_TEMPLATE,
  context: (message, card, pending) => {
    const read = rollOf(message)?.read ?? null;
    const state = read
      ? checkState(read, card, { ...stateOptions(), ties: read.options.opposed?.ties ?? "actor" })
      : null;
    return checkCardView(state, {
      localize,
      flavor: message.flavor || undefined,
      mulliganAllowed: mulliganAllowed(virtuallyRealActorSync(card.actorUuid)),
      pendingGM: pendingNames(pending),
      ...(state ? Object.assign({}, ...readerExtras.map((extras) => extras(message, state))) : {}),
    });
  },
};
