// Xero Sum's attack roll, Cover Fire's penalty and Getting the Drop against the built bundle, in a
// world whose ruleset is Xero Sum: the attack rolled as the system's own Roll class (its dice one
// term, rebuilt after a reload); Insight Dice on the attack card (one or both dice re-rolled by the
// attacker's owner through the GM, the hit resolved again, the Moment's die once, nothing once the
// damage is rolled); a successful Cover Fire's −2 on the target's next check (a line of the check,
// used up by the GM once rolled, kept when the dialog is cancelled, taken by an action's check and by
// the next attack); and the tracker's Getting the Drop button (the GM's, before the first round).
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { flush, loadXeroSumCombatWorld, weapon, type XeroSumCombatWorld } from "./xero-sum-combat-world";

const g = globalThis as any;
let world: XeroSumCombatWorld;
const actions = () => g.game.polyverse.rulesets["xero-sum"].actions;
const round = (c: any) => c.flags.polyverse["xero-sum"].round;
const card = (m: any) => m.system.card;
const INSIGHT = 'button[data-pv-action="xero-sum.attack.insight"]';
const REPLACE = (dice: string) => `${INSIGHT}[data-dice="${dice}"]`;
const DAMAGE = 'button[data-pv-action="xero-sum.attack.damage"]';

// Table 18's Light Pistol: 3 + 1d6, 50 % RP, Close, a clip of 6.
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

let ada: any; // the player's PC: PHY 1, DEX 2, ACU 1; Ranged DM 2; Insight 2
let brute: any; // the GM's NPC: PHY 2, ACU 1 (Melee DM 2, Ranged DM 0)
let gunner: any; // the GM's NPC: DEX 2, Ranged Combat 2, a Light Pistol

/** Close the next roll dialog the bundle opens, as its Cancel button would. */
function cancelNextDialog() {
  const App = g.foundry.applications.api.ApplicationV2;
  const render = App.prototype.render;
  App.prototype._onClose ??= function () {};
  App.prototype.render = function (this: any, ...args: any[]) {
    App.prototype.render = render;
    const result = render.apply(this, args);
    if (this.constructor.name === "RollDialog") setTimeout(() => this._onClose({}), 0);
    return result;
  };
}

/** A started combat of these actors (their round states written by the GM for round 1). */
async function started(actors: any[]) {
  world.as(world.users.gm);
  const combat = world.fight(actors);
  await combat.startCombat();
  await flush();
  return combat;
}

/** The GM writes a Cover Fire penalty of `n` on a combatant's round. */
async function pin(combatant: any, n = -2) {
  world.as(world.users.gm);
  await combatant.update({ "flags.polyverse.xero-sum.round.nextCheck": n });
}

beforeAll(async () => {
  world = await loadXeroSumCombatWorld();
  g.game.keybindings = {
    actions: new Map([["polyverse.skipRollDialog", {}]]),
    get: () => [{ key: "ShiftLeft" }, { key: "ShiftRight" }],
  };
  ada = world.character(
    "Ada",
    { attributes: { phy: 1, dex: 2, acu: 1 }, skills: { rangedCombat: 2, intimidation: 1 } },
    [],
    world.users.player.id,
  );
  brute = world.character(
    "Brute",
    { attributes: { phy: 2, acu: 1 }, skills: { meleeCombat: 2 } },
    [],
    undefined,
    "xero-sum-npc",
  );
  gunner = world.character(
    "Gunner",
    { attributes: { dex: 2 }, skills: { rangedCombat: 2 } },
    [pistol],
    undefined,
    "xero-sum-npc",
  );
});

beforeEach(async () => {
  world.as(world.users.gm);
  for (const a of [ada, brute, gunner])
    await a.update({
      "system.wp.value": a.system.derived.woundPoints,
      "system.rp.value": a.system.derived.resiliencePoints,
      "system.insight.value": 2,
    });
  await world.setting("attackResolution", "checkMinusDefence");
  await world.setting("insightReplaceCost", "perDie");
  world.recorder.notifications.length = 0;
  g.game.combat = null;
});

describe("the attack roll", () => {
  it("is a XeroSumRoll: its dice one term, what they are in its options, the same class after a reload", async () => {
    world.queueFaces([4, 5, 6]);
    const attack = await actions().rollAttack(brute, null, {
      target: ada,
      skipDialog: true,
      band: "engaged",
      insight: "extraDie",
    });
    await flush();
    const roll = attack.rolls[0];
    expect(roll.constructor.name).toBe("XeroSumRoll");
    expect(roll.options).toEqual({ type: "attack", insight: "extraDie", dice: 3 });
    expect(card(attack).dice).toEqual([4, 5, 6]);
    const again = g.foundry.dice.Roll.fromData(roll.toJSON());
    expect(again.constructor.name).toBe("XeroSumRoll");
    expect(again.options).toEqual(roll.options);
    // Fists: PHY 2 + Unarmed 0 + Engaged 1 − Ada's Melee DM 1 = +2 on 4 + 5 + 6 = 17, a hit.
    expect(card(attack).resolved).toMatchObject({ modifier: 2, total: 17, hit: true });
    expect(brute.system.insight.value).toBe(1);
  });
});

