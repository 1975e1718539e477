/**
 * A Virtually Real check built from an actor and a choice, Foundry-free: which dice the rules add by
 * themselves (the conditions' dice and +crit from the actor's marks, adrenaline's dice, Darkness's,
 * the skill's underlines), what the roller chose (situational advantages and disadvantages, the
 * sources of +crit, Luck, the DL), and the rules' input for `planCheck` / `resolveCheck` /
 * `checkOdds`. Every modifier is a line (a key and its dice) so the dialog and the card show where
 * each die comes from.
 *
 * Readings where the text is silent (proposed as the rolls' own):
 * - an emotional save is the target's save skill (Basic Combat Training, Faith, Culture - Influence,
 *   Culture - Integrity) with the target's wounds and armors; an actor without that skill rolls an
 *   Aura save assigned to the target ("Aura saves must be assigned one of the EMOTIONAL TARGETS");
 * - a Darkness roll takes the conditions and adrenaline of no attribute (its capacity is the
 *   `darknessCapacity` setting's).
 */
import {
  AGGRESSIVE_SKILLS,
  CRIT_SOURCES,
  DEFENSIVE_SKILLS,
  adrenalineDice,
  attributeCheck,
  conditionDice,
  darknessCheck,
  darknessDice,
  emotionalTargetRow,
  saveCheck,
  type AdrenalineState,
  type AttributeKey,
  type CheckKind,
  type ConditionMark,
  type ConditionOptions,
  type CritSourceKey,
  type CurrencyOptions,
  type EmotionalTarget,
  type PreparedCheck,
  type SaveKind,
  type SkillRef,
} from "../rules";
import { maneuverSourceKey, type ManeuverClaim } from "./maneuver-logic";

export const ROLLS_KEY = "POLYVERSE.VirtuallyReal.Rolls";

/** A skill as a check reads it. */
export interface CheckSkill {
  id: string;
  name: string;
  capacity: number;
  attribute: AttributeKey;
  /** The level rolled with (a secondary skill's never below its attribute's score). */
  level: number;
  underlines: number;
  ref: SkillRef | null;
  combat: boolean;
}

/** An actor as a check reads it (check-actor.ts reads it from Foundry). */
export interface CheckActor {
  uuid: string;
  name: string;
  attributes: Record<AttributeKey, { capacity: number; score: number; modifier: number }>;
  skills: CheckSkill[];
  marks: ConditionMark[];
  adrenaline: AdrenalineState;
  darkness: { points: number; level: number };
  /** The Initiative save's level (the best ready weapon's [I] box, else the Reflex modifier). */
  initiativeLevel: number;
  /** Basic Combat Training's capacity (Initiative [2] at primary). */
  bctCapacity: number;
  light: number;
  /** A mulligan needs Aura [1] or more. */
  mulligan: boolean;
  intimacies: { name: string; target: EmotionalTarget; level: "outer" | "inner" | "defining" }[];
  /** A Maneuver penalty standing since a Dodge or Evade (base/maneuver-logic.ts): dice on the next roll. */
  maneuver?: ManeuverClaim | null;
}

/** How a skill is used, for adrenaline ("Sprinting goes to running away, not Charge"). */
export type SkillUse = "defensive" | "aggressive";

/** The sources of +crit the roller counts (the conditions' and the underlines' are the roll's own). */
export const CHOSEN_CRIT_SOURCES = CRIT_SOURCES.filter(
  (s) => !s.intrinsic && s.key !== "criticalCondition" && s.key !== "underline",
).map((s) => s.key);

/** What the roller (or a caller) chose. */
export interface CheckChoice {
  kind: CheckKind;
  skillId?: string | null;
  attribute?: AttributeKey | null;
  save?: SaveKind | null;
  /** A standard save's attribute. */
  saveAttribute?: AttributeKey | null;
  /** An emotional save of this target (wounds and armors apply; adrenaline helps). */
  emotionalTarget?: EmotionalTarget | null;
  /** A Darkness roll. */
  darkness?: boolean;
  use?: SkillUse | null;
  mental?: boolean;
  careful?: 0 | 1 | 2;
  luck?: number;
  advantage?: number;
  disadvantage?: number;
  /** +crit the caller adds beyond the counted sources. */
  critMod?: number;
  crit?: Partial<Record<CritSourceKey, number>>;
  /** A check the caller built with the rules (a Combination, a strength feat). */
  prepared?: PreparedCheck | null;
}

