// A hostile player against the GM's client on Virtually Real's combat cards, driven against the built
// bundle as a player's client would: requests written straight into the player's own User document,
// cards posted and edited by hand. The defence (another's target; a check rolled before the attack, of
// another kind, or already used; a check card edited since; malformed and replayed requests); Apply and
// Undo (twice; by whoever may not; Undo leaving another's change alone); the attack card itself (edited
// after it was posted, posted with its outcome filled in, a second card for one check, a target the
// check was not rolled against, another's check); the save while Dying (not a Health save, before the
// blow, twice); combat XP (another's row, skills it may not take, twice, a card a player wrote).
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  equipment,
  flush,
  loadVirtuallyRealCombatWorld,
  skill,
  type VirtuallyRealCombatWorld,
} from "./virtually-real-combat-world";

const g = globalThis as any;
let world: VirtuallyRealCombatWorld;
let actions: any;
let player: any;
let other: any;
let gm: any;

const OP = "virtually-real.attack.op";
const XP_OP = "virtually-real.combat.xp";
const R = "POLYVERSE.VirtuallyReal.Combat.Attack.Refused";
const XR = "POLYVERSE.VirtuallyReal.Combat.XP.Refused";
const card = (m: any) => m.system.card;
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const say = (key: string, data?: Record<string, string>) => String(g.game.i18n.format(key, data ?? {}));
let ridCount = 0;

/** Write a request as a hostile client would, deliver it, and return what its sender was told. */
async function request(type: string, payload: Record<string, unknown>, user = player, id?: string) {
  const before = warnings().length;
  world.as(user);
  const rid = id ?? `vfight${String(++ridCount).padStart(10, "0")}`;
  await user.update({ [`flags.polyverse.relay.${rid}`]: { type, payload } });
  await world.deliver();
  await flush();
  world.as(user);
  return { told: warnings().slice(before), rid };
}
const op = (payload: Record<string, unknown>, user = player) => request(OP, payload, user);

/** A character of `owner`: Agility [2] 10, Body [2] 10 (12 HP), Aura [2] 10; Swords [2] 25/4. */
function fighter(name: string, owner?: string, type = "virtually-real-character") {
  return world.character(
    name,
    {
      attributes: {
        agility: { capacity: 2, score: 10 },
        body: { capacity: 2, score: 10 },
        aura: { capacity: 2, score: 10 },
      },
      hp: { value: 12 },
    },
    [
      skill("swords", "Swords", { capacity: 2, xp: 25, attribute: "agility", combat: true }),
      skill("cooking", "Cooking", { capacity: 1, xp: 6, attribute: "mind" }),
      equipment("longsword", "Longsword", { kind: "weapon", ready: true, proficiency: "Swords" }),
    ],
    owner,
    type,
  );
}

/** `attacker` attacks `target` as `user` with these dice; the GM's client records and reads the cards. */
async function attack(user: any, attacker: any, target: any, dice: number[]) {
  world.as(user);
  world.queueD6(dice);
  const done = await actions.rollAttack(attacker, {
    targets: [target],
    skipDialog: true,
    weapon: "Longsword",
  });
  await world.deliver();
  world.as(user);
  return { check: done.check, msg: done.cards[0] };
}

/** A save rolled by `user` for `actor` (posted and recorded), with these dice and the caller's data. */
async function save(user: any, actor: any, kind: string, dice: number[], extra?: Record<string, unknown>) {
  world.as(user);
  world.queueD6(dice);
  const done = await actions.rollSave(actor, kind, { skipDialog: true, ...(extra ? { extra } : {}) });
  await world.deliver();
  world.as(user);
  return done.message;
}

let ada: any; // the player's
let cy: any; // the other player's
let brute: any; // the GM's

beforeAll(async () => {
  world = await loadVirtuallyRealCombatWorld();
  actions = g.game.polyverse.rulesets["virtually-real"].actions;
  player = world.users.player;
  gm = world.users.gm;
  other = { id: "pl00000000000009", name: "Other", isGM: false, active: true, targets: new Set() };
  g.game.users.push(other);
  other.update = player.update;
});

