/**
 * The Tension Pool in Foundry, without Foundry: the world's bowl as the GM's hidden world setting
 * keeps it, what each of the GM's three controls does to it (by the rules' `tensionStep`), and the
 * `virtually-real-tension` card's state, shape and drawing.
 *
 * - The bowl (`polyverse.virtually-real.tension`, a hidden world setting only a GM writes; every
 *   client reads it): the dice in it, and the check cards a die was already dropped for (a failed
 *   check's *Add tension die* button drops one die per card).
 * - The controls: *Add tension die* (a time-consuming task; a 6th die rolls the pool at once),
 *   *Roll tension pool* (a reckless action), *Reckless and time-consuming* (a die, then the roll).
 * - The card: a die dropped (the bowl's count and the chance of a complication if it were rolled
 *   now), or the pool rolled (the faces, each 1 a complication, the bowl left empty). Its state keeps
 *   the faces; the complications are read from them by the rules when it is drawn. A card a GM did
 *   not post is drawn as changing nothing.
 */
import { CardProblems, isCardRecord } from "../../../core/cards-logic";
import { countText, formatChance } from "../../../core/i18n-logic";
import {
  TENSION_POOL_MAX,
  resolveTensionRoll,
  tensionAtSceneEnd,
  tensionOdds,
  tensionStep,
  type TensionAction,
  type TensionRollReason,
} from "../rules";
import { ID } from "./shared-logic";

/** The tension strings (lang/en/virtually-real-tension.json). */
export const TENSION = "POLYVERSE.VirtuallyReal.Tension";

/** The hidden world setting that holds the bowl: `polyverse.virtually-real.tension`. */
export const TENSION_SETTING_KEY = `${ID}.tension`;

/** How many check cards' ids the bowl remembers (the oldest forgotten first). */
export const TENSION_CARDS_KEPT = 100;

/** The world's bowl. */
export interface TensionBowl {
  /** The dice in the bowl (0 to 5 between actions: a 6th rolls at once). */
  dice: number;
  /** The check cards (message ids) a die was dropped for, newest last. */
  cards: string[];
}

export const EMPTY_BOWL: TensionBowl = { dice: 0, cards: [] };

const record = (v: unknown): Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** A stored bowl read plainly (anything broken reads as empty). */
export function readBowl(value: unknown): TensionBowl {
  const v = record(value);
  const dice =
    typeof v.dice === "number" && Number.isInteger(v.dice) && v.dice >= 0
      ? Math.min(v.dice, TENSION_POOL_MAX)
      : 0;
  const cards = Array.isArray(v.cards)
    ? v.cards.filter((c): c is string => typeof c === "string").slice(-TENSION_CARDS_KEPT)
    : [];
  return { dice, cards };
}

/** The GM's three controls. */
export const TENSION_CONTROLS = ["add", "roll", "both"] as const;
export type TensionControl = (typeof TENSION_CONTROLS)[number];

const ACTIONS: Readonly<Record<TensionControl, TensionAction>> = {
  add: { timeConsuming: true, reckless: false },
  roll: { timeConsuming: false, reckless: true },
  both: { timeConsuming: true, reckless: true },
};

/** What a control does to the bowl: the dice after it, and the dice to roll now (0: none). */
export interface TensionPlan {
  /** The dice in the bowl once the die is added (before any roll). */
  dice: number;
  /** Whether a die was added. */
  added: boolean;
  /** The dice to roll now (0: none). */
  roll: number;
  reason: TensionRollReason | null;
}

/** A control on the bowl, by the rules: a die for time spent; the bowl rolled when reckless or at 6. */
export function planTension(bowl: TensionBowl, control: TensionControl): TensionPlan {
  const action = ACTIONS[control];
  const step = tensionStep({ dice: bowl.dice }, action);
  return { dice: step.state.dice, added: action.timeConsuming, roll: step.roll, reason: step.reason };
}

/** The bowl after a die dropped for a check card: its id remembered (once; the oldest forgotten). */
export function rememberCard(bowl: TensionBowl, messageId: string | null): string[] {
  if (!messageId || bowl.cards.includes(messageId)) return [...bowl.cards];
  return [...bowl.cards, messageId].slice(-TENSION_CARDS_KEPT);
}

/** The bowl at the end of a scene: emptied, unless the world keeps the dice from scene to scene. */
export const bowlAtSceneEnd = (bowl: TensionBowl, keep: boolean): TensionBowl => ({
  ...bowl,
  dice: tensionAtSceneEnd({ dice: bowl.dice }, keep).dice,
});

// ---- the card ----------------------------------------------------------------------------------------

export const TENSION_CARD = { type: "virtually-real-tension", flag: "virtuallyRealTension" } as const;

export const TENSION_CARD_KINDS = ["add", "roll"] as const;
export type TensionCardKind = (typeof TENSION_CARD_KINDS)[number];
export const TENSION_REASONS = ["reckless", "full"] as const;

