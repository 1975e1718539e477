// A hostile player against the GM's client on Tales damage cards, driven against the built bundle as a
// player's client would: requests written straight into the player's own User document, cards the
// player posts and edits at will. The GM works the wound out from the documents and the card's rolled
// dice; nothing a player wrote is a number the GM uses.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadTalesCombatWorld, type TalesCombatWorld } from "./tales-combat-world";

const g = globalThis as any;
let world: TalesCombatWorld;
let player: any;
let gm: any;
let ada: any; // The player's attacker, with a sword (+6).
let brute: any; // The GM's: the player owns nothing of it.
let ward: any; // The player's own character.

const K = "POLYVERSE.Tales.Combat.Damage";
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const text = (key: string, data?: Record<string, string>) => String(g.game.i18n.format(key, data ?? {}));
let ridCount = 0;
const rid = () => `thostile${String(++ridCount).padStart(8, "0")}`;

/** Write a request as a hostile client would, and let the server deliver it. */
async function request(payload: Record<string, unknown>, id = rid(), type = "tales.damage.op") {
  world.as(player);
  await player.update({ [`flags.polyverse.relay.${id}`]: { type, payload } });
  await world.socketToGM();
  return id;
}

/** A roll whose dice show these faces, as the stand-in keeps them. */
function rollOf(faces: number[]) {
  const roll = new g.foundry.dice.Roll(`${faces.length}d6`);
  roll._faces = faces;
  roll._evaluated = true;
  return roll;
}

/** Post a damage card as the player (the GM's client records it): Ada's sword on `target`. */
async function post(target: any, over: Record<string, unknown> = {}, faces = [2]) {
  world.as(player);
  const card = {
    attacker: { actorUuid: ada.uuid, name: "Ada" },
    weapon: { itemUuid: ada.items[0].uuid, name: "Sword" },
    target: { actorUuid: target.uuid, name: target.name },
    attack: { margin: 0, rowShifts: 0, blocked: false, autoBullets: 0, sprayVictims: 1 },
    strength: 6,
    split: false,
    protection: 0,
    deathdealer: false,
    faces,
    applied: null,
    ...over,
  };
  const message = await g.ChatMessage.create({
    type: "tales-damage",
    system: { card },
    speaker: { actor: ada.id },
    rolls: [rollOf(faces)],
  });
  await world.socketToGM();
  return message;
}

const health = (a: any) => ({
  level: a.system.health.level,
  stunned: a.system.health.stunned,
  hp: a.system.hp.value,
});

beforeAll(async () => {
  world = await loadTalesCombatWorld();
  player = world.users.player;
  gm = world.users.gm;
  brute = world.actor({ name: "Brute", type: "tales-npc", system: { hp: { value: 4 } } });
  ward = world.character("Ward", { hp: { value: 4 } }, [], player.id);
  ada = world.character(
    "Ada",
    {},
    [{ name: "Sword", type: "tales-weapon", system: { damage: 6, skill: "melee", equipped: true } }],
    player.id,
  );
});

beforeEach(async () => {
  world.as(gm);
  for (const a of [brute, ward])
    await a.update({ "system.health": { level: "healthy", stunned: false }, "system.hp.value": 4 });
  world.recorder.notifications.length = 0;
});

