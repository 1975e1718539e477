/**
 * What every 'Verses roll shares in Foundry: the actor's prepared data, whether it is in Fast
 * Action, its pool as this world plays it, the roll dialog (or its defaults when skipped), and the
 * AD the roll spends (spend-logic.ts) with the EX its abilities bind. The tests, attacks, defences
 * and ripostes all roll through here, each as core's roll pipeline: a test from the sheet
 * ({@link rollPoolTest}), an attack (`attack/foundry/roll.ts`), a defence (`attack/foundry/defend.ts`).
 */
import { livingSystem as versesLiving } from "../data/systems";
import { assemblePool, clampBonus, type AssembledPool, type PoolRequest } from "../data/pools";
import type { LivingDerived, LivingSource } from "../data/living";
import { versesMaxPool, versesOption } from "../base/settings";
import { adChange, adStateOf } from "../base/ad-logic";
import { adrenalineRushAfter, luckFor } from "../base/ability-logic";
import { applyChanges, relayPending } from "../../../core/changes";
import type { DocumentChange } from "../../../core/changes-logic";
import { spendChange, spendForRoll, type RollSpend } from "../base/spend-logic";
import { defaultRollMode, rollModeChoices } from "../../../core/roll-dialog";
import { PoolRollDialog } from "./pool-dialog";
import { localize } from "../../../core/i18n";
import { runRoll } from "../../../core/rolls/pipeline";
import { postRoll } from "../../../core/rolls/post";
import {
  choiceFromDialog,
  settleVersesDialog,
  versesDialogConfig,
  type RollChoice,
  type VersesDialogInput,
} from "./dialog";
import { versesSkillCatalog } from "./skill-catalog";
import { isSkipDialogHeld } from "../../../core/keybindings";
import type { VersesRollOptions } from "../base/pool-view";
import { VersesRoll } from "./verses-roll";
import { targetedTokens } from "./targeting";
import { leftCoverThisRound } from "../documents/fast-action";
import {
  metabolismOfferOf,
  metabolismUse,
  type AbilityItemView,
  type MetabolismOffer,
} from "../base/metabolism-logic";

/** The system data of a character or creature after preparation. */
export type LivingSystem = LivingSource & LivingDerived & { nativeTec: number };

type AnyActor = Actor.Implementation;
type Message = ChatMessage.Implementation;

export function livingSystem(actor: AnyActor): LivingSystem {
  return versesLiving(actor);
}

/** The actor is in a started combat: Fast Action. */
export function inFastAction(actor: AnyActor): boolean {
  const combat = game.combat;
  return Boolean(combat?.started && combat.combatants.some((c) => c.actor?.id === actor.id));
}

/** The current combat round when the actor is in Fast Action, else null. */
export function combatRound(actor: AnyActor): number | null {
  return inFastAction(actor) ? (game.combat?.round ?? 0) : null;
}

/**
 * The pool as this world plays it: its setting TEC (General skills' TEC difference, when that
 * setting is on) and the compendium's skills for unallocated default chains.
 */
export function worldPool(system: LivingSystem, request: PoolRequest): AssembledPool {
  return assemblePool(
    system,
    system,
    { contextTec: versesOption("settingTec"), ...request, maxPool: versesMaxPool() },
    versesSkillCatalog(),
    versesOption("skillPool"),
  );
}

/** The actor's Heightened Metabolism (its ability item), or null (metabolism-logic.ts). */
export function metabolismOf(actor: AnyActor): MetabolismOffer | null {
  return metabolismOfferOf(actor.items as unknown as Iterable<AbilityItemView>);
}

/** What every dialog input shares, from the actor and the caller's choice. */
export function dialogCommon(actor: AnyActor, choice: RollChoice, reaction?: "dodge" | "parry") {
  const system = livingSystem(actor);
  return {
    pool: (request: PoolRequest) => worldPool(system, request),
    adAvailable: system.adAvailable,
    adState: adStateOf(system),
    ...(reaction ? { reaction } : {}),
    fastAction: inFastAction(actor),
    choice,
    rollModes: rollModeChoices(),
    defaultRollMode: defaultRollMode(),
    maxPool: versesMaxPool(),
    metabolism: metabolismOf(actor),
  };
}

