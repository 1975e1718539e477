// A hostile player against the GM's client (issue #11), driven against the built bundle as a
// player's client would send it: requests written straight into the player's own User document,
// chat messages the player posts and edits at will. The GM's client must never be a tool for a
// player: no field outside the allow-list, no document outside the card, no sender but the one
// Foundry names, nothing twice, nothing edited after the roll.
import { beforeAll, describe, expect, it } from "vitest";
import { loadAttackBundle, type AttackWorld } from "./stub-scene";

const g = globalThis as any;
let world: AttackWorld;
let api: any;
let player: any;
let gm: any;

let npc: any; // The GM's: the player owns nothing of it.
let rogue: any; // The player's attacker.
let ward: any; // The player's own character.

const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
let ridCount = 0;
const rid = () => `hostile${String(++ridCount).padStart(9, "0")}`;

/** Write a request as a hostile client would, and let the server deliver it. */
async function request(type: string, payload: Record<string, unknown>) {
  world.as(player);
  await player.update({ [`flags.polyverse.relay.${rid()}`]: { type, payload } });
  await world.socketToGM();
}

/** Post a card as the player, while the GM is connected (the GM's client records it). */
async function post(flags: Record<string, unknown>, speaker: any = rogue) {
  world.as(player);
  const message = await g.ChatMessage.create({ speaker: { actor: speaker.id }, flags: { polyverse: flags } });
  await world.socketToGM();
  return message;
}

const heal = (id: string, delta = 2) => ({
  id,
  uuid: npc.uuid,
  name: "Brute",
  add: [{ path: "system.hp.value", delta, min: 0, max: 10 }],
});

beforeAll(async () => {
  world = await loadAttackBundle();
  api = g.game.polyverse.rulesets.verses.actions;
  player = world.users.player;
  gm = world.users.gm;
  npc = world.actor({ name: "Brute", type: "verses-character", system: { hp: { value: 5 } } });
  ward = world.actor({ name: "Ward", type: "verses-character", system: { hp: { value: 10 } } }, player.id);
  rogue = world.actor(
    {
      name: "Rogue",
      type: "verses-character",
      items: [
        {
          name: "Weapons » Short Blades",
          type: "verses-skill",
          system: {
            skill: "Weapons",
            spec: "Short Blades",
            difficulty: 1,
            default: { kind: "attribute", attribute: "prw" },
            allocated: 2,
          },
        },
        {
          name: "Dagger",
          type: "verses-weapon",
          system: {
            modes: [
              {
                name: "",
                area: "",
                indirect: false,
                hands: 1,
                skill: "Weapons » Short Blades",
                test: "2S",
                damage: "1(p)",
                features: [{ name: "Parry", value: "1" }],
              },
            ],
            equipped: true,
          },
        },
      ],
    },
    player.id,
  );
  world.token(rogue, 0, 0);
  world.token(npc, 1, 0);
  world.token(ward, 2, 0);
});

