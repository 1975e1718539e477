// The pack build's checkers on their own (no dist/ needed): the one YAML reader, the data-model
// check of `system`, and roll tables whose formula or ranges are huge.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { checkPackEntries, formulaOutcomes } from "../../scripts/lib/pack-check.mjs";
import {
  MODEL_MODULES,
  checkSystemData,
  loadSystemModels,
  type SystemModel,
} from "../../scripts/lib/system-models.mjs";
import { SourceError, parseSource } from "../../scripts/lib/yaml-source.mjs";
import { ROOT, readJSON } from "../lib/paths";

const manifest = readJSON(join(ROOT, "system.json"));

describe("parseSource, the one YAML reader of pack sources", () => {
  const fails = (text: string) => {
    try {
      parseSource(text, "packs/p/x.yml");
    } catch (error) {
      expect(error).toBeInstanceOf(SourceError);
      return (error as Error).message;
    }
    throw new Error(`parsed: ${text}`);
  };

  it("reads a plain document", () => {
    expect(parseSource("a: 1\nb: [x, 'y']\n", "x.yml")).toEqual({ a: 1, b: ["x", "y"] });
  });
  it("treats warnings as errors, naming the file: an unresolved tag", () => {
    expect(fails("name: !foo Sword\n")).toMatch(/^packs\/p\/x\.yml: TAG_RESOLVE_FAILED/);
  });
  it("refuses duplicate keys, several documents, broken syntax, YAML 1.1, merges and .inf", () => {
    expect(fails("name: a\nname: b\n")).toMatch(/packs\/p\/x\.yml: DUPLICATE_KEY/);
    expect(fails("a: 1\n---\nb: 2\n")).toMatch(/MULTIPLE_DOCS/);
    expect(fails("a: [1, 2\n")).toMatch(/packs\/p\/x\.yml: /);
    expect(fails("%YAML 1.1\n---\na: yes\n")).toMatch(/%YAML 1\.1/);
    expect(fails("<<: {a: 1}\nb: 2\n")).toMatch(/merge keys/);
    expect(fails("system:\n  weight: .inf\n")).toMatch(/system\.weight is Infinity/);
    expect(fails("a: *nowhere\n")).toMatch(/packs\/p\/x\.yml: /);
  });
});

