/**
 * What a 'Verses card may ask the GM to change on a document its author does not own (`checkChange`
 * in core/changes-logic.ts). Damage never travels this way: the GM works it out from the attack
 * card and the target (attack.ts). What is left are the special tests' effects on a patient or an
 * opponent: HP healed (First Aid, Medicine: a gain, never a loss) and conditions switched on or
 * off (Charmed and Afraid with their rounds, Moribund and Unconscious ended). No values are set:
 * AD, supplies, ammunition and a test's records are the author's own documents.
 */
import type { ChangePolicy } from "../../../core/changes-logic";
import { CORE_CONDITION_IDS } from "../rules";

/** The most HP one card may heal; the model caps HP at its maximum anyway. */
const MAX_HEALED = 1000;
/** The most rounds a condition from a card may last. */
const MAX_CONDITION_ROUNDS = 100;

export const VERSES_CHANGE_POLICY: ChangePolicy = {
  add: { "system.hp.value": { min: 1, max: MAX_HEALED } },
  set: {},
  statuses: CORE_CONDITION_IDS,
  maxRounds: MAX_CONDITION_ROUNDS,
};