describe("a card's pending changes are not a program the GM runs", () => {
  it("hostile: HP set to 0, ownership, a User's role, a flag deletion and a damaging delta are all refused", async () => {
    world.recorder.notifications.length = 0;
    const message = await post({
      special: { kind: "forged" },
      pending: [
        { id: "p000000000000001", uuid: npc.uuid, name: "Brute", set: { "system.hp.value": 0 } },
        { id: "p000000000000002", uuid: npc.uuid, name: "Brute", set: { [`ownership.${player.id}`]: 3 } },
        { id: "p000000000000003", uuid: `User.${player.id}`, name: "Player", set: { role: 4 } },
        {
          id: "p000000000000004",
          uuid: npc.uuid,
          name: "Brute",
          set: { "flags.polyverse.verses.-=conditions": null },
        },
        {
          id: "p000000000000005",
          uuid: npc.uuid,
          name: "Brute",
          add: [{ path: "system.hp.value", delta: -5 }],
        },
        {
          id: "p000000000000006",
          uuid: npc.uuid,
          name: "Brute",
          statuses: [{ id: "godmode", active: true }],
        },
      ],
    });
    await request("core.applyPending", { messageId: message.id });
    expect(npc.system.hp.value).toBe(5);
    expect(npc.ownership?.[player.id]).toBeUndefined();
    expect(player.role).toBeUndefined();
    expect(npc.statuses.size).toBe(0);
    expect(message.flags.polyverse.pending).toEqual([]);
    expect(warnings().at(-1)).toBe("The GM refused a change to system.hp.value: a card may not change that.");
  });

  it("a healing the card carried when it was posted is applied once, however often it is asked for again", async () => {
    const message = await post({ special: { kind: "heal" }, pending: [heal("h000000000000001")] });
    await request("core.applyPending", { messageId: message.id });
    expect(npc.system.hp.value).toBe(7);
    // Replayed: the player puts the change back on the card and asks again.
    world.as(player);
    await message.update({ "flags.polyverse.pending": [heal("h000000000000001")] });
    await request("core.applyPending", { messageId: message.id });
    expect(npc.system.hp.value).toBe(7);
  });

  it("hostile: a forged clamp ({ delta: 2, min: 100 }) lifts Hit Points by the 2 the policy bounds, never to 100", async () => {
    const before = npc.system.hp.value;
    const forged = { ...heal("h000000000000077"), add: [{ path: "system.hp.value", delta: 2, min: 100 }] };
    const message = await post({ special: { kind: "heal" }, pending: [forged] });
    await request("core.applyPending", { messageId: message.id });
    expect(npc.system.hp.value).toBe(before + 2);
    world.as(world.users.gm);
    await npc.update({ "system.hp.value": before });
  });

  it("a typed card draws its GM note from what is still pending: gone once the GM applied the change", async () => {
    world.as(player);
    const card = {
      kind: "healing",
      title: { key: "TYPES.ChatMessage.verses-special" },
      headline: { key: "TYPES.ChatMessage.verses-special" },
      sides: [],
      outcome: "success",
      lines: [],
    };
    const message = await g.ChatMessage.create({
      type: "verses-special",
      speaker: { actor: rogue.id },
      system: { card },
      flags: { polyverse: { pending: [heal("h000000000000009")] } },
    });
    await world.socketToGM();
    const note = "Waiting for the GM to apply the changes to Brute.";
    expect(world.render(message).textContent).toContain(note);
    const before = npc.system.hp.value;
    await request("core.applyPending", { messageId: message.id });
    expect(npc.system.hp.value).toBe(Math.min(before + 2, 10));
    expect(world.render(message).textContent).not.toContain(note);
    // The tests after this one count from the Brute's HP before it.
    world.as(gm);
    await npc.update({ "system.hp.value": before });
  });

  it("hostile: a change added or enlarged after the card was posted is refused", async () => {
    world.recorder.notifications.length = 0;
    const message = await post({ special: { kind: "heal" }, pending: [heal("h000000000000002", 1)] });
    world.as(player);
    await message.update({ "flags.polyverse.pending": [heal("h000000000000002", 50)] });
    await request("core.applyPending", { messageId: message.id });
    expect(npc.system.hp.value).toBe(7);
    expect(warnings().at(-1)).toMatch(/posted while no GM was connected, or its changes were added later/);
  });

  it("hostile: another player's card, a card that does not exist, and a malformed id are refused", async () => {
    world.recorder.notifications.length = 0;
    world.as(gm);
    const gmCard = await g.ChatMessage.create({
      flags: { polyverse: { special: {}, pending: [heal("h000000000000003")] } },
    });
    await request("core.applyPending", { messageId: gmCard.id });
    await request("core.applyPending", { messageId: "nosuchmessage001" });
    await request("core.applyPending", { messageId: { $ne: null } });
    await request("core.applyPending", { messageId: gmCard.id, extra: 1 });
    expect(npc.system.hp.value).toBe(7);
    expect(warnings()).toEqual([
      "Only the card's author can ask the GM to apply its changes.",
      "That chat card no longer exists.",
      "The GM refused a request that was not well formed.",
      "The GM refused a request that was not well formed.",
    ]);
  });

  it("a card posted while no GM was connected is applied only by a GM", async () => {
    world.recorder.notifications.length = 0;
    world.as(player);
    const message = await g.ChatMessage.create({
      speaker: { actor: rogue.id },
      flags: { polyverse: { special: {}, pending: [heal("h000000000000004")] } },
    });
    world.recorder.broadcasts.length = 0; // The GM's client never saw it.
    await request("core.applyPending", { messageId: message.id });
    expect(npc.system.hp.value).toBe(7);
    expect(warnings().at(-1)).toMatch(/posted while no GM was connected/);
  });
});

