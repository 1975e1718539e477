// Xero Sum's table draws against the built bundle: Tables 6, 7, 11, 12 and 13 drawn from the
// `xero-sum-tables` compendium's RollTables (their YAML sources, as the pack holds them), from a world
// RollTable standing for one (imported from the pack, or flagged `flags.polyverse.tableKey`), or from
// the rules' own table when the pack cannot be read; the card shows the result as drawn and applies
// only the rules' row its range stands for. And a follow-up button kept when its dialog is cancelled,
// marked used by the GM once its check is rolled.
// Numbers from the text: checks succeed at 9+; every table is rolled on 2d6; Table 11 on 7 is Hearing
// Loss (−1 Acumen); Table 12 on 5 is Rattled (−2 on the next Initiative); Table 7 on 12 is Take
// Advantage; Table 13 on 8 is Self-Harm; a fall costs 3 WP and 3 RP per 10 ft and RP at 0 calls for a
// Panic check.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readPackSources } from "../../scripts/lib/yaml-source.mjs";
import { ROOT } from "../lib/paths";
import { flush, loadXeroSumWorld, type XeroSumWorld } from "./xero-sum-health-world";

const g = globalThis as any;
let world: XeroSumWorld;
let gm: any;
let player: any;
const actions = () => g.game.polyverse.rulesets["xero-sum"].actions;
const last = () => world.messages.at(-1);
const cardText = (m: any) => (world.render(m).textContent ?? "").replace(/\s+/g, " ");
const PACK = "polyverse.xero-sum-tables";

/** A RollTable document as the bundle reads it: the YAML source with its id, UUID and results. */
function tableDoc(data: any, uuid: string, over: Record<string, unknown> = {}) {
  const copy = structuredClone(data);
  return {
    ...copy,
    id: copy._id,
    uuid,
    results: copy.results.map((r: any) => ({ ...r, id: r._id })),
    ...over,
  };
}

/** The compendium's five tables, fresh. */
function packTables(): any[] {
  const { entries, problems } = readPackSources(ROOT, "xero-sum-tables");
  if (problems.length) throw new Error(problems.join("\n"));
  return entries.map(({ data }: any) => tableDoc(data, `Compendium.${PACK}.RollTable.${data._id}`));
}
let packDocs: any[];
const packTable = (name: string) => packDocs.find((t) => t.name === name);

/** A world RollTable: flagged for `tableKey`, or imported from the pack's table. */
function worldTable(name: string, results: any[], over: Record<string, unknown> = {}) {
  const id = `wt${name.replace(/\W/g, "").slice(0, 8).padEnd(8, "x")}${String(g.game.tables.length).padStart(6, "0")}`;
  const table = { _id: id, id, uuid: `RollTable.${id}`, name, formula: "2d6", flags: {}, results, ...over };
  g.game.tables.push(table);
  return table;
}
const result = (low: number, high: number, name: string, description = "") => ({
  type: "text",
  range: [low, high],
  name,
  description,
});

/** Close the next roll dialog the bundle opens, as its Cancel button would. */
function cancelNextDialog() {
  const App = g.foundry.applications.api.ApplicationV2;
  const render = App.prototype.render;
  App.prototype._onClose ??= function () {};
  App.prototype.render = function (this: any, ...args: any[]) {
    App.prototype.render = render;
    const out = render.apply(this, args);
    if (this.constructor.name === "RollDialog") setTimeout(() => this._onClose({}), 0);
    return out;
  };
}

/** Press a card's button as the current user, the skip key held or not. */
async function press(message: any, selector: string, skip = true): Promise<boolean> {
  const button = world.render(message).querySelector<HTMLButtonElement>(selector);
  if (!button || button.hidden) return false;
  button.dispatchEvent(new MouseEvent("click", { shiftKey: skip }));
  await flush();
  return true;
}

beforeAll(async () => {
  world = await loadXeroSumWorld();
  gm = world.users.gm;
  player = world.users.player;
  g.game.keybindings = {
    actions: new Map([["polyverse.skipRollDialog", {}]]),
    get: () => [{ key: "ShiftLeft" }, { key: "ShiftRight" }],
  };
});

beforeEach(() => {
  world.as(gm);
  world.recorder.notifications.length = 0;
  packDocs = packTables();
  g.game.packs.get(PACK).getDocuments = async () => packDocs;
  g.game.tables = [];
});

