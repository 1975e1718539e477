/**
 * What every button of the `virtually-real-check` card does first and last on the side that carries
 * it out (buttons.ts, card-extras.ts): the card, its roll and where it stands, checked against its
 * ledger entry; the roller, who must be the requester's; the marks a new standing result earns; the
 * card saved as the GM left it (recorded anew) and the dice shown.
 */
import { ownsActor } from "../../../core/actor-lookup";
import { refuseDone as refuseDoneAs } from "../../../core/card-ops";
import { saveCard } from "../../../core/cards";
import { applyChange } from "../../../core/changes";
import { checkChange } from "../../../core/changes-logic";
import { entryForActing, restampCard } from "../../../core/ledger";
import { refuse } from "../../../core/relay-logic";
import { showDice } from "../../../core/rolls/post";
import { VIRTUALLY_REAL_CHANGE_POLICY } from "../base/change-policy";
import { checkCardOf, rollOf, virtuallyRealActor } from "./card";
import {
  CHECK_CARD,
  checkState,
  type CheckState,
  type MulliganRoll,
  type VirtuallyRealCheckCard,
} from "./card-state-logic";
import { markChanges, newMarks } from "./changes-logic";
import { checkActor, checkSettings, helperMates, markTarget } from "./check-actor";
import { ROLLS_KEY, teamUsedSkills } from "./check-input-logic";
import { choiceFromStored } from "./check-trust-logic";
import type { CheckPlan } from "../rules";
import type { ReadCheck } from "./roll-logic";
import { VirtuallyRealRoll } from "./virtually-real-roll";

type Message = ChatMessage.Implementation;
type AnyActor = Actor.Implementation;
type AnyUser = User.Implementation;

export const KEY = `${ROLLS_KEY}.Relay`;

/** The card, its roll and where it stands, checked; refuses otherwise. `alone`: no GM holds it. */
export async function cardContext(message: Message, user: AnyUser, alone: boolean) {
  const card = checkCardOf(message);
  const read = rollOf(message)?.read ?? null;
  if (!card || !message.id) refuse(`${KEY}.NoCard`);
  if (!read) refuse(`${KEY}.Unreadable`);
  const state = checkState(read, card, stateOptions(read.options.opposed?.ties));
  if (!state) refuse(`${KEY}.Unreadable`);
  const entry = alone ? null : await entryForActing(message, user);
  return { card, read, state, entry, messageId: message.id };
}

export const stateOptions = (ties: "actor" | "opponent" = "actor") => ({ ties });

/**
 * A mulligan's re-roll onto the card (the roller's own or a forced one): the pool rolled by `plan`,
 * the card with the mulligan, and where it stands then; refuses a card that cannot be read.
 */
export async function rollMulligan(
  read: ReadCheck,
  card: VirtuallyRealCheckCard,
  plan: CheckPlan,
  mulligan: Omit<MulliganRoll, "faces" | "explosion">,
) {
  const { roll, faces } = await VirtuallyRealRoll.rollPool(plan);
  const next: VirtuallyRealCheckCard = { ...card, mulligan: { ...mulligan, faces, explosion: null } };
  const after = checkState(read, next, stateOptions(read.options.opposed?.ties));
  if (!after) refuse(`${KEY}.Unreadable`);
  return { roll, next, after };
}

export const refuseDone = (done: readonly string[] | undefined, keys: readonly string[]) =>
  refuseDoneAs(done, keys, `${KEY}.AlreadyDone`);

/** The roller, who must be `user`'s. */
export async function rollerFor(card: VirtuallyRealCheckCard, user: AnyUser): Promise<AnyActor> {
  const actor = await virtuallyRealActor(card.actorUuid);
  if (!actor) refuse(`${KEY}.Gone`, { name: card.actorName });
  if (!ownsActor(actor, user)) refuse(`${KEY}.NotYours`);
  return actor;
}

/**
 * Give the marks the card's new standing result earns and has not given (a brilliant's XP, Basic
 * Combat Training's failure), each change held to the change policy. Returns the card with them.
 */
export async function giveMarks(actor: AnyActor | null, state: CheckState, next: VirtuallyRealCheckCard) {
  const marks = newMarks({ ...state, card: next });
  if (!actor || !marks.length) return next;
  const o = state.read.options;
  const usedToo = teamUsedSkills(
    checkActor(actor),
    choiceFromStored(o.choice),
    await helperMates(o.choice.team?.helpers),
  );
  const changes = markChanges(
    marks,
    { ...markTarget(actor, o.subject.skillId), usedToo },
    checkSettings().attribute,
  );
  for (const change of changes) {
    if (checkChange(change, VIRTUALLY_REAL_CHANGE_POLICY)) continue;
    const doc = (await fromUuid(change.uuid)) as AnyActor | Item.Implementation | null;
    if (doc?.isOwner) await applyChange(doc, change);
  }
  return { ...next, marks: [...(next.marks ?? []), ...marks] };
}

/** Save the card as the GM left it (recorded anew), then show the dice rolled. */
export async function settle(
  message: Message,
  next: VirtuallyRealCheckCard,
  hasEntry: boolean,
  rolls: (Roll | null)[],
) {
  await saveCard(message, CHECK_CARD, next);
  if (hasEntry) await restampCard(message);
  for (const roll of rolls) if (roll) await showDice(roll);
}
