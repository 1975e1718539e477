/**
 * Exact odds of a Virtually Real check, for roll dialogs and cards. Pure: no Foundry, no globals.
 *
 * The pool is enumerated as multisets (which faces, how many of each: C(n + 5, 5) of them, 3,003 for
 * ten dice, 53,130 for the most a check rolls, twenty), each weighted by its multinomial count out
 * of 6^n and read exactly as `resolveCheck` reads it (keep high, keep low, or the conflicted
 * decision with Luck). A brilliant's explosion is unbounded but regular, so it is summed in closed
 * form: after the kept sum (and any dropped 6s) come j more 6s with chance (1/6)^j (5/6), each
 * adding the attribute capacity a, then a last die uniform on 1..5 that [2]..[5] add and [1] does
 * not; [1] first needs its confirming 6 (chance 1/6) unless a dropped 6 confirms it. So
 * P(explosion ≥ t) is a finite sum plus a geometric tail (1/6)^J, and its mean is c + a/5 (+ 3).
 * Counts are exact integers; the probabilities are as exact as doubles allow.
 *
 * Examples (base rolls, no modifiers): [2] is critical 1/36 and brilliant 1/36; [3] 1/216 and
 * 4/216 (17-18); [4] 1/1296 and 15/1296; [5] 6/7776 (5 and 6) and 56/7776 (27-30); [1] 1/6 and
 * 1/36 (a 6 confirmed by a 6).
 */
import {
  planCheck,
  readPool,
  isCriticalSum,
  usableDroppedSixes,
  type CheckOptions,
  type CheckPlan,
  type CheckPlanInput,
} from "./check";
import { assertWhole } from "./roll-guards";
import type { Ties } from "./outcomes";

/** What `checkOdds` reads: the check before the dice are rolled. */
export interface CheckOddsInput extends CheckPlanInput {
  level: number;
  flat?: number;
  dl: number;
}

/** The chances of a check. `criticalFailure + failure + closeEnough + success` is 1. */
export interface CheckOdds {
  /** Total ≥ DL and not critical. */
  success: number;
  /** A brilliant result (whatever the DL). */
  brilliant: number;
  /** A critical result. */
  criticalFailure: number;
  /** Missed by 1 or 2, not critical. */
  closeEnough: number;
  /** Missed by 3 or more, not critical. */
  failure: number;
  /** The mean total (a critical result counts 0). */
  expected: number;
}

// ---- Multisets -------------------------------------------------------------------------------

const binomials: number[][] = [];
function binomial(n: number, k: number): number {
  for (let i = binomials.length; i <= n; i++) {
    const row = [1];
    for (let j = 1; j < i; j++) row.push(binomials[i - 1]![j - 1]! + binomials[i - 1]![j]!);
    if (i > 0) row.push(1);
    binomials.push(row);
  }
  return binomials[n]![k]!;
}

/**
 * Every multiset of `n` d6 faces, sorted ascending, with the number of ordered rolls that give it
 * (the multinomial n! / (c1! ... c6!)); the counts add up to 6^n.
 */
export function poolMultisets(n: number): { faces: number[]; count: number }[] {
  const out: { faces: number[]; count: number }[] = [];
  const walk = (face: number, left: number, faces: number[], count: number) => {
    if (face === 6) {
      out.push({ faces: [...faces, ...Array<number>(left).fill(6)], count });
      return;
    }
    for (let c = 0; c <= left; c++)
      walk(face + 1, left - c, [...faces, ...Array<number>(c).fill(face)], count * binomial(left, c));
  };
  walk(1, n, [], 1);
  return out;
}

// ---- The explosion in closed form ------------------------------------------------------------

/**
 * One way an explosion can go: with chance `p`, the value `c + j·a + F`, j more 6s (chance
 * (1/6)^j (5/6)), F the last die 1..5 when `addLast` ([2]..[5]) or 0 ([1]).
 */
interface Branch {
  p: number;
  brilliant: boolean;
  c: number;
  a: number;
  addLast: boolean;
}

