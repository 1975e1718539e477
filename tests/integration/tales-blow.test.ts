// The blow of a Tales attack card against the built bundle, every button pressed from the card and a
// player's carried out by the GM through the relay: the attack's die a Tales roll (shown by Dice So Nice,
// rebuilt as one after a reload), the defence die shown; the attacker's rows or extra location dice
// (D04-D06: a Heavy Pistol's +5 on a 4, the Abdomen, against a Bulletproof Vest's 5); a counter-attack
// that lands dealing the defender's damage (its Knife, or bare hands: D02); Entangle instead of damage
// (D13, the Whip); a Fragile Golf Club breaking on a parry and its Undo. Hostile clients: rows beyond
// the margin, someone else's blow or weapon, a forged roll or attacker, a card edited after the GM.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { flush, loadTalesCombatWorld, type TalesCombatWorld } from "./tales-combat-world";

const g = globalThis as any;
let world: TalesCombatWorld;
let gm: any;
let player: any;
const shown: any[] = [];

const A = "POLYVERSE.Tales.Combat.Attack";
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const text = (key: string, data?: Record<string, string>) => String(g.game.i18n.format(key, data ?? {}));
const actions = () => g.game.polyverse.rulesets.tales.actions;
const TalesRoll = () => g.CONFIG.Dice.rolls.find((r: any) => r.name === "TalesRoll");
let ridCount = 0;
const rid = () => `tblow${String(++ridCount).padStart(11, "0")}`;

const pistol = {
  name: "Heavy Pistol",
  type: "tales-weapon",
  system: { damage: 5, skill: "firearms", attribute: "mental", equipped: true, traits: { range: 50 } },
};
const vest = {
  name: "Bulletproof Vest",
  type: "tales-armour",
  system: { protection: 5, modifier: 1, equipped: true },
};
const sword = {
  name: "Sword",
  type: "tales-weapon",
  system: { damage: 6, modifier: -1, skill: "melee", equipped: true },
};
const knife = {
  name: "Knife",
  type: "tales-weapon",
  system: { damage: 1, modifier: -1, skill: "melee", equipped: true },
};
const whip = {
  name: "Whip",
  type: "tales-weapon",
  system: { damage: 2, modifier: -2, skill: "melee", equipped: true, traits: { entangle: true } },
};
const club = {
  name: "Golf Club",
  type: "tales-weapon",
  system: { damage: 2, skill: "melee", equipped: true, traits: { fragile: true } },
};

/** Render the card for the current user, set its selects, press a button; false when hidden or absent. */
async function press(message: any, action: string, selects: Record<string, string> = {}) {
  const html = world.render(message);
  for (const [name, value] of Object.entries(selects)) {
    const select = html.querySelector<HTMLSelectElement>(`select[name=${name}]`);
    if (!select) return false;
    select.value = value;
  }
  const button = html.querySelector<HTMLButtonElement>(`button[data-pv-action="${action}"]`);
  if (!button || button.hidden) return false;
  button.click();
  await flush();
  await world.socketToGM();
  await flush();
  return true;
}

/** Write a request as a hostile client would, and let the server deliver it. */
async function request(payload: Record<string, unknown>, id = rid()) {
  world.as(player);
  await player.update({ [`flags.polyverse.relay.${id}`]: { type: "tales.attack.op", payload } });
  await world.socketToGM();
  return id;
}

/** Roll an attack as `user` at `target` with this die; the GM's client records a player's card. */
async function attack(user: any, actor: any, target: any, face: number, options: object = {}) {
  world.as(user);
  world.queueFaces([face]);
  const message = await actions().rollAttack(actor, actor.items[0], { target, ...options });
  await world.socketToGM();
  world.as(gm);
  return message;
}

/** The target's owner (`user`) defends with `choice`; the GM rolls this die. */
async function defend(user: any, message: any, choice: string, face: number) {
  world.as(user);
  world.queueFaces([face]);
  expect(await press(message, "tales.attack.defend", { defence: choice })).toBe(true);
  world.as(gm);
}

