/**
 * Maelstrom dice: rolling a pool of d10s, exploding tens, thresholds, botches and soak
 * (Maelstrom rules, "Resolving the Result", "Counting Dice Quickly", "Using Specialties",
 * "Adding Experience Dice", "Soaking Damage").
 *
 * "Each die showing a number equal to or greater than your difficulty is a success. Each die
 * showing a 1 is a botch. Each other die is a failure." A threshold removes successes before the
 * botches cancel the rest; bonus dice (exploding tens, the experience die) never botch.
 */

/** How a roll ends: successes left, nothing left, or botches left ("Succeed, Fail, or Botch"). */
export type Outcome = "success" | "failure" | "botch";

/** The default difficulty: "most actions having the default difficulty of six". */
export const DEFAULT_DIFFICULTY = 6;

/** The lowest difficulty: "the difficulty can be set anywhere between two and ten". */
export const MIN_DIFFICULTY = 2;

/** The highest face of a d10: above difficulty 10 "success is completely impossible". */
export const MAX_FACE = 10;

/** The soak difficulty: "soaking damage is always at a difficulty 6". */
export const SOAK_DIFFICULTY = 6;

/** Bonus dice added per ten when tens explode: "add two additional bonus dice". */
export const BONUS_DICE_PER_TEN = 2;

/**
 * A guard against an injected `d10` that never stops rolling tens: a real explosion chain this
 * long has a probability far below anything a double can hold.
 */
export const MAX_BONUS_DICE = 10_000;

/** What `resolveRoll` reads. */
export interface RollInput {
  /** The pool's normal dice (faces 1..10). */
  dice: readonly number[];
  /** Bonus dice from exploding tens and the experience die, in roll order: their 1s never botch. */
  bonusDice?: readonly number[];
  /** 2 or more; above 10 no face succeeds. Default 6. */
  difficulty?: number;
  /** Successes removed before botches count. Default 0. */
  threshold?: number;
  /** Successes that need no die (Strong Bond on Willpower rolls), counted before the threshold. */
  autoSuccesses?: number;
}

/** The resolved roll, step by step ("Resolving the Result"). */
export interface RollResult {
  /** Faces at or above the difficulty on every die (normal and bonus), plus automatic successes. */
  successes: number;
  /** Ones on the normal dice ("1s are ignored" on bonus dice). */
  botches: number;
  /** `successesAfterThreshold - botches`: negative while botches remain. */
  net: number;
  outcome: Outcome;
  /** The successes the threshold took: `min(successes, threshold)`. */
  thresholdRemoved: number;
  /** `max(0, successes - threshold)`. */
  successesAfterThreshold: number;
  /** Botches no success cancelled: `max(0, -net)` (Willpower loses a dot per one). */
  uncancelledBotches: number;
  /** The successes the roll ends with: `max(0, net)`. */
  finalSuccesses: number;
}

/** The soak roll, resolved ("Soaking Damage"). */
export interface SoakResult {
  successes: number;
  botches: number;
  /** Successes left after the ones cancel theirs: `max(0, successes - botches)`. */
  net: number;
  /** The levels taken: `max(0, incoming - net)`. */
  taken: number;
}

/** Throws unless `face` is a d10 face (an integer 1..10). */
export function assertFace(face: number): void {
  if (!Number.isInteger(face) || face < 1 || face > MAX_FACE) throw new RangeError(`Not a d10 face: ${face}`);
}

/** Throws unless `difficulty` is an integer of at least 2 (above 10 is allowed: nothing succeeds). */
export function assertDifficulty(difficulty: number): void {
  if (!Number.isInteger(difficulty) || difficulty < MIN_DIFFICULTY)
    throw new RangeError(`A difficulty is a whole number of at least ${MIN_DIFFICULTY}: ${difficulty}`);
}

