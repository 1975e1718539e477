/**
 * The two Tales rolls that count dice instead of adding one: Time Commitment ("Roll one die per
 * level") and connections ("each level of Connections give a character a single die"). Tales Core
 * Rules 0.5, Time Commitment and "Connections". The difficulty tables of each connection belong to
 * the character rules; these functions take the difficulty already worked out.
 */
import { MAX_FACE, MIN_FACE, assertFace, assertPoints, assertWhole } from "./test-guards";

/** How long the task takes: "a few hours", "up to a day", "up to a week" (longer: "this roll is made weekly"). */
export type TimeCommitmentLength = "hours" | "day" | "week";

/** The highest face that interrupts: "any die rolls a 1" / "a 1 or 2" / "from 1 to 3". */
export function timeCommitmentBand(length: TimeCommitmentLength): number {
  switch (length) {
    case "hours":
      return 1;
    case "day":
      return 2;
    case "week":
      return 3;
    default:
      throw new RangeError(`Not a task length: ${String(length)}`);
  }
}

/** A time-commitment roll, resolved. */
export interface TimeCommitmentResult {
  interrupted: boolean;
  /** Faces at or below the band. */
  interruptingDice: number;
  band: number;
}

/**
 * Time Commitment: "Roll one die per level if character needs to do something that will take a
 * while. If a task takes a few hours, then an interruption will occur if any die rolls a 1. If a task
 * takes up to a day, an interruption will occur if any die rolls a 1 or 2. If a task takes up to a
 * week, an interruption will occur if any die rolls from 1 to 3. If a task takes longer than a week,
 * this roll is made weekly" (one "week" roll per week). Spec §9: level 2, a day, dice 3 and 2 →
 * interrupted.
 */
export function resolveTimeCommitment(
  level: number,
  length: TimeCommitmentLength,
  dice: readonly number[],
): TimeCommitmentResult {
  assertPoints(level, "A Time Commitment level");
  if (dice.length !== level)
    throw new RangeError(`Time Commitment ${level} rolls ${level} dice, not ${dice.length}`);
  const band = timeCommitmentBand(length);
  let interruptingDice = 0;
  for (const face of dice) {
    assertFace(face);
    if (face <= band) interruptingDice++;
  }
  return { interrupted: interruptingDice > 0, interruptingDice, band };
}

/** The chance of an interruption: 1 − ((6 − band)/6)^(level·weeks); `weeks` for tasks longer than a week. */
export function timeCommitmentOdds(level: number, length: TimeCommitmentLength, weeks = 1): number {
  assertPoints(level, "A Time Commitment level");
  if (!Number.isInteger(weeks) || weeks < 1) throw new RangeError(`Weeks are a whole number >= 1: ${weeks}`);
  if (weeks > 1 && length !== "week") throw new RangeError("Only a task longer than a week rolls weekly");
  const clear = (MAX_FACE - timeCommitmentBand(length)) / MAX_FACE;
  return 1 - clear ** (level * weeks);
}

/** What a connection roll reads. */
export interface ConnectionRollInput {
  /** The faces: one die per level (Wealth in cash: one more per cash point). */
  dice: readonly number[];
  /** The worked-out difficulty: "each die that is rolled must be at least equal to a difficulty factor". */
  difficulty: number;
  /** Allies: "Regardless of the difficulty, any die rolling a 1 does not generate an ally." Default false. */
  onesNeverSucceed?: boolean;
  /**
   * Successes that need no die: Wealth's equipment reserve, "+1 bonus to wealth rolls" per level,
   * read as one success each (spec ambiguity #29). Default 0.
   */
  extraSuccesses?: number;
}

/** A connection roll, resolved. */
export interface ConnectionRollResult {
  successes: number;
  /** Per die, in order: it met the difficulty. */
  met: boolean[];
}

/**
 * A connection roll: "each die that is rolled must be at least equal to a difficulty factor"; each
 * such die is a success ("a single ally", "a single resource point", a step of speed or detail, a
 * point off the scene's Social difficulties for Fame). A difficulty of 1 or less lets every die
 * succeed (Influence's "Negligible Change – 1"), above 6 none. Spec N02: difficulty 1, dice 1, 1, 4
 * for Allies → 1 ally. The dice may be rolled "once per session of the story": the glue allows the
 * whole pool once per session (spec ambiguity #43), not each die once.
 */
export function resolveConnectionRoll(input: ConnectionRollInput): ConnectionRollResult {
  assertWhole(input.difficulty, "A difficulty");
  const extra = input.extraSuccesses ?? 0;
  assertPoints(extra, "Extra successes");
  const met = input.dice.map((face) => {
    assertFace(face);
    if (input.onesNeverSucceed && face === MIN_FACE) return false;
    return face >= input.difficulty;
  });
  return { successes: met.filter(Boolean).length + extra, met };
}

/** The chance of 0..dice successes on a connection roll (binomial: each die alike). */
export function connectionRollOdds(dice: number, difficulty: number, onesNeverSucceed = false): number[] {
  assertPoints(dice, "Dice");
  assertWhole(difficulty, "A difficulty");
  const lowest = Math.max(difficulty, onesNeverSucceed ? 2 : 1);
  const p = Math.max(0, Math.min(MAX_FACE, MAX_FACE - lowest + 1)) / MAX_FACE;
  const out: number[] = [];
  let choose = 1;
  for (let k = 0; k <= dice; k++) {
    out.push(choose * p ** k * (1 - p) ** (dice - k));
    choose = (choose * (dice - k)) / (k + 1);
  }
  return out;
}

/** How fast information or influence arrives: 1 success "a few days" ... 4 "an hour or so". */
export type ConnectionRollPace = "fewDays" | "aboutADay" | "fewHours" | "aboutAnHour";

const PACES: readonly ConnectionRollPace[] = ["fewDays", "aboutADay", "fewHours", "aboutAnHour"];

/**
 * Contacts, Influence and Territory spend successes on speed: "1 success = takes a few days, 2
 * successes = takes a day or so, 3 successes = takes a few hours, 4 successes = takes an hour or so."
 * Successes beyond four are `beyond` (the text spends "Additional successes" on detail or scope, a
 * degree each). No success: `pace` null.
 */
export function connectionRollPace(successes: number): { pace: ConnectionRollPace | null; beyond: number } {
  assertPoints(successes, "Successes");
  if (successes === 0) return { pace: null, beyond: 0 };
  return {
    pace: PACES[Math.min(successes, PACES.length) - 1] ?? null,
    beyond: Math.max(0, successes - PACES.length),
  };
}
