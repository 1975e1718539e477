/**
 * Virtually Real item data models: skills (training as a capacity, experience as XP, the related
 * attribute, the XP cost training and teaching read, underlines, the rule-bound skill it is when the
 * rules name it, its style, the marks the end of a scene and of a chapter read), passions (a style's
 * tree: root or branch, how deep, what comes before), equipment as far as chapter 1 has any (a ready
 * weapon's [I] box bonuses, magical armor's +1 crit on physical defences) and books (a skill written
 * down with a capacity and a score, in a language) and multistage tasks (the stages the GM set, where
 * the task stands, what it has cost, the cards it recorded and the steps its owner may undo).
 * Descriptions are the only rich text.
 */
import { PolyverseItemModel } from "../../../core/data-model";
import { choice, decimal, flag, html, integer, strings, text } from "../../../core/fields";
import { ATTRIBUTES, EQUIPMENT_KINDS, PASSION_BRANCHES, SKILL_REFS, TASK_LIMITS } from "./keys";

const count = (initial = 0, max = 9999) => integer(initial, { min: 0, max });

// ---- skill ---------------------------------------------------------------------------------------

const skillSchema = () => ({
  /** Training: secondary [1], primary [2], mastery [3], supernatural [4], deific [5]; [0] not usable. */
  capacity: integer(1, { min: 0, max: 5 }),
  /** Experience: its level on the Experience table is added to the roll. */
  xp: count(0),
  /** The related attribute (a knowledge use is Logic's, a parry Agility's: the roll decides). */
  attribute: choice(ATTRIBUTES, "agility"),
  /** Its cost in XP ("domestic skills are normally 8 XP"): training's DL, prerequisite and time. */
  cost: count(8, 999),
  /** Underlines from close-enough training checks: each +1 to its critical range. */
  underlines: count(0, 99),
  /** Restricted (ki abilities, new styles): never self-taught. */
  restricted: flag(),
  /** Granted by the ancestry: usable even with a [0] attribute. */
  ancestry: flag(),
  /** A combat skill (a weapon, shield or armor proficiency, a combat style, a ki power): combat XP. */
  combat: flag(),
  /** The skill the rules name, when it is one (Basic Combat Training, Faith, Deception ...). */
  ref: choice(["", ...SKILL_REFS] as const, ""),
  /** Its style, chosen at primary training (the passions are items). */
  style: text(),
  /** Used this scene with consequences and a known outcome (the scene's 1 XP). */
  usedThisScene: flag(),
  /** XP gained this chapter (regular practice earns nothing then). */
  gainedThisChapter: flag(),
  description: html(),
});
export class VirtuallyRealSkillData extends PolyverseItemModel<ReturnType<typeof skillSchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.VirtuallyReal.Skill"];
  static override defineSchema() {
    return skillSchema();
  }
}

// ---- passion -------------------------------------------------------------------------------------

const passionSchema = () => ({
  /** The style (a skill's, "Darkness", a culture's) whose tree it belongs to. */
  style: text(),
  /** The root, learned with the style at level 0, or one of its branches. */
  branch: choice(PASSION_BRANCHES, "root"),
  /** Its place along the branch (1 the first; teaching a style needs every branch's second). */
  depth: integer(0, { min: 0, max: 9 }),
  /** The passion before it in its tree (blank: none). */
  prerequisite: text(),
  /** A Darkness passion (earned every Darkness level; one may be dropped when the level falls). */
  darkness: flag(),
  /** An "adrenaline" passion, usable while defending an intimacy. */
  adrenaline: flag(),
  description: html(),
});
export class VirtuallyRealPassionData extends PolyverseItemModel<ReturnType<typeof passionSchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.VirtuallyReal.Passion"];
  static override defineSchema() {
    return passionSchema();
  }
}

// ---- equipment -----------------------------------------------------------------------------------