/** Throws unless `value` is a whole number >= 0. */
export function assertCount(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${what} is a whole number >= 0: ${value}`);
}

/** The outcome for a net result: "If you still have any successes" / "no successes or botches" / "more botches". */
export function outcomeOf(net: number): Outcome {
  return net > 0 ? "success" : net === 0 ? "failure" : "botch";
}

/**
 * Resolve a roll ("Resolving the Result", steps 2 to 4):
 * "Count how many dice are showing a number equal to or greater than your difficulty number";
 * "If you have a threshold, immediately remove that number of successes. Any successes removed in
 * this way don't count at all and aren't considered cancelled"; "Each botch you roll cancels one
 * of your successes"; "If you rolled more botches than successes, then you've botched."
 *
 * Example (Difficulty): dice [1, 3, 4, 6, 7] at difficulty 6 give two successes, one botch and
 * "a total of one success remaining".
 */
export function resolveRoll(input: RollInput): RollResult {
  const { dice, bonusDice = [], difficulty = DEFAULT_DIFFICULTY, threshold = 0, autoSuccesses = 0 } = input;
  assertDifficulty(difficulty);
  assertCount(threshold, "A threshold");
  assertCount(autoSuccesses, "Automatic successes");
  let successes = autoSuccesses;
  let botches = 0;
  for (const face of dice) {
    assertFace(face);
    if (face >= difficulty) successes++;
    else if (face === 1) botches++;
  }
  for (const face of bonusDice) {
    assertFace(face);
    if (face >= difficulty) successes++;
  }
  const successesAfterThreshold = Math.max(0, successes - threshold);
  const net = successesAfterThreshold - botches;
  return {
    successes,
    botches,
    net,
    outcome: outcomeOf(net),
    thresholdRemoved: Math.min(successes, threshold),
    successesAfterThreshold,
    uncancelledBotches: Math.max(0, -net),
    finalSuccesses: Math.max(0, net),
  };
}

/**
 * The bonus dice a set of faces earns: "whenever you roll a 10 on any die in the roll, add two
 * additional bonus dice" when a specialty is used (`exploding`), none otherwise.
 */
export function bonusDiceFor(faces: readonly number[], exploding: boolean): number {
  let tens = 0;
  for (const face of faces) {
    assertFace(face);
    if (face === MAX_FACE) tens++;
  }
  return exploding ? tens * BONUS_DICE_PER_TEN : 0;
}

/** A d10 source: returns an integer 1..10 (injected, so tests and replays are deterministic). */
export type D10 = () => number;

function rollOne(d10: D10): number {
  const face = d10();
  assertFace(face);
  return face;
}

/**
 * Roll `count` bonus dice and every explosion they cause, wave after wave ("10s on bonus dice
 * count as well and can add even more bonus dice"). Without `exploding` only the `count` dice.
 */
export function rollBonusDice(options: { count: number; exploding: boolean; d10: D10 }): number[] {
  const { count, exploding, d10 } = options;
  assertCount(count, "A number of bonus dice");
  const bonusDice: number[] = [];
  let pending = count;
  while (pending > 0) {
    if (bonusDice.length + pending > MAX_BONUS_DICE)
      throw new RangeError(`More than ${MAX_BONUS_DICE} bonus dice: the d10 source never stops rolling tens`);
    const wave: number[] = [];
    for (let i = 0; i < pending; i++) wave.push(rollOne(d10));
    bonusDice.push(...wave);
    pending = bonusDiceFor(wave, exploding);
  }
  return bonusDice;
}

/**
 * Roll a pool ("Step 1: Roll"): `pool` normal dice, then, when tens explode, the bonus dice in
 * roll order (each wave of explosions after the previous one). A pool of 0 or less rolls nothing.
 *
 * Example (Using Specialties): [1, 4, 7, 10], then bonus [1, 10], then [4, 8]: four bonus dice.
 */
export function rollPool(options: { pool: number; exploding: boolean; d10: D10 }): {
  dice: number[];
  bonusDice: number[];
} {
  const { pool, exploding, d10 } = options;
  if (!Number.isInteger(pool)) throw new RangeError(`A dice pool is a whole number: ${pool}`);
  const dice: number[] = [];
  for (let i = 0; i < pool; i++) dice.push(rollOne(d10));
  return { dice, bonusDice: rollBonusDice({ count: bonusDiceFor(dice, exploding), exploding, d10 }) };
}

/**
 * Roll the experience die ("Adding Experience Dice"): "add a single bonus die to your roll. This
 * die is the same as those added by using a specialty and does not botch on a 1. Plus, if you're
 * also using a specialty, it can get exploding tens like any other die." Returns the die and any
 * bonus dice it causes, to append to the roll's bonus dice.
 */
export function rollExperienceDie(options: { exploding: boolean; d10: D10 }): number[] {
  return rollBonusDice({ count: 1, exploding: options.exploding, d10: options.d10 });
}

/**
 * Whether the experience die may be added: "Once per roll ... First, resolve the roll. If you
 * haven't botched", and never on soak ("nor can you add experience dice"). The caller tracks
 * "once per roll" by passing `alreadyUsed`.
 */
export function experienceDieAllowed(
  result: { outcome: Outcome },
  options: { soak?: boolean; alreadyUsed?: boolean } = {},
): boolean {
  return result.outcome !== "botch" && !options.soak && !options.alreadyUsed;
}

/** A difficulty modifier: a bare number or a keyed entry as the roll dialog lists it. */
export type DifficultyModifier = number | { readonly value: number };

/**
 * The difficulty after modifiers, never below 2: "the difficulty can be set anywhere between two
 * and ten". Above 10 is kept: "Higher than that and success is completely impossible".
 */
export function effectiveDifficulty(base: number, modifiers: readonly DifficultyModifier[] = []): number {
  if (!Number.isInteger(base)) throw new RangeError(`A difficulty is a whole number: ${base}`);
  let difficulty = base;
  for (const modifier of modifiers) {
    const value = typeof modifier === "number" ? modifier : modifier.value;
    if (!Number.isInteger(value)) throw new RangeError(`A difficulty modifier is a whole number: ${value}`);
    difficulty += value;
  }
  return Math.max(MIN_DIFFICULTY, difficulty);
}

/**
 * Resolve a soak roll ("Soaking Damage"): "always at a difficulty 6", no exploding tens, no
 * threshold. "After rolling your soak dice, subtract your successes from the incoming damage. If
 * you failed, botched, or couldn't roll any dice, then you take the full damage." The ones cancel
 * successes as on any roll, so the damage soaked is `max(0, successes - botches)`.
 */
export function soakResult(options: { dice: readonly number[]; incoming: number }): SoakResult {
  const { dice, incoming } = options;
  assertCount(incoming, "Incoming damage");
  const { successes, botches } = resolveRoll({ dice, difficulty: SOAK_DIFFICULTY });
  const net = Math.max(0, successes - botches);
  return { successes, botches, net, taken: Math.max(0, incoming - net) };
}
