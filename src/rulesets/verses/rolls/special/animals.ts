/**
 * 'Verses special tests, Foundry-free (see `../special-logic.ts`): the Animal Training weekly test
 * (`resolveTrainingWeek`) and commanding an animal (`commandTest`, `resolveCommand`).
 */
import { versesFlagPath, versesFlags } from "../../base/flags";
import {
  ANIMAL_SKILLS,
  commandTest,
  normalizeKey,
  resolveCommand,
  resolveTrainingWeek,
  startTraining,
  trainingTarget,
  type AnimalSkillKey,
  type CommandTask,
  type CommandTraining,
  type TrainingCourse,
} from "../../rules";
import type { PoolPart } from "../../base/pool-view";
import {
  adState,
  line,
  outcomeLine,
  poolFor,
  refuse,
  rulesRefusal,
  side,
  spendChange,
  type CommonChoice,
  type DocumentChange,
  type LivingState,
  type Planned,
  type RollPlan,
  type SpecialResult,
  poolRefusal,
} from "./common";

/** An animal as these tests read it: its name, kind of animal, attributes and trained skills. */
export interface AnimalState {
  uuid: string;
  name: string;
  /** The kind of animal ("Horse"): the specialisation of Animal Training and Riding. */
  type: string;
  smr: number;
  tuf: number;
  soc: number;
  /** Its animal skills' allocated dice, by key (`ridersMount: 2`). */
  trained: Partial<Record<AnimalSkillKey, number>>;
}

/** The animal skills an animal has, from its allocated skills ("Labor Animal", "Rider's Mount" ...). */
export function animalSkillsOf(skills: LivingState["skills"]): Partial<Record<AnimalSkillKey, number>> {
  const out: Partial<Record<AnimalSkillKey, number>> = {};
  for (const [key, def] of Object.entries(ANIMAL_SKILLS) as [AnimalSkillKey, { name: string }][]) {
    const found = skills.find((sk) => normalizeKey(sk.skill) === normalizeKey(def.name));
    if (found && found.dice > 0) out[key] = found.dice;
  }
  return out;
}

// ---- the weekly training test ------------------------------------------------------------------

/** A course of training kept on the trainer (`flags.polyverse.verses.training.<id>`). */
export interface StoredTraining extends TrainingCourse {
  id: string;
  animalUuid: string;
  animalName: string;
}

const trainingPath = (id: string) => `${versesFlagPath("training")}.${id}`;
/** The update path that deletes a course (Foundry's `-=` deletion). */
export const trainingDeletePath = (id: string) => `${versesFlagPath("training")}.-=${id}`;

/** The trainer's courses of training, from its flags. */
export function storedTraining(flags: Record<string, unknown>): StoredTraining[] {
  const all = (versesFlags({ flags }).training ?? {}) as Record<string, Partial<StoredTraining>>;
  return Object.entries(all)
    .filter(([, c]) => c && typeof c === "object" && typeof c.skill === "string" && c.skill in ANIMAL_SKILLS)
    .map(([id, c]) => ({
      id,
      skill: c.skill as AnimalSkillKey,
      weeksDone: Math.max(0, Number(c.weeksDone) || 0),
      weeksNeeded: Math.max(1, Number(c.weeksNeeded) || startTraining(c.skill as AnimalSkillKey).weeksNeeded),
      animalUuid: String(c.animalUuid ?? ""),
      animalName: String(c.animalName ?? ""),
    }));
}

export interface TrainingChoice extends CommonChoice {
  /** The animal skill being trained. */
  skill: AnimalSkillKey;
  /** AD spent on the week's test (default: every unspent AD, as outside Fast Action). */
  ad?: number;
  optionalAbilities?: readonly string[];
}

interface TrainingPlan extends RollPlan {
  course: StoredTraining;
  animal: AnimalState;
}

/**
 * The weekly test `Skill + #AD → (8 - [Animal's SMR + SOC])S` with the trainer's `Animal Training »
 * <kind of animal>` (default SMR, "difficulty: 3"). A course already running for this animal and
 * skill carries on; otherwise a new one starts (`weeksNeeded`: 1 per level of difficulty).
 */
export function planTrainingWeek(
  trainer: LivingState,
  animal: AnimalState,
  existing: StoredTraining | null,
  id: string,
  choice: TrainingChoice,
): Planned<TrainingPlan> {
  if (animal.trained[choice.skill])
    return refuse("POLYVERSE.Verses.NewRules.Training.Already", { animal: animal.name });
  const ad = Math.max(0, Math.floor(choice.ad ?? trainer.adAvailable));
  const pool = poolFor(trainer, { skill: `Animal Training » ${animal.type}`, ad }, choice);
  if (!pool.usable) return poolRefusal(pool);
  const course: StoredTraining = existing ?? {
    ...startTraining(choice.skill),
    id,
    animalUuid: animal.uuid,
    animalName: animal.name,
  };
  return {
    ok: true,
    value: {
      course,
      animal,
      pool: pool.dice,
      optional: pool.offered,
      addOns: pool.addOns,
      roll: {
        target: trainingTarget(animal),
        parts: pool.parts,
        label: "POLYVERSE.Verses.NewRules.Training.Title",
        kind: "test",
        ad,
      },
    },
  };
}

