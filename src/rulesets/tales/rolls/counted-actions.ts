/**
 * The two Tales rolls that count dice, on core's pipeline like a test: `rollConnection` (kind
 * "connection": the level's dice against the connection's difficulty, once per session, which marks
 * `connections.<key>.used`) and `rollTimeCommitment` (kind "timeCommitment": one die per level of
 * the disadvantage). Both post a `tales-test` card (counted-card-logic.ts draws them).
 */
import { applyPosted } from "../../../core/changes";
import { localize } from "../../../core/i18n";
import { chooseRoll } from "../../../core/roll-dialog";
import { runRoll } from "../../../core/rolls/pipeline";
import { livingSystem } from "../data/systems";
import { resolveConnectionRoll, resolveTimeCommitment, type ConnectionKey } from "../rules";
import {
  commitmentDialogModel,
  commitmentOptions,
  connectionDialogModel,
  connectionPlan,
  type ConnectionDialogInput,
} from "./counted-dialog-logic";
import { isConnectionKey } from "./roll-logic";
import { postRolled, rollChecked, type TalesEvaluated, type TalesRollAsk } from "./roll-actions";
import type { TalesRoll } from "./tales-roll";

type AnyActor = Actor.Implementation;
type Message = ChatMessage.Implementation;

/** What a counted roll made. */
export interface CountedRolled<R> {
  roll: TalesRoll;
  message: Message | null;
  result: R;
}

const card = (actor: AnyActor) => ({ actorUuid: actor.uuid, actorName: actor.name ?? "" });

/** A connection roll's set-up from the actor. */
export function connectionInput(actor: AnyActor, key: ConnectionKey): ConnectionDialogInput {
  const c = livingSystem(actor).connections[key];
  return { actorName: actor.name ?? "", connection: key, level: c.level, used: c.used };
}

/**
 * A connection roll ("each level of Connections give a character a single die that they may roll
 * once per session"): the dialog (the connection's table), then the dice against the difficulty.
 * Marks the connection used for the session (the GM clears the marks when a session starts).
 */
export async function rollConnection(
  actor: AnyActor,
  choice: { key: string } & TalesRollAsk,
): Promise<CountedRolled<{ successes: number }> | null> {
  if (!isConnectionKey(choice.key)) return null;
  const key = choice.key;
  const outcome = await runRoll(
    { ruleset: "tales", kind: "connection", subject: actor },
    {
      configure: () => connectionInput(actor, key),
      dialog: (input) =>
        chooseRoll(connectionDialogModel(input, localize(`POLYVERSE.Tales.Connection.${key}`)), choice),
      evaluate: async (input, settled): Promise<TalesEvaluated | null> => {
        const plan = connectionPlan(input, settled.state);
        const problem = plan.problems[0];
        if (problem) {
          ui.notifications?.warn(localize(problem.key));
          return null;
        }
        return {
          roll: await rollChecked(plan.options),
          card: card(actor),
          changes: [
            { uuid: actor.uuid, name: actor.name ?? "", set: { [`system.connections.${key}.used`]: true } },
          ],
          rollMode: settled.rollMode,
        };
      },
      post: (rolled) => postRolled(actor, rolled, choice.flavor),
      apply: (_rolled, posted) => applyPosted(posted),
    },
  );
  if (outcome.status !== "done") return null;
  const { rolled, posted } = outcome.context;
  const read = rolled.roll.read;
  const o = read?.options;
  const successes =
    o?.type === "connection"
      ? resolveConnectionRoll({
          dice: read!.faces[0] ?? [],
          difficulty: o.difficulty,
          onesNeverSucceed: o.onesNeverSucceed,
        }).successes
      : 0;
  return { roll: rolled.roll, message: posted.message, result: { successes } };
}

/** The actor's Time Commitment level (0 without the disadvantage). */
function commitmentLevel(actor: AnyActor): number {
  return Math.max(
    0,
    ...[...(actor.items as unknown as Iterable<{ type: string; system: unknown }>)]
      .filter(
        (i) => i.type === "tales-disadvantage" && (i.system as { key?: unknown }).key === "timeCommitment",
      )
      .map((i) => Number((i.system as { level?: unknown }).level) || 0),
  );
}

/**
 * A time-commitment roll ("Roll one die per level if character needs to do something that will take
 * a while"): the task's length, then the dice; any face at or below its band interrupts.
 */
export async function rollTimeCommitment(
  actor: AnyActor,
  choice: { length?: "hours" | "day" | "week" } & TalesRollAsk = {},
): Promise<CountedRolled<{ interrupted: boolean }> | null> {
  const level = Math.min(10, commitmentLevel(actor));
  const outcome = await runRoll(
    { ruleset: "tales", kind: "timeCommitment", subject: actor },
    {
      configure: () => ({ level }),
      dialog: (config) => {
        const model = commitmentDialogModel(config.level, actor.name ?? "");
        return chooseRoll({ ...model, start: { length: choice.length ?? "day" } }, choice);
      },
      evaluate: async (config, settled): Promise<TalesEvaluated | null> => {
        if (config.level < 1) return null;
        return {
          roll: await rollChecked(commitmentOptions(config.level, settled.state.length)),
          card: card(actor),
          changes: [],
          rollMode: settled.rollMode,
        };
      },
      post: (rolled) => postRolled(actor, rolled, choice.flavor),
      apply: (_rolled, posted) => applyPosted(posted),
    },
  );
  if (outcome.status !== "done") return null;
  const { rolled, posted } = outcome.context;
  const o = rolled.roll.read?.options;
  const interrupted =
    o?.type === "commitment"
      ? resolveTimeCommitment(o.level, o.length, rolled.roll.read!.faces[0] ?? []).interrupted
      : false;
  return { roll: rolled.roll, message: posted.message, result: { interrupted } };
}
