// Multistage tasks in the built bundle (the stand-in), against hostile clients: the owner rolls a
// stage and records its card (the task moves on by the card's dice); another player may neither
// record nor undo the task; a card edited after the roll, a card rolled at an easier DL, another
// character's card, a card recorded twice and a card with a die still to roll are refused; arm
// wrestling needs both sides' owner. Text: "1.4.9 Multistage Task" (L692-713).
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  loadVirtuallyRealRollsWorld,
  skillItem,
  type VirtuallyRealRollsWorld,
} from "./virtually-real-rolls-world";

const g = globalThis as any;
let world: VirtuallyRealRollsWorld;
let actions: any;
let player: any;
let gm: any;
let other: any;

const CHANGED = "This card was changed after it was rolled; the GM refused to act on it.";
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);

const STAGES = [
  { name: "Pick", skill: "Open Locks", partner: "", dl: 10, time: "1 hour", money: 0, endurance: 1 },
  { name: "Open", skill: "Open Locks", partner: "", dl: 12, time: "1 hour", money: 40, endurance: 0 },
];

let n = 0;
function ada(
  owner = player.id,
  system: Record<string, unknown> = { stages: STAGES, progress: { tries: [0, 0] } },
) {
  n += 1;
  const task = {
    _id: `task${String(n).padStart(12, "0")}`,
    name: "Vault",
    type: "virtually-real-task",
    system,
  };
  const actor = world.character(
    "Ada",
    {
      attributes: { agility: { capacity: 2, score: 10 }, body: { capacity: 2, score: 10 } },
      endurance: { value: 5, max: 10 },
    },
    [
      skillItem(
        "Open Locks",
        { capacity: 2, xp: 22, attribute: "agility" },
        `openlocks${String(n).padStart(7, "0")}`,
      ),
      task,
    ],
    owner,
  );
  return { actor, task: actor.items.find((i: any) => i.type === "virtually-real-task") };
}

/** The owner rolls the task's stage with these dice; the GM's client records the card. */
async function rollStage(task: any, faces: number[], user = player) {
  world.queueD6(faces);
  world.as(user);
  const rolled = await actions.rollTaskStage(task, { skipDialog: true });
  await world.socketToGM();
  world.as(user);
  return rolled;
}

const progress = (task: any) => task.system.progress;

beforeAll(async () => {
  world = await loadVirtuallyRealRollsWorld();
  actions = g.game.polyverse.rulesets["virtually-real"].actions;
  player = world.users.player;
  gm = world.users.gm;
  other = { id: "pl00000000000003", name: "Other", isGM: false, active: true, targets: new Set() };
  g.game.users.push(other);
  other.update = player.update;
});

beforeEach(() => {
  world.as(gm);
  world.recorder.notifications.length = 0;
});

describe("a multistage task played by its owner", () => {
  it("rolls the stage at its DL and records the card's result: the stage's endurance paid", async () => {
    const { actor, task } = ada();
    const rolled = await rollStage(task, [5, 6]);
    expect(rolled.message.rolls[0].options.dl).toBe(10);
    expect(task.system.pending).toBe(rolled.message.id);
    const recorded = await actions.recordTaskStage(task);
    expect(warnings()).toEqual([]);
    expect(recorded.event).toBe("advanced");
    expect(progress(task).stage).toBe(1);
    // Stage 1 costs 1 Endurance: the pool goes from 5 to 4.
    expect(actor.system.endurance.value).toBe(4);
  });

  it("a failure stays at the stage at +1 critical; the retry's card carries it", async () => {
    const { task } = ada();
    await rollStage(task, [1, 2]);
    await actions.recordTaskStage(task);
    expect(progress(task)).toMatchObject({ stage: 0, attempt: 1 });
    const again = await rollStage(task, [5, 6]);
    expect(again.message.rolls[0].options.input.critMod).toBeGreaterThanOrEqual(1);
  });

  it("the owner may undo the last stage: its endurance comes back and its card may be recorded again", async () => {
    const { actor, task } = ada();
    const rolled = await rollStage(task, [5, 6]);
    await actions.recordTaskStage(task);
    expect(actor.system.endurance.value).toBe(4);
    await actions.undoTaskStage(task);
    expect(progress(task).stage).toBe(0);
    expect(actor.system.endurance.value).toBe(5);
    expect(task.system.pending).toBe(rolled.message.id);
  });

  it("refuses a new roll while the last card waits to be recorded", async () => {
    const { task } = ada();
    await rollStage(task, [5, 6]);
    world.as(player);
    expect(await actions.rollTaskStage(task, { skipDialog: true })).toBeNull();
    expect(warnings()).toEqual(["Record the stage's last card first (or undo it)."]);
  });
});

describe("prepared stages", () => {
  it("a Combination stage with the last stage's effect bonus: capacities added less one, levels added, the bonus added", async () => {
    const stages = [STAGES[0], { ...STAGES[1], partner: "agility" }];
    const { task } = ada(player.id, { stages, progress: { stage: 1, bonus: 2, tries: [1, 0] } });
    // Open Locks [2] (22 XP: level +3) with Agility [2] +2: capacity 3, level 5; the bonus +2.
    const rolled = await rollStage(task, [5, 6, 1]);
    const input = rolled.message.rolls[0].options.input;
    expect(input).toMatchObject({ kind: "combination", capacity: 3, level: 5, flat: 2 });
    // The dice, +5 and +2 beat DL 12: the last stage succeeds, and the task is done.
    expect(rolled.result.total).toBeGreaterThanOrEqual(12);
    const recorded = await actions.recordTaskStage(task);
    expect(warnings()).toEqual([]);
    expect(recorded.event).toBe("done");
    expect(progress(task).done).toBe(true);
  });
});

