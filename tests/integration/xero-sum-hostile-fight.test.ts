// A hostile player against the GM's client on Xero Sum attack and damage cards, driven against the
// built bundle as a player's client would: cards the player writes and edits at will, requests written
// straight into the player's own User document. The GM settles an attack from the documents and the
// rolled dice, rolls every damage card itself, applies a row only for its actor's owner, once, and
// undoes only that row's change.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { flush, loadXeroSumCombatWorld, weapon, type XeroSumCombatWorld } from "./xero-sum-combat-world";

const g = globalThis as any;
let world: XeroSumCombatWorld;
let player: any;
let gm: any;
let ada: any; // the player's PC (fists): PHY 1, DEX 2; WP 13, RP 7
let brute: any; // the GM's NPC: PHY 2, Melee Combat 2, a Machete (3 + 2d3)
let rook: any; // the GM's NPC: PHY 2, DEX 2 (WP 14, RP 8; Melee DM 2)

const D = "POLYVERSE.XeroSum.Fight.Damage.Refused";
const A = "POLYVERSE.XeroSum.Fight.Attack.Refused";
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const text = (key: string, data?: Record<string, string>) => String(g.game.i18n.format(key, data ?? {}));
const actions = () => g.game.polyverse.rulesets["xero-sum"].actions;
const card = (m: any) => m.system.card;
const health = (a: any) => [a.system.wp.value, a.system.rp.value];
let ridCount = 0;
const rid = () => `xshostile${String(++ridCount).padStart(7, "0")}`;

/** Write a request as a hostile client would, and let the server deliver it. */
async function request(type: string, payload: Record<string, unknown>, id = rid()) {
  world.as(player);
  await player.update({ [`flags.polyverse.relay.${id}`]: { type, payload } });
  await world.socketToGM();
  await flush();
  return id;
}
const damageOp = (messageId: string, op: string, row = 0) =>
  request("xero-sum.damage.op", { messageId, op, row });
const attackOp = (messageId: string, op: string) => request("xero-sum.attack.op", { messageId, op });

function rollOf(faces: number[]) {
  const roll = new g.foundry.dice.Roll(`${faces.length}d6`);
  roll._faces = faces;
  roll._evaluated = true;
  return roll;
}

const machete = weapon("Machete", {
  key: "machete",
  category: "melee",
  skill: "meleeCombat",
  range: "engaged",
  damage: { base: 3, dice: "2d3" },
  rpPercent: 50,
  weaponClass: "melee",
});

/** A hit by the GM's Brute on `target`, its damage rolled by the GM: the damage message. */
async function gmBlow(target: any, attackFaces = [4, 5], damageFaces = [3, 6]) {
  world.as(gm);
  world.queueFaces(attackFaces);
  const attack = await actions().rollAttack(brute, brute.items[0], {
    target,
    skipDialog: true,
    band: "engaged",
  });
  await flush();
  world.queueFaces(damageFaces);
  await world.press(attack, 'button[data-pv-action="xero-sum.attack.damage"]');
  return world.messages.find((m: any) => m.id === card(attack).damageMessageId);
}

beforeAll(async () => {
  world = await loadXeroSumCombatWorld();
  player = world.users.player;
  gm = world.users.gm;
  ada = world.character(
    "Ada",
    { attributes: { phy: 1, dex: 2, acu: 1 }, skills: { meleeCombat: 2 } },
    [],
    player.id,
  );
  brute = world.character(
    "Brute",
    { attributes: { phy: 2, acu: 1 }, skills: { meleeCombat: 2 } },
    [machete],
    undefined,
    "xero-sum-npc",
  );
  rook = world.character("Rook", { attributes: { phy: 2, dex: 2 } }, [], undefined, "xero-sum-npc");
});

beforeEach(async () => {
  world.as(gm);
  g.game.combat = null;
  for (const a of [ada, brute, rook])
    await a.update({
      "system.wp.value": a.system.derived.woundPoints,
      "system.rp.value": a.system.derived.resiliencePoints,
      "system.state.incapacitatedRounds": 0,
    });
  world.recorder.notifications.length = 0;
});

