/**
 * What a Xero Sum card may ask the GM to change on an actor its author does not own (`checkChange`
 * in core/changes-logic.ts): a strict allow-list, one entry per kind of change, each held on top of
 * this to its card's own check (the check card's `pendingProblem`: the roll must justify each
 * change). A check spends the roller's Insight Die before the roll and gives the Moment of Insight's
 * die (to every participant of a Group Check): Insight Dice −1 to +1, nothing else. Every other step
 * after a roll (Insight replacements, an opposed check's other side) is a GM operation that reads the
 * card and the documents, not a change a card carries.
 *
 * The health cards' part is base/health-policy.ts (stabilising, calming); the helpers that add other
 * kinds of Xero Sum cards (combat) add theirs here the same way, each with a comment saying which
 * card asks for it. Registered once, by the rolls folder (`registerXeroSumChecks`).
 */
import type { ChangePolicy } from "../../../core/changes-logic";
import { flagPath } from "../../../core/flags";
import { XERO_SUM_HEALTH_POLICY } from "./health-policy";

/** The actor's Insight Dice. */
export const INSIGHT_PATH = "system.insight.value";

export const XERO_SUM_CHANGE_POLICY: ChangePolicy = {
  add: {
    // A check: the Insight Die spent before the roll (−1), the Moment's die (+1).
    [INSIGHT_PATH]: { min: -1, max: 1 },
    ...XERO_SUM_HEALTH_POLICY.add,
  },
  set: {
    // A rescuer's and a calmer's table card (base/health-policy.ts).
    ...XERO_SUM_HEALTH_POLICY.set,
  },
  statuses: [],
  maxRounds: 0,
};

/**
 * The Cover Fire penalty a combatant's round keeps for its next check (`flags.polyverse.xero-sum.round`,
 * data/round-state-logic.ts's `ROUND_FLAG`, `.nextCheck`: −2 a hit, 0 when nothing waits).
 */
export const NEXT_CHECK_PATH = `${flagPath("xero-sum", "round")}.nextCheck`;

/**
 * What a check card may have the GM change on its roller's combatant (no Actor nor Item, so outside
 * core's pending changes: the GM's own handler, rolls/check-penalty.ts, holds each such change to
 * this with core's `checkChange`): the Cover Fire penalty the check took, used up — the penalty
 * raised toward 0 by 1 to 20, never past 0 (the handler sets `max: 0` and the amount is the card's
 * own part, once per card).
 */
export const XERO_SUM_ROUND_POLICY: ChangePolicy = {
  add: { [NEXT_CHECK_PATH]: { min: 1, max: 20 } },
  set: {},
  statuses: [],
  maxRounds: 0,
};