describe("Insight Dice on the attack card", () => {
  it("the attacker's owner re-rolls the 1 of a miss through the GM: [6, 3] a hit; then both dice stand", async () => {
    world.as(world.users.player);
    // Fists: PHY 1 + Unarmed 0 + Engaged 1 − Brute's Melee DM 2 = 0; [1, 3] = 4, a miss.
    world.queueFaces([1, 3]);
    const attack = await actions().rollAttack(ada, null, {
      target: brute,
      skipDialog: true,
      band: "engaged",
    });
    await world.socketToGM();
    await flush();
    expect(card(attack).resolved).toMatchObject({ total: 4, hit: false });
    world.as(world.users.player);
    const html = world.render(attack);
    expect([...html.querySelectorAll(INSIGHT)].map((b) => (b as HTMLElement).dataset.dice)).toEqual([
      "0",
      "1",
      "0,1",
    ]);
    expect(html.textContent).toContain("Re-roll die 1, the 1 (1 Insight Die)");
    world.queueFaces([6]);
    expect(await world.press(attack, REPLACE("0"))).toBe(true);
    await world.socketToGM();
    await flush();
    expect(card(attack).replacements).toEqual([{ indices: [0], faces: [6], cost: 1 }]);
    expect(card(attack).resolved).toMatchObject({ total: 9, band: "success", hit: true });
    expect(ada.system.insight.value).toBe(1);
    world.as(world.users.player);
    const after = world.render(attack);
    expect(after.querySelector(".pv-die.pv-xs-fresh")?.textContent).toBe("6");
    expect(after.textContent).toContain("Re-rolled with Insight Dice: 1 → 6 (1 spent).");
    expect([...after.querySelectorAll(INSIGHT)].map((b) => (b as HTMLElement).dataset.dice)).toEqual(["1"]);
    // The damage rolled, the dice stand: no button, and a request is refused.
    world.queueFaces([2]);
    expect(await world.press(attack, DAMAGE)).toBe(true);
    await world.socketToGM();
    await flush();
    expect(card(attack).damageMessageId).not.toBeNull();
    world.as(world.users.player);
    expect(world.render(attack).querySelector(INSIGHT)).toBeNull();
    world.as(world.users.gm);
  });

  it("both dice re-rolled to 6 + 6: a Moment of High Insight, a Wild Success, its die given once (2 − 2 + 1 = 1)", async () => {
    world.as(world.users.player);
    world.queueFaces([2, 3]);
    const attack = await actions().rollAttack(ada, null, {
      target: brute,
      skipDialog: true,
      band: "engaged",
    });
    await world.socketToGM();
    await flush();
    world.as(world.users.player);
    world.queueFaces([6, 6]);
    expect(await world.press(attack, REPLACE("0,1"))).toBe(true);
    await world.socketToGM();
    await flush();
    expect(card(attack).resolved).toMatchObject({
      moment: "high",
      band: "wild-success",
      hit: true,
      wild: true,
    });
    expect(card(attack).gained).toBe(true);
    expect(ada.system.insight.value).toBe(1);
    world.as(world.users.gm);
  });

  it("insightReplaceCost perCheck: both dice for one Insight Die", async () => {
    await world.setting("insightReplaceCost", "perCheck");
    world.as(world.users.player);
    world.queueFaces([2, 3]);
    const attack = await actions().rollAttack(ada, null, {
      target: brute,
      skipDialog: true,
      band: "engaged",
    });
    await world.socketToGM();
    await flush();
    world.as(world.users.player);
    expect(world.render(attack).textContent).toContain("Re-roll both (1 Insight Die)");
    world.queueFaces([4, 5]);
    await world.press(attack, REPLACE("0,1"));
    await world.socketToGM();
    await flush();
    expect(card(attack).resolved).toMatchObject({ total: 9, hit: true });
    expect(ada.system.insight.value).toBe(1);
    world.as(world.users.gm);
  });

  it("opposed: the defence rolled, a re-roll is resolved again against it (a draw misses)", async () => {
    await world.setting("attackResolution", "opposed");
    // The GM's Brute: PHY 2 + Unarmed 0 + Engaged 1 = +3 on [4, 4] = 11; Ada's [3, 4] + Melee DM 1 = 8.
    world.queueFaces([4, 4]);
    const attack = await actions().rollAttack(brute, null, {
      target: ada,
      skipDialog: true,
      band: "engaged",
    });
    await flush();
    world.queueFaces([3, 4]);
    await world.press(attack, 'button[data-pv-action="xero-sum.attack.defend"]');
    expect(card(attack).resolved).toMatchObject({ total: 11, defenceTotal: 8, hit: true });
    // The GM re-rolls the first 4: a 1 makes [1, 4] + 3 = 8 against 8, a draw.
    world.queueFaces([1]);
    await world.press(attack, REPLACE("0"));
    expect(card(attack).resolved).toMatchObject({ total: 8, defenceTotal: 8, hit: false, draw: true });
    expect(brute.system.insight.value).toBe(1);
  });
});

