/**
 * Exact odds of a Maelstrom roll, for the roll dialog (recomputed on every input change).
 *
 * One normal d10 at difficulty d: a 1 is a botch (1/10), 2..d-1 a failure, d..9 a success and a
 * 10 a success that, with a specialty, adds two bonus dice ("exploding tens"). A bonus die counts
 * its successes but "1s are ignored instead of adding a botch", and its 10s explode again.
 *
 * The successes of one bonus die and all it causes have the generating function
 * `G(z) = a + b·z + c·z·G(z)²` with a = (d-1)/10 (no success), b = (10-d)/10 (success), c = 1/10
 * (a ten). Its coefficients follow exactly, each from lower ones only:
 * `g0 = a`, `gk = b·[k = 1] + c·Σ_{i+j=k-1} gi·gj`. The chain ends with probability 1 (each die
 * has on average 0.2 children), so the coefficients sum to 1; they are computed until the mass
 * left is below 1e-15, which is then added to the last one (never sampled).
 *
 * A normal die without its botch face is `N(z) = G(z) - 1/10` (one face fewer that succeeds
 * nothing), or `(d-2)/10 + (11-d)/10·z` without explosions. n dice give
 * `(w/10 + N(z))^n = Σ_k C(n,k)·(1/10)^k·w^k·N(z)^(n-k)`: k botches with the successes of the
 * other n-k dice. The result is `net = max(0, S + auto - threshold) - B`.
 */
import { DEFAULT_DIFFICULTY, MAX_FACE, assertCount, assertDifficulty } from "./dice";

/** The mass below which a distribution's tail is folded into its last kept bucket. */
export const TAIL_MASS = 1e-15;

/** The largest pool the odds accept (a cost guard; every real pool is far smaller). */
export const MAX_ODDS_POOL = 500;

/** What the odds read: the roll as the dialog sets it up. */
export interface OddsInput {
  /** Normal dice; 0 or less rolls nothing. */
  pool: number;
  /** 2 or more (above 10 nothing succeeds). Default 6. */
  difficulty?: number;
  /** Default 0. */
  threshold?: number;
  /** A specialty is used: tens explode. Default false. */
  specialty?: boolean;
  /** Successes needing no die (Strong Bond), counted before the threshold. Default 0. */
  autoSuccesses?: number;
}

/** The chance of each outcome; `expectedSuccesses` is the mean of the successes the roll ends with. */
export interface OutcomeOdds {
  success: number;
  failure: number;
  botch: number;
  expectedSuccesses: number;
}

/** One entry of the net result's distribution: `net` > 0 successes, 0 a failure, < 0 botches left. */
export interface NetProbability {
  net: number;
  p: number;
}

/** Success, failure and ten chances of one die at `difficulty` (no face succeeds above 10). */
function faceChances(difficulty: number): { fail: number; success: number; ten: number } {
  if (difficulty > MAX_FACE) return { fail: 1, success: 0, ten: 0 };
  return { fail: (difficulty - 1) / 10, success: (MAX_FACE - difficulty) / 10, ten: 1 / 10 };
}

/** Drop the tail of `poly` (total `mass`) while it holds less than TAIL_MASS·mass, folding it into the last kept entry. */
function trimTail(poly: Float64Array, mass: number): Float64Array {
  let end = poly.length;
  let tail = 0;
  while (end > 1) {
    const next = tail + (poly[end - 1] ?? 0);
    if (next >= TAIL_MASS * mass) break;
    tail = next;
    end--;
  }
  if (end === poly.length) return poly;
  const trimmed = poly.slice(0, end);
  trimmed[end - 1] = (trimmed[end - 1] ?? 0) + tail;
  return trimmed;
}

/**
 * The successes of one bonus die and every bonus die it causes: coefficients of
 * `G(z) = a + b·z + c·z·G(z)²`, by exact recursion, cut where less than TAIL_MASS is left.
 */
