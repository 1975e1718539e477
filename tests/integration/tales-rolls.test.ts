// Tales's tests against the built bundle: the pipeline posts a tales-test card whose numbers are the
// rules layer's for the dice rolled (the spec's T01, T03, T04, a dynamic 6 against a 1); Essence bought
// once; an opposed test rolled by the opponent's owner through the GM; Lucky once per game; connection
// rolls once per session; and hostile clients: another player's buttons, a forged card, a card edited
// after the roll, a replayed request.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverUserUpdates } from "./foundry-stub";
import { flush, loadTalesWorld, type TalesWorld } from "./tales-world";

const g = globalThis as any;
let world: TalesWorld;
let actions: any;
let rules: any;
let player: any;
let gm: any;
let other: any;

const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const text = (html: HTMLElement) => html.textContent!.replace(/\s+/g, " ");
let ridCount = 0;
const rid = () => `troll${String(++ridCount).padStart(11, "0")}`;

/** Write a relay request as the user's client would, and let the server deliver it. */
async function request(user: any, payload: Record<string, unknown>, id = rid()) {
  world.as(user);
  await user.update({ [`flags.polyverse.relay.${id}`]: { type: "tales.testCardOp", payload } });
  await deliverUserUpdates(world.recorder, [gm, player, other]);
  return id;
}

/** A character: attributes, skills, Essence; the rest the model's defaults. */
const system = (attributes: Record<string, number>, skills: Record<string, number> = {}, essence = 2) => ({
  attributes: { physical: 2, social: 2, mental: 2, spiritual: 2, ...attributes },
  skills,
  essence: { value: essence },
  hp: { value: 4 },
});
const LUCKY = {
  _id: "lucky00000000001",
  name: "Lucky",
  type: "tales-advantage",
  system: { key: "lucky", level: 3 },
};

/** Roll as `user` (the player by default), then let the GM's client see (and record) the card. */
async function roll(fn: () => Promise<any>, user = player) {
  world.as(user);
  const done = await fn();
  await world.socketToGM();
  world.as(user);
  return done;
}

const ESSENCE = '[data-pv-action="tales.spendEssence"]';

beforeAll(async () => {
  world = await loadTalesWorld();
  actions = g.game.polyverse.rulesets.tales.actions;
  rules = g.game.polyverse.rulesets.tales.rules;
  player = world.users.player;
  gm = world.users.gm;
  other = { id: "pl00000000000002", name: "Other", isGM: false, active: true, targets: new Set() };
  g.game.users.push(other);
  other.update = player.update;
});

beforeEach(() => {
  player.targets = new Set();
});

