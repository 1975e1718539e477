// A hostile player against the GM's client on Maelstrom attack cards, driven against the built
// bundle as a player's client would: requests written straight into the player's own User document,
// cards the player posts and edits at will. The GM works the damage (and rolls the experience die)
// from the card's rolled state and the documents; nothing a player wrote is a number the GM uses.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverUserUpdates } from "./foundry-stub";
import { loadMaelstromWorld, type MaelstromWorld } from "./maelstrom-world";
import { hitCard } from "../lib/maelstrom-attack-cards";

const g = globalThis as any;
let world: MaelstromWorld;
let player: any;
let gm: any;
let ada: any; // The player's attacker, with a pistol.
let brute: any; // The GM's: the player owns nothing of it.
let ward: any; // The player's own character.

const K = "POLYVERSE.Maelstrom.Combat.Attack";
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const text = (key: string) => String(g.game.i18n.localize(key));
let ridCount = 0;
const rid = () => `mhostile${String(++ridCount).padStart(8, "0")}`;

/** Write a request as a hostile client would, and let the server deliver it. */
async function request(payload: Record<string, unknown>, id = rid(), type = "maelstrom.attackOp") {
  world.as(player);
  await player.update({ [`flags.polyverse.relay.${id}`]: { type, payload } });
  await world.socketToGM();
  return id;
}

/** A roll whose dice show these faces, as the stand-in keeps them. */
function rollOf(faces: number[]) {
  const roll = new g.foundry.dice.Roll(`${faces.length}d10`);
  roll._faces = faces;
  roll._evaluated = true;
  return roll;
}

/** Post an attack card as the player (the GM's client records it), targets Brute and Ward. */
async function post(over: Record<string, unknown> = {}, faces = [8, 9, 7, 2]) {
  world.as(player);
  const pistol = ada.items[0];
  const card = hitCard({
    attacker: { actorUuid: ada.uuid, name: "Ada", tokenUuid: null },
    weapon: { ...hitCard().weapon, itemUuid: pistol.uuid },
    targets: [
      { actorUuid: brute.uuid, tokenUuid: null, name: "Brute", soak: null, applied: null },
      { actorUuid: ward.uuid, tokenUuid: null, name: "Ward", soak: null, applied: null },
    ],
    ...over,
  });
  const message = await g.ChatMessage.create({
    type: "maelstrom-attack",
    system: { card },
    speaker: { actor: ada.id },
    rolls: [rollOf(faces)],
  });
  await world.socketToGM();
  return message;
}

const health = (actor: any) => {
  const { bashing, lethal, aggravated, dead } = actor.system.health;
  return { bashing, lethal, aggravated, dead };
};
const fresh = { bashing: 0, lethal: 0, aggravated: 0, dead: false };

beforeAll(async () => {
  world = await loadMaelstromWorld({ combat: true, stored: { "polyverse.ruleset": "maelstrom" } });
  player = world.users.player;
  gm = world.users.gm;
  brute = world.actor({ name: "Brute", type: "maelstrom-npc", system: { attributes: { strength: 3 } } });
  ward = world.actor({ name: "Ward", type: "maelstrom-character" }, player.id);
  ada = world.actor(
    {
      name: "Ada",
      type: "maelstrom-character",
      system: { attributes: { strength: 2 } },
      items: [
        {
          name: "Pistol",
          type: "maelstrom-weapon",
          system: { category: "ranged", ability: "firearms", damage: 3, damageType: "lethal" },
        },
      ],
    },
    player.id,
  );
});

beforeEach(async () => {
  world.as(gm);
  for (const a of [brute, ward]) await a.update({ "system.health": fresh });
  world.recorder.notifications.length = 0;
});