/** A combat of these actors, initiative rolled with these dice (dealt once all are in). */
async function fight(actors: any[], dice: number[]) {
  const Combat = g.CONFIG.Combat.documentClass;
  const combat = new Combat({
    _id: `combat${String(++ridCount).padStart(10, "0")}`,
    combatants: actors.map((a, i) => ({
      _id: `cb${String(ridCount).padStart(6, "0")}${i}0000000`,
      name: a.name,
      actorId: a.id,
    })),
  });
  g.game.combat = combat;
  g.game.combats = [combat];
  world.as(gm);
  world.queueFaces(...dice.map((d) => [d]));
  await combat.rollInitiative(combat.combatants.contents.map((c: any) => c.id));
  await flush();
  const round = (actor: any) =>
    combat.combatants.contents.find((c: any) => c.actor === actor).flags.polyverse.tales.round;
  return { combat, round };
}

const damageOf = (message: any) =>
  world.messages.find((m: any) => m.id === message.system.card.damageMessageId);

beforeAll(async () => {
  world = await loadTalesCombatWorld();
  gm = world.users.gm;
  player = world.users.player;
  g.game.dice3d = { showForRoll: (roll: any) => void shown.push(roll) };
});

beforeEach(() => {
  world.as(gm);
  g.game.combat = null;
  world.recorder.notifications.length = 0;
  shown.length = 0;
});

describe("the attack's dice", () => {
  it("C04: the attack's die is a Tales roll holding Physical 3 + Melee 2; rebuilt as one; the defence die is shown", async () => {
    const brute = world.actor({
      name: "Brute",
      type: "tales-npc",
      system: { attributes: { physical: 3 }, skills: { melee: 2 } },
      items: [{ ...sword, system: { ...sword.system, modifier: 0 } }],
    });
    const ward = world.character("Ward", { attributes: { physical: 3 } }, [], player.id);
    const message = await attack(gm, brute, ward, 5);
    const roll = message.rolls[0];
    expect(roll).toBeInstanceOf(TalesRoll());
    expect(roll.options).toMatchObject({
      type: "attack",
      weapon: "Sword",
      attribute: "physical",
      skill: "melee",
      attributeValue: 3,
      skillValue: 2,
      modifiers: [],
      bonus: 5,
    });
    // A reload: Foundry rebuilds the stored roll by its class, with its options.
    const rebuilt = g.foundry.dice.Roll.fromData(JSON.parse(JSON.stringify(roll.toJSON())));
    expect(rebuilt).toBeInstanceOf(TalesRoll());
    expect(rebuilt.options).toEqual(roll.options);
    // Drawn on its own (where the card cannot be), it names the weapon and the total.
    const drawn = await roll.render();
    expect(drawn).toContain(text("POLYVERSE.Tales.Combat.AttackRoll.Total", { total: "10" }));
    await defend(player, message, "none", 4);
    expect(message.system.card.defence).toMatchObject({ face: 4, hit: true, margin: 3, shifts: 1 });
    expect(shown.map((r) => r.dice[0].results[0].result)).toEqual([4]);
  });
});

