/**
 * Reading a `xero-sum-attack` card in Foundry, for the GM's steps after the roll (attack-card.ts:
 * settle, defend, damage; attack-insight.ts: Insight replacements): the card, the world's settings
 * an attack reads, the faces its roll shows, and its attacker, weapon and target checked against the
 * documents and the roll (never the card's word alone).
 */
import { refuse } from "../../../core/relay-logic";
import { xeroSumSetting } from "../base/settings";
import { XeroSumRoll } from "../rolls";
import { cardOf } from "../../../core/cards";
import { ATTACK_CARD, FIGHT_KEY, type AttackCard } from "./attack-card-logic";
import type { AttackSettings } from "./attack-logic";
import { isLiving, weaponOf, type AnyActor, type AnyItem } from "./shared";

type Message = ChatMessage.Implementation;
type AnyUser = User.Implementation;

const KEY = `${FIGHT_KEY}.Attack`;

/** The attack card of a message, or null. */
export const readAttackCard = (message: Message) => cardOf<AttackCard>(message, ATTACK_CARD);
export const sync = <T>(uuid: string | null | undefined): T | null =>
  uuid ? ((fromUuidSync(uuid) as T | null) ?? null) : null;
export const owns = (actor: AnyActor | null, user: AnyUser): boolean =>
  Boolean(user.isGM || actor?.testUserPermission(user, "OWNER"));

/** The world's settings an attack reads. */
export const attackSettings = (): AttackSettings => ({
  attackResolution: xeroSumSetting("attackResolution"),
  characteristicPenalty: xeroSumSetting("characteristicPenalty"),
  clampConditional: xeroSumSetting("clampConditional"),
  rapidFireBoth: xeroSumSetting("rapidFireBoth"),
  momentOn3d6: xeroSumSetting("momentOn3d6"),
});

/** The world's Insight settings an attack card reads after the roll. */
export const attackInsightSettings = () => ({
  momentOn3d6: xeroSumSetting("momentOn3d6"),
  opposedInsight: xeroSumSetting("opposedInsight"),
  replaceCost: xeroSumSetting("insightReplaceCost"),
});

/** The faces of a message's first roll (what the ledger recorded). */
export const rolledFaces = (message: Message, index = 0): number[] =>
  (message.rolls?.[index]?.dice ?? []).flatMap((d) =>
    d.results.filter((r) => r.active !== false).map((r) => r.result),
  );

/** The card's attacker and weapon, checked against the documents and the roll. */
export async function checkedAttack(message: Message, card: AttackCard) {
  const attacker = (await fromUuid(card.attacker.actorUuid)) as AnyActor | null;
  if (!isLiving(attacker)) refuse(`${KEY}.Refused.Gone`, { name: card.attacker.name });
  const item = card.weapon.itemUuid ? ((await fromUuid(card.weapon.itemUuid)) as AnyItem | null) : null;
  if (card.weapon.itemUuid && (!item || item.parent !== attacker))
    refuse(`${KEY}.Refused.Gone`, { name: card.weapon.name });
  const weapon = weaponOf(item);
  if (!weapon || weapon.key !== card.weapon.key) refuse("POLYVERSE.Relay.WeaponMismatch");
  const dice = rolledFaces(message);
  const extra = card.choice.insight === "extraDie";
  if (dice.join() !== card.dice.join() || dice.length !== (extra ? 3 : 2))
    refuse("POLYVERSE.Relay.CardChanged");
  // The roll says what its dice are: an Insight Die spent before it as the card says.
  const roll = message.rolls?.[0];
  if (roll instanceof XeroSumRoll && roll.attack?.options.insight !== card.choice.insight)
    refuse("POLYVERSE.Relay.CardChanged");
  const target = card.target ? ((await fromUuid(card.target.actorUuid)) as AnyActor | null) : null;
  if (card.target && !isLiving(target)) refuse(`${KEY}.Refused.Gone`, { name: card.target.name });
  return { attacker, item, weapon, target };
}
