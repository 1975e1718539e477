/**
 * 'Verses special-test dialogs, Foundry-free (see `../special-dialog-logic.ts`): what every special-test dialog shares: its base, configuration, evaluation and starting AD.
 */
import {
  applyDialogChange,
  type DialogChoice,
  type DialogMessage,
  type OptionalDice,
  type RollDialogConfig,
  type RollDialogEvaluation,
  type RollDialogResult,
  type RollDialogState,
} from "../../base/pool-dialog-logic";
import { MAX_POOL, capPoolParts, cappedNote, poolCapOf } from "../../base/pool-cap";
import type { PoolAddOn } from "../../data/pools";
import { isAddOnKey, successProbability, type AbilityContribution } from "../../rules";
import {
  metabolismDiceOf,
  metabolismEffect,
  metabolismFields,
  type MetabolismOffer,
} from "../../base/metabolism-logic";
import { type CardLine, type LivingState, type Planned, type PoolWorld, type RollPlan } from "../special";

/** Keys chosen by a value, written out so that the key check sees them. */
export const POPULATION_SIZE: Record<number, string> = {
  1: "POLYVERSE.Verses.Tests.Dialog.PopulationSize.1",
  2: "POLYVERSE.Verses.Tests.Dialog.PopulationSize.2",
  3: "POLYVERSE.Verses.Tests.Dialog.PopulationSize.3",
  4: "POLYVERSE.Verses.Tests.Dialog.PopulationSize.4",
  5: "POLYVERSE.Verses.Tests.Dialog.PopulationSize.5",
};
export const INFLUENCE_TITLE = {
  charm: "POLYVERSE.Verses.Tests.Influence.charm",
  intimidate: "POLYVERSE.Verses.Tests.Influence.intimidate",
} as const;
export const RESISTANCE = {
  charm: "POLYVERSE.Verses.Tests.Dialog.Resistance.charm",
  intimidate: "POLYVERSE.Verses.Tests.Dialog.Resistance.intimidate",
} as const;

/** What every special-test dialog needs besides the test's own data. */
export interface SpecialDialogBase {
  /** The roller's prepared system data. */
  actor: LivingState;
  /** The world's setting TEC, skill catalog and skill-pool options. */
  world: PoolWorld;
  /** The roller is in a started combat (Fast Action). */
  fastAction: boolean;
  rollModes: DialogChoice[];
  /** The core roll mode setting. */
  defaultRollMode: string;
  /**
   * The roller's Heightened Metabolism, when its dice are offered ("in addition to or in place of
   * action dice", `metabolism-logic.ts`): the tests that spend AD.
   */
  metabolism?: MetabolismOffer | null;
}

/** A special test's dialog: its configuration and the choice a settled state stands for. */
export interface SpecialDialog<C> {
  config: RollDialogConfig;
  choice(state: RollDialogState): C & { rollMode: string };
}

// ---- shared ------------------------------------------------------------------------------------

/** A card line as a dialog message (its values as text). */
export function messageOf(l: CardLine): DialogMessage {
  return l.data
    ? { key: l.key, data: Object.fromEntries(Object.entries(l.data).map(([k, v]) => [k, String(v)])) }
    : { key: l.key };
}

/** The optional ability dice on offer, as the dialog lists them (what binding EX costs beside it). */
function optionalDice(offered: readonly AbilityContribution[] | undefined): OptionalDice[] {
  return (offered ?? []).map((o) => ({
    key: o.key,
    label: o.label,
    dice: o.dice,
    ...(o.exCost ? { hint: "POLYVERSE.Verses.Dialog.BindsEX", hintData: { ex: String(o.exCost) } } : {}),
  }));
}

/**
 * The skill add-ons the roller may keep or leave out ("may be added"), as switches with when each
 * applies, as the ordinary roll dialog offers them (`rolls/dialog.ts`).
 */
function addOnDice(addOns: readonly PoolAddOn[] | undefined): OptionalDice[] {
  return (addOns ?? []).map((a) => ({
    key: a.key,
    label: a.label,
    dice: a.dice,
    ...(a.hint ? { hint: a.hint, ...(a.hintData ? { hintData: a.hintData } : {}) } : {}),
  }));
}

/** The keys of the skill add-ons a plan keeps when the roller has not chosen (their defaults). */
export function defaultAddOns(plan: Planned<RollPlan>): string[] {
  return plan.ok ? (plan.value.addOns ?? []).filter((a) => a.included).map((a) => a.key) : [];
}

/**
 * The keys of the optional dice a plan adds when the roller has not chosen: the ability dice that
 * bind no EX, and the skill add-ons on by default.
 */
export function defaultOptional(plan: Planned<RollPlan>): string[] {
  return plan.ok
    ? [...defaultAddOns(plan), ...(plan.value.optional ?? []).filter((o) => o.exCost === 0).map((o) => o.key)]
    : [];
}

/**
 * The dialog's switched-on optional dice as a choice: the ability dice (`optionalAbilities`) and
 * the skill add-ons (`addOns`, keys `addOn:<id>`). Nothing when the roller has not chosen yet.
 */
export function chosenOptional(optional: readonly string[] | undefined): {
  optionalAbilities?: string[];
  addOns?: string[];
} {
  if (!optional) return {};
  return {
    optionalAbilities: optional.filter((k) => !isAddOnKey(k)),
    addOns: optional.filter(isAddOnKey),
  };
}

interface EvaluationExtras {
  adMin: number;
  /** The target the rules set (fixed) or suggest; null when the roller sets it. */
  target: number | null;
  /** Dice offered besides the abilities' (Herbalism, Pharmacology). */
  extraOptional?: OptionalDice[];
  notes?: DialogMessage[];
  problems?: DialogMessage[];
  /** AD the roller has left (a note when more are spent). */
  adAvailable?: number;
  ad?: number;
}

