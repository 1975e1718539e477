/**
 * The `xero-sum-check` card's buttons (core chat actions: they work after a reload).
 *
 * For the owner of the actor who rolled: *Re-roll the N with an Insight Die* (one of the check's two
 * dice) and *Re-roll both* ("remove one or both of the original dice and replace them with an
 * Insight Dice, which are then rolled fresh"), each die at most once, at the cost the roll was made
 * under (`insightReplaceCost`), the check classified afresh and the Moment's die given if the fresh
 * dice make the check's first Moment. For the owner of an opposed check's opponent: *Roll for
 * <name>* (their check, the traits the card names, with their own CMods and Insight use chosen in the
 * dialog, against the roller's total).
 *
 * A player's card is carried out by the GM (`xeroSum.checkCardOp`): the GM checks the requester owns
 * the actor the operation changes, holds the card to its ledger entry (every part of it: only the GM
 * writes it after the roll, then records it anew), does each operation at most once (the card's state
 * and the entry's done marks), rolls the dice itself and works every number out from the card's
 * rolled state and the documents. A GM does it on its own client; with no GM connected, the card's
 * author who owns the actor does (that card is then held to nothing a GM recorded).
 */
import { actorOfTypes, ownsActor } from "../../../core/actor-lookup";
import { registerCard, saveCard } from "../../../core/cards";
import { applyChange, pendingOf, registerChangePolicy } from "../../../core/changes";
import { registerChatAction } from "../../../core/chat";
import { localize } from "../../../core/i18n";
import { entryForActing, markDone, registerCardLedger, restampCard } from "../../../core/ledger";
import { registerGMHandler, requestedCard } from "../../../core/relay";
import { actOnCard, refuseDone } from "../../../core/card-ops";
import { RelayRefusal, oneOf, onlyKeys, refuse, wholeNumber, type Payload } from "../../../core/relay-logic";
import { chooseRoll } from "../../../core/roll-dialog";
import type { HookCaller } from "../../../core/rolls/pipeline-logic";
import { showDice } from "../../../core/rolls/post";
import { XERO_SUM_CHANGE_POLICY } from "../base/change-policy";
import { LIVING_TYPES } from "../data/systems";
import { CHECK_CARD_KIND, checkCardOf, checkResultOf, rollOf, xeroSumActor, xeroSumActorSync } from "./card";
import { checkActor, checkSettings } from "./check-actor";
import { ledgerDescription } from "./check-ledger";
import { checkPlan, startState, type CheckDialogInput, type CheckDialogState } from "./check-plan-logic";
import { checkState, insightChange, momentGain, replaceOptions } from "./check-state-logic";
import { registerCheckPenalty, usePenalty } from "./check-penalty";
import { checkPenalty } from "./check-penalty-logic";
import { rollReplacement, settleReplacement } from "./insight";
import { REPLACE_DICE, type ReplaceDice } from "./insight-logic";
import { checkDialogModel } from "./dialog-logic";
import { CHECK_CARD } from "./messages-logic";
import type { CheckOpponent } from "./roll-logic";
import { XeroSumRoll } from "./xero-sum-roll";

type Message = ChatMessage.Implementation;
type AnyActor = Actor.Implementation;
type AnyUser = User.Implementation;

/** The GM request that carries out a button for a user who may not (`{ messageId, op, ... }`). */
export const CHECK_CARD_OP = "xeroSum.checkCardOp";
const KEY = "POLYVERSE.XeroSum.Roll.Relay";

/** Which dice a replacement names, as the button and the request carry them. */
const DICE = REPLACE_DICE;

/** The opponent's choices in their dialog, as a request carries them. */
export interface OpponentChoice {
  insight: "" | "extraDie" | "plusThree";
  situation: number;
  other: number;
  otherLabel: string;
  gear: boolean[];
  relationship: number;
}

export type CheckCardOp =
  { op: "replace"; dice: (typeof DICE)[number] } | ({ op: "opponentRoll" } & OpponentChoice);

/** The card, its roll and where it stands, checked; refuses otherwise. */
async function cardContext(message: Message, user: AnyUser) {
  const card = checkCardOf(message);
  const read = rollOf(message)?.read ?? null;
  if (!card || !message.id) refuse(`${KEY}.NoCard`);
  if (!read) refuse(`${KEY}.Unreadable`);
  const state = checkState(read, card);
  if (!state) refuse(`${KEY}.Unreadable`);
  const entry = await entryForActing(message, user);
  return { card, read, state, entry, messageId: message.id };
}

