/**
 * 'Verses special tests in Foundry (see `../special.ts`): Stabilizing and Healing: the patient, the healer's gear, the course of healing and its daily continuation.
 */
import { type ActorKind } from "../../rules";
import { versesOption } from "../../base/settings";
import { gearSystem } from "../../data/systems";
import { systemRecord } from "../../../../core/data-model-logic";
import { inFastAction } from "../roll-common";
import {
  pickRecoveryGear,
  planHealing,
  planStabilize,
  recoveryOptions,
  resolveHealingRoll,
  resolveSplitHealingRoll,
  checkShares,
  resolveStabilizeRoll,
  skillGearOf,
  supplyGearOf,
  type CardLine,
  type HealingChoice,
  type HealingCourse,
  type OwnedItem,
  type PatientState,
  type RecoveryChoice,
  type RecoveryGear,
} from "../special";
import {
  givenChoice,
  runSpecial,
  metabolismRefused,
  inWorld,
  living,
  ref,
  refuse,
  rolled,
  targetedActor,
  type AnyActor,
  type AnyItem,
  type PostChoice,
  type SpecialPosted,
  type SpecialRolled,
} from "./post";
import { findContinuous } from "./tests";
// ---- Stabilizing and Healing -------------------------------------------------------------------

export function patientState(actor: AnyActor): PatientState {
  const s = living(actor);
  return {
    uuid: actor.uuid,
    name: actor.name ?? "",
    kind: s.kind,
    hp: s.hp.value,
    hpMax: s.hpMax,
    conditions: s.conditions,
  };
}

/** An owned item as the Foundry-free recovery logic reads it. */
export const owned = (item: AnyItem): OwnedItem => ({
  uuid: item.uuid,
  name: item.name ?? "",
  type: item.type,
  system: systemRecord(item),
});

/** The items a recovery test uses: the ones given, else the healer's best fitting ones. */
export interface RecoveryItems {
  skill?: AnyItem | null;
  supply?: AnyItem | null;
  tool?: AnyItem | null;
}

/**
 * The healer's skill that can stabilise (or heal) the patient's kind with the most allocated dice,
 * the gear holding the most supplies that serve the patient, and the tool with the highest OL for
 * that skill, unless given (`recoveryOptions`, `pickRecoveryGear`).
 */
export function recoveryGear(
  healer: AnyActor,
  patientKind: ActorKind,
  mode: "stabilise" | "heal",
  items: RecoveryItems,
): RecoveryGear | CardLine {
  const atHand = recoveryOptions([...healer.items].map(owned), patientKind, mode);
  // Items given are used as they are (the plan refuses a skill that cannot treat the patient).
  if (items.skill) atHand.skills.unshift(skillGearOf(owned(items.skill)));
  if (items.supply) {
    const supply = supplyGearOf(owned(items.supply));
    if (!supply)
      return { key: "POLYVERSE.Verses.Tests.Reason.NoSupplies", data: { item: items.supply.name } };
    atHand.supplies.unshift(supply);
  }
  if (items.tool) {
    const ol = Number(gearSystem(items.tool).ol ?? 0);
    atHand.tools.unshift({ uuid: items.tool.uuid, name: items.tool.name ?? "", ol, toolFor: [] });
  }
  return pickRecoveryGear(atHand, {
    skill: items.skill?.uuid ?? null,
    supply: items.supply?.uuid ?? null,
    tool: items.tool === null ? "" : (items.tool?.uuid ?? null),
  });
}

export const isLine = (v: object): v is CardLine => "key" in v;

/**
 * Stabilize `Skill + #AD -> 2S` the patient (default: the targeted actor): 1 HP per SM up to the
 * supplies used (`system.hp.value` of the patient), supplies consumed = AD (`system.supplies` of
 * the supply item), a Moribund patient becomes Unconscious (statuses).
 */
