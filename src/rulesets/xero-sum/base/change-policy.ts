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
