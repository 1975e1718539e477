// Maelstrom's rolls against the built bundle: the pipeline posts a maelstrom-roll card whose numbers
// are the rules layer's for the dice rolled; the experience die banks 1 XP and adds a die once; Spend
// Willpower; a Willpower botch's loss; and a hostile player: another player's buttons, a forged card,
// a card edited after the roll, a replayed request.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverUserUpdates } from "./foundry-stub";
import { flush, loadMaelstromWorld, type MaelstromWorld } from "./maelstrom-world";

const g = globalThis as any;
let world: MaelstromWorld;
let actions: any;
let rules: any;
let player: any;
let gm: any;
let other: any;
let ada: any;

const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const text = (html: HTMLElement) => html.textContent!.replace(/\s+/g, " ");
const tally = (html: HTMLElement) =>
  [...html.querySelectorAll(".pv-m-tally dd")].map((d) => d.textContent!.trim().replace("−", "-"));
let ridCount = 0;
const rid = () => `mroll${String(++ridCount).padStart(11, "0")}`;

/** Write a relay request as the player's client would, and let the server deliver it. */
async function request(user: any, payload: Record<string, unknown>, id = rid()) {
  world.as(user);
  await user.update({ [`flags.polyverse.relay.${id}`]: { type: "maelstrom.rollCardOp", payload } });
  await deliverUserUpdates(world.recorder, [gm, player, other]);
  return id;
}

const system = (wp = 5, xp = 4) => ({
  attributes: { strength: 2, precision: 3, reflexes: 2, perception: 2, intelligence: 2, wits: 2 },
  abilities: { firearms: 2 },
  willpower: { max: 5, value: wp },
  xp: { total: 30, available: xp, spent: 26 },
});
const SPECIALTY = {
  _id: "spec0000000000001",
  name: "Extreme Range",
  type: "maelstrom-specialty",
  system: { ability: "firearms", kind: "advanced" },
};

/** Roll as the player, then let the GM's client see (and record) the card. */
async function roll(fn: () => Promise<any>) {
  world.as(player);
  const done = await fn();
  await world.socketToGM();
  world.as(player);
  return done;
}

beforeAll(async () => {
  world = await loadMaelstromWorld();
  actions = g.game.polyverse.rulesets.maelstrom.actions;
  rules = g.game.polyverse.rulesets.maelstrom.rules;
  player = world.users.player;
  gm = world.users.gm;
  other = { id: "pl00000000000002", name: "Other", isGM: false, active: true, targets: new Set() };
  g.game.users.push(other);
  other.update = player.update;
});

beforeEach(() => {
  ada = world.character("Ada", system(), [SPECIALTY], player.id);
});

