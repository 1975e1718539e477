/**
 * The roll dialogs of the 'Verses special tests, Foundry-free: for each test a configuration of the
 * core pool-roll dialog (`core/roll-dialog-model.ts`) whose pool, optional dice, success target and
 * problems come from the test's own `plan…` function in special-logic.ts, and the choice the
 * settled dialog stands for, which the glue (special.ts) rolls with. The sheet's buttons, the
 * skip-dialog path and the browser fixtures all go through these functions, so they agree.
 *
 * The rules fix most special tests' targets (Rest `(#EX)S`, Stabilizing 2S, Healing 3S, Awaken
 * 4S, a maintenance roll's `#C`): those dialogs show the target without an input. Connectedness
 * suggests `(10 - SOC)S` and the GM may set another; a new continuous test's `#S` and `#C` are the
 * roller's. An Influence contest's odds are the chance of beating the target's resistance.
 */
import {
  applyDialogChange,
  type DialogChoice,
  type DialogMessage,
  type OptionalDice,
  type RollDialogConfig,
  type RollDialogEvaluation,
  type RollDialogField,
  type RollDialogResult,
  type RollDialogState,
} from "../../../core/roll-dialog-model";
import { MAX_POOL, capPoolParts, cappedNote, poolCapOf } from "../data/pool-cap";
import {
  ATTRIBUTE_KEYS,
  abilityDice,
  allADBound,
  availableAD,
  contestProbability,
  successProbability,
  type AbilityContribution,
  type AttributeKey,
  type InfluenceKind,
} from "../rules";
import { adStateOf } from "../ad-logic";
import type { PoolRequest } from "../data/pools";
import {
  pickRecoveryGear,
  planAwaken,
  planConnectedness,
  planContinuousStart,
  planHealing,
  planInfluence,
  planMaintenance,
  planRest,
  planStabilize,
  planSurvival,
  recoveryHelpers,
  type AwakenChoice,
  type CardLine,
  type ConnectednessChoice,
  type ContinuousStartChoice,
  type HealingChoice,
  type InfluenceChoice,
  type LivingState,
  type MaintainChoice,
  type PatientState,
  type Planned,
  type PoolWorld,
  type RecoveryChoice,
  type RecoveryGear,
  type RecoveryOptionsAtHand,
  type RestChoice,
  type RollPlan,
  type StoredContinuous,
  type SurvivalChoice,
} from "./special-logic";
import {
  planCommand,
  planLockPicking,
  planTrainingWeek,
  type AnimalState,
  type CommandChoice,
  type LockPickingChoice,
  type StoredTraining,
  type TrainingChoice,
} from "./special-logic";
import { ANIMAL_SKILL_KEYS, type AnimalSkillKey, type CommandTask } from "../rules";

