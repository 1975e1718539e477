/**
 * The Tales test dialog's model (core's `DialogModel` on the `RollDialog` shell), Foundry-free: the
 * fields of a test (any attribute with any skill or specialisation; static, dynamic or opposed
 * against a target's chosen attribute + skill or a number; the difficulty with the text's ladder),
 * the skill modifiers, co-operation with the leader's limit, boost points, Dream or Status points,
 * Enigma where a target has it, and the live exact odds (`testOdds`, `degreeOdds`): the six degrees
 * when degrees are on (else success and failure), and the success chance with and without spending
 * 1 Essence on a 6. The plan behind it is test-plan-logic.ts.
 */
import type {
  DialogEvaluation,
  DialogField,
  DialogModel,
  DialogOutcome,
  DialogText,
  FieldGroup,
  Localize,
  OutcomeTone,
  SummaryRow,
} from "../../../core/roll-dialog-model";
import { formatChance } from "../../../core/roll-dialog-model";
import {
  ATTRIBUTE_KEYS,
  DEGREE_OUTCOMES,
  SKILL_GROUPS,
  degreeOdds,
  type DegreeOdds,
  type DegreeOutcome,
  type TestOddsInput,
} from "../rules";
import { isAttributeKey, isSkillKey, type RollPart } from "./roll-logic";
import {
  EXTRA_TIMES,
  clampInt,
  startState,
  testPlan,
  type TestDialogInput,
  type TestDialogState,
  type TestPlan,
} from "./test-plan-logic";

const KEY = "POLYVERSE.Tales.RollDialog";
const T = "POLYVERSE.Tales";

/** The text's ladder of static difficulties ("3 or 4 – Routine" ... "18+ – Just Plain Stupid"). */
export const DIFFICULTY_LADDER = [
  { key: "routine", from: -Infinity, to: 4 },
  { key: "simple", from: 5, to: 6 },
  { key: "average", from: 7, to: 8 },
  { key: "difficult", from: 9, to: 11 },
  { key: "veryHard", from: 12, to: 14 },
  { key: "nearlyImpossible", from: 15, to: 17 },
  { key: "justPlainStupid", from: 18, to: Infinity },
] as const;

/** The ladder's step of a static difficulty. */
export function ladderStep(difficulty: number): (typeof DIFFICULTY_LADDER)[number]["key"] {
  return (DIFFICULTY_LADDER.find((s) => difficulty <= s.to) ?? DIFFICULTY_LADDER[6]).key;
}

/**
 * "For a dynamic test, the difficulty should be dropped by one or two points": a dynamic difficulty
 * reads as the static one 2 above it on the ladder.
 */
export const DYNAMIC_LADDER_OFFSET = 2;

const badge = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
const text = (key: string, data?: Record<string, string>) => ({ key, ...(data ? { data } : {}) });
const literal = (s: string) => ({ key: s });

const number = (
  name: string,
  label: string,
  value: number,
  min: number,
  max: number,
  extra: Partial<DialogField> = {},
): DialogField => ({ kind: "number", name, label, value, min, max, ...extra }) as DialogField;
const checkbox = (
  name: string,
  label: string,
  checked: boolean,
  badgeText = "",
  data?: Record<string, string>,
): DialogField => ({
  kind: "checkbox",
  name,
  label,
  checked,
  ...(badgeText ? { badge: badgeText } : {}),
  ...(data ? { data } : {}),
});

function skillChoices(input: TestDialogInput, localize: Localize) {
  const choices = [{ value: "", label: localize(`${KEY}.NoSkill`) }];
  for (const attribute of ATTRIBUTE_KEYS)
    for (const skill of SKILL_GROUPS[attribute])
      choices.push({
        value: skill,
        label: localize(`${KEY}.Level`, {
          name: localize(`${T}.Skill.${skill}`),
          n: String(input.skills[skill] ?? 0),
        }),
      });
  input.specialisations.forEach((s, i) =>
    choices.push({
      value: `spec:${i}`,
      label: localize(`${KEY}.Level`, {
        name: localize("POLYVERSE.Tales.Roll.Specialised", {
          skill: localize(`${T}.Skill.${s.skill}`),
          name: s.name,
        }),
        n: String(s.level),
      }),
    }),
  );
  return choices;
}