describe("attack cards: the GM works out what a button means", () => {
  let attack: any;
  beforeAll(async () => {
    world.as(player);
    player.targets = new Set([npc._tokens[0], ward._tokens[0]]);
    world.queueFaces([6, 6, 5, 1, 1]);
    const dagger = rogue.items.find((i: any) => i.type === "verses-weapon");
    await api.rollWeapon(rogue, dagger, 0, { skipDialog: true, ad: 1, metres: 1 });
    attack = world.messages.at(-1);
    await world.socketToGM();
  });

  it("hostile: 'Take it' for a target the player does not own, a row out of range, an unknown operation", async () => {
    world.recorder.notifications.length = 0;
    await request("verses.attackOp", { messageId: attack.id, op: "take", index: 0 });
    await request("verses.attackOp", { messageId: attack.id, op: "take", index: 7 });
    await request("verses.attackOp", { messageId: attack.id, op: "take", index: 0.5 });
    await request("verses.attackOp", { messageId: attack.id, op: "delete", index: 0 });
    expect(attack.system.card.targets[0].taken).toBe(false);
    expect(warnings()).toEqual([
      "You do not control this target.",
      "The GM refused a request that was not well formed.",
      "The GM refused a request that was not well formed.",
      "The GM refused a request that was not well formed.",
    ]);
  });

  it("hostile: faces edited after the roll, or a target added, make the GM refuse the card", async () => {
    world.as(gm);
    await api.attackCardOp(attack, { op: "take", index: 0 });
    world.recorder.notifications.length = 0;
    const original = structuredClone(attack.system.card);
    world.as(player);
    await attack.update({ "system.card": { ...original, faces: [6, 6, 6, 6, 6, 6, 6, 6] } });
    await request("verses.attackOp", { messageId: attack.id, op: "apply", index: 0 });
    expect(npc.system.hp.value).toBe(7);
    const extra = { ...original.targets[1], actorUuid: gm.id, name: "Someone else" };
    await attack.update({ "system.card": { ...original, targets: [...original.targets, extra] } });
    await request("verses.attackOp", { messageId: attack.id, op: "apply", index: 0 });
    expect(npc.system.hp.value).toBe(7);
    expect(warnings()).toEqual([
      "This card was changed after it was rolled; the GM refused to act on it.",
      "This card was changed after it was rolled; the GM refused to act on it.",
    ]);
    await attack.update({ "system.card": original });
  });

  it("the author's Apply is worked out by the GM once; clearing the card's record does not apply it twice", async () => {
    world.recorder.notifications.length = 0;
    await request("verses.attackOp", { messageId: attack.id, op: "apply", index: 0 });
    const after = npc.system.hp.value;
    expect(after).toBeLessThan(7);
    world.as(player);
    const card = structuredClone(attack.system.card);
    card.targets[0].applied = null;
    await attack.update({ "system.card": card });
    await request("verses.attackOp", { messageId: attack.id, op: "apply", index: 0 });
    expect(npc.system.hp.value).toBe(after);
    expect(warnings()).toEqual(["That has already been done on this card."]);
  });

  it("hostile: the attacker cannot Undo a blow on someone else's character; its owner (the GM) can", async () => {
    world.recorder.notifications.length = 0;
    const after = npc.system.hp.value;
    await request("verses.attackOp", { messageId: attack.id, op: "undo", index: 0 });
    expect(npc.system.hp.value).toBe(after);
    expect(warnings()).toEqual(["You do not control this target."]);
  });

  it("hostile: a weapon's numbers inflated on the card when it is posted: the GM refuses every request", async () => {
    world.as(player);
    world.queueFaces([6, 5, 1, 1, 1]);
    const dagger = rogue.items.find((i: any) => i.type === "verses-weapon");
    player.targets = new Set([npc._tokens[0]]);
    // The hostile client posts its own attack card with 9(p) for a dagger that deals 1(p).
    const createOriginal = g.ChatMessage.create;
    g.ChatMessage.create = async (data: any) => {
      if (data?.type === "verses-attack") data.system.card.weapon.damage = "9(p)";
      return createOriginal(data);
    };
    try {
      await api.rollWeapon(rogue, dagger, 0, { skipDialog: true, ad: 1, metres: 1 });
    } finally {
      g.ChatMessage.create = createOriginal;
    }
    const forged = world.messages.at(-1);
    await world.socketToGM();
    world.as(gm);
    await api.attackCardOp(forged, { op: "take", index: 0 });
    world.recorder.notifications.length = 0;
    const before = npc.system.hp.value;
    await request("verses.attackOp", { messageId: forged.id, op: "apply", index: 0 });
    expect(npc.system.hp.value).toBe(before);
    expect(warnings()).toEqual(["This attack card does not match its weapon; the GM refused to act on it."]);
  });
});

