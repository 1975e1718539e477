/**
 * The `xero-sum-table` card in Foundry: drawn from its data (table-card-context.ts), described to the
 * ledger, its GM side and its follow-up buttons.
 *
 * A rescuer (or calmer) who does not own the patient leaves the patient's changes on the card
 * (`pending`: the mortal wound stabilised and the incapacitation that follows; an Unfocused Rage
 * ended) and asks the GM (`xero-sum.table.apply`). When the card is posted the GM's client describes
 * it to the ledger: the check card it follows is read again (a `xero-sum-check` card of the rescuer's,
 * posted by the same user, on a trait the kind allows, offering no Insight replacement, with the dice
 * and outcome the table card shows, and trusted by its own ledger entry), the patient's state, the d6
 * this card rolled, and the changes the outcome makes (`tableCardProblem`). Asked to apply, the GM
 * holds the card to that entry, checks the patient is still dying (or raging) and applies the changes
 * once each, under the Xero Sum change policy (core `applyPendingChanges`).
 */
import { cardOf, registerCard, saveCard, type CardKind } from "../../../core/cards";
import { applyPendingChanges, pendingOf } from "../../../core/changes";
import { pendingNames } from "../../../core/changes-logic";
import { registerChatAction, type ChatPermission } from "../../../core/chat";
import { templatePath } from "../../../core/constants";
import { localize } from "../../../core/i18n";
import { entryForActing, ledgerEntry, markDone, registerCardLedger } from "../../../core/ledger";
import { gmQueue, hereOrAsGM, registerGMHandler, requestedCard, runAsGM } from "../../../core/relay";
import { onlyKeys, refuse, type Payload } from "../../../core/relay-logic";
import { activeResults } from "../../../core/rolls/roll-logic";
import { xeroSumSetting } from "../base/settings";
import { livingSystem } from "../data/systems";
import { checkCardTrust, linkedCheckOf } from "./check-link";
import { checkProblem } from "./check-link-logic";
import { tableCardContext } from "./table-card-context";
import {
  HEALTH_ROOT,
  RELAYED_KINDS,
  TABLE_ACTIONS,
  TABLE_APPLY,
  TABLE_CARD,
  stableTableCard,
  tableCardProblem,
  withUsed,
  type TableButton,
  type TableCard,
} from "./table-card-logic";
import { livingActor, type AnyActor, type AnyUser, type Message } from "./shared";

export const TABLE_TEMPLATE = "templates/xero-sum/chat/table.hbs";

/** What a check card's ledger entry records once a table card leaning on it applied (+ that card's id). */
const CHECK_USED = "xero-sum.table.used:";

export const readTableCard = (message: Message): TableCard | null => cardOf<TableCard>(message, TABLE_CARD);

export const TABLE_CARD_KIND: CardKind<TableCard> = {
  ...TABLE_CARD,
  template: templatePath("xero-sum/chat/table.hbs"),
  context: (_message, card, pending) =>
    tableCardContext(card, localize, { pendingNames: pendingNames(pending), isGM: Boolean(game.user?.isGM) }),
};

/** The faces a message's rolls show, in order. */
const rolledFaces = (message: Message): number[] =>
  (message.rolls ?? []).flatMap((roll) => activeResults(roll.dice).map(Number));

/**
 * Why a player's table card may not lean on the check it names (a refusal key under the health
 * strings), or null: the check card as the GM reads it (check-link-logic `checkProblem`: the rescuer's,
 * posted by the table card's author, on a trait allowed, no replacement left, the dice and outcome the
 * table card shows), then that card's own ledger check (recorded, trusted, unchanged).
 */
async function linkedCheckProblem(card: TableCard, author: AnyUser | null | undefined) {
  if (!card.by || !card.check || !author) return "NoCheck";
  const checkMessage = game.messages?.get(card.check.messageId) as Message | undefined;
  const problem = checkProblem(linkedCheckOf(checkMessage), {
    kind: card.kind === "calm" ? "calm" : "stabilise",
    actorUuid: card.by.uuid,
    authorId: author.id ?? "",
    dice: card.check.dice,
    total: card.check.total,
    band: card.check.band,
    barterAttribute: xeroSumSetting("barterAttribute"),
  });
  return problem ?? (checkMessage ? checkCardTrust(checkMessage) : "NoCheck");
}

/** The ledger's check of a player's card against the documents, as it was posted. */
async function describeCard(message: Message) {
  const card = readTableCard(message);
  if (!card) return null;
  const subjects = [...(card.by ? [card.by.uuid] : []), ...(card.actor.uuid ? [card.actor.uuid] : [])];
  const stable = { card: stableTableCard(card), faces: rolledFaces(message) };
  if (!RELAYED_KINDS.includes(card.kind) && !pendingOf(message).length) return { subjects, stable };
  const author = message.author;
  const roller = await livingActor(card.by?.uuid);
  const patient = await livingActor(card.actor.uuid);
  const s = patient ? livingSystem(patient) : null;
  const bad = tableCardProblem(card, pendingOf(message), {
    checkProblem: await linkedCheckProblem(card, author),
    authorOwnsActor: Boolean(roller && author && roller.testUserPermission(author, "OWNER")),
    patient: s
      ? {
          mortallyWounded: s.state.mortallyWounded,
          stabilised: s.state.stabilised,
          dead: s.state.dead,
          phy: s.derived.attributes.phy,
          breakingPoint: s.state.breakingPoint,
        }
      : null,
    rolled: rolledFaces(message),
  });
  return { subjects, stable, ...(bad ? { bad: `${HEALTH_ROOT}.Refused.${bad}` } : {}) };
}

