// Multistage tasks as the documents glue plans and records them, Foundry-free (documents/task-logic.ts),
// quoting chapter 1's "Multistage Task" (L692-713): "Each stage has its own resource cost such as
// *time*, *money*, or *endurance*"; "Stages can use COMBINATION ROLL checks"; "On failure, you can
// restart the stage (at +1 critical) and pay the resource costs all over again ... only pay 1/4 of any
// monetary costs, but time and endurance must be repaid in full"; "If you hit a *critical* failure,
// then this project stalls ... and must be restarted at stage 1"; "an "effect bonus" above the
// difficulty grants a bonus to the next stage"; "A "close enough" result at any stage causes *all*
// future stages to have a disadvantage! You can decide to redo this stage (at +1 critical) ... or you
// can just plow on ahead". Combination: "add the capacities of both skills, then subtract one ... Add
// the levels of both skills".
import { describe, expect, it } from "vitest";
import {
  readTask,
  recordStage,
  stageCardProblem,
  stagePlan,
  undoStage,
  type StageCard,
  type TaskData,
} from "../../src/rulesets/virtually-real/documents/task-logic";
import { readArmWrestling } from "../../src/rulesets/virtually-real/documents/task-wrestle-logic";
import {
  addStage,
  normaliseTaskSubmit,
  removeStage,
  taskSheetView,
} from "../../src/rulesets/virtually-real/sheets/item-types/task";
import { plainActor, skill } from "../lib/virtually-real-roll-examples";

const UUID = "Actor.ada.Item.task1";
const crafting = [
  { name: "Design", skill: "Engineering", partner: "", dl: 14, time: "2 days", money: 0, endurance: 0 },
  {
    name: "Materials",
    skill: "Engineering",
    partner: "logic",
    dl: 16,
    time: "1 day",
    money: 100,
    endurance: 0,
  },
  { name: "Assembly", skill: "Engineering", partner: "", dl: 18, time: "3 days", money: 0, endurance: 2 },
];
const actor = plainActor({ skills: [skill("Engineering", 2, 3, { attribute: "logic", underlines: 1 })] });

function task(progress: Record<string, unknown> = {}, more: Record<string, unknown> = {}): TaskData {
  return readTask({ stages: crafting, progress: { tries: [0, 0, 0], ...progress }, ...more });
}

function cardFor(
  t: TaskData,
  result: Partial<StageCard["result"]>,
  more: Partial<StageCard> = {},
): StageCard {
  const plan = stagePlan(actor, t, UUID);
  if (!plan.ok) throw new Error(plan.refusal.key);
  const e = plan.value.expect;
  return {
    messageId: "msg" + Math.random().toString(36).slice(2, 8),
    actorUuid: actor.uuid,
    extra: plan.value.options.extra,
    dl: e.dl,
    kind: e.kind,
    skillId: e.skillId,
    attribute: e.attribute,
    input: {
      kind: e.kind,
      capacity: e.capacity,
      attrCapacity: 2,
      advantage: 0,
      disadvantage: e.disadvantage,
      critMod: e.critMod,
      level: e.level,
      ...(e.flat ? { flat: e.flat } : {}),
    },
    result: { success: true, critical: false, closeEnough: false, effectBonus: 0, diceNeeded: 0, ...result },
    ...more,
  };
}

const apply = (t: TaskData, update: Record<string, unknown>): TaskData =>
  readTask({
    stages: crafting,
    progress: update["system.progress"],
    pending: update["system.pending"],
    lastEvent: update["system.lastEvent"],
    recorded: update["system.recorded"] ?? t.recorded,
    history: update["system.history"] ?? t.history,
  });

