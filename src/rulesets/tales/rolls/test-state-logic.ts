/**
 * Where a Tales test stands, Foundry-free: from the roll (its options and dice, roll-logic.ts) and
 * the card's state after it (messages-logic.ts: re-rolls, the die chosen, Essence, Edge dice, the
 * opponent's roll), the rules layer's `resolveTest` gives the result, and {@link testOffers} says
 * which buttons the card offers. The card's view, its buttons and the GM all read the test through
 * here, so nothing a player typed is ever taken for a number: only the dice and the set-up.
 */
import {
  effectiveTestFace,
  resolveTest,
  resolveTestBestDie,
  gatedReserveBonus,
  type TestInput,
  type TestResult,
} from "../rules";
import type { OpponentRoll, TalesTestCard } from "./messages-logic";
import {
  readFaces,
  readRollOptions,
  testDice,
  type TalesRollOptions,
  type TalesTestOptions,
  type TestDice,
} from "./roll-logic";

/** A roll as the card reads it: its options and dice by group, checked; null when forged or unreadable. */
export interface ReadRoll {
  options: TalesRollOptions;
  faces: number[][];
}

/** A stored roll's options and dice by term (`activeResultsByTerm`), checked. */
export function readRoll(rawOptions: unknown, terms: readonly unknown[][]): ReadRoll | null {
  const options = readRollOptions(rawOptions);
  const faces = options ? readFaces(terms, options) : null;
  return options && faces ? { options, faces } : null;
}

/** Where a test stands. */
export interface TestState {
  options: TalesTestOptions;
  dice: TestDice;
  /** The player's faces that stand (the last re-roll's, else the first roll's). */
  faces: number[];
  /** The die used (an index into `faces`), and the one the rules would pick. */
  chosen: number;
  best: number;
  /** Dream or Status: the gating dice's bonus. */
  gateBonus: number;
  /** The options' bonus and the gating dice's. */
  bonus: number;
  /** Dynamic: the difficulty die that counts (the higher of Enigma's two). */
  difficultyFace: number | null;
  /** Opposed: the opponent's bonus and the die that counts, once known. */
  opponentBonus: number | null;
  opponentFace: number | null;
  edgeDice: number[];
  /** The result from the actor's side; null while an opposed test waits for the opponent. */
  result: TestResult | null;
}

const highest = (faces: readonly number[]) => (faces.length ? Math.max(...faces) : null);

/** The opponent's side as the test reads it: a number and its die, or the opponent's roll. */
function opponentSide(
  options: TalesTestOptions,
  dice: TestDice,
  roll: OpponentRoll | null,
): { bonus: number | null; face: number | null } {
  if (options.kind !== "opposed") return { bonus: null, face: null };
  if (!options.opponent) return { bonus: options.opponentBonus, face: highest(dice.opponent) };
  return roll ? { bonus: roll.bonus, face: highest(roll.faces) } : { bonus: null, face: null };
}

/** The rules' input for a face, from the state so far. */
function inputFor(
  s: Pick<TestState, "options" | "bonus" | "difficultyFace" | "opponentBonus" | "opponentFace">,
  card: Pick<TalesTestCard, "essence" | "opponentRoll">,
  edgeDice: readonly number[],
): Omit<TestInput, "face"> {
  const o = s.options;
  const input: Omit<TestInput, "face"> = {
    kind: o.kind,
    bonus: s.bonus,
    spendEssence: card.essence === true,
    clumsy: o.clumsy,
    boost: o.boost,
    edge: o.edge,
    edgeDice: [...edgeDice],
    specialistGear: o.specialistGear,
    eliteGear: o.eliteGear,
  };
  if (o.tieRule !== null) input.tieRule = o.tieRule;
  if (o.kind !== "opposed") input.difficulty = o.difficulty;
  if (o.kind === "dynamic") input.difficultyFace = s.difficultyFace ?? 1;
  if (o.kind === "opposed") {
    input.opponentBonus = s.opponentBonus ?? 0;
    input.opponentFace = s.opponentFace ?? 1;
    input.opponentSpendEssence = card.opponentRoll?.essence === true;
  }
  return input;
}

/**
 * A test's standing state, or null when the card's state does not fit the roll (re-roll faces of
 * another count, a chosen die that is not there, Edge dice without Edge or without a 6 before them,
 * an opponent's roll on a test with none): such a card is drawn as invalid and offers nothing.
 */
