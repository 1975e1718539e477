/**
 * The `virtually-real-check` card's buttons (core chat actions: they work after a reload).
 *
 * For the owner of the actor who rolled: *Roll the explosion* (a brilliant result: "Roll another
 * die ... keep rolling as long as you get 6s"; on [1] first the die that confirms it) and *Take a
 * mulligan* (defend an intimacy, pay light, re-roll with as many advantage dice; once per roll). For
 * the owner of an opposed check's opponent: *Roll for <name>* (their side, the check the card names,
 * with their own situational dice chosen in the dialog; their explosion rolled with it).
 *
 * A player's card is carried out by the GM (`virtuallyReal.checkCardOp`): the GM checks the requester
 * owns the actor the operation is for, holds the card to its ledger entry (every part of it: only
 * the GM writes it after the roll, then records it anew), does each operation at most once (the
 * card's state and the entry's done marks), rolls the dice itself and works every number out from
 * the card's rolled state and the documents; the marks the new result earns (a brilliant's XP, Basic
 * Combat Training's failure) are given once, held to the change policy. A GM does it on its own
 * client; with no GM connected, the card's author who owns the actor does.
 */
import { actorOfTypes, ownsActor } from "../../../core/actor-lookup";
import { actOnCard } from "../../../core/card-ops";
import { registerCard } from "../../../core/cards";
import { pendingOf, registerChangePolicy } from "../../../core/changes";
import { registerChatAction } from "../../../core/chat";
import { localize } from "../../../core/i18n";
import { markDone, registerCardLedger } from "../../../core/ledger";
import { registerGMHandler, requestedCard } from "../../../core/relay";
import { oneOf, onlyKeys, refuse, wholeNumber, type Payload } from "../../../core/relay-logic";
import { RollDialog } from "../../../core/roll-dialog";
import { chooseRoll } from "../../../core/roll-dialog";
import type { HookCaller } from "../../../core/rolls/pipeline-logic";
import { VIRTUALLY_REAL_CHANGE_POLICY } from "../base/change-policy";
import { LIVING_TYPES, livingSystem } from "../data/systems";
import { EMOTIONAL_TARGETS, INTIMACY_LEVELS } from "../rules";
import {
  CHECK_CARD_KIND,
  checkCardOf,
  checkResultOf,
  rollOf,
  addReaderExtras,
  virtuallyRealActor,
  virtuallyRealActorSync,
} from "./card";
import {
  CHECK_CARD,
  DYING_ANSWERS,
  checkState,
  mulliganInput,
  resolvePool,
  rollExplosion,
  type CheckState,
  type DyingAnswer,
  type ExplosionDice,
  type VirtuallyRealCheckCard,
} from "./card-state-logic";
import {
  cardContext,
  giveMarks,
  KEY,
  refuseDone,
  rollMulligan,
  rollerFor,
  settle,
  stateOptions,
} from "./card-acting";
import { checkActor, checkSettings } from "./check-actor";
import { CHOSEN_CRIT_SOURCES } from "./check-input-logic";
import { ledgerDescription } from "./check-ledger";
import {
  MAX_CRIT_COUNT,
  MAX_LUCK,
  MAX_SITUATION_DICE,
  checkDialogModel,
  dialogPlan,
  startState,
  type CheckDialogInput,
  type CheckDialogState,
} from "./dialog-logic";
import {
  askOf,
  forceAskOf,
  forceDialogModel,
  mulliganDialogModel,
  mulliganOf,
  towardRoller,
  type ForceAsk,
  type ForcerActor,
  type MulliganAsk,
} from "./mulligan-logic";
import {
  forcerOf,
  performAllowRetry,
  performDying,
  performFeatRetry,
  performForce,
  performRetry,
  readerExtras,
} from "./card-extras";
import { planOf, type CheckOpponent } from "./roll-logic";
import { VirtuallyRealRoll } from "./virtually-real-roll";

type Message = ChatMessage.Implementation;
type AnyActor = Actor.Implementation;
type AnyUser = User.Implementation;

/** The GM request that carries out a button for a user who may not (`{ messageId, op, ... }`). */
export const CHECK_CARD_OP = "virtuallyReal.checkCardOp";

/** The opponent's choices in their dialog, as a request carries them. */
export interface OpponentChoice {
  advantage: number;
  disadvantage: number;
  luck: number;
  critOther: number;
  crit: Partial<Record<(typeof CHOSEN_CRIT_SOURCES)[number], number>>;
  use: "" | "defensive" | "aggressive";
  careful: 0 | 1 | 2;
}