describe("the data models check `system` (as the build does)", () => {
  let models: Record<string, SystemModel>;
  beforeAll(async () => {
    models = await loadSystemModels(ROOT);
  });

  it("loads a model for every Actor and Item type a ruleset registers, and for nothing else", () => {
    const registered = new Set<string>();
    const rulesets = join(ROOT, "src", "rulesets");
    for (const id of readdirSync(rulesets)) {
      let text: string;
      try {
        text = readFileSync(join(rulesets, id, "ruleset.ts"), "utf8");
      } catch {
        continue;
      }
      // Actor and Item types only: chat cards are not pack content.
      const cards = new Set(Object.keys(manifest.documentTypes?.ChatMessage ?? {}));
      for (const m of text.matchAll(/"([a-z-]+)": \{\s*model: (\w+)/g))
        if (!cards.has(m[1]!)) registered.add(`${m[1]} ${m[2]}`);
    }
    const known = Object.values(MODEL_MODULES).flatMap((types) =>
      Object.entries(types).map(([type, name]) => `${type} ${name}`),
    );
    expect(known.sort()).toEqual([...registered].sort());
    expect(Object.keys(models).sort()).toEqual(known.map((k) => k.split(" ")[0]).sort());
  });

  it("accepts a complete `system` and names what is missing, unknown or invalid", () => {
    const good = models["verses-skill"]!.cleanData({ skill: "Weapons", spec: "Swords" }) as any;
    expect(checkSystemData(models, "verses-skill", good)).toEqual([]);
    const { notes: _, ...missing } = good;
    expect(checkSystemData(models, "verses-skill", missing)).toContain("system.notes is missing");
    expect(checkSystemData(models, "verses-skill", { ...good, colour: "red" })).toEqual([
      "system.colour is not a field of the model",
    ]);
    expect(checkSystemData(models, "verses-skill", { ...good, difficulty: 9 }).join()).toMatch(
      /difficulty: must be at most 5/,
    );
    expect(checkSystemData(models, "verses-skill", { ...good, tec: "6" }).join()).toMatch(
      /tec: "6" is not a valid choice/,
    );
    expect(checkSystemData(models, "verses-skill", { ...good, allocated: "2" }).join()).toMatch(
      /system\.allocated is "2", the model stores 2/,
    );
    expect(checkSystemData(models, "verses-skill", { ...good, prerequisites: {} }).join()).toMatch(
      /prerequisites/,
    );
    expect(checkSystemData(models, "maelstrom-gear", good).join()).toMatch(/no data model/);
    expect(checkSystemData(models, "verses-skill", "x").join()).toMatch(/must be a mapping/);
  });

  it("checkPackEntries with the models names the file, for an entry and for an actor's embedded item", () => {
    const pack = { name: "verses-skills", type: "Item", path: "packs/verses-skills" };
    const system = models["verses-skill"]!.cleanData({}) as any;
    const skill = {
      _id: "abcdefghijklmnop",
      _key: "!items!abcdefghijklmnop",
      name: "Swords",
      type: "verses-skill",
      system: { ...system, difficulty: 7 },
    };
    expect(checkPackEntries(manifest, pack, [{ file: "packs/s/swords.yml", data: skill }])).toEqual([]);
    expect(
      checkPackEntries(manifest, pack, [{ file: "packs/s/swords.yml", data: skill }], { models }).join(),
    ).toMatch(/^packs\/s\/swords\.yml \(Swords\): system is not valid for verses-skill: difficulty/);
    const actorPack = { name: "verses-creatures", type: "Actor", path: "packs/verses-creatures" };
    const dog = {
      _id: "abcdefghijklmnoq",
      _key: "!actors!abcdefghijklmnoq",
      name: "Dog",
      type: "verses-creature",
      system: models["verses-creature"]!.cleanData({}),
      items: [{ ...skill, _key: "!actors.items!abcdefghijklmnoq.abcdefghijklmnop" }],
    };
    expect(
      checkPackEntries(manifest, actorPack, [{ file: "packs/c/dog.yml", data: dog }], { models }).join(),
    ).toMatch(/packs\/c\/dog\.yml \(Dog\): items\[0\] \(Swords\): system is not valid/);
  });
});

describe("roll tables with a huge formula or range are reported, quickly", () => {
  const pack = { name: "t", type: "RollTable", path: "packs/t" };
  const table = (formula: string, ranges: [number, number][]) => ({
    _id: "abcdefghijklmnop",
    _key: "!tables!abcdefghijklmnop",
    name: "T",
    formula,
    results: ranges.map((range, i) => ({
      _id: `aaaaaaaaaaaaaaa${i}`,
      _key: `!tables.results!abcdefghijklmnop.aaaaaaaaaaaaaaa${i}`,
      type: "text",
      name: `r${i}`,
      range,
    })),
  });
  const check = (formula: string, ranges: [number, number][]) =>
    checkPackEntries(manifest, pack, [{ file: "packs/t/t.yml", data: table(formula, ranges) }]).join("\n");

  it("a formula with too many outcomes or dice, or numbers beyond the safe integers", () => {
    expect(() => formulaOutcomes("1d1000000000")).toThrow(/more than 100,000 outcomes/);
    expect(() => formulaOutcomes("1000000000d6")).toThrow(/more than 100 dice/);
    expect(() => formulaOutcomes("1000000000d1")).toThrow(/more than 100 dice/);
    expect(() => formulaOutcomes("1d6 + 99999999999999999999")).toThrow(/too large/);
    expect(() => formulaOutcomes("1d6 * 9007199254740991 * 3")).toThrow(/safe integers/);
    expect(() => formulaOutcomes(`${"(".repeat(300)}1d6`)).toThrow(/200 characters/);
    expect(check("1d1000000000", [[1, 1000000000]])).toMatch(
      /^packs\/t\/t\.yml \(T\): cannot check formula "1d1000000000": more than 100,000 outcomes/,
    );
  }, 2_000);

  it("a range of a trillion values, an overlap or a gap in it, without walking it", () => {
    expect(check("1d6", [[1, 1e12]])).toMatch(/7 is in a range but the formula never rolls it/);
    expect(check("1d6", [[1, 1e12]])).toMatch(
      /and 999999999989 more values in ranges the formula never rolls/,
    );
    expect(
      check("1d6", [
        [1, 1e12],
        [2, 1e12],
      ]),
    ).toMatch(/2 to 1000000000000 fall in results\[0\] and results\[1\]/);
    expect(check("1d6", [[1, 1e30]])).toMatch(/range must be \[low, high\] whole numbers/);
    expect(
      check("1d6", [
        [1, 3],
        [5, 6],
      ]),
    ).toMatch(/the formula can roll 4, which no result covers/);
  }, 2_000);
});
