/**
 * The special tests of 'Verses Core, Foundry-free: Rest, continuous tests and their maintenance,
 * Connectedness, Influence contests (Charm, Intimidation), Stabilizing, Healing, Awaken and the
 * Survival roll. Each test has a `plan…` function (from the actor's prepared data and the roller's
 * choice to the pool, its labelled parts and the success target, or a refusal) and a `resolve…`
 * function (from the plan and the rolled faces to the outcome, the card's lines and the document
 * changes, as plain data). The rules are the rules layer's functions; this module only gathers
 * their inputs and turns their results into card lines and changes. `special.ts` rolls the dice,
 * posts the cards and applies the changes.
 */
import {
  HEALING_CONTINUATION,
  RECOVERY_SKILLS,
  abilityDice,
  abilityDiceFor,
  applyRest,
  availableAD,
  awakenTest,
  canHeal,
  canStabilize,
  conditionDiceBreakdown,
  conditionsAfterHealing,
  conditionsAfterStabilizing,
  connectednessTest,
  countSuccesses,
  effectiveAD,
  endContinuousTest,
  healingTest,
  influenceCondition,
  influencePool,
  influenceResistPool,
  maintenancePool,
  normalizeKey,
  parseContinuous,
  resolveHealing,
  resolveInfluence,
  resolveMaintenance,
  resolveStabilize,
  resolveTest,
  restTest,
  sortSixesFirst,
  startContinuousTest,
  stabilizeTest,
  spendAD,
  successProbability,
  survivalOutcome,
  survivalPool,
  toolDice,
  type AbilityContribution,
  type ActionId,
  type ActorKind,
  type AdRoundState,
  type AttributeKey,
  type ConditionId,
  type ConditionState,
  type ContestOutcome,
  type ContinuousTestState,
  type HealingInput,
  type HealingOptions,
  type HealingPhase,
  type InfluenceKind,
  type InfluenceOptions,
  type InfluenceOutcome,
  type MaintenanceReason,
  type RecoveryOptions,
  type RecoverySkillId,
  type RestInput,
  type SkillCatalog,
  type SkillPoolOptions,
  type StabilizeInput,
  type SurvivalOutcome,
  type TestOutcome,
} from "../rules";
import { formatChance } from "../../../core/roll-dialog-model";
import { adChange, adStateOf } from "../ad-logic";
import { SYSTEM_ID } from "../../../core/constants";
import { lineTextWith, type Localize } from "../card-text";
import type { DocumentChange, StatusChange } from "../../../core/changes-logic";
import type { LivingDerived, LivingSource } from "../data/living";
import { MAX_POOL, assemblePool, clampBonus, type AssembledPool, type PoolRequest } from "../data/pools";
import type { PoolPart, VersesRollOptions } from "./pool-view";

/** A living actor's prepared system data (stored fields and derived values). */
export type LivingState = LivingSource & LivingDerived & { nativeTec?: number };

/** Keys chosen by the kind of influence or the survival outcome, written out so the key check sees them. */
const INFLUENCE_TITLE = {
  charm: "POLYVERSE.Verses.Tests.Influence.charm",
  intimidate: "POLYVERSE.Verses.Tests.Influence.intimidate",
} as const;
const INFLUENCE_REQUEST = {
  charm: "POLYVERSE.Verses.Tests.Influence.Request.charm",
  intimidate: "POLYVERSE.Verses.Tests.Influence.Request.intimidate",
} as const;
const SURVIVAL_OUTCOME = {
  recovers: "POLYVERSE.Verses.Tests.Survival.recovers",
  survives: "POLYVERSE.Verses.Tests.Survival.survives",
  dies: "POLYVERSE.Verses.Tests.Survival.dies",
} as const;
const ATTRIBUTE_ABBR = (a: AttributeKey) => `POLYVERSE.Verses.Attribute.${a}.Abbr`;
const CONDITION_NAME = (id: ConditionId) => `POLYVERSE.Verses.Condition.${id}`;
const AD_LABEL = "POLYVERSE.Verses.Pool.AD";
const BONUS_LABEL = "POLYVERSE.Verses.Pool.Bonus";
const EFFECTS_LABEL = "POLYVERSE.Verses.Pool.Effects";

// ---- plain data the glue applies ---------------------------------------------------------------

export { conditionDetails, updateData } from "../../../core/changes-logic";
export type { DeltaChange, DocumentChange, StatusChange } from "../../../core/changes-logic";

/** A localisable line: an i18n key (or literal text) and its values. */
export interface CardLine {
  key: string;
  data?: Record<string, string | number>;
}

/** A refusal: an i18n key and its values. */
export type Planned<T> = { ok: true; value: T } | { ok: false; reason: CardLine };

/** One rolled side of a card: who rolled, what, the pool's parts and the success target. */
export interface CardSide {
  name: string;
  /** The pool's label, an i18n key or literal text. */
  label: string;
  labelData?: Record<string, string>;
  parts: PoolPart[];
  /** The success target (0: none). */
  target: number;
  faces: number[];
}

/** What a special card shows, stored with the chat message so the GM's action can re-render it. */
export interface SpecialCard {
  kind: SpecialKind;
  title: CardLine;
  sides: CardSide[];
  /** A contest's net result: the influencer's faces left after the resistance, sixes first. */
  net?: number[];
  outcome: "success" | "failure" | "neutral";
  headline: CardLine;
  lines: CardLine[];
  /** The continuous test or healing course the card's buttons act on. */
  continuousId?: string;
}

export type SpecialKind =
  | "rest"
  | "continuous"
  | "maintain"
  | "connectedness"
  | "influence"
  | "stabilise"
  | "healing"
  | "awaken"
  | "survival";

/** What a `resolve…` function returns: the card and the changes it implies. */
export interface SpecialResult {
  card: SpecialCard;
  changes: DocumentChange[];
}

/** A test ready to roll: the roll's options (pool parts, target ...) and the pool size. */
export interface RollPlan {
  roll: VersesRollOptions & { parts: PoolPart[] };
  pool: number;
  /** The optional ability dice ("may be added") on offer for this test, chosen or not. */
  optional?: AbilityContribution[];
  /** The roller's AD before the test (what an AD spend is bookkept from, `ad-logic.ts`). */
  adBefore?: AdRoundState;
}

/**
 * How the world assembles pools, as the attribute, skill and weapon rolls do (`worldPool` in
 * actions.ts): the setting's TEC (General skills' TEC difference), the compendium's skill catalog
 * (unallocated defaults along a chain) and the skill-pool options (the TEC-differential setting).
 * The glue reads them from the world's settings; here they are plain values.
 */
export interface PoolWorld {
  contextTec?: number;
  catalog?: SkillCatalog;
  skillOptions?: SkillPoolOptions;
  /** The world's largest pool (setting `maxPool`). */
  maxPool?: number;
}

/** What every special test's choice may carry besides its own fields. */
export interface CommonChoice {
  /** The world the pool is assembled in. */
  world?: PoolWorld;
  /** Dice added (or removed) by the player or the GM. */
  bonus?: number;
}

const line = (key: string, data?: Record<string, string | number>): CardLine =>
  data === undefined ? { key } : { key, data };
const refuse = <V>(key: string, data?: Record<string, string | number>): Planned<V> => ({
  ok: false,
  reason: line(key, data),
});
/** A rules-layer refusal: its reason is a short English sentence, shown inside a localised frame. */
const rulesRefusal = <V>(reason: string): Planned<V> =>
  refuse("POLYVERSE.Verses.Tests.Reason.Rules", { reason });
const sum = (parts: readonly PoolPart[]) => parts.reduce((n, p) => n + p.dice, 0);

/** The AD state of the rules layer (`fast-action.ts`) from the actor's data (`adStateOf`). */
export function adState(s: LivingState): AdRoundState {
  return adStateOf(s);
}

/** The flag path of a continuous test or healing course on its actor. */
export const continuousPath = (id: string) => `flags.${SYSTEM_ID}.continuous.${id}`;
const continuousDeletePath = (id: string) => `flags.${SYSTEM_ID}.continuous.-=${id}`;

/**
 * In Fast Action the AD spent on a test leave the round's pool (`spendAD`, written back with
 * `adChange`); outside it nothing is tracked.
 */
function spendChange(
  ref: { uuid: string; name: string },
  before: AdRoundState | undefined,
  ad: number,
  fastAction: boolean,
): DocumentChange[] {
  if (!fastAction || ad <= 0 || !before) return [];
  const spent = spendAD(before, ad, { minimum: 0 });
  const after = spent.ok ? spent.value : { ...before, spent: before.spent + ad };
  const change = adChange(ref, before, after);
  return change ? [change] : [];
}

