/**
 * Arm wrestling's state as a macro passes it back (rules `ArmWrestlingState`), read strictly: two
 * whole disadvantage counts, the winner (0, 1 or none) and the stages so far; anything else refused.
 */
import type { ArmWrestlingState } from "../rules";

const whole = (v: unknown, max: number): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= max;

/** A passed state, or null when it is not one. */
export function readArmWrestling(v: unknown): ArmWrestlingState | null {
  if (typeof v !== "object" || v === null) return null;
  const s = v as Record<string, unknown>;
  const d = s.disadvantage;
  if (!Array.isArray(d) || d.length !== 2 || !d.every((x) => whole(x, 99))) return null;
  if (!(s.winner === null || s.winner === 0 || s.winner === 1)) return null;
  if (!whole(s.stages, 999)) return null;
  return { disadvantage: [d[0] as number, d[1] as number], winner: s.winner, stages: s.stages };
}
