// The Tension Pool (chapter 1's optional rule, L733-747) against the built bundle: "Each time a
// character does a time-consuming task, the GM loudly drops a die into a glass bowl in front of all
// the players"; "If you commit a reckless action ... you roll the dice that are in the bowl. If it's
// time-consuming and reckless, add a die and then roll the pool"; "If you add a 6th die to the bowl,
// immediately roll the pool"; "When the pool is rolled, the dice are not returned to the bowl"; "If
// any 1's are rolled, that indicates a complication"; "The GM may clear the pool at the end of each
// scene, or choose to keep the dice from scene to scene". The retry: "the GM drops a die in the
// tension pool bowl"; a failed check: "This is also a good time to drop a die".
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadPlayWorld, skill, type PlayWorld } from "./virtually-real-play-world";

const g = globalThis as any;
let world: PlayWorld;
const api = () => g.game.polyverse.rulesets["virtually-real"].actions;
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const text = (key: string, data?: Record<string, string>) => String(g.game.i18n.format(key, data ?? {}));
const T = "POLYVERSE.VirtuallyReal.Tension";
const setting = (name: string, value: unknown) =>
  g.game.settings.set("polyverse", `virtually-real.${name}`, value);
const bowl = () => g.game.settings.get("polyverse", "virtually-real.tension");

/** Render the Actors directory for the current user. */
function directory(): HTMLElement {
  const html = document.createElement("div");
  html.innerHTML = `<header class="directory-header"><div class="header-actions"></div></header>`;
  g.Hooks.callAll("renderActorDirectory", {}, html);
  return html;
}

beforeAll(async () => {
  world = await loadPlayWorld();
});
beforeEach(async () => {
  world.as(world.users.gm);
  world.recorder.notifications.length = 0;
  await setting("tensionPool", true);
  await setting("tensionKeep", false);
  await setting("tension", { dice: 0, cards: [] });
});
afterEach(async () => {
  await setting("tensionPool", false);
});

describe("the setting and the descriptor", () => {
  it("is the text's optional rule: off by default, the dice cleared at a scene's end by default", () => {
    const settings = world.recorder.settings;
    expect(settings.get("polyverse.virtually-real.tensionPool")!.config.default).toBe(false);
    expect(settings.get("polyverse.virtually-real.tensionKeep")!.config.default).toBe(false);
    // The bowl: a world setting hidden from the settings window, that every client reads.
    const state = settings.get("polyverse.virtually-real.tension")!.config;
    expect(state).toMatchObject({ scope: "world", config: false });
    const ruleset = g.game.polyverse.registry.get("virtually-real");
    expect(Object.keys(ruleset.types.ChatMessage)).toContain("virtually-real-tension");
    for (const name of [
      "tensionPool",
      "addTensionDie",
      "rollTensionPool",
      "addAndRollTension",
      "clearTensionPool",
    ])
      expect(typeof api()[name]).toBe("function");
  });

  it("refuses the controls while the rule is off", async () => {
    await setting("tensionPool", false);
    expect(await api().addTensionDie()).toBeNull();
    expect(warnings()).toEqual([text(`${T}.Problem.Off`)]);
    expect(api().tensionPool()).toMatchObject({ on: false, dice: 0 });
  });
});

describe("the GM's controls", () => {
  it("Add tension die drops one die, posts a card with the bowl and the odds; nothing is rolled", async () => {
    const message = await api().addTensionDie();
    expect(message.system.card).toEqual({ kind: "add", reason: null, added: true, dice: 1, faces: [] });
    expect(message.rolls).toEqual([]);
    expect(api().tensionPool()).toMatchObject({ on: true, dice: 1 });
    // 1 − 5/6 = 16.7 %
    expect(world.render(message).textContent).toContain(
      "In the bowl: 1 die. Chance of a complication if rolled now: 16.7 %.",
    );
    await api().addTensionDie();
    // 1 − (5/6)² = 11/36 = 30.6 %
    expect(api().tensionPool().odds).toBeCloseTo(11 / 36, 12);
  });

  it("the 6th die rolls the pool at once: six dice, each 1 a complication, the bowl empty", async () => {
    await setting("tension", { dice: 5, cards: [] });
    world.queueFaces([1, 2, 3, 4, 5, 1]);
    const message = await api().addTensionDie();
    expect(message.system.card).toEqual({
      kind: "roll",
      reason: "full",
      added: true,
      dice: 0,
      faces: [1, 2, 3, 4, 5, 1],
    });
    // A real roll of the bowl's dice rides on the card (Dice So Nice shows it).
    expect(message.rolls).toHaveLength(1);
    expect(message.rolls[0].formula).toBe("6d6");
    expect(bowl().dice).toBe(0);
    const html = world.render(message);
    expect(html.textContent).toContain("A sixth die in the bowl");
    expect(html.textContent).toContain("Complication! (2 ones rolled)");
    expect(html.querySelectorAll(".pv-vr-tension-one")).toHaveLength(2);
  });

  it("Roll tension pool (reckless) rolls the dice in the bowl and empties it; no 1, no complication", async () => {
    await setting("tension", { dice: 3, cards: [] });
    world.queueFaces([2, 6, 5]);
    const message = await api().rollTensionPool();
    expect(message.system.card).toMatchObject({
      kind: "roll",
      reason: "reckless",
      added: false,
      faces: [2, 6, 5],
    });
    expect(message.rolls[0].formula).toBe("3d6");
    expect(api().tensionPool().dice).toBe(0);
    expect(world.render(message).textContent).toContain("No complication");
  });

  it("an empty bowl has nothing to roll", async () => {
    const before = world.messages.length;
    expect(await api().rollTensionPool()).toBeNull();
    expect(warnings()).toEqual([text(`${T}.Problem.Empty`)]);
    expect(world.messages.length).toBe(before);
  });

  it("Reckless and time-consuming adds a die and then rolls the pool: 2 in the bowl → 3 dice rolled", async () => {
    await setting("tension", { dice: 2, cards: [] });
    world.queueFaces([1, 3, 3]);
    const message = await api().addAndRollTension();
    expect(message.system.card).toMatchObject({
      kind: "roll",
      reason: "reckless",
      added: true,
      faces: [1, 3, 3],
    });
    expect(world.render(message).textContent).toContain("A time-consuming and reckless action");
    expect(api().tensionPool().dice).toBe(0);
  });

  it("Clear empties the bowl without a roll", async () => {
    await setting("tension", { dice: 4, cards: [] });
    const before = world.messages.length;
    expect(await api().clearTensionPool()).toBe(true);
    expect(api().tensionPool().dice).toBe(0);
    expect(world.messages.length).toBe(before);
  });
});

