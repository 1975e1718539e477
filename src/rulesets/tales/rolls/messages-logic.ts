/**
 * The Tales test card (`tales-test`, core/cards.ts) as data, Foundry-free: its state in
 * `system.card` and the checks its data model refuses a state with. The roll itself (its set-up and
 * dice) is the message's first roll; the card keeps who rolled and what happened after the roll: the
 * player's re-rolls (Lucky, Elite Tools), the die chosen among several, Essence spent for the
 * success, Edge dice bought, and an opposed test's opponent roll (rolled by its owner or the GM).
 */
import { CardProblems, isCardRecord, type CardKey } from "../../../core/cards-logic";
import { MAX_BONUS, MAX_TEST_DICE, isUuid } from "./roll-logic";

/** The card's sub-type, and the flag an untyped card would have kept it in (none ever did). */
export const TEST_CARD: CardKey = { type: "tales-test", flag: "talesTest" };

/** What re-rolled the player's dice. */
export type RerollBy = "lucky" | "eliteTools";

/** The opponent's side of an opposed test, once rolled. */
export interface OpponentRoll {
  /** Their attribute and skill at their wound level, and the total bonus, when they rolled. */
  attributeValue: number;
  skillValue: number;
  bonus: number;
  /** Their dice (Skill Expert: two); the highest counts. */
  faces: number[];
  /** They spent 1 Essence for the success their 6 offered. */
  essence: boolean;
}

/** What the card keeps besides the roll. */
export interface TalesTestCard {
  /** The actor who rolled. */
  actorUuid: string;
  actorName: string;
  /** Re-rolls of the player's dice, in order; the last one's faces stand. */
  rerolls?: { by: RerollBy; faces: number[] }[];
  /** The die chosen among several (an index into the standing faces); absent: the best. */
  chosen?: number | null;
  /** 1 Essence spent for the success the rules offered. */
  essence?: boolean;
  /** Edge dice bought (1 Essence each), in order. */
  edgeDice?: number[];
  /** An opposed test's opponent roll, once made. */
  opponentRoll?: OpponentRoll | null;
}

/** The most Edge dice a card keeps (each needs a 6 before it: a long run is all but impossible). */
export const MAX_EDGE_DICE = 10;

const KEYS = ["actorUuid", "actorName", "rerolls", "chosen", "essence", "edgeDice", "opponentRoll"];

function opponentProblems(p: CardProblems, roll: unknown): void {
  if (roll === undefined || roll === null) return;
  if (!isCardRecord(roll)) {
    p.check(false, "opponentRoll must be an object");
    return;
  }
  for (const key of Object.keys(roll))
    p.check(
      ["attributeValue", "skillValue", "bonus", "faces", "essence"].includes(key),
      `opponentRoll.${key} is unknown`,
    );
  p.whole(roll.attributeValue, "opponentRoll.attributeValue", 0, 20);
  p.whole(roll.skillValue, "opponentRoll.skillValue", 0, 20);
  p.whole(roll.bonus, "opponentRoll.bonus", -MAX_BONUS, MAX_BONUS);
  p.entries(roll.faces, "opponentRoll.faces", MAX_TEST_DICE, (f, i) =>
    p.whole(f, `opponentRoll.faces[${i}]`, 1, 6),
  );
  p.check(Array.isArray(roll.faces) && roll.faces.length > 0, "opponentRoll.faces must hold a die");
  p.check(typeof roll.essence === "boolean", "opponentRoll.essence must be true or false");
}

/** Why a card state is not one this system writes (empty when it is). */
export function testCardProblems(card: unknown): string[] {
  const p = new CardProblems();
  if (!isCardRecord(card)) return ["card must be an object"];
  p.check(isUuid(card.actorUuid), "actorUuid must be a UUID");
  p.check(typeof card.actorName === "string" && card.actorName.length <= 500, "actorName must be text");
  for (const key of Object.keys(card)) p.check(KEYS.includes(key), `${key} is unknown`);
  if (card.rerolls !== undefined)
    p.entries(card.rerolls, "rerolls", 2, (r, i) => {
      if (!isCardRecord(r)) return p.check(false, `rerolls[${i}] must be an object`);
      p.oneOf(r.by, ["lucky", "eliteTools"], `rerolls[${i}].by`);
      p.entries(r.faces, `rerolls[${i}].faces`, MAX_TEST_DICE, (f, j) =>
        p.whole(f, `rerolls[${i}].faces[${j}]`, 1, 6),
      );
    });
  p.whole(card.chosen, "chosen", 0, MAX_TEST_DICE - 1, true);
  if (card.essence !== undefined) p.check(typeof card.essence === "boolean", "essence must be true or false");
  if (card.edgeDice !== undefined)
    p.entries(card.edgeDice, "edgeDice", MAX_EDGE_DICE, (f, i) => p.whole(f, `edgeDice[${i}]`, 1, 6));
  opponentProblems(p, card.opponentRoll);
  return p.list;
}

/**
 * The part of a card the GM holds a player's card to (the ledger's digest, with the roll): who
 * rolled, and the opponent's roll, which only the opponent's owner (or the GM, who records the card
 * anew) writes. The player's own choices after the roll (re-rolls, the die chosen, Essence, Edge)
 * are marked done in the ledger entry when the GM carries them out.
 */
export const stableCard = (card: TalesTestCard) => ({
  actorUuid: card.actorUuid,
  opponentRoll: card.opponentRoll ?? null,
});
