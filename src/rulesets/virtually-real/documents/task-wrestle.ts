/**
 * Arm wrestling in Foundry: "an example of an opposed multistage task" (rules `armWrestlingStage`).
 * One call is one stage: each side rolls its strength feat through the check dialog (its
 * disadvantages from the stages before, an advantage die for each Endurance point it spends, paid
 * from its Endurance pool: "That is the resource cost"), the totals are compared (a critical result
 * counts 0) and a task card says what the stage did. The state is plain data the macro keeps and
 * passes to the next call; its user rolls for both sides, so owns both characters (a GM does).
 */
import { ownsActor } from "../../../core/actor-lookup";
import { localize } from "../../../core/i18n";
import { livingSystem } from "../data/systems";
import { rollCheck } from "../rolls";
import { checkActor } from "../rolls/check-actor";
import {
  armWrestlingRoll,
  armWrestlingStage,
  startArmWrestling,
  strengthFeat,
  type ArmWrestlingStage,
  type ArmWrestlingState,
} from "../rules";
import { postPlayCard } from "./play-card";
import { vrLiving, type AnyActor, type Message } from "./shared";
import { TASKS } from "./task-logic";
import { readArmWrestling, wrestleCard } from "./task-wrestle-logic";

const warn = (key: string, data: Record<string, string> = {}): null => {
  ui.notifications?.warn(localize(`${TASKS}.Problem.${key}`, data));
  return null;
};

export interface ArmWrestleOptions {
  /** Where the match stands (the last call's `state`); a new match without it. */
  state?: ArmWrestlingState;
  /** Endurance each side spends this stage: an advantage die each. */
  endurance?: [number, number];
  /**
   * Each side's weight size, overriding the sheet's (Health tab; the size chart is not in chapter
   * 1). Without it each side's feat is its sheet's: weight size and Weight Lifting.
   */
  weightSize?: [number, number];
  /** A serious win with no disadvantage to move: "give" the loser one (default) or "nothing". */
  seriousWithoutDisadvantage?: "give" | "nothing";
  skipDialog?: boolean;
}

/**
 * One stage of arm wrestling between `a` (side 0) and `b` (side 1). Null when refused (not two
 * Virtually Real characters this user owns, a finished match, Endurance the pool lacks) or when a
 * roll was cancelled (nothing is paid then).
 */
export async function armWrestle(
  a: AnyActor,
  b: AnyActor,
  options: ArmWrestleOptions = {},
): Promise<{ state: ArmWrestlingState; stage: ArmWrestlingStage; message: Message | null } | null> {
  const sides = [vrLiving(a), vrLiving(b)] as const;
  const user = game.user;
  if (!sides[0] || !sides[1] || sides[0] === sides[1]) return warn("TwoCharacters");
  if (!user || !sides.every((s) => ownsActor(s!, user))) return warn("BothSides");
  const state = options.state === undefined ? startArmWrestling() : readArmWrestling(options.state);
  if (!state) return warn("BadState");
  if (state.winner !== null) return warn("MatchOver");
  const spend = options.endurance ?? [0, 0];
  const size = options.weightSize;
  const totals: number[] = [];
  for (const side of [0, 1] as const) {
    const actor = sides[side]!;
    const pool = livingSystem(actor).endurance.value;
    const e = spend[side] ?? 0;
    if (!Number.isInteger(e) || e < 0 || e > pool)
      return warn("NoEndurance", { need: String(e), have: String(pool) });
    const dice = armWrestlingRoll(state, side, e);
    const body = checkActor(actor).attributes.body;
    const given = size?.[side];
    // The sheet's feat (weight size, Weight Lifting) unless the caller gives a weight size.
    const feat =
      given === undefined
        ? { advantage: dice.advantage, disadvantage: dice.disadvantage }
        : {
            prepared: strengthFeat({
              bodyCapacity: body.capacity,
              bodyModifier: body.modifier,
              weightSize: Number.isInteger(given) ? given : 0,
              advantage: dice.advantage,
              disadvantage: dice.disadvantage,
            }),
          };
    const rolled = await rollCheck(actor, {
      kind: "strengthFeat",
      attribute: "body",
      ...feat,
      label: localize(`${TASKS}.Wrestle.Label`, { name: actor.name ?? "" }),
      extra: { armWrestling: state.stages + 1, side },
      ...(options.skipDialog ? { skipDialog: true } : {}),
    });
    if (!rolled) return null;
    totals.push(rolled.result.critical ? 0 : rolled.result.total);
  }
  for (const side of [0, 1] as const) {
    const e = spend[side] ?? 0;
    if (e > 0) {
      const actor = sides[side]!;
      const pool = livingSystem(actor).endurance.value;
      await actor.update({ "system.endurance.value": Math.max(0, pool - e) } as never);
    }
  }
  const stage = armWrestlingStage(state, [totals[0]!, totals[1]!], {
    seriousWithoutDisadvantage: options.seriousWithoutDisadvantage ?? "give",
  });
  const who = (i: 0 | 1) => ({ uuid: sides[i]!.uuid, name: sides[i]!.name ?? "" });
  const message = await postPlayCard(wrestleCard([who(0), who(1)], [totals[0]!, totals[1]!], stage));
  return { state: stage.state, stage, message };
}