describe("rows read lower or extra location dice: the attacker's choice", () => {
  let gunner: any;
  let target: any;
  beforeAll(() => {
    gunner = world.character(
      "Gunner",
      { attributes: { mental: 3 }, skills: { firearms: 4 } },
      [pistol],
      player.id,
    );
    target = world.actor({
      name: "Vested",
      type: "tales-npc",
      system: { attributes: { physical: 2 } },
      items: [vest],
    });
  });

  /** A close shot: 3 + 4 + die 5 = 12 against 3 + die 1 = 4, a hit by 8 (D06: two shifts). */
  async function shot() {
    const message = await attack(player, gunner, target, 5, { band: "close" });
    await defend(gm, message, "none", 1);
    expect(message.system.card.defence).toMatchObject({ hit: true, margin: 8, shifts: 2 });
    return message;
  }

  it("D06: two shifts as two rows: one die, the Abdomen's 4 read two rows lower is a Critical wound", async () => {
    const message = await shot();
    world.as(player);
    const html = world.render(message);
    const rows = html.querySelector<HTMLSelectElement>("select[name=rowShifts]")!;
    expect([...rows.options].map((o) => o.textContent)).toEqual([
      text(`${A}.Blow.Split`, { rows: "0", dice: "2" }),
      text(`${A}.Blow.Split`, { rows: "1", dice: "1" }),
      text(`${A}.Blow.Split`, { rows: "2", dice: "0" }),
    ]);
    world.queueFaces([4]);
    expect(await press(message, "tales.attack.damage", { rowShifts: "2" })).toBe(true);
    const damage = damageOf(message).system.card;
    expect(damage).toMatchObject({
      strength: 5,
      protection: 5,
      faces: [4],
      attack: { margin: 8, rowShifts: 2 },
    });
    const reading = world.render(damageOf(message)).querySelector(".pv-t-reading")!.textContent;
    expect(reading).toBe(
      text("POLYVERSE.Tales.Combat.Damage.Reading", {
        total: "4",
        location: text("POLYVERSE.Tales.Character.HitLocation.abdomen"),
        wound: text("POLYVERSE.Tales.Wound.critical"),
      }),
    );
  });

  it("D05: one row and one extra die: the 4 read a row lower is Medium, beating the other die's Stun", async () => {
    const message = await shot();
    world.as(player);
    world.queueFaces([4, 1]);
    expect(await press(message, "tales.attack.damage", { rowShifts: "1" })).toBe(true);
    const damage = damageOf(message);
    expect(damage.system.card).toMatchObject({ faces: [4, 1], attack: { rowShifts: 1 } });
    expect(world.render(damage).querySelector(".pv-t-reading")!.textContent).toContain(
      text("POLYVERSE.Tales.Wound.medium"),
    );
  });

  it("the choice is the attacker's: the target's side sees no choice and no button", async () => {
    const theirs = world.character("Other", { attributes: { mental: 3 }, skills: { firearms: 4 } }, [pistol]);
    const message = await attack(gm, theirs, target, 5, { band: "close" });
    await defend(gm, message, "none", 1);
    world.as(player);
    const html = world.render(message);
    expect(html.querySelector("select[name=rowShifts]")).toBeNull();
    expect(
      html.querySelector<HTMLButtonElement>('button[data-pv-action="tales.attack.damage"]')!.hidden,
    ).toBe(true);
  });

  it("hostile: more rows than the margin buys, or a margin edited onto the card, are refused; nothing rolled", async () => {
    const message = await shot();
    await request({ messageId: message.id, op: "damage", rowShifts: 3 });
    world.as(player);
    await message.update({ "system.card.defence.damage.margin": 12, "system.card.defence.shifts": 4 });
    await request({ messageId: message.id, op: "damage", rowShifts: 4 });
    expect(message.system.card.damageMessageId).toBeNull();
    expect(warnings()).toEqual([
      text(`${A}.Refused.TooManyRows`, { shifts: "2" }),
      text("POLYVERSE.Relay.CardChanged"),
    ]);
  });
});