beforeEach(async () => {
  world.as(gm);
  g.game.combat = null;
  ada = fighter("Ada", player.id);
  cy = fighter("Cy", other.id);
  brute = fighter("Brute", undefined, "virtually-real-npc");
  world.recorder.notifications.length = 0;
});

describe("the defence", () => {
  it("only the target's owner declares it: the player is refused for the GM's Brute; nothing recorded", async () => {
    const { msg } = await attack(player, ada, brute, [4, 4]);
    expect((await op({ messageId: msg.id, op: "defend", defence: "none" })).told).toEqual([
      say(`${R}.NotYours`),
    ]);
    expect(card(msg).defence).toBeNull();
  });

  it("a check rolled before the attack, of another kind, or already used for another attack is refused", async () => {
    const early = await save(player, ada, "dodge", [3, 4]);
    const { msg } = await attack(gm, brute, ada, [4, 4]);
    const tooEarly = await op({ messageId: msg.id, op: "defend", defence: "dodge", checkId: early.id });
    expect(tooEarly.told).toEqual([say(`${R}.DefenceTooEarly`)]);
    const evade = await save(player, ada, "evade", [3, 4]);
    const wrong = await op({ messageId: msg.id, op: "defend", defence: "dodge", checkId: evade.id });
    expect(wrong.told).toEqual([say(`${R}.NotThatDefence`)]);
    const theirs = await save(other, cy, "dodge", [3, 4]);
    const notMine = await op({ messageId: msg.id, op: "defend", defence: "dodge", checkId: theirs.id });
    expect(notMine.told).toEqual([say(`${R}.DefenceNotTheTargets`)]);
    expect(card(msg).defence).toBeNull();
    const second = await attack(gm, brute, ada, [4, 4]);
    const dodge = await save(player, ada, "dodge", [3, 4], { defence: { attack: msg.id } });
    expect((await op({ messageId: msg.id, op: "defend", defence: "dodge", checkId: dodge.id })).told).toEqual(
      [],
    );
    expect(card(msg).outcome).toMatchObject({ hit: true, damage: 3 });
    const reused = await op({ messageId: second.msg.id, op: "defend", defence: "dodge", checkId: dodge.id });
    expect(reused.told).toEqual([say(`${R}.DefenceUsed`)]);
    const again = await op({ messageId: msg.id, op: "defend", defence: "none" });
    expect(again.told).toEqual([say(`${R}.AlreadyDefended`)]);
  });

  it("only the first defence rolled for the attack counts: a second, better dodge, or one rolled from the sheet, is refused", async () => {
    const { msg } = await attack(gm, brute, ada, [4, 4]);
    const poor = await save(player, ada, "dodge", [1, 2], { defence: { attack: msg.id } });
    const better = await save(player, ada, "dodge", [6, 5], { defence: { attack: msg.id } });
    const sheet = await save(player, ada, "dodge", [6, 4]);
    for (const tried of [better, sheet])
      expect(
        (await op({ messageId: msg.id, op: "defend", defence: "dodge", checkId: tried.id })).told,
      ).toEqual([say(`${R}.NotTheFirstDefence`)]);
    expect((await op({ messageId: msg.id, op: "defend", defence: "dodge", checkId: poor.id })).told).toEqual(
      [],
    );
    // 4 + 4 + 4 against 1 + 2 + 2: a hit by 7.
    expect(card(msg).outcome).toMatchObject({ hit: true, damage: 7 });
  });

  it("an attack check kept back for a better moment is no attack: only the attacker's last attack check counts", async () => {
    world.as(player);
    world.queueD6([6, 5], [1, 2]);
    const extra = { attack: { targets: [brute.uuid], weapon: "longsword0000000", mental: false } };
    const good = await actions.rollCheck(ada, { skill: "Swords", skipDialog: true, extra });
    await actions.rollCheck(ada, { skill: "Swords", skipDialog: true, extra });
    const forged = await g.ChatMessage.create({
      type: "virtually-real-attack",
      system: {
        card: {
          attacker: { actorUuid: ada.uuid, name: "Ada" },
          target: { actorUuid: brute.uuid, name: "Brute" },
          checkMessageId: good.message.id,
          skill: { itemId: "swords0000000000", name: "Swords" },
          weapon: { itemId: "longsword0000000", name: "Longsword" },
          mental: false,
          combatId: "",
          attack: null,
          defence: null,
          outcome: null,
          applied: null,
          appliedAfter: null,
          dying: null,
          refused: null,
        },
      },
      speaker: { actor: ada.id },
    });
    await world.deliver();
    expect(card(forged).refused).toEqual({ key: `${R}.NotTheLatestAttack`, data: {} });
  });

  it("a defence check edited after it was posted is refused", async () => {
    const { msg } = await attack(gm, brute, ada, [4, 4]);
    const dodge = await save(player, ada, "dodge", [1, 2]);
    world.as(player);
    await dodge.update({ "system.card.extra": { note: "a better roll" } });
    const told = await op({ messageId: msg.id, op: "defend", defence: "dodge", checkId: dodge.id });
    expect(told.told).toEqual([say("POLYVERSE.Relay.CardChanged")]);
    expect(card(msg).defence).toBeNull();
  });

  it("malformed requests are refused: an unknown defence or operation, a missing or extra key; a replay too", async () => {
    const { msg } = await attack(gm, brute, ada, [4, 4]);
    const malformed = say("POLYVERSE.Relay.Malformed");
    for (const payload of [
      { messageId: msg.id, op: "defend", defence: "block" },
      { messageId: msg.id, op: "defend", defence: "dodge" },
      { messageId: msg.id, op: "defend", defence: "none", checkId: msg.id },
      { messageId: msg.id, op: "heal" },
      { messageId: msg.id, op: "apply", damage: 99 },
      { messageId: "../../etc", op: "apply" },
    ])
      expect((await op(payload)).told).toEqual([malformed]);
    const first = await op({ messageId: msg.id, op: "defend", defence: "none" });
    expect(first.told).toEqual([]);
    const replay = await request(OP, { messageId: msg.id, op: "apply" }, player, first.rid);
    expect(replay.told).toEqual([say("POLYVERSE.Relay.Replayed")]);
    expect(card(msg).applied).toBeNull();
  });
});

