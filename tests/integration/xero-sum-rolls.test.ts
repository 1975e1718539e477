// Xero Sum's checks against the built bundle: the pipeline posts a xero-sum-check card whose numbers
// are the rules layer's for the dice rolled (the spec's C9, C10, C12, C13, C15-C18, C30, C32); the
// Insight Die spent before the roll (a third die, +3) and refused without one; replacing the check's
// dice after it through the GM, once per die, classified afresh, the Moment's die given once; an
// opposed check whose other side its owner rolls from the card; a Group Check led by the best and
// every participant's Insight Die on a Moment; the character sheet's roll buttons.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverUserUpdates } from "./foundry-stub";
import { flush, loadXeroSumRollsWorld, type XeroSumRollsWorld } from "./xero-sum-rolls-world";

const g = globalThis as any;
let world: XeroSumRollsWorld;
let actions: any;
let rules: any;
let player: any;
let gm: any;
let other: any;

const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const text = (html: HTMLElement) => html.textContent!.replace(/\s+/g, " ");
const REPLACE = (dice: string) => `[data-pv-action="xeroSum.replaceDice"][data-dice="${dice}"]`;
const OPPONENT = '[data-pv-action="xeroSum.opponentRoll"]';

/** A character: attributes and skills over the model's defaults (Insight 2). */
const system = (attributes: Record<string, number> = {}, skills: Record<string, number> = {}, more = {}) => ({
  attributes: { rsn: 0, acu: 0, phy: 0, inf: 0, dex: 0, ...attributes },
  skills,
  ...more,
});

/** Roll as `user` (the player by default), then let the GM's client see (and record) the card. */
async function roll(fn: () => Promise<any>, user = player) {
  world.as(user);
  const done = await fn();
  await world.socketToGM();
  world.as(user);
  return done;
}

/** Press a card's button as the current user with the skip key held, then deliver to the GM. */
async function pressSkipping(message: any, selector: string): Promise<boolean> {
  const html = world.render(message);
  const button = html.querySelector<HTMLButtonElement>(selector);
  if (!button || button.hidden) return false;
  button.dispatchEvent(new MouseEvent("click", { shiftKey: true }));
  await flush();
  return true;
}

/** Deliver the relay's requests and replies between the clients. */
const deliver = () => deliverUserUpdates(world.recorder, [gm, player, other]);

function setting(name: string, value: unknown): () => void {
  const key = `polyverse.xero-sum.${name}`;
  const entry = world.recorder.settings.get(key)!;
  const before = entry.value;
  entry.value = value;
  return () => void (entry.value = before);
}

beforeAll(async () => {
  world = await loadXeroSumRollsWorld();
  actions = g.game.polyverse.rulesets["xero-sum"].actions;
  rules = g.game.polyverse.rulesets["xero-sum"].rules;
  player = world.users.player;
  gm = world.users.gm;
  other = { id: "pl00000000000002", name: "Other", isGM: false, active: true, targets: new Set() };
  g.game.users.push(other);
  other.update = player.update;
  // Shift held as core's skip key reads it (the stand-in has no keybindings of its own).
  g.game.keybindings = {
    actions: new Map([["polyverse.skipRollDialog", {}]]),
    get: () => [{ key: "ShiftLeft" }, { key: "ShiftRight" }],
  };
});

afterAll(() => {
  // Every card and dialog string the checks drew is in en.json.
  expect([...world.missingKeys]).toEqual([]);
  world.as(gm);
  for (const message of world.messages.filter((m) => m.type === "xero-sum-check"))
    expect(world.render(message).textContent).not.toMatch(/POLYVERSE\./);
});

beforeEach(() => {
  world.as(gm);
  world.recorder.notifications.length = 0;
});

