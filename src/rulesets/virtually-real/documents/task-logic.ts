/**
 * Multistage tasks without Foundry (Virtually Real core guidebook, chapter 1, "Multistage Task"): a
 * `virtually-real-task` item's stored data read plainly, the check its current stage rolls (its
 * skill, a Combination or an attribute; its DL; the carried +crit, disadvantages and effect bonus,
 * rules `stageModifiers`), whether a check card is that stage's roll, and the update recording it
 * makes (rules `advanceMultistage` with `stagePayment`), or undoing the last recorded stage.
 *
 * A card is recorded only when it is this task's card (`extra.task`, the task's UUID), of the stage
 * under way and of this try (`extra.stage`, `extra.try`: the tries recorded so far), rolled by the
 * task's character, finished (no die still to roll), not recorded before, and rolled as the stage
 * asks: its DL, its skill (or Combination, or attribute) at no better capacity, level or bonus than
 * the documents give, and with at least the carried +crit and disadvantages. The outcome is the
 * card's standing result, read from its dice by the rules, never a number a client wrote.
 *
 * Readings where the text is silent:
 * - a stage's skill is named (its name or rules reference); an attribute key rolls an attribute
 *   check; a Combination names its second part (a skill or an attribute) in `partner`;
 * - the effect bonus for the next stage is added to its total (rules `stageModifiers`' `flat`);
 * - time is the GM's text, repaid in full on every try: the time paid is each stage's time times its
 *   tries; money is only counted on the task (chapter 1 has no purse to take it from);
 * - a stage's endurance is paid from the character's Endurance pool when its card is recorded, as
 *   far as the pool goes, and given back when that stage is undone.
 */
import {
  ATTRIBUTE_KEYS,
  advanceMultistage,
  attributeCheck,
  combination,
  stagePayment,
  type AttributeKey,
  type CheckKind,
  type CloseEnoughChoice,
  type MultistageState,
  type PreparedCheck,
  type StageEvent,
} from "../rules";
import { findSkill, type CheckActor, type CheckSkill } from "../rolls/check-input-logic";
import { TASK_LIMITS } from "../data/keys";
import type { TextLine } from "../../../core/text-line";
import type { PlayCardState } from "./play-card-logic";

export const TASK_TYPE = "virtually-real-task";
/** The task strings (lang/en/virtually-real-tasks.json). */
export const TASKS = "POLYVERSE.VirtuallyReal.Tasks";

/** The most stages, undo steps and recorded cards a task keeps (its data model's bounds). */
export const LIMITS = TASK_LIMITS;

export interface TaskStage {
  name: string;
  skill: string;
  partner: string;
  dl: number;
  time: string;
  money: number;
  endurance: number;
}

export interface TaskProgress {
  stage: number;
  attempt: number;
  disadvantage: number;
  bonus: number;
  tries: number[];
  stalls: number;
  money: number;
  endurance: number;
  done: boolean;
}

/** An undo step: the progress before a recorded card, the card, the endurance it took. */
export interface TaskStep {
  messageId: string;
  endurance: number;
  lastEvent: string;
  progress: TaskProgress;
}

export interface TaskData {
  stages: TaskStage[];
  progress: TaskProgress;
  pending: string;
  lastEvent: string;
  recorded: string[];
  history: TaskStep[];
}

/** Why a step is refused: an i18n key under `TASKS` and its values. */
export interface TaskRefusal {
  key: string;
  data?: Record<string, string>;
}
export type TaskResult<T> = { ok: true; value: T } | { ok: false; refusal: TaskRefusal };
const no = (key: string, data?: Record<string, string>): { ok: false; refusal: TaskRefusal } => ({
  ok: false,
  refusal: data ? { key, data } : { key },
});

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Rec) : {});
const whole = (v: unknown, max = 99999): number =>
  typeof v === "number" && Number.isInteger(v) && v >= 0 ? Math.min(v, max) : 0;
