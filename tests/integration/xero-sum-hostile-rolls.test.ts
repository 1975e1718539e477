// Hostile clients against the Xero Sum check card (the built bundle in the stand-in): a player pressing
// another's Insight button or rolling another's opponent side; a card state the model refuses; a card
// edited after the roll (the GM refuses it); a replayed request; malformed payloads; and forged cards
// posted by hand: changes the roll does not justify (an Insight Die without a Moment, a clamp that
// would set the value), parts the actor does not have, settings the world does not play, a roll that
// cannot be read, a character the author does not own.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverUserUpdates } from "./foundry-stub";
import { loadXeroSumRollsWorld, type XeroSumRollsWorld } from "./xero-sum-rolls-world";

const g = globalThis as any;
let world: XeroSumRollsWorld;
let actions: any;
let player: any;
let gm: any;
let other: any;

const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const REPLACE = (dice: string) => `[data-pv-action="xeroSum.replaceDice"][data-dice="${dice}"]`;
const OP = "xeroSum.checkCardOp";
const CHANGED = "This card was changed after it was rolled; the GM refused to act on it.";
const NOT_YOURS = "Only the owner of that character can do that.";
const MALFORMED = "The GM refused a request that was not well formed.";
const UNJUSTIFIED = "This card disagrees with its roll or its characters; the GM refused to act on it.";

let ridCount = 0;
const rid = () => `xroll${String(++ridCount).padStart(11, "0")}`;
const deliver = () => deliverUserUpdates(world.recorder, [gm, player, other]);

/** Write a relay request as the user's client would, and let the server deliver it; the new warnings. */
async function request(user: any, payload: Record<string, unknown>, id = rid(), type = OP) {
  const before = warnings().length;
  world.as(user);
  await user.update({ [`flags.polyverse.relay.${id}`]: { type, payload } });
  await deliver();
  return { id, said: warnings().slice(before) };
}

const system = (attributes: Record<string, number> = {}, skills: Record<string, number> = {}) => ({
  attributes: { rsn: 0, acu: 0, phy: 0, inf: 0, dex: 0, ...attributes },
  skills,
});

/** The player rolls an Acumen check with these dice; the GM records the card. */
async function playerCheck(faces: number[], attributes: Record<string, number> = { acu: 2 }) {
  const io = world.character("Io", system(attributes), [], player.id);
  world.queueD6(faces);
  world.as(player);
  const done = await actions.rollCheck(io, { attribute: "acu", skipDialog: true });
  await world.socketToGM();
  world.as(player);
  return { io, done };
}

/** A roll of the bundle's own Roll class with these options and faces, built by hand (a forger's). */
function forgedRoll(options: Record<string, unknown>, faces: number[]) {
  const XeroSumRoll = g.CONFIG.Dice.rolls.find((c: any) => c.name === "XeroSumRoll");
  const term = {
    faces: 6,
    number: faces.length,
    _evaluated: true,
    results: faces.map((result) => ({ result, active: true })),
  };
  return XeroSumRoll.fromTerms([term], options);
}

/** The options `rollCheck` writes for an attribute check of the actor (Acumen, no CMod). */
const checkOptions = (value: number, more: Record<string, unknown> = {}) => ({
  type: "check",
  kind: "attribute",
  attribute: "acu",
  skill: null,
  parts: [{ kind: "attribute", key: "acu", value }],
  modifier: value,
  clamped: false,
  insight: null,
  dice: 2,
  momentOn3d6: "firstTwo",
  replaceCost: "perDie",
  opposedInsight: true,
  replace: true,
  opposed: null,
  group: null,
  ...more,
});

/** Post a card by hand as the player, then let the GM's client record it. */
async function forgedCard(
  actor: any,
  options: Record<string, unknown>,
  faces: number[],
  pending: any[] = [],
) {
  world.as(player);
  const message = await g.ChatMessage.create({
    type: "xero-sum-check",
    system: { card: { actorUuid: actor.uuid, actorName: actor.name } },
    rolls: [forgedRoll(options, faces)],
    speaker: { actor: actor.id },
    flags: pending.length ? { polyverse: { pending } } : {},
  });
  await world.socketToGM();
  world.as(player);
  return message;
}

beforeAll(async () => {
  world = await loadXeroSumRollsWorld();
  actions = g.game.polyverse.rulesets["xero-sum"].actions;
  player = world.users.player;
  gm = world.users.gm;
  other = { id: "pl00000000000003", name: "Other", isGM: false, active: true, targets: new Set() };
  g.game.users.push(other);
  other.update = player.update;
});

beforeEach(() => {
  world.as(gm);
  world.recorder.notifications.length = 0;
});

