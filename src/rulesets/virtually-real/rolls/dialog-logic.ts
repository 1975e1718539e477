/**
 * The Virtually Real check dialog's model (core's `DialogModel` on the `RollDialog` shell),
 * Foundry-free: what is rolled (the skill and its related attribute, the attribute, the save), the
 * DL (a row of the Difficulty Levels table, its Combo column for a Combination, or a number), the
 * situational advantages and disadvantages (a conflicted roll is the rules' to decide), Luck, the
 * sources of +crit the roller counts (rules `CRIT_SOURCES`), how a defensive or aggressive skill is
 * used (adrenaline), Careful Perception, a mental attack's Dodge or Evade; the dice the rules add by
 * themselves shown as lines (the conditions of the actor's marks, adrenaline, Darkness, the skill's
 * underlines); and the live exact odds (rules `checkOdds`) of a critical failure, a failure, close
 * enough and a success, with the chance of a brilliant result beside them. Combining skills: a
 * skill check may add a second skill's XP (Added Experience) and helpers (other characters, each
 * with their share of XP and +1 crit), a skill or attribute check may be rolled as a Combination
 * with a second skill or attribute (the DL from the Combo column), and a skill check may follow
 * another's failed attempt ("I'll try too!").
 */
import type {
  DialogChoice,
  DialogEvaluation,
  DialogField,
  DialogModel,
  DialogText,
  FieldGroup,
  SummaryBlock,
} from "../../../core/roll-dialog-model";
import { formatChance } from "../../../core/roll-dialog-model";
import { formatNumber } from "../../../core/i18n-logic";
import {
  ATTRIBUTE_KEYS,
  DL_TABLE,
  MAX_POOL,
  SAVE_KINDS,
  checkOdds,
  dlFor,
  planCheck,
  type AttributeKey,
  type CheckOptions,
  type CheckPlan,
  type CritSourceKey,
  type DLKey,
  type SaveKind,
} from "../rules";
import {
  CHOSEN_CRIT_SOURCES,
  MAX_HELPERS,
  ROLLS_KEY,
  TEAM_KEY,
  buildCheck,
  defaultUse,
  findSkill,
  mateSkill,
  normalizeTeam,
  useMatters,
  type BuiltCheck,
  type CheckActor,
  type CheckBuildOptions,
  type CheckChoice,
  type SkillUse,
  type TeamChoice,
  type TeamMate,
} from "./check-input-logic";
import {
  attributeName,
  capacityLines,
  critSourceName,
  diceText,
  dlName,
  keepText,
  lineLabel,
  rangeText,
  saveName,
  signed,
  subjectLabel,
  type Localize,
} from "./text-logic";

const KEY = `${ROLLS_KEY}.Dialog`;

/** The most situational dice, Luck and counted +crit the dialog offers. */
export const MAX_SITUATION_DICE = 10;
export const MAX_LUCK = 5;
export const MAX_CRIT_COUNT = 5;

/** What the dialog is opened with. */
export interface CheckDialogInput {
  actor: CheckActor;
  /** The caller's start: the kind, what is rolled, dice and +crit already settled, a prepared check. */
  choice: CheckChoice;
  /** The caller's DL (null: none). */
  dl: number | null;
  /** A caller's heading. */
  label: string | null;
  check: Required<CheckOptions>;
  build: CheckBuildOptions;
  /** What is rolled is the caller's (an opposed check's other side, an emotional save). */
  lockSubject?: boolean;
  /**
   * The DL is this opponent's total, rolled on the card (no DL chosen here); `dl` the total the odds
   * are read against when it is known (the other side's, one more when ties go to them).
   */
  against?: { name: string; total?: number; dl?: number } | null;
  /** The characters who may help (none: no helpers offered), and the world's `maxHelpers` (0: no limit). */
  team?: { mates: readonly TeamMate[]; maxHelpers: number } | null;
}

/** How the check combines skills: alone, with Added Experience, or as a Combination. */
export type TeamMode = "single" | "added" | "combination";