describe("rolling a stage", () => {
  it("rolls the stage's skill at its DL, the task, stage and try kept on the card", () => {
    const plan = stagePlan(actor, task(), UUID);
    expect(plan.ok && plan.value.options).toEqual({
      kind: "skill",
      skill: "Engineering",
      critMod: 0,
      disadvantage: 0,
      dl: 14,
      extra: { task: UUID, stage: 0, try: 0 },
    });
  });

  it("rolls a Combination where the stage names a second part: capacities added less one, levels added", () => {
    // Engineering [2]+3 with Logic [2] +2: capacity 2 + 2 - 1 = 3, level 3 + 2 = 5.
    const plan = stagePlan(actor, task({ stage: 1 }), UUID);
    if (!plan.ok) throw new Error("refused");
    expect(plan.value.options.prepared).toMatchObject({ kind: "combination", capacity: 3, level: 5 });
    expect(plan.value.options.dl).toBe(16);
  });

  it("carries the retry's +1 crit, the close enough disadvantages and the effect bonus into the roll", () => {
    const plan = stagePlan(actor, task({ stage: 2, attempt: 1, disadvantage: 1, bonus: 2 }), UUID);
    if (!plan.ok) throw new Error("refused");
    // The bonus needs a prepared skill check: the skill's own underline is added to the +1 crit.
    expect(plan.value.options.prepared).toMatchObject({
      kind: "skill",
      capacity: 2,
      level: 3,
      critMod: 2,
      disadvantage: 1,
      flat: 2,
    });
    expect(plan.value.expect).toMatchObject({ critMod: 1, disadvantage: 1, flat: 2, dl: 18 });
  });

  it("refuses a stage whose skill the character lacks, a task without stages, a task done", () => {
    const none = plainActor();
    const r = stagePlan(none, task(), UUID);
    expect(!r.ok && r.refusal).toEqual({ key: "NoSkill", data: { skill: "Engineering" } });
    const empty = stagePlan(actor, readTask({ stages: [] }), UUID);
    expect(!empty.ok && empty.refusal.key).toBe("NoStages");
    const done = stagePlan(actor, task({ stage: 3, done: true }), UUID);
    expect(!done.ok && done.refusal.key).toBe("Done");
  });
});

describe("recording a stage's card", () => {
  it("advances on a success, its effect bonus given to the next stage", () => {
    const t = task();
    const card = cardFor(t, { success: true, effectBonus: 2 });
    const r = recordStage(t, card, null);
    if (!r.ok) throw new Error(r.refusal.key);
    expect(r.value.event).toBe("advanced");
    const after = apply(t, r.value.update);
    expect(after.progress).toMatchObject({
      stage: 1,
      attempt: 0,
      bonus: 2,
      disadvantage: 0,
      tries: [1, 0, 0],
    });
    expect(after.recorded).toEqual([card.messageId]);
  });

  it("a failure restarts the stage at +1 critical and repays: a quarter of the money, endurance in full", () => {
    // Stage 2 costs 100 money: 100 the first try, 1/4 of it (25) on the retry.
    let t = task({ stage: 1, tries: [1, 0, 0] });
    const first = recordStage(t, cardFor(t, { success: false }), null);
    if (!first.ok) throw new Error(first.refusal.key);
    expect(first.value).toMatchObject({ event: "retry", money: 100 });
    t = apply(t, first.value.update);
    expect(t.progress).toMatchObject({ stage: 1, attempt: 1, money: 100 });
    const second = recordStage(t, cardFor(t, { success: false }), null);
    if (!second.ok) throw new Error(second.refusal.key);
    expect(second.value.money).toBe(25);
    t = apply(t, second.value.update);
    expect(t.progress).toMatchObject({ attempt: 2, money: 125, tries: [1, 2, 0] });
    // Stage 3's 2 Endurance is paid on every try, as far as the pool goes.
    let s3 = task({ stage: 2, tries: [1, 1, 1] });
    const e = recordStage(s3, cardFor(s3, { success: false }), null, 5);
    expect(e.ok && e.value.endurance).toBe(2);
    s3 = apply(s3, (e as { value: { update: Record<string, unknown> } }).value.update);
    expect(s3.progress.endurance).toBe(2);
  });

  it("a critical failure stalls the project back to stage 1", () => {
    const t = task({ stage: 2, attempt: 1, disadvantage: 1, tries: [1, 1, 1] });
    const r = recordStage(t, cardFor(t, { success: false, critical: true }), null);
    if (!r.ok) throw new Error(r.refusal.key);
    expect(r.value.event).toBe("stalled");
    expect(apply(t, r.value.update).progress).toMatchObject({
      stage: 0,
      attempt: 0,
      disadvantage: 0,
      stalls: 1,
    });
  });

  it("close enough asks: plow on (a disadvantage on every later stage) or redo at +1 critical", () => {
    const t = task();
    const card = cardFor(t, { success: false, closeEnough: true });
    const asked = recordStage(t, card, null);
    expect(!asked.ok && asked.refusal.key).toBe("ChooseCloseEnough");
    const on = recordStage(t, card, "plowOn");
    if (!on.ok) throw new Error("refused");
    expect(on.value.event).toBe("closeEnoughOn");
    expect(apply(t, on.value.update).progress).toMatchObject({ stage: 1, disadvantage: 1 });
    const redo = recordStage(t, card, "redo");
    if (!redo.ok) throw new Error("refused");
    expect(redo.value.event).toBe("redo");
    expect(apply(t, redo.value.update).progress).toMatchObject({ stage: 0, attempt: 1, disadvantage: 0 });
  });

  it("finishes the task on the last stage's success", () => {
    const t = task({ stage: 2, tries: [1, 1, 0] });
    const r = recordStage(t, cardFor(t, { success: true }), null);
    expect(r.ok && r.value.event).toBe("done");
    if (r.ok) expect(apply(t, r.value.update).progress.done).toBe(true);
  });
});