/** The GM's or player's extra dice as a pool part. */
const bonusParts = (bonus: number | undefined, world: PoolWorld | undefined): PoolPart[] => {
  const dice = clampBonus(bonus, world?.maxPool ?? MAX_POOL.default);
  return dice ? [{ label: BONUS_LABEL, dice }] : [];
};

/** A pool with the optional ability dice on offer for it. */
type OfferedPool = AssembledPool & { offered: AbilityContribution[] };

/**
 * A pool from `assemblePool` in the roller's world (setting TEC, skill catalog), with the bonus
 * dice, and with the optional ability dice ("may be added") the roller chose, or, when the roller
 * did not choose, every optional one that binds no EX.
 */
function poolFor(
  s: LivingState,
  request: PoolRequest,
  choice: CommonChoice & { optionalAbilities?: readonly string[] | undefined } = {},
): OfferedPool {
  const world = choice.world ?? {};
  const full: PoolRequest = {
    ...(world.contextTec !== undefined ? { contextTec: world.contextTec } : {}),
    ...request,
    ...(world.maxPool !== undefined ? { maxPool: world.maxPool } : {}),
    extra: [...(request.extra ?? []), ...bonusParts(choice.bonus, world)],
  };
  const assemble = (r: PoolRequest) => assemblePool(s, s, r, world.catalog ?? [], world.skillOptions ?? {});
  const first = assemble(full);
  if (!first.usable) return { ...first, offered: [] };
  const chosen = choice.optionalAbilities ?? first.optional.filter((o) => o.exCost === 0).map((o) => o.key);
  const pool = chosen.length ? assemble({ ...full, optionalAbilities: chosen }) : first;
  return { ...pool, offered: first.optional };
}

function outcomeLine(o: TestOutcome): CardLine {
  return o.success
    ? line("POLYVERSE.Verses.Roll.Success", { margin: o.margin })
    : line("POLYVERSE.Verses.Roll.Failure");
}

// ---- Rest ---------------------------------------------------------------------------------------

export interface RestChoice extends CommonChoice {
  /** AD spent on the Rest action (default: every unspent AD). */
  ad?: number;
  fastAction?: boolean;
  optionalAbilities?: readonly string[];
}

export interface RestPlan extends RollPlan {
  state: AdRoundState;
  input: RestInput;
}

/**
 * The Rest test `TUF + #AD -> (#EX)S` (`restTest`): TUF with the ability dice of the Rest action
 * (Physical Conditioning), effects and conditions (Prone biologicals +1), and the AD. With nothing
 * EX-bound there is nothing to roll (TV-41).
 */
export function planRest(s: LivingState, choice: RestChoice = {}): Planned<RestPlan> {
  const state = adState(s);
  if (state.exBound <= 0) return refuse("POLYVERSE.Verses.Tests.Reason.NothingBound");
  const ad = Math.max(0, Math.floor(choice.ad ?? availableAD(state)));
  const pool = poolFor(
    s,
    { attribute: "tuf", action: "rest", rest: true, ad, fastAction: choice.fastAction ?? false },
    choice,
  );
  if (!pool.usable) return rulesRefusal(pool.reason ?? "");
  const tuf = s.effective.tuf;
  // Every die besides TUF and the AD (abilities, effects, Prone) goes in as "other dice".
  const input: RestInput = { tuf, adSpent: ad, actorKind: s.kind, otherDice: sum(pool.parts) - tuf - ad };
  const test = restTest(state, input);
  if (!test.ok) return rulesRefusal(test.reason);
  return {
    ok: true,
    value: {
      state,
      input,
      pool: test.value.pool,
      optional: pool.offered,
      adBefore: state,
      roll: {
        target: test.value.target,
        parts: pool.parts,
        label: "POLYVERSE.Verses.Tests.Rest.Title",
        kind: "rest",
        perSM: "1",
        ad,
      },
    },
  };
}

/** Resolve a Rest roll (`applyRest`): 1 EX unbound per SM, at most the EX bound. Jee (TV-28): SM 2, 2 EX. */
export function resolveRestRoll(
  plan: RestPlan,
  faces: readonly number[],
  actor: { uuid: string; name: string },
  fastAction = false,
): Planned<SpecialResult> {
  const result = applyRest(plan.state, plan.input, faces);
  if (!result.ok) return rulesRefusal(result.reason);
  const { outcome, unbound, state } = result.value;
  // The EX unbound always count; the AD spent only in Fast Action (outside it nothing is tracked).
  const after = fastAction ? state : { ...plan.state, exBound: state.exBound };
  const ad = adChange(actor, plan.state, after);
  const changes: DocumentChange[] = ad ? [ad] : [];
  // In Fast Action the active GM records the AD spent on Rest on the combatant from this card
  // (`combat/rounds.ts`), so that Sickened binds no EX that round.
  const success = outcome?.success ?? false;
  return {
    ok: true,
    value: {
      changes,
      card: {
        kind: "rest",
        title: line("POLYVERSE.Verses.Tests.Rest.Title"),
        sides: [side(actor.name, plan.roll, faces)],
        outcome: success ? "success" : "failure",
        headline: outcome ? outcomeLine(outcome) : line("POLYVERSE.Verses.Tests.Reason.NothingBound"),
        lines: [line("POLYVERSE.Verses.Tests.Rest.Unbound", { unbound, bound: state.exBound })],
      },
    },
  };
}

// ---- Continuous tests ------------------------------------------------------------------------

/** A continuous test or healing course, as kept in `flags.polyverse.continuous[id]`. */
export interface StoredContinuous {
  id: string;
  /** What is maintained: an i18n key or a skill's name. */
  label: string;
  /** The test's notation as written (`1S 1C`). */
  notation: string;
  state: ContinuousTestState;
  /** Daily Healing, when this is a healing course rather than a maintained test. */
  healing?: HealingCourse;
}

/** What a healing course needs to roll tomorrow's continuation. */
export interface HealingCourse {
  patientUuid: string;
  patientName: string;
  skillUuid: string;
  supplyUuid: string;
  toolUuid?: string;
  /** Days rolled so far, the initial test included. */
  days: number;
}

export interface ContinuousStartChoice extends CommonChoice {
  /** The test's notation: `3S 2C`, `1S C`, `2C`. */
  notation: string;
  /** What is rolled: an attribute or a skill reference. */
  request: Pick<PoolRequest, "attribute" | "skill" | "action" | "tags">;
  /** What the card calls it (a skill's name, an i18n key). */
  label: string;
  ad?: number;
  /** A success target other than the notation's (the notation may give only `#C`). */
  target?: number;
  fastAction?: boolean;
  optionalAbilities?: readonly string[];
}

export interface ContinuousStartPlan extends RollPlan {
  continuation: number;
  baseDice: number;
  involvesSmr: boolean;
  notation: string;
  label: string;
}

/**
 * Starting a continuous test: the pool of its attribute or skill plus AD against `#S`, its
 * continuation target `#C` from the notation (`parseContinuous`). Jules (TV-03): TUF 2 + 5AD = 7d6
 * against 1S, then 1C.
 */
export function planContinuousStart(
  s: LivingState,
  choice: ContinuousStartChoice,
): Planned<ContinuousStartPlan> {
  const parsed = parseContinuous(choice.notation);
  if (!parsed.ok) return refuse("POLYVERSE.Verses.Tests.Reason.Notation", { notation: choice.notation });
  const continuation = parsed.value.continuation;
  if (continuation === null)
    return refuse("POLYVERSE.Verses.Tests.Reason.NotContinuous", { notation: choice.notation });
  const ad = Math.max(0, Math.floor(choice.ad ?? 1));
  if (ad < 1) return refuse("POLYVERSE.Verses.Tests.Reason.MinimumAd");
  const target = Math.max(1, Math.floor(choice.target ?? parsed.value.target ?? 1));
  const pool = poolFor(s, { ...choice.request, ad, fastAction: choice.fastAction ?? false }, choice);
  if (!pool.usable) return rulesRefusal(pool.reason ?? "");
  return {
    ok: true,
    value: {
      pool: pool.dice,
      optional: pool.offered,
      adBefore: adStateOf(s),
      continuation,
      baseDice: Math.max(0, pool.dice - ad),
      involvesSmr: pool.attributes.includes("smr"),
      notation: choice.notation,
      label: choice.label,
      roll: { target, continuation, parts: pool.parts, label: choice.label, kind: "test", ad },
    },
  };
}

