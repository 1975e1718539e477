/**
 * The `maelstrom-roll` card's buttons (core chat actions: they work after a reload), for the owner of
 * the actor who rolled:
 * - *Add experience die*: "Once per roll ... If you haven't botched, you may bank one of your
 *   available experience points in a trait that you used for the action. Then, add a single bonus
 *   die to your roll" (exploding with a specialty); not on a soak;
 * - *Spend Willpower* on a Willpower roll that did not botch: "cancel your roll and succeed
 *   automatically. Your number of successes is set equal to your remaining Willpower dots."
 *
 * Each is carried out here when this user may update the card and the actor (the card's author who
 * owns the actor, or a GM), else by the GM (`maelstrom.rollCardOp`), who checks the requester owns the
 * actor, holds a player's card to its ledger entry (`verifiedEntry`) and does each at most once (the
 * card's state and the entry's done marks). The GM rolls the die itself; nothing a player wrote is
 * taken for a number.
 */
import { registerCard, saveCard } from "../../../core/cards";
import { applyChange, pendingOf, registerChangePolicy } from "../../../core/changes";
import { registerChatAction } from "../../../core/chat";
import { ledgerEntry, markDone, registerCardLedger, verifiedEntry } from "../../../core/ledger";
import type { LedgerEntry } from "../../../core/ledger-logic";
import { hereOrAsGM, registerGMHandler, requestedCard } from "../../../core/relay";
import { oneOf, onlyKeys, refuse, type Payload } from "../../../core/relay-logic";
import { showDice } from "../../../core/rolls/post";
import { MAELSTROM_CHANGE_POLICY } from "../base/change-policy";
import { livingSystem } from "../data/systems";
import { autoSuccess, experienceDieAllowed } from "../rules";
import { ROLL_CARD_KIND, rollCardOf, rollOf, MAELSTROM_ACTOR_TYPES } from "./card";
import { pendingProblem, willpowerSpendChange } from "./changes-logic";
import { addExperienceDie } from "./experience";
import { ROLL_CARD, stableCard } from "./messages-logic";
import { resolveDice } from "./roll-logic";

type Message = ChatMessage.Implementation;
type AnyActor = Actor.Implementation;
type AnyUser = User.Implementation;

/** The GM request that carries out a button for a player who may not (`{ messageId, op, trait? }`). */
export const ROLL_CARD_OP = "maelstrom.rollCardOp";
const KEY = "POLYVERSE.Maelstrom.Roll.Relay";

export type RollCardOp = { op: "experience"; trait: string } | { op: "willpower" };

async function actorOf(uuid: string): Promise<AnyActor | null> {
  const doc = await fromUuid(uuid);
  return doc instanceof Actor && MAELSTROM_ACTOR_TYPES.includes(doc.type as string)
    ? (doc as AnyActor)
    : null;
}

const owns = (actor: AnyActor, user: AnyUser) => user.isGM || actor.testUserPermission(user, "OWNER");

/** The ledger entry a GM holds a player's card to, or null (a GM's card; this client acting for itself). */
async function entryFor(message: Message, user: AnyUser): Promise<LedgerEntry | null> {
  if (!game.user?.isGM || message.author?.isGM) return null;
  if (user.isGM && !ledgerEntry(message.id)) return null;
  return verifiedEntry(message);
}

/**
 * One button's operation for `user` (this user, or the player whose request the GM received):
 * checked, at most once, then the actor changed and the card saved. Refuses (`refuse`) otherwise.
 */