describe("forged damage", () => {
  it("a card whose state breaks its shape is refused by its model (core's card model)", async () => {
    world.as(player);
    await expect(
      g.ChatMessage.create({ type: "xero-sum-damage", system: { card: { rows: "all" } } }),
    ).rejects.toThrow(/xero-sum-damage: /);
    await expect(
      g.ChatMessage.create({ type: "xero-sum-attack", system: { card: { dice: [9, 9] } } }),
    ).rejects.toThrow(/xero-sum-attack: /);
    world.as(gm);
  });

  it("a damage card a player writes is refused whole, whatever it claims", async () => {
    world.as(player);
    const forged = await g.ChatMessage.create({
      type: "xero-sum-damage",
      system: {
        card: {
          attacker: { actorUuid: ada.uuid, name: "Ada" },
          weapon: { itemUuid: "", name: "Fists", key: "fists" },
          attackMessageId: "",
          subdue: false,
          attackBand: "wild-success",
          faces: [6],
          read: [3],
          stunD6: null,
          burnD6: null,
          rolled: 99,
          harm: { woundPoints: 99, resiliencePoints: 99 },
          burning: null,
          rows: [
            {
              actorUuid: brute.uuid,
              name: "Brute",
              kind: "target",
              band: "engaged",
              harm: { woundPoints: 99, resiliencePoints: 99 },
              applied: null,
            },
          ],
        },
      },
      speaker: { actor: ada.id },
      rolls: [rollOf([6])],
    });
    await world.socketToGM();
    // No button for anyone on it, the GM included; a request is refused.
    expect(world.render(forged).querySelector('button[data-pv-action="xero-sum.damage.apply"]')).toBeNull();
    await damageOp(forged.id, "apply");
    world.as(gm);
    expect(world.render(forged).querySelector('button[data-pv-action="xero-sum.damage.apply"]')).toBeNull();
    expect(health(brute)).toEqual([12, 8]);
    expect(warnings()).toEqual([text(`${D}.NotRolledByGM`)]);
  });

  it("an attack card posted with a forged modifier is settled from the documents; one whose dice the roll does not show is refused", async () => {
    world.as(player);
    const base = {
      attacker: { actorUuid: ada.uuid, name: "Ada" },
      weapon: { itemUuid: "", name: "Fists", key: "fists" },
      target: { actorUuid: brute.uuid, name: "Brute" },
      choice: {
        action: "attack",
        band: "engaged",
        targetKey: brute.id,
        actionsUsed: 1,
        shot: 0,
        conditional: [],
        insight: null,
      },
      dice: [4, 4],
      preview: { parts: [{ key: "conditional", value: 20 }], modifier: 20 },
      resolution: "checkMinusDefence",
      resolved: null,
      refused: null,
      damageMessageId: null,
    };
    const inflated = await g.ChatMessage.create({
      type: "xero-sum-attack",
      system: { card: base },
      speaker: { actor: ada.id },
      rolls: [rollOf([4, 4])],
    });
    await world.socketToGM();
    await flush();
    // PHY 1 + Unarmed 0 + Engaged 1 − Brute's Melee DM 2 = 0: [4, 4] = 8, a Failure.
    expect(card(inflated).resolved).toMatchObject({ modifier: 0, total: 8, band: "failure", hit: false });
    world.as(player);
    const lying = await g.ChatMessage.create({
      type: "xero-sum-attack",
      system: { card: { ...base, dice: [6, 6] } },
      speaker: { actor: ada.id },
      rolls: [rollOf([1, 2])],
    });
    await world.socketToGM();
    await flush();
    expect(card(lying).resolved).toBeNull();
    expect(card(lying).refused).toMatchObject({ key: "POLYVERSE.Relay.CardChanged" });
  });

  it("an attack card edited after the GM settled it (a miss made a hit) rolls no damage", async () => {
    world.as(player);
    world.queueFaces([2, 3]);
    const attack = await actions().rollAttack(ada, null, {
      target: brute,
      skipDialog: true,
      band: "engaged",
    });
    await world.socketToGM();
    await flush();
    expect(card(attack).resolved.hit).toBe(false);
    world.as(player);
    await attack.update({ "system.card.resolved.hit": true });
    const before = world.messages.length;
    await attackOp(attack.id, "damage");
    expect(world.messages.length).toBe(before);
    expect(warnings()).toContain(text("POLYVERSE.Relay.CardChanged"));
  });

  it("damage asked for on an attack whose attacker the player does not own is refused", async () => {
    world.as(gm);
    world.queueFaces([4, 5]);
    const attack = await actions().rollAttack(brute, brute.items[0], {
      target: ada,
      skipDialog: true,
      band: "engaged",
    });
    await flush();
    const before = world.messages.length;
    await attackOp(attack.id, "damage");
    expect(world.messages.length).toBe(before);
    expect(card(attack).damageMessageId).toBeNull();
    expect(warnings()).toEqual([text(`${A}.NotYours`)]);
  });
});

