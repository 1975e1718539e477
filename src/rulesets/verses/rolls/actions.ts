/**
 * What a click on a sheet rolls: an attribute test, a skill test or a weapon attack. Each opens
 * the roll dialog first (AD, dice added or removed, success target, optional ability dice, and
 * for attacks the weapon mode, the distance measured to the targeted token and cover), unless the
 * skip-dialog key is held or `choice.skipDialog` is set; then the same defaults roll at once, and
 * an attack out of range is refused with a notification rather than rolled. `rollPool` rolls a
 * pool with a settled choice and posts its card.
 */
import type { AttributeKey } from "../rules";
import { assemblePool, type AssembledPool, type PoolRequest } from "../data/pools";
import { versesOption } from "../settings";
import { versesSkillCatalog } from "./skill-catalog";
import type { LivingDerived, LivingSource } from "../data/living";
import { PoolRollDialog, defaultRollMode, localizeLabel, rollModeChoices } from "../../../core/roll-dialog";
import {
  choiceFromDialog,
  settleVersesDialog,
  versesDialogConfig,
  type RollChoice,
  type TargetInfo,
  type VersesDialogInput,
} from "./dialog";
import { attackRequest, naturalAttack, type WeaponModeSource } from "./weapon-modes";
import { postRoll } from "./dice-so-nice";
import { isSkipDialogHeld } from "./keybindings";
import type { VersesRollOptions } from "./pool-view";
import { measureToTarget } from "./targeting";
import { VersesRoll } from "./verses-roll";
import { adChange, adStateOf, rollCost } from "../ad-logic";
import { applyChanges } from "../changes";

export type { RollChoice } from "./dialog";

/** The system data of a character or creature after preparation. */
export type LivingSystem = LivingSource & LivingDerived & { nativeTec: number };

type AnyActor = Actor.Implementation;
type AnyItem = Item.Implementation;
type CardOptions = Omit<
  VersesRollOptions,
  "parts" | "target" | "ad" | "actorUuid" | "targets" | "targetParts"
>;

function livingSystem(actor: AnyActor): LivingSystem {
  return actor.system as unknown as LivingSystem;
}

/** The actor is in a started combat: Fast Action. */
export function inFastAction(actor: AnyActor): boolean {
  const combat = game.combat;
  return Boolean(combat?.started && combat.combatants.some((c) => c.actor?.id === actor.id));
}

/**
 * The pool as this world plays it: its setting TEC (General skills' TEC difference, when that
 * setting is on) and the compendium's skills for unallocated default chains.
 */
function worldPool(system: LivingSystem, request: PoolRequest): AssembledPool {
  return assemblePool(
    system,
    system,
    { contextTec: versesOption("settingTec"), ...request },
    versesSkillCatalog(),
    versesOption("skillPool"),
  );
}

/** Roll a pool for an actor and post its card. Refuses with a notification when the rules forbid the test. */
export async function rollPool(
  actor: AnyActor,
  request: PoolRequest,
  card: CardOptions,
  choice: RollChoice = {},
): Promise<VersesRoll | null> {
  const system = livingSystem(actor);
  const ad = Math.max(0, choice.ad ?? 0);
  const extra = [...(request.extra ?? [])];
  if (choice.bonus) extra.push({ label: "POLYVERSE.Verses.Pool.Bonus", dice: choice.bonus });
  const pool = worldPool(system, {
    ...request,
    ad,
    extra,
    ...(choice.optionalAbilities ? { optionalAbilities: choice.optionalAbilities } : {}),
  });
  if (!pool.usable) {
    ui.notifications?.warn(pool.reason ?? game.i18n!.localize("POLYVERSE.Verses.Roll.Unusable"));
    return null;
  }
  const cost = rollCost(system, { ad, fastAction: request.fastAction ?? false, exCost: pool.exCost });
  if (!cost.ok) {
    ui.notifications?.warn(game.i18n!.format("POLYVERSE.Verses.Roll.NotEnoughAD", { reason: cost.reason }));
    return null;
  }
  const change = adChange({ uuid: actor.uuid, name: actor.name ?? "" }, adStateOf(system), cost.value);
  if (change) await applyChanges([change]);
  const roll = VersesRoll.fromParts({
    ...card,
    target: Math.max(0, choice.target ?? 1),
    parts: pool.parts,
    ad,
    actorUuid: actor.uuid,
    targets: [...(game.user?.targets ?? [])].map((t) => t.document.uuid),
    ...(choice.targetParts?.length ? { targetParts: choice.targetParts } : {}),
  });
  await roll.evaluate();
  await postRoll(roll, { actor, flavor: choice.flavor ?? "", rollMode: choice.rollMode ?? null });
  return roll;
}