/**
 * A week of training: a success counts the week, a failure begins it again; the course is kept on
 * the trainer until the last week succeeds, then removed, and the card says the animal has learned
 * the skill; the glue adds the skill to the animal (`training.ts`: at once when the trainer's
 * user may, else the card's `learn` asks the GM). A finished course is deleted from the trainer's
 * flags (`-=`).
 */
export function resolveTrainingWeekRoll(
  plan: TrainingPlan,
  faces: readonly number[],
  trainer: { uuid: string; name: string },
): SpecialResult & { trained: boolean; course: StoredTraining } {
  const week = resolveTrainingWeek(plan.course, faces, plan.animal);
  const course: StoredTraining = { ...plan.course, ...week.course };
  const skill = ANIMAL_SKILLS[course.skill].name;
  const change: DocumentChange = week.trained
    ? { uuid: trainer.uuid, name: trainer.name, set: { [trainingDeletePath(course.id)]: null } }
    : {
        uuid: trainer.uuid,
        name: trainer.name,
        set: {
          [trainingPath(course.id)]: {
            skill: course.skill,
            weeksDone: course.weeksDone,
            weeksNeeded: course.weeksNeeded,
            animalUuid: course.animalUuid,
            animalName: course.animalName,
          },
        },
      };
  const data = { animal: plan.animal.name, skill, done: course.weeksDone, needed: course.weeksNeeded };
  const lines = [
    week.trained
      ? line("POLYVERSE.Verses.NewRules.Training.Trained", data)
      : week.outcome.success
        ? line("POLYVERSE.Verses.NewRules.Training.WeekDone", data)
        : line("POLYVERSE.Verses.NewRules.Training.WeekAgain", data),
  ];
  return {
    trained: week.trained,
    course,
    changes: [change],
    card: {
      kind: "training",
      title: line("POLYVERSE.Verses.NewRules.Training.Title"),
      sides: [side(trainer.name, plan.roll, faces)],
      outcome: week.outcome.success ? "success" : "failure",
      headline: outcomeLine(week.outcome),
      lines,
      ...(week.trained
        ? { learn: { animalUuid: plan.animal.uuid, animalName: plan.animal.name, skill: course.skill } }
        : {}),
    },
  };
}

// ---- commanding an animal ------------------------------------------------------------------------

/** Keys chosen by the task, written out so the key check sees them. */
const COMMAND_TASK = {
  routine: "POLYVERSE.Verses.NewRules.Command.Task.routine",
  difficult: "POLYVERSE.Verses.NewRules.Command.Task.difficult",
  dangerous: "POLYVERSE.Verses.NewRules.Command.Task.dangerous",
} as const;

export interface CommandChoice extends CommonChoice {
  task: CommandTask;
  /** The GM's task difficulty (a difficult task; an untrained animal's margin). Default 2. */
  difficulty?: number;
  /** Command it as this kind of animal (default: its best training: War Mount, Rider's Mount, Labor Animal). */
  training?: CommandTraining;
  fastAction?: boolean;
  optionalAbilities?: readonly string[];
}

interface CommandPlan extends RollPlan {
  training: CommandTraining;
  task: CommandTask;
  testNeeded: boolean;
  /** The animal's resisting roll, when it contests. */
  resist: { pool: number; roll: RollPlan["roll"] } | null;
  animal: AnimalState;
}

/** The training a command uses by default: the animal's best. */
function commandTrainingOf(animal: AnimalState): CommandTraining {
  if (animal.trained.warMount) return "warMount";
  if (animal.trained.ridersMount) return "ridersMount";
  if (animal.trained.laborAnimal) return "laborAnimal";
  return "untrained";
}

/**
 * A command to an animal (`commandTest`): SOC (Labor Animal) or the rider's `Riding » <kind>` (a
 * mount) plus the animal's trained skill dice, or the commander's `Animal Training » <kind>` (an
 * untrained animal); 1AD per command, which joins no pool. The animal resists with SMR (difficult),
 * SMR + TUF (dangerous) or SMR + SOC (untrained); a War Mount does not resist.
 */