describe("the attack card's damage is the GM's to work out", () => {
  it("the player's Roll damage and Apply are carried out by the GM, from the card and the documents", async () => {
    const message = await post();
    world.queueD10([6, 8, 10, 2, 1]);
    await request({ messageId: message.id, op: "damage" });
    expect(message.system.card.damage).toEqual({ dice: 5, faces: [6, 8, 10, 2, 1], levels: 3 });
    // Brute has no armour: no soak dice against lethal, all 3 levels marked.
    await request({ messageId: message.id, op: "apply", index: 0 });
    expect(health(brute)).toEqual({ ...fresh, lethal: 3 });
    expect(message.system.card.targets[0].soak).toMatchObject({ pool: 0, taken: 3 });
    expect(message.system.card.targets[0].applied).toMatchObject({ levels: 3 });
    expect(warnings()).toEqual([]);
  });

  it("hostile: the card's damage forged after the GM rolled it is refused, nothing marked", async () => {
    const message = await post();
    world.queueD10([6, 2, 2, 2, 2]);
    await request({ messageId: message.id, op: "damage" });
    world.as(player);
    await message.update({ "system.card.damage": { dice: 5, faces: [10, 10, 10, 10, 10], levels: 5 } });
    await request({ messageId: message.id, op: "apply", index: 0 });
    expect(health(brute)).toEqual(fresh);
    expect(warnings().at(-1)).toBe(text("POLYVERSE.Relay.CardChanged"));
  });

  it("hostile: a card posted with damage already on it, or successes its dice do not make, is refused", async () => {
    const rolled = await post({ damage: { dice: 5, faces: [10, 10, 10, 10, 10], levels: 5 } });
    await request({ messageId: rolled.id, op: "apply", index: 0 });
    const lucky = await post({ attack: { ...hitCard().attack, successes: 9 } });
    await request({ messageId: lucky.id, op: "damage" });
    const weapon = await post({ weapon: { ...hitCard().weapon, itemUuid: ada.items[0].uuid, damage: 30 } });
    await request({ messageId: weapon.id, op: "damage" });
    expect(health(brute)).toEqual(fresh);
    expect(lucky.system.card.damage).toBeNull();
    expect(weapon.system.card.damage).toBeNull();
    expect(warnings()).toEqual([
      text("POLYVERSE.Relay.CardChanged"),
      text("POLYVERSE.Relay.CardChanged"),
      text("POLYVERSE.Relay.WeaponMismatch"),
    ]);
  });

  it("hostile: applying twice applies once", async () => {
    const message = await post();
    world.queueD10([6, 6, 2, 2, 2]);
    await request({ messageId: message.id, op: "damage" });
    await request({ messageId: message.id, op: "apply", index: 0 });
    await request({ messageId: message.id, op: "apply", index: 0 });
    expect(health(brute)).toEqual({ ...fresh, lethal: 2 });
    expect(warnings()).toEqual([text(`${K}.Refused.AlreadyDone`)]);
    // The player takes the applied record off their card to apply again: the card changed.
    world.as(player);
    await message.update({
      "system.card.targets": message.system.card.targets.map((t: any) => ({ ...t, applied: null })),
    });
    await request({ messageId: message.id, op: "apply", index: 0 });
    expect(health(brute)).toEqual({ ...fresh, lethal: 2 });
    expect(warnings().at(-1)).toBe(text("POLYVERSE.Relay.CardChanged"));
  });

  it("hostile: a replayed request is answered as a replay, never carried out twice", async () => {
    const message = await post();
    world.queueD10([6, 6, 2, 2, 2]);
    await request({ messageId: message.id, op: "damage" });
    const id = await request({ messageId: message.id, op: "apply", index: 0 });
    await request({ messageId: message.id, op: "apply", index: 0 }, id);
    expect(health(brute)).toEqual({ ...fresh, lethal: 2 });
    expect(warnings()).toEqual([text("POLYVERSE.Relay.Replayed")]);
  });

  it("hostile: Soak or Undo on someone else's target, and Apply on a card the player neither wrote nor is targeted by, are refused", async () => {
    const message = await post();
    world.queueD10([6, 6, 2, 2, 2]);
    await request({ messageId: message.id, op: "damage" });
    await request({ messageId: message.id, op: "soak", index: 0 });
    expect(message.system.card.targets[0].soak).toBeNull();
    await request({ messageId: message.id, op: "apply", index: 0 });
    await request({ messageId: message.id, op: "undo", index: 0 });
    expect(health(brute)).toEqual({ ...fresh, lethal: 2 });
    // A GM's card against Brute alone: the player neither wrote it nor owns its target.
    world.as(gm);
    const gmCard = await g.ChatMessage.create({
      type: "maelstrom-attack",
      system: {
        card: withGMDamage(
          hitCard({
            attacker: { actorUuid: brute.uuid, name: "Brute", tokenUuid: null },
            targets: [{ actorUuid: brute.uuid, tokenUuid: null, name: "Brute", soak: null, applied: null }],
          }),
        ),
      },
      speaker: { actor: brute.id },
      rolls: [rollOf([8, 9, 7, 2])],
    });
    await request({ messageId: gmCard.id, op: "apply", index: 0 });
    expect(health(brute)).toEqual({ ...fresh, lethal: 2 });
    const mine = text(`${K}.Refused.NotYours`);
    expect(warnings()).toEqual([mine, mine, mine]);
  });

  it("Undo by the target's owner takes back only that card's levels, never another card's", async () => {
    // Two cards on Ward (the player's own character): 2 lethal, then 1 lethal.
    const first = await post();
    world.queueD10([6, 6, 2, 2, 2]);
    await request({ messageId: first.id, op: "damage" });
    await request({ messageId: first.id, op: "apply", index: 1 });
    const second = await post();
    world.queueD10([6, 2, 2, 2, 2]);
    await request({ messageId: second.id, op: "damage" });
    await request({ messageId: second.id, op: "apply", index: 1 });
    expect(health(ward)).toEqual({ ...fresh, lethal: 3 });
    await request({ messageId: first.id, op: "undo", index: 1 });
    expect(health(ward)).toEqual({ ...fresh, lethal: 1 });
    expect(first.system.card.targets[1].applied).toBeNull();
    // Undo again: nothing left on that row.
    await request({ messageId: first.id, op: "undo", index: 1 });
    expect(health(ward)).toEqual({ ...fresh, lethal: 1 });
    expect(warnings()).toEqual([text(`${K}.Refused.NothingToUndo`)]);
  });

  it("hostile: a row naming an actor of another ruleset is refused, nothing marked", async () => {
    world.as(gm);
    const stranger = world.actor({
      name: "Stranger",
      type: "verses-character",
      system: { hp: { value: 5 } },
    });
    const message = await post({
      targets: [{ actorUuid: stranger.uuid, tokenUuid: null, name: "Stranger", soak: null, applied: null }],
    });
    world.queueD10([6, 6, 2, 2, 2]);
    await request({ messageId: message.id, op: "damage" });
    await request({ messageId: message.id, op: "apply", index: 0 });
    expect(stranger.system.hp.value).toBe(5);
    expect(message.system.card.targets[0].applied).toBeNull();
    expect(warnings()).toEqual([text(`${K}.Refused.Gone`).replace("{name}", "Stranger")]);
  });

  it("hostile: payload fields out of bounds are refused as malformed", async () => {
    const message = await post();
    const malformed = text("POLYVERSE.Relay.Malformed");
    await request({ messageId: message.id, op: "apply", index: 2 });
    await request({ messageId: message.id, op: "apply", index: -1 });
    await request({ messageId: message.id, op: "apply", index: "0" });
    await request({ messageId: message.id, op: "apply", index: 0, levels: 9 });
    await request({ messageId: message.id, op: "damage", faces: [10, 10, 10] });
    await request({ messageId: message.id, op: "heal", index: 0 });
    await request({ messageId: "../../etc", op: "damage" });
    await request({ messageId: message.id, op: "damage" }, rid(), "maelstrom.nothing");
    expect(health(brute)).toEqual(fresh);
    expect(message.system.card.damage).toBeNull();
    expect(warnings().slice(0, 7)).toEqual(Array(7).fill(malformed));
    expect(warnings()).toHaveLength(8);
  });
});

