/**
 * The Foundry stand-in (stub-scene.ts) in a world whose ruleset is Tales, with Tales characters, the
 * combat classes installed, and d6 rolls kept as dice terms (stub-dice.ts: `queueFaces` queues them). Like the stand-in it extends, it implements only what the bundle calls.
 */
import { installTermDice } from "./stub-dice";
import { loadAttackBundle, type AttackWorld } from "./stub-scene";

const g = globalThis as any;

export interface TalesCombatWorld extends AttackWorld {
  /** A Tales character with these system values and items, owned by `owner`. */
  character(name: string, system?: any, items?: any[], owner?: string): any;
  /** Render a card for the current user and press its button (`selector`); false when hidden or absent. */
  press(message: any, selector: string): Promise<boolean>;
}

/** Let queued promises (a hook's or a clicked button's handler) run. */
export const flush = async (rounds = 10) => {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** Actors fire their update hooks as Foundry's do on every client (here: the one running). */
function fireUpdateHooks() {
  const update = g.Actor.prototype.update;
  g.Actor.prototype.update = async function (this: any, data: any, options: any = {}) {
    await update.call(this, data, options);
    g.Hooks.callAll("updateActor", this, g.foundry.utils.expandObject(data), options, g.game.user.id);
    return this;
  };
}

export async function loadTalesCombatWorld(): Promise<TalesCombatWorld> {
  const world = (await loadAttackBundle({
    combat: true,
    stored: { "polyverse.ruleset": "tales" },
  })) as TalesCombatWorld;
  fireUpdateHooks();
  // Tales's rolls (the attack's die, the defence die) are d6 terms joined into one roll.
  world.queueFaces = installTermDice(6, () => 1 + Math.floor(Math.random() * 6));
  world.character = (name, system = {}, items = [], owner) =>
    world.actor({ name, type: "tales-character", system, items }, owner);
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