export type CheckCardOp =
  | { op: "explode" | "retry" | "allowRetry" | "featRetry" }
  | ({ op: "mulligan" } & MulliganAsk)
  | ({ op: "opponentRoll" } & OpponentChoice)
  | ({ op: "force" } & ForceAsk)
  | { op: "dying"; answer: DyingAnswer };

/** Roll a brilliant's explosion to its end (the [1] confirmation first). */
async function performExplode(message: Message, user: AnyUser, alone: boolean): Promise<void> {
  const { card, read, state, entry, messageId } = await cardContext(message, user, alone);
  const actor = await rollerFor(card, user);
  if (state.result.diceNeeded === 0) refuse(`${KEY}.NotOffered`);
  const key = card.mulligan ? "explode:mulligan" : "explode";
  refuseDone(entry?.done, [key]);
  const resolve = (explosion: ExplosionDice) =>
    resolvePool(state.input, state.faces, explosion, state.dl, read.options.settings);
  const { value: explosion, roll } = await VirtuallyRealRoll.rollOneByOne((die) =>
    rollExplosion(resolve, state.explosion, die),
  );
  const next: VirtuallyRealCheckCard = card.mulligan
    ? { ...card, mulligan: { ...card.mulligan, explosion } }
    : { ...card, explosion };
  const after = checkState(read, next, stateOptions(read.options.opposed?.ties));
  if (!after) refuse(`${KEY}.Unreadable`);
  if (entry) await markDone(messageId, [key]);
  await settle(message, await giveMarks(actor, after, next), Boolean(entry), [roll]);
}

/** The intimacies as stored, for an update that adds or lowers one. */
type StoredIntimacy = Record<string, unknown> & { level?: unknown };

/** Take the mulligan: pay the light, note the intimacy, re-roll with its advantage dice. */
async function performMulligan(
  message: Message,
  ask: MulliganAsk,
  user: AnyUser,
  alone: boolean,
): Promise<void> {
  const { card, read, entry, messageId } = await cardContext(message, user, alone);
  const actor = await rollerFor(card, user);
  refuseDone(entry?.done, ["mulligan"]);
  // A strength feat retried: the mulligan was the first roll's, before any retry.
  if (card.feat?.length) refuse(`${KEY}.NotOffered`);
  const system = livingSystem(actor);
  const stored = system.intimacies.map((i) => ({ ...i })) as unknown as StoredIntimacy[];
  const done = mulliganOf(
    {
      auraCapacity: system.attributes.aura.capacity,
      light: system.light.value,
      intimacies: system.intimacies.map((i) => ({ name: i.name, target: i.target, level: i.level })),
    },
    ask,
    Boolean(card.mulligan),
  );
  if (!done.ok) refuse(done.refusal.key, done.refusal.data ?? {});
  const { spend, intimacy, declared, lowered } = done.value;
  const plan = planOf(mulliganInput(read.options.input, { light: spend.dice }), read.options.settings);
  if (!plan) refuse(`${KEY}.TooManyDice`);
  const { roll, next, after } = await rollMulligan(read, card, plan, {
    intimacy: intimacy.name,
    level: spend.level,
    light: spend.light,
    declared,
  });
  if (entry) await markDone(messageId, ["mulligan"]);
  const intimacies = declared
    ? [
        ...stored,
        {
          name: intimacy.name,
          target: intimacy.target,
          polarity: "positive",
          level: "outer",
          basic: false,
          mulligan: true,
        },
      ]
    : lowered
      ? stored.map((i, n) => (n === ask.intimacy ? { ...i, level: spend.level } : i))
      : null;
  await actor.update({
    "system.light.value": Math.max(0, system.light.value - spend.light),
    ...(intimacies ? { "system.intimacies": intimacies } : {}),
  } as never);
  await settle(message, await giveMarks(actor, after, next), Boolean(entry), [roll]);
}

/** The opponent's check as their dialog reads it (what is rolled is the card's). */
function opponentInput(opponent: AnyActor, side: CheckOpponent, state: CheckState): CheckDialogInput {
  const settings = checkSettings();
  const roller = state.result;
  return {
    actor: checkActor(opponent),
    choice: { kind: side.kind, skillId: side.skillId, attribute: side.attribute, save: side.save },
    dl: null,
    label: null,
    check: state.read.options.settings,
    build: settings.build,
    lockSubject: true,
    against: {
      name: state.card.actorName,
      total: roller.total,
      ...(roller.critical || roller.diceNeeded ? {} : { dl: roller.total + (side.ties === "actor" ? 1 : 0) }),
    },
  };
}

