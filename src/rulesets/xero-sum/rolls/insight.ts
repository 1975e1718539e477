/**
 * Replacing a roll's dice with Insight Dice, as the GM (or, with no GM connected, the card's author
 * who owns the roller) carries it out for the check card (buttons.ts) and the attack card
 * (combat/attack-insight.ts): which dice a card offers and what the replacement leaves standing are
 * insight-logic.ts's; here the request is checked against the documents (the roller's owner only,
 * each die once, the Insight Dice held at the cost the card prices), the fresh dice are rolled, and
 * once the card says what they come to, the replacement is recorded done before anything changes,
 * the Insight Dice spent (and a Moment's die given), the card saved, recorded anew and the dice shown.
 */
import { ownsActor } from "../../../core/actor-lookup";
import { applyChange } from "../../../core/changes";
import { markDone, restampCard } from "../../../core/ledger";
import type { LedgerEntry } from "../../../core/ledger-logic";
import { refuse } from "../../../core/relay-logic";
import { showDice } from "../../../core/rolls/post";
import { livingSystem } from "../data/systems";
import { spendInsight, type InsightReplaceCost } from "../rules";
import { insightChange } from "./check-state-logic";
import {
  offerFor,
  replaceKeys,
  type ReplaceDice,
  type ReplaceOffer,
  type Replacement,
} from "./insight-logic";
import { XeroSumRoll } from "./xero-sum-roll";

type AnyActor = Actor.Implementation;
type AnyUser = User.Implementation;
type Message = ChatMessage.Implementation;

const KEY = "POLYVERSE.XeroSum.Roll.Relay";

/** A replacement asked for on a card. */
export interface ReplaceAsk {
  /** The roller (the card's actor), or null when gone. */
  actor: AnyActor | null;
  /** The roller's name as the card has it (for "gone"). */
  actorName: string;
  /** Who asks (this user, or the player whose request the GM received). */
  user: AnyUser;
  dice: ReplaceDice;
  /** What the card still offers (insight-logic.ts `replaceOffers`, or nothing when it allows none). */
  offers: readonly ReplaceOffer[];
  replaceCost: InsightReplaceCost;
  /** What the card's ledger entry has recorded done. */
  done?: readonly string[] | undefined;
}

/** A replacement checked and rolled: the fresh faces and cost, its done marks, the roll to show. */
export interface RolledReplacement {
  actor: AnyActor;
  replacement: Replacement;
  keys: string[];
  roll: XeroSumRoll;
}

/**
 * Check a replacement against the documents and roll its fresh dice (nothing changed yet). Refuses
 * (relay-logic.ts) a roller gone or not the asker's, a die replaced already, a replacement the card
 * does not offer, or one the Insight Dice held do not pay for.
 */
export async function rollReplacement(ask: ReplaceAsk): Promise<RolledReplacement> {
  const { actor } = ask;
  if (!actor) refuse(`${KEY}.Gone`, { name: ask.actorName });
  if (!ownsActor(actor, ask.user)) refuse(`${KEY}.NotYours`);
  const indices = ask.dice.split(",").map(Number);
  const keys = replaceKeys(indices);
  if (keys.some((k) => ask.done?.includes(k))) refuse(`${KEY}.AlreadyDone`);
  if (!offerFor(ask.offers, ask.dice)) refuse(`${KEY}.NotOffered`);
  const spend = spendInsight({
    held: livingSystem(actor).insight.value,
    use: "replace",
    replaced: indices.length,
    insightReplaceCost: ask.replaceCost,
  });
  if (!spend.allowed) refuse(`POLYVERSE.XeroSum.Check.InsightRefusal.${spend.refusal}`);
  const { roll, faces } = await XeroSumRoll.rollDice(indices.length);
  return { actor, replacement: { indices, faces, cost: spend.cost }, keys, roll };
}

/**
 * Carry a rolled replacement out: recorded done first (a later request never does it twice), the
 * Insight Dice spent and a Moment's die given (`gain`), the card saved (`save`), recorded anew (only
 * the GM writes a card after its roll), the fresh dice shown.
 */
export async function settleReplacement(
  message: Message,
  entry: LedgerEntry | null,
  rolled: RolledReplacement,
  gain: boolean,
  save: () => Promise<unknown>,
): Promise<void> {
  if (entry && message.id) await markDone(message.id, rolled.keys);
  const who = { uuid: rolled.actor.uuid, name: rolled.actor.name ?? "" };
  for (const change of insightChange(who, (gain ? 1 : 0) - rolled.replacement.cost))
    await applyChange(rolled.actor, change);
  await save();
  if (entry) await restampCard(message);
  await showDice(rolled.roll);
}
