/**
 * 'Verses special tests in Foundry (see `../special.ts`): Lock Picking, Animal Training (the weekly test) and commanding an animal.
 */
import { inFastAction } from "../roll-common";
import { gearSystem } from "../../data/systems";
import { commandDialog, lockPickingDialog, trainingDialog, type ToolOption } from "../special-dialogs";
import {
  animalSkillsOf,
  planCommand,
  planLockPicking,
  planTrainingWeek,
  resolveCommandRoll,
  resolveLockPickingRoll,
  resolveTrainingWeekRoll,
  storedTraining,
  type AnimalState,
  type CommandChoice,
  type LockPickingChoice,
  type StoredTraining,
  type TrainingChoice,
} from "../special";
import { askedDialog, dialogBase, isLiving, type AskOptions } from "./ask";
import { addLearnedSkill, knowsSkill, mayChange, requestLearnedSkill } from "./training";
import { ANIMAL_SKILLS } from "../../rules";
import {
  givenChoice,
  runSpecial,
  metabolismRefused,
  inWorld,
  living,
  ref,
  refuse,
  rolled,
  targetedActor,
  type AnyActor,
  type PostChoice,
  type SpecialPosted,
  type SpecialRolled,
} from "./post";
// ---- issue #11: Lock Picking, Animal Training, commanding an animal -----------------------------
// (one block, so that work elsewhere in this file merges cleanly)

/** An animal actor as the training and command tests read it (its species names its kind). */
function animalState(actor: AnyActor): AnimalState {
  const s = living(actor);
  return {
    uuid: actor.uuid,
    name: actor.name ?? "",
    type: s.species?.name || (actor.name ?? ""),
    smr: s.effective.smr,
    tuf: s.effective.tuf,
    soc: s.effective.soc,
    trained: animalSkillsOf(s.skills),
  };
}

/** The picker's items that may serve as improvised tools (gear not made for Lock Picking). */
function improvisedTools(actor: AnyActor): ToolOption[] {
  return actor.items
    .filter((i) => i.type === "verses-gear" && Number(gearSystem(i).quantity ?? 1) > 0)
    .map((i) => ({ uuid: i.uuid, name: i.name ?? "" }));
}

/**
 * Lock Picking `Skill + #AD → (the lock's)S`; with improvised tools 1 die fewer, and on a failure
 * with no successes the improvised tool breaks (its quantity falls by 1). In Fast Action the AD
 * count against the round.
 */
export function rollLockPicking(
  actor: AnyActor,
  choice: LockPickingChoice & PostChoice = {},
): Promise<SpecialPosted | null> {
  return runSpecial("lockPicking", actor, givenChoice(choice), (c) => lockPickingRolled(actor, c));
}

/** Lock Picking planned and rolled (the pipeline's `evaluate`). */
async function lockPickingRolled(
  actor: AnyActor,
  choice: LockPickingChoice & PostChoice,
): Promise<SpecialRolled | null> {
  const fastAction = choice.fastAction ?? inFastAction(actor);
  if (metabolismRefused(actor, choice)) return null;
  const plan = planLockPicking(living(actor), inWorld({ ...choice, fastAction }));
  if (!plan.ok) return refuse(plan.reason);
  const roll = await rolled(plan.value.roll, actor);
  return {
    rolls: [roll],
    result: resolveLockPickingRoll(plan.value, roll.faces, ref(actor), fastAction),
    choice,
  };
}

/** Lock Picking, with the dialog (the lock's target, the tools, AD). */
export function askLockPicking(actor: AnyActor, options: AskOptions = {}) {
  return runSpecial(
    "lockPicking",
    actor,
    askedDialog(() => lockPickingDialog(dialogBase(actor), improvisedTools(actor)), options),
    (choice) => lockPickingRolled(actor, choice),
  );
}

/** The courses of animal training kept on a trainer. */
export function trainingCourses(actor: AnyActor): StoredTraining[] {
  return storedTraining(actor.flags as Record<string, unknown>);
}

/**
 * A week of Animal Training of `animal` (default: the targeted token's actor) in an animal skill:
 * `Skill + #AD → (8 - [Animal's SMR + SOC])S`. The course (weeks done of 1 per level of difficulty)
 * is kept on the trainer (`flags.polyverse.verses.training.<id>`); a failed week is begun again; after the
 * last week the card says the animal has learned the skill, the course is deleted, and the skill is
 * added to the animal (`training.ts`: by the GM when this user may not change the animal).
 */
export function trainAnimal(
  trainer: AnyActor,
  animal: AnyActor | null = targetedActor(),
  choice: Partial<TrainingChoice> & PostChoice = {},
): Promise<(SpecialPosted & { trained: boolean }) | null> {
  return runSpecial("training", trainer, givenChoice(choice), (c) => trainingRolled(trainer, animal, c));
}

/**
 * A week of training planned and rolled (the pipeline's `evaluate`). The skill learned is added
 * once the card is posted: at once when this user may change the animal, else by the GM.
 */