/** The initial roll: on a success the test goes on (`startContinuousTest`), kept on the actor. */
export function resolveContinuousStart(
  plan: ContinuousStartPlan,
  faces: readonly number[],
  actor: { uuid: string; name: string },
  id: string,
  fastAction = false,
): SpecialResult {
  const outcome = resolveTest(faces, plan.roll.target);
  const changes = spendChange(actor, plan.adBefore, plan.roll.ad ?? 0, fastAction);
  const lines: CardLine[] = [];
  if (outcome.success) {
    const stored: StoredContinuous = {
      id,
      label: plan.label,
      notation: plan.notation,
      state: startContinuousTest(plan.continuation, plan.baseDice, plan.involvesSmr),
    };
    changes.push({ uuid: actor.uuid, name: actor.name, set: { [continuousPath(id)]: stored } });
    lines.push(
      line("POLYVERSE.Verses.Tests.Continuous.Started", {
        continuation: plan.continuation,
        dice: plan.baseDice,
      }),
    );
  } else lines.push(line("POLYVERSE.Verses.Tests.Continuous.NotStarted"));
  return {
    changes,
    card: {
      kind: "continuous",
      title: line("POLYVERSE.Verses.Tests.Continuous.Title", { label: plan.label }),
      sides: [side(actor.name, plan.roll, faces)],
      outcome: outcome.success ? "success" : "failure",
      headline: outcomeLine(outcome),
      lines,
      ...(outcome.success ? { continuousId: id } : {}),
    },
  };
}

export interface MaintainChoice extends CommonChoice {
  /** AD spent (at least 1 for the Maintain a Test action, or a Multitasking die in its place). */
  ad?: number;
  /** `maintain` (the action) or `hit` (forced by an attack: AD optional). */
  reason?: MaintenanceReason;
  /** Multitasking dice used in place of AD. */
  multitasking?: number;
  fastAction?: boolean;
}

export interface MaintainPlan extends RollPlan {
  stored: StoredContinuous;
}

/**
 * The maintenance roll (`maintenancePool`): the original test's dice without its AD, plus AD (or
 * Multitasking dice in their place), Action Autopilot, and Intense Concentration for SMR tests,
 * against `#C`. Jules (TV-03): TUF 2 + 5AD = 7d6 against 1C.
 */
export function planMaintenance(
  s: LivingState,
  stored: StoredContinuous,
  choice: MaintainChoice = {},
): Planned<MaintainPlan> {
  if (!stored.state.active) return refuse("POLYVERSE.Verses.Tests.Reason.Ended");
  const reason = choice.reason ?? "maintain";
  const ad = Math.max(0, Math.floor(choice.ad ?? (reason === "maintain" ? 1 : 0)));
  const multitasking = Math.max(0, Math.floor(choice.multitasking ?? 0));
  const multitaskingAllocated = abilityDice(s.abilities, "multitasking");
  const actionAutopilot = abilityDice(s.abilities, "actionAutopilot");
  const intenseConcentration = abilityDice(s.abilities, "intenseConcentration");
  if (reason === "maintain" && ad + multitasking < 1)
    return refuse("POLYVERSE.Verses.Tests.Reason.MinimumAd");
  if (ad > s.adAvailable)
    return refuse("POLYVERSE.Verses.Tests.Reason.NotEnoughAd", { ad, available: s.adAvailable });
  const pool = maintenancePool({
    baseDice: stored.state.baseDice,
    adSpent: ad,
    reason,
    multitaskingDice: multitasking,
    multitaskingAllocated,
    actionAutopilot,
    intenseConcentration,
    involvesSmr: stored.state.involvesSmr,
  });
  if (!pool.ok) return rulesRefusal(pool.reason);
  const parts: PoolPart[] = [{ label: stored.label, dice: stored.state.baseDice }];
  if (multitasking > 0) parts.push({ label: "Multitasking", dice: multitasking });
  if (actionAutopilot > 0) parts.push({ label: "Action Autopilot", dice: actionAutopilot });
  if (stored.state.involvesSmr && intenseConcentration > 0)
    parts.push({ label: "Intense Concentration", dice: intenseConcentration });
  if (ad > 0) parts.push({ label: AD_LABEL, dice: ad });
  const bonus = bonusParts(choice.bonus, choice.world);
  parts.push(...bonus);
  return {
    ok: true,
    value: {
      stored,
      pool: Math.max(0, pool.value.pool + sum(bonus)),
      adBefore: adStateOf(s),
      roll: {
        target: stored.state.continuation,
        continuation: stored.state.continuation,
        parts,
        label: stored.label,
        kind: "test",
        ad,
      },
    },
  };
}

/** Resolve a maintenance roll (`resolveMaintenance`): kept on success, removed from the actor on failure. */
export function resolveMaintenanceRoll(
  plan: MaintainPlan,
  faces: readonly number[],
  actor: { uuid: string; name: string },
  fastAction = false,
): SpecialResult {
  const result = resolveMaintenance(plan.stored.state, faces);
  const changes = spendChange(actor, plan.adBefore, plan.roll.ad ?? 0, fastAction);
  const id = plan.stored.id;
  changes.push(
    result.maintained
      ? {
          uuid: actor.uuid,
          name: actor.name,
          set: { [continuousPath(id)]: { ...plan.stored, state: result.state } },
        }
      : { uuid: actor.uuid, name: actor.name, set: { [continuousDeletePath(id)]: null } },
  );
  return {
    changes,
    card: {
      kind: "maintain",
      title: line("POLYVERSE.Verses.Tests.Maintain.Title", { label: plan.stored.label }),
      sides: [side(actor.name, plan.roll, faces)],
      outcome: result.maintained ? "success" : "failure",
      headline: outcomeLine(result.outcome),
      lines: [
        result.maintained
          ? line("POLYVERSE.Verses.Tests.Maintain.Kept", { rounds: result.state.roundsContinued })
          : line("POLYVERSE.Verses.Tests.Maintain.Ended"),
      ],
      ...(result.maintained ? { continuousId: id } : {}),
    },
  };
}

/** The actor lets a continuous test go (`endContinuousTest`): its flag is removed. */
export function endContinuousChange(
  stored: StoredContinuous,
  actor: { uuid: string; name: string },
): { state: ContinuousTestState; change: DocumentChange } {
  return {
    state: endContinuousTest(stored.state),
    change: { uuid: actor.uuid, name: actor.name, set: { [continuousDeletePath(stored.id)]: null } },
  };
}

/** The continuous tests kept on an actor's flags, oldest first (malformed entries are skipped). */
export function storedContinuous(flags: Record<string, unknown> | undefined): StoredContinuous[] {
  const all = (flags?.[SYSTEM_ID] as { continuous?: Record<string, unknown> } | undefined)?.continuous ?? {};
  return Object.values(all).filter(
    (v): v is StoredContinuous =>
      typeof v === "object" &&
      v !== null &&
      typeof (v as StoredContinuous).id === "string" &&
      typeof (v as StoredContinuous).state?.continuation === "number",
  );
}

// ---- Connectedness -------------------------------------------------------------------------

export interface ConnectednessChoice extends CommonChoice {
  /** The GM's adjustment `CN + POP + # of Recent Visits` (Population). */
  populationAdjustment?: boolean;
  pop?: number;
  recentVisits?: number;
  /** A target the GM chose instead of `(10 - SOC)S`. */
  targetOverride?: number;
  optionalAbilities?: readonly string[];
}

/**
 * The Connectedness test `CN -> (10 - SOC)S` (`connectednessTest`), plus Social Butterfly's dice and
 * the effects on every test. TV-C11: a human with SOC 2 rolls CN 12 against 8S (1.88 %).
 */
export function planConnectedness(s: LivingState, choice: ConnectednessChoice = {}): Planned<RollPlan> {
  const adjust = choice.populationAdjustment === true;
  const test = connectednessTest(
    {
      cn: s.derived.cn,
      soc: s.effective.soc,
      ...(choice.pop !== undefined ? { pop: choice.pop } : {}),
      ...(choice.recentVisits !== undefined ? { recentVisits: choice.recentVisits } : {}),
    },
    {
      populationAdjustment: adjust,
      ...(choice.targetOverride !== undefined ? { targetOverride: choice.targetOverride } : {}),
    },
  );
  const parts: PoolPart[] = [{ label: "POLYVERSE.Verses.Tests.Connectedness.CN", dice: s.derived.cn }];
  if (adjust) {
    parts.push({ label: "POLYVERSE.Verses.Tests.Connectedness.POP", dice: Math.max(0, choice.pop ?? 0) });
    parts.push({
      label: "POLYVERSE.Verses.Tests.Connectedness.Visits",
      dice: Math.max(0, choice.recentVisits ?? 0),
    });
  }
  const chosen = choice.optionalAbilities;
  const offered: AbilityContribution[] = [];
  for (const c of abilityDiceFor({ tags: ["connectedness"], attributes: [] }, s.abilities)) {
    if (c.use !== "add") continue;
    if (c.optional) offered.push(c);
    if (c.optional && (chosen ? !chosen.includes(c.key) : c.exCost > 0)) continue;
    parts.push({ label: c.label, dice: c.dice });
  }
  if (s.modifiers.dice.all !== 0) parts.push({ label: EFFECTS_LABEL, dice: s.modifiers.dice.all });
  parts.push(...bonusParts(choice.bonus, choice.world));
  const pool = Math.max(0, test.pool + sum(parts) - sum(parts.slice(0, adjust ? 3 : 1)));
  if (test.target < 1) return refuse("POLYVERSE.Verses.Tests.Reason.ZeroTarget");
  return {
    ok: true,
    value: {
      pool,
      optional: offered,
      roll: { target: test.target, parts, label: "POLYVERSE.Verses.Tests.Connectedness.Title", kind: "test" },
    },
  };
}

