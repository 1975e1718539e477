/**
 * The `tales-test` card's buttons (core chat actions: they work after a reload).
 *
 * For the owner of the actor who rolled: *Spend 1 Essence for the success* (a 6 on a failure where
 * the rules offer it, Elite Gear's near miss), *+d6 for 1 Essence* (Edge, while the last die shows a
 * 6), *Re-roll (Lucky)* (once per game: `uses.lucky`), *Re-roll (Elite Tools)* (once per test), and
 * *Use the N* (another of several dice). For the owner of an opposed test's opponent: *Roll for
 * <name>* (their attribute + skill at their wound level, rolled on their side, never by the
 * attacker's client), then *<name>: spend 1 Essence* when their 6 offers it.
 *
 * Each is carried out here when this user may update the card and the actor it changes (the card's
 * author who owns that actor, or a GM), else by the GM (`tales.testCardOp`), who checks the
 * requester owns that actor, holds a player's card to its ledger entry (`verifiedEntry`) and does
 * each at most once (the card's state and the entry's done marks). The GM rolls the dice itself and
 * works out every offer from the card's rolled state and the documents (test-state-logic.ts), never
 * from numbers a player wrote. The opponent's roll, which the card's author cannot write, is part of
 * what the ledger holds the card to: the GM records the card anew after writing it.
 */
import { registerCard, saveCard } from "../../../core/cards";
import { applyChange, pendingOf, registerChangePolicy } from "../../../core/changes";
import { registerChatAction } from "../../../core/chat";
import { ledgerEntry, markDone, registerCardLedger, restampCard, verifiedEntry } from "../../../core/ledger";
import type { LedgerEntry } from "../../../core/ledger-logic";
import { hereOrAsGM, registerGMHandler, requestedCard } from "../../../core/relay";
import { oneOf, onlyKeys, refuse, wholeNumber, type Payload } from "../../../core/relay-logic";
import { showDice } from "../../../core/rolls/post";
import { TALES_CHANGE_POLICY } from "../base/change-policy";
import { talesSetting } from "../base/settings";
import { livingSystem } from "../data/systems";
import { effectiveAttribute, effectiveSkill, testDiceCount } from "../rules";
import { TEST_CARD_KIND, actorNow, rollOf, talesActor, talesActorSync, testCardOf } from "./card";
import { essenceChange, luckyChange, pendingProblem } from "./changes-logic";
import { TEST_CARD, stableCard, type TalesTestCard } from "./messages-logic";
import type { TalesTestOptions } from "./roll-logic";
import { TalesRoll } from "./tales-roll";
import { testOffers, testState, type TestOffers } from "./test-state-logic";

type Message = ChatMessage.Implementation;
type AnyActor = Actor.Implementation;
type AnyUser = User.Implementation;

/** The GM request that carries out a button for a user who may not (`{ messageId, op, index? }`). */
export const TEST_CARD_OP = "tales.testCardOp";
const KEY = "POLYVERSE.Tales.Roll.Relay";

export const TEST_CARD_OPS = [
  "essence",
  "edge",
  "lucky",
  "eliteTools",
  "choose",
  "opponentRoll",
  "opponentEssence",
] as const;
export type TestCardOp =
  { op: Exclude<(typeof TEST_CARD_OPS)[number], "choose"> } | { op: "choose"; index: number };

/** Whether an operation is the opponent's (else the actor's who rolled). */
const opponentsOp = (op: TestCardOp) => op.op === "opponentRoll" || op.op === "opponentEssence";

const owns = (actor: AnyActor, user: AnyUser) => user.isGM || actor.testUserPermission(user, "OWNER");

/** The ledger entry a GM holds a player's card to, or null (a GM's card; this client acting for itself). */
async function entryFor(message: Message, user: AnyUser): Promise<LedgerEntry | null> {
  if (!game.user?.isGM || message.author?.isGM) return null;
  if (user.isGM && !ledgerEntry(message.id)) return null;
  return verifiedEntry(message);
}

