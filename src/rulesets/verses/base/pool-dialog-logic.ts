/**
 * The 'Verses pool-roll dialog's state and model, Foundry-free: a d6 pool built from labelled parts
 * (AD, dice added or removed, optional dice, the ruleset's fields), a success target and the exact
 * chance of reaching it. A 'Verses roll is described with a {@link RollDialogConfig}; the dialog
 * keeps a {@link RollDialogState}, applies each input with {@link applyDialogChange}, and
 * {@link poolDialogModel} turns both into the core shell's model (fields, summary, problems, the
 * odds as a list of outcomes), which {@link rollDialogView} renders as the dialog does; the
 * browser fixtures call the same functions, so what the screenshots show is what the dialog shows.
 */
import {
  dialogView,
  formatChance,
  signed,
  type DialogChoice,
  type DialogEvaluation,
  type DialogField,
  type DialogMessage,
  type DialogModel,
  type DialogOutcome,
  type DialogText,
  type Localize,
  type SummaryBlock,
} from "../../../core/roll-dialog-model";

export type { DialogChoice, DialogMessage, DialogText, Localize } from "../../../core/roll-dialog-model";

/** A labelled number of dice (or successes, for a target's breakdown). */
export interface LabelledDice {
  /** An i18n key or a literal label (a skill's or an ability's name). */
  label: string;
  dice: number;
  /** Values for an i18n key with placeholders. */
  data?: Record<string, string>;
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
  problems: DialogText[];
  /** Things worth knowing that do not stop the roll. */
  notes: DialogText[];
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
  /**
   * `probability(pool, k)` is the chance of k or more successes: the odds split the successes
   * (a failure, exactly the target, more). Otherwise the roll is won or lost (a contest).
   */
  countsSuccesses?: boolean;
}

/** A settled dialog: its state and what the ruleset made of it (the roller's decision). */
export interface RollDialogResult {
  state: RollDialogState;
  evaluation: RollDialogEvaluation;
}

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
  ad: "POLYVERSE.Verses.PoolDialog.Clamped.ad",
  bonus: "POLYVERSE.Verses.PoolDialog.Clamped.bonus",
  target: "POLYVERSE.Verses.PoolDialog.Clamped.target",
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

/**
 * A breakdown as text amounts: the first part as it is, the rest signed ("4", "+2", "-1"), so a
 * success target reads "Range 25 m 4S, Partial cover +2S".
 */
export function breakdownAmounts<T extends LabelledDice>(parts: readonly T[]): (T & { amount: string })[] {
  return parts.map((p, i) => ({ ...p, amount: i === 0 || p.dice < 0 ? String(p.dice) : `+${p.dice}` }));
}

/** A number of successes (or dice) in the roll's unit: "4S", "3d6", or the bare number. */
function inUnit(config: Pick<RollDialogConfig, "targetUnit">, n: string): DialogMessage {
  return config.targetUnit ? { key: config.targetUnit, data: { n } } : { key: n };
}

/** The ruleset's fields, then AD, dice added or removed and the target, as the shell's fields. */
function inputFields(config: RollDialogConfig, state: RollDialogState, evaluation: RollDialogEvaluation) {
  const max =
    config.maxDice !== undefined && Number.isFinite(config.maxDice) ? Math.floor(config.maxDice) : null;
  const bound = max === null ? {} : { max };
  const fields: DialogField[] = config.fields.map((f) => {
    const value = state.values[f.name] ?? null;
    const common = { name: f.name, label: f.label, ...(f.hint ? { hint: f.hint } : {}) };
    return f.kind === "select"
      ? { ...common, kind: "choice", value: String(value), choices: f.choices }
      : {
          ...common,
          kind: "number",
          value: typeof value === "number" ? value : null,
          ...(f.min !== undefined ? { min: f.min } : {}),
          ...(f.step !== undefined ? { step: f.step } : {}),
          ...(f.unit ? { unit: f.unit } : {}),
        };
  });
  if (config.showAD)
    fields.push({
      kind: "number",
      name: "ad",
      label: "POLYVERSE.Verses.PoolDialog.AD",
      value: state.ad,
      min: evaluation.adMin,
      ...bound,
    });
  if (config.showBonus !== false)
    fields.push({
      kind: "number",
      name: "bonus",
      label: "POLYVERSE.Verses.PoolDialog.Bonus",
      hint: "POLYVERSE.Verses.PoolDialog.BonusHint",
      value: state.bonus,
      ...(max === null ? {} : { min: -max, max }),
    });
  const fixed = config.fixedTarget === true;
  fields.push({
    kind: "number",
    name: "target",
    label: config.targetWords?.label ?? "POLYVERSE.Verses.PoolDialog.Target",
    hint:
      config.targetWords?.hint ??
      (fixed ? "POLYVERSE.Verses.PoolDialog.TargetFixedHint" : "POLYVERSE.Verses.PoolDialog.TargetHint"),
    value: state.target,
    min: 0,
    ...bound,
    ...(fixed ? { fixed: inUnit(config, String(state.target)) } : {}),
  });
  return fields;
}