describe("Cover Fire's −2 on the target's next check", () => {
  it("a Cover Fire hit pins the player's character; their next check shows and takes −2; the GM uses it up", async () => {
    const combat = await started([ada, gunner]);
    const [ca, cg] = combat.combatants.contents;
    // The Light Pistol at Close: DEX 2 + Ranged 2 + Close 1 − Ada's Ranged DM 2 = +3; [4, 4] = 11, a hit.
    world.queueFaces([4, 4]);
    const cover = await actions().rollAttack(gunner, gunner.items[0], {
      target: ada,
      action: "coverFire",
      band: "close",
      skipDialog: true,
    });
    await flush();
    expect(card(cover).resolved).toMatchObject({ total: 11, hit: true });
    expect(round(ca).nextCheck).toBe(-2);
    expect(round(cg).taken).toEqual(["coverFire"]);
    world.as(world.users.player);
    // DEX 2 − 2 on [4, 4]: 8, a Failure (a 10 without it).
    world.queueFaces([4, 4]);
    const rolled = await actions().rollCheck(ada, { attribute: "dex", skipDialog: true });
    expect(rolled.roll.options.parts).toEqual([
      { kind: "attribute", key: "dex", value: 2 },
      { kind: "coverFire", value: -2 },
    ]);
    expect(rolled.result).toMatchObject({ total: 8, band: "failure" });
    expect(world.render(rolled.message).textContent).toContain("Pinned by Cover Fire");
    await world.socketToGM();
    await flush();
    expect(round(ca).nextCheck).toBe(0);
    // Used up: the next check takes nothing.
    world.as(world.users.player);
    world.queueFaces([4, 4]);
    const next = await actions().rollCheck(ada, { attribute: "dex", skipDialog: true });
    expect(next.result.total).toBe(10);
    world.as(world.users.gm);
  });

  it("cancelling the dialog keeps it waiting", async () => {
    const combat = await started([ada, gunner]);
    const [ca] = combat.combatants.contents;
    await pin(ca);
    world.as(world.users.player);
    cancelNextDialog();
    const before = world.messages.length;
    expect(await actions().rollCheck(ada, { attribute: "dex" })).toBeNull();
    expect(world.messages.length).toBe(before);
    expect(round(ca).nextCheck).toBe(-2);
    world.as(world.users.gm);
  });

  it("an action's check (Distract) takes it: the action taken keeps it for the check", async () => {
    const combat = await started([ada, brute]);
    const [ca, cb] = combat.combatants.contents;
    await pin(ca);
    world.as(world.users.player);
    // INF 0 + Intimidation 1 − 2 on [5, 5]: 9, a Success.
    world.queueFaces([5, 5]);
    const rolled = await actions().actionCheck(ca, "distract", { target: brute, skipDialog: true });
    expect(rolled.result).toMatchObject({ total: 9, band: "success" });
    await world.socketToGM();
    await flush();
    expect(round(ca)).toMatchObject({ actionsLeft: 1, taken: ["distract"], nextCheck: 0 });
    expect(round(cb).actionsLeft).toBe(1);
    world.as(world.users.gm);
  });

  it("the next attack takes it too: the GM settles the −2 and uses it up", async () => {
    const combat = await started([ada, brute]);
    const [ca] = combat.combatants.contents;
    await pin(ca);
    world.as(world.users.player);
    // Fists: PHY 1 + Engaged 1 − Brute's Melee DM 2 − 2 = −2; [5, 5] = 8, a Failure (10 without it: a hit).
    world.queueFaces([5, 5]);
    const attack = await actions().rollAttack(ada, null, {
      target: brute,
      skipDialog: true,
      band: "engaged",
    });
    await world.socketToGM();
    await flush();
    expect(card(attack).preview.parts).toContainEqual({ key: "coverFire", value: -2 });
    expect(card(attack).resolved).toMatchObject({ modifier: -2, total: 8, hit: false });
    expect(round(ca).nextCheck).toBe(0);
    world.as(world.users.gm);
  });

  it("an opposed check's other side takes its own, used up when the GM rolls it", async () => {
    const combat = await started([ada, brute]);
    const [, cb] = combat.combatants.contents;
    await pin(cb);
    world.as(world.users.gm);
    world.queueFaces([4, 4]);
    const rolled = await actions().rollOpposed(ada, brute, { attribute: "phy", skipDialog: true });
    world.queueFaces([5, 5]);
    const html = world.render(rolled.message);
    const button = html.querySelector<HTMLButtonElement>('button[data-pv-action="xeroSum.opponentRoll"]')!;
    button.dispatchEvent(new MouseEvent("click", { shiftKey: true }));
    await flush();
    // Brute: PHY 2 − 2 on [5, 5] = 10; Ada: PHY 1 on [4, 4] = 9.
    expect(card(rolled.message).opponentRoll.parts).toContainEqual({ kind: "coverFire", value: -2 });
    expect(card(rolled.message).opponentRoll.modifier).toBe(0);
    expect(round(cb).nextCheck).toBe(0);
  });
});

