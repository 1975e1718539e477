import { describe, expect, it } from "vitest";
import { deriveLiving } from "../../src/rulesets/verses/data/living";
import { DOG_SOURCE, HORSE_SOURCE, livingSource, skillSource } from "../lib/verses-sources";

const actor = (items: { name: string; type: string; system: unknown }[] = [], statuses: string[] = []) => ({
  items,
  statuses: new Set(statuses),
  flags: {},
});

describe("'Verses characters' derived values (what the sheet shows)", () => {
  it("TV-C17: a Human with every attribute at 2 has AD 5, CN 12, HP 10, Max Carry 30, MV 7, SK 10", () => {
    const d = deriveLiving(livingSource(), actor());
    expect(d.species.name).toBe("Human");
    expect(d.derived).toMatchObject({ ad: 5, cn: 12, hp: 10, maxCarry: 30, mv: 7, sk: 10 });
    expect(d.hpMax).toBe(10);
    expect(d.adMax).toBe(5);
    expect(d.adAvailable).toBe(5);
    expect(d.attributePools).toEqual({ smr: 2, prw: 2, tuf: 2, soc: 2 });
  });

  it("TV-C18: Sturdy 2 with TUF 2 gives HP (2 + 2) x 5 = 20", () => {
    const sturdy = {
      name: "Sturdy",
      type: "verses-ability",
      system: { key: "sturdy", allocated: 2, extrinsic: false, exBound: 0 },
    };
    expect(deriveLiving(livingSource(), actor([sturdy])).hpMax).toBe(20);
  });

  it("TV-C19: species items with the text's formulas: Dog AD 5, CN 13, HP 6, Max Carry 10, MV 10, SK 4", () => {
    const dog = deriveLiving(
      livingSource({ attributes: { smr: 2, prw: 2, tuf: 2, soc: 3 } }),
      actor([{ name: "Dog", type: "verses-species", system: DOG_SOURCE }]),
    );
    expect(dog.speciesProblems).toEqual([]);
    expect(dog.derived).toMatchObject({ ad: 5, cn: 13, hp: 6, maxCarry: 10, mv: 10, sk: 4 });
  });

  it("TV-C19: Horse AD 5, CN 5, HP 12, Max Carry 150, MV 14, SK 2", () => {
    const horse = deriveLiving(
      livingSource({ attributes: { smr: 2, prw: 2, tuf: 3, soc: 2 } }),
      actor([{ name: "Horse", type: "verses-species", system: HORSE_SOURCE }]),
    );
    expect(horse.derived).toMatchObject({ ad: 5, cn: 5, hp: 12, maxCarry: 150, mv: 14, sk: 2 });
  });

  it("TV-C13: TUF 2 (Max Carry 30 kg) carrying 45 kg loses 1 PRW, and AD with it (3 + PRW)", () => {
    const pack = { name: "Sacks", type: "verses-gear", system: { quantity: 3, weight: 15, carried: true } };
    const d = deriveLiving(livingSource(), actor([pack]));
    expect(d.load).toMatchObject({ carried: 45, maxCarry: 30, prwPenalty: 1, exPerRound: 0 });
    expect(d.effective.prw).toBe(1);
    expect(d.derived.ad).toBe(4);
  });

  it("TV-C13: 61 kg is over twice Max Carry: -2 PRW and 1 EX per round; stored items weigh nothing", () => {
    const load = { name: "Anvil", type: "verses-gear", system: { quantity: 1, weight: 61, carried: true } };
    const stored = {
      name: "Chest",
      type: "verses-gear",
      system: { quantity: 1, weight: 100, carried: false },
    };
    expect(deriveLiving(livingSource(), actor([load, stored])).load).toMatchObject({
      carried: 61,
      prwPenalty: 2,
      exPerRound: 1,
    });
  });

  it("Stunned: AD -4 and PRW- and SMR-related tests -2 dice; Unconscious: AD 0 ('Status Conditions')", () => {
    const stunned = deriveLiving(livingSource(), actor([], ["stunned"]));
    expect(stunned.adMax).toBe(1);
    expect(stunned.attributePools).toEqual({ smr: 0, prw: 0, tuf: 2, soc: 2 });
    expect(stunned.forbidden).toHaveProperty("dodge");
    expect(deriveLiving(livingSource(), actor([], ["unconscious"])).adMax).toBe(0);
  });

  it("spent, EX-bound and reserved AD leave the rest available", () => {
    const d = deriveLiving(
      livingSource({ ad: { spent: 1, exBound: 1, reserved: { await: 0, dodge: 2, parry: 0 } } }),
      actor(),
    );
    expect(d.adAvailable).toBe(1);
  });

  it("Active Effects: an attribute change and an AD bonus feed every derived value", () => {
    const d = deriveLiving(
      livingSource({
        modifiers: {
          ad: 1,
          hp: 0,
          attributes: { smr: 0, prw: 1, tuf: 0, soc: 0 },
          dice: { smr: 0, prw: 0, tuf: 0, soc: 0, all: 1 },
        },
      }),
      actor(),
    );
    expect(d.derived.ad).toBe(6); // 3 + PRW 3
    expect(d.adMax).toBe(7);
    expect(d.attributePools.prw).toBe(4);
  });

  it("Skillfulness counts allocated skills against SK = SMR x 5", () => {
    const skills = ["Swords", "Biology", "Dance"].map((name, i) => ({
      name,
      type: "verses-skill",
      system: skillSource({ skill: name, allocated: i === 2 ? 0 : 1 }),
    }));
    expect(deriveLiving(livingSource(), actor(skills)).skillfulness).toEqual({ used: 2, allowed: 10 });
  });

  it("the Human's species Language die counts against SK unless the world says not (skillfulnessSpeciesLanguage)", () => {
    const items = [
      {
        name: "Language » Common",
        type: "verses-skill",
        system: skillSource({
          skill: "Language",
          spec: "Common",
          repeatable: true,
          allocated: 1,
          fromSpecies: true,
        }),
      },
      { name: "Biology", type: "verses-skill", system: skillSource({ skill: "Biology", allocated: 1 }) },
    ];
    expect(deriveLiving(livingSource(), actor(items)).skillfulness).toEqual({ used: 2, allowed: 10 });
    expect(
      deriveLiving(livingSource(), actor(items), { skillfulness: { countSpeciesSkills: false } })
        .skillfulness,
    ).toEqual({ used: 1, allowed: 10 });
  });

  it("a species formula that does not parse is reported, and the Human formula stands in", () => {
    const broken = { ...DOG_SOURCE, derived: { ...DOG_SOURCE.derived, hp: "TUF times three" } };
    const d = deriveLiving(livingSource(), actor([{ name: "Dog", type: "verses-species", system: broken }]));
    expect(d.speciesProblems).toHaveLength(1);
    expect(d.derived.hp).toBe(10);
  });
});