describe("a Tales test on the pipeline", () => {
  it("T01: static, Physical 3 + Melee 2, a 4 against 8: total 9, a marginal success", async () => {
    const ada = world.character("Ada", system({ physical: 3 }, { melee: 2 }), [], player.id);
    world.queueD6([4]);
    const done = await roll(() =>
      actions.rollTest(ada, { attribute: "physical", skill: "melee", difficulty: 8, skipDialog: true }),
    );
    expect(done.message.type).toBe("tales-test");
    expect(done.message.system.card).toMatchObject({ actorUuid: ada.uuid, actorName: "Ada" });
    expect(done.roll.options).toMatchObject({ kind: "static", bonus: 5, difficulty: 8, dice: 1 });
    expect(done.result).toEqual(rules.resolveTest({ kind: "static", bonus: 5, face: 4, difficulty: 8 }));
    expect(done.result).toMatchObject({ success: true, total: 9, margin: 1, degree: "marginal" });
    const html = world.render(done.message);
    expect(html.querySelector("h3")!.textContent).toBe("Physical + Melee");
    expect(text(html)).toContain("Total 9 against Static 8");
    expect(text(html)).toContain("Marginal success");
    expect(html.querySelector(ESSENCE)).toBeNull();
  });

  it("T03: Physical 4 + Melee 3, a 1 against 4: an automatic, dramatic failure", async () => {
    const bo = world.character("Bo", system({ physical: 4 }, { melee: 3 }), [], player.id);
    world.queueD6([1]);
    const done = await roll(() =>
      actions.rollTest(bo, { attribute: "physical", skill: "melee", difficulty: 4, skipDialog: true }),
    );
    expect(done.result).toMatchObject({ success: false, automatic: "fail", degree: "dramatic", total: 8 });
    const html = world.render(done.message);
    expect(text(html)).toContain("Dramatic failure");
    expect(text(html)).toContain("A 1 always fails.");
    expect(html.querySelector(".pv-t-die.one")!.textContent).toBe("1");
    expect(html.querySelector(ESSENCE)).toBeNull();
  });

  it("T04: Physical 1, a 6 against 18 with 2 Essence: 1 Essence buys a marginal success, once", async () => {
    const cy = world.character("Cy", system({ physical: 1 }, {}, 2), [], player.id);
    world.queueD6([6]);
    const done = await roll(() =>
      actions.rollTest(cy, { attribute: "physical", skill: "melee", difficulty: 18, skipDialog: true }),
    );
    expect(done.result).toMatchObject({
      success: false,
      canSpendEssence: true,
      degree: "dramatic",
      margin: -11,
    });
    expect(await world.press(done.message, ESSENCE)).toBe(true);
    expect(cy.system.essence.value).toBe(1);
    expect(done.message.system.card.essence).toBe(true);
    const html = world.render(done.message);
    expect(text(html)).toContain("Marginal success");
    expect(text(html)).toContain("Bought with 1 Essence");
    // Gone from the card; a stale press or a request changes nothing.
    expect(await world.press(done.message, ESSENCE)).toBe(false);
    const before = warnings().length;
    await request(player, { messageId: done.message.id, op: "essence" });
    expect(warnings().slice(before)).toEqual(["This test does not offer that (any more)."]);
    expect(cy.system.essence.value).toBe(1);
  });

  it("a dynamic 6 against a difficulty die's 1 succeeds without Essence (the celestines' favour)", async () => {
    const di = world.character("Di", system({ physical: 1 }, {}, 2), [], player.id);
    world.queueD6([6], [1]);
    const done = await roll(() =>
      actions.rollTest(di, { attribute: "physical", kind: "dynamic", difficulty: 8, skipDialog: true }),
    );
    expect(done.roll.activeResultsByTerm()).toEqual([[6], [1]]);
    expect(done.result).toMatchObject({ success: true, automatic: "favoured", essenceSpent: 0 });
    const html = world.render(done.message);
    expect(text(html)).toContain("Dynamic 8 + [1] = 9");
    expect(text(html)).toContain("the celestines have favoured them");
    expect(html.querySelector(ESSENCE)).toBeNull();
    expect(di.system.essence.value).toBe(2);
  });

  it("boost points and the wound level: the card reads the values at a Light Wound, the Essence is spent first", async () => {
    const ed = world.character(
      "Ed",
      { ...system({ mental: 4 }, { research: 3 }, 3), health: { level: "light" } },
      [],
      player.id,
    );
    world.queueD6([3]);
    const done = await roll(() =>
      actions.rollTest(ed, {
        attribute: "mental",
        skill: "research",
        difficulty: 7,
        boost: 1,
        boostPool: "essence",
        skipDialog: true,
      }),
    );
    // Light: full attribute, half the skill rounded up: 4 + 2.
    expect(done.roll.options).toMatchObject({ attributeValue: 4, skillValue: 2, bonus: 6, boost: 1 });
    expect(ed.system.essence.value).toBe(2);
    // 6 + 3 = 9 against 7: a marginal success, one degree up with the point spent.
    expect(done.result).toMatchObject({ success: true, rolledDegree: "marginal", degree: "significant" });
    expect(text(world.render(done.message))).toContain("At a Light Wound");
  });
});