describe("a Maelstrom roll on the pipeline", () => {
  it("posts a maelstrom-roll card whose numbers are resolveRoll's for the dice rolled", async () => {
    world.queueD10([1, 3, 4, 6, 7]);
    const done = await roll(() =>
      actions.rollTraits(ada, { attribute: "precision", ability: "firearms", skipDialog: true }),
    );
    const message = done.message;
    expect(message.type).toBe("maelstrom-roll");
    expect(message.system.card).toMatchObject({ actorUuid: ada.uuid, actorName: "Ada" });
    const expected = rules.resolveRoll({ dice: [1, 3, 4, 6, 7], difficulty: 6 });
    expect(done.result).toEqual(expected);
    const html = world.render(message);
    expect(html.querySelector("h3")!.textContent).toBe("Precision + Firearms");
    expect(tally(html)).toEqual([String(expected.successes), String(expected.botches), String(expected.net)]);
    expect(text(html)).toContain("Success ×1");
    expect([...html.querySelectorAll(".pv-m-die.botch")].map((d) => d.textContent)).toEqual(["1"]);
  });

  it("rolls each wave of exploding tens as its own term: bonus dice in their own row, their 1s ignored", async () => {
    world.queueD10([10, 2, 3, 4, 8], [10, 1], [6, 10], [3, 2]);
    const done = await roll(() =>
      actions.rollTraits(ada, {
        attribute: "precision",
        ability: "firearms",
        specialties: ["spec0000000000001"],
        difficulty: 8,
        skipDialog: true,
      }),
    );
    const terms = done.roll.activeResultsByTerm();
    expect(terms).toEqual([
      [10, 2, 3, 4, 8],
      [10, 1],
      [6, 10],
      [3, 2],
    ]);
    const expected = rules.resolveRoll({
      dice: [10, 2, 3, 4, 8],
      bonusDice: [10, 1, 6, 10, 3, 2],
      difficulty: 8,
    });
    expect(done.result).toEqual(expected);
    const html = world.render(done.message);
    expect(
      [...html.querySelectorAll(".pv-m-bonus .pv-m-die")].map((d) => d.className.split(" ").pop()),
    ).toEqual(["success", "ignored", "plain", "success", "plain", "plain"]);
    expect(text(html)).toContain("Exploding tens");
  });

  it("a Willpower roll: the current rank alone; Spend Willpower gives successes equal to the dots left, once", async () => {
    world.queueD10([2, 3, 4, 5, 2]);
    const done = await roll(() => actions.rollWillpower(ada, { skipDialog: true }));
    expect(done.result.outcome).toBe("failure");
    expect(await world.press(done.message, '[data-pv-action="maelstrom.spendWillpower"]')).toBe(true);
    expect(ada.system.willpower.value).toBe(4);
    expect(done.message.system.card.willpower).toEqual({ successes: 4, current: 4 });
    expect(text(world.render(done.message))).toContain("Automatic success ×4");
    // Gone from the card; a stale button (or a request) changes nothing.
    expect(await world.press(done.message, '[data-pv-action="maelstrom.spendWillpower"]')).toBe(false);
    await request(player, { messageId: done.message.id, op: "willpower" });
    expect(ada.system.willpower.value).toBe(4);
  });

  it("a Willpower botch costs a dot per uncancelled botch when applied; at 0 the card says broken", async () => {
    const weak = world.character("Weak", system(2), [], player.id);
    world.queueD10([1, 1]);
    const done = await roll(() => actions.rollWillpower(weak, { skipDialog: true }));
    expect(done.result).toMatchObject({ outcome: "botch", uncancelledBotches: 2 });
    expect(weak.system.willpower.value).toBe(0);
    expect(done.message.system.card.botchLoss).toEqual({ lost: 2, current: 0, broken: true });
    const html = world.render(done.message);
    expect(text(html)).toContain("broken");
    expect(html.querySelector('[data-pv-action="maelstrom.spendWillpower"]')).toBeNull();
  });

  it("a soak: Strength alone for bashing, difficulty 6, no explosions; the card says the levels taken", async () => {
    world.queueD10([6, 10]);
    const done = await roll(() => actions.rollSoak(ada, { type: "bashing", incoming: 3 }));
    expect(done.roll.activeResultsByTerm()).toEqual([[6, 10]]);
    expect(done.result).toEqual(rules.soakResult({ dice: [6, 10], incoming: 3 }));
    const html = world.render(done.message);
    expect(text(html)).toContain("Takes 1 of 3 levels");
    expect(html.querySelector('[data-pv-action="maelstrom.experienceDie"]')).toBeNull();
  });

  it("spending Willpower against the wound penalty marks the round: once per turn", async () => {
    // Four bashing levels: Injured, 2 dice with the default track.
    const hurt = world.character("Hurt", { ...system(), health: { bashing: 4 } }, [], player.id);
    // Until the actors derive their wound penalty (data/actors.ts), this test gives it.
    if (hurt.system.health.penalty === undefined) hurt.system.health.penalty = 2;
    world.combat([hurt], 3);
    try {
      const choice = { attribute: "precision", ability: "firearms", ignoreWounds: true, skipDialog: true };
      world.queueD10([6, 6, 6, 6, 6]);
      const first = await roll(() => actions.rollTraits(hurt, choice));
      expect(first.roll.options).toMatchObject({ pool: 5, woundPenalty: 2, woundsIgnored: true });
      expect(hurt.system.willpower.value).toBe(4);
      expect(hurt.system.combat.ignoreWoundsRound).toBe("combat0000000001:3");
      expect(text(world.render(first.message))).toContain("Wounds ignored: Willpower spent");
      // The same turn: not again; the penalty counts.
      if (hurt.system.health.penalty === undefined) hurt.system.health.penalty = 2;
      world.queueD10([6, 6, 6]);
      const second = await roll(() => actions.rollTraits(hurt, choice));
      expect(second.roll.options).toMatchObject({ pool: 3, woundsIgnored: false });
      expect(hurt.system.willpower.value).toBe(4);
    } finally {
      g.game.combat = null;
    }
  });
});

