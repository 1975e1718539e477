/**
 * The Virtually Real keys the data models are built on: the rules layer's lists (rules/keys.ts,
 * rules/character-keys.ts), named here for the data layer, and the few the models add (item kinds,
 * a passion's branch, a condition box's side). Foundry-free.
 */
export {
  ATTRIBUTE_KEYS as ATTRIBUTES,
  BASIC_INTIMACIES,
  CONDITION_DURATIONS as DURATIONS,
  CONDITION_GROUPS,
  CONDITION_IDS,
  CONDITION_SEVERITIES,
  EMOTIONAL_TARGETS,
  INTIMACY_LEVELS,
  INTIMACY_POLARITIES,
  SKILL_REFS,
  WOUND_BANDS,
} from "../rules";

/** The two sides of an emotional target's box: wounds (disadvantages) and armors (advantages). */
export const CONDITION_SIDES = ["wound", "armor"] as const;
export type ConditionSide = (typeof CONDITION_SIDES)[number];

/**
 * What a piece of equipment is, as far as chapter 1 has any (the setting book has the rest): a ready
 * weapon has an [I] box, magical armor and force fields add +1 crit to physical defences; shields and
 * armor have proficiencies; a document records an effect.
 */
export const EQUIPMENT_KINDS = ["gear", "weapon", "armor", "shield", "document"] as const;
export type EquipmentKind = (typeof EQUIPMENT_KINDS)[number];

/** A passion's place in its style: the root, or one of the (usually three) branches. */
export const PASSION_BRANCHES = ["root", "first", "second", "third"] as const;
export type PassionBranch = (typeof PASSION_BRANCHES)[number];

/** The heroic armor a scene's Defending an Intimacy writes in a target's box: none, or 1, 2 or 4. */
export const HEROIC_VALUES = [0, 1, 2, 4] as const;

/** The most stages a multistage task holds, and the most undo steps and recorded cards it keeps. */
export const TASK_LIMITS = { stages: 20, history: 20, recorded: 60 } as const;
