// The Tales item sheet's context (sheets/item-context.ts), Foundry-free: every field of each of the
// nine item types, a template's slots as readable lines, and the form's lists read back; every label
// is a key the language files have.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeLanguage } from "../../scripts/lib/lang.mjs";
import {
  ITEM_TYPES,
  itemSheetContext,
  normaliseSubmit,
  parseNumbers,
  parseWords,
} from "../../src/rulesets/tales/sheets/item-context";
import { hasKey } from "../lib/i18n";
import { ROOT as REPO } from "../lib/paths";
import { inesItems } from "../lib/tales-sheet-sources";

const { lang } = mergeLanguage(join(REPO, "lang", "en"));

const context = (type: string, system: Record<string, unknown>, editable = true) =>
  itemSheetContext({ name: "Thing", img: "", type, system, editable, idPrefix: "x" });

const names = (ctx: ReturnType<typeof context>) => ctx.groups.flatMap((g) => g.fields.map((f) => f.name));
const item = (id: string) => inesItems().find((i) => i.id === id)!;

describe("the Tales item sheet", () => {
  it("shows every field of each type", () => {
    expect(names(context("tales-skill", {}))).toEqual(["system.key", "system.group", "system.specialised"]);
    expect(names(context("tales-advantage", item("dream").system))).toEqual([
      "system.key",
      "system.level",
      "system.levelOptions",
      "system.variable",
      "system.skill",
      "system.option",
      "system.source",
      "system.pool",
    ]);
    expect(names(context("tales-disadvantage", item("phobia").system)).slice(-2)).toEqual([
      "system.illegal",
      "system.active",
    ]);
    expect(names(context("tales-weapon", item("pistol").system))).toEqual([
      "system.damage",
      "system.damageNote",
      "system.modifier",
      "system.skill",
      "system.attribute",
      "system.broken",
      "system.traits.auto",
      "system.traits.range",
      "system.traits.reach",
      "system.traits.clumsy",
      "system.traits.entangle",
      "system.traits.fragile",
      "system.traits.heavy",
      "system.traits.incendiary",
      "system.traits.splitDamage",
      "system.traits.spray",
      "system.key",
      "system.group",
      "system.rarity",
      "system.cost",
      "system.costNote",
      "system.quantity",
      "system.equipped",
    ]);
    expect(names(context("tales-armour", item("jacket").system)).slice(0, 7)).toEqual([
      "system.protection",
      "system.modifier",
      "system.traits.heavy",
      "system.traits.cumbersome",
      "system.traits.gasMask",
      "system.traits.radiationCounter",
      "system.traits.restrictive",
    ]);
    // A medical kit is tools: neither a vehicle's fields nor a poison's.
    expect(names(context("tales-gear", item("medkit").system))).toEqual([
      "system.category",
      "system.skill",
      "system.key",
      "system.group",
      "system.rarity",
      "system.cost",
      "system.costNote",
      "system.quantity",
      "system.equipped",
    ]);
    expect(names(context("tales-text", item("manual").system))).toEqual([
      "system.kind",
      "system.points",
      "system.skill",
      "system.flaws",
    ]);
    expect(names(context("tales-sanctuary", item("flat").system))).toEqual([
      "system.key",
      "system.category",
      "system.cost",
      "system.extra",
      "system.perSharer",
    ]);
    expect(names(context("tales-template", item("combatantHobby").system))).toEqual([
      "system.kind",
      "system.group",
      "system.tier",
      "system.cost",
    ]);
  });

  it("shows a vehicle's fields only on a vehicle, a poison's only on a poison", () => {
    const medkit = item("medkit").system;
    const gear = (category: string, extra: Record<string, unknown> = {}) =>
      context("tales-gear", { ...medkit, category, ...extra });
    const vehicleFields = [
      "system.vehicle.speed",
      "system.vehicle.range",
      "system.vehicle.extraCargo",
      "system.vehicle.extraSeats",
      "system.vehicle.hiddenCompartments",
      "system.vehicle.aircraft",
    ];
    for (const category of ["consumerVehicle", "commercialVehicle"]) {
      expect(names(gear(category)).slice(-6)).toEqual(vehicleFields);
      expect(names(gear(category))).not.toContain("system.poison.rating");
    }
    for (const category of ["nonLethalPoison", "deadlyPoison"]) {
      expect(names(gear(category)).slice(-2)).toEqual(["system.poison.rating", "system.poison.strong"]);
      expect(names(gear(category))).not.toContain("system.vehicle.speed");
    }
    for (const category of ["tools", "stuff", "clothes", "pet", "eliteGear", "courtClothes"]) {
      expect(names(gear(category)).filter((n) => /vehicle|poison/.test(n))).toEqual([]);
    }
  });

  it("adds up a vehicle's cost by the text's calculator", () => {
    const car = (vehicle: Record<string, unknown>, category = "consumerVehicle") =>
      context("tales-gear", { category, vehicle }).groups.at(-1)!.note;
    // The consumer car: 100 km/h (3) + range 200 km (3) + two extra seats (1) = 7.
    expect(car({ speed: 3, range: 3, extraCargo: 0, extraSeats: 1 })).toEqual({
      key: "POLYVERSE.Tales.Sheet.ItemSheet.VehicleCost.ok",
      value: "7",
    });
    // 20 km/h alone is 1, raised to the consumer category's floor of 2.
    expect(car({ speed: 1 })!.value).toBe("2");
    // A commercial aircraft: 1000 km/h (6) + 5000 km (7) + aircraft (2) = 15, the category's maximum.
    expect(car({ speed: 6, range: 7, aircraft: true }, "commercialVehicle")!.value).toBe("15");
    expect(car({ speed: 6, range: 7, aircraft: true, hiddenCompartments: 1 }, "commercialVehicle")).toEqual({
      key: "POLYVERSE.Tales.Sheet.ItemSheet.VehicleCost.tooExpensive",
      value: "15",
    });
    // A consumer vehicle cannot be an aircraft, nor go beyond 200 km.
    expect(car({ speed: 2, aircraft: true })!.key).toMatch(/commercialOnly$/);
    expect(car({ speed: 2, range: 4 })!.key).toMatch(/commercialOnly$/);
    // 500 km/h is an aircraft's speed.
    expect(car({ speed: 5 }, "commercialVehicle")!.key).toMatch(/tooFast$/);
    // No speed chosen: no cost to show.
    expect(car({ speed: 0 })).toBeUndefined();
  });

  it("reads the stored values into the fields; a locked item's fields are disabled", () => {
    const pistol = context("tales-weapon", item("pistol").system, false);
    const byName = Object.fromEntries(pistol.groups.flatMap((g) => g.fields).map((f) => [f.name, f]));
    expect(byName["system.damage"]!.value).toBe(4);
    expect(byName["system.traits.range"]!.value).toBe(15);
    expect(byName["system.skill"]!.options!.find((o) => o.selected)!.value).toBe("firearms");
    expect(byName["system.equipped"]!.value).toBe(true);
    expect(Object.values(byName).every((f) => f.disabled)).toBe(true);
  });

  it("shows a template's slots as lines: skills with their choice, connections, traits with their skills", () => {
    const hobby = context("tales-template", item("combatantHobby").system).slots!;
    expect(hobby.skills.at(-1)).toEqual({
      names: ["POLYVERSE.Tales.Skill.swimming", "POLYVERSE.Tales.Skill.dodge"],
      count: 1,
      level: 1,
      choice: true,
    });
    const grunt = context("tales-template", item("militaryGrunt").system).slots!;
    expect(grunt.connections).toEqual([
      { name: "POLYVERSE.Tales.Connection.allies", level: 1 },
      { name: "POLYVERSE.Tales.Connection.wealth", level: 1 },
    ]);
    expect(grunt.advantages[0]!.options[0]!.skills).toHaveLength(4);
    expect(context("tales-gear", {}).slots).toBeNull();
  });

  it("turns the list fields back into lists", () => {
    expect(parseNumbers("4, 10; 4 x 31")).toEqual([4, 10]);
    expect(parseWords("addiction, cursed ,")).toEqual(["addiction", "cursed"]);
    expect(normaliseSubmit("tales-advantage", { levelOptions: "3, 6" })).toEqual({ levelOptions: [3, 6] });
    expect(normaliseSubmit("tales-text", { flaws: "cursed" })).toEqual({ flaws: ["cursed"] });
    expect(normaliseSubmit("tales-gear", { flaws: "x" })).toEqual({ flaws: "x" });
    const phobia = context("tales-disadvantage", { ...item("phobia").system, levelOptions: [3, 6] });
    expect(phobia.groups[0]!.fields.find((f) => f.name === "system.levelOptions")!.value).toBe("3, 6");
  });

  it("labels every field, option, legend and slot with keys the language files have", () => {
    const keys: string[] = [];
    for (const type of ITEM_TYPES) {
      const source = inesItems().find((i) => i.type === type)?.system ?? {};
      const ctx = context(type, source);
      keys.push(ctx.header.typeLabel, ctx.description.label);
      for (const group of ctx.groups) {
        keys.push(group.legend, ...(group.note ? [group.note.key] : []));
        for (const field of group.fields) {
          keys.push(field.label, ...(field.hint ? [field.hint] : []));
          for (const option of field.options ?? []) if (option.localize) keys.push(option.label);
        }
      }
      if (ctx.slots) {
        keys.push(...ctx.slots.skills.flatMap((s) => s.names), ...ctx.slots.connections.map((c) => c.name));
        for (const slot of [...ctx.slots.advantages, ...ctx.slots.disadvantages])
          keys.push(...slot.options.flatMap((o) => [o.name, ...o.skills]));
      }
    }
    expect([...new Set(keys)].filter((k) => !hasKey(lang, k))).toEqual([]);
  });
});