const equipmentSchema = () => ({
  kind: choice(EQUIPMENT_KINDS, "gear"),
  quantity: count(1, 9999),
  /** The proficiency (a skill) it is used with. */
  proficiency: text(),
  /** A weapon in hand and ready: its [I] box is the initiative level. */
  ready: flag(),
  /** The weapon's and the proficiency's bonuses in the [I] box (Reflex modifier + these). */
  initiativeBonus: integer(0, { min: -9, max: 9 }),
  proficiencyBonus: integer(0, { min: -9, max: 9 }),
  /** Magical armor or a force field: +1 crit to all physical defence rolls. */
  magical: flag(),
  /** Worn or carried (armor worn, a shield strapped on). */
  equipped: flag(),
  description: html(),
});
export class VirtuallyRealEquipmentData extends PolyverseItemModel<ReturnType<typeof equipmentSchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.VirtuallyReal.Equipment"];
  static override defineSchema() {
    return equipmentSchema();
  }
}

// ---- book ----------------------------------------------------------------------------------------

const bookSchema = () => ({
  /** The skill it teaches. */
  skill: text(),
  /** Its training: read with Literacy of at least this capacity; [3]+ is a reference. */
  capacity: integer(2, { min: 1, max: 5 }),
  /** Its score, as a skill's XP (`[2]20/3`). */
  xp: count(0),
  /** The language it is written in. */
  language: text(),
  /** A story written with Creative Writing (an advantage to decipher). */
  story: flag(),
  description: html(),
});
export class VirtuallyRealBookData extends PolyverseItemModel<ReturnType<typeof bookSchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.VirtuallyReal.Book"];
  static override defineSchema() {
    return bookSchema();
  }
}

// ---- multistage task -----------------------------------------------------------------------------

const fields = () => foundry.data.fields;
const list = <F extends foundry.data.fields.DataField.Any>(field: F, max: number) =>
  new (fields().ArrayField)(field, { required: true, nullable: false, initial: [], max });

/** One stage as the GM set it: its check and its resource cost. */
const stageSchema = () =>
  new (fields().SchemaField)({
    name: text(),
    /** The skill rolled (its name or rules reference), or an attribute key for an attribute check. */
    skill: text(),
    /** A Combination's other part (a skill's name or an attribute key); blank: a single check. */
    partner: text(),
    /** The stage's DL (the GM's). */
    dl: integer(10, { min: 0, max: 99 }),
    /** Its time cost, as the GM says it ("2 days"): repaid in full on every try. */
    time: text(),
    /** Its money cost: a quarter of it on a retry (materials reused). */
    money: decimal(0, { max: 1e9 }),
    /** Its endurance cost, paid from the character's Endurance pool on every try. */
    endurance: count(0, 99),
  });

/** Where the task stands: the rules' `MultistageState` (rules/multistage.ts), money and endurance paid. */
const progressSchema = () => ({
  stage: count(0, TASK_LIMITS.stages),
  attempt: count(0, 999),
  disadvantage: count(0, 99),
  bonus: count(0, 99),
  tries: list(count(0, 9999), TASK_LIMITS.stages),
  stalls: count(0, 999),
  money: decimal(0, { max: 1e12 }),
  endurance: count(0, 99999),
  done: flag(),
});

const taskSchema = () => ({
  stages: list(stageSchema(), TASK_LIMITS.stages),
  progress: new (fields().SchemaField)(progressSchema()),
  /** The check card of the stage rolled last, waiting to be recorded (its message id). */
  pending: text(),
  /** What the last recorded card did (`StageEvent`), blank before any. */
  lastEvent: text(),
  /** Cards recorded already (message ids): none is recorded twice. */
  recorded: strings(),
  /** The steps the owner may undo: the progress before each, its card and the endurance it paid. */
  history: list(
    new (fields().SchemaField)({
      messageId: text(),
      endurance: count(0, 99),
      lastEvent: text(),
      progress: new (fields().SchemaField)(progressSchema()),
    }),
    TASK_LIMITS.history,
  ),
  description: html(),
});
export class VirtuallyRealTaskData extends PolyverseItemModel<ReturnType<typeof taskSchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.VirtuallyReal.Task"];
  static override defineSchema() {
    return taskSchema();
  }
}