describe("the token's AD bar", () => {
  const source = livingSource({ ad: { spent: 1, exBound: 0, reserved: { await: 0, dodge: 0, parry: 0 } } });
  it("setting the bar to a value spends or recovers the difference (available 4 of AD 5, 1 spent)", async () => {
    const { adSpentForBar } = await import("../../src/rulesets/verses/data/living");
    expect(adSpentForBar(source, 4, 2, false)).toBe(3);
    expect(adSpentForBar(source, 4, -1, true)).toBe(2);
    expect(adSpentForBar(source, 4, 5, false)).toBe(0);
    expect(adSpentForBar(source, 4, 9, false)).toBe(0);
    expect(adSpentForBar(source, 4, -3, false)).toBe(5);
  });
});

describe('\'Verses armour on the wearer ("Armor & Shields", Armor » Heavy)', () => {
  const armour = (name: string, cls: string, prwPenalty: number, worn = true) => ({
    name,
    type: "verses-armour",
    system: { class: cls, prwPenalty, worn, weight: 0, quantity: 1, carried: true },
  });
  const skill = (name: string, allocated: number) => ({
    name,
    type: "verses-skill",
    system: skillSource({ skill: "Armor", spec: name.split(" » ")[1]!, allocated, difficulty: 3 }),
  });

  it("TV-C16: Mail worn with Armor » Medium unallocated: −2 dice to all PRW-related tests", () => {
    const d = deriveLiving(livingSource(), actor([armour("Mail", "medium", 0)]));
    expect(d.armour).toEqual({ prwPenalty: 0, unskilledDice: 2, unskilled: ["medium"] });
    expect(d.attributePools).toEqual({ smr: 2, prw: 0, tuf: 2, soc: 2 });
    const skilled = deriveLiving(
      livingSource(),
      actor([armour("Mail", "medium", 0), skill("Armor » Medium", 1)]),
    );
    expect(skilled.attributePools.prw).toBe(2);
  });

  it("TV-C15: Plate (PRW −2) with Armor » Heavy 4 costs 1 PRW, and the AD derived from it (3 + PRW)", () => {
    const attributes = { smr: 2, prw: 3, tuf: 2, soc: 2 };
    const at4 = deriveLiving(
      livingSource({ attributes }),
      actor([armour("Plate", "heavy", -2), skill("Armor » Heavy", 4)]),
    );
    expect(at4.armour.prwPenalty).toBe(1);
    expect(at4.effective.prw).toBe(2);
    expect(at4.derived.ad).toBe(5);
    const at5 = deriveLiving(
      livingSource({ attributes }),
      actor([armour("Plate", "heavy", -2), skill("Armor » Heavy", 5)]),
    );
    expect(at5.effective.prw).toBe(3);
  });

  it("armour carried but not worn costs nothing; the 'unskilled' reading spares skilled wearers", () => {
    expect(deriveLiving(livingSource(), actor([armour("Plate", "heavy", -2, false)])).armour.prwPenalty).toBe(
      0,
    );
    const skilled = actor([armour("Plate", "heavy", -2), skill("Armor » Heavy", 1)]);
    expect(deriveLiving(livingSource(), skilled).armour.prwPenalty).toBe(2);
    expect(deriveLiving(livingSource(), skilled, { armourPenalty: "unskilled" }).armour.prwPenalty).toBe(0);
  });
});