describe("the damage card is the GM's to work out", () => {
  it("the target's owner asks; the GM applies from the documents and the dice (6 + 2 on the legs: Light)", async () => {
    const message = await post(ward);
    await request({ messageId: message.id, op: "apply", levels: 1 });
    expect(health(ward)).toEqual({ level: "healthy", stunned: true, hp: 3 });
    expect(warnings()).toEqual([]);
  });

  it("hostile: a card posted with a forged strength, or dice its roll does not show, is refused", async () => {
    const strong = await post(ward, { strength: 20 });
    await request({ messageId: strong.id, op: "apply", levels: 0 });
    const dice = await post(ward, { faces: [6] }, [2]);
    await request({ messageId: dice.id, op: "apply", levels: 0 });
    const preApplied = await post(ward, {
      applied: {
        levels: 0,
        cost: 0,
        essenceLevels: 0,
        essenceCost: 0,
        wounds: [null],
        before: { level: "healthy", stunned: false, hp: 4, essence: 4 },
        after: { level: "healthy", stunned: false, hp: 4, essence: 4 },
      },
    });
    await request({ messageId: preApplied.id, op: "undo" });
    expect(health(ward)).toEqual({ level: "healthy", stunned: false, hp: 4 });
    expect(warnings()).toEqual([
      text("POLYVERSE.Relay.WeaponMismatch"),
      text("POLYVERSE.Relay.WeaponMismatch"),
      text("POLYVERSE.Relay.WeaponMismatch"),
    ]);
  });

  it("hostile: the card's dice edited after posting are refused, nothing marked", async () => {
    const message = await post(ward);
    world.as(player);
    await message.update({ "system.card.faces": [6] });
    await request({ messageId: message.id, op: "apply", levels: 0 });
    expect(health(ward).level).toBe("healthy");
    expect(warnings().at(-1)).toBe(text("POLYVERSE.Relay.CardChanged"));
  });

  it("hostile: applying twice applies once; taking the record off the card to apply again is refused", async () => {
    const message = await post(ward);
    await request({ messageId: message.id, op: "apply", levels: 0 });
    await request({ messageId: message.id, op: "apply", levels: 0 });
    expect(health(ward)).toEqual({ level: "light", stunned: false, hp: 4 });
    expect(warnings()).toEqual([text(`${K}.Refused.AlreadyApplied`)]);
    world.as(player);
    await message.update({ "system.card.applied": null });
    await request({ messageId: message.id, op: "apply", levels: 0 });
    expect(health(ward).level).toBe("light");
    expect(warnings().at(-1)).toBe(text("POLYVERSE.Relay.CardChanged"));
  });

  it("hostile: a replayed request is answered as a replay, never carried out twice", async () => {
    const message = await post(ward);
    const id = await request({ messageId: message.id, op: "apply", levels: 0 });
    await request({ messageId: message.id, op: "apply", levels: 0 }, id);
    expect(health(ward).level).toBe("light");
    expect(warnings()).toEqual([text("POLYVERSE.Relay.Replayed")]);
  });

  it("hostile: absorbing or undoing for a target the player does not own is refused", async () => {
    const message = await post(brute);
    await request({ messageId: message.id, op: "apply", levels: 2 });
    expect(health(brute)).toEqual({ level: "healthy", stunned: false, hp: 4 });
    world.as(gm);
    const gmCard = await g.game.polyverse.rulesets.tales.actions.rollDamage(ada, ada.items[0], {
      target: brute,
    });
    expect(gmCard).not.toBeNull();
    await request({ messageId: gmCard.id, op: "apply", levels: 0 });
    expect(health(brute).level).toBe("healthy");
    expect(warnings()).toEqual([text(`${K}.Refused.NotYours`), text(`${K}.Refused.NotYours`)]);
  });

  it("Undo never erases another card's wound: after a second wound the first card's Undo is refused", async () => {
    const first = await post(ward);
    await request({ messageId: first.id, op: "apply", levels: 0 });
    const second = await post(ward);
    await request({ messageId: second.id, op: "apply", levels: 0 });
    // Light + Light: Critical.
    expect(health(ward).level).toBe("critical");
    await request({ messageId: first.id, op: "undo" });
    expect(health(ward).level).toBe("critical");
    expect(warnings()).toEqual([text(`${K}.Refused.ChangedSince`, { name: "Ward" })]);
    // The second card's own Undo restores what it found: Light.
    await request({ messageId: second.id, op: "undo" });
    expect(health(ward).level).toBe("light");
  });

  it("hostile: payload fields out of bounds, unknown keys and unknown operations are refused as malformed", async () => {
    const message = await post(ward);
    await request({ messageId: message.id, op: "apply", levels: 99 });
    await request({ messageId: message.id, op: "apply", levels: -1 });
    await request({ messageId: message.id, op: "apply", levels: 1, heal: true });
    await request({ messageId: message.id, op: "heal" });
    await request({ messageId: "../../etc", op: "undo" });
    expect(health(ward)).toEqual({ level: "healthy", stunned: false, hp: 4 });
    expect(warnings().length).toBe(5);
    expect(new Set(warnings())).toEqual(new Set([text("POLYVERSE.Relay.Malformed")]));
  });
});

