/**
 * Exact odds of a Tales test, for the roll dialog: every face of the player's die (or dice) against
 * every face of the difficulty die or the opponent's die, each resolved by `resolveTest`.
 *
 * Several dice: "They player may then choose which die to use from those available." The player
 * chooses; the odds assume the best choice, which is always the highest die: a higher face gives a
 * higher total, a 6 is the only face that buys or is favoured, and a 1 (or a Clumsy 2) is the only
 * face that fails automatically, so no lower face can do better (the unit tests check this against
 * every choice of every die). An opponent with several dice, and Enigma's two difficulty dice ("roll
 * 2 dice to determine the higher difficulty"), keep their highest die too. So `n` dice count as
 * their maximum: P(max = k) = (k^n − (k−1)^n) / 6^n.
 *
 * Choices the odds assume: with `spendEssence` the player buys every success the rules offer; with
 * `edge` too, a 6 that cannot buy (a 6 against a 6) pays for Edge dice while they keep showing 6s
 * (Essence assumed sufficient); a re-roll (`rerolls`: Lucky, Elite Tools) is used on any failure and
 * re-rolls the player's dice only (the difficulty or opponent die stays); an opposed "reroll" tie
 * rolls the whole test again (a new test, its re-rolls available again).
 */
import { MAX_FACE, assertPoints } from "./test-guards";
import {
  DEGREE_OUTCOMES,
  type DegreeOutcome,
  type TestInput,
  type TestKind,
  type TestResult,
  type TestTieRule,
  resolveTest,
} from "./test";

/** The most dice either side may roll in the odds (a cost guard; real tests roll one or two). */
export const MAX_ODDS_DICE = 12;

/** The most re-rolls the odds accept. */
export const MAX_ODDS_REROLLS = 10;

/** What the odds read: the test as the dialog sets it up, before any die is rolled. */
export interface TestOddsInput {
  kind: TestKind;
  /** Attribute + skill + modifiers. */
  bonus: number;
  /** Static and dynamic. */
  difficulty?: number;
  /** Opposed. */
  opponentBonus?: number;
  /** Buy every success the rules offer for 1 Essence. Default false. */
  spendEssence?: boolean;
  /** The player's dice (Skill Expert: 2); the highest is used. Default 1. */
  dice?: number;
  /** Clumsy weapon. Default false. */
  clumsy?: boolean;
  tieRule?: TestTieRule;
  /** Dynamic: difficulty dice, the highest counts (Enigma: 2). Default 1. */
  difficultyDice?: number;
  /** Opposed: the opponent's dice, the highest counts. Default 1. */
  opponentDice?: number;
  opponentClumsy?: boolean;
  /** Opposed: the opponent buys every success their 6 offers. Default false. */
  opponentSpendEssence?: boolean;
  /** Re-rolls of a failed test (Lucky, Elite Tools). Default 0. */
  rerolls?: number;
  /** Edge with this skill (used only with `spendEssence`). Default false. */
  edge?: boolean;
  /** Boost points (degrees only). Default 0. */
  boost?: number;
  specialistGear?: boolean;
  eliteGear?: boolean;
}

/** The chance of each of the six results. */
export type DegreeOdds = Record<DegreeOutcome, number>;

/** The distribution of the highest of `n` d6 (index 0 = face 1). */
export function highestDieDistribution(n: number): number[] {
  if (!Number.isInteger(n) || n < 1 || n > MAX_ODDS_DICE)
    throw new RangeError(`Dice are a whole number 1..${MAX_ODDS_DICE}: ${n}`);
  const all = MAX_FACE ** n;
  const out: number[] = [];
  for (let k = 1; k <= MAX_FACE; k++) out.push((k ** n - (k - 1) ** n) / all);
  return out;
}

const TIE = DEGREE_OUTCOMES.length;
const SLOTS = TIE + 1;
const isFailure = (slot: number): boolean => slot >= 3 && slot < TIE;

function slotOf(r: TestResult): number {
  return r.reroll ? TIE : DEGREE_OUTCOMES.indexOf(r.outcome);
}

/** One face pair, with the Edge strategy: a failed 6 that cannot buy adds Edge dice while they show 6s. */
function addAttempt(out: Float64Array, p: number, input: TestInput, edgeDice: number[]): void {
  const r = resolveTest({ ...input, edgeDice });
  if (r.success || !r.canAddEdgeDie || r.canSpendEssence || !input.spendEssence || r.reroll) {
    const slot = slotOf(r);
    out[slot] = (out[slot] ?? 0) + p;
    return;
  }
  for (let x = 1; x <= MAX_FACE; x++) addAttempt(out, p / MAX_FACE, input, [...edgeDice, x]);
}