/** The dialog's state. */
export interface CheckDialogState {
  skillId: string;
  attribute: AttributeKey | "";
  save: SaveKind | "";
  /** "" none, a DL table row, or "custom" (`dlValue`). */
  dl: DLKey | "" | "custom";
  dlValue: number | null;
  advantage: number;
  disadvantage: number;
  luck: number;
  crit: Partial<Record<CritSourceKey, number>>;
  critOther: number;
  use: SkillUse | "";
  careful: 0 | 1 | 2;
  mental: boolean;
  mode: TeamMode;
  /** Added Experience's second skill. */
  secondSkillId: string;
  /** A Combination's second part: `skill:<id>` or `attribute:<key>`. */
  combineWith: string;
  /** The helpers' actor UUIDs. */
  helpers: string[];
  triedToo: boolean;
}

const clampInt = (n: unknown, min: number, max: number, fallback = 0): number => {
  const v = typeof n === "number" ? n : Number.parseInt(String(n), 10);
  return Number.isFinite(v) ? Math.min(max, Math.max(min, Math.trunc(v))) : fallback;
};
const isAttribute = (v: unknown): v is AttributeKey => (ATTRIBUTE_KEYS as readonly unknown[]).includes(v);
const isSave = (v: unknown): v is SaveKind => (SAVE_KINDS as readonly unknown[]).includes(v);

/** Whether the check reads the Combo column of the DL table. */
const isCombination = (input: CheckDialogInput, state?: CheckDialogState) =>
  (input.choice.prepared?.kind ?? input.choice.kind) === "combination" || state?.mode === "combination";

/**
 * Whether the dialog offers combining skills: a skill or attribute check the roller settles, opened
 * with the characters who may help (`team`: not for a fight's or a story's own check).
 */
const teamOffered = (input: CheckDialogInput): boolean => {
  const c = input.choice;
  if (!input.team || input.lockSubject || c.prepared || c.darkness || c.emotionalTarget || input.against)
    return false;
  return c.kind === "skill" || c.kind === "attribute" || c.kind === "combination";
};

/** The dialog's start from a caller's team (a macro's `secondSkill`, `helpers`, `combination`, `triedToo`). */
function startTeam(
  input: CheckDialogInput,
): Pick<CheckDialogState, "mode" | "secondSkillId" | "combineWith" | "helpers" | "triedToo"> {
  const t: TeamChoice = input.choice.team ?? {};
  const combine = t.combineSkillId
    ? `skill:${findSkill(input.actor, t.combineSkillId)?.id ?? t.combineSkillId}`
    : t.combineAttribute
      ? `attribute:${t.combineAttribute}`
      : "";
  const mode: TeamMode =
    input.choice.kind === "combination" && !input.choice.prepared
      ? "combination"
      : t.secondSkillId
        ? "added"
        : "single";
  return {
    mode,
    secondSkillId: t.secondSkillId ? (findSkill(input.actor, t.secondSkillId)?.id ?? t.secondSkillId) : "",
    combineWith: combine,
    helpers: [...(t.helpers ?? [])].slice(0, MAX_HELPERS),
    triedToo: t.triedToo === true,
  };
}

/** The DL table row whose DL (or Combo) is `dl`, if any. */
function dlKeyOf(dl: number, combination: boolean): DLKey | null {
  return DL_TABLE.find((row) => (combination ? row.combo : row.dl) === dl)?.key ?? null;
}

/** The state the dialog opens with: the caller's choice. */
export function startState(input: CheckDialogInput): CheckDialogState {
  const c = input.choice;
  const key = input.dl === null ? null : dlKeyOf(input.dl, isCombination(input));
  const skill = findSkill(input.actor, c.skillId);
  return {
    skillId: skill?.id ?? "",
    attribute: c.attribute ?? "",
    save: c.save ?? "",
    dl: input.dl === null ? "" : (key ?? "custom"),
    dlValue: input.dl,
    advantage: clampInt(c.advantage, 0, MAX_SITUATION_DICE),
    disadvantage: clampInt(c.disadvantage, 0, MAX_SITUATION_DICE),
    luck: clampInt(c.luck, 0, MAX_LUCK),
    crit: Object.fromEntries(
      CHOSEN_CRIT_SOURCES.map((k) => [k, clampInt(c.crit?.[k], 0, MAX_CRIT_COUNT)]),
    ) as CheckDialogState["crit"],
    critOther: clampInt(c.critMod, 0, MAX_SITUATION_DICE),
    use: c.use ?? defaultUse(skill?.ref ?? null) ?? "",
    careful: c.careful ?? 0,
    mental: c.mental === true,
    ...startTeam(input),
  };
}