/**
 * The GM applies what a rescuer's or calmer's card left for it, for `requester` (the card's author, or
 * a GM): the card held to its ledger entry, the patient still dying and not stabilised (or still in
 * an Unfocused Rage), its check card serving no other table card; then core applies each change once,
 * under the change policy, and the check card's entry records the table card it served.
 */
export async function applyTableCard(message: Message, requester: AnyUser): Promise<void> {
  const card = readTableCard(message);
  if (!card || !message.id) refuse("POLYVERSE.Relay.NoMessage");
  if (!requester.isGM && message.author?.id !== requester.id) refuse("POLYVERSE.Relay.NotYourCard");
  const pending = pendingOf(message);
  const entry = await entryForActing(message, requester);
  if (!pending.some((c) => !c.id || !entry?.done.includes(c.id))) return;
  const patient = await livingActor(card.actor.uuid);
  if (!patient) refuse(`${HEALTH_ROOT}.Refused.Gone`, { name: card.actor.name });
  const s = livingSystem(patient).state;
  if (card.kind === "stabilise" && (s.dead || !s.mortallyWounded || s.stabilised))
    refuse(`${HEALTH_ROOT}.Refused.NotDying`, { name: patient.name ?? "" });
  if (card.kind === "calm" && s.breakingPoint !== "unfocusedRage")
    refuse(`${HEALTH_ROOT}.Refused.NotRaging`, { name: patient.name ?? "" });
  // One check, one table card: a player's check card (recorded in the ledger) serves no other card.
  const checkId = card.check?.messageId ?? "";
  const checkEntry = ledgerEntry(checkId);
  const mine = `${CHECK_USED}${message.id}`;
  if (checkEntry?.done.some((k) => k.startsWith(CHECK_USED) && k !== mine))
    refuse(`${HEALTH_ROOT}.Refused.CheckUsed`);
  await applyPendingChanges(message, requester);
  if (checkEntry) await markDone(checkId, [mine]);
}

/** Ask the GM to apply what a new card left for it (nothing to ask: false). */
export async function relayTableCard(message: Message | null): Promise<boolean> {
  if (!message?.id || !pendingOf(message).length) return false;
  return runAsGM(TABLE_APPLY, { messageId: message.id });
}

/** Mark a follow-up button pressed on the card (when this user may write the card). */
export async function markUsed(message: Message, button: TableButton): Promise<void> {
  const card = readTableCard(message);
  const user = game.user;
  if (!card || !user || !(user.isGM || message.isAuthor)) return;
  await saveCard(message, TABLE_CARD, withUsed(card, button));
}

/**
 * What a follow-up button does, given the card's actor and the click (the check dialog's skip key is
 * read from it): the actions, documents/index.ts.
 */
export type TableButtonHandlers = Record<
  TableButton,
  (message: Message, card: TableCard, actor: AnyActor, event: MouseEvent | null) => Promise<unknown>
>;

/** Who may press a follow-up: the owner of the card's actor (or, for a rebuttal, of the other side). */
const ownerOf =
  (which: "actor" | "by"): ChatPermission =>
  (message, user) => {
    const card = readTableCard(message);
    const uuid = which === "by" ? card?.by?.uuid : card?.actor.uuid;
    if (!uuid) return false;
    try {
      const actor = fromUuidSync(uuid) as AnyActor | null;
      return Boolean(actor?.testUserPermission(user, "OWNER"));
    } catch {
      return false;
    }
  };

/** Register the card, its GM side, its ledger description and its buttons. Call once at init. */
export function registerTableCard(handlers: TableButtonHandlers): void {
  registerCard(TABLE_CARD_KIND);
  registerGMHandler(TABLE_APPLY, async (payload: Payload, requester) => {
    onlyKeys(payload, ["messageId"]);
    const { message } = requestedCard(payload, readTableCard);
    await applyTableCard(message, requester);
  });
  registerChatAction(TABLE_ACTIONS.apply, {
    permission: "gm",
    handler: (message: Message) => {
      const user = game.user;
      if (!user?.isGM) return false;
      return hereOrAsGM(true, () => gmQueue(() => applyTableCard(message, user)), TABLE_APPLY, {
        messageId: message.id ?? "",
      });
    },
  });
  for (const button of Object.keys(handlers) as TableButton[]) {
    registerChatAction(TABLE_ACTIONS[button], {
      permission: ownerOf(button === "rebuttal" ? "by" : "actor"),
      handler: async (message: Message, _button: HTMLButtonElement, event: MouseEvent) => {
        const card = readTableCard(message);
        if (!card || !card.buttons.includes(button) || card.used.includes(button)) return null;
        const uuid = button === "rebuttal" ? card.by?.uuid : card.actor.uuid;
        const actor = await livingActor(uuid);
        if (!actor) return null;
        return handlers[button](message, card, actor, event ?? null);
      },
    });
  }
  registerCardLedger(TABLE_CARD, describeCard);
}
