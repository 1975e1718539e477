/**
 * The Tales attack dialog's model (core's `DialogModel` on the `RollDialog` shell), Foundry-free: the
 * fields (the target, or the targets of a Spray; each target's measured distance and band, or the band
 * where it cannot be measured; the cover with no target; aim; Auto bullets), the summary (the attack's
 * parts and, for each target, the chance of hitting against each defence its owner may choose) and
 * the odds of every outcome against the target's best defence. The plan is attack-dialog-logic.ts.
 */
import type {
  DialogEvaluation,
  DialogField,
  DialogModel,
  DialogOutcome,
  DialogText,
  FieldGroup,
  Localize,
  SummaryBlock,
  SummaryRow,
} from "../../../core/roll-dialog-model";
import { formatMetres } from "../../../core/board-logic";
import { formatChance, signed } from "../../../core/roll-dialog-model";
import { planValue } from "./attack-logic";
import {
  ATTACK_DIALOG_KEY,
  RANGE_BANDS,
  TARGET_COVERS,
  attackDialogPlan,
  bandReach,
  changeState,
  startState,
  type AttackDialogInput,
  type AttackDialogPlan,
  type AttackDialogState,
  type DefenceOdds,
  type TargetPlan,
} from "./attack-dialog-logic";

const KEY = ATTACK_DIALOG_KEY;
const T = "POLYVERSE.Tales";

const text = (key: string, data?: Record<string, string>, parts?: DialogText["parts"]): DialogText => ({
  key,
  ...(data ? { data } : {}),
  ...(parts ? { parts } : {}),
});
const literal = (s: string): DialogText => ({ key: s });

// ---- fields --------------------------------------------------------------------------------------

function targetFields(input: AttackDialogInput, state: AttackDialogState, localize: Localize): FieldGroup[] {
  if (!input.targets.length) return [];
  const label = (name: string, at: number | null) =>
    at === null ? name : localize(`${KEY}.TargetAt`, { name, metres: formatMetres(at) });
  if (!input.weapon.spray)
    return [
      {
        fields: [
          {
            kind: "choice",
            name: "target",
            label: `${KEY}.Target`,
            value: state.targets[0] ?? "",
            choices: [
              ...input.targets.map((t) => ({ value: t.uuid, label: label(t.name, t.metres) })),
              { value: "", label: `${KEY}.NoTarget` },
            ],
          },
        ],
      },
    ];
  return [
    {
      legend: `${KEY}.SprayTargets`,
      fields: input.targets.map((t, i): DialogField => ({
        kind: "checkbox",
        name: `target.${i}`,
        label: label(t.name, t.metres),
        checked: state.targets.includes(t.uuid),
      })),
    },
  ];
}

function bandLine(t: TargetPlan, range: number): DialogText {
  if (t.outOfRange)
    return text(`${KEY}.OutOfRangeAt`, { metres: formatMetres(t.metres ?? 0), max: formatMetres(4 * range) });
  const band = t.band ?? "close";
  return text(
    `${KEY}.BandAt`,
    { metres: formatMetres(t.metres ?? 0), n: String(bandReach(band, range).difficulty) },
    { band: { key: `${KEY}.Band.${band}` } },
  );
}