/** The DL a state names (null: none). */
export function stateDL(input: CheckDialogInput, state: CheckDialogState): number | null {
  if (input.against) return null;
  if (state.dl === "") return null;
  if (state.dl === "custom") return state.dlValue;
  return dlFor(state.dl, isCombination(input, state));
}

/** The team a state names, for the check's kind (none where the dialog does not offer it). */
function stateTeam(
  input: CheckDialogInput,
  state: CheckDialogState,
): { kind: CheckChoice["kind"]; team: TeamChoice | null } {
  const c = input.choice;
  if (!teamOffered(input)) return { kind: c.kind, team: c.team ?? null };
  const skillCheck = c.kind === "skill" || (c.kind === "combination" && Boolean(state.skillId));
  if (state.mode === "combination") {
    const [part, value] = state.combineWith.split(":");
    return {
      kind: "combination",
      team: {
        combineSkillId: part === "skill" ? (value ?? null) : null,
        combineAttribute: part === "attribute" && isAttribute(value) ? value : null,
        triedToo: state.triedToo && (skillCheck || part === "skill"),
      },
    };
  }
  const kind = c.kind === "combination" ? (state.skillId ? "skill" : "attribute") : c.kind;
  if (kind !== "skill") return { kind, team: null };
  return {
    kind,
    team: {
      secondSkillId: state.mode === "added" ? state.secondSkillId || null : null,
      helpers: [...state.helpers],
      triedToo: state.triedToo,
    },
  };
}

/** The choice a state makes (the caller's, with the roller's dice and what is rolled). */
export function stateChoice(input: CheckDialogInput, state: CheckDialogState): CheckChoice {
  const c = input.choice;
  const lock = input.lockSubject === true || Boolean(c.prepared) || c.darkness === true;
  const { kind, team } = stateTeam(input, state);
  return normalizeTeam({
    ...c,
    kind,
    team,
    ...(lock
      ? {}
      : {
          skillId: state.skillId || null,
          attribute: state.attribute || null,
          save: state.save || c.save || null,
        }),
    advantage: state.advantage,
    disadvantage: state.disadvantage,
    luck: state.luck,
    crit: { ...state.crit },
    critMod: state.critOther,
    use: state.use || null,
    careful: state.careful,
    mental: state.mental,
  });
}

/** A state read as a check: built from the actor, planned, with its DL and problems. */
export interface DialogPlan {
  built: BuiltCheck;
  plan: CheckPlan | null;
  dl: number | null;
  problems: { key: string; data?: Record<string, string> }[];
}

export function dialogPlan(input: CheckDialogInput, state: CheckDialogState): DialogPlan {
  const built = buildCheck(input.actor, stateChoice(input, state), input.build, input.team?.mates ?? []);
  const problems = [...built.problems];
  const dl = stateDL(input, state);
  if (state.dl === "custom" && dl === null) problems.push({ key: `${KEY}.Problem.NoDL` });
  let plan: CheckPlan | null = null;
  try {
    plan = planCheck(built.input, input.check);
  } catch {
    problems.push({ key: `${KEY}.Problem.TooManyDice`, data: { max: String(MAX_POOL) } });
  }
  return { built, plan, dl, problems };
}

const literal = (s: string): DialogText => ({ key: s });
const text = (key: string, data?: Record<string, string>): DialogText => ({ key, ...(data ? { data } : {}) });