describe("Uncanny Luck and Assassination on a player's attack card: only what the GM worked out stands", () => {
  let lucky: any;
  let attack: any;
  const dagger = (actor: any) => actor.items.find((i: any) => i.type === "verses-weapon");
  beforeAll(async () => {
    lucky = world.actor(
      {
        name: "Lucky Rogue",
        type: "verses-character",
        items: [
          ...rogue.items.map((i: any) => ({
            name: i.name,
            type: i.type,
            system: i.system.toObject?.() ?? i.system,
          })),
          { name: "uncannyLuck", type: "verses-ability", system: { key: "uncannyLuck", allocated: 1 } },
        ],
      },
      player.id,
    );
    world.token(lucky, 0, 2);
  });

  it("a legitimate re-roll: the player asks, the GM rolls the 1 again and records the card anew; later requests stand", async () => {
    world.as(player);
    player.targets = new Set([npc._tokens[0]]);
    // The dagger's 5 dice (as the Rogue's above) against 2S: a six and 1s; the luck turns a 1 into a six.
    world.queueFaces([6, 1, 2, 2, 2]);
    await api.rollWeapon(lucky, dagger(lucky), 0, { skipDialog: true, ad: 1, metres: 1 });
    attack = world.messages.at(-1);
    await world.socketToGM();
    world.recorder.notifications.length = 0;
    // The player's own client does not re-roll: it asks the GM, whose client rolls.
    world.queueFaces([6]);
    await api.attackCardOp(attack, { op: "luck" });
    await world.socketToGM();
    expect(attack.system.card.faces.slice(0, 2)).toEqual([6, 6]);
    expect(attack.system.card.luck).toMatchObject({ indices: [1], faces: [6] });
    // The ledger accepts the card the GM left: the GM's own Take it and the player's Apply stand.
    world.as(gm);
    await api.attackCardOp(attack, { op: "take", index: 0 });
    const before = npc.system.hp.value;
    await request("verses.attackOp", { messageId: attack.id, op: "apply", index: 0 });
    expect(npc.system.hp.value).toBeLessThan(before);
    expect(warnings()).toEqual([]);
    // Asked again: once.
    await request("verses.attackOp", { messageId: attack.id, op: "luck" });
    expect(warnings()).toEqual(["That has already been done on this card."]);
  });

  it("hostile: a re-roll written by the player (faces and luck edited) makes the GM refuse the card", async () => {
    world.as(player);
    player.targets = new Set([npc._tokens[0]]);
    world.queueFaces([5, 1, 2, 2, 2]);
    await api.rollWeapon(lucky, dagger(lucky), 0, { skipDialog: true, ad: 1, metres: 1 });
    const forged = world.messages.at(-1);
    await world.socketToGM();
    const card = structuredClone(forged.system.card);
    card.faces[1] = 6;
    card.luck = { rolled: [5, 1], indices: [1], faces: [6] };
    await forged.update({ "system.card": card });
    world.recorder.notifications.length = 0;
    await request("verses.attackOp", { messageId: forged.id, op: "take", index: 0 });
    expect(warnings()).toEqual(["This card was changed after it was rolled; the GM refused to act on it."]);
  });

  it("hostile: Uncanny Luck asked for by a player whose attacker has none, or for a row they do not own", async () => {
    world.as(player);
    player.targets = new Set([npc._tokens[0]]);
    await api.rollWeapon(rogue, dagger(rogue), 0, { skipDialog: true, ad: 1, metres: 1 });
    const plain = world.messages.at(-1);
    await world.socketToGM();
    world.recorder.notifications.length = 0;
    await request("verses.attackOp", { messageId: plain.id, op: "luck" });
    await request("verses.attackOp", { messageId: plain.id, op: "luck", index: 0 });
    await request("verses.attackOp", { messageId: plain.id, op: "luck", index: 0, faces: [6] });
    expect(warnings()).toEqual([
      g.game.i18n.localize("POLYVERSE.Verses.Luck.Nothing"),
      "You do not control this target.",
      "The GM refused a request that was not well formed.",
    ]);
  });

  it("a defence re-rolled by the GM stands; a defence or its re-roll edited by the attacking player is refused", async () => {
    const brute = world.actor({
      name: "Lucky Brute",
      type: "verses-character",
      system: { hp: { value: 10 } },
      items: [{ name: "uncannyLuck", type: "verses-ability", system: { key: "uncannyLuck", allocated: 1 } }],
    });
    world.token(brute, 1, 2);
    world.as(player);
    player.targets = new Set([brute._tokens[0]]);
    // Four sixes against 2S: still a hit after the dodge takes two off.
    world.queueFaces([6, 6, 6, 6, 2]);
    await api.rollWeapon(rogue, dagger(rogue), 0, { skipDialog: true, ad: 1, metres: 1 });
    const card = world.messages.at(-1);
    await world.socketToGM();
    // The GM dodges for the brute: a six and a 1; Uncanny Luck turns the 1 into a five.
    world.as(gm);
    // PRW 2 + 1 AD.
    world.queueFaces([6, 1, 2]);
    await api.defend(brute, card, 0, "dodge", { skipDialog: true, ad: 1 });
    world.queueFaces([5]);
    await api.attackCardOp(card, { op: "luck", index: 0 });
    expect(card.system.card.targets[0].defence.luck).toMatchObject({ indices: [1], faces: [5] });
    world.recorder.notifications.length = 0;
    const original = structuredClone(card.system.card);
    world.as(player);
    // The attacker edits the defender's dice on its own card: refused.
    const edited = structuredClone(original);
    edited.targets[0].defence.faces = [1, 1, 2];
    await card.update({ "system.card": edited });
    await request("verses.attackOp", { messageId: card.id, op: "apply", index: 0 });
    // ... or the GM's re-roll: refused.
    const luck = structuredClone(original);
    luck.targets[0].defence.luck.faces = [1];
    luck.targets[0].defence.faces[1] = 1;
    await card.update({ "system.card": luck });
    await request("verses.attackOp", { messageId: card.id, op: "apply", index: 0 });
    expect(warnings()).toEqual([
      "This card was changed after it was rolled; the GM refused to act on it.",
      "This card was changed after it was rolled; the GM refused to act on it.",
    ]);
    expect(brute.system.hp.value).toBe(10);
    // As the GM left it: the apply stands.
    await card.update({ "system.card": original });
    await request("verses.attackOp", { messageId: card.id, op: "apply", index: 0 });
    expect(warnings().slice(2)).toEqual([]);
    expect(brute.system.hp.value).toBeLessThan(10);
  });

  it("hostile: an Assassination written onto the card with no Watch behind it: the GM refuses every request", async () => {
    world.as(player);
    player.targets = new Set([npc._tokens[0]]);
    const createOriginal = g.ChatMessage.create;
    g.ChatMessage.create = async (data: any) => {
      if (data?.type === "verses-attack") data.system.card.assassination = { actorUuid: npc.uuid, dice: 5 };
      return createOriginal(data);
    };
    try {
      await api.rollWeapon(rogue, dagger(rogue), 0, { skipDialog: true, ad: 1, metres: 1 });
    } finally {
      g.ChatMessage.create = createOriginal;
    }
    const forged = world.messages.at(-1);
    await world.socketToGM();
    world.recorder.notifications.length = 0;
    await request("verses.attackOp", { messageId: forged.id, op: "take", index: 0 });
    expect(warnings()).toEqual([g.game.i18n.localize("POLYVERSE.Verses.Assassination.Mismatch")]);
  });
});