function checkCount(value: number | undefined, fallback: number, max: number, what: string): number {
  const n = value ?? fallback;
  assertPoints(n, what);
  if (n > max) throw new RangeError(`${what} is at most ${max}: ${n}`);
  return n;
}

/** The full distribution: six results, plus a seventh slot for a "reroll" tie before renormalising. */
function distribution(input: TestOddsInput): Float64Array {
  const { kind } = input;
  const player = highestDieDistribution(input.dice ?? 1);
  const rerolls = checkCount(input.rerolls, 0, MAX_ODDS_REROLLS, "Re-rolls");
  let other: number[] = [1];
  if (kind === "dynamic") other = highestDieDistribution(input.difficultyDice ?? 1);
  else if (input.difficultyDice !== undefined && input.difficultyDice !== 1)
    throw new RangeError("Only a dynamic test rolls difficulty dice");
  if (kind === "opposed") other = highestDieDistribution(input.opponentDice ?? 1);
  else if (input.opponentDice !== undefined && input.opponentDice !== 1)
    throw new RangeError("Only an opposed test has opponent dice");
  const total = new Float64Array(SLOTS);
  other.forEach((q, gi) => {
    if (q === 0) return;
    const g = gi + 1;
    const base = new Float64Array(SLOTS);
    player.forEach((p, ki) => {
      if (p === 0) return;
      const test: TestInput = {
        kind,
        bonus: input.bonus,
        face: ki + 1,
        spendEssence: input.spendEssence ?? false,
        clumsy: input.clumsy ?? false,
        boost: input.boost ?? 0,
        edge: input.edge ?? false,
        specialistGear: input.specialistGear ?? false,
        eliteGear: input.eliteGear ?? false,
      };
      if (input.tieRule !== undefined) test.tieRule = input.tieRule;
      if (kind !== "opposed") test.difficulty = input.difficulty ?? Number.NaN;
      if (kind === "dynamic") test.difficultyFace = g;
      if (kind === "opposed") {
        test.opponentBonus = input.opponentBonus ?? Number.NaN;
        test.opponentFace = g;
        test.opponentClumsy = input.opponentClumsy ?? false;
        test.opponentSpendEssence = input.opponentSpendEssence ?? false;
      }
      addAttempt(base, p, test, []);
    });
    // D_r = base without its failures + P(failure) · D_(r−1): the re-roll's result stands.
    let d = base;
    for (let i = 0; i < rerolls; i++) {
      let fail = 0;
      for (let s = 0; s < SLOTS; s++) if (isFailure(s)) fail += base[s] ?? 0;
      const next = new Float64Array(SLOTS);
      for (let s = 0; s < SLOTS; s++) next[s] = (isFailure(s) ? 0 : (base[s] ?? 0)) + fail * (d[s] ?? 0);
      d = next;
    }
    for (let s = 0; s < SLOTS; s++) total[s] = (total[s] ?? 0) + q * (d[s] ?? 0);
  });
  return total;
}

/**
 * The chance of each of the six results ("Degrees of Success"), exact. An opposed "reroll" tie
 * rolls again until the totals differ, so its odds are those of the first decided test:
 * P(result) / (1 − P(tie)).
 */
export function degreeOdds(input: TestOddsInput): DegreeOdds {
  const dist = distribution(input);
  const tie = dist[TIE] ?? 0;
  if (tie >= 1) throw new RangeError("Every roll ties: the test never ends");
  const out = {} as DegreeOdds;
  DEGREE_OUTCOMES.forEach((outcome, slot) => {
    out[outcome] = (dist[slot] ?? 0) / (1 - tie);
  });
  return out;
}

/**
 * The chance that the test succeeds, exact (0..1), from the actor's side: static, dynamic or
 * opposed, with Essence on a 6, several dice (the best chosen), Clumsy, the tie rules, re-rolls and
 * Edge.
 *
 * Example: static, bonus 5, difficulty 9: faces 4, 5, 6 succeed → 1/2; faces 2, 3 fail and a 1
 * always fails.
 */
export function testOdds(input: TestOddsInput): number {
  const odds = degreeOdds(input);
  return odds.spectacularSuccess + odds.significantSuccess + odds.marginalSuccess;
}
