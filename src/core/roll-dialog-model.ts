/**
 * The roll dialog's shell, Foundry-free: what every ruleset's roll dialog shows and how it reads
 * its inputs. A ruleset describes its roll with a {@link DialogModel}: a state of its own, how an
 * input changes it, and what a state shows: groups of fields (number, choice, checkbox, text), a
 * summary of labelled rows, problems that stop the roll, notes, and the odds as a list of
 * outcomes with their probabilities ("Failure 31 %", "1 success 40 %", "2+ successes 29 %").
 * The shell knows nothing of dice: a pool, a total against a difficulty or bands are the model's.
 *
 * The dialog (roll-dialog.ts) keeps the model's state, applies each input with `model.change`, and
 * renders {@link dialogView}; the browser fixtures call the same functions, so what the
 * screenshots show is what the dialog shows. {@link fieldsModel} builds a model whose state is the
 * fields' values, for a ruleset that needs nothing more.
 */

import { formatChance } from "./i18n-logic";

/** A localiser: an i18n key (with values) to text; a literal label comes back as it is. */
export type Localize = (label: string, data?: Record<string, string>) => string;

export interface DialogChoice {
  value: string;
  /** An i18n key or a literal label. */
  label: string;
}

/** A message shown in the dialog: an i18n key or literal, with its placeholder values. */
export interface DialogMessage {
  key: string;
  data?: Record<string, string>;
}

/**
 * A text of the dialog's: a message whose placeholders may themselves be messages, localised first
 * ("against {target}" with the target "{n}S").
 */
export interface DialogText extends DialogMessage {
  parts?: Record<string, DialogMessage>;
}

interface FieldCommon {
  /** The input's name, unique in the dialog (not `rollMode` nor `roll`, which are the shell's). */
  name: string;
  /** An i18n key or a literal label, with its placeholder values. */
  label: string;
  data?: Record<string, string>;
  /** A line under the field (an i18n key or literal). */
  hint?: string;
  hintData?: Record<string, string>;
}

/** A number; `fixed` shows the text instead of an input (a value the rules set). */
export interface NumberField extends FieldCommon {
  kind: "number";
  value: number | null;
  min?: number;
  max?: number;
  step?: number;
  /** A unit after the input (an i18n key or literal: "m"). */
  unit?: string;
  fixed?: DialogText;
}

export interface ChoiceField extends FieldCommon {
  kind: "choice";
  value: string;
  choices: DialogChoice[];
}

/** A checkbox; `badge` is a short text beside it (what it adds: "+2"). */
export interface CheckboxField extends FieldCommon {
  kind: "checkbox";
  checked: boolean;
  badge?: string;
}

export interface TextField extends FieldCommon {
  kind: "text";
  value: string;
  placeholder?: string;
}

export type DialogField = NumberField | ChoiceField | CheckboxField | TextField;

/** Fields shown together; with a legend, in a box of their own. */
export interface FieldGroup {
  legend?: string;
  fields: DialogField[];
}

/** A summary line: a label and an amount ("+2", "3 of 5", "-1"; a literal or a message). */
export interface SummaryRow {
  label: DialogText;
  amount: DialogText;
}

/** A block of the summary: an optional heading, rows, and a total line of texts. */
export interface SummaryBlock {
  heading?: DialogText;
  rows: SummaryRow[];
  total?: DialogText[];
}

/** How an outcome reads beside the others (its colour). */
export type OutcomeTone = "failure" | "partial" | "success" | "critical" | "neutral";

/** One outcome of the roll and its exact probability (0..1). */
export interface DialogOutcome {
  label: DialogText;
  probability: number;
  tone?: OutcomeTone;
}

/** What a state shows. */
export interface DialogEvaluation {
  groups: FieldGroup[];
  summary: SummaryBlock[];
  /** Reasons the roll cannot be made as it stands; the Roll button is disabled while any. */
  problems: DialogText[];
  /** Things worth knowing that do not stop the roll. */
  notes: DialogText[];
  /**
   * The outcomes, which together have probability 1, under an optional heading; or a message in
   * their place (a roll with nothing to reach). Shown only for a roll that can be made.
   */
  odds: { heading?: DialogText; outcomes: DialogOutcome[] } | { message: DialogText } | null;
}

