/**
 * 'Verses attacks in Foundry (see `../attack.ts`): Riposte, Chain and continuing a hold.
 */
import { localize } from "../../../../core/i18n";
import type { RollChoice } from "../../rolls/dialog";
import { versesOption } from "../../base/settings";
import { chainOffer, holdOffer, riposteOffer, type AttackCard } from "../attack-logic";

import { rollWeapon } from "./roll";
import {
  KEY,
  cardOf,
  chainInfoOf,
  warn,
  weaponSystem,
  type AnyActor,
  type AnyItem,
  type Message,
} from "./shared";
// ---- riposte and chain --------------------------------------------------------------------------

/** A Fast Action card whose combat has ended: said plainly, and nothing is rolled. */
function combatGone(card: AttackCard): boolean {
  if (!card.combatId || game.combats?.get(card.combatId)) return false;
  warn("POLYVERSE.Verses.Combat.Gone.Combat");
  return true;
}

/** Riposte from a full parry: the parrying weapon attacks the attacker with the parry's sixes. */
export async function riposte(defender: AnyActor, message: Message, index: number, choice: RollChoice = {}) {
  const card = cardOf(message);
  if (!card || !message.id) return null;
  if (combatGone(card)) return null;
  const offer = riposteOffer(card, index);
  if (!offer) {
    warn(`${KEY}.NoRiposte`);
    return null;
  }
  let pick: { itemUuid: string; modeIndex: number } = offer;
  if (offer.either) {
    const both = [offer, offer.either];
    const chosen = (await foundry.applications.api.DialogV2.wait({
      window: { title: localize(`${KEY}.RiposteWith`) },
      content: `<p>${foundry.utils.escapeHTML(localize(`${KEY}.RiposteEither`))}</p>`,
      // Button labels are HTML: an item's name is escaped.
      buttons: both.map((w, i) => ({
        action: String(i),
        label: foundry.utils.escapeHTML(w.name),
        default: i === 0,
      })),
      rejectClose: false,
    })) as string | null;
    if (chosen === null) return null;
    pick = both[Number(chosen)] ?? offer;
  }
  const item = (await fromUuid(pick.itemUuid)) as AnyItem | null;
  if (!item) return null;
  return rollWeapon(defender, item, pick.modeIndex, {
    ...choice,
    ...(card.attacker.tokenUuid ? { targetTokens: [card.attacker.tokenUuid] } : {}),
    carried: { dice: offer.carried, kind: "riposte" },
    from: { messageId: message.id, index },
  });
}

/** The attacker's weapons that chain with this card's attack (the same chain type). */
function chainWeapons(actor: AnyActor, card: AttackCard): { item: AnyItem; modeIndex: number }[] {
  const type = card.weapon.chain?.type;
  if (!type) return [];
  // Two Weapon Fighting: the pair "can participate in an action chain as long as their use is
  // alternated": the next link is the other weapon.
  const offhand = card.weapon.offhand;
  if (type.startsWith("twf:") && offhand) {
    const item = actor.items.find((i) => i.uuid === offhand.itemUuid);
    return item ? [{ item, modeIndex: offhand.modeIndex }] : [];
  }
  const out: { item: AnyItem; modeIndex: number }[] = [];
  for (const item of actor.items) {
    if (item.type !== "verses-weapon") continue;
    weaponSystem(item).modes.forEach((mode, modeIndex) => {
      if (chainInfoOf(actor, item, mode)?.type === type) out.push({ item, modeIndex });
    });
  }
  return out;
}

/**
 * Chain from a successful chainable attack: another attack of the same type (the same weapon; any
 * unarmed attack; any grappling move), with its sixes, at the same targets. With several weapons
 * to chain with, the attacker picks one.
 */
export async function chain(
  attacker: AnyActor,
  message: Message,
  choice: RollChoice & { itemUuid?: string; modeIndex?: number } = {},
) {
  const card = cardOf(message);
  if (!card || !message.id) return null;
  if (combatGone(card)) return null;
  const offer = chainOffer(card, versesOption("riposteChain"));
  if (!offer) {
    warn(`${KEY}.NoChain`);
    return null;
  }
  const candidates = chainWeapons(attacker, card);
  let picked = candidates.find(
    (c) =>
      c.item.uuid === choice.itemUuid && (choice.modeIndex === undefined || c.modeIndex === choice.modeIndex),
  );
  if (!picked && candidates.length === 1) picked = candidates[0];
  if (!picked && candidates.length > 1) {
    const chosen = (await foundry.applications.api.DialogV2.wait({
      window: { title: localize(`${KEY}.Chain.Pick`) },
      content: `<p>${foundry.utils.escapeHTML(localize(`${KEY}.Chain.PickHint`))}</p>`,
      buttons: candidates.map((c, i) => ({
        action: String(i),
        label: foundry.utils.escapeHTML(
          `${c.item.name}${weaponSystem(c.item).modes[c.modeIndex]?.name ? `: ${weaponSystem(c.item).modes[c.modeIndex]!.name}` : ""}`,
        ),
      })),
      rejectClose: false,
    })) as string | null;
    picked = chosen === null ? undefined : candidates[Number(chosen)];
  }
  if (!picked) return null;
  const targets = card.targets.map((t) => t.tokenUuid).filter((t): t is string => Boolean(t));
  return rollWeapon(attacker, picked.item, picked.modeIndex, {
    ...choice,
    targetTokens: targets,
    carried: { dice: offer.carried, kind: "chain" },
    chain: offer.chain,
    from: { messageId: message.id },
    ...(card.weapon.offhand && card.weapon.itemUuid
      ? { pairWith: { itemUuid: card.weapon.itemUuid, modeIndex: card.weapon.modeIndex } }
      : {}),
  });
}

/**
 * Continue a hold from its card ("Some grappling moves are continuable. Continuations are contested
 * in the same way as the original move"): the same move at the same target, rolled against its
 * continuation target (`2S C`: 1S) with at least 1AD in Fast Action; the target resists again. A
 * Choke continued for 2, 3 and 4 rounds makes the target Unconscious, Moribund, dead.
 */
export async function continueHold(attacker: AnyActor, message: Message, choice: RollChoice = {}) {
  const card = cardOf(message);
  const offer = card ? holdOffer(card) : null;
  if (!card || !offer || !message.id) {
    warn(`${KEY}.Hold.None`);
    return null;
  }
  const item = card.weapon.itemUuid ? ((await fromUuid(card.weapon.itemUuid)) as AnyItem | null) : null;
  if (!item) return null;
  const token = card.targets[offer.index]?.tokenUuid;
  return rollWeapon(attacker, item, card.weapon.modeIndex, {
    target: offer.continuation,
    ...choice,
    ...(token ? { targetTokens: [token] } : {}),
    hold: { ...offer.next, from: message.id },
  });
}