describe("the experience die", () => {
  it("banks 1 XP in the trait and adds a die, once", async () => {
    world.queueD10([2, 6, 3, 4, 5]);
    const done = await roll(() =>
      actions.rollTraits(ada, { attribute: "precision", ability: "firearms", skipDialog: true }),
    );
    expect(done.result).toMatchObject({ outcome: "success", finalSuccesses: 1 });
    world.queueD10([9]);
    expect(await world.press(done.message, '[data-trait="abilities.firearms"]')).toBe(true);
    expect(ada.system.xp.available).toBe(3);
    expect(ada.system.xp.bank.abilities.firearms).toBe(1);
    expect(done.message.system.card.experience).toEqual({ trait: "abilities.firearms", faces: [9] });
    const html = world.render(done.message);
    expect(tally(html)).toEqual(["2", "0", "2"]);
    expect(html.querySelector('[data-pv-action="maelstrom.experienceDie"]')).toBeNull();
    // A second press (a stale card) or a request: refused, nothing banked twice.
    await request(player, { messageId: done.message.id, op: "experience", trait: "attributes.precision" });
    expect(ada.system.xp.available).toBe(3);
    expect(ada.system.xp.bank.attributes.precision).toBe(0);
  });

  it("explodes with a specialty", async () => {
    world.queueD10([2, 6, 3, 4, 5]);
    const done = await roll(() =>
      actions.rollTraits(ada, {
        attribute: "precision",
        ability: "firearms",
        specialties: ["spec0000000000001"],
        skipDialog: true,
      }),
    );
    world.queueD10([10], [6, 2]);
    expect(await world.press(done.message, '[data-trait="attributes.precision"]')).toBe(true);
    expect(done.message.system.card.experience).toEqual({ trait: "attributes.precision", faces: [10, 6, 2] });
    expect(ada.system.xp.bank.attributes.precision).toBe(1);
  });

  it("is refused on a botch, and without available experience", async () => {
    world.queueD10([1, 1, 2, 3, 4]);
    const botched = await roll(() =>
      actions.rollTraits(ada, { attribute: "precision", ability: "firearms", skipDialog: true }),
    );
    expect(botched.result.outcome).toBe("botch");
    expect(
      world.render(botched.message).querySelector('[data-pv-action="maelstrom.experienceDie"]'),
    ).toBeNull();
    const before = warnings().length;
    await request(player, { messageId: botched.message.id, op: "experience", trait: "abilities.firearms" });
    expect(warnings().slice(before)).toEqual(["The experience die cannot be added to this roll."]);
    expect(ada.system.xp.available).toBe(4);
    const broke = world.character("Broke", system(5, 0), [], player.id);
    world.queueD10([6, 6, 2, 2, 2]);
    const done = await roll(() =>
      actions.rollTraits(broke, { attribute: "precision", ability: "firearms", skipDialog: true }),
    );
    expect(world.render(done.message).querySelector('[data-pv-action="maelstrom.experienceDie"]')).toBeNull();
  });
});

describe("hostile clients", () => {
  it("another player neither sees nor may press the owner's buttons", async () => {
    world.queueD10([6, 6, 2, 2, 2]);
    const done = await roll(() =>
      actions.rollTraits(ada, { attribute: "precision", ability: "firearms", skipDialog: true }),
    );
    world.as(other);
    expect(await world.press(done.message, '[data-pv-action="maelstrom.experienceDie"]')).toBe(false);
    const before = warnings().length;
    await request(other, { messageId: done.message.id, op: "experience", trait: "abilities.firearms" });
    expect(warnings().slice(before)).toEqual(["Only the owner of the actor who rolled can do that."]);
    expect(ada.system.xp.available).toBe(4);
    expect(done.message.system.card.experience).toBeUndefined();
  });

  it("a forged card state is refused by the card's model; a card edited after the roll by the GM", async () => {
    world.queueD10([6, 6, 2, 2, 2]);
    const done = await roll(() =>
      actions.rollTraits(ada, { attribute: "precision", ability: "firearms", skipDialog: true }),
    );
    const card = structuredClone(done.message.system.card);
    world.as(player);
    await expect(
      done.message.update({
        "system.card": { ...card, experience: { trait: "abilities.firearms", faces: [11] } },
      }),
    ).rejects.toThrow(/experience/);
    // An edit the model allows, of what never changes after the roll (a botch's loss): the GM refuses the card.
    await done.message.update({
      "system.card": { ...card, botchLoss: { lost: 0, current: 5, broken: false } },
    });
    const before = warnings().length;
    await request(player, { messageId: done.message.id, op: "experience", trait: "abilities.firearms" });
    expect(warnings().slice(before)).toEqual([
      "This card was changed after it was rolled; the GM refused to act on it.",
    ]);
    expect(ada.system.xp.available).toBe(4);
  });

  it("a replayed request is carried out once", async () => {
    world.queueD10([6, 6, 2, 2, 2]);
    const done = await roll(() =>
      actions.rollTraits(ada, { attribute: "precision", ability: "firearms", skipDialog: true }),
    );
    // The card's author asks the GM (as a player whose client lets the GM roll would).
    world.queueD10([8]);
    const id = await request(player, {
      messageId: done.message.id,
      op: "experience",
      trait: "abilities.firearms",
    });
    expect(ada.system.xp.available).toBe(3);
    expect(done.message.system.card.experience).toEqual({ trait: "abilities.firearms", faces: [8] });
    const before = warnings().length;
    // The same request written again, then a new one: neither banks again.
    await request(player, { messageId: done.message.id, op: "experience", trait: "abilities.firearms" }, id);
    await request(player, { messageId: done.message.id, op: "experience", trait: "abilities.firearms" });
    expect(warnings().slice(before).length).toBe(2);
    expect(ada.system.xp.available).toBe(3);
    expect(ada.system.xp.bank.abilities.firearms).toBe(1);
  });

  it("malformed requests are refused", async () => {
    world.queueD10([6, 6, 2, 2, 2]);
    const done = await roll(() =>
      actions.rollTraits(ada, { attribute: "precision", ability: "firearms", skipDialog: true }),
    );
    const before = warnings().length;
    await request(player, { messageId: done.message.id, op: "experience", trait: "attributes.strength" });
    await request(player, { messageId: done.message.id, op: "nothing" });
    await request(player, { messageId: done.message.id, op: "willpower", extra: 1 });
    await request(player, { messageId: "nope", op: "willpower" });
    expect(warnings().slice(before).length).toBe(4);
    expect(ada.system.xp.available).toBe(4);
    await flush();
  });
});
