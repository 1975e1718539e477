/**
 * 'Verses special-test dialogs, Foundry-free (see `../special-dialog-logic.ts`): Lock Picking, Animal Training and commanding an animal.
 */
import { type DialogMessage, type RollDialogField, type RollDialogState } from "../../base/pool-dialog-logic";
import {
  ANIMAL_SKILL_KEYS,
  contestProbability,
  successProbability,
  type AnimalSkillKey,
  type CommandTask,
} from "../../rules";
import {
  planCommand,
  planLockPicking,
  planTrainingWeek,
  type AnimalState,
  type CommandChoice,
  type LockPickingChoice,
  type StoredTraining,
  type TrainingChoice,
} from "../special";
import {
  chosenOptional,
  config,
  defaultOptional,
  evaluationOf,
  initial,
  messageOf,
  startingAd,
  type SpecialDialog,
  type SpecialDialogBase,
  common,
} from "./common";
import { pluralKey } from "../../../../core/i18n-logic";
// ---- issue #11: Lock Picking, Animal Training, commanding an animal ----------------------------

/** An improvised tool the picker may use: an item of theirs. */
export interface ToolOption {
  uuid: string;
  name: string;
}

/**
 * Lock Picking `Skill + #AD → (the lock's)S`: the GM's target (2S to start), the tools (appropriate,
 * or improvised: 1 die fewer, and a named item of the picker's that breaks on a failure with no
 * successes).
 */
export function lockPickingDialog(
  base: SpecialDialogBase,
  tools: readonly ToolOption[],
): SpecialDialog<LockPickingChoice> {
  const fields: RollDialogField[] = [
    {
      kind: "select",
      name: "tools",
      label: "POLYVERSE.Verses.NewRules.LockPicking.Tools",
      choices: [
        { value: "proper", label: "POLYVERSE.Verses.NewRules.LockPicking.Proper" },
        { value: "improvised", label: "POLYVERSE.Verses.NewRules.LockPicking.ImprovisedAny" },
        ...tools.map((t) => ({ value: `item:${t.uuid}`, label: t.name })),
      ],
      hint: "POLYVERSE.Verses.NewRules.LockPicking.ToolsHint",
    },
  ];
  const choiceOf = (s: RollDialogState, optional?: string[]): LockPickingChoice => {
    const v = String(s.values.tools ?? "proper");
    const tool = v.startsWith("item:") ? (tools.find((t) => `item:${t.uuid}` === v) ?? null) : null;
    return {
      ...common(base, s),
      ad: s.ad,
      target: s.target,
      improvised: v !== "proper",
      tool,
      ...chosenOptional(optional),
    };
  };
  const first = initial(base, { ad: startingAd(base), target: 2 }, { tools: "proper" });
  return {
    config: config(base, {
      title: "POLYVERSE.Verses.NewRules.LockPicking.Title",
      label: "POLYVERSE.Verses.NewRules.LockPicking.Title",
      fields,
      fixedTarget: false,
      initial: { ...first, optional: defaultOptional(planLockPicking(base.actor, choiceOf(first))) },
      evaluate: (s) =>
        evaluationOf(planLockPicking(base.actor, choiceOf(s, s.optional)), {
          adMin: base.fastAction ? 1 : 0,
          target: null,
          adAvailable: base.actor.adAvailable,
          ad: s.ad,
          notes: [{ key: "POLYVERSE.Verses.NewRules.LockPicking.Note" }],
        }),
    }),
    choice: (s) => ({ ...choiceOf(s, s.optional), rollMode: s.rollMode }),
  };
}

/** Keys chosen by the animal skill, written out so that the key check sees them. */
const ANIMAL_SKILL_LABEL: Record<AnimalSkillKey, string> = {
  laborAnimal: "POLYVERSE.Verses.NewRules.AnimalSkill.laborAnimal",
  ridersMount: "POLYVERSE.Verses.NewRules.AnimalSkill.ridersMount",
  tracker: "POLYVERSE.Verses.NewRules.AnimalSkill.tracker",
  warMount: "POLYVERSE.Verses.NewRules.AnimalSkill.warMount",
};

/**
 * A week of Animal Training `Skill + #AD → (8 - [Animal's SMR + SOC])S`: the skill taught (a course
 * already running for the animal carries on), the AD.
 */