describe("hostile clients", () => {
  it("a player may not record, undo or roll another's task", async () => {
    const { task } = ada();
    await rollStage(task, [5, 6]);
    world.as(other);
    expect(await actions.recordTaskStage(task)).toBeNull();
    expect(await actions.undoTaskStage(task)).toBeNull();
    expect(await actions.rollTaskStage(task, { skipDialog: true })).toBeNull();
    expect(warnings()).toEqual([
      "You do not own Ada's task.",
      "You do not own Ada's task.",
      "You do not own Ada's task.",
    ]);
    expect(progress(task).stage).toBe(0);
  });

  it("a card edited after the roll is refused (the GM's ledger holds what was rolled)", async () => {
    const { task } = ada();
    const rolled = await rollStage(task, [1, 2]);
    world.as(player);
    await rolled.message.update({ "system.card.marks": ["used", "brilliant"] });
    expect(await actions.recordTaskStage(task)).toBeNull();
    expect(warnings()).toEqual([CHANGED]);
    expect(progress(task)).toMatchObject({ stage: 0, attempt: 0 });
  });

  it("a card rolled at an easier DL, or by another character, does not advance the task", async () => {
    const { actor, task } = ada();
    world.queueD6([3, 4]);
    world.as(player);
    const easy = await actions.rollCheck(actor, {
      skill: "Open Locks",
      dl: 2,
      skipDialog: true,
      extra: { task: task.uuid, stage: 0, try: 0 },
    });
    await world.socketToGM();
    world.as(player);
    expect(await actions.recordTaskStage(task, { messageId: easy.message.id })).toBeNull();
    const bob = ada().actor;
    world.queueD6([5, 6]);
    world.as(player);
    const theirs = await actions.rollCheck(bob, {
      skill: "Open Locks",
      dl: 10,
      skipDialog: true,
      extra: { task: task.uuid, stage: 0, try: 0 },
    });
    await world.socketToGM();
    world.as(player);
    expect(await actions.recordTaskStage(task, { messageId: theirs.message.id })).toBeNull();
    expect(warnings()).toEqual([
      "That card was not rolled as the stage asks (its skill, DL or carried modifiers).",
      "That card is not this task's roll.",
    ]);
    expect(progress(task).stage).toBe(0);
  });

  it("a card is recorded once", async () => {
    const { task } = ada();
    const rolled = await rollStage(task, [1, 2]);
    await actions.recordTaskStage(task);
    expect(await actions.recordTaskStage(task, { messageId: rolled.message.id })).toBeNull();
    expect(warnings()).toEqual(["That card has been recorded already."]);
    expect(progress(task).tries).toEqual([1, 0]);
  });

  it("a card with a die still to roll waits", async () => {
    const { task } = ada();
    // Two 6s kept: a brilliant whose explosion is rolled from the card's button.
    await rollStage(task, [6, 6]);
    expect(await actions.recordTaskStage(task)).toBeNull();
    expect(warnings()).toEqual(["That card still has a die to roll."]);
  });

  it("arm wrestling needs the user to own both characters", async () => {
    const a = ada().actor;
    const b = ada(other.id).actor;
    world.as(player);
    expect(await actions.armWrestle(a, b, { skipDialog: true })).toBeNull();
    expect(warnings()).toEqual([
      "Whoever runs an arm wrestle rolls for both sides: you must own both characters.",
    ]);
  });
});

describe("arm wrestling", () => {
  it("a stage by opposed strength feats: a major win gives the opponent a disadvantage", async () => {
    const a = ada(gm.id).actor;
    const b = ada(gm.id).actor;
    world.as(gm);
    // Body [2] +2 each, weight size 0; Ada spends 1 Endurance for an advantage die (3 dice, 2 kept):
    // 6+6 (no brilliants on strength feats) +2 = 14 against 4+4 +2 = 10. Won by 4, a major win: "A
    // *major* win gives your opponent a disadvantage".
    world.queueD6([6, 6, 1], [4, 4]);
    const out = await actions.armWrestle(a, b, { skipDialog: true, endurance: [1, 0] });
    expect(out.stage.effect).toBe("disadvantage");
    expect(out.state.disadvantage).toEqual([0, 1]);
    // The Endurance point spent is "the resource cost".
    expect(a.system.endurance.value).toBe(4);
  });

  it("each side's feat is its sheet's: the weight size on the Health tab is added", async () => {
    const a = ada(gm.id).actor;
    const b = ada(gm.id).actor;
    world.as(gm);
    await b.update({ "system.health.weightSize": 5 });
    // "Roll a Body attribute check and add your weight size": 6+6 +2 = 14 against 4+4 +2 +5 = 15;
    // the side with the weight size wins the stage by 1.
    world.queueD6([6, 6, 1], [4, 4]);
    const out = await actions.armWrestle(a, b, { skipDialog: true, endurance: [1, 0] });
    expect(out.stage.winner).toBe(1);
    expect(out.stage.effect).toBe("ground");
  });
});
