/**
 * What happens at a round's and a turn's change, run by the active GM's client only (so once):
 * - Fast Action begins: every combatant starts with its AD pool (nothing spent or reserved).
 * - A new round: spent AD come back, unspent AD count as Watch (kept on the combatant), reservations
 *   lapse, Sickened binds 1 AD unless the actor rested, overload binds 1 AD; the GM gets a summary.
 *   With the world setting `initiativeEachRound`, turn order is rolled again.
 * - A turn starts: an Await held over is released, the AD available are noted for the Move
 *   exhaustion rule, and a Moribund combatant rolls its survival roll (once per turn), with the
 *   outcome applied; a combatant that dies is marked defeated.
 * The numbers come from `combat-logic.ts` and the rules layer; AD are read and written through
 * `ad-logic.ts`.
 */
import { templatePath } from "../../../core/constants";
import { versesFlagData, versesFlagPath } from "../base/flags";
import { adChange, adStateOf } from "../base/ad-logic";
import { cardOf } from "../../../core/cards";
import { applyChanges } from "../../../core/changes";
import type { DocumentChange } from "../../../core/changes-logic";
import { NOTE_CARD, SPECIAL_CARD } from "../data/messages-logic";
import { availableAD, hasCondition } from "../rules";
import { rollSurvival } from "../rolls/special-foundry";
import { versesOption, versesSetting } from "../base/settings";
import { fastActionStart, readTurnRecord, roundEnd, turnStart, type TurnRecord } from "./combat-logic";
import {
  isActiveGM,
  isLiving,
  living,
  localize,
  versesFlags,
  ref,
  setCombatantFlags,
  type AnyActor,
  type AnyCombat,
  type AnyCombatant,
} from "./shared";

const ROOT = "POLYVERSE.Verses.Combat";
/** The round summary's template. */
export const ROUND_TEMPLATE = "templates/verses/combat/round-card.hbs";

/** The combatants whose actors take part, each actor once (two tokens of one actor share its AD). */
function livingCombatants(combat: AnyCombat): { combatant: AnyCombatant; actor: AnyActor }[] {
  const seen = new Set<string>();
  return combat.combatants.contents.flatMap((combatant) => {
    const actor = combatant.actor;
    if (!isLiving(actor) || combatant.defeated || seen.has(actor.uuid)) return [];
    seen.add(actor.uuid);
    return [{ combatant, actor }];
  });
}

/** AD spent on Rest in a round, as recorded on the combatant. */
function restedIn(combatant: AnyCombatant, round: number): number {
  const rest = versesFlags(combatant).rest as { round?: unknown; ad?: unknown } | undefined;
  return rest?.round === round && typeof rest.ad === "number" ? rest.ad : 0;
}

/** Fast Action begins: each actor's round starts fresh (EX-bound dice stay bound). */
async function startFastAction(combat: AnyCombat): Promise<void> {
  const changes: DocumentChange[] = [];
  for (const { actor } of livingCombatants(combat)) {
    const before = adStateOf(living(actor));
    const change = adChange(ref(actor), before, fastActionStart(before));
    if (change) changes.push(change);
  }
  await applyChanges(changes);
}

/** One actor's line on the round summary. */
interface RoundRow {
  name: string;
  available: number;
  max: number;
  watch: number;
  sickened: number;
  overload: number;
}

/** A new round: the AD economy of every combatant, the Watch they kept, and the GM's summary. */
async function newRound(combat: AnyCombat, ended: number): Promise<void> {
  const awaitUntilNextTurn = versesOption("endRound").awaitUntilNextTurn === true;
  const changes: DocumentChange[] = [];
  const rows: RoundRow[] = [];
  const watches: { combatant: AnyCombatant; ad: number }[] = [];
  for (const { combatant, actor } of livingCombatants(combat)) {
    const system = living(actor);
    const before = adStateOf(system);
    const result = roundEnd({
      state: before,
      conditions: system.conditions,
      restedAD: restedIn(combatant, ended),
      overloadEX: system.load.exPerRound,
      awaitUntilNextTurn,
    });
    const change = adChange(ref(actor), before, result.state);
    if (change) changes.push(change);
    watches.push({ combatant, ad: result.watchAD });
    rows.push({
      name: combatant.name ?? actor.name ?? "",
      available: availableAD(result.state),
      max: result.state.max,
      watch: result.watchAD,
      sickened: result.sickenedBound,
      overload: result.overloadBound,
    });
  }
  await applyChanges(changes);
  for (const { combatant, ad } of watches)
    await setCombatantFlags(combatant, { watch: { round: ended, ad } });
  if (rows.length) await postRoundSummary(combat, ended, rows);
}

async function postRoundSummary(combat: AnyCombat, ended: number, rows: RoundRow[]): Promise<void> {
  const content = await foundry.applications.handlebars.renderTemplate(
    templatePath("verses/combat/round-card.hbs"),
    {
      title: localize(`${ROOT}.Round.Title`, { round: String(combat.round), ended: String(ended) }),
      rows: rows.map((r) => ({
        ...r,
        ad: localize(`${ROOT}.Round.AD`, { available: String(r.available), max: String(r.max) }),
        notes: [
          r.watch > 0 ? localize(`${ROOT}.Round.Watch`, { ad: String(r.watch) }) : null,
          r.sickened > 0 ? localize(`${ROOT}.Round.Sickened`, { ex: String(r.sickened) }) : null,
          r.overload > 0 ? localize(`${ROOT}.Round.Overload`, { ex: String(r.overload) }) : null,
        ].filter((n): n is string => n !== null),
      })),
    },
  );
  const data = {
    speaker: { alias: localize(`${ROOT}.Round.Speaker`) },
    content,
    whisper: ChatMessage.getWhisperRecipients("GM").map((u) => u.id),
    flags: versesFlagData({ round: { combat: combat.id, ended } }),
  };
  await ChatMessage.implementation.create(data as never);
}