describe("Apply and Undo", () => {
  it("Apply once: a second request is refused and the hit points fall once", async () => {
    const { msg } = await attack(gm, brute, ada, [4, 4]);
    await op({ messageId: msg.id, op: "defend", defence: "none" });
    expect(card(msg).outcome).toMatchObject({ damage: 12 });
    expect((await op({ messageId: msg.id, op: "apply" })).told).toEqual([]);
    expect(ada.system.hp.value).toBe(0);
    expect((await op({ messageId: msg.id, op: "apply" })).told).toEqual([say(`${R}.AlreadyApplied`)]);
    expect(ada.system.hp.value).toBe(0);
  });

  it("a stranger may not Apply; the attacker's owner may Apply but not Undo", async () => {
    const { msg } = await attack(player, ada, brute, [4, 4]);
    world.as(gm);
    await world.press(msg, '[data-pv-action="virtually-real.attack.defend"][data-defence="none"]');
    await flush();
    expect((await op({ messageId: msg.id, op: "apply" }, other)).told).toEqual([say(`${R}.NotYours`)]);
    expect((await op({ messageId: msg.id, op: "apply" })).told).toEqual([]);
    expect(brute.system.hp.value).toBe(0);
    expect((await op({ messageId: msg.id, op: "undo" })).told).toEqual([say(`${R}.NotYours`)]);
    expect(brute.system.hp.value).toBe(0);
  });

  it("Undo gives back only the blow: healing and a condition marked since stay", async () => {
    const { msg } = await attack(gm, brute, ada, [4, 4]);
    const dodge = await save(player, ada, "dodge", [3, 3], { defence: { attack: msg.id } });
    await op({ messageId: msg.id, op: "defend", defence: "dodge", checkId: dodge.id });
    await op({ messageId: msg.id, op: "apply" });
    // 12 − (4 + 4 + 4 − (3 + 3 + 2)) = 8: a major wound.
    expect(ada.system.hp.value).toBe(8);
    world.as(gm);
    const later = {
      severity: "major",
      group: "mental",
      target: "",
      side: "wound",
      id: "",
      letter: "D",
      atNext: "day",
    };
    await ada.update({
      "system.hp.value": 11,
      "system.conditions": [...ada.system.conditions.map((c: any) => ({ ...c })), later],
    });
    expect((await op({ messageId: msg.id, op: "undo" })).told).toEqual([]);
    expect(ada.system.hp.value).toBe(12);
    expect(ada.system.conditions.map((c: any) => ({ ...c }))).toEqual([later]);
    expect((await op({ messageId: msg.id, op: "undo" })).told).toEqual([say(`${R}.NothingToUndo`)]);
  });
});

