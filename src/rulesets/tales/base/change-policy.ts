/**
 * What a Tales card may ask the GM to change on a document its author does not own (`checkChange`
 * in core/changes-logic.ts): a strict allow-list. A test spends its own actor's Hit Points or
 * Essence (boost points, 1 Essence for a success or an Edge die), Dream or Status points from its own
 * advantage item, one point of the subject's Enigma, and marks Lucky used. A medic's card
 * (documents/care-card-logic.ts) stabilises the patient (`health.unstable` set to false, never to
 * true), gives the patient the care test's one Hit Point and one Essence point, and marks the patient's
 * care cycle (its world time and whether it succeeded). Nothing else: no other field, no status, no
 * gain beyond one point. What a card may ask for on top of that is its own kind's check (the test
 * card's `pendingProblem`, the care card's `careCardProblem`: the roll must justify each change); the
 * buttons are GM operations that read the card and the documents.
 */
import type { ChangePolicy } from "../../../core/changes-logic";

/** The most one test may spend from a pool (boost points are bounded by the pool: 100 at most). */
const MOST = 100;

/** The care card's cycle marks on the patient (documents/care-card-logic.ts `CARE_PATHS`). */
export const CARE_TIME_FLAG = "flags.polyverse.tales.careTime";
export const CARE_SUCCEEDED_FLAG = "flags.polyverse.tales.careSucceeded";

export const TALES_CHANGE_POLICY: ChangePolicy = {
  add: {
    // Spent by a test (-1 .. -100), or gained from a medic's care (+1).
    "system.hp.value": { min: -MOST, max: 1 },
    "system.essence.value": { min: -MOST, max: 1 },
    "system.pool": { min: -30, max: -1 },
  },
  set: {
    "system.uses.lucky": (value) => value === true,
    "system.health.unstable": (value) => value === false,
    [CARE_TIME_FLAG]: (value) => typeof value === "number" && Number.isInteger(value) && value >= 0,
    [CARE_SUCCEEDED_FLAG]: (value) => typeof value === "boolean",
  },
  statuses: [],
  maxRounds: 0,
};
