// The defences of a Tales attack card against the built bundle, the target's owner choosing on the card
// and the GM working the defence out from the documents and the combat round (Tales Core Rules 0.5):
// a Sustained Defence declared on the card (C08: Physical 3 + Dodge 2 is 5 to hit, then 4; two action
// dice; only in a combat round), a Dodge against a shot (C13: the higher of the dodge's roll and the
// range's), an undefended victim of a Martial Arts attack (its Mental for its Physical), Deathdealer's
// extra die counted in the rows-or-dice choice; hostile: a forged card claiming more Auto bullets than
// the weapon fires, and defences requested where they are not open.
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
let ridCount = 0;
const rid = () => `tdefence${String(++ridCount).padStart(8, "0")}`;

const sword = {
  name: "Sword",
  type: "tales-weapon",
  system: { damage: 6, skill: "melee", equipped: true },
};
const bow = {
  name: "Bow",
  type: "tales-weapon",
  system: { damage: 4, skill: "archery", attribute: "physical", equipped: true, traits: { range: 25 } },
};
const fist = {
  name: "Open Palm",
  type: "tales-weapon",
  system: { damage: 0, skill: "martialArts", attribute: "physical", equipped: true },
};
const autoPistol = {
  name: "Automatic Pistol",
  type: "tales-weapon",
  system: {
    damage: 4,
    skill: "firearms",
    attribute: "mental",
    equipped: true,
    traits: { auto: 3, range: 50 },
  },
};
const deathdealer = {
  name: "Deathdealer",
  type: "tales-advantage",
  system: { key: "deathdealer", level: 6 },
};

