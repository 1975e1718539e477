/**
 * Where a Xero Sum check stands, Foundry-free: from the roll (its options and dice, roll-logic.ts)
 * and the card's state after it (messages-logic.ts: Insight replacements, the Moment's die given, an
 * opposed check's other side), the rules layer classifies the dice that stand (`classify`, and
 * `resolveOpposed` for the winner), and {@link checkOffers} says which buttons the card offers. The
 * card's view, its buttons and the GM all read the check through here, never a number a player
 * typed: only the dice and the set-up.
 *
 * Readings (spec §8 #11): a replaced die is classified afresh, so a fresh pair can make or unmake a
 * Moment; the Moment's Insight Die is given once per check, when a Moment first shows (at the roll or
 * after a replacement), and never taken back; each of the check's two dice is replaced at most once
 * (one or both at a time, costing per `insightReplaceCost`), the Insight Die of a 3d6 check never.
 */
import type { DocumentChange } from "../../../core/changes-logic";
import { INSIGHT_PATH } from "../base/change-policy";
import {
  classify,
  resolveOpposed,
  type CheckResult,
  type InsightReplaceCost,
  type OpposedWinner,
} from "../rules";
import { affordable, replaceOffers, standingDice, type ReplaceOffer } from "./insight-logic";
import type { OpponentRoll, XeroSumCheckCard } from "./messages-logic";
import type { ReadCheck, XeroSumCheckOptions } from "./roll-logic";

export { INSIGHT_PATH };
export type { ReplaceOffer };

/** Where a check stands. */
export interface CheckState {
  options: XeroSumCheckOptions;
  /** The dice as rolled. */
  rolled: number[];
  /** The dice that stand, after the replacements. */
  dice: number[];
  /** Which of the check's two dice were replaced. */
  replaced: number[];
  /** Insight Dice spent on replacements. */
  replaceSpent: number;
  result: CheckResult;
  /** The other side of an opposed check, once rolled. */
  opponent: (CheckResult & { roll: OpponentRoll }) | null;
  /** An opposed check's winner, once both sides rolled. */
  winner: OpposedWinner | null;
}

/** Whether a Moment on this check earns its roller an Insight Die (an opposed check per the setting). */
export const earnsInsight = (options: Pick<XeroSumCheckOptions, "opposed" | "opposedInsight">) =>
  !options.opposed || options.opposedInsight;

/**
 * A check's standing state, or null when the card's state does not fit the roll (a replacement on a
 * check that allows none, a die replaced twice, an opponent's roll on a check without one): such a
 * card is drawn as invalid and offers nothing.
 */
export function checkState(read: ReadCheck, card: XeroSumCheckCard | null): CheckState | null {
  const { options, faces } = read;
  const replacements = card?.replacements ?? [];
  if (replacements.length && !options.replace) return null;
  const standing = standingDice(faces, replacements);
  if (!standing) return null;
  const { dice, replaced, spent: replaceSpent } = standing;
  const opts = { momentOn3d6: options.momentOn3d6 };
  const result = classify(dice, options.modifier, opts);
  const roll = card?.opponentRoll ?? null;
  if (roll && !options.opposed) return null;
  let opponent: CheckState["opponent"] = null;
  let winner: OpposedWinner | null = null;
  if (roll) {
    opponent = { ...classify(roll.faces, roll.modifier, opts), roll };
    winner = resolveOpposed(
      { dice, modifier: options.modifier },
      { dice: roll.faces, modifier: roll.modifier },
      opts,
    ).winner;
  }
  return { options, rolled: [...faces], dice, replaced, replaceSpent, result, opponent, winner };
}

/** The replacements still possible on a check (each affordable or not: `held` decides). */
export function replaceOptions(state: CheckState, replaceCost: InsightReplaceCost): ReplaceOffer[] {
  if (!state.options.replace || state.options.group) return [];
  return replaceOffers(state.replaced, replaceCost);
}

/** What the card offers now, given the Insight Dice its actor holds (null: unknown, nothing offered). */
export interface CheckOffers {
  replace: ReplaceOffer[];
  /** Replacements possible but not affordable: "no Insight Dice left". */
  replaceUnaffordable: boolean;
  opponentRoll: boolean;
}

export const NO_OFFERS: CheckOffers = { replace: [], replaceUnaffordable: false, opponentRoll: false };

