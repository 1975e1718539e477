// The Xero Sum item sheet's context (sheets/item-context.ts), Foundry-free: each type's fields, a
// weapon's characteristics and equipment's bonuses as rows (added, removed, read back from the form),
// a profession's skills ticked and read back in their order, a paradigm's RAPID Range and skills with
// the tables' labels and only the values each may hold.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeLanguage } from "../../scripts/lib/lang.mjs";
import {
  ITEM_TYPES,
  addRow,
  itemSheetContext,
  normaliseSubmit,
  removeRow,
} from "../../src/rulesets/xero-sum/sheets/item-context";
import { PROFESSIONS } from "../../src/rulesets/xero-sum/rules";
import { hasKey } from "../lib/i18n";
import { ROOT as REPO } from "../lib/paths";
import { adaItems } from "../lib/xero-sum-sheet-sources";

const { lang } = mergeLanguage(join(REPO, "lang", "en"));
const english = (key: string, data?: Record<string, string>) => {
  const text = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], lang);
  return String(text ?? key).replace(/\{(\w+)\}/g, (m, k: string) => data?.[k] ?? m);
};

function context(
  type: string,
  system: Record<string, unknown>,
  options: { editable?: boolean; localize?: (key: string, data?: Record<string, string>) => string } = {},
) {
  return itemSheetContext(
    { name: "Thing", img: "", type, system, editable: options.editable ?? true, idPrefix: "t" },
    options.localize ?? english,
  );
}
const item = (id: string) => adaItems().find((i) => i.id === id)!.system;
const fields = (c: ReturnType<typeof context>) => c.groups.flatMap((g) => g.fields);

