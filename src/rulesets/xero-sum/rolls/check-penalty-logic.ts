/**
 * A successful Cover Fire's −2 on its target's next check, Foundry-free: the CMod a check took (its
 * `coverFire` part, rolls/check-plan-logic.ts) and the change that uses it up on the roller's
 * combatant once the check is rolled — the round's waiting CMod raised by what the check took, never
 * past 0 — in core's `DocumentChange` shape, held to base/change-policy.ts's `XERO_SUM_ROUND_POLICY`.
 */
import type { DocumentChange } from "../../../core/changes-logic";
import { NEXT_CHECK_PATH } from "../base/change-policy";
import type { CheckPart } from "./roll-logic";

/** The done mark a check card's ledger entry keeps once its penalty is used up. */
export const PENALTY_DONE = "coverFire";

/** The Cover Fire CMod a check took (its `coverFire` part; 0 when it took none). */
export const checkPenalty = (options: { parts: readonly CheckPart[] }): number =>
  options.parts.find((p) => p.kind === "coverFire")?.value ?? 0;

/**
 * The change using up a penalty of `taken` (negative) on a combatant: its waiting CMod raised by as
 * much, never past 0 (another hit since the roll keeps its own −2). Null when nothing was taken.
 */
export function penaltyUse(combatant: { uuid: string; name: string }, taken: number): DocumentChange | null {
  if (!Number.isInteger(taken) || taken >= 0) return null;
  return {
    uuid: combatant.uuid,
    name: combatant.name,
    add: [{ path: NEXT_CHECK_PATH, delta: -taken, max: 0 }],
  };
}
