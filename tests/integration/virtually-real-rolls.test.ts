// Virtually Real's checks against the built bundle: the pipeline posts a virtually-real-check card whose
// numbers are the rules layer's for the dice rolled (TV-01, TV-04, TV-16); a brilliant result's
// explosion rolled from the card by the GM for the roller's owner, once (TV-07 on [1], TV-09 on [2]),
// its 1 XP given at once; the mulligan (TV-35's light) re-rolling with its advantage dice, once; an
// opposed check whose other side its owner rolls from the card; saves, emotional saves, Darkness; the
// sheet's roll buttons; the skill marked used this scene and Basic Combat Training's failure.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverUserUpdates } from "./foundry-stub";
import {
  flush,
  loadVirtuallyRealRollsWorld,
  skillItem,
  type VirtuallyRealRollsWorld,
} from "./virtually-real-rolls-world";

const g = globalThis as any;
let world: VirtuallyRealRollsWorld;
let actions: any;
let player: any;
let gm: any;
let other: any;

const EXPLODE = '[data-pv-action="virtuallyReal.explode"]';
const MULLIGAN = '[data-pv-action="virtuallyReal.mulligan"]';
const OPPONENT = '[data-pv-action="virtuallyReal.opponentRoll"]';
const OP = "virtuallyReal.checkCardOp";
const text = (html: HTMLElement) => html.textContent!.replace(/\s+/g, " ");
/** A card button this reader sees (core hides what they may not press). */
const shown = (html: HTMLElement, selector: string) => {
  const button = html.querySelector<HTMLButtonElement>(selector);
  return Boolean(button && !button.hidden);
};
/** The pools the bundle rolled, by formula (the stand-in's dice keep no modifiers of their own). */
const formulas: string[] = [];
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const deliver = () => deliverUserUpdates(world.recorder, [gm, player, other]);

let ridCount = 0;
/** A relay request as the user's client writes it (what a card button sends), delivered. */
async function request(user: any, payload: Record<string, unknown>) {
  const before = warnings().length;
  world.as(user);
  await user.update({
    [`flags.polyverse.relay.vroll${String(++ridCount).padStart(11, "0")}`]: { type: OP, payload },
  });
  await deliver();
  return warnings().slice(before);
}

/** Roll as `user` (the player by default), then let the GM's client see (and record) the card. */
async function roll(fn: () => Promise<any>, user = player) {
  world.as(user);
  const done = await fn();
  await world.socketToGM();
  world.as(user);
  return done;
}

/** Press a card's button as the current user, then deliver its request to the GM. */
async function press(message: any, selector: string): Promise<boolean> {
  const pressed = await world.press(message, selector);
  await deliver();
  return pressed;
}

/** Ada: Agility [2] 10, Body [3] 12, Aura [2] 10, three light, Home as an inner intimacy. */
function ada(items: any[] = [], more: Record<string, unknown> = {}, owner = player.id) {
  return world.character(
    "Ada",
    {
      attributes: {
        agility: { capacity: 2, score: 10 },
        body: { capacity: 3, score: 12 },
        aura: { capacity: 2, score: 10 },
      },
      light: { value: 3 },
      intimacies: [
        {
          name: "Home",
          target: "isolation",
          polarity: "positive",
          level: "inner",
          basic: true,
          mulligan: false,
        },
      ],
      ...more,
    },
    items,
    owner,
  );
}
const locks = () =>
  skillItem("Open Locks", { capacity: 2, xp: 22, attribute: "agility" }, "openlocks0000001");

beforeAll(async () => {
  world = await loadVirtuallyRealRollsWorld();
  actions = g.game.polyverse.rulesets["virtually-real"].actions;
  player = world.users.player;
  gm = world.users.gm;
  other = { id: "pl00000000000002", name: "Other", isGM: false, active: true, targets: new Set() };
  g.game.users.push(other);
  other.update = player.update;
  const evaluate = g.foundry.dice.Roll.prototype.evaluate;
  g.foundry.dice.Roll.prototype.evaluate = function (this: any, ...args: unknown[]) {
    formulas.push(this.formula);
    return evaluate.apply(this, args);
  };
  g.game.keybindings = {
    actions: new Map([["polyverse.skipRollDialog", {}]]),
    get: () => [{ key: "ShiftLeft" }, { key: "ShiftRight" }],
  };
});

afterAll(() => {
  // Every card string the checks drew is in en.json.
  expect([...world.missingKeys]).toEqual([]);
  world.as(gm);
  for (const message of world.messages.filter((m) => m.type === "virtually-real-check"))
    expect(world.render(message).textContent).not.toMatch(/POLYVERSE\./);
});

beforeEach(() => {
  formulas.length = 0;
  world.as(gm);
  world.recorder.notifications.length = 0;
});