describe("everything a name reaches is escaped", () => {
  it("an attacker, a weapon and a target named like markup render as text on the attack card", async () => {
    const evil = "<img src=x onerror=alert(1)>";
    const villain = world.actor(
      {
        name: evil,
        type: "verses-character",
        items: [
          { ...rogue.items.find((i: any) => i.type === "verses-skill").toObject(), _id: undefined },
          {
            name: evil,
            type: "verses-weapon",
            system: {
              modes: [
                {
                  name: evil,
                  area: "",
                  indirect: false,
                  hands: 1,
                  skill: "Weapons » Short Blades",
                  test: "1S",
                  damage: "1(b)",
                  features: [],
                },
              ],
              equipped: true,
            },
          },
        ],
      },
      player.id,
    );
    const victim = world.actor({ name: `${evil}<script>x</script>`, type: "verses-character" });
    world.token(villain, 5, 5);
    world.token(victim, 6, 5);
    world.as(player);
    player.targets = new Set([victim._tokens[0]]);
    world.queueFaces([6, 1, 1, 1, 1]);
    const count = world.messages.length;
    await api.rollWeapon(
      villain,
      villain.items.find((i: any) => i.type === "verses-weapon"),
      0,
      {
        skipDialog: true,
        ad: 1,
        metres: 1,
      },
    );
    expect(world.messages.length).toBe(count + 1);
    const html = world.render(world.messages.at(-1));
    expect(html.querySelector("img, script")).toBeNull();
    expect(html.textContent).toContain(evil);
  });
});