/** The dialog's evaluation from a plan: its parts and optional dice, or its refusal as a problem. */
export function evaluationOf(plan: Planned<RollPlan>, extras: EvaluationExtras): RollDialogEvaluation {
  const notes = [...(extras.notes ?? [])];
  const problems = [...(extras.problems ?? [])];
  if (!plan.ok) problems.push(messageOf(plan.reason));
  if (extras.adAvailable !== undefined && (extras.ad ?? 0) > extras.adAvailable)
    notes.push({
      key: "POLYVERSE.Verses.Dialog.MoreADThanAvailable",
      data: { available: String(extras.adAvailable) },
    });
  return {
    parts: plan.ok ? plan.value.roll.parts : [],
    optional: [
      ...(extras.extraOptional ?? []),
      ...addOnDice(plan.ok ? plan.value.addOns : []),
      ...optionalDice(plan.ok ? plan.value.optional : []),
    ],
    adMin: extras.adMin,
    suggestedTarget: extras.target === null ? null : { value: extras.target, parts: [] },
    problems,
    notes,
  };
}

export function initial(
  base: SpecialDialogBase,
  state: Partial<RollDialogState> & { ad: number },
  values: RollDialogState["values"] = {},
): RollDialogState {
  return {
    bonus: 0,
    target: 0,
    optional: [],
    rollMode: base.defaultRollMode,
    ...state,
    values: { ...values, ...(state.values ?? {}) },
  };
}

export function config(
  base: SpecialDialogBase,
  parts: Pick<RollDialogConfig, "title" | "label" | "initial" | "evaluate"> &
    Partial<
      Pick<
        RollDialogConfig,
        "fields" | "showAD" | "showBonus" | "fixedTarget" | "probability" | "targetUnit" | "targetWords"
      >
    >,
): RollDialogConfig {
  const maxPool = poolCapOf(base.world.maxPool ?? MAX_POOL.default);
  // Offered where the test spends AD (a dialog that shows no AD spends none).
  const hm = parts.showAD === false ? null : base.metabolism;
  return {
    showAD: true,
    fixedTarget: true,
    probability: successProbability,
    // The odds split the successes unless the test works its own chance out (a contest).
    countsSuccesses: parts.probability === undefined,
    rollModes: base.rollModes,
    targetUnit: "POLYVERSE.Verses.Dialog.SuccessesN",
    ...parts,
    fields: [...(parts.fields ?? []), ...metabolismFields(hm)],
    maxDice: maxPool,
    evaluate: (state) => withinCap(withMetabolism(hm, parts.evaluate(state), state), maxPool),
  };
}

/**
 * Heightened Metabolism's dice in a special test's dialog, as the ordinary roll dialog has them: they
 * join the pool and stand in for the AD the test needs at least (a plan's refusal for too few AD is
 * then left to the plan, which counts them too).
 */
function withMetabolism(
  offer: MetabolismOffer | null | undefined,
  evaluation: RollDialogEvaluation,
  state: RollDialogState,
): RollDialogEvaluation {
  if (!offer) return evaluation;
  const hm = metabolismEffect(offer, metabolismDiceOf(offer, state), evaluation.adMin);
  // The plans count the dice themselves (`common` hands them on): their part is not added twice.
  const counted = evaluation.parts.some((p) => hm.parts.some((h) => h.label === p.label));
  return {
    ...evaluation,
    parts: counted ? evaluation.parts : [...evaluation.parts, ...hm.parts],
    adMin: hm.adMin,
    problems: [...evaluation.problems, ...hm.problems],
    notes: [...evaluation.notes, ...hm.notes],
  };
}

/** The Heightened Metabolism dice a settled dialog uses (none without the offer). */
const metabolismUsedOf = (base: SpecialDialogBase, state: RollDialogState): number =>
  metabolismDiceOf(base.metabolism, state);

/** The pool as it will be rolled (VersesRoll.fromParts cuts it to the cap), with a note when cut. */
function withinCap(evaluation: RollDialogEvaluation, maxPool: number): RollDialogEvaluation {
  const capped = capPoolParts(evaluation.parts, maxPool);
  if (capped.cut === 0) return evaluation;
  return {
    ...evaluation,
    parts: capped.parts,
    notes: [...evaluation.notes, cappedNote({ from: capped.from, max: capped.max })],
  };
}

/** The settled state a dialog opens with, and the one the skip-dialog path rolls. */
export function settleSpecialDialog(dialog: SpecialDialog<unknown>): RollDialogResult {
  return applyDialogChange(dialog.config, dialog.config.initial);
}

/**
 * The AD a dialog starts with: 1 in Fast Action (an action's least), else every unspent AD, as the
 * rules' examples spend them outside combat (Jules holds the airlock with 5AD; the village healer
 * heals with 5AD), no more than `cap` (the supplies at hand).
 */
export function startingAd(base: SpecialDialogBase, cap = Infinity): number {
  const ad = base.fastAction ? 1 : Math.max(1, base.actor.adAvailable);
  return Math.max(1, Math.min(ad, cap));
}

/**
 * What every special test's choice takes from its dialog: the world, Fast Action, the bonus dice,
 * and the Heightened Metabolism dice used (when any), which the plans count toward the AD the test
 * needs at least, "in place of action dice".
 */
export const common = (base: SpecialDialogBase, state: RollDialogState) => {
  const metabolismUsed = metabolismUsedOf(base, state);
  return {
    world: base.world,
    fastAction: base.fastAction,
    bonus: state.bonus,
    ...(metabolismUsed > 0 ? { metabolismUsed } : {}),
  };
};
