/**
 * Insight Dice around a Xero Sum roll, Foundry-free, shared by the check card and the attack card (a
 * Xero Sum attack is a check: SRD "Insight Dice", spec §2.5):
 *
 * - before the roll, in the dialog: one Insight Die for a third die (3d6) or +3 (the {@link insightField});
 * - after it, on the card: "remove one or both of the original dice and replace them with an Insight
 *   Dice, which are then rolled fresh" — each of the two original dice at most once, the Insight Die
 *   of a 3d6 roll never, one or both at a time, costing per `insightReplaceCost` (spec §8 #11a);
 *   the dice that stand are classified afresh (§8 #11c): {@link standingDice}, {@link replaceOffers};
 * - the card's record of the replacements (its shape: {@link replacementProblems}) and how the card
 *   shows them (the buttons, the line saying what was re-rolled, a fresh die's mark).
 */
import type { CardProblems } from "../../../core/cards-logic";
import { isCardRecord } from "../../../core/cards-logic";
import type { DialogField } from "../../../core/roll-dialog-model";
import { insightCost, type InsightReplaceCost } from "../rules";
import type { BeforeRollInsight } from "./roll-logic";

type Localize = (key: string, data?: Record<string, string>) => string;

const CARD = "POLYVERSE.XeroSum.Roll.Card";
const DIALOG = "POLYVERSE.XeroSum.Roll.Dialog";

/** Which dice a replacement names, as a card's button and a GM request carry them. */
export const REPLACE_DICE = ["0", "1", "0,1"] as const;
export type ReplaceDice = (typeof REPLACE_DICE)[number];

/** One Insight replacement: which of the roll's own two dice (0, 1), their fresh faces, what it cost. */
export interface Replacement {
  indices: number[];
  faces: number[];
  cost: number;
}

/** The dice that stand after the replacements. */
export interface Standing {
  /** The dice now (the rolled ones with the fresh faces in their places). */
  dice: number[];
  /** Which of the two original dice were replaced. */
  replaced: number[];
  /** Insight Dice spent on replacements. */
  spent: number;
}

/**
 * The dice standing after `replacements`, or null when they do not fit the roll: a die other than
 * the first two (an Insight Die of 3d6 is never replaced), a die replaced twice, a face missing.
 */
export function standingDice(
  rolled: readonly number[],
  replacements: readonly Replacement[] = [],
): Standing | null {
  const dice = [...rolled];
  const replaced: number[] = [];
  let spent = 0;
  for (const r of replacements) {
    for (const [i, index] of r.indices.entries()) {
      if ((index !== 0 && index !== 1) || index >= rolled.length || replaced.includes(index)) return null;
      const face = r.faces[i];
      if (face === undefined) return null;
      dice[index] = face;
      replaced.push(index);
    }
    spent += r.cost;
  }
  return { dice, replaced, spent };
}

/** A replacement a card offers: which dice, and its cost. */
export interface ReplaceOffer {
  indices: number[];
  cost: number;
}

/** The replacements still possible once `replaced` dice were replaced: each free die, and both together. */
export function replaceOffers(replaced: readonly number[], replaceCost: InsightReplaceCost): ReplaceOffer[] {
  const free = [0, 1].filter((i) => !replaced.includes(i));
  const out: ReplaceOffer[] = free.map((i) => ({
    indices: [i],
    cost: insightCost("replace", { replaced: 1, insightReplaceCost: replaceCost }),
  }));
  if (free.length === 2)
    out.push({
      indices: free,
      cost: insightCost("replace", { replaced: 2, insightReplaceCost: replaceCost }),
    });
  return out;
}

/** The offer a button names, or null. */
export const offerFor = (offers: readonly ReplaceOffer[], dice: ReplaceDice): ReplaceOffer | null =>
  offers.find((o) => o.indices.join(",") === dice) ?? null;

