/**
 * What a Tales card may ask the GM to change on a document its author does not own (`checkChange`
 * in core/changes-logic.ts): a strict allow-list, costs only. A test spends its own actor's Hit
 * Points or Essence (boost points, 1 Essence for a success or an Edge die), Dream or Status points
 * from its own advantage item, one point of the subject's Enigma, and marks Lucky used. Never a
 * gain, no other field, no status. What a card may ask for on top of that is its own check
 * (rolls/changes-logic.ts `pendingProblem`: the roll must justify each change); the buttons are GM
 * operations that read the card and the documents.
 */
import type { ChangePolicy } from "../../../core/changes-logic";

/** The most one test may spend from a pool (boost points are bounded by the pool: 100 at most). */
const MOST = 100;

export const TALES_CHANGE_POLICY: ChangePolicy = {
  add: {
    "system.hp.value": { min: -MOST, max: -1 },
    "system.essence.value": { min: -MOST, max: -1 },
    "system.pool": { min: -30, max: -1 },
  },
  set: { "system.uses.lucky": (value) => value === true },
  statuses: [],
  maxRounds: 0,
};