describe("the Xero Sum item sheet", () => {
  it("shows a weapon's columns, ammunition and state, its characteristics as rows", () => {
    const c = context("xero-sum-weapon", item("sledge"));
    expect(fields(c).map((f) => f.name)).toEqual([
      "system.category",
      "system.skill",
      "system.range",
      "system.weaponClass",
      "system.damage.base",
      "system.damage.dice",
      "system.rpPercent",
      "system.enc",
      "system.rarity",
      "system.quantity",
      "system.key",
      "system.ammo.clip",
      "system.ammo.loaded",
      "system.ammo.reloads",
      "system.ammo.rarity",
      "system.condition",
      "system.readied",
      "system.jammed",
      "system.equipped",
      "system.scoped",
    ]);
    expect(fields(c).find((f) => f.name === "system.condition")?.value).toBe("broken");
    expect(c.rows?.list).toBe("characteristics");
    expect(c.rows?.rows.map((r) => r.controls.map((x) => [x.name, x.value]))).toEqual([
      [
        ["system.characteristics.0.key", "cumbersome"],
        ["system.characteristics.0.value", 2],
      ],
      [
        ["system.characteristics.1.key", "unwieldy"],
        ["system.characteristics.1.value", 1],
      ],
    ]);
    expect(c.rows?.rows[0]?.controls[0]?.options).toHaveLength(8);
    expect(c.rows?.rows[0]?.removeLabel).toBe("Remove Cumbersome");
  });

  it("shows equipment's columns, charges and healing, its bonuses as rows", () => {
    const c = context("xero-sum-equipment", item("binoculars"));
    expect(fields(c).map((f) => f.name)).toContain("system.heal.dice");
    expect(c.rows?.list).toBe("bonuses");
    const [target, value, when] = c.rows!.rows[0]!.controls;
    expect([target?.value, value?.value, when?.value]).toEqual(["perception", 1, "longOrDistant"]);
    // The 24 skills and perception, encumbrance, initiative.
    expect(target?.options).toHaveLength(27);
    expect(target?.options?.find((o) => o.value === "stealth")?.label).toBe("Stealth");
  });

  it("adds and removes rows; other types have none", () => {
    const sledge = item("sledge");
    expect(addRow("xero-sum-weapon", sledge)).toEqual({
      path: "system.characteristics",
      value: [...(sledge.characteristics as unknown[]), { key: "tracking", value: 0 }],
    });
    expect(addRow("xero-sum-equipment", { bonuses: [] })?.value).toEqual([
      { target: "perception", value: 1, context: "" },
    ]);
    expect(removeRow("xero-sum-weapon", sledge, 0)?.value).toEqual([{ key: "unwieldy", value: 1 }]);
    expect(removeRow("xero-sum-weapon", sledge, 2)).toBeNull();
    expect(addRow("xero-sum-profession", {})).toBeNull();
  });

  it("reads the rows back from the form as arrays", () => {
    expect(
      normaliseSubmit("xero-sum-weapon", {
        characteristics: { 1: { key: "unwieldy", value: "1" }, 0: { key: "cumbersome", value: 2 } },
      }).characteristics,
    ).toEqual([
      { key: "cumbersome", value: 2 },
      { key: "unwieldy", value: 1 },
    ]);
    expect(
      normaliseSubmit("xero-sum-equipment", { bonuses: { 0: { target: "stealth", value: 1, context: "" } } })
        .bonuses,
    ).toEqual([{ target: "stealth", value: 1, context: "" }]);
    expect(normaliseSubmit("xero-sum-weapon", { enc: 2 })).toEqual({ enc: 2 });
  });

  it("ticks a profession's skills and reads them back, those it held keeping their order", () => {
    const skills = [...PROFESSIONS.profession1];
    const c = context("xero-sum-profession", { key: "profession1", skills });
    const ticked = c.profession!.groups.flatMap((g) => g.skills.filter((s) => s.checked).map((s) => s.name));
    expect(ticked.sort()).toEqual(skills.map((s) => `system.skills.${s}`).sort());
    expect(c.profession!.count).toContain("7");
    const form = Object.fromEntries(
      ["farming", "medicine", "research", "survival", "tactics", "psychology", "athletics"].map((s) => [
        s,
        true,
      ]),
    );
    // General Knowledge unticked, Athletics ticked: the rest keep Table 8's order, Athletics follows.
    expect(normaliseSubmit("xero-sum-profession", { skills: form }, { skills }).skills).toEqual([
      "farming",
      "medicine",
      "psychology",
      "research",
      "tactics",
      "survival",
      "athletics",
    ]);
  });

  it("offers a paradigm's attributes and skills with Table 2's and 3's labels, legal values only", () => {
    const c = context("xero-sum-paradigm", {
      attributes: { rsn: 2, acu: 0, phy: 0, inf: 0, dex: 0 },
      skills: { tactics: -3, medicine: 3 },
    });
    const by = (name: string) => fields(c).find((f) => f.name === name)!;
    expect(by("system.attributes.rsn").options?.find((o) => o.selected)?.label).toBe("+2 Strong");
    expect(by("system.attributes.rsn").dtype).toBe("Number");
    expect(by("system.skills.tactics").options?.map((o) => o.value)).toEqual(["-3", "1", "2", "3", "4"]);
    expect(by("system.skills.medicine").options?.find((o) => o.selected)?.label).toBe("+3 Professional");
    expect(by("system.skills.athletics").options?.map((o) => o.value)).toEqual(["0", "1", "2", "3", "4"]);
    expect(c.dropNote).toBe("POLYVERSE.XeroSum.Sheet.ItemSheet.DropNote.paradigm");
  });

  it("disables every control of a locked item", () => {
    const c = context("xero-sum-weapon", item("rifle"), { editable: false });
    expect(fields(c).every((f) => f.disabled)).toBe(true);
    expect(c.rows?.editable).toBe(false);
  });

  it("labels every field, option, legend and row with keys the language files have", () => {
    const samples: Record<string, Record<string, unknown>> = {
      "xero-sum-weapon": item("sledge"),
      "xero-sum-equipment": item("binoculars"),
      "xero-sum-profession": { skills: ["athletics"] },
      "xero-sum-paradigm": { attributes: {}, skills: {} },
    };
    const keys: string[] = [];
    const recorded = (key: string, data?: Record<string, string>) => {
      keys.push(key);
      return english(key, data);
    };
    for (const type of ITEM_TYPES) {
      const c = context(type, samples[type]!, { localize: recorded });
      keys.push(c.header.typeLabel, c.description.label, ...(c.dropNote ? [c.dropNote] : []));
      for (const group of c.groups) {
        keys.push(group.legend);
        for (const f of group.fields) {
          keys.push(f.label, ...(f.hint ? [f.hint] : []));
          for (const o of f.options ?? []) if (o.localize) keys.push(o.label);
        }
      }
      if (c.rows)
        keys.push(c.rows.legend, c.rows.empty, ...c.rows.columns, ...(c.rows.hint ? [c.rows.hint] : []));
      for (const g of c.profession?.groups ?? []) keys.push(g.legend, ...g.skills.map((s) => s.label));
    }
    expect(keys.filter((k) => !hasKey(lang, k))).toEqual([]);
  });
});
