/**
 * 'Verses attacks in Foundry (see `../attack.ts`): a button's effect on the card, carried out here when this user may, else by the GM, checked against the card's ledger entry.
 */
import { applyChanges } from "../../../../core/changes";
import { ledgerEntry, markDone, verifiedEntry } from "../../../../core/ledger";
import type { LedgerEntry } from "../../../../core/ledger-logic";
import { runAsGM } from "../../../../core/relay";
import { RelayRefusal, refuse } from "../../../../core/relay-logic";
import { localizeLabel } from "../../../../core/roll-dialog";
import { livingSystem } from "../../rolls/roll-common";
import { versesOption } from "../../settings";
import {
  chokeOf,
  holdOffer,
  planApply,
  planUndo,
  releaseChange,
  withDefence,
  withTarget,
  type AttackCard,
  type DefenceRecord,
} from "../attack-logic";
import { validFaces, type AttackOp } from "../card-trust-logic";

import {
  ATTACK_OP,
  KEY,
  cardOf,
  defenderData,
  rollOf,
  saveCard,
  targetNow,
  type AnyActor,
  type Message,
} from "./shared";
// ---- the card's operations ---------------------------------------------------------------------

export type { AttackOp } from "../card-trust-logic";

/** The row an operation acts on (a release without one: the hold's). */
function opIndex(card: AttackCard, op: AttackOp): number | null {
  if (op.op === "chained" || op.op === "held") return null;
  if (op.op === "release") return op.index ?? holdOffer(card)?.index ?? 0;
  return op.index;
}

/** Does the operation change a document (the row's target) this user may not update? */
async function touchesOthers(card: AttackCard, op: AttackOp, user: User.Implementation): Promise<boolean> {
  if (!["apply", "undo", "release"].includes(op.op)) return false;
  const index = opIndex(card, op);
  const row = index === null ? undefined : card.targets[index];
  const actor = row ? await actorOf(row.actorUuid) : null;
  return !actor || !actor.canUserModify(user, "update");
}

/**
 * Carry an operation out here when this user may update the message and everything it changes
 * (a GM; the card's author acting on their own target), else ask the GM. A refusal is shown.
 */
export async function cardOp(message: Message, op: AttackOp): Promise<boolean> {
  const user = game.user;
  const card = cardOf(message);
  if (!user || !card) return false;
  if (user.isGM || (message.isAuthor && !(await touchesOthers(card, op, user)))) {
    try {
      await performOp(message, op, user);
      return true;
    } catch (error) {
      if (!(error instanceof RelayRefusal)) throw error;
      ui.notifications?.warn(localizeLabel(error.key, error.data));
      return false;
    }
  }
  return runAsGM(ATTACK_OP, { messageId: message.id ?? "", ...op });
}

export async function actorOf(uuid: string): Promise<AnyActor | null> {
  const doc = await fromUuid(uuid);
  return doc instanceof Actor ? (doc as AnyActor) : null;
}

export const owns = (actor: AnyActor | null, user: User.Implementation) =>
  Boolean(actor && (user.isGM || actor.testUserPermission(user, "OWNER")));

/**
 * The ledger entry the GM holds a player's card to (recorded when it was posted; `ledger.ts`), or
 * null: a GM's card, which no player can edit; a player's own client acting on its own card and
 * target; a card posted while no GM was connected, which only a GM acts on.
 */
async function entryFor(message: Message, user: User.Implementation): Promise<LedgerEntry | null> {
  if (!game.user?.isGM || message.author?.isGM) return null;
  if (user.isGM && !ledgerEntry(message.id)) return null;
  return verifiedEntry(message);
}

/** Refuse an operation already done for this card (as the ledger records it). */
export function once(entry: LedgerEntry | null, key: string): void {
  if (entry?.done.includes(key)) refuse(`${KEY}.AlreadyDone`);
}

/**
 * One operation, checked against the user it is carried out for (this user, or the player whose
 * request the GM received): a defence or "take it" by the target's owner; Apply by the target's
 * owner or the card's author; Undo by the target's owner; a riposte mark by the target's owner;
 * a chain mark, a continued hold and a release without a roll by the attacker's owner. A GM may do
 * all. Refuses (`refuse`) with the reason otherwise.
 */
