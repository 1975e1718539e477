/**
 * The `tales-damage` card in Foundry: rolling a blow (`rollTalesDamage`, kind "damage" on core's roll
 * pipeline), the card drawn from its data, and its two buttons, Apply (the target's owner absorbs
 * with Hit Points, and Essence for Split Damage, and takes the rest) and Undo (the target's owner or
 * the GM). Both are carried out on the GM's client (a GM's press here, a player's through the relay,
 * `hereOrAsGM`): the GM works the wound out again from the documents (the weapon on the attacker, the
 * target's armour, pools and traits, the settings) and the dice the card rolled, never from numbers on
 * the card; a player's card is held to its ledger entry and recorded again after each change.
 */
import { cardOf, postCard, registerCard, saveCard, type CardKind } from "../../../core/cards";
import { registerChatAction } from "../../../core/chat";
import { templatePath } from "../../../core/constants";
import { localize } from "../../../core/i18n";
import { entryForActing, markDone, registerCardLedger, restampCard } from "../../../core/ledger";
import { gmQueue, hereOrAsGM, registerGMHandler, requestedCard } from "../../../core/relay";
import { documentId, oneOf, onlyKeys, refuse, wholeNumber, type Payload } from "../../../core/relay-logic";
import { runRoll } from "../../../core/rolls/pipeline";
import { isTalesLiving } from "../base/living";
import { talesSetting } from "../base/settings";
import { damageCardContext, DAMAGE_KEY, type TargetView } from "./damage-card-context";
import {
  DAMAGE_ACTIONS,
  DAMAGE_CARD,
  DAMAGE_OP,
  blowStrength,
  damageDice,
  planApply,
  planUndo,
  readCardDamage,
  UNARMED,
  type DamageAttack,
  type DamageCard,
  type DamageOp,
  type WeaponNumbers,
} from "./damage-card-logic";
import {
  absorptionTraitsOf,
  hasDeathdealer,
  maximaOf,
  protectionOf,
  snapshotOf,
  snapshotUpdate,
  weaponNumbers,
} from "./damage-documents";
import type { AnyActor } from "./shared";

type Message = ChatMessage.Implementation;
type AnyUser = User.Implementation;
type AnyItem = Item.Implementation;

export const DAMAGE_TEMPLATE = "templates/tales/chat/damage-card.hbs";

const readCard = (message: Message) => cardOf<DamageCard>(message, DAMAGE_CARD);

/** A document by UUID, synchronously when it is in the world (null otherwise). */
const sync = <T>(uuid: string | null | undefined): T | null =>
  uuid ? ((fromUuidSync(uuid) as T | null) ?? null) : null;

const owns = (actor: AnyActor | null, user: AnyUser): boolean =>
  Boolean(actor?.testUserPermission(user, "OWNER"));

/** The absorption view of the target, for a reader who may see its sheet. */
function targetView(card: DamageCard): TargetView | null {
  const target = sync<AnyActor>(card.target?.actorUuid);
  if (!isTalesLiving(target) || !game.user || !target.testUserPermission(game.user, "OBSERVER")) return null;
  const now = snapshotOf(target);
  return {
    traits: absorptionTraitsOf(target),
    hp: now.hp,
    essence: now.essence,
    resilientMode: talesSetting("resilientMode"),
  };
}

export const DAMAGE_CARD_KIND: CardKind<DamageCard> = {
  ...DAMAGE_CARD,
  template: templatePath("tales/chat/damage-card.hbs"),
  context: (_message, card) => damageCardContext(card, localize, targetView(card)),
  hide: (message, html, user) => {
    const card = readCard(message);
    if (user.isGM || !card) return;
    if (!owns(sync<AnyActor>(card.target?.actorUuid), user))
      for (const el of html.querySelectorAll<HTMLElement>(".pv-t-absorb")) el.hidden = true;
  },
};

// ---------------------------------------------------------------- rolling a blow