function rangeFields(
  input: AttackDialogInput,
  state: AttackDialogState,
  plan: AttackDialogPlan,
  localize: Localize,
): FieldGroup[] {
  if (!plan.ranged) return [];
  const range = input.weapon.range;
  const fields: DialogField[] = plan.targets
    .filter((t) => t.metres !== null)
    .map((t) => ({
      kind: "number",
      name: `range.${input.targets.findIndex((x) => x.uuid === t.uuid)}`,
      label: t.name,
      value: t.metres,
      fixed: bandLine(t, range),
    }));
  if (!plan.targets.length || plan.targets.some((t) => t.metres === null))
    fields.push({
      kind: "choice",
      name: "band",
      label: `${KEY}.BandChoice`,
      value: state.band,
      choices: RANGE_BANDS.map((b) => {
        const reach = bandReach(b, range);
        return {
          value: b,
          label: localize(`${KEY}.BandOption`, {
            band: localize(`${KEY}.Band.${b}`),
            n: String(reach.difficulty),
            to: formatMetres(reach.to),
          }),
        };
      }),
    });
  if (!plan.targets.length)
    fields.push({
      kind: "choice",
      name: "cover",
      label: `${KEY}.CoverChoice`,
      value: state.cover,
      choices: TARGET_COVERS.map((c) => ({ value: c, label: `${KEY}.Cover.${c}` })),
    });
  if (plan.skillValue >= 2)
    fields.push({
      kind: "checkbox",
      name: "still",
      label: `${KEY}.Still`,
      checked: state.still,
      badge: "+1",
    });
  if (plan.skillValue >= 4 && state.still)
    fields.push({
      kind: "checkbox",
      name: "targetStill",
      label: `${KEY}.TargetStill`,
      checked: state.targetStill,
      badge: "+1",
    });
  return [{ legend: `${KEY}.Range`, fields }];
}

function autoFields(input: AttackDialogInput, state: AttackDialogState): FieldGroup[] {
  if (input.weapon.auto <= 0) return [];
  return [
    {
      fields: [
        {
          kind: "number",
          name: "autoBullets",
          label: `${KEY}.AutoBullets`,
          value: state.autoBullets,
          min: 0,
          max: input.weapon.auto,
          hint: `${KEY}.AutoHint`,
          hintData: { n: String(input.weapon.auto) },
        },
      ],
    },
  ];
}

// ---- summary and odds ----------------------------------------------------------------------------

function attackBlock(input: AttackDialogInput, plan: AttackDialogPlan): SummaryBlock {
  const row = (label: DialogText, amount: string): SummaryRow => ({ label, amount: literal(amount) });
  const rows: SummaryRow[] = [
    row(text(`${T}.Attribute.${input.attribute}`), String(plan.attributeValue)),
    row(text(`${T}.Skill.${input.skill}`), String(plan.skillValue)),
  ];
  if (input.weapon.modifier)
    rows.push(row(text(`${KEY}.Modifier`, { weapon: input.weaponName }), signed(input.weapon.modifier)));
  if (plan.aim) rows.push(row(text(`${KEY}.Aim`), signed(plan.aim)));
  if (plan.autoModifier)
    rows.push(row(text(`${KEY}.Auto`, { n: String(plan.autoBullets) }), signed(plan.autoModifier)));
  const total: DialogText[] =
    plan.bonus === null ? [text(`${KEY}.CannotAct`)] : [text(`${KEY}.Total`, { n: String(plan.bonus) })];
  if (input.wound !== "healthy")
    total.push(text(`${KEY}.AtWound`, undefined, { wound: { key: `${T}.Wound.${input.wound}` } }));
  return { rows, total };
}

/** The defences of a group by name ("Block, Dodge"); against a ranged attack no defence is the range's. */
function defenceNames(group: DefenceOdds, ranged: boolean, localize: Localize): string {
  return group.defences
    .map((d) => localize(`${KEY}.Defence.${ranged && d === "none" ? "ranged" : d}`))
    .join(", ");
}

function defenceRow(t: TargetPlan, group: DefenceOdds, ranged: boolean, localize: Localize): SummaryRow {
  const defences = defenceNames(group, ranged, localize);
  const { plan } = group;
  // A range's difficulty is the band's and the cover's, public; a defence's (a Dodge, a Sustained
  // Defence) is the target's, shown to its observers only.
  const shown = t.observed || (ranged && plan.mode === "dynamic" && group.defences.includes("none"));
  const label = !shown
    ? text(`${KEY}.RowHidden`, { defences })
    : plan.mode === "dodgeRanged"
      ? text(`${KEY}.RowDodge`, { defences, dodge: String(plan.dodge), n: String(plan.difficulty) })
      : text(`${KEY}.Row`, { defences, n: String(planValue(plan)) });
  return { label, amount: text(`${KEY}.HitChance`, { p: formatChance(group.odds.hit) }) };
}

