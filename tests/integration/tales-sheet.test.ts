// The Tales character sheet's actions against the built bundle: a specialisation's level set inline,
// Hit Points spent with the pool's button, a template dropped and applied with a choice (the skills
// added, the excess over 6 forfeited and said, the advantage created, the template kept with its
// choices), an experience purchase (and one refused for want of experience), and a refused roll
// button that only says why (the rolls themselves are the handlers ruleset.ts injects).
import { beforeAll, describe, expect, it } from "vitest";
import { loadBundle, type LoadedBundle } from "./load-bundle";

const g = globalThis as any;
let loaded: LoadedBundle;

beforeAll(async () => {
  loaded = await loadBundle();
});

function actor(system: Record<string, unknown> = {}) {
  const doc = new g.CONFIG.Actor.documentClass({ name: "Ines", type: "tales-character", system, items: [] });
  Object.defineProperty(doc.items, "get", { value: (id: string) => doc.items.find((i: any) => i.id === id) });
  doc.update = async (data: Record<string, unknown>) => {
    const expanded = g.foundry.utils.expandObject(data);
    if (expanded.system) doc.system.updateSource(expanded.system);
    doc.prepareData();
    return doc;
  };
  doc.createEmbeddedDocuments = async (_name: string, data: any[]) => {
    const created = data.map((d) => new g.CONFIG.Item.documentClass(d, { parent: doc }));
    doc.items.push(...created);
    return created;
  };
  doc.getRollData = () => ({});
  doc.prepareData();
  return doc;
}

function sheetFor(doc: unknown) {
  const registered = loaded.recorder.sheets.find(
    (r: any) => r.documentClass.documentName === "Actor" && r.options.types.includes("tales-character"),
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
    sheet,
    press: (name: string, attributes: Record<string, string>) => {
      const el = document.createElement("button");
      for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
      return action(name).call(sheet, {}, el);
    },
  };
}

async function notes(fn: () => Promise<unknown>): Promise<{ warn: string[]; info: string[] }> {
  const out = { warn: [] as string[], info: [] as string[] };
  const { warn, info } = g.ui.notifications;
  g.ui.notifications.warn = (message: string) => out.warn.push(message);
  g.ui.notifications.info = (message: string) => out.info.push(message);
  try {
    await fn();
  } finally {
    Object.assign(g.ui.notifications, { warn, info });
  }
  return out;
}

const template = () =>
  new g.CONFIG.Item.documentClass({
    name: "Combatant (Hobby)",
    type: "tales-template",
    system: {
      kind: "occupation",
      group: "combatant",
      tier: "hobby",
      cost: 5,
      skills: [
        { options: ["athletics"], count: 1, level: 1 },
        { options: ["brawl"], count: 1, level: 1 },
        { options: ["firearms"], count: 1, level: 1 },
        { options: ["swimming", "dodge"], count: 1, level: 1 },
      ],
      advantages: [{ options: [{ key: "equipment", level: 2, skills: [] }] }],
    },
  });