describe("a check on the pipeline", () => {
  it("C12: Barter +2 with Acumen +1 and a −1 CMod, [3, 4]: 9, a Success", async () => {
    const ada = world.character("Ada", system({ acu: 1 }, { barter: 2 }), [], player.id);
    world.queueD6([3, 4]);
    const done = await roll(() =>
      actions.rollCheck(ada, {
        skill: "barter",
        conditional: [{ label: "Haggling in the rain", value: -1 }],
        skipDialog: true,
      }),
    );
    expect(done.message.type).toBe("xero-sum-check");
    expect(done.message.system.card).toEqual({ actorUuid: ada.uuid, actorName: "Ada" });
    expect(done.roll.options).toMatchObject({
      type: "check",
      kind: "skill",
      attribute: "acu",
      skill: "barter",
      modifier: 2,
      dice: 2,
      insight: null,
      parts: [
        { kind: "attribute", key: "acu", value: 1 },
        { kind: "skill", key: "barter", value: 2 },
        { kind: "conditional", name: "Haggling in the rain", value: -1 },
      ],
    });
    expect(done.result).toEqual({ total: 9, band: "success", moment: null, dice: [3, 4], winner: null });
    const { total, band, moment } = rules.resolveCheck({ dice: [3, 4], modifier: 2 });
    expect(done.result).toMatchObject({ total, band, moment });
    const html = world.render(done.message);
    expect(html.querySelector("h3")!.textContent).toBe("Acumen + Barter");
    expect(text(html)).toContain("Haggling in the rain −1");
    expect(text(html)).toContain("Total 9");
    expect(html.querySelector(".pv-xc-band")!.textContent).toBe("Success");
    expect(ada.system.insight.value).toBe(2);
  });

  it("Barter reads Influence under barterAttribute 'inf'", async () => {
    const restore = setting("barterAttribute", "inf");
    try {
      const bo = world.character("Bo", system({ acu: 1, inf: 3 }, { barter: 1 }), [], player.id);
      world.queueD6([2, 2]);
      const done = await roll(() => actions.rollCheck(bo, { skill: "barter", skipDialog: true }));
      expect(done.roll.options).toMatchObject({ attribute: "inf", modifier: 4 });
      expect(done.result.total).toBe(8);
    } finally {
      restore();
    }
  });

  it("C13 and C15: an untrained Psychology* counts −3; an attribute check adds no SMod", async () => {
    const cy = world.character("Cy", system({ inf: 2, phy: 2 }), [], player.id);
    world.queueD6([4, 4], [3, 3]);
    const psych = await roll(() =>
      actions.rollCheck(cy, { attribute: "inf", skill: "psychology", skipDialog: true }),
    );
    expect(psych.roll.options.parts).toEqual([
      { kind: "attribute", key: "inf", value: 2 },
      { kind: "skill", key: "psychology", value: -3 },
    ]);
    expect(psych.result).toMatchObject({ total: 7, band: "failure" });
    const phy = await roll(() => actions.rollCheck(cy, { attribute: "phy", skipDialog: true }));
    expect(phy.roll.options).toMatchObject({ kind: "attribute", skill: null, modifier: 2 });
    expect(phy.result).toMatchObject({ total: 8, band: "failure" });
    expect(world.render(phy.message).querySelector("h3")!.textContent).toBe("Physicality");
  });

  it("C9 and C10: a Moment overrides the total and gives an Insight Die, once", async () => {
    const di = world.character("Di", system({ acu: 4 }, { barter: 4 }), [], player.id);
    world.queueD6([1, 1]);
    const low = await roll(() =>
      actions.rollCheck(di, {
        skill: "barter",
        conditional: [{ label: "Luck", value: 2 }],
        skipDialog: true,
      }),
    );
    expect(low.result).toMatchObject({ total: 12, band: "dire-failure", moment: "low" });
    expect(low.message.system.card.gained).toBe(true);
    expect(di.system.insight.value).toBe(3);
    const html = world.render(low.message);
    expect(text(html)).toContain("Moment of Low Insight: an Insight Die gained.");
    expect(text(html)).toContain("A Moment of Insight counts as this, whatever the total.");
    expect(html.querySelectorAll(".pv-xc-die.pv-xc-low").length).toBe(2);
    const ed = world.character("Ed", system(), [], player.id);
    world.queueD6([6, 6]);
    const high = await roll(() =>
      actions.rollCheck(ed, {
        attribute: "rsn",
        conditional: [{ label: "Doomed", value: -5 }],
        skipDialog: true,
      }),
    );
    expect(high.result).toMatchObject({ total: 7, band: "wild-success", moment: "high" });
    expect(ed.system.insight.value).toBe(3);
  });

  it("C16 and C17: an Insight Die before the roll, +3 or a third die, spent once", async () => {
    const fi = world.character("Fi", system(), [], player.id);
    world.queueD6([3, 3]);
    const plus = await roll(() =>
      actions.rollCheck(fi, { attribute: "rsn", insight: "plusThree", skipDialog: true }),
    );
    expect(plus.roll.options.parts).toEqual([
      { kind: "attribute", key: "rsn", value: 0 },
      { kind: "insight", value: 3 },
    ]);
    expect(plus.result).toMatchObject({ total: 9, band: "success" });
    expect(fi.system.insight.value).toBe(1);
    world.queueD6([2, 3, 4]);
    const third = await roll(() =>
      actions.rollCheck(fi, { attribute: "rsn", insight: "extraDie", skipDialog: true }),
    );
    expect(third.roll.options.dice).toBe(3);
    expect(third.result).toMatchObject({ total: 9, band: "success", dice: [2, 3, 4] });
    expect(fi.system.insight.value).toBe(0);
    const html = world.render(third.message);
    expect(html.querySelectorAll(".pv-xc-die").length).toBe(3);
    expect(html.querySelector(".pv-xc-die.pv-xc-insight")!.textContent).toBe("4");
    expect(text(html)).toContain("An Insight Die spent before the roll: a third die.");
    // None left: refused before the roll.
    expect(
      await roll(() => actions.rollCheck(fi, { attribute: "rsn", insight: "extraDie", skipDialog: true })),
    ).toBeNull();
    expect(warnings()).toContain("No Insight Dice left.");
    expect(fi.system.insight.value).toBe(0);
  });

  it("a 3d6 check reads its Moment on the check's two dice, or on any pair (momentOn3d6)", async () => {
    const gi = world.character("Gi", system(), [], player.id);
    world.queueD6([1, 4, 1]);
    const first = await roll(() =>
      actions.rollCheck(gi, { attribute: "rsn", insight: "extraDie", skipDialog: true }),
    );
    expect(first.result).toMatchObject({ moment: null, total: 6, band: "failure" });
    const restore = setting("momentOn3d6", "anyPair");
    try {
      world.queueD6([1, 4, 1]);
      const any = await roll(() =>
        actions.rollCheck(gi, { attribute: "rsn", insight: "extraDie", skipDialog: true }),
      );
      expect(any.result).toMatchObject({ moment: "low", band: "dire-failure" });
      expect(gi.system.insight.value).toBe(1);
    } finally {
      restore();
    }
  });

  it("C32: Perception is Reason + Acumen; a Lost Eye takes 1 from Dexterity checks; Reason & Acumen", async () => {
    const ha = world.character(
      "Ha",
      system({ rsn: 1, acu: 2, dex: 1 }, {}, { lastingWounds: ["lostEye"] }),
      [],
      player.id,
    );
    world.queueD6([3, 3], [3, 3], [4, 4]);
    const seen = await roll(() => actions.rollPerception(ha, { skipDialog: true }));
    expect(seen.roll.options).toMatchObject({ kind: "perception", attribute: null, skill: null });
    expect(seen.result).toMatchObject({ total: 9, band: "success" });
    expect(world.render(seen.message).querySelector("h3")!.textContent).toBe("Perception");
    const dex = await roll(() => actions.rollCheck(ha, { skill: "sleightOfHand", skipDialog: true }));
    expect(dex.roll.options.parts).toContainEqual({ kind: "wound", key: "dex", value: -1 });
    expect(text(world.render(dex.message))).toContain("Lasting Wounds −1");
    const bp = await roll(() => actions.rollCheck(ha, { kind: "breakingPoint", skipDialog: true }));
    expect(bp.result).toMatchObject({ total: 11, band: "success" });
    expect(world.render(bp.message).querySelector("h3")!.textContent).toBe("Reason & Acumen");
  });

  it("refuses an actor of another ruleset", async () => {
    const tales = world.actor({ name: "Tal", type: "tales-character", system: {} });
    expect(await actions.rollCheck(tales, { attribute: "rsn", skipDialog: true })).toBeNull();
    expect(warnings()).toEqual(["Only a Xero Sum character or NPC makes this check."]);
  });
});