describe("applying and undoing", () => {
  it("a player applying to a token they do not own is refused; they see no button on its row", async () => {
    const blow = await gmBlow(rook);
    world.as(player);
    expect(world.render(blow).querySelector('button[data-pv-action="xero-sum.damage.apply"]')).toBeNull();
    await damageOp(blow.id, "apply");
    expect(health(rook)).toEqual([14, 8]);
    expect(card(blow).rows[0].applied).toBeNull();
    expect(warnings()).toEqual([text(`${D}.NotYours`, { name: "Rook" })]);
  });

  it("double apply: twice asked, once applied; a replayed request is refused", async () => {
    const blow = await gmBlow(ada);
    const first = await damageOp(blow.id, "apply");
    await damageOp(blow.id, "apply");
    expect(health(ada)).toEqual([3, 2]);
    world.as(player);
    await player.update({
      [`flags.polyverse.relay.${first}`]: {
        type: "xero-sum.damage.op",
        payload: { messageId: blow.id, op: "apply", row: 0 },
      },
    });
    await world.socketToGM();
    await flush();
    expect(health(ada)).toEqual([3, 2]);
    expect(warnings()).toEqual([
      text(`${D}.AlreadyApplied`, { name: "Ada" }),
      text("POLYVERSE.Relay.Replayed"),
    ]);
  });

  it("undo of someone else's change: a row the player does not own is refused; a later blow is never erased", async () => {
    const onRook = await gmBlow(rook);
    world.as(gm);
    await world.press(onRook, 'button[data-pv-action="xero-sum.damage.apply"]');
    expect(health(rook)).toEqual([4, 3]);
    await damageOp(onRook.id, "undo");
    expect(health(rook)).toEqual([4, 3]);
    const onAda = await gmBlow(ada);
    await damageOp(onAda.id, "apply");
    expect(health(ada)).toEqual([3, 2]);
    // The GM's later change to Ada (another blow, by hand): the first card's Undo would erase it.
    world.as(gm);
    await ada.update({ "system.wp.value": 1 });
    await damageOp(onAda.id, "undo");
    expect(health(ada)).toEqual([1, 2]);
    expect(card(onAda).rows[0].applied).not.toBeNull();
    expect(warnings()).toEqual([
      text(`${D}.NotYours`, { name: "Rook" }),
      text(`${D}.ChangedSince`, { name: "Ada" }),
    ]);
  });

  it("forged payloads (a row that is not there, an operation that is not one, keys besides) are refused", async () => {
    const blow = await gmBlow(ada);
    await damageOp(blow.id, "apply", 7);
    await request("xero-sum.damage.op", { messageId: blow.id, op: "heal", row: 0 });
    await request("xero-sum.damage.op", { messageId: blow.id, op: "apply", row: 0, woundPoints: 0 });
    expect(health(ada)).toEqual([13, 7]);
    expect(warnings()).toHaveLength(3);
  });
});

