/**
 * What a Xero Sum health card (`xero-sum-table`, documents/table-card-logic.ts) may ask the GM to
 * change on an actor its author does not own: the part of the Xero Sum change policy (core
 * `checkChange`) that stabilising and calming need. A rescuer's card stabilises a dying patient
 * (`state.stabilised` set to true, never false; the death clock set to 0; the incapacitation that
 * follows set to 1..12 rounds: max(1, 1d6 − PHY), PHY from −6 after Lasting Wounds); a calmer's card
 * ends an Unfocused Rage (`state.breakingPoint` set to "", never to a reaction). Nothing else: no
 * Wound or Resilience Points, no status, no other field. Whether the roll justifies the change is the
 * card's own check (`tableCardProblem`), made by the GM from the documents and the dice.
 */
import type { ChangePolicy } from "../../../core/changes-logic";

/** The most rounds a stabilised patient stays incapacitated: 1d6 − PHY with PHY down to −6. */
export const MAX_STABILISED_ROUNDS = 12;

const whole = (v: unknown, min: number, max: number): boolean =>
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;

export const XERO_SUM_HEALTH_POLICY: Pick<ChangePolicy, "add" | "set"> = {
  add: {},
  set: {
    "system.state.stabilised": (value) => value === true,
    "system.state.deathRounds": (value) => value === 0,
    "system.state.incapacitatedRounds": (value) => whole(value, 1, MAX_STABILISED_ROUNDS),
    "system.state.breakingPoint": (value) => value === "",
  },
};
