/**
 * The round's upkeep card (`tales-upkeep`) in Foundry. At each new round of a Tales combat the active
 * GM's client posts it, whispered to the GM and the owners of the unstable fighters (upkeep-logic.ts).
 * Each row's owner (or the GM) presses *Pay the upkeep* (the Essence to stay conscious, the Hit Point to
 * avoid a stun, and what follows when they are not there) or, for the unconscious, *Hold on* (the
 * hold-on roll, rolled on the GM's client). Both are carried out by the GM (`hereOrAsGM`: a GM's press
 * here, a player's through the relay, `tales.upkeep.op`): only a GM's card counts, each row once, on
 * the actor as it is now.
 */
import { cardOf, postCard, registerCard, saveCard, type CardKind } from "../../../core/cards";
import { registerChatAction } from "../../../core/chat";
import { templatePath } from "../../../core/constants";
import { localize } from "../../../core/i18n";
import { onOwnedDocumentHook } from "../../../core/owners";
import { gmQueue, hereOrAsGM, isActiveGM, registerGMHandler, requestedCard } from "../../../core/relay";
import { documentId, oneOf, onlyKeys, refuse, wholeNumber, type Payload } from "../../../core/relay-logic";
import { isTalesLiving } from "../base/living";
import { talesSetting } from "../base/settings";
import { livingSystem } from "../data/systems";
import { holdOn, holdOnMark } from "./care-actions";
import { livingActor } from "./care-card";
import { holdOnRefusal, upkeepPlan } from "./health-logic";
import {
  MAX_UPKEEP_ROWS,
  UPKEEP_ACTIONS,
  UPKEEP_CARD,
  UPKEEP_OP,
  UPKEEP_OPS,
  paidRecord,
  upkeepCardContext,
  upkeepOpRefusal,
  upkeepRow,
  type UpkeepCard,
  type UpkeepOp,
  type UpkeepRow,
} from "./upkeep-logic";

type Message = ChatMessage.Implementation;
type AnyActor = Actor.Implementation;
type AnyUser = User.Implementation;
type AnyCombat = Combat.Implementation;

const KEY = "POLYVERSE.Tales.Health.Upkeep";
export const UPKEEP_TEMPLATE = "templates/tales/chat/upkeep-card.hbs";

export const readUpkeepCard = (message: Message): UpkeepCard | null =>
  cardOf<UpkeepCard>(message, UPKEEP_CARD);

const owns = (uuid: string, user: AnyUser): boolean => {
  if (user.isGM) return true;
  try {
    const actor = fromUuidSync(uuid) as AnyActor | null;
    return Boolean(actor?.testUserPermission(user, "OWNER"));
  } catch {
    return false;
  }
};

export const UPKEEP_CARD_KIND: CardKind<UpkeepCard> = {
  ...UPKEEP_CARD,
  template: templatePath("tales/chat/upkeep-card.hbs"),
  context: (message, card) => {
    const user = game.user;
    // Only a GM's card offers buttons: a player's copy of one is drawn without them.
    const gmCard = Boolean(message.author?.isGM);
    return upkeepCardContext(card, localize, (uuid) => gmCard && Boolean(user && owns(uuid, user)));
  },
};

/** The distinct Tales actors fighting in a combat. */
function fighters(combat: AnyCombat): AnyActor[] {
  const seen = new Set<string>();
  const out: AnyActor[] = [];
  for (const c of combat.combatants) {
    const actor = c.actor as AnyActor | null;
    if (!isTalesLiving(actor) || seen.has(actor.uuid)) continue;
    seen.add(actor.uuid);
    out.push(actor);
  }
  return out;
}

/** The row of an actor in a fight, or null when it owes nothing. */
function rowOf(actor: AnyActor, fight: string): UpkeepRow | null {
  const h = livingSystem(actor).health;
  return upkeepRow(
    {
      uuid: actor.uuid,
      name: actor.name ?? "",
      level: h.level,
      unstable: h.unstable,
      comaDays: h.comaDays,
      holdOn: holdOnMark(actor),
    },
    fight,
  );
}

/** Post the round's upkeep card for the unstable fighters (none: nothing is posted). */
export async function postUpkeepCard(combat: AnyCombat): Promise<Message | null> {
  const fight = combat.id ?? "";
  const actors = fighters(combat);
  const rows = actors
    .map((a) => rowOf(a, fight))
    .filter((r): r is UpkeepRow => r !== null)
    .slice(0, MAX_UPKEEP_ROWS);
  if (!rows.length) return null;
  const owners = (game.users?.contents ?? []).filter(
    (u) =>
      u.isGM ||
      actors.some((a) => rows.some((r) => r.actorUuid === a.uuid) && a.testUserPermission(u, "OWNER")),
  );
  const card: UpkeepCard = { combatId: fight, round: combat.round ?? 0, rows };
  return postCard({
    kind: UPKEEP_CARD,
    card,
    speaker: { alias: localize(`${KEY}.Speaker`) },
    text: localize(`${KEY}.Title`, { round: String(card.round) }),
    whisper: owners.map((u) => u.id!).filter(Boolean),
  });
}

