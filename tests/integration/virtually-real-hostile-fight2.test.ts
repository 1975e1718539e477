// Virtually Real's Maneuver penalty and wound durations against the built bundle, with a hostile player
// against the GM's client. L478: "You always take a Maneuver penalty after using one of these
// defenses" (Dodge & Evade), its size the GM's `maneuverPenalty` (here 2 disadvantage dice on the
// defender's next roll); L422: "mark the letter for the duration of the condition in a box" (the GM's
// `majorWoundDuration`). The flow: a Dodge leaves the penalty (the card says so, the token shows it),
// the defender's next roll takes it and ends it; the defender's turn or initiative ends it unused, and
// so does the combat's end. Hostile: a check card leaving the standing penalty out (or taking fewer
// dice) is refused and the penalty stands; a player clearing another's penalty (the macro API, a relay
// request, taking the status off their own token, declaring a dodge for another's target); an attack
// card posted with a penalty on it.
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
const R = "POLYVERSE.VirtuallyReal.Combat.Attack.Refused";
const LINE = "POLYVERSE.VirtuallyReal.Rolls.Line.Maneuver";
const STATE = "virtually-real.maneuverState";
const card = (m: any) => m.system.card;
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const say = (key: string, data?: Record<string, string>) => String(g.game.i18n.format(key, data ?? {}));
const lines = (check: any) => check.rolls[0].options.lines as any[];
const maneuverLine = (check: any) => lines(check).find((l) => l.key === LINE) ?? null;
let ridCount = 0;
const UNJUSTIFIED = "POLYVERSE.VirtuallyReal.Rolls.Relay.Unjustified";
/** Why the GM's card ledger holds a player's card to be wrong (undefined: recorded clean). */
const ledgerBad = (message: any) => {
  const entry = gm.flags?.polyverse?.ledger?.[message.id];
  expect(entry).toBeDefined();
  return entry.bad;
};

/** Write a request as a hostile client would, deliver it, and return what its sender was told. */
async function request(type: string, payload: Record<string, unknown>, user = player) {
  const before = warnings().length;
  world.as(user);
  const rid = `vfightb${String(++ridCount).padStart(9, "0")}`;
  await user.update({ [`flags.polyverse.relay.${rid}`]: { type, payload } });
  await world.deliver();
  await flush();
  world.as(user);
  return warnings().slice(before);
}
const op = (payload: Record<string, unknown>, user = player) => request(OP, payload, user);

/** A character of `owner`: Agility [2] 10, Body [2] 10 (12 HP); Swords [2] 25/4. */
function fighter(name: string, owner?: string, type = "virtually-real-character") {
  return world.character(
    name,
    {
      attributes: { agility: { capacity: 2, score: 10 }, body: { capacity: 2, score: 10 } },
      hp: { value: 12 },
    },
    [
      skill("swords", "Swords", { capacity: 2, xp: 25, attribute: "agility", combat: true }),
      equipment("longsword", "Longsword", { kind: "weapon", ready: true, proficiency: "Swords" }),
    ],
    owner,
    type,
  );
}

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

async function save(user: any, actor: any, kind: string, dice: number[], extra?: Record<string, unknown>) {
  world.as(user);
  world.queueD6(dice);
  const done = await actions.rollSave(actor, kind, { skipDialog: true, ...(extra ? { extra } : {}) });
  await world.deliver();
  world.as(user);
  return done.message;
}

async function swords(user: any, actor: any, dice: number[]) {
  world.as(user);
  world.queueD6(dice);
  const done = await actions.rollCheck(actor, { skill: "Swords", skipDialog: true });
  await world.deliver();
  world.as(user);
  return done.message;
}

/** The GM's Brute attacks `target`; its owner `user` dodges (3 + 3 + 2 against 4 + 4 + 4). */
async function dodged(target: any, user = player) {
  const { msg } = await attack(gm, brute, target, [4, 4]);
  const dodge = await save(user, target, "dodge", [3, 3], { defence: { attack: msg.id } });
  expect(await op({ messageId: msg.id, op: "defend", defence: "dodge", checkId: dodge.id }, user)).toEqual(
    [],
  );
  return msg;
}

