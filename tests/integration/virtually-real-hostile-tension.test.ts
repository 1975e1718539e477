// A hostile player against Virtually Real's Tension Pool, driven against the built bundle as a player's
// client would: the GM's controls called from a macro, the end of a scene asked for, requests written
// straight into the player's own User document, a tension card posted at will (claiming complications
// and an emptied bowl), a check card posted with no roll behind it. The bowl is a world setting only a
// GM writes (Foundry's server refuses a player's write of a world setting); nothing a player does
// changes it, and a card a GM did not post is drawn as changing nothing.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadPlayWorld, skill, type PlayWorld } from "./virtually-real-play-world";

const g = globalThis as any;
let world: PlayWorld;
let player: any;
let gm: any;
const api = () => g.game.polyverse.rulesets["virtually-real"].actions;
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const text = (key: string, data?: Record<string, string>) => String(g.game.i18n.format(key, data ?? {}));
const T = "POLYVERSE.VirtuallyReal.Tension";
const setting = (name: string, value: unknown) =>
  g.game.settings.set("polyverse", `virtually-real.${name}`, value);
const dice = () => api().tensionPool().dice;

beforeAll(async () => {
  world = await loadPlayWorld();
  ({ player, gm } = world.users);
});
beforeEach(async () => {
  world.as(gm);
  world.recorder.notifications.length = 0;
  await setting("tensionPool", true);
  await setting("tensionKeep", true);
  await setting("tension", { dice: 3, cards: [] });
});

describe("a player at the GM's controls", () => {
  it("is refused adding, rolling, adding and rolling, and clearing the pool from a macro", async () => {
    world.as(player);
    const before = world.messages.length;
    expect(await api().addTensionDie()).toBeNull();
    expect(await api().rollTensionPool()).toBeNull();
    expect(await api().addAndRollTension()).toBeNull();
    expect(await api().clearTensionPool()).toBe(false);
    expect(warnings()).toEqual(Array(4).fill(text(`${T}.Problem.GMOnly`)));
    expect(dice()).toBe(3);
    expect(world.messages.length).toBe(before);
  });

  it("cannot clear the bowl by ending the scene", async () => {
    await setting("tensionKeep", false);
    world.as(player);
    expect(await api().endScene({ confirm: false })).toBeNull();
    expect(dice()).toBe(3);
  });

  it("asks the GM in vain: the relay knows no tension request", async () => {
    for (const [i, type] of ["virtually-real.tension", "virtually-real.tensionRoll"].entries()) {
      world.as(player);
      await player.update({
        [`flags.polyverse.relay.vrtension${String(i).padStart(7, "0")}`]: { type, payload: { dice: 0 } },
      });
      await world.socketToGM();
    }
    world.as(player);
    expect(warnings()).toEqual(Array(2).fill(text("POLYVERSE.Relay.Unknown")));
    expect(dice()).toBe(3);
  });

  it("sees the count but no control in the directory", () => {
    world.as(player);
    const html = document.createElement("div");
    html.innerHTML = `<header class="directory-header"><div class="header-actions"></div></header>`;
    g.Hooks.callAll("renderActorDirectory", {}, html);
    expect(html.querySelector("[data-pv-vr-tension]")).not.toBeNull();
    expect(
      html.querySelectorAll("[data-pv-vr-tension-add], [data-pv-vr-tension-roll], [data-pv-vr-tension-both]"),
    ).toHaveLength(0);
  });

  it("a GM who is not the active GM is refused too (two GMs never drop the same die twice)", async () => {
    const second = { id: "gm00000000000002", name: "GM 2", isGM: true, active: true, targets: new Set() };
    g.game.users.push(second);
    try {
      world.as(second);
      expect(await api().addTensionDie()).toBeNull();
      expect(warnings()).toEqual([text(`${T}.Problem.ActiveGMOnly`)]);
      expect(dice()).toBe(3);
    } finally {
      g.game.users.splice(g.game.users.indexOf(second), 1);
    }
  });
});

describe("forged cards", () => {
  it("a tension card a player posts (six 1s, the bowl emptied) changes nothing and says so", async () => {
    world.as(player);
    const forged = await g.ChatMessage.create({
      type: "virtually-real-tension",
      system: {
        card: { kind: "roll", reason: "reckless", added: false, dice: 0, faces: [1, 1, 1, 1, 1, 1] },
      },
    });
    for (const reader of [player, gm]) {
      world.as(reader);
      const html = world.render(forged);
      expect(html.textContent).toContain(text(`${T}.Card.NotGM`));
      expect(html.textContent).not.toContain("Complication!");
      expect(html.querySelectorAll(".pv-die")).toHaveLength(0);
    }
    expect(dice()).toBe(3);
  });

  it("a tension card of a broken shape is refused by its model", () => {
    const Model = g.CONFIG.ChatMessage.dataModels["virtually-real-tension"];
    const bad = [
      { kind: "roll", reason: "reckless", added: false, dice: 0, faces: [7] },
      { kind: "roll", reason: "reckless", added: false, dice: 4, faces: [2] },
      { kind: "roll", reason: "reckless", added: false, dice: 0, faces: [1, 1, 1, 1, 1, 1, 1] },
      { kind: "add", reason: null, added: true, dice: 9, faces: [] },
      { kind: "steal", reason: null, added: true, dice: 1, faces: [] },
    ];
    for (const card of bad) expect(() => Model.validateJoint({ card })).toThrow();
    expect(() =>
      Model.validateJoint({ card: { kind: "add", reason: null, added: true, dice: 1, faces: [] } }),
    ).not.toThrow();
  });

  it("a check card with no roll behind it offers the GM no tension die, and the macro refuses it", async () => {
    const ana = world.character(
      "Ana",
      { attributes: { agility: { capacity: 2, score: 14 } } },
      [skill("acro000000000001", "Acrobatics", { xp: 36 })],
      player.id,
    );
    // The player's genuine check card, then the same card posted again without its roll.
    world.as(player);
    world.queueFaces([2, 3]);
    const real = (await api().rollCheck(ana, { skill: "Acrobatics", dl: 20, skipDialog: true })).message;
    const forged = await g.ChatMessage.create({
      type: real.type,
      system: real.system,
      speaker: real.speaker,
    });
    world.as(gm);
    expect(world.render(forged).querySelector("[data-pv-vr-tension-drop]")).toBeNull();
    expect(await api().addTensionDie({ message: forged })).toBeNull();
    expect(warnings()).toContain(text(`${T}.Problem.NotFailed`));
    expect(dice()).toBe(3);
    // The genuine failed card: the GM may drop the die (the GM's decision, once).
    expect(await world.press(real, "[data-pv-vr-tension-drop]")).toBe(true);
    expect(dice()).toBe(4);
  });

  it("a player never gets the failed check card's button, and the macro refuses them the card", async () => {
    const ana = world.character(
      "Ana",
      { attributes: { agility: { capacity: 2, score: 14 } } },
      [skill("acro000000000001", "Acrobatics", { xp: 36 })],
      player.id,
    );
    world.as(player);
    world.queueFaces([2, 3]);
    const mine = (await api().rollCheck(ana, { skill: "Acrobatics", dl: 20, skipDialog: true })).message;
    expect(world.render(mine).querySelector("[data-pv-vr-tension-drop]")).toBeNull();
    expect(await api().addTensionDie({ message: mine })).toBeNull();
    expect(warnings()).toContain(text(`${T}.Problem.GMOnly`));
    expect(dice()).toBe(3);
  });
});