describe("a counter-attack that lands deals the defender's damage", () => {
  it("Knife (+1): the defender's owner rolls it with a row and an extra die, at the attacker", async () => {
    const brute = world.actor({
      name: "Brute",
      type: "tales-npc",
      system: { attributes: { physical: 2 }, skills: { melee: 1 } },
      items: [sword],
    });
    const ward = world.character(
      "Ward",
      { attributes: { physical: 3, mental: 3 }, skills: { melee: 3, awareness: 3 } },
      [knife],
      player.id,
    );
    const { round } = await fight([brute, ward], [1, 6]);
    expect(round(ward).actionDice).toBe(3);
    // Brute: 2 + 1 − 1 + die 3 = 5; Ward counters 3 + 3 − 1 + die 6 = 11: lands by 6, two shifts.
    const message = await attack(gm, brute, ward, 3);
    await defend(player, message, "counter", 6);
    expect(message.system.card.defence).toMatchObject({
      choice: "counter",
      counterHit: true,
      margin: 6,
      shifts: 2,
      weapon: { itemUuid: ward.items[0].uuid, name: "Knife" },
      damage: { to: "attacker", margin: 6 },
    });
    expect(round(ward).spent).toBe(1);
    world.as(player);
    expect(world.render(message).querySelector(".pv-t-strike p")!.textContent).toBe(
      text(`${A}.Blow.Counter`, { name: "Ward", weapon: "Knife" }),
    );
    world.queueFaces([5, 3]);
    expect(await press(message, "tales.attack.damage", { rowShifts: "1" })).toBe(true);
    const damage = damageOf(message).system.card;
    expect(damage).toMatchObject({
      attacker: { actorUuid: ward.uuid },
      weapon: { name: "Knife" },
      target: { actorUuid: brute.uuid },
      strength: 1,
      faces: [5, 3],
      attack: { margin: 6, rowShifts: 1 },
    });
  });

  it("D02: with no weapon the counter is bare hands, strength 0: a 2 on the legs is a Stun, applied by the GM", async () => {
    const brute = world.actor({
      name: "Brute2",
      type: "tales-npc",
      system: { attributes: { physical: 2 } },
      items: [sword],
    });
    const ward = world.character(
      "Fists",
      { attributes: { physical: 3, mental: 3 }, skills: { brawl: 3, awareness: 3 } },
      [],
      player.id,
    );
    await fight([brute, ward], [1, 6]);
    // Brute 2 + 0 − 1 + 4 = 5 against Fists' Physical 3 + Brawl 3 + 2 = 8: by 3, one shift.
    const message = await attack(gm, brute, ward, 4);
    await defend(player, message, "counter", 2);
    expect(message.system.card.defence).toMatchObject({ counterHit: true, margin: 3, weapon: null });
    world.as(player);
    world.queueFaces([2, 1]);
    expect(await press(message, "tales.attack.damage", { rowShifts: "0" })).toBe(true);
    const damage = damageOf(message);
    expect(damage.system.card).toMatchObject({ weapon: null, strength: 0, faces: [2, 1] });
    world.as(gm);
    expect(await world.press(damage, 'button[data-pv-action="tales.damage.apply"]')).toBe(true);
    expect(brute.system.health).toMatchObject({ level: "healthy", stunned: true });
  });

  it("hostile: the attacker's owner may not roll the defender's counter damage", async () => {
    const ada = world.character(
      "Ada",
      { attributes: { physical: 2 }, skills: { melee: 1 } },
      [sword],
      player.id,
    );
    const brute = world.actor({
      name: "Counterer",
      type: "tales-npc",
      system: { attributes: { physical: 3, mental: 3 }, skills: { melee: 3, awareness: 3 } },
      items: [knife],
    });
    await fight([ada, brute], [1, 6]);
    const message = await attack(player, ada, brute, 3);
    await defend(gm, message, "counter", 6);
    expect(message.system.card.defence.counterHit).toBe(true);
    world.as(player);
    expect(
      world.render(message).querySelector<HTMLButtonElement>('button[data-pv-action="tales.attack.damage"]')!
        .hidden,
    ).toBe(true);
    await request({ messageId: message.id, op: "damage", rowShifts: 0 });
    expect(message.system.card.damageMessageId).toBeNull();
    expect(warnings()).toEqual([text(`${A}.Refused.NotYours`)]);
  });
});