export async function performOp(message: Message, op: RollCardOp, user: AnyUser): Promise<void> {
  const card = rollCardOf(message);
  const read = rollOf(message)?.read ?? null;
  if (!card || !read || !message.id) refuse(`${KEY}.NoCard`);
  // A rest's roll offers nothing afterwards (its dots are back already).
  if (card.rest) refuse("POLYVERSE.Relay.Malformed");
  const entry = await entryFor(message, user);
  const actor = await actorOf(card.actorUuid);
  if (!actor) refuse(`${KEY}.Gone`, { name: card.actorName });
  if (!owns(actor, user)) refuse(`${KEY}.NotYours`);
  if (entry?.done.includes(op.op)) refuse(`${KEY}.AlreadyDone`);
  const who = { uuid: actor.uuid, name: actor.name ?? "" };
  const result = resolveDice(read.options, read.rolled, card.experience?.faces ?? []);
  const done = () => (entry ? markDone(message.id!, [op.op]) : Promise.resolve());
  if (op.op === "experience") {
    if (card.experience) refuse(`${KEY}.AlreadyDone`);
    if (!read.options.traits.includes(op.trait)) refuse("POLYVERSE.Relay.Malformed");
    if (card.willpower || !experienceDieAllowed(result, { soak: read.options.kind === "soak" }))
      refuse(`${KEY}.NoExperienceDie`);
    // Marked done before the actor changes: a later request never banks twice.
    const die = await addExperienceDie(
      actor,
      { trait: op.trait, usedTraits: read.options.traits, exploding: read.options.exploding },
      done,
    );
    await saveCard(message, ROLL_CARD, { ...card, experience: { trait: op.trait, faces: die.faces } });
    await showDice(die.roll);
    return;
  }
  if (read.options.kind !== "willpower") refuse("POLYVERSE.Relay.Malformed");
  if (card.willpower) refuse(`${KEY}.AlreadyDone`);
  const current = livingSystem(actor).willpower.value;
  const spent = autoSuccess({ current: Math.max(0, Math.min(10, current)), outcome: result.outcome });
  if (!spent.ok) refuse(`${KEY}.Willpower.${spent.reason}`);
  await done();
  await applyChange(actor, willpowerSpendChange(who));
  await saveCard(message, ROLL_CARD, {
    ...card,
    willpower: { successes: spent.value.successes, current: spent.value.current },
  });
}

/** Carry a button out here when this user may update the card and the actor, else ask the GM. */
export async function cardOp(message: Message, op: RollCardOp): Promise<boolean> {
  const user = game.user;
  const card = rollCardOf(message);
  if (!user || !card) return false;
  const actor = await actorOf(card.actorUuid);
  const local = user.isGM || (message.isAuthor && Boolean(actor?.canUserModify(user, "update")));
  return hereOrAsGM(local, () => performOp(message, op, user), ROLL_CARD_OP, {
    messageId: message.id ?? "",
    ...op,
  });
}

/** A request's operation, every field checked. */
function parseOp(payload: Payload): RollCardOp {
  onlyKeys(payload, ["messageId", "op", "trait"]);
  const op = oneOf(payload.op, ["experience", "willpower"] as const);
  if (op === "willpower") {
    if (payload.trait !== undefined) refuse("POLYVERSE.Relay.Malformed");
    return { op };
  }
  if (typeof payload.trait !== "string" || payload.trait.length > 60) refuse("POLYVERSE.Relay.Malformed");
  return { op, trait: payload.trait };
}

/** Who sees the buttons: the owner of the actor who rolled (and the GM). */
function actorOwner(message: Message, user: AnyUser): boolean {
  const uuid = rollCardOf(message)?.actorUuid;
  if (!uuid) return false;
  try {
    const actor = fromUuidSync(uuid) as AnyActor | null;
    return Boolean(actor?.testUserPermission?.(user, "OWNER"));
  } catch {
    return false;
  }
}

/**
 * Register the card (drawn from its data), its buttons, the GM's side of them, its ledger
 * description and the change policy. Call once at init (the descriptor's `registerHooks`).
 */
export function registerRollCards(): void {
  registerCard(ROLL_CARD_KIND);
  registerChangePolicy("maelstrom", MAELSTROM_CHANGE_POLICY);
  registerChatAction("maelstrom.experienceDie", {
    permission: actorOwner,
    handler: (message, button) => cardOp(message, { op: "experience", trait: button.dataset.trait ?? "" }),
  });
  registerChatAction("maelstrom.spendWillpower", {
    permission: actorOwner,
    handler: (message) => cardOp(message, { op: "willpower" }),
  });
  registerGMHandler(ROLL_CARD_OP, async (payload, requester) => {
    const op = parseOp(payload);
    const { message } = requestedCard(payload, rollCardOf);
    await performOp(message, op, requester);
  });
  // What never changes after the roll: the roll (its set-up and dice), who rolled, a botch's loss.
  // The experience die and a Willpower success come later, and are marked done in the entry.
  registerCardLedger(ROLL_CARD, (message) => {
    const card = rollCardOf(message);
    if (!card) return null;
    const roll = rollOf(message);
    const read = roll?.read ?? null;
    const result = read ? resolveDice(read.options, read.rolled) : null;
    // A rest changes only its roller's own actor, at once: it never leaves changes for the GM.
    const pending = pendingOf(message);
    const bad = card.rest
      ? pending.length
        ? `${KEY}.Unjustified`
        : null
      : !read || !result
        ? `${KEY}.Unreadable`
        : pendingProblem(pending, card.actorUuid, read.options, result);
    return {
      subjects: [card.actorUuid],
      stable: { card: stableCard(card), roll: read },
      ...(bad ? { bad } : {}),
    };
  });
}
