// Xero Sum combat against the built bundle, in a world whose ruleset is Xero Sum: the combat classes,
// initiative (2d6 + ACU + DEX, PCs before NPCs on a draw, the quiet +1, Getting the Drop's −3), the
// round state kept on each combatant (actions spent, Aim, Defend, Winded), the attack card settled by
// the GM from the documents (checkMinusDefence and opposed), the damage card rolled by the GM with its
// rows (Blast Radius by band), Apply and Undo by the target's owner through the GM.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { flush, loadXeroSumCombatWorld, weapon, type XeroSumCombatWorld } from "./xero-sum-combat-world";

const g = globalThis as any;
let world: XeroSumCombatWorld;
const actions = () => g.game.polyverse.rulesets["xero-sum"].actions;
const round = (c: any) => c.flags.polyverse["xero-sum"].round;
const card = (m: any) => m.system.card;
/** No token on the scene, none remembered by an actor. */
const clearScene = () => {
  g.canvas.tokens.placeables.length = 0;
  for (const a of g.game.actors) a._tokens = [];
};

// Table 17's Machete: 3 + 2d3, 50 % RP, Engaged. Table 19's Grenade: 2 + 2d6, 100 % RP, Close, Blast Radius.
const machete = weapon("Machete", {
  key: "machete",
  category: "melee",
  skill: "meleeCombat",
  range: "engaged",
  damage: { base: 3, dice: "2d3" },
  rpPercent: 50,
  weaponClass: "melee",
});
const grenade = weapon("Grenade", {
  key: "grenade",
  category: "explosive",
  skill: "athletics",
  range: "close",
  damage: { base: 2, dice: "2d6" },
  rpPercent: 100,
  weaponClass: "thrown",
  ammo: { rarity: "", clip: 1, loaded: 1, reloads: 0 },
  characteristics: [
    { key: "tracking", value: 0 },
    { key: "blastRadius", value: 0 },
  ],
});

let ada: any; // the player's PC: PHY 1, DEX 2, ACU 1 (initiative 3; WP 13, RP 7; Melee DM 1, Ranged DM 2)
let brute: any; // the GM's NPC: PHY 2, ACU 1 (initiative 1; Melee DM 2), Melee Combat 2, a Machete and a Grenade
let rook: any; // the GM's NPC: ACU 2, DEX 1 (initiative 3)

/** Press a card's button as the current user with the skip key held (a check's dialog skipped). */
async function pressSkipping(message: any, selector: string): Promise<boolean> {
  const button = world.render(message).querySelector<HTMLButtonElement>(selector);
  if (!button || button.hidden) return false;
  button.dispatchEvent(new MouseEvent("click", { shiftKey: true }));
  await flush();
  return true;
}

beforeAll(async () => {
  world = await loadXeroSumCombatWorld();
  // Shift held as core's skip key reads it (the stand-in has no keybindings of its own).
  g.game.keybindings = {
    actions: new Map([["polyverse.skipRollDialog", {}]]),
    get: () => [{ key: "ShiftLeft" }, { key: "ShiftRight" }],
  };
  ada = world.character(
    "Ada",
    { attributes: { phy: 1, dex: 2, acu: 1 }, skills: { meleeCombat: 2, rangedCombat: 2 } },
    [],
    world.users.player.id,
  );
  brute = world.character(
    "Brute",
    { attributes: { phy: 2, acu: 1 }, skills: { meleeCombat: 2 } },
    [machete, grenade],
    undefined,
    "xero-sum-npc",
  );
  rook = world.character("Rook", { attributes: { acu: 2, dex: 1 } }, [], undefined, "xero-sum-npc");
});

beforeEach(async () => {
  world.as(world.users.gm);
  for (const a of [ada, brute, rook])
    await a.update({
      "system.wp.value": a.system.derived.woundPoints,
      "system.rp.value": a.system.derived.resiliencePoints,
    });
  await world.setting("attackResolution", "checkMinusDefence");
  world.recorder.notifications.length = 0;
  g.game.combat = null;
});

