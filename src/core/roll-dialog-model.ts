/**
 * The pool-roll dialog's state and view model, Foundry-free. A ruleset describes its roll with a
 * {@link RollDialogConfig}: how to build the pool from the dialog's inputs (labelled parts), which
 * extra fields it needs (a weapon mode, a distance, cover), and the exact probability of success.
 * The dialog (roll-dialog.ts) keeps a {@link RollDialogState}, applies each input with
 * {@link applyDialogChange}, and renders {@link rollDialogView}; the browser fixtures call the same
 * functions, so what the screenshots show is what the dialog shows.
 */

/** A labelled number of dice (or successes, for a target's breakdown). */
export interface LabelledDice {
  /** An i18n key or a literal label (a skill's or an ability's name). */
  label: string;
  dice: number;
  /** Values for an i18n key with placeholders. */
  data?: Record<string, string>;
}

export interface DialogChoice {
  value: string;
  /** An i18n key or a literal label. */
  label: string;
}

/**
 * A ruleset's own input: a choice (weapon mode, cover) or a number (distance). Its name must not
 * be one of the dialog's own (`ad`, `bonus`, `target`, `rollMode`, `roll`, `optional.*`).
 */
export type RollDialogField =
  | { kind: "select"; name: string; label: string; choices: DialogChoice[]; hint?: string }
  | {
      kind: "number";
      name: string;
      label: string;
      min?: number;
      step?: number;
      unit?: string;
      hint?: string;
    };

/** Everything the user can change in the dialog. */
export interface RollDialogState {
  /** Action dice spent (or whatever the ruleset calls the dice the roller adds by choice). */
  ad: number;
  /** Dice added (positive) or removed (negative) by the player or the GM. */
  bonus: number;
  /** The success target (0: no target). */
  target: number;
  /** Keys of the optional dice the roller chose to add. */
  optional: string[];
  /** The ruleset's fields, by name. A number field left empty is `null`. */
  values: Record<string, string | number | null>;
  /** Foundry's roll mode ("publicroll", "gmroll", "blindroll", "selfroll"). */
  rollMode: string;
}

/** Optional dice the ruleset offers ("may be added"). */
export interface OptionalDice extends LabelledDice {
  key: string;
  /** A note shown beside it (an i18n key or literal), e.g. what using it costs. */
  hint?: string;
  hintData?: Record<string, string>;
}

/** A message shown in the dialog: an i18n key or literal, with its placeholder values. */
export interface DialogMessage {
  key: string;
  data?: Record<string, string>;
}

/** What the ruleset works out from the dialog's state. */
export interface RollDialogEvaluation {
  /** The pool as it will be rolled, every die labelled (AD and bonus included). */
  parts: LabelledDice[];
  /** Optional dice on offer for this state (chosen or not). */
  optional: OptionalDice[];
  /** The least AD the roll allows (an attack's 1, a Slow weapon's minimum). */
  adMin: number;
  /**
   * The success target the situation gives (range, cover), with how it was worked out. `value`
   * null means the situation allows no roll (out of range); `null` altogether means the ruleset
   * has no suggestion and the user sets the target.
   */
  suggestedTarget: { value: number | null; parts: LabelledDice[] } | null;
  /** Reasons the roll cannot be made as it stands (out of range, a test the rules forbid). */
  problems: DialogMessage[];
  /** Things worth knowing that do not stop the roll. */
  notes: DialogMessage[];
}

export interface RollDialogConfig {
  /** The window title (i18n key or literal). */
  title: string;
  /** What is rolled, shown at the top ("Stellar Navigation", "Short Bow"). */
  label: string;
  /** The ruleset's own fields, in order. */
  fields: RollDialogField[];
  /** Whether the roll takes action dice at all (the AD input is hidden otherwise). */
  showAD: boolean;
  initial: RollDialogState;
  evaluate(state: RollDialogState): RollDialogEvaluation;
  /** Exact chance that `pool` dice reach `target` (0..1). */
  probability(pool: number, target: number): number;
  /** Roll modes offered (Foundry's CONFIG.Dice.rollModes). */
  rollModes: DialogChoice[];
  /** How a number of successes reads: an i18n key with `{n}` ("{n}S"); the bare number without. */
  targetUnit?: string;
  /**
   * The rules fix the success target (a Rest's `#EX`, Stabilizing's 2S): it is always the
   * evaluation's suggested target, shown but not edited.
   */
  fixedTarget?: boolean;
  /** Whether the roller may add or remove dice (default true). */
  showBonus?: boolean;
  /**
   * What the target row, its hint, its breakdown and the odds are called, where a roll's target is
   * not a success target (a contest's other side): i18n keys. Absent: the success target's words.
   */
  targetWords?: { label?: string; hint?: string; from?: string; chance?: string };
  /**
   * The most dice a roll may have (a world's largest pool): the AD and the target are kept within
   * 0..maxDice and the dice added or removed within -maxDice..maxDice, with a note saying so.
   * Unlimited when absent.
   */
  maxDice?: number;
}