describe("drawn from the compendium's RollTable", () => {
  it("a failed Physicality check (1 + 2) draws the pack's Lasting Wounds: 3 + 4 = 7, Hearing Loss, Acumen −1", async () => {
    const a = world.character("Tough", { attributes: { phy: 2, acu: 1 } }, [], player.id);
    world.as(player);
    world.queueFaces([1, 2], [3, 4]);
    const out = await actions().lastingWoundCheck(a, { skipDialog: true });
    expect(out.wound).toBe("hearingLoss");
    expect(out.card.draw).toMatchObject({
      dice: [3, 4],
      total: 7,
      key: "hearingLoss",
      source: { from: "pack" },
    });
    expect(a.system.derived.attributes.acu).toBe(0);
    const t = cardText(last());
    expect(t).toContain("Table 11: Lasting Wounds");
    expect(t).toContain("Drawn on the compendium's roll table Lasting Wounds (2d6).");
    expect(t).toContain("Hearing Loss");
    expect(t).toContain("Dulled hearing: Acumen −1. Permanent: it never heals.");
    expect(t).toContain("Applied as Hearing Loss: Acumen -1.");
  });

  it("a GM who edits the pack's result sees the text on the card (escaped); the rules' row still applies", async () => {
    const a = world.character("Scarred", { attributes: { phy: 2, acu: 2 } }, [], player.id);
    const seven = packTable("Lasting Wounds").results.find((r: any) => r.range[0] === 7);
    seven.name = "Ringing <b>Ears</b>";
    seven.description = '<p>A bang &amp; then silence.</p><p>For good.</p><img src="x" onerror="alert(1)">';
    world.as(player);
    world.queueFaces([1, 2], [4, 3]);
    const out = await actions().lastingWoundCheck(a, { skipDialog: true });
    expect(out.wound).toBe("hearingLoss");
    expect(a.system.derived.attributes.acu).toBe(1);
    expect(out.card.draw.source.result).toEqual({
      name: "Ringing <b>Ears</b>",
      text: "A bang & then silence. For good.",
    });
    const html = world.render(last());
    expect(html.querySelector("img, b")).toBeNull();
    expect(cardText(last())).toContain("Ringing <b>Ears</b>");
    expect(cardText(last())).toContain("A bang & then silence. For good.");
    expect(cardText(last())).toContain("Applied as Hearing Loss: Acumen -1.");
  });

  it("the pack closed to the user, or without the table: the rules' own table, no source line", async () => {
    const a = world.character("Plain", { attributes: { phy: 2, acu: 1 } }, [], player.id);
    g.game.packs.get(PACK).getDocuments = async () => {
      throw new Error("You do not have permission to view this compendium");
    };
    world.as(player);
    world.queueFaces([1, 2], [3, 4]);
    const out = await actions().lastingWoundCheck(a, { skipDialog: true });
    expect(out.card.draw).toEqual({ table: "lastingWounds", dice: [3, 4], key: "hearingLoss" });
    expect(cardText(last())).not.toContain("Drawn on");
    expect(cardText(last())).toContain("Acumen -1.");
    g.game.packs.get(PACK).getDocuments = async () => packDocs.filter((t) => t.name !== "Motivations");
    world.queueFaces([6, 6]);
    expect((await actions().rollMotivation(a)).card.draw).toEqual({
      table: "motivations",
      dice: [6, 6],
      key: "takeAdvantage",
    });
  });
});

