/**
 * The Maneuver penalty in Foundry: "You always take a Maneuver penalty after using one of these
 * defenses" (Dodge & Evade), its size the GM's world setting `maneuverPenalty` (0 to 3 disadvantage
 * dice; 0 notes it only, chapter 1 leaves the size to THE ART OF COMBAT).
 *
 * Only the active GM's client writes what stands (the hidden world setting of base/maneuver.ts, which
 * players cannot write): it sets the penalty when it records a Dodge or Evade on an attack card
 * (attack-card.ts), and ends it (maneuver-logic.ts) when a trusted check card of the defender takes
 * it (or the defender's side of an opposed check, which a GM's client rolls onto the card), at the
 * defender's next Initiative save or turn, when the combat ends, or when a GM clears it
 * (the macro API, or the status taken off the token). The rolls folder builds a standing penalty into
 * the defender's next roll as a line and the GM holds a player's card to it (rolls/maneuver-logic.ts).
 * While it stands the defender's token shows the `maneuver` status; a player taking it off their
 * token changes nothing (the GM's client puts it back), a GM taking it off clears the penalty, and a
 * GM putting it on sets one of the setting's size.
 */
import { localize } from "../../../core/i18n";
import { ledgerEntry } from "../../../core/ledger";
import { onOwnedDocumentHook } from "../../../core/owners";
import { gmQueue, isActiveGM } from "../../../core/relay";
import { syncActorStatuses } from "../../../core/statuses";
import {
  MANEUVER_STATUS,
  maneuverOn,
  maneuverState,
  maneuversOfCombat,
  withManeuver,
  withoutManeuvers,
  writeManeuverState,
  type ManeuverEntry,
  type ManeuverSource,
} from "../base/maneuver";
import { virtuallyRealRulesOptions } from "../base/settings";
import { checkCardOf, rollOf } from "../rolls";
import { maneuverEndedBy, turnMoved } from "./maneuver-logic";
import { livingSync, type AnyActor, type AnyCombat, type Message } from "./shared";

const FIGHT = "POLYVERSE.VirtuallyReal.Fight";
const ID = "virtually-real";

/** Bring an actor's `maneuver` status in step with what stands (the active GM only). */
async function syncStatus(actor: AnyActor | null): Promise<void> {
  if (!actor) return;
  await syncActorStatuses(actor, { [MANEUVER_STATUS]: maneuverOn(actor.uuid) !== null }, [MANEUVER_STATUS]);
}

/** End the penalties of these actors (the active GM only), their statuses with them. */
async function endManeuvers(uuids: readonly string[]): Promise<void> {
  if (!isActiveGM()) return;
  const state = maneuverState();
  const next = withoutManeuvers(state, uuids);
  if (next === state) return;
  await writeManeuverState(next);
  for (const uuid of uuids) await syncStatus(livingSync(uuid));
}

/**
 * Set the penalty on a defender after its Dodge or Evade (the GM's client, recording the defence):
 * the world's `maneuverPenalty` dice, replacing one that stands. Returns the dice (0: noted only).
 */
export async function takeManeuver(
  target: AnyActor,
  after: Exclude<ManeuverSource, "gm">,
  attack: { messageId: string; combatId: string },
): Promise<number> {
  const dice = virtuallyRealRulesOptions().fight.maneuverDice;
  if (dice <= 0 || !game.user?.isGM) return 0;
  const entry: ManeuverEntry = {
    dice,
    after,
    attack: attack.messageId,
    combat: attack.combatId,
    t: Date.now(),
  };
  await writeManeuverState(withManeuver(maneuverState(), target.uuid, entry));
  await syncStatus(target);
  return dice;
}

const uuidOf = (actor: AnyActor | string | null | undefined): string =>
  typeof actor === "string" ? actor : (actor?.uuid ?? "");

/** The macro API: the penalty standing on an actor (its dice and the defence it follows), or null. */
export function maneuverOf(actor: AnyActor | string): { dice: number; after: ManeuverSource } | null {
  const entry = maneuverOn(uuidOf(actor));
  return entry ? { dice: entry.dice, after: entry.after } : null;
}

/** The macro API: a GM clears the penalty standing on an actor (a player is refused). */
export async function clearManeuver(actor: AnyActor | string): Promise<boolean> {
  if (!game.user?.isGM) {
    ui.notifications?.warn(localize(`${FIGHT}.Refused.GMOnly`));
    return false;
  }
  const uuid = uuidOf(actor);
  if (!maneuverOn(uuid)) return false;
  const state = maneuverState();
  await writeManeuverState(withoutManeuvers(state, [uuid]));
  await syncStatus(livingSync(uuid));
  return true;
}

/** Whether the GM may act on a check card: its own, or a player's card the ledger recorded clean. */
function trusted(message: Message): boolean {
  if (message.author?.isGM) return true;
  const entry = ledgerEntry(message.id);
  return Boolean(entry && !entry.bad && entry.a === message.author?.id);
}

/** Whether an actor is a combatant of the combat an Initiative save's `extra.initiative` names. */
function fightsIn(uuid: string, initiative: unknown): boolean {
  const id = (initiative as { combat?: unknown } | undefined)?.combat;
  if (typeof id !== "string" || id === "") return false;
  const combat = [...((game.combats ?? []) as Iterable<AnyCombat>)].find((c) => c.id === id);
  return Boolean(combat && [...combat.combatants].some((c) => (c.actor as AnyActor | null)?.uuid === uuid));
}

