/**
 * The Foundry stand-in (stub-scene.ts) in a world whose ruleset is Virtually Real, with the combat
 * classes installed: d6 pools whose faces a test queues (stub-dice.ts), characters and NPCs with skill
 * and weapon items, a combat of them, the skip-dialog key, a card's button pressed (with Shift held, so
 * a check it rolls skips its dialog), and the other clients told of what changed. Like the stand-in it
 * extends, it implements only what the bundle calls.
 */
import { deliverUserUpdates } from "./foundry-stub";
import { flush, installTermDice } from "./stub-dice";
import { loadAttackBundle, type AttackWorld } from "./stub-scene";

const g = globalThis as any;

export { flush };

export interface VirtuallyRealCombatWorld extends AttackWorld {
  /** Faces the next d6 pools show, one array per pool rolled, in order. */
  queueD6(...groups: number[][]): void;
  /** A Virtually Real character (or `type` NPC) with these system values and items, owned by `owner`. */
  character(name: string, system?: any, items?: any[], owner?: string, type?: string): any;
  /** A combat of these actors (combatant ids `cb` + the actor's name), the viewed one. */
  fight(actors: any[], id?: string): any;
  /** Render a card for the current user and press its button with Shift held; false when hidden or absent. */
  press(message: any, selector: string): Promise<boolean>;
  /** Deliver what every client has changed to the others (the relay, new and changed cards). */
  deliver(): Promise<void>;
  /** Set a Virtually Real world setting. */
  setting(name: string, value: unknown): Promise<void>;
}

/** A skill item's source (`_id` 16 characters from `id`). */
export const skill = (id: string, name: string, system: Record<string, unknown>) => ({
  _id: id.padEnd(16, "0").slice(0, 16),
  name,
  type: "virtually-real-skill",
  system,
});

/** An equipment item's source. */
export const equipment = (id: string, name: string, system: Record<string, unknown>) => ({
  _id: id.padEnd(16, "0").slice(0, 16),
  name,
  type: "virtually-real-equipment",
  system,
});

export async function loadVirtuallyRealCombatWorld(): Promise<VirtuallyRealCombatWorld> {
  const world = (await loadAttackBundle({
    combat: true,
    stored: { "polyverse.ruleset": "virtually-real" },
  })) as VirtuallyRealCombatWorld;
  world.queueD6 = installTermDice(6, () => 1 + Math.floor(Math.random() * 6));
  g.game.keybindings = {
    actions: new Map([["polyverse.skipRollDialog", {}]]),
    get: () => [{ key: "ShiftLeft" }, { key: "ShiftRight" }],
  };
  world.character = (name, system = {}, items = [], owner, type = "virtually-real-character") =>
    world.actor({ name, type, system, items }, owner);
  world.fight = (actors, id = "combatVR00000001") => {
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
    button.dispatchEvent(new MouseEvent("click", { shiftKey: true, bubbles: true, cancelable: true }));
    await flush();
    return true;
  };
  world.deliver = () => deliverUserUpdates(world.recorder, g.game.users);
  world.setting = async (name, value) => {
    await g.game.settings.set("polyverse", `virtually-real.${name}`, value);
  };
  return world;
}
