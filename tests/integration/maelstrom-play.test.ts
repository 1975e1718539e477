// What a GM uses at the table, against the built bundle: resting to recover Willpower (the first dot
// at once at zero, one per 12 hours, an active rest's difficulty 8 Willpower roll, never past the
// permanent rank) with its card; the sheet's Rest, Rally and Reload buttons reaching their actions;
// a specialty bought only when its item is created; Revive, the storyteller's alone.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { flush, loadMaelstromWorld, type MaelstromWorld } from "./maelstrom-world";

const g = globalThis as any;
let world: MaelstromWorld;
let actions: any;
let player: any;
let gm: any;

const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const text = (html: HTMLElement) => html.textContent!.replace(/\s+/g, " ");
const wp = (value: number, max = 5, rallied = false) => ({ willpower: { value, max, rallied } });

beforeAll(async () => {
  world = await loadMaelstromWorld();
  actions = g.game.polyverse.rulesets.maelstrom.actions;
  player = world.users.player;
  gm = world.users.gm;
});

beforeEach(() => {
  world.recorder.notifications.length = 0;
  world.as(player);
});

/** Rest as the player, with the dialog's values given (the skip key's path). */
const rest = (actor: any, hours: number, active = false) =>
  actions.restWillpower(actor, { hours, active, skipDialog: true });

describe("restWillpower: recovering Willpower on the roll pipeline", () => {
  it("is on the descriptor's actions", () => {
    expect(Object.keys(actions)).toContain("restWillpower");
  });

  it("at zero: the first dot at once, the recovered mark cleared; the card says so", async () => {
    const ada = world.character("Ada", wp(0, 5, true), [], player.id);
    const done = await rest(ada, 0);
    expect(done.roll).toBeNull();
    expect(ada.system.willpower).toMatchObject({ value: 1, rallied: false });
    expect(done.message.type).toBe("maelstrom-roll");
    expect(done.message.system.card.rest).toMatchObject({ hours: 0, regained: 1, current: 1 });
    const html = world.render(done.message);
    expect(html.querySelector("h3")!.textContent).toBe("Rest");
    expect(text(html)).toContain("1 Willpower dot back");
    expect(text(html)).toContain("Willpower now 1.");
  });

  it("24 hours at rest: 2 dots", async () => {
    const bo = world.character("Bo", wp(1), [], player.id);
    const done = await rest(bo, 24);
    expect(bo.system.willpower.value).toBe(3);
    expect(done.result).toMatchObject({ regained: 2, successes: 0 });
    expect(text(world.render(done.message))).toContain("2 Willpower dots back");
  });

  it("actively resting: a difficulty 8 Willpower roll, each success one more dot", async () => {
    const cy = world.character("Cy", wp(2, 6), [], player.id);
    world.queueD10([8, 10]);
    const done = await rest(cy, 12, true);
    expect(done.roll.activeResultsByTerm()).toEqual([[8, 10]]);
    expect(done.roll.options).toMatchObject({ kind: "willpower", pool: 2, difficulty: 8 });
    expect(done.result).toMatchObject({ regained: 3, successes: 2, current: 5 });
    expect(cy.system.willpower.value).toBe(5);
    const html = world.render(done.message);
    expect(text(html)).toContain("2 of them from the Willpower roll's successes.");
    // The roll's dots are back already: no experience die, no Spend Willpower on it.
    expect(html.querySelector("[data-pv-action]")).toBeNull();
  });

  it("never past the permanent rank", async () => {
    const di = world.character("Di", wp(4), [], player.id);
    world.queueD10([9, 9, 9, 9]);
    const done = await rest(di, 24, true);
    expect(di.system.willpower.value).toBe(5);
    expect(done.result).toMatchObject({ regained: 1, successes: 4, current: 5 });
  });

  it("a botched resting roll costs its dots after the rest's", async () => {
    const ed = world.character("Ed", wp(1), [], player.id);
    world.queueD10([1]);
    const done = await rest(ed, 12, true);
    expect(done.result).toMatchObject({ regained: 1, lost: 1, current: 1 });
    expect(ed.system.willpower.value).toBe(1);
  });

  it("refuses a full character, a rest too short, and another's character", async () => {
    const full = world.character("Fay", wp(5), [], player.id);
    expect(await rest(full, 24)).toBeNull();
    const tired = world.character("Gus", wp(2), [], player.id);
    expect(await rest(tired, 6)).toBeNull();
    expect(tired.system.willpower.value).toBe(2);
    const theirs = world.character("Hal", wp(0));
    expect(await rest(theirs, 24)).toBeNull();
    expect(theirs.system.willpower.value).toBe(0);
    expect(warnings()).toEqual([
      "Willpower is already at its permanent rank.",
      "Under 12 hours: no dot comes back yet.",
      "Only the owner of a Maelstrom character can rest it.",
    ]);
  });
});

// ---- the sheet -------------------------------------------------------------------------------------