/** The GM reads the result: a contact is found on a success, and SM hints at its disposition. */
export function resolveConnectednessRoll(
  plan: RollPlan,
  faces: readonly number[],
  actorName: string,
): SpecialResult {
  const outcome = resolveTest(faces, plan.roll.target);
  return {
    changes: [],
    card: {
      kind: "connectedness",
      title: line("POLYVERSE.Verses.Tests.Connectedness.Title"),
      sides: [side(actorName, plan.roll, faces)],
      outcome: outcome.success ? "success" : "failure",
      headline: outcomeLine(outcome),
      lines: [
        outcome.success
          ? line("POLYVERSE.Verses.Tests.Connectedness.Found", { margin: outcome.margin })
          : line("POLYVERSE.Verses.Tests.Connectedness.NotFound"),
      ],
    },
  };
}

// ---- Influence -------------------------------------------------------------------------------

/** The second attribute of an Influence pool: SMR for Charm, TUF for Intimidation. */
export const influenceAttribute = (kind: InfluenceKind): AttributeKey => (kind === "charm" ? "smr" : "tuf");

/**
 * A pool of two attributes, SOC and `second`: `assemblePool` for SOC, then what the second attribute
 * adds (its dice, its effects, the conditions and ability dice that count for it and not already for
 * SOC). A condition on both counts once, as `conditionDiceBreakdown` counts it for a test of both.
 */
function socPairPool(
  s: LivingState,
  second: AttributeKey,
  request: {
    action: ActionId;
    ad: number;
    fastAction: boolean;
    resistingCharm?: boolean;
    resisting?: boolean;
    world?: PoolWorld | undefined;
    bonus?: number | undefined;
  },
): PoolPart[] {
  const base = poolFor(
    s,
    {
      attribute: "soc",
      action: request.action,
      fastAction: request.fastAction,
      ad: 0,
      resisting: request.resisting,
    },
    { world: request.world },
  );
  const parts: PoolPart[] = [...base.parts];
  parts.splice(1, 0, { label: ATTRIBUTE_ABBR(second), dice: s.effective[second] });
  const effects = s.modifiers.dice[second];
  if (effects !== 0) {
    const existing = parts.findIndex((p) => p.label === EFFECTS_LABEL);
    if (existing >= 0) parts[existing] = { ...parts[existing]!, dice: parts[existing]!.dice + effects };
    else parts.push({ label: EFFECTS_LABEL, dice: effects });
  }
  const context = { actorKind: s.kind, ...(request.resistingCharm ? { resistingCharm: true } : {}) };
  const socOnly = conditionDiceBreakdown(s.conditions, { actorKind: s.kind, attributes: ["soc"] });
  for (const l of conditionDiceBreakdown(s.conditions, { ...context, attributes: ["soc", second] })) {
    const counted = socOnly.find((o) => o.condition === l.condition)?.dice ?? 0;
    if (l.dice !== counted) parts.push({ label: CONDITION_NAME(l.condition), dice: l.dice - counted });
  }
  const have = new Set(parts.map((p) => p.label));
  for (const c of abilityDiceFor(
    { action: request.action, attributes: ["soc", second], fastAction: request.fastAction },
    s.abilities,
  )) {
    if (c.use === "add" && !c.optional && !have.has(c.label)) parts.push({ label: c.label, dice: c.dice });
  }
  parts.push(...bonusParts(request.bonus, request.world));
  if (request.ad > 0) parts.push({ label: AD_LABEL, dice: request.ad });
  return parts;
}

/**
 * The influencer's pool for Charm (`SOC + SMR`) or Intimidation (`SOC + TUF`) before AD: the two
 * attributes with the conditions, effects and ability dice that count for them (what the sheet shows).
 */
export function influencePoolParts(s: LivingState, kind: InfluenceKind, world?: PoolWorld): PoolPart[] {
  return socPairPool(s, influenceAttribute(kind), { action: kind, ad: 0, fastAction: false, world });
}

export interface InfluenceChoice extends CommonChoice {
  ad?: number;
  fastAction?: boolean;
  /** The target is already an enemy: Charm does not work on it. */
  enemy?: boolean;
}

export interface InfluencePlan {
  kind: InfluenceKind;
  influencer: RollPlan;
  resist: RollPlan;
}

/**
 * Charm `SOC + SMR + #AD -> SOC + SMR` or Intimidation `SOC + TUF + #AD -> SOC + TUF`
 * (`influencePool`, `influenceResistPool`). The target resists with the same capabilities and no AD;
 * an Intoxicated target at levels 1-2 resists Charm with a die less. TV-C07: SOC 2 + SMR 2 + 3AD = 7d6
 * against SOC 2 + SMR 2 = 4d6.
 */
export function planInfluence(
  influencer: LivingState,
  target: LivingState,
  kind: InfluenceKind,
  choice: InfluenceChoice = {},
): Planned<InfluencePlan> {
  if (kind === "charm" && choice.enemy) return refuse("POLYVERSE.Verses.Tests.Reason.CharmEnemy");
  const second = influenceAttribute(kind);
  const ad = Math.max(0, Math.floor(choice.ad ?? 1));
  if (ad > influencer.adAvailable)
    return refuse("POLYVERSE.Verses.Tests.Reason.NotEnoughAd", { ad, available: influencer.adAvailable });
  const fastAction = choice.fastAction ?? false;
  const mine = socPairPool(influencer, second, {
    action: kind,
    ad,
    fastAction,
    world: choice.world,
    bonus: choice.bonus,
  });
  const pool = influencePool({
    soc: influencer.effective.soc,
    second: influencer.effective[second],
    adSpent: ad,
    capabilityDice: sum(mine) - influencer.effective.soc - influencer.effective[second] - ad,
  });
  if (!pool.ok) return refuse("POLYVERSE.Verses.Tests.Reason.MinimumAd");
  const theirs = socPairPool(target, second, {
    action: kind,
    ad: 0,
    fastAction,
    resistingCharm: kind === "charm",
    resisting: true,
    world: choice.world,
  });
  const resist = influenceResistPool({
    soc: target.effective.soc,
    second: target.effective[second],
    capabilityDice: sum(theirs) - target.effective.soc - target.effective[second],
  });
  const title = INFLUENCE_TITLE[kind];
  return {
    ok: true,
    value: {
      kind,
      influencer: {
        pool: pool.value,
        adBefore: adStateOf(influencer),
        roll: { target: 1, parts: mine, label: title, kind: "influence", ad },
      },
      resist: {
        pool: resist,
        roll: {
          target: 0,
          parts: theirs,
          label: "POLYVERSE.Verses.Tests.Influence.Resist",
          kind: "influence",
        },
      },
    },
  };
}

/**
 * Resolve the contest (`resolveInfluence`): the target's successes remove the influencer's sixes
 * first; the condition (Charmed, Afraid) applies for SM rounds when the sixes rule allows.
 * TV-C07: 6,6,5 against 1 success: net 6,5, no Charmed. TV-C08: 6,6,6 against 1: Charmed 2 rounds.
 * TV-C09: 6,6 against 0: Afraid 2 rounds.
 */
