// The Tales sheets' newer actions against the built bundle: an advantage bought with experience on the
// character sheet (the purchase row kept by the sheet, the item created with source "xp", the reserve
// spent, a levelled one raised, a refusal that says why and changes nothing); a template's slots
// edited on the item sheet (rows added, changed and removed, each saved as the whole list with the
// item's `ownSlots` flag), and what a locked sheet or forged control data cannot do.
import { beforeAll, describe, expect, it } from "vitest";
import { loadBundle, type LoadedBundle } from "./load-bundle";

const g = globalThis as any;
let loaded: LoadedBundle;

beforeAll(async () => {
  loaded = await loadBundle();
});

const tick = () => new Promise((r) => setTimeout(r, 0));

function withUpdate(doc: any) {
  doc.update = async (data: Record<string, unknown>) => {
    const expanded = g.foundry.utils.expandObject(data);
    if (expanded.system) doc.system.updateSource(expanded.system);
    if (expanded.flags)
      doc.flags = g.foundry.utils.mergeObject(doc.flags ?? {}, expanded.flags, { inplace: false });
    doc.updates = [...(doc.updates ?? []), data];
    doc.prepareData?.();
    return doc;
  };
  return doc;
}

function actor(system: Record<string, unknown> = {}, items: any[] = []) {
  const doc = withUpdate(
    new g.CONFIG.Actor.documentClass({ name: "Ines", type: "tales-character", system, items: [] }),
  );
  Object.defineProperty(doc.items, "get", { value: (id: string) => doc.items.find((i: any) => i.id === id) });
  doc.createEmbeddedDocuments = async (_name: string, data: any[]) => {
    doc.created = [...(doc.created ?? []), ...data];
    const created = data.map((d, n) =>
      withUpdate(
        new g.CONFIG.Item.documentClass(
          { _id: `made${n}${doc.items.length}`.padEnd(16, "0"), ...d },
          { parent: doc },
        ),
      ),
    );
    doc.items.push(...created);
    return created;
  };
  for (const i of items) doc.items.push(withUpdate(new g.CONFIG.Item.documentClass(i, { parent: doc })));
  doc.getRollData = () => ({});
  doc.prepareData();
  return doc;
}

