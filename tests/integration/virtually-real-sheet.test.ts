// The Virtually Real data models and sheets against the built bundle: the descriptor (its types,
// sheets, settings and token bars); `system.derived` prepared from the rules layer (a human's 12 HP
// from the world settings, then the GM's number; a skill's level; a ready weapon's initiative); the
// models refusing what the rules do not allow; the pools' buttons (hit points, light wiping Darkness,
// Endurance refused under Broken Bones, Ki emptied into N); the condition boxes marked from their
// picker, cleared, and healed by time passing; intimacies added, edited inline and removed; a skill
// dropped and another ruleset's item refused; the roll buttons, which reach a roll only through the
// rolls table; an item's field saved inline.
import { beforeAll, describe, expect, it } from "vitest";
import { loadBundle, type LoadedBundle } from "./load-bundle";
import { notes, pickerRow, sheetFor, standInActor, standInItem } from "./sheet-harness";

const g = globalThis as any;
let loaded: LoadedBundle;

beforeAll(async () => {
  loaded = await loadBundle();
});

const actor = (system: Record<string, unknown> = {}, type = "virtually-real-character") =>
  standInActor(type, system);
const press = (doc: any) => sheetFor(loaded, doc).press;

describe("the Virtually Real ruleset in the bundle", () => {
  it("registers its models, sheets, settings and token bars", () => {
    const ruleset = g.game.polyverse.registry.get("virtually-real");
    expect(Object.keys(ruleset.types.Actor)).toEqual(["virtually-real-character", "virtually-real-npc"]);
    expect(Object.keys(ruleset.types.Item)).toEqual([
      "virtually-real-skill",
      "virtually-real-passion",
      "virtually-real-equipment",
      "virtually-real-book",
    ]);
    const sheets = (name: string) =>
      loaded.recorder.sheets
        .filter((r: any) => r.sheet.name === name)
        .flatMap((r: any) => r.options.types)
        .sort();
    expect(sheets("VirtuallyRealCharacterSheet")).toEqual(["virtually-real-character", "virtually-real-npc"]);
    expect(sheets("VirtuallyRealItemSheet")).toEqual([
      "virtually-real-book",
      "virtually-real-equipment",
      "virtually-real-passion",
      "virtually-real-skill",
    ]);
    // The world settings a GM meets (the story clock is a hidden one: config false).
    const settings = [...loaded.recorder.settings.entries()].filter(
      ([k, s]) => k.startsWith("polyverse.virtually-real.") && s.config.config !== false,
    );
    // 21, the Tension Pool's 2, the fight's 3 (the Maneuver penalty, two wound durations), maxHelpers.
    expect(settings).toHaveLength(27);
    expect(loaded.recorder.settings.get("polyverse.virtually-real.story")!.config.config).toBe(false);
    expect(loaded.recorder.settings.get("polyverse.virtually-real.maneuverState")!.config.config).toBe(false);
    expect(loaded.recorder.settings.get("polyverse.virtually-real.humanDamageCapacity")!.value).toBe(3);
    expect(g.CONFIG.Actor.trackableAttributes["virtually-real-character"].bar).toEqual([
      "hp",
      "endurance",
      "ki",
      "light",
    ]);
    expect(g.game.polyverse.rulesets["virtually-real"].rules.levelFromXP(22)).toBe(3);
  });
});