/** What is rolled: the skill and its attribute, the attribute, the save (fixed when locked). */
function subjectFields(input: CheckDialogInput, state: CheckDialogState, d: DialogPlan, localize: Localize) {
  const c = input.choice;
  const fixedName = subjectLabel(d.built.subject, localize, input.label);
  if (input.lockSubject || c.prepared || c.darkness || c.emotionalTarget)
    return [
      {
        kind: "number",
        name: "subject",
        label: `${KEY}.Check`,
        value: 0,
        fixed: literal(fixedName),
      } as DialogField,
    ];
  const attributes: DialogChoice[] = ATTRIBUTE_KEYS.map((a) => ({
    value: a,
    label: `${attributeName(a, localize)} [${input.actor.attributes[a].capacity}]${signed(input.actor.attributes[a].modifier)}`,
  }));
  const fields: DialogField[] = [];
  const kind = c.kind === "combination" ? (state.skillId ? "skill" : "attribute") : c.kind;
  if (kind === "skill") {
    const skills = input.actor.skills.map((s) => ({
      value: s.id,
      label: `${s.name} [${s.capacity}]${signed(s.level)}`,
    }));
    const skill = input.actor.skills.find((s) => s.id === state.skillId);
    fields.push({
      kind: "choice",
      name: "skillId",
      label: `${KEY}.Skill`,
      value: state.skillId,
      choices: skills,
    });
    fields.push({
      kind: "choice",
      name: "attribute",
      label: `${KEY}.Related`,
      value: state.attribute || skill?.attribute || "",
      choices: attributes,
      ...(skill && state.attribute && state.attribute !== skill.attribute
        ? { hint: `${KEY}.OtherAttribute`, hintData: { name: attributeName(skill.attribute, localize) } }
        : {}),
    });
  } else if (kind === "save") {
    const saves = SAVE_KINDS.map((s) => ({ value: s, label: saveName(s, localize) }));
    fields.push({
      kind: "choice",
      name: "save",
      label: `${KEY}.Save`,
      value: state.save || "standard",
      choices: saves,
    });
    if ((state.save || "standard") === "standard")
      fields.push({
        kind: "choice",
        name: "attribute",
        label: `${KEY}.Attribute`,
        value: state.attribute || "body",
        choices: attributes,
      });
  } else {
    fields.push({
      kind: "choice",
      name: "attribute",
      label: `${KEY}.Attribute`,
      value: state.attribute || "body",
      choices: attributes,
    });
  }
  return fields;
}

/** The DL: a table row, a number, or none; against an opponent, their total. */
function dlFields(input: CheckDialogInput, state: CheckDialogState, localize: Localize): DialogField[] {
  if (input.against)
    return [
      {
        kind: "number",
        name: "dlAgainst",
        label: `${KEY}.DL`,
        value: 0,
        fixed:
          input.against.total === undefined
            ? text(`${KEY}.Against`, { name: input.against.name })
            : text(`${KEY}.AgainstTotal`, { name: input.against.name, total: String(input.against.total) }),
      },
    ];
  const combo = isCombination(input, state);
  const choices: DialogChoice[] = [
    { value: "", label: `${KEY}.NoDL` },
    ...DL_TABLE.map((row) => ({
      value: row.key,
      label: `${dlName(row.key, localize)} (${combo ? row.combo : row.dl})`,
    })),
    { value: "custom", label: `${KEY}.CustomDL` },
  ];
  const fields: DialogField[] = [
    { kind: "choice", name: "dl", label: combo ? `${KEY}.ComboDL` : `${KEY}.DL`, value: state.dl, choices },
  ];
  if (state.dl === "custom")
    fields.push({
      kind: "number",
      name: "dlValue",
      label: `${KEY}.DLValue`,
      value: state.dlValue,
      min: 0,
      max: 200,
    });
  return fields;
}

function diceFields(input: CheckDialogInput, state: CheckDialogState, d: DialogPlan): DialogField[] {
  const n = (name: string, label: string, value: number, max: number, hint?: string): DialogField => ({
    kind: "number",
    name,
    label: `${KEY}.${label}`,
    value,
    min: 0,
    max,
    ...(hint ? { hint: `${KEY}.${hint}` } : {}),
  });
  const fields: DialogField[] = [
    n("advantage", "Advantage", state.advantage, MAX_SITUATION_DICE),
    n("disadvantage", "Disadvantage", state.disadvantage, MAX_SITUATION_DICE),
    n("luck", "Luck", state.luck, MAX_LUCK, "LuckHint"),
  ];
  const subject = d.built.subject;
  if (useMatters(subject.skillRef) && subject.kind === "skill")
    fields.push({
      kind: "choice",
      name: "use",
      label: `${KEY}.Use`,
      value: state.use || defaultUse(subject.skillRef) || "defensive",
      choices: [
        { value: "defensive", label: `${KEY}.UseDefensive` },
        { value: "aggressive", label: `${KEY}.UseAggressive` },
      ],
    });
  if (subject.save === "perception")
    fields.push({
      kind: "choice",
      name: "careful",
      label: `${KEY}.Careful`,
      value: String(state.careful),
      choices: [
        { value: "0", label: `${KEY}.CarefulNone` },
        { value: "1", label: `${KEY}.CarefulOne` },
        { value: "2", label: `${KEY}.CarefulTwo` },
      ],
    });
  if ((subject.save === "dodge" || subject.save === "evade") && !input.lockSubject)
    fields.push({ kind: "checkbox", name: "mental", label: `${KEY}.Mental`, checked: state.mental });
  return fields;
}