/** What a hostile client sees of the world's penalties while it rolls (its own copy of the setting). */
async function asIfStanding(state: unknown, roll: () => Promise<any>) {
  const held = g.game.settings.get("polyverse", STATE);
  await g.game.settings.set("polyverse", STATE, state);
  const made = await roll();
  await g.game.settings.set("polyverse", STATE, held);
  return made;
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
  await world.setting("maneuverPenalty", "2");
  await world.setting("majorWoundDuration", "gm");
  await g.game.settings.set("polyverse", STATE, {});
  ada = fighter("Ada", player.id);
  cy = fighter("Cy", other.id);
  brute = fighter("Brute", undefined, "virtually-real-npc");
  world.recorder.notifications.length = 0;
});

describe("the Maneuver penalty after a Dodge or Evade", () => {
  it("is noted only at 0 (the default): no dice, no status", async () => {
    await world.setting("maneuverPenalty", "0");
    const msg = await dodged(ada);
    expect(card(msg).maneuver).toBe(0);
    expect(actions.maneuverOf(ada)).toBeNull();
    expect(ada.statuses.has("maneuver")).toBe(false);
    world.as(player);
    expect(world.render(msg).textContent).toContain(say(`POLYVERSE.VirtuallyReal.Combat.Attack.Maneuver`));
  });

  it("leaves 2 disadvantage dice on the defender's next roll: the card says so, the token shows it, the roll takes it", async () => {
    const msg = await dodged(ada);
    expect(card(msg).maneuver).toBe(2);
    expect(actions.maneuverOf(ada)).toEqual({ dice: 2, after: "dodge" });
    expect(ada.statuses.has("maneuver")).toBe(true);
    world.as(player);
    expect(world.render(msg).textContent).toContain("Maneuver penalty: 2 disadvantage dice");
    // Swords [2] with 2 disadvantages: 4 dice, the 2 lowest kept (1 + 2) + 4.
    const check = await swords(player, ada, [6, 6, 1, 2]);
    expect(maneuverLine(check)).toMatchObject({ disadvantage: 2 });
    expect(check.rolls[0].options.input.disadvantage).toBe(2);
    expect(actions.checkResultOf(check).total).toBe(7);
    expect(actions.maneuverOf(ada)).toBeNull();
    expect(ada.statuses.has("maneuver")).toBe(false);
    // Used: the roll after it takes no penalty.
    const next = await swords(player, ada, [6, 5]);
    expect(maneuverLine(next)).toBeNull();
  });

  it("an Evade leaves it too; a parry or no defence does not", async () => {
    const { msg } = await attack(gm, brute, ada, [4, 4]);
    // Evade is [1], but Agility [2] rolls 2 dice ("whichever is largest").
    const evade = await save(player, ada, "evade", [3, 3], { defence: { attack: msg.id } });
    expect(await op({ messageId: msg.id, op: "defend", defence: "evade", checkId: evade.id })).toEqual([]);
    expect(actions.maneuverOf(ada)).toEqual({ dice: 2, after: "evade" });
    const second = await attack(gm, brute, cy, [4, 4]);
    expect(await op({ messageId: second.msg.id, op: "defend", defence: "none" }, other)).toEqual([]);
    expect(actions.maneuverOf(cy)).toBeNull();
  });

  it("the defender's side of an opposed check takes it too (rolled onto the card by the GM's client)", async () => {
    await dodged(cy, other);
    world.as(player);
    world.queueD6([4, 5]);
    const done = await actions.rollOpposed(ada, cy, { skill: "Swords", skipDialog: true });
    await world.deliver();
    world.as(other);
    // Cy's Swords [2] with the 2 dice: 4 dice, the 2 lowest kept.
    world.queueD6([6, 6, 1, 2]);
    expect(await world.press(done.message, '[data-pv-action="virtuallyReal.opponentRoll"]')).toBe(true);
    await world.deliver();
    await flush();
    const side = card(done.message).opponentRoll;
    expect(side.lines.find((l: any) => l.key === LINE)).toMatchObject({ disadvantage: 2 });
    // The stand-in fires no update hooks for messages: Foundry's, as the GM's client receives it. A
    // player's write of the card is no GM's roll and ends nothing.
    world.as(gm);
    g.Hooks.callAll(
      "updateChatMessage",
      done.message,
      { system: { card: { opponentRoll: side } } },
      {},
      other.id,
    );
    await flush();
    expect(actions.maneuverOf(cy)).toEqual({ dice: 2, after: "dodge" });
    g.Hooks.callAll(
      "updateChatMessage",
      done.message,
      { system: { card: { opponentRoll: side } } },
      {},
      gm.id,
    );
    await flush();
    expect(actions.maneuverOf(cy)).toBeNull();
  });

  it("ends unused at the defender's turn, at its next initiative, and when the combat ends", async () => {
    const combat = world.fight([ada, brute]);
    world.as(gm);
    await combat.startCombat(); // Ada's turn (no initiative yet: by name)
    await dodged(ada);
    world.as(gm);
    await combat.nextTurn(); // Brute's
    await flush();
    expect(actions.maneuverOf(ada)).not.toBeNull();
    await combat.nextTurn(); // a new round: Ada's turn again
    await flush();
    expect(actions.maneuverOf(ada)).toBeNull();
    expect(ada.statuses.has("maneuver")).toBe(false);

    await dodged(ada);
    world.as(gm);
    // Both combatants at once (no dialog); the Initiative save takes no penalty, it clears it.
    await combat.rollInitiative(["cbAda00000000000", "cbBrute000000000"]);
    await world.deliver();
    await flush();
    expect(actions.maneuverOf(ada)).toBeNull();

    await dodged(ada);
    world.as(gm);
    g.Hooks.callAll("deleteCombat", combat, {}, gm.id);
    await flush();
    expect(actions.maneuverOf(ada)).toBeNull();
  });

  it("a GM clears it (the macro API, or the status taken off the token); a GM's status put on sets one", async () => {
    await dodged(ada);
    world.as(gm);
    expect(await actions.clearManeuver(ada)).toBe(true);
    expect(actions.maneuverOf(ada)).toBeNull();
    expect(ada.statuses.has("maneuver")).toBe(false);
    await dodged(ada);
    world.as(gm);
    g.Hooks.callAll("deleteActiveEffect", effectOn(ada), {}, gm.id);
    await flush();
    expect(actions.maneuverOf(ada)).toBeNull();
    g.Hooks.callAll("createActiveEffect", effectOn(cy), {}, gm.id);
    await flush();
    expect(actions.maneuverOf(cy)).toEqual({ dice: 2, after: "gm" });
    expect(cy.statuses.has("maneuver")).toBe(true);
  });
});

