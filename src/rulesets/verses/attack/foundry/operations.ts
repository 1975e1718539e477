/**
 * 'Verses attacks in Foundry (see `../attack.ts`): a button's effect on the card, carried out here when this user may, else by the GM, checked against the card's ledger entry.
 */
import { applyChanges } from "../../../../core/changes";
import { ledgerEntry, markDone, restampCard, verifiedEntry } from "../../../../core/ledger";
import type { LedgerEntry } from "../../../../core/ledger-logic";
import { hereOrAsGM } from "../../../../core/relay";
import { refuse } from "../../../../core/relay-logic";
import { adStateOf } from "../../base/ad-logic";
import { adrenalineChange, adrenalineRushAfter, readLuck } from "../../base/ability-logic";
import { livingSystem } from "../../rolls/roll-common";
import { VersesRoll } from "../../rolls/verses-roll";
import { abilityDice } from "../../rules";
import { versesOption } from "../../base/settings";
import {
  chokeOf,
  holdOffer,
  planApply,
  planRallyRebind,
  planUndo,
  releaseChange,
  withDefence,
  withTarget,
  type AttackCard,
  type DefenceRecord,
} from "../attack-logic";
import {
  attackerRushTest,
  defenceWithLuck,
  defenderTest,
  luckIndices,
  withAttackLuck,
} from "../card-abilities-logic";
import { defenceForged, defenceLuckKey, validFaces, type AttackOp } from "../card-trust-logic";
import { coverAfterApply, coverAfterUndo, liveCover } from "../cover-logic";

import {
  ATTACK_OP,
  KEY,
  cardOf,
  defenderData,
  rollOf,
  saveCard,
  saveTrackedCover,
  targetNow,
  trackedCoverOf,
  type AnyActor,
  type Message,
} from "./shared";
// ---- the card's operations ---------------------------------------------------------------------

export type { AttackOp } from "../card-trust-logic";