describe("a world RollTable wins over the pack's", () => {
  it("Panic: an imported copy (2 + 3 = 5, its Rattled renamed) over the pack; a flagged 3d6 table over the copy", async () => {
    const a = world.character("Nervy", {}, [], player.id);
    const pack = packTable("Panic");
    const copy = worldTable("Panic", structuredClone(pack.results), {
      _stats: { compendiumSource: pack.uuid, modifiedTime: 1 },
    });
    copy.results.find((r: any) => r.range[0] === 5).name = "Shaking Hands";
    world.as(player);
    world.queueFaces([1, 2], [2, 3]);
    const shaken = await actions().panicCheck(a, { skipDialog: true });
    expect(shaken.panic).toBe("rattled");
    expect(a.system.state.panic).toEqual({ key: "rattled", rounds: 0 });
    expect(cardText(last())).toContain("Drawn on the world's roll table Panic (2d6).");
    expect(cardText(last())).toContain("Shaking Hands");
    expect(cardText(last())).toMatch(/Applied as Rattled: /);

    // The GM's own table, flagged as Panic, rolled on 3d6: 5 is still Rattled, 17 stands for no row.
    worldTable(
      "House Panic",
      [result(3, 5, "Jitters"), result(6, 16, "Wobbles"), result(17, 18, "Meltdown")],
      {
        formula: "3d6",
        flags: { polyverse: { tableKey: "panic" } },
      },
    );
    world.queueFaces([1, 2], [6, 6, 5]);
    const none = await actions().panicCheck(a, { skipDialog: true });
    expect(none).toMatchObject({ panic: null, rounds: 0 });
    expect(none.card.draw).toMatchObject({ dice: [6, 6, 5], total: 17, key: "", source: { from: "world" } });
    expect(a.system.state.panic).toEqual({ key: "rattled", rounds: 0 });
    const t = cardText(last());
    expect(t).toContain("Drawn on the world's roll table House Panic (3d6).");
    expect(t).toContain("Meltdown");
    expect(t).toContain("This result stands for no entry of Table 12: nothing is applied.");
    expect(t).toContain("Nothing changes for Nervy: the result drawn applies no rule.");
    // 1 + 2 + 2 = 5 on the flagged table: "Jitters" holds 3..5, more than one row: nothing either.
    world.queueFaces([1, 2], [1, 2, 2]);
    expect((await actions().panicCheck(a, { skipDialog: true })).panic).toBeNull();
    expect(cardText(last())).toContain("Jitters");
  });

  it("Lasting Wounds with no result for 12 (the GM deleted it): shown, nothing applied", async () => {
    const a = world.character("Lucky", { attributes: { phy: 1 } }, [], player.id);
    const results = packTable("Lasting Wounds").results.filter((r: any) => r.range[0] !== 12);
    worldTable("Our Wounds", results, { flags: { polyverse: { tableKey: "lastingWounds" } } });
    world.as(player);
    world.queueFaces([1, 2], [6, 6]);
    const out = await actions().lastingWoundCheck(a, { skipDialog: true });
    expect(out.wound).toBeNull();
    expect(a.system.lastingWounds).toEqual([]);
    expect(cardText(last())).toContain("The table has no result for 12");
    expect(cardText(last())).toContain("nothing is applied");
    expect(world.missingKeys).toEqual(new Set());
  });

  it("a Complication standing for no row is the character's own, in the table's words; a Motivation from the pack", async () => {
    const a = world.character("Drifter", {}, [], player.id);
    worldTable("Troubles", [result(2, 3, "Owes the Mayor")], {
      flags: { polyverse: { tableKey: "complications" } },
    });
    world.as(player);
    world.queueFaces([1, 1], [6, 6]);
    const own = await actions().rollComplication(a);
    expect(own.key).toBe("");
    expect(a.system.narrative.complication).toBe("");
    expect(a.system.narrative.customComplication).toBe("Owes the Mayor");
    expect(cardText(last())).toContain(
      "Drifter's Complication is recorded in the table's words: Owes the Mayor.",
    );
    const drive = await actions().rollMotivation(a);
    expect(drive.key).toBe("takeAdvantage");
    expect(a.system.narrative.motivation).toBe("takeAdvantage");
    expect(cardText(last())).toContain("Recorded as Take Advantage.");
  });

  it("Breaking Point: the fifth box (2 + 3 + RSN 0 + ACU 0 fails) draws a result with no row: boxes cleared, no reaction", async () => {
    const a = world.character("Strained", { stress: { value: 4 }, wp: { value: 10 } }, [], player.id);
    const results = structuredClone(packTable("Breaking Point").results);
    results.find((r: any) => r.range[0] === 8).range = [8, 9];
    worldTable("Breaking Point", results, { flags: { polyverse: { tableKey: "breakingPoint" } } });
    world.as(player);
    world.queueFaces([2, 3], [3, 5]);
    const out = await actions().breakingPointCheck(a, { skipDialog: true });
    expect(out.reaction).toBeNull();
    expect(a.system.stress.value).toBe(0);
    expect(a.system.state.breakingPoint).toBe("");
    expect(out.card.buttons).toEqual([]);
    expect(cardText(last())).toContain("Self-Harm");
    expect(cardText(last())).toContain("every stress box is cleared");
    expect(cardText(last())).toContain("This result stands for no entry of Table 13: nothing is applied.");
  });
});

describe("a follow-up button", () => {
  it("a fall of 30 ft (9 WP, 9 RP: RP 0) calls for a Panic check: cancelled, the button stays; rolled, the GM marks it used", async () => {
    const a = world.character("Faller", { wp: { value: 12 }, rp: { value: 9 } }, [], player.id);
    world.as(gm);
    await actions().fall(a, { feet: 30 });
    const card = last();
    expect(card.system.card.buttons).toEqual(["panic"]);
    world.as(player);
    const before = world.messages.length;
    cancelNextDialog();
    expect(await press(card, "[data-pv-action='xero-sum.table.panic']", false)).toBe(true);
    await flush();
    expect(world.messages.length).toBe(before);
    expect(card.system.card.used).toEqual([]);
    world.queueFaces([6, 5]);
    expect(await press(card, "[data-pv-action='xero-sum.table.panic']")).toBe(true);
    expect(last().system.card.kind).toBe("panic");
    await world.socketToGM();
    expect(card.system.card.used).toEqual(["panic"]);
    expect(await press(card, "[data-pv-action='xero-sum.table.panic']")).toBe(false);
    expect(world.recorder.notifications.filter((n) => n.level === "warn")).toEqual([]);
  });
});