describe("the end of a scene", () => {
  it("clears the bowl; with tensionKeep the dice stay from scene to scene", async () => {
    await setting("tension", { dice: 3, cards: [] });
    expect(await api().endScene({ confirm: false })).not.toBeNull();
    expect(api().tensionPool().dice).toBe(0);
    await setting("tensionKeep", true);
    await setting("tension", { dice: 3, cards: [] });
    expect(await api().endScene({ confirm: false })).not.toBeNull();
    expect(api().tensionPool().dice).toBe(3);
  });
});

describe("the Actors directory", () => {
  it("shows the GM the three controls beside End scene while the rule is on", () => {
    const html = directory();
    const actions = html.querySelector(".header-actions")!;
    for (const kind of ["add", "roll", "both"])
      expect(actions.querySelector(`[data-pv-vr-tension-${kind}]`)).not.toBeNull();
    expect(actions.querySelector("[data-pv-vr-end-scene]")).not.toBeNull();
  });

  it("shows every user the bowl's dice and the chance of a complication; players get no controls", async () => {
    await setting("tension", { dice: 3, cards: [] });
    world.as(world.users.player);
    const html = directory();
    // 1 − (5/6)³ = 91/216 = 42.1 %
    expect(html.querySelector("[data-pv-vr-tension]")!.textContent!.trim()).toBe(
      "Tension pool: 3 dice, 42.1 % chance of a complication",
    );
    expect(html.querySelector("[data-pv-vr-tension-add]")).toBeNull();
    expect(html.querySelector("[data-pv-vr-tension-roll]")).toBeNull();
  });

  it("shows nothing of the pool while the rule is off", async () => {
    await setting("tensionPool", false);
    const html = directory();
    expect(html.querySelector("[data-pv-vr-tension]")).toBeNull();
    expect(html.querySelector("[data-pv-vr-tension-add]")).toBeNull();
  });

  it("a control pressed there works the bowl", async () => {
    const html = directory();
    html.querySelector<HTMLButtonElement>("[data-pv-vr-tension-add]")!.click();
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    expect(api().tensionPool().dice).toBe(1);
  });
});

describe("a failed check card's Add tension die", () => {
  /** Ana: AGL [2]14/2; Acrobatics [2]36/4. */
  const ana = () =>
    world.character(
      "Ana",
      { attributes: { agility: { capacity: 2, score: 14 } } },
      [skill("acro000000000001", "Acrobatics", { xp: 36 })],
      world.users.player.id,
    );
  const check = async (faces: number[], dl: number) => {
    world.queueFaces(faces);
    return (await api().rollCheck(ana(), { skill: "Acrobatics", dl, skipDialog: true })).message;
  };
  const button = (message: any) =>
    world.render(message).querySelector<HTMLButtonElement>("[data-pv-vr-tension-drop]");

  it("is the GM's on a failed check (2 + 3 + level 4 = 9 against DL 20), and drops one die, once", async () => {
    const message = await check([2, 3], 20);
    expect(api().checkResultOf(message).success).toBe(false);
    expect(await world.press(message, "[data-pv-vr-tension-drop]")).toBe(true);
    expect(api().tensionPool().dice).toBe(1);
    expect(bowl().cards).toEqual([message.id]);
    // Once per card: the button is gone, and the macro refuses the same card.
    expect(button(message)).toBeNull();
    expect(await api().addTensionDie({ message })).toBeNull();
    expect(warnings()).toContain(text(`${T}.Problem.AlreadyDropped`));
    expect(api().tensionPool().dice).toBe(1);
  });

  it("is not offered on a success (5 + 6 + 4 = 15 against DL 10), nor to a player, nor with the rule off", async () => {
    const won = await check([5, 6], 10);
    expect(button(won)).toBeNull();
    expect(await api().addTensionDie({ message: won })).toBeNull();
    expect(warnings()).toContain(text(`${T}.Problem.NotFailed`));
    const lost = await check([2, 3], 20);
    world.as(world.users.player);
    expect(button(lost)).toBeNull();
    world.as(world.users.gm);
    await setting("tensionPool", false);
    expect(button(lost)).toBeNull();
    expect(api().tensionPool().dice).toBe(0);
  });
});