describe("the Virtually Real actor model", () => {
  it("derives from the rules: AGL [2]14/2, a human's 10 + Body +2 = 12 HP, light held to the Aura score", () => {
    const doc = actor({
      attributes: { agility: { capacity: 2, score: 14 }, aura: { capacity: 2, score: 9 } },
    });
    expect(doc.system.derived.attributes.agility).toMatchObject({ modifier: 2, notation: "[2]14/2" });
    expect(doc.system.hp.max).toBe(12);
    expect(doc.system.derived.hp).toMatchObject({ dc: 3, serious: 6, humanBase: true });
    expect(doc.system.light).toEqual({ value: 1, max: 9 });
  });

  it("measures a human by the GM's numbers from the world settings, and an actor by its own", async () => {
    const key = "polyverse.virtually-real.humanBaseHitPoints";
    const before = loaded.recorder.settings.get(key)!.value;
    try {
      await g.game.settings.set("polyverse", "virtually-real.humanBaseHitPoints", 14);
      expect(actor().system.hp.max).toBe(16);
    } finally {
      await g.game.settings.set("polyverse", "virtually-real.humanBaseHitPoints", before);
    }
    const beast = actor({
      health: { sizeBase: 30, dc: 8 },
      attributes: { body: { capacity: 3, score: 25 } },
    });
    expect(beast.system.hp.max).toBe(34);
    expect(beast.system.derived.hp.serious).toBe(11);
  });

  it("levels its skills and reads a ready weapon's [I] box for initiative", () => {
    const doc = actor({ attributes: { reflex: { capacity: 2, score: 7 } } });
    const { item: skill } = standInItem(doc, {
      _id: "locks",
      name: "Open Locks",
      type: "virtually-real-skill",
      system: { capacity: 2, xp: 22 },
    });
    standInItem(doc, {
      _id: "bct",
      name: "Basic Combat Training",
      type: "virtually-real-skill",
      system: { capacity: 2, xp: 10, attribute: "reflex", ref: "basicCombatTraining" },
    });
    standInItem(doc, {
      _id: "sword",
      name: "Longsword",
      type: "virtually-real-equipment",
      system: { kind: "weapon", ready: true, initiativeBonus: 1, proficiencyBonus: 1 },
    });
    expect(doc.system.derived.skills[skill.id]).toMatchObject({ level: 3, notation: "[2]22/3", passions: 3 });
    expect(doc.system.derived.initiative).toMatchObject({ capacity: 2, level: 3, weapon: "Longsword" });
  });

  it("refuses what the rules do not allow", () => {
    const doc = actor();
    const bad = [
      { attributes: { body: { capacity: 6 } } },
      { emotional: { guilt: { heroic: 3 } } },
      { conditions: [{ severity: "minor", group: "physical" }] },
      { intimacies: [{ name: "Home", level: "huge" }] },
    ];
    for (const change of bad) expect(() => doc.system.updateSource(change), JSON.stringify(change)).toThrow();
    const skill = new g.CONFIG.Item.documentClass({ name: "S", type: "virtually-real-skill", system: {} });
    expect(skill.system).toMatchObject({ capacity: 1, xp: 0, cost: 8, attribute: "agility" });
    expect(() => skill.system.updateSource({ capacity: 7 })).toThrow();
  });
});