const amount = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0);
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function readStage(v: unknown): TaskStage {
  const s = rec(v);
  return {
    name: str(s.name),
    skill: str(s.skill),
    partner: str(s.partner),
    dl: whole(s.dl, 99),
    time: str(s.time),
    money: amount(s.money),
    endurance: whole(s.endurance, 99),
  };
}

function readProgress(v: unknown, stages: number): TaskProgress {
  const p = rec(v);
  const tries = Array.from({ length: stages }, (_, i) => whole(arr(p.tries)[i]));
  const done = stages > 0 && p.done === true;
  return {
    stage: done ? stages : Math.min(whole(p.stage), Math.max(0, stages - 1)),
    attempt: whole(p.attempt),
    disadvantage: whole(p.disadvantage, 99),
    bonus: whole(p.bonus, 99),
    tries,
    stalls: whole(p.stalls),
    money: amount(p.money),
    endurance: whole(p.endurance),
    done,
  };
}

/** A task item's `system` read plainly (anything missing or broken read as its default). */
export function readTask(system: unknown): TaskData {
  const s = rec(system);
  const stages = arr(s.stages).slice(0, LIMITS.stages).map(readStage);
  return {
    stages,
    progress: readProgress(s.progress, stages.length),
    pending: str(s.pending),
    lastEvent: str(s.lastEvent),
    recorded: arr(s.recorded).filter((x): x is string => typeof x === "string"),
    history: arr(s.history).map((h) => {
      const r = rec(h);
      return {
        messageId: str(r.messageId),
        endurance: whole(r.endurance, 99),
        lastEvent: str(r.lastEvent),
        progress: readProgress(r.progress, stages.length),
      };
    }),
  };
}

/** The rules' state of a task. */
export function multistageOf(task: TaskData): MultistageState {
  const p = task.progress;
  return {
    stage: p.stage,
    attempt: p.attempt,
    disadvantage: p.disadvantage,
    bonus: p.bonus,
    tries: p.tries.slice(),
    stalls: p.stalls,
    spent: { time: 0, money: p.money, endurance: p.endurance },
    done: p.done,
  };
}

/** How many cards the task has recorded (its `extra.try` for the next roll). */
export const triesSoFar = (task: TaskData): number => task.progress.tries.reduce((a, b) => a + b, 0);

const isAttribute = (v: string): v is AttributeKey => (ATTRIBUTE_KEYS as readonly string[]).includes(v);

/** What a stage's card must show: what is rolled, and the bounds the roll keeps. */
export interface StageExpect {
  kind: CheckKind;
  skillId: string | null;
  attribute: AttributeKey | null;
  capacity: number;
  /** The most level and flat bonus the documents give. */
  level: number;
  flat: number;
  dl: number;
  /** The least +crit and disadvantage the task carries. */
  critMod: number;
  disadvantage: number;
}

/** What `rollCheck` is given for a stage (the rolls folder's `RollCheckOptions`, plain). */
export interface StageRollOptions {
  kind: CheckKind;
  skill?: string;
  attribute?: AttributeKey;
  dl: number;
  critMod?: number;
  disadvantage?: number;
  prepared?: PreparedCheck;
  extra: { task: string; stage: number; try: number };
}

export interface StagePlan {
  stage: TaskStage;
  options: StageRollOptions;
  expect: StageExpect;
}

type Part = { skill: CheckSkill | null; attribute: AttributeKey | null };
function partOf(actor: CheckActor, name: string): Part | null {
  const key = name.trim();
  if (!key) return null;
  const skill = findSkill(actor, key);
  if (skill) return { skill, attribute: null };
  if (isAttribute(key)) return { skill: null, attribute: key };
  return null;
}
const partNumbers = (actor: CheckActor, p: Part) =>
  p.skill
    ? { capacity: p.skill.capacity, level: p.skill.level }
    : { capacity: actor.attributes[p.attribute!].capacity, level: actor.attributes[p.attribute!].modifier };