describe("a card that is not this stage's roll is refused", () => {
  const t = task();
  const plan = stagePlan(actor, t, UUID);
  if (!plan.ok) throw new Error("refused");
  const expect_ = plan.value.expect;
  const problem = (card: StageCard, at: TaskData = t) =>
    stageCardProblem(at, UUID, actor.uuid, card, expect_);

  it("accepts the card rolled as asked", () => {
    expect(problem(cardFor(t, {}))).toBeNull();
  });
  it("refuses another task's card, another character's, one recorded already, an earlier try's", () => {
    expect(problem(cardFor(t, {}, { extra: { task: "Actor.bob.Item.x", stage: 0, try: 0 } }))).toBe(
      "NotThisTask",
    );
    expect(problem(cardFor(t, {}, { actorUuid: "Actor.bob" }))).toBe("NotThisTask");
    const card = cardFor(t, {});
    expect(problem(card, { ...t, recorded: [card.messageId] })).toBe("Recorded");
    expect(problem(cardFor(t, {}, { extra: { task: UUID, stage: 0, try: 3 } }))).toBe("Stale");
  });
  it("refuses a card still waiting for a die, a lower DL, a better level, fewer carried dice", () => {
    expect(problem(cardFor(t, { diceNeeded: 1 }))).toBe("Unfinished");
    expect(problem(cardFor(t, {}, { dl: 10 }))).toBe("NotAsAsked");
    const c = cardFor(t, {});
    expect(problem({ ...c, input: { ...c.input, level: 9 } })).toBe("NotAsAsked");
    expect(problem({ ...c, input: { ...c.input, flat: 4 } })).toBe("NotAsAsked");
    const carried = task({ attempt: 1, disadvantage: 1 });
    const cp = stagePlan(actor, carried, UUID);
    if (!cp.ok) throw new Error("refused");
    const cc = cardFor(carried, {});
    expect(
      stageCardProblem(
        carried,
        UUID,
        actor.uuid,
        { ...cc, input: { ...cc.input, critMod: 0 } },
        cp.value.expect,
      ),
    ).toBe("NotAsAsked");
  });
});

describe("undoing the last stage", () => {
  it("puts the task back as it stood, its card waiting again, its endurance to give back", () => {
    const t = task({ stage: 2, tries: [1, 1, 0] });
    const card = cardFor(t, { success: false });
    const r = recordStage(t, card, null, 10);
    if (!r.ok) throw new Error("refused");
    const after = apply(t, r.value.update);
    const u = undoStage(after);
    if (!u.ok) throw new Error("refused");
    expect(u.value).toMatchObject({ endurance: 2, messageId: card.messageId });
    const back = apply(after, u.value.update);
    expect(back.progress).toEqual(t.progress);
    expect(back.pending).toBe(card.messageId);
    expect(back.recorded).toEqual([]);
    const none = undoStage(t);
    expect(!none.ok && none.refusal.key).toBe("NothingToUndo");
  });
});

