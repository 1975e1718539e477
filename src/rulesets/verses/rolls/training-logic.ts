/**
 * The end of a course of Animal Training, Foundry-free: the skill the animal has learned is added to
 * it ("the Animal Training » * skill may be used to train mounts to additional skills"), as an
 * allocated die of the animal skill (an unallocated skill item it already has is allocated, else a
 * new one is created from the compendium's entry or the text's own numbers). What the GM checks
 * before doing it for a player whose user may not change the animal: the card's last week really
 * succeeded against the animal's own target, and the animal does not have the skill already.
 */
import { ANIMAL_SKILLS, normalizeKey, resolveTest, trainingTarget, type AnimalSkillKey } from "../rules";

/** The dice a finished course gives: the skill is allocated (1 die). */
export const LEARNED_DICE = 1;

/** The animal skills as the text lists them ("difficulty: 2 default: Attribute TUF" ...). */
const DEFAULTS: Record<AnimalSkillKey, { kind: "attribute" | "ability" | "skill"; value: string }> = {
  laborAnimal: { kind: "attribute", value: "tuf" },
  ridersMount: { kind: "attribute", value: "prw" },
  tracker: { kind: "ability", value: "Scent Tracking" },
  warMount: { kind: "skill", value: "Rider's Mount" },
};

/** An item of the animal, as the plan reads it. */
export interface AnimalItemView {
  id: string;
  name: string;
  type: string;
  system: { skill?: string; allocated?: number };
}

/** The skill's name ("Rider's Mount"). */
export const animalSkillName = (skill: AnimalSkillKey): string => ANIMAL_SKILLS[skill].name;

/** Is `value` one of the animal skills' keys? */
export const isAnimalSkill = (value: unknown): value is AnimalSkillKey =>
  typeof value === "string" && Object.hasOwn(ANIMAL_SKILLS, value);

/** The skill item's data from the text, allocated, when the compendium has no entry. */
export function animalSkillItemData(skill: AnimalSkillKey) {
  const def = ANIMAL_SKILLS[skill];
  const d = DEFAULTS[skill];
  return {
    name: def.name,
    type: "verses-skill",
    system: {
      source: "'Verses Core 0.8.5",
      skill: def.name,
      spec: "",
      difficulty: def.difficulty,
      default: {
        kind: d.kind,
        attribute: d.kind === "attribute" ? d.value : "smr",
        ability: d.kind === "ability" ? d.value : "",
        skill: d.kind === "skill" ? d.value : "",
        spec: "",
      },
      tec: "1",
      category: "animal",
      allocated: LEARNED_DICE,
    },
  };
}

/** What adding the skill does: allocate an unallocated item the animal has, create one, or nothing. */
type LearnPlan = { kind: "allocate"; itemId: string } | { kind: "create" } | { kind: "already" };

export function learnPlan(items: Iterable<AnimalItemView>, skill: AnimalSkillKey): LearnPlan {
  const name = normalizeKey(animalSkillName(skill));
  let unallocated: string | null = null;
  for (const item of items) {
    if (item.type !== "verses-skill") continue;
    if (normalizeKey(item.system.skill || item.name) !== name) continue;
    if ((Number(item.system.allocated) || 0) > 0) return { kind: "already" };
    unallocated ??= item.id;
  }
  return unallocated ? { kind: "allocate", itemId: unallocated } : { kind: "create" };
}

/**
 * The GM's check of a training card's last week: its roll was against the animal's own target
 * (`trainingTarget`: 8 − [SMR + SOC], a Horse 4S) and its faces make a success. Null when it holds,
 * else the i18n key of the refusal.
 */
export function trainingRollProblem(
  roll: { target: number; faces: readonly number[] } | null,
  animal: { smr: number; soc: number },
): string | null {
  if (!roll || roll.target !== trainingTarget(animal)) return "POLYVERSE.Verses.Training.WrongTarget";
  if (!roll.faces.every((f) => Number.isInteger(f) && f >= 1 && f <= 6))
    return "POLYVERSE.Verses.Training.WrongTarget";
  return resolveTest(roll.faces, roll.target).success ? null : "POLYVERSE.Verses.Training.NotTrained";
}