/** Replace one or both of the check's dice with Insight Dice, rolled fresh (insight.ts). */
async function performReplace(message: Message, dice: ReplaceDice, user: AnyUser): Promise<void> {
  const { card, read, state, entry } = await cardContext(message, user);
  const rolled = await rollReplacement({
    actor: await xeroSumActor(card.actorUuid),
    actorName: card.actorName,
    user,
    dice,
    offers: replaceOptions(state, read.options.replaceCost),
    replaceCost: read.options.replaceCost,
    done: entry?.done,
  });
  const next = { ...card, replacements: [...(card.replacements ?? []), rolled.replacement] };
  const after = checkState(read, next);
  if (!after) refuse(`${KEY}.Unreadable`);
  const gain = momentGain(after, card);
  await settleReplacement(message, entry, rolled, gain, () =>
    saveCard(message, CHECK_CARD, gain ? { ...next, gained: true } : next),
  );
}

/** The opponent's check as their dialog state (validated against their actor). */
function opponentInput(opponent: AnyActor, side: CheckOpponent, roller: { name: string; total: number }) {
  const input: CheckDialogInput = {
    actor: checkActor(opponent),
    settings: checkSettings(),
    choice: {
      kind: side.kind,
      ...(side.attribute ? { attribute: side.attribute } : {}),
      ...(side.skill ? { skill: side.skill } : {}),
    },
    lockTraits: true,
    against: roller,
  };
  return input;
}

function opponentState(input: CheckDialogInput, choice: OpponentChoice): CheckDialogState {
  const start = startState(input);
  if (choice.gear.length && choice.gear.length !== start.gear.length) refuse("POLYVERSE.Relay.Malformed");
  if (choice.relationship >= input.actor.relationships.length) refuse("POLYVERSE.Relay.Malformed");
  return {
    ...start,
    situation: choice.situation,
    other: choice.other,
    otherLabel: choice.otherLabel,
    insight: choice.insight,
    relationship: choice.relationship,
    ...(choice.gear.length ? { gear: [...choice.gear] } : {}),
  };
}

/** Roll an opposed check's other side for its owner. */
async function performOpponentRoll(message: Message, choice: OpponentChoice, user: AnyUser): Promise<void> {
  const { card, read, state, entry, messageId } = await cardContext(message, user);
  const side = read.options.opposed;
  if (!side) refuse(`${KEY}.NotOffered`);
  if (card.opponentRoll) refuse(`${KEY}.AlreadyDone`);
  refuseDone(entry?.done, ["opponentRoll"], `${KEY}.AlreadyDone`);
  const opponent = await xeroSumActor(side.uuid);
  if (!opponent) refuse(`${KEY}.Gone`, { name: side.name });
  if (!ownsActor(opponent, user)) refuse(`${KEY}.NotYours`);
  const input = opponentInput(opponent, side, { name: card.actorName, total: state.result.total });
  const plan = checkPlan(input, opponentState(input, choice));
  const problem = plan.problems[0];
  if (problem) refuse(problem.key, problem.data ?? {});
  const { roll, faces } = await XeroSumRoll.rollDice(plan.dice);
  const moment = checkState(read, {
    ...card,
    opponentRoll: { parts: plan.parts, modifier: plan.modifier, insight: plan.insight, faces, gained: false },
  })?.opponent?.moment;
  const gained = Boolean(moment) && read.options.opposedInsight;
  if (entry) await markDone(messageId, ["opponentRoll"]);
  const who = { uuid: opponent.uuid, name: opponent.name ?? "" };
  for (const change of insightChange(who, (gained ? 1 : 0) - plan.insightCost))
    await applyChange(opponent, change);
  await saveCard(message, CHECK_CARD, {
    ...card,
    opponentRoll: { parts: plan.parts, modifier: plan.modifier, insight: plan.insight, faces, gained },
  });
  if (entry) await restampCard(message);
  await showDice(roll);
  // The opponent's own Cover Fire penalty, taken by their side of the check, is used up.
  const taken = checkPenalty(plan);
  if (taken)
    await usePenalty(opponent, taken).catch((error: unknown) => {
      if (!(error instanceof RelayRefusal)) throw error;
    });
}

/**
 * One button's operation for `user` (this user, or the player whose request the GM received):
 * checked, at most once, then the dice rolled, the documents changed and the card saved; then the
 * `polyverse.xeroSumCheckChanged` hook with the message and its result now. Refuses otherwise.
 */
export async function performOp(message: Message, op: CheckCardOp, user: AnyUser): Promise<void> {
  if (op.op === "replace") await performReplace(message, op.dice, user);
  else await performOpponentRoll(message, op, user);
  (Hooks as unknown as HookCaller).callAll("polyverse.xeroSumCheckChanged", message, checkResultOf(message));
}