describe("the task sheet", () => {
  const localize = (key: string, data?: Record<string, string>) =>
    data ? `${key.split(".").pop()}(${Object.values(data).join(",")})` : key.split(".").pop()!;
  const data = (system: Record<string, unknown>, editable = true) => ({
    name: "Build a boat",
    img: "",
    type: "virtually-real-task",
    system,
    editable,
    idPrefix: "s",
  });

  it("shows where the task stands and what its owner may do", () => {
    const view = taskSheetView(
      data({ stages: crafting, progress: { stage: 1, tries: [1, 2, 0], attempt: 2 } }),
      localize,
    );
    expect(view.progress.map((p) => p.state)).toEqual(["done", "current", "ahead"]);
    expect(view.progress[1]!.paid).toBe("Time(1 day,2)");
    expect(view.summary[1]).toBe("Carried(2,0,0)");
    expect(view.buttons).toEqual({ roll: true, record: false, undo: false, reset: false });
    expect(view.stages[0]!.fields.map((f) => f.name)).toContain("system.stages.0.dl");
    const pending = taskSheetView(data({ stages: crafting, pending: "m1" }), localize);
    expect(pending.buttons.roll).toBe(false);
    expect(pending.buttons.record).toBe(true);
    expect(taskSheetView(data({ stages: crafting }, false), localize).buttons.roll).toBe(false);
  });

  it("reads the submitted stages back into a list, adds and removes a stage with its tries", () => {
    const out = normaliseTaskSubmit(
      { stages: { "1": { name: "B", dl: "12" }, "0": { name: "A", money: "7.5" } } },
      { stages: crafting },
    );
    expect(
      (out.stages as { name: string; dl: number; money: number }[]).map((s) => [s.name, s.dl, s.money]),
    ).toEqual([
      ["A", 14, 7.5],
      ["B", 12, 100],
    ]);
    expect(addStage({ stages: crafting, progress: { tries: [1, 0, 0] } })?.tries).toEqual([1, 0, 0, 0]);
    expect(removeStage({ stages: crafting, progress: { tries: [1, 2, 3] } }, 1)?.tries).toEqual([1, 3]);
    expect(removeStage({ stages: crafting }, 5)).toBeNull();
  });
});

describe("arm wrestling's state passed back by a macro", () => {
  it("reads a state, refuses anything else", () => {
    expect(readArmWrestling({ disadvantage: [1, 0], winner: null, stages: 2 })).toEqual({
      disadvantage: [1, 0],
      winner: null,
      stages: 2,
    });
    expect(readArmWrestling({ disadvantage: [1], winner: null, stages: 2 })).toBeNull();
    expect(readArmWrestling({ disadvantage: [1, -1], winner: null, stages: 2 })).toBeNull();
    expect(readArmWrestling({ disadvantage: [0, 0], winner: 2, stages: 0 })).toBeNull();
  });
});

describe("the Skills tab's projects", () => {
  it("lists the character's tasks with where each stands and its owner's button", async () => {
    const { characterSheetContext, ROLL_KINDS } =
      await import("../../src/rulesets/virtually-real/sheets/character-context");
    const { defaultOptions, mara, maraItems } = await import("../lib/virtually-real-sheet-sources");
    const task = (id: string, name: string, system: Record<string, unknown>) =>
      ({ id, name, type: "virtually-real-task", img: "", sort: 0, system }) as never;
    const parts = mara({}, [
      ...maraItems(),
      task("boat", "Boat", { stages: crafting, progress: { stage: 1, tries: [1, 0, 0] }, pending: "m1" }),
      task("trip", "Trip", { stages: crafting, progress: { tries: [0, 0, 0] } }),
    ]);
    const localize = (key: string, data?: Record<string, string>) =>
      data ? `${key.split(".").pop()}(${Object.values(data).join(",")})` : key.split(".").pop()!;
    const context = characterSheetContext({
      name: "Mara",
      img: "",
      type: "virtually-real-character",
      system: parts.system,
      derived: parts.derived,
      items: parts.items,
      editable: true,
      isGM: false,
      activeTab: "skills",
      rolls: Object.fromEntries(ROLL_KINDS.map((k) => [k, true])),
      options: defaultOptions(),
      localize,
    });
    expect(context.skills.projects.map((p) => [p.name, p.standing, p.roll, p.record])).toEqual([
      ["Boat", "UnderNamed(2,3,Materials)", null, "Record(Boat)"],
      ["Trip", "UnderNamed(1,3,Design)", "Roll(Trip)", null],
    ]);
  });
});