/** The row an operation acts on (a release without one: the hold's). */
function opIndex(card: AttackCard, op: AttackOp): number | null {
  if (op.op === "chained" || op.op === "held") return null;
  if (op.op === "release") return op.index ?? holdOffer(card)?.index ?? 0;
  if (op.op === "luck") return op.index ?? null;
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
  // Only the GM re-rolls for Uncanny Luck: the card's faces are what the ledger holds it to.
  const local = op.op !== "luck" && message.isAuthor && !(await touchesOthers(card, op, user));
  return hereOrAsGM(user.isGM || local, () => performOp(message, op, user), ATTACK_OP, {
    messageId: message.id ?? "",
    ...op,
  });
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
  if (entry) checkDefences(card, entry);
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
  if (op.op === "luck") {
    await luckOp(message, card, op.index ?? null, user, entry);
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
      const luck = readLuck(roll.options.luck, roll.rolledFaces);
      if (luck && !luck.rerolled) record.uncannyLuck = luck.allocated;
      await done(`row:${index}`);
      const defended = withDefence(card, index, record, defenderData(target), damageOptions);
      await saveCard(message, await rushes(message, defended, index, attacker, target, entry));
      return;
    }
    case "take": {
      if (!owns(target, user)) refuse(`${KEY}.NotYours`);
      once(entry, `row:${index}`);
      if (row.defence || row.taken) refuse(`${KEY}.AlreadyDone`);
      await done(`row:${index}`);
      const taken = withDefence(card, index, "take", defenderData(target), damageOptions);
      await saveCard(message, await rushes(message, taken, index, attacker, target, entry));
      return;
    }
    case "riposted": {
      if (!owns(target, user)) refuse(`${KEY}.NotYours`);
      once(entry, `riposte:${index}`);
      await done(`riposte:${index}`);
      await saveCard(message, withTarget(card, index, { riposted: true }));
      return;
    }
    case "maintained": {
      // Pain Tolerance's *Maintain after the hit*: once for the blow, by the target's owner, after the Apply.
      if (!owns(target, user)) refuse(`${KEY}.NotYours`);
      once(entry, `maintain:${index}`);
      if (!row.applied) refuse(`${KEY}.Maintain.NotApplied`);
      if (row.maintained) refuse(`${KEY}.AlreadyDone`);
      await done(`maintain:${index}`);
      await saveCard(message, withTarget(card, index, { maintained: true }));
      return;
    }
    case "apply": {
      const author = user.isGM || message.author?.id === user.id;
      if (!owns(target, user) && !author) refuse(`${KEY}.NotYours`);
      once(entry, `apply:${index}`);
      // Computed now from the target's current state: a late Apply never overwrites what happened since.
      // Tracked cover meets the blow with the HP it has left now (cover-logic.ts).
      const tracked = trackedCoverOf(row.tokenUuid);
      const cover = liveCover(card, index, tracked);
      const plan = planApply(
        { ...card, cover },
        index,
        defenderData(target),
        targetNow(target),
        damageOptions,
        op.choice ?? 0,
        versesOption("desperateRally"),
      );
      if (!plan) refuse(`${KEY}.AlreadyDone`);
      await done(`apply:${index}`);
      await applyChanges(plan.changes);
      // "4 rounds, target dies": its combatant is out of the fight.
      if (chokeOf(card) === "dead" && game.user?.isGM) {
        const combatant = game.combat?.combatants.find((c) => c.actor?.uuid === target.uuid);
        if (combatant && !combatant.defeated) await combatant.update({ defeated: true });
      }
      const worn = coverAfterApply(card, index, plan.record, cover, tracked);
      if (worn && row.tokenUuid) await saveTrackedCover(row.tokenUuid, worn);
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
      // Desperate Rally's EX, bound again once the HP and conditions are back (card-damage-logic.ts).
      const rebind = planRallyRebind(row.applied, targetNow(target));
      if (rebind) await applyChanges([rebind]);
      const mended = coverAfterUndo(card, index, row.applied, trackedCoverOf(row.tokenUuid));
      if (mended && row.tokenUuid) await saveTrackedCover(row.tokenUuid, mended);
      await saveCard(message, withTarget(card, index, { applied: null }));
      return;
    }
  }
}

// ---- Uncanny Luck and Adrenaline Rush on the card (card-abilities-logic.ts) -------------------

/**
 * Uncanny Luck on the attack roll (`index` null: the attacker's) or on a row's defence (the
 * target's): the GM reads the actor's own allocated dice (never the card's), re-rolls the 1s the
 * rule allows once, while the result is unused, and records the card again for the ledger. The
 * outcome, the damage preview and Adrenaline Rush follow the new faces.
 */
