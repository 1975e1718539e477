// Maelstrom combat against the built bundle, in a world whose ruleset is Maelstrom: the status
// effects and combat classes follow the setting; statuses follow each actor's data (written by the
// active GM only); the turn hook; the attack card's whole flow (attack, damage, soak, apply, undo).
import { beforeAll, describe, expect, it } from "vitest";
import { loadMaelstromWorld, type MaelstromWorld } from "./maelstrom-world";

const g = globalThis as any;
let world: MaelstromWorld;

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
  world = await loadMaelstromWorld({ combat: true, stored: { "polyverse.ruleset": "maelstrom" } });
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

describe("the attack card's flow, pressed by the GM and by players", () => {
  const rollOf = (faces: number[]) => {
    const roll = new g.foundry.dice.Roll(`${faces.length}d10`);
    roll._faces = faces;
    roll._evaluated = true;
    return roll;
  };
  const api = () => g.game.polyverse.rulesets.maelstrom.actions;

  it("Roll damage, Soak (Strength and worn armour), Apply, the statuses, Undo", async () => {
    world.as(world.users.gm);
    const ada = world.actor(
      character("Ada", { attributes: { strength: 2 } }, [
        {
          name: "Pistol",
          type: "maelstrom-weapon",
          system: { category: "ranged", damage: 3, damageType: "lethal" },
        },
      ]),
      world.users.player.id,
    );
    const brute = world.actor(
      character("Brute", { attributes: { strength: 3 }, health: { lethal: 6 } }, [
        { name: "Vest", type: "maelstrom-armor", system: { bashing: 1, lethal: 2, equipped: true } },
        { name: "Plate", type: "maelstrom-armor", system: { lethal: 4, equipped: false } },
      ]),
    );
    const { hitCard } = await import("../lib/maelstrom-attack-cards");
    const message = await g.ChatMessage.create({
      type: "maelstrom-attack",
      system: {
        card: hitCard({
          attacker: { actorUuid: ada.uuid, name: "Ada", tokenUuid: null },
          weapon: { ...hitCard().weapon, itemUuid: ada.items[0].uuid },
          targets: [{ actorUuid: brute.uuid, tokenUuid: null, name: "Brute", soak: null, applied: null }],
        }),
      },
      speaker: { actor: ada.id },
      rolls: [rollOf([8, 9, 7, 2])],
    });
    // The player sees the experience die (one per trait) and Roll damage (Ada is theirs), but no row
    // button on the GM's Brute.
    world.as(world.users.player);
    let html = world.render(message);
    const shown = (h: HTMLElement) =>
      [...h.querySelectorAll<HTMLButtonElement>("button[data-pv-action]")]
        .filter((b) => !b.hidden)
        .map((b) => b.dataset.pvAction);
    expect(shown(html)).toEqual([
      "maelstrom.attack.experience",
      "maelstrom.attack.experience",
      "maelstrom.attack.damage",
    ]);
    world.as(world.users.gm);
    world.queueD10([6, 7, 10, 3, 1]);
    await api().attackCardOp(message, { op: "damage" });
    expect(message.system.card.damage.levels).toBe(3);
    world.as(world.users.player);
    html = world.render(message);
    // Soak is Brute's owner's (the GM's); Apply is also the attacker's: the player owns Ada.
    expect(shown(html)).toEqual(["maelstrom.attack.apply"]);
    world.as(world.users.gm);
    html = world.render(message);
    expect(shown(html)).toEqual(["maelstrom.attack.soak", "maelstrom.attack.apply"]);
    // Lethal: the vest's rating 2 (the plate is not worn). [6, 2]: one soaked, two taken.
    world.queueD10([6, 2]);
    await api().attackCardOp(message, { op: "soak", index: 0 });
    expect(message.system.card.targets[0].soak).toMatchObject({ pool: 2, net: 1, taken: 2 });
    await api().attackCardOp(message, { op: "apply", index: 0 });
    await settle();
    expect(brute.system.health.lethal).toBe(8);
    expect(brute.statuses.has("incapacitated")).toBe(true);
    expect(message.system.card.targets[0].applied).toMatchObject({
      levels: 2,
      incapacitated: true,
      died: false,
    });
    // Applying twice applies once.
    await api().attackCardOp(message, { op: "apply", index: 0 });
    expect(brute.system.health.lethal).toBe(8);
    await api().attackCardOp(message, { op: "undo", index: 0 });
    await settle();
    expect(brute.system.health.lethal).toBe(6);
    expect(brute.statuses.has("incapacitated")).toBe(false);
    expect(world.missingKeys).toEqual(new Set());
  });

  it("Reload fills magazine and chamber; Rally brings every targeted broken character to one dot", async () => {
    world.as(world.users.gm);
    const sam = world.actor(
      character("Sam", { willpower: { value: 2, max: 3 } }, [
        {
          name: "Rifle",
          type: "maelstrom-weapon",
          system: { category: "ranged", capacity: { magazine: 5, chamber: 1 }, loaded: 2 },
        },
      ]),
      world.users.player.id,
    );
    const broken = world.actor(character("Bo", { willpower: { value: 0, max: 3 } }));
    const fine = world.actor(character("Cy", { willpower: { value: 2, max: 3 } }));
    world.as(world.users.player);
    expect(await api().reload(sam, sam.items[0])).toBe(6);
    expect(sam.items[0].system.loaded).toBe(6);
    expect(await api().reload(sam, sam.items[0])).toBeNull();
    // Bo and Cy are the GM's: the GM carries the rally out.
    expect(await api().rally(sam, { targets: [broken, fine] })).toBe(true);
    await world.socketToGM();
    await settle();
    expect(sam.system.willpower.value).toBe(1);
    expect(broken.system.willpower.value).toBe(1);
    expect(fine.system.willpower.value).toBe(2);
    // Nobody broken now: refused, nothing spent.
    expect(await api().rally(sam, { targets: [broken] })).toBe(true);
    await world.socketToGM();
    expect(sam.system.willpower.value).toBe(1);
  });
});

