/**
 * Dice pools, tests, success margins and contests ('Verses Core 0.8.5, "Fundamentals").
 *
 * "Each die that rolls a 5 or 6 is a success." Sixes are counted first: they matter for
 * action chaining, cover, armour, riposte, charm/intimidate.
 */
import type { Face } from "./types";

/** Success counts of a roll; `successes = sixes + fives`. */
export interface SuccessCount {
  successes: number;
  sixes: number;
  fives: number;
}

/** The outcome of a test `POOL -> #S`. */
export interface TestOutcome extends SuccessCount {
  /** The success target `#S`. */
  target: number;
  /** `successes >= target`. */
  success: boolean;
  /** Success margin `SM = 1 + successes - target` (1 or more on a success). */
  margin: number;
}

/** The outcome of a contest: the initiator's net result, with the faces left after cancellation. */
export interface ContestOutcome extends TestOutcome {
  /** The challenger's successes that were taken away. */
  cancelled: number;
  /** The initiator's faces after the challenger's successes removed sixes first, then fives. */
  remaining: Face[];
}

/** A die succeeds on 5 or 6. */
export function isSuccess(face: Face): boolean {
  return face >= 5;
}

/**
 * Count successes, sixes first ("count the 6s first and then the 5s").
 * Faces outside 1..6 are rejected: a pool is only ever d6.
 */
export function countSuccesses(faces: readonly Face[]): SuccessCount {
  let sixes = 0;
  let fives = 0;
  for (const face of faces) {
    if (!Number.isInteger(face) || face < 1 || face > 6) throw new RangeError(`Not a d6 face: ${face}`);
    if (face === 6) sixes++;
    else if (face === 5) fives++;
  }
  return { successes: sixes + fives, sixes, fives };
}

/** Faces sorted for display and for the sixes-first rules: 6, 6, 5, 4, ... 1. */
export function sortSixesFirst(faces: readonly Face[]): Face[] {
  return [...faces].sort((a, b) => b - a);
}

/** `SM = 1 + (#successes - #S)` ("Success Margin"). */
export function successMargin(successes: number, target: number): number {
  return 1 + successes - target;
}

/**
 * Resolve a test `POOL -> #S`: a success when the successes reach the target.
 * Example (the Success Margin section): 10d6 vs 3S with 4 successes gives SM 1 + 4 - 3 = 2.
 */
export function resolveTest(faces: readonly Face[], target: number): TestOutcome {
  assertTarget(target);
  const count = countSuccesses(faces);
  return {
    ...count,
    target,
    success: count.successes >= target,
    margin: successMargin(count.successes, target),
  };
}

/**
 * Resolve a contest `initiator -> challenger`: the challenger's successes are subtracted from the
 * initiator's, removing the initiator's sixes first, then fives. The initiator wins when the net
 * result is positive and reaches the target (contests with no stated target use 1S).
 */
export function resolveContest(
  initiatorFaces: readonly Face[],
  challengerFaces: readonly Face[],
  target = 1,
): ContestOutcome {
  assertTarget(target);
  const initiator = countSuccesses(initiatorFaces);
  const challenger = countSuccesses(challengerFaces);
  const cancelled = Math.min(challenger.successes, initiator.successes);
  const sixesRemoved = Math.min(cancelled, initiator.sixes);
  const fivesRemoved = cancelled - sixesRemoved;
  const sixes = initiator.sixes - sixesRemoved;
  const fives = initiator.fives - fivesRemoved;
  const successes = sixes + fives;
  const remaining: Face[] = [];
  let sixesToDrop = sixesRemoved;
  let fivesToDrop = fivesRemoved;
  for (const face of sortSixesFirst(initiatorFaces)) {
    if (face === 6 && sixesToDrop > 0) sixesToDrop--;
    else if (face === 5 && fivesToDrop > 0) fivesToDrop--;
    else remaining.push(face);
  }
  return {
    successes,
    sixes,
    fives,
    target,
    success: successes > 0 && successes >= target,
    margin: successMargin(successes, target),
    cancelled,
    remaining,
  };
}

function assertTarget(target: number): void {
  if (!Number.isInteger(target) || target < 0)
    throw new RangeError(`A success target is a whole number >= 0: ${target}`);
}

const probabilityCache = new Map<string, number>();

/** ln(1/3) and ln(2/3): a die succeeds on 5 or 6 ("Any die in the pool that rolls a five or a six counts as a success"). */
const LN_P = Math.log(1 / 3);
const LN_Q = Math.log(2 / 3);

/** `ln(m!)` for m <= LOG_FACTORIAL_TABLE, summed exactly; above it, Stirling's series (error < 1e-16). */
const LOG_FACTORIAL_TABLE = 256;
const logFactorials: number[] = [0];
for (let m = 1; m <= LOG_FACTORIAL_TABLE; m++) logFactorials.push((logFactorials[m - 1] ?? 0) + Math.log(m));

