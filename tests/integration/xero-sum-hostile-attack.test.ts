// A hostile player against the GM's client on what s8's x-attack added, driven against the built
// bundle as a player's client would: requests written straight into the player's own User document,
// cards posted and edited by hand. Insight Dice on the attack card (another's attack, a die twice, a
// replay, before the GM settled it, once its damage is rolled, a card edited since, a card posted with
// its replacements filled in, malformed payloads); Cover Fire's penalty (a player cannot clear their
// own by asking for it with a check that took none, another's check, the same check twice, a card
// claiming less than what waits or a penalty that does not wait, extra keys); Getting the Drop (the
// GM's only).
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverUserUpdates } from "./foundry-stub";
import { flush, loadXeroSumCombatWorld, type XeroSumCombatWorld } from "./xero-sum-combat-world";

const g = globalThis as any;
let world: XeroSumCombatWorld;
let player: any;
let gm: any;
let ada: any; // the player's PC: PHY 1, DEX 2, ACU 1; Insight 2
let brute: any; // the GM's NPC: PHY 2 (Melee DM 2)

const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const text = (key: string, data?: Record<string, string>) => String(g.game.i18n.format(key, data ?? {}));
const actions = () => g.game.polyverse.rulesets["xero-sum"].actions;
const card = (m: any) => m.system.card;
const round = (c: any) => c.flags.polyverse["xero-sum"].round;
const R = "POLYVERSE.XeroSum.Attack.Refused";
const P = "POLYVERSE.XeroSum.Attack.CoverFire";
let ridCount = 0;
const rid = () => `xsattack${String(++ridCount).padStart(8, "0")}`;

/** Write a request as a hostile client would, and let the server deliver it (to every user's client). */
async function request(type: string, payload: Record<string, unknown>, user = player, id = rid()) {
  world.as(user);
  await user.update({ [`flags.polyverse.relay.${id}`]: { type, payload } });
  await deliverUserUpdates(world.recorder, g.game.users);
  await flush();
  return id;
}
const insight = (messageId: string, dice: string, more: Record<string, unknown> = {}) =>
  request("xero-sum.attack.op", { messageId, op: "insight", dice, ...more });
const usePenalty = (messageId: string, more: Record<string, unknown> = {}) =>
  request("xero-sum.check.coverFire", { messageId, ...more });

/** Ada's fists at Brute (PHY 1 + Engaged 1 − Melee DM 2 = 0) on these dice, settled by the GM. */
async function adaAttacks(faces: number[]) {
  world.as(player);
  world.queueFaces(faces);
  const attack = await actions().rollAttack(ada, null, { target: brute, skipDialog: true, band: "engaged" });
  await world.socketToGM();
  await flush();
  world.recorder.notifications.length = 0;
  return attack;
}

/** A started combat of Ada and Brute, Ada's combatant pinned by `n`. */
async function pinnedFight(n = -2) {
  world.as(gm);
  const combat = world.fight([ada, brute]);
  await combat.startCombat();
  await flush();
  const [ca, cb] = combat.combatants.contents;
  if (n) await ca.update({ "flags.polyverse.xero-sum.round.nextCheck": n });
  return { combat, ca, cb };
}

/** A check roll of the bundle's class with these options and faces, built by hand (a forger's). */
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

/** Ada's Dexterity check (DEX 2) as `rollCheck` writes it, with these extra parts. */
const dexOptions = (parts: any[] = []) => {
  const all = [{ kind: "attribute", key: "dex", value: 2 }, ...parts];
  return {
    type: "check",
    kind: "attribute",
    attribute: "dex",
    skill: null,
    parts: all,
    modifier: all.reduce((s, p) => s + p.value, 0),
    clamped: false,
    insight: null,
    dice: 2,
    momentOn3d6: "firstTwo",
    replaceCost: "perDie",
    opposedInsight: true,
    replace: true,
    opposed: null,
    group: null,
  };
};

/** Post a check card by hand as the player, then let the GM's client record it. */
async function forgedCheck(parts: any[], faces = [4, 4]) {
  world.as(player);
  const message = await g.ChatMessage.create({
    type: "xero-sum-check",
    system: { card: { actorUuid: ada.uuid, actorName: "Ada" } },
    rolls: [forgedRoll(dexOptions(parts), faces)],
    speaker: { actor: ada.id },
  });
  await world.socketToGM();
  await flush();
  return message;
}

beforeAll(async () => {
  world = await loadXeroSumCombatWorld();
  player = world.users.player;
  gm = world.users.gm;
  const other = { id: "pl00000000000009", name: "Other", isGM: false, active: true, targets: new Set() };
  g.game.users.push(other);
  (other as any).update = player.update;
  ada = world.character("Ada", { attributes: { phy: 1, dex: 2, acu: 1 } }, [], player.id);
  brute = world.character("Brute", { attributes: { phy: 2, acu: 1 } }, [], undefined, "xero-sum-npc");
});