/** What `rollTalesDamage` takes besides the attacker and the weapon. */
export interface DamageOptions {
  /** The actor hit (a token's actor for an unlinked token). */
  target?: AnyActor | null;
  /** The attack's margin and the attacker's choices. */
  attack?: Partial<DamageAttack>;
  rollMode?: string | null;
}

/** The card of a blow before its dice, from the documents (`weapon` null: bare hands); null (with a warning) when refused. */
export function blowCard(
  actor: AnyActor,
  weapon: AnyItem | null,
  target: AnyActor | null,
  declared: Partial<DamageAttack> = {},
): DamageCard | null {
  const numbers = weapon ? weaponNumbers(weapon) : UNARMED;
  if (!numbers || (weapon ? weapon.parent !== actor : !isTalesLiving(actor))) return null;
  const attack: DamageAttack = {
    margin: 0,
    rowShifts: 0,
    blocked: false,
    autoBullets: 0,
    sprayVictims: 1,
    ...declared,
  };
  const strength = blowStrength(numbers, attack, { blockHalving: talesSetting("blockHalving") });
  if (!strength.ok) {
    ui.notifications?.warn(localize(`${DAMAGE_KEY}.Refused.${strength.reason}`));
    return null;
  }
  return {
    attacker: { actorUuid: actor.uuid, name: actor.name ?? "" },
    weapon: weapon ? { itemUuid: weapon.uuid, name: weapon.name ?? "" } : null,
    target: target ? { actorUuid: target.uuid, name: target.name ?? "" } : null,
    attack,
    strength: strength.strength,
    split: numbers.splitDamage,
    protection: protectionOf(target),
    deathdealer: hasDeathdealer(actor),
    faces: [],
    applied: null,
  };
}

/** Roll a blow's location dice. */
export async function rollBlow(card: DamageCard): Promise<{ card: DamageCard; roll: Roll }> {
  const roll = await new foundry.dice.Roll(`${damageDice(card.attack, card.deathdealer)}d6`).evaluate();
  const faces = (roll.dice[0]?.results ?? []).filter((r) => r.active !== false).map((r) => r.result);
  return { card: { ...card, faces }, roll };
}

/** Post a rolled blow as the attacker. */
export const postBlow = (actor: AnyActor, card: DamageCard, roll: Roll, rollMode: string | null = null) =>
  postCard({
    kind: DAMAGE_CARD,
    card,
    speaker: ChatMessage.getSpeaker({ actor }),
    text: localize(`${DAMAGE_KEY}.Title`, {
      weapon: card.weapon ? card.weapon.name : localize(`${DAMAGE_KEY}.Unarmed`),
    }),
    rolls: [roll],
    rollMode,
  });

/**
 * Roll a blow with a weapon (null: bare hands, strength 0): its strength (Block halving, Auto, Spray),
 * one location die plus one per shift of the margin not read as rows (and Deathdealer's), against the
 * target's protection; posts the card. Returns the message, or null when refused (a notification says
 * why). A blow from an attack card is rolled by the GM from that card (attack-card-blow.ts).
 */
export async function rollTalesDamage(
  actor: AnyActor,
  weapon: AnyItem | null,
  options: DamageOptions = {},
): Promise<Message | null> {
  const outcome = await runRoll(
    { ruleset: "tales", kind: "damage", subject: actor },
    {
      configure: () => blowCard(actor, weapon, options.target ?? null, options.attack ?? {}),
      dialog: (card) => card,
      evaluate: (card) => rollBlow(card),
      post: ({ card, roll }) => postBlow(actor, card, roll, options.rollMode ?? null),
      apply: () => undefined,
    },
  );
  return outcome.status === "done" ? (outcome.context.posted as Message | null) : null;
}

// ---------------------------------------------------------------- the buttons

/** The faces the card's roll shows (what the ledger recorded), in order. */
const rolledFaces = (message: Message): number[] =>
  (message.rolls?.[0]?.dice[0]?.results ?? []).filter((r) => r.active !== false).map((r) => r.result);