function sheetOf(documentName: string, type: string, doc: unknown, editable = true) {
  const registered = loaded.recorder.sheets.find(
    (r: any) => r.documentClass.documentName === documentName && r.options.types.includes(type),
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
  Object.defineProperty(sheet, "isEditable", { value: editable });
  sheet.render = () => sheet;
  const control = (tag: string, attributes: Record<string, string>, value = "") => {
    const el = document.createElement(tag) as HTMLInputElement;
    for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
    if (tag === "select") el.innerHTML = `<option value="${value}" selected></option>`;
    else el.value = value;
    return el;
  };
  return {
    sheet,
    press: async (name: string, attributes: Record<string, string>) => {
      await action(name).call(sheet, {}, control("button", attributes));
      await tick();
    },
    change: async (tag: string, attributes: Record<string, string>, value: string) => {
      const el = control(tag, attributes, value);
      expect(sheet._isInlineField(el)).toBe(true);
      sheet._onInlineChange(el);
      await tick();
      await tick();
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

describe("buying an advantage with experience on the character sheet", () => {
  it("buys Lucky (3) for 6 XP: an item with source xp, the reserve spent; again is refused", async () => {
    const doc = actor({ xp: { earned: 10, spent: 2 } });
    const { press, change } = sheetOf("Actor", "tales-character", doc);
    await change("select", { "data-advantage-pick": "key" }, "lucky");
    const said = await notes(() => press("buyAdvantage", {}));
    expect(said.warn).toEqual([]);
    expect(said.info[0]).toContain("6");
    const lucky = doc.items.find((i: any) => i.system.key === "lucky");
    expect([lucky.type, lucky.system.level, lucky.system.source]).toEqual(["tales-advantage", 3, "xp"]);
    expect(doc.system.xp.spent).toBe(8);
    // The row starts afresh after a purchase; chosen again, it is refused as held and nothing changes.
    await change("select", { "data-advantage-pick": "key" }, "lucky");
    const again = await notes(() => press("buyAdvantage", {}));
    expect(again.warn).toHaveLength(1);
    expect(doc.items.filter((i: any) => i.system.key === "lucky")).toHaveLength(1);
    expect(doc.system.xp.spent).toBe(8);
  });

  it("takes the advantages compendium's entry (description, image, credit) for the new item", async () => {
    const pack = g.game.packs.get("polyverse.tales-advantages");
    const getDocuments = pack.getDocuments;
    pack.getDocuments = async () => [
      {
        type: "tales-advantage",
        system: { key: "lucky" },
        toObject: () => ({
          _id: "RNaMc4kbHtruzKzG",
          name: "Lucky",
          type: "tales-advantage",
          img: "icons/svg/clover.svg",
          folder: "folder0000000001",
          system: { key: "lucky", level: 3, source: "trait", description: "<p>A re-roll once a game.</p>" },
          flags: { polyverse: { credit: "Tales Core Rules 0.5 (c) 2007 Michael Wenman" } },
        }),
      },
    ];
    try {
      const doc = actor({ xp: { earned: 6, spent: 0 } });
      const { press, change } = sheetOf("Actor", "tales-character", doc);
      await change("select", { "data-advantage-pick": "key" }, "lucky");
      await press("buyAdvantage", {});
      const lucky = doc.items[0];
      // The stand-in keeps no image: the data the sheet created it from does.
      expect(doc.created[0]).toMatchObject({ img: "icons/svg/clover.svg", name: "Lucky" });
      expect(doc.created[0]).not.toHaveProperty("_id");
      expect(doc.created[0]).not.toHaveProperty("folder");
      expect([lucky.name, lucky.system.description, lucky.system.source, lucky.system.level]).toEqual([
        "Lucky",
        "<p>A re-roll once a game.</p>",
        "xp",
        3,
      ]);
      expect(lucky.flags.polyverse.credit).toContain("Michael Wenman");
      expect(doc.system.xp.spent).toBe(6);
    } finally {
      pack.getDocuments = getDocuments;
    }
  });

  it("names Edge's skill; raises a held Dream at twice the points added", async () => {
    const doc = actor({ xp: { earned: 10, spent: 0 } }, [
      { name: "Dream", type: "tales-advantage", system: { key: "dream", level: 2, variable: true, pool: 1 } },
    ]);
    const { press, change } = sheetOf("Actor", "tales-character", doc);
    await change("select", { "data-advantage-pick": "key" }, "edge");
    const refused = await notes(() => press("buyAdvantage", {}));
    expect(refused.warn).toHaveLength(1);
    await change("select", { "data-advantage-pick": "skill" }, "melee");
    await press("buyAdvantage", {});
    const edge = doc.items.find((i: any) => i.system.key === "edge");
    expect([edge.name, edge.system.skill, edge.system.level]).toEqual(["Edge (Melee)", "melee", 2]);
    expect(doc.system.xp.spent).toBe(4);
    await change("select", { "data-advantage-pick": "key" }, "dream");
    await change("input", { "data-advantage-pick": "points", type: "number" }, "2");
    await press("buyAdvantage", {});
    const dream = doc.items.find((i: any) => i.system.key === "dream");
    // Dream 2 -> 4 for 4 XP, its pool 1 -> 3.
    expect([dream.system.level, dream.system.pool, doc.system.xp.spent]).toEqual([4, 3, 8]);
  });

  it("a forged or refused button buys nothing", async () => {
    const doc = actor({ xp: { earned: 4, spent: 0 } });
    const { press, change } = sheetOf("Actor", "tales-character", doc);
    await change("select", { "data-advantage-pick": "key" }, "deathdealer");
    // Deathdealer (6) costs 12: the reserve is 4.
    const said = await notes(() => press("buyAdvantage", {}));
    expect(said.warn[0]).toContain("12");
    await change("select", { "data-advantage-pick": "key" }, "beauty");
    await press("buyAdvantage", {});
    await press("buyAdvantage", { "aria-disabled": "true", "data-tooltip": "no" });
    expect([doc.items.length, doc.system.xp.spent]).toEqual([0, 0]);
  });

  it("a locked sheet buys nothing", async () => {
    const doc = actor({ xp: { earned: 30, spent: 0 } });
    const { press, sheet } = sheetOf("Actor", "tales-character", doc, false);
    const el = document.createElement("select");
    el.dataset.advantagePick = "key";
    el.innerHTML = `<option value="lucky" selected></option>`;
    sheet._onInlineChange(el);
    await press("buyAdvantage", {});
    expect([doc.items.length, doc.system.xp.spent]).toEqual([0, 0]);
  });
});

describe("editing a template's slots on the item sheet", () => {
  const template = () =>
    withUpdate(
      new g.CONFIG.Item.documentClass({
        name: "Military (Grunt)",
        type: "tales-template",
        system: {
          key: "militaryGrunt",
          kind: "culture",
          group: "military",
          tier: "grunt",
          cost: 5,
          connections: [
            { key: "allies", level: 1 },
            { key: "wealth", level: 1 },
          ],
          advantages: [{ options: [{ key: "edge", level: 2, skills: ["brawl", "firearms"] }] }],
        },
      }),
    );

  it("adds, changes and removes rows, saving each list whole with the ownSlots flag", async () => {
    const item = template();
    const { press, change } = sheetOf("Item", "tales-template", item);
    await press("addSlot", { "data-slot-list": "skills" });
    expect(item.system.skills.map((s: any) => ({ ...s }))).toEqual([
      { options: ["acrobatics"], count: 1, level: 1 },
    ]);
    expect(item.flags.polyverse.tales.ownSlots).toBe(true);
    await change(
      "select",
      {
        "data-slot-list": "skills",
        "data-slot-index": "0",
        "data-slot-option": "0",
        "data-slot-field": "skill",
      },
      "drive",
    );
    await change(
      "input",
      { "data-slot-list": "skills", "data-slot-index": "0", "data-slot-field": "level", type: "number" },
      "2",
    );
    await press("addSlotOption", { "data-slot-list": "skills", "data-slot-index": "0" });
    await change(
      "input",
      { "data-slot-list": "skills", "data-slot-index": "0", "data-slot-field": "count", type: "number" },
      "2",
    );
    expect({ ...item.system.skills[0], options: [...item.system.skills[0].options] }).toEqual({
      options: ["drive", "acrobatics"],
      count: 2,
      level: 2,
    });
    await press("removeSlot", { "data-slot-list": "connections", "data-slot-index": "0" });
    expect(item.system.connections.map((c: any) => c.key)).toEqual(["wealth"]);
    await press("addSlotSkill", {
      "data-slot-list": "advantages",
      "data-slot-index": "0",
      "data-slot-option": "0",
    });
    expect([...item.system.advantages[0].options[0].skills]).toEqual(["brawl", "firearms", "acrobatics"]);
    await press("addSlot", { "data-slot-list": "disadvantages" });
    await change(
      "select",
      {
        "data-slot-list": "disadvantages",
        "data-slot-index": "0",
        "data-slot-option": "0",
        "data-slot-field": "key",
      },
      "hunted",
    );
    expect({ ...item.system.disadvantages[0].options[0], skills: [] }).toEqual({
      key: "hunted",
      level: 4,
      skills: [],
    });
  });

  it("forged control data and a locked sheet change nothing", async () => {
    const item = template();
    const { press, change } = sheetOf("Item", "tales-template", item);
    await press("removeSlot", { "data-slot-list": "connections", "data-slot-index": "7" });
    await press("addSlot", { "data-slot-list": "system" });
    await press("removeSlotOption", {
      "data-slot-list": "advantages",
      "data-slot-index": "0",
      "data-slot-option": "0",
    });
    await change(
      "input",
      { "data-slot-list": "connections", "data-slot-index": "0", "data-slot-field": "owner" },
      "x",
    );
    await change(
      "select",
      { "data-slot-list": "connections", "data-slot-index": "1", "data-slot-field": "key" },
      "allies",
    );
    expect(item.updates ?? []).toEqual([]);
    const locked = template();
    const view = sheetOf("Item", "tales-template", locked, false);
    await view.press("addSlot", { "data-slot-list": "skills" });
    expect(locked.updates ?? []).toEqual([]);
    // Another item type has no slots to edit.
    const gear = withUpdate(new g.CONFIG.Item.documentClass({ name: "Kit", type: "tales-gear", system: {} }));
    await sheetOf("Item", "tales-gear", gear).press("addSlot", { "data-slot-list": "skills" });
    expect(gear.updates ?? []).toEqual([]);
  });
});