async function trainingRolled(
  trainer: AnyActor,
  animal: AnyActor | null,
  choice: Partial<TrainingChoice> & PostChoice,
): Promise<SpecialRolled<{ trained: boolean }> | null> {
  if (!animal || !isLiving(animal)) return refuse({ key: "POLYVERSE.Verses.NewRules.Reason.NoAnimal" });
  const state = animalState(animal);
  const skill = choice.skill ?? "ridersMount";
  const existing =
    trainingCourses(trainer).find((c) => c.animalUuid === animal.uuid && c.skill === skill) ?? null;
  if (metabolismRefused(trainer, choice)) return null;
  const plan = planTrainingWeek(
    living(trainer),
    state,
    existing,
    existing?.id ?? foundry.utils.randomID(),
    inWorld({ ...choice, skill }),
  );
  if (!plan.ok) return refuse(plan.reason);
  const roll = await rolled(plan.value.roll, trainer);
  const result = resolveTrainingWeekRoll(plan.value, roll.faces, ref(trainer));
  // The skill learned: added at once when this user may change the animal, else by the GM.
  const learn = result.card.learn;
  const adding = Boolean(learn && mayChange(animal));
  if (learn && adding) {
    delete result.card.learn;
    if (!knowsSkill(animal, result.course.skill))
      result.card.lines.push({
        key: "POLYVERSE.Verses.Training.Added",
        data: { animal: learn.animalName, skill: ANIMAL_SKILLS[result.course.skill].name },
      });
  }
  return {
    rolls: [roll],
    result,
    choice,
    extra: { trained: result.trained },
    after: async (message) => {
      if (adding) await addLearnedSkill(animal, result.course.skill);
      else if (result.card.learn) await requestLearnedSkill(message);
    },
  };
}

/** A week of Animal Training of the targeted animal, with the dialog (the skill, AD). */
export function askTrainAnimal(trainer: AnyActor, options: AskOptions = {}) {
  const animal = targetedActor();
  return runSpecial(
    "training",
    trainer,
    askedDialog(() => {
      if (!animal || !isLiving(animal)) return refuse({ key: "POLYVERSE.Verses.NewRules.Reason.NoAnimal" });
      return trainingDialog(dialogBase(trainer), animalState(animal), trainingCourses(trainer), "");
    }, options),
    (choice) => trainingRolled(trainer, animal, choice),
  );
}

/**
 * Command `animal` (default: the targeted token's actor): 1AD per command; a difficult or dangerous
 * task (or any command by a rider without Riding) is a test the animal may contest (`planCommand`);
 * a routine one is obeyed without a test (a card says so).
 */
export function commandAnimal(
  commander: AnyActor,
  animal: AnyActor | null = targetedActor(),
  choice: CommandChoice & PostChoice = { task: "difficult" },
): Promise<(SpecialPosted & { obeyed: boolean }) | null> {
  return runSpecial("command", commander, givenChoice(choice), (c) => commandRolled(commander, animal, c));
}

/** A command planned and, when it is a test, rolled (the pipeline's `evaluate`). */
async function commandRolled(
  commander: AnyActor,
  animal: AnyActor | null,
  choice: CommandChoice & PostChoice,
): Promise<SpecialRolled<{ obeyed: boolean }> | null> {
  if (!animal || !isLiving(animal)) return refuse({ key: "POLYVERSE.Verses.NewRules.Reason.NoAnimal" });
  const fastAction = choice.fastAction ?? inFastAction(commander);
  if (metabolismRefused(commander, choice)) return null;
  const plan = planCommand(living(commander), animalState(animal), inWorld({ ...choice, fastAction }));
  if (!plan.ok) return refuse(plan.reason);
  // A routine command is obeyed without a test: a card with no dice (a 0-dice roll carries it).
  const mine = await rolled(
    plan.value.testNeeded ? plan.value.roll : { ...plan.value.roll, parts: [] },
    commander,
  );
  const theirs =
    plan.value.resist && plan.value.testNeeded ? await rolled(plan.value.resist.roll, animal) : null;
  const result = resolveCommandRoll(plan.value, mine.faces, theirs?.faces ?? [], ref(commander), fastAction);
  return { rolls: theirs ? [mine, theirs] : [mine], result, choice, extra: { obeyed: result.obeyed } };
}

/** Command the targeted animal, with the dialog (the task, the GM's difficulty). */
export function askCommandAnimal(commander: AnyActor, options: AskOptions = {}) {
  const animal = targetedActor();
  return runSpecial(
    "command",
    commander,
    askedDialog(() => {
      if (!animal || !isLiving(animal)) return refuse({ key: "POLYVERSE.Verses.NewRules.Reason.NoAnimal" });
      return commandDialog(dialogBase(commander), animalState(animal));
    }, options),
    (choice) => commandRolled(commander, animal, choice),
  );
}