beforeEach(async () => {
  world.as(gm);
  g.game.combat = null;
  for (const a of [ada, brute]) await a.update({ "system.insight.value": 2 });
  await world.setting("attackResolution", "checkMinusDefence");
  world.recorder.notifications.length = 0;
});

describe("Insight Dice on an attack card", () => {
  it("the GM's attack: a player who does not own the attacker is refused; nothing re-rolled, no Insight spent", async () => {
    world.as(gm);
    world.queueFaces([1, 3]);
    const attack = await actions().rollAttack(brute, null, {
      target: ada,
      skipDialog: true,
      band: "engaged",
    });
    await flush();
    world.as(player);
    expect(world.render(attack).querySelector('[data-pv-action="xero-sum.attack.insight"]')).toBeNull();
    await insight(attack.id, "0");
    expect(card(attack).replacements).toBeUndefined();
    expect(brute.system.insight.value).toBe(2);
    expect(warnings()).toEqual([text("POLYVERSE.XeroSum.Roll.Relay.NotYours")]);
  });

  it("each die once: a second request for the same die and a replayed request are refused", async () => {
    const attack = await adaAttacks([1, 3]);
    world.queueFaces([6]);
    const first = await insight(attack.id, "0");
    expect(card(attack).resolved).toMatchObject({ total: 9, hit: true });
    await insight(attack.id, "0");
    await insight(attack.id, "0,1");
    world.as(player);
    await player.update({
      [`flags.polyverse.relay.${first}`]: {
        type: "xero-sum.attack.op",
        payload: { messageId: attack.id, op: "insight", dice: "0" },
      },
    });
    await world.socketToGM();
    await flush();
    expect(card(attack).replacements).toHaveLength(1);
    expect(ada.system.insight.value).toBe(1);
    expect(warnings()).toEqual([
      text("POLYVERSE.XeroSum.Roll.Relay.AlreadyDone"),
      text("POLYVERSE.XeroSum.Roll.Relay.AlreadyDone"),
      text("POLYVERSE.Relay.Replayed"),
    ]);
  });

  it("once the damage is rolled, the dice stand: a re-roll is refused and no second damage card is posted", async () => {
    const attack = await adaAttacks([5, 5]);
    world.queueFaces([2]);
    await request("xero-sum.attack.op", { messageId: attack.id, op: "damage" });
    const damage = card(attack).damageMessageId;
    expect(damage).not.toBeNull();
    const before = world.messages.length;
    await insight(attack.id, "0");
    await request("xero-sum.attack.op", { messageId: attack.id, op: "damage" });
    expect(world.messages.length).toBe(before);
    expect(card(attack).damageMessageId).toBe(damage);
    expect(card(attack).replacements).toBeUndefined();
    expect(warnings()).toEqual([
      text(`${R}.DamageRolled`),
      text("POLYVERSE.XeroSum.Fight.Attack.Refused.AlreadyRolled"),
    ]);
  });

  it("a card edited after the GM settled it, or posted with its replacements filled in, is refused", async () => {
    const copied = card(await adaAttacks([2, 2]));
    const attack = await adaAttacks([1, 3]);
    world.as(player);
    await attack.update({ "system.card.resolved.total": 12 });
    await insight(attack.id, "0");
    expect(card(attack).replacements).toBeUndefined();
    world.as(player);
    const forged = await g.ChatMessage.create({
      type: "xero-sum-attack",
      system: { card: { ...copied, resolved: null, replacements: [{ indices: [0], faces: [6], cost: 1 }] } },
      speaker: { actor: ada.id },
      rolls: [forgedRoll({ type: "attack", insight: null, dice: 2 }, [2, 2])],
    });
    await world.socketToGM();
    await flush();
    expect(card(forged).resolved).toBeNull();
    expect(card(forged).refused).toMatchObject({ key: "POLYVERSE.Relay.CardChanged" });
    await insight(forged.id, "1");
    expect(ada.system.insight.value).toBe(2);
    expect(warnings()).toEqual([text("POLYVERSE.Relay.CardChanged"), text("POLYVERSE.Relay.CardChanged")]);
  });

  it("a roll whose options disagree with the card (an Insight Die the card does not show) is refused", async () => {
    const attack = await adaAttacks([3, 3]);
    world.as(player);
    const forged = await g.ChatMessage.create({
      type: "xero-sum-attack",
      system: { card: { ...card(attack), resolved: null, gained: undefined } },
      speaker: { actor: ada.id },
      rolls: [forgedRoll({ type: "attack", insight: "plusThree", dice: 2 }, [3, 3])],
    });
    await world.socketToGM();
    await flush();
    expect(card(forged).resolved).toBeNull();
    expect(card(forged).refused).toMatchObject({ key: "POLYVERSE.Relay.CardChanged" });
  });

  it("malformed requests: a die that is not one of the two, keys besides, no Insight Dice left", async () => {
    const attack = await adaAttacks([1, 3]);
    await insight(attack.id, "2");
    await insight(attack.id, "0", { faces: [6] });
    world.as(gm);
    await ada.update({ "system.insight.value": 0 });
    await insight(attack.id, "0");
    expect(card(attack).replacements).toBeUndefined();
    expect(warnings()).toEqual([
      text("POLYVERSE.Relay.Malformed"),
      text("POLYVERSE.Relay.Malformed"),
      text("POLYVERSE.XeroSum.Check.InsightRefusal.nothingHeld"),
    ]);
  });
});

