/**
 * The check card as the card ledger sees it (core/ledger.ts): the documents it may change (the
 * roller, an opposed check's opponent, a Group Check's participants), what never changes but by the
 * GM (the roll, and the whole card: after the roll only the GM writes it, and records it anew), and
 * why a player's card may not be acted on: a roll that cannot be read, changes it carries that its
 * roll does not justify, options that disagree with the world and the documents
 * (check-trust-logic.ts), a roller its author does not own.
 */
import type { CardDescription } from "../../../core/ledger";
import { ownsActor } from "../../../core/actor-lookup";
import { checkCardOf, rollOf, xeroSumActor } from "./card";
import { checkActor, checkSettings } from "./check-actor";
import { pendingProblem, rollChanges } from "./check-state-logic";
import { optionsProblem } from "./check-trust-logic";
import type { ReadCheck } from "./roll-logic";
import type { XeroSumCheckCard } from "./messages-logic";

type Message = ChatMessage.Implementation;
type AnyActor = Actor.Implementation;

const KEY = "POLYVERSE.XeroSum.Roll.Relay";

/** Why the card disagrees with its documents, or null. */
async function documentsProblem(message: Message, read: ReadCheck, card: XeroSumCheckCard) {
  const o = read.options;
  const roller = await xeroSumActor(card.actorUuid);
  if (!roller) return `${KEY}.Unjustified`;
  if (o.opposed && !(await xeroSumActor(o.opposed.uuid))) return `${KEY}.Unjustified`;
  const members: AnyActor[] = [];
  for (const m of o.group?.members ?? []) {
    const actor = await xeroSumActor(m.uuid);
    if (!actor) return `${KEY}.Unjustified`;
    members.push(actor);
  }
  const author = message.author;
  const owned = o.group
    ? members.some((m) => author && ownsActor(m, author))
    : author && ownsActor(roller, author);
  if (!owned) return `${KEY}.NotYours`;
  return optionsProblem(o, checkSettings(), checkActor(roller), members.map(checkActor));
}

/** The card's ledger description (registered with `registerCardLedger`). */
export async function ledgerDescription(
  message: Message,
  pending: readonly unknown[],
): Promise<CardDescription | null> {
  const card = checkCardOf(message);
  if (!card) return null;
  const read = rollOf(message)?.read ?? null;
  const subjects = [
    card.actorUuid,
    ...(read?.options.opposed ? [read.options.opposed.uuid] : []),
    ...(read?.options.group?.members.map((m) => m.uuid) ?? []),
  ];
  const who = { uuid: card.actorUuid, name: card.actorName };
  const bad = !read
    ? `${KEY}.Unreadable`
    : (pendingProblem(pending, rollChanges(read.options, read.faces, who).changes) ??
      (await documentsProblem(message, read, card)));
  return { subjects: [...new Set(subjects)], stable: { roll: read, card }, ...(bad ? { bad } : {}) };
}