describe("Getting the Drop in the tracker", () => {
  /** Render the tracker (v13's footer controls and rows) for the current user. */
  function tracker(combat: any) {
    const html = document.createElement("section");
    html.innerHTML = `<ol class="combat-tracker">${combat.combatants.contents
      .map(
        (c: any) => `<li class="combatant" data-combatant-id="${c.id}"><div class="token-name"></div></li>`,
      )
      .join("")}</ol><nav class="combat-controls"><button data-action="startCombat">Begin</button></nav>`;
    g.Hooks.callAll("renderCombatTracker", { viewed: combat }, html);
    return html;
  }
  const BUTTON = ".combat-controls button.pv-xs-drop-control";

  it("the GM's button before the first round: DEX + ACU 3 against 1, Ada acts once and takes −3 on the initiative she rolled", async () => {
    const combat = world.fight([ada, brute]);
    const [ca] = combat.combatants.contents;
    // Ada's initiative already rolled: [3, 4] + ACU 1 + DEX 2 = 10.
    world.queueFaces([3, 4], [1, 1]);
    await combat.rollInitiative(combat.combatants.contents.map((c: any) => c.id));
    expect(ca.initiative).toBe(10);
    world.as(world.users.player);
    expect(tracker(combat).querySelector(BUTTON)).toBeNull();
    world.as(world.users.gm);
    const button = tracker(combat).querySelector<HTMLButtonElement>(BUTTON)!;
    expect(button.textContent).toContain("Getting the Drop");
    button.dispatchEvent(new MouseEvent("click", { shiftKey: true }));
    await flush();
    expect(round(ca)).toMatchObject({ round: 0, actionsLeft: 1 });
    expect(ca.initiative).toBe(7);
    expect(ca.flags.polyverse["xero-sum"].initiative).toMatchObject({ drop: -3, total: 7 });
    expect(ca.flags.polyverse["xero-sum"].drop).toBe(false);
    const posted = world.messages.at(-1).content;
    expect(posted).toContain("Ada: DEX +2 + ACU +1 = +3");
    expect(posted).toContain("Brute: DEX 0 + ACU +1 = +1");
    expect(posted).toContain("Ada gets the Drop");
    // Once a combat: the button is gone, and the macro refuses.
    expect(tracker(combat).querySelector(BUTTON)).toBeNull();
    expect(await actions().getTheDrop(combat)).toBeNull();
    expect(world.recorder.notifications.map((n: any) => n.message)).toContain(
      "The Drop is decided for this combat already.",
    );
    // Her row shows the single action of round 0, marked.
    world.as(world.users.player);
    const rendered = tracker(combat);
    await flush();
    const row = rendered.querySelector(`li[data-combatant-id="${ca.id}"]`)!;
    expect(row.querySelectorAll(".pv-xs-pip")).toHaveLength(1);
    expect(row.textContent).toContain("Got the Drop");
    world.as(world.users.gm);
  });

  it("not rolled yet: the −3 waits for the first initiative roll; no button once the first round began", async () => {
    const combat = world.fight([ada, brute]);
    const [ca] = combat.combatants.contents;
    expect(await actions().getTheDrop(combat)).toBe(ca.id);
    expect(ca.flags.polyverse["xero-sum"].drop).toBe(true);
    world.queueFaces([3, 4], [1, 1]);
    await combat.rollInitiative([ca.id]);
    expect(ca.initiative).toBe(7);
    const fresh = world.fight([ada, brute], "combatXS00000002");
    await fresh.startCombat();
    await flush();
    expect(tracker(fresh).querySelector(BUTTON)).toBeNull();
  });
});
