/**
 * 'Verses special tests, Foundry-free (see `../special-logic.ts`): Stabilizing and Healing: the healer's gear (skill, supplies, tools), the pools and the course of healing.
 */
import type { DocumentChange, StatusChange } from "../../../../core/changes-logic";
import { adStateOf } from "../../base/ad-logic";
import {
  HEALING_CONTINUATION,
  RECOVERY_SKILLS,
  canHeal,
  canStabilize,
  conditionsAfterHealing,
  conditionsAfterStabilizing,
  healingTest,
  normalizeKey,
  resolveHealing,
  resolveStabilize,
  stabilizeTest,
  startContinuousTest,
  toolDice,
  type ActorKind,
  type ConditionId,
  type ConditionState,
  type HealingInput,
  type HealingOptions,
  type HealingPhase,
  type RecoveryOptions,
  type RecoverySkillId,
  type RulesMessage,
  type RulesMessageKey,
  type StabilizeInput,
} from "../../rules";
import type { PoolPart } from "../../base/pool-view";
import {
  AD_LABEL,
  CONDITION_NAME,
  bonusParts,
  metabolismDice,
  metabolismParts,
  continuousDeletePath,
  continuousPath,
  line,
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
import { type StoredContinuous } from "./continuous";
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
function allocatedIn(s: LivingState, family: string): number {
  const key = normalizeKey(family);
  return s.skills.reduce((best, a) => (normalizeKey(a.skill) === key ? Math.max(best, a.dice) : best), 0);
}

/** The rules' supply refusals, said with the supply item's name the glue knows. */
const RECOVERY_REASONS: Partial<Record<RulesMessageKey, string>> = {
  recoveryMinimumAd: "POLYVERSE.Verses.Tests.Reason.MinimumAd",
  recoveryNoSupplies: "POLYVERSE.Verses.Tests.Reason.NoSupplies",
  recoveryNotEnoughSupplies: "POLYVERSE.Verses.Tests.Reason.NotEnoughSupplies",
};
const recoveryRefusal = <V>(reason: RulesMessage, data: Record<string, string | number>): Planned<V> => {
  const key = RECOVERY_REASONS[reason.key];
  return key ? refuse(key, data) : rulesRefusal(reason);
};

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
interface SupplyGear {
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
interface RecoveryHelper {
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
function suppliesServe(supplyKind: string, patientKind: ActorKind): boolean {
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

interface StabilizePlan extends RollPlan {
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
    { world: choice.world, optionalAbilities: choice.optionalAbilities, addOns: choice.addOns },
  );
  if (!pool.usable) return poolRefusal(pool);
  const extra = helperParts(healer, choice, false, gear.skill.family);
  // Heightened Metabolism's dice stand "in place of action dice": they are the test's #AD with the
  // AD spent (its 1AD at least, and the supplies it uses), but no AD of the healer's.
  const input: StabilizeInput = {
    skillDice: pool.dice,
    adSpent: ad + metabolismDice(choice),
    suppliesAvailable: gear.supply.supplies,
    extraDice: sum(extra),
  };
  const test = stabilizeTest(input, options);
  if (!test.ok)
    return recoveryRefusal(test.reason, {
      ad: input.adSpent,
      supplies: gear.supply.supplies,
      item: gear.supply.name,
    });
  const parts = [...pool.parts, ...extra, ...adParts(ad, choice)];
  return {
    ok: true,
    value: {
      input,
      patient,
      gear,
      pool: test.value.pool,
      optional: pool.offered,
      addOns: pool.addOns,
      adBefore: adStateOf(healer),
      roll: { target: test.value.target, parts, label: gear.skill.name, kind: "stabilise", perSM: "1", ad },
    },
  };
}

/**
 * The AD and Heightened Metabolism parts of a recovery pool (the AD shown even at 0 unless
 * metabolism dice stand in for them).
 */
function adParts(ad: number, choice: { metabolismUsed?: number }): PoolPart[] {
  const hm = metabolismParts(choice);
  return [...(ad > 0 || hm.length === 0 ? [{ label: AD_LABEL, dice: ad }] : []), ...hm];
}

/** The healer's AD a recovery test spends: its #AD less the Heightened Metabolism dice among them. */
export const adOf = (plan: { input: { adSpent: number }; roll: { ad?: number } }): number =>
  plan.roll.ad ?? plan.input.adSpent;

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

export function recoveryChanges(
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
    ...spendChange(healer, plan.adBefore, adOf(plan), fastAction),
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
    { world: choice.world, optionalAbilities: choice.optionalAbilities, addOns: choice.addOns },
  );
  if (!pool.usable) return poolRefusal(pool);
  const allocated = allocatedIn(healer, gear.skill.family);
  const extra = helperParts(healer, choice, true, gear.skill.family);
  const input: HealingInput = {
    skillDice: pool.dice,
    allocatedDice: allocated,
    ...(gear.tool ? { toolOL: gear.tool.ol } : {}),
    // Heightened Metabolism's dice count as #AD here, as in `planStabilize`.
    adSpent: ad + metabolismDice(choice),
    suppliesAvailable: gear.supply.supplies,
    extraDice: sum(extra),
  };
  const test = healingTest(input, phase, options);
  if (!test.ok)
    return recoveryRefusal(test.reason, {
      ad: input.adSpent,
      supplies: gear.supply.supplies,
      item: gear.supply.name,
    });
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
    ...adParts(ad, choice),
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
      addOns: pool.addOns,
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
    ...spendChange(healer, plan.adBefore, adOf(plan), fastAction),
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