describe("the attack card itself", () => {
  it("a card edited after it was posted is refused", async () => {
    const { msg } = await attack(player, ada, brute, [4, 4]);
    world.as(player);
    await msg.update({ "system.card.mental": true });
    await flush();
    world.as(gm);
    await world.press(msg, '[data-pv-action="virtually-real.attack.defend"][data-defence="none"]');
    await flush();
    expect(card(msg).outcome).toBeNull();
    expect(warnings()).toContain(say("POLYVERSE.Relay.CardChanged"));
  });

  it("a card posted with its outcome filled in is refused", async () => {
    const { check, msg } = await attack(player, ada, brute, [2, 2]);
    world.as(player);
    const forged = await g.ChatMessage.create({
      type: "virtually-real-attack",
      system: {
        card: {
          ...card(msg),
          outcome: { hit: true, criticalMiss: false, margin: 40, damage: 40, band: "critical" },
        },
      },
      speaker: { actor: ada.id },
    });
    await world.deliver();
    expect(card(forged).checkMessageId).toBe(check.id);
    expect((await op({ messageId: forged.id, op: "apply" })).told).toEqual([
      say("POLYVERSE.Relay.CardChanged"),
    ]);
    expect(brute.system.hp.value).toBe(12);
  });

  it("a second card for one check and target, a target the check was not rolled against, and another's check are refused", async () => {
    const { check, msg } = await attack(player, ada, brute, [5, 5]);
    world.as(player);
    const post = async (over: Record<string, unknown>) => {
      const m = await g.ChatMessage.create({
        type: "virtually-real-attack",
        system: { card: { ...card(msg), ...over } },
        speaker: { actor: ada.id },
      });
      await world.deliver();
      return m;
    };
    const copy = await post({});
    expect(card(copy).refused).toEqual({ key: `${R}.CheckUsed`, data: {} });
    const elsewhere = await post({ target: { actorUuid: cy.uuid, name: "Cy" } });
    expect(card(elsewhere).refused).toEqual({ key: `${R}.NotAnAttack`, data: {} });
    const theirs = await attack(gm, brute, cy, [6, 5]);
    const stolen = await post({ checkMessageId: theirs.check.id });
    expect(card(stolen).refused).toEqual({ key: `${R}.CheckNotTheAttackers`, data: {} });
    // The first card is the one that stands.
    expect(card(msg).refused).toBeNull();
    expect(check.system.card.extra.attack.targets).toEqual([brute.uuid]);
  });
});

describe("the save while Dying", () => {
  it("only a Health save after the blow, once", async () => {
    const { msg } = await attack(gm, brute, ada, [6, 5]);
    const before = await save(player, ada, "health", [1, 1]);
    await op({ messageId: msg.id, op: "defend", defence: "none" });
    expect((await op({ messageId: msg.id, op: "dying", checkId: before.id })).told).toEqual([
      say(`${R}.NoDyingSave`),
    ]);
    await op({ messageId: msg.id, op: "apply" });
    expect(ada.system.hp.value).toBe(-3);
    const dodge = await save(player, ada, "dodge", [1, 1, 1, 1, 1, 1]);
    expect((await op({ messageId: msg.id, op: "dying", checkId: dodge.id })).told).toEqual([
      say(`${R}.NotThatDefence`),
    ]);
    expect((await op({ messageId: msg.id, op: "dying", checkId: before.id })).told).toEqual([
      say(`${R}.DefenceTooEarly`),
    ]);
    const health = await save(player, ada, "health", [1, 1, 1, 1, 1, 1], { dying: { attack: msg.id } });
    expect((await op({ messageId: msg.id, op: "dying", checkId: health.id })).told).toEqual([]);
    expect(card(msg).dying).toMatchObject({ result: "spendLight" });
    // What is due is asked on the save's own card; its owner answers there.
    expect(ada.system.light.value).toBe(1);
    expect(
      (await request("virtuallyReal.checkCardOp", { messageId: health.id, op: "dying", answer: "light" }))
        .told,
    ).toEqual([]);
    expect(ada.system.light.value).toBe(0);
    const again = await save(player, ada, "health", [1, 1, 1, 1, 1, 1]);
    expect((await op({ messageId: msg.id, op: "dying", checkId: again.id })).told).toEqual([
      say(`${R}.NoDyingSave`),
    ]);
    expect(ada.system.light.value).toBe(0);
    expect((await op({ messageId: msg.id, op: "undo" })).told).toEqual([say(`${R}.DyingSaveRolled`)]);
  });
});

