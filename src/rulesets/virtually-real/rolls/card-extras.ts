/**
 * The `virtually-real-check` card's later buttons, carried out by the GM (or, with no GM connected,
 * by the card's author who owns the actor): every number worked out from the card's rolled state and
 * the documents, each at most once (the card's state and its ledger entry's done marks).
 *
 * - *Allow retry* (the GM, world setting `retries` "GM allows") and *Retry* (the roller's owner): a
 *   failed skill check tried again, "at +1 critical" per earlier try; the GM walks the chain back
 *   along the links it wrote, rolls the new check with the same choices and links it.
 * - *Force a mulligan* (a player whose character holds an intimacy toward the roller, on a roll they
 *   do not own): the forcer's light paid (and a Darkness point for a hate), the roller's pool rolled
 *   again by the GM with the intimacy's dice as advantages, or disadvantages for a hate; the same
 *   "once per roll" as the roller's own mulligan.
 * - *Give up a light point* / *Die* (the roller's owner): a Health, Body or Basic Combat Training save
 *   critically failed while Dying (the attack card's save while Dying is answered here too).
 */
import { ownsActor } from "../../../core/actor-lookup";
import { saveCard } from "../../../core/cards";
import { markDone, restampCard } from "../../../core/ledger";
import { refuse } from "../../../core/relay-logic";
import { markDefeated } from "../../../core/statuses";
import { virtuallyRealRulesOptions, virtuallyRealSetting } from "../base/settings";
import { STRENGTH_FEAT_RETRY, conditionRow, spendPool, type ConditionId } from "../rules";
import { livingSystem } from "../data/systems";
import { CARDS_KEY } from "./card-logic";
import { checkCardOf, rollOf, virtuallyRealActor, virtuallyRealActorSync as rollerSync } from "./card";
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
import {
  CHECK_CARD,
  MAX_RETRIES,
  checkState,
  featRetryInput,
  featRetryOffered,
  featStanding,
  mulliganInput,
  resolvePool,
  rollExplosion,
  retryOffers,
  triesBefore,
  type ChainLink,
  type CheckState,
  type DyingAnswer,
  type ExplosionDice,
  type VirtuallyRealCheckCard,
} from "./card-state-logic";
import { rollCheck } from "./check-actions";
import { MAX_CRIT_COUNT } from "./dialog-logic";
import { deadlySaveOf, dyingAnswerChange, dyingAnswers, dyingSave, type DyingResult } from "./dying-logic";
import { forcedOf, type ForceAsk, type ForcerActor } from "./mulligan-logic";
import { planOf } from "./roll-logic";
import { VirtuallyRealRoll } from "./virtually-real-roll";

type Message = ChatMessage.Implementation;
type AnyActor = Actor.Implementation;
type AnyUser = User.Implementation;

// ---- retries -------------------------------------------------------------------------------------

/** A message as a link of a retry chain (null: not a check card). */
export function chainLink(id: string): ChainLink | null {
  const message = game.messages?.get(id);
  const card = message ? checkCardOf(message) : null;
  if (!message?.id || !card) return null;
  return { id: message.id, actorUuid: card.actorUuid, skillId: card.skillId, retry: card.retry ?? null };
}

/** Whether a check card was retried already (a later card links to it). */
export function retriedAlready(messageId: string | null | undefined): boolean {
  if (!messageId) return false;
  for (const m of (game.messages ?? []) as Iterable<Message>)
    if (checkCardOf(m)?.retry?.of === messageId) return true;
  return false;
}

/** Retries being rolled on this client (a GM's card keeps no done marks: a double click waits here). */
const retrying = new Set<string>();

/** What the card offers about retrying now, for the world's setting. */
export const retryOffersOf = (message: Message, state: CheckState) =>
  retryOffers(state, virtuallyRealSetting("retries"), retriedAlready(message.id));