export function stabilise(
  healer: AnyActor,
  patient: AnyActor | null = targetedActor(),
  choice: RecoveryChoice & PostChoice & RecoveryItems = {},
): Promise<SpecialPosted | null> {
  return runSpecial("stabilise", healer, givenChoice(choice), (c) => stabiliseRolled(healer, patient, c));
}

/** Stabilizing planned and rolled (the pipeline's `evaluate`). */
export async function stabiliseRolled(
  healer: AnyActor,
  patient: AnyActor | null,
  choice: RecoveryChoice & PostChoice & RecoveryItems,
): Promise<SpecialRolled | null> {
  if (!patient) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoPatient" });
  const p = patientState(patient);
  const gear = recoveryGear(healer, p.kind, "stabilise", choice);
  if (isLine(gear)) return refuse(gear);
  const fastAction = choice.fastAction ?? inFastAction(healer);
  const options = versesOption("healing");
  if (metabolismRefused(healer, choice)) return null;
  const plan = planStabilize(living(healer), p, gear, inWorld({ ...choice, fastAction }), options);
  if (!plan.ok) return refuse(plan.reason);
  const roll = await rolled(plan.value.roll, healer);
  const result = resolveStabilizeRoll(plan.value, roll.faces, ref(healer), options, fastAction);
  if (!result.ok) return refuse(result.reason);
  return { rolls: [roll], result: result.value, choice };
}

/**
 * Heal `Skill + Tools + #AD -> 3S 2C` the patient (default: the targeted actor): allocated dice HP
 * per SM, supplies consumed = AD, Sickened / Stunned / Moribund removed; while the patient is still
 * injured and supplies remain, the course is kept on the healer (`flags.polyverse.continuous[<id>]`
 * with `healing`) for tomorrow's continuation ({@link continueHealing}). With several patients
 * (the targeted tokens, or an array) the HP are divided between them ({@link healSeveral}).
 */
export function heal(
  healer: AnyActor,
  patients: AnyActor | readonly AnyActor[] | null = targetedActors(),
  choice: HealingChoice &
    PostChoice &
    RecoveryItems & { courseId?: string; days?: number; shares?: Record<string, number> } = {},
): Promise<SpecialPosted | null> {
  return runSpecial("healing", healer, givenChoice(choice), (c) => healRolled(healer, patients, c));
}

/** What a Healing test is asked with besides its patients. */
type HealChoice = HealingChoice &
  PostChoice &
  RecoveryItems & { courseId?: string; days?: number; shares?: Record<string, number> };

/** Healing planned and rolled (the pipeline's `evaluate`): several patients share one test. */
export async function healRolled(
  healer: AnyActor,
  patients: AnyActor | readonly AnyActor[] | null,
  choice: HealChoice,
): Promise<SpecialRolled | null> {
  const list = patients === null ? [] : Array.isArray(patients) ? patients : [patients as AnyActor];
  const patient = list[0];
  if (!patient) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoPatient" });
  if (list.length > 1) return healSeveralRolled(healer, list, choice);
  const p = patientState(patient);
  const gear = recoveryGear(healer, p.kind, "heal", choice);
  if (isLine(gear)) return refuse(gear);
  const fastAction = choice.fastAction ?? inFastAction(healer);
  const options = versesOption("healing");
  if (metabolismRefused(healer, choice)) return null;
  const plan = planHealing(living(healer), p, gear, inWorld({ ...choice, fastAction }), options);
  if (!plan.ok) return refuse(plan.reason);
  const roll = await rolled(plan.value.roll, healer);
  const course = { id: choice.courseId ?? foundry.utils.randomID(), days: choice.days ?? 0 };
  const result = resolveHealingRoll(plan.value, roll.faces, ref(healer), course, options, fastAction);
  if (!result.ok) return refuse(result.reason);
  return { rolls: [roll], result: result.value, choice };
}

/** Roll a healing course's daily continuation (`2C`), with the course's patient and items. */
export function continueHealing(
  healer: AnyActor,
  courseId: string,
  choice: RecoveryChoice & PostChoice = {},
): Promise<SpecialPosted | null> {
  return runSpecial("healing", healer, givenChoice(choice), (c) => continuationRolled(healer, courseId, c));
}

