/**
 * The `xero-sum-damage` card in Foundry. It is rolled only on a GM's client, from a hit on an attack
 * card (attack-card.ts: the attacker's owner asks, the GM rolls the weapon's dice from the documents,
 * finds the splash's bystanders on the scene and posts this card), so its numbers are the GM's; a
 * damage card a player wrote is refused whole. Its rows' buttons, Apply and Undo, are the row actor's
 * owner's (or the GM's) and carried out on the GM's client (`hereOrAsGM`): Apply once (rules
 * `applyHarm`: incapacitation, a mortal wound, a stun; the Panic and Lasting Wound checks it calls
 * for appear on the row for its owner), Undo only this row's change and only while the actor's health
 * is still what Apply left, so it never erases another change.
 */
import { cardOf, postCard, registerCard, saveCard, type CardKind } from "../../../core/cards";
import { registerChatAction } from "../../../core/chat";
import { templatePath } from "../../../core/constants";
import { localize } from "../../../core/i18n";
import { gmQueue, hereOrAsGM, registerGMHandler, requestedCard } from "../../../core/relay";
import { documentId, oneOf, onlyKeys, refuse, wholeNumber, type Payload } from "../../../core/relay-logic";
import { livingSystem } from "../data/systems";
import { xeroSumSetting } from "../base/settings";
import { FIGHT_KEY } from "./attack-card-logic";
import { damageCardContext } from "./damage-card-context";
import {
  DAMAGE_BUTTONS,
  DAMAGE_CARD,
  DAMAGE_OP,
  planApply,
  planUndo,
  type DamageCard,
  type DamageRow,
  type RowCheck,
} from "./damage-card-logic";
import { BURNING_PATH, healthOf, healthUpdate, isLiving, type AnyActor } from "./shared";

type Message = ChatMessage.Implementation;
type AnyUser = User.Implementation;

export const DAMAGE_TEMPLATE = "templates/xero-sum/chat/damage.hbs";
const KEY = `${FIGHT_KEY}.Damage`;
const readCard = (message: Message) => cardOf<DamageCard>(message, DAMAGE_CARD);
const sync = <T>(uuid: string | null | undefined): T | null =>
  uuid ? ((fromUuidSync(uuid) as T | null) ?? null) : null;
const owns = (actor: AnyActor | null, user: AnyUser): boolean =>
  Boolean(user.isGM || actor?.testUserPermission(user, "OWNER"));

export const DAMAGE_CARD_KIND: CardKind<DamageCard> = {
  ...DAMAGE_CARD,
  template: templatePath("xero-sum/chat/damage.hbs"),
  context: (message, card) => {
    const user = game.user;
    // A card a player wrote is no blow: nobody may press anything on it.
    const trusted = Boolean(message.author?.isGM);
    return damageCardContext(card, localize, (row: DamageRow) =>
      Boolean(trusted && user && owns(sync<AnyActor>(row.actorUuid), user)),
    );
  },
};

/** Post a blow rolled on this (GM's) client. */
export const postDamageCard = (card: DamageCard, rolls: Roll[], speaker: Record<string, unknown>) =>
  postCard({
    kind: DAMAGE_CARD,
    card,
    speaker,
    text: localize(`${KEY}.Title`, { attacker: card.attacker.name, weapon: card.weapon.name }),
    rolls,
  });

export type DamageOp = { op: "apply" | "undo" | RowCheck; row: number };

/** A request's operation, checked strictly. */
export function parseDamageOp(payload: Payload): DamageOp {
  onlyKeys(payload, ["messageId", "op", "row"]);
  documentId(payload.messageId);
  return {
    op: oneOf(payload.op, ["apply", "undo", "panic", "lastingWound"] as const),
    row: wholeNumber(payload.row, 0, 39),
  };
}

/** The row's actor, checked: a Xero Sum character, the presser's to decide for. */
async function rowActor(
  card: DamageCard,
  index: number,
  user: AnyUser,
): Promise<{ row: DamageRow; actor: AnyActor }> {
  const row = card.rows[index];
  if (!row) refuse("POLYVERSE.Relay.NoMessage");
  const actor = (await fromUuid(row.actorUuid)) as AnyActor | null;
  if (!isLiving(actor)) refuse(`${KEY}.Refused.Gone`, { name: row.name });
  if (!owns(actor, user)) refuse(`${KEY}.Refused.NotYours`, { name: row.name });
  return { row, actor };
}