describe("combat XP", () => {
  /** Brute gives Ada and Cy a serious wound each in a combat, then the combat ends. */
  async function ended() {
    const combat = world.fight([ada, cy, brute]);
    await combat.startCombat();
    for (const [who, target] of [
      [player, ada],
      [other, cy],
    ]) {
      const { msg } = await attack(gm, brute, target, [3, 4]);
      await op({ messageId: msg.id, op: "defend", defence: "none" }, who);
      await op({ messageId: msg.id, op: "apply" }, who);
    }
    // Ada's serious wound is a disadvantage on her Agility skill: three dice kept low.
    const mine = await attack(player, ada, brute, [4, 4, 4]);
    world.as(gm);
    await world.press(mine.msg, '[data-pv-action="virtually-real.attack.defend"][data-defence="none"]');
    g.Hooks.callAll("deleteCombat", combat, {}, gm.id);
    await flush();
    return world.messages.at(-1);
  }

  it("another's row, skills the row does not offer, too many, and a second time are refused", async () => {
    const xp = await ended();
    const rows = card(xp).rows.map((r: any) => r.name);
    expect(rows).toEqual(["Ada", "Cy"]);
    const ask = (payload: Record<string, unknown>, user = player) =>
      request(XP_OP, { messageId: xp.id, ...payload }, user);
    expect((await ask({ row: 1, skills: [] })).told).toEqual([say(`${XR}.NotYours`, { name: "Cy" })]);
    expect((await ask({ row: 0, skills: ["cooking000000000"] })).told).toEqual([say(`${XR}.NotThoseSkills`)]);
    expect((await ask({ row: 0, skills: ["swords0000000000", "swords0000000000"] })).told).toEqual([
      say(`${XR}.NotThoseSkills`),
    ]);
    expect((await ask({ row: 0, skills: ["swords0000000000"], bonus: 3 })).told).toEqual([
      say("POLYVERSE.Relay.Malformed"),
    ]);
    expect((await ask({ row: 0, skills: ["swords0000000000"] })).told).toEqual([]);
    expect(ada.items.get("swords0000000000").system.xp).toBe(26);
    expect((await ask({ row: 0, skills: ["swords0000000000"] })).told).toEqual([
      say(`${XR}.Taken`, { name: "Ada" }),
    ]);
    expect(ada.items.get("swords0000000000").system.xp).toBe(26);
    // Cy used no combat skill: nothing may take his XP.
    expect((await ask({ row: 1, skills: ["swords0000000000"] }, other)).told).toEqual([
      say(`${XR}.NotThoseSkills`),
    ]);
  });

  it("a combat XP card a player wrote gives nothing", async () => {
    world.as(player);
    const forged = await g.ChatMessage.create({
      type: "virtually-real-combat",
      system: {
        card: {
          combatId: "combatVR00000001",
          rows: [
            {
              actorUuid: ada.uuid,
              name: "Ada",
              highestWound: "critical",
              xp: 8,
              candidates: [{ id: "cooking000000000", name: "Cooking", used: true }],
              taken: null,
            },
          ],
        },
      },
      speaker: {},
    });
    await world.deliver();
    const told = await request(XP_OP, { messageId: forged.id, row: 0, skills: ["cooking000000000"] });
    expect(told.told).toEqual([say(`${XR}.NotTheGMs`)]);
    expect(ada.items.get("cooking000000000").system.xp).toBe(6);
  });
});