describe("an opposed test against another actor", () => {
  it("posts the card waiting; the opponent's owner rolls it (through the GM), never the attacker", async () => {
    const ada = world.character("Ada", system({ mental: 3 }, { stealth: 2 }), [], player.id);
    const bob = world.character("Bob", system({ spiritual: 3 }, { awareness: 1 }), [], other.id);
    const token = world.token(bob, 3, 3);
    player.targets = new Set([token]);
    world.queueD6([5]);
    const done = await roll(() =>
      actions.rollTest(ada, {
        attribute: "mental",
        skill: "stealth",
        kind: "opposed",
        opponent: bob.uuid,
        opponentAttribute: "spiritual",
        opponentSkill: "awareness",
        skipDialog: true,
      }),
    );
    expect(done.result).toBeNull();
    expect(done.roll.options.opponent).toMatchObject({
      uuid: bob.uuid,
      attribute: "spiritual",
      skill: "awareness",
    });
    let html = world.render(done.message);
    expect(text(html)).toContain("Bob (waiting for their roll)");
    // The attacker's player may not roll for Bob: hidden, and refused by the GM.
    expect(await world.press(done.message, '[data-pv-action="tales.opponentRoll"]')).toBe(false);
    let before = warnings().length;
    await request(player, { messageId: done.message.id, op: "opponentRoll" });
    expect(warnings().slice(before)).toEqual(["Only the owner of that actor can do that."]);
    expect(done.message.system.card.opponentRoll ?? null).toBeNull();
    // Bob's owner presses Roll: the card is not theirs, so the GM rolls Bob's side.
    world.as(other);
    world.queueD6([2]);
    expect(await world.press(done.message, '[data-pv-action="tales.opponentRoll"]')).toBe(true);
    await deliverUserUpdates(world.recorder, [gm, player, other]);
    expect(done.message.system.card.opponentRoll).toEqual({
      attributeValue: 3,
      skillValue: 1,
      bonus: 4,
      faces: [2],
      essence: false,
    });
    world.as(player);
    html = world.render(done.message);
    expect(text(html)).toContain("Total 10 against Bob: 6");
    expect(text(html)).toContain("Significant success");
    // Rolled once: a replayed request is refused.
    before = warnings().length;
    await request(other, { messageId: done.message.id, op: "opponentRoll" });
    expect(warnings().slice(before).length).toBe(1);
    expect(done.message.system.card.opponentRoll.faces).toEqual([2]);
    // The attacker cannot edit Bob's roll afterwards: the GM refuses the card.
    world.as(player);
    await done.message.update({
      "system.card": {
        ...structuredClone(done.message.system.card),
        opponentRoll: { ...done.message.system.card.opponentRoll, faces: [1] },
      },
    });
    before = warnings().length;
    await request(player, { messageId: done.message.id, op: "essence" });
    expect(warnings().slice(before)).toEqual([
      "This card was changed after it was rolled; the GM refused to act on it.",
    ]);
  });
});

describe("Lucky", () => {
  it("re-rolls a failure once per game", async () => {
    const lu = world.character("Lu", system({ physical: 2 }, { athletics: 1 }), [LUCKY], player.id);
    world.queueD6([2]);
    const done = await roll(() =>
      actions.rollTest(lu, { attribute: "physical", skill: "athletics", difficulty: 9, skipDialog: true }),
    );
    expect(done.result.success).toBe(false);
    world.queueD6([6]);
    expect(await world.press(done.message, '[data-pv-action="tales.luckyReroll"]')).toBe(true);
    expect(lu.system.uses.lucky).toBe(true);
    expect(done.message.system.card.rerolls).toEqual([{ by: "lucky", faces: [6] }]);
    const html = world.render(done.message);
    expect(text(html)).toContain("Total 9 against Static 9");
    expect(text(html)).toContain("Re-rolled (Lucky)");
    expect(html.querySelector('[data-pv-action="tales.luckyReroll"]')).toBeNull();
    // Used for the game: the next failure offers no Lucky re-roll.
    world.queueD6([2]);
    const next = await roll(() =>
      actions.rollTest(lu, { attribute: "physical", skill: "athletics", difficulty: 9, skipDialog: true }),
    );
    expect(world.render(next.message).querySelector('[data-pv-action="tales.luckyReroll"]')).toBeNull();
  });
});