function opponentState(input: CheckDialogInput, choice: OpponentChoice): CheckDialogState {
  return {
    ...startState(input),
    advantage: choice.advantage,
    disadvantage: choice.disadvantage,
    luck: choice.luck,
    critOther: choice.critOther,
    crit: { ...choice.crit },
    use: choice.use,
    careful: choice.careful,
  };
}

/** Roll an opposed check's other side for its owner, its explosion with it. */
async function performOpponentRoll(message: Message, choice: OpponentChoice, user: AnyUser): Promise<void> {
  const { card, read, state, entry, messageId } = await cardContext(message, user, false);
  const side = read.options.opposed;
  if (!side) refuse(`${KEY}.NotOffered`);
  if (card.opponentRoll) refuse(`${KEY}.AlreadyDone`);
  refuseDone(entry?.done, ["opponentRoll"]);
  const opponent = await virtuallyRealActor(side.uuid);
  if (!opponent) refuse(`${KEY}.Gone`, { name: side.name });
  if (!ownsActor(opponent, user)) refuse(`${KEY}.NotYours`);
  const input = opponentInput(opponent, side, state);
  const d = dialogPlan(input, opponentState(input, choice));
  const problem = d.problems[0];
  if (problem || !d.plan) refuse(problem?.key ?? `${KEY}.Unreadable`, problem?.data ?? {});
  const { roll, faces } = await VirtuallyRealRoll.rollPool(d.plan);
  const resolve = (explosion: ExplosionDice) =>
    resolvePool(d.built.input, faces, explosion, null, read.options.settings);
  const { value: explosion, roll: exploded } = await VirtuallyRealRoll.rollOneByOne((die) =>
    rollExplosion(resolve, null, die),
  );
  const rolled = explosion.confirmation !== null || explosion.dice.length > 0;
  const next: VirtuallyRealCheckCard = {
    ...card,
    opponentRoll: { input: d.built.input, lines: d.built.lines, faces, explosion: rolled ? explosion : null },
  };
  const after = checkState(read, next, stateOptions(side.ties));
  if (!after) refuse(`${KEY}.Unreadable`);
  if (entry) await markDone(messageId, ["opponentRoll"]);
  // The roller's marks may follow from the total they were against (Basic Combat Training failed).
  const roller = await virtuallyRealActor(card.actorUuid);
  await settle(message, await giveMarks(roller, after, next), Boolean(entry), [roll, exploded]);
}

/**
 * One button's operation for `user` (this user, or the player whose request the GM received):
 * checked, at most once, then the dice rolled, the documents changed and the card saved; then the
 * `polyverse.virtuallyRealCheckChanged` hook with the message and its result now. Refuses otherwise.
 */
export async function performOp(
  message: Message,
  op: CheckCardOp,
  user: AnyUser,
  alone = false,
): Promise<void> {
  if (op.op === "explode") await performExplode(message, user, alone);
  else if (op.op === "mulligan") await performMulligan(message, op, user, alone);
  else if (op.op === "opponentRoll") await performOpponentRoll(message, op, user);
  else if (op.op === "retry") await performRetry(message, user, alone);
  else if (op.op === "allowRetry") await performAllowRetry(message, user);
  else if (op.op === "featRetry") await performFeatRetry(message, user, alone);
  else if (op.op === "force") await performForce(message, op, user);
  else if (op.op === "dying") await performDying(message, op.answer, user, alone);
  (Hooks as unknown as HookCaller).callAll(
    "polyverse.virtuallyRealCheckChanged",
    message,
    checkResultOf(message),
  );
}

/** The actor an operation is for: the roller's, the opponent's, or a forcing character's. */
function actorUuidOf(message: Message, op: CheckCardOp): string | null {
  if (op.op === "opponentRoll") return rollOf(message)?.read?.options.opposed?.uuid ?? null;
  if (op.op === "force") return op.forcer;
  return checkCardOf(message)?.actorUuid ?? null;
}

/**
 * Carry a button out here when this user is a GM (or, with no GM connected, the card's author who
 * owns the actor), else ask the GM.
 */
export async function cardOp(message: Message, op: CheckCardOp): Promise<boolean> {
  if (!checkCardOf(message)) return false;
  const actor = await actorOfTypes(actorUuidOf(message, op), LIVING_TYPES);
  return actOnCard(message, actor, (user, alone) => performOp(message, op, user, alone), CHECK_CARD_OP, {
    ...op,
  });
}