/** A settled dialog: its state and what the ruleset made of it (the roller's decision). */
export interface RollDialogResult {
  state: RollDialogState;
  evaluation: RollDialogEvaluation;
}

/** A localiser: an i18n key (with values) to text; a literal label comes back as it is. */
export type Localize = (label: string, data?: Record<string, string>) => string;

function whole(value: unknown, fallback: number): number {
  const n = typeof value === "number" ? value : Number.parseFloat(String(value ?? ""));
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

/** The number of dice in a pool (never below 0). */
export function poolDice(parts: readonly LabelledDice[]): number {
  return Math.max(
    0,
    parts.reduce((sum, p) => sum + p.dice, 0),
  );
}

/**
 * Read a change from the form into the state: `name` is the input's name (`ad`, `bonus`,
 * `target`, `rollMode`, `optional.<key>` for a checkbox, or one of the ruleset's fields).
 */
export function readInput(
  config: Pick<RollDialogConfig, "fields" | "fixedTarget" | "showBonus">,
  state: RollDialogState,
  name: string,
  value: string | boolean,
): RollDialogState {
  if ((name === "target" && config.fixedTarget) || (name === "bonus" && config.showBonus === false))
    return state;
  if (name === "ad" || name === "bonus" || name === "target") {
    const n = whole(value, state[name]);
    return { ...state, [name]: name === "bonus" ? n : Math.max(0, n) };
  }
  if (name === "rollMode") return { ...state, rollMode: String(value) };
  if (name.startsWith("optional.")) {
    const key = name.slice("optional.".length);
    const others = state.optional.filter((k) => k !== key);
    return { ...state, optional: value === true ? [...others, key] : others };
  }
  const field = config.fields.find((f) => f.name === name);
  if (!field) return state;
  if (field.kind === "select") return { ...state, values: { ...state.values, [name]: String(value) } };
  const text = String(value).trim();
  const n = Number.parseFloat(text);
  const read = text === "" || !Number.isFinite(n) ? null : Math.max(field.min ?? -Infinity, n);
  return { ...state, values: { ...state.values, [name]: read } };
}

/** The state's numbers within the dialog's limits, and a note for each one that was cut. */
export function clampDialogState(
  config: Pick<RollDialogConfig, "maxDice">,
  state: RollDialogState,
): { state: RollDialogState; notes: DialogMessage[] } {
  const max = config.maxDice;
  if (max === undefined || !Number.isFinite(max)) return { state, notes: [] };
  const limit = Math.max(0, Math.floor(max));
  const bounds = { ad: [0, limit], bonus: [-limit, limit], target: [0, limit] } as const;
  const notes: DialogMessage[] = [];
  const next = { ...state };
  for (const name of ["ad", "bonus", "target"] as const) {
    const value = Number.isFinite(state[name]) ? state[name] : 0;
    const [lo, hi] = bounds[name];
    const kept = Math.min(hi, Math.max(lo, value));
    next[name] = kept;
    if (kept !== state[name])
      notes.push({
        key: CLAMPED[name],
        data: { value: String(state[name]), max: String(limit), kept: String(kept) },
      });
  }
  return notes.length ? { state: next, notes } : { state, notes };
}

/** The notes a cut number leaves, by input (written out so that the key check sees them). */
const CLAMPED = {
  ad: "POLYVERSE.Dialog.Clamped.ad",
  bonus: "POLYVERSE.Dialog.Clamped.bonus",
  target: "POLYVERSE.Dialog.Clamped.target",
} as const;

/**
 * Apply one change and settle the state: the AD never below the roll's minimum, chosen optional
 * dice only while they are offered, and, when one of the ruleset's fields changed (or at the
 * start), the success target the situation gives. A target the user typed stays until the
 * situation changes again.
 */
export function applyDialogChange(
  config: Pick<RollDialogConfig, "fields" | "evaluate" | "fixedTarget" | "showBonus" | "maxDice">,
  state: RollDialogState,
  change?: { name: string; value: string | boolean },
): RollDialogResult {
  const read = clampDialogState(config, change ? readInput(config, state, change.name, change.value) : state);
  let next = read.state;
  const situation =
    !change || config.fixedTarget === true || config.fields.some((f) => f.name === change.name);
  let evaluation = config.evaluate(next);
  const offered = new Set(evaluation.optional.map((o) => o.key));
  const optional = next.optional.filter((k) => offered.has(k));
  const ad = Math.max(evaluation.adMin, next.ad);
  const suggested = evaluation.suggestedTarget?.value;
  const target = situation && suggested !== null && suggested !== undefined ? suggested : next.target;
  if (optional.length !== next.optional.length || ad !== next.ad || target !== next.target) {
    next = clampDialogState(config, { ...next, optional, ad, target }).state;
    evaluation = config.evaluate(next);
  }
  return {
    state: next,
    evaluation: read.notes.length
      ? { ...evaluation, notes: [...read.notes, ...evaluation.notes] }
      : evaluation,
  };
}

/** A chance as the dialog and the card show it: "85.7 %", "< 0.1 %", "0 %". */
export function formatChance(p: number): string {
  if (p <= 0) return "0 %";
  if (p >= 1) return "100 %";
  if (p < 0.001) return "< 0.1 %";
  if (p > 0.999) return "> 99.9 %";
  return `${(p * 100).toFixed(1)} %`;
}

/**
 * A breakdown as text amounts: the first part as it is, the rest signed ("4", "+2", "-1"), so a
 * success target reads "Range 25 m 4S, Partial cover +2S".
 */
export function breakdownAmounts<T extends LabelledDice>(parts: readonly T[]): (T & { amount: string })[] {
  return parts.map((p, i) => ({ ...p, amount: i === 0 || p.dice < 0 ? String(p.dice) : `+${p.dice}` }));
}

/** The dialog's template context. */
export function rollDialogView(
  config: RollDialogConfig,
  state: RollDialogState,
  evaluation: RollDialogEvaluation,
  localize: Localize,
  /** Prefix of the inputs' ids, unique per open dialog (the application's id). */
  idPrefix = "pv-roll",
) {
  const pool = poolDice(evaluation.parts);
  const chance = config.probability(pool, state.target);
  const message = (m: DialogMessage) => localize(m.key, m.data);
  const chosen = new Set(state.optional);
  const unit = (n: string) => (config.targetUnit ? localize(config.targetUnit, { n }) : n);
  return {
    idPrefix,
    label: localize(config.label),
    showAD: config.showAD,
    showBonus: config.showBonus !== false,
    fixedTarget: config.fixedTarget === true,
    /** The inputs' bound (0: none). */
    maxDice: config.maxDice !== undefined && Number.isFinite(config.maxDice) ? Math.floor(config.maxDice) : 0,
    ad: state.ad,
    adMin: evaluation.adMin,
    bonus: state.bonus,
    target: state.target,
    targetText: unit(String(state.target)),
    targetLabel: localize(config.targetWords?.label ?? "POLYVERSE.Dialog.Target"),
    targetHint: localize(
      config.targetWords?.hint ??
        (config.fixedTarget === true ? "POLYVERSE.Dialog.TargetFixedHint" : "POLYVERSE.Dialog.TargetHint"),
    ),
    targetFrom: localize(config.targetWords?.from ?? "POLYVERSE.Dialog.TargetFrom"),
    chanceLabel: localize(config.targetWords?.chance ?? "POLYVERSE.Dialog.Chance"),
    suggestedTarget: evaluation.suggestedTarget
      ? {
          value: evaluation.suggestedTarget.value,
          text:
            evaluation.suggestedTarget.value === null ? "" : unit(String(evaluation.suggestedTarget.value)),
          parts: breakdownAmounts(evaluation.suggestedTarget.parts).map((p) => ({
            label: localize(p.label, p.data),
            amount: unit(p.amount),
          })),
        }
      : null,
    fields: config.fields.map((f) => {
      const value = state.values[f.name] ?? null;
      const common = {
        name: f.name,
        id: `${idPrefix}-field-${f.name}`,
        label: localize(f.label),
        hint: f.hint ? localize(f.hint) : "",
      };
      return f.kind === "select"
        ? {
            ...common,
            isSelect: true as const,
            choices: f.choices.map((c) => ({
              value: c.value,
              label: localize(c.label),
              selected: c.value === String(value),
            })),
          }
        : {
            ...common,
            isSelect: false as const,
            value: value === null ? "" : String(value),
            min: f.min ?? "",
            step: f.step ?? 1,
            unit: f.unit ? localize(f.unit) : "",
          };
    }),
    optional: evaluation.optional.map((o) => ({
      key: o.key,
      name: `optional.${o.key}`,
      label: localize(o.label, o.data),
      dice: o.dice,
      checked: chosen.has(o.key),
      hint: o.hint ? localize(o.hint, o.hintData) : "",
    })),
    parts: evaluation.parts.map((p) => ({ label: localize(p.label, p.data), dice: p.dice })),
    pool,
    chance,
    chancePercent: formatChance(chance),
    /** The odds bar's width, 0..100. */
    chanceWidth: Math.round(chance * 1000) / 10,
    hasTarget: state.target > 0,
    /** The odds are shown only for a roll that can be made. */
    showOdds: state.target > 0 && evaluation.problems.length === 0,
    problems: evaluation.problems.map(message),
    notes: evaluation.notes.map(message),
    canRoll: evaluation.problems.length === 0,
    rollModes: config.rollModes.map((m) => ({
      value: m.value,
      label: localize(m.label),
      selected: m.value === state.rollMode,
    })),
  };
}

export type RollDialogView = ReturnType<typeof rollDialogView>;
