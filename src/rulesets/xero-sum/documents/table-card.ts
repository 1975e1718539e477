/**
 * The `xero-sum-table` card in Foundry: drawn from its data (table-card-context.ts), described to the
 * ledger, and its GM side (its follow-up buttons: table-follow-up.ts).
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
import { cardOf, registerCard, type CardKind } from "../../../core/cards";
import { applyPendingChanges, pendingOf } from "../../../core/changes";
import { pendingNames } from "../../../core/changes-logic";
import { registerChatAction } from "../../../core/chat";
import { templatePath } from "../../../core/constants";
import { localize } from "../../../core/i18n";
import { entryForActing, ledgerEntry, markDone, registerCardLedger } from "../../../core/ledger";
import { gmQueue, hereOrAsGM, registerGMHandler, requestedCard, runAsGM } from "../../../core/relay";
import { onlyKeys, refuse, type Payload } from "../../../core/relay-logic";
import { activeResults } from "../../../core/rolls/roll-logic";
import { xeroSumSetting } from "../base/settings";
import { livingSystem } from "../data/systems";
import { checkCardTrust, linkedCheckOf } from "./check-link";
import { checkProblem, type LinkedCheckKind } from "./check-link-logic";
import { tableCardContext } from "./table-card-context";
import {
  HEALTH_ROOT,
  RELAYED_KINDS,
  TABLE_ACTIONS,
  TABLE_APPLY,
  TABLE_CARD,
  stableTableCard,
  tableCardProblem,
  type TableCard,
} from "./table-card-logic";
import { livingActor, type AnyUser, type Message } from "./shared";

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
 * strings), or null: the check card as the GM reads it (check-link-logic `checkProblem`: of `kind`,
 * rolled for `rollerUuid` (the rescuer's or calmer's by default), posted by the table card's author, on
 * a trait allowed, no replacement left, the dice and outcome the table card shows), then that card's
 * own ledger check (recorded, trusted, unchanged).
 */
export async function linkedCheckProblem(
  card: TableCard,
  author: AnyUser | null | undefined,
  kind: LinkedCheckKind = card.kind === "calm" ? "calm" : "stabilise",
  rollerUuid: string | undefined = card.by?.uuid,
): Promise<string | null> {
  if (!rollerUuid || !card.check || !author) return "NoCheck";
  const checkMessage = game.messages?.get(card.check.messageId) as Message | undefined;
  const problem = checkProblem(linkedCheckOf(checkMessage), {
    kind,
    actorUuid: rollerUuid,
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

/**
 * Register the card, its GM side and its ledger description (the follow-up buttons are
 * table-follow-up.ts's). Call once at init.
 */
export function registerTableCard(): void {
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
  registerCardLedger(TABLE_CARD, describeCard);
}