/** The GM allows a retry of a failed check ("the GM may allow a retry"). */
export async function performAllowRetry(message: Message, user: AnyUser): Promise<void> {
  if (!user.isGM) refuse(`${CARDS_KEY}.Refused.GMOnly`);
  const { card, state, entry, messageId } = await cardContext(message, user, false);
  if (!retryOffersOf(message, state).allow) refuse(`${KEY}.NotOffered`);
  const next: VirtuallyRealCheckCard = { ...card, retryAllowed: true };
  await saveCard(message, CHECK_CARD, next);
  if (entry) {
    await markDone(messageId, ["allowRetry"]);
    await restampCard(message);
  }
}

/**
 * Retry a failed skill check: the same check (its skill, DL, situational dice, Luck and +crit) with
 * +1 crit per earlier try, counted by the GM along the chain's links; the new card links to this one.
 */
export async function performRetry(message: Message, user: AnyUser, alone: boolean): Promise<void> {
  const { card, read, state, entry, messageId } = await cardContext(message, user, alone);
  const actor = await rollerFor(card, user);
  if (!retryOffersOf(message, state).retry || retrying.has(messageId)) refuse(`${KEY}.NotOffered`);
  refuseDone(entry?.done, ["retry"]);
  const self = chainLink(messageId);
  const tries = self ? triesBefore(self, chainLink) : null;
  if (tries === null) refuse(`${KEY}.Unjustified`);
  if (entry) await markDone(messageId, ["retry"]);
  // The first try's choices, with its own count of the source, then one more per try since.
  const first = rollOf(chainRoot(message))?.read ?? read;
  const c = first.options.choice;
  const want = (c.crit.retry ?? 0) + tries;
  const crit = { ...c.crit, retry: Math.min(MAX_CRIT_COUNT, want) };
  retrying.add(messageId);
  try {
    await retryCheck(actor, first, {
      crit,
      over: want - crit.retry,
      of: messageId,
      tries,
      rollMode: rollModeOf(message),
    });
  } finally {
    retrying.delete(messageId);
  }
}

/** The roll mode a card was posted with, for its retry (the GM's own default would hide a public try). */
function rollModeOf(message: Message): string {
  const m = message as unknown as { blind?: boolean; whisper?: readonly string[] };
  if (m.blind) return "blindroll";
  return m.whisper?.length ? "gmroll" : "publicroll";
}

/** The first try of a chain the GM checked (`triesBefore`). */
function chainRoot(message: Message): Message {
  let at = message;
  for (let n = 0; n < MAX_RETRIES; n++) {
    const of = checkCardOf(at)?.retry?.of;
    const before = of ? game.messages?.get(of) : null;
    if (!before) return at;
    at = before;
  }
  return at;
}

/** Roll the retry: the same check with its +crit, linked to the try it retries. */
async function retryCheck(
  actor: AnyActor,
  read: CheckState["read"],
  r: { crit: Partial<Record<string, number>>; over: number; of: string; tries: number; rollMode: string },
): Promise<void> {
  const c = read.options.choice;
  await rollCheck(actor, {
    kind: "skill",
    ...(c.skillId ? { skill: c.skillId } : {}),
    ...(c.attribute ? { attribute: c.attribute } : {}),
    ...(read.options.dl === null ? {} : { dl: read.options.dl }),
    advantage: c.advantage,
    disadvantage: c.disadvantage,
    critMod: c.critMod + r.over,
    crit: r.crit,
    ...(c.luck ? { luck: c.luck } : {}),
    ...(c.careful ? { careful: c.careful } : {}),
    ...(read.options.label ? { label: read.options.label } : {}),
    skipDialog: true,
    retry: { of: r.of, count: r.tries },
    rollMode: r.rollMode,
  });
}

// ---- a mulligan forced on another's roll ---------------------------------------------------------

/** A character as the force reads it. */
export function forcerOf(actor: AnyActor): ForcerActor {
  const s = livingSystem(actor);
  return {
    uuid: actor.uuid,
    name: actor.name ?? "",
    light: s.light.value,
    intimacies: s.intimacies.map((i) => ({
      name: i.name,
      target: i.target,
      level: i.level,
      polarity: i.polarity === "negative" ? "negative" : "positive",
    })),
  };
}

