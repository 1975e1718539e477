/**
 * Fast Action, part 2: the everyday actions ('Verses Core 0.8.5, "Actions": Move, Rest, Watch, Await;
 * "Movement (MV)"; "Prone" and "Unconscious" for rising and awakening). Pure functions on plain values.
 * The AD state they act on is {@link AdRoundState} (`fast-action.ts`).
 */
import {
  resolveContest,
  resolveTest,
  successProbability,
  type ContestOutcome,
  type TestOutcome,
} from "./dice";
import { allADBound, availableAD, spendAD, unbindEX, type AdRoundState } from "./fast-action";
import { type ActorKind, type Checked, type Face, refused } from "./types";

// ---------------------------------------------------------------------------------------------
// Move and movement
// ---------------------------------------------------------------------------------------------

/** "A round represents 5 seconds of game world time" ("Time"). */
export const ROUND_SECONDS = 5;

/** Human Movement: "MV 7m/AD" (Derived Attributes). */
export const HUMAN_MV = 7;

/**
 * AD to move `metres` at `mv` metres per AD: Move is a per-unit cost, "AD cannot be partially spent.
 * A per-unit cost is spent in increments specified in the cost, even if some of the unit goes
 * unused" ("Action Cost"), so `ceil(metres / MV)`. Holden runs 10 m at 7 m/AD: 2AD ("Movement");
 * Anders runs 5 m: 1AD. 0 m costs nothing. Negative distances or a non-positive MV throw a RangeError.
 */
export function moveCost(metres: number, mv: number): number {
  if (!(metres >= 0) || !Number.isFinite(metres))
    throw new RangeError(`A distance is >= 0 metres: ${metres}`);
  if (!(mv > 0) || !Number.isFinite(mv)) throw new RangeError(`MV is > 0 metres per AD: ${mv}`);
  // Absorb floating-point noise such as 14.000000000000002 / 7.
  return Math.max(0, Math.ceil(metres / mv - 1e-9));
}

/** The farthest an actor moves on `ad` AD: `ad × MV` metres ("Move"). */
export function moveDistance(ad: number, mv: number): number {
  return Math.max(0, Math.floor(ad)) * mv;
}

/**
 * Spend the AD of a Move of `metres` ({@link moveCost}, at least 1AD: "Expend one or more AD").
 * Returns the new state and the AD spent.
 */
export function spendMove(
  state: AdRoundState,
  metres: number,
  mv: number,
): Checked<{ state: AdRoundState; ad: number }> {
  const ad = Math.max(1, moveCost(metres, mv));
  const spent = spendAD(state, ad);
  // spendAD refuses nothing else here: `ad` is a whole number of at least 1.
  if (!spent.ok) return refused("moveOnlyUnspent", { metres, mv, ad, held: availableAD(state) });
  return { ok: true, value: { state: spent.value, ad } };
}

/** What the actor did with its AD in one turn, to judge the Move exhaustion rule. */
export interface TurnMoveInput {
  /** Unspent AD at the start of the turn. */
  availableAtTurnStart: number;
  /** AD spent on Move during the turn. */
  spentOnMove: number;
  /** Allocated dice in Physical Conditioning (0 without). */
  physicalConditioning?: number;
}

/**
 * EX bound by moving at the end of a turn: "Spending all available AD in a turn on the Move action
 * will EX-bind 1AD" ("Move"), except with Physical Conditioning: "Using all AD for the Move action in
 * one turn does not EX-bind AD". 1 when every AD available at the turn's start went to Move, else 0.
 */
export function moveExhaustion(input: TurnMoveInput): number {
  if ((input.physicalConditioning ?? 0) > 0) return 0;
  return input.spentOnMove > 0 && input.spentOnMove >= input.availableAtTurnStart ? 1 : 0;
}

/** One row of the "Movement (MV) by AD, Second, & Round" table. */
export interface MovementRates {
  ad: number;
  mv: number;
  adPerSecond: number;
  metresPerSecond: number;
  maxMetresPerRound: number;
}

/**
 * Movement rates ("Movement (MV) by AD, Second, & Round"): a round is 5 s whatever the AD, so
 * AD/second = AD / 5, m/second = AD × MV / 5, max m/round = AD × MV. For a human, AD = 3 + PRW and
 * MV = 7: PRW 2 gives 5AD, 1.0 AD/s, 7.0 m/s, 35 m per round.
 */
export function movementRates(ad: number, mv: number = HUMAN_MV): MovementRates {
  return {
    ad,
    mv,
    adPerSecond: ad / ROUND_SECONDS,
    metresPerSecond: (ad * mv) / ROUND_SECONDS,
    maxMetresPerRound: ad * mv,
  };
}

/**
 * Seconds to run `metres` flat out ("Movement (MV)"): `metres / (AD × MV / 5)`. "an actor with typical
 * (2) PRW has a very respectable ... 100m sprint time of about 14.3 seconds, while one with a
 * superior (5) PRW has ... just under 9 seconds."
 */
