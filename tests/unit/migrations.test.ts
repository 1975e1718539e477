import { describe, expect, it } from "vitest";
import {
  migrateDocuments,
  parseDecimal,
  parseMassKg,
  sourceDiff,
  type MigratableDocument,
} from "../../src/core/migrations";
import { VERSES_MIGRATIONS, migrateVerses } from "../../src/rulesets/verses/data/migrations";
import { boundLivingUpdate, jointProblems, weaponCapacity } from "../../src/rulesets/verses/data/bounds";
import { blankWeaponMode } from "../../src/rulesets/verses/data/weapon-modes";

function doc(name: string, type: string, stored: Record<string, unknown>, fail = false) {
  const updates: unknown[] = [];
  const d: MigratableDocument & { updates: unknown[] } = {
    name,
    type,
    stored,
    updates,
    async update(changes) {
      if (fail) throw new Error("locked");
      updates.push(changes);
    },
  };
  return d;
}

describe("the world migration", () => {
  it("saves only the difference of documents whose stored data changes; one failure does not stop the rest", async () => {
    const unchanged = doc("Longsword", "verses-weapon", { weight: 1.5, value: 40 });
    const changed = doc("Rapier", "verses-weapon", { weight: "1kg", value: 600 });
    const broken = doc("Locked", "verses-weapon", { weight: "600g" }, true);
    const after = doc("Smallsword", "verses-weapon", { weight: "1,000g" });
    const report = await migrateDocuments([unchanged, changed, broken, after], migrateVerses);
    expect(unchanged.updates).toEqual([]);
    expect(changed.updates).toEqual([{ "system.weight": 1 }]); // value: 600 is not sent again
    expect(after.updates).toEqual([{ "system.weight": 1 }]);
    expect(report).toEqual({
      migrated: ["Rapier", "Smallsword"],
      failed: [{ name: "Locked", error: "locked" }],
    });
    expect(broken.stored).toEqual({ weight: "600g" }); // left as it was
  });

  it("removes with -= only the keys a migration removed; a token's delta is saved under delta.system", async () => {
    const anders = doc("Anders", "verses-character", {
      hp: { value: 7, max: 10 },
      ad: { value: 3, max: 5 },
      attributes: { smr: { value: 3, max: 5 }, prw: 2 },
      custom: { kept: true }, // not the system's, but not the migration's to remove either
    });
    const token = {
      ...doc("Guard (Harbour)", "verses-character", { hp: { value: "4", max: 9 } }),
      path: "delta.system",
    };
    await migrateDocuments([anders, token], migrateVerses);
    expect(anders.updates).toEqual([
      {
        "system.hp.-=max": null,
        "system.ad.spent": 2,
        "system.ad.-=value": null,
        "system.ad.-=max": null,
        "system.attributes.smr": 3,
      },
    ]);
    expect(token.updates).toEqual([{ "delta.system.hp.value": 4, "delta.system.hp.-=max": null }]);
  });

  it("reads documents from an async source too (compendium indexes)", async () => {
    const gear = doc("Rope", "verses-gear", { weight: "1.000 g" });
    async function* pack() {
      yield gear;
    }
    expect((await migrateDocuments(pack(), migrateVerses)).migrated).toEqual(["Rope"]);
    expect(gear.updates).toEqual([{ "system.weight": 1 }]);
  });
});

describe("sourceDiff", () => {
  it("flattens changed leaves, sends arrays whole, adds new keys, and marks removed ones", () => {
    expect(
      sourceDiff(
        { a: { b: 1, c: 2 }, list: [1, 2], gone: 1, same: { x: [1] } },
        { a: { b: 1, c: 3 }, list: [1, 2, 3], added: { y: 1 }, same: { x: [1] } },
        "system",
      ),
    ).toEqual({ "system.a.c": 3, "system.list": [1, 2, 3], "system.added": { y: 1 }, "system.-=gone": null });
    expect(sourceDiff({ a: 1 }, { a: 1 }, "system")).toEqual({});
    expect(sourceDiff({ smr: { value: 3 } }, { smr: 3 })).toEqual({ smr: 3 });
  });
});