/**
 * The odds as outcomes. A roll that counts successes splits them: a failure, exactly the target,
 * more (without a target: none, one, more); another (a contest) is won or lost; a roll against
 * nothing in a contest has no odds, only a word.
 */
function poolOdds(config: RollDialogConfig, state: RollDialogState, pool: number): DialogEvaluation["odds"] {
  const t = state.target;
  const p = (k: number) => Math.min(1, Math.max(0, config.probability(pool, k)));
  if (config.countsSuccesses === true) {
    const first = Math.max(1, t);
    const outcomes: DialogOutcome[] = [
      t > 0
        ? {
            label: { key: "POLYVERSE.Verses.PoolDialog.Outcome.Failure", data: { n: String(t) } },
            probability: 1 - p(t),
            tone: "failure",
          }
        : {
            label: { key: "POLYVERSE.Verses.PoolDialog.Outcome.None" },
            probability: 1 - p(1),
            tone: "neutral",
          },
      {
        label: {
          key:
            t > 0
              ? "POLYVERSE.Verses.PoolDialog.Outcome.Exactly"
              : "POLYVERSE.Verses.PoolDialog.Outcome.CountExactly",
          data: { n: String(first) },
        },
        probability: p(first) - p(first + 1),
        tone: "success",
      },
      {
        label: {
          key:
            t > 0
              ? "POLYVERSE.Verses.PoolDialog.Outcome.AtLeast"
              : "POLYVERSE.Verses.PoolDialog.Outcome.CountAtLeast",
          data: { n: String(first + 1) },
        },
        probability: p(first + 1),
        tone: "critical",
      },
    ];
    return { heading: { key: "POLYVERSE.Verses.PoolDialog.Odds" }, outcomes };
  }
  if (t <= 0) return { message: { key: "POLYVERSE.Verses.PoolDialog.NoTarget" } };
  const win = p(t);
  return {
    heading: { key: config.targetWords?.chance ?? "POLYVERSE.Verses.PoolDialog.Chance" },
    outcomes: [
      { label: { key: "POLYVERSE.Verses.PoolDialog.Outcome.Lost" }, probability: 1 - win, tone: "failure" },
      { label: { key: "POLYVERSE.Verses.PoolDialog.Outcome.Won" }, probability: win, tone: "success" },
    ],
  };
}