describe("a check on the pipeline", () => {
  it("TV-01: Open Locks [2] 22/3 rolls 2d6 + 3; [4, 5] against DL 10 is 12, a success by 2", async () => {
    const actor = ada([locks()]);
    world.queueD6([4, 5]);
    const done = await roll(() =>
      actions.rollCheck(actor, { skill: "Open Locks", dl: 10, skipDialog: true }),
    );
    expect(done.message.type).toBe("virtually-real-check");
    expect(done.message.rolls[0].formula).toBe("2d6");
    expect(done.result).toMatchObject({
      total: 12,
      margin: 2,
      success: true,
      degree: "minor",
      diceNeeded: 0,
    });
    expect(done.message.system.card).toMatchObject({
      actorUuid: actor.uuid,
      kind: "skill",
      skillId: "openlocks0000001",
      attribute: "agility",
      save: null,
      marks: ["used"],
    });
    const html = world.render(done.message);
    expect(html.querySelector("h3")!.textContent).toBe("Open Locks");
    expect(html.querySelector(".pv-vr-total")!.textContent).toBe("12");
    expect(text(html)).toContain("DL 10");
    expect(html.querySelector(".pv-vr-verdict")!.textContent).toBe("Success");
    // "This is per scene": the skill is marked used, for the end of the scene.
    expect(actor.items.get("openlocks0000001").system.usedThisScene).toBe(true);
    expect(actions.checkResultOf(done.message).total).toBe(12);
  });

  it("TV-04: one advantage rolls 3d6kh2; [1, 4, 5] keeps 4 and 5", async () => {
    const actor = ada([locks()]);
    world.queueD6([1, 4, 5]);
    const done = await roll(() =>
      actions.rollCheck(actor, { skill: "openlocks0000001", advantage: 1, skipDialog: true }),
    );
    expect(formulas).toEqual(["3d6kh2"]);
    expect(done.result).toMatchObject({ kept: [4, 5], dropped: [1], total: 12 });
    const html = world.render(done.message);
    expect([...html.querySelectorAll(".pv-vr-dropped")].map((d) => d.textContent)).toEqual(["1"]);
  });

  it("TV-16: Body [3] 12/+2 makes a Health save: three dice, the lowest dropped, +2", async () => {
    const actor = ada();
    world.queueD6([1, 4, 5]);
    const done = await roll(() => actions.rollSave(actor, "health", { dl: 10, skipDialog: true }));
    expect(formulas).toEqual(["3d6kh2"]);
    expect(done.result).toMatchObject({ total: 11, success: true });
    expect(world.render(done.message).querySelector("h3")!.textContent).toBe("Health save");
    // Saves earn no XP: nothing is marked.
    expect(done.message.system.card.marks).toBeUndefined();
  });

  it("an emotional save rolls the target's skill with its armors; Darkness rolls [2] + its level", async () => {
    const bct = skillItem(
      "Basic Combat Training",
      { capacity: 2, xp: 10, attribute: "agility", ref: "basicCombatTraining" },
      "bct0000000000001",
    );
    const actor = ada([bct], {
      conditions: [
        {
          severity: "major",
          group: "emotional",
          target: "violence",
          side: "armor",
          id: "",
          letter: "",
          atNext: "",
        },
      ],
      darkness: { points: 6 },
    });
    world.queueD6([2, 3, 6]);
    const save = await roll(() => actions.rollEmotionalSave(actor, "violence", { dl: 10, skipDialog: true }));
    // Two dice and one armor as an advantage: the highest two of three.
    expect(formulas).toEqual(["3d6kh2"]);
    expect(world.render(save.message).querySelector("h3")!.textContent).toBe(
      "Violence save: Basic Combat Training",
    );
    world.queueD6([3, 3]);
    const dark = await roll(() => actions.rollDarkness(actor, { skipDialog: true }));
    expect(dark.result).toMatchObject({ total: 3 + 3 + 1 });
  });

  it("a failed Basic Combat Training check marks the scene for its XP", async () => {
    const bct = skillItem(
      "Basic Combat Training",
      { capacity: 2, xp: 10, attribute: "agility", ref: "basicCombatTraining" },
      "bct0000000000002",
    );
    const actor = ada([bct]);
    world.queueD6([1, 1]);
    const done = await roll(() =>
      actions.rollCheck(actor, { skill: "basicCombatTraining", dl: 10, skipDialog: true }),
    );
    expect(done.result.critical).toBe(true);
    expect(actor.system.scene).toMatchObject({ bctFailed: true, bctCriticalFailure: true });
  });

  it("refuses an actor the user does not own", async () => {
    const actor = ada([locks()], {}, other.id);
    world.as(player);
    expect(await actions.rollCheck(actor, { skill: "Open Locks", skipDialog: true })).toBeNull();
    expect(warnings()).toEqual(["You do not own Ada."]);
  });
});

