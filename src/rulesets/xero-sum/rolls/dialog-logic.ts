/**
 * The Xero Sum check dialog's model (core's `DialogModel` on the `RollDialog` shell), Foundry-free:
 * the skill (or none: an attribute check) and the attribute, the skill's own by default (Barter's
 * per `barterAttribute`); Table 4's conditional modifiers as a list to pick from, the caller's CMods,
 * a First Impression, an item's bonus, and one CMod of the roller's own; the Insight use before the
 * roll (a third die, or +3); and the live exact odds (rules `checkOdds`, `momentOdds`,
 * `opposedOdds`): each band, a Moment of Low and of High Insight, or an opposed check's win, draw
 * and loss. The plan behind it is check-plan-logic.ts.
 */
import type {
  DialogChoice,
  DialogEvaluation,
  DialogField,
  DialogModel,
  DialogOutcome,
  FieldGroup,
  OutcomeTone,
  SummaryBlock,
} from "../../../core/roll-dialog-model";
import { formatChance } from "../../../core/roll-dialog-model";
import {
  ATTRIBUTE_KEYS,
  BANDS,
  CONDITIONAL_LABELS,
  MAX_CONDITIONAL,
  MIN_CONDITIONAL,
  SKILL_KEYS,
  checkOdds,
  isStarred,
  momentOdds,
  opposedOdds,
  skillAttribute,
  totalOdds,
  type Band,
} from "../rules";
import {
  MAX_OTHER_CMOD,
  checkPlan,
  clampInt,
  gearFits,
  skillMod,
  startState,
  gearDefaults,
  stateTraits,
  traitParts,
  traitsOf,
  type CheckDialogInput,
  type CheckDialogState,
  type CheckPlan,
} from "./check-plan-logic";
import { insightField } from "./insight-logic";
import { isAttributeKey, isBeforeRollInsight, isSkillKey } from "./roll-logic";
import {
  ROLL_KEY,
  attributeName,
  bandName,
  formulaText,
  partView,
  signed,
  situationLabel,
  skillName,
  traitsLabel,
  type Localize,
} from "./text-logic";

const KEY = `${ROLL_KEY}.Dialog`;

const literal = (s: string) => ({ key: s });
const text = (key: string, data?: Record<string, string>) => ({ key, ...(data ? { data } : {}) });

const BAND_TONES: Record<Band, OutcomeTone> = {
  "dire-failure": "failure",
  failure: "neutral",
  success: "success",
  "wild-success": "critical",
};

function traitFields(input: CheckDialogInput, state: CheckDialogState, localize: Localize): DialogField[] {
  const traits = stateTraits(state);
  const actor = input.actor;
  if (input.lockTraits || traits.kind === "perception" || traits.kind === "breakingPoint") {
    const base = traitParts(actor, traits)
      .filter((p) => p.kind !== "wound")
      .reduce((s, p) => s + p.value, 0);
    return [
      {
        kind: "number",
        name: "traits",
        label: traitsLabel(traits, localize),
        value: base,
        fixed: literal(signed(base)),
      },
    ];
  }
  // A Group Check's participants each have their own values: the names alone.
  const value = (n: number) => (input.group ? "" : ` ${signed(n)}`);
  const skills: DialogChoice[] = [{ value: "", label: localize(`${KEY}.NoSkill`) }];
  for (const skill of SKILL_KEYS)
    skills.push({ value: skill, label: `${skillName(skill, localize)}${value(skillMod(actor, skill))}` });
  const attributes: DialogChoice[] = ATTRIBUTE_KEYS.map((a) => ({
    value: a,
    label: `${attributeName(a, localize)}${value(actor.attributes[a])}`,
  }));
  const fields: DialogField[] = [
    { kind: "choice", name: "skill", label: `${KEY}.Skill`, value: state.skill, choices: skills },
    {
      kind: "choice",
      name: "attribute",
      label: `${KEY}.Attribute`,
      value: state.attribute,
      choices: attributes,
      ...(state.skill && state.attribute !== skillAttribute(state.skill, input.settings)
        ? {
            hint: `${KEY}.OtherAttribute`,
            hintData: {
              name: attributeName(skillAttribute(state.skill, input.settings), localize),
            },
          }
        : {}),
    },
  ];
  return fields;
}

/**
 * The Cover Fire penalty the check takes (the roller's: a Group Check's leader's), as a line the
 * roller cannot change: "the target's next action, skill, or attribute check" gets −2 a hit.
 */
function penaltyField(plan: CheckPlan): DialogField[] {
  const pin = plan.parts.find((p) => p.kind === "coverFire");
  if (!pin) return [];
  return [
    {
      kind: "number",
      name: "coverFire",
      label: "POLYVERSE.XeroSum.Attack.CoverFire.Part",
      value: pin.value,
      fixed: literal(signed(pin.value)),
      hint: "POLYVERSE.XeroSum.Attack.CoverFire.Hint",
    },
  ];
}