/** Keys chosen by a value, written out so that the key check sees them. */
const POPULATION_SIZE: Record<number, string> = {
  1: "POLYVERSE.Verses.Tests.Dialog.PopulationSize.1",
  2: "POLYVERSE.Verses.Tests.Dialog.PopulationSize.2",
  3: "POLYVERSE.Verses.Tests.Dialog.PopulationSize.3",
  4: "POLYVERSE.Verses.Tests.Dialog.PopulationSize.4",
  5: "POLYVERSE.Verses.Tests.Dialog.PopulationSize.5",
};
const INFLUENCE_TITLE = {
  charm: "POLYVERSE.Verses.Tests.Influence.charm",
  intimidate: "POLYVERSE.Verses.Tests.Influence.intimidate",
} as const;
const RESISTANCE = {
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

/** The keys of the optional dice a plan adds when the roller has not chosen (those binding no EX). */
function defaultOptional(plan: Planned<RollPlan>): string[] {
  return plan.ok ? (plan.value.optional ?? []).filter((o) => o.exCost === 0).map((o) => o.key) : [];
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
function evaluationOf(plan: Planned<RollPlan>, extras: EvaluationExtras): RollDialogEvaluation {
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
    optional: [...(extras.extraOptional ?? []), ...optionalDice(plan.ok ? plan.value.optional : [])],
    adMin: extras.adMin,
    suggestedTarget: extras.target === null ? null : { value: extras.target, parts: [] },
    problems,
    notes,
  };
}

function initial(
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

function config(
  base: SpecialDialogBase,
  parts: Pick<RollDialogConfig, "title" | "label" | "initial" | "evaluate"> &
    Partial<Pick<RollDialogConfig, "fields" | "showAD" | "showBonus" | "fixedTarget" | "probability">>,
): RollDialogConfig {
  const maxPool = poolCapOf(base.world.maxPool ?? MAX_POOL.default);
  return {
    fields: [],
    showAD: true,
    fixedTarget: true,
    probability: successProbability,
    rollModes: base.rollModes,
    targetUnit: "POLYVERSE.Verses.Dialog.SuccessesN",
    ...parts,
    maxDice: maxPool,
    evaluate: (state) => withinCap(parts.evaluate(state), maxPool),
  };
}

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

const common = (base: SpecialDialogBase, state: RollDialogState) => ({
  world: base.world,
  fastAction: base.fastAction,
  bonus: state.bonus,
});

// ---- Rest --------------------------------------------------------------------------------------

/**
 * Rest `TUF + #AD -> (#EX)S`: every unspent AD by default, at least 1 unless every AD is bound
 * (then "one Rest action" with no AD is allowed), against the EX bound.
 */
export function restDialog(base: SpecialDialogBase): SpecialDialog<RestChoice> {
  const state = adStateOf(base.actor);
  const adMin = allADBound(state) ? 0 : 1;
  const plan = (s: RollDialogState, optional?: string[]) =>
    planRest(base.actor, {
      ...common(base, s),
      ad: s.ad,
      ...(optional ? { optionalAbilities: optional } : {}),
    });
  const start = Math.max(adMin, availableAD(state));
  return {
    config: config(base, {
      title: "POLYVERSE.Verses.Tests.Rest.Title",
      label: "POLYVERSE.Verses.Tests.Rest.Title",
      initial: initial(base, {
        ad: start,
        target: state.exBound,
        optional: defaultOptional(plan(initial(base, { ad: start }))),
      }),
      evaluate: (s) =>
        evaluationOf(plan(s, s.optional), {
          adMin,
          target: state.exBound,
          adAvailable: availableAD(state),
          ad: s.ad,
          notes: [{ key: "POLYVERSE.Verses.Tests.Dialog.RestNote", data: { ex: String(state.exBound) } }],
        }),
    }),
    choice: (s) => ({ ...common(base, s), ad: s.ad, optionalAbilities: s.optional, rollMode: s.rollMode }),
  };
}

// ---- continuous tests -----------------------------------------------------------------------

/** A test a continuous test may be rolled with: an attribute or one of the actor's skills. */
export interface ContinuousOption {
  /** `attribute:smr` or `skill:<reference>`. */
  value: string;
  /** What the card and the kept test call it (an i18n key or the skill's name). */
  label: string;
  request: Pick<PoolRequest, "attribute" | "skill">;
}

/** The attributes, then the actor's skills, as continuous tests may be rolled. */
export function continuousOptions(skills: readonly { name: string; ref: string }[]): ContinuousOption[] {
  return [
    ...ATTRIBUTE_KEYS.map((a: AttributeKey) => ({
      value: `attribute:${a}`,
      label: `POLYVERSE.Verses.Attribute.${a}.Name`,
      request: { attribute: a },
    })),
    ...[...skills]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((s) => ({ value: `skill:${s.ref}`, label: s.name, request: { skill: s.ref } })),
  ];
}

/**
 * Starting a continuous test `#S #C` with an attribute or a skill: the roller picks the test, its
 * `#S` (the success target) and `#C` (the continuation target); at least 1AD.
 */
export function continuousDialog(
  base: SpecialDialogBase,
  options: readonly ContinuousOption[],
  preset: { test?: string; target?: number; continuation?: number } = {},
): SpecialDialog<ContinuousStartChoice> {
  const find = (value: unknown) => options.find((o) => o.value === value) ?? options[0]!;
  const choiceOf = (s: RollDialogState, optional?: string[]): ContinuousStartChoice => {
    const test = find(s.values.test);
    const continuation = Math.max(1, Math.floor(Number(s.values.continuation ?? 1) || 1));
    return {
      ...common(base, s),
      notation: `${Math.max(1, s.target)}S ${continuation}C`,
      request: test.request,
      label: test.label,
      ad: s.ad,
      target: s.target,
      ...(optional ? { optionalAbilities: optional } : {}),
    };
  };
  const fields: RollDialogField[] = [
    {
      kind: "select",
      name: "test",
      label: "POLYVERSE.Verses.Tests.Dialog.ContinuousTest",
      choices: options.map((o) => ({ value: o.value, label: o.label })),
    },
    {
      kind: "number",
      name: "continuation",
      label: "POLYVERSE.Verses.Tests.Dialog.Continuation",
      min: 1,
      step: 1,
      hint: "POLYVERSE.Verses.Tests.Dialog.ContinuationHint",
    },
  ];
  const values = { test: find(preset.test).value, continuation: Math.max(1, preset.continuation ?? 1) };
  const first = initial(base, { ad: startingAd(base), target: Math.max(1, preset.target ?? 1) }, values);
  return {
    config: config(base, {
      title: "POLYVERSE.Verses.Tests.Dialog.ContinuousTitle",
      label: "POLYVERSE.Verses.Tests.Dialog.ContinuousTitle",
      fields,
      fixedTarget: false,
      initial: { ...first, optional: defaultOptional(planContinuousStart(base.actor, choiceOf(first))) },
      evaluate: (s) => {
        const problems: DialogMessage[] =
          s.target < 1 ? [{ key: "POLYVERSE.Verses.Tests.Dialog.ContinuousNeedsTarget" }] : [];
        return evaluationOf(planContinuousStart(base.actor, choiceOf(s, s.optional)), {
          adMin: 1,
          target: null,
          problems,
          adAvailable: base.actor.adAvailable,
          ad: s.ad,
        });
      },
    }),
    choice: (s) => ({ ...choiceOf(s, s.optional), rollMode: s.rollMode }),
  };
}

/**
 * Maintaining a continuous test: its base dice + AD (at least 1 for the Maintain a Test action, or
 * Multitasking dice in their place; none needed for a roll forced by a hit) against `#C`.
 */
export function maintainDialog(
  base: SpecialDialogBase,
  stored: StoredContinuous,
  multitaskingAllocated: number,
): SpecialDialog<MaintainChoice> {
  const fields: RollDialogField[] = [
    {
      kind: "select",
      name: "reason",
      label: "POLYVERSE.Verses.Tests.Dialog.MaintainReason",
      choices: [
        { value: "maintain", label: "POLYVERSE.Verses.Tests.Dialog.Reason.maintain" },
        { value: "hit", label: "POLYVERSE.Verses.Tests.Dialog.Reason.hit" },
      ],
    },
  ];
  if (abilityDice(base.actor.abilities, "painTolerance") > 0)
    fields.push({
      kind: "number",
      name: "hpDamage",
      label: "POLYVERSE.Verses.Tests.Dialog.HitHp",
      min: 0,
      step: 1,
      hint: "POLYVERSE.Verses.Tests.Dialog.HitHpHint",
    });
  if (multitaskingAllocated > 0)
    fields.push({
      kind: "number",
      name: "multitasking",
      label: "POLYVERSE.Verses.Tests.Dialog.Multitasking",
      min: 0,
      step: 1,
      hint: "POLYVERSE.Verses.Tests.Dialog.MultitaskingHint",
    });
  const choiceOf = (s: RollDialogState): MaintainChoice => {
    const multitasking = Math.max(0, Math.floor(Number(s.values.multitasking ?? 0) || 0));
    const hit = s.values.reason === "hit";
    const hp = Number(s.values.hpDamage);
    return {
      ...common(base, s),
      ad: s.ad,
      reason: hit ? "hit" : "maintain",
      ...(multitasking > 0 ? { multitasking } : {}),
      ...(hit && s.values.hpDamage !== undefined && Number.isFinite(hp)
        ? { hpDamage: Math.max(0, Math.floor(hp)) }
        : {}),
    };
  };
  const painTolerance = abilityDice(base.actor.abilities, "painTolerance") > 0;
  const values = {
    reason: "maintain",
    ...(multitaskingAllocated > 0 ? { multitasking: 0 } : {}),
    ...(painTolerance ? { hpDamage: 1 } : {}),
  };
  return {
    config: config(base, {
      title: "POLYVERSE.Verses.Tests.Dialog.MaintainTitle",
      label: stored.label,
      fields,
      initial: initial(base, { ad: startingAd(base), target: stored.state.continuation }, values),
      evaluate: (s) => {
        const c = choiceOf(s);
        const adMin = c.reason === "hit" || (c.multitasking ?? 0) > 0 ? 0 : 1;
        return evaluationOf(planMaintenance(base.actor, stored, c), {
          adMin,
          target: stored.state.continuation,
          adAvailable: base.actor.adAvailable,
          ad: s.ad,
        });
      },
    }),
    choice: (s) => ({ ...choiceOf(s), rollMode: s.rollMode }),
  };
}

// ---- Connectedness -----------------------------------------------------------------------------

/** A society the GM has made (its Population Size adjusts the test). */
export interface SocietyOption {
  uuid: string;
  name: string;
  pop: number;
}

/** The population sizes 1 (a small hamlet) to 5 (a sprawling metropolis). */
const POPULATION_SIZES = [1, 2, 3, 4, 5] as const;

/**
 * Connectedness `CN -> (10 - SOC)S`, or the GM's adjustment `CN + POP + # of Recent Visits` with
 * a society's (or a chosen) Population Size. No AD. The target the rules give is suggested; a
 * different one is the GM's override.
 */
export function connectednessDialog(
  base: SpecialDialogBase,
  societies: readonly SocietyOption[],
): SpecialDialog<ConnectednessChoice> {
  const ruleTarget = Math.max(0, 10 - base.actor.effective.soc);
  const fields: RollDialogField[] = [
    {
      kind: "select",
      name: "population",
      label: "POLYVERSE.Verses.Tests.Dialog.Population",
      choices: [
        { value: "", label: "POLYVERSE.Verses.Tests.Dialog.PopulationNone" },
        ...societies.map((s) => ({ value: `society:${s.uuid}`, label: `${s.name} (POP ${s.pop})` })),
        ...POPULATION_SIZES.map((n) => ({ value: `pop:${n}`, label: POPULATION_SIZE[n]! })),
      ],
      hint: "POLYVERSE.Verses.Tests.Dialog.PopulationHint",
    },
    { kind: "number", name: "visits", label: "POLYVERSE.Verses.Tests.Dialog.Visits", min: 0, step: 1 },
  ];
  const popOf = (value: unknown): number | null => {
    const v = String(value ?? "");
    if (v.startsWith("society:")) return societies.find((s) => `society:${s.uuid}` === v)?.pop ?? null;
    if (v.startsWith("pop:")) return Number(v.slice(4)) || null;
    return null;
  };
  const choiceOf = (s: RollDialogState, optional?: string[]): ConnectednessChoice => {
    const pop = popOf(s.values.population);
    const visits = Math.max(0, Math.floor(Number(s.values.visits ?? 0) || 0));
    return {
      ...common(base, s),
      ...(pop !== null ? { populationAdjustment: true, pop, recentVisits: visits } : {}),
      ...(s.target !== ruleTarget ? { targetOverride: s.target } : {}),
      ...(optional ? { optionalAbilities: optional } : {}),
    };
  };
  const first = initial(base, { ad: 0, target: ruleTarget }, { population: "", visits: 0 });
  return {
    config: config(base, {
      title: "POLYVERSE.Verses.Tests.Connectedness.Title",
      label: "POLYVERSE.Verses.Tests.Connectedness.Title",
      fields,
      showAD: false,
      fixedTarget: false,
      initial: { ...first, optional: defaultOptional(planConnectedness(base.actor, choiceOf(first))) },
      evaluate: (s) => {
        const plan = planConnectedness(base.actor, choiceOf(s, s.optional));
        const evaluation = evaluationOf(plan, { adMin: 0, target: null });
        return {
          ...evaluation,
          suggestedTarget: {
            value: ruleTarget,
            parts: [{ label: "POLYVERSE.Verses.Tests.Dialog.ConnectednessTarget", dice: ruleTarget }],
          },
        };
      },
    }),
    choice: (s) => ({ ...choiceOf(s, s.optional), rollMode: s.rollMode }),
  };
}

// ---- Influence -------------------------------------------------------------------------------

/**
 * The chance that `pool` dice beat a resistance of `resist` dice in a contest with target 1S: the
 * influencer's successes exceed the resisting successes (each die succeeds on 5 or 6).
 */
export function contestWinChance(pool: number, resist: number): number {
  return contestProbability(pool, resist, 1);
}

/** The target of an influence attempt, as the dialog needs it. */
export interface InfluenceTarget {
  name: string;
  state: LivingState;
  enemy: boolean;
}

/**
 * Charm `SOC + SMR + #AD` or Intimidation `SOC + TUF + #AD` against the target's `SOC + SMR` (or
 * `SOC + TUF`): at least 1AD; the odds shown are the chance of beating the resistance.
 */
export function influenceDialog(
  base: SpecialDialogBase,
  kind: InfluenceKind,
  target: InfluenceTarget,
): SpecialDialog<InfluenceChoice> {
  const choiceOf = (s: RollDialogState): InfluenceChoice => ({
    ...common(base, s),
    ad: s.ad,
    enemy: target.enemy,
  });
  const title = INFLUENCE_TITLE[kind];
  // The target resists with no AD and nothing the roller chooses: its pool is the same throughout.
  const first = planInfluence(base.actor, target.state, kind, choiceOf(initial(base, { ad: 1 })));
  const resist = first.ok ? first.value.resist.pool : 0;
  return {
    config: config(base, {
      title,
      label: title,
      initial: initial(base, { ad: startingAd(base), target: 1 }),
      probability: (pool) => contestWinChance(pool, resist),
      evaluate: (s) => {
        const plan = planInfluence(base.actor, target.state, kind, choiceOf(s));
        const influencer: Planned<RollPlan> = plan.ok ? { ok: true, value: plan.value.influencer } : plan;
        return evaluationOf(influencer, {
          adMin: 1,
          target: 1,
          adAvailable: base.actor.adAvailable,
          ad: s.ad,
          notes: [{ key: RESISTANCE[kind], data: { name: target.name, dice: String(resist) } }],
        });
      },
    }),
    choice: (s) => ({ ...choiceOf(s), rollMode: s.rollMode }),
  };
}

// ---- Stabilizing and Healing -------------------------------------------------------------------

/** The gear a recovery dialog settled on, by UUID ("" tool: none). */
export interface RecoveryPicks {
  skill: string;
  supply: string;
  tool: string | null;
}

/**
 * Stabilizing `Skill + #AD -> 2S` or Healing `Skill + Tools + #AD -> 3S 2C` of a patient: the
 * roller picks the skill, the supplies and (Healing) the tool among what they carry; Herbalism
 * (and, to heal, Pharmacology) may add their allocated dice; at least 1AD, no more than the
 * supplies hold.
 */
export function recoveryDialog(
  base: SpecialDialogBase,
  mode: "stabilise" | "heal",
  patient: PatientState,
  atHand: RecoveryOptionsAtHand,
  options: { healingOptions?: Parameters<typeof planHealing>[4] } = {},
): SpecialDialog<RecoveryChoice & HealingChoice & { picks: RecoveryPicks }> {
  const healing = mode === "heal";
  const fields: RollDialogField[] = [
    {
      kind: "select",
      name: "skill",
      label: "POLYVERSE.Verses.Tests.Dialog.Skill",
      choices: atHand.skills.map((s) => ({ value: s.uuid, label: s.name })),
    },
    {
      kind: "select",
      name: "supply",
      label: "POLYVERSE.Verses.Tests.Dialog.Supplies",
      choices: atHand.supplies.map((s) => ({ value: s.uuid, label: `${s.name} (${s.supplies})` })),
      hint: "POLYVERSE.Verses.Tests.Dialog.SuppliesHint",
    },
  ];
  if (healing)
    fields.push({
      kind: "select",
      name: "tool",
      label: "POLYVERSE.Verses.Tests.Dialog.Tool",
      choices: [
        { value: "", label: "POLYVERSE.Verses.Tests.Dialog.NoTool" },
        ...atHand.tools.map((t) => ({ value: t.uuid, label: `${t.name} (OL ${t.ol})` })),
      ],
    });
  const gearOf = (s: RollDialogState): RecoveryGear | CardLine =>
    pickRecoveryGear(atHand, {
      skill: String(s.values.skill ?? ""),
      supply: String(s.values.supply ?? ""),
      tool: healing ? String(s.values.tool ?? "") : "",
    });
  const helperKeys = new Set(["herbalism", "pharmacology"]);
  const choiceOf = (s: RollDialogState, optional?: string[]) => ({
    ...common(base, s),
    ad: s.ad,
    ...(optional
      ? {
          herbalism: optional.includes("herbalism"),
          pharmacology: optional.includes("pharmacology"),
          optionalAbilities: optional.filter((k) => !helperKeys.has(k)),
        }
      : {}),
  });
  const planOf = (s: RollDialogState, optional?: string[]): Planned<RollPlan> => {
    const gear = gearOf(s);
    if ("key" in gear) return { ok: false, reason: gear };
    return healing
      ? planHealing(base.actor, patient, gear, choiceOf(s, optional), options.healingOptions ?? {})
      : planStabilize(base.actor, patient, gear, choiceOf(s, optional));
  };
  const helpers = (s: RollDialogState): OptionalDice[] => {
    const gear = gearOf(s);
    if ("key" in gear) return [];
    return recoveryHelpers(base.actor, healing, gear.skill.family).map((h) => ({
      key: h.key,
      label: h.label,
      dice: h.dice,
    }));
  };
  const best = pickRecoveryGear(atHand);
  const values = {
    skill: "key" in best ? "" : best.skill.uuid,
    supply: "key" in best ? "" : best.supply.uuid,
    ...(healing ? { tool: "key" in best ? "" : (best.tool?.uuid ?? "") } : {}),
  };
  const target = healing ? 3 : 2;
  const supplies = "key" in best ? Infinity : best.supply.supplies;
  const first = initial(base, { ad: startingAd(base, supplies), target }, values);
  const title = healing
    ? "POLYVERSE.Verses.Tests.Dialog.HealTitle"
    : "POLYVERSE.Verses.Tests.Dialog.StabiliseTitle";
  return {
    config: config(base, {
      title,
      label: title,
      fields,
      initial: {
        ...first,
        optional: [...helpers(first).map((h) => h.key), ...defaultOptional(planOf(first))],
      },
      evaluate: (s) =>
        evaluationOf(planOf(s, s.optional), {
          adMin: 1,
          target,
          extraOptional: helpers(s),
          adAvailable: base.actor.adAvailable,
          ad: s.ad,
          notes: [
            {
              key: "POLYVERSE.Verses.Tests.Dialog.Patient",
              data: { name: patient.name, hp: String(patient.hp), max: String(patient.hpMax) },
            },
          ],
        }),
    }),
    choice: (s) => {
      const gear = gearOf(s);
      const picks: RecoveryPicks =
        "key" in gear
          ? { skill: "", supply: "", tool: null }
          : { skill: gear.skill.uuid, supply: gear.supply.uuid, tool: gear.tool?.uuid ?? "" };
      return { ...choiceOf(s, s.optional), picks, rollMode: s.rollMode };
    },
  };
}

/**
 * The next day of a healing course (`2C`): its patient, skill, supplies and tool are the course's;
 * the roller chooses the AD (supplies used) and the helper skills.
 */
export function healingDayDialog(
  base: SpecialDialogBase,
  patient: PatientState,
  gear: RecoveryGear,
  options: { healingOptions?: Parameters<typeof planHealing>[4] } = {},
): SpecialDialog<HealingChoice> {
  const helpers: OptionalDice[] = recoveryHelpers(base.actor, true, gear.skill.family).map((h) => ({
    key: h.key,
    label: h.label,
    dice: h.dice,
  }));
  const choiceOf = (s: RollDialogState): HealingChoice => ({
    ...common(base, s),
    ad: s.ad,
    phase: "continuation",
    herbalism: s.optional.includes("herbalism"),
    pharmacology: s.optional.includes("pharmacology"),
  });
  return {
    config: config(base, {
      title: "POLYVERSE.Verses.Tests.Dialog.HealDayTitle",
      label: gear.skill.name,
      initial: initial(base, {
        ad: startingAd(base, gear.supply.supplies),
        target: 2,
        optional: helpers.map((h) => h.key),
      }),
      evaluate: (s) =>
        evaluationOf(planHealing(base.actor, patient, gear, choiceOf(s), options.healingOptions ?? {}), {
          adMin: 1,
          target: 2,
          extraOptional: helpers,
          adAvailable: base.actor.adAvailable,
          ad: s.ad,
          notes: [
            {
              key: "POLYVERSE.Verses.Tests.Dialog.Patient",
              data: { name: patient.name, hp: String(patient.hp), max: String(patient.hpMax) },
            },
          ],
        }),
    }),
    choice: (s) => ({ ...choiceOf(s), rollMode: s.rollMode }),
  };
}

// ---- Awaken and Survival ---------------------------------------------------------------------

/** Awaken an Unconscious actor `SOC + #AD -> 4S`: at least 1AD. */
export function awakenDialog(
  base: SpecialDialogBase,
  target: { name: string; conditions: LivingState["conditions"] },
): SpecialDialog<AwakenChoice> {
  const plan = (s: RollDialogState, optional?: string[]) =>
    planAwaken(base.actor, target, {
      ...common(base, s),
      ad: s.ad,
      ...(optional ? { optionalAbilities: optional } : {}),
    });
  const first = initial(base, { ad: startingAd(base), target: 4 });
  return {
    config: config(base, {
      title: "POLYVERSE.Verses.Tests.Awaken.Title",
      label: "POLYVERSE.Verses.Tests.Dialog.AwakenLabel",
      initial: { ...first, optional: defaultOptional(plan(first)) },
      evaluate: (s) =>
        evaluationOf(plan(s, s.optional), {
          adMin: 1,
          target: 4,
          adAvailable: base.actor.adAvailable,
          ad: s.ad,
          notes: [{ key: "POLYVERSE.Verses.Tests.Dialog.AwakenTarget", data: { name: target.name } }],
        }),
    }),
    choice: (s) => ({ ...common(base, s), ad: s.ad, optionalAbilities: s.optional, rollMode: s.rollMode }),
  };
}

/**
 * The Survival roll `TUF + all available AD`: nothing to spend or add; the odds shown are the
 * chance of the `6 - TUF` successes that end Moribund.
 */
export function survivalDialog(base: SpecialDialogBase): SpecialDialog<SurvivalChoice> {
  const needed = Math.max(0, 6 - base.actor.effective.tuf);
  const plan = (s: RollDialogState, optional?: string[]) =>
    planSurvival(base.actor, {
      world: base.world,
      fastAction: base.fastAction,
      ...(optional ? { optionalAbilities: optional } : {}),
    });
  const first = initial(base, { ad: 0, target: needed });
  return {
    config: config(base, {
      title: "POLYVERSE.Verses.Tests.Survival.Title",
      label: "POLYVERSE.Verses.Tests.Survival.Title",
      showAD: false,
      showBonus: false,
      initial: { ...first, optional: defaultOptional(plan(first)) },
      evaluate: (s) =>
        evaluationOf(plan(s, s.optional), {
          adMin: 0,
          target: needed,
          notes: [{ key: "POLYVERSE.Verses.Tests.Dialog.SurvivalNote", data: { needed: String(needed) } }],
        }),
    }),
    choice: (s) => ({
      world: base.world,
      fastAction: base.fastAction,
      optionalAbilities: s.optional,
      rollMode: s.rollMode,
    }),
  };
}

// ---- issue #11: Lock Picking, Animal Training, commanding an animal ----------------------------

/** An improvised tool the picker may use: an item of theirs. */
export interface ToolOption {
  uuid: string;
  name: string;
}

/**
 * Lock Picking `Skill + #AD → (the lock's)S`: the GM's target (2S to start), the tools (appropriate,
 * or improvised: 1 die fewer, and a named item of the picker's that breaks on a failure with no
 * successes).
 */
export function lockPickingDialog(
  base: SpecialDialogBase,
  tools: readonly ToolOption[],
): SpecialDialog<LockPickingChoice> {
  const fields: RollDialogField[] = [
    {
      kind: "select",
      name: "tools",
      label: "POLYVERSE.Verses.NewRules.LockPicking.Tools",
      choices: [
        { value: "proper", label: "POLYVERSE.Verses.NewRules.LockPicking.Proper" },
        { value: "improvised", label: "POLYVERSE.Verses.NewRules.LockPicking.ImprovisedAny" },
        ...tools.map((t) => ({ value: `item:${t.uuid}`, label: t.name })),
      ],
      hint: "POLYVERSE.Verses.NewRules.LockPicking.ToolsHint",
    },
  ];
  const choiceOf = (s: RollDialogState, optional?: string[]): LockPickingChoice => {
    const v = String(s.values.tools ?? "proper");
    const tool = v.startsWith("item:") ? (tools.find((t) => `item:${t.uuid}` === v) ?? null) : null;
    return {
      ...common(base, s),
      ad: s.ad,
      target: s.target,
      improvised: v !== "proper",
      tool,
      ...(optional ? { optionalAbilities: optional } : {}),
    };
  };
  const first = initial(base, { ad: startingAd(base), target: 2 }, { tools: "proper" });
  return {
    config: config(base, {
      title: "POLYVERSE.Verses.NewRules.LockPicking.Title",
      label: "POLYVERSE.Verses.NewRules.LockPicking.Title",
      fields,
      fixedTarget: false,
      initial: { ...first, optional: defaultOptional(planLockPicking(base.actor, choiceOf(first))) },
      evaluate: (s) =>
        evaluationOf(planLockPicking(base.actor, choiceOf(s, s.optional)), {
          adMin: base.fastAction ? 1 : 0,
          target: null,
          adAvailable: base.actor.adAvailable,
          ad: s.ad,
          notes: [{ key: "POLYVERSE.Verses.NewRules.LockPicking.Note" }],
        }),
    }),
    choice: (s) => ({ ...choiceOf(s, s.optional), rollMode: s.rollMode }),
  };
}

/** Keys chosen by the animal skill, written out so that the key check sees them. */
export const ANIMAL_SKILL_LABEL: Record<AnimalSkillKey, string> = {
  laborAnimal: "POLYVERSE.Verses.NewRules.AnimalSkill.laborAnimal",
  ridersMount: "POLYVERSE.Verses.NewRules.AnimalSkill.ridersMount",
  tracker: "POLYVERSE.Verses.NewRules.AnimalSkill.tracker",
  warMount: "POLYVERSE.Verses.NewRules.AnimalSkill.warMount",
};

/**
 * A week of Animal Training `Skill + #AD → (8 - [Animal's SMR + SOC])S`: the skill taught (a course
 * already running for the animal carries on), the AD.
 */
export function trainingDialog(
  base: SpecialDialogBase,
  animal: AnimalState,
  courses: readonly StoredTraining[],
  newId: string,
): SpecialDialog<TrainingChoice> {
  const fields: RollDialogField[] = [
    {
      kind: "select",
      name: "skill",
      label: "POLYVERSE.Verses.NewRules.Training.Skill",
      choices: ANIMAL_SKILL_KEYS.map((k) => ({ value: k, label: ANIMAL_SKILL_LABEL[k] })),
      hint: "POLYVERSE.Verses.NewRules.Training.SkillHint",
    },
  ];
  const skillOf = (s: RollDialogState): AnimalSkillKey => {
    const v = String(s.values.skill ?? "");
    return (ANIMAL_SKILL_KEYS as string[]).includes(v) ? (v as AnimalSkillKey) : "ridersMount";
  };
  const choiceOf = (s: RollDialogState, optional?: string[]): TrainingChoice => ({
    ...common(base, s),
    skill: skillOf(s),
    ad: s.ad,
    ...(optional ? { optionalAbilities: optional } : {}),
  });
  const plan = (s: RollDialogState, optional?: string[]) => {
    const c = choiceOf(s, optional);
    const running = courses.find((r) => r.animalUuid === animal.uuid && r.skill === c.skill) ?? null;
    return planTrainingWeek(base.actor, animal, running, newId, c);
  };
  const running = courses.find((r) => r.animalUuid === animal.uuid);
  const first = initial(
    base,
    { ad: startingAd(base), target: 1 },
    { skill: running?.skill ?? "ridersMount" },
  );
  const target = Math.max(1, 8 - (animal.smr + animal.soc));
  return {
    config: config(base, {
      title: "POLYVERSE.Verses.NewRules.Training.Title",
      label: "POLYVERSE.Verses.NewRules.Training.Title",
      fields,
      initial: { ...first, target, optional: defaultOptional(plan(first)) },
      evaluate: (s) => {
        const p = plan(s, s.optional);
        const notes: DialogMessage[] = p.ok
          ? [
              messageOf({
                key: "POLYVERSE.Verses.NewRules.Training.Progress",
                data: {
                  animal: animal.name,
                  done: p.value.course.weeksDone,
                  needed: p.value.course.weeksNeeded,
                },
              }),
            ]
          : [];
        return evaluationOf(p, { adMin: 0, target, notes });
      },
    }),
    choice: (s) => ({ ...choiceOf(s, s.optional), rollMode: s.rollMode }),
  };
}

const COMMAND_TASKS: readonly CommandTask[] = ["difficult", "dangerous", "routine"];
const COMMAND_TASK_LABEL: Record<CommandTask, string> = {
  routine: "POLYVERSE.Verses.NewRules.Command.TaskChoice.routine",
  difficult: "POLYVERSE.Verses.NewRules.Command.TaskChoice.difficult",
  dangerous: "POLYVERSE.Verses.NewRules.Command.TaskChoice.dangerous",
};

/**
 * A command to an animal: the task (difficult: the GM's `[Task Difficulty]S`; dangerous: a contest
 * against the animal's SMR + TUF; routine: no test unless the rider's Riding is unallocated); 1AD
 * per command, which joins no pool. The odds shown are against the animal's resistance.
 */
export function commandDialog(base: SpecialDialogBase, animal: AnimalState): SpecialDialog<CommandChoice> {
  const fields: RollDialogField[] = [
    {
      kind: "select",
      name: "task",
      label: "POLYVERSE.Verses.NewRules.Command.TaskLabel",
      choices: COMMAND_TASKS.map((t) => ({ value: t, label: COMMAND_TASK_LABEL[t] })),
      hint: "POLYVERSE.Verses.NewRules.Command.TaskHint",
    },
  ];
  const taskOf = (s: RollDialogState): CommandTask => {
    const v = String(s.values.task ?? "");
    return (COMMAND_TASKS as string[]).includes(v) ? (v as CommandTask) : "difficult";
  };
  const choiceOf = (s: RollDialogState, optional?: string[]): CommandChoice => ({
    ...common(base, s),
    task: taskOf(s),
    difficulty: s.target,
    ...(optional ? { optionalAbilities: optional } : {}),
  });
  const first = initial(base, { ad: 0, target: 2 }, { task: "difficult" });
  return {
    config: config(base, {
      title: "POLYVERSE.Verses.NewRules.Command.Title",
      label: "POLYVERSE.Verses.NewRules.Command.Title",
      fields,
      showAD: false,
      fixedTarget: false,
      probability: (pool, target) => {
        const p = planCommand(base.actor, animal, choiceOf({ ...first, target }));
        const resist = p.ok ? (p.value.resist?.pool ?? 0) : 0;
        return resist > 0 ? contestProbability(pool, resist, target) : successProbability(pool, target);
      },
      initial: { ...first, optional: defaultOptional(planCommand(base.actor, animal, choiceOf(first))) },
      evaluate: (s) => {
        const p = planCommand(base.actor, animal, choiceOf(s, s.optional));
        const notes: DialogMessage[] = [{ key: "POLYVERSE.Verses.NewRules.Command.CostNote" }];
        if (p.ok && p.value.resist)
          notes.push(
            messageOf({
              key: "POLYVERSE.Verses.NewRules.Command.ResistNote",
              data: { animal: animal.name, dice: p.value.resist.pool },
            }),
          );
        if (p.ok && !p.value.testNeeded)
          notes.push(
            messageOf({ key: "POLYVERSE.Verses.NewRules.Command.NoTest", data: { animal: animal.name } }),
          );
        return evaluationOf(p, { adMin: 0, target: null, notes });
      },
    }),
    choice: (s) => ({ ...choiceOf(s, s.optional), rollMode: s.rollMode }),
  };
}
