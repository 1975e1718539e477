/**
 * The Tales combat world (tales-combat-world.ts) whose actors also fire `preUpdateActor` before an
 * update, as Foundry does on the updating client, with the changes expanded: a hook may add to them
 * (the instability a K/O brings, documents/instability.ts). Only what the bundle calls.
 */
import { loadTalesCombatWorld, type TalesCombatWorld } from "./tales-combat-world";

const g = globalThis as any;

export { flush } from "./tales-combat-world";

export async function loadTalesCareWorld(): Promise<TalesCombatWorld> {
  const world = await loadTalesCombatWorld();
  const update = g.Actor.prototype.update;
  g.Actor.prototype.update = async function (this: any, data: any, options: any = {}) {
    const changes = g.foundry.utils.expandObject(data);
    if (g.Hooks.call("preUpdateActor", this, changes, options, g.game.user.id) === false) return this;
    return update.call(this, changes, options);
  };
  return world;
}