describe("rollAttack: a Maelstrom roll with a weapon, on core's pipeline", () => {
  const api = () => g.game.polyverse.rulesets.maelstrom.actions;

  it("the player's attack posts the card, fires a round, records the aim; next round Precision", async () => {
    world.as(world.users.gm);
    const ada = world.actor(
      character("Ada", { attributes: { reflexes: 3, precision: 2 }, abilities: { firearms: 2 } }, [
        {
          name: "Pistol",
          type: "maelstrom-weapon",
          system: {
            category: "ranged",
            damage: 3,
            damageType: "lethal",
            capacity: { magazine: 5, chamber: 1 },
            loaded: 2,
          },
        },
      ]),
      world.users.player.id,
    );
    const brute = world.actor(character("Brute"));
    const token = world.token(brute, 2, 0);
    world.combat([ada, brute], 1);
    world.as(world.users.player);
    const pistol = ada.items[0];
    // Reflexes 3 + Firearms 2 at 6 + 1 (the Reflexive Action Penalty): [8, 9, 7, 2, 1] is 3 successes, a botch: 2.
    world.queueD10([8, 9, 7, 2, 1]);
    const message = await api().rollAttack(ada, pistol, { targets: [token], skipDialog: true });
    await world.socketToGM();
    expect(message.type).toBe("maelstrom-attack");
    const card = message.system.card;
    expect(card.attack).toMatchObject({
      attribute: "reflexes",
      ability: "firearms",
      pool: 5,
      difficulty: 7,
      successes: 2,
      exploding: false,
    });
    expect(card.targets).toEqual([
      { actorUuid: brute.uuid, tokenUuid: token.document.uuid, name: "Brute", soak: null, applied: null },
    ]);
    expect(pistol.system.loaded).toBe(1);
    expect(ada.system.combat).toMatchObject({ aimedAt: token.document.id, aimedRound: "combat0000000001:1" });
    // The player's card: Roll damage and Apply go through the GM, who holds it to its ledger entry.
    world.queueD10([6, 6, 2, 2]);
    await api().attackCardOp(message, { op: "damage" });
    await world.socketToGM();
    expect(message.system.card.damage).toMatchObject({ dice: 4, levels: 2 });
    await api().attackCardOp(message, { op: "apply", index: 0 });
    await world.socketToGM();
    expect(brute.system.health.lethal).toBe(2);
    // The next round: aimed last round, Precision is the suggested attribute.
    world.combat([ada, brute], 2);
    world.queueD10([6, 6, 6, 1]);
    const second = await api().rollAttack(ada, pistol, { targets: [token], skipDialog: true });
    expect(second.system.card.attack).toMatchObject({
      attribute: "precision",
      pool: 4,
      difficulty: 6,
      successes: 2,
    });
    expect(pistol.system.loaded).toBe(0);
    // None loaded: refused with a message; Reload fills it.
    world.recorder.notifications.length = 0;
    expect(await api().rollAttack(ada, pistol, { targets: [token], skipDialog: true })).toBeNull();
    expect(world.recorder.notifications.at(-1)?.message).toBe("No round loaded: reload first.");
    expect(await api().reload(ada, pistol)).toBe(6);
    g.game.combat = null;
  });
});