describe("the round state", () => {
  it("an attack card posted with no actions left is refused by the GM; the actions stay spent", async () => {
    const combat = world.fight([ada, brute]);
    await combat.startCombat();
    await flush();
    world.as(player);
    expect(await actions().takeAction(ada, "sprint")).toBe(true);
    const posted = await g.ChatMessage.create({
      type: "xero-sum-attack",
      system: {
        card: {
          attacker: { actorUuid: ada.uuid, name: "Ada" },
          weapon: { itemUuid: "", name: "Fists", key: "fists" },
          target: { actorUuid: brute.uuid, name: "Brute" },
          choice: {
            action: "attack",
            band: "engaged",
            targetKey: combat.combatants.contents[1].id,
            actionsUsed: 1,
            shot: 0,
            conditional: [],
            insight: null,
          },
          dice: [6, 5],
          preview: { parts: [], modifier: 0 },
          resolution: "checkMinusDefence",
          resolved: null,
          refused: null,
          damageMessageId: null,
        },
      },
      speaker: { actor: ada.id },
      rolls: [rollOf([6, 5])],
    });
    await world.socketToGM();
    await flush();
    expect(card(posted).resolved).toBeNull();
    expect(card(posted).refused).toMatchObject({ key: "POLYVERSE.XeroSum.CombatRules.Problem.noActions" });
    expect(world.render(posted).textContent).toContain(
      "Not enough combat actions left this round (0 left, 1 needed).",
    );
  });
});

describe("a check's effect on another combatant", () => {
  const effect = (payload: Record<string, unknown>) => request("xero-sum.fight.effect", payload);
  const E = "POLYVERSE.XeroSum.Fight.Effect";

  it("the GM reads the band from the player's own check card, once; a forged or borrowed check is refused", async () => {
    const combat = world.fight([ada, brute, rook]);
    await combat.startCombat();
    await flush();
    const [ca, cb, cr] = combat.combatants.contents;
    world.as(player);
    world.queueFaces([5, 5]);
    const rolled = await actions().actionCheck(ca, "distract", { target: brute, skipDialog: true });
    await world.socketToGM();
    await flush();
    expect(cb.flags.polyverse["xero-sum"].round.actionsLeft).toBe(1);
    world.recorder.notifications.length = 0;
    const id = rolled.message.id;
    // The same check again, on Brute or on Rook: one combatant per Distract.
    await effect({ messageId: id, action: "distract", receiverId: cb.id, enemyId: "" });
    await effect({ messageId: id, action: "distract", receiverId: cr.id, enemyId: "" });
    // The same check read as an Inspire (an action not taken this round, and a skill it is not made with).
    await effect({ messageId: id, action: "inspire", receiverId: ca.id, enemyId: "" });
    // The GM's own check, borrowed.
    world.as(gm);
    world.queueFaces([6, 6]);
    const gmCheck = await actions().rollCheck(brute, { skill: "intimidation", skipDialog: true });
    await effect({ messageId: gmCheck.message.id, action: "distract", receiverId: cr.id, enemyId: "" });
    // A check the player rolled without taking the action.
    world.as(player);
    world.queueFaces([6, 6]);
    const loose = await actions().rollCheck(ada, { skill: "tactics", skipDialog: true });
    await world.socketToGM();
    await effect({ messageId: loose.message.id, action: "coordinate", receiverId: cr.id, enemyId: cb.id });
    expect(cb.flags.polyverse["xero-sum"].round.actionsLeft).toBe(1);
    expect(cr.flags.polyverse["xero-sum"]?.round?.actionsLeft ?? 2).toBe(2);
    expect(warnings()).toEqual([
      text(`${E}.AlreadyDone`),
      text(`${E}.AlreadyDone`),
      text(`${E}.WrongCheck`),
      text(`${E}.NotYourCheck`),
      text(`${E}.NotTaken`),
    ]);
  });
});
