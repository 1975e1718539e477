// The Xero Sum character sheet's and item sheet's actions against the built bundle: Wound Points
// lowered with the pool's button (never below 0), a Breaking Point box filled and cleared, a Lasting
// Wound added from its picker and removed, a First Impression named and its CMod set inline, a
// Backstory Generation's CDP spent and set on the sheet, a profession dropped (recorded), a paradigm
// dropped (applied only once confirmed), another ruleset's item refused; the roll buttons, which
// reach a roll only through the rolls table; a weapon's characteristic rows added and removed.
import { beforeAll, describe, expect, it } from "vitest";
import { loadBundle, type LoadedBundle } from "./load-bundle";

const g = globalThis as any;
let loaded: LoadedBundle;

beforeAll(async () => {
  loaded = await loadBundle();
});

function actor(system: Record<string, unknown> = {}, type = "xero-sum-character") {
  const doc = new g.CONFIG.Actor.documentClass({ name: "Ada", type, system, items: [] });
  Object.defineProperty(doc.items, "get", { value: (id: string) => doc.items.find((i: any) => i.id === id) });
  doc.update = async (data: Record<string, unknown>) => {
    const expanded = g.foundry.utils.expandObject(data);
    if (expanded.system) doc.system.updateSource(expanded.system);
    doc.prepareData();
    return doc;
  };
  doc.getRollData = () => ({});
  doc.prepareData();
  return doc;
}

function registered(documentName: string, type: string) {
  return loaded.recorder.sheets.find(
    (r: any) => r.documentClass.documentName === documentName && r.options.types.includes(type),
  )!.sheet as any;
}

function actionOf(Sheet: any, name: string) {
  for (let cls = Sheet; cls?.DEFAULT_OPTIONS; cls = Object.getPrototypeOf(cls)) {
    const fn = cls.DEFAULT_OPTIONS.actions?.[name];
    if (fn) return fn;
  }
  throw new Error(`no action ${name}`);
}