/**
 * The check the current stage rolls: the stage's skill (with the carried +crit and disadvantages as
 * the dialog's own choices, or, with an effect bonus to add, as a prepared skill check), its
 * attribute check, or its Combination (rules `combination`: capacities added less one, levels
 * added, +2 crit), at the stage's DL; the card keeps which task, stage and try it is.
 */
export function stagePlan(actor: CheckActor, task: TaskData, taskUuid: string): TaskResult<StagePlan> {
  const p = task.progress;
  if (!task.stages.length) return no("NoStages");
  if (p.done) return no("Done");
  const stage = task.stages[p.stage]!;
  const first = partOf(actor, stage.skill);
  if (!first) return no("NoSkill", { skill: stage.skill || "—" });
  const extra = { task: taskUuid, stage: p.stage, try: triesSoFar(task) };
  const carried = { critMod: p.attempt, disadvantage: p.disadvantage };
  const base = { dl: stage.dl, extra };
  const expectOf = (e: Omit<StageExpect, "dl" | "critMod" | "disadvantage">): StageExpect => ({
    ...e,
    dl: stage.dl,
    ...carried,
  });
  if (stage.partner.trim()) {
    const second = partOf(actor, stage.partner);
    if (!second) return no("NoSkill", { skill: stage.partner });
    const a = partNumbers(actor, first);
    const b = partNumbers(actor, second);
    if (a.capacity < 1 || b.capacity < 1) return no("ZeroCapacity", { skill: stage.skill });
    const combined = combination(a, b);
    const attribute = first.skill ? first.skill.attribute : first.attribute!;
    const prepared: PreparedCheck = {
      kind: "combination",
      capacity: combined.capacity,
      attrCapacity: actor.attributes[attribute].capacity,
      advantage: 0,
      ...carried,
      level: combined.level,
      ...(p.bonus ? { flat: p.bonus } : {}),
    };
    const skillId = first.skill?.id ?? second.skill?.id ?? null;
    return {
      ok: true,
      value: {
        stage,
        options: {
          kind: "combination",
          ...(skillId ? { skill: skillId } : {}),
          attribute,
          prepared,
          ...base,
        },
        expect: expectOf({
          kind: "combination",
          skillId,
          attribute,
          capacity: combined.capacity,
          level: combined.level,
          flat: p.bonus,
        }),
      },
    };
  }
  if (first.attribute) {
    const a = actor.attributes[first.attribute];
    const expect = expectOf({
      kind: "attribute",
      skillId: null,
      attribute: first.attribute,
      capacity: a.capacity,
      level: a.modifier,
      flat: p.bonus,
    });
    const options: StageRollOptions = p.bonus
      ? {
          kind: "attribute",
          attribute: first.attribute,
          prepared: {
            ...attributeCheck({ capacity: a.capacity, modifier: a.modifier, ...carried }),
            flat: p.bonus,
          },
          ...base,
        }
      : { kind: "attribute", attribute: first.attribute, ...carried, ...base };
    return { ok: true, value: { stage, options, expect } };
  }
  const skill = first.skill!;
  if (skill.capacity === 0) return no("ZeroCapacity", { skill: skill.name });
  const expect = expectOf({
    kind: "skill",
    skillId: skill.id,
    attribute: skill.attribute,
    capacity: skill.capacity,
    level: skill.level,
    flat: p.bonus,
  });
  const options: StageRollOptions = p.bonus
    ? {
        kind: "skill",
        skill: skill.id,
        prepared: {
          kind: "skill",
          capacity: skill.capacity,
          attrCapacity: actor.attributes[skill.attribute].capacity,
          advantage: 0,
          disadvantage: p.disadvantage,
          // A prepared check adds no underlines of its own: the skill's are added here.
          critMod: p.attempt + skill.underlines,
          level: skill.level,
          flat: p.bonus,
        },
        ...base,
      }
    : { kind: "skill", skill: skill.id, ...carried, ...base };
  return { ok: true, value: { stage, options, expect } };
}

