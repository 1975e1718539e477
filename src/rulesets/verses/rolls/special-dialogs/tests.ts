/**
 * 'Verses special-test dialogs, Foundry-free (see `../special-dialog-logic.ts`): Rest, continuous tests, Connectedness, Influence, Awaken and Survival.
 */
import { type DialogMessage, type RollDialogField, type RollDialogState } from "../../base/pool-dialog-logic";
import { adStateOf } from "../../base/ad-logic";
import type { PoolRequest } from "../../data/pools";
import {
  ATTRIBUTE_KEYS,
  abilityDice,
  allADBound,
  availableAD,
  contestProbability,
  isAddOnKey,
  type AttributeKey,
  type InfluenceKind,
} from "../../rules";
import {
  planAwaken,
  planConnectedness,
  planContinuousStart,
  planInfluence,
  planMaintenance,
  planRest,
  planSurvival,
  type AwakenChoice,
  type ConnectednessChoice,
  type ContinuousStartChoice,
  type InfluenceChoice,
  type LivingState,
  type MaintainChoice,
  type Planned,
  type RestChoice,
  type RollPlan,
  type StoredContinuous,
  type SurvivalChoice,
} from "../special";
import {
  INFLUENCE_TITLE,
  POPULATION_SIZE,
  RESISTANCE,
  chosenOptional,
  config,
  defaultAddOns,
  defaultOptional,
  evaluationOf,
  initial,
  startingAd,
  type SpecialDialog,
  type SpecialDialogBase,
  common,
} from "./common";
import type { MetabolismOffer } from "../../base/metabolism-logic";
// ---- Rest --------------------------------------------------------------------------------------

/**
 * Rest `TUF + #AD -> (#EX)S`: every unspent AD by default, at least 1 unless every AD is bound
 * (then "one Rest action" with no AD is allowed), against the EX bound.
 */
export function restDialog(
  base: SpecialDialogBase,
  metabolism: MetabolismOffer | null = null,
): SpecialDialog<RestChoice> {
  const state = adStateOf(base.actor);
  const adMin = allADBound(state) ? 0 : 1;
  // Heightened Metabolism's bound dice count with the EX-bound AD (`restWithMetabolism`).
  const target = state.exBound + (metabolism?.bound ?? 0);
  const plan = (s: RollDialogState, optional?: string[]) =>
    planRest(base.actor, {
      ...common(base, s),
      ad: s.ad,
      metabolism,
      ...chosenOptional(optional),
    });
  const start = Math.max(adMin, availableAD(state));
  return {
    config: config(base, {
      title: "POLYVERSE.Verses.Tests.Rest.Title",
      label: "POLYVERSE.Verses.Tests.Rest.Title",
      initial: initial(base, {
        ad: start,
        target,
        optional: defaultOptional(plan(initial(base, { ad: start }))),
      }),
      evaluate: (s) =>
        evaluationOf(plan(s, s.optional), {
          adMin,
          target,
          adAvailable: availableAD(state),
          ad: s.ad,
          notes: [
            { key: "POLYVERSE.Verses.Tests.Dialog.RestNote", data: { ex: String(state.exBound) } },
            ...(metabolism?.bound
              ? [{ key: "POLYVERSE.Verses.Metabolism.RestNote", data: { dice: String(metabolism.bound) } }]
              : []),
          ],
        }),
    }),
    choice: (s) => ({
      ...common(base, s),
      ad: s.ad,
      ...chosenOptional(s.optional),
      rollMode: s.rollMode,
      ...(metabolism ? { metabolism } : {}),
    }),
  };
}

// ---- continuous tests -----------------------------------------------------------------------

/** A test a continuous test may be rolled with: an attribute or one of the actor's skills. */
interface ContinuousOption {
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
      ...chosenOptional(optional),
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
interface SocietyOption {
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
      ...chosenOptional(optional),
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
interface InfluenceTarget {
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
  // The skill add-ons (Charm & Persuasion, Acting, Oration, Intimidation ...) are the roller's switches.
  const choiceOf = (s: RollDialogState, optional?: string[]): InfluenceChoice => ({
    ...common(base, s),
    ad: s.ad,
    enemy: target.enemy,
    ...(optional ? { addOns: optional.filter(isAddOnKey) } : {}),
  });
  const title = INFLUENCE_TITLE[kind];
  // The target resists with no AD and nothing the roller chooses: its pool is the same throughout.
  const first = planInfluence(base.actor, target.state, kind, choiceOf(initial(base, { ad: 1 })));
  const resist = first.ok ? first.value.resist.pool : 0;
  const influencerOf = (plan: typeof first): Planned<RollPlan> =>
    plan.ok ? { ok: true, value: plan.value.influencer } : plan;
  return {
    config: config(base, {
      title,
      label: title,
      initial: initial(base, {
        ad: startingAd(base),
        target: 1,
        optional: defaultAddOns(influencerOf(first)),
      }),
      probability: (pool) => contestWinChance(pool, resist),
      evaluate: (s) => {
        const plan = planInfluence(base.actor, target.state, kind, choiceOf(s, s.optional));
        return evaluationOf(influencerOf(plan), {
          adMin: 1,
          target: 1,
          adAvailable: base.actor.adAvailable,
          ad: s.ad,
          notes: [{ key: RESISTANCE[kind], data: { name: target.name, dice: String(resist) } }],
        });
      },
    }),
    choice: (s) => ({ ...choiceOf(s, s.optional), rollMode: s.rollMode }),
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
      ...chosenOptional(optional),
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
    choice: (s) => ({ ...common(base, s), ad: s.ad, ...chosenOptional(s.optional), rollMode: s.rollMode }),
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
      ...chosenOptional(optional),
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
      ...chosenOptional(s.optional),
      rollMode: s.rollMode,
    }),
  };
}