describe("the Virtually Real character sheet", () => {
  it("loses and regains hit points, and earns light by wiping a Darkness point", async () => {
    const doc = actor({ hp: { value: 12 }, light: { value: 1 }, darkness: { points: 6 } });
    const p = press(doc);
    await p("adjustPool", { "data-pool": "hp", "data-delta": "1" });
    expect(doc.system.hp.value).toBe(12);
    await p("adjustPool", { "data-pool": "hp", "data-delta": "-1" });
    expect(doc.system.hp.value).toBe(11);
    const said = await notes(() => p("adjustPool", { "data-pool": "light", "data-delta": "1" }));
    expect([doc.system.light.value, doc.system.darkness.points]).toEqual([2, 5]);
    // 6 → 5 Darkness points: level 1 → 0, a Darkness passion to drop.
    expect(said.info).toHaveLength(1);
    await p("adjustPool", { "data-pool": "nothing", "data-delta": "1" });
  });

  it("refuses Endurance under Broken Bones, and empties Ki into N", async () => {
    const doc = actor({
      endurance: { value: 3, max: 6 },
      ki: { value: 1, max: 4 },
      conditions: [{ severity: "critical", group: "physical", id: "B", atNext: "longRest" }],
    });
    const p = press(doc);
    const refused = await notes(() => p("adjustPool", { "data-pool": "endurance", "data-delta": "-1" }));
    expect(refused.warn).toEqual(["A condition forbids spending Endurance."]);
    expect(doc.system.endurance.value).toBe(3);
    const emptied = await notes(() => p("adjustPool", { "data-pool": "ki", "data-delta": "-1" }));
    expect(doc.system.ki.value).toBe(0);
    expect(doc.system.conditions.map((c: any) => c.id)).toEqual(["B", "N"]);
    expect(emptied.info).toEqual(["Mara has no Ki left: Numb (N)."]);
    expect(doc.system.derived.critical.count).toBe(2);
  });

  it("marks a condition box from its row's picker, clears it, and heals by time passing", async () => {
    const doc = actor();
    const p = press(doc);
    await p(
      "toggleCondition",
      { "data-row": "major-physical" },
      pickerRow("duration:day", { "data-condition-row": "major-physical" }),
    );
    await p(
      "toggleCondition",
      { "data-row": "critical" },
      pickerRow("id:X", { "data-condition-row": "critical" }),
    );
    await p(
      "toggleCondition",
      { "data-row": "emotional-guilt-wound" },
      pickerRow("id:G", { "data-condition-row": "x" }),
    );
    // A pick that does not fit its row marks nothing.
    await p(
      "toggleCondition",
      { "data-row": "critical" },
      pickerRow("duration:day", { "data-condition-row": "c" }),
    );
    expect(doc.system.conditions.map((c: any) => [c.severity, c.group, c.id, c.atNext])).toEqual([
      ["major", "physical", "", "day"],
      ["critical", "physical", "X", "longRest"],
      ["serious", "emotional", "G", "longRest"],
    ]);
    expect(doc.system.derived.attributes.body.dice).toEqual({ advantage: 0, disadvantage: 2, critMod: 1 });
    await p("passTime", { "data-event": "day" });
    expect(doc.system.conditions).toHaveLength(2);
    // A long rest: X heals to B (Broken Bones), G to a major Guilt condition A.
    await p("passTime", { "data-event": "longRest" });
    expect(doc.system.conditions.map((c: any) => c.id || c.letter)).toEqual(["B", "A"]);
    await p("toggleCondition", { "data-mark": "0" });
    expect(doc.system.conditions.map((c: any) => c.letter)).toEqual(["A"]);
    // The end of the scene erases a Defending-an-Intimacy armor.
    doc.system.updateSource({ emotional: { despair: { heroic: 2 } } });
    await p("passTime", { "data-event": "scene" });
    expect(doc.system.emotional.despair.heroic).toBe(0);
  });

  it("adds the basic intimacies, adds one of the player's, edits it inline and removes it", async () => {
    const doc = actor();
    const { sheet, press: p } = sheetFor(loaded, doc);
    await p("addBasicIntimacies");
    expect(doc.system.intimacies).toHaveLength(6);
    await p("addBasicIntimacies");
    expect(doc.system.intimacies).toHaveLength(6);
    await p("addIntimacy");
    const edit = (field: string, value: string) => {
      const input = document.createElement(field === "name" ? "input" : "select") as any;
      if (field === "name") input.value = value;
      else input.innerHTML = `<option value="${value}" selected>${value}</option>`;
      Object.assign(input.dataset, { intIndex: "6", intField: field });
      expect(sheet._isInlineField(input)).toBe(true);
      sheet._onInlineChange(input);
    };
    edit("name", "Brother Tomas");
    await new Promise((r) => setTimeout(r, 0));
    edit("level", "defining");
    await new Promise((r) => setTimeout(r, 0));
    expect(doc.system.intimacies[6]).toMatchObject({
      name: "Brother Tomas",
      level: "defining",
      basic: false,
    });
    await p("removeIntimacy", { "data-index": "0" });
    expect(doc.system.intimacies).toHaveLength(6);
    expect(doc.system.intimacies[0].name).toBe("Own culture");
  });

  it("copies a dropped Virtually Real item and refuses another ruleset's", async () => {
    const doc = actor();
    const { sheet } = sheetFor(loaded, doc);
    const tales = new g.CONFIG.Item.documentClass({ name: "Knife", type: "tales-weapon", system: {} });
    const refused = await notes(() => sheet._onDropForeignItem({}, tales));
    expect(refused.warn).toEqual([
      "Only Virtually Real skills, passions, equipment and books belong on this sheet.",
    ]);
    const skill = new g.CONFIG.Item.documentClass({
      name: "Botany",
      type: "virtually-real-skill",
      system: {},
    });
    let copied: unknown = null;
    let owner = Object.getPrototypeOf(Object.getPrototypeOf(sheet));
    while (owner && !Object.hasOwn(owner, "_onDropForeignItem")) owner = Object.getPrototypeOf(owner);
    const base = Object.getPrototypeOf(owner);
    const original = base._onDropItem;
    base._onDropItem = async (_event: unknown, item: unknown) => (copied = item);
    try {
      await sheet._onDropForeignItem({}, skill);
    } finally {
      base._onDropItem = original;
    }
    expect(copied).toBe(skill);
  });

  it("starts a roll only through the rolls table: nothing while it is empty, the handler when there", async () => {
    const doc = actor();
    const { Sheet, press: p } = sheetFor(loaded, doc);
    expect(Sheet.ROLL_KINDS).toEqual(["attribute", "save", "skill", "emotionalSave", "darkness", "attack"]);
    const filled = { ...Sheet.ROLLS };
    for (const kind of Object.keys(filled)) delete Sheet.ROLLS[kind];
    const calls: unknown[][] = [];
    try {
      const said = await notes(async () => {
        await p("roll", { "data-roll": "attribute", "data-attribute": "body" });
        await p("roll", { "data-roll": "darkness" });
      });
      expect(said).toEqual({ warn: [], info: [] });
      Sheet.ROLLS.attribute = async (...args: unknown[]) => calls.push(["attribute", ...args]);
      Sheet.ROLLS.save = async (...args: unknown[]) => calls.push(["save", ...args]);
      Sheet.ROLLS.emotionalSave = async (...args: unknown[]) => calls.push(["emotionalSave", ...args]);
      await p("roll", { "data-roll": "attribute", "data-attribute": "mind" });
      await p("roll", { "data-roll": "attribute", "data-attribute": "<b>" });
      await p("roll", { "data-roll": "save", "data-save": "health" });
      await p("roll", { "data-roll": "save", "data-save": "standard" });
      await p("roll", { "data-roll": "save", "data-save": "standard", "data-attribute": "aura" });
      await p("roll", { "data-roll": "emotionalSave", "data-target": "despair" });
      await p("roll", { "data-roll": "emotionalSave", "data-target": "joy" });
    } finally {
      for (const kind of Object.keys(Sheet.ROLLS)) delete Sheet.ROLLS[kind];
      Object.assign(Sheet.ROLLS, filled);
    }
    expect(calls.map(([kind, , choice]) => [kind, choice])).toEqual([
      ["attribute", { attribute: "mind" }],
      ["save", { save: "health" }],
      ["save", { save: "standard", attribute: "aura" }],
      ["emotionalSave", { target: "despair" }],
    ]);
    expect(calls[0]![1]).toBe(doc);
  });

  it("saves a skill's XP from its inline field and levels it", async () => {
    const doc = actor();
    const { item, updates } = standInItem(doc, {
      _id: "s1",
      name: "Acrobatics",
      type: "virtually-real-skill",
      system: { capacity: 2, xp: 36, cost: 12 },
    });
    const { Sheet, sheet } = sheetFor(loaded, doc);
    const root = document.createElement("form");
    root.innerHTML = `<div data-item-id="s1"><input type="number" data-item-field="system.xp" value="36"></div>`;
    Object.defineProperty(sheet, "element", { value: root });
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
    expect(doc.system.derived.skills[item.id].level).toBe(4);
    const input = root.querySelector("input")!;
    input.value = "37";
    input.dispatchEvent(new Event("change", { bubbles: true }));
    await new Promise((r) => setTimeout(r, 0));
    expect(updates).toEqual([{ "system.xp": 37 }]);
    // 37 XP is level 5 on the Experience table.
    expect(doc.system.derived.skills[item.id]).toMatchObject({ level: 5, notation: "[2]37/5" });
  });
});