describe("a brilliant result's explosion, from the card", () => {
  it("TV-09: [2] rolls 6, 6; the GM rolls 6, 6, 3 for the player's owner: 12 + 2 + 2 + 3 + 3; 1 XP at once", async () => {
    const actor = ada([locks()]);
    world.queueD6([6, 6]);
    const done = await roll(() =>
      actions.rollCheck(actor, { skill: "Open Locks", dl: 10, skipDialog: true }),
    );
    expect(done.result).toMatchObject({ brilliant: true, diceNeeded: 1 });
    // The brilliant's 1 XP is given with the roll: Open Locks 22 → 23.
    expect(actor.items.get("openlocks0000001").system.xp).toBe(23);
    world.as(other);
    expect(shown(world.render(done.message), EXPLODE)).toBe(false);
    world.as(player);
    world.queueD6([6], [6], [3]);
    expect(await press(done.message, EXPLODE)).toBe(true);
    const result = actions.checkResultOf(done.message);
    expect(result).toMatchObject({
      brilliant: true,
      explosionValue: 2 + 2 + 3,
      total: 12 + 7 + 3,
      diceNeeded: 0,
    });
    expect(done.message.system.card.explosion).toEqual({ confirmation: null, dice: [6, 6, 3] });
    expect(actor.items.get("openlocks0000001").system.xp).toBe(23);
    world.as(player);
    const html = world.render(done.message);
    expect(html.querySelector(EXPLODE)).toBeNull();
    expect([...html.querySelectorAll(".pv-vr-explosion .pv-die")].map((d) => d.textContent)).toEqual([
      "6",
      "6",
      "3",
    ]);
    // Pressed again (a stale card): refused, nothing rolled.
    expect(await request(player, { messageId: done.message.id, op: "explode" })).toEqual([
      "This card does not offer that now.",
    ]);
  });

  it("TV-07: [1] with Agility [2]: 6 kept, the confirming die 6, then 3: brilliant, +2, and its 1 XP then", async () => {
    const juggle = skillItem("Juggle", { capacity: 1, xp: 10, attribute: "agility" }, "juggle0000000001");
    const actor = ada([juggle]);
    world.queueD6([6, 2]);
    const done = await roll(() => actions.rollCheck(actor, { skill: "Juggle", skipDialog: true }));
    expect(done.result).toMatchObject({ brilliant: false, diceNeeded: 1 });
    world.as(player);
    expect(world.render(done.message).querySelector(EXPLODE)!.textContent).toContain(
      "Roll the confirming die",
    );
    world.queueD6([6], [3]);
    await press(done.message, EXPLODE);
    expect(actions.checkResultOf(done.message)).toMatchObject({ brilliant: true, total: 6 + 2 + 2 });
    expect(actor.items.get("juggle0000000001").system).toMatchObject({ xp: 11, gainedThisChapter: true });
    expect(done.message.system.card.marks).toEqual(["used", "brilliant"]);
  });

  it("TV-06: a confirming 4 is no brilliant: 6 stands, no XP", async () => {
    const juggle = skillItem("Juggle", { capacity: 1, xp: 10, attribute: "agility" }, "juggle0000000002");
    const actor = ada([juggle]);
    world.queueD6([6, 2]);
    const done = await roll(() => actions.rollCheck(actor, { skill: "Juggle", skipDialog: true }));
    world.as(gm);
    world.queueD6([4]);
    await press(done.message, EXPLODE);
    expect(actions.checkResultOf(done.message)).toMatchObject({
      brilliant: false,
      total: 6 + 2,
      diceNeeded: 0,
    });
    expect(actor.items.get("juggle0000000002").system.xp).toBe(10);
  });
});