export function bonusDieDistribution(difficulty: number): Float64Array {
  assertDifficulty(difficulty);
  const cached = bonusCache.get(difficulty);
  if (cached) return cached;
  const { fail: a, success: b, ten: c } = faceChances(difficulty);
  const g: number[] = [a];
  let total = a;
  // Hard cap: at difficulty 2 (the slowest decay) the mass left drops below 1e-15 near k = 60.
  for (let k = 1; k < 2000 && 1 - total >= TAIL_MASS; k++) {
    let square = 0;
    for (let i = 0; i < k; i++) square += (g[i] ?? 0) * (g[k - 1 - i] ?? 0);
    const gk = (k === 1 ? b : 0) + c * square;
    g.push(gk);
    total += gk;
  }
  const result = Float64Array.from(g);
  result[result.length - 1] = (result[result.length - 1] ?? 0) + (1 - total);
  bonusCache.set(difficulty, result);
  return result;
}

const bonusCache = new Map<number, Float64Array>();

/** The non-botch part of one normal die: `N(z)`, total mass 9/10. */
function normalDieWithoutBotch(difficulty: number, exploding: boolean): Float64Array {
  const { success, ten } = faceChances(difficulty);
  const fail = difficulty > MAX_FACE ? 0.9 : (difficulty - 2) / 10;
  if (!exploding || ten === 0) return Float64Array.from(ten === 0 ? [fail] : [fail, success + ten]);
  const n = Float64Array.from(bonusDieDistribution(difficulty));
  n[0] = (n[0] ?? 0) - 1 / 10;
  return n;
}

function multiply(p: Float64Array, q: Float64Array): Float64Array {
  const out = new Float64Array(p.length + q.length - 1);
  for (let i = 0; i < p.length; i++) {
    const pi = p[i] ?? 0;
    if (pi === 0) continue;
    for (let j = 0; j < q.length; j++) out[i + j] = (out[i + j] ?? 0) + pi * (q[j] ?? 0);
  }
  return out;
}

/** `N(z)^m` for m = 0, 1, ...: shared by every pool, threshold and bonus at one difficulty. */
interface Powers {
  die: Float64Array;
  list: Float64Array[];
}

const powersCache = new Map<string, Powers>();

function powersUpTo(difficulty: number, exploding: boolean, m: number): readonly Float64Array[] {
  const key = `${difficulty}|${exploding}`;
  let powers = powersCache.get(key);
  if (!powers) {
    powers = { die: normalDieWithoutBotch(difficulty, exploding), list: [Float64Array.of(1)] };
    powersCache.set(key, powers);
  }
  const { die, list } = powers;
  while (list.length <= m) {
    const previous = list[list.length - 1] ?? Float64Array.of(1);
    list.push(trimTail(multiply(previous, die), 0.9 ** list.length));
  }
  return list;
}

/** The net distribution as an array indexed by `net + pool` (net is at least -pool). */
interface NetArray {
  offset: number;
  p: Float64Array;
}

const netCache = new Map<string, NetArray>();
const NET_CACHE_SIZE = 128;

function normalise(input: OddsInput): Required<OddsInput> {
  const {
    pool,
    difficulty = DEFAULT_DIFFICULTY,
    threshold = 0,
    specialty = false,
    autoSuccesses = 0,
  } = input;
  if (!Number.isInteger(pool)) throw new RangeError(`A dice pool is a whole number: ${pool}`);
  if (pool > MAX_ODDS_POOL) throw new RangeError(`The odds take pools up to ${MAX_ODDS_POOL}: ${pool}`);
  assertDifficulty(difficulty);
  assertCount(threshold, "A threshold");
  assertCount(autoSuccesses, "Automatic successes");
  return { pool: Math.max(0, pool), difficulty, threshold, specialty, autoSuccesses };
}

function computeNet(input: Required<OddsInput>): NetArray {
  const { pool: n, difficulty, threshold, specialty, autoSuccesses } = input;
  const powers = powersUpTo(difficulty, specialty, n);
  let maxNet = 0;
  for (let k = 0; k <= n; k++) {
    const length = powers[n - k]?.length ?? 1;
    maxNet = Math.max(maxNet, length - 1 + autoSuccesses - threshold - k);
  }
  const p = new Float64Array(n + maxNet + 1);
  let weight = 1; // C(n, k)·(1/10)^k, built up term by term (no overflow or underflow)
  for (let k = 0; k <= n; k++) {
    const successes = powers[n - k] ?? Float64Array.of(1);
    for (let s = 0; s < successes.length; s++) {
      const net = Math.max(0, s + autoSuccesses - threshold) - k;
      p[net + n] = (p[net + n] ?? 0) + weight * (successes[s] ?? 0);
    }
    weight = (weight * (n - k)) / ((k + 1) * 10);
  }
  return { offset: n, p };
}