/**
 * The card's weapon and attacker from the documents: the weapon on the attacker the card names, or (no
 * weapon: bare hands) that attacker, a Tales character or NPC. Null when either is gone.
 */
async function strikerOf(card: DamageCard): Promise<{ numbers: WeaponNumbers; attacker: AnyActor } | null> {
  if (!card.weapon) {
    const attacker = (await fromUuid(card.attacker.actorUuid)) as AnyActor | null;
    return isTalesLiving(attacker) ? { numbers: UNARMED, attacker } : null;
  }
  const weapon = (await fromUuid(card.weapon.itemUuid)) as AnyItem | null;
  const numbers = weaponNumbers(weapon);
  const attacker = weapon?.parent as AnyActor | null;
  return numbers && attacker && attacker.uuid === card.attacker.actorUuid ? { numbers, attacker } : null;
}

/** The card's outcome worked out again from the documents and the rolled dice. */
async function recomputed(message: Message, card: DamageCard, target: AnyActor) {
  const striker = await strikerOf(card);
  if (!striker) refuse(`${DAMAGE_KEY}.Refused.Gone`, { name: card.weapon?.name ?? card.attacker.name });
  const { numbers, attacker } = striker;
  const strength = blowStrength(numbers, card.attack, { blockHalving: talesSetting("blockHalving") });
  if (!strength.ok) refuse(`${DAMAGE_KEY}.Refused.${strength.reason}`);
  const faces = rolledFaces(message);
  if (faces.join() !== card.faces.join()) refuse("POLYVERSE.Relay.CardChanged");
  const outcome = readCardDamage({
    attack: card.attack,
    strength: strength.strength,
    protection: protectionOf(target),
    split: numbers.splitDamage,
    deathdealer: hasDeathdealer(attacker),
    faces,
  });
  if (!outcome) refuse(`${DAMAGE_KEY}.Refused.badDice`);
  return outcome;
}

/**
 * Whether a player's card, as posted, is its weapon's blow: on an attacker its author owns, of the
 * strength and dice it says.
 */
async function agreesWithWeapon(
  card: DamageCard,
  faces: readonly number[],
  author: AnyUser | null,
): Promise<boolean> {
  const striker = await strikerOf(card);
  if (!striker || card.applied) return false;
  const { numbers, attacker } = striker;
  if (author && !owns(attacker, author)) return false;
  // A margin comes from an attack card, whose damage the GM rolls: a player's own blow has none.
  if (card.attack.margin > 0) return false;
  const strength = blowStrength(numbers, card.attack, { blockHalving: talesSetting("blockHalving") });
  return (
    strength.ok &&
    strength.strength === card.strength &&
    card.split === numbers.splitDamage &&
    faces.join() === card.faces.join() &&
    faces.length === damageDice(card.attack, hasDeathdealer(attacker))
  );
}

/** Carry out a button for `user` (this GM, or the player whose request the GM received). */
export async function performDamageOp(message: Message, op: DamageOp, user: AnyUser): Promise<void> {
  const card = readCard(message);
  if (!card || !message.id) refuse("POLYVERSE.Relay.NoMessage");
  const entry = await entryForActing(message, user);
  const target = card.target ? ((await fromUuid(card.target.actorUuid)) as AnyActor | null) : null;
  if (!isTalesLiving(target)) refuse(`${DAMAGE_KEY}.Refused.Gone`, { name: card.target?.name ?? "" });
  // The target's owner absorbs and takes the wound (and may undo it); the GM may do either.
  if (!user.isGM && !owns(target, user)) refuse(`${DAMAGE_KEY}.Refused.NotYours`);
  if (op.op === "apply") {
    if (card.applied || entry?.done.includes("apply")) refuse(`${DAMAGE_KEY}.Refused.AlreadyApplied`);
    const outcome = await recomputed(message, card, target);
    const plan = planApply({
      outcome,
      levels: op.levels,
      essenceLevels: op.essenceLevels,
      now: snapshotOf(target),
      traits: absorptionTraitsOf(target),
      resilientMode: talesSetting("resilientMode"),
      damageMode: talesSetting("damageMode"),
    });
    if (!plan.ok) refuse(`${DAMAGE_KEY}.Refused.${plan.reason}`);
    if (entry) await markDone(message.id, ["apply"]);
    await target.update(snapshotUpdate(plan.record.after) as never);
    await saveCard(message, DAMAGE_CARD, { ...card, applied: plan.record });
  } else {
    if (!card.applied) refuse(`${DAMAGE_KEY}.Refused.NothingToUndo`);
    const restored = planUndo(card.applied, snapshotOf(target), maximaOf(target));
    if (!restored) refuse(`${DAMAGE_KEY}.Refused.ChangedSince`, { name: target.name ?? "" });
    if (entry) await markDone(message.id, ["apply"], true);
    await target.update(snapshotUpdate(restored) as never);
    await saveCard(message, DAMAGE_CARD, { ...card, applied: null });
  }
  // The card as this GM left it is what the ledger holds its author to from now on.
  if (entry) await restampCard(message);
}

