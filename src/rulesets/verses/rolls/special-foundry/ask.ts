/**
 * 'Verses special tests in Foundry (see `../special.ts`): the sheet's twins of each test: the roll dialog first, with its odds.
 */
import { defaultRollMode, rollModeChoices } from "../../../../core/roll-dialog";
import { PoolRollDialog } from "../pool-dialog";
import { localize } from "../../../../core/i18n";
import { abilityDice, type InfluenceKind } from "../../rules";
import { versesOption } from "../../base/settings";
import { societySystem } from "../../data/systems";
import type { RollDialogState } from "../../base/pool-dialog-logic";
import { isSkipDialogHeld } from "../../../../core/keybindings";
import { METABOLISM_FIELD } from "../../base/metabolism-logic";
import { inFastAction, metabolismOf } from "../roll-common";
import {
  awakenDialog,
  connectednessDialog,
  continuousDialog,
  continuousOptions,
  healingDayDialog,
  influenceDialog,
  maintainDialog,
  recoveryDialog,
  restDialog,
  settleSpecialDialog,
  survivalDialog,
  type SpecialDialog,
  type SpecialDialogBase,
} from "../special-dialogs";
import { planRest, planSurvival, recoveryOptions, skillGearOf } from "../special";
import { living, refuse, targetedActor, versesWorld, type AnyActor } from "./post";
import {
  continueHealing,
  heal,
  isLine,
  loadCourse,
  owned,
  patientState,
  recoveryGear,
  stabilise,
  targetedActors,
  type RecoveryItems,
} from "./recovery";
import {
  areEnemies,
  awaken,
  findContinuous,
  maintainContinuous,
  rollConnectedness,
  rollInfluence,
  rollRest,
  rollSurvival,
  startContinuous,
} from "./tests";
// ---- from the sheet: the roll dialog first ----------------------------------------------------

/** How a sheet button asks for a test: its click (the skip-dialog key is read from it). */
export interface AskOptions {
  event?: Event | null;
  /** Roll at once with the dialog's defaults. */
  skipDialog?: boolean;
}

export function dialogBase(actor: AnyActor): SpecialDialogBase {
  return {
    actor: living(actor),
    world: versesWorld(),
    fastAction: inFastAction(actor),
    rollModes: rollModeChoices(),
    defaultRollMode: defaultRollMode(),
    // Heightened Metabolism's dice, offered to the tests that spend AD (not Rest, nor Survival).
    metabolism: metabolismOf(actor),
  };
}

/** The Heightened Metabolism dice a settled dialog uses, as the choice carries them (`metabolismUsed`). */
function withMetabolismUsed<C>(dialog: SpecialDialog<C>, state: RollDialogState) {
  const offered = (dialog.config.fields ?? []).some((f) => f.name === METABOLISM_FIELD);
  const used = offered ? Math.max(0, Math.floor(Number(state.values[METABOLISM_FIELD]) || 0)) : 0;
  const choice = dialog.choice(state);
  return used > 0 ? { ...choice, metabolismUsed: used } : choice;
}

/**
 * Settle a special test's dialog: open it, or (skip-dialog key held) take its defaults at once,
 * refusing with the first problem. Null when the roller cancels or the defaults cannot be rolled.
 */
export async function ask<C>(
  dialog: SpecialDialog<C>,
  options: AskOptions,
): Promise<(C & { rollMode: string }) | null> {
  const start = settleSpecialDialog(dialog);
  if (options.skipDialog || isSkipDialogHeld(options.event)) {
    const problem = start.evaluation.problems[0];
    if (problem) {
      ui.notifications?.warn(localize(problem.key, problem.data));
      return null;
    }
    return withMetabolismUsed(dialog, start.state);
  }
  const result = await PoolRollDialog.wait(dialog.config, start);
  return result ? withMetabolismUsed(dialog, result.state) : null;
}

/** Rest, with the dialog (AD to spend, optional dice). */
export async function askRest(actor: AnyActor, options: AskOptions = {}) {
  const metabolism = metabolismOf(actor);
  const plan = planRest(living(actor), { metabolism });
  if (!plan.ok && plan.reason.key === "POLYVERSE.Verses.Tests.Reason.NothingBound")
    return refuse(plan.reason);
  const choice = await ask(restDialog({ ...dialogBase(actor), metabolism: null }, metabolism), options);
  return choice ? rollRest(actor, choice) : null;
}

/** Connectedness, with the dialog (the GM's population adjustment, the target). */
export async function askConnectedness(actor: AnyActor, options: AskOptions = {}) {
  const societies = (game.actors?.contents ?? [])
    .filter((a) => (a.type as string) === "verses-society" && a.visible)
    .map((a) => ({
      uuid: a.uuid,
      name: a.name ?? "",
      pop: Number(societySystem(a).pop ?? 0),
    }));
  const choice = await ask(connectednessDialog(dialogBase(actor), societies), options);
  return choice ? rollConnectedness(actor, choice) : null;
}