/** What the roller can afford of the offers, holding `held` Insight Dice (null: unknown, nothing). */
export function affordable(possible: readonly ReplaceOffer[], held: number | null) {
  const replace = held === null ? [] : possible.filter((o) => o.cost <= held);
  return { replace, unaffordable: held !== null && possible.length > 0 && replace.length === 0 };
}

/** The ledger's done marks of a replacement (each die once). */
export const replaceKeys = (indices: readonly number[]): string[] => indices.map((i) => `replace:${i}`);

/** Check a card's list of replacements (at most two; each die 0 or 1, once; a face 1..6 each; cost 1..2). */
export function replacementProblems(p: CardProblems, list: unknown): void {
  if (list === undefined) return;
  const seen = new Set<number>();
  p.entries(list, "replacements", 2, (r, i) => {
    const what = `replacements[${i}]`;
    if (!isCardRecord(r)) return p.check(false, `${what} must be an object`);
    for (const key of Object.keys(r))
      p.check(["indices", "faces", "cost"].includes(key), `${what}.${key} is unknown`);
    p.entries(r.indices, `${what}.indices`, 2, (x, j) => {
      p.whole(x, `${what}.indices[${j}]`, 0, 1);
      p.check(!seen.has(x as number), `${what} replaces a die already replaced`);
      seen.add(x as number);
    });
    p.check(Array.isArray(r.indices) && r.indices.length > 0, `${what}.indices must name a die`);
    p.entries(r.faces, `${what}.faces`, 2, (f, j) => p.whole(f, `${what}.faces[${j}]`, 1, 6));
    p.check(
      Array.isArray(r.faces) && Array.isArray(r.indices) && r.faces.length === r.indices.length,
      `${what} needs one face per die`,
    );
    p.whole(r.cost, `${what}.cost`, 1, 2);
  });
}

// ---- what the card shows ---------------------------------------------------------------------------

/** The buttons of the replacements a roller can afford ("Re-roll die 1, the 2", "Re-roll both"). */
export function replaceButtons(offers: readonly ReplaceOffer[], dice: readonly number[], localize: Localize) {
  return offers.map((r) => ({
    dice: r.indices.join(","),
    text:
      r.indices.length === 2
        ? localize(`${CARD}.Button.${r.cost === 1 ? "ReplaceBothOne" : "ReplaceBoth"}`, { n: String(r.cost) })
        : localize(`${CARD}.Button.Replace`, {
            which: String(r.indices[0]! + 1),
            face: String(dice[r.indices[0]!]),
          }),
  }));
}

/** The line saying what was re-rolled ("Re-rolled with Insight Dice: 1 → 5 (1 spent)"), or "". */
export function replacedLine(rolled: readonly number[], standing: Standing, localize: Localize): string {
  if (!standing.replaced.length) return "";
  return localize(`${CARD}.Spent.replace`, {
    dice: standing.replaced
      .map((i) => localize(`${CARD}.Replaced`, { from: String(rolled[i]), to: String(standing.dice[i]) }))
      .join(", "),
    n: String(standing.spent),
  });
}

/** What a die is, for its title: one of the roll's two, the Insight Die (third), or rolled fresh. */
export function dieTitle(
  index: number,
  standing: { replaced: readonly number[] },
  localize: Localize,
): string {
  if (standing.replaced.includes(index)) return localize(`${CARD}.Die.fresh`);
  return localize(`${CARD}.Die.${index === 2 ? "insight" : "check"}`);
}

// ---- before the roll ---------------------------------------------------------------------------------

/** The dialog's Insight choice before the roll: none, a third die, or +3 (with the dice held as a hint). */
export function insightField(value: BeforeRollInsight | "", held: number): DialogField {
  return {
    kind: "choice",
    name: "insight",
    label: `${DIALOG}.Insight`,
    value,
    choices: [
      { value: "", label: `${DIALOG}.InsightNone` },
      { value: "extraDie", label: `${DIALOG}.InsightExtraDie` },
      { value: "plusThree", label: `${DIALOG}.InsightPlusThree` },
    ],
    hint: `${DIALOG}.InsightHeld`,
    hintData: { n: String(held) },
  };
}