describe("the Tales character sheet's actions", () => {
  it("is the sheet of both actor types; one item sheet serves the nine item types", () => {
    const actors = loaded.recorder.sheets
      .filter((r: any) => (r.sheet as any).name === "TalesCharacterSheet")
      .flatMap((r: any) => r.options.types);
    expect(actors.sort()).toEqual(["tales-character", "tales-npc"]);
    const items = loaded.recorder.sheets
      .filter((r: any) => (r.sheet as any).name === "TalesItemSheet")
      .flatMap((r: any) => r.options.types);
    expect(items).toHaveLength(9);
  });

  it("sets a specialisation's level inline, kept within 0..6", async () => {
    const doc = actor({ specialisations: [{ skill: "drive", name: "Motorbike", level: 1 }] });
    const { sheet } = sheetFor(doc);
    const input = document.createElement("input");
    input.type = "number";
    input.dataset.specIndex = "0";
    input.dataset.specField = "level";
    input.value = "4";
    expect(sheet._isInlineField(input)).toBe(true);
    sheet._onInlineChange(input);
    await new Promise((r) => setTimeout(r, 0));
    expect(doc.system.specialisations[0].level).toBe(4);
  });

  it("spends Hit Points with the pool's button, never below 0", async () => {
    const doc = actor({ attributes: { physical: 3, mental: 3 }, hp: { value: 1 } });
    const { press } = sheetFor(doc);
    await press("adjustPool", { "data-pool": "hp", "data-delta": "-1" });
    expect(doc.system.hp.value).toBe(0);
    await press("adjustPool", { "data-pool": "hp", "data-delta": "-1" });
    expect(doc.system.hp.value).toBe(0);
    await press("adjustPool", { "data-pool": "hp", "data-delta": "1" });
    expect(doc.system.hp.value).toBe(1);
  });

  it("applies a dropped template with the choice asked, forfeiting the excess over 6", async () => {
    const doc = actor({ skills: { dodge: 6, athletics: 2 } });
    const { sheet } = sheetFor(doc);
    const dialog = g.foundry.applications.api.DialogV2;
    const wait = dialog.wait;
    let asked = "";
    dialog.wait = async (config: any) => {
      asked = config.window.title;
      const form = document.createElement("form");
      form.innerHTML = `<select name="skills.3"><option value="swimming">S</option><option value="dodge" selected>D</option></select>`;
      return config.buttons[0].callback({}, { form });
    };
    const dropped = template();
    dropped.toObject = () => ({ name: dropped.name, type: dropped.type, system: dropped.system.toObject() });
    let said: { warn: string[]; info: string[] };
    try {
      said = await notes(() => sheet._onDropForeignItem({}, dropped));
    } finally {
      dialog.wait = wait;
    }
    expect(asked).toContain("Combatant (Hobby)");
    expect([doc.system.skills.athletics, doc.system.skills.brawl, doc.system.skills.firearms]).toEqual([
      3, 1, 1,
    ]);
    expect(doc.system.skills.dodge).toBe(6);
    expect(said.info.join(" ")).toContain("Dodge 1");
    const kept = doc.items.find((i: any) => i.type === "tales-template");
    expect(kept.flags.polyverse.tales.choices).toEqual({ "skills.3": "dodge" });
    const equipment = doc.items.find((i: any) => i.type === "tales-advantage");
    expect([equipment.system.key, equipment.system.level, equipment.system.source]).toEqual([
      "equipment",
      2,
      "template",
    ]);
  });

  it("notes that a dropped skill reference adds nothing", async () => {
    const doc = actor();
    const { sheet } = sheetFor(doc);
    const skill = new g.CONFIG.Item.documentClass({
      name: "Drive",
      type: "tales-skill",
      system: { key: "drive" },
    });
    const said = await notes(() => sheet._onDropForeignItem({}, skill));
    expect(doc.items).toHaveLength(0);
    expect(said.info).toHaveLength(1);
  });

  it("buys a level with experience, and refuses one the reserve cannot pay with the reason", async () => {
    const doc = actor({ skills: { brawl: 2 }, attributes: { physical: 3 }, xp: { earned: 6, spent: 0 } });
    const { press } = sheetFor(doc);
    await press("buyXp", { "data-trait": "skill.brawl" });
    // Existing skill: new level + 1 = 4 XP.
    expect([doc.system.skills.brawl, doc.system.xp.spent]).toEqual([3, 4]);
    const said = await notes(() => press("buyXp", { "data-trait": "attribute.physical" }));
    // Attribute 3 -> 4: new level + 5 = 9 XP; 2 left.
    expect(said.warn).toHaveLength(1);
    expect(said.warn[0]).toContain("9");
    expect([doc.system.attributes.physical, doc.system.xp.spent]).toEqual([3, 4]);
  });

  it("a roll button starts the roll its kind names (a preRoll hook vetoes it: nothing is rolled)", async () => {
    const started: { kind: string; ruleset: string; subject: unknown }[] = [];
    const id = g.Hooks.on("polyverse.preRoll", (context: any) => {
      started.push({ kind: context.kind, ruleset: context.ruleset, subject: context.subject });
      return false;
    });
    try {
      const doc = actor({ connections: { allies: { level: 2, notes: "", used: false } } });
      const { press } = sheetFor(doc);
      await press("roll", { "data-roll": "test", "data-attribute": "physical", "data-skill": "brawl" });
      await press("roll", { "data-roll": "connection", "data-key": "allies" });
      expect(started.map((s) => [s.ruleset, s.kind])).toEqual([
        ["tales", "test"],
        ["tales", "connection"],
      ]);
      expect(started.every((s) => s.subject === doc)).toBe(true);
    } finally {
      g.Hooks.off("polyverse.preRoll", id);
    }
  });

  it("names its roll kinds; a refused roll button only says why", async () => {
    const { Sheet, press } = sheetFor(actor({ health: { level: "ko" } }));
    expect(Sheet.ROLL_KINDS).toEqual(["test", "attack", "connection"]);
    const said = await notes(() =>
      press("roll", {
        "data-roll": "test",
        "data-attribute": "physical",
        "data-skill": "brawl",
        "aria-disabled": "true",
        "data-tooltip": "K/O: the character cannot act.",
      }),
    );
    expect(said.warn).toEqual(["K/O: the character cannot act."]);
  });
});