export function sprintSeconds(metres: number, ad: number, mv: number = HUMAN_MV): number {
  return metres / movementRates(ad, mv).metresPerSecond;
}

// ---------------------------------------------------------------------------------------------
// Rest
// ---------------------------------------------------------------------------------------------

/** The resting actor's dice. */
export interface RestInput {
  tuf: number;
  /** AD spent on the Rest action. */
  adSpent: number;
  /** The Prone condition (biologicals "receive +1 die to any rest actions when prone"). */
  prone?: boolean;
  /** Actor kind, for the Prone bonus. Default biological. */
  actorKind?: ActorKind;
  /** Physical Conditioning: "Allocated dice may be added to the dice pool for any Rest actions." */
  physicalConditioning?: number;
  /** Any other dice a rule adds. */
  otherDice?: number;
}

/** A Rest test to roll: `TUF + #AD → (#EX)S`; no test when nothing is bound. */
export interface RestTest {
  pool: number;
  /** `(#EX)S`: "The success target for the rest action is the number of AD that are EX-bound." */
  target: number;
  /** False when no AD is EX-bound: there is nothing to unbind, so no roll (TV-41). */
  testNeeded: boolean;
}

/**
 * The Rest test ("Rest"): "One or more AD is spent to rest and unbind EX ... TUF + #AD → (#EX)S
 * (1EX Unbound)/SM". Prone biologicals +1 die ("Prone"); Physical Conditioning adds its allocated
 * dice. An actor that "has EX-bound all action dice can take no actions except one Rest action in a
 * round": it rests with 0AD (pool TUF + capabilities, spec §11.2 #27). Refused otherwise below 1AD,
 * or above the unspent AD. With no EX bound there is no test (TV-41), but AD may still be spent on
 * Rest (Sickened asks for "at least 1AD on the Rest action").
 */
export function restTest(state: AdRoundState, input: RestInput): Checked<RestTest> {
  const minimum = allADBound(state) ? 0 : 1;
  if (!Number.isInteger(input.adSpent) || input.adSpent < minimum)
    return refused("restNeedsAd", { ad: input.adSpent });
  if (input.adSpent > availableAD(state))
    return refused("restOnlyUnspent", { held: availableAD(state), ad: input.adSpent });
  const proneBonus = input.prone === true && (input.actorKind ?? "biological") === "biological" ? 1 : 0;
  const pool =
    Math.max(0, input.tuf) +
    input.adSpent +
    proneBonus +
    Math.max(0, input.physicalConditioning ?? 0) +
    (input.otherDice ?? 0);
  return {
    ok: true,
    value: { pool: Math.max(0, pool), target: state.exBound, testNeeded: state.exBound > 0 },
  };
}

/** The result of a Rest action. */
export interface RestResult {
  state: AdRoundState;
  /** The test, or null when nothing was bound (no roll). */
  outcome: TestOutcome | null;
  /** EX unbound: 1 per SM on success, at most the EX bound. */
  unbound: number;
}

/**
 * Take the Rest action: spend the AD, roll `faces` against `(#EX)S`, and unbind "1EX per SM"; the
 * unbound dice "are returned to the AD pool as unspent AD". Jee (TV-28): 2 EX bound, TUF 2 + 3AD =
 * 5d6, 3 successes: SM 2, 2 EX unbound. `faces` is ignored when nothing is bound.
 */
export function applyRest(
  state: AdRoundState,
  input: RestInput,
  faces: readonly Face[],
): Checked<RestResult> {
  const test = restTest(state, input);
  if (!test.ok) return test;
  if (test.value.testNeeded && faces.length !== test.value.pool)
    return refused("restFaceCount", { pool: test.value.pool, faces: faces.length });
  const spent = spendAD(state, input.adSpent, { minimum: allADBound(state) ? 0 : 1 });
  if (!spent.ok) return spent;
  if (!test.value.testNeeded) return { ok: true, value: { state: spent.value, outcome: null, unbound: 0 } };
  const outcome = resolveTest(faces, test.value.target);
  const { state: after, unbound } = unbindEX(spent.value, outcome.success ? outcome.margin : 0);
  return { ok: true, value: { state: after, outcome, unbound } };
}

// ---------------------------------------------------------------------------------------------
// Watch and Await
// ---------------------------------------------------------------------------------------------

/**
 * The Watch pool ("Watch"): "Spend 1 or more AD observing ... Any AD spent on this action plus the
 * actor's SMR and any other capabilities relevant to perception" (Eagle Eyed; Bluffing & Tells
 * against deception; Stealth & Skulking against covert movement). `adSpent` may be the unspent AD
 * that count as Watch at the end of the round (see `endRound`).
 */
export function watchPool(smr: number, adSpent: number, capabilityDice = 0): number {
  return Math.max(0, smr + Math.max(0, adSpent) + capabilityDice);
}

