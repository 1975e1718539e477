/**
 * What a click on a sheet rolls: an attribute test, a skill test or a weapon attack. Each opens
 * the roll dialog first (AD, dice added or removed, success target, optional ability dice, and
 * for attacks the weapon mode, the distance measured to the targeted token and cover), unless the
 * skip-dialog key is held or `choice.skipDialog` is set; then the same defaults roll at once, and
 * a roll the rules refuse (out of range, not enough AD) is refused with a notification. The AD
 * chosen are spent (in Fast Action) and the EX the chosen abilities bind is bound
 * (roll-common.ts, `rollPoolTest`: the steps of core's roll pipeline). The weapon attack and its
 * card are in attack/attack.ts.
 */
import { deletionUpdate } from "../../../core/compat";
import type { AttributeKey } from "../rules";
import { skillSystem } from "../data/systems";
import type { RollChoice } from "../rolls/dialog";
import { refuseForbiddenAction } from "../documents/conditions";
import { combatRound, livingSystem, rollPoolTest } from "../rolls/roll-common";
import { versesFlagDelete, versesFlagPath } from "../base/flags";
import { targetedTokens } from "../rolls/targeting";
import type { WatchRecord } from "../attack/assassination-logic";
import type { VersesRoll } from "../rolls/verses-roll";

export type { RollChoice } from "../rolls/dialog";
export type { LivingSystem } from "../rolls/roll-common";
export { chooseRoll } from "../rolls/roll-common";
export { rollWeapon } from "../attack/foundry";

type AnyActor = Actor.Implementation;
type AnyItem = Item.Implementation;

/** `ATTRIBUTE + #AD -> #S` (an action test such as catching a thrown wrench: PRW). */
export function rollAttribute(actor: AnyActor, attribute: AttributeKey, choice: RollChoice = {}) {
  return rollPoolTest(
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
  const roll = await rollPoolTest(
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
    await actor.update(deletionUpdate({ [versesFlagDelete("watching")]: null }) as never);
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
  await actor.update({ [versesFlagPath("watching")]: record } as never);
}

/** A skill test: the skill's dice down its default chain, `+ #AD -> #S`. */
export function rollSkill(actor: AnyActor, skill: AnyItem, choice: RollChoice = {}) {
  const s = skillSystem(skill);
  const ref = s.spec ? `${s.skill || skill.name} » ${s.spec}` : s.skill || skill.name;
  return rollPoolTest(
    actor,
    { skill: ref },
    { label: skill.name, kind: "test", itemUuid: skill.uuid },
    choice,
  );
}