/** The card, its test's options and the actor an operation changes, checked; refuses otherwise. */
async function opContext(message: Message, op: TestCardOp, user: AnyUser) {
  const card = testCardOf(message);
  const read = rollOf(message)?.read ?? null;
  if (!card || !read || read.options.type !== "test" || !message.id) refuse(`${KEY}.NoCard`);
  const options = read.options;
  const uuid = opponentsOp(op) ? options.opponent?.uuid : card.actorUuid;
  if (!uuid) refuse("POLYVERSE.Relay.Malformed");
  const entry = await entryFor(message, user);
  const actor = await talesActor(uuid);
  if (!actor)
    refuse(`${KEY}.Gone`, { name: opponentsOp(op) ? (options.opponent?.name ?? "") : card.actorName });
  if (!owns(actor, user)) refuse(`${KEY}.NotYours`);
  const state = testState(options, read.faces, card);
  if (!state) refuse(`${KEY}.Unreadable`);
  const other = opponentsOp(op) ? await talesActor(card.actorUuid) : await talesActor(options.opponent?.uuid);
  const offers = opponentsOp(op)
    ? testOffers(state, card, actorNow(other), actorNow(actor))
    : testOffers(state, card, actorNow(actor), actorNow(other));
  return { card, options, faces: read.faces, entry, actor, state, offers, messageId: message.id };
}

/** The key an operation is marked done under in the ledger (Edge dice each by their place). */
const doneKey = (op: TestCardOp, card: TalesTestCard) =>
  op.op === "edge" ? `edge:${card.edgeDice?.length ?? 0}` : op.op === "choose" ? null : op.op;

function offered(op: TestCardOp, offers: TestOffers): boolean {
  if (op.op === "choose") return offers.choose.includes(op.index);
  return offers[op.op];
}

/** The opponent's roll: their traits at their wound level, their dice (Skill Expert: two). */
async function rollOpponent(opponent: AnyActor, options: TalesTestOptions) {
  const side = options.opponent!;
  const system = livingSystem(opponent);
  const rule = { criticalWoundRule: talesSetting("criticalWoundRule") };
  const wound = system.health.level;
  const attributeValue = effectiveAttribute(Math.max(0, system.attributes[side.attribute] ?? 0), wound, rule);
  const skillValue = side.skill
    ? effectiveSkill(Math.max(0, system.skills[side.skill] ?? 0), wound, rule)
    : 0;
  const expert =
    side.skill !== null &&
    opponent.items.some(
      (i) =>
        i.type === "tales-advantage" &&
        (i.system as { key?: unknown; skill?: unknown }).key === "skillExpert" &&
        (i.system as { skill?: unknown }).skill === side.skill,
    );
  const { roll, faces } = await TalesRoll.rollDice(testDiceCount({ skillExpert: expert }));
  return {
    roll,
    opponentRoll: { attributeValue, skillValue, bonus: attributeValue + skillValue, faces, essence: false },
  };
}

/**
 * One button's operation for `user` (this user, or the player whose request the GM received):
 * checked, at most once, then the dice rolled, the documents changed and the card saved. Refuses
 * (`refuse`) otherwise.
 */
export async function performOp(message: Message, op: TestCardOp, user: AnyUser): Promise<void> {
  const c = await opContext(message, op, user);
  const { card, options, entry, actor } = c;
  const key = doneKey(op, card);
  if (key && entry?.done.includes(key)) refuse(`${KEY}.AlreadyDone`);
  if (!offered(op, c.offers)) refuse(`${KEY}.NotOffered`);
  // Marked done before anything changes: a later request never does it twice.
  const done = () => (entry && key ? markDone(c.messageId, [key]) : Promise.resolve());
  const who = { uuid: actor.uuid, name: actor.name ?? "" };
  switch (op.op) {
    case "choose":
      return saveCard(message, TEST_CARD, { ...card, chosen: op.index });
    case "essence":
      await done();
      await applyChange(actor, essenceChange(who));
      return saveCard(message, TEST_CARD, { ...card, essence: true });
    case "edge": {
      const { roll, faces } = await TalesRoll.rollDice(1);
      await done();
      await applyChange(actor, essenceChange(who));
      await saveCard(message, TEST_CARD, { ...card, edgeDice: [...(card.edgeDice ?? []), ...faces] });
      return showDice(roll);
    }
    case "lucky":
    case "eliteTools": {
      const { roll, faces } = await TalesRoll.rollDice(options.dice);
      await done();
      if (op.op === "lucky") await applyChange(actor, luckyChange(who));
      await saveCard(message, TEST_CARD, {
        ...card,
        rerolls: [...(card.rerolls ?? []), { by: op.op, faces }],
        chosen: null,
      });
      return showDice(roll);
    }
    case "opponentRoll": {
      const { roll, opponentRoll } = await rollOpponent(actor, options);
      await done();
      await saveCard(message, TEST_CARD, { ...card, opponentRoll });
      if (entry) await restampCard(message);
      return showDice(roll);
    }
    case "opponentEssence":
      await done();
      await applyChange(actor, essenceChange(who));
      await saveCard(message, TEST_CARD, { ...card, opponentRoll: { ...card.opponentRoll!, essence: true } });
      if (entry) await restampCard(message);
      return;
  }
}