/**
 * Force a mulligan on another's roll: the forcer must be the requester's and not the roller, the
 * roll not the requester's (a player's own roll takes their own mulligan), the intimacy the forcer's
 * toward the roller; light (and for a hate a Darkness point) paid from the forcer's documents; the
 * roller's pool rolled again by the GM.
 */
export async function performForce(message: Message, ask: ForceAsk, user: AnyUser): Promise<void> {
  const { card, read, entry, messageId } = await cardContext(message, user, false);
  const roller = await virtuallyRealActor(card.actorUuid);
  if (!roller) refuse(`${KEY}.Gone`, { name: card.actorName });
  if (!user.isGM && ownsActor(roller, user)) refuse(`${CARDS_KEY}.Refused.OwnRoll`);
  const forcer = await virtuallyRealActor(ask.forcer);
  if (!forcer || forcer.uuid === roller.uuid) refuse(`${KEY}.NotOffered`);
  if (!ownsActor(forcer, user)) refuse(`${KEY}.NotYours`);
  refuseDone(entry?.done, ["mulligan"]);
  if (card.feat?.length) refuse(`${KEY}.NotOffered`);
  const done = forcedOf(forcerOf(forcer), ask, roller.name ?? "", Boolean(card.mulligan));
  if (!done.ok) refuse(done.refusal.key, done.refusal.data ?? {});
  const { spend, intimacy, hated, lowered } = done.value;
  const forcedBy = { actorUuid: forcer.uuid, actorName: forcer.name ?? "", hated };
  const plan = planOf(
    mulliganInput(read.options.input, { light: spend.dice, forcer: forcedBy }),
    read.options.settings,
  );
  if (!plan) refuse(`${KEY}.TooManyDice`);
  if (entry) await markDone(messageId, ["mulligan"]);
  const system = livingSystem(forcer);
  const stored = system.intimacies.map((i) => ({ ...i }));
  await forcer.update({
    "system.light.value": Math.max(0, system.light.value - spend.light),
    ...(spend.darkness ? { "system.darkness.points": system.darkness.points + spend.darkness } : {}),
    ...(lowered
      ? { "system.intimacies": stored.map((i, n) => (n === ask.intimacy ? { ...i, level: spend.level } : i)) }
      : {}),
  } as never);
  const { roll, next, after } = await rollMulligan(read, card, plan, {
    intimacy: intimacy.name,
    level: spend.level,
    light: spend.light,
    declared: false,
    forcer: forcedBy,
  });
  await settle(message, await giveMarks(roller, after, next), Boolean(entry), [roll]);
}

/** What the later buttons add to the card's reader (`setReaderExtras`). */
export function readerExtras(
  message: Message,
  state: CheckState,
  forceable: boolean,
): {
  retry: { retry: boolean; allow: boolean };
  force: boolean;
  dyingAnswers: DyingAnswer[];
  featRetry: boolean;
} {
  return {
    retry: retryOffersOf(message, state),
    force: forceable && !state.card.feat?.length,
    featRetry: featRetryOffered(featStanding(state)),
    dyingAnswers: state.card.dying ? [] : dyingAnswers(dyingDueOf(state, rollerSync(state.card.actorUuid))),
  };
}

const currencyOptions = () => virtuallyRealRulesOptions().currency;

// ---- strength feats ------------------------------------------------------------------------------

/** Pay a strength feat retry's Endurance point from the roller's documents (the rules' `spendPool`). */
async function payEndurance(actor: AnyActor): Promise<void> {
  const s = livingSystem(actor);
  const ids = s.conditions.map((c) => c.id).filter((id): id is ConditionId => id !== "");
  const spent = spendPool("endurance", s.endurance, STRENGTH_FEAT_RETRY.endurance, ids, currencyOptions());
  if (!spent.ok) {
    const data = Object.fromEntries(Object.entries(spent.data ?? {}).map(([k, v]) => [k, String(v)]));
    refuse(`POLYVERSE.VirtuallyReal.Character.Refusal.${spent.reason}`, data);
  }
  const update: Record<string, unknown> = { "system.endurance.value": spent.value.value };
  const condition = spent.value.condition;
  if (condition === "winded") update["system.state.winded"] = true;
  else if (condition)
    update["system.conditions"] = [
      ...s.conditions.map((c) => ({ ...c })),
      {
        severity: "critical",
        group: "physical",
        target: "",
        side: "wound",
        id: condition,
        letter: "",
        atNext: conditionRow(condition).atNext ?? "",
      },
    ];
  await actor.update(update as never);
}