const T = `${TEAM_KEY}.Dialog`;

/** A helper's checkbox name: `helper.<index>` into the offered mates. */
const HELPER = "helper.";

/** The characters offered as helpers: those who have the leader's skill, with their share. */
function helperOffers(input: CheckDialogInput, state: CheckDialogState) {
  const leader = findSkill(input.actor, state.skillId);
  if (!leader || !input.team) return [];
  const share = input.build.team?.helperXP === "full" ? 1 : 0.5;
  return input.team.mates.flatMap((mate, index) => {
    const skill = mateSkill(mate, leader);
    return skill ? [{ index, mate, skill, xp: Math.floor((skill.xp ?? 0) * share) }] : [];
  });
}

/**
 * Combining skills: how (alone, Added Experience, a Combination), the second skill or part, the
 * helpers (each "Name (+15 XP)"), and "I'll try too!".
 */
function teamFields(input: CheckDialogInput, state: CheckDialogState, localize: Localize): DialogField[] {
  if (!teamOffered(input)) return [];
  const c = input.choice;
  const skillCheck = c.kind === "skill" || (c.kind === "combination" && Boolean(state.skillId));
  const fields: DialogField[] = [];
  const modes: DialogChoice[] = [
    { value: "single", label: `${T}.ModeSingle` },
    ...(skillCheck ? [{ value: "added", label: `${T}.ModeAdded` }] : []),
    { value: "combination", label: `${T}.ModeCombination` },
  ];
  fields.push({ kind: "choice", name: "mode", label: `${T}.Mode`, value: state.mode, choices: modes });
  const skillLabel = (s: { name: string; capacity: number; level: number; xp?: number }) =>
    `${s.name} [${s.capacity}]${signed(s.level)} (${localize(`${T}.XP`, { xp: String(s.xp ?? 0) })})`;
  if (state.mode === "added" && skillCheck)
    fields.push({
      kind: "choice",
      name: "secondSkillId",
      label: `${T}.SecondSkill`,
      value: state.secondSkillId,
      choices: [
        { value: "", label: `${T}.Choose` },
        ...input.actor.skills
          .filter((s) => s.id !== state.skillId)
          .map((s) => ({ value: s.id, label: skillLabel(s) })),
      ],
      hint: `${T}.SecondSkillHint`,
    });
  if (state.mode === "combination")
    fields.push({
      kind: "choice",
      name: "combineWith",
      label: `${T}.CombineWith`,
      value: state.combineWith,
      choices: [
        { value: "", label: `${T}.Choose` },
        ...input.actor.skills
          .filter((s) => s.id !== state.skillId)
          .map((s) => ({ value: `skill:${s.id}`, label: `${s.name} [${s.capacity}]${signed(s.level)}` })),
        ...ATTRIBUTE_KEYS.map((a) => ({
          value: `attribute:${a}`,
          label: `${attributeName(a, localize)} [${input.actor.attributes[a].capacity}]${signed(input.actor.attributes[a].modifier)}`,
        })),
      ],
      hint: `${T}.CombineHint`,
    });
  if (state.mode !== "combination" && skillCheck && input.team) {
    const offers = helperOffers(input, state);
    if (!offers.length)
      fields.push({
        kind: "number",
        name: "helpersNone",
        label: `${T}.Helpers`,
        value: 0,
        fixed: { key: `${T}.NoHelpers` },
      });
    for (const o of offers)
      fields.push({
        kind: "checkbox",
        name: `${HELPER}${o.index}`,
        label: `${T}.Helper`,
        data: { name: o.mate.name },
        checked: state.helpers.includes(o.mate.uuid),
        badge: localize(`${T}.HelperBadge`, { xp: String(o.xp) }),
      });
  }
  if (skillCheck || state.combineWith.startsWith("skill:"))
    fields.push({
      kind: "checkbox",
      name: "triedToo",
      label: `${T}.TriedToo`,
      checked: state.triedToo,
      hint: `${T}.TriedTooHint`,
    });
  return fields;
}