describe("'Verses shape migrations", () => {
  it('weights as the Core text lists them ("600g", "1kg") become kilograms; other text is left for validation', () => {
    expect(migrateVerses("verses-gear", { weight: "600g" })).toEqual({ weight: 0.6 });
    expect(migrateVerses("verses-armour", { weight: "12kg", carriedWeight: "6 kg" })).toEqual({
      weight: 12,
      carriedWeight: 6,
    });
    expect(migrateVerses("verses-gear", { weight: "heavy" })).toEqual({ weight: "heavy" });
    expect(migrateVerses("verses-skill", { weight: "600g" })).toEqual({ weight: "600g" });
  });
  it("weights with thousands separators: 1,000g and 1.000 g are 1 kg, 1.5 kg stays 1.5 kg", () => {
    expect(migrateVerses("verses-gear", { weight: "1,000g" })).toEqual({ weight: 1 });
    expect(migrateVerses("verses-gear", { weight: "1.000 g" })).toEqual({ weight: 1 });
    expect(migrateVerses("verses-gear", { weight: "1.5 kg" })).toEqual({ weight: 1.5 });
  });
  it("attributes stored as { value }, { value, max } or as text become numbers", () => {
    expect(
      migrateVerses("verses-character", {
        attributes: { smr: { value: 3 }, prw: "2", tuf: { value: 2, max: 5 }, soc: { value: "4", max: 5 } },
      }),
    ).toEqual({
      attributes: { smr: 3, prw: 2, tuf: 2, soc: 4 },
    });
  });
  it("HP stored as { value, max } keeps its value (its maximum is derived); AD as { value, max } becomes AD spent", () => {
    expect(migrateVerses("verses-creature", { hp: { value: 6, max: 6 }, ad: { value: 1, max: 5 } })).toEqual({
      hp: { value: 6 },
      ad: { spent: 4 },
    });
    expect(migrateVerses("verses-character", { hp: "8" })).toEqual({ hp: { value: 8 } });
    // Derived values written back by the old migration are dropped; the stored spent AD wins.
    expect(migrateVerses("verses-character", { ad: { spent: 1, exBound: 0, value: 4, max: 5 } })).toEqual({
      ad: { spent: 1, exBound: 0 },
    });
    // A token's delta may hold only part of it: what is not there is not made up.
    expect(migrateVerses("verses-character", { hp: { max: 12 } })).toEqual({ hp: { max: 12 } });
  });
  it("allocations written as text become numbers", () => {
    expect(migrateVerses("verses-skill", { allocated: "2" })).toEqual({ allocated: 2 });
  });
  it("stored data from before the bounds is brought inside them", () => {
    expect(migrateVerses("verses-weapon", { modes: [] })).toEqual({ modes: [blankWeaponMode()] });
    const musket = {
      modes: [{ ...blankWeaponMode(), features: [{ name: "Reload", value: "12AD" }] }],
      magazine: { size: 0, loaded: 3 },
    };
    expect(migrateVerses("verses-weapon", structuredClone(musket)).magazine).toEqual({ size: 0, loaded: 1 });
    expect(migrateVerses("verses-vehicle", { hp: { value: 12, max: 0 } })).toEqual({
      hp: { value: 12, max: 12 },
    });
    expect(migrateVerses("verses-vehicle", { hp: { value: 12, max: 10 } })).toEqual({
      hp: { value: 10, max: 10 },
    });
    expect(migrateVerses("verses-ability", { allocated: 1, exBound: 3 })).toEqual({
      allocated: 1,
      exBound: 1,
    });
    expect(
      migrateVerses("verses-character", { modifiers: { ad: 250, hp: -3, dice: { all: -101 } } }),
    ).toEqual({ modifiers: { ad: 100, hp: -3, dice: { all: -100 } } });
  });
  it("every migration is idempotent: a second run changes nothing", () => {
    const sources = [
      ["verses-gear", { weight: "600g" }],
      ["verses-character", { attributes: { smr: { value: 3 }, prw: "2" }, hp: { value: 3, max: 9 } }],
      ["verses-character", { ad: { value: 2, max: 5 }, modifiers: { ad: 900 } }],
      ["verses-skill", { allocated: "1" }],
      ["verses-weapon", { modes: [], magazine: { size: 2, loaded: 9 } }],
      ["verses-vehicle", { hp: { value: 5, max: 0 } }],
      ["verses-ability", { allocated: "1", exBound: 2 }],
    ] as const;
    for (const [type, source] of sources) {
      const once = migrateVerses(type, structuredClone(source) as Record<string, unknown>);
      const twice = migrateVerses(type, structuredClone(once));
      expect(twice).toEqual(once);
      for (const m of VERSES_MIGRATIONS.filter((m) => m.types.includes(type)))
        expect(m.migrate(structuredClone(once)), `${type}: ${m.description}`).toBe(false);
    }
  });
});

