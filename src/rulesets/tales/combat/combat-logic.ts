/**
 * Tales's combat bookkeeping without Foundry: what a combatant keeps for the round
 * (`flags.polyverse.tales.round`: the initiative die and total, the declaration rank, the action dice
 * and how many are spent), read back strictly (a forged or stale flag reads as nothing); when
 * every combatant has rolled, the ranking and the action dice (rules
 * `startRound`); spending dice; the tracker's order (declaration order, lowest first); and what the
 * Recovery phase changes.
 */
import { rollsInitiative, spendActionDice, startRound, type RoundCombatant } from "../rules";

/** The flag key (under `flags.polyverse.tales`) holding a combatant's round. */
export const ROUND_FLAG = "round";

/** What a combatant keeps for the round. */
export interface RoundState {
  /** The combat round this belongs to (a state of another round reads as none). */
  round: number;
  /** The initiative d6. */
  die: number;
  /** The score before the die: Mental + Awareness (wounded) + modifier − Heavy items. */
  score: number;
  /** score + die. */
  total: number;
  mental: number;
  oblivious: boolean;
  uncoordinated: boolean;
  /** Place in the declaration order (0 declares first), once every combatant has rolled. */
  rank?: number;
  /** The action dice this round, once every combatant has rolled. */
  actionDice?: number;
  /** Action dice spent so far. */
  spent?: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const whole = (v: unknown, min: number, max: number): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;

/** A stored round state, or null when it is missing or breaks its shape. */
export function readRoundState(raw: unknown): RoundState | null {
  if (!isRecord(raw)) return null;
  const { round, die, score, total, mental, oblivious, uncoordinated, rank, actionDice, spent } = raw;
  if (!whole(round, 0, 100000) || !whole(die, 1, 6) || !whole(score, -100, 100) || total !== score + die)
    return null;
  if (!whole(mental, 0, 20) || typeof oblivious !== "boolean" || typeof uncoordinated !== "boolean")
    return null;
  const state: RoundState = { round, die, score, total, mental, oblivious, uncoordinated };
  const unset = (v: unknown) => v === undefined || v === null;
  if (!unset(rank) || !unset(actionDice) || !unset(spent)) {
    if (!whole(rank, 0, 1000) || !whole(actionDice, 0, 20) || !whole(spent, 0, 20) || spent > actionDice)
      return null;
    Object.assign(state, { rank, actionDice, spent });
  }
  return state;
}

/**
 * A state as it is stored: the dealt fields always present (null before the dice are dealt), so that an
 * update, which Foundry merges into the stored flag, clears them rather than keeping the last round's.
 */
export function storedRoundState(state: RoundState): Record<string, unknown> {
  return {
    ...state,
    rank: state.rank ?? null,
    actionDice: state.actionDice ?? null,
    spent: state.spent ?? null,
  };
}

/** The combatant's state for `round`, or null (not rolled this round). */
export function currentState(raw: unknown, round: number): RoundState | null {
  const state = readRoundState(raw);
  return state && state.round === round ? state : null;
}

/** The state a fresh initiative roll leaves. */
export function rolledState(
  round: number,
  die: number,
  score: number,
  who: { mental: number; oblivious: boolean; uncoordinated: boolean },
): RoundState {
  if (!whole(die, 1, 6)) throw new RangeError(`An initiative die is 1..6: ${die}`);
  return { round, die, score, total: score + die, ...who };
}

/** One combatant as the round's assignment reads it. */
export interface RoundEntry {
  id: string;
  state: RoundState | null;
  /** Defeated combatants take no part. */
  defeated: boolean;
  /** The actor is stunned now: one action die fewer. */
  stunned: boolean;
}

/**
 * The ranking and action dice of `round`, once every combatant not defeated has rolled for it (null
 * before, or when they are already assigned): rules `startRound` (the highest 3, the others 2,
 * Uncoordinated 1, a stun −1; declaration lowest first, Mental then chance on ties, Oblivious last).
 * Returns each combatant's new state.
 */
export function assignRound(
  entries: readonly RoundEntry[],
  round: number,
  random: () => number,
): Record<string, RoundState> | null {
  const fighting = entries.filter((e) => !e.defeated);
  if (!fighting.length) return null;
  const states = fighting.map((e) => (e.state && e.state.round === round ? e.state : null));
  if (states.some((s) => s === null)) return null;
  if (states.every((s) => s!.actionDice !== undefined)) return null;
  const combatants: RoundCombatant[] = fighting.map((e, i) => ({
    id: e.id,
    total: states[i]!.total,
    mental: states[i]!.mental,
    oblivious: states[i]!.oblivious,
    uncoordinated: states[i]!.uncoordinated,
    stunned: e.stunned,
  }));
  const result = startRound(combatants, random);
  const out: Record<string, RoundState> = {};
  fighting.forEach((e, i) => {
    out[e.id] = {
      ...states[i]!,
      rank: result.order.indexOf(e.id),
      actionDice: result.actionDice[e.id] ?? 0,
      spent: 0,
    };
  });
  return out;
}

/** Action dice left in a state (0 before they are assigned). */
export const diceLeft = (state: RoundState | null): number =>
  state?.actionDice === undefined ? 0 : state.actionDice - (state.spent ?? 0);

/** Spend `cost` dice: the new state, or the refusal (none assigned yet, too few left). */
export function spendDice(
  state: RoundState | null,
  cost: number,
): { ok: true; state: RoundState } | { ok: false; reason: "noActionDice" | "notEnoughActionDice" } {
  if (!state || state.actionDice === undefined) return { ok: false, reason: "noActionDice" };
  const spent = spendActionDice(diceLeft(state), cost);
  if (!spent.ok) return { ok: false, reason: "notEnoughActionDice" };
  return { ok: true, state: { ...state, spent: (state.spent ?? 0) + cost } };
}

/** Give back `count` spent dice (a misclick; never more than were spent). */
export function refundDice(state: RoundState, count = 1): RoundState {
  return { ...state, spent: Math.max(0, (state.spent ?? 0) - count) };
}

/**
 * The tracker's order: this round's declaration order (rank, lowest initiative first), then those
 * ranked by initiative alone (rolled but not all in: lowest first), then those not rolled.
 */
export function compareTurns(
  a: { state: RoundState | null; name: string },
  b: { state: RoundState | null; name: string },
): number {
  const key = (s: RoundState | null) => [s ? 0 : 1, s?.rank ?? Infinity, s?.total ?? Infinity] as const;
  const [ka, kb] = [key(a.state), key(b.state)];
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! < kb[i]! ? -1 : 1;
  return a.name.localeCompare(b.name);
}

/** What the start of a round changes on a combatant (the Recovery phase of the round before). */
export interface NewRoundPlan {
  /** Initiative is rolled again: the number and the state are cleared. */
  reroll: boolean;
  /** Otherwise the state carried into the new round (dice assigned again by {@link assignRound}). */
  carried: RoundState | null;
}

/**
 * Whether a new round rolls initiative again (the `initiativeEachRound` setting, rules
 * `rollsInitiative`); if not, the last state carries over with its dice cleared so that they are
 * assigned afresh (a stun taken since counts).
 */
export function newRoundPlan(
  raw: unknown,
  round: number,
  { initiativeEachRound }: { initiativeEachRound: boolean },
): NewRoundPlan {
  if (round < 1 || rollsInitiative(round, { initiativeEachRound })) return { reroll: true, carried: null };
  const last = readRoundState(raw);
  if (!last) return { reroll: true, carried: null };
  const { rank: _r, actionDice: _a, spent: _s, ...rolled } = last;
  return { reroll: false, carried: { ...rolled, round } };
}

/** The statuses the Recovery phase lifts (the stun is the actor's `health.stunned`). */
export const RECOVERY_STATUSES = ["sustainedDefence", "entangled"] as const;
