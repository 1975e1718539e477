/**
 * The Foundry stand-in (stub-scene.ts) in a world whose ruleset is Virtually Real, for the documents
 * glue's tests: actors that fire `updateActor` after an update and items `updateItem`, as Foundry does
 * on the client that made it; Active Effects for statuses created and deleted with their hooks (a
 * status set on a token); the dialogs answered by the test; each check's pool rolled as one d6 term
 * with the faces the test queues (stub-dice.ts). Like the stand-in it extends, it
 * implements only what the bundle calls.
 */
import { installTermDice } from "./stub-dice";
import { loadAttackBundle, type AttackWorld } from "./stub-scene";

const g = globalThis as any;

export interface PlayWorld extends AttackWorld {
  /** A Virtually Real character with these system values and items, owned by `owner`. */
  character(name: string, system?: any, items?: any[], owner?: string): any;
  /** A Virtually Real NPC (the GM's). */
  npc(name: string, system?: any, items?: any[]): any;
  /** The next dialog (`DialogV2.wait`) answers with what `answer` returns from its content and buttons. */
  answerDialog(answer: (options: any) => unknown): void;
  /** Render a card for the current user and press its button (`selector`); false when hidden or absent. */
  press(message: any, selector: string): Promise<boolean>;
  /** Set (or clear) a status on an actor's token as its user would: the effect and its hooks. */
  tokenStatus(actor: any, id: string, active: boolean): Promise<boolean>;
}

/** Let queued promises (a hook's or a clicked button's handler) run. */
export const flush = async (rounds = 10) => {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** A skill item's data. */
export const skill = (id: string, name: string, system: Record<string, unknown> = {}, flags: any = {}) => ({
  _id: id,
  name,
  type: "virtually-real-skill",
  system: { capacity: 2, xp: 10, attribute: "agility", ...system },
  flags,
});

export async function loadPlayWorld(): Promise<PlayWorld> {
  const world = (await loadAttackBundle({ stored: { "polyverse.ruleset": "virtually-real" } })) as PlayWorld;
  // Every check's pool (kept high or low) as one d6 term, from one queue.
  world.queueFaces = installTermDice(6, () => 1 + Math.floor(Math.random() * 6));
  const update = g.Actor.prototype.update;
  g.Actor.prototype.update = async function (this: any, data: any, options: any = {}) {
    await update.call(this, data, options);
    g.Hooks.callAll("updateActor", this, g.foundry.utils.expandObject(data), options, g.game.user.id);
    return this;
  };
  // Statuses as Foundry keeps them: an Active Effect per status, created and deleted with its hooks.
  g.Actor.prototype.toggleStatusEffect = async function (this: any, id: string, { active }: any = {}) {
    const on = active ?? !this.statuses.has(id);
    const effect = {
      documentName: "ActiveEffect",
      parent: this,
      statuses: new Set([id]),
      id: `effect-${id}`,
    };
    if (on === this.statuses.has(id)) return on ? effect : false;
    if (on) {
      if (g.Hooks.call("preCreateActiveEffect", effect, {}, {}, g.game.user.id) === false) return undefined;
      this.statuses.add(id);
    } else this.statuses.delete(id);
    g.Hooks.callAll(on ? "createActiveEffect" : "deleteActiveEffect", effect, {}, g.game.user.id);
    return on ? effect : false;
  };
  world.tokenStatus = async (actor, id, active) => {
    const done = await actor.toggleStatusEffect(id, { active });
    await flush();
    return done !== undefined;
  };
  world.character = (name, system = {}, items = [], owner) =>
    world.actor({ name, type: "virtually-real-character", system, items }, owner);
  world.npc = (name, system = {}, items = []) =>
    world.actor({ name, type: "virtually-real-npc", system, items });
  const answers: ((options: any) => unknown)[] = [];
  world.answerDialog = (answer) => void answers.push(answer);
  g.foundry.applications.api.DialogV2.wait = async (options: any) => {
    const answer = answers.shift();
    if (!answer) throw new Error("A dialog opened that the test did not expect");
    return answer(options);
  };
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

/**
 * Answer a dialog as its form would submit: render `options.content` into a form, let `fill` change
 * it, then run the default button's callback with that form.
 */
export function submit(fill: (form: HTMLFormElement) => void = () => {}) {
  return (options: any) => {
    const form = document.createElement("form");
    form.innerHTML = options.content;
    fill(form);
    const button = document.createElement("button");
    form.append(button);
    const chosen = options.buttons.find((b: any) => b.default) ?? options.buttons[0];
    return chosen.callback(new Event("click"), button, {});
  };
}
