/**
 * The attack card's buttons carried out: always on a GM's client (a GM's own press at once, a
 * player's through the relay), which rolls the dice and works every number out from the card's
 * rolled state and the documents, never from numbers a player wrote. A player's card is held to its
 * ledger entry (`verifiedEntry`): after each change the GM records the card anew (`restampCard`), so
 * any edit by its author in between is refused, and what was done is marked once (`markDone`).
 */
import { entryForActing, markDone, restampCard } from "../../../core/ledger";
import type { LedgerEntry } from "../../../core/ledger-logic";
import { localize } from "../../../core/i18n";
import { gmQueue, runAsGM } from "../../../core/relay";
import { RelayRefusal, refuse } from "../../../core/relay-logic";
import { showDice } from "../../../core/rolls/post";
import { healthOf, isLiving, trackLengthOf } from "../documents/health";
import { addExperienceDie } from "../rolls/experience";
import { soakOptions } from "../rolls/roll-actions";
import {
  ATTACK_KEY,
  attackExploding,
  attackTraits,
  damageDiceToRoll,
  mayPress,
  planApply,
  planUndo,
  refusalFor,
  withDamage,
  withExperience,
  withRow,
  withSoak,
  type AttackCard,
  type AttackOp,
} from "./attack-card-logic";
import {
  ATTACK_OP,
  actorOf,
  cardOf,
  owns,
  rollD10,
  saveCard,
  type AnyActor,
  type Message,
} from "./attack-shared";

type AnyUser = User.Implementation;

/**
 * Press a card button: a GM carries it out here (a refusal is shown), a player asks the GM. Returns
 * whether it was done (or sent).
 */
export async function cardOp(message: Message, op: AttackOp): Promise<boolean> {
  const user = game.user;
  if (!user || !cardOf(message)) return false;
  if (!user.isGM) return runAsGM(ATTACK_OP, { messageId: message.id ?? "", ...op });
  try {
    // In the GM's queue: after every request before it, never interleaved with one about this card.
    await gmQueue(() => performOp(message, op, user));
    return true;
  } catch (error) {
    if (!(error instanceof RelayRefusal)) throw error;
    ui.notifications?.warn(localize(error.key, error.data));
    return false;
  }
}

/** The ledger key of what an operation does once. */
const doneKey = (op: AttackOp): string => ("index" in op ? `${op.op}:${op.index}` : op.op);

/**
 * One operation for `user` (this GM, or the player whose request the GM received): who may press it
 * (attack-card-logic.ts `mayPress`), whether the card allows it now (`refusalFor`), once each.
 */
export async function performOp(message: Message, op: AttackOp, user: AnyUser): Promise<void> {
  const card = cardOf(message);
  if (!card || !message.id) refuse("POLYVERSE.Relay.NoMessage");
  const entry = await entryForActing(message, user);
  const attacker = await actorOf(card.attacker.actorUuid);
  const row = "index" in op ? card.targets[op.index] : null;
  if ("index" in op && !row) refuse("POLYVERSE.Relay.Malformed");
  const target = row ? await actorOf(row.actorUuid) : null;
  // Only a Maelstrom character or NPC has the track this card marks.
  if (row && !isLiving(target)) refuse(`${ATTACK_KEY}.Refused.Gone`, { name: row.name });
  const who = {
    gm: user.isGM,
    attackerOwner: owns(attacker, user),
    author: message.author?.id === user.id,
    targetOwner: owns(target, user),
  };
  if (!mayPress(op.op, who)) refuse(`${ATTACK_KEY}.Refused.NotYours`);
  const refusal = refusalFor(card, op);
  if (refusal) refuse(refusal);
  if (op.op !== "undo" && entry?.done.includes(doneKey(op))) refuse(`${ATTACK_KEY}.Refused.AlreadyDone`);
  const next = await carryOut(message, card, op, { attacker, target }, entry);
  await saveCard(message, next);
  // The card as this GM left it is what the ledger holds its author to from now on.
  if (entry) await restampCard(message);
}

/** What the operation does to the documents and the card (the new card state). */
async function carryOut(
  message: Message,
  card: AttackCard,
  op: AttackOp,
  { attacker, target }: { attacker: AnyActor | null; target: AnyActor | null },
  entry: LedgerEntry | null,
): Promise<AttackCard> {
  const mark = async (key: string, undone = false) => {
    if (entry) await markDone(message.id!, [key], undone);
  };
  if (op.op === "experience") return experience(card, op.trait, attacker, () => mark("experience"));
  if (op.op === "damage") {
    await mark("damage");
    return withDamage(card, await rollD10(damageDiceToRoll(card) ?? 0));
  }
  if (!target || !("index" in op)) refuse("POLYVERSE.Relay.Malformed");
  const { index } = op;
  if (op.op === "soak") {
    await mark(`soak:${index}`);
    return soak(card, index, target);
  }
  if (op.op === "apply") {
    await mark(`apply:${index}`);
    // Nobody loses a soak: a row applied before it was soaked is soaked first ("Whenever your
    // character is about to receive damage, you'll roll a certain number of soak dice").
    const soaked = card.targets[index]?.soak ? card : await soak(card, index, target);
    if (soaked !== card) await mark(`soak:${index}`);
    // Worked out from the target's track now: a late Apply never overwrites what happened since.
    const plan = planApply(soaked, index, healthOf(target), trackLengthOf(target));
    await target.update({ "system.health": plan.state } as never);
    return withRow(soaked, index, { applied: plan.record });
  }
  // Undo: only this card's own levels, as amounts, from the track as it is now.
  const applied = card.targets[index]?.applied;
  if (!applied) refuse(`${ATTACK_KEY}.Refused.NothingToUndo`);
  await mark(`apply:${index}`, true);
  await target.update({
    "system.health": planUndo(applied, healthOf(target), trackLengthOf(target)),
  } as never);
  return withRow(card, index, { applied: null });
}

/**
 * The experience die (rolls/experience.ts, as the roll card adds it): 1 available point of the
 * attacker banked in the trait, the die rolled here (exploding when the attack used a specialty) and
 * shown, the attack resolved again with it. `performOp` has checked the card allows it.
 */
async function experience(
  card: AttackCard,
  trait: string,
  attacker: AnyActor | null,
  record: () => Promise<void>,
): Promise<AttackCard> {
  if (!isLiving(attacker)) refuse(`${ATTACK_KEY}.Refused.Gone`, { name: card.attacker.name });
  const request = { trait, usedTraits: attackTraits(card.attack), exploding: attackExploding(card.attack) };
  const die = await addExperienceDie(attacker, request, record);
  await showDice(die.roll);
  return withExperience(card, trait, die.faces);
}

/**
 * Soak a row: the target's Strength and worn armour against the card's damage type (the rolls'
 * `soakOptions`: rules `soakPool`, the best worn piece of each rating), rolled here.
 */
async function soak(card: AttackCard, index: number, target: AnyActor): Promise<AttackCard> {
  const { pool } = soakOptions(target, card.weapon.damageType);
  return withSoak(card, index, await rollD10(pool));
}
