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

/**
 * Exact probability that `pool` d6 score at least `target` successes, each die succeeding with
 * p = 1/3: `P(X >= k) = sum_{i=k..n} C(n,i) (1/3)^i (2/3)^(n-i)`. A pool of 0 or fewer dice
 * scores nothing; a target of 0 always succeeds.
 * Quoted in the text: 9d6 vs 2S is 86 %, 3d6 vs 2S is 26 %, 8d6 vs 3S is 53.18 %.
 */
export function successProbability(pool: number, target: number): number {
  const n = Math.max(0, Math.floor(pool));
  const k = Math.max(0, Math.ceil(target));
  if (k <= 0) return 1;
  if (k > n) return 0;
  const key = `${n}:${k}`;
  const cached = probabilityCache.get(key);
  if (cached !== undefined) return cached;
  // Sum whichever tail is shorter, term by term, so that small probabilities keep their precision.
  let tail: number;
  if (k > n / 3) {
    let term = Math.pow(1 / 3, n); // i = n
    tail = 0;
    for (let i = n; i >= k; i--) {
      tail += term;
      term = ((term * i) / (n - i + 1)) * 2; // C(n,i-1)/C(n,i) * (2/3)/(1/3)
    }
  } else {
    let term = Math.pow(2 / 3, n); // i = 0
    let below = 0;
    for (let i = 0; i < k; i++) {
      below += term;
      term = (term * (n - i)) / (i + 1) / 2; // C(n,i+1)/C(n,i) * (1/3)/(2/3)
    }
    tail = 1 - below;
  }
  const p = Math.min(1, Math.max(0, tail));
  if (n <= 200) probabilityCache.set(key, p);
  return p;
}
