// An attack's damage on a target built from the packs: Jaye in the packs' Mail (TV-36, TV-37).
import { describe, expect, it } from "vitest";
import {
  damageChange,
  damageOnTarget,
  damageSummary,
  undoChange,
  wornLayers,
} from "../../src/rulesets/verses/attack/damage-logic";
import { deriveLiving } from "../../src/rulesets/verses/data/living";
import { jayeItems } from "../lib/verses-packs";
import { livingSource } from "../lib/verses-sources";

function jaye(shield = false) {
  const items = jayeItems().map((i) =>
    i.name === "Medium Shield" ? { ...i, system: { ...i.system, worn: shield } } : i,
  );
  const source = livingSource();
  const derived = deriveLiving(source, { items, statuses: new Set(), flags: {} });
  return { ...source, ...derived, items, moribund: false };
}
const ref = { uuid: "Actor.jaye", name: "Jaye" };

describe("damage through what the target wears", () => {
  it("the worn shield stands in front of the worn armour", () => {
    expect(wornLayers(jaye(true).items).map((l) => [l.kind, l.name])).toEqual([
      ["shield", "Medium Shield"],
      ["armour", "Mail"],
    ]);
  });

  it("TV-36: a 3(s) sword at SM 2 without a six: 6(s) on the mail, 4 absorbed, 2(c) to her TUF 2: unhurt", () => {
    const r = damageOnTarget({ faces: [5, 5, 4, 1], target: 1, damage: "3(s)" }, jaye());
    expect(damageSummary(r)).toMatchObject({
      hit: true,
      incoming: 6,
      layers: [{ name: "Mail", absorbed: 4, passed: 2, bypassed: 0 }],
      hpLost: 0,
      hpAfter: 10,
      exToBind: 0,
    });
  });

  it("TV-37: a crossbow bolt 3(p) whose one success is a six bypasses the mail: 3 HP and 1 EX; Undo puts it back", () => {
    const target = jaye();
    const r = damageOnTarget({ faces: [6, 4, 2], target: 1, damage: "3(p)" }, target);
    expect(r.hpLost).toBe(3);
    const change = damageChange(ref, target, r, "msg1");
    expect(change.set).toMatchObject({ "system.hp.value": 7, "system.ad.exBound": 1 });
    expect(change.set!["flags.polyverse.lastDamage"]).toEqual({
      messageId: "msg1",
      hp: 10,
      exBound: 0,
      spent: 0,
      moribund: false,
    });
    const undo = undoChange(ref, change.set!["flags.polyverse.lastDamage"] as any, false);
    expect(undo.set).toMatchObject({ "system.hp.value": 10, "system.ad.exBound": 0 });
    expect(undo.statuses).toBeUndefined();
  });

  it('"When an actor\'s HP is reduced below 1, they receive the Moribund condition"', () => {
    const target = { ...jaye(), hp: { value: 2 } };
    const r = damageOnTarget({ faces: [6, 6, 6], target: 1, damage: "3(p)" }, target);
    const change = damageChange(ref, target, r, "msg2");
    expect(change.set!["system.hp.value"]).toBe(0);
    expect(change.statuses).toEqual([{ id: "moribund", active: true }]);
    expect(undoChange(ref, change.set!["flags.polyverse.lastDamage"] as any, true).statuses).toEqual([
      { id: "moribund", active: false },
    ]);
  });
});