/** What a check card shows, as the recording reads it (from the card and its dice, by the rules). */
export interface StageCard {
  messageId: string;
  actorUuid: string;
  extra: unknown;
  dl: number | null;
  kind: CheckKind;
  skillId: string | null;
  attribute: AttributeKey | null;
  /** The input the standing result was rolled with (every line's dice added). */
  input: PreparedCheck;
  result: {
    success: boolean | null;
    critical: boolean;
    closeEnough: boolean;
    effectBonus: number;
    diceNeeded: number;
  };
}

/** Why a card is not the roll of this task's current stage (a `TASKS` key), or null. */
export function stageCardProblem(
  task: TaskData,
  taskUuid: string,
  actorUuid: string,
  card: StageCard,
  expect: StageExpect,
): string | null {
  const extra = rec(card.extra);
  if (extra.task !== taskUuid) return "NotThisTask";
  if (card.actorUuid !== actorUuid) return "NotThisTask";
  if (task.recorded.includes(card.messageId)) return "Recorded";
  if (extra.stage !== task.progress.stage || extra.try !== triesSoFar(task)) return "Stale";
  if (card.result.diceNeeded > 0) return "Unfinished";
  const i = card.input;
  const same =
    card.dl === expect.dl &&
    card.kind === expect.kind &&
    i.kind === expect.kind &&
    card.skillId === expect.skillId &&
    (expect.kind === "combination" || card.attribute === expect.attribute) &&
    i.capacity === expect.capacity &&
    i.level <= expect.level &&
    (i.flat ?? 0) <= expect.flat &&
    i.critMod >= expect.critMod &&
    i.disadvantage >= expect.disadvantage;
  return same ? null : "NotAsAsked";
}

/** What recording a card does: the item's update, the event, the endurance to take from the pool. */
export interface Recorded {
  update: Rec;
  event: StageEvent;
  /** Endurance the stage costs this try (the glue takes what the pool has). */
  endurance: number;
  /** Money counted this try (a quarter on a retry). */
  money: number;
  /** The stage the card was of (0-based). */
  stage: number;
}

const progressFrom = (s: MultistageState): TaskProgress => ({
  stage: s.stage,
  attempt: s.attempt,
  disadvantage: s.disadvantage,
  bonus: s.bonus,
  tries: s.tries.slice(),
  stalls: s.stalls,
  money: s.spent.money,
  endurance: s.spent.endurance,
  done: s.done,
});

/**
 * Record a stage's card (checked first with {@link stageCardProblem}): the rules move the task on
 * from the card's standing result: a success advances (its effect bonus to the next stage), close
 * enough plows on with a disadvantage on every later stage or redoes the stage at +1 crit (the
 * owner's `choice`: asked for when the card is close enough), a failure retries at +1 crit, a
 * critical failure stalls back to stage 1. The try's cost is counted (`stagePayment`); the step is
 * kept for Undo. `paidEndurance` is what the pool actually gave.
 */
