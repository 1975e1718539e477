/**
 * The Foundry stand-in (stub-scene.ts) with what Xero Sum's checks call besides: d6 rolls whose faces
 * a test queues, one array per group of dice rolled (stub-dice.ts: a check's two or three dice, the
 * fresh dice of an Insight replacement, an opponent's dice), and Xero Sum characters and NPCs. Like
 * the stand-in it extends, it implements only what the bundle calls.
 */
import { flush, installTermDice, pressButton } from "./stub-dice";
import { loadAttackBundle, type AttackWorld } from "./stub-scene";

export interface XeroSumRollsWorld extends AttackWorld {
  /** Faces the next d6 groups show, one array per `Nd6` rolled, in order. */
  queueD6(...groups: number[][]): void;
  /** A Xero Sum character with these system values and items, owned by `owner`. */
  character(name: string, system?: any, items?: any[], owner?: string): any;
  /** A Xero Sum NPC (attributes up to +5). */
  npc(name: string, system?: any, owner?: string): any;
  /** Render a card for the current user and press its button (`selector`); false when hidden or absent. */
  press(message: any, selector: string): Promise<boolean>;
}

export { flush };

export async function loadXeroSumRollsWorld(
  options: Parameters<typeof loadAttackBundle>[0] = {},
): Promise<XeroSumRollsWorld> {
  const world = (await loadAttackBundle(options)) as XeroSumRollsWorld;
  world.queueD6 = installTermDice(6, () => 1 + Math.floor(Math.random() * 6));
  world.character = (name, system = {}, items = [], owner) =>
    world.actor({ name, type: "xero-sum-character", system, items }, owner);
  world.npc = (name, system = {}, owner) =>
    world.actor({ name, type: "xero-sum-npc", system, items: [] }, owner);
  world.press = (message, selector) => pressButton(world, message, selector);
  return world;
}
