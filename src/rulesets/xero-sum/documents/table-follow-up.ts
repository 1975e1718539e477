/**
 * The `xero-sum-table` card's follow-up buttons in Foundry (table-follow-up-logic.ts says what holds):
 * pressed by the owner of the character the follow-up is for, the follow-up rolled (its check dialog
 * may be cancelled: the button stays offered), then the button marked used by the GM
 * (`xero-sum.table.used`, this client for a GM; the card's author alone when no GM is connected). While
 * one press is under way on this client a second does nothing. The GM holds the request to the card's
 * ledger entry (a player's card, recorded and unchanged), to the follow-up card it names (its own
 * ledger entry, its check card) and marks the button once: on the card, and in both ledger entries
 * (the button used; the follow-up's card and button, so it settles no other).
 */
import { saveCard } from "../../../core/cards";
import { registerChatAction, type ChatPermission } from "../../../core/chat";
import { entryForActing, markDone } from "../../../core/ledger";
import { gmQueue, hereOrAsGM, registerGMHandler, requestedCard } from "../../../core/relay";
import { documentId, oneOf, onlyKeys, refuse, type Payload } from "../../../core/relay-logic";
import { livingSystem } from "../data/systems";
import { linkedCheckProblem, readTableCard } from "./table-card";
import {
  HEALTH_ROOT,
  TABLES_ROOT,
  TABLE_ACTIONS,
  TABLE_BUTTONS,
  TABLE_CARD,
  offers,
  withUsed,
  type TableButton,
  type TableCard,
} from "./table-card-logic";
import {
  FOLLOW_UP_CHECK,
  FOLLOW_UP_MARK,
  TABLE_USED,
  followUpActor,
  followUpMark,
  followUpProblem,
  settles,
  usedMark,
} from "./table-follow-up-logic";
import { livingActor, type AnyActor, type AnyUser, type Message } from "./shared";

/**
 * What a follow-up button does, given the card's actor (the other side for a Rebuttal) and the click
 * (the check dialog's skip key is read from it): the follow-up's message, or null when cancelled or
 * refused. The actions, documents/index.ts.
 */
export type TableButtonHandlers = Record<
  TableButton,
  (message: Message, card: TableCard, actor: AnyActor, event: MouseEvent | null) => Promise<Message | null>
>;

/** Presses under way on this client (`<card>:<button>`): a second press waits for none. */
const pressing = new Set<string>();

function refused(key: string, data: Record<string, string> = {}): never {
  refuse(`${TABLES_ROOT}.Refused.${key}`, data);
}

/** When a message was posted (ms), if it says. */
const postedAt = (message: Message): number | null =>
  typeof message.timestamp === "number" ? message.timestamp : null;

/** The follow-up's check card's problem as an i18n key (none for Self-Harm's choice), or null. */
async function followUpCheckProblem(
  button: TableButton,
  followUp: TableCard,
  author: AnyUser | null | undefined,
): Promise<string | null> {
  const kind = FOLLOW_UP_CHECK[button];
  if (!kind) return null;
  const problem = await linkedCheckProblem(followUp, author, kind, followUp.actor.uuid);
  return problem ? `${HEALTH_ROOT}.Refused.${problem}` : null;
}

/**
 * The GM marks `button` used on the card `message` for `requester`, who posted the follow-up
 * `followUpId`: the requester owns the character the button is for, the card holds to its ledger entry
 * and offers the button still, the follow-up holds (table-follow-up-logic `followUpProblem`) and
 * settled no other button; then the card and both ledger entries record it.
 */