const attributeChoices = (values: Record<string, number> | null, localize: Localize) =>
  ATTRIBUTE_KEYS.map((k) => ({
    value: k,
    label: values
      ? localize(`${KEY}.Level`, { name: localize(`${T}.Attribute.${k}`), n: String(values[k] ?? 0) })
      : localize(`${T}.Attribute.${k}`),
  }));

function testFields(input: TestDialogInput, state: TestDialogState, localize: Localize): FieldGroup {
  return {
    fields: [
      {
        kind: "choice",
        name: "attribute",
        label: `${KEY}.Attribute`,
        value: state.attribute,
        choices: attributeChoices(input.attributes, localize),
      },
      {
        kind: "choice",
        name: "skill",
        label: `${KEY}.Skill`,
        value: state.skill,
        choices: skillChoices(input, localize),
      },
      {
        kind: "choice",
        name: "kind",
        label: `${KEY}.Kind`,
        value: state.kind,
        choices: (["static", "dynamic", "opposed"] as const).map((k) => ({
          value: k,
          label: `POLYVERSE.Tales.Roll.Kind.${k}`,
        })),
      },
    ],
  };
}

function difficultyFields(input: TestDialogInput, state: TestDialogState, localize: Localize): FieldGroup {
  if (state.kind !== "opposed") {
    const offset = state.kind === "dynamic" ? DYNAMIC_LADDER_OFFSET : 0;
    const step = localize(`${KEY}.Ladder.${ladderStep(state.difficulty + offset)}`);
    return {
      fields: [
        number("difficulty", `${KEY}.Difficulty`, state.difficulty, -20, 60, {
          hint: state.kind === "dynamic" ? `${KEY}.LadderDynamic` : `${KEY}.LadderStatic`,
          hintData: { step },
        }),
      ],
    };
  }
  const fields: DialogField[] = [
    {
      kind: "choice",
      name: "against",
      label: `${KEY}.Against`,
      value: state.against,
      choices: [
        { value: "", label: `${KEY}.AgainstNumber` },
        ...input.targets.map((t) => ({ value: t.uuid, label: t.name })),
      ],
    },
  ];
  const target = input.targets.find((t) => t.uuid === state.against);
  if (!target)
    fields.push(
      number("opponentBonus", `${KEY}.OpponentBonus`, state.opponentBonus, -20, 60, {
        hint: `${KEY}.OpponentBonusHint`,
      }),
    );
  else
    fields.push(
      {
        kind: "choice",
        name: "opponentAttribute",
        label: `${KEY}.OpponentAttribute`,
        value: state.opponentAttribute,
        choices: attributeChoices(null, localize),
      },
      {
        kind: "choice",
        name: "opponentSkill",
        label: `${KEY}.OpponentSkill`,
        value: state.opponentSkill,
        choices: [
          { value: "", label: localize(`${KEY}.NoSkill`) },
          ...ATTRIBUTE_KEYS.flatMap((a) =>
            SKILL_GROUPS[a].map((s) => ({ value: s, label: localize(`${T}.Skill.${s}`) })),
          ),
        ],
      },
    );
  return { fields };
}

