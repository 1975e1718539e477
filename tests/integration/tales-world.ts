/**
 * The Foundry stand-in (stub-scene.ts) with what Tales's rolls call besides: d6 rolls whose faces a
 * test queues, one array per group of dice rolled (stub-dice.ts: the player's dice, then the
 * difficulty dice, the opponent's die, the gating dice; a re-roll, an Edge die, the opponent's roll),
 * and Tales characters. Like the stand-in it extends, it implements only what the bundle calls.
 */
import { flush, installTermDice, pressButton } from "./stub-dice";
import { loadAttackBundle, type AttackWorld } from "./stub-scene";

export interface TalesWorld extends AttackWorld {
  /** Faces the next d6 groups show, one array per `Nd6` rolled, in order. */
  queueD6(...groups: number[][]): void;
  /** A Tales character with these system values and items, owned by `owner`. */
  character(name: string, system?: any, items?: any[], owner?: string): any;
  /** Render a card for the current user and press its button (`selector`); false when hidden or absent. */
  press(message: any, selector: string): Promise<boolean>;
}

export { flush };

export async function loadTalesWorld(
  options: Parameters<typeof loadAttackBundle>[0] = {},
): Promise<TalesWorld> {
  const world = (await loadAttackBundle(options)) as TalesWorld;
  world.queueD6 = installTermDice(6, () => 1 + Math.floor(Math.random() * 6));
  world.character = (name, system = {}, items = [], owner) =>
    world.actor({ name, type: "tales-character", system, items }, owner);
  world.press = (message, selector) => pressButton(world, message, selector);
  return world;
}