export function resolveInfluenceRoll(
  plan: InfluencePlan,
  influencerFaces: readonly number[],
  targetFaces: readonly number[],
  docs: { influencer: { uuid: string; name: string }; target: { uuid: string; name: string } },
  options: InfluenceOptions = {},
  fastAction = false,
): SpecialResult & { influence: InfluenceOutcome } {
  const out = resolveInfluence(influencerFaces, targetFaces, options);
  const condition = influenceCondition(plan.kind);
  const changes = spendChange(
    docs.influencer,
    plan.influencer.adBefore,
    plan.influencer.roll.ad ?? 0,
    fastAction,
  );
  const lines: CardLine[] = [line("POLYVERSE.Verses.Tests.Influence.Net", netData(out.contest))];
  if (out.conditionApplies) {
    changes.push({
      uuid: docs.target.uuid,
      name: docs.target.name,
      statuses: [{ id: condition, active: true, sourceId: docs.influencer.uuid, rounds: out.rounds }],
    });
    lines.push(
      line("POLYVERSE.Verses.Tests.Influence.Condition", {
        target: docs.target.name,
        condition: CONDITION_NAME(condition),
        rounds: out.rounds,
      }),
    );
    lines.push(line(INFLUENCE_REQUEST[plan.kind]));
  } else if (out.won)
    lines.push(
      line("POLYVERSE.Verses.Tests.Influence.NotAllSixes", { condition: CONDITION_NAME(condition) }),
    );
  else lines.push(line("POLYVERSE.Verses.Tests.Influence.Resisted", { target: docs.target.name }));
  return {
    influence: out,
    changes,
    card: {
      kind: "influence",
      title: line(INFLUENCE_TITLE[plan.kind]),
      sides: [
        side(docs.influencer.name, plan.influencer.roll, influencerFaces),
        side(docs.target.name, plan.resist.roll, targetFaces),
      ],
      net: sortSixesFirst(out.contest.remaining),
      outcome: out.conditionApplies ? "success" : out.won ? "neutral" : "failure",
      headline: out.won
        ? line("POLYVERSE.Verses.Tests.Influence.Won", { margin: out.contest.margin })
        : line("POLYVERSE.Verses.Tests.Influence.Lost"),
      lines,
    },
  };
}

function netData(c: ContestOutcome): Record<string, number> {
  return { successes: c.successes, sixes: c.sixes, fives: c.fives, cancelled: c.cancelled };
}

// ---- Stabilizing and Healing ------------------------------------------------------------------

/** The patient, as the recovery tests need it. */
export interface PatientState {
  uuid: string;
  name: string;
  kind: ActorKind;
  hp: number;
  hpMax: number;
  /** Its statuses (details from flags), as `actorConditions` reads them. */
  conditions: readonly ConditionState[];
}

/** The recovery skill a skill item is ("First Aid", "Medicine" ...), by its family name. */
export function recoverySkillId(name: string): RecoverySkillId | null {
  const key = normalizeKey(name);
  for (const skill of Object.values(RECOVERY_SKILLS)) if (normalizeKey(skill.name) === key) return skill.id;
  return null;
}

/** The healer's allocated dice in a skill, by family name (Herbalism, Pharmacology, Medicine). */
export function allocatedIn(s: LivingState, family: string): number {
  const key = normalizeKey(family);
  return s.skills.reduce((best, a) => (normalizeKey(a.skill) === key ? Math.max(best, a.dice) : best), 0);
}

const RECOVERY_REASONS: Record<string, string> = {
  "recovery.minimumOneAD": "POLYVERSE.Verses.Tests.Reason.MinimumAd",
  "recovery.noSupplies": "POLYVERSE.Verses.Tests.Reason.NoSupplies",
  "recovery.notEnoughSupplies": "POLYVERSE.Verses.Tests.Reason.NotEnoughSupplies",
};
const recoveryRefusal = <V>(reason: string, data: Record<string, string | number>): Planned<V> =>
  RECOVERY_REASONS[reason] ? refuse(RECOVERY_REASONS[reason], data) : rulesRefusal(reason);

/** The skill used, the supplies and the tool, as the items say. */
export interface RecoveryGear {
  /** The skill item: its display name and reference (`Medicine`, `Weapons » Swords`). */
  skill: { uuid: string; name: string; ref: string; family: string };
  supply: SupplyGear;
  tool?: { uuid: string; name: string; ol: number };
}

/**
 * The supplies at hand. A kit holds a count of supplies (`system.supplies`, used up in place); a
 * stack of single supplies (a Bandage: kind `supply`, one supply each) holds quantity × supplies,
 * and using them takes whole items off the stack (`system.quantity`).
 */
export interface SupplyGear {
  uuid: string;
  name: string;
  /** Supplies available in all. */
  supplies: number;
  /** The field consumption lowers: `system.supplies` (default) or `system.quantity`. */
  path?: "system.supplies" | "system.quantity";
  /** Supplies per item of a stack (with `path: "system.quantity"`). */
  perUnit?: number;
}

export interface RecoveryChoice extends CommonChoice {
  ad?: number;
  /** Add the healer's allocated Herbalism dice ("may be added to any Stabilization or Healing tests"). */
  herbalism?: boolean;
  /** Add the healer's allocated Pharmacology dice ("may be added to any Healing tests"). */
  pharmacology?: boolean;
  fastAction?: boolean;
  optionalAbilities?: readonly string[];
}

/** A skill whose allocated dice "may be added" to a recovery test (Herbalism, Pharmacology). */
export interface RecoveryHelper {
  key: "herbalism" | "pharmacology";
  label: string;
  dice: number;
}

/**
 * The helper skills the healer could add: Herbalism to Stabilizing and Healing, Pharmacology to
 * Healing, each with its allocated dice, unless it is the skill tested.
 */
export function recoveryHelpers(s: LivingState, healing: boolean, family: string): RecoveryHelper[] {
  const own = normalizeKey(family);
  const helpers: RecoveryHelper[] = [];
  const names: [RecoveryHelper["key"], string][] = [["herbalism", "Herbalism"]];
  if (healing) names.push(["pharmacology", "Pharmacology"]);
  for (const [key, name] of names) {
    const dice = allocatedIn(s, name);
    if (dice > 0 && normalizeKey(name) !== own) helpers.push({ key, label: name, dice });
  }
  return helpers;
}

function helperParts(s: LivingState, choice: RecoveryChoice, healing: boolean, family: string): PoolPart[] {
  return [
    ...recoveryHelpers(s, healing, family)
      .filter((h) => choice[h.key] ?? true)
      .map((h) => ({ label: h.label, dice: h.dice })),
    ...bonusParts(choice.bonus, choice.world),
  ];
}

// ---- the healer's gear -------------------------------------------------------------------------

/** An owned item as plain data (the glue maps the actor's items to these). */
export interface OwnedItem {
  uuid: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
}

const numberOf = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const textOf = (v: unknown): string => (typeof v === "string" ? v : "");

/** A skill item as the recovery tests name it. */
export function skillGearOf(item: OwnedItem): RecoveryGear["skill"] {
  const family = textOf(item.system.skill) || item.name;
  const spec = textOf(item.system.spec);
  return { uuid: item.uuid, name: item.name || family, ref: spec ? `${family} » ${spec}` : family, family };
}

/** The supplies a gear item holds (0: none), and how they are used up. */
export function supplyGearOf(item: OwnedItem): SupplyGear | null {
  if (item.type !== "verses-gear") return null;
  const each = Math.max(0, numberOf(item.system.supplies));
  if (each <= 0) return null;
  if (textOf(item.system.kind) === "supply") {
    const quantity = Math.max(0, Math.floor(numberOf(item.system.quantity)));
    return {
      uuid: item.uuid,
      name: item.name,
      supplies: quantity * each,
      path: "system.quantity",
      perUnit: each,
    };
  }
  return { uuid: item.uuid, name: item.name, supplies: each };
}

/**
 * Whether a kind of supplies serves a patient: medical supplies for biological patients, the
 * others (blacksmithing, woodworking, steelworking, electrical) for constructs; supplies of no
 * stated kind serve any patient.
 */
export function suppliesServe(supplyKind: string, patientKind: ActorKind): boolean {
  if (!supplyKind) return true;
  return (supplyKind === "medical") === (patientKind === "biological");
}

/** What the healer has for a recovery test, best first. */
export interface RecoveryOptionsAtHand {
  /** Skills that can stabilise (or heal) the patient's kind, the most allocated dice first. */
  skills: RecoveryGear["skill"][];
  /** Gear holding supplies that serve the patient, the most supplies first. */
  supplies: SupplyGear[];
  /** Tools with an Operational Level (for Healing), the highest OL first; tools for the skill before others. */
  tools: { uuid: string; name: string; ol: number; toolFor: string[] }[];
}