function critFields(input: CheckDialogInput, state: CheckDialogState, localize: Localize): DialogField[] {
  return [
    ...CHOSEN_CRIT_SOURCES.map((k): DialogField => ({
      kind: "number",
      name: `crit.${k}`,
      label: critSourceName(k, localize),
      value: state.crit[k] ?? 0,
      min: 0,
      max: MAX_CRIT_COUNT,
      // A character ticked as a helper above adds its own +1 crit: this counts the others.
      ...(k === "helper" && teamOffered(input) ? { hint: `${T}.HelperCritHint` } : {}),
    })),
    {
      kind: "number",
      name: "critOther",
      label: `${KEY}.CritOther`,
      value: state.critOther,
      min: 0,
      max: MAX_SITUATION_DICE,
    },
  ];
}

/** The summary: each line's dice, then how the pool is rolled and kept, the level, the ranges. */
function summaryOf(d: DialogPlan, localize: Localize): SummaryBlock[] {
  const rows = d.built.lines.map((line) => ({
    label: literal(lineLabel(line, localize)),
    amount: literal(diceText(line, localize)),
  }));
  if (!d.plan) return [{ heading: text(`${KEY}.Lines`), rows }];
  const input = d.built.input;
  const bonus = input.level + (input.flat ?? 0);
  for (const line of capacityLines(input, d.plan, localize))
    rows.push({ label: literal(line.label), amount: literal(line.dice) });
  rows.push({ label: text(`${KEY}.Bonus`), amount: literal(signed(bonus)) });
  const total: DialogText[] = [literal(keepText(d.plan, localize)), literal(rangeText(d.plan, localize))];
  return [{ heading: text(`${KEY}.Lines`), rows, total }];
}

/** The live exact odds: critical failure, failure, close enough, success (with a DL); else critical and brilliant. */
function oddsOf(input: CheckDialogInput, d: DialogPlan): DialogEvaluation["odds"] {
  if (!d.plan) return null;
  const c = d.built.input;
  if (input.against?.dl !== undefined) {
    const odds = checkOdds({ ...c, dl: input.against.dl }, input.check);
    return {
      heading: text(`${ROLLS_KEY}.Odds.HeadingAgainst`, { name: input.against.name }),
      outcomes: [
        { label: text(`${ROLLS_KEY}.Odds.Win`), probability: odds.success, tone: "success" },
        { label: text(`${ROLLS_KEY}.Odds.Lose`), probability: 1 - odds.success, tone: "failure" },
      ],
    };
  }
  if (input.against) return { message: text(`${KEY}.OddsOpposed`) };
  const odds = checkOdds({ ...c, dl: d.dl ?? 0 }, input.check);
  const o = `${ROLLS_KEY}.Odds`;
  if (d.dl === null)
    return {
      heading: text(`${o}.HeadingNoDL`, { mean: formatNumber(odds.expected, { maximumFractionDigits: 1 }) }),
      outcomes: [
        { label: text(`${o}.Critical`), probability: odds.criticalFailure, tone: "failure" },
        { label: text(`${o}.Brilliant`), probability: odds.brilliant, tone: "critical" },
        {
          label: text(`${o}.Other`),
          probability: Math.max(0, 1 - odds.criticalFailure - odds.brilliant),
          tone: "neutral",
        },
      ],
    };
  return {
    heading: text(`${o}.Heading`, {
      dl: String(d.dl),
      mean: formatNumber(odds.expected, { maximumFractionDigits: 1 }),
    }),
    outcomes: [
      { label: text(`${o}.Critical`), probability: odds.criticalFailure, tone: "failure" },
      { label: text(`${o}.Failure`), probability: odds.failure, tone: "neutral" },
      { label: text(`${o}.CloseEnough`), probability: odds.closeEnough, tone: "partial" },
      { label: text(`${o}.Success`), probability: odds.success, tone: "success" },
    ],
  };
}

/** The chance of a brilliant result, as a note beside the odds (it overlaps success and failure). */
function brilliantNote(input: CheckDialogInput, d: DialogPlan): DialogText | null {
  if (!d.plan || input.against || d.dl === null) return null;
  const odds = checkOdds({ ...d.built.input, dl: d.dl }, input.check);
  return text(`${ROLLS_KEY}.Odds.BrilliantNote`, { chance: formatChance(odds.brilliant) });
}