describe("Insight replacements after the roll", () => {
  it("C18: [1, 3] + 2 fails; the owner re-rolls the 1 through the GM: a 5 makes 10, a Success", async () => {
    const io = world.character("Io", system({ acu: 2 }), [], player.id);
    world.queueD6([1, 3]);
    const done = await roll(() => actions.rollCheck(io, { attribute: "acu", skipDialog: true }));
    expect(done.result).toMatchObject({ total: 6, band: "failure" });
    let html = world.render(done.message);
    expect(html.querySelector(REPLACE("0"))!.textContent).toContain("Re-roll die 1, the 1 (1 Insight Die)");
    expect(html.querySelector(REPLACE("0,1"))!.textContent).toContain("Re-roll both (2 Insight Dice)");
    expect(text(html)).toContain("Insight Dice held: 2.");
    world.queueD6([5]);
    expect(await world.press(done.message, REPLACE("0"))).toBe(true);
    await deliver();
    expect(done.message.system.card.replacements).toEqual([{ indices: [0], faces: [5], cost: 1 }]);
    expect(io.system.insight.value).toBe(1);
    const result = g.game.polyverse.rulesets["xero-sum"].rules.replaceDice([1, 3], [0], [5], { modifier: 2 });
    expect(result).toMatchObject({ total: 10, band: "success", cost: 1 });
    world.as(player);
    html = world.render(done.message);
    expect(text(html)).toContain("Total 10");
    expect(html.querySelector(".pv-xc-band")!.textContent).toBe("Success");
    expect(text(html)).toContain("Re-rolled with Insight Dice: 1 → 5 (1 spent).");
    // Each die once: the 1 is gone from the buttons, so is "both"; the 3 is still offered.
    expect(html.querySelector(REPLACE("0"))).toBeNull();
    expect(html.querySelector(REPLACE("0,1"))).toBeNull();
    expect(html.querySelector(REPLACE("1"))).not.toBeNull();
  });

  it("perCheck: both dice for one Insight Die; a fresh pair making a Moment gives its die", async () => {
    const restore = setting("insightReplaceCost", "perCheck");
    try {
      const jo = world.character("Jo", system(), [], player.id);
      world.queueD6([2, 3]);
      const done = await roll(() => actions.rollCheck(jo, { attribute: "rsn", skipDialog: true }));
      expect(world.render(done.message).querySelector(REPLACE("0,1"))!.textContent).toContain(
        "Re-roll both (1 Insight Die)",
      );
      world.queueD6([6, 6]);
      expect(await world.press(done.message, REPLACE("0,1"))).toBe(true);
      await deliver();
      world.as(player);
      expect(done.message.system.card).toMatchObject({
        replacements: [{ indices: [0, 1], faces: [6, 6], cost: 1 }],
        gained: true,
      });
      // 2 − 1 for the re-roll + 1 for the Moment of High Insight.
      expect(jo.system.insight.value).toBe(2);
      const html = world.render(done.message);
      expect(html.querySelector(".pv-xc-band")!.textContent).toBe("Wild Success");
      expect(html.querySelector('[data-pv-action="xeroSum.replaceDice"]')).toBeNull();
    } finally {
      restore();
    }
  });

  it("a check's Moment gives one Insight Die, however the dice are replaced after", async () => {
    const ka = world.character("Ka", system(), [], player.id);
    world.queueD6([1, 1]);
    const done = await roll(() => actions.rollCheck(ka, { attribute: "rsn", skipDialog: true }));
    expect(ka.system.insight.value).toBe(3);
    world.queueD6([1]);
    await world.press(done.message, REPLACE("0"));
    await deliver();
    expect(done.message.system.card.replacements).toHaveLength(1);
    expect(actions.checkResultOf(done.message)).toMatchObject({ dice: [1, 1], moment: "low" });
    expect(ka.system.insight.value).toBe(2);
  });

  it("a GM's own NPC is re-rolled on the GM's client; with no GM connected, the owner's author does it", async () => {
    const npc = world.npc("Raider", system({ phy: 5 }));
    world.queueD6([2, 2]);
    const done = await roll(() => actions.rollCheck(npc, { attribute: "phy", skipDialog: true }), gm);
    world.queueD6([6]);
    expect(await world.press(done.message, REPLACE("1"))).toBe(true);
    expect(done.message.system.card.replacements).toEqual([{ indices: [1], faces: [6], cost: 1 }]);
    expect(npc.system.insight.value).toBe(1);
    const lu = world.character("Lu", system(), [], player.id);
    world.queueD6([2, 2]);
    const mine = await roll(() => actions.rollCheck(lu, { attribute: "rsn", skipDialog: true }));
    gm.active = false;
    try {
      world.as(player);
      world.queueD6([4]);
      expect(await world.press(mine.message, REPLACE("0"))).toBe(true);
      expect(mine.message.system.card.replacements).toEqual([{ indices: [0], faces: [4], cost: 1 }]);
      expect(lu.system.insight.value).toBe(1);
    } finally {
      gm.active = true;
    }
  });

  it("not on a check the caller made without them (replace: false)", async () => {
    const mo = world.character("Mo", system(), [], player.id);
    world.queueD6([1, 2]);
    const done = await roll(() =>
      actions.rollCheck(mo, { attribute: "rsn", replace: false, skipDialog: true }),
    );
    expect(world.render(done.message).querySelector('[data-pv-action="xeroSum.replaceDice"]')).toBeNull();
  });
});