/** The healer's skills, supplies and tools that fit a patient of this kind. */
export function recoveryOptions(
  items: readonly OwnedItem[],
  patientKind: ActorKind,
  mode: "stabilise" | "heal",
): RecoveryOptionsAtHand {
  const fits = (item: OwnedItem) => {
    const id = recoverySkillId(skillGearOf(item).family);
    if (!id) return false;
    return mode === "stabilise" ? canStabilize(id, patientKind) : canHeal(id, patientKind);
  };
  const skills = items
    .filter((i) => i.type === "verses-skill" && fits(i))
    .sort((a, b) => numberOf(b.system.allocated) - numberOf(a.system.allocated))
    .map(skillGearOf);
  const supplies = items
    .filter((i) => suppliesServe(textOf(i.system.supplyKind), patientKind))
    .map(supplyGearOf)
    .filter((g): g is SupplyGear => g !== null)
    .sort((a, b) => b.supplies - a.supplies);
  const tools =
    mode === "heal"
      ? items
          .filter((i) => i.type === "verses-gear" && numberOf(i.system.ol) > 0)
          .map((i) => ({
            uuid: i.uuid,
            name: i.name,
            ol: numberOf(i.system.ol),
            toolFor: Array.isArray(i.system.toolFor) ? (i.system.toolFor as unknown[]).map(textOf) : [],
          }))
          .sort((a, b) => b.ol - a.ol)
      : [];
  return { skills, supplies, tools };
}

/**
 * The gear a recovery test uses: the skill, supplies and tool chosen (by UUID), else the best at
 * hand: the skill with the most allocated dice, the most supplies, and the highest-OL tool made for
 * that skill (or for no skill in particular). A refusal when there is no fitting skill or supply.
 */
export function pickRecoveryGear(
  options: RecoveryOptionsAtHand,
  chosen: { skill?: string | null; supply?: string | null; tool?: string | null } = {},
): RecoveryGear | CardLine {
  const skill = options.skills.find((s) => s.uuid === chosen.skill) ?? options.skills[0];
  if (!skill) return line("POLYVERSE.Verses.Tests.Reason.NoSkill");
  const supply = options.supplies.find((s) => s.uuid === chosen.supply) ?? options.supplies[0];
  if (!supply) return line("POLYVERSE.Verses.Tests.Reason.NoSupplyItem");
  const forSkill = (t: { toolFor: string[] }) =>
    t.toolFor.length === 0 || t.toolFor.some((f) => normalizeKey(f) === normalizeKey(skill.family));
  const tool =
    chosen.tool === ""
      ? undefined
      : (options.tools.find((t) => t.uuid === chosen.tool) ?? options.tools.find(forSkill));
  return { skill, supply, ...(tool ? { tool: { uuid: tool.uuid, name: tool.name, ol: tool.ol } } : {}) };
}

export interface StabilizePlan extends RollPlan {
  input: StabilizeInput;
  patient: PatientState;
  gear: RecoveryGear;
}

/**
 * Stabilizing `Skill + #AD -> 2S` (`stabilizeTest`) with a skill that can stabilize the patient's
 * kind, supplies at hand, and Herbalism's dice. TV-38: Aleth's First Aid 2 + SMR 2 + 3AD = 7d6.
 */
export function planStabilize(
  healer: LivingState,
  patient: PatientState,
  gear: RecoveryGear,
  choice: RecoveryChoice = {},
  options: RecoveryOptions = {},
): Planned<StabilizePlan> {
  const skillId = recoverySkillId(gear.skill.family);
  if (!skillId || !canStabilize(skillId, patient.kind))
    return refuse("POLYVERSE.Verses.Tests.Reason.CannotStabilize", {
      skill: gear.skill.name,
      patient: patient.name,
    });
  const ad = Math.max(0, Math.floor(choice.ad ?? 1));
  if (ad > healer.adAvailable)
    return refuse("POLYVERSE.Verses.Tests.Reason.NotEnoughAd", { ad, available: healer.adAvailable });
  const pool = poolFor(
    healer,
    { skill: gear.skill.ref, ad: 0, fastAction: choice.fastAction ?? false },
    { world: choice.world, optionalAbilities: choice.optionalAbilities },
  );
  if (!pool.usable) return rulesRefusal(pool.reason ?? "");
  const extra = helperParts(healer, choice, false, gear.skill.family);
  const input: StabilizeInput = {
    skillDice: pool.dice,
    adSpent: ad,
    suppliesAvailable: gear.supply.supplies,
    extraDice: sum(extra),
  };
  const test = stabilizeTest(input, options);
  if (!test.ok)
    return recoveryRefusal(test.reason, { ad, supplies: gear.supply.supplies, item: gear.supply.name });
  const parts = [...pool.parts, ...extra, { label: AD_LABEL, dice: ad }];
  return {
    ok: true,
    value: {
      input,
      patient,
      gear,
      pool: test.value.pool,
      optional: pool.offered,
      adBefore: adStateOf(healer),
      roll: { target: test.value.target, parts, label: gear.skill.name, kind: "stabilise", perSM: "1", ad },
    },
  };
}

/** Status changes that turn `before` into `after` (by condition id). */
export function statusDiff(
  before: readonly ConditionState[],
  after: readonly ConditionState[],
): StatusChange<ConditionId>[] {
  const had = new Set(before.map((c) => c.id));
  const has = new Set(after.map((c) => c.id));
  return [
    ...[...had].filter((id) => !has.has(id)).map((id) => ({ id, active: false })),
    ...[...has].filter((id) => !had.has(id)).map((id) => ({ id, active: true })),
  ];
}

function recoveryChanges(
  patient: PatientState,
  gear: RecoveryGear,
  hp: number,
  consumed: number,
  statuses: StatusChange[],
): DocumentChange[] {
  const changes: DocumentChange[] = [];
  if (consumed > 0) {
    const { supply } = gear;
    const byItem = supply.path === "system.quantity";
    // A stack gives whole items: the supplies used, rounded up to items.
    const delta = byItem ? -Math.ceil(consumed / Math.max(1, supply.perUnit ?? 1)) : -consumed;
    changes.push({
      uuid: supply.uuid,
      name: supply.name,
      add: [{ path: byItem ? "system.quantity" : "system.supplies", delta, min: 0 }],
    });
  }
  const patientChange: DocumentChange = { uuid: patient.uuid, name: patient.name };
  if (hp > 0) patientChange.add = [{ path: "system.hp.value", delta: hp, min: 0, max: patient.hpMax }];
  if (statuses.length) patientChange.statuses = statuses;
  if (patientChange.add || patientChange.statuses) changes.push(patientChange);
  return changes;
}

/**
 * Resolve Stabilizing (`resolveStabilize`): 1 HP per SM up to the supplies used and the HP missing;
 * supplies consumed = AD spent; a Moribund patient becomes merely Unconscious
 * (`conditionsAfterStabilizing`). TV-38: 4 successes, kit of 5, 3AD: 3 HP, 3 supplies.
 */
export function resolveStabilizeRoll(
  plan: StabilizePlan,
  faces: readonly number[],
  healer: { uuid: string; name: string },
  options: RecoveryOptions = {},
  fastAction = false,
): Planned<SpecialResult> {
  const { patient, gear } = plan;
  const moribund = patient.conditions.some((c) => c.id === "moribund");
  const r = resolveStabilize(
    faces,
    { ...plan.input, patientMissingHp: Math.max(0, patient.hpMax - patient.hp), patientMoribund: moribund },
    options,
  );
  if (!r.ok)
    return recoveryRefusal(r.reason, {
      ad: plan.input.adSpent,
      supplies: gear.supply.supplies,
      item: gear.supply.name,
    });
  const o = r.value;
  const statuses = o.endsMoribund
    ? statusDiff(patient.conditions, conditionsAfterStabilizing(patient.conditions))
    : [];
  const changes = [
    ...spendChange(healer, plan.adBefore, plan.input.adSpent, fastAction),
    ...recoveryChanges(patient, gear, o.hpRecovered, o.suppliesConsumed, statuses),
  ];
  const lines: CardLine[] = [];
  if (o.success)
    lines.push(line("POLYVERSE.Verses.Tests.Recovery.Hp", { patient: patient.name, hp: o.hpRecovered }));
  lines.push(
    line("POLYVERSE.Verses.Tests.Recovery.Supplies", {
      used: o.suppliesConsumed,
      item: gear.supply.name,
      left: Math.max(0, gear.supply.supplies - o.suppliesConsumed),
    }),
  );
  if (o.endsMoribund)
    lines.push(line("POLYVERSE.Verses.Tests.Stabilise.EndsMoribund", { patient: patient.name }));
  return {
    ok: true,
    value: {
      changes,
      card: {
        kind: "stabilise",
        title: line("POLYVERSE.Verses.Tests.Stabilise.Title", { patient: patient.name }),
        sides: [side(healer.name, plan.roll, faces)],
        outcome: o.success ? "success" : "failure",
        headline: o.success
          ? line("POLYVERSE.Verses.Roll.Success", { margin: o.margin })
          : line("POLYVERSE.Verses.Roll.Failure"),
        lines,
      },
    },
  };
}

