/**
 * The Foundry stand-in (stub-scene.ts) in a world whose ruleset is Xero Sum, with the combat classes
 * installed, actors that fire `updateActor` after an update, as Foundry does on the client that made
 * it, and d6 rolls kept as dice terms (stub-dice.ts: `queueFaces` queues one array per `Nd6` rolled: a
 * check's dice, then a table's 2d6, a d6 or d3, in the order the action rolls them). Like the
 * stand-in it extends, it implements only what the bundle calls.
 */
import { installTermDice } from "./stub-dice";
import { loadAttackBundle, type AttackWorld } from "./stub-scene";

const g = globalThis as any;

export interface XeroSumWorld extends AttackWorld {
  /** A Xero Sum character with these system values and items, owned by `owner`. */
  character(name: string, system?: any, items?: any[], owner?: string): any;
  /** A Xero Sum NPC (the GM's). */
  npc(name: string, system?: any, items?: any[]): any;
  /** Render a card for the current user and press its button (`selector`); false when hidden or absent. */
  press(message: any, selector: string): Promise<boolean>;
}

/** Let queued promises (a hook's or a clicked button's handler) run. */
export const flush = async (rounds = 10) => {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

export async function loadXeroSumWorld(): Promise<XeroSumWorld> {
  const world = (await loadAttackBundle({
    combat: true,
    stored: { "polyverse.ruleset": "xero-sum" },
  })) as XeroSumWorld;
  // Every d6 group (the checks' dice terms, the tables' 2d6, a d6, a d3) from one queue.
  world.queueFaces = installTermDice(6, () => 1 + Math.floor(Math.random() * 6));
  const update = g.Actor.prototype.update;
  g.Actor.prototype.update = async function (this: any, data: any, options: any = {}) {
    await update.call(this, data, options);
    g.Hooks.callAll("updateActor", this, g.foundry.utils.expandObject(data), options, g.game.user.id);
    return this;
  };
  world.character = (name, system = {}, items = [], owner) =>
    world.actor({ name, type: "xero-sum-character", system, items }, owner);
  world.npc = (name, system = {}, items = []) => world.actor({ name, type: "xero-sum-npc", system, items });
  world.press = async (message, selector) => {
    const html = world.render(message);
    const button = html.querySelector<HTMLButtonElement>(selector);
    if (!button || button.hidden) return false;
    button.click();
    await flush();
    return true;
  };
  return world;
}