describe("a Xero Sum world", () => {
  it("uses the Xero Sum combat classes; 2d6 initiative", () => {
    expect(g.CONFIG.Combat.documentClass.name).toBe("XeroSumCombat");
    expect(g.CONFIG.Combatant.documentClass.name).toBe("XeroSumCombatant");
    expect(ada.system.derived.initiative).toBe(3);
  });
});

describe("initiative", () => {
  it("2d6 + ACU + DEX each; on a draw the PC goes before the NPC; one message lists the rolls", async () => {
    const combat = world.fight([ada, brute, rook]);
    world.queueFaces([3, 4], [5, 6], [3, 4]);
    const before = world.messages.length;
    await combat.rollInitiative(combat.combatants.contents.map((c: any) => c.id));
    const [ca, cb, cr] = combat.combatants.contents;
    expect([ca.initiative, cb.initiative, cr.initiative]).toEqual([10, 12, 10]);
    const order = [ca, cb, cr].sort((x: any, y: any) => combat._sortCombatants(x, y)).map((c: any) => c.name);
    expect(order).toEqual(["Brute", "Ada", "Rook"]);
    expect(world.messages.length).toBe(before + 1);
    expect(world.messages.at(-1).content).toContain("Ada: 3 + 4 + 3 = 10");
  });

  it("Getting the Drop: DEX + ACU decides (a tie gives it to nobody); the winner acts once, then −3", async () => {
    const tied = world.fight([ada, brute, rook]);
    expect(await actions().getTheDrop(tied)).toBeNull();
    const combat = world.fight([ada, brute]);
    const winner = await actions().getTheDrop(combat);
    const ca = combat.combatants.contents[0];
    expect(winner).toBe(ca.id);
    expect(round(ca)).toMatchObject({ round: 0, actionsLeft: 1 });
    world.queueFaces([3, 4], [1, 1]);
    await combat.rollInitiative(combat.combatants.contents.map((c: any) => c.id));
    expect(ca.initiative).toBe(7);
    expect(ca.flags.polyverse["xero-sum"].initiative).toMatchObject({ drop: -3, total: 7 });
  });

  it("a new round rolls again: from round 2 on, +1 to whoever neither attacked nor was attacked; Winded costs an action", async () => {
    const combat = world.fight([ada, brute, rook]);
    world.queueFaces([3, 4], [5, 6], [3, 4]);
    await combat.rollInitiative(combat.combatants.contents.map((c: any) => c.id));
    await combat.startCombat();
    await flush();
    await ada.update({ "system.state.winded": true });
    // Round 1 earns no quiet bonus ("in the second and each subsequent round").
    world.queueFaces([1, 2], [1, 2], [1, 2]);
    await combat.nextRound();
    await flush();
    const [ca, cb, cr] = combat.combatants.contents;
    expect([ca.initiative, cb.initiative, cr.initiative]).toEqual([6, 4, 6]);
    expect(round(ca)).toMatchObject({ round: 2, actionsLeft: 1 });
    expect(ada.system.state.winded).toBe(false);
    // In round 2 Brute attacks Ada; Rook stays quiet: +1 on round 3's check.
    world.queueFaces([4, 5]);
    await actions().rollAttack(brute, brute.items[0], { target: ada, skipDialog: true, band: "engaged" });
    await flush();
    expect(round(cb)).toMatchObject({ round: 2, actionsLeft: 1, attacked: true });
    world.queueFaces([1, 2], [1, 2], [1, 2]);
    await combat.nextRound();
    await flush();
    expect([ca.initiative, cb.initiative, cr.initiative]).toEqual([6, 4, 7]);
    expect(round(ca)).toMatchObject({ round: 3, actionsLeft: 2 });
    expect(round(cb)).toMatchObject({ round: 3, actionsLeft: 2, attacked: false });
  });
});