/** One line of modifiers: where dice come from. */
export interface ModifierLine {
  key: string;
  data?: Record<string, string>;
  advantage: number;
  disadvantage: number;
  critMod: number;
}

/** What the check is of, as the card names it. */
export interface CheckSubject {
  kind: CheckKind;
  skillId: string | null;
  skillName: string | null;
  skillRef: SkillRef | null;
  attribute: AttributeKey | null;
  save: SaveKind | null;
  emotionalTarget: EmotionalTarget | null;
  darkness: boolean;
}

/** A check ready to plan: the rules' input, the lines it was added up from, and what it is of. */
export interface BuiltCheck {
  input: PreparedCheck;
  lines: ModifierLine[];
  subject: CheckSubject;
  /** The roll cannot be made (no such skill, a [0] skill). */
  problems: { key: string; data?: Record<string, string> }[];
}

/** The settings a check reads. */
export interface CheckBuildOptions {
  conditions?: ConditionOptions;
  currency?: CurrencyOptions;
}

const count = (n: number | undefined): number => (Number.isInteger(n) && (n ?? 0) > 0 ? n! : 0);

/** The skill the choice names: by id, else by rules reference. */
export function findSkill(actor: CheckActor, idOrRef: string | null | undefined): CheckSkill | null {
  if (!idOrRef) return null;
  return (
    actor.skills.find((s) => s.id === idOrRef) ??
    actor.skills.find((s) => s.ref === idOrRef) ??
    actor.skills.find((s) => s.name.toLocaleLowerCase() === idOrRef.toLocaleLowerCase()) ??
    null
  );
}

/** The skill an emotional target saves with, if the actor has it. */
function emotionalSkill(actor: CheckActor, target: EmotionalTarget): CheckSkill | null {
  const ref = emotionalTargetRow(target).save;
  return actor.skills.find((s) => s.ref === ref) ?? null;
}

/** The default use of a skill for adrenaline: defensive for a defensive skill, else aggressive. */
export function defaultUse(ref: SkillRef | null): SkillUse | null {
  if (!ref) return null;
  if (DEFENSIVE_SKILLS.includes(ref)) return "defensive";
  if (AGGRESSIVE_SKILLS.includes(ref)) return "aggressive";
  return null;
}

/** Whether a skill's use matters to adrenaline (a defensive or aggressive skill). */
export const useMatters = (ref: SkillRef | null): boolean => defaultUse(ref) !== null;

interface Base {
  prepared: PreparedCheck;
  subject: CheckSubject;
  problems: BuiltCheck["problems"];
}

const subjectOf = (kind: CheckKind, rest: Partial<CheckSubject> = {}): CheckSubject => ({
  kind,
  skillId: null,
  skillName: null,
  skillRef: null,
  attribute: null,
  save: null,
  emotionalTarget: null,
  darkness: false,
  ...rest,
});

function skillBase(actor: CheckActor, choice: CheckChoice, skill: CheckSkill | null): Base {
  const problems: BuiltCheck["problems"] = [];
  if (!skill) {
    problems.push({ key: `${ROLLS_KEY}.Problem.NoSkill` });
    const attribute = choice.attribute ?? "agility";
    const a = actor.attributes[attribute];
    return {
      prepared: {
        kind: "skill",
        capacity: 1,
        attrCapacity: a.capacity,
        advantage: 0,
        disadvantage: 0,
        critMod: 0,
        level: 0,
      },
      subject: subjectOf("skill", { attribute }),
      problems,
    };
  }
  const attribute = choice.attribute ?? skill.attribute;
  const a = actor.attributes[attribute];
  if (skill.capacity === 0)
    problems.push({ key: `${ROLLS_KEY}.Problem.ZeroSkill`, data: { skill: skill.name } });
  return {
    prepared: {
      kind: "skill",
      capacity: skill.capacity,
      attrCapacity: a.capacity,
      advantage: 0,
      disadvantage: 0,
      critMod: 0,
      level: skill.level,
    },
    subject: subjectOf("skill", {
      skillId: skill.id,
      skillName: skill.name,
      skillRef: skill.ref,
      attribute,
      emotionalTarget: choice.emotionalTarget ?? null,
    }),
    problems,
  };
}