export async function markFollowUp(
  message: Message,
  button: TableButton,
  followUpId: string,
  requester: AnyUser,
): Promise<void> {
  const card = readTableCard(message);
  if (!card || !message.id) refuse("POLYVERSE.Relay.NoMessage");
  const actor = await livingActor(followUpActor(card, button));
  if (!actor) refused("Gone");
  if (!actor.testUserPermission(requester, "OWNER")) refused("NotYours", { name: actor.name ?? "" });
  const entry = await entryForActing(message, requester);
  if (!card.buttons.includes(button)) refused("NotOffered");
  if (!offers(card, button) || entry?.done.includes(usedMark(button))) refused("AlreadyUsed");
  const followUp = game.messages?.get(followUpId) as Message | undefined;
  const next = followUp ? readTableCard(followUp) : null;
  if (!followUp || !next) refused("NoFollowUp");
  const nextEntry = await entryForActing(followUp, requester);
  if (nextEntry?.done.some((k) => k.startsWith(FOLLOW_UP_MARK))) refused("FollowUpUsed");
  const problem = followUpProblem(card, button, next, {
    requesterId: requester.id ?? "",
    authorId: followUp.author?.id ?? null,
    cardTime: postedAt(message),
    followUpTime: postedAt(followUp),
    checkProblem: await followUpCheckProblem(button, next, followUp.author),
    reactionOver: livingSystem(actor).state.breakingPoint !== "selfHarm",
  });
  if (problem) refuse(problem);
  const buttons = settles(button);
  // Recorded before the card is written: a later request never marks it twice.
  if (entry) await markDone(message.id, buttons.map(usedMark));
  if (nextEntry && followUp.id) await markDone(followUp.id, [followUpMark(message.id, button)]);
  await saveCard(message, TABLE_CARD, withUsed(card, ...buttons));
}

/** The card's author marks the button alone (no GM connected): only a button still offered. */
async function markAlone(message: Message, button: TableButton): Promise<void> {
  const card = readTableCard(message);
  if (!card || !offers(card, button)) return;
  await saveCard(message, TABLE_CARD, withUsed(card, ...settles(button)));
}

/**
 * Once `followUp` is posted for `button`, have the button marked used (here for a GM, or alone for the
 * card's author with no GM connected; else by the GM). False when refused or no GM answers.
 */
export async function requestUsed(
  message: Message,
  button: TableButton,
  followUp: Message,
): Promise<boolean> {
  const user = game.user;
  if (!user || !message.id || !followUp.id) return false;
  const alone = !user.isGM && !game.users?.activeGM && message.canUserModify(user, "update");
  const followUpId = followUp.id;
  return hereOrAsGM(
    user.isGM || alone,
    () =>
      alone ? markAlone(message, button) : gmQueue(() => markFollowUp(message, button, followUpId, user)),
    TABLE_USED,
    { messageId: message.id, button, followUpId },
  );
}

/** Who may press a follow-up: the owner of the character it is for. */
const ownerOf =
  (button: TableButton): ChatPermission =>
  (message, user) => {
    const card = readTableCard(message);
    const uuid = card ? followUpActor(card, button) : "";
    if (!uuid) return false;
    try {
      const actor = fromUuidSync(uuid) as AnyActor | null;
      return Boolean(actor?.testUserPermission(user, "OWNER"));
    } catch {
      return false;
    }
  };

/** Press `button`: roll its follow-up (once at a time on this client), then have it marked used. */
async function press(
  handlers: TableButtonHandlers,
  button: TableButton,
  message: Message,
  event: MouseEvent | null,
): Promise<Message | null> {
  const card = readTableCard(message);
  if (!card || !offers(card, button)) return null;
  const lock = `${message.id}:${settles(button)[0]}`;
  if (pressing.has(lock)) return null;
  pressing.add(lock);
  try {
    const actor = await livingActor(followUpActor(card, button));
    if (!actor) return null;
    const followUp = await handlers[button](message, card, actor, event);
    if (followUp) await requestUsed(message, button, followUp);
    return followUp;
  } finally {
    pressing.delete(lock);
  }
}

/** Register the follow-up buttons and the GM's side of marking them used. Call once at init. */
export function registerTableFollowUps(handlers: TableButtonHandlers): void {
  registerGMHandler(TABLE_USED, async (payload: Payload, requester) => {
    onlyKeys(payload, ["messageId", "button", "followUpId"]);
    const { message } = requestedCard(payload, readTableCard);
    const button = oneOf(payload.button, TABLE_BUTTONS);
    await markFollowUp(message, button, documentId(payload.followUpId), requester);
  });
  for (const button of TABLE_BUTTONS)
    registerChatAction(TABLE_ACTIONS[button], {
      permission: ownerOf(button),
      handler: (message: Message, _button: HTMLButtonElement, event: MouseEvent) =>
        press(handlers, button, message, event ?? null),
    });
}