/** What the dialog shows for a state. */
export function evaluateDialog(
  input: CheckDialogInput,
  state: CheckDialogState,
  localize: Localize,
): DialogEvaluation {
  const d = dialogPlan(input, state);
  const groups: FieldGroup[] = [
    { fields: [...subjectFields(input, state, d, localize), ...dlFields(input, state, localize)] },
    ...(teamOffered(input) ? [{ legend: `${T}.Legend`, fields: teamFields(input, state, localize) }] : []),
    { legend: `${KEY}.Dice`, fields: diceFields(input, state, d) },
    { legend: `${KEY}.CritSources`, fields: critFields(input, state, localize) },
  ];
  const notes: DialogText[] = [];
  const brilliant = brilliantNote(input, d);
  if (brilliant) notes.push(brilliant);
  if (d.plan?.keepRule === "conflicted") notes.push(text(`${KEY}.ConflictedNote`));
  return {
    groups,
    summary: summaryOf(d, localize),
    problems: d.problems.map((p) => text(p.key, p.data)),
    notes,
    odds: d.problems.length ? null : oddsOf(input, d),
  };
}

/** Read an input into the state. */
export function changeState(
  state: CheckDialogState,
  name: string,
  value: string | boolean,
): CheckDialogState {
  const v = typeof value === "string" ? value : "";
  if (name.startsWith("crit.")) {
    const key = name.slice(5) as CritSourceKey;
    if (!CHOSEN_CRIT_SOURCES.includes(key)) return state;
    return { ...state, crit: { ...state.crit, [key]: clampInt(v, 0, MAX_CRIT_COUNT) } };
  }
  if (name.startsWith(HELPER)) return state;
  switch (name) {
    case "skillId":
      return { ...state, skillId: v, attribute: "", helpers: [], secondSkillId: "" };
    case "mode":
      return v === "single" || v === "added" || v === "combination" ? { ...state, mode: v } : state;
    case "secondSkillId":
      return { ...state, secondSkillId: v };
    case "combineWith":
      return { ...state, combineWith: v };
    case "triedToo":
      return { ...state, triedToo: value === true };
    case "attribute":
      return isAttribute(v) ? { ...state, attribute: v } : state;
    case "save":
      return isSave(v) ? { ...state, save: v } : state;
    case "dl":
      return v === "" || v === "custom" || DL_TABLE.some((r) => r.key === v)
        ? { ...state, dl: v as CheckDialogState["dl"] }
        : state;
    case "dlValue":
      return { ...state, dlValue: v.trim() === "" ? null : clampInt(v, 0, 200) };
    case "advantage":
    case "disadvantage":
      return { ...state, [name]: clampInt(v, 0, MAX_SITUATION_DICE) };
    case "luck":
      return { ...state, luck: clampInt(v, 0, MAX_LUCK) };
    case "critOther":
      return { ...state, critOther: clampInt(v, 0, MAX_SITUATION_DICE) };
    case "use":
      return v === "defensive" || v === "aggressive" ? { ...state, use: v } : state;
    case "careful":
      return { ...state, careful: clampInt(v, 0, 2) as 0 | 1 | 2 };
    case "mental":
      return { ...state, mental: value === true };
    default:
      return state;
  }
}

/** Read an input into the state, a helper's checkbox by the mates the dialog offers. */
export function changeTeamState(
  input: CheckDialogInput,
  state: CheckDialogState,
  name: string,
  value: string | boolean,
): CheckDialogState {
  if (!name.startsWith(HELPER)) return changeState(state, name, value);
  const mate = input.team?.mates[clampInt(name.slice(HELPER.length), 0, MAX_POOL * 100, -1)];
  if (!mate) return state;
  const others = state.helpers.filter((u) => u !== mate.uuid);
  return { ...state, helpers: value === true ? [...others, mate.uuid] : others };
}

/** The dialog's model for a check. */
export function checkDialogModel(input: CheckDialogInput, localize: Localize): DialogModel<CheckDialogState> {
  const start = startState(input);
  const built = buildCheck(input.actor, stateChoice(input, start), input.build);
  return {
    title: `${KEY}.Title`,
    label: `${input.actor.name}: ${subjectLabel(built.subject, localize, input.label)}`,
    start,
    change: (state, name, value) => changeTeamState(input, state, name, value),
    evaluate: (state) => evaluateDialog(input, state, localize),
  };
}
