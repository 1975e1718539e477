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
import {
  living,
  refuse,
  runSpecial,
  targetedActor,
  versesWorld,
  type AnyActor,
  type SpecialAsk,
} from "./post";
import {
  continuationRolled,
  healRolled,
  isLine,
  loadCourse,
  owned,
  patientState,
  recoveryGear,
  stabiliseRolled,
  targetedActors,
  type RecoveryItems,
} from "./recovery";
import {
  areEnemies,
  awakenRolled,
  connectednessRolled,
  continuousRolled,
  findContinuous,
  influenceRolled,
  maintainRolled,
  restRolled,
  survivalRolled,
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

type Maybe<T> = T | null | Promise<T | null>;

/**
 * A special test's dialog as the pipeline's `configure` and `dialog` steps: `configure` checks the
 * test may be asked for and gives what the dialog is built from (null: refused, with a
 * notification), `dialog` opens the dialog `dialogOf` builds (or takes its defaults).
 */
export function asked<Config, C>(
  configure: () => Maybe<Config>,
  dialogOf: (config: Config) => SpecialDialog<C>,
  options: AskOptions,
): SpecialAsk<Config, C & { rollMode: string }> {
  return { configure, dialog: (config) => ask(dialogOf(config), options) };
}

/** {@link asked} when what `configure` gives is the dialog itself. */
export const askedDialog = <C>(
  configure: () => Maybe<SpecialDialog<C>>,
  options: AskOptions,
): SpecialAsk<SpecialDialog<C>, C & { rollMode: string }> => asked(configure, (dialog) => dialog, options);

/** Rest, with the dialog (AD to spend, optional dice). */
export function askRest(actor: AnyActor, options: AskOptions = {}) {
  return runSpecial(
    "rest",
    actor,
    askedDialog(() => {
      const metabolism = metabolismOf(actor);
      const plan = planRest(living(actor), { metabolism });
      if (!plan.ok && plan.reason.key === "POLYVERSE.Verses.Tests.Reason.NothingBound")
        return refuse(plan.reason);
      return restDialog({ ...dialogBase(actor), metabolism: null }, metabolism);
    }, options),
    (choice) => restRolled(actor, choice),
  );
}

/** Connectedness, with the dialog (the GM's population adjustment, the target). */
export function askConnectedness(actor: AnyActor, options: AskOptions = {}) {
  return runSpecial(
    "connectedness",
    actor,
    askedDialog(() => {
      const societies = (game.actors?.contents ?? [])
        .filter((a) => (a.type as string) === "verses-society" && a.visible)
        .map((a) => ({
          uuid: a.uuid,
          name: a.name ?? "",
          pop: Number(societySystem(a).pop ?? 0),
        }));
      return connectednessDialog(dialogBase(actor), societies);
    }, options),
    (choice) => connectednessRolled(actor, choice),
  );
}

/** Charm or Intimidate the targeted token's actor, with the dialog (AD, the odds of the contest). */
export function askInfluence(actor: AnyActor, kind: InfluenceKind, options: AskOptions = {}) {
  return runSpecial(
    "influence",
    actor,
    asked(
      () => {
        const target = targetedActor();
        if (!target || !isLiving(target)) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoTarget" });
        const dialog = influenceDialog(dialogBase(actor), kind, {
          name: target.name ?? "",
          state: living(target),
          enemy: areEnemies(actor, target),
        });
        return { target, dialog };
      },
      (config) => config.dialog,
      options,
    ),
    (choice, config) => influenceRolled(actor, kind, { ...choice, target: config.target }),
  );
}

/** Start a continuous test, with the dialog (the attribute or skill, `#S`, `#C`, AD). */
export function askStartContinuous(actor: AnyActor, options: AskOptions = {}) {
  return runSpecial(
    "continuous",
    actor,
    askedDialog(() => {
      const skills = actor.items
        .filter((i) => i.type === "verses-skill")
        .map((i) => {
          const gear = skillGearOf(owned(i));
          return { name: gear.name, ref: gear.ref };
        });
      return continuousDialog(dialogBase(actor), continuousOptions(skills));
    }, options),
    (choice) => continuousRolled(actor, choice),
  );
}

/** Maintain a running continuous test, with the dialog (AD, Multitasking, a roll forced by a hit). */
export function askMaintain(actor: AnyActor, id: string, options: AskOptions = {}) {
  return runSpecial(
    "maintain",
    actor,
    askedDialog(() => {
      const stored = findContinuous(actor, id);
      if (!stored || stored.healing) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoContinuous" });
      const multitasking = abilityDice(living(actor).abilities, "multitasking");
      return maintainDialog(dialogBase(actor), stored, multitasking);
    }, options),
    (choice) => maintainRolled(actor, id, choice),
  );
}

/** Whether an actor is a character or creature (the special tests' actors). */
export function isLiving(actor: AnyActor): boolean {
  return actor.type === "verses-character" || actor.type === "verses-creature";
}

/** Stabilize or heal the targeted token's actor, with the dialog (skill, supplies, tool, AD, helpers). */
function askRecovery(healer: AnyActor, mode: "stabilise" | "heal", options: AskOptions) {
  return runSpecial(
    mode === "heal" ? "healing" : "stabilise",
    healer,
    asked(
      () => {
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
        return { patient, patients, dialog };
      },
      (config) => config.dialog,
      options,
    ),
    (choice, { patient, patients }) => {
      const item = (uuid: string | null) =>
        uuid ? (healer.items.find((i) => i.uuid === uuid) ?? null) : null;
      const { picks, ...rest } = choice;
      const items: RecoveryItems = {
        skill: item(picks.skill),
        supply: item(picks.supply),
        tool: item(picks.tool),
      };
      return mode === "heal"
        ? healRolled(healer, patients.length > 1 ? patients : patient, { ...rest, ...items })
        : stabiliseRolled(healer, patient, { ...rest, ...items });
    },
  );
}

export const askStabilise = (healer: AnyActor, options: AskOptions = {}) =>
  askRecovery(healer, "stabilise", options);
export const askHeal = (healer: AnyActor, options: AskOptions = {}) => askRecovery(healer, "heal", options);

/** A healing course's next day, with the dialog (AD, helpers); the course keeps its patient and items. */
export function askContinueHealing(healer: AnyActor, courseId: string, options: AskOptions = {}) {
  return runSpecial(
    "healing",
    healer,
    askedDialog(async () => {
      const course = findContinuous(healer, courseId)?.healing;
      if (!course) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoContinuous" });
      const loaded = await loadCourse(course);
      if (!loaded) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.CourseGone" });
      const gear = recoveryGear(healer, patientState(loaded.patient).kind, "heal", loaded);
      if (isLine(gear)) return refuse(gear);
      return healingDayDialog(dialogBase(healer), patientState(loaded.patient), gear, {
        healingOptions: versesOption("healing"),
      });
    }, options),
    (choice) => continuationRolled(healer, courseId, choice),
  );
}

/** Awaken the targeted token's actor, with the dialog (AD). */
export function askAwaken(actor: AnyActor, options: AskOptions = {}) {
  return runSpecial(
    "awaken",
    actor,
    asked(
      () => {
        const target = targetedActor();
        if (!target || !isLiving(target)) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoTarget" });
        const dialog = awakenDialog(dialogBase(actor), {
          name: target.name ?? "",
          conditions: living(target).conditions,
        });
        return { target, dialog };
      },
      (config) => config.dialog,
      options,
    ),
    (choice, config) => awakenRolled(actor, config.target, choice),
  );
}

/** The Survival roll of a Moribund actor, with the dialog (optional dice, roll mode). */
export function askSurvival(actor: AnyActor, options: AskOptions = {}) {
  return runSpecial(
    "survival",
    actor,
    askedDialog(() => {
      const plan = planSurvival(living(actor));
      if (!plan.ok) return refuse(plan.reason);
      return survivalDialog({ ...dialogBase(actor), metabolism: null });
    }, options),
    (choice) => survivalRolled(actor, choice),
  );
}
