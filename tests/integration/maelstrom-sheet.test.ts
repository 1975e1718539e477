// The Maelstrom character sheet's actions against the built bundle: a dot sets its rating (the top
// dot lowers it), damage and healing go through the rules layer's track, a dot is bought from the
// bank first, and a forbidden roll button only says why (the rolls themselves are the handlers
// ruleset.ts injects).
import { beforeAll, describe, expect, it } from "vitest";
import { loadBundle, type LoadedBundle } from "./load-bundle";

const g = globalThis as any;
let loaded: LoadedBundle;

beforeAll(async () => {
  loaded = await loadBundle();
});

function actor(system: Record<string, unknown> = {}) {
  const doc = new g.CONFIG.Actor.documentClass({
    name: "Rhea",
    type: "maelstrom-character",
    system,
    items: [],
  });
  doc.update = async (data: Record<string, unknown>) => {
    const expanded = g.foundry.utils.expandObject(data);
    if (expanded.system) doc.system.updateSource(expanded.system);
    doc.prepareData();
    return doc;
  };
  doc.prepareData();
  return doc;
}

function sheetFor(doc: unknown) {
  const registered = loaded.recorder.sheets.find(
    (r: any) => r.documentClass.documentName === "Actor" && r.options.types.includes("maelstrom-character"),
  )!;
  const Sheet = registered.sheet as any;
  // ApplicationV2 merges each class's actions down the chain; the stub does not, so walk it.
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
    press: (name: string, attributes: Record<string, string>) => {
      const el = document.createElement("button");
      for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
      return action(name).call(sheet, {}, el);
    },
  };
}

async function warnings(fn: () => Promise<unknown>): Promise<string[]> {
  const warned: string[] = [];
  const warn = g.ui.notifications.warn;
  g.ui.notifications.warn = (message: string) => warned.push(message);
  try {
    await fn();
  } finally {
    g.ui.notifications.warn = warn;
  }
  return warned;
}

const dot = (path: string, value: number, current: number, min = 0, ceiling = 5) => ({
  "data-action": "setDots",
  "data-path": path,
  "data-value": String(value),
  "data-current": String(current),
  "data-min": String(min),
  "data-ceiling": String(ceiling),
});

describe("the Maelstrom character sheet's actions", () => {
  it("is the sheet of both actor types", () => {
    const types = loaded.recorder.sheets
      .filter((r: any) => (r.sheet as any).name === "MaelstromCharacterSheet")
      .flatMap((r: any) => r.options.types);
    expect(types.sort()).toEqual(["maelstrom-character", "maelstrom-npc"]);
  });

  it("sets a rating from its dots; the top dot lowers it by one", async () => {
    const doc = actor({ attributes: { strength: 2 } });
    const { press } = sheetFor(doc);
    await press("setDots", dot("system.attributes.strength", 4, 2));
    expect(doc.system.attributes.strength).toBe(4);
    await press("setDots", dot("system.attributes.strength", 4, 4));
    expect(doc.system.attributes.strength).toBe(3);
    await press("setDots", dot("system.willpower.max", 2, 3, 1, 10));
    expect([doc.system.willpower.max, doc.system.willpower.value]).toEqual([2, 2]);
  });

  it("marks damage on the track and heals the least serious first", async () => {
    const doc = actor();
    const { press } = sheetFor(doc);
    await press("damage", { "data-type": "bashing" });
    await press("damage", { "data-type": "lethal" });
    expect([doc.system.health.bashing, doc.system.health.lethal]).toEqual([1, 1]);
    await press("heal", {});
    expect([doc.system.health.bashing, doc.system.health.lethal]).toEqual([0, 1]);
  });

  it("buys a dot from the trait's bank first, and refuses a forbidden purchase with its reason", async () => {
    const doc = actor({
      abilities: { firearms: 1 },
      xp: { total: 30, available: 10, spent: 0, bank: { abilities: { firearms: 2 } } },
    });
    const { press } = sheetFor(doc);
    await press("buyDot", { "data-trait": "abilities.firearms" });
    expect(doc.system.abilities.firearms).toBe(2);
    expect([doc.system.xp.available, doc.system.xp.spent, doc.system.xp.bank.abilities.firearms]).toEqual([
      8, 4, 0,
    ]);
    const warned = await warnings(() =>
      press("buyDot", {
        "data-trait": "abilities.firearms",
        "aria-disabled": "true",
        "data-tooltip": "Needs 6 XP",
      }),
    );
    expect(warned).toEqual(["Needs 6 XP"]);
    expect(doc.system.abilities.firearms).toBe(2);
  });

  it("names its roll kinds; a forbidden roll button only says why", async () => {
    const { Sheet, press } = sheetFor(actor());
    expect(Sheet.ROLL_KINDS).toEqual(["traits", "willpower", "soak", "attack", "rest"]);
    const refused = await warnings(() =>
      press("roll", {
        "data-roll": "traits",
        "data-ability": "science",
        "aria-disabled": "true",
        "data-tooltip": "No dots",
      }),
    );
    expect(refused).toEqual(["No dots"]);
  });
});