describe("an opposed check", () => {
  it("C21: the opponent's owner rolls their side from the card, through the GM; the higher total wins", async () => {
    const ada = world.character("Ada2", system({ phy: 2 }, { stealth: 2 }), [], player.id);
    const bob = world.character("Bob2", system({ rsn: 1, acu: 1 }), [], other.id);
    world.queueD6([3, 3]);
    const done = await roll(() =>
      actions.rollOpposed(ada, bob, { skill: "stealth", opponent: { kind: "perception" }, skipDialog: true }),
    );
    expect(done.roll.options.opposed).toEqual({
      uuid: bob.uuid,
      name: "Bob2",
      kind: "perception",
      attribute: null,
      skill: null,
    });
    expect(done.result).toMatchObject({ total: 10, winner: null });
    let html = world.render(done.message);
    expect(text(html)).toContain("Bob2 has not rolled yet.");
    expect(html.querySelector(".pv-xc-band")).toBeNull();
    // The roller's player may not roll for Bob: the button is hidden.
    expect(await world.press(done.message, OPPONENT)).toBe(false);
    world.as(other);
    world.queueD6([4, 4]);
    expect(await pressSkipping(done.message, OPPONENT)).toBe(true);
    await deliver();
    expect(done.message.system.card.opponentRoll).toEqual({
      parts: [{ kind: "perception", value: 2 }],
      modifier: 2,
      insight: null,
      faces: [4, 4],
      gained: false,
    });
    world.as(player);
    html = world.render(done.message);
    expect(text(html)).toContain("Total 10");
    expect(html.querySelector(".pv-xc-winner")!.textContent).toBe("A draw: nobody gains the upper hand");
    expect(html.querySelector(OPPONENT)).toBeNull();
    expect(rules.opposedResult(10, 10)).toBe("draw");
  });

  it("a Moment on either side gives its Insight Die (opposedInsight), the opponent's by the GM", async () => {
    const cy = world.character("Cy3", system({ phy: 1 }, { athletics: 1 }), [], player.id);
    const dee = world.character("Dee3", system({ phy: 2 }, { athletics: 2 }), [], other.id);
    world.queueD6([6, 6]);
    const done = await roll(() => actions.rollOpposed(cy, dee, { skill: "athletics", skipDialog: true }));
    expect(cy.system.insight.value).toBe(3);
    world.as(other);
    world.queueD6([1, 1]);
    await pressSkipping(done.message, OPPONENT);
    await deliver();
    expect(dee.system.insight.value).toBe(3);
    // 12 + 2 = 14 against 2 + 4 = 6: only the totals count.
    world.as(player);
    const html = world.render(done.message);
    expect(html.querySelector(".pv-xc-winner")!.textContent).toBe("Cy3 wins");
    const restore = setting("opposedInsight", false);
    try {
      world.queueD6([6, 6]);
      await roll(() => actions.rollOpposed(cy, dee, { skill: "athletics", skipDialog: true }));
      expect(cy.system.insight.value).toBe(3);
    } finally {
      restore();
    }
  });
});