describe("Entangle instead of damage", () => {
  let ada: any;
  beforeAll(() => {
    ada = world.character(
      "Whipper",
      { attributes: { physical: 3 }, skills: { melee: 3 } },
      [whip],
      player.id,
    );
  });

  it("D13: the Whip's hit takes an action die from the victim and entangles it; no damage follows", async () => {
    const brute = world.actor({ name: "Caught", type: "tales-npc", system: { attributes: { physical: 2 } } });
    const { combat, round } = await fight([ada, brute], [6, 1]);
    expect(round(brute)).toMatchObject({ actionDice: 2, spent: 0 });
    // 3 + 3 − 2 + 5 = 9 against Physical 2 + 2 = 4.
    const message = await attack(player, ada, brute, 5);
    await defend(gm, message, "none", 2);
    expect(message.system.card.defence).toMatchObject({ hit: true, margin: 5 });
    world.as(player);
    const button = world
      .render(message)
      .querySelector<HTMLButtonElement>('button[data-pv-action="tales.attack.entangle"]')!;
    expect(button.hidden).toBe(false);
    expect(await press(message, "tales.attack.entangle")).toBe(true);
    expect(message.system.card.entangled).toEqual({ removed: true });
    expect(round(brute).spent).toBe(1);
    expect(brute.statuses.has("entangled")).toBe(true);
    expect(world.render(message).querySelector(".pv-t-entangled")!.textContent).toBe(
      text(`${A}.Blow.Entangled`, { name: "Caught" }),
    );
    expect(world.render(message).querySelector('button[data-pv-action="tales.attack.damage"]')).toBeNull();
    // The blow is dealt: damage, or a second entanglement, is refused.
    await request({ messageId: message.id, op: "damage", rowShifts: 0 });
    await request({ messageId: message.id, op: "entangle" });
    expect(round(brute).spent).toBe(1);
    expect(
      world.messages.filter((m: any) => m.type === "tales-damage" && m.speaker?.actor === ada.id).length,
    ).toBe(0);
    expect(warnings()).toEqual([text(`${A}.Refused.AlreadyRolled`), text(`${A}.Refused.AlreadyRolled`)]);
    // The Recovery phase lifts it.
    world.as(gm);
    await combat.startCombat();
    await combat.nextRound();
    await flush();
    expect(brute.statuses.has("entangled")).toBe(false);
  });

  it("with no action die left the victim is entangled all the same, and the card says none was taken", async () => {
    const brute = world.actor({ name: "Spent", type: "tales-npc", system: { attributes: { physical: 2 } } });
    const { combat, round } = await fight([ada, brute], [6, 1]);
    const combatant = combat.combatants.contents.find((c: any) => c.actor === brute);
    await actions().spendActionDice(combatant, 2);
    const message = await attack(player, ada, brute, 5);
    await defend(gm, message, "none", 2);
    world.as(player);
    expect(await press(message, "tales.attack.entangle")).toBe(true);
    expect(message.system.card.entangled).toEqual({ removed: false });
    expect(round(brute).spent).toBe(2);
    expect(brute.statuses.has("entangled")).toBe(true);
  });

  it("hostile: no Entangle with a Sword, nor on a successful Block; a card edited to undo it is refused", async () => {
    const fencer = world.character(
      "Fencer",
      { attributes: { physical: 3 }, skills: { melee: 3 } },
      [sword],
      player.id,
    );
    const brute = world.actor({
      name: "Blocker",
      type: "tales-npc",
      system: { attributes: { physical: 3 }, skills: { block: 4 } },
    });
    const cut = await attack(player, fencer, brute, 5);
    await defend(gm, cut, "none", 1);
    expect(cut.system.card.defence.hit).toBe(true);
    world.as(player);
    expect(world.render(cut).querySelector('button[data-pv-action="tales.attack.entangle"]')).toBeNull();
    await request({ messageId: cut.id, op: "entangle" });
    // 3 + 3 − 2 + 2 = 6 against Block 3 + 4 + 5 = 12: blocked, damage at half strength only.
    const lash = await attack(player, ada, brute, 2);
    await defend(gm, lash, "block", 5);
    expect(lash.system.card.defence.damage).toEqual({ to: "target", margin: 0, blocked: true });
    await request({ messageId: lash.id, op: "entangle" });
    const caught = await attack(player, ada, brute, 6);
    await defend(gm, caught, "none", 1);
    await request({ messageId: caught.id, op: "entangle" });
    expect(caught.system.card.entangled).toEqual({ removed: false });
    world.as(player);
    await caught.update({ "system.card.entangled": null });
    await request({ messageId: caught.id, op: "damage", rowShifts: 0 });
    expect(cut.system.card.entangled ?? null).toBeNull();
    expect(lash.system.card.entangled ?? null).toBeNull();
    expect(caught.system.card.damageMessageId).toBeNull();
    expect(warnings()).toEqual([
      text(`${A}.Refused.NoEntangle`),
      text(`${A}.Refused.NotAHit`),
      text("POLYVERSE.Relay.CardChanged"),
    ]);
  });
});

