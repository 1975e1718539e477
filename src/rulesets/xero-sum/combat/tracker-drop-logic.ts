/**
 * Getting the Drop, Foundry-free (SRD "Getting The Drop"): "Before combat starts, one character
 * (including NPCs) can Get the Drop, preempting the Initiative check and taking a single combat action
 * before anyone else rolls for initiative. Only one character can Get The Drop, and if multiple
 * characters attempt it, the one with the highest Dexterity and Acumen Amods wins. If there is a tie
 * and no clear winner, no one Gets The Drop … Any character who Gets The Drop automatically incurs a -3
 * CMod on their next Initiative Roll."
 *
 * The contest has no dice: the highest DEX + ACU (after Lasting Wounds) among those who try wins (rules
 * `getTheDrop`; spec §8 #22 reads "Dexterity and Acumen Amods" as their sum). Here: the contenders'
 * scores, the outcome, the dialog in which the GM ticks who tries (core's roll dialog: each
 * combatant, the scores and the outcome live), the lines the posted message lists, when the tracker
 * offers the contest (the GM, before the first round, once a combat), and what the winner's initiative
 * takes when it was rolled before the Drop.
 */
import type { DialogModel, Localize } from "../../../core/roll-dialog-model";
import { DROP_INITIATIVE_PENALTY, getTheDrop } from "../rules";
import { signed } from "../rolls/text-logic";
import type { InitiativeRecord } from "./round-logic";

const KEY = "POLYVERSE.XeroSum.Attack.Drop";

/** A combatant who may try to Get the Drop: DEX and ACU after Lasting Wounds. */
export interface DropContender {
  id: string;
  name: string;
  dex: number;
  acu: number;
}

/** The contest's outcome among the contenders who try. */
export interface DropOutcome {
  /** The winner's combatant id, or null (a tie, or nobody tried). */
  winner: string | null;
  /** Each contender who tried, with DEX + ACU, highest first. */
  scores: (DropContender & { score: number })[];
  /** The best score was shared: nobody gets the Drop. */
  tie: boolean;
}

/** The outcome among `contenders` (rules `getTheDrop`: highest DEX + ACU; a tie, nobody). */
export function dropOutcome(contenders: readonly DropContender[]): DropOutcome {
  const scores = contenders
    .map((c) => ({ ...c, score: c.dex + c.acu }))
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
  const winner = getTheDrop(contenders);
  return { winner, scores, tie: contenders.length > 0 && winner === null };
}

/** The GM's choice in the dialog: who tries (by the contenders' order). */
export interface DropState {
  trying: boolean[];
}

/** The contenders ticked in a state. */
export const tryingOf = (contenders: readonly DropContender[], state: DropState): DropContender[] =>
  contenders.filter((_c, i) => state.trying[i]);

/** A contender's score as the dialog and the message write it: "DEX +2 + ACU +1 = +3". */
export const scoreText = (c: DropContender, localize: Localize): string =>
  localize(`${KEY}.Score`, { dex: signed(c.dex), acu: signed(c.acu), score: signed(c.dex + c.acu) });

/** The outcome in words: "Ada gets the Drop", "A tie: nobody gets the Drop". */
export function outcomeText(outcome: DropOutcome, localize: Localize): string {
  const winner = outcome.scores.find((s) => s.id === outcome.winner);
  return winner ? localize(`${KEY}.Winner`, { name: winner.name }) : localize(`${KEY}.Nobody`);
}

/** The dialog: a checkbox per combatant (its score beside it), the outcome live; no dice to roll. */
export function dropDialogModel(
  contenders: readonly DropContender[],
  localize: Localize,
): DialogModel<DropState> {
  return {
    title: `${KEY}.Title`,
    label: localize(`${KEY}.Label`),
    start: { trying: contenders.map(() => true) },
    change: (state, name, value) => {
      const [field, index] = name.split(".");
      const at = Number(index);
      if (field !== "trying" || !Number.isInteger(at) || at < 0 || at >= contenders.length) return state;
      const trying = [...state.trying];
      trying[at] = value === true;
      return { trying };
    },
    evaluate: (state) => {
      const trying = tryingOf(contenders, state);
      const outcome = dropOutcome(trying);
      return {
        groups: [
          {
            legend: `${KEY}.Trying`,
            fields: contenders.map((c, i) => ({
              kind: "checkbox" as const,
              name: `trying.${i}`,
              label: c.name,
              checked: state.trying[i] ?? false,
              badge: signed(c.dex + c.acu),
            })),
          },
        ],
        summary: [
          {
            rows: outcome.scores.map((s) => ({
              label: { key: s.name },
              amount: { key: scoreText(s, localize) },
            })),
          },
        ],
        problems: trying.length ? [] : [{ key: `${KEY}.NobodyTrying` }],
        notes: [{ key: `${KEY}.Note`, data: { penalty: signed(DROP_INITIATIVE_PENALTY) } }],
        odds: trying.length
          ? {
              heading: { key: `${KEY}.NoDice` },
              outcomes: [
                {
                  label: { key: outcomeText(outcome, localize) },
                  probability: 1,
                  tone: outcome.winner ? "success" : "neutral",
                },
              ],
            }
          : null,
      };
    },
  };
}

/** When the tracker offers the contest: to a GM, before the first round, while no Drop was decided. */
export function offersDrop(view: {
  gm: boolean;
  round: number;
  decided: boolean;
  combatants: number;
}): boolean {
  return view.gm && view.round < 1 && !view.decided && view.combatants > 0;
}

/**
 * A winner's initiative rolled for the first round before the Drop: it takes the −3 now (the roll the
 * Drop preempted), so the Drop is not carried to a later roll too. Null for any other record.
 */
export function droppedInitiative(record: InitiativeRecord | null): InitiativeRecord | null {
  if (!record || record.round !== 1 || record.drop !== 0) return null;
  return { ...record, drop: DROP_INITIATIVE_PENALTY, total: record.total + DROP_INITIATIVE_PENALTY };
}