/** The roller's owner chooses the intimacy and its spend in the mulligan dialog, then re-rolls. */
async function askMulligan(message: Message, event: MouseEvent): Promise<boolean> {
  const card = checkCardOf(message);
  const actor = virtuallyRealActorSync(card?.actorUuid);
  if (!card || !actor) return false;
  const system = livingSystem(actor);
  const intimacies = system.intimacies.map((i) => ({ name: i.name, target: i.target, level: i.level }));
  const model = mulliganDialogModel(
    {
      name: actor.name ?? "",
      auraCapacity: system.attributes.aura.capacity,
      light: system.light.value,
      intimacies,
    },
    localize,
  );
  void event;
  const chosen = await RollDialog.wait(model);
  if (!chosen) return false;
  return cardOp(message, { op: "mulligan", ...askOf(chosen.state, intimacies) });
}

/** The opponent's owner chooses their situational dice in the check dialog, then rolls. */
async function askOpponentRoll(message: Message, event: MouseEvent): Promise<boolean> {
  const read = rollOf(message)?.read;
  const card = checkCardOf(message);
  const side = read?.options.opposed;
  const state = read && card ? checkState(read, card, stateOptions(side?.ties)) : null;
  const opponent = virtuallyRealActorSync(side?.uuid);
  if (!side || !state || !opponent) return false;
  const chosen = await chooseRoll(checkDialogModel(opponentInput(opponent, side, state), localize), {
    event,
  });
  if (!chosen) return false;
  const s = chosen.state;
  return cardOp(message, {
    op: "opponentRoll",
    advantage: s.advantage,
    disadvantage: s.disadvantage,
    luck: s.luck,
    critOther: s.critOther,
    crit: Object.fromEntries(Object.entries(s.crit).filter(([, n]) => (n ?? 0) > 0)),
    use: s.use,
    careful: s.careful,
  });
}

/**
 * The characters `user` owns who could force a mulligan on this card's roll: not the roller, holding
 * an intimacy toward them, on a roll the user does not own (the GM's NPCs included for the GM).
 */
export function forcersFor(message: Message, user: AnyUser): ForcerActor[] {
  const card = checkCardOf(message);
  const roller = virtuallyRealActorSync(card?.actorUuid);
  if (!card || !roller || card.mulligan || (!user.isGM && ownsActor(roller, user))) return [];
  const out: ForcerActor[] = [];
  for (const actor of (game.actors ?? []) as Iterable<AnyActor>) {
    if (actor.uuid === roller.uuid || !LIVING_TYPES.includes(actor.type as never)) continue;
    if (user.isGM ? actor.type !== "virtually-real-character" : !ownsActor(actor, user)) continue;
    const forcer = forcerOf(actor);
    if (towardRoller(forcer, roller.name ?? "").length) out.push(forcer);
  }
  return out;
}

/** The forcing player chooses their character's intimacy and its spend, then asks the GM. */
async function askForce(message: Message): Promise<boolean> {
  const user = game.user;
  const card = checkCardOf(message);
  if (!user || !card) return false;
  const forcers = forcersFor(message, user);
  const chosen = await RollDialog.wait(forceDialogModel(forcers, card.actorName, localize));
  if (!chosen) return false;
  const ask = forceAskOf(chosen.state, forcers, card.actorName);
  return cardOp(message, { op: "force", ...ask });
}

const malformed = (): never => refuse("POLYVERSE.Relay.Malformed");