/** Render the card for the current user, set its selects, press a button; false when hidden or absent. */
async function press(message: any, action: string, selects: Record<string, string> = {}) {
  const html = world.render(message);
  for (const [name, value] of Object.entries(selects)) {
    const select = html.querySelector<HTMLSelectElement>(`select[name=${name}]`);
    if (!select || ![...select.options].some((o) => o.value === value)) return false;
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
  await flush();
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

/** The target's owner (`user`) defends with `choice` on the card; the GM rolls these dice. */
async function defend(user: any, message: any, choice: string, faces: number[]) {
  world.as(user);
  world.queueFaces(faces);
  expect(await press(message, "tales.attack.defend", { defence: choice })).toBe(true);
  world.as(gm);
}

/** The defences the current user is offered on the card. */
const offered = (message: any) =>
  [...world.render(message).querySelector<HTMLSelectElement>("select[name=defence]")!.options].map(
    (o) => o.value,
  );

/** A combat of these actors, initiative rolled with these dice (dealt once all are in). */
async function fight(actors: any[], dice: number[]) {
  const Combat = g.CONFIG.Combat.documentClass;
  const combat = new Combat({
    _id: `combat${String(++ridCount).padStart(10, "0")}`,
    combatants: actors.map((a, i) => ({
      _id: `cd${String(ridCount).padStart(6, "0")}${i}0000000`,
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
  const combatant = (actor: any) => combat.combatants.contents.find((c: any) => c.actor === actor);
  const round = (actor: any) => combatant(actor).flags.polyverse.tales.round;
  const attacksTaken = (actor: any) => combatant(actor).flags.polyverse?.tales?.sustainedAttacks;
  return { combat, round, attacksTaken };
}

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

describe("Sustained Defence declared on the card", () => {
  // "The moment Sustained Defence is declared, the character adds together their Physical Attribute and
  // a relevant Defensive Skill. This becomes the initial dynamic difficulty to hit the combatant for the
  // remainder of the round. After each time someone performs a melee attack or fires a shot at the
  // character maintaining the sustained defence this dynamic difficulty drops by 1".
  it("C08: Physical 3 + Dodge 2 is 5 + d6 against this attack, two action dice; the next attack faces 4 + d6", async () => {
    const brute = world.actor({
      name: "Brute",
      type: "tales-npc",
      system: { attributes: { physical: 3 }, skills: { melee: 2 } },
      items: [sword],
    });
    const ward = world.character(
      "Ward",
      { attributes: { physical: 3 }, skills: { dodge: 2 } },
      [],
      player.id,
    );
    const { round, attacksTaken } = await fight([brute, ward], [6, 1]);
    expect(round(ward)).toMatchObject({ actionDice: 2, spent: 0 });
    // 3 + 2 + 4 = 9 against 5 + 5 = 10: a miss (against Physical's 3 + 5 = 8 it would hit).
    const first = await attack(gm, brute, ward, 4);
    world.as(player);
    expect(offered(first)).toEqual(["block", "dodge", "sustained", "none"]);
    await defend(player, first, "sustained", [5]);
    expect(first.system.card.defence).toMatchObject({
      choice: "sustained",
      mode: "dynamic",
      value: 5,
      face: 5,
      hit: false,
      damage: null,
    });
    expect(round(ward).spent).toBe(2);
    expect(ward.statuses.has("sustainedDefence")).toBe(true);
    expect(attacksTaken(ward)).toBe(1);
    // The next attack: the Sustained Defence stands at no cost (no dice are left), one lower: 4 + d6.
    // 3 + 2 + 4 = 9 against 4 + 5 = 9: a hit by 0 (a dynamic tie succeeds).
    const second = await attack(gm, brute, ward, 4);
    world.as(player);
    expect(offered(second)).toEqual(["sustained"]);
    await defend(player, second, "sustained", [5]);
    expect(second.system.card.defence).toMatchObject({ choice: "sustained", value: 4, hit: true, margin: 0 });
    expect(round(ward).spent).toBe(2);
    expect(attacksTaken(ward)).toBe(2);
    // No defence, or a counter-attack, while sustaining: refused with the reason, nothing changed.
    const third = await attack(gm, brute, ward, 4);
    await request({ messageId: third.id, op: "defend", choice: "none" });
    await request({ messageId: third.id, op: "defend", choice: "counter" });
    expect(third.system.card.defence).toBeNull();
    expect(attacksTaken(ward)).toBe(2);
    expect(warnings()).toEqual([text(`${A}.Closed.sustaining`), text(`${A}.Closed.sustaining`)]);
  });

  it("outside a combat round it is not offered, the card says why, and a request for it is refused with the reason", async () => {
    // "A character may choose to declare a sustained defence at any time during a round as long as they
    // have two or more action dice remaining": without a round there is none to last for.
    const brute = world.actor({
      name: "Brute2",
      type: "tales-npc",
      system: { attributes: { physical: 3 }, skills: { melee: 2 } },
      items: [sword],
    });
    const ward = world.character(
      "Ward2",
      { attributes: { physical: 3 }, skills: { dodge: 2 } },
      [],
      player.id,
    );
    const message = await attack(gm, brute, ward, 4);
    world.as(player);
    expect(offered(message)).toEqual(["block", "dodge", "none"]);
    const closed = world.render(message).querySelector(".pv-t-closed")!.textContent!;
    expect(closed).toContain(
      text(`${A}.NotOpenEntry`, {
        defence: text(`${A}.Defence.sustained`),
        reason: text(`${A}.Closed.noRound`),
      }),
    );
    await request({ messageId: message.id, op: "defend", choice: "sustained" });
    expect(message.system.card.defence).toBeNull();
    expect(ward.statuses.has("sustainedDefence")).toBe(false);
    expect(warnings()).toEqual([text(`${A}.Closed.noRound`)]);
  });
});

describe("Dodge against a ranged attack", () => {
  // "if a defender knows that an attack is coming, and they have a higher initiative than their
  // assailant, they may attempt to dodge a range attack heading their way. As long as the defender
  // doesn't roll a 1, compare the values of the dodge attempt and the range difficulty; the new
  // difficulty of the ranged attack is the higher result of these two."
  let archer: any;
  let dodger: any;
  beforeAll(() => {
    archer = world.actor({
      name: "Archer",
      type: "tales-npc",
      system: { attributes: { physical: 3 }, skills: { archery: 3 } },
      items: [bow],
    });
    dodger = world.character("Dodger", { attributes: { physical: 3 }, skills: { dodge: 5 } }, [], player.id);
  });

  it("C13: dodge 8 + 3 = 11 above the range's 3 + 4 = 7 is the new difficulty: 3 + 3 + 4 = 10 misses", async () => {
    const { round } = await fight([archer, dodger], [1, 6]);
    const message = await attack(gm, archer, dodger, 4, { band: "close" });
    world.as(player);
    expect(offered(message)).toEqual(["dodge", "sustained", "none"]);
    await defend(player, message, "dodge", [3, 4]);
    expect(message.system.card.defence).toMatchObject({
      choice: "dodge",
      mode: "dynamic",
      value: 8,
      face: 3,
      hit: false,
      damage: null,
      dodgeRanged: { dodge: 8, dodgeFace: 3, difficulty: 3, difficultyFace: 4, dodged: true },
    });
    expect(round(dodger).spent).toBe(1);
    const html = world.render(message);
    expect([...html.querySelectorAll(".pv-dice .pv-die")].map((d) => d.textContent)).toEqual(["4", "3", "4"]);
    expect(html.querySelector(".pv-t-target p")!.textContent).toBe(
      text(`${A}.Defence.DodgeRanged.Dodged`, {
        dodge: "8",
        dodgeFace: "3",
        dodgeTotal: "11",
        range: "3",
        rangeFace: "4",
        rangeTotal: "7",
      }),
    );
    // Dice So Nice shows the defence's two dice.
    expect(shown.at(-1).dice[0].results.map((r: any) => r.result)).toEqual([3, 4]);
  });

  it("a dodge of 1 leaves the range's 3 + 4 = 7: 3 + 3 + 4 = 10 hits by 3", async () => {
    await fight([archer, dodger], [1, 6]);
    const message = await attack(gm, archer, dodger, 4, { band: "close" });
    await defend(player, message, "dodge", [1, 4]);
    expect(message.system.card.defence).toMatchObject({
      value: 3,
      face: 4,
      hit: true,
      margin: 3,
      dodgeRanged: { dodgeFace: 1, dodged: false },
    });
  });

  it("hostile: the slower target may not dodge the shot; the request is refused with the reason, no die spent", async () => {
    const { round } = await fight([archer, dodger], [6, 1]);
    const message = await attack(gm, archer, dodger, 4, { band: "close" });
    world.as(player);
    expect(offered(message)).toEqual(["sustained", "none"]);
    await request({ messageId: message.id, op: "defend", choice: "dodge" });
    expect(message.system.card.defence).toBeNull();
    expect(round(dodger).spent).toBe(0);
    expect(warnings()).toEqual([text(`${A}.Closed.notFaster`)]);
  });
});

describe("an undefended victim of a Martial Arts attack", () => {
  // "If an attacker has managed to strike at a victim who remains undefensive, the test for this action
  // is typically a dynamic roll equal to the victim's Physical Attribute (Martial Arts attacks may allow
  // the attacker to use the Mental attribute for their target number)."
  it("Physical 4, Mental 2: 3 + 2 + 2 = 7 against Mental 2 + 4 = 6 hits by 1; a sword's 7 against Physical 4 + 4 misses", async () => {
    const monk = world.actor({
      name: "Monk",
      type: "tales-npc",
      system: { attributes: { physical: 3 }, skills: { martialArts: 2, melee: 2 } },
      items: [fist, sword],
    });
    const lout = world.character("Lout", { attributes: { physical: 4, mental: 2 } }, [], player.id);
    const palm = await attack(gm, monk, lout, 2);
    await defend(player, palm, "none", [4]);
    expect(palm.system.card.defence).toMatchObject({
      choice: "none",
      mode: "dynamic",
      value: 2,
      face: 4,
      mental: true,
      hit: true,
      margin: 1,
    });
    expect(world.render(palm).querySelector(".pv-t-target p")!.textContent).toBe(
      text(`${A}.Defence.Line`, {
        defence: text(`${A}.Defence.noneMental`),
        value: "2",
        face: "4",
        total: "6",
      }),
    );
    world.as(gm);
    world.queueFaces([2]);
    const blade = await actions().rollAttack(monk, monk.items[1], { target: lout });
    await defend(player, blade, "none", [4]);
    expect(blade.system.card.defence).toMatchObject({ value: 4, face: 4, hit: false });
    expect(blade.system.card.defence.mental).toBeUndefined();
  });
});

describe("hostile: a Martial Arts attack is the one rolled as such", () => {
  it("a sword's skill changed to Martial Arts after the roll: the target's Physical 4 still stands, not its Mental 2", async () => {
    const cheat = world.character(
      "Cheat",
      { attributes: { physical: 3 }, skills: { melee: 2, martialArts: 2 } },
      [{ ...sword, name: "Cheat's Sword" }],
      player.id,
    );
    const dim = world.actor({
      name: "Dim",
      type: "tales-npc",
      system: { attributes: { physical: 4, mental: 2 } },
    });
    // 3 + 2 + 2 = 7, rolled with Melee; against Physical 4 + 4 = 8 a miss, against Mental 2 + 4 a hit.
    const message = await attack(player, cheat, dim, 2);
    expect(message.rolls[0].options).toMatchObject({ skill: "melee" });
    world.as(player);
    await cheat.items[0].update({ "system.skill": "martialArts" });
    await defend(gm, message, "none", [4]);
    expect(message.system.card.defence).toMatchObject({ value: 4, face: 4, hit: false });
    expect(message.system.card.defence.mental).toBeUndefined();
    expect(warnings()).toEqual([]);
  });
});

describe("Deathdealer's extra die in the rows-or-dice choice", () => {
  it("D06's two shifts with Deathdealer: 3, 2 or 1 extra dice offered, and rolled so (1 + 3 = 4 dice)", async () => {
    // "Deathdealer (6) May always roll an extra die when dealing damage".
    const killer = world.character(
      "Killer",
      { attributes: { physical: 3 }, skills: { melee: 2 } },
      [sword, deathdealer],
      player.id,
    );
    const victim = world.actor({
      name: "Victim",
      type: "tales-npc",
      system: { attributes: { physical: 2 } },
    });
    // 3 + 2 + 5 = 10 against Physical 2 + 1 = 3: a hit by 7, two shifts.
    const message = await attack(player, killer, victim, 5);
    await defend(gm, message, "none", [1]);
    expect(message.system.card.defence).toMatchObject({ hit: true, margin: 7, shifts: 2 });
    world.as(player);
    const html = world.render(message);
    const rows = html.querySelector<HTMLSelectElement>("select[name=rowShifts]")!;
    expect([...rows.options].map((o) => o.textContent)).toEqual([
      text(`${A}.Blow.Split`, { rows: "0", dice: "3" }),
      text(`${A}.Blow.Split`, { rows: "1", dice: "2" }),
      text(`${A}.Blow.Split`, { rows: "2", dice: "1" }),
    ]);
    expect(rows.closest("label")!.textContent).toContain(
      text(`${A}.Blow.RowsLabelDeathdealer`, { shifts: "2" }),
    );
    world.queueFaces([4, 1, 1, 1]);
    expect(await press(message, "tales.attack.damage", { rowShifts: "0" })).toBe(true);
    const damage = world.messages.find((m: any) => m.id === message.system.card.damageMessageId);
    expect(damage.system.card).toMatchObject({ deathdealer: true, faces: [4, 1, 1, 1] });
  });
});

describe("hostile: a forged card claiming more Auto bullets than the weapon fires", () => {
  /** Post an attack card as the player with the Automatic Pistol (Auto (3)), as a hostile client would. */
  async function forged(shooter: any, target: any, autoBullets: number, bonus: number, ranged = true) {
    world.as(player);
    const roll = new g.foundry.dice.Roll("1d6");
    roll._faces = [5];
    roll._evaluated = true;
    const message = await g.ChatMessage.create({
      type: "tales-attack",
      system: {
        card: {
          attacker: { actorUuid: shooter.uuid, name: shooter.name },
          weapon: { itemUuid: shooter.items[0].uuid, name: shooter.items[0].name },
          target: { actorUuid: target.uuid, name: target.name },
          attack: {
            bonus,
            face: 5,
            ranged,
            band: ranged ? "close" : null,
            aim: 0,
            autoBullets,
            clumsy: false,
          },
          defence: null,
          damageMessageId: null,
        },
      },
      speaker: { actor: shooter.id },
      rolls: [roll],
    });
    await world.socketToGM();
    await flush();
    return message;
  }

  it("5 extra bullets from Auto (3): recorded as refused (never a failure on the GM's client), every request refused with the reason", async () => {
    // "Auto (X) – ... For every additional bullet fired in this manner (up to the value X), it gains +1
    // damage and a –1 attack modifier."
    const shooter = world.character(
      "Sprayer",
      { attributes: { mental: 3 }, skills: { firearms: 3 } },
      [autoPistol],
      player.id,
    );
    const target = world.character("Mark", { attributes: { physical: 3 } }, [], player.id);
    const message = await forged(shooter, target, 5, 3 + 3 - 5);
    const ledger = gm.flags.polyverse?.ledger?.[message.id];
    expect(ledger).toMatchObject({ bad: `${A}.Refused.TooManyBullets` });
    await request({ messageId: message.id, op: "defend", choice: "none" });
    expect(message.system.card.defence).toBeNull();
    expect(warnings()).toEqual([text(`${A}.Refused.TooManyBullets`)]);
    // Three, as the weapon allows, is accepted: 3 + 3 − 3 + 5 = 8 against Physical 3 + 2 = 5.
    const honest = await forged(shooter, target, 3, 3 + 3 - 3);
    world.queueFaces([2]);
    await request({ messageId: honest.id, op: "defend", choice: "none" });
    expect(honest.system.card.defence).toMatchObject({ hit: true, margin: 3 });
    expect(warnings()).toEqual([text(`${A}.Refused.TooManyBullets`)]);
  });

  it("an extra bullet from a weapon without Auto is refused too", async () => {
    const fencer = world.character(
      "Fencer",
      { attributes: { physical: 3 }, skills: { melee: 2 } },
      [sword],
      player.id,
    );
    const target = world.character("Mark2", { attributes: { physical: 3 } }, [], player.id);
    const message = await forged(fencer, target, 1, 3 + 2 - 1, false);
    await request({ messageId: message.id, op: "defend", choice: "none" });
    expect(message.system.card.defence).toBeNull();
    expect(warnings()).toEqual([text(`${A}.Refused.TooManyBullets`)]);
  });
});
