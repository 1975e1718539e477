/**
 * Arm wrestling's state as a macro passes it back (rules `ArmWrestlingState`), read strictly: two
 * whole disadvantage counts, the winner (0, 1 or none) and the stages so far; anything else refused.
 * And the task card a stage posts: its effect, each side's total and disadvantages now.
 */
import type { TextLine } from "../../../core/text-line";
import type { ArmWrestlingStage, ArmWrestlingState } from "../rules";
import type { PlayCardState } from "./play-card-logic";
import { TASKS } from "./task-logic";

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

/** The card of one arm wrestling stage: what it did, and each side's strength feat and disadvantages. */
export function wrestleCard(
  sides: readonly [{ uuid: string; name: string }, { uuid: string; name: string }],
  totals: readonly [number, number],
  stage: ArmWrestlingStage,
): PlayCardState {
  const winner = stage.winner === null ? "" : sides[stage.winner].name;
  const row = (i: 0 | 1) => ({
    uuid: sides[i].uuid,
    name: sides[i].name,
    lines: [
      {
        key: `${TASKS}.Wrestle.Side`,
        data: { total: String(totals[i]), disadvantage: String(stage.state.disadvantage[i]) },
      } satisfies TextLine,
    ],
  });
  return {
    kind: "armWrestling",
    number: stage.state.stages,
    title: {
      key: `${TASKS}.Wrestle.Title`,
      data: { a: sides[0].name, b: sides[1].name, n: String(stage.state.stages) },
    },
    lines: [
      {
        key: `${TASKS}.Wrestle.Effect.${stage.effect}`,
        data: { winner, degree: `POLYVERSE.VirtuallyReal.Check.Degree.${stage.degree}` },
      },
    ],
    rows: [row(0), row(1)],
  };
}
