/**
 * The blow of a `tales-attack` card in Foundry, carried out on the GM's client (attack-card.ts brings a
 * button's request here): Roll damage with the striker's split of the shifts between rows read lower
 * and extra location dice; Entangle instead of damage (the victim's `entangled` status and, in the
 * current round, one of its action dice); and Undo of a Fragile weapon's break on a Parry. The striker
 * is the attacker (a hit, a successful Block) or the defender (a counter-attack that lands, with the
 * weapon it countered with, or bare hands); the striker's owner decides, or the GM. Everything is
 * worked out again from the documents and the card's state as the GM left it (attack-card-blow-logic.ts).
 */
import { saveCard } from "../../../core/cards";
import { markDone } from "../../../core/ledger";
import type { LedgerEntry } from "../../../core/ledger-logic";
import { refuse } from "../../../core/relay-logic";
import { isTalesLiving } from "../base/living";
import { weaponSystem } from "../data/systems";
import { ATTACK_CARD, ATTACK_KEY, type AttackCard } from "./attack-card-logic";
import {
  blowDealt,
  blowOffer,
  checkEntangle,
  checkRowShifts,
  type BlowOffer,
} from "./attack-card-blow-logic";
import { spendDice, storedRoundState } from "./combat-logic";
import { blowCard, postBlow, rollBlow } from "./damage-card";
import { hasDeathdealer } from "./damage-documents";
import { ROUND_PATH, stateOf, type AnyActor, type AnyCombat, type AnyCombatant } from "./shared";

type Message = ChatMessage.Implementation;
type AnyUser = User.Implementation;
type AnyItem = Item.Implementation;

/** A blow button, as a request carries it. */
export type BlowOp = { op: "damage"; rowShifts: number } | { op: "entangle" } | { op: "mend" };

/** What the GM found for a request on the card: the card, its ledger entry, and its documents checked. */
export interface AttackSides {
  message: Message;
  card: AttackCard;
  entry: LedgerEntry | null;
  user: AnyUser;
  attacker: AnyActor;
  /** The attack's weapon, on the attacker. */
  weapon: AnyItem;
  target: AnyActor;
}

export const owns = (
  doc: { testUserPermission(user: AnyUser, level: "OWNER"): boolean } | null,
  user: AnyUser,
) => Boolean(doc?.testUserPermission(user, "OWNER"));

/** The actor's combatant in the viewed combat, or null. */
export const combatantOf = (actor: AnyActor): AnyCombatant | null =>
  ((game.combat as AnyCombat | null | undefined)?.combatants.find(
    (c) => c.actor === actor || c.actor?.uuid === actor.uuid,
  ) ?? null) as AnyCombatant | null;

/** A Tales weapon by UUID, synchronously when it is in the world (null otherwise). */
export function weaponSync(uuid: string | null | undefined): AnyItem | null {
  const doc = uuid ? ((fromUuidSync(uuid) as AnyItem | null) ?? null) : null;
  return doc?.type === "tales-weapon" ? doc : null;
}

/** The striker, the victim and the striking weapon (null: bare hands), checked against the documents. */
async function strikeSides(sides: AttackSides, offer: BlowOffer) {
  const { attacker, target, weapon } = sides;
  if (offer.striker === "attacker") return { striker: attacker, victim: target, weapon };
  let held: AnyItem | null = null;
  if (offer.weapon) {
    held = (await fromUuid(offer.weapon.itemUuid)) as AnyItem | null;
    if (held?.type !== "tales-weapon" || held.parent?.uuid !== target.uuid)
      refuse(`${ATTACK_KEY}.Refused.Gone`, { name: offer.weapon.name });
  }
  return { striker: target, victim: attacker, weapon: held };
}

/** The blow still to deal, for its striker's owner (or the GM); refused otherwise. */
async function openBlow(sides: AttackSides) {
  const { card, entry, user } = sides;
  if (blowDealt(card) || entry?.done.includes("damage")) refuse(`${ATTACK_KEY}.Refused.AlreadyRolled`);
  const offer = blowOffer(card);
  if (!offer) refuse(`${ATTACK_KEY}.Refused.NoDamage`);
  const found = await strikeSides(sides, offer);
  if (!user.isGM && !owns(found.striker, user)) refuse(`${ATTACK_KEY}.Refused.NotYours`);
  return { offer, ...found };
}

