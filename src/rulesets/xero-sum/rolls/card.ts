/**
 * The `xero-sum-check` card as core draws it (core/cards.ts): from its state and the message's roll,
 * for each reader, with the buttons the check still offers (check-state-logic.ts `checkOffers`), and
 * the lookups the buttons share: the roll, the card, the actors it names.
 */
import { actorOfTypes, actorOfTypesSync, ownsActor } from "../../../core/actor-lookup";
import { cardOf, type CardKind } from "../../../core/cards";
import { pendingNames } from "../../../core/changes-logic";
import { localize } from "../../../core/i18n";
import { LIVING_TYPES, livingSystem } from "../data/systems";
import { checkCardView } from "./card-logic";
import { checkState, checkSummary, type CheckState, type CheckSummary } from "./check-state-logic";
import { CHECK_CARD, type XeroSumCheckCard } from "./messages-logic";
import { CHECK_CARD_TEMPLATE, XeroSumRoll } from "./xero-sum-roll";

type Message = ChatMessage.Implementation;
type AnyActor = Actor.Implementation;

/** The roll a card shows: its first roll, when it is a Xero Sum roll. */
export function rollOf(message: Message): XeroSumRoll | null {
  const roll = (message.rolls as unknown[] | undefined)?.[0];
  return roll instanceof XeroSumRoll ? roll : null;
}

/** The card's state, when the message is a Xero Sum check card. */
export const checkCardOf = (message: Message): XeroSumCheckCard | null =>
  cardOf<XeroSumCheckCard>(message, CHECK_CARD);

/** A Xero Sum character or NPC by UUID (synchronously, for drawing), or null. */
export const xeroSumActorSync = (uuid: string | null | undefined): AnyActor | null =>
  actorOfTypesSync(uuid, LIVING_TYPES);
/** A Xero Sum character or NPC by UUID, or null. */
export const xeroSumActor = (uuid: string | null | undefined): Promise<AnyActor | null> =>
  actorOfTypes(uuid, LIVING_TYPES);

/** The Insight Dice an actor holds now (null: no such actor). */
export const insightHeld = (actor: AnyActor | null): number | null =>
  actor ? livingSystem(actor).insight.value : null;

/** Where a card's check stands now (null: not a readable check card). */
export function checkStateOf(message: Message): CheckState | null {
  const read = rollOf(message)?.read ?? null;
  const card = checkCardOf(message);
  return read && card ? checkState(read, card) : null;
}

/** What a check came to, as `rollCheck` returns it: now, after any Insight replacement. */
export interface CheckOutcome {
  total: number;
  band: CheckState["result"]["band"];
  moment: CheckState["result"]["moment"];
  dice: number[];
  /** An opposed check's winner from the roller's side ("a"), once both rolled; else null. */
  winner: CheckState["winner"];
}

/** A check's result as `rollCheck` returns it. */
export function outcomeOf(state: CheckState): CheckOutcome {
  const { total, band, moment } = state.result;
  return { total, band, moment, dice: [...state.dice], winner: state.winner };
}

/** A card's check result now, after any Insight replacement (null: not a readable check card). */
export function checkResultOf(message: Message): CheckOutcome | null {
  const state = checkStateOf(message);
  return state ? outcomeOf(state) : null;
}

/**
 * A check card as the documents glue reads a check it follows (a rescuer's, a Panic check): who rolled
 * and posted it, then check-state-logic.ts `checkSummary`. Null for a message that is not a readable
 * check card, or for an opposed or Group Check.
 */
export function checkSummaryOf(
  message: Message | null | undefined,
): (CheckSummary & { actorId: string | null; authorId: string | null }) | null {
  const state = message ? checkStateOf(message) : null;
  const summary = state ? checkSummary(state) : null;
  if (!message || !summary) return null;
  return { actorId: message.speaker?.actor ?? null, authorId: message.author?.id ?? null, ...summary };
}

export const CHECK_CARD_KIND: CardKind<XeroSumCheckCard> = {
  ...CHECK_CARD,
  template: CHECK_CARD_TEMPLATE,
  context: (message, card, pending) =>
    checkCardView(rollOf(message)?.read ?? null, {
      localize,
      flavor: message.flavor || undefined,
      card,
      held: insightHeld(xeroSumActorSync(card.actorUuid)),
      pendingGM: pendingNames(pending),
    }),
  // The Insight Dice held are the roller's owner's business (their buttons are hidden already).
  hide: (_message, html, user) => {
    const card = checkCardOf(_message);
    if (ownsActor(xeroSumActorSync(card?.actorUuid), user)) return;
    for (const el of html.querySelectorAll(".pv-xc-held")) el.remove();
  },
};