/** A ruleset's roll dialog, over a state of its own. */
export interface DialogModel<S> {
  /** The window title's label (i18n key or literal). */
  title: string;
  /** What is rolled, shown at the top ("Stellar Navigation", "Short Bow"). */
  label: string;
  /** The state the dialog opens with. */
  start: S;
  /** Read an input (its name and the value the form gives) into the state. */
  change(state: S, name: string, value: string | boolean): S;
  /** What the dialog shows for a state. */
  evaluate(state: S): DialogEvaluation;
}

/** What the dialog resolves with: the model's state and the roll mode chosen. */
export interface DialogResult<S> {
  state: S;
  rollMode: string;
}

export type FieldValue = string | number | boolean | null;
export type DialogValues = Record<string, FieldValue>;

/** The fields of every group, in order. */
export function allFields(evaluation: Pick<DialogEvaluation, "groups">): DialogField[] {
  return evaluation.groups.flatMap((g) => g.fields);
}

/**
 * A field's value read from the form: a number (null when empty or not a number; kept within the
 * field's bounds), a choice among those offered (else the current one), a checkbox's state, text.
 */
export function readField(field: DialogField, value: string | boolean): FieldValue {
  switch (field.kind) {
    case "checkbox":
      return value === true;
    case "choice":
      return field.choices.some((c) => c.value === String(value)) ? String(value) : field.value;
    case "text":
      return String(value);
    case "number": {
      const text = String(value).trim();
      const n = Number.parseFloat(text);
      if (text === "" || !Number.isFinite(n)) return null;
      return Math.min(field.max ?? Infinity, Math.max(field.min ?? -Infinity, n));
    }
  }
}

/**
 * A model whose state is its fields' values: `evaluate` shows the fields for the values (with the
 * values in them) and works out the rest; an input is read with {@link readField} into the value
 * of the field it names (an input no field names changes nothing).
 */
export function fieldsModel(spec: {
  title: string;
  label: string;
  start: DialogValues;
  evaluate(values: DialogValues): DialogEvaluation;
}): DialogModel<DialogValues> {
  return {
    title: spec.title,
    label: spec.label,
    start: spec.start,
    evaluate: spec.evaluate,
    change(values, name, value) {
      const field = allFields(spec.evaluate(values)).find((f) => f.name === name);
      if (!field || (field.kind === "number" && field.fixed !== undefined)) return values;
      return { ...values, [name]: readField(field, value) };
    },
  };
}

/**
 * What a key pressed in the dialog does: Enter rolls (from an input or a choice; a button does its
 * own thing), Escape cancels; nothing while an input method is composing text.
 */
export function dialogKeyAction(
  key: string,
  on: "button" | "field" | "other",
  composing = false,
): "roll" | "cancel" | null {
  if (composing) return null;
  if (key === "Escape") return "cancel";
  if (key === "Enter" && on === "field") return "roll";
  return null;
}

/** A chance as the dialog and the cards show it: "85.7 %", "< 0.1 %", "0 %" (in the user's language). */
export { formatChance };

/** A whole number with its sign ("+2", "-1", "0"). */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/** A text localised, its message placeholders first. */
export function localizeText(text: DialogText, localize: Localize): string {
  const parts = Object.entries(text.parts ?? {}).map(([k, m]) => [k, localize(m.key, m.data)] as const);
  const data = parts.length ? { ...text.data, ...Object.fromEntries(parts) } : text.data;
  return localize(text.key, data);
}

