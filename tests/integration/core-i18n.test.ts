// Core i18n against the built bundle: once Foundry has loaded its translations (`i18nInit`), numbers
// follow `game.i18n.lang` and a count picks its sentence; the rules' messages reach a sheet as the
// sentence of their key, never as an English literal of the rules layer.
import { beforeAll, describe, expect, it } from "vitest";
import { loadBundle, type LoadedBundle } from "./load-bundle";
import { sheetFor, standInActor, standInItem } from "./sheet-harness";

const g = globalThis as any;
let loaded: LoadedBundle;

beforeAll(async () => {
  // A German Foundry: the stand-in loads the English strings (lang/de is checked key by key in
  // tests/unit/lang.test.ts), the numbers follow German.
  loaded = await loadBundle({
    beforeImport: () => {
      g.game.i18n.lang = "de";
    },
  });
});

/**
 * A sheet's context, as it renders. The stand-in's application base has no `_prepareContext` of its
 * own: the base of the chain gets one returning nothing, as Foundry's adds only its own keys.
 */
async function contextOf(doc: any, documentName: string) {
  const { sheet } = sheetFor(loaded, doc, documentName);
  let base = Object.getPrototypeOf(sheet);
  while (Object.getPrototypeOf(base) && Object.getPrototypeOf(base) !== Object.prototype)
    base = Object.getPrototypeOf(base);
  base._prepareContext ??= async () => ({});
  base._prepareTabs ??= () => ({});
  sheet.tabGroups ??= { primary: "inventory" };
  return sheet._prepareContext({});
}

describe("core i18n in the bundle (game.i18n.lang 'de')", () => {
  it("a 'Verses weapon's unreadable damage shows the rules' sentence beside the field", async () => {
    const actor = standInActor("verses-character", {}, "Anders");
    const { item } = standInItem(actor, {
      name: "Long Bow",
      type: "verses-weapon",
      system: {
        modes: [
          { name: "", skill: "Weapons » Bows", test: "2S@10m,30,20", damage: "2(x)", hands: 2, features: [] },
        ],
      },
    });
    const context = await contextOf(item, "Item");
    const mode = context.weapon.modes[0];
    const fields = mode.fields.concat(mode.damage);
    const problem = (suffix: string) => fields.find((f: any) => f.name.endsWith(suffix)).problem;
    expect(problem(".test")).toEqual({
      key: "POLYVERSE.Verses.ItemSheet.Problem.Test",
      detail: 'Range marks must all increase or all decrease: "2S@10m,30,20"',
    });
    expect(problem(".damage").detail).toBe('Not a damage type (b, c, p, r, s): "x" in "2(x)"');
  });

  it("weights in the inventory are written the German way (0,5 kg), counts pick their sentence", async () => {
    const actor = standInActor("verses-character", {}, "Anders");
    standInItem(actor, {
      name: "Rope",
      type: "verses-gear",
      system: { weight: 0.5, quantity: 1, carried: true },
    });
    const context = await contextOf(actor, "Actor");
    const text = JSON.stringify(context);
    expect(text).toContain('"0,5"');
    expect(text).not.toMatch(/\(s\)/);
  });
});