/**
 * Settle the roller's choice: the dialog, or (skip key held, `skipDialog`) its defaults at once.
 * Null when the roller cancels, or when the defaults cannot be rolled (a warning says why).
 */
export async function chooseRoll(given: VersesDialogInput): Promise<RollChoice | null> {
  const input = withLeftCover(given);
  const config = versesDialogConfig(input);
  const start = settleVersesDialog(config, input.choice.target !== undefined);
  if (input.choice.skipDialog || isSkipDialogHeld(input.choice.event)) {
    const problem = start.evaluation.problems[0];
    if (problem) {
      ui.notifications?.warn(localize(problem.key, problem.data));
      return null;
    }
    return choiceFromDialog(input, start.state, start.evaluation);
  }
  const result = await PoolRollDialog.wait(config, start);
  return result ? choiceFromDialog(input, result.state, result.evaluation) : null;
}

/**
 * An attack's first target left cover this round (`leaveCover`, combat/actions.ts): the dialog then
 * cuts full cover to partial. The target is the first of the choice's tokens, or the first targeted.
 */
function withLeftCover(input: VersesDialogInput): VersesDialogInput {
  if (input.kind !== "attack" || !input.target) return input;
  const uuids = (input.choice as { targetTokens?: readonly string[] }).targetTokens;
  const token = uuids?.length
    ? (foundry.utils.fromUuidSync(uuids[0]!) as { actor?: Actor.Implementation | null } | null)
    : targetedTokens()[0];
  return leftCoverThisRound(token?.actor)
    ? { ...input, target: { ...input.target, leftCover: true } }
    : input;
}

/** How a roll spends its AD: its minimum and, for a Dodge or Parry, the reservation it may use. */
type SpendRule = Pick<RollSpend, "minimum" | "reaction"> & {
  /** An attack settled by its roll alone (a sweep's, a blast's): Adrenaline Rush is read at once. */
  rushAtRoll?: boolean;
};

/** A pool rolled, and the document changes its AD (and EX) imply. */
export interface PreparedRoll {
  roll: VersesRoll;
  pool: AssembledPool;
  changes: DocumentChange[];
  /** EX Adrenaline Rush unbound at the roll of an attack its roll alone settles (`rushAtRoll`). */
  rush?: number;
}

/**
 * Assemble the pool with the choice, check and spend its AD, and roll it. Refused with a
 * notification when the rules forbid the test or the AD cannot be spent ("Not enough AD").
 */
export async function preparePoolRoll(
  actor: AnyActor,
  request: PoolRequest,
  card: Omit<VersesRollOptions, "parts" | "target" | "ad" | "actorUuid" | "targetParts">,
  choice: RollChoice,
  rule: SpendRule = { minimum: 0 },
): Promise<PreparedRoll | null> {
  const system = livingSystem(actor);
  const ad = Math.max(0, choice.ad ?? 0);
  const extra = [...(request.extra ?? [])];
  const bonus = clampBonus(choice.bonus, versesMaxPool());
  if (bonus) extra.push({ label: "POLYVERSE.Verses.Pool.Bonus", dice: bonus });
  // Heightened Metabolism: its dice join the pool, stand in for the AD the action needs at least,
  // and are EX-bound on the ability item until Rest.
  const hmDice = Math.max(0, Math.floor(choice.metabolism ?? 0));
  const hmOffer = hmDice > 0 ? metabolismOf(actor) : null;
  const hmUse =
    hmDice > 0 ? (hmOffer ? metabolismUse(hmOffer, hmDice) : null) : { ok: true as const, change: null };
  if (!hmUse || !hmUse.ok) {
    const reason = hmUse?.reason ?? { key: "POLYVERSE.Verses.Metabolism.TooMany", data: { free: "0" } };
    ui.notifications?.warn(localize(reason.key, reason.data));
    return null;
  }
  if (hmDice > 0) extra.push({ label: "POLYVERSE.Verses.Metabolism.Part", dice: hmDice });
  const pool = worldPool(system, {
    ...request,
    ad,
    extra,
    ...(choice.optionalAbilities ? { optionalAbilities: choice.optionalAbilities } : {}),
    ...(choice.addOns ? { addOns: choice.addOns } : {}),
  });
  if (!pool.usable) {
    ui.notifications?.warn(localize(pool.reason?.key ?? "POLYVERSE.Verses.Roll.Unusable", pool.reason?.data));
    return null;
  }
  const before = adStateOf(system);
  const spent = spendForRoll(before, {
    ad,
    minimum: Math.max(0, rule.minimum - hmDice),
    fastAction: inFastAction(actor),
    exCost: pool.exCost,
    ...(rule.reaction ? { reaction: rule.reaction } : {}),
  });
  if (!spent.ok) {
    ui.notifications?.warn(localize(spent.reason.key, spent.reason.data));
    return null;
  }
  const who = { uuid: actor.uuid, name: actor.name ?? "" };
  const luck = luckFor(system.abilities);
  const roll = VersesRoll.fromParts({
    ...card,
    target: Math.max(0, choice.target ?? 1),
    parts: pool.parts,
    ad,
    actorUuid: actor.uuid,
    ...(choice.targetParts?.length ? { targetParts: choice.targetParts } : {}),
    ...(luck ? { luck } : {}),
  });
  await roll.evaluate();
  // Adrenaline Rush, "immediately after any successful test with a SM of 4 or higher": a plain
  // test's card, and an attack its roll alone settles (`rushAtRoll`: the attack card records it); a
  // direct attack's or a defence's success is settled on the attack card.
  const plain = (card.kind ?? "test") === "test";
  const rush =
    plain || rule.rushAtRoll
      ? adrenalineRushAfter(roll.faces, roll.options.target, system.abilities, spent.value.after)
      : null;
  if (rush && plain) roll.options.adrenalineRush = rush.unbound;
  const change =
    rush && rush.unbound > 0 ? adChange(who, before, rush.state) : spendChange(who, before, spent.value);
  return {
    roll,
    pool,
    changes: [...(change ? [change] : []), ...(hmUse.change ? [hmUse.change] : [])],
    ...(!plain && rush && rush.unbound > 0 ? { rush: rush.unbound } : {}),
  };
}