/** Every round with the world setting `initiativeEachRound`: everyone rolls turn order again. */
async function rerollTurnOrder(combat: AnyCombat): Promise<void> {
  const ids = combat.combatants.contents.filter((c) => !c.defeated).map((c) => c.id!);
  if (!ids.length) return;
  await combat.updateEmbeddedDocuments("Combatant", ids.map((_id) => ({ _id, initiative: null })) as never);
  await combat.rollInitiative(ids, { updateTurn: false });
  if (combat.turn !== 0) await combat.update({ turn: 0 });
}

/**
 * The start of a combatant's turn: a held-over Await is released ("the AD reserved in the previous
 * turn are not carried over into the new turn"), the AD available are noted for the Move exhaustion
 * rule, and a Moribund actor rolls for survival.
 */
async function startOfTurn(combat: AnyCombat, combatant: AnyCombatant): Promise<void> {
  const actor = combatant.actor;
  if (!isLiving(actor) || combatant.defeated) return;
  const round = combat.round;
  const turn = combat.turn ?? 0;
  const noted = readTurnRecord(versesFlags(combatant).turn);
  if (noted?.round === round && noted.turn === turn) return;
  const before = adStateOf(living(actor));
  const after = turnStart(before);
  const change = adChange(ref(actor), before, after);
  const record: TurnRecord = { round, turn, available: availableAD(after), moved: 0, exBound: false };
  await setCombatantFlags(combatant, { turn: record });
  if (change) await applyChanges([change]);
  if (hasCondition(living(actor).conditions, "moribund")) await survivalOnTurn(combatant, actor, round);
}

/**
 * "While in Fast Action, on each turn the moribund actor must make a survival roll" (TUF + all
 * available AD + its capabilities: `special.rollSurvival`, which applies a recovery). Rolled once per
 * turn; on "dies" the combatant is marked defeated. A player's character rolls in public; an NPC
 * with the GM's roll mode.
 */
async function survivalOnTurn(combatant: AnyCombatant, actor: AnyActor, round: number): Promise<void> {
  if (versesFlags(combatant).survival === round) return;
  await setCombatantFlags(combatant, { survival: round });
  const posted = await rollSurvival(actor, actor.hasPlayerOwner ? { rollMode: "publicroll" } : {});
  if (posted?.survival === "dies") await combatant.update({ defeated: true });
}

/**
 * Run what a change of round or turn brings, once (the combat keeps the last round it handled in
 * `flags.polyverse.verses.round`; going back never undoes or repeats anything).
 */
async function onCombatProgress(combat: AnyCombat): Promise<void> {
  if (!combat.started) return;
  const round = combat.round;
  const handled = Number(versesFlags(combat).round ?? 0);
  if (round > handled) {
    await (combat as unknown as { update(d: object): Promise<unknown> }).update({
      [versesFlagPath("round")]: round,
    });
    if (handled < 1) await startFastAction(combat);
    else {
      await newRound(combat, round - 1);
      if (versesSetting("initiativeEachRound")) await rerollTurnOrder(combat);
    }
  }
  const combatant = combat.combatant;
  if (combatant) await startOfTurn(combat, combatant);
}

let queue: Promise<void> = Promise.resolve();

/** Run the GM's combat work one piece after another, in the order it arrives. */
function enqueue(work: () => Promise<void>): void {
  queue = queue.then(work).catch((error) => console.error("Polyverse: Fast Action", error));
}

/** `updateCombat`: the active GM handles round and turn changes one after another. */
export function onUpdateCombat(combat: AnyCombat, changed: object): void {
  if (!("round" in changed) && !("turn" in changed)) return;
  if (!isActiveGM()) return;
  enqueue(() => onCombatProgress(combat));
}

/** `createChatMessage`: the active GM records a Rest taken in Fast Action, in turn with the rest. */
export function onCreateMessage(message: ChatMessage.Implementation): void {
  if (!isActiveGM()) return;
  enqueue(() => onRestMessage(message));
}

/** Wait for the round and turn changes in flight (tests, macros). */
export function combatProgressSettled(): Promise<void> {
  return queue;
}

/**
 * `createChatMessage`: a Rest taken in Fast Action (the Rest card, or a rest without a roll) is
 * recorded on the combatant, so that Sickened does not bind that round. The active GM records it.
 */
async function onRestMessage(message: ChatMessage.Implementation): Promise<void> {
  const special = cardOf<{ kind?: string }>(message, SPECIAL_CARD);
  const note = cardOf<{ kind?: string; restAD?: number }>(message, NOTE_CARD);
  const rollAD = (message.rolls[0]?.options as { ad?: unknown } | undefined)?.ad;
  const ad =
    special?.kind === "rest" && typeof rollAD === "number"
      ? rollAD
      : note?.kind === "rest" && typeof note.restAD === "number"
        ? note.restAD
        : 0;
  if (ad < 1) return;
  const combat = game.combat;
  const actorId = message.speaker?.actor;
  const tokenId = message.speaker?.token;
  if (!combat?.started) return;
  const combatant =
    combat.combatants.find((c) => Boolean(tokenId) && c.tokenId === tokenId) ??
    combat.combatants.find((c) => Boolean(actorId) && c.actorId === actorId);
  if (!combatant) return;
  const round = combat.round;
  await setCombatantFlags(combatant, { rest: { round, ad: restedIn(combatant, round) + ad } });
}