describe("mass parsing", () => {
  it("parseMassKg reads grams and kilograms", () => {
    expect([
      parseMassKg("10g"),
      parseMassKg("2,5kg"),
      parseMassKg(3),
      parseMassKg("a lot"),
      parseMassKg(-1),
    ]).toEqual([0.01, 2.5, 3, undefined, undefined]);
  });
  it("reads thousands separators; a lone mark before exactly three digits is one, else the decimal mark", () => {
    expect(parseMassKg("1,000g")).toBe(1);
    expect(parseMassKg("1.000 g")).toBe(1);
    expect(parseMassKg("1.5 kg")).toBe(1.5);
    expect(parseMassKg("12,500 g")).toBe(12.5);
    expect(parseMassKg("0.500 kg")).toBe(0.5); // a lone 0 before the mark: decimal
    expect(parseMassKg("1.25 kg")).toBe(1.25); // two digits after: decimal
    expect(parseMassKg("1.500 kg")).toBe(1500); // the documented reading of the ambiguous form
    expect(parseMassKg("1,250,000 g")).toBe(1250);
    expect(parseMassKg("1,000.5 g")).toBe(1.0005); // both marks: the last is the decimal mark
    expect(parseMassKg("1.000,5 g")).toBe(1.0005);
  });
  it("malformed numbers are not weights (left for the GM)", () => {
    for (const text of ["1,00,0 g", "1.2.3", "1,5.0,0 g", ",5", "5.", "1.000.5 g"])
      expect(parseDecimal(text.replace(/\s*g$/, "")), text).toBeUndefined();
  });
});

describe("what a migration reports", () => {
  it("says it changed the source when any attribute changed, whatever the order", () => {
    const m = VERSES_MIGRATIONS.find((x) => x.description.startsWith("Core attributes"))!;
    expect(m.migrate({ attributes: { smr: { value: 3 }, prw: 2, tuf: "oops" } })).toBe(true);
    expect(m.migrate({ attributes: { smr: 3, prw: 2 } })).toBe(false);
  });
});

describe("bounds across fields", () => {
  const reload = [{ ...blankWeaponMode(), features: [{ name: "Reload", value: "12AD" }] }];
  const magazine = [
    {
      ...blankWeaponMode(),
      features: [
        { name: "Reload", value: "3AD" },
        { name: "Magazine", value: "30" },
      ],
    },
  ];
  it("a weapon holds what the attack reads: Magazine(#), else its size, else 1 when it reloads", () => {
    expect(weaponCapacity({ modes: magazine, magazine: { size: 0 } })).toBe(30);
    expect(weaponCapacity({ modes: reload, magazine: { size: 0 } })).toBe(1);
    expect(weaponCapacity({ modes: [blankWeaponMode()], magazine: { size: 6 } })).toBe(6);
    expect(weaponCapacity({ modes: [blankWeaponMode()], magazine: { size: 0 } })).toBeUndefined();
  });
  it("names the field, the values and the rule", () => {
    expect(jointProblems("verses-weapon", { modes: reload, magazine: { size: 0, loaded: 2 } })).toEqual([
      "magazine.loaded (2) may not exceed the 1 rounds the weapon holds (its Magazine feature, else magazine.size, else 1).",
    ]);
    expect(jointProblems("verses-weapon", { modes: magazine, magazine: { size: 0, loaded: 30 } })).toEqual(
      [],
    );
    expect(jointProblems("verses-weapon", { modes: [] })).toEqual(["modes: a weapon has at least one mode."]);
    expect(jointProblems("verses-vehicle", { hp: { value: 11, max: 10 } })[0]).toMatch(
      /hp\.value \(11\).*hp\.max \(10\)/,
    );
    expect(jointProblems("verses-ability", { allocated: 1, exBound: 2 })[0]).toMatch(
      /exBound \(2\).*allocated \(1\)/,
    );
  });
});

describe("a character's HP and AD against the derived maxima", () => {
  const state = {
    hp: { value: 8 },
    ad: { spent: 2, exBound: 0, reserved: { await: 0, dodge: 1, parry: 0 } },
    hpMax: 10,
    adMax: 5,
  };
  it("HP healed beyond the maximum is saved as the maximum", () => {
    const r = boundLivingUpdate(state, { system: { hp: { value: 14 } }, name: "Anders" });
    expect(r.changes).toEqual({ system: { hp: { value: 10 } }, name: "Anders" });
    expect(r.corrections.map((c) => c.key)).toEqual(["POLYVERSE.Verses.Validation.HpAboveMax"]);
    expect(boundLivingUpdate(state, { "system.hp.value": 6 }).corrections).toEqual([]);
  });
  it("AD beyond the pool is not saved; lowering AD always is, even over a pool that shrank", () => {
    const r = boundLivingUpdate(state, { "system.ad.spent": 5, "system.hp.value": 7 });
    expect(r.changes).toEqual({ "system.hp.value": 7 });
    expect(r.corrections[0]).toMatchObject({ data: { committed: 6, max: 5 } });
    expect(boundLivingUpdate(state, { "system.ad.spent": 4 }).corrections).toEqual([]); // 4 + 1 = 5
    const stunned = { ...state, adMax: 1 };
    expect(boundLivingUpdate(stunned, { system: { ad: { spent: 1 } } }).corrections).toEqual([]);
  });
});
