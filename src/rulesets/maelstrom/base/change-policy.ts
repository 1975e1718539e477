/**
 * What a Maelstrom card may ask the GM to change on an actor its author does not own (`checkChange`
 * in core/changes-logic.ts): a strict allow-list. A roll changes its own actor only: the Willpower a
 * botch or a spend costs (a loss of 1 to 10 dots, never a gain) and the once-per-turn mark of the
 * Willpower spent to ignore the wound penalty (the mark cleared, the round it was spent in). No
 * experience, damage, status or other field: the experience die and Spend Willpower are the
 * owner's own buttons, carried out by the GM only as GM operations that read the card and the actor.
 */
import type { ChangePolicy } from "../../../core/changes-logic";

/** "<combat id>:<round>", or "" outside a combat. */
const ROUND = /^([A-Za-z0-9]{16}:\d{1,6})?$/;

export const MAELSTROM_CHANGE_POLICY: ChangePolicy = {
  add: { "system.willpower.value": { min: -10, max: -1 } },
  set: {
    "system.combat.ignoreWounds": (value) => value === false,
    "system.combat.ignoreWoundsRound": (value) => typeof value === "string" && ROUND.test(value),
  },
  statuses: [],
  maxRounds: 0,
};
