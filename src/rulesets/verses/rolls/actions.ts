/**
 * What a click on a sheet rolls: an attribute test, a skill test or a weapon attack. Each opens
 * the roll dialog first (AD, dice added or removed, success target, optional ability dice, and
 * for attacks the weapon mode, the distance measured to the targeted token and cover), unless the
 * skip-dialog key is held or `choice.skipDialog` is set; then the same defaults roll at once, and
 * a roll the rules refuse (out of range, not enough AD) is refused with a notification. The AD
 * chosen are spent (in Fast Action) and the EX the chosen abilities bind is bound
 * (roll-common.ts). `rollPool` rolls a pool with a settled choice and posts its card; the weapon
 * attack and its card are in attack/attack.ts.
 */
import type { AttributeKey } from "../rules";
import type { PoolRequest } from "../data/pools";
import { skillSystem } from "../data/systems";
import type { RollChoice } from "./dialog";
import { postRoll } from "./dice-so-nice";
import type { VersesRollOptions } from "./pool-view";
import { refuseForbiddenAction } from "../conditions";
import {
  applyRollChanges,
  chooseRoll,
  combatRound,
  dialogCommon,
  inFastAction,
  livingSystem,
  preparePoolRoll,
} from "./roll-common";
import { targetedTokens } from "./targeting";
import type { WatchRecord } from "../attack/assassination-logic";
import type { VersesRoll } from "./verses-roll";

export type { RollChoice } from "./dialog";
export type { LivingSystem } from "./roll-common";
export { chooseRoll } from "./roll-common";
export { rollWeapon } from "../attack/attack";

type AnyActor = Actor.Implementation;
type AnyItem = Item.Implementation;
type CardOptions = Omit<
  VersesRollOptions,
  "parts" | "target" | "ad" | "actorUuid" | "targets" | "targetParts"
>;
type Message = ChatMessage.Implementation;

/**
 * Roll a pool for an actor and post its card. Refuses with a notification when the rules forbid
 * the test or the AD cannot be spent. In Fast Action at least 1AD ("At least one action die must
 * be spent on any given action").
 */
export async function rollPool(
  actor: AnyActor,
  request: PoolRequest,
  card: CardOptions,
  choice: RollChoice = {},
): Promise<VersesRoll | null> {
  const prepared = await preparePoolRoll(actor, request, card, choice, {
    minimum: inFastAction(actor) ? 1 : 0,
    ...(choice.fromAwait ? { reaction: "await" as const } : {}),
  });
  if (!prepared) return null;
  const message = (await postRoll(prepared.roll, {
    actor,
    flavor: choice.flavor ?? "",
    rollMode: choice.rollMode ?? null,
  })) as Message | null | undefined;
  await applyRollChanges(message ?? null, prepared.changes);
  return prepared.roll;
}

async function rollTest(
  actor: AnyActor,
  request: PoolRequest,
  card: CardOptions & { label: string },
  choice: RollChoice,
): Promise<VersesRoll | null> {
  const settled = await chooseRoll({
    kind: "test",
    label: card.label,
    request,
    ...dialogCommon(actor, choice),
  });
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

/**
 * The Watch action: "Spend 1 or more AD observing ... Any AD spent on this action plus the actor's
 * SMR and any other capabilities relevant to perception" (Eagle Eyed joins through the pool's
 * `watch` action). The roll contests a subterfuge; the GM compares the two.
 */
export async function rollWatch(
  actor: AnyActor,
  choice: RollChoice & { watched?: AnyActor | null } = {},
): Promise<VersesRoll | null> {
  if (refuseForbiddenAction(actor, "watch")) return null;
  const { watched, ...rest } = choice;
  const available = livingSystem(actor).adAvailable;
  const roll = await rollTest(
    actor,
    { attribute: "smr", action: "watch" },
    { label: "POLYVERSE.Verses.Combat.Watch.Title", kind: "test" },
    rest,
  );
  if (roll) await recordWatch(actor, watched ?? targetedTokens()[0]?.actor ?? null, roll, available);
  return roll;
}

/**
 * What a Watch was directed at (the targeted token's actor, or `choice.watched`), kept on the
 * watcher for Assassination ("spent all available AD on the Watch action directed at a particular
 * biological actor"); a Watch at no one clears it.
 */
async function recordWatch(actor: AnyActor, watched: AnyActor | null, roll: VersesRoll, available: number) {
  if (!actor.isOwner) return;
  if (!watched || watched === actor) {
    await actor.update({ "flags.polyverse.-=watching": null } as never);
    return;
  }
  const ad = roll.options.ad ?? 0;
  const round = combatRound(actor);
  const record: WatchRecord = {
    actorUuid: watched.uuid,
    name: watched.name ?? "",
    allAd: ad >= 1 && ad >= available,
    worldTime: game.time?.worldTime ?? 0,
    combatId: round === null ? null : (game.combat?.id ?? null),
    round,
  };
  await actor.update({ "flags.polyverse.watching": record } as never);
}

/** A skill test: the skill's dice down its default chain, `+ #AD -> #S`. */
export function rollSkill(actor: AnyActor, skill: AnyItem, choice: RollChoice = {}) {
  const s = skillSystem(skill);
  const ref = s.spec ? `${s.skill || skill.name} » ${s.spec}` : s.skill || skill.name;
  return rollTest(actor, { skill: ref }, { label: skill.name, kind: "test", itemUuid: skill.uuid }, choice);
}
