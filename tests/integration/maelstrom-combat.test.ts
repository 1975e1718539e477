// Maelstrom combat against the built bundle, in a world whose ruleset is Maelstrom: the status
// effects and combat classes follow the setting; statuses follow each actor's data (written by the
// active GM only); the turn hook; the attack card's whole flow (attack, damage, soak, apply, undo).
import { beforeAll, describe, expect, it } from "vitest";
import { loadAttackBundle, type AttackWorld } from "./stub-scene";

const g = globalThis as any;
let world: AttackWorld;

/** Let the hooks' promises settle. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};

/** Actors and items fire their update hooks as Foundry's do on every client (here: the one running). */
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

export const character = (name: string, system: any = {}, items: any[] = []) => ({
  name,
  type: "maelstrom-character",
  system,
  items,
});

beforeAll(async () => {
  world = await loadAttackBundle({ combat: true, stored: { "polyverse.ruleset": "maelstrom" } });
  fireUpdateHooks();
});

describe("a Maelstrom world", () => {
  it("offers Maelstrom's status effects, Dead as the defeated status, and its combat classes", () => {
    expect(g.CONFIG.statusEffects.map((s: any) => s.id)).toEqual([
      "incapacitated",
      "dead",
      "brokenWill",
      "ignoringWounds",
      "phobia",
      "groggy",
    ]);
    expect(g.CONFIG.statusEffects.every((s: any) => s.img.startsWith("icons/svg/"))).toBe(true);
    // Localised at setup.
    expect(g.CONFIG.statusEffects[0].description).toMatch(/unconscious/);
    expect(g.CONFIG.specialStatusEffects.DEFEATED).toBe("dead");
    expect(g.CONFIG.Combat.documentClass.name).toBe("MaelstromCombat");
    expect(g.CONFIG.Combatant.documentClass.name).toBe("MaelstromCombatant");
  });

  it("rolls turn order with the initiative setting's formula", async () => {
    const Combatant = g.CONFIG.Combatant.documentClass;
    const c = new Combatant({ _id: "cb00000000000001", actorId: "x" });
    expect(c._getInitiativeFormula()).toBe("1d10 + @attributes.reflexes + @attributes.wits");
    await g.game.settings.set("polyverse", "maelstrom.initiative", "reflexes");
    expect(c._getInitiativeFormula()).toBe("1d10 + @attributes.reflexes");
    await g.game.settings.set("polyverse", "maelstrom.initiative", "reflexesWits");
  });
});

describe("statuses follow the data (the active GM's client writes them)", () => {
  it("incapacitated when the bottom box is marked, dead with fatal damage (and defeated in the combat)", async () => {
    const hero = world.actor(character("Hero"), world.users.player.id);
    const Combat = g.CONFIG.Combat.documentClass;
    const combat = new Combat({
      _id: "combat0000000002",
      combatants: [{ _id: "cb00000000000002", name: "Hero", actorId: hero.id }],
    });
    g.game.combats = [combat];
    world.as(world.users.gm);
    await hero.update({ "system.health.lethal": 8 });
    await settle();
    expect([...hero.statuses]).toEqual(["incapacitated"]);
    await hero.update({ "system.health.dead": true });
    await settle();
    expect(hero.statuses.has("dead")).toBe(true);
    expect(combat.combatants.get("cb00000000000002").defeated).toBe(true);
    await hero.update({ "system.health": { lethal: 0, dead: false } });
    await settle();
    expect(hero.statuses.size).toBe(0);
    g.game.combats = undefined;
  });

  it("a player's client never writes them (the GM's does, once)", async () => {
    const hero = world.actor(character("Quiet"), world.users.player.id);
    world.as(world.users.player);
    await hero.update({ "system.willpower.value": 0 });
    await settle();
    expect(hero.statuses.has("brokenWill")).toBe(false);
    world.as(world.users.gm);
    await hero.update({ "system.willpower.value": 0 });
    await settle();
    expect(hero.statuses.has("brokenWill")).toBe(true);
    await hero.update({ "system.willpower.rallied": true });
    await settle();
    expect(hero.statuses.has("brokenWill")).toBe(false);
  });

  it("a status the GM set by hand stays until the data it mirrors changes", async () => {
    const hero = world.actor(character("Stubborn"));
    await hero.toggleStatusEffect("dead", { active: true });
    await hero.update({ "system.willpower.value": 2 });
    await settle();
    expect(hero.statuses.has("dead")).toBe(true);
  });

  it("facing a phobia and groggy follow the flaws in force", async () => {
    const hero = world.actor(
      character("Scared", {}, [
        { name: "Phobia (spiders)", type: "maelstrom-flaw", system: { key: "phobia", points: 2 } },
        { name: "Deep Sleeper", type: "maelstrom-flaw", system: { key: "deepSleeper", points: 1 } },
      ]),
    );
    const [phobia, sleeper] = hero.items;
    await phobia.update({ "system.active": true });
    await settle();
    expect([...hero.statuses]).toEqual(["phobia"]);
    await sleeper.update({ "system.active": true });
    await phobia.update({ "system.active": false });
    await settle();
    expect([...hero.statuses]).toEqual(["groggy"]);
  });

  it("ignoring wounds shows while the spend is pending, and lapses at the actor's next turn", async () => {
    const hero = world.actor(character("Tough"));
    const other = world.actor(character("Other"));
    const Combat = g.CONFIG.Combat.documentClass;
    const combat = new Combat({
      _id: "combat0000000003",
      combatants: [
        { _id: "cb00000000000003", name: "Tough", actorId: hero.id, initiative: 12 },
        { _id: "cb00000000000004", name: "Other", actorId: other.id, initiative: 8 },
      ],
    });
    g.game.combat = combat;
    await combat.startCombat();
    await hero.update({
      "system.combat": { ignoreWounds: true, ignoreWoundsRound: "combat0000000003:1" },
    });
    await settle();
    expect(hero.statuses.has("ignoringWounds")).toBe(true);
    await combat.nextTurn(); // Other's turn, round 1: nothing lapses.
    await settle();
    expect(hero.system.combat.ignoreWounds).toBe(true);
    await combat.nextTurn(); // Round 2, Tough's turn: last round's spend lapses.
    await settle();
    expect(hero.system.combat.ignoreWounds).toBe(false);
    expect(hero.statuses.has("ignoringWounds")).toBe(false);
    g.game.combat = null;
  });
});