export function trainingDialog(
  base: SpecialDialogBase,
  animal: AnimalState,
  courses: readonly StoredTraining[],
  newId: string,
): SpecialDialog<TrainingChoice> {
  const fields: RollDialogField[] = [
    {
      kind: "select",
      name: "skill",
      label: "POLYVERSE.Verses.NewRules.Training.Skill",
      choices: ANIMAL_SKILL_KEYS.map((k) => ({ value: k, label: ANIMAL_SKILL_LABEL[k] })),
      hint: "POLYVERSE.Verses.NewRules.Training.SkillHint",
    },
  ];
  const skillOf = (s: RollDialogState): AnimalSkillKey => {
    const v = String(s.values.skill ?? "");
    return (ANIMAL_SKILL_KEYS as string[]).includes(v) ? (v as AnimalSkillKey) : "ridersMount";
  };
  const choiceOf = (s: RollDialogState, optional?: string[]): TrainingChoice => ({
    ...common(base, s),
    skill: skillOf(s),
    ad: s.ad,
    ...chosenOptional(optional),
  });
  const plan = (s: RollDialogState, optional?: string[]) => {
    const c = choiceOf(s, optional);
    const running = courses.find((r) => r.animalUuid === animal.uuid && r.skill === c.skill) ?? null;
    return planTrainingWeek(base.actor, animal, running, newId, c);
  };
  const running = courses.find((r) => r.animalUuid === animal.uuid);
  const first = initial(
    base,
    { ad: startingAd(base), target: 1 },
    { skill: running?.skill ?? "ridersMount" },
  );
  const target = Math.max(1, 8 - (animal.smr + animal.soc));
  return {
    config: config(base, {
      title: "POLYVERSE.Verses.NewRules.Training.Title",
      label: "POLYVERSE.Verses.NewRules.Training.Title",
      fields,
      initial: { ...first, target, optional: defaultOptional(plan(first)) },
      evaluate: (s) => {
        const p = plan(s, s.optional);
        const notes: DialogMessage[] = p.ok
          ? [
              messageOf({
                key: "POLYVERSE.Verses.NewRules.Training.Progress",
                data: {
                  animal: animal.name,
                  done: p.value.course.weeksDone,
                  needed: p.value.course.weeksNeeded,
                },
              }),
            ]
          : [];
        return evaluationOf(p, { adMin: 0, target, notes });
      },
    }),
    choice: (s) => ({ ...choiceOf(s, s.optional), rollMode: s.rollMode }),
  };
}

const COMMAND_TASKS: readonly CommandTask[] = ["difficult", "dangerous", "routine"];
const COMMAND_TASK_LABEL: Record<CommandTask, string> = {
  routine: "POLYVERSE.Verses.NewRules.Command.TaskChoice.routine",
  difficult: "POLYVERSE.Verses.NewRules.Command.TaskChoice.difficult",
  dangerous: "POLYVERSE.Verses.NewRules.Command.TaskChoice.dangerous",
};

/**
 * A command to an animal: the task (difficult: the GM's `[Task Difficulty]S`; dangerous: a contest
 * against the animal's SMR + TUF; routine: no test unless the rider's Riding is unallocated); 1AD
 * per command, which joins no pool. The odds shown are against the animal's resistance.
 */
export function commandDialog(base: SpecialDialogBase, animal: AnimalState): SpecialDialog<CommandChoice> {
  const fields: RollDialogField[] = [
    {
      kind: "select",
      name: "task",
      label: "POLYVERSE.Verses.NewRules.Command.TaskLabel",
      choices: COMMAND_TASKS.map((t) => ({ value: t, label: COMMAND_TASK_LABEL[t] })),
      hint: "POLYVERSE.Verses.NewRules.Command.TaskHint",
    },
  ];
  const taskOf = (s: RollDialogState): CommandTask => {
    const v = String(s.values.task ?? "");
    return (COMMAND_TASKS as string[]).includes(v) ? (v as CommandTask) : "difficult";
  };
  const choiceOf = (s: RollDialogState, optional?: string[]): CommandChoice => ({
    ...common(base, s),
    task: taskOf(s),
    difficulty: s.target,
    ...chosenOptional(optional),
  });
  const first = initial(base, { ad: 0, target: 2 }, { task: "difficult" });
  return {
    config: config(base, {
      title: "POLYVERSE.Verses.NewRules.Command.Title",
      label: "POLYVERSE.Verses.NewRules.Command.Title",
      fields,
      showAD: false,
      fixedTarget: false,
      probability: (pool, target) => {
        const p = planCommand(base.actor, animal, choiceOf({ ...first, target }));
        const resist = p.ok ? (p.value.resist?.pool ?? 0) : 0;
        return resist > 0 ? contestProbability(pool, resist, target) : successProbability(pool, target);
      },
      initial: { ...first, optional: defaultOptional(planCommand(base.actor, animal, choiceOf(first))) },
      evaluate: (s) => {
        const p = planCommand(base.actor, animal, choiceOf(s, s.optional));
        const notes: DialogMessage[] = [{ key: "POLYVERSE.Verses.NewRules.Command.CostNote" }];
        if (p.ok && p.value.resist)
          notes.push(
            messageOf({
              key: pluralKey("POLYVERSE.Verses.NewRules.Command.ResistNote", p.value.resist.pool),
              data: { animal: animal.name, dice: p.value.resist.pool },
            }),
          );
        if (p.ok && !p.value.testNeeded)
          notes.push(
            messageOf({ key: "POLYVERSE.Verses.NewRules.Command.NoTest", data: { animal: animal.name } }),
          );
        return evaluationOf(p, { adMin: 0, target: null, notes });
      },
    }),
    choice: (s) => ({ ...choiceOf(s, s.optional), rollMode: s.rollMode }),
  };
}