describe("a Fragile weapon breaks on a parry", () => {
  it("the Golf Club breaks; it parries no more; its owner undoes the break through the GM, once", async () => {
    const brute = world.actor({
      name: "Hitter",
      type: "tales-npc",
      system: { attributes: { physical: 2 }, skills: { melee: 2 } },
      items: [sword],
    });
    const golfer = world.character(
      "Golfer",
      { attributes: { physical: 3 }, skills: { melee: 2 } },
      [club],
      player.id,
    );
    const message = await attack(gm, brute, golfer, 4);
    await defend(player, message, "parry", 3);
    const broken = golfer.items[0];
    expect(broken.system.broken).toBe(true);
    expect(message.system.card.defence).toMatchObject({
      choice: "parry",
      weapon: { itemUuid: broken.uuid, name: "Golf Club" },
      broke: "broken",
    });
    world.as(player);
    expect(world.render(message).querySelector(".pv-t-broke")!.textContent).toBe(
      text(`${A}.Blow.Broke`, { weapon: "Golf Club" }),
    );
    // A broken club is no weapon to parry with.
    const next = await attack(gm, brute, golfer, 4);
    world.as(player);
    const options = [...world.render(next).querySelector<HTMLSelectElement>("select[name=defence]")!.options];
    expect(options.map((o) => o.value)).not.toContain("parry");
    expect(await press(message, "tales.attack.mend")).toBe(true);
    expect(broken.system.broken).toBe(false);
    expect(message.system.card.defence.broke).toBe("mended");
    world.as(player);
    expect(world.render(message).querySelector('button[data-pv-action="tales.attack.mend"]')).toBeNull();
    await request({ messageId: message.id, op: "mend" });
    expect(warnings()).toEqual([text(`${A}.Refused.AlreadyMended`)]);
  });

  it("hostile: a player may not undo the break of the GM's weapon; nor the GM once it is mended by hand", async () => {
    const fencer = world.character(
      "Lunger",
      { attributes: { physical: 3 }, skills: { melee: 3 } },
      [sword],
      player.id,
    );
    const parrier = world.actor({
      name: "Parrier",
      type: "tales-npc",
      system: { attributes: { physical: 3 }, skills: { melee: 2 } },
      items: [club],
    });
    const message = await attack(player, fencer, parrier, 4);
    await defend(gm, message, "parry", 5);
    const weapon = parrier.items[0];
    expect(weapon.system.broken).toBe(true);
    world.as(player);
    expect(world.render(message).querySelector('button[data-pv-action="tales.attack.mend"]')).toBeNull();
    await request({ messageId: message.id, op: "mend" });
    expect(weapon.system.broken).toBe(true);
    world.as(gm);
    await weapon.update({ "system.broken": false });
    expect(await press(message, "tales.attack.mend")).toBe(true);
    expect(message.system.card.defence.broke).toBe("broken");
    expect(warnings()).toEqual([
      text(`${A}.Refused.NotYours`),
      text(`${A}.Refused.WholeAgain`, { name: "Golf Club" }),
    ]);
  });
});

