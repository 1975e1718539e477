// Pools have a maximum size and pool cards never break the chat log, against the built bundle:
// the world setting `maxPool`, a bonus of 200,000 dice, a species whose AD formula gives a huge
// pool rolled for turn order by the GM's client, and rolls forged as a hostile player would post
// them (a die showing 7, faces that are not numbers, impossible targets, options missing,
// thousands of dice, an unevaluated roll of 200,000 dice) rendered through `VersesRoll#render`
// with the real templates.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { hasKey } from "../lib/i18n";
import { DIST, readJSON } from "../lib/paths";
import { loadAttackBundle, type AttackWorld } from "./stub-scene";

const g = globalThis as any;
let world: AttackWorld;
let api: any;
let lang: any;
let plain: any;
let giant: any;

const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const setMax = (value: unknown) => g.game.settings.set("polyverse", "verses.maxPool", value);
const VersesRoll = () => g.CONFIG.Dice.rolls.find((r: any) => r.name === "VersesRoll");
const INVALID = () => lang.POLYVERSE.Verses.Roll.Invalid as string;
/** A card's text as the chat log shows it, and whether it carries the invalid-roll note. */
function drawn(html: string) {
  const div = document.createElement("div");
  div.innerHTML = html;
  const note = div.querySelector(".pv-invalid-roll");
  return {
    text: div.textContent ?? "",
    invalid: note !== null && note.textContent === INVALID(),
    dice: div.querySelectorAll(".pv-die").length,
  };
}

/** A roll as a message stores it, with the dice results a forger wrote. */
function forged(options: unknown, faces: unknown, { formula = "3d6", evaluated = true } = {}) {
  const roll = g.foundry.dice.Roll.fromData({ class: "VersesRoll", formula, options, evaluated, total: 3 });
  roll._faces = faces;
  return roll;
}

beforeAll(async () => {
  world = await loadAttackBundle({ combat: true });
  api = g.game.polyverse.rulesets.verses.actions;
  lang = readJSON(join(DIST, "lang", "en.json"));
  plain = world.actor({ name: "Plain", type: "verses-character" }, world.users.player.id);
  giant = world.actor(
    {
      name: "Giant",
      type: "verses-creature",
      items: [
        {
          name: "Giant",
          type: "verses-species",
          system: { derived: { ad: "100000 × PRW", cn: "", hp: "", maxCarry: "", mv: "", sk: "" } },
        },
      ],
    },
    world.users.player.id,
  );
});

afterEach(async () => {
  await setMax(100);
  world.as(world.users.gm);
});

describe("the world setting maxPool", () => {
  it("is a GM's world setting in the system settings, 10 to 1000 dice, 100 by default, localised", () => {
    const setting = world.recorder.settings.get("polyverse.verses.maxPool");
    expect(setting).toBeDefined();
    expect(setting!.config).toMatchObject({
      scope: "world",
      config: true,
      type: Number,
      default: 100,
      range: { min: 10, max: 1000 },
    });
    expect(hasKey(lang, setting!.config.name)).toBe(true);
    expect(hasKey(lang, setting!.config.hint)).toBe(true);
  });
});

describe("a pool is never larger than the world allows", () => {
  it("a bonus of 200,000 dice rolls 100, the card shows the cut, and the roller is told", async () => {
    world.as(world.users.player);
    const roll = await api.rollAttribute(plain, "prw", { bonus: 200_000, skipDialog: true });
    expect(roll.formula).toBe("100d6");
    expect(roll.faces).toHaveLength(100);
    const message = world.messages.at(-1);
    expect(message.rolls[0]).toBe(roll);
    const card = drawn(await roll.render());
    expect(card.text).toContain("World maximum (100 dice)");
    expect(card).toMatchObject({ invalid: false, dice: 100 });
    // PRW 2 + 5AD + the bonus kept at 100 = 107, cut to 100.
    expect(warnings().at(-1)).toBe(
      "Prowess: a pool of 107 dice is more than this world allows; it is cut to 100 dice.",
    );
    expect(world.missingKeys).toEqual(new Set());
  });

  it("the GM's cap is the one applied, and a stored value out of bounds reads within them", async () => {
    await setMax(20);
    expect((await api.rollAttribute(plain, "prw", { bonus: 50, skipDialog: true })).formula).toBe("20d6");
    await setMax(3);
    expect((await api.rollAttribute(plain, "prw", { bonus: 50, skipDialog: true })).formula).toBe("10d6");
    await setMax("lots");
    expect((await api.rollAttribute(plain, "prw", { bonus: 500, skipDialog: true })).formula).toBe("100d6");
    // A pool within the cap is rolled as it is, with no warning.
    await setMax(100);
    const before = warnings().length;
    expect((await api.rollAttribute(plain, "prw", { bonus: 1, skipDialog: true })).formula).toBe("8d6");
    expect(warnings().length).toBe(before);
  });

  it("a species formula's 200,000 AD: the AD pool is 100, and turn order rolls 100 dice with a warning", async () => {
    expect(giant.system.derived.ad).toBe(200_000);
    expect(giant.system.adMax).toBe(100);
    expect(giant.system.ad.max).toBe(100);
    const combat = new g.CONFIG.Combat.documentClass({
      _id: "combatPool000001",
      combatants: [{ _id: "cbtGiant00000000", name: "Giant", actorId: giant.id }],
    });
    g.game.combat = combat;
    g.game.combats = { get: (id: string) => (id === combat.id ? combat : undefined) };
    const before = world.messages.length;
    await combat.rollInitiative(["cbtGiant00000000"]);
    const card = world.messages.slice(before).find((m: any) => m.rolls?.length);
    // Turn order ranks at most 99 dice (initiativeValue packs each count in two digits).
    expect(card.rolls[0].formula).toBe("99d6");
    expect(warnings()).toContain(
      "Giant: 200000 Action Dice are more than this world allows; turn order rolls 99.",
    );
    expect(combat.combatants.get("cbtGiant00000000").initiative).toBeGreaterThan(0);
    g.game.combat = null;
  });
});