function logFactorial(m: number): number {
  if (m <= LOG_FACTORIAL_TABLE) return logFactorials[m] ?? 0;
  const inv = 1 / m;
  const inv2 = inv * inv;
  return (
    m * Math.log(m) - m + 0.5 * Math.log(2 * Math.PI * m) + inv * (1 / 12 - inv2 * (1 / 360 - inv2 / 1260))
  );
}

/** `ln P(X = i)` for X ~ Binomial(n, 1/3): finite for every 0 <= i <= n, however large n is. */
function logPmf(n: number, i: number): number {
  return logFactorial(n) - logFactorial(i) - logFactorial(n - i) + i * LN_P + (n - i) * LN_Q;
}

/** The probability that exactly `i` of `n` dice succeed (p = 1/3 each); 0 outside 0..n. */
export function exactSuccessesProbability(pool: number, successes: number): number {
  const n = Math.max(0, Math.floor(pool));
  if (!Number.isInteger(successes) || successes < 0 || successes > n) return 0;
  return Math.exp(logPmf(n, successes));
}

/** Relative size below which a further (smaller) term cannot change a double-precision sum. */
const NEGLIGIBLE = 1e-17;

/**
 * Exact probability that `pool` d6 score at least `target` successes, each die succeeding with
 * p = 1/3: `P(X >= k) = sum_{i=k..n} C(n,i) (1/3)^i (2/3)^(n-i)`. A pool of 0 or fewer dice
 * scores nothing; a target of 0 always succeeds.
 * Quoted in the text: 9d6 vs 2S is 86 %, 3d6 vs 2S is 26 %, 8d6 vs 3S is 53.18 %.
 *
 * Exact for any pool size: the tail nearer the target is summed from its largest term, which is
 * computed in log space (`ln C(n,k)` from log-factorials), and each next term by the ratio
 * `C(n,i±1)/C(n,i)`; the terms shrink geometrically, so the sum stops once they are negligible.
 * Nothing underflows on the way (3000d6 vs 1000S is 50.7 %), and the cost is O(min(k, √n·c)).
 */
export function successProbability(pool: number, target: number): number {
  const n = Math.max(0, Math.floor(pool));
  const k = Math.max(0, Math.ceil(target));
  if (k <= 0) return 1;
  if (k > n) return 0;
  const key = `${n}:${k}`;
  const cached = probabilityCache.get(key);
  if (cached !== undefined) return cached;
  let tail: number;
  if (k > n / 3) {
    // Above the mean: P(X >= k), terms falling from i = k upwards.
    let term = Math.exp(logPmf(n, k));
    tail = 0;
    for (let i = k; i <= n && term > 0; i++) {
      tail += term;
      if (term < tail * NEGLIGIBLE) break;
      term = (term * (n - i)) / (i + 1) / 2; // C(n,i+1)/C(n,i) * (1/3)/(2/3)
    }
  } else {
    // At or below the mean: 1 - P(X <= k - 1), terms falling from i = k - 1 downwards.
    let term = Math.exp(logPmf(n, k - 1));
    let below = 0;
    for (let i = k - 1; i >= 0 && term > 0; i--) {
      below += term;
      if (term < below * NEGLIGIBLE) break;
      term = ((term * i) / (n - i + 1)) * 2; // C(n,i-1)/C(n,i) * (2/3)/(1/3)
    }
    tail = 1 - below;
  }
  const p = Math.min(1, Math.max(0, tail));
  if (n <= 200) probabilityCache.set(key, p);
  return p;
}

/**
 * Exact probability that the initiator of a contest wins ("Contests"): `initiator` dice against
 * `challenger` dice, "The number of successes of the challenging actor is subtracted from the
 * number of successes of the initial actor. If the result is positive and equal to or greater than
 * the required number of successes, the initial actor wins". A contest with no stated target uses
 * 1S, as {@link resolveContest} does. Exact for any pool sizes (see {@link successProbability}).
 */
export function contestProbability(initiator: number, challenger: number, target = 1): number {
  const a = Math.max(0, Math.floor(initiator));
  const b = Math.max(0, Math.floor(challenger));
  const need = Math.max(1, Math.ceil(target));
  if (b === 0) return successProbability(a, need);
  // Sum over the challenger's successes j, outwards from the most likely count, until negligible.
  const mode = Math.floor((b + 1) / 3);
  let p = 0;
  let mass = 0;
  for (const step of [-1, 1]) {
    for (let j = step < 0 ? mode : mode + 1; j >= 0 && j <= b; j += step) {
      const weight = exactSuccessesProbability(b, j);
      mass += weight;
      if (j + need > a) {
        // The initiator cannot reach j + need: this j and every larger one add nothing.
        if (step > 0) break;
        continue;
      }
      p += weight * successProbability(a, j + need);
      if (weight < NEGLIGIBLE * mass) break;
    }
  }
  return Math.min(1, Math.max(0, p));
}
