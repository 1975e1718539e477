// The built bundle on Foundry v14's shapes (stub-v14.ts; docs/foundry-v14.md lists each change
// with its source), in a Maelstrom world: the status effects registry by id, rolls posted with v14's
// message modes, and the GM relay clearing requests and replies with ForcedDeletion. The other
// integration tests run the same flows on v13's shapes.
import { beforeAll, describe, expect, it } from "vitest";
import { deliverUserUpdates } from "./foundry-stub";
import { loadMaelstromWorld, type MaelstromWorld } from "./maelstrom-world";
import { installV14Shapes, requireV14Deletions } from "./stub-v14";

const g = globalThis as any;
let world: MaelstromWorld;
let actions: any;
let gm: any;
let player: any;
/** The visibility each roll was posted with (Roll#toMessage's option), in order. */
const posted: string[] = [];

const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};

/** Actors and items fire their update hooks on this client, as Foundry's do. */
function fireUpdateHooks() {
  for (const [Doc, hook] of [
    [g.Actor, "updateActor"],
    [g.Item, "updateItem"],
  ] as const) {
    const update = Doc.prototype.update;
    Doc.prototype.update = async function (this: any, data: any, options: any = {}) {
      await update.call(this, data, options);
      g.Hooks.callAll(hook, this, g.foundry.utils.expandObject(data), options, g.game.user.id);
      return this;
    };
  }
}

const system = (wp = 5, xp = 4) => ({
  attributes: { strength: 2, precision: 3, reflexes: 2, perception: 2, intelligence: 2, wits: 2 },
  abilities: { firearms: 2 },
  willpower: { max: 5, value: wp },
  xp: { total: 30, available: xp, spent: 26 },
});

beforeAll(async () => {
  world = await loadMaelstromWorld({
    combat: true,
    stored: { "polyverse.ruleset": "maelstrom" },
    beforeImport: (recorder) => installV14Shapes(recorder, "gm"),
  });
  actions = g.game.polyverse.rulesets.maelstrom.actions;
  gm = world.users.gm;
  player = world.users.player;
  requireV14Deletions([gm, player]);
  fireUpdateHooks();
  const toMessage = g.foundry.dice.Roll.prototype.toMessage;
  g.foundry.dice.Roll.prototype.toMessage = function (this: any, data: any, options: any = {}) {
    posted.push(options.rollMode);
    return toMessage.call(this, data, options);
  };
});

describe("status effects in v14's registry by id", () => {
  it("offers Maelstrom's status effects by id, localised at setup", () => {
    expect(Array.isArray(g.CONFIG.statusEffects)).toBe(false);
    expect(Object.keys(g.CONFIG.statusEffects)).toEqual([
      "incapacitated",
      "dead",
      "brokenWill",
      "ignoringWounds",
      "phobia",
      "groggy",
    ]);
    expect(g.CONFIG.statusEffects.incapacitated.description).toMatch(/unconscious/);
  });

  it("the GM's client keeps an actor's statuses in step with its data, reading the registry", async () => {
    const hero = world.character("Hero", system());
    world.as(gm);
    await hero.update({ "system.willpower.value": 0 });
    await settle();
    expect(hero.statuses.has("brokenWill")).toBe(true);
    await hero.update({ "system.willpower.rallied": true });
    await settle();
    expect(hero.statuses.has("brokenWill")).toBe(false);
  });
});

describe("rolls with v14's message modes", () => {
  it("posts with the user's core.messageMode, and a mode asked for by its v13 name under its v14 name", async () => {
    const ada = world.character("Ada", system(), [], player.id);
    world.as(player);
    posted.length = 0;
    world.queueD10([6, 6, 2, 2, 2], [6, 6, 2, 2, 2], [6, 6, 2, 2, 2]);
    await actions.rollTraits(ada, { attribute: "precision", ability: "firearms", skipDialog: true });
    await actions.rollTraits(ada, {
      attribute: "precision",
      ability: "firearms",
      skipDialog: true,
      rollMode: "blindroll",
    });
    await actions.rollTraits(ada, {
      attribute: "precision",
      ability: "firearms",
      skipDialog: true,
      rollMode: "self",
    });
    expect(posted).toEqual(["gm", "blind", "self"]);
  });
});

describe("the GM relay with ForcedDeletion", () => {
  it("carries out a request once, then clears the request and the reply with the v14 operator", async () => {
    const ada = world.character("Bea", system(), [], player.id);
    world.as(player);
    world.queueD10([6, 6, 2, 2, 2]);
    const done = await actions.rollTraits(ada, {
      attribute: "precision",
      ability: "firearms",
      skipDialog: true,
    });
    await world.socketToGM();
    world.queueD10([8]);
    world.as(player);
    const rid = "v14req0000000001";
    await player.update({
      [`flags.polyverse.relay.${rid}`]: {
        type: "maelstrom.rollCardOp",
        payload: { messageId: done.message.id, op: "experience", trait: "abilities.firearms" },
      },
    });
    await deliverUserUpdates(world.recorder, [gm, player]);
    expect(ada.system.xp.available).toBe(3);
    expect(done.message.system.card.experience).toEqual({ trait: "abilities.firearms", faces: [8] });
    expect(Object.keys(player.flags.polyverse?.relay ?? {})).toEqual([]);
    expect(Object.keys(player.flags.polyverse?.relayReply ?? {})).toEqual([]);
  });
});