describe("hostile: a verses-attack message the player posts with forged system data", () => {
  let real: any;
  const dagger = () => rogue.items.find((i: any) => i.type === "verses-weapon");
  const refusedApply = async (forged: any) => {
    await world.socketToGM();
    world.as(gm);
    await api.attackCardOp(forged, { op: "take", index: 0 });
    world.recorder.notifications.length = 0;
    const before = npc.system.hp.value;
    await request("verses.attackOp", { messageId: forged.id, op: "apply", index: 0 });
    expect(npc.system.hp.value).toBe(before);
    expect(warnings()).toEqual(["This card was changed after it was rolled; the GM refused to act on it."]);
  };
  beforeAll(async () => {
    // A real attack of the player's: a five and four ones, to copy from.
    world.as(player);
    player.targets = new Set([npc._tokens[0]]);
    world.queueFaces([5, 1, 1, 1, 1]);
    await api.rollWeapon(rogue, dagger(), 0, { skipDialog: true, ad: 1, metres: 1 });
    real = world.messages.at(-1);
    await world.socketToGM();
  });

  it("sixes written into a card that rolled nothing: the GM applies no damage", async () => {
    const card = structuredClone(real.system.card);
    card.faces = card.faces.map(() => 6);
    world.as(player);
    const forged = await g.ChatMessage.create({
      type: "verses-attack",
      speaker: real.speaker,
      system: { card },
    });
    await refusedApply(forged);
  });

  it("sixes written over the dice the card's roll shows: the GM applies no damage", async () => {
    const card = structuredClone(real.system.card);
    card.faces = card.faces.map(() => 6);
    world.as(player);
    const forged = await g.ChatMessage.create({
      type: "verses-attack",
      speaker: real.speaker,
      rolls: real.rolls,
      system: { card },
    });
    await refusedApply(forged);
  });

  it("a card its model refuses (an unknown mode, dice that are not d6 faces, a negative AD) is never posted", async () => {
    world.as(player);
    const card = structuredClone(real.system.card);
    const post = (system: any) =>
      g.ChatMessage.create({ type: "verses-attack", speaker: real.speaker, system });
    await expect(post({ card: { ...card, mode: "nuke" } })).rejects.toThrow(/mode/);
    await expect(post({ card: { ...card, faces: [9, 9] } })).rejects.toThrow(/faces/);
    await expect(post({ card: { ...card, ad: -3 } })).rejects.toThrow(/ad/);
    world.as(gm);
  });
});