/** A healing course's next day planned and rolled (the pipeline's `evaluate`). */
export async function continuationRolled(
  healer: AnyActor,
  courseId: string,
  choice: RecoveryChoice & PostChoice,
): Promise<SpecialRolled | null> {
  const course = findContinuous(healer, courseId)?.healing;
  if (!course) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoContinuous" });
  const loaded = await loadCourse(course);
  if (!loaded) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.CourseGone" });
  const { patient, ...items } = loaded;
  return healRolled(healer, patient, {
    ...choice,
    ...items,
    phase: "continuation",
    courseId,
    days: course.days,
  });
}

/** A healing course's patient and items, or null when one of them is gone. */
export async function loadCourse(
  course: HealingCourse,
): Promise<{ patient: AnyActor; skill: AnyItem; supply: AnyItem; tool: AnyItem | null } | null> {
  const load = async (uuid: string | undefined) => (uuid ? ((await fromUuid(uuid)) as unknown) : null);
  const patient = (await load(course.patientUuid)) as AnyActor | null;
  const skill = (await load(course.skillUuid)) as AnyItem | null;
  const supply = (await load(course.supplyUuid)) as AnyItem | null;
  const tool = (await load(course.toolUuid)) as AnyItem | null;
  if (!patient || !skill || !supply) return null;
  return { patient, skill, supply, tool };
}

/** The targeted tokens' actors, each once (the patients of a Healing test). */
export function targetedActors(): AnyActor[] {
  const out: AnyActor[] = [];
  for (const token of game.user?.targets ?? [])
    if (token.actor && !out.includes(token.actor)) out.push(token.actor);
  return out;
}

/**
 * Heal several patients with one test: "resulting HP recovery may be divided between the patients"
 * (`resolveSplitHealingRoll`): one card; the HP dealt evenly (the remainder to the first), or as
 * `choice.shares` (patient UUID → HP) divides them. Each patient's change is applied when the
 * healer's user may, else left on the card for the GM. The skill must heal every patient's kind.
 */
export function healSeveral(
  healer: AnyActor,
  patients: readonly AnyActor[],
  choice: HealingChoice & PostChoice & RecoveryItems & { shares?: Record<string, number> } = {},
): Promise<SpecialPosted | null> {
  return runSpecial("healing", healer, givenChoice(choice), (c) => healSeveralRolled(healer, patients, c));
}

/** A Healing test of several patients planned and rolled (the pipeline's `evaluate`). */
async function healSeveralRolled(
  healer: AnyActor,
  patients: readonly AnyActor[],
  choice: HealingChoice & PostChoice & RecoveryItems & { shares?: Record<string, number> },
): Promise<SpecialRolled | null> {
  const states = patients.map(patientState);
  const first = states[0]!;
  const badShares = checkShares(states, choice.shares);
  if (badShares) return refuse(badShares);
  if (metabolismRefused(healer, choice)) return null;
  const gear = recoveryGear(healer, first.kind, "heal", choice);
  if (isLine(gear)) return refuse(gear);
  const fastAction = choice.fastAction ?? inFastAction(healer);
  const options = versesOption("healing");
  const world = inWorld({ ...choice, phase: "initial" as const, fastAction });
  // Every patient must be one the skill and supplies can treat: the plan says why not.
  for (const p of states.slice(1)) {
    const each = planHealing(living(healer), p, gear, world, options);
    if (!each.ok) return refuse(each.reason);
  }
  const plan = planHealing(living(healer), first, gear, world, options);
  if (!plan.ok) return refuse(plan.reason);
  const roll = await rolled(plan.value.roll, healer);
  const result = resolveSplitHealingRoll(
    plan.value,
    roll.faces,
    ref(healer),
    states,
    choice.shares,
    options,
    fastAction,
  );
  if (!result.ok) return refuse(result.reason);
  return { rolls: [roll], result: result.value, choice };
}