export function planCommand(
  commander: LivingState,
  animal: AnimalState,
  choice: CommandChoice,
): Planned<CommandPlan> {
  const training = choice.training ?? commandTrainingOf(animal);
  const trainedDice = training === "untrained" ? 0 : (animal.trained[training] ?? 0);
  if (training !== "untrained" && trainedDice < 1)
    return refuse("POLYVERSE.Verses.NewRules.Command.NotTrained", { animal: animal.name });
  const mount = training === "ridersMount" || training === "warMount";
  const request =
    training === "untrained"
      ? { skill: `Animal Training » ${animal.type}` }
      : mount
        ? { skill: `Riding » ${animal.type}` }
        : { attribute: "soc" as const };
  const pool = poolFor(commander, { ...request, ad: 0, fastAction: choice.fastAction ?? false }, choice);
  if (!pool.usable) return poolRefusal(pool);
  const riding = mount
    ? (commander.skills.find(
        (sk) =>
          normalizeKey(sk.skill) === "riding" && normalizeKey(sk.spec ?? "") === normalizeKey(animal.type),
      )?.dice ?? 0)
    : 0;
  const test = commandTest({
    training,
    task: choice.task,
    soc: commander.effective.soc,
    ridingDice: riding,
    trainedDice,
    animalTrainingDice: pool.dice,
    animal: { smr: animal.smr, tuf: animal.tuf, soc: animal.soc },
    taskDifficulty: Math.floor(choice.difficulty ?? 2),
  });
  if (!test.ok) return rulesRefusal(test.reason);
  const parts: PoolPart[] = [...pool.parts];
  if (trainedDice) parts.push({ label: ANIMAL_SKILLS[training as AnimalSkillKey].name, dice: trainedDice });
  const resistParts: PoolPart[] =
    choice.task === "dangerous"
      ? [
          { label: "POLYVERSE.Verses.Attribute.smr.Abbr", dice: animal.smr },
          { label: "POLYVERSE.Verses.Attribute.tuf.Abbr", dice: animal.tuf },
        ]
      : training === "untrained"
        ? [
            { label: "POLYVERSE.Verses.Attribute.smr.Abbr", dice: animal.smr },
            { label: "POLYVERSE.Verses.Attribute.soc.Abbr", dice: animal.soc },
          ]
        : [{ label: "POLYVERSE.Verses.Attribute.smr.Abbr", dice: animal.smr }];
  const poolSize = parts.reduce((n, p) => n + p.dice, 0);
  return {
    ok: true,
    value: {
      training,
      task: choice.task,
      testNeeded: test.value.testNeeded,
      animal,
      pool: Math.max(0, poolSize),
      optional: pool.offered,
      addOns: pool.addOns,
      adBefore: adState(commander),
      resist:
        test.value.resist > 0
          ? {
              pool: test.value.resist,
              roll: {
                target: 0,
                parts: resistParts,
                label: "POLYVERSE.Verses.NewRules.Command.Resist",
                kind: "test",
              },
            }
          : null,
      roll: {
        target: test.value.target,
        parts,
        label: "POLYVERSE.Verses.NewRules.Command.Title",
        kind: "test",
        ad: 1,
      },
    },
  };
}

/** The command is obeyed when the commander's (net) successes reach the target; 1AD is spent in Fast Action. */
export function resolveCommandRoll(
  plan: CommandPlan,
  faces: readonly number[],
  animalFaces: readonly number[],
  commander: { uuid: string; name: string },
  fastAction = false,
): SpecialResult & { obeyed: boolean } {
  const test = {
    pool: plan.pool,
    target: plan.roll.target,
    resist: plan.resist?.pool ?? 0,
    testNeeded: plan.testNeeded,
    ad: 1,
  };
  if (!plan.testNeeded)
    return {
      obeyed: true,
      changes: spendChange(commander, plan.adBefore, 1, fastAction),
      card: {
        kind: "command",
        title: line("POLYVERSE.Verses.NewRules.Command.Title"),
        sides: [],
        outcome: "success",
        headline: line("POLYVERSE.Verses.NewRules.Command.NoTest", { animal: plan.animal.name }),
        lines: [line(COMMAND_TASK[plan.task], { animal: plan.animal.name })],
      },
    };
  const { outcome, obeyed } = resolveCommand(test, faces, animalFaces);
  const sides = [side(commander.name, plan.roll, faces)];
  if (plan.resist) sides.push(side(plan.animal.name, plan.resist.roll, animalFaces));
  return {
    obeyed,
    changes: spendChange(commander, plan.adBefore, 1, fastAction),
    card: {
      kind: "command",
      title: line("POLYVERSE.Verses.NewRules.Command.Title"),
      sides,
      outcome: obeyed ? "success" : "failure",
      headline: outcomeLine(outcome),
      lines: [
        line(COMMAND_TASK[plan.task], { animal: plan.animal.name }),
        line(
          obeyed ? "POLYVERSE.Verses.NewRules.Command.Obeyed" : "POLYVERSE.Verses.NewRules.Command.Refused",
          {
            animal: plan.animal.name,
          },
        ),
      ],
    },
  };
}