/** A request's operation, every field checked. */
export function parseOp(payload: Payload): CheckCardOp {
  const op = oneOf(payload.op, [
    "explode",
    "mulligan",
    "opponentRoll",
    "retry",
    "allowRetry",
    "force",
    "dying",
    "featRetry",
  ] as const);
  if (op === "explode" || op === "retry" || op === "allowRetry" || op === "featRetry") {
    onlyKeys(payload, ["messageId", "op"]);
    return { op };
  }
  if (op === "dying") {
    onlyKeys(payload, ["messageId", "op", "answer"]);
    return { op, answer: oneOf(payload.answer, DYING_ANSWERS) };
  }
  if (op === "force") {
    onlyKeys(payload, ["messageId", "op", "forcer", "intimacy", "spendAs", "agreed"]);
    if (typeof payload.forcer !== "string" || payload.forcer.length > 200) malformed();
    if (typeof payload.agreed !== "boolean") malformed();
    return {
      op,
      forcer: payload.forcer as string,
      intimacy: wholeNumber(payload.intimacy, 0, 99),
      spendAs: oneOf(payload.spendAs, INTIMACY_LEVELS),
      agreed: payload.agreed as boolean,
    };
  }
  if (op === "mulligan") {
    onlyKeys(payload, ["messageId", "op", "intimacy", "name", "target", "spendAs", "agreed"]);
    if (typeof payload.name !== "string" || payload.name.length > 100) malformed();
    if (typeof payload.agreed !== "boolean") malformed();
    return {
      op,
      intimacy: wholeNumber(payload.intimacy, -1, 99),
      name: payload.name as string,
      target: oneOf(payload.target, EMOTIONAL_TARGETS),
      spendAs: oneOf(payload.spendAs, INTIMACY_LEVELS),
      agreed: payload.agreed as boolean,
    };
  }
  onlyKeys(payload, [
    "messageId",
    "op",
    "advantage",
    "disadvantage",
    "luck",
    "critOther",
    "crit",
    "use",
    "careful",
  ]);
  const crit = payload.crit;
  if (typeof crit !== "object" || crit === null || Array.isArray(crit)) malformed();
  const counts: OpponentChoice["crit"] = {};
  for (const [key, n] of Object.entries(crit as Record<string, unknown>)) {
    const source = CHOSEN_CRIT_SOURCES.find((k) => k === key) ?? malformed();
    counts[source] = wholeNumber(n, 0, MAX_CRIT_COUNT);
  }
  return {
    op,
    advantage: wholeNumber(payload.advantage, 0, MAX_SITUATION_DICE),
    disadvantage: wholeNumber(payload.disadvantage, 0, MAX_SITUATION_DICE),
    luck: wholeNumber(payload.luck, 0, MAX_LUCK),
    critOther: wholeNumber(payload.critOther, 0, MAX_SITUATION_DICE),
    crit: counts,
    use: oneOf(payload.use, ["", "defensive", "aggressive"] as const),
    careful: wholeNumber(payload.careful, 0, 2) as 0 | 1 | 2,
  };
}

/** Who sees a side's buttons: the owner of the actor who rolled, or of the opponent (and the GM). */
function sideOwner(op: "explode" | "mulligan" | "opponentRoll" | "retry" | "dying" | "featRetry") {
  return (message: Message, user: AnyUser): boolean =>
    ownsActor(virtuallyRealActorSync(actorUuidOf(message, { op } as CheckCardOp)), user);
}

/**
 * Register the card (drawn from its data), its buttons, the GM's side of them, its ledger
 * description and the ruleset's change policy. Call once at init (the descriptor's `registerHooks`).
 */
export function registerVirtuallyRealChecks(): void {
  registerCard(CHECK_CARD_KIND);
  addReaderExtras((message, state) =>
    readerExtras(message, state, Boolean(game.user && forcersFor(message, game.user).length)),
  );
  registerChangePolicy("virtually-real", VIRTUALLY_REAL_CHANGE_POLICY);
  registerChatAction("virtuallyReal.explode", {
    permission: sideOwner("explode"),
    handler: (message) => cardOp(message, { op: "explode" }),
  });
  registerChatAction("virtuallyReal.mulligan", {
    permission: sideOwner("mulligan"),
    handler: (message, _button, event) => askMulligan(message, event),
  });
  registerChatAction("virtuallyReal.opponentRoll", {
    permission: sideOwner("opponentRoll"),
    handler: (message, _button, event) => askOpponentRoll(message, event),
  });
  registerChatAction("virtuallyReal.retry", {
    permission: sideOwner("retry"),
    handler: (message) => cardOp(message, { op: "retry" }),
  });
  registerChatAction("virtuallyReal.featRetry", {
    permission: sideOwner("featRetry"),
    handler: (message) => cardOp(message, { op: "featRetry" }),
  });
  registerChatAction("virtuallyReal.allowRetry", {
    permission: (_message, user) => user.isGM,
    handler: (message) => cardOp(message, { op: "allowRetry" }),
  });
  registerChatAction("virtuallyReal.force", {
    permission: (message, user) => forcersFor(message, user).length > 0,
    handler: (message) => askForce(message),
  });
  for (const answer of DYING_ANSWERS)
    registerChatAction(`virtuallyReal.dying.${answer}`, {
      permission: sideOwner("dying"),
      handler: (message) => cardOp(message, { op: "dying", answer }),
    });
  registerGMHandler(CHECK_CARD_OP, async (payload, requester) => {
    const op = parseOp(payload);
    const { message } = requestedCard(payload, checkCardOf);
    await performOp(message, op, requester);
  });
  registerCardLedger(CHECK_CARD, (message) => ledgerDescription(message, pendingOf(message)));
}
