/**
 * 'Verses special tests, Foundry-free (see `../special-logic.ts`): Continuous tests: starting one, maintaining it round by round, letting go; stored on the actor.
 */
import type { DocumentChange } from "../../../../core/changes-logic";
import { versesFlags } from "../../base/flags";
import { adStateOf } from "../../base/ad-logic";
import { type PoolRequest } from "../../data/pools";
import {
  abilityDice,
  endContinuousTest,
  maintenanceRollWhenHit,
  maintenancePool,
  parseContinuous,
  resolveMaintenance,
  resolveTest,
  startContinuousTest,
  type AbilityAllocations,
  type ContinuousTestState,
  type MaintenanceReason,
} from "../../rules";
import type { PoolPart } from "../../base/pool-view";
import {
  AD_LABEL,
  bonusParts,
  continuousDeletePath,
  continuousPath,
  line,
  metabolismDice,
  outcomeLine,
  poolFor,
  refuse,
  rulesRefusal,
  side,
  spendChange,
  sum,
  type CardLine,
  type CommonChoice,
  type LivingState,
  type Planned,
  type RollPlan,
  type SpecialResult,
  poolRefusal,
} from "./common";
// ---- Continuous tests ------------------------------------------------------------------------

/** A continuous test or healing course, as kept in `flags.polyverse.verses.continuous[id]`. */
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

interface ContinuousStartPlan extends RollPlan {
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
  // Heightened Metabolism's dice stand "in place of action dice" for the action's 1AD.
  if (ad + metabolismDice(choice) < 1) return refuse("POLYVERSE.Verses.Tests.Reason.MinimumAd");
  const target = Math.max(1, Math.floor(choice.target ?? parsed.value.target ?? 1));
  const pool = poolFor(s, { ...choice.request, ad, fastAction: choice.fastAction ?? false }, choice);
  if (!pool.usable) return poolRefusal(pool);
  return {
    ok: true,
    value: {
      pool: pool.dice,
      optional: pool.offered,
      addOns: pool.addOns,
      adBefore: adStateOf(s),
      continuation,
      // Spent once: the AD and Heightened Metabolism's dice are not the test's base dice.
      baseDice: Math.max(0, pool.dice - ad - metabolismDice(choice)),
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
  /**
   * After a hit (`reason: "hit"`): the HP the attack took. With Pain Tolerance and no HP lost there is
   * no maintenance roll ({@link hitSkipsMaintenance}). Unknown (undefined) counts as HP lost.
   */
  hpDamage?: number;
}

/**
 * Pain Tolerance: "If you are hit by an attack while maintaining a Continuous Test and you take no HP
 * damage, you do not have to make a maintenance roll" (`maintenanceRollWhenHit`). True when this hit
 * needs no roll: the reason is a hit, the actor has Pain Tolerance and the hit took no HP.
 */
export function hitSkipsMaintenance(s: { abilities: AbilityAllocations }, choice: MaintainChoice): boolean {
  if (choice.reason !== "hit" || choice.hpDamage === undefined) return false;
  return !maintenanceRollWhenHit(Math.max(0, choice.hpDamage), abilityDice(s.abilities, "painTolerance"));
}

/**
 * The card of a hit that needs no maintenance roll (Pain Tolerance, no HP lost): nothing is rolled,
 * nothing changes, the test goes on as it was.
 */
export function resolveMaintenanceSkipped(
  stored: StoredContinuous,
  actor: { uuid: string; name: string },
): SpecialResult {
  return {
    changes: [],
    card: {
      kind: "maintain",
      title: line("POLYVERSE.Verses.Tests.Maintain.Title", { label: stored.label }),
      sides: [],
      outcome: "success",
      headline: line("POLYVERSE.Verses.Tests.Maintain.PainTolerance", { name: actor.name }),
      lines: [line("POLYVERSE.Verses.Tests.Maintain.Kept", { rounds: stored.state.roundsContinued })],
      continuousId: stored.id,
    },
  };
}

interface MaintainPlan extends RollPlan {
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
  if (reason === "maintain" && ad + multitasking + metabolismDice(choice) < 1)
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
  if (metabolismDice(choice) > 0)
    bonus.push({ label: "POLYVERSE.Verses.Metabolism.Part", dice: metabolismDice(choice) });
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
  const all = (versesFlags({ flags }).continuous ?? {}) as Record<string, unknown>;
  return Object.values(all).filter(
    (v): v is StoredContinuous =>
      typeof v === "object" &&
      v !== null &&
      typeof (v as StoredContinuous).id === "string" &&
      typeof (v as StoredContinuous).state?.continuation === "number",
  );
}
