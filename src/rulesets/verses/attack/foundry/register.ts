/**
 * 'Verses attacks in Foundry (see `../attack.ts`): the card's buttons, the GM's side of them, the ledger's description of a card, and how it is drawn.
 */
import { registerCard } from "../../../../core/cards";
import { registerChatAction } from "../../../../core/chat";
import { registerCardLedger } from "../../../../core/ledger";
import { registerGMHandler, requestedCard } from "../../../../core/relay";
import { type Payload } from "../../../../core/relay-logic";
import { assassinationMismatch } from "../assassination-logic";
import {
  facesMismatch,
  impossibleCard,
  parseAttackOp,
  stableCard,
  weaponMismatch,
} from "../card-trust-logic";
import { livingSystem } from "../../rolls/roll-common";
import { ATTACK_CARD } from "../../data/messages-logic";

import { registerCoverMoves } from "./cover-moves";
import { defend } from "./defend";
import { maintainAfterHit, runsContinuous } from "./maintain";
import { ASSASSINATION_SKILL, gameMoment, watchOf } from "./roll";
import { chain, continueHold, riposte } from "./follow-up";
import { actorOf, cardOp, owns, performOp } from "./operations";
import {
  ATTACK_CARD_KIND,
  ATTACK_OP,
  KEY,
  allocated,
  cardOf,
  rollOf,
  warn,
  weaponSystem,
  type AnyActor,
  type AnyItem,
  type Message,
} from "./shared";
// ---- registration ------------------------------------------------------------------------------

const indexOf = (button: HTMLButtonElement) => Number(button.dataset.index ?? -1);

/** Who may see a row's button: GM; the target's owner; for Apply/Undo also the card's author; for Chain the attacker's owner. */
function mayPress(message: Message, button: HTMLElement, user: User.Implementation): boolean {
  if (user.isGM) return true;
  const who = button.dataset.who;
  const uuid = (who === "attacker" ? cardOf(message)?.attacker.actorUuid : button.dataset.actorUuid) ?? "";
  const actor = uuid ? (fromUuidSync(uuid) as AnyActor | null) : null;
  const owner = Boolean(actor?.testUserPermission?.(user, "OWNER"));
  if (who === "either") return owner || message.author?.id === user.id;
  return owner;
}

async function rowActor(message: Message, button: HTMLButtonElement): Promise<AnyActor | null> {
  const card = cardOf(message);
  const row = card?.targets[indexOf(button)];
  const actor = row ? await actorOf(row.actorUuid) : null;
  if (!actor || !owns(actor, game.user!)) {
    warn(`${KEY}.NotYours`);
    return null;
  }
  return actor;
}