/**
 * Watch against subterfuge ("Watch"): the Watch dice "actively contest any attempts at subterfuge";
 * the sneaking actor is the initiator. "The GM may perform this contest secretly, with the watching
 * actor becoming aware only if they win such a contest": `noticed` is true when the subterfuge fails.
 * `subterfugeTarget` is the subterfuge test's own `#S` (1 when none is stated).
 */
export function resolveWatch(
  subterfugeFaces: readonly Face[],
  watchFaces: readonly Face[],
  subterfugeTarget = 1,
): { outcome: ContestOutcome; noticed: boolean } {
  const outcome = resolveContest(subterfugeFaces, watchFaces, subterfugeTarget);
  return { outcome, noticed: !outcome.success };
}

/** One deferred action of an Await, with the AD reserved for it. */
export interface AwaitedAction {
  label: string;
  ad: number;
}

/** An Await declaration: the trigger and the deferred actions. */
export interface AwaitDeclaration {
  trigger: string;
  actions: AwaitedAction[];
}

/**
 * Declare an Await ("Await"): "The player declares an action or combination of actions to perform
 * when a declared trigger event occurs. The actor must reserve enough AD to perform the deferred
 * actions." Reserves the sum of the actions' AD (each at least 1AD). The GM judges whether the
 * trigger is "specific and clear enough" ("when I say so," does not count); this only refuses an
 * empty trigger. Anders (TV-24) reserves 5AD: 2AD per shot twice and 1AD to duck into cover.
 * Spend the reservation with `spendAD(state, n, { from: "await" })` when the trigger occurs.
 */
export function declareAwait(state: AdRoundState, declaration: AwaitDeclaration): Checked<AdRoundState> {
  if (declaration.trigger.trim() === "") return refused("awaitTrigger");
  if (declaration.actions.length === 0) return refused("awaitNoAction");
  let total = 0;
  for (const action of declaration.actions) {
    if (!Number.isInteger(action.ad) || action.ad < 1)
      return refused("awaitActionAd", { action: action.label });
    total += action.ad;
  }
  const available = availableAD(state);
  if (total > available) return refused("awaitOnlyUnspent", { needed: total, held: available });
  return {
    ok: true,
    value: { ...state, reserved: { ...state.reserved, await: state.reserved.await + total } },
  };
}

// ---------------------------------------------------------------------------------------------
// Rising from Prone, awakening another
// ---------------------------------------------------------------------------------------------

/** Options of {@link riseFromProneAD}. */
export interface RiseFromProneOptions {
  /** Allocated dice in Catlike Grace. */
  catlikeGrace?: number;
  /**
   * Charge at least 1AD even when `5 − PRW` is 0 (spec §11.2 #35: the text's formula is free at
   * PRW 5, while "At least one action die must be spent on any given action"). Default false.
   */
  minimumOne?: boolean;
  /** Actor kind. Default biological. */
  actorKind?: ActorKind;
}

/**
 * AD to rise from Prone ("Prone"): "Rising from prone requires (5-PRW)AD for biological actors";
 * Catlike Grace: "The AD cost of rising from the Prone state is reduced by the number of allocated
 * dice, to a minimum of 1AD" (a reduction never raises a cost of 0). TV-C12: PRW 2 → 3AD; PRW 2 with
 * Catlike Grace 2 → 1AD; PRW 5 → 0AD (1AD with `minimumOne`). Prone "is not applicable to ... all
 * incorporeals": refused; constructs that can be Prone use the same formula (INFERENCE).
 */
export function riseFromProneAD(prw: number, options: RiseFromProneOptions = {}): Checked<number> {
  if ((options.actorKind ?? "biological") === "incorporeal") return refused("riseIncorporeal");
  const base = Math.max(0, 5 - prw);
  const grace = Math.max(0, options.catlikeGrace ?? 0);
  const reduced = grace > 0 ? Math.max(Math.min(base, 1), base - grace) : base;
  return { ok: true, value: options.minimumOne === true ? Math.max(1, reduced) : reduced };
}

/** "Another actor may attempt to awaken the unconscious actor with SOC + #AD → 4S" ("Unconscious"). */
export const AWAKEN_SUCCESS_TARGET = 4;

/**
 * The Awaken test on an Unconscious actor: `SOC + #AD → 4S`, at least 1AD ("At least one action die
 * must be spent on any given action"). Returns the pool, the target and the exact chance:
 * SOC 2 + 4AD = 6d6 vs 4S is 10.01 % (TV-C10).
 */
export function awakenTest(
  soc: number,
  adSpent: number,
): Checked<{ pool: number; target: number; chance: number }> {
  if (!Number.isInteger(adSpent) || adSpent < 1) return refused("awakenNeedsAd", { ad: adSpent });
  const pool = Math.max(0, soc) + adSpent;
  return {
    ok: true,
    value: { pool, target: AWAKEN_SUCCESS_TARGET, chance: successProbability(pool, AWAKEN_SUCCESS_TARGET) },
  };
}
