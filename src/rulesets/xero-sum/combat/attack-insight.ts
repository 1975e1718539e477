/**
 * Insight Dice after an attack's roll, on the `xero-sum-attack` card: the attacker's owner may
 * replace one or both of the attack's own dice with Insight Dice rolled fresh (each die once, at the
 * world's `insightReplaceCost`; the Insight Die of a 3d6 attack never), as on a check card — the
 * rolls folder's insight.ts checks, rolls and settles it for both. The GM carries it out (a player's
 * request through the relay; the GM's own press here): the card must be one the GM settled (never
 * refused), the dice must still be the roll's, and its damage must not be rolled yet (Polyverse's
 * reading: once a damage card follows the attack, its dice stand, so no second damage card is ever
 * posted for one attack). The dice that stand are classified afresh and the hit resolved again as the
 * card was settled (its modifier and the target's DM; opposed, against the defence once rolled); a
 * Moment the fresh dice make gives the attacker its Insight Die, once per attack. A Cover Fire attack
 * that a replacement turns into a hit pins the target (−2 on its next check); one turned into a miss
 * takes that −2 back while it still waits.
 */
import { saveCard } from "../../../core/cards";
import type { LedgerEntry } from "../../../core/ledger-logic";
import { refuse } from "../../../core/relay-logic";
import { COVER_FIRE_PENALTY, receiveCoverFire } from "../rules";
import { rollReplacement, settleReplacement, type ReplaceDice } from "../rolls";
import {
  ATTACK_CARD,
  attackReplaceOffers,
  attackStanding,
  replacedAttack,
  type AttackCard,
} from "./attack-card-logic";
import { attackInsightSettings, checkedAttack } from "./attack-read";
import { ROUND_PATH, combatantOf, roundStateOf, type AnyActor } from "./shared";

type Message = ChatMessage.Implementation;
type AnyUser = User.Implementation;

const KEY = "POLYVERSE.XeroSum.Attack.Refused";

/** A Cover Fire attack's pin on its target, put on or taken back when a replacement flips the hit. */
async function repin(target: AnyActor | null, hitBefore: boolean | null, hitAfter: boolean | null) {
  if (!target || Boolean(hitBefore) === Boolean(hitAfter)) return;
  const theirs = combatantOf(target);
  const state = roundStateOf(theirs);
  if (!theirs || !state) return;
  const next = hitAfter
    ? receiveCoverFire(state)
    : { ...state, nextCheck: Math.min(0, state.nextCheck - COVER_FIRE_PENALTY) };
  await theirs.update({ [ROUND_PATH]: next } as never);
}

/**
 * Replace the attack's `dice` with Insight Dice for `user` (this GM, or the player whose request the
 * GM received), once each. Refuses what the card does not offer (insight.ts and above).
 */
export async function performAttackInsight(
  message: Message,
  card: AttackCard,
  dice: ReplaceDice,
  user: AnyUser,
  entry: LedgerEntry | null,
): Promise<void> {
  if (card.refused) refuse(card.refused.key, card.refused.data);
  if (!card.resolved) refuse(`${KEY}.NotSettled`);
  if (card.damageMessageId || entry?.done.includes("damage")) refuse(`${KEY}.DamageRolled`);
  if (!attackStanding(card)) refuse("POLYVERSE.XeroSum.Roll.Relay.Unreadable");
  const { attacker, target } = await checkedAttack(message, card);
  const settings = attackInsightSettings();
  const rolled = await rollReplacement({
    actor: attacker,
    actorName: card.attacker.name,
    user,
    dice,
    offers: attackReplaceOffers(card, settings.replaceCost),
    replaceCost: settings.replaceCost,
    done: entry?.done,
  });
  const after = replacedAttack(card, rolled.replacement, settings);
  if (!after) refuse("POLYVERSE.XeroSum.Roll.Relay.Unreadable");
  await settleReplacement(message, entry, rolled, after.gain, () =>
    saveCard<AttackCard>(message, ATTACK_CARD, after.card),
  );
  if (card.choice.action === "coverFire") await repin(target, after.hitBefore, after.hitAfter);
}
