/**
 * The Xero Sum check card (`xero-sum-check`, core/cards.ts) as data, Foundry-free: its state in
 * `system.card` and the checks its data model refuses a state with. The roll itself (its set-up and
 * dice) is the message's first roll; the card keeps who rolled and what came after the roll: the
 * check's dice replaced by Insight Dice (each of the two at most once), whether the Moment of
 * Insight's die was given (once per check), and an opposed check's other side once rolled.
 */
import { CardProblems, isCardRecord, type CardKey } from "../../../core/cards-logic";
import {
  MAX_MODIFIER,
  MAX_PARTS,
  isBeforeRollInsight,
  isUuid,
  readPart,
  type BeforeRollInsight,
  type CheckPart,
} from "./roll-logic";
import { replacementProblems, type Replacement } from "./insight-logic";

/** The card's sub-type, and the flag an untyped card would have kept it in (none ever did). */
export const CHECK_CARD: CardKey = { type: "xero-sum-check", flag: "xeroSumCheck" };

export type { Replacement };

/** An opposed check's other side, rolled by the GM for the opponent's owner (or by them). */
export interface OpponentRoll {
  parts: CheckPart[];
  modifier: number;
  insight: BeforeRollInsight | null;
  /** Their dice: two, three with an Insight Die. */
  faces: number[];
  /** Their Moment's Insight Die was given. */
  gained: boolean;
}

/** What the card keeps besides the roll. */
export interface XeroSumCheckCard {
  /** The actor who rolled (a Group Check's leader). */
  actorUuid: string;
  actorName: string;
  replacements?: Replacement[];
  /** The Moment of Insight's die was given (at the roll, or after a replacement made one). */
  gained?: boolean;
  opponentRoll?: OpponentRoll | null;
}

const KEYS = ["actorUuid", "actorName", "replacements", "gained", "opponentRoll"];

function opponentProblems(p: CardProblems, roll: unknown): void {
  if (roll === undefined || roll === null) return;
  if (!isCardRecord(roll)) return p.check(false, "opponentRoll must be an object");
  for (const key of Object.keys(roll))
    p.check(
      ["parts", "modifier", "insight", "faces", "gained"].includes(key),
      `opponentRoll.${key} is unknown`,
    );
  p.entries(roll.parts, "opponentRoll.parts", MAX_PARTS, (x, i) =>
    p.check(readPart(x) !== null, `opponentRoll.parts[${i}] is not a part`),
  );
  p.whole(roll.modifier, "opponentRoll.modifier", -MAX_MODIFIER, MAX_MODIFIER);
  p.check(roll.insight === null || isBeforeRollInsight(roll.insight), "opponentRoll.insight is not a use");
  p.entries(roll.faces, "opponentRoll.faces", 3, (f, i) => p.whole(f, `opponentRoll.faces[${i}]`, 1, 6));
  const dice = roll.insight === "extraDie" ? 3 : 2;
  p.check(
    Array.isArray(roll.faces) && roll.faces.length === dice,
    `opponentRoll.faces must hold ${dice} dice`,
  );
  p.check(typeof roll.gained === "boolean", "opponentRoll.gained must be true or false");
}

/** Why a card state is not one this system writes (empty when it is). */
export function checkCardProblems(card: unknown): string[] {
  const p = new CardProblems();
  if (!isCardRecord(card)) return ["card must be an object"];
  p.check(isUuid(card.actorUuid), "actorUuid must be a UUID");
  p.check(typeof card.actorName === "string" && card.actorName.length <= 500, "actorName must be text");
  for (const key of Object.keys(card)) p.check(KEYS.includes(key), `${key} is unknown`);
  replacementProblems(p, card.replacements);
  if (card.gained !== undefined) p.check(typeof card.gained === "boolean", "gained must be true or false");
  opponentProblems(p, card.opponentRoll);
  return p.list;
}