/** The branches of a reading's explosion (one, or for an unconfirmed [1] two). */
function branchesOf(plan: CheckPlan, u: number, options: CheckOptions): Branch[] {
  const a = plan.explosionValue;
  if (plan.keep > 1) return [{ p: 1, brilliant: true, c: u * a, a, addLast: true }];
  if (u > 0 && options.droppedSixConfirms !== false)
    return [{ p: 1, brilliant: true, c: u * a, a, addLast: false }];
  return [
    { p: 5 / 6, brilliant: false, c: 0, a: 0, addLast: false },
    { p: 1 / 6, brilliant: true, c: a + u * a, a, addLast: false },
  ];
}

const NO_EXPLOSION: Branch[] = [{ p: 1, brilliant: false, c: 0, a: 0, addLast: false }];

/** P(F ≥ x) for the last die. */
function lastAtLeast(x: number, addLast: boolean): number {
  if (!addLast) return x <= 0 ? 1 : 0;
  if (x <= 1) return 1;
  if (x >= 6) return 0;
  return (6 - x) / 5;
}

/** P(c + j·a + F ≥ t) for one branch, exactly: a finite sum and the tail (1/6)^J. */
export function explosionAtLeast(t: number, c: number, a: number, addLast: boolean): number {
  const need = t - c;
  const minLast = addLast ? 1 : 0;
  if (need <= minLast) return 1;
  if (a === 0) return lastAtLeast(need, addLast);
  const sure = Math.ceil((need - minLast) / a); // from j = sure on, every last die is enough
  let p = 0;
  for (let j = 0; j < sure; j++) p += (5 / 6) * Math.pow(1 / 6, j) * lastAtLeast(need - j * a, addLast);
  return p + Math.pow(1 / 6, sure);
}

/** The mean of c + j·a + F: E[j] = 1/5, E[F] = 3 when added. */
const explosionMean = (b: Branch): number => b.c + b.a / 5 + (b.addLast ? 3 : 0);

// ---- Odds ------------------------------------------------------------------------------------

function checkOddsInput(input: CheckOddsInput): void {
  assertWhole(input.level, "A level");
  assertWhole(input.dl, "A DL");
  if (input.flat !== undefined) assertWhole(input.flat, "A flat bonus");
}

/** Each multiset's reading: its weight, whether critical, its base total and its branches. */
function outcomes(
  input: CheckPlanInput & { level: number; flat?: number },
  options: CheckOptions,
): { plan: CheckPlan; rows: { p: number; critical: boolean; base: number; branches: Branch[] }[] } {
  const plan = planCheck(input, options);
  const all = Math.pow(6, plan.poolSize);
  const rows = poolMultisets(plan.poolSize).map(({ faces, count }) => {
    const reading = readPool(faces, plan);
    const sum = reading.kept.reduce((s, f) => s + f, 0);
    const critical = isCriticalSum(sum, plan);
    const brilliant = !critical && plan.brilliantAllowed && sum >= plan.brilliantFrom;
    return {
      p: count / all,
      critical,
      base: sum + input.level + (input.flat ?? 0),
      branches: brilliant ? branchesOf(plan, usableDroppedSixes(reading), options) : NO_EXPLOSION,
    };
  });
  return { plan, rows };
}

/**
 * The exact chances of a check against a DL: success, brilliant, critical failure, close enough,
 * other failure, and the mean total.
 *
 * Examples: a primary skill at level L against 7 + L succeeds 21/36 (58.3 %: "the DL that is closest
 * to that 60% will be 7 ... plus the experience level", TV-03); [2] with +1 crit is critical 3/36,
 * with +2 6/36 (TV-14); [5] 6/7776 (TV-15); a Combination [2] at +7 against 18 succeeds 3/36 (8 %),
 * at +9 10/36 (28 %).
 */