function cmodFields(
  input: CheckDialogInput,
  state: CheckDialogState,
  plan: CheckPlan,
  localize: Localize,
): DialogField[] {
  const fields: DialogField[] = [...penaltyField(plan)];
  (input.choice.conditional ?? []).forEach((c, i) =>
    fields.push({
      kind: "checkbox",
      name: `given.${i}`,
      label: c.label || localize(`${ROLL_KEY}.Part.cmod`),
      checked: state.given[i] ?? false,
      badge: signed(c.value),
    }),
  );
  const rels = input.actor.relationships;
  if (rels.length)
    fields.push({
      kind: "choice",
      name: "relationship",
      label: `${KEY}.Relationship`,
      value: String(state.relationship),
      choices: [
        { value: "-1", label: localize(`${KEY}.NoRelationship`) },
        ...rels.map((r, i) => ({ value: String(i), label: `${r.name || "?"} ${signed(r.cmod)}` })),
      ],
    });
  const traits = stateTraits(state);
  input.actor.gear.forEach((g, i) => {
    if (!gearFits(g, traits)) return;
    fields.push({
      kind: "checkbox",
      name: `gear.${i}`,
      label: g.name,
      checked: state.gear[i] ?? false,
      badge: signed(g.value),
      ...(g.context ? { hint: `${KEY}.When`, hintData: { context: g.context } } : {}),
    });
  });
  const situations: DialogChoice[] = [];
  for (let v = MIN_CONDITIONAL; v <= MAX_CONDITIONAL; v++)
    if (CONDITIONAL_LABELS[v])
      situations.push({ value: String(v), label: `${situationLabel(v, localize)} (${signed(v)})` });
  fields.push(
    {
      kind: "choice",
      name: "situation",
      label: `${KEY}.Situation`,
      value: String(state.situation),
      choices: situations,
    },
    {
      kind: "number",
      name: "other",
      label: `${KEY}.Other`,
      value: state.other,
      min: -MAX_OTHER_CMOD,
      max: MAX_OTHER_CMOD,
    },
    {
      kind: "text",
      name: "otherLabel",
      label: `${KEY}.OtherLabel`,
      value: state.otherLabel,
      placeholder: localize(`${KEY}.OtherPlaceholder`),
    },
  );
  return fields;
}

function insightFields(input: CheckDialogInput, state: CheckDialogState): DialogField[] {
  return input.group ? [] : [insightField(state.insight, input.actor.insight)];
}

/** The summary: each part, the formula; a Group Check's leader; the chance of a Moment. */
function summary(input: CheckDialogInput, plan: CheckPlan, localize: Localize): SummaryBlock[] {
  const blocks: SummaryBlock[] = [
    {
      rows: plan.parts.map((p) => {
        const v = partView(p, localize);
        return { label: literal(v.label), amount: literal(v.amount) };
      }),
      total: [literal(formulaText(plan.dice, plan.modifier))],
    },
  ];
  const group = input.group;
  if (group?.length)
    blocks.unshift({
      rows: [
        {
          label: text(`${KEY}.Leader`),
          amount: literal(group[plan.leader]?.name ?? ""),
        },
      ],
    });
  const moments = momentOdds({ dice: plan.dice, momentOn3d6: input.settings.momentOn3d6 });
  const earns = !(input.opposed || input.against) || input.settings.opposedInsight;
  blocks.push({
    heading: text(`${KEY}.Moment`),
    rows: [
      { label: text(`${KEY}.MomentLow`), amount: literal(formatChance(moments.low)) },
      { label: text(`${KEY}.MomentHigh`), amount: literal(formatChance(moments.high)) },
    ],
    total: [text(earns ? (group ? `${KEY}.MomentGroup` : `${KEY}.MomentGain`) : `${KEY}.MomentNoGain`)],
  });
  return blocks;
}

/** The chance of beating, drawing with and falling short of a known total. */
function againstOdds(plan: CheckPlan, total: number) {
  const out = { win: 0, draw: 0, lose: 0 };
  for (const [t, p] of totalOdds(plan.dice, plan.modifier))
    out[t > total ? "win" : t === total ? "draw" : "lose"] += p;
  return out;
}

function odds(input: CheckDialogInput, plan: CheckPlan, localize: Localize): DialogEvaluation["odds"] {
  const against = input.against;
  if (against) {
    const o = againstOdds(plan, against.total);
    return {
      heading: text(`${KEY}.AgainstOdds`, { name: against.name, total: String(against.total) }),
      outcomes: [
        { label: text(`${KEY}.Wins`, { name: input.actor.name }), probability: o.win, tone: "success" },
        { label: text(`${KEY}.Draw`), probability: o.draw, tone: "neutral" },
        { label: text(`${KEY}.Wins`, { name: against.name }), probability: o.lose, tone: "failure" },
      ],
    };
  }
  const opponent = plan.opponent;
  if (opponent && input.opposed) {
    const o = opposedOdds({ modifier: plan.modifier, dice: plan.dice }, { modifier: opponent.modifier });
    const name = input.opposed.actor.name;
    return {
      heading: text(`${KEY}.OpposedOdds`, {
        name,
        check: traitsLabel(opponent.traits, localize),
        modifier: signed(opponent.modifier),
      }),
      outcomes: [
        { label: text(`${KEY}.Wins`, { name: input.actor.name }), probability: o.a, tone: "success" },
        { label: text(`${KEY}.Draw`), probability: o.draw, tone: "neutral" },
        { label: text(`${KEY}.Wins`, { name }), probability: o.b, tone: "failure" },
      ],
    };
  }
  const bands = checkOdds({
    modifier: plan.modifier,
    dice: plan.dice,
    momentOn3d6: input.settings.momentOn3d6,
  });
  const outcomes: DialogOutcome[] = BANDS.map((band) => ({
    label: literal(bandName(band, localize)),
    probability: bands[band],
    tone: BAND_TONES[band],
  }));
  return { outcomes };
}