/** Carry a button out here when this user may update the card and the actor, else ask the GM. */
export async function cardOp(message: Message, op: TestCardOp): Promise<boolean> {
  const user = game.user;
  const card = testCardOf(message);
  if (!user || !card) return false;
  const read = rollOf(message)?.read;
  const uuid =
    opponentsOp(op) && read?.options.type === "test" ? read.options.opponent?.uuid : card.actorUuid;
  const actor = await talesActor(uuid);
  const local = user.isGM || (message.isAuthor && Boolean(actor?.canUserModify(user, "update")));
  return hereOrAsGM(local, () => performOp(message, op, user), TEST_CARD_OP, {
    messageId: message.id ?? "",
    ...op,
  });
}

/** A request's operation, every field checked. */
function parseOp(payload: Payload): TestCardOp {
  onlyKeys(payload, ["messageId", "op", "index"]);
  const op = oneOf(payload.op, TEST_CARD_OPS);
  if (op === "choose") return { op, index: wholeNumber(payload.index, 0, 5) };
  if (payload.index !== undefined) refuse("POLYVERSE.Relay.Malformed");
  return { op };
}

/** Who sees a side's buttons: the owner of the actor who rolled, or of the opponent (and the GM). */
function sideOwner(opponent: boolean) {
  return (message: Message, user: AnyUser): boolean => {
    const card = testCardOf(message);
    const read = rollOf(message)?.read;
    const uuid = opponent
      ? read?.options.type === "test"
        ? read.options.opponent?.uuid
        : null
      : card?.actorUuid;
    return Boolean(talesActorSync(uuid)?.testUserPermission(user, "OWNER"));
  };
}

/**
 * Register the card (drawn from its data), its buttons, the GM's side of them, its ledger
 * description and the change policy. Call once at init (the descriptor's `registerHooks`).
 */
export function registerTestCards(): void {
  registerCard(TEST_CARD_KIND);
  registerChangePolicy("tales", TALES_CHANGE_POLICY);
  const actorSide = sideOwner(false);
  const opponentSide = sideOwner(true);
  const action = (name: string, op: TestCardOp["op"], permission: typeof actorSide) =>
    registerChatAction(name, {
      permission,
      handler: (message, button) =>
        cardOp(
          message,
          op === "choose" ? { op, index: Number(button.dataset.index) } : ({ op } as TestCardOp),
        ),
    });
  action("tales.spendEssence", "essence", actorSide);
  action("tales.edgeDie", "edge", actorSide);
  action("tales.luckyReroll", "lucky", actorSide);
  action("tales.eliteReroll", "eliteTools", actorSide);
  action("tales.chooseDie", "choose", actorSide);
  action("tales.opponentRoll", "opponentRoll", opponentSide);
  action("tales.opponentEssence", "opponentEssence", opponentSide);
  registerGMHandler(TEST_CARD_OP, async (payload, requester) => {
    const op = parseOp(payload);
    const { message } = requestedCard(payload, testCardOf);
    await performOp(message, op, requester);
  });
  // What never changes after the roll: the roll (its set-up and dice), who rolled, the opponent's
  // roll once the GM wrote it. The player's own choices come later and are marked done in the entry.
  registerCardLedger(TEST_CARD, (message) => {
    const card = testCardOf(message);
    if (!card) return null;
    const read = rollOf(message)?.read ?? null;
    const pending = pendingOf(message);
    const bad = !read
      ? `${KEY}.Unreadable`
      : read.options.type === "test"
        ? pendingProblem(pending, card.actorUuid, read.options)
        : pending.length
          ? `${KEY}.Unjustified`
          : null;
    const opponent = read?.options.type === "test" ? read.options.opponent?.uuid : undefined;
    return {
      subjects: [card.actorUuid, ...(opponent ? [opponent] : [])],
      stable: { card: stableCard(card), roll: read },
      ...(bad ? { bad } : {}),
    };
  });
}