/** A request's operation, checked strictly. */
export function parseDamageOp(payload: Payload): DamageOp {
  onlyKeys(payload, ["messageId", "op", "levels", "essenceLevels"]);
  documentId(payload.messageId);
  const op = oneOf(payload.op, ["apply", "undo"] as const);
  if (op === "undo") return { op };
  return {
    op,
    levels: wholeNumber(payload.levels ?? 0, 0, 5),
    essenceLevels: wholeNumber(payload.essenceLevels ?? 0, 0, 5),
  };
}

/** Press a button: the GM here (in its queue), a player through the relay. */
export async function damageCardOp(message: Message, op: DamageOp): Promise<boolean> {
  const user = game.user;
  if (!user || !readCard(message)) return false;
  return hereOrAsGM(user.isGM, () => gmQueue(() => performDamageOp(message, op, user)), DAMAGE_OP, {
    messageId: message.id ?? "",
    ...op,
  });
}

const selected = (button: HTMLElement, name: string): number => {
  const select = button
    .closest(".pv-t-damage-card")
    ?.querySelector<HTMLSelectElement>(`select[name=${name}]`);
  const n = Number(select?.value ?? 0);
  return Number.isInteger(n) && n >= 0 ? n : 0;
};

/** Register the card, its buttons, the GM's side and its ledger description. Call once at init. */
export function registerDamageCard(): void {
  const targetOwner = (message: Message, user: AnyUser) =>
    owns(sync<AnyActor>(readCard(message)?.target?.actorUuid), user);
  registerChatAction(DAMAGE_ACTIONS.apply, {
    permission: targetOwner,
    handler: (message, button) =>
      damageCardOp(message, {
        op: "apply",
        levels: selected(button, "levels"),
        essenceLevels: selected(button, "essenceLevels"),
      }),
  });
  registerChatAction(DAMAGE_ACTIONS.undo, {
    permission: targetOwner,
    handler: (message) => damageCardOp(message, { op: "undo" }),
  });
  registerGMHandler(DAMAGE_OP, async (payload: Payload, requester) => {
    const op = parseDamageOp(payload);
    const { message } = requestedCard(payload, readCard);
    await performDamageOp(message, op, requester);
  });
  // Every change after the roll is the GM's and recorded anew (restampCard): the whole card is stable.
  registerCardLedger(DAMAGE_CARD, async (message) => {
    const card = readCard(message);
    if (!card) return null;
    const faces = rolledFaces(message);
    return {
      subjects: [card.attacker.actorUuid, ...(card.target ? [card.target.actorUuid] : [])],
      stable: { card, faces },
      ...((await agreesWithWeapon(card, faces, message.author ?? null))
        ? {}
        : { bad: "POLYVERSE.Relay.WeaponMismatch" }),
    };
  });
  registerCard(DAMAGE_CARD_KIND);
}