describe("the mulligan", () => {
  it("TV-35: defending an inner intimacy costs 2 light and re-rolls with 2 advantages, once", async () => {
    const actor = ada([locks()]);
    world.queueD6([1, 2]);
    const done = await roll(() =>
      actions.rollCheck(actor, { skill: "Open Locks", dl: 14, skipDialog: true }),
    );
    expect(done.result.success).toBe(false);
    world.as(player);
    expect(shown(world.render(done.message), MULLIGAN)).toBe(true);
    world.as(other);
    expect(shown(world.render(done.message), MULLIGAN)).toBe(false);
    world.queueD6([1, 5, 5, 6]);
    const said = await request(player, {
      messageId: done.message.id,
      op: "mulligan",
      intimacy: 0,
      name: "",
      target: "isolation",
      spendAs: "inner",
      agreed: true,
    });
    expect(said).toEqual([]);
    expect(actor.system.light.value).toBe(1);
    expect(done.message.system.card.mulligan).toMatchObject({
      intimacy: "Home",
      level: "inner",
      light: 2,
      faces: [1, 5, 5, 6],
    });
    // Kept 5 and 6 of four dice: 11 + 3 = 14 against 14.
    expect(actions.checkResultOf(done.message)).toMatchObject({ kept: [5, 6], total: 14, success: true });
    world.as(player);
    const html = world.render(done.message);
    expect(shown(html, MULLIGAN)).toBe(false);
    expect(text(html)).toContain("Mulligan defending Home (Inner): 2 light paid");
    const again = await request(player, {
      messageId: done.message.id,
      op: "mulligan",
      intimacy: 0,
      name: "",
      target: "isolation",
      spendAs: "outer",
      agreed: true,
    });
    expect(again).toEqual(["That has been done already."]);
    expect(actor.system.light.value).toBe(1);
  });

  it("a new outer intimacy declared for it is added to the sheet, not to be removed at the next chapter", async () => {
    const actor = ada([locks()]);
    world.queueD6([2, 2]);
    const done = await roll(() => actions.rollCheck(actor, { skill: "Open Locks", skipDialog: true }));
    world.queueD6([1, 2, 3]);
    await request(player, {
      messageId: done.message.id,
      op: "mulligan",
      intimacy: -1,
      name: "My <b>sword</b>",
      target: "violence",
      spendAs: "outer",
      agreed: true,
    });
    expect(actor.system.light.value).toBe(2);
    expect(actor.system.intimacies.at(-1)).toMatchObject({
      name: "My <b>sword</b>",
      level: "outer",
      mulligan: true,
    });
    world.as(player);
    const html = world.render(done.message);
    expect(html.querySelector(".pv-vr-mulligan b")).toBeNull();
    expect(text(html)).toContain("My <b>sword</b>");
  });

  it("refused without another player's agreement", async () => {
    const actor = ada([locks()]);
    world.queueD6([2, 2]);
    const done = await roll(() => actions.rollCheck(actor, { skill: "Open Locks", skipDialog: true }));
    const said = await request(player, {
      messageId: done.message.id,
      op: "mulligan",
      intimacy: 0,
      name: "",
      target: "violence",
      spendAs: "inner",
      agreed: false,
    });
    expect(said).toEqual(["Another player must agree that the intimacy fits."]);
    expect(actor.system.light.value).toBe(3);
  });
});

describe("an opposed check", () => {
  it("the opponent's owner rolls the other side from the card; a tie goes to the roller", async () => {
    const actor = ada([locks()]);
    const bo = world.character("Bo", { attributes: { agility: { capacity: 2, score: 16 } } }, [], other.id);
    world.queueD6([4, 5]);
    const done = await roll(() => actions.rollOpposed(actor, bo, { skill: "Open Locks", skipDialog: true }));
    expect(done.result.margin).toBeNull();
    world.as(player);
    expect(shown(world.render(done.message), OPPONENT)).toBe(false);
    world.as(other);
    const html = world.render(done.message);
    expect(html.querySelector(OPPONENT)!.textContent).toContain("Roll for Bo");
    // Bo has no Open Locks: an Agility check, [2] 16/+3. [4, 5] + 3 = 12 ties Ada's 12.
    world.queueD6([4, 5]);
    const button = html.querySelector<HTMLButtonElement>(OPPONENT)!;
    button.dispatchEvent(new MouseEvent("click", { shiftKey: true }));
    await flush();
    await deliver();
    expect(actions.checkResultOf(done.message)).toMatchObject({ total: 12, margin: 0, success: true });
    expect(actions.opposedResultOf(done.message)).toMatchObject({ actorWins: true, margin: 0 });
    world.as(gm);
    expect(text(world.render(done.message))).toContain("Ada wins against Bo");
  });
});

describe("the sheet's roll buttons", () => {
  it("the table has the attribute, save, skill, emotional save and Darkness rolls; Shift skips the dialog", async () => {
    const Sheet =
      g.game.polyverse.registry.get("virtually-real").types.Actor["virtually-real-character"].sheet;
    expect(Object.keys(Sheet.ROLLS).sort()).toEqual([
      "attack",
      "attribute",
      "darkness",
      "emotionalSave",
      "save",
      "skill",
      "strengthFeat",
    ]);
    const actor = ada([locks()]);
    world.queueD6([3, 3, 3]);
    const shift = new MouseEvent("click", { shiftKey: true });
    const done = await roll(() => Sheet.ROLLS.attribute(actor, { attribute: "body" }, { event: shift }));
    // Body [3] 12: an attribute check keeps all three dice, + 2.
    expect(done.result).toMatchObject({ keptSum: 9, total: 9 + 2 });
    expect(world.render(done.message).querySelector("h3")!.textContent).toBe("Body check");
  });
});
