import { describe, expect, it } from "vitest";
import {
  migrateDocuments,
  parseMassKg,
  withEmbedded,
  type MigratableDocument,
} from "../../src/core/migrations";
import { VERSES_MIGRATIONS, migrateVerses } from "../../src/rulesets/verses/data/migrations";

function doc(name: string, type: string, system: Record<string, unknown>, fail = false) {
  const updates: unknown[] = [];
  const d: MigratableDocument & { updates: unknown[] } = {
    name,
    type,
    system,
    updates,
    async update(changes) {
      if (fail) throw new Error("locked");
      updates.push(changes);
    },
  };
  return d;
}

describe("the world migration", () => {
  it("re-saves only documents whose data changes, and one failure does not stop the rest", async () => {
    const unchanged = doc("Longsword", "verses-weapon", { weight: 1.5 });
    const changed = doc("Rapier", "verses-weapon", { weight: "1kg" });
    const broken = doc("Locked", "verses-weapon", { weight: "600g" }, true);
    const after = doc("Smallsword", "verses-weapon", { weight: "600g" });
    const report = await migrateDocuments([unchanged, changed, broken, after], migrateVerses);
    expect(unchanged.updates).toEqual([]);
    expect(changed.updates).toEqual([{ system: { weight: 1 } }]);
    expect(after.updates).toEqual([{ system: { weight: 0.6 } }]);
    expect(report).toEqual({
      migrated: ["Rapier", "Smallsword"],
      failed: [{ name: "Locked", error: "locked" }],
    });
    expect(broken.system).toEqual({ weight: "600g" }); // left as it was
  });

  it("walks actors' embedded items too", () => {
    const item = doc("Dagger", "verses-weapon", {});
    const actor = { ...doc("Anders", "verses-character", {}), items: [item] };
    expect([...withEmbedded([[actor]])].map((d) => d.name)).toEqual(["Anders", "Dagger"]);
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
  it("attributes stored as { value } or as text become numbers", () => {
    expect(
      migrateVerses("verses-character", {
        attributes: { smr: { value: 3 }, prw: "2", tuf: 2, soc: { value: "4" } },
      }),
    ).toEqual({
      attributes: { smr: 3, prw: 2, tuf: 2, soc: 4 },
    });
  });
  it("allocations written as text become numbers", () => {
    expect(migrateVerses("verses-skill", { allocated: "2" })).toEqual({ allocated: 2 });
  });
  it("every migration is idempotent: a second run changes nothing", () => {
    const sources = [
      ["verses-gear", { weight: "600g" }],
      ["verses-character", { attributes: { smr: { value: 3 }, prw: "2" } }],
      ["verses-skill", { allocated: "1" }],
    ] as const;
    for (const [type, source] of sources) {
      const once = migrateVerses(type, structuredClone(source) as Record<string, unknown>);
      const twice = migrateVerses(type, structuredClone(once));
      expect(twice).toEqual(once);
      for (const m of VERSES_MIGRATIONS.filter((m) => m.types.includes(type)))
        expect(m.migrate(structuredClone(once))).toBe(false);
    }
  });
  it("parseMassKg reads grams and kilograms", () => {
    expect([
      parseMassKg("10g"),
      parseMassKg("2,5kg"),
      parseMassKg(3),
      parseMassKg("a lot"),
      parseMassKg(-1),
    ]).toEqual([0.01, 2.5, 3, undefined, undefined]);
  });
});

describe("what a migration reports", () => {
  it("says it changed the source when any attribute changed, whatever the order", () => {
    const m = VERSES_MIGRATIONS.find((x) => x.description.startsWith("Core attributes"))!;
    expect(m.migrate({ attributes: { smr: { value: 3 }, prw: 2, tuf: "oops" } })).toBe(true);
    expect(m.migrate({ attributes: { smr: 3, prw: 2 } })).toBe(false);
  });
});