/** What every dialog input shares, from the actor and the caller's choice. */
export function common(actor: AnyActor, choice: RollChoice) {
  const system = livingSystem(actor);
  return {
    pool: (request: PoolRequest) => worldPool(system, request),
    adAvailable: system.adAvailable,
    fastAction: inFastAction(actor),
    choice,
    rollModes: rollModeChoices(),
    defaultRollMode: defaultRollMode(),
  };
}

/**
 * Settle the roller's choice: the dialog, or (skip key held, `skipDialog`) its defaults at once.
 * Null when the roller cancels, or when the defaults cannot be rolled (out of range: a warning).
 */
export async function chooseRoll(input: VersesDialogInput): Promise<RollChoice | null> {
  const config = versesDialogConfig(input);
  const start = settleVersesDialog(config, input.choice.target !== undefined);
  if (input.choice.skipDialog || isSkipDialogHeld(input.choice.event)) {
    const problem = start.evaluation.problems[0];
    if (problem) {
      ui.notifications?.warn(localizeLabel(problem.key, problem.data));
      return null;
    }
    return choiceFromDialog(input, start.state, start.evaluation);
  }
  const result = await PoolRollDialog.wait(config, start);
  return result ? choiceFromDialog(input, result.state, result.evaluation) : null;
}

async function rollTest(
  actor: AnyActor,
  request: PoolRequest,
  card: CardOptions & { label: string },
  choice: RollChoice,
): Promise<VersesRoll | null> {
  const settled = await chooseRoll({ kind: "test", label: card.label, request, ...common(actor, choice) });
  if (!settled) return null;
  return rollPool(actor, { ...request, fastAction: inFastAction(actor) }, card, settled);
}

/** `ATTRIBUTE + #AD -> #S` (an action test such as catching a thrown wrench: PRW). */
export function rollAttribute(actor: AnyActor, attribute: AttributeKey, choice: RollChoice = {}) {
  return rollTest(
    actor,
    { attribute },
    { label: `POLYVERSE.Verses.Attribute.${attribute}.Name`, kind: "test" },
    choice,
  );
}

/** A skill test: the skill's dice down its default chain, `+ #AD -> #S`. */
export function rollSkill(actor: AnyActor, skill: AnyItem, choice: RollChoice = {}) {
  const s = skill.system as unknown as { skill: string; spec: string };
  const ref = s.spec ? `${s.skill || skill.name} » ${s.spec}` : s.skill || skill.name;
  return rollTest(actor, { skill: ref }, { label: skill.name, kind: "test", itemUuid: skill.uuid }, choice);
}

/**
 * A weapon attack: the mode's skill `+ #AD -> #S`, the target from the distance to the targeted
 * token and the mode's TEST plus cover, damage per SM on the card. `modeIndex` is the mode the
 * dialog starts on (the roller may pick another).
 */
export async function rollWeapon(
  actor: AnyActor,
  weapon: AnyItem,
  modeIndex = 0,
  choice: RollChoice = {},
): Promise<VersesRoll | null> {
  const modes = (weapon.system as unknown as { modes: WeaponModeSource[] }).modes ?? [];
  if (!modes.length) {
    ui.notifications?.warn(game.i18n!.localize("POLYVERSE.Verses.Dialog.NoMode"));
    return null;
  }
  const measured = measureToTarget(actor);
  const target: TargetInfo | null = measured
    ? {
        metres: measured.metres,
        name: measured.name,
        prone: measured.prone,
        gridMetres: measured.gridMetres,
        several: measured.several,
      }
    : null;
  const settled = await chooseRoll({
    kind: "attack",
    weaponName: weapon.name,
    modes,
    target,
    ...common(actor, { modeIndex, ...choice }),
  });
  if (!settled) return null;
  const index = settled.modeIndex ?? 0;
  const mode = modes[index] ?? modes[0]!;
  const label = mode.name ? `${weapon.name}: ${mode.name}` : weapon.name;
  const request = attackRequest(mode, { fastAction: inFastAction(actor), metres: settled.metres });
  const continuation = naturalAttack(mode)?.continuation;
  return rollPool(
    actor,
    request,
    {
      label,
      kind: "attack",
      perSM: mode.damage,
      itemUuid: weapon.uuid,
      ...(continuation ? { continuation } : {}),
    },
    settled,
  );
}