describe("the experience die on the attack card is the GM's to roll", () => {
  let other: any; // A second player: owns nothing on these cards.
  const firearms = () => ada.system.xp.bank.abilities.firearms;

  beforeAll(() => {
    other = { id: "pl00000000000002", name: "Other", isGM: false, active: true, targets: new Set() };
    g.game.users.push(other);
    other.update = player.update;
  });

  /** A request written by `user`'s client, delivered to every client. */
  async function requestAs(user: any, payload: Record<string, unknown>) {
    world.as(user);
    await user.update({ [`flags.polyverse.relay.${rid()}`]: { type: "maelstrom.attackOp", payload } });
    await deliverUserUpdates(world.recorder, [gm, player, other]);
  }

  it("the attacker's owner asks; the GM banks 1 XP, rolls the die and re-records the card", async () => {
    const message = await post();
    const available = ada.system.xp.available;
    world.queueD10([9]);
    await request({ messageId: message.id, op: "experience", trait: "abilities.firearms" });
    expect(message.system.card.attack).toMatchObject({
      experience: { trait: "abilities.firearms", faces: [9] },
      successes: 4,
    });
    expect(ada.system.xp.available).toBe(available - 1);
    // Re-recorded: the player's next request about the card is carried out.
    world.queueD10([6, 6, 2, 2, 2, 2]);
    await request({ messageId: message.id, op: "damage" });
    expect(message.system.card.damage).toMatchObject({ dice: 6, levels: 2 });
    expect(warnings()).toEqual([]);
  });

  it("hostile: another player neither sees the button nor may press it", async () => {
    const message = await post();
    const banked = firearms();
    world.as(other);
    expect(await world.press(message, '[data-pv-action="maelstrom.attack.experience"]')).toBe(false);
    await requestAs(other, { messageId: message.id, op: "experience", trait: "abilities.firearms" });
    expect(message.system.card.attack.experience ?? null).toBeNull();
    expect(firearms()).toBe(banked);
    expect(warnings()).toEqual([text(`${K}.Refused.NotYours`)]);
  });

  it("hostile: a die its author writes into the card is refused: by the model, else by the GM", async () => {
    const message = await post();
    const banked = firearms();
    world.as(player);
    const attack = message.system.card.attack;
    // Out of bounds, or more dice than one die and its explosions: the card's model refuses them.
    for (const faces of [[11], [10, 10, 10], [4, 5]])
      await expect(
        message.update({
          "system.card.attack": { ...attack, experience: { trait: "abilities.firearms", faces } },
        }),
      ).rejects.toThrow(/experience/);
    // A well-formed die: the card is no longer what the GM recorded.
    await message.update({
      "system.card.attack": {
        ...attack,
        experience: { trait: "abilities.firearms", faces: [10] },
        successes: 4,
      },
    });
    await request({ messageId: message.id, op: "damage" });
    await request({ messageId: message.id, op: "experience", trait: "attributes.reflexes" });
    expect(message.system.card.damage).toBeNull();
    expect(firearms()).toBe(banked);
    const changed = text("POLYVERSE.Relay.CardChanged");
    expect(warnings()).toEqual([changed, changed]);
  });

  it("hostile: a replayed request adds one die and banks one point; a trait the attack did not use is malformed", async () => {
    const message = await post();
    const available = ada.system.xp.available;
    world.queueD10([3]);
    const id = await request({ messageId: message.id, op: "experience", trait: "abilities.firearms" });
    await request({ messageId: message.id, op: "experience", trait: "abilities.firearms" }, id);
    expect(message.system.card.attack.experience).toEqual({ trait: "abilities.firearms", faces: [3] });
    expect(ada.system.xp.available).toBe(available - 1);
    const second = await post();
    await request({ messageId: second.id, op: "experience", trait: "abilities.melee" });
    await request({ messageId: second.id, op: "experience", trait: "abilities.firearms", faces: [10] });
    await request({ messageId: second.id, op: "experience" });
    expect(second.system.card.attack.experience ?? null).toBeNull();
    expect(ada.system.xp.available).toBe(available - 1);
    const malformed = text("POLYVERSE.Relay.Malformed");
    expect(warnings()).toEqual([text("POLYVERSE.Relay.Replayed"), malformed, malformed, malformed]);
  });
});

/** A GM's card with its damage known (as the GM's own Roll damage leaves it). */
function withGMDamage(card: any) {
  return { ...card, damage: { dice: 5, faces: [6, 6, 2, 2, 2], levels: 2 } };
}