function sheetFor(doc: unknown) {
  const registered = world.recorder.sheets.find(
    (r: any) => r.documentClass.documentName === "Actor" && r.options.types.includes("maelstrom-character"),
  )!;
  const Sheet = registered.sheet as any;
  const action = (name: string) => {
    for (let cls = Sheet; cls?.DEFAULT_OPTIONS; cls = Object.getPrototypeOf(cls)) {
      const fn = cls.DEFAULT_OPTIONS.actions?.[name];
      if (fn) return fn;
    }
    throw new Error(`no action ${name}`);
  };
  const sheet = new Sheet({ document: doc });
  Object.defineProperty(sheet, "isEditable", { value: true });
  return {
    Sheet,
    press: async (name: string, attributes: Record<string, string> = {}, parent?: HTMLElement) => {
      const el = document.createElement("button");
      for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
      parent?.append(el);
      await action(name).call(sheet, new MouseEvent("click"), el);
      await flush();
    },
  };
}

const RIFLE = {
  _id: "rifle00000000001",
  name: "Rifle",
  type: "maelstrom-weapon",
  system: { category: "ranged", capacity: { magazine: 5, chamber: 1 }, loaded: 2 },
};

describe("the sheet's Rest, Rally and Reload buttons", () => {
  it("Rest opens a rest on the roll pipeline (kind rest)", async () => {
    const ida = world.character("Ida", wp(2), [], player.id);
    const { Sheet, press } = sheetFor(ida);
    expect(Sheet.ROLL_KINDS).toContain("rest");
    let seen: any = null;
    // Vetoed at its first hook: the dialog never opens, the pipeline saw the rest.
    g.Hooks.once("polyverse.preRoll", (context: any) => {
      seen = context;
      return false;
    });
    await press("roll", { "data-roll": "rest" });
    expect(seen).toMatchObject({ ruleset: "maelstrom", kind: "rest", subject: ida });
  });

  it("Rally spends a dot to bring each targeted broken character back; refused without Willpower", async () => {
    const jo = world.character("Jo", wp(2), [], player.id);
    const broken = world.character("Kai", wp(0));
    player.targets = new Set([{ actor: broken }]);
    const { press } = sheetFor(jo);
    await press("rally");
    await world.socketToGM();
    await flush();
    world.as(player);
    expect(jo.system.willpower.value).toBe(1);
    expect(broken.system.willpower.value).toBe(1);
    // The button a character at zero holds says why and does nothing.
    await press("rally", {
      "aria-disabled": "true",
      "data-tooltip": "No Willpower left to spend on a rally",
    });
    expect(warnings()).toEqual(["No Willpower left to spend on a rally"]);
    player.targets = new Set();
  });

  it("Reload fills a ranged weapon's magazine and chamber from its row", async () => {
    const lu = world.character("Lu", wp(2), [RIFLE], player.id);
    const { press } = sheetFor(lu);
    await press("reload", { "data-item-id": RIFLE._id });
    expect(lu.items[0].system.loaded).toBe(6);
  });
});

describe("buying a specialty", () => {
  const xp = { xp: { total: 30, available: 5, spent: 25 }, abilities: { firearms: 2 } };
  function buyBox() {
    const box = document.createElement("div");
    box.className = "pv-specialty-buy";
    box.innerHTML = `<select data-specialty-ability><option value="firearms" selected>F</option></select>
      <select data-specialty-kind><option value="general" selected>G</option></select>
      <input data-specialty-name value="Pistols">`;
    return box;
  }

  it("creates the item, then spends its XP", async () => {
    const mo = world.character("Mo", xp, [], player.id);
    await sheetFor(mo).press("buySpecialty", {}, buyBox());
    expect(mo.items.map((i: any) => [i.name, i.system.ability, i.system.kind])).toEqual([
      ["Pistols", "firearms", "general"],
    ]);
    expect([mo.system.xp.available, mo.system.xp.spent]).toEqual([3, 27]);
  });

  it("spends nothing when the item cannot be created", async () => {
    const ned = world.character("Ned", xp, [], player.id);
    ned.createEmbeddedDocuments = async () => {
      throw new Error("the server refused the item");
    };
    const error = console.error;
    console.error = () => undefined;
    try {
      await sheetFor(ned).press("buySpecialty", {}, buyBox());
    } finally {
      console.error = error;
    }
    expect(ned.items.length).toBe(0);
    expect([ned.system.xp.available, ned.system.xp.spent]).toEqual([5, 25]);
    expect(warnings()).toEqual(["The specialty could not be created: no XP was spent."]);
  });
});

describe("Revive", () => {
  const dead = { health: { bashing: 0, lethal: 8, aggravated: 0, dead: true } };

  it("is refused for a player: the character stays dead", async () => {
    const ox = world.character("Ox", dead, [], player.id);
    await sheetFor(ox).press("revive");
    expect(ox.system.health.dead).toBe(true);
    expect(warnings()).toEqual(["Only the storyteller can bring a dead character back."]);
  });

  it("the GM clears Dead; the damage stays marked", async () => {
    const pia = world.character("Pia", dead, [], player.id);
    world.as(gm);
    await sheetFor(pia).press("revive");
    expect(pia.system.health).toMatchObject({ dead: false, lethal: 8 });
  });
});