/** `updateCombat`: a new round (the active GM only). */
export async function onNewRound(combat: AnyCombat, changed: object): Promise<void> {
  if (!isActiveGM() || !("round" in changed) || (combat.round ?? 0) < 2) return;
  await postUpkeepCard(combat);
}

/** Carry out a row's button for `user` (this GM, or the player whose request the GM received). */
export async function performUpkeepOp(message: Message, op: UpkeepOp, user: AnyUser): Promise<void> {
  const card = readUpkeepCard(message);
  if (!card || !message.id) refuse("POLYVERSE.Relay.NoMessage");
  if (!message.author?.isGM) refuse(`${KEY}.Refused.NotGMCard`);
  const row = card.rows[op.index];
  const refusal = upkeepOpRefusal(row, op.op);
  if (refusal || !row) refuse(`${KEY}.Refused.${refusal ?? "NoRow"}`);
  const actor = await livingActor(row.actorUuid);
  if (!actor) refuse(`${KEY}.Refused.Gone`, { name: row.name });
  if (!user.isGM && !actor.testUserPermission(user, "OWNER")) refuse(`${KEY}.Refused.NotYours`);
  const s = livingSystem(actor);
  const fight = card.combatId;
  const rows = [...card.rows];
  if (op.op === "pay") {
    // Owed only while still unstable, alive, awake from no coma and not held on since.
    const owed =
      s.health.unstable && s.health.level !== "dead" && s.health.comaDays <= 0 && holdOnMark(actor) !== fight;
    if (!owed) refuse(`${KEY}.Refused.Nothing`);
    const outcome = upkeepPlan(
      { level: s.health.level, stunned: s.health.stunned, hp: s.hp.value, essence: s.essence.value },
      { damageMode: talesSetting("damageMode") },
    );
    rows[op.index] = { ...row, paid: paidRecord(outcome) };
    await saveCard(message, UPKEEP_CARD, { ...card, rows });
    await actor.update({
      "system.hp.value": outcome.after.hp,
      "system.essence.value": outcome.after.essence,
      "system.health.level": outcome.after.level,
      "system.health.stunned": outcome.after.stunned,
    } as never);
    return;
  }
  const why = holdOnRefusal({
    level: s.health.level,
    unstable: s.health.unstable,
    comaDays: s.health.comaDays,
    rolledIn: holdOnMark(actor),
    fight,
  });
  if (why) refuse(`POLYVERSE.Tales.Health.Refused.${why}`, { name: actor.name ?? "" });
  // Marked before the roll: a second press never rolls twice.
  rows[op.index] = { ...row, heldOn: "held" };
  await saveCard(message, UPKEEP_CARD, { ...card, rows });
  const rolled = await holdOn(actor, { skipDialog: true, fight });
  rows[op.index] = { ...row, heldOn: rolled ? (rolled.success ? "held" : "coma") : null };
  await saveCard(message, UPKEEP_CARD, { ...card, rows });
}

/** A request's operation, every field checked. */
export function parseUpkeepOp(payload: Payload): UpkeepOp {
  onlyKeys(payload, ["messageId", "op", "index"]);
  documentId(payload.messageId);
  return { op: oneOf(payload.op, UPKEEP_OPS), index: wholeNumber(payload.index, 0, MAX_UPKEEP_ROWS - 1) };
}

/** Press a row's button: the GM here (in its queue), a player through the relay. */
export async function upkeepOp(message: Message, op: UpkeepOp): Promise<boolean> {
  const user = game.user;
  if (!user || !readUpkeepCard(message)) return false;
  return hereOrAsGM(user.isGM, () => gmQueue(() => performUpkeepOp(message, op, user)), UPKEEP_OP, {
    messageId: message.id ?? "",
    ...op,
  });
}

/** Register the card, its buttons, the GM's side and the new-round hook. Call once at init. */
export function registerUpkeepCard(): void {
  registerCard(UPKEEP_CARD_KIND);
  // The buttons are drawn only for the row's owner (the context); the GM checks again.
  const action = (name: string, op: UpkeepOp["op"]) =>
    registerChatAction(name, {
      permission: "anyone",
      handler: (message, button) => upkeepOp(message, { op, index: Number(button.dataset.index) }),
    });
  action(UPKEEP_ACTIONS.pay, "pay");
  action(UPKEEP_ACTIONS.holdOn, "holdOn");
  registerGMHandler(UPKEEP_OP, async (payload: Payload, requester) => {
    const op = parseUpkeepOp(payload);
    const { message } = requestedCard(payload, readUpkeepCard);
    await performUpkeepOp(message, op, requester);
  });
  onOwnedDocumentHook("tales", "updateCombat", (combat: AnyCombat, changed: object) => {
    void onNewRound(combat, changed);
  });
}