describe("a forged pool roll renders an 'invalid roll' note instead of throwing", () => {
  const sound = { target: 2, kind: "test", label: "PRW", parts: [{ label: "PRW", dice: 3 }] };
  const cases: [string, unknown, unknown, { formula?: string; evaluated?: boolean }?][] = [
    ["a die showing 7", sound, [7, 5, 1]],
    ["faces that are not numbers", sound, ["six", { x: 1 }, null]],
    ["a non-numeric target", { ...sound, target: "two" }, [6, 5, 1]],
    ["a negative target", { ...sound, target: -4 }, [6, 5, 1]],
    ["options missing", undefined, [6, 5, 1]],
    ["options null", null, [6, 5, 1]],
    ["parts that are not a list", { ...sound, parts: { length: 1e9 } }, [6, 5, 1]],
    ["an unknown kind", { ...sound, kind: "constructor" }, [6, 5, 1]],
    ["thousands of dice", { target: 1 }, Array.from({ length: 5000 }, () => 6), { formula: "5000d6" }],
    ["dice results that are not a list", sound, "not a list"],
    [
      "an unevaluated roll of 200,000 dice",
      { target: 1 },
      undefined,
      { formula: "200000d6", evaluated: false },
    ],
  ];

  for (const [what, options, faces, data] of cases)
    it(`${what}`, async () => {
      const roll = forged(options, faces, data);
      expect(roll).toBeInstanceOf(VersesRoll());
      const card = drawn(await roll.render());
      expect(card.invalid).toBe(true);
      expect(card.dice).toBe(0);
      expect(world.missingKeys).toEqual(new Set());
    });

  it("posted by a player and drawn by the GM's chat log: every card renders, the next message too", async () => {
    world.as(world.users.player);
    const message = await g.ChatMessage.create({
      content: "",
      rolls: [forged({ ...sound, target: Number.NaN }, [9, 9, 9]), forged(sound, [6, 5, 1])],
    });
    world.as(world.users.gm);
    const [bad, good] = await Promise.all(message.rolls.map((r: any) => r.render({ isPrivate: false })));
    expect(drawn(bad).invalid).toBe(true);
    expect(drawn(good)).toMatchObject({ invalid: false, dice: 3 });
    expect(drawn(good).text).toContain("2 successes");
  });

  it("the roll's not evaluated evaluates only a pool it could have rolled", async () => {
    const small = forged(sound, undefined, { evaluated: false });
    const card = drawn(await small.render());
    expect(small._evaluated).toBe(true);
    expect(card).toMatchObject({ invalid: false, dice: 3 });
    const huge = forged({ target: 1 }, undefined, { formula: "200000d6", evaluated: false });
    await huge.render();
    expect(huge._evaluated).toBe(false);
  });

  it("a template that fails still gives a card with the note, never an exception", async () => {
    const render = g.foundry.applications.handlebars.renderTemplate;
    g.foundry.applications.handlebars.renderTemplate = async () => {
      throw new Error("template broke");
    };
    try {
      expect(drawn(await forged(sound, [6, 5, 1]).render()).invalid).toBe(true);
    } finally {
      g.foundry.applications.handlebars.renderTemplate = render;
    }
  });
});

describe("an attack card whose roll was forged", () => {
  it("redrawn by the GM (a target takes the blow), it shows the invalid-roll note and keeps its rows and buttons", async () => {
    const fighter = world.actor({
      name: "Fighter",
      type: "verses-character",
      items: [
        {
          name: "Weapons » Swords",
          type: "verses-skill",
          system: {
            skill: "Weapons",
            spec: "Swords",
            difficulty: 1,
            default: { kind: "attribute", attribute: "prw" },
            allocated: 1,
          },
        },
        {
          name: "Longsword",
          type: "verses-weapon",
          system: {
            equipped: true,
            modes: [
              {
                name: "",
                area: "",
                indirect: false,
                hands: 1,
                skill: "Weapons » Swords",
                test: "1S",
                damage: "3(s)",
              },
            ],
          },
        },
      ],
    });
    const target = world.actor({ name: "Target", type: "verses-character", system: { hp: { value: 10 } } });
    world.token(fighter, 60, 60);
    world.token(target, 61, 60);
    g.game.user.targets = new Set([target._tokens[0]]);
    world.queueFaces([6, 5, 2, 1]);
    const sword = fighter.items.find((i: any) => i.name === "Longsword");
    await api.rollWeapon(fighter, sword, 0, { skipDialog: true, ad: 1 });
    const message = world.messages.at(-1);
    expect(message.system.card).toBeDefined();
    // The forger swaps the card's roll for one showing 7s.
    message.rolls = [forged({ target: 1, kind: "attack", parts: [{ label: "PRW", dice: 3 }] }, [7, 7, 7])];
    await api.attackCardOp(message, { op: "take", index: 0 });
    const html = world.render(message);
    const note = html.querySelector(".pv-invalid-roll");
    expect(note?.textContent).toBe(INVALID());
    expect(html.querySelectorAll(".pv-pool-card .pv-die").length).toBe(0);
    expect(message.system.card.targets[0].taken).toBe(true);
    expect(world.missingKeys).toEqual(new Set());
    g.game.user.targets = new Set();
  });
});