/** The card's state. */
export interface TensionCardState {
  /** A die dropped in the bowl (no roll), or the pool rolled. */
  kind: TensionCardKind;
  /** Why the pool was rolled (null for a die dropped). */
  reason: TensionRollReason | null;
  /** Whether a die was dropped in the bowl first. */
  added: boolean;
  /** The dice in the bowl after it: the count for a die dropped; 0 after a roll. */
  dice: number;
  /** The faces rolled (none for a die dropped). */
  faces: number[];
}

/** Why a card's state breaks its shape (empty when it does not). */
export function tensionCardProblems(card: unknown): string[] {
  if (!isCardRecord(card)) return ["the card must be an object"];
  const p = new CardProblems();
  p.oneOf(card.kind, TENSION_CARD_KINDS, "kind");
  p.check(typeof card.added === "boolean", "added must be true or false");
  p.whole(card.dice, "dice", 0, TENSION_POOL_MAX);
  p.entries(card.faces, "faces", TENSION_POOL_MAX, (f, i) => p.whole(f, `faces[${i}]`, 1, 6));
  const faces = Array.isArray(card.faces) ? card.faces.length : 0;
  if (card.kind === "add") {
    p.check(card.reason === null, "a die dropped has no reason");
    p.check(faces === 0, "a die dropped has no faces");
    p.check(card.added === true, "a die dropped adds a die");
    p.check(wholeFrom(card.dice, 1), "a die dropped leaves at least 1 die");
  }
  if (card.kind === "roll") {
    p.oneOf(card.reason, TENSION_REASONS, "reason");
    p.check(faces >= 1, "a roll has faces");
    p.check(card.dice === 0, "a rolled bowl is empty");
    p.check(
      card.reason !== "full" || (faces === TENSION_POOL_MAX && card.added === true),
      "a full bowl rolls 6",
    );
  }
  return p.list;
}

const wholeFrom = (v: unknown, min: number) => typeof v === "number" && Number.isInteger(v) && v >= min;

type Localize = (key: string, data?: Record<string, string>) => string;

/** A die as the card shows it: its face, and whether it is a complication (a 1). */
export interface TensionDieView {
  face: number;
  one: boolean;
}

/** Why the pool was rolled, as the card says it: a 6th die, a reckless action, or both kinds at once. */
const reasonKey = (card: TensionCardState): "full" | "reckless" | "both" =>
  card.reason === "full" ? "full" : card.added ? "both" : "reckless";

/** The card's template context for this reader (`trusted`: a GM posted it). */
export function tensionCardContext(card: TensionCardState, localize: Localize, trusted: boolean) {
  if (!trusted)
    return {
      kind: card.kind,
      title: localize(`${TENSION}.Card.Title.${card.kind}`),
      forged: localize(`${TENSION}.Card.NotGM`),
    };
  const bowl = countText(localize, `${TENSION}.Dice`, card.dice);
  if (card.kind === "add")
    return {
      kind: card.kind,
      title: localize(`${TENSION}.Card.Title.add`),
      bowl: localize(`${TENSION}.Card.Bowl`, { dice: bowl, odds: formatChance(tensionOdds(card.dice)) }),
    };
  const { complications } = resolveTensionRoll(card.faces);
  return {
    kind: card.kind,
    title: localize(`${TENSION}.Card.Title.roll`),
    reason: localize(`${TENSION}.Card.Reason.${reasonKey(card)}`),
    dice: card.faces.map((face): TensionDieView => ({ face, one: face === 1 })),
    diceLabel: localize(`${TENSION}.Card.Faces`),
    outcome:
      complications > 0
        ? countText(localize, `${TENSION}.Card.Complication`, complications)
        : localize(`${TENSION}.Card.NoComplication`),
    tone: complications > 0 ? "failure" : "success",
    emptied: localize(`${TENSION}.Card.Emptied`),
  };
}

/** The plain text stored in a card's `content` (for whatever reads a message without drawing it). */
export function tensionCardText(card: TensionCardState, localize: Localize): string {
  const context = tensionCardContext(card, localize, true);
  return [
    context.title,
    "bowl" in context ? context.bowl : null,
    "outcome" in context ? context.outcome : null,
  ]
    .filter((x): x is string => typeof x === "string")
    .join(": ");
}

/** The directory's indicator for every user: the dice in the bowl and the chance of a complication. */
export function tensionIndicator(dice: number, localize: Localize): { text: string; hint: string } {
  return {
    text: localize(`${TENSION}.Indicator.Text`, {
      dice: countText(localize, `${TENSION}.Dice`, dice),
      odds: formatChance(tensionOdds(dice)),
    }),
    hint: localize(`${TENSION}.Indicator.Hint`),
  };
}
