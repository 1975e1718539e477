/**
 * The attack card's registration: the card (drawn from its data, each reader seeing only the
 * buttons they may press), its chat actions, the GM's side of them, and its ledger description
 * (what a player's card was when it was posted, and whether it agreed with the documents).
 */
import { registerCard } from "../../../core/cards";
import { registerChatAction } from "../../../core/chat";
import { registerCardLedger } from "../../../core/ledger";
import { registerGMHandler, requestedCard } from "../../../core/relay";
import { type Payload } from "../../../core/relay-logic";
import { maelstromSetting } from "../base/settings";
import { weaponSystem } from "../data/systems";
import { ATTACK_CARD, type AttackCard } from "./attack-card-logic";
import { ATTACK_ACTIONS } from "./attack-card-context";
import { cardMismatch, parseAttackOp, type CardFacts } from "./attack-trust-logic";
import { cardOp, performOp } from "./attack-ops";
import {
  ATTACK_CARD_KIND,
  ATTACK_OP,
  actorOf,
  cardOf,
  facesOf,
  strengthOf,
  type AnyActor,
  type AnyItem,
  type Message,
} from "./attack-shared";

type AnyUser = User.Implementation;

const ownsUuid = (uuid: string | undefined, user: AnyUser): boolean =>
  Boolean(uuid && (fromUuidSync(uuid) as AnyActor | null)?.testUserPermission?.(user, "OWNER"));

/**
 * May this reader see a button (`data-who`): the attacker's owner; the row's target's owner; or
 * ("either", Apply) the target's owner, the card's author or the attacker's owner.
 */
function mayPressButton(message: Message, button: HTMLElement, user: AnyUser): boolean {
  if (user.isGM) return true;
  const who = button.dataset.who;
  if (who === "attacker") return ownsUuid(cardOf(message)?.attacker.actorUuid, user);
  const owner = ownsUuid(button.dataset.actorUuid, user);
  if (who !== "either") return owner;
  return owner || message.author?.id === user.id || ownsUuid(cardOf(message)?.attacker.actorUuid, user);
}

/** What the card said when it was posted, against the documents, its roll and the settings. */
async function factsOf(message: Message, card: AttackCard): Promise<CardFacts> {
  const item = (await fromUuid(card.weapon.itemUuid)) as AnyItem | null;
  const attacker = await actorOf(card.attacker.actorUuid);
  const roll = message.rolls?.[0];
  const w = item?.type === "maelstrom-weapon" ? weaponSystem(item) : null;
  return {
    item: w
      ? {
          actorUuid: (item?.parent as AnyActor | null)?.uuid ?? null,
          category: w.category,
          damage: w.damage,
          addStrength: w.addStrength,
          damageType: w.damageType,
        }
      : null,
    strength: attacker ? strengthOf(attacker) : null,
    rolledFaces: roll ? facesOf(roll as never) : null,
    rollExploding: (roll?.options as { exploding?: unknown } | undefined)?.exploding === true,
    settings: {
      damageMode: maelstromSetting("damageMode"),
      extraSuccessesAddDamage: maelstromSetting("extraSuccessesAddDamage"),
    },
  };
}

/** Register the card, its buttons, the GM's side and its ledger description. Call once at init. */
export function registerAttackCard(): void {
  const row = (message: Message, button: HTMLButtonElement) => {
    const index = Number(button.dataset.index ?? -1);
    return { index: Number.isInteger(index) ? index : -1 };
  };
  const attackerOwner = (message: Message, user: AnyUser) =>
    ownsUuid(cardOf(message)?.attacker.actorUuid, user);
  registerChatAction(ATTACK_ACTIONS.damage, {
    permission: attackerOwner,
    handler: (message) => cardOp(message, { op: "damage" }),
  });
  registerChatAction(ATTACK_ACTIONS.experience, {
    permission: attackerOwner,
    handler: (message, button) => cardOp(message, { op: "experience", trait: button.dataset.trait ?? "" }),
  });
  const anyRow = (message: Message, user: AnyUser) =>
    Boolean(cardOf(message)?.targets.some((t) => ownsUuid(t.actorUuid, user)));
  for (const op of ["soak", "undo"] as const)
    registerChatAction(ATTACK_ACTIONS[op], {
      permission: anyRow,
      handler: (message, button) => cardOp(message, { op, ...row(message, button) }),
    });
  registerChatAction(ATTACK_ACTIONS.apply, {
    permission: (message, user) =>
      message.author?.id === user.id ||
      ownsUuid(cardOf(message)?.attacker.actorUuid, user) ||
      anyRow(message, user),
    handler: (message, button) => cardOp(message, { op: "apply", ...row(message, button) }),
  });
  registerGMHandler(ATTACK_OP, async (payload: Payload, requester) => {
    const { message, card } = requestedCard(payload, cardOf);
    await performOp(message, parseAttackOp(payload, card), requester);
  });
  // Every change after the roll is the GM's and re-recorded (restampCard): the whole card is stable.
  registerCardLedger(ATTACK_CARD, async (message) => {
    const card = cardOf(message);
    if (!card) return null;
    const bad = cardMismatch(card, await factsOf(message, card));
    return {
      subjects: [card.attacker.actorUuid, ...card.targets.map((t) => t.actorUuid)],
      stable: { card, faces: message.rolls?.[0] ? facesOf(message.rolls[0] as never) : null },
      ...(bad ? { bad } : {}),
    };
  });
  registerCard({
    ...ATTACK_CARD_KIND,
    hide: (message, html, user) => {
      for (const button of html.querySelectorAll<HTMLButtonElement>(".pv-m-attack-card button[data-who]"))
        if (!mayPressButton(message, button, user)) button.hidden = true;
    },
  });
}