/**
 * Apply a roll's document changes once its card is posted: what the user may update at once, the
 * rest kept on the card (`flags.polyverse.pending`) and sent to the GM.
 */
export async function applyRollChanges(
  message: Message | null,
  changes: readonly DocumentChange[],
): Promise<void> {
  const pending = await applyChanges(changes);
  if (!pending.length || !message) return;
  await message.update({ "flags.polyverse.pending": pending } as never);
  await relayPending(message);
}

/** What a pool test's card says besides its dice: its label and kind, the item rolled. */
type PoolCardOptions = Omit<
  VersesRollOptions,
  "parts" | "target" | "ad" | "actorUuid" | "targets" | "targetParts"
> & { label: string };

/**
 * A pool test from the sheet (an attribute, a skill, the Watch action) as core's roll pipeline:
 * `configure` the dialog's input, the `dialog` (or its defaults when skipped; cancelling stops the
 * roll), `evaluate` the pool with the AD it spends (refused with a notification when the rules
 * forbid it; in Fast Action at least 1AD: "At least one action die must be spent on any given
 * action"), `post` its card, `apply` its document changes. The roll, or null when it was cancelled,
 * refused or vetoed by a `polyverse.*` roll hook.
 */
export async function rollPoolTest(
  actor: AnyActor,
  request: PoolRequest,
  card: PoolCardOptions,
  choice: RollChoice,
): Promise<VersesRoll | null> {
  const outcome = await runRoll(
    { ruleset: "verses", kind: card.kind ?? "test", subject: actor },
    {
      configure: (): VersesDialogInput => ({
        kind: "test",
        label: card.label,
        request,
        ...dialogCommon(actor, choice),
      }),
      dialog: (input) => chooseRoll(input),
      evaluate: (_input, settled) =>
        preparePoolRoll(actor, { ...request, fastAction: inFastAction(actor) }, card, settled, {
          minimum: inFastAction(actor) ? 1 : 0,
          ...(settled.fromAwait ? { reaction: "await" as const } : {}),
        }),
      post: async (prepared, _input, settled) =>
        ((await postRoll(prepared.roll, {
          actor,
          flavor: settled.flavor ?? "",
          rollMode: settled.rollMode ?? null,
        })) as Message | null | undefined) ?? null,
      apply: (prepared, message) => applyRollChanges(message, prepared.changes),
    },
  );
  return outcome.status === "done" ? outcome.context.rolled.roll : null;
}