describe("the attack card: defences are the target owner's, worked out by the GM", () => {
  /** Post an attack card as the player: Ada's sword (Physical 1 + Melee 0 + 0 = 1 at the defaults) on `target`. */
  async function attack(target: any, over: Record<string, unknown> = {}, face = 5) {
    world.as(player);
    const card = {
      attacker: { actorUuid: ada.uuid, name: "Ada" },
      weapon: { itemUuid: ada.items[0].uuid, name: "Sword" },
      target: { actorUuid: target.uuid, name: target.name },
      attack: {
        bonus: ada.system.attributes.physical + ada.system.skills.melee,
        face,
        ranged: false,
        band: null,
        aim: 0,
        autoBullets: 0,
        clumsy: false,
      },
      defence: null,
      damageMessageId: null,
      ...over,
    };
    const message = await g.ChatMessage.create({
      type: "tales-attack",
      system: { card },
      speaker: { actor: ada.id },
      rolls: [rollOf([face])],
    });
    await world.socketToGM();
    return message;
  }
  const op = (payload: Record<string, unknown>, id?: string) => request(payload, id, "tales.attack.op");

  it("the target's owner defends through the GM; defending twice defends once; a replay is refused", async () => {
    const message = await attack(ward);
    world.queueFaces([2]);
    const id = await op({ messageId: message.id, op: "defend", choice: "none" });
    expect(message.system.card.defence).toMatchObject({ choice: "none", face: 2 });
    await op({ messageId: message.id, op: "defend", choice: "dodge" });
    await op({ messageId: message.id, op: "defend", choice: "none" }, id);
    expect(message.system.card.defence.choice).toBe("none");
    expect(warnings()).toEqual([
      text("POLYVERSE.Tales.Combat.Attack.Refused.AlreadyDefended"),
      text("POLYVERSE.Relay.Replayed"),
    ]);
  });

  it("hostile: defending for a target the player does not own, a forged bonus, an unknown defence are refused", async () => {
    const theirs = await attack(brute);
    await op({ messageId: theirs.id, op: "defend", choice: "none" });
    const forged = await attack(ward, {
      attack: { bonus: 20, face: 5, ranged: false, band: null, aim: 0, autoBullets: 0, clumsy: false },
    });
    await op({ messageId: forged.id, op: "defend", choice: "none" });
    const good = await attack(ward);
    await op({ messageId: good.id, op: "defend", choice: "teleport" });
    await op({ messageId: good.id, op: "defend", choice: "parry" });
    expect(theirs.system.card.defence).toBeNull();
    expect(forged.system.card.defence).toBeNull();
    expect(good.system.card.defence).toBeNull();
    expect(warnings()).toEqual([
      text("POLYVERSE.Tales.Combat.Attack.Refused.NotYours"),
      text("POLYVERSE.Relay.WeaponMismatch"),
      text("POLYVERSE.Relay.Malformed"),
      text("POLYVERSE.Tales.Combat.Attack.Closed.noWeapon"),
    ]);
  });

  it("hostile: the player's attack die edited after posting is refused; damage only once, by the attacker's owner", async () => {
    const edited = await attack(ward);
    world.as(player);
    await edited.update({ "system.card.attack.face": 6 });
    await op({ messageId: edited.id, op: "defend", choice: "none" });
    expect(edited.system.card.defence).toBeNull();
    const hit = await attack(ward, {}, 6);
    world.queueFaces([1]);
    await op({ messageId: hit.id, op: "defend", choice: "none" });
    expect(hit.system.card.defence).toMatchObject({ hit: true });
    world.queueFaces(Array(1 + hit.system.card.defence.shifts).fill(3));
    await op({ messageId: hit.id, op: "damage", rowShifts: 0 });
    await op({ messageId: hit.id, op: "damage", rowShifts: 0 });
    const damage = world.messages.filter(
      (m: any) => m.type === "tales-damage" && m.id === hit.system.card.damageMessageId,
    );
    expect(damage.length).toBe(1);
    expect(warnings()).toEqual([
      text("POLYVERSE.Relay.CardChanged"),
      text("POLYVERSE.Tales.Combat.Attack.Refused.AlreadyRolled"),
    ]);
  });
});
