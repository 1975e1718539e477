/**
 * The Foundry stand-in (stub-scene.ts) with what Virtually Real's checks call besides: d6 rolls whose
 * faces a test queues, one array per pool rolled (stub-dice.ts: a check's pool, kept high or low, each
 * explosion die, a mulligan's re-roll, an opponent's pool), and Virtually Real characters with skill
 * items. Like the stand-in it extends, it implements only what the bundle calls.
 */
import { flush, installTermDice, pressButton } from "./stub-dice";
import { loadAttackBundle, type AttackWorld } from "./stub-scene";

export interface VirtuallyRealRollsWorld extends AttackWorld {
  /** Faces the next d6 pools show, one array per `Nd6` rolled, in order. */
  queueD6(...groups: number[][]): void;
  /** A Virtually Real character with these system values and items, owned by `owner`. */
  character(name: string, system?: any, items?: any[], owner?: string): any;
  /** Render a card for the current user and press its button (`selector`); false when hidden or absent. */
  press(message: any, selector: string): Promise<boolean>;
}

export { flush };

/** A skill item's source (`_id` from its name). */
export const skillItem = (name: string, system: Record<string, unknown>, id?: string) => ({
  _id: id ?? `${name.replace(/[^A-Za-z]/g, "").toLowerCase()}0000000000000000`.slice(0, 16),
  name,
  type: "virtually-real-skill",
  system,
});

export async function loadVirtuallyRealRollsWorld(
  options: Parameters<typeof loadAttackBundle>[0] = {},
): Promise<VirtuallyRealRollsWorld> {
  const world = (await loadAttackBundle(options)) as VirtuallyRealRollsWorld;
  world.queueD6 = installTermDice(6, () => 1 + Math.floor(Math.random() * 6));
  world.character = (name, system = {}, items = [], owner) =>
    world.actor({ name, type: "virtually-real-character", system, items }, owner);
  world.press = (message, selector) => pressButton(world, message, selector);
  return world;
}