describe("hostile cards and requests", () => {
  let ada: any;
  let brute: any;
  let ward: any;
  beforeAll(() => {
    ada = world.character(
      "Forger",
      { attributes: { physical: 2 }, skills: { melee: 2 } },
      [sword],
      player.id,
    );
    brute = world.actor({
      name: "Victim",
      type: "tales-npc",
      system: { attributes: { physical: 2 } },
      items: [sword],
    });
    ward = world.character("Mine", { attributes: { physical: 2 } }, [], player.id);
  });

  /** Post an attack card as the player with a Tales roll of these options (the GM's client records it). */
  async function post(attacker: any, target: any, bonus: number, options: object) {
    world.as(player);
    const Roll = TalesRoll();
    const roll = new Roll("1d6", {}, options);
    roll._faces = [5];
    roll._evaluated = true;
    const message = await g.ChatMessage.create({
      type: "tales-attack",
      system: {
        card: {
          attacker: { actorUuid: attacker.uuid, name: attacker.name },
          weapon: { itemUuid: attacker.items[0].uuid, name: "Sword" },
          target: { actorUuid: target.uuid, name: target.name },
          attack: { bonus, face: 5, ranged: false, band: null, aim: 0, autoBullets: 0, clumsy: false },
          defence: null,
          damageMessageId: null,
        },
      },
      speaker: { actor: attacker.id },
      rolls: [roll],
    });
    await world.socketToGM();
    return message;
  }
  /** A roll's set-up: Physical 2 + Melee `skill` and these parts make `bonus`. */
  const setup = (bonus: number, parts: object[] = [{ label: "x", value: -1 }], skill = 2) => ({
    type: "attack",
    weapon: "Sword",
    attribute: "physical",
    skill: "melee",
    wound: "healthy",
    attributeValue: 2,
    skillValue: skill,
    modifiers: parts,
    bonus,
    clumsy: false,
  });

  it("a roll set up as the card says is accepted; one claiming another bonus, or another's attacker, is refused", async () => {
    // Ada: Physical 2 + Melee 2 − 1 (the Sword) = 3.
    const good = await post(ada, ward, 3, setup(3));
    world.queueFaces([2]);
    await request({ messageId: good.id, op: "defend", choice: "none" });
    expect(good.system.card.defence).toMatchObject({ hit: true });
    const inflated = await post(ada, ward, 3, setup(9, [{ label: "x", value: 5 }]));
    await request({ messageId: inflated.id, op: "defend", choice: "none" });
    // The GM's Victim: Physical 2 + Melee 0 − 1 = 1, right in every number but whose it is.
    const theirs = await post(brute, ward, 1, setup(1, [{ label: "x", value: -1 }], 0));
    await request({ messageId: theirs.id, op: "defend", choice: "none" });
    expect(inflated.system.card.defence).toBeNull();
    expect(theirs.system.card.defence).toBeNull();
    expect(warnings()).toEqual([
      text("POLYVERSE.Relay.WeaponMismatch"),
      text("POLYVERSE.Relay.WeaponMismatch"),
    ]);
  });

  it("malformed blow requests are refused as malformed", async () => {
    const message = await post(ada, ward, 3, setup(3));
    await request({ messageId: message.id, op: "entangle", rowShifts: 1 });
    await request({ messageId: message.id, op: "mend", choice: "parry" });
    await request({ messageId: message.id, op: "damage", rowShifts: 21 });
    await request({ messageId: message.id, op: "smash" });
    expect(warnings()).toEqual(Array(4).fill(text("POLYVERSE.Relay.Malformed")));
  });
});