/** Charm or Intimidate the targeted token's actor, with the dialog (AD, the odds of the contest). */
export async function askInfluence(actor: AnyActor, kind: InfluenceKind, options: AskOptions = {}) {
  const target = targetedActor();
  if (!target || !isLiving(target)) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoTarget" });
  const dialog = influenceDialog(dialogBase(actor), kind, {
    name: target.name ?? "",
    state: living(target),
    enemy: areEnemies(actor, target),
  });
  const choice = await ask(dialog, options);
  return choice ? rollInfluence(actor, kind, { ...choice, target }) : null;
}

/** Start a continuous test, with the dialog (the attribute or skill, `#S`, `#C`, AD). */
export async function askStartContinuous(actor: AnyActor, options: AskOptions = {}) {
  const skills = actor.items
    .filter((i) => i.type === "verses-skill")
    .map((i) => {
      const gear = skillGearOf(owned(i));
      return { name: gear.name, ref: gear.ref };
    });
  const choice = await ask(continuousDialog(dialogBase(actor), continuousOptions(skills)), options);
  return choice ? startContinuous(actor, choice) : null;
}

/** Maintain a running continuous test, with the dialog (AD, Multitasking, a roll forced by a hit). */
export async function askMaintain(actor: AnyActor, id: string, options: AskOptions = {}) {
  const stored = findContinuous(actor, id);
  if (!stored || stored.healing) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoContinuous" });
  const multitasking = abilityDice(living(actor).abilities, "multitasking");
  const choice = await ask(maintainDialog(dialogBase(actor), stored, multitasking), options);
  return choice ? maintainContinuous(actor, id, choice) : null;
}

/** Whether an actor is a character or creature (the special tests' actors). */
export function isLiving(actor: AnyActor): boolean {
  return actor.type === "verses-character" || actor.type === "verses-creature";
}

/** Stabilize or heal the targeted token's actor, with the dialog (skill, supplies, tool, AD, helpers). */
async function askRecovery(healer: AnyActor, mode: "stabilise" | "heal", options: AskOptions) {
  const patient = targetedActor();
  if (!patient || !isLiving(patient)) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoPatient" });
  const p = patientState(patient);
  const atHand = recoveryOptions([...healer.items].map(owned), p.kind, mode);
  if (!atHand.skills.length) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoSkill" });
  if (!atHand.supplies.length) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoSupplyItem" });
  // Healing with several patients targeted divides its HP between them (healSeveral): a share each.
  const patients = mode === "heal" ? targetedActors().filter(isLiving) : [];
  const dialog = recoveryDialog(dialogBase(healer), mode, p, atHand, {
    healingOptions: versesOption("healing"),
    ...(patients.length > 1 ? { patients: patients.map(patientState) } : {}),
  });
  const choice = await ask(dialog, options);
  if (!choice) return null;
  const item = (uuid: string | null) => (uuid ? (healer.items.find((i) => i.uuid === uuid) ?? null) : null);
  const { picks, ...rest } = choice;
  const items: RecoveryItems = {
    skill: item(picks.skill),
    supply: item(picks.supply),
    tool: item(picks.tool),
  };
  return mode === "heal"
    ? heal(healer, patients.length > 1 ? patients : patient, { ...rest, ...items })
    : stabilise(healer, patient, { ...rest, ...items });
}

export const askStabilise = (healer: AnyActor, options: AskOptions = {}) =>
  askRecovery(healer, "stabilise", options);
export const askHeal = (healer: AnyActor, options: AskOptions = {}) => askRecovery(healer, "heal", options);

/** A healing course's next day, with the dialog (AD, helpers); the course keeps its patient and items. */
export async function askContinueHealing(healer: AnyActor, courseId: string, options: AskOptions = {}) {
  const course = findContinuous(healer, courseId)?.healing;
  if (!course) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoContinuous" });
  const loaded = await loadCourse(course);
  if (!loaded) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.CourseGone" });
  const gear = recoveryGear(healer, patientState(loaded.patient).kind, "heal", loaded);
  if (isLine(gear)) return refuse(gear);
  const dialog = healingDayDialog(dialogBase(healer), patientState(loaded.patient), gear, {
    healingOptions: versesOption("healing"),
  });
  const choice = await ask(dialog, options);
  return choice ? continueHealing(healer, courseId, choice) : null;
}

/** Awaken the targeted token's actor, with the dialog (AD). */
export async function askAwaken(actor: AnyActor, options: AskOptions = {}) {
  const target = targetedActor();
  if (!target || !isLiving(target)) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoTarget" });
  const dialog = awakenDialog(dialogBase(actor), {
    name: target.name ?? "",
    conditions: living(target).conditions,
  });
  const choice = await ask(dialog, options);
  return choice ? awaken(actor, target, choice) : null;
}

/** The Survival roll of a Moribund actor, with the dialog (optional dice, roll mode). */
export async function askSurvival(actor: AnyActor, options: AskOptions = {}) {
  const plan = planSurvival(living(actor));
  if (!plan.ok) return refuse(plan.reason);
  const choice = await ask(survivalDialog({ ...dialogBase(actor), metabolism: null }), options);
  return choice ? rollSurvival(actor, choice) : null;
}