describe("another player", () => {
  it("neither sees nor may press the owner's Insight button", async () => {
    const { io, done } = await playerCheck([1, 3]);
    world.as(other);
    expect(await world.press(done.message, REPLACE("0"))).toBe(false);
    const { said } = await request(other, { messageId: done.message.id, op: "replace", dice: "0" });
    expect(said).toEqual([NOT_YOURS]);
    expect(io.system.insight.value).toBe(2);
    expect(done.message.system.card.replacements).toBeUndefined();
  });

  it("the roller's player may not roll the opponent's side", async () => {
    const ada = world.character("Ada", system({ phy: 1 }), [], player.id);
    const bob = world.character("Bob", system({ phy: 1 }), [], other.id);
    world.queueD6([4, 4]);
    world.as(player);
    const done = await actions.rollOpposed(ada, bob, { attribute: "phy", skipDialog: true });
    await world.socketToGM();
    const { said } = await request(player, {
      messageId: done.message.id,
      op: "opponentRoll",
      insight: "",
      situation: 5,
      other: 10,
      otherLabel: "",
      gear: [],
      relationship: -1,
    });
    expect(said).toEqual([NOT_YOURS]);
    expect(done.message.system.card.opponentRoll ?? null).toBeNull();
    // Bob's owner may; Bob's Insight Die for +3 is spent by the GM, once.
    world.queueD6([2, 3]);
    const payload = {
      messageId: done.message.id,
      op: "opponentRoll",
      insight: "plusThree",
      situation: -1,
      other: 0,
      otherLabel: "",
      gear: [],
      relationship: -1,
    };
    expect((await request(other, payload)).said).toEqual([]);
    expect(done.message.system.card.opponentRoll).toMatchObject({ modifier: 3, faces: [2, 3] });
    expect(bob.system.insight.value).toBe(1);
    expect((await request(other, payload)).said).toEqual(["That has already been done on this card."]);
    expect(bob.system.insight.value).toBe(1);
  });
});

describe("a card edited by its author", () => {
  it("a state the card's model refuses never reaches the card", async () => {
    const { done } = await playerCheck([1, 3]);
    const card = structuredClone(done.message.system.card);
    const bad = [
      { ...card, replacements: [{ indices: [2], faces: [6], cost: 1 }] },
      { ...card, replacements: [{ indices: [0], faces: [7], cost: 1 }] },
      {
        ...card,
        replacements: [
          { indices: [0], faces: [6], cost: 1 },
          { indices: [0], faces: [6], cost: 1 },
        ],
      },
      { ...card, gained: "yes" },
      { ...card, actorUuid: "<script>" },
      { ...card, extra: 1 },
      { ...card, opponentRoll: { parts: [], modifier: 0, insight: null, faces: [6, 6, 6], gained: false } },
    ];
    for (const state of bad) await expect(done.message.update({ "system.card": state })).rejects.toThrow();
    expect(done.message.system.card).toEqual(card);
  });

  it("a replacement written by the player is drawn, but the GM refuses the card from then on", async () => {
    const { io, done } = await playerCheck([1, 3]);
    const card = structuredClone(done.message.system.card);
    await done.message.update({
      "system.card": { ...card, replacements: [{ indices: [0], faces: [6], cost: 1 }] },
    });
    const { said } = await request(player, { messageId: done.message.id, op: "replace", dice: "1" });
    expect(said).toEqual([CHANGED]);
    expect(io.system.insight.value).toBe(2);
    // Pointing the card at another character is refused the same way.
    const { done: second } = await playerCheck([2, 2]);
    const dee = world.character("Dee", system(), [], player.id);
    await second.message.update({ "system.card": { ...second.message.system.card, actorUuid: dee.uuid } });
    expect((await request(player, { messageId: second.message.id, op: "replace", dice: "0" })).said).toEqual([
      CHANGED,
    ]);
    expect(dee.system.insight.value).toBe(2);
  });
});