/** A new check card: the penalty it took, or the Initiative save that clears it, ends the penalty. */
async function checkPosted(message: Message): Promise<void> {
  const card = checkCardOf(message);
  const entry = maneuverOn(card?.actorUuid);
  if (!card || !entry) return;
  const ended = maneuverEndedBy(entry, {
    save: card.save,
    lines: rollOf(message)?.read?.options.lines ?? [],
    extra: card.extra ?? {},
    trusted: trusted(message),
    inCombat: fightsIn(card.actorUuid, card.extra?.initiative),
  });
  if (ended) await endManeuvers([card.actorUuid]);
}

/**
 * An opposed check's other side, rolled by a GM's client onto the card (the rolls folder's
 * `opponentRoll`, built from the opponent's documents with its penalty's line): it ends the opponent's
 * penalty as the opponent's own roll would.
 */
async function opponentRolled(message: Message): Promise<void> {
  const card = checkCardOf(message);
  const side = rollOf(message)?.read?.options.opposed ?? null;
  const entry = maneuverOn(side?.uuid);
  if (!card?.opponentRoll || !side || !entry) return;
  const ended = maneuverEndedBy(entry, {
    save: side.save,
    lines: card.opponentRoll.lines,
    extra: {},
    trusted: true,
  });
  if (ended) await endManeuvers([side.uuid]);
}

/** Whether an update of a check card wrote its opponent's roll (expanded or flattened). */
const writesOpponentRoll = (changes: unknown): boolean => {
  const c = changes as { system?: { card?: Record<string, unknown> } } & Record<string, unknown>;
  return (
    Boolean(c && typeof c === "object") &&
    (Object.hasOwn(c, "system.card.opponentRoll") || (c.system?.card?.opponentRoll ?? null) !== null)
  );
};

/** The combat's turn came to a combatant: its actor's penalty ends. */
async function turnCame(combat: AnyCombat): Promise<void> {
  const actor = combat.combatant?.actor as AnyActor | null | undefined;
  if (actor && maneuverOn(actor.uuid)) await endManeuvers([actor.uuid]);
}

/** The combat ended: the penalties taken in it end. */
async function combatEnded(combat: AnyCombat): Promise<void> {
  const ids = maneuversOfCombat(maneuverState(), combat.id ?? "");
  const fighters = [...combat.combatants]
    .map((c) => (c.actor as AnyActor | null)?.uuid ?? "")
    .filter((uuid) => uuid !== "" && maneuverOn(uuid)?.combat === "");
  if (ids.length || fighters.length) await endManeuvers([...ids, ...fighters]);
}

type AnyEffect = ActiveEffect.Implementation;

const maneuverEffect = (effect: AnyEffect): AnyActor | null => {
  if (!(effect.statuses ?? new Set()).has(MANEUVER_STATUS)) return null;
  const actor = effect.parent as AnyActor | null;
  return actor?.documentName === "Actor" ? actor : null;
};
const byGM = (userId: string): boolean => Boolean(game.users?.get(userId)?.isGM);

/** The status put on a token: a GM's sets a penalty of the setting's size; otherwise it is taken off again. */
async function statusOn(actor: AnyActor, userId: string): Promise<void> {
  if (maneuverOn(actor.uuid)) return;
  const dice = virtuallyRealRulesOptions().fight.maneuverDice;
  if (byGM(userId) && dice > 0) {
    const entry: ManeuverEntry = { dice, after: "gm", attack: "", combat: "", t: Date.now() };
    await writeManeuverState(withManeuver(maneuverState(), actor.uuid, entry));
  }
  await syncStatus(actor);
}

/** The status taken off a token: a GM's clears the penalty; a player's is put back while it stands. */
async function statusOff(actor: AnyActor, userId: string): Promise<void> {
  if (!maneuverOn(actor.uuid)) return;
  if (byGM(userId)) await endManeuvers([actor.uuid]);
  else await syncStatus(actor);
}

const quietly = (what: () => Promise<void>) =>
  void gmQueue(what).catch((error) =>
    console.warn("Polyverse | a Virtually Real Maneuver penalty could not be updated", error),
  );

/** On the active GM's client (at ready, after the card ledger listens): end and mirror the penalties. */
export function listenForManeuvers(): void {
  Hooks.on("createChatMessage", (message: Message) => {
    if (!isActiveGM() || !checkCardOf(message) || !maneuverOn(checkCardOf(message)?.actorUuid)) return;
    quietly(() => checkPosted(message));
  });
  Hooks.on("updateChatMessage", (message: Message, changes: unknown, _options: unknown, userId: string) => {
    if (!isActiveGM() || !byGM(userId) || !checkCardOf(message) || !writesOpponentRoll(changes)) return;
    quietly(() => opponentRolled(message));
  });
  onOwnedDocumentHook(ID, "updateCombat", (combat: AnyCombat, changes: unknown) => {
    if (isActiveGM() && turnMoved(changes)) quietly(() => turnCame(combat));
  });
  onOwnedDocumentHook(ID, "deleteCombat", (combat: AnyCombat) => {
    if (isActiveGM()) quietly(() => combatEnded(combat));
  });
  onOwnedDocumentHook(ID, "createActiveEffect", (effect: AnyEffect, _options: unknown, userId: string) => {
    const actor = maneuverEffect(effect);
    if (actor && isActiveGM()) quietly(() => statusOn(actor, userId));
  });
  onOwnedDocumentHook(ID, "deleteActiveEffect", (effect: AnyEffect, _options: unknown, userId: string) => {
    const actor = maneuverEffect(effect);
    if (actor && isActiveGM()) quietly(() => statusOff(actor, userId));
  });
}