/** The `maneuver` status's Active Effect on an actor, as Foundry hands it to the hooks. */
const effectOn = (actor: any) => ({
  documentName: "ActiveEffect",
  parent: actor,
  statuses: new Set(["maneuver"]),
});

describe("a hostile player", () => {
  it("a check card leaving out the standing penalty, or taking fewer dice, is refused; the penalty stands", async () => {
    const msg = await dodged(ada);
    world.as(player);
    world.queueD6([6, 6]);
    const forged = await asIfStanding({}, () =>
      actions.rollCheck(ada, { skill: "Swords", skipDialog: true }),
    );
    await world.deliver();
    expect(maneuverLine(forged.message)).toBeNull();
    expect(ledgerBad(forged.message)).toBe(UNJUSTIFIED);
    expect(actions.maneuverOf(ada)).toEqual({ dice: 2, after: "dodge" });
    // Used as a defence, it is refused for what it left out.
    const second = await attack(gm, brute, ada, [4, 4]);
    world.as(player);
    const fewer = await asIfStanding(
      { [ada.uuid]: { dice: 1, after: "dodge", attack: msg.id, combat: "", t: 1 } },
      async () => {
        world.queueD6([6, 6, 6]);
        return actions.rollSave(ada, "dodge", {
          skipDialog: true,
          extra: { defence: { attack: second.msg.id } },
        });
      },
    );
    await world.deliver();
    expect(maneuverLine(fewer.message)).toMatchObject({ disadvantage: 1 });
    expect(ledgerBad(fewer.message)).toBe(UNJUSTIFIED);
    const told = await op({
      messageId: second.msg.id,
      op: "defend",
      defence: "dodge",
      checkId: fewer.message.id,
    });
    expect(told).toEqual([say(UNJUSTIFIED)]);
    expect(card(second.msg).defence).toBeNull();
    expect(actions.maneuverOf(ada)).toEqual({ dice: 2, after: "dodge" });
  });

  it("a card taking a penalty the GM cleared while it was rolled is the roller's loss: recorded clean", async () => {
    world.as(player);
    world.queueD6([6, 6, 1, 2]);
    const made = await asIfStanding(
      { [ada.uuid]: { dice: 2, after: "evade", attack: "", combat: "", t: 1 } },
      () => actions.rollCheck(ada, { skill: "Swords", skipDialog: true }),
    );
    await world.deliver();
    expect(maneuverLine(made.message)).toMatchObject({ disadvantage: 2 });
    expect(ledgerBad(made.message)).toBeUndefined();
  });

  it("may not clear another's penalty: not by the macro API, a relay request, or declaring for another's target", async () => {
    await dodged(cy, other);
    world.as(player);
    expect(await actions.clearManeuver(cy)).toBe(false);
    expect(warnings()).toContain(say("POLYVERSE.VirtuallyReal.Fight.Refused.GMOnly"));
    const { msg } = await attack(gm, brute, cy, [4, 4]);
    expect(await op({ messageId: msg.id, op: "maneuver" })).toEqual([say("POLYVERSE.Relay.Malformed")]);
    expect(await op({ messageId: msg.id, op: "defend", defence: "none" })).toEqual([say(`${R}.NotYours`)]);
    // Ada's roll is not Cy's: Cy's penalty stands.
    await swords(player, ada, [4, 4]);
    expect(actions.maneuverOf(cy)).toEqual({ dice: 2, after: "dodge" });
  });

  it("an Initiative save from the sheet, or naming a combat the defender is not in, clears nothing", async () => {
    await dodged(ada);
    await save(player, ada, "initiative", [5, 5]);
    await save(player, ada, "initiative", [5, 5], { initiative: { combat: "combatVR00000099" } });
    expect(actions.maneuverOf(ada)).toEqual({ dice: 2, after: "dodge" });
  });

  it("taking the status off their own token changes nothing: the GM puts it back, the next roll still takes the dice", async () => {
    await dodged(ada);
    world.as(player);
    await ada.toggleStatusEffect("maneuver", { active: false });
    world.as(gm);
    g.Hooks.callAll("deleteActiveEffect", effectOn(ada), {}, player.id);
    await flush();
    expect(ada.statuses.has("maneuver")).toBe(true);
    expect(actions.maneuverOf(ada)).toEqual({ dice: 2, after: "dodge" });
    // A status a player puts on by hand sets nothing: the GM takes it off again.
    world.as(gm);
    g.Hooks.callAll("createActiveEffect", effectOn(brute), {}, player.id);
    await flush();
    expect(actions.maneuverOf(brute)).toBeNull();
    expect(brute.statuses.has("maneuver")).toBe(false);
  });

  it("an attack card posted with a penalty on it is refused, and sets none", async () => {
    const { msg } = await attack(player, ada, brute, [4, 4]);
    world.as(player);
    const forged = await g.ChatMessage.create({
      type: "virtually-real-attack",
      system: { card: { ...card(msg), maneuver: 3 } },
      speaker: { actor: ada.id },
    });
    await world.deliver();
    world.as(gm);
    await world.press(forged, '[data-pv-action="virtually-real.attack.defend"][data-defence="dodge"]');
    await world.deliver();
    expect(actions.maneuverOf(brute)).toBeNull();
  });
});

describe("the wound's duration letter", () => {
  it("Apply marks a major wound's box with the GM's duration (the sheet shows its letter); none by default", async () => {
    await world.setting("majorWoundDuration", "scene");
    const msg = await dodged(ada);
    // 4 + 4 + 4 against 3 + 3 + 2: 4 damage, a major wound on a human.
    expect(await op({ messageId: msg.id, op: "apply" })).toEqual([]);
    expect(ada.system.conditions.map((c: any) => ({ severity: c.severity, atNext: c.atNext }))).toEqual([
      { severity: "major", atNext: "scene" },
    ]);
    await world.setting("majorWoundDuration", "gm");
    const plain = await dodged(cy, other);
    expect(await op({ messageId: plain.id, op: "apply" }, other)).toEqual([]);
    expect(cy.system.conditions.map((c: any) => c.atNext)).toEqual([""]);
  });
});
