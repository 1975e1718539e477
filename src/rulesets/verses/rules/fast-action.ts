/**
 * Fast Action, part 1: turn order, the Action Dice economy of a round, Exhaustion, and Uncanny Luck
 * ('Verses Core 0.8.5, "Fast Action", "Action Dice (AD)", "Exhaustion (EX)", abilities "Tactical
 * Awareness" and "Uncanny Luck"). Pure functions on plain values.
 *
 * The actions themselves are in `fast-action-actions.ts` (Move, Rest, Watch, Await, Rise, Awaken),
 * `fast-action-combat.ts` (Parry, Riposte, Dodge, Action Chaining), `fast-action-weapons.ts` (weapon
 * features, Two Weapon Fighting) and `fast-action-influence.ts` (Charm, Intimidate); continuous tests
 * are in `continuous.ts`.
 */
import { countSuccesses, sortSixesFirst } from "./dice";
import { type Checked, type Face, type RulesMessageKey, refused } from "./types";

// ---------------------------------------------------------------------------------------------
// Turn order
// ---------------------------------------------------------------------------------------------

/** One actor's initiative roll: every AD that is not EX-bound, rolled ("Determining Turn Order"). */
export interface TurnOrderEntry {
  id: string;
  faces: number[];
}

/** The turn order, best first, and the groups of actors whose rolls were identical. */
export interface TurnOrderResult {
  /** Every id once, first to act first. */
  order: string[];
  /** Groups (two or more ids each) whose rolls matched "at each level": they must re-roll. */
  rerolls: string[][];
}

/**
 * The comparison key of an initiative roll: `[successes, 6s, 5s, 4s, 3s, 2s, 1s]`, compared
 * lexicographically, higher first. "Ties in the number of successes are resolved by comparing the
 * number of sixes in the roll. If this count is also tied, the number of fives is compared, then
 * fours, and so on" ("Determining Turn Order"). A face outside 1..6 throws a RangeError.
 */
export function initiativeKey(
  faces: readonly Face[],
): [number, number, number, number, number, number, number] {
  const { successes } = countSuccesses(faces);
  const n = [0, 0, 0, 0, 0, 0, 0];
  for (const face of faces) n[face] = (n[face] ?? 0) + 1;
  return [successes, n[6] ?? 0, n[5] ?? 0, n[4] ?? 0, n[3] ?? 0, n[2] ?? 0, n[1] ?? 0];
}

/**
 * Compare two initiative rolls for sorting: negative when `a` acts before `b`, positive when after,
 * 0 when the rolls are identical at every level (those actors re-roll).
 */
