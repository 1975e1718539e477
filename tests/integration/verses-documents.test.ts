// Every 'Verses document type created through the built bundle's own data models (against the
// recording stand-in), with derived values checked against the Core text's examples.
import { beforeAll, describe, expect, it } from "vitest";
import { DOG_SOURCE, skillSource } from "../lib/verses-sources";
import { loadBundle } from "./load-bundle";

const g = globalThis as any;

beforeAll(async () => {
  await loadBundle();
});

function item(type: string, name: string, system: Record<string, unknown> = {}) {
  return new g.CONFIG.Item.documentClass({ name, type, system });
}

function actor(
  type: string,
  name: string,
  system: Record<string, unknown>,
  items: any[] = [],
  statuses: string[] = [],
) {
  const a = new g.CONFIG.Actor.documentClass({ name, type, system, items });
  a.statuses = new Set(statuses);
  a.prepareData();
  return a;
}

describe("'Verses items validate and keep what the rules need", () => {
  it("every item type builds with its defaults", () => {
    for (const type of [
      "verses-skill",
      "verses-ability",
      "verses-weapon",
      "verses-armour",
      "verses-ammunition",
      "verses-gear",
      "verses-species",
    ]) {
      expect(item(type, type).system, type).toBeDefined();
    }
  });
  it("a weapon keeps its modes, features and the text's strings (the Rapier: 1S, 2(p) or 1(s), Parry(2))", () => {
    const rapier = item("verses-weapon", "Rapier", {
      tec: 1,
      weight: 1,
      value: 600,
      modes: [
        {
          skill: "Weapons » Swords",
          test: "1S",
          damage: "2(p) or 1(s)",
          hands: 1,
          features: [{ name: "Parry", value: "2" }],
        },
      ],
    });
    expect(rapier.system.modes[0]).toMatchObject({
      test: "1S",
      damage: "2(p) or 1(s)",
      features: [{ name: "Parry", value: "2" }],
    });
  });
  it("refuses out-of-range values with a clear message (a skill allocated 6 dice; an armour's positive PRW penalty)", () => {
    expect(() => item("verses-skill", "Swords", { allocated: 6 })).toThrow(/allocated/);
    expect(() => item("verses-armour", "Plate", { prwPenalty: 2 })).toThrow(/prwPenalty/);
  });
  it("migrates the text's weights on load: '600g' is 0.6 kg", () => {
    expect(item("verses-gear", "Rope", { weight: "600g" }).system.weight).toBe(0.6);
  });
});

describe("'Verses characters and creatures", () => {
  it("TV-C17: a Human with every attribute at 2 has AD 5, CN 12, HP 10, Max Carry 30, MV 7, SK 10; bars read them", () => {
    const anders = actor("verses-character", "Anders", { attributes: { smr: 2, prw: 2, tuf: 2, soc: 2 } });
    expect(anders.system.derived).toMatchObject({ ad: 5, cn: 12, hp: 10, maxCarry: 30, mv: 7, sk: 10 });
    expect(anders.system.hp).toMatchObject({ value: 10, max: 10 });
    expect(anders.system.ad).toMatchObject({ value: 5, max: 5 });
  });
  it("a core attribute is never set to 0: the model refuses it", () => {
    expect(() =>
      actor("verses-character", "Nobody", { attributes: { smr: 0, prw: 2, tuf: 2, soc: 2 } }),
    ).toThrow(/smr/);
  });
  it("TV-C19: the Dog from its species item: AD 5, CN 13, HP 6, Max Carry 10, MV 10, SK 4", () => {
    const species = { name: "Dog", type: "verses-species", system: DOG_SOURCE };
    const dog = actor("verses-creature", "Dog", { attributes: { smr: 2, prw: 2, tuf: 2, soc: 3 } }, [
      species,
    ]);
    expect(dog.system.derived).toMatchObject({ ad: 5, cn: 13, hp: 6, maxCarry: 10, mv: 10, sk: 4 });
  });
  it("Stunned: AD 5 - 4 = 1 and the actor may not Dodge", () => {
    const stunned = actor("verses-character", "Benny", {}, [], ["stunned"]);
    expect(stunned.system.adMax).toBe(1);
    expect(stunned.system.forbidden).toHaveProperty("dodge");
  });
  it("skills from items: Skillfulness counts allocated skills", () => {
    const skills = ["Swords", "Biology"].map((n) => ({
      name: n,
      type: "verses-skill",
      system: skillSource({ skill: n, allocated: 1 }),
    }));
    expect(actor("verses-character", "Tam", {}, skills).system.skillfulness).toEqual({
      used: 2,
      allowed: 10,
    });
  });
});

describe("vehicles and societies", () => {
  it("a Cart and a society build with their ratings", () => {
    expect(actor("verses-vehicle", "Cart", { tuf: 2, hp: { value: 10, max: 10 } }).system.tuf).toBe(2);
    expect(actor("verses-society", "Harbour Town", { jst: 3, pop: 4 }).system).toMatchObject({
      jst: 3,
      pop: 4,
    });
    expect(() => actor("verses-society", "Nowhere", { pop: 0 })).toThrow(/pop/);
  });
});
