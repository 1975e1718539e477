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
 *
 * Combining skills (chapter 1, "Combining Skills"; "I'll try too!"), the choice's `team`: Added
 * Experience adds a second skill's XP of the same capacity; helpers (other characters) each add their
 * share of their XP in the same skill and +1 crit; a Combination adds two parts' capacities less one
 * and their levels (+2 crit is the rules'); each is a line so the dialog and the card name it. Readings
 * where the text is silent: the combined level is never below the leader's own skill level (a
 * secondary skill's floor); helpers add to one skill's XP, so not to a Combination; a skill part is
 * always the Combination's first part (a Combination is symmetric but for the explosion's value,
 * which is the first part's attribute capacity); an advantage of either part applies once (each
 * condition mark counted once, adrenaline and Darkness at the larger of the two parts').
 */
import {
  AGGRESSIVE_SKILLS,
  CRIT_SOURCES,
  DEFENSIVE_SKILLS,
  addedExperienceRefusal,
  adrenalineDice,
  attributeCheck,
  combination,
  conditionDice,
  darknessCheck,
  darknessDice,
  emotionalTargetRow,
  helperShare,
  levelFromXP,
  saveCheck,
  type AdrenalineState,
  type AttributeKey,
  type CheckKind,
  type ConditionMark,
  type ConditionOptions,
  type CritSourceKey,
  type CurrencyOptions,
  type EmotionalTarget,
  type HelperXP,
  type PreparedCheck,
  type SaveKind,
  type SkillRef,
} from "../rules";
import { maneuverSourceKey, type ManeuverClaim } from "./maneuver-logic";

import {
  MAX_HELPERS,
  TEAM_KEY,
  findSkill,
  hasTeam,
  normalizeTeam,
  teamHelpers,
  type TeamChoice,
  type TeamMate,
} from "./team-logic";

export const ROLLS_KEY = "POLYVERSE.VirtuallyReal.Rolls";

export {
  MAX_HELPERS,
  TEAM_KEY,
  findSkill,
  hasTeam,
  mateSkill,
  normalizeTeam,
  teamHelpers,
  teamUsedSkills,
  type TeamChoice,
  type TeamMate,
} from "./team-logic";

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
  /** Its XP (Added Experience and helpers add XP, not levels); 0 when not read. */
  xp?: number;
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
  /** Added Experience, helpers, a Combination's second part, "I'll try too!". */
  team?: TeamChoice | null;
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
  /** What a helper adds, and the world's `maxHelpers` (0: no limit). */
  team?: { helperXP?: HelperXP; maxHelpers?: number };
}

const count = (n: number | undefined): number => (Number.isInteger(n) && (n ?? 0) > 0 ? n! : 0);

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

const short = (s: string): string => s.slice(0, 100);
/** An attribute's name key (the card's line localises it). */
const attributeKey = (a: AttributeKey) => `POLYVERSE.VirtuallyReal.Character.Attribute.${a}`;

/** The second part of a Combination, as a subject (its skill, or its attribute), or null. */
function secondPart(
  actor: CheckActor,
  team: TeamChoice,
): { skill: CheckSkill | null; attribute: AttributeKey } | null {
  if (team.combineSkillId) {
    const skill = findSkill(actor, team.combineSkillId);
    return skill ? { skill, attribute: skill.attribute } : null;
  }
  return team.combineAttribute ? { skill: null, attribute: team.combineAttribute } : null;
}

/**
 * A Combination of the roller's parts: "add the capacities of both skills, then subtract one ... Add
 * the levels of both skills" (rules `combination`); an attribute's part is its capacity and modifier.
 */