/** The buttons a check offers, for an actor holding `held` Insight Dice. */
export function checkOffers(state: CheckState, held: number | null, card: XeroSumCheckCard): CheckOffers {
  const { replace, unaffordable } = affordable(replaceOptions(state, state.options.replaceCost), held);
  return {
    replace,
    replaceUnaffordable: unaffordable,
    opponentRoll: state.options.opposed !== null && !card.opponentRoll,
  };
}

/** Whether a check's Moment gives its Insight Die now: a Moment shows, it earns one, none given yet. */
export const momentGain = (state: CheckState, card: Pick<XeroSumCheckCard, "gained">): boolean =>
  state.result.moment !== null && earnsInsight(state.options) && !card.gained && !state.options.group;

/**
 * A check as the documents glue reads a check it follows: its traits, the CMods the roller chose (not
 * the Lasting Wounds' penalty nor the Insight Die's +3, which `plusThree` says), the dice that stand
 * and what they came to. Null for an opposed or Group Check.
 */
export interface CheckSummary {
  kind: XeroSumCheckOptions["kind"];
  attribute: XeroSumCheckOptions["attribute"];
  skill: XeroSumCheckOptions["skill"];
  conditional: number[];
  plusThree: boolean;
  dice: number[];
  total: number;
  band: CheckResult["band"];
  moment: CheckResult["moment"];
}

const CHOSEN_CMODS = new Set(["situation", "conditional", "relationship", "gear"]);

export function checkSummary(state: CheckState): CheckSummary | null {
  const o = state.options;
  if (o.opposed || o.group) return null;
  return {
    kind: o.kind,
    attribute: o.attribute,
    skill: o.skill,
    conditional: o.parts.filter((p) => CHOSEN_CMODS.has(p.kind)).map((p) => p.value),
    plusThree: o.insight === "plusThree",
    dice: [...state.dice],
    total: state.result.total,
    band: state.result.band,
    moment: state.result.moment,
  };
}

// ---- what a roll changes ---------------------------------------------------------------------------

interface Who {
  uuid: string;
  name: string;
}

/** An Insight Dice change on one actor (none when the delta is 0). */
export function insightChange(who: Who, delta: number): DocumentChange[] {
  return delta ? [{ uuid: who.uuid, name: who.name, add: [{ path: INSIGHT_PATH, delta, min: 0 }] }] : [];
}

/**
 * What a check changes when it is rolled: the roller's Insight Die spent before the roll, and the
 * Moment's die, to the roller (an opposed check per `opposedInsight`) or to every participant of a
 * Group Check ("all members taking part receive an Insight Dice").
 */
export function rollChanges(options: XeroSumCheckOptions, faces: readonly number[], actor: Who) {
  const moment = classify(faces, options.modifier, { momentOn3d6: options.momentOn3d6 }).moment !== null;
  const gained = moment && earnsInsight(options);
  const changes: DocumentChange[] = [];
  if (options.group) {
    if (gained) for (const m of options.group.members) changes.push(...insightChange(m, 1));
  } else changes.push(...insightChange(actor, (gained ? 1 : 0) - (options.insight ? 1 : 0)));
  return { changes, gained };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Why a player's card's pending changes are not what its roll changes (an i18n key), or null: each is
 * one of the roll's own changes (the same actor, the same Insight delta, held at 0 and nothing else),
 * nothing set, no status.
 */
export function pendingProblem(
  pending: readonly unknown[],
  expected: readonly DocumentChange[],
): string | null {
  const bad = "POLYVERSE.XeroSum.Roll.Relay.Unjustified";
  const left = [...expected];
  for (const change of pending) {
    if (!isRecord(change) || change.set !== undefined || change.statuses !== undefined) return bad;
    const add = Array.isArray(change.add) ? (change.add as unknown[]) : [];
    const d = add[0];
    if (add.length !== 1 || !isRecord(d)) return bad;
    // The clamp only keeps the dice at 0 or more: a forged `min` or `max` would set the value.
    if (d.min !== 0 || d.max !== undefined || Object.keys(d).length !== 3) return bad;
    const at = left.findIndex(
      (e) => e.uuid === change.uuid && e.add?.[0]?.path === d.path && e.add?.[0]?.delta === d.delta,
    );
    if (at < 0) return bad;
    left.splice(at, 1);
  }
  return null;
}
