/**
 * Exact odds of Xero Sum checks, for roll dialogs and cards: every face of every die (36 for 2d6, 216
 * for a 3d6 check with an Insight Die), each classified by `classify`, so the odds follow the
 * Moments' override and the 3d6 reading exactly. Counts over 6^n are exact; the probabilities are
 * those counts divided by 6^n.
 */
import { MAX_FACE, assertWhole } from "./check-guards";
import {
  CHECK_DICE,
  MAX_CHECK_DICE,
  assertCheckDice,
  classify,
  type ClassifyOptions,
  type MomentOn3d6,
} from "./check";
import { BANDS, type Band } from "./keys";

/** The chance of each band. */
export type BandOdds = Record<Band, number>;

/** Every way `n` d6 can fall, in order (the first die slowest). */
export function allRolls(n: number): number[][] {
  if (!Number.isInteger(n) || n < 1 || n > MAX_CHECK_DICE)
    throw new RangeError(`Dice are a whole number 1..${MAX_CHECK_DICE}: ${n}`);
  let out: number[][] = [[]];
  for (let i = 0; i < n; i++) {
    const next: number[][] = [];
    for (const r of out) for (let f = 1; f <= MAX_FACE; f++) next.push([...r, f]);
    out = next;
  }
  return out;
}

/** What `checkOdds` reads: the check before the dice are rolled. */
export interface CheckOddsInput extends ClassifyOptions {
  /** AMod + SMod + CMods. */
  modifier: number;
  /** 2, or 3 with an Insight Die. Default 2. */
  dice?: number;
}

function diceCount(n: number | undefined): number {
  const dice = n ?? CHECK_DICE;
  if (dice !== CHECK_DICE && dice !== MAX_CHECK_DICE)
    throw new RangeError(`A check rolls ${CHECK_DICE} or ${MAX_CHECK_DICE} dice: ${dice}`);
  return dice;
}

const zeroOdds = (): BandOdds => ({ "dire-failure": 0, failure: 0, success: 0, "wild-success": 0 });

/**
 * The chance of each band, exact.
 *
 * Example: modifier 0, 2d6: a Success or better is 10 of 36 (totals 9..12), a Wild Success only
 * 6+6 (1 of 36), a Dire Failure 1+1 and 1+2, 2+1 (3 of 36).
 */
export function checkOdds(input: CheckOddsInput): BandOdds {
  const rolls = allRolls(diceCount(input.dice));
  const out = zeroOdds();
  for (const dice of rolls) out[classify(dice, input.modifier, input).band] += 1;
  for (const band of BANDS) out[band] /= rolls.length;
  return out;
}

/** The chance of a Success or better. */
export function successOdds(input: CheckOddsInput): number {
  const odds = checkOdds(input);
  return odds.success + odds["wild-success"];
}

/** The chance of each Moment of Insight. */
export interface MomentOdds {
  low: number;
  high: number;
}

/**
 * The chance of a Moment of Low and of High Insight: 1/36 each on 2d6 (and on 3d6 read on the
 * check's two dice); 16/216 each on 3d6 read on any pair.
 */
export function momentOdds(input: { dice?: number; momentOn3d6?: MomentOn3d6 } = {}): MomentOdds {
  const rolls = allRolls(diceCount(input.dice));
  const out = { low: 0, high: 0 };
  for (const dice of rolls) {
    const { moment } = classify(dice, 0, input);
    if (moment) out[moment] += 1;
  }
  return { low: out.low / rolls.length, high: out.high / rolls.length };
}

/** What `replaceOdds` reads: a rolled check and the dice an Insight Die would replace. */
export interface ReplaceOddsInput extends ClassifyOptions {
  dice: readonly number[];
  /** Among the check's own two dice (0, 1). */
  indices: readonly number[];
  modifier: number;
}

/** The chance of each band once the chosen dice are rolled fresh (the others stay). */
export function replaceOdds(input: ReplaceOddsInput): BandOdds {
  assertCheckDice(input.dice);
  const { indices } = input;
  if (indices.length < 1 || indices.length > 2 || new Set(indices).size !== indices.length)
    throw new RangeError(`One or both of the original dice: ${indices.join(", ")}`);
  if (indices.some((i) => i !== 0 && i !== 1)) throw new RangeError(`Only the original dice (0, 1)`);
  const fresh = allRolls(indices.length);
  const out = zeroOdds();
  for (const faces of fresh) {
    const dice = [...input.dice];
    indices.forEach((index, i) => (dice[index] = faces[i] ?? 0));
    out[classify(dice, input.modifier, input).band] += 1;
  }
  for (const band of BANDS) out[band] /= fresh.length;
  return out;
}

/** One side of an opposed check. */
export interface OpposedSideOdds {
  modifier: number;
  /** Default 2. */
  dice?: number;
}

/** The chance that side a wins, side b wins, or they draw ("neither side gained the upper hand"). */
export interface OpposedOdds {
  a: number;
  b: number;
  draw: number;
}

/** How many of the 6^n rolls give each total (dice plus modifier). */
function totalCounts(dice: number, modifier: number): Map<number, number> {
  assertWhole(modifier, "A modifier");
  const out = new Map<number, number>();
  for (const r of allRolls(diceCount(dice))) {
    const t = r.reduce((s, f) => s + f, 0) + modifier;
    out.set(t, (out.get(t) ?? 0) + 1);
  }
  return out;
}

/** The distribution of the sum of `n` d6 plus a modifier, as total → chance (2d6: 7 is 6 of 36). */
export function totalOdds(dice = CHECK_DICE, modifier = 0): Map<number, number> {
  const all = MAX_FACE ** diceCount(dice);
  const out = new Map<number, number>();
  for (const [t, c] of totalCounts(dice, modifier)) out.set(t, c / all);
  return out;
}

/**
 * An opposed check's odds: "The result is based purely on the total score of each participant", so
 * only the totals count (no band, no Moment override). Counted over every pair of rolls, exact.
 */
export function opposedOdds(a: OpposedSideOdds, b: OpposedSideOdds): OpposedOdds {
  const na = diceCount(a.dice);
  const nb = diceCount(b.dice);
  const ca = totalCounts(na, a.modifier);
  const cb = totalCounts(nb, b.modifier);
  const out = { a: 0, b: 0, draw: 0 };
  for (const [ta, ka] of ca)
    for (const [tb, kb] of cb) {
      const side = ta > tb ? "a" : tb > ta ? "b" : "draw";
      out[side] += ka * kb;
    }
  const all = MAX_FACE ** (na + nb);
  return { a: out.a / all, b: out.b / all, draw: out.draw / all };
}