describe("the experience die on the attack card (the GM's client carries it out)", () => {
  const api = () => g.game.polyverse.rulesets.maelstrom.actions;
  const K = "POLYVERSE.Maelstrom.Combat.Attack";
  const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
  const text = (key: string) => String(g.game.i18n.localize(key));
  /** A roll with these faces; `exploding` as a roll with a specialty keeps it in its options. */
  const rollOf = (faces: number[], exploding = false) => {
    const roll = new g.foundry.dice.Roll(`${faces.length}d10`, {}, { exploding });
    roll._faces = faces;
    roll._evaluated = true;
    return roll;
  };
  const shown = (h: HTMLElement) =>
    [...h.querySelectorAll<HTMLButtonElement>(".pv-m-attack-card > .pv-m-buttons button")]
      .filter((b) => !b.hidden)
      .map((b) => b.dataset.trait ?? b.dataset.pvAction);

  /** The player's Ada (Reflexes + Firearms, a pistol, `available` XP) and the GM's Brute. */
  function cast(available = 2) {
    world.as(world.users.gm);
    const ada = world.actor(
      character("Ada", { attributes: { strength: 2 }, xp: { total: 30, available, spent: 0 } }, [
        {
          name: "Pistol",
          type: "maelstrom-weapon",
          system: { category: "ranged", ability: "firearms", damage: 3, damageType: "lethal" },
        },
      ]),
      world.users.player.id,
    );
    const brute = world.actor(character("Brute"));
    return { ada, brute };
  }

  /** The player's attack card (the GM's client records it), from the test cards. */
  async function post(ada: any, brute: any, card: any, roll: any) {
    world.as(world.users.player);
    const message = await g.ChatMessage.create({
      type: "maelstrom-attack",
      system: {
        card: {
          ...card,
          attacker: { actorUuid: ada.uuid, name: "Ada", tokenUuid: null },
          weapon: { ...card.weapon, itemUuid: ada.items[0].uuid },
          targets: [{ actorUuid: brute.uuid, tokenUuid: null, name: "Brute", soak: null, applied: null }],
        },
      },
      speaker: { actor: ada.id },
      rolls: [roll],
    });
    await world.socketToGM();
    return message;
  }

  it("a miss with a specialty becomes a hit: a 10 explodes into [6, 2], 1 XP banked in Firearms", async () => {
    const { ada, brute } = cast(2);
    world.recorder.notifications.length = 0;
    const { missCard } = await import("../lib/maelstrom-attack-cards");
    const miss = missCard();
    // [3, 5, 2] at difficulty 6, tens exploding (a specialty): a miss.
    const message = await post(
      ada,
      brute,
      { ...miss, attack: { ...miss.attack, exploding: true } },
      rollOf([3, 5, 2], true),
    );
    world.as(world.users.player);
    expect(shown(world.render(message))).toEqual(["attributes.reflexes", "abilities.firearms"]);
    const label = world
      .render(message)
      .querySelector('[data-trait="abilities.firearms"]')!
      .textContent!.trim();
    expect(label).toBe("Experience die: bank in Firearms");
    // The GM rolls the die (a 10) and the two bonus dice it earns (6, 2).
    world.queueD10([10], [6, 2]);
    expect(await world.press(message, '[data-trait="abilities.firearms"]')).toBe(true);
    await world.socketToGM();
    const card = message.system.card;
    expect(card.attack).toMatchObject({
      experience: { trait: "abilities.firearms", faces: [10, 6, 2] },
      successes: 2,
      outcome: "success",
    });
    expect(ada.system.xp.available).toBe(1);
    expect(ada.system.xp.bank.abilities.firearms).toBe(1);
    // A hit now: the dice show, the die is gone, Roll damage offered (3 + 1 = 4 dice).
    world.as(world.users.player);
    let html = world.render(message);
    expect([...html.querySelectorAll(".pv-m-experience .pv-die")].map((d) => d.textContent)).toEqual([
      "10",
      "6",
      "2",
    ]);
    expect(html.querySelector(".pv-outcome")!.textContent).toBe("Hit: 2 successes");
    expect(shown(html)).toEqual(["maelstrom.attack.damage"]);
    world.queueD10([6, 7, 2, 2]);
    expect(await world.press(message, '[data-pv-action="maelstrom.attack.damage"]')).toBe(true);
    await world.socketToGM();
    expect(message.system.card.damage).toMatchObject({ dice: 4, levels: 2 });
    html = world.render(message);
    expect(html.querySelector('[data-pv-action="maelstrom.attack.apply"]')).not.toBeNull();
    expect(warnings()).toEqual([]);
    expect(world.missingKeys).toEqual(new Set());
  });

  it("refused on a botch, after the damage is rolled, a second time, and without available XP", async () => {
    const { ada, brute } = cast(2);
    const { botchCard, hitCard } = await import("../lib/maelstrom-attack-cards");
    world.recorder.notifications.length = 0;
    const ask = async (message: any, trait = "abilities.firearms") => {
      world.as(world.users.player);
      await api().attackCardOp(message, { op: "experience", trait });
      await world.socketToGM();
    };
    // A botch: no button, and a request is refused.
    const botched = await post(ada, brute, botchCard(), rollOf([1, 4, 1]));
    world.as(world.users.player);
    expect(shown(world.render(botched))).toEqual([]);
    await ask(botched);
    // Added once: a second request (another trait) is refused, nothing banked again.
    const twice = await post(ada, brute, hitCard(), rollOf([8, 9, 7, 2]));
    world.queueD10([4]);
    await ask(twice);
    expect(twice.system.card.attack.experience).toEqual({ trait: "abilities.firearms", faces: [4] });
    expect(ada.system.xp.available).toBe(1);
    await ask(twice, "attributes.reflexes");
    expect(ada.system.xp.bank.attributes.reflexes).toBe(0);
    expect(ada.system.xp.available).toBe(1);
    // The damage rolled: too late (no button, a request refused).
    const late = await post(ada, brute, hitCard(), rollOf([8, 9, 7, 2]));
    world.queueD10([6, 6, 2, 2, 2]);
    world.as(world.users.player);
    await api().attackCardOp(late, { op: "damage" });
    await world.socketToGM();
    world.as(world.users.player);
    expect(shown(world.render(late))).toEqual([]);
    await ask(late);
    expect(late.system.card.attack.experience ?? null).toBeNull();
    // No available XP left (the last one banked): no button, refused.
    await ada.update({ "system.xp.available": 0 });
    const broke = await post(ada, brute, hitCard(), rollOf([8, 9, 7, 2]));
    world.as(world.users.player);
    expect(shown(world.render(broke))).toEqual(["maelstrom.attack.damage"]);
    await ask(broke);
    expect(broke.system.card.attack.experience ?? null).toBeNull();
    expect(ada.system.xp.bank.abilities.firearms).toBe(1);
    expect(warnings()).toEqual([
      text(`${K}.Refused.ExperienceBotch`),
      text(`${K}.Refused.AlreadyDone`),
      text(`${K}.Refused.ExperienceLate`),
      "Ada has no available experience to bank.",
    ]);
  });
});
