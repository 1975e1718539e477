/**
 * The Foundry stand-in (stub-scene.ts) with what Maelstrom's rolls call besides: d10 rolls whose faces
 * a test queues (stub-dice.ts: one array per term rolled: the pool, then each wave of bonus dice, the
 * experience die), and Maelstrom characters. Like the stand-in it extends,
 * it implements only what the bundle calls, as Foundry's public API documents it.
 */
import { flush, installTermDice, pressButton } from "./stub-dice";
import { loadAttackBundle, type AttackWorld } from "./stub-scene";

export interface MaelstromWorld extends AttackWorld {
  /** Faces the next d10 rolls show, one array per `Nd10` rolled, in order. */
  queueD10(...waves: number[][]): void;
  /** A Maelstrom character with these system values and items, owned by `owner`. */
  character(name: string, system?: any, items?: any[], owner?: string): any;
  /** Render a card for the current user and press its button (`selector`); false when hidden or absent. */
  press(message: any, selector: string): Promise<boolean>;
}

export { flush };

export async function loadMaelstromWorld(
  options: Parameters<typeof loadAttackBundle>[0] = {},
): Promise<MaelstromWorld> {
  const world = (await loadAttackBundle(options)) as MaelstromWorld;
  world.queueD10 = installTermDice(10, () => 2 + Math.floor(Math.random() * 8));
  world.character = (name, system = {}, items = [], owner) =>
    world.actor({ name, type: "maelstrom-character", system, items }, owner);
  world.press = (message, selector) => pressButton(world, message, selector);
  return world;
}