describe("replays and malformed requests", () => {
  it("a replayed request is carried out once", async () => {
    const { io, done } = await playerCheck([1, 3]);
    world.queueD6([5]);
    const first = await request(player, { messageId: done.message.id, op: "replace", dice: "0" });
    expect(first.said).toEqual([]);
    expect(io.system.insight.value).toBe(1);
    const again = await request(player, { messageId: done.message.id, op: "replace", dice: "0" }, first.id);
    expect(again.said).toEqual(["That request was already handled."]);
    const anew = await request(player, { messageId: done.message.id, op: "replace", dice: "0" });
    expect(anew.said).toEqual(["That has already been done on this card."]);
    const both = await request(player, { messageId: done.message.id, op: "replace", dice: "0,1" });
    expect(both.said).toEqual(["That has already been done on this card."]);
    expect(io.system.insight.value).toBe(1);
    expect(done.message.system.card.replacements).toHaveLength(1);
  });

  it("refuses every payload that is not one this system writes", async () => {
    const { io, done } = await playerCheck([1, 3]);
    const id = done.message.id;
    const opponent = { insight: "", situation: 0, other: 0, otherLabel: "", gear: [], relationship: -1 };
    for (const payload of [
      { messageId: id, op: "replace", dice: "2" },
      { messageId: id, op: "replace", dice: [0] },
      { messageId: id, op: "replace", dice: "0", cost: 0 },
      { messageId: id, op: "spend", dice: "0" },
      { messageId: "not-an-id", op: "replace", dice: "0" },
      { messageId: id, op: "opponentRoll", ...opponent, situation: 9 },
      { messageId: id, op: "opponentRoll", ...opponent, insight: "surviveDying" },
      { messageId: id, op: "opponentRoll", ...opponent, otherLabel: "x".repeat(101) },
      { messageId: id, op: "opponentRoll", ...opponent, gear: ["yes"] },
    ])
      expect((await request(player, payload)).said).toEqual([MALFORMED]);
    // Well formed, but not on offer: a check without an opponent.
    expect((await request(player, { messageId: id, op: "opponentRoll", ...opponent })).said).toEqual([
      "This check does not offer that (any more).",
    ]);
    expect(io.system.insight.value).toBe(2);
  });

  it("a replacement the actor cannot pay for is refused", async () => {
    const { io, done } = await playerCheck([1, 3]);
    await io.update({ "system.insight.value": 1 });
    const { said } = await request(player, { messageId: done.message.id, op: "replace", dice: "0,1" });
    expect(said).toEqual(["Not enough Insight Dice."]);
    expect(io.system.insight.value).toBe(1);
  });
});

describe("cards forged by hand", () => {
  it("an Insight Die for another's character without a Moment, or with a clamp that sets it, is refused", async () => {
    const bea = world.character("Bea", system({ acu: 1 }), [], other.id);
    const mine = world.character("Mine", system({ acu: 1 }), [], player.id);
    const gift = {
      uuid: bea.uuid,
      name: "Bea",
      id: "pendinggift00001",
      add: [{ path: "system.insight.value", delta: 1, min: 0 }],
    };
    const message = await forgedCard(mine, checkOptions(1), [3, 4], [gift]);
    world.as(player);
    const apply = await request(player, { messageId: message.id }, rid(), "core.applyPending");
    expect(apply.said).toEqual([UNJUSTIFIED]);
    expect(bea.system.insight.value).toBe(2);
    // A real Moment justifies +1 for the roller, never a clamp that would set the value.
    const clamp = {
      uuid: mine.uuid,
      name: "Mine",
      id: "pendingclamp0001",
      add: [{ path: "system.insight.value", delta: 1, min: 50 }],
    };
    const moment = await forgedCard(mine, checkOptions(1), [6, 6], [clamp]);
    expect((await request(player, { messageId: moment.id }, rid(), "core.applyPending")).said).toEqual([
      UNJUSTIFIED,
    ]);
    expect(mine.system.insight.value).toBe(2);
  });

  it("parts the actor does not have, or settings the world does not play, are refused", async () => {
    const weak = world.character("Weak", system({ acu: 0 }), [], player.id);
    const strong = await forgedCard(weak, checkOptions(4), [1, 3]);
    expect((await request(player, { messageId: strong.id, op: "replace", dice: "0" })).said).toEqual([
      UNJUSTIFIED,
    ]);
    const cheap = await forgedCard(weak, checkOptions(0, { replaceCost: "perCheck" }), [1, 3]);
    expect((await request(player, { messageId: cheap.id, op: "replace", dice: "0,1" })).said).toEqual([
      "This card was rolled under other settings than the world's; the GM refused to act on it.",
    ]);
    expect(weak.system.insight.value).toBe(2);
  });

  it("a roll that cannot be read is drawn as invalid and refused", async () => {
    const weak = world.character("Weak2", system(), [], player.id);
    // Three dice without the Insight Die that would roll the third.
    const message = await forgedCard(weak, checkOptions(0), [6, 6, 6]);
    expect(world.render(message).querySelector("[data-invalid]")).not.toBeNull();
    expect((await request(player, { messageId: message.id, op: "replace", dice: "0" })).said).toEqual([
      "This card's dice or state could not be read; the GM refused to act on it.",
    ]);
    expect(weak.system.insight.value).toBe(2);
  });

  it("a player's check on a character they do not own spends nothing of it", async () => {
    const bea = world.character("Bea2", system({ acu: 1 }), [], other.id);
    world.queueD6([3, 3]);
    world.as(player);
    const done = await actions.rollCheck(bea, { attribute: "acu", insight: "plusThree", skipDialog: true });
    await deliver();
    expect(done.message.flags.polyverse.pending).toHaveLength(1);
    expect(bea.system.insight.value).toBe(2);
    expect(warnings()).toContain(NOT_YOURS);
  });
});