export interface HealingChoice extends RecoveryChoice {
  phase?: HealingPhase;
}

export interface HealingPlan extends RollPlan {
  input: HealingInput;
  phase: HealingPhase;
  patient: PatientState;
  gear: RecoveryGear;
}

/**
 * Healing `Skill + Tools + #AD -> 3S 2C` (`healingTest`), or a day's continuation (`2C`). "Skill" is
 * the skill's dice or (option `poolMode: "allocatedOnly"`) its allocated dice; Tools add their OL
 * (`toolDice`). TV-39: Medicine 3 + OL 4 + 5AD = 12d6 against 3S.
 */
export function planHealing(
  healer: LivingState,
  patient: PatientState,
  gear: RecoveryGear,
  choice: HealingChoice = {},
  options: HealingOptions = {},
): Planned<HealingPlan> {
  const skillId = recoverySkillId(gear.skill.family);
  if (!skillId || !canHeal(skillId, patient.kind))
    return refuse("POLYVERSE.Verses.Tests.Reason.CannotHeal", {
      skill: gear.skill.name,
      patient: patient.name,
    });
  const phase = choice.phase ?? "initial";
  const ad = Math.max(0, Math.floor(choice.ad ?? 1));
  if (ad > healer.adAvailable)
    return refuse("POLYVERSE.Verses.Tests.Reason.NotEnoughAd", { ad, available: healer.adAvailable });
  const pool = poolFor(
    healer,
    { skill: gear.skill.ref, ad: 0, fastAction: choice.fastAction ?? false },
    { world: choice.world, optionalAbilities: choice.optionalAbilities },
  );
  if (!pool.usable) return rulesRefusal(pool.reason ?? "");
  const allocated = allocatedIn(healer, gear.skill.family);
  const extra = helperParts(healer, choice, true, gear.skill.family);
  const input: HealingInput = {
    skillDice: pool.dice,
    allocatedDice: allocated,
    ...(gear.tool ? { toolOL: gear.tool.ol } : {}),
    adSpent: ad,
    suppliesAvailable: gear.supply.supplies,
    extraDice: sum(extra),
  };
  const test = healingTest(input, phase, options);
  if (!test.ok)
    return recoveryRefusal(test.reason, { ad, supplies: gear.supply.supplies, item: gear.supply.name });
  const skillParts: PoolPart[] =
    (options.poolMode ?? "skillDice") === "allocatedOnly"
      ? [{ label: gear.skill.name, dice: allocated }]
      : pool.parts;
  const withTools = phase === "initial" || (options.continuationWithTools ?? true);
  const tools = gear.tool && withTools ? toolDice(gear.tool.ol) : 0;
  const parts: PoolPart[] = [
    ...skillParts,
    ...(tools > 0 && gear.tool ? [{ label: gear.tool.name, dice: tools }] : []),
    ...extra,
    { label: AD_LABEL, dice: ad },
  ];
  return {
    ok: true,
    value: {
      input,
      phase,
      patient,
      gear,
      pool: test.value.pool,
      optional: pool.offered,
      adBefore: adStateOf(healer),
      roll: {
        target: test.value.target,
        continuation: HEALING_CONTINUATION,
        parts,
        label: gear.skill.name,
        kind: "healing",
        perSM: String(allocated),
        ad,
      },
    },
  };
}

/**
 * Resolve Healing (`resolveHealing`): allocated dice HP per SM, supplies consumed = AD spent,
 * Sickened, Stunned and Moribund removed (`conditionsAfterHealing`), and the course kept on the
 * healer while it may continue tomorrow. TV-39: SM 4 with Medicine 3: 12 HP, 5 supplies.
 */
export function resolveHealingRoll(
  plan: HealingPlan,
  faces: readonly number[],
  healer: { uuid: string; name: string },
  course: { id: string; days: number },
  options: HealingOptions & { healedMoribund?: "conscious" | "unconscious" } = {},
  fastAction = false,
): Planned<SpecialResult> {
  const { patient, gear } = plan;
  const r = resolveHealing(
    faces,
    { ...plan.input, patientMissingHp: Math.max(0, patient.hpMax - patient.hp) },
    plan.phase,
    options,
  );
  if (!r.ok)
    return recoveryRefusal(r.reason, {
      ad: plan.input.adSpent,
      supplies: gear.supply.supplies,
      item: gear.supply.name,
    });
  const o = r.value;
  const after = o.success
    ? conditionsAfterHealing(
        patient.conditions,
        options.healedMoribund ? { healedMoribund: options.healedMoribund } : {},
      )
    : patient.conditions;
  const statuses = statusDiff(patient.conditions, after);
  const changes = [
    ...spendChange(healer, plan.adBefore, plan.input.adSpent, fastAction),
    ...recoveryChanges(patient, gear, o.hpRecovered, o.suppliesConsumed, statuses),
  ];
  const days = course.days + 1;
  if (o.continuable) {
    const stored: StoredContinuous = {
      id: course.id,
      label: gear.skill.name,
      notation: "3S 2C",
      state: {
        ...startContinuousTest(HEALING_CONTINUATION, plan.input.skillDice),
        roundsContinued: days - 1,
      },
      healing: {
        patientUuid: patient.uuid,
        patientName: patient.name,
        skillUuid: gear.skill.uuid,
        supplyUuid: gear.supply.uuid,
        ...(gear.tool ? { toolUuid: gear.tool.uuid } : {}),
        days,
      },
    };
    changes.push({ uuid: healer.uuid, name: healer.name, set: { [continuousPath(course.id)]: stored } });
  } else if (plan.phase === "continuation") {
    changes.push({ uuid: healer.uuid, name: healer.name, set: { [continuousDeletePath(course.id)]: null } });
  }
  const lines: CardLine[] = [];
  if (o.success)
    lines.push(
      line("POLYVERSE.Verses.Tests.Healing.Hp", {
        patient: patient.name,
        hp: o.hpRecovered,
        margin: o.margin,
        perSM: o.hpPerMargin,
      }),
    );
  lines.push(
    line("POLYVERSE.Verses.Tests.Recovery.Supplies", {
      used: o.suppliesConsumed,
      item: gear.supply.name,
      left: Math.max(0, gear.supply.supplies - o.suppliesConsumed),
    }),
  );
  const removed = statuses.filter((s) => !s.active).map((s) => s.id);
  for (const id of removed)
    lines.push(line("POLYVERSE.Verses.Tests.Healing.Removed", { condition: CONDITION_NAME(id) }));
  lines.push(
    o.continuable
      ? line("POLYVERSE.Verses.Tests.Healing.Continues", { day: days + 1 })
      : line("POLYVERSE.Verses.Tests.Healing.CourseEnds"),
  );
  return {
    ok: true,
    value: {
      changes,
      card: {
        kind: "healing",
        title: line(
          plan.phase === "initial"
            ? "POLYVERSE.Verses.Tests.Healing.Title"
            : "POLYVERSE.Verses.Tests.Healing.Day",
          {
            patient: patient.name,
            day: days,
          },
        ),
        sides: [side(healer.name, plan.roll, faces)],
        outcome: o.success ? "success" : "failure",
        headline: o.success
          ? line("POLYVERSE.Verses.Roll.Success", { margin: o.margin })
          : line("POLYVERSE.Verses.Roll.Failure"),
        lines,
        ...(o.continuable ? { continuousId: course.id } : {}),
      },
    },
  };
}

// ---- Awaken and the Survival roll ----------------------------------------------------------

export interface AwakenChoice extends CommonChoice {
  ad?: number;
  fastAction?: boolean;
  optionalAbilities?: readonly string[];
}

/**
 * Awaken an Unconscious actor `SOC + #AD -> 4S` (`awakenTest`), with the dice `assemblePool` adds to
 * a SOC test. A Moribund actor cannot be awakened: it must be stabilised first. TV-C10: SOC 2 + 4AD
 * = 6d6 against 4S, 10.01 %.
 */
export function planAwaken(
  s: LivingState,
  target: { name: string; conditions: readonly ConditionState[] },
  choice: AwakenChoice = {},
): Planned<RollPlan> {
  const ids = new Set(target.conditions.map((c) => c.id));
  if (ids.has("moribund"))
    return refuse("POLYVERSE.Verses.Tests.Reason.AwakenMoribund", { target: target.name });
  if (!ids.has("unconscious"))
    return refuse("POLYVERSE.Verses.Tests.Reason.NotUnconscious", { target: target.name });
  const ad = Math.max(0, Math.floor(choice.ad ?? 1));
  if (ad > s.adAvailable)
    return refuse("POLYVERSE.Verses.Tests.Reason.NotEnoughAd", { ad, available: s.adAvailable });
  const test = awakenTest(s.effective.soc, ad);
  if (!test.ok) return refuse("POLYVERSE.Verses.Tests.Reason.MinimumAd");
  const pool = poolFor(
    s,
    { attribute: "soc", action: "awaken", ad, fastAction: choice.fastAction ?? false },
    choice,
  );
  if (!pool.usable) return rulesRefusal(pool.reason ?? "");
  return {
    ok: true,
    value: {
      pool: pool.dice,
      optional: pool.offered,
      adBefore: adStateOf(s),
      roll: {
        target: test.value.target,
        parts: pool.parts,
        label: "POLYVERSE.Verses.Tests.Awaken.Title",
        kind: "test",
        ad,
      },
    },
  };
}

