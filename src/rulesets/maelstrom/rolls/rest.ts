/**
 * Resting to recover Willpower on core's roll pipeline (kind "rest"): the actor's Willpower
 * (`configure`), the rest dialog (`dialog`: hours rested, actively resting), the difficulty 8
 * Willpower roll an active rest makes (`evaluate`, the Willpower roll's own plan and dice), the
 * `maelstrom-roll` card with the rest's lines (`post`), then the Willpower back on the actor
 * (`apply`). The rules are rest-logic.ts's; a rest changes only the roller's own actor.
 */
import { postCard } from "../../../core/cards";
import { applyChanges } from "../../../core/changes";
import type { DocumentChange } from "../../../core/changes-logic";
import { localize } from "../../../core/i18n";
import type { DialogValues } from "../../../core/roll-dialog-model";
import { runRoll } from "../../../core/rolls/pipeline";
import { rollModeFor } from "../../../core/rolls/post";
import { livingSystem } from "../data/systems";
import { actionPlan, startState } from "./dialog-logic";
import type { MaelstromRoll } from "./maelstrom-roll";
import { ROLL_CARD, type MaelstromCard } from "./messages-logic";
import {
  WILLPOWER_RESTING_DIFFICULTY,
  restChange,
  restDialogModel,
  restOutcome,
  restPlanOf,
  restProblem,
  restRolls,
  type RestChoice,
  type RestInput,
  type RestOutcome,
} from "./rest-logic";
import { chooseRoll } from "../../../core/roll-dialog";
import { dialogInput, rollResolved, type RollCommon } from "./roll-actions";
import type { MaelstromRollOptions } from "./roll-logic";
import { MAELSTROM_ACTOR_TYPES } from "./card";

type AnyActor = Actor.Implementation;
type Message = ChatMessage.Implementation;

const KEY = "POLYVERSE.Maelstrom.Rest";
const warn = (key: string, data?: Record<string, string>) => ui.notifications?.warn(localize(key, data));

/** A rest's choice: the hours and whether active (the dialog's start), and how it is posted. */
export type RestWillpowerChoice = RestChoice & RollCommon;

/** What a rest made: its roll (an active rest of 12 hours or more), its card, what it recovered. */
export interface Rested {
  roll: MaelstromRoll | null;
  message: Message | null;
  result: RestOutcome;
}

interface RestConfig extends RestInput {
  /** The resting roll's full set-up (the Willpower roll's plan at difficulty 8). */
  options: MaelstromRollOptions;
}

/** The actor's Willpower and the Willpower roll an active rest makes (null when it may not rest). */
function restConfig(actor: AnyActor, choice: RestWillpowerChoice): RestConfig | null {
  if (!MAELSTROM_ACTOR_TYPES.includes(actor.type as string) || !actor.isOwner) {
    warn(`${KEY}.NotYours`);
    return null;
  }
  const system = livingSystem(actor);
  if (system.health.dead) {
    warn(`${KEY}.Dead`, { name: actor.name ?? "" });
    return null;
  }
  const { value, max } = system.willpower;
  const current = Math.max(0, Math.min(value, max));
  // The roll is the Willpower roll's own plan, at difficulty 8, with the dot at zero already back.
  const input = dialogInput(actor, "willpower", { difficulty: WILLPOWER_RESTING_DIFFICULTY });
  input.willpower = current === 0 ? 1 : current;
  const { options } = actionPlan(input, startState(input));
  return {
    actorName: actor.name ?? "",
    current,
    max,
    choice: {
      ...(choice.hours !== undefined ? { hours: choice.hours } : {}),
      active: choice.active ?? false,
    },
    restingRoll: options,
    options,
  };
}

/** The rest dialog, or its start at once (skip key, `skipDialog`), a problem refusing the rest. */
async function chooseRest(config: RestConfig, choice: RestWillpowerChoice) {
  const settled = await chooseRoll<DialogValues>(restDialogModel(config), choice);
  if (!settled) return null;
  const plan = restPlanOf(settled.state);
  const problem = restProblem(config, plan);
  if (problem || !plan) {
    warn(problem ?? `${KEY}.Problem.Hours`);
    return null;
  }
  return { plan, rollMode: settled.rollMode };
}

interface RestRolled {
  roll: MaelstromRoll | null;
  result: RestOutcome;
  card: MaelstromCard;
  changes: DocumentChange[];
  rollMode: string;
}

async function evaluateRest(
  actor: AnyActor,
  config: RestConfig,
  chosen: NonNullable<Awaited<ReturnType<typeof chooseRest>>>,
): Promise<RestRolled> {
  const rolled = restRolls(chosen.plan) ? await rollResolved(config.options) : null;
  const result = restOutcome(config, chosen.plan, rolled?.result ?? null);
  const who = { uuid: actor.uuid, name: actor.name ?? "" };
  const change = restChange(who, config.current, config.max, result);
  return {
    roll: rolled?.roll ?? null,
    result,
    card: { actorUuid: actor.uuid, actorName: actor.name ?? "", rest: { ...result } },
    changes: change ? [change] : [],
    rollMode: chosen.rollMode,
  };
}

async function postRest(actor: AnyActor, rolled: RestRolled, flavor: string | undefined) {
  return postCard({
    kind: ROLL_CARD,
    card: rolled.card,
    speaker: ChatMessage.getSpeaker({ actor }),
    text: localize(`${KEY}.Card.Summary`, {
      name: actor.name ?? "",
      n: String(rolled.result.regained),
      current: String(rolled.result.current),
    }),
    flavor: flavor ?? "",
    rollMode: rollModeFor(rolled.rollMode || null),
    rolls: rolled.roll ? [rolled.roll] : [],
  });
}

/**
 * Rest to recover Willpower: the dialog (hours rested, actively resting; the skip key or
 * `skipDialog` takes `hours` and `active` as given, 12 hours at rest by default), the difficulty 8
 * Willpower roll of an active rest, the card saying how many dots came back, then the Willpower on
 * the actor (never past the permanent rank). The actor's owner only. Resolves with the roll (null
 * without one), the card and what the rest did, or null when cancelled, refused or vetoed.
 */
export async function restWillpower(
  actor: AnyActor,
  choice: RestWillpowerChoice = {},
): Promise<Rested | null> {
  const outcome = await runRoll(
    { ruleset: "maelstrom", kind: "rest", subject: actor },
    {
      configure: () => restConfig(actor, choice),
      dialog: (config) => chooseRest(config, choice),
      evaluate: (config, chosen) => evaluateRest(actor, config, chosen),
      post: (rolled) => postRest(actor, rolled, choice.flavor),
      apply: async (rolled) => {
        await applyChanges(rolled.changes);
      },
    },
  );
  if (outcome.status !== "done") return null;
  const { rolled, posted } = outcome.context;
  return { roll: rolled.roll, message: posted, result: rolled.result };
}