function circumstanceFields(
  input: TestDialogInput,
  state: TestDialogState,
  plan: TestPlan,
  localize: Localize,
): FieldGroup {
  const fields: DialogField[] = [
    {
      kind: "choice",
      name: "extraTime",
      label: `${KEY}.ExtraTime`,
      value: state.extraTime,
      choices: EXTRA_TIMES.map((t) => ({ value: t, label: `${KEY}.Time.${t}` })),
    },
  ];
  if (plan.toolOffers.some((c) => c.endsWith("Tools") || c === "tools"))
    fields.push({
      kind: "choice",
      name: "tools",
      label: `${KEY}.Tools`,
      value: state.tools,
      choices: [
        { value: "none", label: `${KEY}.ToolsNone` },
        ...plan.toolOffers
          .filter((c) => c === "tools" || c === "specialistTools" || c === "eliteTools")
          .map((c) => ({ value: c, label: `${KEY}.ToolKind.${c}` })),
      ],
    });
  if (plan.toolOffers.includes("specialistGear"))
    fields.push(
      checkbox(
        "specialistGear",
        `${KEY}.SpecialistGear`,
        state.specialistGear,
        localize(`${KEY}.DegreeBadge`),
      ),
    );
  if (plan.toolOffers.includes("eliteGear") && state.kind !== "opposed")
    fields.push(checkbox("eliteGear", `${KEY}.EliteGear`, state.eliteGear));
  if (state.kind !== "opposed") {
    fields.push(number("stress", `${KEY}.Stress`, state.stress, 0, 3, { hint: `${KEY}.StressHint` }));
    fields.push(
      checkbox("underAttack", `${KEY}.UnderAttack`, state.underAttack, localize(`${KEY}.DynamicBadge`)),
    );
  }
  fields.push(checkbox("recentSuccess", `${KEY}.RecentSuccess`, state.recentSuccess, "+1"));
  if (state.attribute === "social") {
    fields.push(
      checkbox(
        "abroad",
        `${KEY}.Abroad`,
        state.abroad,
        input.wellTraveled ? localize(`${KEY}.WellTraveled`) : "−1",
      ),
    );
    if (input.foreigner)
      fields.push(checkbox("firstMeeting", `${KEY}.FirstMeeting`, state.firstMeeting, "−2"));
  }
  if (plan.enigmaTarget)
    fields.push(
      checkbox(
        "enigma",
        `${KEY}.Enigma`,
        state.enigma,
        localize(`${KEY}.EnigmaBadge`, { n: String(plan.enigmaTarget.enigma) }),
        {
          name: plan.enigmaTarget.name,
        },
      ),
    );
  fields.push(checkbox("medic", `${KEY}.Medic`, state.medic, localize(`${KEY}.TwoDice`)));
  fields.push(checkbox("clumsy", `${KEY}.Clumsy`, state.clumsy));
  fields.push(number("modifier", `${KEY}.Modifier`, state.modifier, -20, 20));
  return { legend: `${KEY}.Circumstances`, fields };
}

function pointFields(input: TestDialogInput, state: TestDialogState, plan: TestPlan): FieldGroup[] {
  const groups: FieldGroup[] = [
    {
      legend: `${KEY}.Cooperation`,
      fields: [
        number("helpers", `${KEY}.Helpers`, state.helpers, 0, 50, {
          hint: `${KEY}.HelpersHint`,
          hintData: { n: String(plan.helperLimit) },
        }),
        number("teamworkHelpers", `${KEY}.TeamworkHelpers`, state.teamworkHelpers, 0, 50),
      ],
    },
  ];
  const pool = state.boostPool === "hp" ? input.hp : input.essence;
  const points: DialogField[] = [
    {
      kind: "choice",
      name: "boostPool",
      label: `${KEY}.BoostPool`,
      value: state.boostPool,
      choices: [
        { value: "hp", label: `${KEY}.BoostHp` },
        { value: "essence", label: `${KEY}.BoostEssence` },
      ],
    },
    number("boost", `${KEY}.Boost`, state.boost, 0, Math.max(0, pool), {
      hint: `${KEY}.BoostHint`,
      hintData: { n: String(pool) },
    }),
  ];
  if (plan.reservePool)
    points.push(
      number(
        "reserve",
        `${KEY}.Reserve.${plan.reservePool.pool}`,
        state.reserve,
        0,
        plan.reservePool.points,
        {
          hint: `${KEY}.ReserveHint`,
          hintData: { n: String(plan.reservePool.points) },
        },
      ),
    );
  groups.push({ legend: `${KEY}.Points`, fields: points });
  return groups;
}

// ---- summary and odds --------------------------------------------------------------------------

function summaryOf(input: TestDialogInput, plan: TestPlan) {
  const o = plan.options;
  const row = (p: Pick<RollPart, "label" | "data">, amount: string): SummaryRow => ({
    label: text(p.label, p.data),
    amount: literal(amount),
  });
  const rows: SummaryRow[] = [
    row({ label: `${T}.Attribute.${o.attribute}` }, String(o.attributeValue)),
    ...(o.skill ? [row({ label: o.specialisation || `${T}.Skill.${o.skill}` }, String(o.skillValue))] : []),
    ...o.modifiers.map((m) => row(m, badge(m.value))),
  ];
  const total: DialogText[] = [text(`${KEY}.Total`, { n: String(o.bonus) })];
  if (o.reserve) total.push(text(`${KEY}.GateDice`, { n: String(o.reserve.points) }));
  if (o.dice > 1) total.push(text(`${KEY}.Dice`, { n: String(o.dice) }));
  if (o.wound !== "healthy")
    total.push({ key: `${KEY}.AtWound`, parts: { wound: { key: `${T}.Wound.${input.wound}` } } });
  const blocks = [{ rows, total }];
  if (o.kind !== "opposed") {
    const target =
      o.kind === "static"
        ? text("POLYVERSE.Tales.Roll.Target.Static", { n: String(o.difficulty) })
        : text(`${KEY}.${o.difficultyDice > 1 ? "DynamicTargetTwo" : "DynamicTarget"}`, {
            n: String(o.difficulty),
          });
    blocks.push({
      rows: o.difficultyParts.map((p, i) => row(p, i === 0 ? String(p.value) : badge(p.value))),
      total: [target],
    });
  } else if (plan.opponent)
    blocks.push({
      rows: [],
      total: [
        plan.opponent.name
          ? text(`${KEY}.AgainstTarget`, { name: plan.opponent.name, n: String(plan.opponent.bonus) })
          : text(`${KEY}.AgainstBonus`, { n: String(plan.opponent.bonus) }),
      ],
    });
  return blocks;
}