/** Roll the damage: the margin's shifts split as the striker chose, the rest as location dice. */
async function dealDamage(sides: AttackSides, rowShifts: number): Promise<void> {
  const { message, card, entry } = sides;
  const { offer, striker, victim, weapon } = await openBlow(sides);
  const problem = checkRowShifts(offer, rowShifts);
  if (problem) refuse(`${ATTACK_KEY}.Refused.${problem}`, { shifts: String(offer.shifts) });
  const byAttacker = offer.striker === "attacker";
  const blow = blowCard(striker, weapon, victim, {
    margin: offer.margin,
    rowShifts,
    blocked: offer.blocked,
    // Auto's bullets and a Spray's victims are the attack's; a counter-attack is one blow.
    autoBullets: byAttacker ? card.attack.autoBullets : 0,
    sprayVictims: byAttacker ? (card.attack.sprayVictims ?? 1) : 1,
  });
  if (!blow) refuse(`${ATTACK_KEY}.Refused.NoDamage`);
  if (entry) await markDone(message.id!, ["damage"]);
  const rolled = await rollBlow(blow);
  const posted = await postBlow(striker, rolled.card, rolled.roll);
  await saveCard(message, ATTACK_CARD, { ...card, damageMessageId: posted?.id ?? null });
}

/**
 * Entangle: the victim is `entangled` and, when its action dice for the round are dealt and one is
 * left, loses one ("remove an action from their victim rather than dealing damage").
 */
async function entangle(sides: AttackSides): Promise<void> {
  const { message, card, entry } = sides;
  const { offer, victim, weapon } = await openBlow(sides);
  const problem = checkEntangle(offer, Boolean(weapon && weaponSystem(weapon).traits.entangle));
  if (problem) refuse(`${ATTACK_KEY}.Refused.${problem}`);
  if (entry) await markDone(message.id!, ["damage"]);
  const combatant = combatantOf(victim);
  const spent = combatant ? spendDice(stateOf(combatant), 1) : null;
  if (combatant && spent?.ok)
    await combatant.update({ [ROUND_PATH]: storedRoundState(spent.state) } as never);
  if (!victim.statuses.has("entangled")) await victim.toggleStatusEffect("entangled", { active: true });
  await saveCard(message, ATTACK_CARD, { ...card, entangled: { removed: Boolean(spent?.ok) } });
}

/**
 * Undo a Fragile weapon's break on this card's Parry: the weapon's owner or the GM, once, and only
 * while the weapon is still broken (mended since by someone else, there is nothing of this card's to undo).
 */
async function mend(sides: AttackSides): Promise<void> {
  const { message, card, entry, user } = sides;
  const d = card.defence;
  if (!d?.broke || !d.weapon) refuse(`${ATTACK_KEY}.Refused.NothingToMend`);
  if (d.broke === "mended" || entry?.done.includes("mend")) refuse(`${ATTACK_KEY}.Refused.AlreadyMended`);
  const item = (await fromUuid(d.weapon.itemUuid)) as AnyItem | null;
  if (item?.type !== "tales-weapon") refuse(`${ATTACK_KEY}.Refused.Gone`, { name: d.weapon.name });
  if (!user.isGM && !owns(item, user)) refuse(`${ATTACK_KEY}.Refused.NotYours`);
  if (!weaponSystem(item).broken) refuse(`${ATTACK_KEY}.Refused.WholeAgain`, { name: d.weapon.name });
  if (entry) await markDone(message.id!, ["mend"]);
  await item.update({ "system.broken": false } as never);
  await saveCard(message, ATTACK_CARD, { ...card, defence: { ...d, broke: "mended" } });
}

/** Carry out a blow button for `sides.user` (the GM's client). */
export function performBlowOp(sides: AttackSides, op: BlowOp): Promise<void> {
  if (op.op === "damage") return dealDamage(sides, op.rowShifts);
  if (op.op === "entangle") return entangle(sides);
  return mend(sides);
}

/** What this reader may do with the card's blow (for its drawing). */
export function blowReader(card: AttackCard, user: AnyUser | null) {
  const offer = blowOffer(card);
  const attacker = fromUuidSync(card.attacker.actorUuid) as AnyActor | null;
  const target = card.target ? (fromUuidSync(card.target.actorUuid) as AnyActor | null) : null;
  const striker = offer?.striker === "defender" ? target : attacker;
  const weapon = offer ? weaponSync(offer.weapon?.itemUuid) : null;
  const broken = card.defence?.broke === "broken" ? weaponSync(card.defence.weapon?.itemUuid) : null;
  return {
    strike: Boolean(user && isTalesLiving(striker) && (user.isGM || owns(striker, user))),
    entangles: Boolean(weapon && weaponSystem(weapon).traits.entangle),
    mend: Boolean(user && broken && (user.isGM || owns(broken, user))),
    deathdealer: hasDeathdealer(striker),
  };
}

/** Who may press a blow button: the striker's owner (damage, entangle), the broken weapon's (mend). */
export function mayStrike(card: AttackCard | null, user: AnyUser): boolean {
  return card ? blowReader(card, user).strike : false;
}
export function mayMend(card: AttackCard | null, user: AnyUser): boolean {
  return card ? blowReader(card, user).mend : false;
}
