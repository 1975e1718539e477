// An attack's damage on a target built from the packs' own entries: Jaye in the packs' Mail, with the
// packs' Medium Shield (TV-36, TV-37). The card's logic is tested in verses-attack-logic.test.ts with
// hand-made armour; this checks the same numbers come out of the compendium's items.
import { describe, expect, it } from "vitest";
import {
  NO_COVER,
  bodyLayer,
  defenderArmour,
  protectiveLayers,
  type DefenderData,
} from "../../src/rulesets/verses/attack/defender-logic";
import { deriveLiving } from "../../src/rulesets/verses/data/living";
import { newAdRound, resolveDamage } from "../../src/rulesets/verses/rules";
import { jayeItems } from "../lib/verses-packs";
import { livingSource } from "../lib/verses-sources";

function jaye(shield = false): DefenderData {
  const items = jayeItems().map((i) =>
    i.name === "Medium Shield" ? { ...i, system: { ...i.system, worn: shield } } : i,
  );
  const source = livingSource();
  const derived = deriveLiving(source, { items, statuses: new Set(), flags: {} });
  return {
    name: "Jaye",
    kind: "biological",
    tuf: derived.effective.tuf,
    hp: source.hp.value,
    abilities: [],
    armour: defenderArmour(items as never),
    conditions: [],
    ad: newAdRound(derived.adMax),
  };
}

const hit = (target: DefenderData, faces: number[], amount: number, type: "s" | "p") =>
  resolveDamage(
    { kind: "roll", faces, target: 1, perSM: { amount, type } },
    protectiveLayers(NO_COVER, target),
    bodyLayer(target),
  );

describe("damage through what the target wears, from the packs", () => {
  it("the wielded shield stands in front of the worn armour; an unworn shield is not a layer", () => {
    expect(protectiveLayers(NO_COVER, jaye(true)).map((l) => [l.kind, l.name])).toEqual([
      ["shield", "Medium Shield"],
      ["armour", "Mail"],
    ]);
    expect(protectiveLayers(NO_COVER, jaye(false)).map((l) => l.name)).toEqual(["Mail"]);
  });

  it("TV-36: a 3(s) sword at SM 2 without a six: 6(s) on the mail, 4 absorbed, 2(c) to her TUF 2: unhurt", () => {
    const target = jaye();
    expect(target.tuf).toBe(2);
    const r = hit(target, [5, 5, 4, 1], 3, "s");
    expect(r.layers[0]).toMatchObject({ name: "Mail", absorbed: 4 });
    expect(r.body.damageTaken).toBe(0);
    expect(r.body.hpAfter).toBe(10);
    expect(r.exToBind).toBe(0);
  });

  it("TV-37: a crossbow bolt 3(p) whose one success is a six bypasses the mail: 3 HP and 1 EX", () => {
    const r = hit(jaye(), [6, 4, 2], 3, "p");
    expect(r.layers[0]!.bypassed.filter((a) => a.amount > 0)).toEqual([{ amount: 3, type: "p" }]);
    expect(r.body.damageTaken).toBe(3);
    expect(r.body.hpAfter).toBe(7);
    expect(r.exToBind).toBe(1);
  });
});