/** Register the card, its buttons, the GM's side of them and its ledger description. Call once at init. */
export function registerAttackCards(): void {
  registerCoverMoves();
  const anyRow = (message: Message, user: User.Implementation) =>
    user.isGM ||
    Boolean(
      cardOf(message)?.targets.some((t) =>
        (fromUuidSync(t.actorUuid) as AnyActor | null)?.testUserPermission?.(user, "OWNER"),
      ),
    );
  const rowOrAuthor = (message: Message, user: User.Implementation) =>
    message.author?.id === user.id || anyRow(message, user);
  const attackerOwner = (message: Message, user: User.Implementation) => {
    const uuid = cardOf(message)?.attacker.actorUuid;
    return Boolean(uuid && (fromUuidSync(uuid) as AnyActor | null)?.testUserPermission?.(user, "OWNER"));
  };
  for (const kind of ["dodge", "parry", "resist"] as const)
    registerChatAction(`verses.attack.${kind}`, {
      permission: anyRow,
      handler: async (message, button, event) => {
        const actor = await rowActor(message, button);
        if (actor) await defend(actor, message, indexOf(button), kind, { event });
      },
    });
  registerChatAction("verses.attack.take", {
    permission: anyRow,
    handler: async (message, button) => {
      if (await rowActor(message, button)) await cardOp(message, { op: "take", index: indexOf(button) });
    },
  });
  registerChatAction("verses.attack.apply", {
    permission: rowOrAuthor,
    handler: (message, button) =>
      cardOp(message, { op: "apply", index: indexOf(button), choice: Number(button.dataset.choice || 0) }),
  });
  registerChatAction("verses.attack.undo", {
    permission: anyRow,
    handler: (message, button) => cardOp(message, { op: "undo", index: indexOf(button) }),
  });
  registerChatAction("verses.attack.riposte", {
    permission: anyRow,
    handler: async (message, button, event) => {
      const actor = await rowActor(message, button);
      if (actor) await riposte(actor, message, indexOf(button), { event });
    },
  });
  registerChatAction("verses.attack.chain", {
    permission: attackerOwner,
    handler: async (message, _button, event) => {
      const actor = await actorOf(cardOf(message)?.attacker.actorUuid ?? "");
      if (actor && owns(actor, game.user!)) await chain(actor, message, { event });
    },
  });
  registerChatAction("verses.attack.continue", {
    permission: attackerOwner,
    handler: async (message, _button, event) => {
      const actor = await actorOf(cardOf(message)?.attacker.actorUuid ?? "");
      if (actor && owns(actor, game.user!)) await continueHold(actor, message, { event });
    },
  });
  registerChatAction("verses.attack.release", {
    permission: attackerOwner,
    handler: (message, button) =>
      cardOp(message, {
        op: "release",
        ...(button.dataset.index ? { index: Number(button.dataset.index) } : {}),
      }),
  });
  registerChatAction("verses.attack.luck", {
    permission: (message, user) => (user.isGM ? true : anyRow(message, user) || attackerOwner(message, user)),
    handler: (message, button) =>
      cardOp(message, {
        op: "luck",
        ...(button.dataset.index ? { index: Number(button.dataset.index) } : {}),
      }),
  });
  registerChatAction("verses.attack.maintain", {
    permission: anyRow,
    handler: async (message, button) => {
      const actor = await rowActor(message, button);
      if (actor) await maintainAfterHit(actor, message, indexOf(button));
    },
  });
  registerGMHandler(ATTACK_OP, async (payload: Payload, requester) => {
    const { message, card } = requestedCard(payload, cardOf);
    await performOp(message, parseAttackOp(payload, card), requester);
  });
  registerCardLedger(ATTACK_CARD, async (message) => {
    const card = cardOf(message);
    if (!card) return null;
    const item = card.weapon.itemUuid ? ((await fromUuid(card.weapon.itemUuid)) as AnyItem | null) : null;
    const mode = item?.type === "verses-weapon" ? weaponSystem(item).modes[card.weapon.modeIndex] : undefined;
    const roll = rollOf(message);
    const bad =
      impossibleCard(card) ??
      (facesMismatch(card, roll?.rolledFaces ?? null) ? "POLYVERSE.Relay.CardChanged" : null) ??
      weaponMismatch(
        card,
        item && mode
          ? {
              actorUuid: item.parent?.uuid ?? null,
              damage: mode.damage,
              ...(mode.thrownDamage ? { thrownDamage: mode.thrownDamage } : {}),
              ...(mode.area ? { area: mode.area } : {}),
            }
          : null,
      ) ??
      (await assassinationProblem(card));
    return {
      subjects: [card.attacker.actorUuid, ...card.targets.map((t) => t.actorUuid)],
      stable: { card: stableCard(card), faces: roll?.faces ?? null },
      ...(bad ? { bad } : {}),
    };
  });
  // Drawn from its data (core/cards.ts); each reader sees only the row buttons they may press.
  registerCard({
    ...ATTACK_CARD_KIND,
    hide: (message, html, user) => {
      for (const button of html.querySelectorAll<HTMLButtonElement>(".pv-attack-card button[data-who]"))
        if (!mayPress(message, button, user) || !runsContinuous(button)) button.hidden = true;
    },
  });
}

/** Why a card's Assassination is not one the attacker's Watch allows (assassination-logic.ts), or null. */
async function assassinationProblem(card: NonNullable<ReturnType<typeof cardOf>>): Promise<string | null> {
  if (!card.assassination) return null;
  const attacker = await actorOf(card.attacker.actorUuid);
  const target = await actorOf(card.assassination.actorUuid);
  if (!attacker) return "POLYVERSE.Verses.Assassination.Mismatch";
  return assassinationMismatch(
    card,
    watchOf(attacker),
    target ? { actorUuid: target.uuid, kind: livingSystem(target).kind } : null,
    allocated(livingSystem(attacker), ASSASSINATION_SKILL),
    gameMoment(attacker),
  );
}