function saveBase(actor: CheckActor, choice: CheckChoice): Base {
  const save = choice.save ?? "standard";
  const standardAttr = choice.saveAttribute ?? choice.attribute ?? (choice.emotionalTarget ? "aura" : "body");
  const mental = (save === "dodge" || save === "evade") && choice.mental === true;
  const attribute: AttributeKey = mental
    ? "logic"
    : save === "standard"
      ? standardAttr
      : save === "health"
        ? "body"
        : save === "initiative"
          ? "reflex"
          : save === "perception"
            ? "mind"
            : "agility";
  const a = actor.attributes[attribute];
  const prepared = saveCheck({
    save,
    attrCapacity: a.capacity,
    modifier: save === "initiative" ? actor.initiativeLevel : a.modifier,
    ...(save === "standard" ? { attribute } : {}),
    ...(mental ? { mental: true } : {}),
    bctCapacity: actor.bctCapacity,
    ...(save === "perception" && choice.careful ? { careful: choice.careful } : {}),
  });
  const { attribute: _a, action: _x, declinable: _d, maneuverPenalty: _m, ...input } = prepared;
  return {
    prepared: input,
    subject: subjectOf("save", { save, attribute, emotionalTarget: choice.emotionalTarget ?? null }),
    problems: [],
  };
}

function baseOf(actor: CheckActor, choice: CheckChoice, options: CheckBuildOptions): Base {
  if (choice.prepared) {
    const skill = findSkill(actor, choice.skillId);
    return {
      prepared: { ...choice.prepared },
      subject: subjectOf(choice.prepared.kind, {
        skillId: skill?.id ?? null,
        skillName: skill?.name ?? null,
        skillRef: skill?.ref ?? null,
        attribute: choice.attribute ?? skill?.attribute ?? null,
      }),
      problems: [],
    };
  }
  if (choice.darkness) {
    return {
      prepared: {
        ...darknessCheck(actor.darkness.points, options.currency),
        advantage: 0,
        disadvantage: 0,
        critMod: 0,
      },
      subject: subjectOf("attribute", { darkness: true }),
      problems: [],
    };
  }
  if (choice.kind === "save") return saveBase(actor, choice);
  if (choice.kind === "combination") {
    // A Combination's capacity and levels are its two parts' (rules `combination`): the caller's.
    const attribute = choice.attribute ?? "body";
    return {
      prepared: {
        kind: "combination",
        capacity: 1,
        attrCapacity: actor.attributes[attribute].capacity,
        advantage: 0,
        disadvantage: 0,
        critMod: 0,
        level: 0,
      },
      subject: subjectOf("combination", { attribute }),
      problems: [{ key: `${ROLLS_KEY}.Problem.NoCombination` }],
    };
  }
  if (choice.kind === "attribute" || choice.kind === "strengthFeat") {
    const attribute = choice.attribute ?? "body";
    const a = actor.attributes[attribute];
    const prepared = attributeCheck({ capacity: a.capacity, modifier: a.modifier });
    return {
      prepared: { ...prepared, kind: choice.kind },
      subject: subjectOf(choice.kind, { attribute }),
      problems: [],
    };
  }
  if (choice.emotionalTarget && !choice.skillId) {
    const skill = emotionalSkill(actor, choice.emotionalTarget);
    if (!skill) return saveBase(actor, { ...choice, kind: "save", save: "standard", saveAttribute: "aura" });
    return skillBase(actor, choice, skill);
  }
  return skillBase(actor, choice, findSkill(actor, choice.skillId));
}

const lineOf = (key: string, dice: Partial<ModifierLine>, data?: Record<string, string>): ModifierLine => ({
  key: `${ROLLS_KEY}.Line.${key}`,
  ...(data ? { data } : {}),
  advantage: dice.advantage ?? 0,
  disadvantage: dice.disadvantage ?? 0,
  critMod: dice.critMod ?? 0,
});