function fieldView(field: DialogField, localize: Localize, idPrefix: string) {
  const common = {
    name: field.name,
    id: `${idPrefix}-field-${field.name}`,
    label: localize(field.label, field.data),
    hint: field.hint ? localize(field.hint, field.hintData) : "",
    isNumber: field.kind === "number",
    isChoice: field.kind === "choice",
    isCheckbox: field.kind === "checkbox",
    isText: field.kind === "text",
  };
  switch (field.kind) {
    case "number":
      return {
        ...common,
        value: field.value === null ? "" : String(field.value),
        min: field.min ?? "",
        max: field.max ?? "",
        step: field.step ?? 1,
        unit: field.unit ? localize(field.unit) : "",
        fixed: field.fixed ? localizeText(field.fixed, localize) : "",
        isFixed: field.fixed !== undefined,
      };
    case "choice":
      return {
        ...common,
        value: field.value,
        choices: field.choices.map((c) => ({
          value: c.value,
          label: localize(c.label),
          selected: c.value === field.value,
        })),
      };
    case "checkbox":
      return { ...common, checked: field.checked, badge: field.badge ?? "" };
    case "text":
      return { ...common, value: field.value, placeholder: field.placeholder ?? "" };
  }
}

/** The dialog's template context. */
export function dialogView(
  model: Pick<DialogModel<unknown>, "label">,
  evaluation: DialogEvaluation,
  options: {
    localize: Localize;
    rollModes: DialogChoice[];
    rollMode: string;
    /** Prefix of the inputs' ids, unique per open dialog (the application's id). */
    idPrefix?: string;
  },
) {
  const { localize } = options;
  const idPrefix = options.idPrefix ?? "pv-roll";
  const message = (m: DialogText) => localizeText(m, localize);
  const canRoll = evaluation.problems.length === 0;
  const odds = evaluation.odds;
  const outcomes =
    odds && "outcomes" in odds
      ? odds.outcomes.map((o) => ({
          label: message(o.label),
          percent: formatChance(o.probability),
          /** The bar's width, 0..100. */
          width: Math.round(Math.min(1, Math.max(0, o.probability)) * 1000) / 10,
          tone: o.tone ?? "neutral",
        }))
      : [];
  return {
    idPrefix,
    label: localize(model.label),
    groups: evaluation.groups.map((g) => ({
      legend: g.legend ? localize(g.legend) : "",
      fields: g.fields.map((f) => fieldView(f, localize, idPrefix)),
    })),
    summary: evaluation.summary.map((b) => ({
      heading: b.heading ? message(b.heading) : "",
      rows: b.rows.map((r) => ({ label: message(r.label), amount: message(r.amount) })),
      total: (b.total ?? []).map(message),
    })),
    problems: evaluation.problems.map(message),
    notes: evaluation.notes.map(message),
    canRoll,
    showOdds: canRoll && odds !== null,
    oddsHeading: odds && "outcomes" in odds && odds.heading ? message(odds.heading) : "",
    oddsMessage: odds && "message" in odds ? message(odds.message) : "",
    outcomes,
    rollModes: options.rollModes.map((m) => ({
      value: m.value,
      label: localize(m.label),
      selected: m.value === options.rollMode,
    })),
  };
}

export type DialogView = ReturnType<typeof dialogView>;

/**
 * What the form's fields look like, apart from their values: when it changes after an input (a
 * field or a choice appears), the dialog renders anew; otherwise it only writes the values back.
 */
export function fieldsShape(evaluation: Pick<DialogEvaluation, "groups">): string {
  return JSON.stringify(
    evaluation.groups.map((g) => [
      g.legend ?? "",
      g.fields.map((f) => {
        switch (f.kind) {
          case "number":
            return [f.kind, f.name, f.label, f.data, f.hint, f.hintData, f.min, f.max, f.step, f.fixed];
          case "choice":
            return [f.kind, f.name, f.label, f.data, f.hint, f.hintData, f.choices];
          case "checkbox":
            return [f.kind, f.name, f.label, f.data, f.hint, f.hintData, f.badge];
          case "text":
            return [f.kind, f.name, f.label, f.data, f.hint, f.hintData, f.placeholder];
        }
      }),
    ]),
  );
}