export async function performOp(message: Message, op: AttackOp, user: User.Implementation): Promise<void> {
  const card = cardOf(message);
  if (!card || !message.id) refuse(`${KEY}.Gone.Card`);
  const entry = await entryFor(message, user);
  const attacker = await actorOf(card.attacker.actorUuid);
  const damageOptions = versesOption("damageLayers");
  const done = (key: string) => (entry ? markDone(message.id!, [key]) : Promise.resolve());
  if (op.op === "chained" || op.op === "held") {
    if (!attacker) refuse(`${KEY}.Gone.Attacker`, { name: card.attacker.name });
    if (!owns(attacker, user)) refuse(`${KEY}.NotYours`);
    once(entry, op.op);
    if (op.op === "held" && card.holdDone) refuse(`${KEY}.AlreadyDone`);
    await done(op.op);
    await saveCard(
      message,
      op.op === "chained" ? { ...card, chained: true } : { ...card, holdDone: "continued" },
    );
    return;
  }
  const index = opIndex(card, op) ?? 0;
  const row = card.targets[index];
  if (!row) refuse("POLYVERSE.Relay.Malformed");
  const target = await actorOf(row.actorUuid);
  if (!target) refuse(`${KEY}.Gone.Target`, { name: row.name });
  if (op.op === "release") {
    // Letting go without a roll is the holder's (or the GM's) to do.
    if (!owns(attacker, user)) refuse(`${KEY}.NotYours`);
    once(entry, "release");
    if (card.holdDone) refuse(`${KEY}.AlreadyDone`);
    await done("release");
    const change = releaseChange(card, index, targetNow(target));
    if (change) await applyChanges([change]);
    await saveCard(message, { ...card, holdDone: "released" });
    return;
  }
  switch (op.op) {
    case "defend": {
      if (!owns(target, user)) refuse(`${KEY}.NotYours`);
      once(entry, `row:${index}`);
      if (row.defence || row.taken) refuse(`${KEY}.AlreadyDone`);
      const defenceMessage = game.messages?.get(op.defenceMessageId) as Message | undefined;
      const roll = defenceMessage ? rollOf(defenceMessage) : null;
      const d = roll?.options.defence;
      if (!defenceMessage || !roll || !d || d.attackMessageId !== message.id || d.index !== index)
        refuse("POLYVERSE.Relay.NoMessage");
      if (!user.isGM && defenceMessage.author?.id !== user.id) refuse(`${KEY}.NotYours`);
      // A forged defence roll (a 7, a thousand dice) is refused, never counted.
      if (!validFaces(roll.faces)) refuse("POLYVERSE.Relay.Malformed");
      const record: DefenceRecord = {
        kind: d.kind,
        faces: roll.faces,
        ad: roll.options.ad ?? 0,
        messageId: defenceMessage.id!,
        ...(d.weapon ? { weapon: d.weapon } : {}),
      };
      await done(`row:${index}`);
      await saveCard(message, withDefence(card, index, record, defenderData(target), damageOptions));
      return;
    }
    case "take": {
      if (!owns(target, user)) refuse(`${KEY}.NotYours`);
      once(entry, `row:${index}`);
      if (row.defence || row.taken) refuse(`${KEY}.AlreadyDone`);
      await done(`row:${index}`);
      await saveCard(message, withDefence(card, index, "take", defenderData(target), damageOptions));
      return;
    }
    case "riposted": {
      if (!owns(target, user)) refuse(`${KEY}.NotYours`);
      once(entry, `riposte:${index}`);
      await done(`riposte:${index}`);
      await saveCard(message, withTarget(card, index, { riposted: true }));
      return;
    }
    case "apply": {
      const author = user.isGM || message.author?.id === user.id;
      if (!owns(target, user) && !author) refuse(`${KEY}.NotYours`);
      once(entry, `apply:${index}`);
      // Computed now from the target's current state: a late Apply never overwrites what happened since.
      const plan = planApply(
        card,
        index,
        defenderData(target),
        targetNow(target),
        damageOptions,
        op.choice ?? 0,
      );
      if (!plan) refuse(`${KEY}.AlreadyDone`);
      await done(`apply:${index}`);
      await applyChanges(plan.changes);
      // "4 rounds, target dies": its combatant is out of the fight.
      if (chokeOf(card) === "dead" && game.user?.isGM) {
        const combatant = game.combat?.combatants.find((c) => c.actor?.uuid === target.uuid);
        if (combatant && !combatant.defeated) await combatant.update({ defeated: true });
      }
      await saveCard(message, withTarget(card, index, { applied: plan.record }));
      return;
    }
    case "undo": {
      // Only the target's owner (or a GM) takes a blow back.
      if (!owns(target, user)) refuse(`${KEY}.NotYours`);
      if (!row.applied || (entry && !entry.done.includes(`apply:${index}`))) refuse(`${KEY}.NothingToUndo`);
      const change = planUndo(card, index, targetNow(target), livingSystem(target).hpMax);
      if (entry) await markDone(message.id!, [`apply:${index}`], true);
      if (change) await applyChanges([change]);
      await saveCard(message, withTarget(card, index, { applied: null }));
      return;
    }
  }
}
