/**
 * Animals and the vehicles they pull ('Verses Core 0.8.5, "Animal Training" skill, the animal skills
 * of "Animals & Vehicles" and "Vehicles"). Pure rules: no Foundry, no globals.
 */
import { resolveContest, resolveTest, type ContestOutcome, type TestOutcome } from "./dice";
import { overload } from "./character";
import { type Checked, type Face, refused } from "./types";

// ---- Animal Training: the weekly test ---------------------------------------------------------

/** The animal skills and their difficulty ("Labor Animal difficulty: 2" ... "War Mount difficulty: 4"). */
export const ANIMAL_SKILLS = {
  laborAnimal: { name: "Labor Animal", difficulty: 2 },
  ridersMount: { name: "Rider's Mount", difficulty: 2 },
  tracker: { name: "Tracker", difficulty: 2 },
  warMount: { name: "War Mount", difficulty: 4 },
} as const;
export type AnimalSkillKey = keyof typeof ANIMAL_SKILLS;
export const ANIMAL_SKILL_KEYS = Object.keys(ANIMAL_SKILLS) as AnimalSkillKey[];

/**
 * Weeks of training an animal skill takes: "1 full week (spending several hours each day of the
 * week) must be spent per level of difficulty". Rider's Mount 2 weeks, War Mount 4.
 */
export function trainingWeeks(difficulty: number): number {
  return Math.max(0, Math.floor(difficulty));
}

/**
 * The weekly training test's target: `Skill + #AD → (8 - [Animal's SMR + SOC])S`, at least 1S.
 * The Dog (SMR 2, SOC 3): 3S; the Horse (SMR 2, SOC 2): 4S.
 */
export function trainingTarget(animal: { smr: number; soc: number }): number {
  return Math.max(1, 8 - (animal.smr + animal.soc));
}

/** Where a course of training stands: weeks done of weeks needed. */
export interface TrainingCourse {
  skill: AnimalSkillKey;
  weeksDone: number;
  weeksNeeded: number;
}

/** A new course of training in an animal skill. */
export function startTraining(skill: AnimalSkillKey): TrainingCourse {
  return { skill, weeksDone: 0, weeksNeeded: trainingWeeks(ANIMAL_SKILLS[skill].difficulty) };
}

/** The end of one week of training. */
export interface TrainingWeek {
  outcome: TestOutcome;
  course: TrainingCourse;
  /** The last week succeeded: the animal has learned the skill. */
  trained: boolean;
}

/**
 * "At the end of each such week of training, the trainer must succeed in the following test or
 * begin that week's training again": a success counts the week, a failure counts nothing.
 */
export function resolveTrainingWeek(
  course: TrainingCourse,
  faces: readonly Face[],
  animal: { smr: number; soc: number },
): TrainingWeek {
  const outcome = resolveTest(faces, trainingTarget(animal));
  const weeksDone = outcome.success ? Math.min(course.weeksNeeded, course.weeksDone + 1) : course.weeksDone;
  return {
    outcome,
    course: { ...course, weeksDone },
    trained: outcome.success && weeksDone >= course.weeksNeeded,
  };
}

// ---- commanding an animal ---------------------------------------------------------------------

/** How the animal is trained, for a command. */
export type CommandTraining = "laborAnimal" | "ridersMount" | "warMount" | "untrained";
/** How hard the command is for the animal. */
export type CommandTask = "routine" | "difficult" | "dangerous";

/** Everything a command test reads. */
export interface CommandInput {
  training: CommandTraining;
  task: CommandTask;
  /** The commander's SOC (a labour animal, an untrained animal). */
  soc: number;
  /** The rider's Riding » * dice (a mount: Rider's Mount and War Mount). */
  ridingDice: number;
  /** The animal's allocated dice in its trained skill. */
  trainedDice: number;
  /** The animal's Animal Training » * dice, when calming an untrained animal. */
  animalTrainingDice?: number;
  animal: { smr: number; tuf: number; soc: number };
  /** The GM's task difficulty for a difficult task (and an untrained animal's margin). */
  taskDifficulty: number;
}

/** A command test to roll. */
export interface CommandTest {
  /** The commander's pool. */
  pool: number;
  /** The success target (the contest's target when contested). */
  target: number;
  /** The animal's resisting pool, or 0 when it does not contest. */
  resist: number;
  /** A routine command: obeyed "without resorting to tests" (no roll). */
  testNeeded: boolean;
  /** AD the command costs: "spends 1AD to issue each command". */
  ad: number;
}

/**
 * The command tests of the animal skills:
 * - Labor Animal: "The commanding actor uses SOC and spends 1AD to issue each command ... obeyed
 *   without resorting to tests, unless the command is to attempt an action which is especially
 *   difficult or dangerous." Difficult: `SOC + Animal's Trained Skill → [Task Difficulty]S`, "which
 *   the animal may contest with its own Smarts"; dangerous: `SOC + Animal's Trained Skill → Animal's
 *   SMR + TUF`, contested by "its own Smarts and Toughness".
 * - Rider's Mount: the same with "Rider's Skill" (Riding » *) in place of SOC; routine commands need
 *   a test when Riding » * is unallocated.
 * - War Mount: "Difficult and dangerous tasks are not contested by mounts trained in this skill":
 *   both are `Rider's Skill + Animal's Trained Skill → [Task Difficulty]S` with no resistance.
 * - An untrained animal (Animal Training » *): "a contested attempt to calm or command an animal
 *   which has not been trained, with a success margin determined by the GM ... the animal will
 *   contest the skill with its own Smarts + Sociability".
 */