/**
 * Retry a strength feat: "Rolls can be retried at +1 critical using another non-combat action and an
 * Endurance point." The GM pays the point from the roller's pool, rolls the pool at +1 crit more than
 * the try before (its explosion at once where the world lets feats be brilliant) and adds it to the
 * card, which keeps the higher total until a critical failure drops it.
 */
export async function performFeatRetry(message: Message, user: AnyUser, alone: boolean): Promise<void> {
  const { card, read, state, entry, messageId } = await cardContext(message, user, alone);
  const actor = await rollerFor(card, user);
  if (!featRetryOffered(featStanding(state)) || retrying.has(messageId)) refuse(`${KEY}.NotOffered`);
  const n = (card.feat?.length ?? 0) + 1;
  refuseDone(entry?.done, [`feat:${n}`]);
  const o = read.options;
  const plan = planOf(featRetryInput(o.input, n), o.settings);
  if (!plan) refuse(`${KEY}.TooManyDice`);
  retrying.add(messageId);
  try {
    await payEndurance(actor);
    if (entry) await markDone(messageId, [`feat:${n}`]);
    const { roll, faces } = await VirtuallyRealRoll.rollPool(plan);
    const resolve = (explosion: ExplosionDice) =>
      resolvePool(featRetryInput(o.input, n), faces, explosion, o.dl, o.settings);
    const { value: explosion, roll: exploded } = await VirtuallyRealRoll.rollOneByOne((die) =>
      rollExplosion(resolve, null, die),
    );
    const rolled = explosion.confirmation !== null || explosion.dice.length > 0;
    const next: VirtuallyRealCheckCard = {
      ...card,
      feat: [...(card.feat ?? []), { faces, explosion: rolled ? explosion : null }],
    };
    if (!featStanding(checkState(read, next, stateOptions()) ?? state)) refuse(`${KEY}.Unreadable`);
    await settle(message, next, Boolean(entry), [roll, exploded]);
  } finally {
    retrying.delete(messageId);
  }
}

// ---- light or death ------------------------------------------------------------------------------

/** What a check card's save is due while its roller is Dying (none but for a deadly save). */
export function dyingDueOf(state: CheckState, actor: AnyActor | null): DyingResult {
  if (!actor || state.result.diceNeeded > 0) return "none";
  const s = livingSystem(actor);
  return dyingSave(deadlySaveOf(state.read.options.subject), state.result, {
    conditions: s.conditions.map((c) => ({ id: c.id })),
    light: s.light.value,
  });
}

/** Give up a light point or die: the roller's owner answers a deadly save critically failed while Dying. */
export async function performDying(
  message: Message,
  answer: DyingAnswer,
  user: AnyUser,
  alone: boolean,
): Promise<void> {
  const { card, state, entry, messageId } = await cardContext(message, user, alone);
  const actor = await rollerFor(card, user);
  if (card.dying) refuse(`${KEY}.AlreadyDone`);
  refuseDone(entry?.done, ["dying"]);
  if (!dyingAnswers(dyingDueOf(state, actor)).includes(answer)) refuse(`${KEY}.NotOffered`);
  const light = livingSystem(actor).light.value;
  const change = dyingAnswerChange(answer, light);
  if (!change) refuse(`${KEY}.NotOffered`);
  if (entry) await markDone(messageId, ["dying"]);
  await saveCard(message, CHECK_CARD, { ...card, dying: answer });
  if (entry) await restampCard(message);
  if (change.light !== light) await actor.update({ "system.light.value": change.light } as never);
  if (change.dies) await markDefeated(actor);
}