describe("a Group Check", () => {
  it("C30: the best leads with the others' AMods; a Moment gives each participant a die, through the GM", async () => {
    const a = world.character("Al", system({ phy: 1 }, { athletics: 1 }), [], player.id);
    const b = world.character("Bea", system({ phy: 2 }, { athletics: 2 }), [], other.id);
    const c = world.character("Cat", system({ phy: -1 }), [], other.id);
    world.queueD6([6, 6]);
    const done = await roll(() =>
      actions.rollGroupCheck([a, b, c], { skill: "athletics", skipDialog: true }),
    );
    expect(done.message.system.card).toMatchObject({ actorUuid: b.uuid, actorName: "Bea" });
    expect(done.roll.options).toMatchObject({ insight: null, replace: false, modifier: 4 });
    expect(done.roll.options.parts).toEqual([
      { kind: "attribute", key: "phy", value: 2 },
      { kind: "skill", key: "athletics", value: 2 },
      { kind: "participant", name: "Al", value: 1 },
      { kind: "participant", name: "Cat", value: -1 },
    ]);
    expect(done.result).toMatchObject({ band: "wild-success", moment: "high" });
    // Al's own die at once; Bea's and Cat's through the GM (the player owns neither).
    await deliver();
    expect([a, b, c].map((x) => x.system.insight.value)).toEqual([3, 3, 3]);
    const html = world.render(done.message);
    expect(text(html)).toContain("Moment of High Insight: every participant gains an Insight Die.");
    expect(text(html)).toContain("Taking part: Al, Bea, Cat.");
    expect(html.querySelector('[data-pv-action="xeroSum.replaceDice"]')).toBeNull();
  });

  it("refuses a group of one", async () => {
    const a = world.character("Solo", system(), [], player.id);
    expect(await roll(() => actions.rollGroupCheck([a], { attribute: "phy", skipDialog: true }))).toBeNull();
    expect(warnings()).toEqual(["A Group Check needs at least two participants."]);
  });
});