function combinationBase(actor: CheckActor, choice: CheckChoice): Base {
  const team = choice.team ?? {};
  const problems: BuiltCheck["problems"] = [];
  const skill = findSkill(actor, choice.skillId);
  if (choice.skillId && !skill) problems.push({ key: `${ROLLS_KEY}.Problem.NoSkill` });
  const attribute = choice.attribute ?? skill?.attribute ?? "body";
  const second = secondPart(actor, team);
  const a = actor.attributes[attribute];
  const first = skill
    ? { capacity: skill.capacity, level: skill.level }
    : { capacity: Math.max(1, a.capacity), level: a.modifier };
  let combined = { capacity: 1, level: 0 };
  if (!second) problems.push({ key: `${TEAM_KEY}.Problem.NoPart` });
  else if (second.skill ? second.skill.id === skill?.id : !skill && second.attribute === attribute)
    problems.push({ key: `${TEAM_KEY}.Problem.SamePart` });
  else {
    const b = second.skill
      ? { capacity: second.skill.capacity, level: second.skill.level }
      : {
          capacity: Math.max(1, actor.attributes[second.attribute].capacity),
          level: actor.attributes[second.attribute].modifier,
        };
    try {
      combined = combination(first, b);
    } catch {
      problems.push({ key: `${TEAM_KEY}.Problem.PartCapacity` });
    }
  }
  return {
    prepared: {
      kind: "combination",
      capacity: combined.capacity,
      attrCapacity: a.capacity,
      advantage: 0,
      disadvantage: 0,
      critMod: 0,
      level: combined.level,
    },
    subject: subjectOf("combination", {
      skillId: skill?.id ?? null,
      skillName: skill?.name ?? null,
      skillRef: skill?.ref ?? null,
      attribute,
    }),
    problems,
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
  if (choice.kind === "combination" && (choice.team?.combineSkillId || choice.team?.combineAttribute))
    return combinationBase(actor, choice);
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

/** The second skill or attribute a combined roll's advantages are also read for, or null. */
function secondSubject(actor: CheckActor, choice: CheckChoice, subject: CheckSubject): CheckSubject | null {
  const team = choice.team;
  if (!team || choice.prepared) return null;
  const skill =
    choice.kind === "skill" && team.secondSkillId
      ? findSkill(actor, team.secondSkillId)
      : choice.kind === "combination"
        ? (secondPart(actor, team)?.skill ?? null)
        : null;
  if (skill)
    return {
      ...subject,
      skillId: skill.id,
      skillName: skill.name,
      skillRef: skill.ref,
      attribute: skill.attribute,
    };
  if (choice.kind === "combination" && team.combineAttribute)
    return { ...subject, skillId: null, skillName: null, skillRef: null, attribute: team.combineAttribute };
  return null;
}

const lineOf = (key: string, dice: Partial<ModifierLine>, data?: Record<string, string>): ModifierLine => ({
  key: `${ROLLS_KEY}.Line.${key}`,
  ...(data ? { data } : {}),
  advantage: dice.advantage ?? 0,
  disadvantage: dice.disadvantage ?? 0,
  critMod: dice.critMod ?? 0,
});

const hasDice = (l: ModifierLine): boolean => l.advantage + l.disadvantage + l.critMod > 0;

type Dice = { advantage: number; disadvantage: number; critMod?: number };

/** Each die source once, whichever part it applies to: the larger of the two parts' dice. */
const either = (a: Dice, b: Dice | null): Dice =>
  b
    ? {
        advantage: Math.max(a.advantage, b.advantage),
        disadvantage: Math.max(a.disadvantage, b.disadvantage),
        critMod: Math.max(a.critMod ?? 0, b.critMod ?? 0),
      }
    : a;

/** The dice the rules add by themselves to one subject: the conditions, adrenaline, Darkness. */
function subjectDice(
  actor: CheckActor,
  subject: CheckSubject,
  choice: CheckChoice,
  options: CheckBuildOptions,
  marks: CheckActor["marks"],
): { conditions: Dice; adrenaline: Dice; darkness: Dice } {
  const initiative = subject.save === "initiative";
  const emotionalSave = subject.emotionalTarget !== null;
  const conditions = conditionDice(
    marks,
    {
      attribute: subject.darkness ? null : subject.attribute,
      emotionalTarget: subject.emotionalTarget,
      initiative,
      healthSave: subject.save === "health",
    },
    options.conditions,
  );
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
  return { conditions, adrenaline, darkness };
}

/** The conditions' dice of a combined roll: each mark once, if it applies to either part. */
function eitherConditions(
  actor: CheckActor,
  subjects: readonly CheckSubject[],
  choice: CheckChoice,
  options: CheckBuildOptions,
): Dice {
  const sum = { advantage: 0, disadvantage: 0, critMod: 0 };
  for (const mark of actor.marks) {
    const dice = subjects
      .map((s) => subjectDice(actor, s, choice, options, [mark]).conditions)
      .reduce((a, b) => either(a, b));
    sum.advantage += dice.advantage;
    sum.disadvantage += dice.disadvantage;
    sum.critMod += dice.critMod ?? 0;
  }
  return sum;
}

/**
 * The lines the rules add by themselves: the conditions, adrenaline, Darkness, the underlines. With a
 * second part (Added Experience, a Combination), "Advantages apply to the roll if they would apply to
 * either skill", once.
 */
function automaticLines(
  actor: CheckActor,
  subject: CheckSubject,
  choice: CheckChoice,
  options: CheckBuildOptions,
  second: CheckSubject | null = null,
): ModifierLine[] {
  const own = subjectDice(actor, subject, choice, options, actor.marks);
  const other = second ? subjectDice(actor, second, choice, options, actor.marks) : null;
  const conditions = second ? eitherConditions(actor, [subject, second], choice, options) : own.conditions;
  const skill = subject.skillId ? actor.skills.find((s) => s.id === subject.skillId) : undefined;
  const lines = [
    lineOf("Conditions", conditions),
    lineOf("Adrenaline", either(own.adrenaline, other?.adrenaline ?? null), {
      level: String(actor.adrenaline.level),
    }),
    lineOf("Darkness", either(own.darkness, other?.darkness ?? null), {
      level: String(actor.darkness.level),
    }),
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

const teamLine = (key: string, data: Record<string, string>, critMod = 0): ModifierLine => ({
  key: `${TEAM_KEY}.Line.${key}`,
  data,
  advantage: 0,
  disadvantage: 0,
  critMod,
});

/** What a team adds to a skill check: Added Experience's and helpers' XP, their lines and +crit. */
function teamOf(
  actor: CheckActor,
  choice: CheckChoice,
  base: Base,
  options: CheckBuildOptions,
  mates: readonly TeamMate[],
): { level: number | null; lines: ModifierLine[]; problems: BuiltCheck["problems"] } {
  const team = choice.team ?? {};
  const lines: ModifierLine[] = [];
  const problems: BuiltCheck["problems"] = [];
  const plain = !choice.prepared && !choice.darkness && !choice.emotionalTarget;
  const helpers = team.helpers ?? [];
  const skillOnly = Boolean(team.secondSkillId) || helpers.length > 0;
  if (!plain || (skillOnly && choice.kind !== "skill") || (team.triedToo && base.subject.skillId === null))
    return { level: null, lines, problems: [{ key: `${TEAM_KEY}.Problem.NotHere` }] };
  if (choice.kind === "combination") {
    const second = secondPart(actor, team);
    if (second)
      lines.push(
        teamLine("Combination", {
          first: short(base.subject.skillName ?? attributeKey(base.subject.attribute ?? "body")),
          second: short(second.skill?.name ?? attributeKey(second.attribute)),
          capacity: String(base.prepared.capacity),
          level: String(base.prepared.level),
        }),
      );
  }
  const leader = base.subject.skillId ? findSkill(actor, base.subject.skillId) : null;
  let xp = leader?.xp ?? 0;
  if (choice.kind === "skill" && team.secondSkillId && leader) {
    const second = findSkill(actor, team.secondSkillId);
    if (!second) problems.push({ key: `${TEAM_KEY}.Problem.NoSecondSkill` });
    else if (second.id === leader.id) problems.push({ key: `${TEAM_KEY}.Problem.SameSkill` });
    else {
      const refusal = addedExperienceRefusal([leader, second]);
      if (refusal)
        problems.push({
          key: `${TEAM_KEY}.Problem.Capacity`,
          data: {
            first: leader.name,
            second: second.name,
            a: String(refusal.capacities[0]),
            b: String(refusal.capacities[1]),
          },
        });
      xp += second.xp ?? 0;
      lines.push(teamLine("Added", { skill: short(second.name), xp: String(second.xp ?? 0) }));
    }
  }
  const max = options.team?.maxHelpers ?? 0;
  if (helpers.length > MAX_HELPERS || (max > 0 && helpers.length > max))
    problems.push({ key: `${TEAM_KEY}.Problem.TooMany`, data: { max: String(max > 0 ? max : MAX_HELPERS) } });
  if (new Set(helpers).size !== helpers.length) problems.push({ key: `${TEAM_KEY}.Problem.Twice` });
  if (leader)
    for (const h of teamHelpers(actor, choice, mates)) {
      if (!h.mate) {
        problems.push({ key: `${TEAM_KEY}.Problem.NoHelper` });
        continue;
      }
      if (!h.skill) {
        problems.push({
          key: `${TEAM_KEY}.Problem.LacksSkill`,
          data: { name: h.mate.name, skill: leader.name },
        });
        continue;
      }
      const share = helperShare(h.skill.xp ?? 0, options.team ?? {});
      xp += share;
      lines.push(teamLine("Helper", { name: short(h.mate.name), xp: String(share) }, 1));
    }
  if (team.triedToo) lines.push(teamLine("TriedToo", {}));
  const added = choice.kind === "skill" && leader && (team.secondSkillId || helpers.length);
  return { level: added ? Math.max(leader.level, levelFromXP(xp)) : null, lines, problems };
}

/**
 * The check an actor makes for a choice: the rules' input with every line's dice added, the lines,
 * what it is of, and any problem. `mates`: the characters a choice's helpers are read from.
 */
export function buildCheck(
  actor: CheckActor,
  given: CheckChoice,
  options: CheckBuildOptions = {},
  mates: readonly TeamMate[] = [],
): BuiltCheck {
  const choice = normalizeTeam(given);
  const raw = baseOf(actor, choice, options);
  const team = hasTeam(choice.team) ? teamOf(actor, choice, raw, options, mates) : null;
  const base: Base = team
    ? {
        ...raw,
        prepared: team.level === null ? raw.prepared : { ...raw.prepared, level: team.level },
        problems: [...raw.problems, ...team.problems],
      }
    : raw;
  const second = secondSubject(actor, choice, base.subject);
  const lines = [
    ...automaticLines(actor, base.subject, choice, options, second),
    ...maneuverLines(actor, base.subject),
    ...chosenLines(choice),
    ...(team?.lines ?? []),
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