export function recordStage(
  task: TaskData,
  card: StageCard,
  choice: CloseEnoughChoice | null,
  paidEndurance?: number,
): TaskResult<Recorded> {
  if (task.progress.done) return no("Done");
  const closeEnough = card.result.closeEnough && !card.result.critical && card.result.success !== true;
  if (closeEnough && !choice) return no("ChooseCloseEnough");
  if (card.result.success === null) return no("NoDL");
  const stageIndex = task.progress.stage;
  const stage = task.stages[stageIndex]!;
  const before = task.progress;
  const pay = stagePayment({ money: stage.money, endurance: stage.endurance }, before.tries[stageIndex]! > 0);
  const { state, event } = advanceMultistage(
    multistageOf(task),
    task.stages.map((s) => ({ money: s.money, endurance: s.endurance })),
    {
      success: card.result.success,
      critical: card.result.critical,
      closeEnough,
      effectBonus: card.result.effectBonus,
    },
    choice ?? "plowOn",
  );
  const paid = Math.min(pay.endurance, paidEndurance ?? pay.endurance);
  const progress = progressFrom({
    ...state,
    spent: { ...state.spent, endurance: before.endurance + paid },
  });
  const step: TaskStep = {
    messageId: card.messageId,
    endurance: paid,
    lastEvent: task.lastEvent,
    progress: before,
  };
  return {
    ok: true,
    value: {
      update: {
        "system.progress": progress,
        "system.pending": "",
        "system.lastEvent": event,
        "system.recorded": [...task.recorded, card.messageId].slice(-LIMITS.recorded),
        "system.history": [...task.history, step].slice(-LIMITS.history),
      },
      event,
      endurance: paid,
      money: pay.money,
      stage: stageIndex,
    },
  };
}

/** Undo the last recorded stage: the progress before it, its card waiting again, its endurance to give back. */
export function undoStage(task: TaskData): TaskResult<{ update: Rec; endurance: number; messageId: string }> {
  const last = task.history[task.history.length - 1];
  if (!last) return no("NothingToUndo");
  return {
    ok: true,
    value: {
      update: {
        "system.progress": last.progress,
        "system.pending": last.messageId,
        "system.lastEvent": last.lastEvent,
        "system.recorded": task.recorded.filter((id) => id !== last.messageId),
        "system.history": task.history.slice(0, -1),
      },
      endurance: last.endurance,
      messageId: last.messageId,
    },
  };
}

/** A fresh start of the task's progress (the GM's: a new run, nothing to undo). */
export function resetUpdate(task: TaskData): Rec {
  return {
    "system.progress": progressFrom({
      stage: 0,
      attempt: 0,
      disadvantage: 0,
      bonus: 0,
      tries: task.stages.map(() => 0),
      stalls: 0,
      spent: { time: 0, money: 0, endurance: 0 },
      done: false,
    }),
    "system.pending": "",
    "system.lastEvent": "",
    "system.history": [],
  };
}

export const STAGE_EVENTS: readonly StageEvent[] = [
  "advanced",
  "closeEnoughOn",
  "redo",
  "retry",
  "stalled",
  "done",
];
export const isStageEvent = (v: string): v is StageEvent => (STAGE_EVENTS as readonly string[]).includes(v);

/** Where a task stands, as a card's line. */
export function standingLine(task: TaskData): TextLine {
  const p = task.progress;
  if (p.done) return { key: `${TASKS}.Card.Done` };
  return {
    key: `${TASKS}.Card.Standing`,
    data: {
      stage: String(p.stage + 1),
      of: String(task.stages.length),
      name: task.stages[p.stage]?.name ?? "",
      crit: String(p.attempt),
      disadvantage: String(p.disadvantage),
      bonus: String(p.bonus),
    },
  };
}

/** The lines of a recorded stage: what it did, what it cost, where the task stands now. */
export function recordedLines(before: TaskData, recorded: Recorded, after: TaskData): TextLine[] {
  const stage = before.stages[recorded.stage]!;
  return [
    {
      key: `${TASKS}.Card.Event.${recorded.event}`,
      data: { stage: String(recorded.stage + 1), name: stage.name },
    },
    {
      key: `${TASKS}.Card.Paid`,
      data: { time: stage.time || "—", money: String(recorded.money), endurance: String(recorded.endurance) },
    },
    standingLine(after),
  ];
}

/** The task card: the task's name, and its character's row of lines. */
export const taskCard = (
  task: string,
  who: { uuid: string; name: string },
  lines: TextLine[],
): PlayCardState => ({
  kind: "task",
  number: 0,
  title: { key: `${TASKS}.Card.Title`, data: { task } },
  lines: [],
  rows: [{ ...who, lines }],
});