describe("the character sheet's roll buttons", () => {
  function pressRoll(actor: any, data: Record<string, string>) {
    const registered = world.recorder.sheets.find(
      (r: any) => r.documentClass.documentName === "Actor" && r.options.types.includes("xero-sum-character"),
    )!;
    const Sheet = registered.sheet as any;
    let action: any = null;
    for (let cls = Sheet; cls?.DEFAULT_OPTIONS && !action; cls = Object.getPrototypeOf(cls))
      action = cls.DEFAULT_OPTIONS.actions?.roll ?? null;
    const sheet = new Sheet({ document: actor });
    const button = document.createElement("button");
    for (const [k, v] of Object.entries(data)) button.setAttribute(k, v);
    return action.call(sheet, new MouseEvent("click", { shiftKey: true }), button);
  }

  it("a skill's button and Perception's roll the check (Shift: at once)", async () => {
    const ni = world.character("Ni", system({ acu: 1, rsn: 1 }, { barter: 2 }), [], player.id);
    world.as(player);
    world.queueD6([5, 5], [2, 2]);
    const before = world.messages.length;
    await pressRoll(ni, { "data-roll": "check", "data-attribute": "acu", "data-skill": "barter" });
    await pressRoll(ni, { "data-roll": "perception" });
    const [skill, perception] = world.messages.slice(before);
    expect(skill.rolls[0].options).toMatchObject({ kind: "skill", skill: "barter", modifier: 3 });
    expect(perception.rolls[0].options).toMatchObject({ kind: "perception", modifier: 2 });
  });
});
