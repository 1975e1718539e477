/**
 * Multistage tasks in Foundry (task-logic.ts): a `virtually-real-task` item a character owns. Its
 * owner rolls the current stage (`rollTaskStage`: the ordinary check dialog, pre-filled with the
 * stage's skill or Combination, DL and carried modifiers), then records the card's result
 * (`recordTaskStage`: the card's standing result read from its dice, the player's card held to what
 * the GM's card ledger recorded when it was posted; close enough asks "plow on" or "redo at +1
 * crit"), paying the stage's endurance from the character's Endurance pool; a task card says what
 * happened. The owner may undo the last recorded stage (`undoTaskStage`); a GM may start a task
 * afresh (`resetTask`). Arm wrestling (`armWrestle`) is an opposed multistage task between two
 * characters, one stage per call.
 */
import { ownsActor } from "../../../core/actor-lookup";
import { systemRecord } from "../../../core/data-model-logic";
import { localize } from "../../../core/i18n";
import { entryForActing } from "../../../core/ledger";
import { RelayRefusal } from "../../../core/relay-logic";
import type { TextLine } from "../../../core/text-line";
import { livingSystem } from "../data/systems";
import { checkCardOf, checkStateOf, rollCheck, type CheckRolled } from "../rolls";
import { checkActor } from "../rolls/check-actor";
import type { CloseEnoughChoice } from "../rules";
import { postPlayCard } from "./play-card";
import { vrLiving, type AnyActor, type AnyItem, type Message } from "./shared";
import {
  TASKS,
  TASK_TYPE,
  readTask,
  recordStage,
  recordedLines,
  resetUpdate,
  stageCardProblem,
  stagePlan,
  standingLine,
  taskCard,
  undoStage,
  type StageCard,
  type TaskData,
  type TaskRefusal,
} from "./task-logic";

const warnTask = (key: string, data: Record<string, string> = {}): null => {
  ui.notifications?.warn(localize(`${TASKS}.Problem.${key}`, data));
  return null;
};
const refused = (r: TaskRefusal): null => warnTask(r.key, r.data);

/** A task item and its character, when this user may act on it (else warned: null). */
function taskAndActor(
  item: AnyItem | null | undefined,
): { item: AnyItem; actor: AnyActor; task: TaskData } | null {
  if (!item || item.type !== TASK_TYPE) return warnTask("NotATask");
  const actor = vrLiving(item.parent);
  if (!actor) return warnTask("NoCharacter");
  const user = game.user;
  if (!user || !ownsActor(actor, user) || !item.canUserModify(user, "update"))
    return warnTask("NotYours", { name: actor.name ?? "" });
  return { item, actor, task: readTask(systemRecord(item._source)) };
}

const enduranceOf = (actor: AnyActor) => livingSystem(actor).endurance;

/** Post the task card: the task's name, its character's lines. */
const postTaskCard = (actor: AnyActor, item: AnyItem, lines: TextLine[]): Promise<Message | null> =>
  postPlayCard(taskCard(item.name ?? "", { uuid: actor.uuid, name: actor.name ?? "" }, lines), actor);

/**
 * Roll the task's current stage through the check dialog (pre-filled; the roller may add situational
 * dice as usual). Refused while the last stage card waits to be recorded (a GM may roll anew when
 * that card is gone), when the character's Endurance pool cannot pay the stage, or when the task
 * is done. The card is kept on the task (`pending`) until it is recorded.
 */
export async function rollTaskStage(
  item: AnyItem,
  options: { event?: Event; skipDialog?: boolean } = {},
): Promise<CheckRolled | null> {
  const found = taskAndActor(item);
  if (!found) return null;
  const { actor, task } = found;
  if (task.pending && !task.recorded.includes(task.pending)) {
    if (game.messages?.get(task.pending)) return warnTask("Pending");
    if (!game.user?.isGM) return warnTask("PendingLost");
  }
  const plan = stagePlan(checkActor(actor), task, item.uuid);
  if (!plan.ok) return refused(plan.refusal);
  const { stage, options: o } = plan.value;
  const pool = enduranceOf(actor).value;
  if (pool < stage.endurance)
    return warnTask("NoEndurance", { need: String(stage.endurance), have: String(pool) });
  const heading = localize(`${TASKS}.Roll.Label`, {
    task: item.name ?? "",
    stage: stage.name || String(task.progress.stage + 1),
  });
  const rolled = await rollCheck(actor, {
    kind: o.kind,
    ...(o.skill ? { skill: o.skill } : {}),
    ...(o.attribute ? { attribute: o.attribute } : {}),
    ...(o.prepared ? { prepared: o.prepared } : {}),
    ...(o.critMod ? { critMod: o.critMod } : {}),
    ...(o.disadvantage ? { disadvantage: o.disadvantage } : {}),
    dl: o.dl,
    label: heading,
    extra: o.extra,
    ...(options.event ? { event: options.event } : {}),
    ...(options.skipDialog ? { skipDialog: true } : {}),
  });
  if (!rolled?.message.id) return null;
  await item.update({ "system.pending": rolled.message.id } as never);
  return rolled;
}