/** Carry out Apply or Undo for `user` (this GM, or the player whose request it received). */
export async function performDamageOp(message: Message, op: DamageOp, user: AnyUser): Promise<void> {
  const card = readCard(message);
  if (!card || !message.id) refuse("POLYVERSE.Relay.NoMessage");
  if (!message.author?.isGM) refuse(`${KEY}.Refused.NotRolledByGM`);
  const { row, actor } = await rowActor(card, op.row, user);
  const rows = [...card.rows];
  if (op.op === "panic" || op.op === "lastingWound") {
    // The row's owner rolled a check this row called for: it is marked, once.
    const due = op.op === "panic" ? row.applied?.events.panicCheck : row.applied?.events.lastingWoundCheck;
    if (!due || row.checked?.includes(op.op)) refuse(`${KEY}.Refused.NoCheckDue`, { name: row.name });
    rows[op.row] = { ...row, checked: [...(row.checked ?? []), op.op] };
    return saveCard<DamageCard>(message, DAMAGE_CARD, { ...card, rows });
  }
  if (op.op === "apply") {
    if (row.applied) refuse(`${KEY}.Refused.AlreadyApplied`, { name: row.name });
    const s = livingSystem(actor);
    const applied = planApply(row, card.attackBand, {
      now: healthOf(actor),
      phy: s.derived.attributes.phy,
      maxRp: s.derived.resiliencePoints,
      panicTrigger: xeroSumSetting("panicTrigger"),
      stunD6: card.stunD6,
    });
    rows[op.row] = { ...row, applied };
    await saveCard<DamageCard>(message, DAMAGE_CARD, { ...card, rows });
    const burning = row.kind === "target" && card.burning?.rounds ? { [BURNING_PATH]: card.burning } : {};
    await actor.update({ ...healthUpdate(applied.after), ...burning } as never);
  } else {
    if (!row.applied) refuse(`${KEY}.Refused.NothingToUndo`, { name: row.name });
    const restored = planUndo(row.applied, healthOf(actor));
    if (!restored) refuse(`${KEY}.Refused.ChangedSince`, { name: row.name });
    rows[op.row] = { ...row, applied: null };
    await saveCard<DamageCard>(message, DAMAGE_CARD, { ...card, rows });
    const burning = row.kind === "target" && card.burning ? { [BURNING_PATH]: null } : {};
    await actor.update({ ...healthUpdate(restored), ...burning } as never);
  }
}

/** Press Apply or Undo: the GM here (in its queue), a player through the relay. */
export async function damageCardOp(message: Message, op: DamageOp): Promise<boolean> {
  const user = game.user;
  if (!user || !readCard(message)) return false;
  return hereOrAsGM(user.isGM, () => gmQueue(() => performDamageOp(message, op, user)), DAMAGE_OP, {
    messageId: message.id ?? "",
    op: op.op,
    row: op.row,
  });
}

const rowIndex = (button: HTMLElement): number => {
  const n = Number(button.dataset.row ?? -1);
  return Number.isInteger(n) && n >= 0 ? n : -1;
};

/**
 * The check a row's owner makes after Apply: the documents folder's action (`panicCheck`,
 * `lastingWoundCheck`), found in the descriptor's actions (that folder stands above this one). Its
 * dialog opens unless the presser holds the skip key (read from the click).
 */
async function rowCheck(message: Message, button: HTMLElement, check: RowCheck, event: Event | null) {
  const index = rowIndex(button);
  const row = readCard(message)?.rows[index];
  const name = check === "panic" ? "panicCheck" : "lastingWoundCheck";
  const actor = sync<AnyActor>(row?.actorUuid);
  const actions = game.polyverse?.rulesets?.["xero-sum"]?.actions as Record<string, unknown> | undefined;
  const roll = actions?.[name];
  if (!actor || typeof roll !== "function") {
    ui.notifications?.warn(localize(`${KEY}.NoCheckYet`));
    return null;
  }
  const rolled = await (roll as (a: AnyActor, o: { event: Event | null }) => Promise<unknown>)(actor, {
    event,
  });
  if (rolled) await damageCardOp(message, { op: check, row: index });
  return rolled;
}

/** Register the card, its buttons and the GM's side. Call once at init. */
export function registerDamageCard(): void {
  // Each row's buttons are drawn only for that row's owner (the context); the card-level test lets
  // anyone who owns a row, or the GM, see them.
  const ownsARow = (message: Message, user: AnyUser) =>
    Boolean(readCard(message)?.rows.some((r) => owns(sync<AnyActor>(r.actorUuid), user)));
  for (const op of ["apply", "undo"] as const)
    registerChatAction(DAMAGE_BUTTONS[op], {
      permission: ownsARow,
      handler: (message, button) => damageCardOp(message, { op, row: rowIndex(button) }),
    });
  registerChatAction(DAMAGE_BUTTONS.panic, {
    permission: ownsARow,
    handler: (message, button, event) => rowCheck(message, button, "panic", event ?? null),
  });
  registerChatAction(DAMAGE_BUTTONS.lastingWound, {
    permission: ownsARow,
    handler: (message, button, event) => rowCheck(message, button, "lastingWound", event ?? null),
  });
  registerGMHandler(DAMAGE_OP, async (payload: Payload, requester) => {
    const op = parseDamageOp(payload);
    const { message } = requestedCard(payload, readCard);
    await performDamageOp(message, op, requester);
  });
  registerCard(DAMAGE_CARD_KIND);
}
