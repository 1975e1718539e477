/**
 * A multistage task's sheet, Foundry-free: each stage's fields (name, skill, a Combination's second
 * part, DL, time, money, endurance) in its own group, where the task stands (the stage under way,
 * the carried +crit, disadvantages and effect bonus, what each stage has been tried and paid, the
 * stalls, the last event) and the buttons its owner has (roll the stage, record its card, undo the
 * last stage; a GM's reset). Also the submitted form's stages read back into a list, and a stage
 * added or removed.
 */
import { fieldMaker, type FieldView, type ItemSheetData } from "../../../../core/sheet-fields-logic";
import { LIMITS, TASKS, isStageEvent, readTask, type TaskStage } from "../../documents/task-logic";

type Localize = (key: string, data?: Record<string, string>) => string;
type Rec = Record<string, unknown>;

const STAGE_FIELDS = ["name", "skill", "partner", "dl", "time", "money", "endurance"] as const;

/** Money as the sheet shows it: whole, or to the quarter a retry pays. */
const money = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(2));

export interface TaskSheetView {
  stages: { legend: string; index: number; removeLabel: string; fields: FieldView[] }[];
  canAdd: boolean;
  addLabel: string;
  progress: { label: string; state: string; tries: string; paid: string; current: boolean }[];
  summary: string[];
  lastEvent: string | null;
  buttons: { roll: boolean; record: boolean; undo: boolean; reset: boolean };
  editable: boolean;
}

/** The task part of the item sheet; `isGM` offers the reset. */
export function taskSheetView(data: ItemSheetData, localize: Localize, isGM = false): TaskSheetView {
  const task = readTask(data.system);
  const f = fieldMaker(data, `${TASKS}.Stage`);
  const p = task.progress;
  const stages = task.stages.map((s, index) => {
    const at = (k: string) => `stages.${index}.${k}`;
    const label = (k: string) => `${TASKS}.Stage.${k}`;
    return {
      index,
      legend: localize(`${TASKS}.Stage.Legend`, { n: String(index + 1), name: s.name }),
      removeLabel: localize(`${TASKS}.Stage.Remove`, { n: String(index + 1) }),
      fields: [
        f.text(at("name"), label("name")),
        index === 0
          ? { ...f.text(at("skill"), label("skill")), hint: label("skillHint") }
          : f.text(at("skill"), label("skill")),
        index === 0
          ? { ...f.text(at("partner"), label("partner")), hint: label("partnerHint") }
          : f.text(at("partner"), label("partner")),
        f.number(at("dl"), { min: 0, max: 99 }, label("dl")),
        f.text(at("time"), label("time")),
        f.number(at("money"), { min: 0 }, label("money")),
        f.number(at("endurance"), { min: 0, max: 99 }, label("endurance")),
      ],
    };
  });
  const progress = task.stages.map((s: TaskStage, i) => {
    const state = p.done || i < p.stage ? "done" : i === p.stage ? "current" : "ahead";
    const tries = p.tries[i] ?? 0;
    return {
      label: localize(`${TASKS}.Progress.Stage`, { n: String(i + 1), name: s.name }),
      state: localize(`${TASKS}.Progress.State.${state}`),
      tries: String(tries),
      paid: tries && s.time ? localize(`${TASKS}.Progress.Time`, { time: s.time, n: String(tries) }) : "",
      current: state === "current",
    };
  });
  const summary = task.stages.length
    ? [
        p.done
          ? localize(`${TASKS}.Progress.Done`)
          : localize(`${TASKS}.Progress.Under`, { n: String(p.stage + 1), of: String(task.stages.length) }),
        ...(p.done
          ? []
          : [
              localize(`${TASKS}.Progress.Carried`, {
                crit: String(p.attempt),
                disadvantage: String(p.disadvantage),
                bonus: String(p.bonus),
              }),
            ]),
        localize(`${TASKS}.Progress.Spent`, { money: money(p.money), endurance: String(p.endurance) }),
        ...(p.stalls ? [localize(`${TASKS}.Progress.Stalls`, { n: String(p.stalls) })] : []),
        ...(task.pending && !task.recorded.includes(task.pending)
          ? [localize(`${TASKS}.Progress.Pending`)]
          : []),
      ]
    : [localize(`${TASKS}.Progress.NoStages`)];
  const pending = Boolean(task.pending) && !task.recorded.includes(task.pending);
  return {
    stages,
    canAdd: data.editable && task.stages.length < LIMITS.stages,
    addLabel: localize(`${TASKS}.Stage.Add`),
    progress,
    summary,
    lastEvent: isStageEvent(task.lastEvent) ? localize(`${TASKS}.Event.${task.lastEvent}`) : null,
    buttons: {
      roll: data.editable && task.stages.length > 0 && !p.done && !pending,
      record: data.editable && pending,
      undo: data.editable && task.history.length > 0,
      reset: isGM && data.editable,
    },
    editable: data.editable,
  };
}

const whole = (v: unknown, fallback = 0): number => {
  const n = Number(v);
  return Number.isFinite(n) ? Math.max(0, Math.round(n)) : fallback;
};

/** The submitted stages (an object keyed by index from the form) read back into the model's list. */
export function normaliseTaskSubmit(system: Rec, stored: Rec): Rec {
  if (!("stages" in system)) return system;
  const submitted = system.stages;
  const rows: unknown[] = Array.isArray(submitted)
    ? submitted
    : typeof submitted === "object" && submitted !== null
      ? Object.keys(submitted)
          .sort((a, b) => Number(a) - Number(b))
          .map((k) => (submitted as Rec)[k])
      : [];
  const before = readTask(stored).stages;
  const stages = rows.slice(0, LIMITS.stages).map((r, i) => {
    const row = (typeof r === "object" && r !== null ? r : {}) as Rec;
    const old = before[i];
    const out: Rec = {};
    for (const k of STAGE_FIELDS) {
      const v = k in row ? row[k] : old?.[k];
      out[k] =
        k === "dl" || k === "endurance"
          ? whole(v)
          : k === "money"
            ? Math.max(0, Number(v) || 0)
            : String(v ?? "");
    }
    return out;
  });
  return { ...system, stages };
}

/** The stages with one more (a blank stage at DL 10), or null when the task holds the most. */
export function addStage(stored: Rec): { stages: Rec[]; tries: number[] } | null {
  const task = readTask(stored);
  if (task.stages.length >= LIMITS.stages) return null;
  return {
    stages: [
      ...task.stages,
      { name: "", skill: "", partner: "", dl: 10, time: "", money: 0, endurance: 0 },
    ] as unknown as Rec[],
    tries: [...task.progress.tries, 0],
  };
}

/** The stages without the one at `index` (its tries dropped), or null when there is none. */
export function removeStage(stored: Rec, index: number): { stages: Rec[]; tries: number[] } | null {
  const task = readTask(stored);
  if (!Number.isInteger(index) || index < 0 || index >= task.stages.length) return null;
  return {
    stages: task.stages.filter((_, i) => i !== index) as unknown as Rec[],
    tries: task.progress.tries.filter((_, i) => i !== index),
  };
}
