// The Maelstrom item sheet's context (sheets/item-context.ts): each type's fields, the points as a
// choice among the rules' options, a sense-bound choice as a list, and the submitted form turned
// back into the models' arrays.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeLanguage } from "../../scripts/lib/lang.mjs";
import {
  ITEM_TYPES,
  itemSheetContext,
  normaliseSubmit,
  parseLines,
  parsePointOptions,
  type FieldView,
} from "../../src/rulesets/maelstrom/sheets/item-context";
import { hasKey } from "../lib/i18n";
import { ROOT } from "../lib/paths";

const { lang } = mergeLanguage(join(ROOT, "lang", "en"));

const build = (type: string, system: Record<string, unknown>, editable = true) =>
  itemSheetContext({
    name: "Thing",
    img: "icons/svg/item-bag.svg",
    type,
    system,
    editable,
    idPrefix: "sheet-1",
  });

const fields = (context: ReturnType<typeof build>): FieldView[] => context.groups.flatMap((g) => g.fields);
const field = (context: ReturnType<typeof build>, name: string) =>
  fields(context).find((f) => f.name === name)!;

describe("the item sheet", () => {
  it("every type's labels, legends, hints and options are in lang/en", () => {
    const keys = new Set<string>();
    for (const type of ITEM_TYPES) {
      for (const system of [{}, { key: "acuteSense", pointOptions: [2, 5], points: 2 }, { key: "inept" }]) {
        const context = build(type, system);
        keys.add(context.header.typeLabel);
        keys.add(context.description.label);
        for (const group of context.groups) keys.add(group.legend);
        for (const f of fields(context)) {
          keys.add(f.label);
          if (f.hint) keys.add(f.hint);
          for (const o of f.options ?? []) if (o.localize) keys.add(o.label);
        }
      }
    }
    expect([...keys].filter((k) => !hasKey(lang, k))).toEqual([]);
  });

  it("a specialty: ability, kind and subject", () => {
    const context = build("maelstrom-specialty", { ability: "survival", kind: "general", subject: "Urban" });
    expect(fields(context).map((f) => [f.name, f.kind, f.value])).toEqual([
      ["system.ability", "select", "survival"],
      ["system.kind", "select", "general"],
      ["system.subject", "text", "Urban"],
    ]);
    expect(field(context, "system.ability").options).toHaveLength(24);
  });

  it("a merit's points are a choice among the rules' options; its sense a list", () => {
    const context = build("maelstrom-merit", {
      key: "acuteSense",
      points: 2,
      pointOptions: [2, 5],
      option: "hearing",
    });
    const points = field(context, "system.points");
    expect(points.kind).toBe("select");
    expect(points.options!.map((o) => [o.value, o.selected])).toEqual([
      ["2", true],
      ["5", false],
    ]);
    expect(field(context, "system.pointOptions").value).toBe("2, 5");
    const option = field(context, "system.option");
    expect(option.kind).toBe("select");
    expect(option.options!.map((o) => o.value)).toEqual([
      "vision",
      "hearing",
      "smell",
      "taste",
      "touch",
      "all",
    ]);
    const custom = build("maelstrom-merit", { key: "", points: 3, pointOptions: [] });
    expect(field(custom, "system.points")).toMatchObject({ kind: "number", value: 3, min: 0, max: 20 });
    expect(field(custom, "system.option").kind).toBe("text");
  });

  it("a flaw has its ability only for Inept (or a custom flaw), and whether it is in force", () => {
    const inept = build("maelstrom-flaw", { key: "inept", points: 2, ability: "driving", active: true });
    expect(field(inept, "system.ability").value).toBe("driving");
    expect(field(inept, "system.active")).toMatchObject({ kind: "checkbox", value: true });
    const phobia = build("maelstrom-flaw", { key: "phobia", points: 2 });
    expect(field(phobia, "system.ability")).toBeUndefined();
    expect(field(build("maelstrom-flaw", { key: "" }), "system.ability")).toBeDefined();
  });

  it("a weapon shows every field; armour its ratings and whether it is worn", () => {
    const weapon = build("maelstrom-weapon", { capacity: { magazine: 17, chamber: 1 }, loaded: 12 });
    expect(fields(weapon).map((f) => f.name)).toEqual([
      "system.category",
      "system.ability",
      "system.damage",
      "system.addStrength",
      "system.damageType",
      "system.ignoresReflexivePenalty",
      "system.range",
      "system.rate",
      "system.capacity.magazine",
      "system.capacity.chamber",
      "system.loaded",
      "system.key",
    ]);
    expect(field(weapon, "system.capacity.magazine").value).toBe(17);
    expect(field(weapon, "system.capacity.magazine").id).toBe("sheet-1-capacity-magazine");
    const armor = build("maelstrom-armor", { bashing: 2, lethal: 3, aggravated: 0, equipped: true });
    expect(fields(armor).map((f) => [f.name, f.value])).toEqual([
      ["system.bashing", 2],
      ["system.lethal", 3],
      ["system.aggravated", 0],
      ["system.equipped", true],
    ]);
  });

  it("an ability reference: its attributes as checkboxes, its suggestions one per line", () => {
    const context = build("maelstrom-ability", {
      key: "piloting",
      category: "skill",
      attributes: ["precision"],
      advanced: ["Zero-g"],
      general: ["Shuttles", "Docking"],
    });
    expect(field(context, "system.attributes.precision").value).toBe(true);
    expect(field(context, "system.attributes.wits").value).toBe(false);
    expect(field(context, "system.general").value).toBe("Shuttles\nDocking");
  });

  it("a read-only sheet disables every field", () => {
    expect(fields(build("maelstrom-weapon", {}, false)).every((f) => f.disabled)).toBe(true);
  });
});

describe("the submitted form", () => {
  it("reads point options and suggestions back into arrays", () => {
    expect(parsePointOptions("5, 2 ,2; 30 x 1")).toEqual([1, 2, 5]);
    expect(parseLines(" a \n\nb\r\n")).toEqual(["a", "b"]);
    expect(normaliseSubmit("maelstrom-flaw", { pointOptions: "1, 3", points: 3 })).toEqual({
      pointOptions: [1, 3],
      points: 3,
    });
    expect(
      normaliseSubmit("maelstrom-ability", {
        attributes: { strength: false, reflexes: true, precision: true },
        advanced: "A\nB",
        general: "",
      }),
    ).toEqual({ attributes: ["precision", "reflexes"], advanced: ["A", "B"], general: [] });
    expect(normaliseSubmit("maelstrom-weapon", { damage: 4 })).toEqual({ damage: 4 });
  });
});