describe("Cover Fire's penalty: the player cannot clear their own", () => {
  it("asking the GM with a check that took no penalty (rolled before the pin) changes nothing", async () => {
    world.as(player);
    world.queueFaces([4, 4]);
    const earlier = await actions().rollCheck(ada, { attribute: "dex", skipDialog: true });
    await world.socketToGM();
    const { ca } = await pinnedFight();
    world.recorder.notifications.length = 0;
    await usePenalty(earlier.message.id);
    expect(round(ca).nextCheck).toBe(-2);
    expect(warnings()).toEqual([text(`${P}.NoPenalty`)]);
  });

  it("the same check twice: used up once; a new pin since stays", async () => {
    const { ca } = await pinnedFight();
    world.as(player);
    world.queueFaces([4, 4]);
    const rolled = await actions().rollCheck(ada, { attribute: "dex", skipDialog: true });
    await world.socketToGM();
    await flush();
    expect(round(ca).nextCheck).toBe(0);
    world.as(gm);
    await ca.update({ "flags.polyverse.xero-sum.round.nextCheck": -2 });
    world.recorder.notifications.length = 0;
    await usePenalty(rolled.message.id);
    expect(round(ca).nextCheck).toBe(-2);
    expect(warnings()).toEqual([text(`${P}.AlreadyUsed`)]);
  });

  it("a check card claiming −1 while −2 waits, or a penalty while none waits, is refused as a whole", async () => {
    const { ca } = await pinnedFight();
    const less = await forgedCheck([{ kind: "coverFire", value: -1 }]);
    world.recorder.notifications.length = 0;
    await usePenalty(less.id);
    expect(round(ca).nextCheck).toBe(-2);
    await ca.update({ "flags.polyverse.xero-sum.round.nextCheck": 0 });
    const none = await forgedCheck([{ kind: "coverFire", value: -2 }]);
    world.as(gm);
    await ca.update({ "flags.polyverse.xero-sum.round.nextCheck": -2 });
    await usePenalty(none.id);
    expect(round(ca).nextCheck).toBe(-2);
    const UNJUSTIFIED = text("POLYVERSE.XeroSum.Roll.Relay.Unjustified");
    expect(warnings()).toEqual([UNJUSTIFIED, UNJUSTIFIED]);
  });

  it("a check card that omits the penalty waiting is refused too: its Insight re-roll and its penalty", async () => {
    const { ca } = await pinnedFight();
    const omitting = await forgedCheck([], [1, 3]);
    world.recorder.notifications.length = 0;
    await request("xeroSum.checkCardOp", { messageId: omitting.id, op: "replace", dice: "0" });
    await usePenalty(omitting.id);
    expect(round(ca).nextCheck).toBe(-2);
    expect(ada.system.insight.value).toBe(2);
    expect(warnings()).toEqual([text("POLYVERSE.XeroSum.Roll.Relay.Unjustified"), text(`${P}.NoPenalty`)]);
  });

  it("another player asking with Ada's check, keys besides, a message that is no check card: refused", async () => {
    const { ca } = await pinnedFight();
    world.as(player);
    world.queueFaces([4, 4]);
    const rolled = await actions().rollCheck(ada, { attribute: "dex", skipDialog: true });
    await world.socketToGM();
    await flush();
    const attack = await adaAttacks([4, 4]);
    world.as(gm);
    await ca.update({ "flags.polyverse.xero-sum.round.nextCheck": -2 });
    world.recorder.notifications.length = 0;
    const other = g.game.users.find((u: any) => u.id === "pl00000000000009");
    await request("xero-sum.check.coverFire", { messageId: rolled.message.id }, other);
    await usePenalty(rolled.message.id, { amount: 2 });
    await usePenalty(attack.id);
    expect(round(ca).nextCheck).toBe(-2);
    expect(warnings()).toEqual([
      text("POLYVERSE.Relay.NotYourCard"),
      text("POLYVERSE.Relay.Malformed"),
      text("POLYVERSE.Relay.NoMessage"),
    ]);
  });
});

describe("Getting the Drop", () => {
  it("is the GM's: a player's call is refused and changes nothing", async () => {
    world.as(gm);
    const combat = world.fight([ada, brute]);
    world.as(player);
    expect(await actions().getTheDrop(combat)).toBeNull();
    expect(await actions().askTheDrop(combat)).toBeNull();
    expect(combat.combatants.contents[0].flags.polyverse?.["xero-sum"]?.drop).toBeUndefined();
    expect(warnings()).toEqual([
      text("POLYVERSE.XeroSum.Fight.Initiative.DropGM"),
      text("POLYVERSE.XeroSum.Fight.Initiative.DropGM"),
    ]);
    world.as(gm);
  });
});