/** The actor an operation changes: the roller's, or the opponent's. */
function actorUuidOf(message: Message, op: CheckCardOp["op"]): string | null {
  if (op === "opponentRoll") return rollOf(message)?.read?.options.opposed?.uuid ?? null;
  return checkCardOf(message)?.actorUuid ?? null;
}

/**
 * Carry a button out here when this user is a GM (or, with no GM connected, the card's author who
 * owns the actor), else ask the GM.
 */
export async function cardOp(message: Message, op: CheckCardOp): Promise<boolean> {
  if (!checkCardOf(message)) return false;
  const actor = await actorOfTypes(actorUuidOf(message, op.op), LIVING_TYPES);
  return actOnCard(message, actor, (user) => performOp(message, op, user), CHECK_CARD_OP, { ...op });
}

/** The opponent's owner chooses their CMods and Insight use in the check dialog, then rolls. */
async function askOpponentRoll(message: Message, event: MouseEvent): Promise<boolean> {
  const card = checkCardOf(message);
  const read = rollOf(message)?.read;
  const side = read?.options.opposed;
  const state = read && card ? checkState(read, card) : null;
  const opponent = xeroSumActorSync(side?.uuid);
  if (!card || !side || !state || !opponent) return false;
  const input = opponentInput(opponent, side, { name: card.actorName, total: state.result.total });
  const chosen = await chooseRoll(checkDialogModel(input, localize), { event });
  if (!chosen) return false;
  const s = chosen.state;
  return cardOp(message, {
    op: "opponentRoll",
    insight: s.insight,
    situation: s.situation,
    other: s.other,
    otherLabel: s.otherLabel,
    gear: [...s.gear],
    relationship: s.relationship,
  });
}

/** A request's operation, every field checked. */
export function parseOp(payload: Payload): CheckCardOp {
  const op = oneOf(payload.op, ["replace", "opponentRoll"] as const);
  if (op === "replace") {
    onlyKeys(payload, ["messageId", "op", "dice"]);
    return { op, dice: oneOf(payload.dice, DICE) };
  }
  onlyKeys(payload, [
    "messageId",
    "op",
    "insight",
    "situation",
    "other",
    "otherLabel",
    "gear",
    "relationship",
  ]);
  const label = payload.otherLabel;
  const gear = payload.gear;
  if (typeof label !== "string" || label.length > 100) refuse("POLYVERSE.Relay.Malformed");
  if (!Array.isArray(gear) || gear.length > 50 || !gear.every((g) => typeof g === "boolean"))
    refuse("POLYVERSE.Relay.Malformed");
  return {
    op,
    insight: oneOf(payload.insight, ["", "extraDie", "plusThree"] as const),
    situation: wholeNumber(payload.situation, -5, 5),
    other: wholeNumber(payload.other, -10, 10),
    otherLabel: label,
    gear: gear as boolean[],
    relationship: wholeNumber(payload.relationship, -1, 99),
  };
}

/** Who sees a side's buttons: the owner of the actor who rolled, or of the opponent (and the GM). */
function sideOwner(op: CheckCardOp["op"]) {
  return (message: Message, user: AnyUser): boolean =>
    ownsActor(xeroSumActorSync(actorUuidOf(message, op)), user);
}

/**
 * Register the card (drawn from its data), its buttons, the GM's side of them, its ledger
 * description and the change policy. Call once at init (the descriptor's `registerHooks`).
 */
export function registerXeroSumChecks(): void {
  registerCard(CHECK_CARD_KIND);
  registerChangePolicy("xero-sum", XERO_SUM_CHANGE_POLICY);
  registerCheckPenalty();
  registerChatAction("xeroSum.replaceDice", {
    permission: sideOwner("replace"),
    handler: (message, button) => {
      const dice = DICE.find((d) => d === button.dataset.dice);
      return dice ? cardOp(message, { op: "replace", dice }) : false;
    },
  });
  registerChatAction("xeroSum.opponentRoll", {
    permission: sideOwner("opponentRoll"),
    handler: (message, _button, event) => askOpponentRoll(message, event),
  });
  registerGMHandler(CHECK_CARD_OP, async (payload, requester) => {
    const op = parseOp(payload);
    const { message } = requestedCard(payload, checkCardOf);
    await performOp(message, op, requester);
  });
  registerCardLedger(CHECK_CARD, (message) => ledgerDescription(message, pendingOf(message)));
}