/** On a success the target is no longer Unconscious. */
export function resolveAwakenRoll(
  plan: RollPlan,
  faces: readonly number[],
  docs: { actor: { uuid: string; name: string }; target: { uuid: string; name: string } },
  fastAction = false,
): SpecialResult {
  const outcome = resolveTest(faces, plan.roll.target);
  const changes = spendChange(docs.actor, plan.adBefore, plan.roll.ad ?? 0, fastAction);
  if (outcome.success)
    changes.push({
      uuid: docs.target.uuid,
      name: docs.target.name,
      statuses: [{ id: "unconscious", active: false }],
    });
  return {
    changes,
    card: {
      kind: "awaken",
      title: line("POLYVERSE.Verses.Tests.Awaken.Target", { target: docs.target.name }),
      sides: [side(docs.actor.name, plan.roll, faces)],
      outcome: outcome.success ? "success" : "failure",
      headline: outcomeLine(outcome),
      lines: [
        outcome.success
          ? line("POLYVERSE.Verses.Tests.Awaken.Awake", { target: docs.target.name })
          : line("POLYVERSE.Verses.Tests.Awaken.StillUnconscious", { target: docs.target.name }),
      ],
    },
  };
}

export interface SurvivalChoice extends CommonChoice {
  fastAction?: boolean;
  optionalAbilities?: readonly string[];
}

export interface SurvivalPlan extends RollPlan {
  tuf: number;
}

/**
 * The AD a Moribund actor rolls for survival. Moribund makes the actor Unconscious, whose AD are
 * zero, yet the roll is "TUF + all available AD", and TV-40 reaches 4 successes at TUF 2: the zero
 * of Moribund's Unconscious governs actions, not this roll. So: the AD pool after every other
 * condition (`effectiveAD`), less the dice EX-bound, spent or reserved.
 */
export function survivalAd(s: LivingState): number {
  const others = s.conditions.filter((c) => c.id !== "moribund" && c.id !== "unconscious");
  const pool = effectiveAD(Math.max(0, s.derived.ad + s.modifiers.ad), others);
  const { exBound, spent, reserved } = s.ad;
  return Math.max(0, pool - exBound - spent - reserved.await - reserved.dodge - reserved.parry);
}

/**
 * The Survival roll of a Moribund actor: `TUF + all available AD + capabilities` (`survivalPool`;
 * Healthy Immunity, Heightened Metabolism and Physical Conditioning join through `assemblePool`).
 */
export function planSurvival(s: LivingState, choice: SurvivalChoice = {}): Planned<SurvivalPlan> {
  if (!s.conditions.some((c) => c.id === "moribund"))
    return refuse("POLYVERSE.Verses.Tests.Reason.NotMoribund");
  const ad = survivalAd(s);
  const pool = poolFor(
    s,
    { attribute: "tuf", action: "survival", ad, fastAction: choice.fastAction ?? false },
    choice,
  );
  if (!pool.usable) return rulesRefusal(pool.reason ?? "");
  const tuf = s.effective.tuf;
  const dice = survivalPool(tuf, ad, sum(pool.parts) - tuf - ad);
  return {
    ok: true,
    value: {
      tuf,
      pool: dice,
      optional: pool.offered,
      roll: {
        target: 0,
        parts: pool.parts,
        label: "POLYVERSE.Verses.Tests.Survival.Title",
        kind: "survival",
        ad,
      },
    },
  };
}

/**
 * Resolve a Survival roll (`survivalOutcome`): at `6 - TUF` successes the actor is no longer Moribund
 * but stays Unconscious at 0 HP; 1+ it survives the turn; 0 it dies. TV-40 (TUF 2): 4 / 1-3 / 0.
 */
export function resolveSurvivalRoll(
  plan: SurvivalPlan,
  faces: readonly number[],
  actor: { uuid: string; name: string; conditions: readonly ConditionState[] },
): SpecialResult & { survival: SurvivalOutcome } {
  const { successes } = countSuccesses(faces);
  const result = survivalOutcome(successes, plan.tuf);
  const changes: DocumentChange[] = [];
  if (result === "recovers") {
    const statuses = statusDiff(actor.conditions, conditionsAfterStabilizing(actor.conditions));
    if (statuses.length) changes.push({ uuid: actor.uuid, name: actor.name, statuses });
  }
  return {
    survival: result,
    changes,
    card: {
      kind: "survival",
      title: line("POLYVERSE.Verses.Tests.Survival.Title"),
      sides: [side(actor.name, plan.roll, faces)],
      outcome: result === "dies" ? "failure" : result === "recovers" ? "success" : "neutral",
      headline: line(SURVIVAL_OUTCOME[result], { name: actor.name }),
      lines: [
        line("POLYVERSE.Verses.Tests.Survival.Needed", { needed: Math.max(0, 6 - plan.tuf), successes }),
      ],
    },
  };
}

// ---- applying changes ----------------------------------------------------------------------

// ---- the card ------------------------------------------------------------------------------

function side(name: string, roll: VersesRollOptions, faces: readonly number[]): CardSide {
  return {
    name,
    label: roll.label ?? "",
    parts: [...(roll.parts ?? [])],
    target: roll.target,
    faces: [...faces],
  };
}

export type { Localize } from "../card-text";

const dieView = (face: number) => ({ face, css: face === 6 ? "six" : face === 5 ? "five" : "miss" });

/**
 * The card template's context: every text localised. Values of a line's data that are i18n keys
 * (condition names) are localised first.
 */
export function specialCardContext(
  card: SpecialCard,
  {
    localize,
    flavor,
    pendingGM = [],
  }: { localize: Localize; flavor?: string; pendingGM?: readonly string[] },
) {
  const text = (l: CardLine): string => lineTextWith(localize, l);
  const contest = card.sides.length > 1;
  return {
    kind: card.kind,
    contest,
    flavor: flavor || null,
    title: text(card.title),
    sides: card.sides.map((s) => {
      const count = countSuccesses(s.faces);
      const pool = s.faces.length;
      return {
        name: s.name,
        label: localize(s.label, s.labelData),
        dice: sortSixesFirst(s.faces).map(dieView),
        successes: localize(
          count.successes === 1 ? "POLYVERSE.Verses.Roll.SuccessesOne" : "POLYVERSE.Verses.Roll.Successes",
          { successes: String(count.successes), sixes: String(count.sixes), fives: String(count.fives) },
        ),
        target: s.target > 0 ? localize("POLYVERSE.Verses.Roll.Target", { target: String(s.target) }) : null,
        pool: localize("POLYVERSE.Verses.Roll.Pool", { pool: String(pool) }),
        chance:
          s.target > 0
            ? localize("POLYVERSE.Verses.Roll.Chance", {
                chance: formatChance(successProbability(pool, s.target)),
              })
            : null,
        parts: s.parts.map((p) => ({ label: localize(p.label, p.data), dice: p.dice })),
      };
    }),
    net: card.net ? card.net.map(dieView) : null,
    outcome: card.outcome,
    headline: text(card.headline),
    lines: card.lines.map(text),
    pendingGM: pendingGM.length
      ? localize("POLYVERSE.Verses.Tests.Card.PendingGM", { names: pendingGM.join(", ") })
      : null,
    continuousId: card.continuousId ?? null,
    maintainable: Boolean(card.continuousId) && (card.kind === "continuous" || card.kind === "maintain"),
    continuesHealing: Boolean(card.continuousId) && card.kind === "healing",
  };
}

/** Every i18n key a card uses (for the tests: each must exist in the language file). */
export function cardKeys(card: SpecialCard): string[] {
  const keys = [card.title, card.headline, ...card.lines].flatMap((l) => [
    l.key,
    ...Object.values(l.data ?? {}).filter(
      (v): v is string => typeof v === "string" && v.startsWith("POLYVERSE."),
    ),
  ]);
  for (const s of card.sides) keys.push(s.label, ...s.parts.map((p) => p.label));
  return [...new Set(keys.filter((k) => k.startsWith("POLYVERSE.")))];
}