async function luckOp(
  message: Message,
  card: AttackCard,
  index: number | null,
  user: User.Implementation,
  entry: LedgerEntry | null,
): Promise<void> {
  const row = index === null ? null : card.targets[index];
  if (index !== null && !row) refuse("POLYVERSE.Relay.Malformed");
  const actor = await actorOf(row ? row.actorUuid : card.attacker.actorUuid);
  if (!actor) refuse(`${KEY}.Gone.${row ? "Target" : "Attacker"}`, { name: row?.name ?? card.attacker.name });
  if (!owns(actor, user)) refuse(`${KEY}.NotYours`);
  const key = index === null ? "luck" : `luck:${index}`;
  once(entry, key);
  const indices = luckIndices(card, index, abilityDice(livingSystem(actor).abilities, "uncannyLuck"));
  if (!indices.length) refuse("POLYVERSE.Verses.Luck.Nothing");
  const dice = new VersesRoll(`${indices.length}d6`, {}, {} as never);
  await dice.evaluate();
  const dice3d = (
    game as unknown as { dice3d?: { showForRoll(r: unknown, u: unknown, s: boolean): unknown } }
  ).dice3d;
  if (dice3d) await dice3d.showForRoll(dice, game.user, true);
  const faces = dice.rolledFaces;
  // A defence's re-roll is marked with its faces: the row is not in the ledger's digest.
  if (entry) await markDone(message.id!, index === null ? [key] : [key, defenceLuckKey(index, faces)]);
  let next: AttackCard;
  const extra: Record<string, unknown> = {};
  if (index === null || !row?.defence) {
    next = withAttackLuck(card, indices, faces);
    // The attack's pool card shows the re-rolled dice too.
    const roll = rollOf(message);
    const luck = roll ? readLuck(roll.options.luck, roll.rolledFaces) : null;
    if (roll && luck) {
      roll.options.luck = { allocated: luck.allocated, rerolled: { indices, faces } };
      extra.rolls = (message.rolls as unknown[]).map((r) => JSON.stringify((r as VersesRoll).toJSON()));
    }
    // Defence previews already made follow the new faces.
    for (const [i, t] of next.targets.entries()) {
      const target = t.defence || t.taken ? await actorOf(t.actorUuid) : null;
      if (target)
        next = withDefence(next, i, t.defence ?? "take", defenderData(target), versesOption("damageLayers"));
    }
  } else {
    const defence = defenceWithLuck(row.defence, indices, faces);
    next = withDefence(card, index, defence, defenderData(actor), versesOption("damageLayers"));
  }
  const attacker = await actorOf(card.attacker.actorUuid);
  const attackRerolled = index === null || !row?.defence;
  if (index !== null && row)
    next = await rushes(message, next, index, attacker, actor, entry, attackRerolled);
  else next = await rushes(message, next, null, attacker, null, entry, true);
  await saveCard(message, next, extra);
  await restampCard(message);
}

/**
 * Adrenaline Rush after the card settles a row: the attacker's, once per card, on a direct hit of
 * SM 4+ (a sweep's or a blast's only when its roll was re-rolled, `rolled`: its roll alone is its
 * test); the row's defender's, once per row, on a defence of SM 4+ (card-abilities-logic.ts). The
 * EX come back as unspent AD; the card records how many.
 */
async function rushes(
  message: Message,
  card: AttackCard,
  index: number | null,
  attacker: AnyActor | null,
  defender: AnyActor | null,
  entry: LedgerEntry | null,
  rolled = false,
): Promise<AttackCard> {
  let next = card;
  const unbind = async (actor: AnyActor, test: { faces: number[]; target: number } | null, key: string) => {
    if (!test || entry?.done.includes(key)) return 0;
    const s = livingSystem(actor);
    const state = adStateOf(s);
    const rush = adrenalineRushAfter(test.faces, test.target, s.abilities, state);
    const change = adrenalineChange({ uuid: actor.uuid, name: actor.name ?? "" }, state, rush);
    if (!rush || !change) return 0;
    if (entry) await markDone(message.id!, [key]);
    await applyChanges([change]);
    return rush.unbound;
  };
  if (attacker && !next.rush) {
    const ex = await unbind(attacker, attackerRushTest(next, rolled), "rush");
    if (ex) next = { ...next, rush: ex };
  }
  const row = index === null ? null : next.targets[index];
  if (defender && row && index !== null && !row.rush) {
    const ex = await unbind(defender, defenderTest(next, index), `rush:${index}`);
    if (ex) next = withTarget(next, index, { rush: ex });
  }
  return next;
}

/**
 * Refuse a player's card whose recorded defences are not what was rolled (`defenceForged`): the
 * defences are written after the roll, so the ledger's digest does not cover them; their faces are
 * held to the defence messages and their Uncanny Luck to the GM's own marks.
 */
function checkDefences(card: AttackCard, entry: LedgerEntry): void {
  card.targets.forEach((t, i) => {
    const id = t.defence?.messageId;
    const defenceMessage = id ? (game.messages?.get(id) as Message | undefined) : undefined;
    const roll = defenceMessage ? rollOf(defenceMessage) : null;
    if (defenceForged(card, i, roll ? roll.rolledFaces : null, entry.done))
      refuse("POLYVERSE.Relay.CardChanged");
  });
}
