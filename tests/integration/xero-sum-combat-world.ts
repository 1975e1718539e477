/**
 * The Foundry stand-in (stub-scene.ts) in a world whose ruleset is Xero Sum, with the combat classes
 * installed: characters and NPCs with weapons, a combat of them, and a press on a card's button. Like
 * the stand-in it extends, it implements only what the bundle calls.
 */
import { installTermDice } from "./stub-dice";
import { loadAttackBundle, type AttackWorld } from "./stub-scene";

const g = globalThis as any;

export interface XeroSumCombatWorld extends AttackWorld {
  /** A Xero Sum character (or `type` NPC) with these system values and items, owned by `owner`. */
  character(name: string, system?: any, items?: any[], owner?: string, type?: string): any;
  /** A combat of these actors (combatant ids `cb` + the actor's name), the viewed one. */
  fight(actors: any[], id?: string): any;
  /** Render a card for the current user and press its button (`selector`); false when hidden or absent. */
  press(message: any, selector: string): Promise<boolean>;
  /** Set a Xero Sum world setting. */
  setting(name: string, value: unknown): Promise<void>;
}

/** Let queued promises (a hook's or a clicked button's handler) run. */
export const flush = async (rounds = 10) => {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** A weapon item as the packs give it (Table 17's Machete, Table 18's rifle, ...). */
export const weapon = (name: string, system: Record<string, unknown>) => ({
  name,
  type: "xero-sum-weapon",
  system: { condition: "used", equipped: true, ...system },
});

/** Actors fire their update hooks as Foundry's do on every client (here: the one running). */
function fireUpdateHooks() {
  const update = g.Actor.prototype.update;
  g.Actor.prototype.update = async function (this: any, data: any, options: any = {}) {
    await update.call(this, data, options);
    g.Hooks.callAll("updateActor", this, g.foundry.utils.expandObject(data), options, g.game.user.id);
    return this;
  };
}

export async function loadXeroSumCombatWorld(): Promise<XeroSumCombatWorld> {
  const world = (await loadAttackBundle({
    combat: true,
    stored: { "polyverse.ruleset": "xero-sum" },
  })) as XeroSumCombatWorld;
  fireUpdateHooks();
  // Every d6 group (attacks, damage, initiative, and the checks' dice terms) from one queue.
  world.queueFaces = installTermDice(6, () => 1 + Math.floor(Math.random() * 6));
  world.character = (name, system = {}, items = [], owner, type = "xero-sum-character") =>
    world.actor({ name, type, system, items }, owner);
  world.fight = (actors, id = "combatXS00000001") => {
    const Combat = g.CONFIG.Combat.documentClass;
    const combat = new Combat({
      _id: id,
      combatants: actors.map((a) => ({
        _id: `cb${a.name.replace(/\W/g, "")}`.padEnd(16, "0").slice(0, 16),
        name: a.name,
        actorId: a.id,
      })),
    });
    g.game.combat = combat;
    g.game.combats = [combat];
    return combat;
  };
  world.press = async (message, selector) => {
    const html = world.render(message);
    const button = html.querySelector<HTMLButtonElement>(selector);
    if (!button || button.hidden) return false;
    button.click();
    await flush();
    return true;
  };
  world.setting = async (name, value) => {
    await g.game.settings.set("polyverse", `xero-sum.${name}`, value);
  };
  return world;
}