/** A check card as the recording reads it (its dice read by the rules), or null. */
function stageCardOf(message: Message): StageCard | null {
  const card = checkCardOf(message);
  const state = checkStateOf(message);
  if (!card || !state || !message.id) return null;
  const r = state.result;
  return {
    messageId: message.id,
    actorUuid: card.actorUuid,
    extra: card.extra ?? null,
    dl: state.dl,
    kind: state.read.options.subject.kind,
    skillId: state.read.options.subject.skillId,
    attribute: state.read.options.subject.attribute,
    input: state.input,
    result: {
      success: r.success,
      critical: r.critical,
      closeEnough: r.closeEnough,
      effectBonus: r.effectBonus,
      diceNeeded: r.diceNeeded,
    },
  };
}

/** Ask the owner what a close enough result does: plow on, or redo the stage at +1 crit. */
async function askCloseEnough(item: AnyItem): Promise<CloseEnoughChoice | null> {
  const chosen = (await foundry.applications.api.DialogV2.wait({
    window: { title: localize(`${TASKS}.CloseEnough.Title`, { task: item.name ?? "" }) },
    content: `<p>${foundry.utils.escapeHTML(localize(`${TASKS}.CloseEnough.Text`))}</p>`,
    buttons: [
      { action: "plowOn", label: localize(`${TASKS}.CloseEnough.plowOn`), default: true },
      { action: "redo", label: localize(`${TASKS}.CloseEnough.redo`) },
    ],
    rejectClose: false,
  })) as string | null;
  return chosen === "plowOn" || chosen === "redo" ? chosen : null;
}

/** Whether a player's card is what the GM's ledger recorded when it was posted (warned when not). */
async function ledgerAgrees(message: Message): Promise<boolean> {
  try {
    await entryForActing(message, game.user!);
    return true;
  } catch (error) {
    if (!(error instanceof RelayRefusal)) throw error;
    ui.notifications?.warn(localize(error.key, error.data));
    return false;
  }
}

/**
 * Record a stage card's result on the task (its owner; the card is the task's `pending` one unless
 * `messageId` names another): refused unless the card is this task's roll of this stage and try by
 * its character, finished, not recorded before, rolled as the stage asks, and (a player's card)
 * unchanged since the GM's ledger recorded it. A close enough result takes `closeEnough` ("plowOn"
 * or "redo"), else the owner is asked. The stage's endurance is taken from the Endurance pool.
 */
export async function recordTaskStage(
  item: AnyItem,
  options: { messageId?: string; closeEnough?: CloseEnoughChoice; skipDialog?: boolean } = {},
): Promise<{ event: string; message: Message | null } | null> {
  const found = taskAndActor(item);
  if (!found) return null;
  const { actor, task } = found;
  const message = game.messages?.get(options.messageId ?? task.pending) ?? null;
  if (!message) return warnTask("NoCard");
  const card = stageCardOf(message);
  if (!card) return warnTask("NotACheck");
  const plan = stagePlan(checkActor(actor), task, item.uuid);
  if (!plan.ok) return refused(plan.refusal);
  const problem = stageCardProblem(task, item.uuid, actor.uuid, card, plan.value.expect);
  if (problem) return warnTask(problem);
  if (!(await ledgerAgrees(message))) return null;
  let choice: CloseEnoughChoice | null = options.closeEnough ?? null;
  const closeEnough = card.result.closeEnough && !card.result.critical && card.result.success !== true;
  if (closeEnough && !choice && !options.skipDialog) choice = await askCloseEnough(item);
  if (closeEnough && !choice) return warnTask("ChooseCloseEnough");
  const pool = enduranceOf(actor).value;
  const recorded = recordStage(task, card, choice, pool);
  if (!recorded.ok) return refused(recorded.refusal);
  const r = recorded.value;
  await item.update(r.update as never);
  if (r.endurance > 0) await actor.update({ "system.endurance.value": pool - r.endurance } as never);
  const lines = recordedLines(task, r, readTask(systemRecord(item._source)));
  return { event: r.event, message: await postTaskCard(actor, item, lines) };
}

/**
 * Undo the last recorded stage (the task's owner only): the task as it stood before, the card waiting
 * to be recorded again (another close enough choice, say), its endurance given back to the pool.
 */
export async function undoTaskStage(item: AnyItem): Promise<Message | null> {
  const found = taskAndActor(item);
  if (!found) return null;
  const { actor, task } = found;
  const undone = undoStage(task);
  if (!undone.ok) return refused(undone.refusal);
  await item.update(undone.value.update as never);
  const give = undone.value.endurance;
  if (give > 0) {
    const pool = enduranceOf(actor);
    await actor.update({ "system.endurance.value": Math.min(pool.max, pool.value + give) } as never);
  }
  const after = readTask(systemRecord(item._source));
  return postTaskCard(actor, item, [{ key: `${TASKS}.Card.Undone` }, standingLine(after)]);
}

/** Start a task afresh (a GM: a new run, its history cleared). */
export async function resetTask(item: AnyItem): Promise<boolean> {
  if (!game.user?.isGM) return Boolean(warnTask("GMOnly"));
  if (!item || item.type !== TASK_TYPE) return Boolean(warnTask("NotATask"));
  await item.update(resetUpdate(readTask(systemRecord(item._source))) as never);
  return true;
}