function notes(input: CheckDialogInput, state: CheckDialogState, plan: CheckPlan) {
  const out: { key: string; data?: Record<string, string> }[] = [];
  const skill = stateTraits(state).skill;
  if (skill && isStarred(skill) && (input.actor.skills[skill] ?? 0) <= 0)
    out.push({ key: `${KEY}.StarredUntrained`, data: { skill: skill } });
  if (plan.clampedFrom !== null) out.push({ key: `${KEY}.Clamped`, data: { sum: signed(plan.clampedFrom) } });
  if (input.group) out.push({ key: "POLYVERSE.XeroSum.Check.InsightRefusal.groupCheck" });
  if (plan.insight === "extraDie") out.push({ key: `${KEY}.ExtraDieNote.${input.settings.momentOn3d6}` });
  return out;
}

/** What the dialog shows for a state. */
export function evaluateDialog(
  input: CheckDialogInput,
  state: CheckDialogState,
  localize: Localize,
): DialogEvaluation {
  const plan = checkPlan(input, state);
  const groups: FieldGroup[] = [
    { legend: `${KEY}.Check`, fields: traitFields(input, state, localize) },
    { legend: `${KEY}.Cmods`, fields: cmodFields(input, state, plan, localize) },
  ];
  const insight = insightFields(input, state);
  if (insight.length) groups.push({ legend: `${KEY}.InsightLegend`, fields: insight });
  const starred = notes(input, state, plan).map((n) =>
    n.key === `${KEY}.StarredUntrained` && n.data
      ? { key: n.key, data: { skill: skillName(n.data.skill ?? "", localize) } }
      : n,
  );
  return {
    groups,
    summary: summary(input, plan, localize),
    problems: plan.problems,
    notes: starred,
    odds: odds(input, plan, localize),
  };
}

/** Read one input into the state. */
export function changeState(
  input: CheckDialogInput,
  state: CheckDialogState,
  name: string,
  value: string | boolean,
): CheckDialogState {
  const [field, index] = name.split(".");
  const at = Number(index);
  switch (field) {
    case "skill": {
      if (input.lockTraits || (value !== "" && !isSkillKey(value))) return state;
      const skill = value === "" ? "" : (value as CheckDialogState["skill"]);
      const kind = skill ? "skill" : "attribute";
      const attribute = skill ? skillAttribute(skill, input.settings) : state.attribute;
      return {
        ...state,
        skill,
        kind,
        attribute,
        gear: gearDefaults(input, traitsOf(kind, attribute, skill)),
      };
    }
    case "attribute":
      return !input.lockTraits && isAttributeKey(value) ? { ...state, attribute: value } : state;
    case "situation":
      return { ...state, situation: clampInt(value, MIN_CONDITIONAL, MAX_CONDITIONAL) };
    case "other":
      return { ...state, other: clampInt(value, -MAX_OTHER_CMOD, MAX_OTHER_CMOD) };
    case "otherLabel":
      return { ...state, otherLabel: String(value).slice(0, 100) };
    case "relationship": {
      const i = clampInt(value, -1, input.actor.relationships.length - 1, -1);
      return { ...state, relationship: i };
    }
    case "insight":
      if (input.group) return state;
      return { ...state, insight: isBeforeRollInsight(value) ? value : "" };
    case "given":
    case "gear": {
      const list = [...state[field]];
      if (!Number.isInteger(at) || at < 0 || at >= list.length) return state;
      list[at] = value === true;
      return { ...state, [field]: list };
    }
    default:
      return state;
  }
}

/** The dialog's model: the title and label, the start state, how inputs change it, what it shows. */
export function checkDialogModel(input: CheckDialogInput, localize: Localize): DialogModel<CheckDialogState> {
  const start = startState(input);
  const opposed = input.opposed?.actor.name;
  const title = input.group
    ? `${KEY}.TitleGroup`
    : opposed
      ? localize(`${KEY}.TitleOpposed`, { name: opposed })
      : `${KEY}.Title`;
  return {
    title,
    label: input.group
      ? localize(`${KEY}.GroupLabel`, { names: input.group.map((m) => m.name).join(", ") })
      : input.actor.name,
    start,
    change: (state, name, value) => changeState(input, state, name, value),
    evaluate: (state) => evaluateDialog(input, state, localize),
  };
}