export function compareInitiative(a: readonly Face[], b: readonly Face[]): number {
  const ka = initiativeKey(a);
  const kb = initiativeKey(b);
  for (let i = 0; i < ka.length; i++) {
    const d = (kb[i] ?? 0) - (ka[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * A single number that sorts initiative rolls the way the text does, for a tracker that sorts
 * numerically (higher first): the key `[successes, 6s, 5s, 4s, 3s, 2s, 1s]` packed in base 100
 * (spec §6.2): `successes·10¹² + n6·10¹⁰ + n5·10⁸ + n4·10⁶ + n3·10⁴ + n2·10² + n1`. The packing is
 * exact below 100 dice; a larger pool throws a RangeError rather than sort wrongly.
 * Identical rolls give identical values.
 */
export function initiativeValue(faces: readonly Face[]): number {
  if (faces.length >= 100) throw new RangeError(`An initiative value packs at most 99 dice: ${faces.length}`);
  return initiativeKey(faces).reduce((value, count) => value * 100 + count, 0);
}

/**
 * A readable initiative label: successes, then every face sixes first, e.g. `3S (6,6,5)` or
 * `1S (5,4,2,1)`. A roll of no dice (all AD EX-bound) reads `0S (no dice)`.
 */
export function initiativeLabel(faces: readonly Face[]): string {
  const { successes } = countSuccesses(faces);
  return faces.length === 0 ? "0S (no dice)" : `${successes}S (${sortSixesFirst(faces).join(",")})`;
}

/**
 * The turn order at the beginning of Fast Action ("Determining Turn Order"): "all involved actors
 * roll all dice in their AD pools (that have not been EX-bound) to determine the order in which they
 * will take their turns, from highest number of successes to lowest", ties broken by 6s, then 5s,
 * 4s, 3s, 2s, 1s; "If the numbers match at each level (ie: if the rolls are identical), the tied
 * actors re-roll." The order then repeats every round (initiative is rolled once, spec §11.2 #1).
 *
 * Placement of tied actors until they re-roll (the text is silent): they sit together, in the order
 * they were given, at the place their shared roll earns; {@link resolveTurnOrderRerolls} sorts them
 * within that place once they have re-rolled. Actors who rolled no dice at all (every AD EX-bound,
 * or Unconscious) cannot break a tie by re-rolling nothing, so they are never put in `rerolls`:
 * they act last, in the order given, and the GM may reorder them.
 * A face outside 1..6 throws a RangeError; a repeated id throws a RangeError.
 */
export function turnOrder(entries: readonly { id: string; faces: number[] }[]): TurnOrderResult {
  assertUniqueIds(entries);
  for (const entry of entries) countSuccesses(entry.faces);
  const sorted = entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => compareInitiative(a.entry.faces, b.entry.faces) || a.index - b.index)
    .map(({ entry }) => entry);
  return { order: sorted.map((e) => e.id), rerolls: tieGroups(sorted) };
}

/**
 * Apply the re-rolls of tied actors ("the tied actors re-roll"). Each group of `previous.rerolls`
 * whose members all appear in `rerolled` is sorted by the new rolls within the block of places it
 * holds; new identical rolls form new re-roll groups. Groups not (fully) re-rolled stay as they were.
 * Actors outside the groups keep their places.
 */
export function resolveTurnOrderRerolls(
  previous: TurnOrderResult,
  rerolled: readonly { id: string; faces: number[] }[],
): TurnOrderResult {
  assertUniqueIds(rerolled);
  const rolls = new Map(rerolled.map((e) => [e.id, e.faces]));
  const order = [...previous.order];
  const rerolls: string[][] = [];
  for (const group of previous.rerolls) {
    if (!group.every((id) => rolls.has(id))) {
      rerolls.push([...group]);
      continue;
    }
    const places = group.map((id) => order.indexOf(id)).sort((a, b) => a - b);
    const entries = group.map((id) => ({ id, faces: rolls.get(id) ?? [] }));
    const inner = turnOrder(entries);
    places.forEach((place, i) => {
      order[place] = inner.order[i] ?? "";
    });
    rerolls.push(...inner.rerolls);
  }
  return { order, rerolls };
}

function tieGroups(sorted: readonly TurnOrderEntry[]): string[][] {
  const groups: string[][] = [];
  let current: TurnOrderEntry[] = [];
  const flush = (): void => {
    if (current.length > 1 && (current[0]?.faces.length ?? 0) > 0) groups.push(current.map((e) => e.id));
    current = [];
  };
  for (const entry of sorted) {
    const head = current[0];
    if (head !== undefined && compareInitiative(head.faces, entry.faces) !== 0) flush();
    current.push(entry);
  }
  flush();
  return groups;
}

function assertUniqueIds(entries: readonly { id: string }[]): void {
  const seen = new Set<string>();
  for (const { id } of entries) {
    if (seen.has(id)) throw new RangeError(`An actor appears twice in the turn order: ${id}`);
    seen.add(id);
  }
}

/** A Tactical Awareness move: `places` > 0 moves earlier (towards first), < 0 later. */
export interface TacticalAwarenessMove {
  id: string;
  places: number;
  /** The actor's allocated dice in Tactical Awareness: at most this many places. */
  allocated: number;
}

/**
 * Tactical Awareness: "After all actors in fast action have rolled for turn order, the actor can
 * spend any number of allocated dice to increase or decrease their position in the turn order by one
 * position per die." Returns the new order and the dice spent (`|places|`). Refused when the actor is
 * not in the order, the move needs more dice than are allocated, or it runs past either end.
 */
export function applyTacticalAwareness(
  order: readonly string[],
  move: TacticalAwarenessMove,
): Checked<{ order: string[]; diceSpent: number }> {
  const { id, places, allocated } = move;
  if (!Number.isInteger(places)) return refused("tacticalWholePlaces", { places });
  const from = order.indexOf(id);
  if (from < 0) return refused("notInTurnOrder", { id });
  const dice = Math.abs(places);
  if (dice > allocated) return refused("tacticalDice", { id, places: dice, allocated }, dice);
  const to = from - places;
  if (to < 0) return refused("tacticalEarlier", { id, max: from }, from);
  if (to >= order.length)
    return refused("tacticalLater", { id, max: order.length - 1 - from }, order.length - 1 - from);
  const next = [...order];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return { ok: true, value: { order: next, diceSpent: dice } };
}

/**
 * Several Tactical Awareness moves, applied one after another in the order given (the text does not
 * say in which order several aware actors move; the Foundry layer may use turn order). The first
 * refusal stops and is returned.
 */
export function applyTacticalAwarenessMoves(
  order: readonly string[],
  moves: readonly TacticalAwarenessMove[],
): Checked<{ order: string[]; diceSpent: Record<string, number> }> {
  let current = [...order];
  const diceSpent: Record<string, number> = {};
  for (const move of moves) {
    const result = applyTacticalAwareness(current, move);
    if (!result.ok) return result;
    current = result.value.order;
    diceSpent[move.id] = (diceSpent[move.id] ?? 0) + result.value.diceSpent;
  }
  return { ok: true, value: { order: current, diceSpent } };
}

// ---------------------------------------------------------------------------------------------
// The AD economy of a round
// ---------------------------------------------------------------------------------------------

/** The kinds of reservation: Await (special Watch), and Dodge and Parry (special Await). */
export type AdReservation = "await" | "dodge" | "parry";

/** Where the AD of an action come from: the unspent pool, or one of the reservations. */
export type AdSource = "pool" | AdReservation;

/** Why AD cannot be spent from where they were asked for. */
const ONLY_AD: Readonly<Record<AdSource, RulesMessageKey>> = {
  pool: "adOnlyUnspent",
  await: "adOnlyReservedAwait",
  dodge: "adOnlyReservedDodge",
  parry: "adOnlyReservedParry",
};

/** Why a reservation needs whole AD, by what it reserves for. */
const RESERVE_WHOLE: Readonly<Record<AdReservation, RulesMessageKey>> = {
  await: "reserveAwaitNeedsAd",
  dodge: "reserveDodgeNeedsAd",
  parry: "reserveParryNeedsAd",
};

/**
 * One actor's Action Dice in the current round.
 * - `max`: the AD pool ("3 + PRW" for humans, after condition modifiers).
 * - `exBound`: dice "bound in Exhaustion"; they "cannot be used in any rolls".
 * - `spent`: dice spent this round that are not EX-bound.
 * - `reserved`: dice set aside for Await, Dodge or Parry, not yet used.
 * Available (unspent) AD = `max − exBound − spent − reserved`, never below 0.
 */
export interface AdRoundState {
  max: number;
  exBound: number;
  spent: number;
  reserved: Record<AdReservation, number>;
}

/** Options of {@link spendAD}. */
export interface SpendOptions {
  /**
   * Minimum cost of the action ("Minimum AD cost is indicated by the notation #AD"). Default 1: "At
   * least one action die must be spent on any given action". Use 0 where the text makes AD optional
   * (a maintenance roll forced by being hit), a `Slow(#AD)` value, or a parry's minimum.
   */
  minimum?: number;
  /** Where the dice come from. Default `pool` (unspent AD). */
  from?: AdSource;
}

/** A new round's AD state: nothing spent, nothing reserved. */
export function newAdRound(max: number, exBound = 0): AdRoundState {
  assertCount(max, "An AD pool");
  assertCount(exBound, "EX-bound dice");
  return { max, exBound: Math.min(exBound, max), spent: 0, reserved: { await: 0, dodge: 0, parry: 0 } };
}

/** All reserved dice. */
export function reservedAD(state: AdRoundState): number {
  return state.reserved.await + state.reserved.dodge + state.reserved.parry;
}

/** Unspent AD: `max − exBound − spent − reserved`, never below 0 ("Action Dice Pool"). */
export function availableAD(state: AdRoundState): number {
  return Math.max(0, state.max - state.exBound - state.spent - reservedAD(state));
}

/**
 * Whether "an actor ... has EX-bound all action dice": it "can take no actions except one Rest action
 * in a round" ("Exhaustion (EX)"). True when the EX-bound dice reach the pool (and the pool is not 0).
 */
export function allADBound(state: AdRoundState): boolean {
  return state.max > 0 && state.exBound >= state.max;
}

/**
 * Spend AD on an action ("Action Cost"). "AD cannot be partially spent": the amount is a whole
 * number, at least the action's minimum, and no more than the chosen source holds. Reserved dice may
 * only be spent from their own reservation (Dodge and Parry: "Action dice reserved for reactions in
 * the Await action cannot be spent in this way, unless they are specifically reserved for dodges or
 * parries"). EX-bound dice are never spendable.
 */
export function spendAD(
  state: AdRoundState,
  amount: number,
  options: SpendOptions = {},
): Checked<AdRoundState> {
  const minimum = options.minimum ?? 1;
  const from = options.from ?? "pool";
  if (!Number.isInteger(amount) || amount < 0) return refused("adNotWhole", { ad: amount });
  if (amount < minimum) return refused("actionMinimumAd", { minimum, spent: amount });
  const holds = from === "pool" ? availableAD(state) : state.reserved[from];
  if (amount > holds) return refused(ONLY_AD[from], { held: holds, spent: amount });
  const reserved = { ...state.reserved };
  if (from !== "pool") reserved[from] -= amount;
  return { ok: true, value: { ...state, spent: state.spent + amount, reserved } };
}

/**
 * Reserve unspent AD for Await, Dodge or Parry (each "A special case of the Await action"). Dodge:
 * "Any AD spent on this action are reserved to actively contest any attack or potential injury for
 * the rest of the round"; Await: "The actor must reserve enough AD to perform the deferred actions".
 * At least 1AD ("One or more AD").
 */
export function reserveAD(state: AdRoundState, kind: AdReservation, amount: number): Checked<AdRoundState> {
  if (!Number.isInteger(amount) || amount < 1) return refused(RESERVE_WHOLE[kind], { ad: amount });
  const available = availableAD(state);
  if (amount > available) return refused("reserveOnlyUnspent", { held: available, ad: amount });
  return {
    ok: true,
    value: { ...state, reserved: { ...state.reserved, [kind]: state.reserved[kind] + amount } },
  };
}

/** Options of {@link endRound}. */
export interface EndRoundOptions {
  /** The AD pool for the next round, when conditions or attributes changed it. Default: unchanged. */
  max?: number;
  /**
   * Keep Await reservations past the end of the round until the actor's next turn
   * ({@link startTurn} releases them). The Await text lets a trigger fire until "the actor's next
   * turn", but the round's end returns "all spent AD": the text does not say which wins. Default
   * false: every reservation ends with the round. True: the Await lasts until the actor's next turn.
   */
  awaitUntilNextTurn?: boolean;
}

/**
 * End of round ("Action Cost"): "Unspent AD are never carried over into the next round and are
 * considered to have been spent in the Watch action. At the end of the round, all spent AD that have
 * not been EX-bound are returned to the actors' AD pool for the next round." Reservations lapse
 * (Dodge: "for the rest of the round"). Returns the next round's state and `watchAD`, the unspent
 * dice that counted as Watch this round. EX-bound dice stay bound.
 */
export function endRound(
  state: AdRoundState,
  options: EndRoundOptions = {},
): { state: AdRoundState; watchAD: number } {
  const watchAD = availableAD(state);
  const max = options.max ?? state.max;
  assertCount(max, "An AD pool");
  const keepAwait = options.awaitUntilNextTurn === true ? state.reserved.await : 0;
  return {
    state: { max, exBound: state.exBound, spent: 0, reserved: { await: keepAwait, dodge: 0, parry: 0 } },
    watchAD,
  };
}

/**
 * Start of the actor's own turn (Await): "If the trigger has not occurred by the actor's next turn
 * ... the AD reserved in the previous turn are not carried over into the new turn." Releases any
 * Await reservation back to the unspent pool.
 */
export function startTurn(state: AdRoundState): AdRoundState {
  return { ...state, reserved: { ...state.reserved, await: 0 } };
}

/** Where EX-bound dice were taken from. */
export interface BindResult {
  state: AdRoundState;
  /** Dice actually bound (less than asked when every die is already bound). */
  bound: number;
  fromUnspent: number;
  fromSpent: number;
  fromReserved: number;
}

/**
 * Bind dice in Exhaustion ("Exhaustion (EX)"): "one or more action dice are removed from the AD pool
 * (unspent if available, otherwise from spent action dice)". Reserved dice count as spent (Dodge:
 * "Any AD spent on this action are reserved"), so they are taken last, Await first, then Parry, then
 * Dodge (INFERENCE: the text does not order them). The EX-bound count never exceeds the pool.
 */
export function bindEX(state: AdRoundState, amount: number): BindResult {
  assertCount(amount, "Dice to bind");
  let left = Math.min(amount, Math.max(0, state.max - state.exBound));
  const bound = left;
  const fromUnspent = Math.min(left, availableAD(state));
  left -= fromUnspent;
  const fromSpent = Math.min(left, state.spent);
  left -= fromSpent;
  const reserved = { ...state.reserved };
  let fromReserved = 0;
  for (const kind of ["await", "parry", "dodge"] as const) {
    const take = Math.min(left, reserved[kind]);
    reserved[kind] -= take;
    left -= take;
    fromReserved += take;
  }
  return {
    state: { ...state, exBound: state.exBound + bound, spent: state.spent - fromSpent, reserved },
    bound,
    fromUnspent,
    fromSpent,
    fromReserved,
  };
}

/**
 * Unbind EX (Rest, Adrenaline Rush, Desperate Rally): "Unbound AD are returned to the AD pool as
 * unspent AD" (Rest). Returns the dice actually unbound (no more than are bound).
 */
export function unbindEX(state: AdRoundState, amount: number): { state: AdRoundState; unbound: number } {
  assertCount(amount, "Dice to unbind");
  const unbound = Math.min(amount, state.exBound);
  return { state: { ...state, exBound: state.exBound - unbound }, unbound };
}

function assertCount(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${what} is a whole number >= 0: ${value}`);
}

// ---------------------------------------------------------------------------------------------
// Uncanny Luck
// ---------------------------------------------------------------------------------------------

/**
 * Uncanny Luck: "When any dice pool is rolled, the actor may re-roll a number of resulting 1s equal to
 * the number of allocated dice one time, using whatever value results from the re-roll." Returns the
 * indices of the 1s to re-roll: the first `min(allocated, want)` ones in the roll (`want`, default
 * all allowed: the player "may" re-roll fewer). Once per roll: re-rolled faces are final.
 */
export function uncannyLuckRerolls(faces: readonly Face[], allocated: number, want = allocated): number[] {
  const limit = Math.max(0, Math.min(Math.floor(allocated), Math.floor(want)));
  const indices: number[] = [];
  faces.forEach((face, index) => {
    if (face === 1 && indices.length < limit) indices.push(index);
  });
  return indices;
}

/**
 * Merge Uncanny Luck's re-rolled faces into the roll: `newFaces[i]` replaces `faces[indices[i]]`.
 * "using whatever value results from the re-roll": a re-rolled 1 stays. Refused when an index does
 * not point at a 1, an index repeats, the counts differ, or a new face is not a d6 face.
 */
export function applyUncannyLuck(
  faces: readonly Face[],
  indices: readonly number[],
  newFaces: readonly Face[],
): Checked<Face[]> {
  if (indices.length !== newFaces.length)
    return refused("luckFaceCount", { rerolled: indices.length, faces: newFaces.length });
  if (new Set(indices).size !== indices.length) return refused("luckOnce");
  const merged = [...faces];
  for (let i = 0; i < indices.length; i++) {
    const index = indices[i] ?? -1;
    const face = newFaces[i] ?? 0;
    if (merged[index] !== 1) return refused("luckOnlyOnes", { index });
    if (!Number.isInteger(face) || face < 1 || face > 6) return refused("notD6Face", { face });
    merged[index] = face;
  }
  return { ok: true, value: merged };
}
