/**
 * The AD a roll spends, and the EX its abilities bind, as the rules' `AdRoundState` changes.
 * Foundry-free: the roll dialog (its limit and message), the roll flow (the change it applies) and
 * the defence, reload and chain buttons all ask here, so what the dialog allows is what is spent.
 *
 * - In Fast Action (the actor is in a started combat) the AD leave the round's pool ("One or more
 *   action dice from this pool are used to contribute to the dice pool for any given action"),
 *   at least the action's minimum ("At least one action die must be spent on any given action";
 *   Slow(#AD); the parry minimum), never more than are unspent (`spendAD`). A Dodge or Parry uses
 *   the dice reserved for it first ("Action dice reserved for reactions in the Await action cannot
 *   be spent in this way, unless they are specifically reserved for dodges or parries").
 * - Outside Fast Action there are no rounds, so nothing is spent; a test still rolls only the AD
 *   that are not EX-bound ("Action dice which are EX-bound cannot be used in any rolls").
 * - Abilities that bind EX when used (Intense Concentration: "Using this feature binds 1 EX") bind
 *   it whether or not the actor is in Fast Action (`bindEX`).
 */
import type { DocumentChange } from "../../../core/changes-logic";
import { adChange } from "./ad-logic";
import { availableAD, bindEX, spendAD, type AdReservation, type AdRoundState } from "../rules";
import { rulesLine } from "./rules-message-logic";

/** A localisable message: an i18n key and its values. */
interface SpendMessage {
  key: string;
  data?: Record<string, string>;
}

const KEY = "POLYVERSE.Verses.Attack.Spend";

/** What a roll takes from the actor's AD. */
export interface RollSpend {
  /** AD added to the pool. */
  ad: number;
  /** The least AD the action allows (1, a Slow weapon's, a parry's minimum; 0 where AD are optional). */
  minimum: number;
  /** The actor is in Fast Action: the AD leave the round's pool. */
  fastAction: boolean;
  /** EX bound by the abilities chosen for the roll (Intense Concentration). */
  exCost?: number;
  /**
   * A reaction that may use dice reserved for it first: a Dodge or Parry, or the actions an Await
   * declared ("When the trigger occurs, the declared actions are played out").
   */
  reaction?: AdReservation;
}

/** The AD a roll may add: the unspent AD (and a reaction's reservation) in Fast Action, else every unbound AD. */
export function adLimit(state: AdRoundState, spend: Pick<RollSpend, "fastAction" | "reaction">): number {
  if (!spend.fastAction) return Math.max(0, state.max - state.exBound);
  return availableAD(state) + (spend.reaction ? state.reserved[spend.reaction] : 0);
}

/**
 * Why the AD chosen cannot be spent, or null when they can: below the action's minimum, or more
 * than the actor has (in Fast Action: unspent; outside it: not EX-bound).
 */
export function spendProblem(state: AdRoundState, spend: RollSpend): SpendMessage | null {
  if (!Number.isInteger(spend.ad) || spend.ad < 0) return { key: `${KEY}.Whole` };
  if (spend.ad < spend.minimum) return { key: `${KEY}.Minimum`, data: { minimum: String(spend.minimum) } };
  const limit = adLimit(state, spend);
  if (spend.ad > limit)
    return spend.fastAction
      ? { key: `${KEY}.NotEnough`, data: { ad: String(spend.ad), available: String(limit) } }
      : { key: `${KEY}.Unbound`, data: { ad: String(spend.ad), available: String(limit) } };
  return null;
}

/** The round after the roll: the AD spent (reservation first) and the EX bound. */
interface SpendResult {
  after: AdRoundState;
  /** AD that left the round's pool (0 outside Fast Action). */
  spent: number;
  /** EX actually bound. */
  exBound: number;
}

/**
 * Spend a roll's AD and bind its abilities' EX. Refused (with the message the dialog shows) when
 * the AD cannot be spent. The Intense Concentration example: outside Fast Action a test "binds 1
 * EX" and spends nothing.
 */
export function spendForRoll(
  state: AdRoundState,
  spend: RollSpend,
): { ok: true; value: SpendResult } | { ok: false; reason: SpendMessage } {
  const problem = spendProblem(state, spend);
  if (problem) return { ok: false, reason: problem };
  let after = state;
  let spent = 0;
  if (spend.fastAction && spend.ad > 0) {
    const fromReserve = spend.reaction ? Math.min(state.reserved[spend.reaction], spend.ad) : 0;
    if (fromReserve > 0) {
      const r = spendAD(after, fromReserve, { minimum: 0, from: spend.reaction });
      if (!r.ok) return { ok: false, reason: rulesLine(r.reason) };
      after = r.value;
    }
    const r = spendAD(after, spend.ad - fromReserve, { minimum: 0 });
    if (!r.ok) return { ok: false, reason: rulesLine(r.reason) };
    after = r.value;
    spent = spend.ad;
  }
  let exBound = 0;
  if ((spend.exCost ?? 0) > 0) {
    const bound = bindEX(after, Math.floor(spend.exCost ?? 0));
    after = bound.state;
    exBound = bound.bound;
  }
  return { ok: true, value: { after, spent, exBound } };
}

/** The document change of a spend (null when nothing changes). */
export function spendChange(
  ref: { uuid: string; name: string },
  before: AdRoundState,
  result: SpendResult,
): DocumentChange | null {
  return adChange(ref, before, result.after);
}