export function testState(
  options: TalesTestOptions,
  faces: readonly number[][],
  card: TalesTestCard | null,
): TestState | null {
  const dice = testDice(options, faces);
  const rerolls = card?.rerolls ?? [];
  if (rerolls.some((r) => r.faces.length !== options.dice)) return null;
  const standing = rerolls.length ? [...rerolls[rerolls.length - 1]!.faces] : dice.player;
  const roll = card?.opponentRoll ?? null;
  if (roll && !options.opponent) return null;
  const edgeDice = [...(card?.edgeDice ?? [])];
  if (edgeDice.length && !options.edge) return null;
  const gateBonus = gatedReserveBonus(dice.gate);
  const opp = opponentSide(options, dice, roll);
  const base = {
    options,
    bonus: options.bonus + gateBonus,
    difficultyFace: options.kind === "dynamic" ? highest(dice.difficulty) : null,
    opponentBonus: opp.bonus,
    opponentFace: opp.face,
  };
  const waiting = options.kind === "opposed" && opp.face === null;
  const essenceCard = { essence: card?.essence === true, opponentRoll: roll };
  const best = waiting
    ? standing.indexOf(Math.max(...standing))
    : resolveTestBestDie(inputFor(base, { opponentRoll: roll }, []), standing).index;
  const chosen = card?.chosen ?? best;
  const face = standing[chosen];
  if (face === undefined) return null;
  let result: TestResult | null = null;
  if (!waiting) {
    try {
      result = resolveTest({ ...inputFor(base, essenceCard, edgeDice), face });
    } catch {
      return null;
    }
    // Essence is spent only where the rules offered it: a card that says otherwise is not ours.
    if (card?.essence && result.essenceSpent - edgeDice.length !== 1) return null;
  } else if (card?.essence || edgeDice.length) return null;
  return { ...base, dice, faces: standing, chosen, best, gateBonus, edgeDice, result };
}

/** The actor (or opponent) as the buttons need them now. */
export interface TestActorNow {
  essence: number;
  /** Holds Lucky and has not used it this game. */
  luckyAvailable: boolean;
}

/** What a reader of the card may do now (before core hides what this reader may not press). */
export interface TestOffers {
  /** Spend 1 Essence for the success (a 6 on a failure, Elite Gear's near miss). */
  essence: boolean;
  /** Edge: 1 Essence for another d6. */
  edge: boolean;
  lucky: boolean;
  eliteTools: boolean;
  /** Other dice the player may use instead (indexes into the standing faces, one per face value). */
  choose: number[];
  /** The opponent may roll (an opposed test against an actor, not rolled yet). */
  opponentRoll: boolean;
  /** The opponent may spend 1 Essence for the success their 6 offers. */
  opponentEssence: boolean;
}

export const NO_OFFERS: TestOffers = {
  essence: false,
  edge: false,
  lucky: false,
  eliteTools: false,
  choose: [],
  opponentRoll: false,
  opponentEssence: false,
};

/**
 * The buttons a test offers. The player's: Essence for the success where `canSpendEssence`; Edge's
 * d6 while the last die shows a 6; a re-roll (Lucky once per game, Elite Tools once per test) on a
 * failure, before any Essence or Edge die; another of several dice, before Essence or Edge. The
 * opponent's: their roll, then Essence on their 6. Each costs what the actor has (1 Essence).
 */
export function testOffers(
  state: TestState,
  card: TalesTestCard,
  actor: TestActorNow | null,
  opponent: TestActorNow | null,
): TestOffers {
  const r = state.result;
  const o = state.options;
  if (!r) return { ...NO_OFFERS, opponentRoll: Boolean(o.opponent) && !card.opponentRoll };
  const committed = card.essence === true || state.edgeDice.length > 0;
  const essence = actor?.essence ?? 0;
  const failed = !r.success && !r.reroll;
  const rerolled = (by: string) => (card.rerolls ?? []).some((x) => x.by === by);
  const choose: number[] = [];
  if (!committed && state.faces.length > 1)
    state.faces.forEach((f, i) => {
      if (i !== state.chosen && f !== state.faces[state.chosen] && !choose.some((j) => state.faces[j] === f))
        choose.push(i);
    });
  return {
    essence: r.canSpendEssence && !r.success && !card.essence && essence >= 1,
    edge: o.edge && r.canAddEdgeDie && !card.essence && essence >= 1,
    lucky: failed && !committed && !rerolled("lucky") && (actor?.luckyAvailable ?? false),
    eliteTools: failed && !committed && o.eliteToolsReroll && !rerolled("eliteTools"),
    choose,
    opponentRoll: false,
    opponentEssence:
      Boolean(card.opponentRoll) &&
      r.opponentCanSpendEssence &&
      !card.opponentRoll?.essence &&
      (opponent?.essence ?? 0) >= 1,
  };
}

/** Why the result did not come from the totals, from the actor's side (an i18n key's last part), or null. */
export function automaticReason(state: TestState, card: TalesTestCard): string | null {
  const r = state.result;
  if (!r?.automatic) return null;
  const face = state.faces[state.chosen] ?? 0;
  switch (r.automatic) {
    case "favoured":
      return "Favoured";
    case "success":
      if (card.essence) return state.options.eliteGear && face !== 6 ? "EliteGear" : "Essence";
      return "OpponentOne";
    case "fail":
      if (card.opponentRoll?.essence) return "OpponentEssence";
      if (effectiveTestFace(face, state.options.clumsy) === 1) return face === 1 ? "One" : "Clumsy";
      return "OpponentFavoured";
  }
}
