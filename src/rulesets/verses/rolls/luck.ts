/**
 * Uncanny Luck on a pool card: "When any dice pool is rolled, the actor may re-roll a number of
 * resulting 1s equal to the number of allocated dice one time, using whatever value results from the
 * re-roll." The card of a test rolled by an actor with the ability offers *Uncanny Luck: re-roll* to
 * the user who rolled it while it shows 1s; the re-roll is kept in the roll's options (`luck`) and
 * the message's rolls are saved again, so the card shows the new faces after a reload too. When the
 * re-roll makes the test a success with SM 4 or more, Adrenaline Rush unbinds its EX then.
 */
import { registerChatAction } from "../../../core/chat";
import { applyChanges } from "../../../core/changes";
import { showDice } from "../../../core/rolls/post";
import { livingSystem as versesLiving } from "../data/systems";
import { adStateOf } from "../base/ad-logic";
import { adrenalineChange, adrenalineRushAfter, luckRerollable, rerolledLuck } from "../base/ability-logic";
import { VersesRoll } from "./verses-roll";

type Message = ChatMessage.Implementation;
type AnyActor = Actor.Implementation;

/** The pool roll a card shows, when it is one. */
function poolRollOf(message: Message): VersesRoll | null {
  const roll = (message.rolls as unknown[])[0];
  return roll instanceof VersesRoll ? roll : null;
}

/** The roll's actor, when it still exists. */
async function rollActor(roll: VersesRoll): Promise<AnyActor | null> {
  const uuid = roll.options.actorUuid;
  if (!uuid) return null;
  return ((await fromUuid(uuid)) as AnyActor | null) ?? null;
}

/**
 * Re-roll the 1s Uncanny Luck allows on a pool card (the first `allocated` of them), once. Returns
 * the new faces of the re-rolled dice, or null (with a warning) when the card offers no re-roll.
 */
export async function uncannyLuckReroll(message: Message): Promise<number[] | null> {
  const roll = poolRollOf(message);
  const indices = roll ? luckRerollable(roll.rolledFaces, roll.options) : [];
  if (!roll || !indices.length) {
    ui.notifications?.warn(game.i18n!.localize("POLYVERSE.Verses.Luck.Nothing"));
    return null;
  }
  const reroll = new VersesRoll(`${indices.length}d6`, {}, {} as never);
  await reroll.evaluate();
  await showDice(reroll);
  const newFaces = reroll.rolledFaces;
  const luck = rerolledLuck(roll.rolledFaces, roll.options, newFaces);
  if (!luck) return null;
  const before = roll.faces;
  roll.options.luck = luck;
  // Adrenaline Rush "immediately after any successful test": the re-rolled test may now qualify.
  if (!roll.options.adrenalineRush) {
    const actor = await rollActor(roll);
    if (actor?.isOwner) {
      const system = versesLiving(actor);
      const state = adStateOf(system);
      const wasDue = adrenalineRushAfter(before, roll.options.target, system.abilities, state);
      const rush = wasDue
        ? null
        : adrenalineRushAfter(roll.faces, roll.options.target, system.abilities, state);
      const change = adrenalineChange({ uuid: actor.uuid, name: actor.name ?? "" }, state, rush);
      if (rush && change) {
        roll.options.adrenalineRush = rush.unbound;
        await applyChanges([change]);
      }
    }
  }
  await message.update({
    rolls: (message.rolls as unknown[]).map((r) => JSON.stringify((r as VersesRoll).toJSON())),
  } as never);
  return newFaces;
}

/** The card's *Uncanny Luck: re-roll* button: the user who rolled (or the GM). Call once at init. */
export function registerLuckChatAction(): void {
  registerChatAction("verses.uncannyLuck", {
    permission: (message, user) => message.author?.id === user.id,
    handler: (message) => uncannyLuckReroll(message),
  });
}