describe("connection rolls", () => {
  it("roll the level's dice against the difficulty, once per session", async () => {
    const al = world.character("Al", { ...system({}), connections: { allies: { level: 3 } } }, [], player.id);
    world.queueD6([1, 2, 5]);
    const done = await roll(() => actions.rollConnection(al, { key: "allies", skipDialog: true }));
    // Allies, an easy job (2): the 2 and the 5 meet it; a 1 never brings an ally.
    expect(done.result).toEqual({ successes: 2 });
    expect(al.system.connections.allies.used).toBe(true);
    expect(text(world.render(done.message))).toContain("2 allies come to help.");
    const before = warnings().length;
    expect(await roll(() => actions.rollConnection(al, { key: "allies", skipDialog: true }))).toBeNull();
    expect(warnings().slice(before)).toEqual(["Already rolled this session."]);
  });
});

describe("hostile clients", () => {
  async function essenceCard() {
    const cy = world.character("Cy", system({ physical: 1 }, {}, 2), [], player.id);
    world.queueD6([6]);
    const done = await roll(() =>
      actions.rollTest(cy, { attribute: "physical", difficulty: 18, skipDialog: true }),
    );
    return { cy, done };
  }

  it("another player neither sees nor may press the owner's Essence button", async () => {
    const { cy, done } = await essenceCard();
    world.as(other);
    expect(await world.press(done.message, ESSENCE)).toBe(false);
    const before = warnings().length;
    await request(other, { messageId: done.message.id, op: "essence" });
    expect(warnings().slice(before)).toEqual(["Only the owner of that actor can do that."]);
    expect(cy.system.essence.value).toBe(2);
    expect(done.message.system.card.essence).toBeUndefined();
  });

  it("a forged card state is refused by the card's model; a card edited after the roll by the GM", async () => {
    const { cy, done } = await essenceCard();
    const card = structuredClone(done.message.system.card);
    world.as(player);
    await expect(done.message.update({ "system.card": { ...card, edgeDice: [7] } })).rejects.toThrow(
      /edgeDice/,
    );
    await expect(done.message.update({ "system.card": { ...card, extra: 1 } })).rejects.toThrow(/extra/);
    // An edit the model allows, of what never changes after the roll (who rolled): the GM refuses.
    const dee = world.character("Dee", system({}), [], player.id);
    await done.message.update({ "system.card": { ...card, actorUuid: dee.uuid } });
    const before = warnings().length;
    await request(player, { messageId: done.message.id, op: "essence" });
    expect(warnings().slice(before)).toEqual([
      "This card was changed after it was rolled; the GM refused to act on it.",
    ]);
    expect(cy.system.essence.value).toBe(2);
    expect(dee.system.essence.value).toBe(2);
  });

  it("a replayed request is carried out once", async () => {
    const { cy, done } = await essenceCard();
    const id = await request(player, { messageId: done.message.id, op: "essence" });
    expect(cy.system.essence.value).toBe(1);
    expect(done.message.system.card.essence).toBe(true);
    const before = warnings().length;
    await request(player, { messageId: done.message.id, op: "essence" }, id);
    await request(player, { messageId: done.message.id, op: "essence" });
    expect(warnings().slice(before).length).toBe(2);
    expect(cy.system.essence.value).toBe(1);
  });

  it("malformed requests are refused", async () => {
    const { cy, done } = await essenceCard();
    const before = warnings().length;
    await request(player, { messageId: done.message.id, op: "nothing" });
    await request(player, { messageId: done.message.id, op: "essence", index: 1 });
    await request(player, { messageId: done.message.id, op: "choose", index: 9 });
    await request(player, { messageId: "nope", op: "essence" });
    expect(warnings().slice(before).length).toBe(4);
    expect(cy.system.essence.value).toBe(2);
    await flush();
  });
});