describe("actions in the tracker", () => {
  it("the owner spends their combatant's actions; never more than are left; never another's", async () => {
    const combat = world.fight([ada, brute]);
    await combat.startCombat();
    world.as(world.users.player);
    expect(await actions().takeAction(ada, "aim", { target: brute })).toBe(true);
    expect(await actions().takeAction(ada, "sprint")).toBe(false);
    expect(await actions().takeAction(brute, "defend")).toBe(false);
    const ca = combat.combatants.contents[0];
    expect(round(ca)).toMatchObject({ actionsLeft: 1, taken: ["aim"], aim: { bonus: 2 } });
    world.as(world.users.gm);
  });
});

describe("actions with a check", () => {
  it("Distract (Intimidation): on a Success the GM takes an action from the player's target", async () => {
    const combat = world.fight([ada, brute]);
    await combat.startCombat();
    await flush();
    const [ca, cb] = combat.combatants.contents;
    world.as(world.users.player);
    // INF 0 + Intimidation 0, [5, 5]: 10, a Success.
    world.queueFaces([5, 5]);
    const rolled = await actions().actionCheck(ca, "distract", { target: brute, skipDialog: true });
    await world.socketToGM();
    await flush();
    expect(rolled.result).toMatchObject({ total: 10, band: "success" });
    expect(round(ca)).toMatchObject({ actionsLeft: 1, taken: ["distract"] });
    expect(round(cb)).toMatchObject({ actionsLeft: 1 });
    world.as(world.users.gm);
  });

  it("Sprint (Athletics): a failed check winds the sprinter, one action fewer next round", async () => {
    const combat = world.fight([ada, brute]);
    await combat.startCombat();
    await flush();
    const [ca] = combat.combatants.contents;
    world.as(world.users.player);
    world.queueFaces([1, 2]);
    await actions().actionCheck(ca, "sprint", { skipDialog: true });
    expect(ada.system.state.winded).toBe(true);
    expect(round(ca)).toMatchObject({ actionsLeft: 0, sprinted: true });
    world.as(world.users.gm);
    world.queueFaces([1, 1], [1, 1]);
    await combat.nextRound();
    await flush();
    expect(round(ca)).toMatchObject({ round: 2, actionsLeft: 1 });
  });

  it("Inspire: the GM's own NPC inspires another: one action more, once a round", async () => {
    const combat = world.fight([brute, rook]);
    await combat.startCombat();
    await flush();
    const [cb, cr] = combat.combatants.contents;
    world.queueFaces([6, 5]);
    await actions().actionCheck(cb, "inspire", { target: rook, skipDialog: true });
    expect(round(cr)).toMatchObject({ actionsLeft: 3, inspired: true });
    world.queueFaces([6, 5]);
    await actions().actionCheck(cb, "inspire", { target: rook, skipDialog: true });
    expect(round(cr)).toMatchObject({ actionsLeft: 3 });
    expect(world.recorder.notifications.map((n: any) => n.message)).toContain(
      "A character can be inspired only once a round.",
    );
  });
});

describe("the combat tracker", () => {
  it("each owner's row shows the actions left and the 18 choices; Aim is taken at the targeted token", async () => {
    const combat = world.fight([ada, brute]);
    await combat.startCombat();
    await flush();
    const [ca, cb] = combat.combatants.contents;
    const html = document.createElement("section");
    html.innerHTML = combat.combatants.contents
      .map(
        (c: any) => `<li class="combatant" data-combatant-id="${c.id}"><div class="token-name"></div></li>`,
      )
      .join("");
    world.as(world.users.player);
    g.Hooks.callAll("renderCombatTracker", { viewed: combat }, html);
    await flush();
    const [rowA, rowB] = [...html.querySelectorAll("li.combatant")];
    expect(rowA!.querySelectorAll(".pv-xs-pip.pv-xs-left")).toHaveLength(2);
    expect(rowA!.querySelectorAll("select.pv-xs-action option:not([value=''])")).toHaveLength(18);
    // The player does not own Brute: nothing on its row.
    expect(rowB!.querySelector(".pv-xs-round")).toBeNull();
    const token = world.token(brute, 3, 3);
    world.users.player.targets = new Set([token]);
    const select = rowA!.querySelector<HTMLSelectElement>("select.pv-xs-action")!;
    select.value = "aim";
    select.dispatchEvent(new Event("change"));
    await flush();
    expect(round(ca)).toMatchObject({ actionsLeft: 1, aim: { bonus: 2, target: cb.id } });
    world.users.player.targets = new Set();
    clearScene();
    world.as(world.users.gm);
  });
});