const hasDice = (l: ModifierLine): boolean => l.advantage + l.disadvantage + l.critMod > 0;

/** The lines the rules add by themselves: the conditions, adrenaline, Darkness, the underlines. */
function automaticLines(
  actor: CheckActor,
  subject: CheckSubject,
  choice: CheckChoice,
  options: CheckBuildOptions,
): ModifierLine[] {
  const initiative = subject.save === "initiative";
  const emotionalSave = subject.emotionalTarget !== null;
  const conditions = conditionDice(
    actor.marks,
    {
      attribute: subject.darkness ? null : subject.attribute,
      emotionalTarget: subject.emotionalTarget,
      initiative,
      healthSave: subject.save === "health",
    },
    options.conditions,
  );
  const skill = subject.skillId ? actor.skills.find((s) => s.id === subject.skillId) : undefined;
  const use = choice.use ?? defaultUse(subject.skillRef);
  const adrenaline = adrenalineDice(actor.adrenaline, {
    emotionalSave,
    skill: subject.skillRef,
    ...(use ? { use } : {}),
    aggressiveAction: subject.kind === "strengthFeat",
    initiative,
  });
  const darkness = subject.darkness
    ? { advantage: 0, disadvantage: 0 }
    : darknessDice(
        actor.darkness.level,
        { skill: subject.skillRef, appearance: subject.attribute === "appearance", initiative },
        options.currency,
      );
  const lines = [
    lineOf("Conditions", conditions),
    lineOf("Adrenaline", adrenaline, { level: String(actor.adrenaline.level) }),
    lineOf("Darkness", darkness, { level: String(actor.darkness.level) }),
  ];
  if (skill && subject.kind === "skill" && !choice.prepared)
    lines.push(lineOf("Underlines", { critMod: skill.underlines }));
  return lines.filter(hasDice);
}

/**
 * The Maneuver penalty's line: its disadvantage dice on the roller's next roll, any roll but the
 * Initiative save (the next initiative clears it instead).
 */
function maneuverLines(actor: CheckActor, subject: CheckSubject): ModifierLine[] {
  const m = actor.maneuver;
  if (!m || m.dice <= 0 || subject.save === "initiative") return [];
  return [lineOf("Maneuver", { disadvantage: m.dice }, { source: maneuverSourceKey(m.after) })];
}

/** The lines the roller chose: situational dice, +crit sources, the caller's +crit. */
function chosenLines(choice: CheckChoice): ModifierLine[] {
  const lines = [
    lineOf("Situation", { advantage: count(choice.advantage), disadvantage: count(choice.disadvantage) }),
  ];
  for (const key of CHOSEN_CRIT_SOURCES) {
    const n = count(choice.crit?.[key]);
    const per = CRIT_SOURCES.find((s) => s.key === key)!.per;
    if (n)
      lines.push(
        lineOf(
          "Crit",
          { critMod: n * per },
          { source: `POLYVERSE.VirtuallyReal.Check.CritSource.${key}`, count: String(n) },
        ),
      );
  }
  if (count(choice.critMod)) lines.push(lineOf("CritOther", { critMod: count(choice.critMod) }));
  return lines.filter(hasDice);
}

/**
 * The check an actor makes for a choice: the rules' input with every line's dice added, the lines,
 * what it is of, and any problem.
 */
export function buildCheck(
  actor: CheckActor,
  choice: CheckChoice,
  options: CheckBuildOptions = {},
): BuiltCheck {
  const base = baseOf(actor, choice, options);
  const lines = [
    ...automaticLines(actor, base.subject, choice, options),
    ...maneuverLines(actor, base.subject),
    ...chosenLines(choice),
  ];
  const sum = (k: "advantage" | "disadvantage" | "critMod") => lines.reduce((s, l) => s + l[k], 0);
  const luck = count(choice.luck);
  const input: PreparedCheck = {
    ...base.prepared,
    advantage: base.prepared.advantage + sum("advantage"),
    disadvantage: base.prepared.disadvantage + sum("disadvantage"),
    critMod: base.prepared.critMod + sum("critMod"),
    ...(luck ? { luck } : {}),
  };
  return { input, lines, subject: base.subject, problems: base.problems };
}