export function checkOdds(input: CheckOddsInput, options: CheckOptions = {}): CheckOdds {
  checkOddsInput(input);
  const { rows } = outcomes(input, options);
  const odds: CheckOdds = {
    success: 0,
    brilliant: 0,
    criticalFailure: 0,
    closeEnough: 0,
    failure: 0,
    expected: 0,
  };
  for (const row of rows) {
    if (row.critical) {
      odds.criticalFailure += row.p;
      continue;
    }
    for (const b of row.branches) {
      const p = row.p * b.p;
      const win = explosionAtLeast(input.dl - row.base, b.c, b.a, b.addLast);
      const near = explosionAtLeast(input.dl - 2 - row.base, b.c, b.a, b.addLast) - win;
      odds.success += p * win;
      odds.closeEnough += p * near;
      odds.failure += p * (1 - win - near);
      if (b.brilliant) odds.brilliant += p;
      odds.expected += p * (row.base + explosionMean(b));
    }
  }
  return odds;
}

/** The chance of success alone. */
export const successOdds = (input: CheckOddsInput, options: CheckOptions = {}): number =>
  checkOdds(input, options).success;

/** The distribution of a check's total up to `upTo`. */
export interface TotalOdds {
  /** A critical result (its total is 0 too, but it always fails). */
  critical: number;
  /** `totals[t]`: a total of exactly t, not critical (t ≤ upTo). */
  totals: number[];
  /** A total above `upTo`. */
  above: number;
}

/** The chance of each total (non-critical) up to `upTo`, the critical results, and the rest above. */
export function totalOdds(
  input: CheckPlanInput & { level: number; flat?: number },
  upTo: number,
  options: CheckOptions = {},
): TotalOdds {
  assertWhole(upTo, "A top total");
  assertWhole(input.level, "A level");
  const { rows } = outcomes(input, options);
  const out: TotalOdds = { critical: 0, totals: Array<number>(Math.max(0, upTo + 1)).fill(0), above: 0 };
  const put = (t: number, p: number) => {
    if (t > upTo) out.above += p;
    else out.totals[Math.max(0, t)]! += p;
  };
  for (const row of rows) {
    if (row.critical) {
      out.critical += row.p;
      continue;
    }
    for (const b of row.branches) {
      const faces = b.addLast ? [1, 2, 3, 4, 5] : [0];
      const start = row.base + b.c;
      if (b.a === 0) {
        for (const f of faces) put(start + f, (row.p * b.p) / faces.length);
        continue;
      }
      let j = 0;
      for (; start + j * b.a <= upTo; j++) {
        const pj = (5 / 6) * Math.pow(1 / 6, j);
        for (const f of faces) put(start + j * b.a + f, (row.p * b.p * pj) / faces.length);
      }
      out.above += row.p * b.p * Math.pow(1 / 6, j);
    }
  }
  return out;
}

/**
 * The chance that the actor's total equals or exceeds the opponent's ("Your difficulty can be
 * expressed as an opposed roll": the opponent's result is the DL). A critical actor always fails; a
 * critical opponent counts 0. Totals are summed up to where both tails are below 6^-40.
 */
export function opposedOdds(
  actor: CheckPlanInput & { level: number; flat?: number },
  opponent: CheckPlanInput & { level: number; flat?: number },
  options: CheckOptions & { ties?: Ties } = {},
): number {
  const top = (c: CheckPlanInput & { level: number; flat?: number }) =>
    planCheck(c, options).poolSize * 6 +
    Math.max(0, c.level + (c.flat ?? 0)) +
    40 * Math.max(1, c.attrCapacity) +
    6;
  const upTo = Math.max(top(actor), top(opponent));
  const a = totalOdds(actor, upTo, options);
  const b = totalOdds(opponent, upTo, options);
  const atLeast: number[] = Array<number>(upTo + 2).fill(0);
  atLeast[upTo + 1] = a.above;
  for (let t = upTo; t >= 0; t--) atLeast[t] = atLeast[t + 1]! + a.totals[t]!;
  const tieShift = options.ties === "opponent" ? 1 : 0;
  let p = b.critical * atLeast[Math.min(upTo + 1, tieShift)]!;
  for (let t = 0; t <= upTo; t++) p += b.totals[t]! * atLeast[Math.min(upTo + 1, t + tieShift)]!;
  return p;
}
