/**
 * The dialogs of the medic's tests and the hold-on roll, on core's dialog shell (`fieldsModel`),
 * without Foundry: the bonus and the difficulty the rules fix, a hospital's 0..3 for medical care, the
 * Essence point on a 6, and the exact odds (rules `degreeOdds`): success or failure for stabilising and
 * holding on; for medical care what the patient gains at each degree.
 */
import {
  fieldsModel,
  type DialogEvaluation,
  type DialogField,
  type DialogModel,
  type DialogOutcome,
  type DialogValues,
} from "../../../core/roll-dialog-model";
import {
  HOLD_ON_DIFFICULTY,
  degreeOdds,
  medicalCareDifficulty,
  stabilisationDifficulty,
  type TestDynamicTieRule,
  type WoundLevel,
} from "../rules";
import type { CareKind } from "./care-card-logic";

const KEY = "POLYVERSE.Tales.Health.Dialog";

/** What a care dialog shows. */
export interface CareDialogInput {
  kind: CareKind;
  /** The medic's (or the victim's, holding on) name, and the patient's. */
  roller: string;
  patient: string;
  /** Mental + Medicine at the medic's level; Spiritual for the hold-on roll. */
  bonus: number;
  /** The patient's wound level. */
  level: WoundLevel;
  /** The roller's Essence left (none: no Essence to spend on a 6). */
  essence: number;
  tieRule: TestDynamicTieRule;
  /** Defaults (a macro's choice). */
  hospital?: number;
  spendEssence?: boolean;
}

/** The roller's choice. */
export interface CareChoice {
  hospital: number;
  spendEssence: boolean;
}

/** The choice a dialog state holds (bounded). */
export function careChoice(input: CareDialogInput, values: DialogValues): CareChoice {
  const h = Number(values.hospital ?? 0);
  return {
    hospital: input.kind === "care" && Number.isInteger(h) ? Math.min(3, Math.max(0, h)) : 0,
    spendEssence: input.essence > 0 && values.spendEssence === true,
  };
}

/** The difficulty of the test for a choice: static for the medic, 6 + d6 for the hold-on roll. */
export function careDifficulty(input: CareDialogInput, choice: CareChoice): number {
  if (input.kind === "holdOn") return HOLD_ON_DIFFICULTY;
  if (input.kind === "care") return medicalCareDifficulty(input.level, { hospital: choice.hospital });
  return stabilisationDifficulty(input.level);
}

const text = (key: string, data?: Record<string, string>) => ({
  key: `${KEY}.${key}`,
  ...(data ? { data } : {}),
});

/** The outcomes the dialog lists, with their exact chances. */
export function careOutcomes(input: CareDialogInput, choice: CareChoice): DialogOutcome[] {
  const dynamic = input.kind === "holdOn";
  const odds = degreeOdds({
    kind: dynamic ? "dynamic" : "static",
    bonus: input.bonus,
    difficulty: careDifficulty(input, choice),
    spendEssence: choice.spendEssence,
    ...(dynamic ? { tieRule: input.tieRule } : {}),
  });
  const failure = odds.marginalFailure + odds.dramaticFailure + odds.devastatingFailure;
  if (input.kind !== "care") {
    const success = odds.spectacularSuccess + odds.significantSuccess + odds.marginalSuccess;
    return [
      { label: text(`Odds.${input.kind}.Success`), probability: success, tone: "success" },
      { label: text(`Odds.${input.kind}.Failure`), probability: failure, tone: "failure" },
    ];
  }
  return [
    { label: text("Odds.care.Spectacular"), probability: odds.spectacularSuccess, tone: "critical" },
    { label: text("Odds.care.Significant"), probability: odds.significantSuccess, tone: "success" },
    { label: text("Odds.care.Marginal"), probability: odds.marginalSuccess, tone: "partial" },
    { label: text("Odds.care.Failure"), probability: failure, tone: "failure" },
  ];
}

/** The dialog's model over the fields' values (`hospital`, `spendEssence`). */
export function careDialogModel(input: CareDialogInput): DialogModel<DialogValues> {
  const labels = { roller: input.roller, patient: input.patient };
  return fieldsModel({
    title: `${KEY}.${input.kind}.Title`,
    label: `${KEY}.${input.kind}.Label`,
    start: {
      hospital: input.kind === "care" ? Math.min(3, Math.max(0, input.hospital ?? 0)) : 0,
      spendEssence: input.essence > 0 && (input.spendEssence ?? true),
    },
    evaluate(values): DialogEvaluation {
      const choice = careChoice(input, values);
      const difficulty = careDifficulty(input, choice);
      const fields: DialogField[] = [];
      if (input.kind === "care")
        fields.push({
          kind: "number",
          name: "hospital",
          label: `${KEY}.Hospital`,
          hint: `${KEY}.HospitalHint`,
          value: choice.hospital,
          min: 0,
          max: 3,
          step: 1,
        });
      if (input.essence > 0)
        fields.push({
          kind: "checkbox",
          name: "spendEssence",
          label: `${KEY}.SpendEssence`,
          checked: choice.spendEssence,
        });
      const against =
        input.kind === "holdOn"
          ? text("AgainstDynamic", { difficulty: String(difficulty) })
          : text("Against", { difficulty: String(difficulty) });
      return {
        groups: fields.length ? [{ fields }] : [],
        summary: [
          {
            heading: text(`${input.kind}.Heading`, labels),
            rows: [
              { label: text(`${input.kind}.Bonus`), amount: { key: String(input.bonus) } },
              { label: text("Difficulty"), amount: against },
            ],
          },
        ],
        problems: [],
        notes: input.essence > 0 ? [] : [text("NoEssence")],
        odds: { heading: text("OddsHeading"), outcomes: careOutcomes(input, choice) },
      };
    },
  });
}