describe("the attack card", () => {
  it("settled by the GM: PHY 2 + Melee 2 + Engaged 1 − Ada's Melee DM 1 = +4; [4, 5] = 13, a hit", async () => {
    world.queueFaces([4, 5]);
    const attack = await actions().rollAttack(brute, brute.items[0], {
      target: ada,
      skipDialog: true,
      band: "engaged",
    });
    await flush();
    expect(card(attack).resolved).toMatchObject({
      modifier: 4,
      total: 13,
      band: "success",
      hit: true,
      defence: 1,
    });
    // The player, who owns neither the attacker nor its roll, sees no damage button; the GM rolls it.
    world.as(world.users.player);
    expect(await world.press(attack, 'button[data-pv-action="xero-sum.attack.damage"]')).toBe(false);
    world.as(world.users.gm);
    world.queueFaces([3, 6]);
    expect(await world.press(attack, 'button[data-pv-action="xero-sum.attack.damage"]')).toBe(true);
    const damage = world.messages.find((m: any) => m.id === card(attack).damageMessageId);
    // 2d3 read from [3, 6]: 2 and 3; 3 + 5 + PHY 2 = 10 WP, 50 % = 5 RP.
    expect(card(damage)).toMatchObject({
      read: [2, 3],
      rolled: 10,
      harm: { woundPoints: 10, resiliencePoints: 5 },
    });
    // Ada's owner applies through the GM: 13 → 3 WP, 7 → 2 RP, past the Panic Threshold (3).
    world.as(world.users.player);
    expect(await world.press(damage, 'button[data-pv-action="xero-sum.damage.apply"]')).toBe(true);
    await world.socketToGM();
    await flush();
    expect([ada.system.wp.value, ada.system.rp.value]).toEqual([3, 2]);
    expect(card(damage).rows[0].applied.events).toMatchObject({ panicCheck: true, mortallyWounded: false });
    const html = world.render(damage);
    expect(html.querySelector('button[data-pv-action="xero-sum.damage.panic"]')).not.toBeNull();
    expect(html.textContent).toContain("A Panic check is due.");
    // The Panic check (the documents folder's action) from the row, once (its dialog skipped with the
    // skip key): then the button is gone.
    world.queueFaces([6, 6]);
    expect(await pressSkipping(damage, 'button[data-pv-action="xero-sum.damage.panic"]')).toBe(true);
    await world.socketToGM();
    await flush();
    expect(card(damage).rows[0].checked).toEqual(["panic"]);
    expect(world.render(damage).querySelector('button[data-pv-action="xero-sum.damage.panic"]')).toBeNull();
    // Undo: exactly this card's change.
    expect(await world.press(damage, 'button[data-pv-action="xero-sum.damage.undo"]')).toBe(true);
    await world.socketToGM();
    await flush();
    expect([ada.system.wp.value, ada.system.rp.value]).toEqual([13, 7]);
    world.as(world.users.gm);
  });

  it("in combat: Aim +2 on the next attack, the actions spent by the GM, a Defend raising the DM once", async () => {
    const combat = world.fight([ada, brute]);
    await combat.startCombat();
    await flush();
    const [ca, cb] = combat.combatants.contents;
    world.as(world.users.gm);
    expect(await actions().takeAction(brute, "defend")).toBe(true);
    world.as(world.users.player);
    await actions().takeAction(ada, "aim", { target: brute });
    // Fists: PHY 1 + Unarmed 0 + Engaged 1 + Aim 2 − (Brute's Melee DM 2 + Defend 2) = 0.
    world.queueFaces([6, 5]);
    const attack = await actions().rollAttack(ada, null, {
      target: brute,
      skipDialog: true,
      band: "engaged",
    });
    await world.socketToGM();
    await flush();
    expect(card(attack).preview.modifier).toBe(0);
    expect(card(attack).resolved).toMatchObject({ modifier: 0, total: 11, hit: true, defence: 4 });
    expect(round(ca)).toMatchObject({ actionsLeft: 0, aim: null, attacked: true, attacksOn: { [cb.id]: 1 } });
    expect(round(cb)).toMatchObject({ defends: 0, wasAttacked: true });
    world.as(world.users.gm);
  });

  it("Rapid Fire with one action: two shots at −1 and −3, one action and two rounds spent", async () => {
    const pistol = weapon("Light Pistol", {
      key: "lightPistol",
      category: "ranged",
      skill: "rangedCombat",
      range: "close",
      damage: { base: 3, dice: "1d6" },
      rpPercent: 50,
      weaponClass: "pistol",
      ammo: { rarity: "common", clip: 6, loaded: 6, reloads: 1 },
    });
    const [gun] = await ada.createEmbeddedDocuments("Item", [pistol]);
    const combat = world.fight([ada, brute]);
    await combat.startCombat();
    await flush();
    world.as(world.users.player);
    world.queueFaces([4, 4], [3, 3]);
    await actions().rollAttack(ada, gun, {
      target: brute,
      action: "rapidFire",
      band: "close",
      skipDialog: true,
    });
    await world.socketToGM();
    await flush();
    const shots = world.messages.filter((m: any) => m.type === "xero-sum-attack").slice(-2);
    // DEX 2 + Ranged 2 + Close 1 − Brute's Ranged DM 0, then −1 and −3.
    expect(
      shots.map((m: any) => [card(m).choice.shot, card(m).resolved.modifier, card(m).resolved.total]),
    ).toEqual([
      [0, 4, 12],
      [1, 2, 8],
    ]);
    expect(round(combat.combatants.contents[0])).toMatchObject({ actionsLeft: 1, taken: ["rapidFire"] });
    expect(gun.system.ammo.loaded).toBe(4);
    world.as(world.users.gm);
  });

  it("opposed: the target's owner has the GM roll 2d6 + DM; the higher total hits, a draw misses", async () => {
    await world.setting("attackResolution", "opposed");
    world.queueFaces([3, 3]);
    const attack = await actions().rollAttack(brute, brute.items[0], {
      target: ada,
      skipDialog: true,
      band: "engaged",
    });
    await flush();
    expect(card(attack).resolved).toMatchObject({ modifier: 5, total: 11, hit: null, defence: 1 });
    world.as(world.users.player);
    world.queueFaces([2, 2]);
    expect(await world.press(attack, 'button[data-pv-action="xero-sum.attack.defend"]')).toBe(true);
    await world.socketToGM();
    await flush();
    expect(card(attack).resolved).toMatchObject({ defenceDice: [2, 2], defenceTotal: 5, hit: true });
    world.as(world.users.gm);
    world.queueFaces([2, 2]);
    const draw = await actions().rollAttack(brute, brute.items[0], {
      target: ada,
      skipDialog: true,
      band: "engaged",
    });
    await flush();
    world.queueFaces([4, 4]);
    await world.press(draw, 'button[data-pv-action="xero-sum.attack.defend"]');
    expect(card(draw).resolved).toMatchObject({ total: 9, defenceTotal: 9, hit: false, draw: true });
    expect(world.render(draw).textContent).toContain("A draw");
  });

  it("a blow to 0 WP: mortally wounded (dies in 4 + PHY rounds), the status follows; the Lasting Wound check offered", async () => {
    await rook.update({ "system.wp.value": 5 });
    world.queueFaces([4, 5]);
    const attack = await actions().rollAttack(brute, brute.items[0], {
      target: rook,
      skipDialog: true,
      band: "engaged",
    });
    await flush();
    world.queueFaces([3, 6]);
    await world.press(attack, 'button[data-pv-action="xero-sum.attack.damage"]');
    const damage = world.messages.find((m: any) => m.id === card(attack).damageMessageId);
    expect(await world.press(damage, 'button[data-pv-action="xero-sum.damage.apply"]')).toBe(true);
    await flush();
    expect(rook.system.wp.value).toBe(0);
    expect(rook.system.state).toMatchObject({ mortallyWounded: true, deathRounds: 4 });
    expect(rook.statuses.has("mortallyWounded")).toBe(true);
    const html = world.render(damage);
    expect(html.querySelector('button[data-pv-action="xero-sum.damage.lastingWound"]')).not.toBeNull();
    expect(html.textContent).toContain("Mortally wounded: dies in 4 rounds unless stabilised.");
  });

  it("Automatic Burst: an attack at each character engaged with the target too, one burst of ammunition", async () => {
    const rifle = weapon("Automatic Rifle", {
      key: "automaticRifle",
      category: "ranged",
      skill: "rangedCombat",
      range: "long",
      damage: { base: 5, dice: "2d6" },
      rpPercent: 50,
      weaponClass: "rifle",
      ammo: { rarity: "uncommon", clip: 30, loaded: 30, reloads: 1 },
      characteristics: [{ key: "automaticBurst", value: 0 }],
    });
    const [gun] = await ada.createEmbeddedDocuments("Item", [rifle]);
    clearScene();
    world.token(ada, 0, 0);
    world.token(brute, 4, 0);
    world.token(rook, 5, 0);
    world.queueFaces([4, 4], [3, 3]);
    await actions().rollAttack(ada, gun, { target: brute, skipDialog: true });
    await flush();
    const cards = world.messages.filter((m: any) => m.type === "xero-sum-attack").slice(-2);
    // DEX 2 + Ranged 2 + Close 1 − Brute's Ranged DM 0 = +5; at Rook (Ranged DM 1) +4.
    expect(
      cards.map((m: any) => [card(m).target.name, Boolean(card(m).choice.burst), card(m).resolved.modifier]),
    ).toEqual([
      ["Brute", false, 5],
      ["Rook", true, 4],
    ]);
    // The burst's rounds (N is missing in the SRD: 3 by default).
    expect(gun.system.ammo.loaded).toBe(27);
    clearScene();
  });

  it("a Grenade's Blast Radius: Engaged 100 %, Close 50 % (each track rounded down)", async () => {
    clearScene();
    world.token(ada, 0, 0);
    world.token(rook, 1, 0);
    world.token(brute, 5, 0);
    // PHY 2 + Athletics 0 + Close 1 − Ada's Ranged DM 2 = +1; [6, 3] = 10: a hit.
    world.queueFaces([6, 3]);
    const attack = await actions().rollAttack(brute, brute.items[1], { target: ada, skipDialog: true });
    await flush();
    expect(card(attack).choice.band).toBe("close");
    expect(card(attack).resolved).toMatchObject({ modifier: 1, hit: true });
    expect(brute.items[1].system.ammo.loaded).toBe(0);
    world.queueFaces([3, 4]);
    await world.press(attack, 'button[data-pv-action="xero-sum.attack.damage"]');
    const damage = world.messages.find((m: any) => m.id === card(attack).damageMessageId);
    expect(
      card(damage).rows.map((r: any) => [r.name, r.band, r.harm.woundPoints, r.harm.resiliencePoints]),
    ).toEqual([
      ["Ada", "engaged", 9, 9],
      ["Rook", "engaged", 9, 9],
      ["Brute", "close", 4, 4],
    ]);
    clearScene();
  });
});