/** What a settled 'Verses dialog shows, in the shell's terms. */
function poolDialogEvaluation(
  config: RollDialogConfig,
  state: RollDialogState,
  evaluation: RollDialogEvaluation,
): DialogEvaluation {
  const pool = poolDice(evaluation.parts);
  const chosen = new Set(state.optional);
  const optional: DialogField[] = evaluation.optional.map((o) => ({
    kind: "checkbox",
    name: `optional.${o.key}`,
    label: o.label,
    ...(o.data ? { data: o.data } : {}),
    checked: chosen.has(o.key),
    badge: signed(o.dice),
    ...(o.hint ? { hint: o.hint } : {}),
    ...(o.hintData ? { hintData: o.hintData } : {}),
  }));
  const canRoll = evaluation.problems.length === 0;
  const total: DialogText[] = [{ key: "POLYVERSE.Verses.PoolDialog.Pool", data: { pool: String(pool) } }];
  if (canRoll && state.target > 0)
    total.push({
      key: "POLYVERSE.Verses.PoolDialog.Against",
      parts: { target: inUnit(config, String(state.target)) },
    });
  const summary: SummaryBlock[] = [
    {
      rows: evaluation.parts.map((p) => ({
        label: { key: p.label, ...(p.data ? { data: p.data } : {}) },
        amount: { key: signed(p.dice) },
      })),
      total,
    },
  ];
  const from = evaluation.suggestedTarget?.parts ?? [];
  if (from.length)
    summary.push({
      heading: { key: config.targetWords?.from ?? "POLYVERSE.Verses.PoolDialog.TargetFrom" },
      rows: breakdownAmounts(from).map((p) => ({
        label: { key: p.label, ...(p.data ? { data: p.data } : {}) },
        amount: inUnit(config, p.amount),
      })),
    });
  return {
    groups: [
      { fields: inputFields(config, state, evaluation) },
      ...(optional.length ? [{ legend: "POLYVERSE.Verses.PoolDialog.Optional", fields: optional }] : []),
    ],
    summary,
    problems: evaluation.problems,
    notes: evaluation.notes,
    odds: poolOdds(config, state, pool),
  };
}

/**
 * The shell's model for a 'Verses dialog, opening on `start` (already settled; by default the
 * config's initial state, settled). Its state is the settled dialog; the roll mode is the shell's.
 */
export function poolDialogModel(
  config: RollDialogConfig,
  start?: RollDialogResult,
): DialogModel<RollDialogResult> {
  return {
    title: config.title,
    label: config.label,
    start: start ?? applyDialogChange(config, config.initial),
    change: (settled, name, value) => applyDialogChange(config, settled.state, { name, value }),
    evaluate: (settled) => poolDialogEvaluation(config, settled.state, settled.evaluation),
  };
}

/**
 * The dialog's template context (the shell's), with the pool's numbers beside it: the pool, its
 * parts, the chance of reaching the target, the optional dice and the ruleset's fields.
 */
export function rollDialogView(
  config: RollDialogConfig,
  state: RollDialogState,
  evaluation: RollDialogEvaluation,
  localize: Localize,
  /** Prefix of the inputs' ids, unique per open dialog (the application's id). */
  idPrefix = "pv-roll",
) {
  const shell = poolDialogEvaluation(config, state, evaluation);
  const view = dialogView(config, shell, {
    localize,
    rollModes: config.rollModes,
    rollMode: state.rollMode,
    idPrefix,
  });
  const chance = config.probability(poolDice(evaluation.parts), state.target);
  return {
    ...view,
    pool: poolDice(evaluation.parts),
    parts: evaluation.parts.map((p) => ({ label: localize(p.label, p.data), dice: p.dice })),
    chance,
    chancePercent: formatChance(chance),
    showAD: config.showAD,
    showBonus: config.showBonus !== false,
    ad: state.ad,
    adMin: evaluation.adMin,
    bonus: state.bonus,
    target: state.target,
    fixedTarget: config.fixedTarget === true,
    maxDice: config.maxDice !== undefined && Number.isFinite(config.maxDice) ? Math.floor(config.maxDice) : 0,
    fields: config.fields.map((f) => {
      const value = state.values[f.name] ?? null;
      const common = { name: f.name, label: localize(f.label) };
      return f.kind === "select"
        ? {
            ...common,
            isSelect: true as const,
            choices: f.choices.map((c) => ({ value: c.value, label: localize(c.label) })),
            value: String(value),
          }
        : { ...common, isSelect: false as const, value: value === null ? "" : String(value) };
    }),
    optional: evaluation.optional.map((o) => ({
      key: o.key,
      name: `optional.${o.key}`,
      label: localize(o.label, o.data),
      dice: o.dice,
      checked: state.optional.includes(o.key),
      hint: o.hint ? localize(o.hint, o.hintData) : "",
    })),
  };
}