function netArray(input: OddsInput): NetArray {
  const normalised = normalise(input);
  const { pool, difficulty, threshold, specialty, autoSuccesses } = normalised;
  const key = `${pool}|${difficulty}|${threshold}|${specialty}|${autoSuccesses}`;
  const cached = netCache.get(key);
  if (cached) return cached;
  const result = computeNet(normalised);
  if (netCache.size >= NET_CACHE_SIZE) {
    const oldest = netCache.keys().next().value;
    if (oldest !== undefined) netCache.delete(oldest);
  }
  netCache.set(key, result);
  return result;
}

/** Forget every cached distribution (for benchmarks and tests; results never go stale). */
export function clearOddsCache(): void {
  bonusCache.clear();
  powersCache.clear();
  netCache.clear();
}

/**
 * The exact distribution of the net result (`max(0, S + auto - threshold) - botches`) in ascending
 * order, leaving out results that cannot happen. Exploding tens' tails are cut only below 1e-15.
 */
export function netDistribution(input: OddsInput): NetProbability[] {
  const { offset, p } = netArray(input);
  const out: NetProbability[] = [];
  for (let i = 0; i < p.length; i++) {
    const pi = p[i] ?? 0;
    if (pi > 0) out.push({ net: i - offset, p: pi });
  }
  return out;
}

/**
 * The exact chances of success, failure and botch, and the mean number of successes the roll ends
 * with. Example (the spec's check): one die at difficulty 6 succeeds 1/2, fails 2/5, botches 1/10;
 * with a specialty it averages 0.625 successes (0.5 without).
 */
export function outcomeOdds(input: OddsInput): OutcomeOdds {
  const { offset, p } = netArray(input);
  let success = 0;
  let failure = 0;
  let botch = 0;
  let expectedSuccesses = 0;
  for (let i = 0; i < p.length; i++) {
    const pi = p[i] ?? 0;
    const net = i - offset;
    if (net > 0) {
      success += pi;
      expectedSuccesses += net * pi;
    } else if (net === 0) failure += pi;
    else botch += pi;
  }
  return { success, failure, botch, expectedSuccesses };
}

/**
 * The odds after adding the experience die to a resolved roll ("Adding Experience Dice"): one bonus
 * die (no botch on a 1) that explodes when a specialty is used. `successes` and `botches` are the
 * roll's (`RollResult.successes`, automatic successes included, and `RollResult.botches`). Whether
 * the die is allowed at all is `experienceDieAllowed`'s question.
 */
export function experienceDieOdds(input: {
  successes: number;
  botches: number;
  difficulty?: number;
  threshold?: number;
  specialty?: boolean;
}): OutcomeOdds {
  const { successes, botches, difficulty = DEFAULT_DIFFICULTY, threshold = 0, specialty = false } = input;
  assertCount(successes, "Successes");
  assertCount(botches, "Botches");
  assertCount(threshold, "A threshold");
  assertDifficulty(difficulty);
  const { fail, success: hit, ten } = faceChances(difficulty);
  const die = specialty
    ? bonusDieDistribution(difficulty)
    : Float64Array.from(ten ? [fail, hit + ten] : [fail]);
  const odds: OutcomeOdds = { success: 0, failure: 0, botch: 0, expectedSuccesses: 0 };
  for (let s = 0; s < die.length; s++) {
    const p = die[s] ?? 0;
    const net = Math.max(0, successes + s - threshold) - botches;
    if (net > 0) {
      odds.success += p;
      odds.expectedSuccesses += net * p;
    } else if (net === 0) odds.failure += p;
    else odds.botch += p;
  }
  return odds;
}