export function commandTest(input: CommandInput): Checked<CommandTest> {
  const difficulty = Math.floor(input.taskDifficulty);
  const { smr, tuf, soc } = input.animal;
  if (input.training === "untrained") {
    if (difficulty < 1) return refused("commandTargetNeeded");
    return {
      ok: true,
      value: {
        pool: Math.max(0, input.animalTrainingDice ?? 0),
        target: difficulty,
        resist: Math.max(0, smr + soc),
        testNeeded: true,
        ad: 1,
      },
    };
  }
  const mount = input.training !== "laborAnimal";
  const base = (mount ? input.ridingDice : input.soc) + input.trainedDice;
  const pool = Math.max(0, base);
  const routine = input.task === "routine";
  if (routine) {
    const testNeeded = mount && input.ridingDice < 1;
    // A routine command by an unskilled rider: the text sets no target; 1S (spec §11.2 #3).
    return { ok: true, value: { pool, target: 1, resist: 0, testNeeded, ad: 1 } };
  }
  if (input.task === "difficult" || input.training === "warMount") {
    if (difficulty < 1) return refused("commandDifficultyNeeded");
    const resist = input.training === "warMount" ? 0 : Math.max(0, smr);
    return { ok: true, value: { pool, target: difficulty, resist, testNeeded: true, ad: 1 } };
  }
  return { ok: true, value: { pool, target: 1, resist: Math.max(0, smr + tuf), testNeeded: true, ad: 1 } };
}

/** A command's result: obeyed when the commander's net successes reach the target. */
export function resolveCommand(
  test: CommandTest,
  commanderFaces: readonly Face[],
  animalFaces: readonly Face[] = [],
): { outcome: TestOutcome | ContestOutcome; obeyed: boolean } {
  const outcome =
    test.resist > 0
      ? resolveContest(commanderFaces, animalFaces, test.target)
      : resolveTest(commanderFaces, test.target);
  return { outcome, obeyed: outcome.success };
}

// ---- vehicles: the team that pulls them ---------------------------------------------------------

/** An animal in a vehicle's team. */
export interface TeamAnimal {
  name: string;
  /** Its Movement (m/AD). */
  mv: number;
  /** Its Max Carry (kg). */
  maxCarry: number;
  /** Trained in Labor Animal. */
  laborAnimal?: boolean;
  /** Trained in War Mount. */
  warMount?: boolean;
}

/** A vehicle as its movement is worked out. */
export interface VehicleLoad {
  /** The listing's MV (m/AD). */
  mv: number;
  /** The vehicle's own weight (kg). */
  weight: number;
  /** What it carries: passengers and cargo (kg). */
  cargoKg?: number;
  /** Two wheels (a cart, a chariot): War Mount training pulls it as Labor Animal does. */
  twoWheeled: boolean;
}

/** A vehicle's movement with its team. */
export interface VehicleMovement {
  /** The MV the vehicle moves at: the listing's, capped by the slowest animal. */
  mv: number;
  /** What caps it: the listing, the slowest animal, or no team at all (0). */
  limitedBy: "vehicle" | "animal" | "noTeam";
  /** The slowest animal's name (when an animal caps it). */
  slowest?: string;
  /** Total laden weight (kg). */
  laden: number;
  /** What the team pulls without a PRW penalty (kg). */
  capacity: number;
  /** Each animal's overload for its share of the laden weight ("Overloading"). */
  overloads: { name: string; prwPenalty: number; exPerRound: number }[];
}

/**
 * Vehicle movement ("Vehicles"): "animal-drawn vehicles are always limited by the Movement derived
 * attribute of the animals pulling them, as well as the net weight they are carrying". The vehicle
 * moves no faster than its listing and its slowest animal (a Cart, 3m/AD, behind a Horse, 14m/AD,
 * moves 3m/AD; a Chariot, 18m/AD, behind the same Horse, 14m/AD). The weight is shared evenly by the
 * team, and each animal's share is an overload against its Max Carry (`overload`: "-1 PRW for every
 * 20kg (or part thereof) over that limit", 1 EX per round past twice Max Carry); an animal trained in
 * Labor Animal ("may pull a vehicle with a total laden weight up to two times its Max Carry weight
 * without incurring a PRW penalty"), or in War Mount pulling a two-wheeled cart ("a chariot up to two
 * times their Max Carry weight"), counts its PRW penalty from 2 × Max Carry. With no team the vehicle
 * does not move.
 */
export function vehicleMovement(vehicle: VehicleLoad, team: readonly TeamAnimal[]): VehicleMovement {
  const laden = Math.max(0, vehicle.weight) + Math.max(0, vehicle.cargoKg ?? 0);
  if (team.length === 0) return { mv: 0, limitedBy: "noTeam", laden, capacity: 0, overloads: [] };
  const trained = (a: TeamAnimal) => a.laborAnimal === true || (a.warMount === true && vehicle.twoWheeled);
  const capacity = team.reduce((n, a) => n + (trained(a) ? 2 : 1) * Math.max(0, a.maxCarry), 0);
  const share = laden / team.length;
  const overloads = team.map((a) => ({
    name: a.name,
    ...overload(share, Math.max(0, a.maxCarry), { pullingTrained: trained(a) }),
  }));
  const slowest = team.reduce((s, a) => (a.mv < s.mv ? a : s), team[0]!);
  const byAnimal = slowest.mv < vehicle.mv;
  return {
    mv: Math.max(0, Math.min(vehicle.mv, slowest.mv)),
    limitedBy: byAnimal ? "animal" : "vehicle",
    ...(byAnimal ? { slowest: slowest.name } : {}),
    laden,
    capacity,
    overloads,
  };
}