/** The odds input of a plan (the gating dice's bonus added by the caller). */
export function oddsInput(plan: TestPlan, spendEssence: boolean): TestOddsInput {
  const o = plan.options;
  const input: TestOddsInput = {
    kind: o.kind,
    bonus: o.bonus,
    spendEssence,
    dice: o.dice,
    clumsy: o.clumsy,
    rerolls: o.eliteToolsReroll ? 1 : 0,
    edge: o.edge,
    boost: o.boost,
    specialistGear: o.specialistGear,
    eliteGear: o.eliteGear,
  };
  if (o.tieRule !== null) input.tieRule = o.tieRule;
  if (o.kind !== "opposed") input.difficulty = o.difficulty;
  if (o.kind === "dynamic") input.difficultyDice = o.difficultyDice;
  if (o.kind === "opposed") {
    input.opponentBonus = plan.opponent?.bonus ?? 0;
    input.opponentDice = plan.opponent?.dice ?? 1;
  }
  return input;
}

/**
 * The exact odds of the six results of a plan: `degreeOdds`, mixed over the gating dice of Dream or
 * Status (each point's die adds 1 on a 4, 5 or 6: the bonus is binomial, n points at 1/2).
 */
export function planDegreeOdds(plan: TestPlan, spendEssence: boolean): DegreeOdds {
  const base = oddsInput(plan, spendEssence);
  const n = plan.options.reserve?.points ?? 0;
  if (n === 0) return degreeOdds(base);
  const out = Object.fromEntries(DEGREE_OUTCOMES.map((d) => [d, 0])) as DegreeOdds;
  let choose = 1;
  for (let k = 0; k <= n; k++) {
    const p = choose / 2 ** n;
    const odds = degreeOdds({ ...base, bonus: base.bonus + k });
    for (const d of DEGREE_OUTCOMES) out[d] += p * odds[d];
    choose = (choose * (n - k)) / (k + 1);
  }
  return out;
}

const successOf = (odds: DegreeOdds) =>
  odds.spectacularSuccess + odds.significantSuccess + odds.marginalSuccess;

const TONES: Record<DegreeOutcome, OutcomeTone> = {
  spectacularSuccess: "critical",
  significantSuccess: "success",
  marginalSuccess: "partial",
  marginalFailure: "neutral",
  dramaticFailure: "failure",
  devastatingFailure: "failure",
};

/** The odds as the dialog lists them, and the success chance with Essence spent on a 6. */
export function planOdds(input: Pick<TestDialogInput, "essence">, plan: TestPlan) {
  const without = planDegreeOdds(plan, false);
  const withEssence = input.essence >= 1 ? planDegreeOdds(plan, true) : without;
  const outcomes: DialogOutcome[] = plan.options.degrees
    ? DEGREE_OUTCOMES.map((d) => ({
        label: text(`POLYVERSE.Tales.Roll.Outcome.${d}`),
        probability: without[d],
        tone: TONES[d],
      }))
    : [
        {
          label: text("POLYVERSE.Tales.Roll.Outcome.Success"),
          probability: successOf(without),
          tone: "success",
        },
        {
          label: text("POLYVERSE.Tales.Roll.Outcome.Failure"),
          probability: 1 - successOf(without),
          tone: "failure",
        },
      ];
  return { success: successOf(without), withEssence: successOf(withEssence), outcomes };
}

