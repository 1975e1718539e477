/**
 * The Maelstrom roll card (`maelstrom-roll`, core/cards.ts) as data, Foundry-free: its state in
 * `system.card` and the checks its data model refuses a state with. The roll itself (its options and
 * dice) is the message's first roll; the card keeps who rolled and what happened after the roll:
 * the experience die, Willpower spent for an automatic success, the Willpower a botch took.
 */
import { CardProblems, isCardRecord, type CardKey } from "../../../core/cards-logic";
import { MAX_BONUS, isTraitKey, type ExperienceDie } from "./roll-logic";

/** The card's sub-type, and the flag an untyped card would have kept it in (none ever did). */
export const ROLL_CARD: CardKey = { type: "maelstrom-roll", flag: "maelstromRoll" };

/** What the card keeps besides the roll. */
export interface MaelstromCard {
  /** The actor who rolled. */
  actorUuid: string;
  actorName: string;
  /** The experience die, once added: the trait banked in, its die and the bonus dice it earned. */
  experience?: ExperienceDie | null;
  /** Willpower spent for an automatic success: the successes ("equal to your remaining Willpower dots"). */
  willpower?: { successes: number; current: number } | null;
  /** A Willpower botch: the dots lost, the Willpower left, and whether that broke the character. */
  botchLoss?: { lost: number; current: number; broken: boolean } | null;
  /**
   * A rest (rest.ts): the hours, whether active, the dots back (the resting roll's successes
   * included), a botch's loss and the Willpower after. Its roll, when it rolled, is the message's.
   */
  rest?: RestCard | null;
}

/** What a rest card says. */
export interface RestCard {
  hours: number;
  active: boolean;
  regained: number;
  successes: number;
  lost: number;
  current: number;
  broken: boolean;
}

/** The longest rest a card accepts (hours). */
const MAX_REST_HOURS = 720;

const UUID = /^[A-Za-z0-9.]{1,200}$/;

/** Why a card state is not one this system writes (empty when it is). */
export function rollCardProblems(card: unknown): string[] {
  const p = new CardProblems();
  if (!isCardRecord(card)) return ["card must be an object"];
  p.check(typeof card.actorUuid === "string" && UUID.test(card.actorUuid), "actorUuid must be a UUID");
  p.check(typeof card.actorName === "string" && card.actorName.length <= 500, "actorName must be text");
  for (const key of Object.keys(card))
    p.check(
      ["actorUuid", "actorName", "experience", "willpower", "botchLoss", "rest"].includes(key),
      `${key} is unknown`,
    );
  const xp = card.experience;
  if (xp !== undefined && xp !== null) {
    if (!isCardRecord(xp)) p.check(false, "experience must be an object");
    else {
      p.check(isTraitKey(xp.trait), "experience.trait is not a trait");
      p.entries(xp.faces, "experience.faces", MAX_BONUS, (f, i) =>
        p.whole(f, `experience.faces[${i}]`, 1, 10),
      );
      p.check(Array.isArray(xp.faces) && xp.faces.length > 0, "experience.faces must hold the die");
    }
  }
  const wp = card.willpower;
  if (wp !== undefined && wp !== null) {
    if (!isCardRecord(wp)) p.check(false, "willpower must be an object");
    else {
      p.whole(wp.successes, "willpower.successes", 1, 10);
      p.whole(wp.current, "willpower.current", 1, 10);
    }
  }
  const loss = card.botchLoss;
  if (loss !== undefined && loss !== null) {
    if (!isCardRecord(loss)) p.check(false, "botchLoss must be an object");
    else {
      p.whole(loss.lost, "botchLoss.lost", 0, 10);
      p.whole(loss.current, "botchLoss.current", 0, 10);
      p.check(typeof loss.broken === "boolean", "botchLoss.broken must be true or false");
    }
  }
  restProblems(p, card.rest);
  return p.list;
}

function restProblems(p: CardProblems, rest: unknown): void {
  if (rest === undefined || rest === null) return;
  if (!isCardRecord(rest)) {
    p.check(false, "rest must be an object");
    return;
  }
  p.whole(rest.hours, "rest.hours", 0, MAX_REST_HOURS);
  p.check(typeof rest.active === "boolean", "rest.active must be true or false");
  p.whole(rest.regained, "rest.regained", 0, 10);
  p.whole(rest.successes, "rest.successes", 0, 60);
  p.whole(rest.lost, "rest.lost", 0, 10);
  p.whole(rest.current, "rest.current", 0, 10);
  p.check(typeof rest.broken === "boolean", "rest.broken must be true or false");
}

/** The part of a card that never changes after the roll (for the ledger's digest). */
export const stableCard = (card: MaelstromCard) => ({
  actorUuid: card.actorUuid,
  botchLoss: card.botchLoss ?? null,
  // Only when present: a card recorded before rests existed keeps its digest.
  ...(card.rest ? { rest: card.rest } : {}),
});