function sheetFor(doc: any, documentName = "Actor") {
  const Sheet = registered(documentName, doc.type);
  const sheet = new Sheet({ document: doc });
  Object.defineProperty(sheet, "isEditable", { value: true });
  return {
    Sheet,
    sheet,
    press: (name: string, attributes: Record<string, string>, inside?: HTMLElement) => {
      const el = document.createElement("button");
      for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
      inside?.append(el);
      return actionOf(Sheet, name).call(sheet, {}, el);
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

/** A picker (`data-pick`) with one option chosen, the add button goes beside it. */
function picker(value: string): HTMLElement {
  const row = document.createElement("div");
  row.innerHTML = `<select data-pick="x"><option value="${value}" selected>${value}</option></select>`;
  return row;
}

describe("the Xero Sum sheets", () => {
  it("serve both actor types and the four item types", () => {
    const actors = loaded.recorder.sheets
      .filter((r: any) => (r.sheet as any).name === "XeroSumCharacterSheet")
      .flatMap((r: any) => r.options.types);
    expect(actors.sort()).toEqual(["xero-sum-character", "xero-sum-npc"]);
    const items = loaded.recorder.sheets
      .filter((r: any) => (r.sheet as any).name === "XeroSumItemSheet")
      .flatMap((r: any) => r.options.types);
    expect(items.sort()).toEqual([
      "xero-sum-equipment",
      "xero-sum-paradigm",
      "xero-sum-profession",
      "xero-sum-weapon",
    ]);
  });

  it("lowers Wound Points with the pool's button, never below 0, and raises them up to the maximum", async () => {
    // Maximum 10 + PHY 1 + DEX 0 = 11 (system.derived, from the rules layer).
    const doc = actor({ attributes: { phy: 1 }, wp: { value: 1 } });
    expect(doc.system.derived.woundPoints).toBe(11);
    const { press } = sheetFor(doc);
    await press("adjustPool", { "data-pool": "wp", "data-delta": "-1" });
    expect(doc.system.wp.value).toBe(0);
    await press("adjustPool", { "data-pool": "wp", "data-delta": "-1" });
    expect(doc.system.wp.value).toBe(0);
    doc.system.updateSource({ wp: { value: 11 } });
    await press("adjustPool", { "data-pool": "wp", "data-delta": "1" });
    expect(doc.system.wp.value).toBe(11);
    await press("adjustPool", { "data-pool": "stress", "data-delta": "1" });
    expect(doc.system.stress.value).toBe(0);
  });

  it("fills the Breaking Point boxes up to the one pressed, and clears from a filled one", async () => {
    const doc = actor();
    const { press } = sheetFor(doc);
    await press("setStress", { "data-box": "3" });
    expect(doc.system.stress.value).toBe(3);
    await press("setStress", { "data-box": "2" });
    expect(doc.system.stress.value).toBe(1);
    await press("setStress", { "data-box": "9" });
    expect(doc.system.stress.value).toBe(1);
  });

  it("adds the Lasting Wound picked, lowering the derived stats, and removes it", async () => {
    const doc = actor();
    const { press } = sheetFor(doc);
    await press("addLastingWound", {}, picker("weakened"));
    expect(doc.system.lastingWounds).toEqual(["weakened"]);
    // Weakened: −1 Maximum Wound Points (10 → 9).
    expect(doc.system.derived.woundPoints).toBe(9);
    await press("addLastingWound", {}, picker("notAWound"));
    expect(doc.system.lastingWounds).toEqual(["weakened"]);
    await press("removeLastingWound", { "data-index": "0" });
    expect(doc.system.lastingWounds).toEqual([]);
  });

  it("adds a First Impression and edits its name and CMod inline (only the four lasting CMods)", async () => {
    const doc = actor();
    const { sheet, press } = sheetFor(doc);
    await press("addRelationship", {});
    const name = document.createElement("input");
    Object.assign(name.dataset, { relIndex: "0", relField: "name" });
    name.value = "Sheriff Dunn";
    expect(sheet._isInlineField(name)).toBe(true);
    sheet._onInlineChange(name);
    await new Promise((r) => setTimeout(r, 0));
    const cmod = document.createElement("select");
    cmod.innerHTML = `<option value="-5" selected>-5</option>`;
    Object.assign(cmod.dataset, { relIndex: "0", relField: "cmod" });
    sheet._onInlineChange(cmod);
    await new Promise((r) => setTimeout(r, 0));
    expect(doc.system.relationships).toEqual([{ name: "Sheriff Dunn", cmod: -5 }]);
    await press("removeRelationship", { "data-index": "0" });
    expect(doc.system.relationships).toEqual([]);
  });

  it("spends CDP in Backstory Generation and sets the sheet from it (Mechanic* −3 → +1)", async () => {
    const doc = actor();
    const { press } = sheetFor(doc);
    await press("addSpend", { "data-step": "1" }, picker("attribute:acu"));
    await press("addSpend", { "data-step": "1" }, picker("skill:mechanic"));
    await press("addSpend", { "data-step": "1" }, picker("skill:scavenging"));
    await press("addSpend", { "data-step": "7" }, picker("skill:scavenging"));
    expect(doc.system.creation.spends).toHaveLength(3);
    const said = await notes(() => press("applyBackstory", {}));
    expect(said.info).toHaveLength(1);
    expect([doc.system.attributes.acu, doc.system.skills.mechanic, doc.system.skills.scavenging]).toEqual([
      1, 1, 1,
    ]);
    await press("removeSpend", { "data-index": "0" });
    expect(doc.system.creation.spends.map((s: any) => s.key)).toEqual(["mechanic", "scavenging"]);
  });

  it("will not set the sheet from a backstory that breaks a rule", async () => {
    // Step One caps skills at +2: a third CDP on one skill is refused.
    const spends = [1, 2, 3].map(() => ({ step: 1, kind: "skill", key: "stealth" }));
    const doc = actor({ creation: { method: "backstory", spends, done: false } });
    const said = await notes(() => sheetFor(doc).press("applyBackstory", {}));
    expect(said.warn).toHaveLength(1);
    expect(doc.system.skills.stealth).toBe(0);
  });

  it("records a dropped profession, refuses another ruleset's item", async () => {
    const doc = actor();
    const { sheet } = sheetFor(doc);
    const profession = new g.CONFIG.Item.documentClass({
      name: "Profession 2",
      type: "xero-sum-profession",
      system: { key: "profession2", skills: ["driving"] },
    });
    const said = await notes(() => sheet._onDropForeignItem({}, profession));
    expect(doc.system.narrative.profession).toBe("Profession 2");
    expect(said.info).toHaveLength(1);
    expect(doc.items).toHaveLength(0);
    const tales = new g.CONFIG.Item.documentClass({ name: "Knife", type: "tales-weapon", system: {} });
    const refused = await notes(() => sheet._onDropForeignItem({}, tales));
    expect(refused.warn).toHaveLength(1);
  });

  it("applies a dropped paradigm only once confirmed", async () => {
    const doc = actor({ narrative: { complication: "addiction" } });
    const { sheet } = sheetFor(doc);
    const paradigm = new g.CONFIG.Item.documentClass({
      name: "The Medic",
      type: "xero-sum-paradigm",
      system: {
        attributes: { rsn: 2, acu: 1, phy: 0, inf: 1, dex: -1 },
        skills: { medicine: 3, psychology: 1 },
        complication: "familyObligation",
        motivation: "protect",
      },
    });
    const dialog = g.foundry.applications.api.DialogV2;
    const confirm = dialog.confirm;
    let asked = "";
    try {
      dialog.confirm = async (config: any) => {
        asked = config.window.title;
        return false;
      };
      await sheet._onDropForeignItem({}, paradigm);
      expect(asked).toContain("The Medic");
      expect(doc.system.attributes.rsn).toBe(0);
      dialog.confirm = async () => true;
      await notes(() => sheet._onDropForeignItem({}, paradigm));
    } finally {
      dialog.confirm = confirm;
    }
    expect([doc.system.attributes.rsn, doc.system.attributes.dex, doc.system.skills.medicine]).toEqual([
      2, -1, 3,
    ]);
    expect(doc.system.skills.psychology).toBe(1);
    expect(doc.system.creation.method).toBe("paradigm");
    // Her own Complication kept; the Paradigm's Motivation where she had none.
    expect([doc.system.narrative.complication, doc.system.narrative.motivation]).toEqual([
      "addiction",
      "protect",
    ]);
  });

  it("starts a roll only through the rolls table: nothing while it is empty, the handler when there", async () => {
    const doc = actor();
    const { Sheet, press } = sheetFor(doc);
    expect(Sheet.ROLL_KINDS).toEqual([
      "check",
      "perception",
      "attack",
      "complication",
      "motivation",
      "breakingPoint",
      "upkeep",
      "firstImpression",
    ]);
    // The rolls helpers fill the table (x-rolls: check and perception); emptied here, then stubbed.
    const filled = { ...Sheet.ROLLS };
    for (const kind of Object.keys(filled)) delete Sheet.ROLLS[kind];
    const calls: unknown[][] = [];
    try {
      const said = await notes(async () => {
        await press("roll", { "data-roll": "check", "data-attribute": "rsn" });
        await press("roll", { "data-roll": "perception" });
      });
      expect(said).toEqual({ warn: [], info: [] });
      Sheet.ROLLS.check = async (...args: unknown[]) => calls.push(args);
      await press("roll", { "data-roll": "check", "data-attribute": "acu", "data-skill": "barter" });
      await press("roll", { "data-roll": "check", "data-attribute": "<b>" });
      await press("roll", { "data-roll": "perception" });
    } finally {
      delete Sheet.ROLLS.check;
      Object.assign(Sheet.ROLLS, filled);
    }
    expect(Object.keys(Sheet.ROLLS)).toEqual(expect.arrayContaining(["check", "perception"]));
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBe(doc);
    expect(calls[0]![1]).toEqual({ attribute: "acu", skill: "barter" });
  });

  it("a refused roll button only says why", async () => {
    const { press } = sheetFor(actor());
    const said = await notes(() =>
      press("roll", {
        "data-roll": "attack",
        "aria-disabled": "true",
        "data-tooltip": "Sledgehammer is broken: it cannot be used until repaired.",
      }),
    );
    expect(said.warn).toEqual(["Sledgehammer is broken: it cannot be used until repaired."]);
  });

  it("saves an item's field from an inline select or number in its row (core's data-item-field)", async () => {
    const doc = actor();
    const weapon = new g.CONFIG.Item.documentClass(
      { _id: "w1", name: "Machete", type: "xero-sum-weapon", system: {} },
      { parent: doc },
    );
    const updates: unknown[] = [];
    weapon.update = async (data: unknown) => updates.push(data);
    doc.items.push(weapon);
    const { Sheet, sheet } = sheetFor(doc);
    const root = document.createElement("form");
    root.innerHTML = `<div data-item-id="w1">
      <select data-item-field="system.condition"><option value="used">U</option><option value="damaged">D</option></select>
      <input type="number" data-item-field="system.ammo.loaded" value="2">
    </div>`;
    Object.defineProperty(sheet, "element", { value: root });
    // The stand-in's application base has no render lifecycle: give it an empty first-render step.
    let owner = Sheet.prototype;
    while (owner && !Object.hasOwn(owner, "_onFirstRender")) owner = Object.getPrototypeOf(owner);
    const above = Object.getPrototypeOf(owner);
    const had = Object.hasOwn(above, "_onFirstRender");
    if (!had) above._onFirstRender = async () => {};
    try {
      await sheet._onFirstRender({}, {});
    } finally {
      if (!had) delete above._onFirstRender;
    }
    const select = root.querySelector("select")!;
    select.value = "damaged";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    const input = root.querySelector("input")!;
    input.value = "4";
    input.dispatchEvent(new Event("change", { bubbles: true }));
    await new Promise((r) => setTimeout(r, 0));
    expect(updates).toEqual([{ "system.condition": "damaged" }, { "system.ammo.loaded": 4 }]);
  });

  it("adds and removes a weapon's characteristic rows", async () => {
    const item = new g.CONFIG.Item.documentClass({
      name: "Sledgehammer",
      type: "xero-sum-weapon",
      system: { characteristics: [{ key: "cumbersome", value: 2 }] },
    });
    item.update = async (data: Record<string, unknown>) => {
      const expanded = g.foundry.utils.expandObject(data);
      if (expanded.system) item.system.updateSource(expanded.system);
      return item;
    };
    const Sheet = registered("Item", "xero-sum-weapon");
    const sheet = new Sheet({ document: item });
    Object.defineProperty(sheet, "isEditable", { value: true });
    const press = (name: string, attributes: Record<string, string> = {}) => {
      const el = document.createElement("button");
      for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
      return actionOf(Sheet, name).call(sheet, {}, el);
    };
    await press("addRow");
    expect(item.system.characteristics).toEqual([
      { key: "cumbersome", value: 2 },
      { key: "tracking", value: 0 },
    ]);
    await press("removeRow", { "data-index": "0" });
    expect(item.system.characteristics).toEqual([{ key: "tracking", value: 0 }]);
    // The form's rows come back as the model's array.
    expect(
      sheet._normaliseSubmit({ characteristics: { 0: { key: "burning", value: 3 } } }).characteristics,
    ).toEqual([{ key: "burning", value: 3 }]);
  });
});