/** What the dialog shows for a state. */
export function evaluateDialog(
  input: TestDialogInput,
  state: TestDialogState,
  localize: Localize,
): DialogEvaluation {
  const plan = testPlan(input, state);
  const odds = plan.problems.length ? null : planOdds(input, plan);
  const heading =
    odds && odds.withEssence > odds.success + 1e-12
      ? text(`${KEY}.Odds.WithEssence`, { p: formatChance(odds.success), q: formatChance(odds.withEssence) })
      : odds
        ? text(`${KEY}.Odds.Success`, { p: formatChance(odds.success) })
        : undefined;
  const notes = [...plan.notes];
  if (plan.options.edge) notes.push(text(`${KEY}.Note.edge`));
  if (plan.options.dice > 1) notes.push(text(`${KEY}.Note.dice`));
  if (plan.options.eliteToolsReroll) notes.push(text(`${KEY}.Note.eliteReroll`));
  if (input.savage === 4) notes.push(text(`${KEY}.Note.savage`));
  if (plan.costs.hp || plan.costs.essence)
    notes.push(
      text(`${KEY}.Note.boost${plan.costs.hp ? "Hp" : "Essence"}`, {
        n: String(plan.costs.hp || plan.costs.essence),
      }),
    );
  return {
    groups: [
      testFields(input, state, localize),
      difficultyFields(input, state, localize),
      circumstanceFields(input, state, plan, localize),
      ...pointFields(input, state, plan),
    ],
    summary: summaryOf(input, plan),
    problems: plan.problems,
    notes,
    odds: odds && heading ? { heading, outcomes: odds.outcomes } : null,
  };
}

const BOOLEANS = [
  "specialistGear",
  "eliteGear",
  "underAttack",
  "recentSuccess",
  "abroad",
  "firstMeeting",
  "enigma",
  "medic",
  "clumsy",
] as const;

/** Read one input into the state. */
export function changeState(
  input: TestDialogInput,
  state: TestDialogState,
  name: string,
  value: string | boolean,
): TestDialogState {
  const next: TestDialogState = { ...state };
  const v = String(value);
  if ((BOOLEANS as readonly string[]).includes(name)) {
    next[name as (typeof BOOLEANS)[number]] = value === true;
    return next;
  }
  switch (name) {
    case "attribute":
      if (isAttributeKey(v)) next.attribute = v;
      return next;
    case "skill":
      if (v === "" || isSkillKey(v) || (v.startsWith("spec:") && input.specialisations[Number(v.slice(5))])) {
        next.skill = v;
        next.tools = "none";
      }
      return next;
    case "kind":
      if (v === "static" || v === "dynamic" || v === "opposed") next.kind = v;
      if (next.kind === "opposed" && !next.against && input.targets[0] && state.kind !== "opposed")
        next.against = input.targets[0].uuid;
      return next;
    case "against":
      if (v === "" || input.targets.some((t) => t.uuid === v)) next.against = v;
      return next;
    case "opponentAttribute":
      if (isAttributeKey(v)) next.opponentAttribute = v;
      return next;
    case "opponentSkill":
      if (v === "" || isSkillKey(v)) next.opponentSkill = v;
      return next;
    case "extraTime":
      if ((EXTRA_TIMES as readonly string[]).includes(v)) next.extraTime = v;
      return next;
    case "tools":
      next.tools = ["none", "tools", "specialistTools", "eliteTools"].includes(v) ? v : "none";
      return next;
    case "boostPool":
      if (v === "hp" || v === "essence") next.boostPool = v;
      return next;
    case "difficulty":
      next.difficulty = clampInt(value, -20, 60, state.difficulty);
      return next;
    case "opponentBonus":
      next.opponentBonus = clampInt(value, -20, 60, state.opponentBonus);
      return next;
    case "stress":
      next.stress = clampInt(value, 0, 3, state.stress);
      return next;
    case "helpers":
    case "teamworkHelpers":
      next[name] = clampInt(value, 0, 50, state[name]);
      return next;
    case "boost":
      next.boost = clampInt(value, 0, 100, state.boost);
      return next;
    case "reserve":
      next.reserve = clampInt(value, 0, 30, state.reserve);
      return next;
    case "modifier":
      next.modifier = clampInt(value, -20, 20, state.modifier);
      return next;
    default:
      return state;
  }
}

/** The dialog's model: its title and label, its state, how an input changes it, what it shows. */
export function testDialogModel(
  input: TestDialogInput,
  label: string,
  localize: Localize,
): DialogModel<TestDialogState> {
  return {
    title: `${KEY}.Title`,
    label,
    start: startState(input),
    change: (state, name, value) => changeState(input, state, name, value),
    evaluate: (state) => evaluateDialog(input, state, localize),
  };
}