function targetBlock(t: TargetPlan, ranged: boolean, localize: Localize): SummaryBlock {
  const heading =
    t.cover === "none"
      ? text(`${KEY}.Heading`, { name: t.name })
      : text(`${KEY}.HeadingCover`, { name: t.name }, { cover: { key: `${KEY}.Cover.${t.cover}` } });
  return {
    heading,
    rows: t.defences.map((g) => defenceRow(t, g, ranged, localize)),
    ...(t.outOfRange ? { total: [text(`${KEY}.OutOfRange`)] } : {}),
  };
}

/** The outcomes of one way of defending, each with its exact chance (they add up to 1). */
export function outcomesOf(group: DefenceOdds): DialogOutcome[] {
  const { odds } = group;
  const out: DialogOutcome[] = [];
  for (let k = odds.shifts.length - 1; k >= 0; k--) {
    const p = odds.shifts[k] ?? 0;
    if (p <= 0) continue;
    out.push({
      label: text(`${KEY}.Outcome.${k === 0 ? "hit" : k === 1 ? "hitShift" : "hitShifts"}`, { n: String(k) }),
      probability: p,
      tone: k >= 2 ? "critical" : k === 1 ? "success" : "partial",
    });
  }
  if (odds.blocked > 0)
    out.push({ label: text(`${KEY}.Outcome.blocked`), probability: odds.blocked, tone: "neutral" });
  if (odds.counter > 0)
    out.push({ label: text(`${KEY}.Outcome.counter`), probability: odds.counter, tone: "failure" });
  if (odds.miss > 0)
    out.push({ label: text(`${KEY}.Outcome.miss`), probability: odds.miss, tone: "failure" });
  return out;
}

function oddsOf(plan: AttackDialogPlan, localize: Localize): DialogEvaluation["odds"] {
  if (plan.untargeted)
    return {
      heading: text(`${KEY}.Odds.Untargeted`, { p: formatChance(plan.untargeted.odds.hit) }),
      outcomes: outcomesOf(plan.untargeted),
    };
  const first = plan.targets[0];
  const best = first?.defences[0];
  if (!first || !best) return { message: text(`${KEY}.Odds.NoTarget`) };
  const p = formatChance(best.odds.hit);
  const heading =
    first.defences.length === 1
      ? text(`${KEY}.Odds.One`, { name: first.name, p })
      : text(`${KEY}.Odds.Best`, {
          name: first.name,
          defences: defenceNames(best, plan.ranged, localize),
          p,
        });
  return { heading, outcomes: outcomesOf(best) };
}

/** What the dialog shows for a state. */
export function evaluateAttackDialog(
  input: AttackDialogInput,
  state: AttackDialogState,
  localize: Localize,
): DialogEvaluation {
  const plan = attackDialogPlan(input, state);
  return {
    groups: [
      ...targetFields(input, state, localize),
      ...rangeFields(input, state, plan, localize),
      ...autoFields(input, state),
    ],
    summary: [attackBlock(input, plan), ...plan.targets.map((t) => targetBlock(t, plan.ranged, localize))],
    problems: plan.problems,
    notes: plan.notes,
    odds: plan.problems.length ? null : oddsOf(plan, localize),
  };
}

/** The attack dialog's model: its title and label, its state, how an input changes it, what it shows. */
export function attackDialogModel(
  input: AttackDialogInput,
  localize: Localize,
): DialogModel<AttackDialogState> {
  return {
    title: `${KEY}.Title`,
    label: localize(`${KEY}.Label`, { actor: input.actorName, weapon: input.weaponName }),
    start: startState(input),
    change: (state, name, value) => changeState(input, state, name, value),
    evaluate: (state) => evaluateAttackDialog(input, state, localize),
  };
}
