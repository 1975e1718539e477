// The pack build's checkers on their own (no dist/ needed): the one YAML reader, the data-model
// check of `system`, and roll tables whose formula or ranges are huge.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { checkPackEntries, formulaOutcomes, isFolder } from "../../scripts/lib/pack-check.mjs";
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

describe("Folder documents in a pack's sources", () => {
  const pack = { name: "test-items", type: "Item", path: "packs/test-items" };
  const fixture = { ...manifest, documentTypes: { ...manifest.documentTypes, Item: { "verses-skill": {} } } };
  const folder = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
    _id: id,
    _key: `!folders!${id}`,
    name,
    type: "Item",
    description: "",
    folder: null,
    sorting: "a",
    color: null,
    sort: 100000,
    flags: {},
    ...extra,
  });
  const entry = (id: string, folderId: unknown) => ({
    _id: id,
    _key: `!items!${id}`,
    name: `Entry ${id}`,
    type: "verses-skill",
    folder: folderId,
    system: {},
  });
  const weapons = folder("WeaponsFolder000", "Weapons");
  const swords = folder("SwordsFolder0000", "Swords", { folder: "WeaponsFolder000", color: "#aa3300" });
  const good = [
    { file: "packs/test-items/weapons/_Folder.yml", data: weapons },
    { file: "packs/test-items/weapons/swords/_Folder.yml", data: swords },
    {
      file: "packs/test-items/weapons/swords/sabre.yml",
      data: entry("SabreSabreSabre0", "SwordsFolder0000"),
    },
    { file: "packs/test-items/weapons/club.yml", data: entry("ClubClubClubClub", "WeaponsFolder000") },
    { file: "packs/test-items/rope.yml", data: entry("RopeRopeRopeRope", null) },
  ];
  /** The problems of the good sources with the one at `file` replaced (or added) by `data`. */
  const check = (file: string, data: unknown) => {
    const sources = good.some((s) => s.file === file)
      ? good.map((s) => (s.file === file ? { file, data } : s))
      : [...good, { file, data }];
    return checkPackEntries(fixture, pack, sources).join("\n");
  };
  const SWORDS = "packs/test-items/weapons/swords/_Folder.yml";
  const SABRE = "packs/test-items/weapons/swords/sabre.yml";

  it("accepts nested folders, entries in them (a folder listed after its entry too) and entries in none", () => {
    expect(checkPackEntries(fixture, pack, good)).toEqual([]);
    expect(checkPackEntries(fixture, pack, [...good].reverse())).toEqual([]);
    expect(isFolder(weapons)).toBe(true);
    expect(isFolder(good[2]!.data)).toBe(false);
  });

  it("a folder's _key must be !folders!<its id>, and its type the pack's document type", () => {
    expect(check(SWORDS, { ...swords, _key: "!folders!WeaponsFolder000" })).toMatch(
      /^packs\/test-items\/weapons\/swords\/_Folder\.yml \(Swords\): _key must be "!folders!SwordsFolder0000"/m,
    );
    expect(check(SWORDS, { ...swords, type: "Actor" })).toMatch(
      /\(Swords\): a Folder of pack test-items must have type "Item", got "Actor"/,
    );
    // A sub-type is no Folder type: the folder of an Item pack holds Items, whatever their type.
    expect(check(SWORDS, { ...swords, type: "verses-skill" })).toMatch(/must have type "Item"/);
  });

  it("every folder an entry or a folder names must be a Folder of the same pack", () => {
    expect(check(SABRE, entry("SabreSabreSabre0", "AxesFolder000000"))).toMatch(
      /sabre\.yml \(Entry SabreSabreSabre0\): folder "AxesFolder000000" is not a Folder of pack test-items/,
    );
    // An entry's id is no folder, nor is a folder written with an entry's _key.
    expect(check(SABRE, entry("SabreSabreSabre0", "RopeRopeRopeRope"))).toMatch(
      /folder "RopeRopeRopeRope" is not a Folder/,
    );
    expect(check(SWORDS, { ...swords, folder: "ClubClubClubClub" })).toMatch(
      /\(Swords\): folder "ClubClubClubClub" is not a Folder/,
    );
    expect(check(SABRE, entry("SabreSabreSabre0", 7))).toMatch(/folder 7 is not a Folder/);
  });

  it("folders that form a cycle, or nest deeper than Foundry allows", () => {
    expect(check("packs/test-items/weapons/_Folder.yml", { ...weapons, folder: "SwordsFolder0000" })).toMatch(
      /folders form a cycle: "Weapons" in "Swords" in "Weapons"/,
    );
    expect(check(SWORDS, { ...swords, folder: "SwordsFolder0000" })).toMatch(
      /\(Swords\): folders form a cycle: "Swords" in "Swords"/,
    );
    // One report per cycle, however many folders hang below it.
    const below = folder("BelowFolder00000", "Below", { folder: "SwordsFolder0000" });
    const cyclic = checkPackEntries(fixture, pack, [
      { file: "packs/test-items/a/_Folder.yml", data: { ...weapons, folder: "SwordsFolder0000" } },
      { file: "packs/test-items/a/b/_Folder.yml", data: swords },
      { file: "packs/test-items/a/b/c/_Folder.yml", data: below },
    ]);
    expect(cyclic.filter((p) => /cycle/.test(p))).toHaveLength(1);
    const chain = ["Level1", "Level2", "Level3", "Level4", "Level5"].map((name, i, all) =>
      folder(`${name}Folder0000`, name, { folder: i ? `${all[i - 1]}Folder0000` : null }),
    );
    const nested = (n: number) =>
      checkPackEntries(
        fixture,
        pack,
        chain
          .slice(0, n)
          .map((data, i) => ({ file: `packs/test-items/${"d/".repeat(i + 1)}_Folder.yml`, data })),
      ).join("\n");
    expect(nested(4)).toBe("");
    expect(nested(5)).toMatch(/\(Level5\): nested 5 folders deep; Foundry allows at most 4/);
  });

  it("folder ids are 16 letters or digits, unique among the pack's folders and entries", () => {
    expect(check(SWORDS, { ...swords, _id: "swords", _key: "!folders!swords" })).toMatch(
      /\(Swords\): _id must be 16 letters or digits, got "swords"/,
    );
    expect(check(SWORDS, { ...swords, _id: "WeaponsFolder000", _key: "!folders!WeaponsFolder000" })).toMatch(
      /\(Swords\): duplicate _id WeaponsFolder000 \(also in packs\/test-items\/weapons\/_Folder\.yml\)/,
    );
    expect(check(SWORDS, { ...swords, _id: "RopeRopeRopeRope", _key: "!folders!RopeRopeRopeRope" })).toMatch(
      /duplicate _id RopeRopeRopeRope/,
    );
  });

  it("a folder lives in a _Folder.yml, and a _Folder.yml holds a folder", () => {
    expect(check("packs/test-items/weapons/swords.yml", swords)).toMatch(
      /swords\.yml \(Swords\): a Folder must be written to a file named _Folder\.yml/,
    );
    expect(check("packs/test-items/tools/_Folder.yml", entry("HammerHammerHamm", null))).toMatch(
      /tools\/_Folder\.yml \(Entry HammerHammerHamm\): a file named _Folder\.yml must hold a Folder/,
    );
  });

  it("a folder's own fields: a name, sorting a or m, a whole sort, a #rrggbb colour, nothing else", () => {
    const problems = check(SWORDS, {
      ...swords,
      name: " ",
      sorting: "z",
      sort: 1.5,
      color: "red",
      system: {},
      flags: [],
    });
    expect(problems).toMatch(/a Folder needs a name, got " "/);
    expect(problems).toMatch(/sorting must be "a" \(alphabetical\) or "m" \(manual\), got "z"/);
    expect(problems).toMatch(/sort must be a whole number, got 1\.5/);
    expect(problems).toMatch(/color must be null or "#rrggbb", got "red"/);
    expect(problems).toMatch(/system is not a field of a Folder/);
    expect(problems).toMatch(/flags must be a mapping/);
    expect(check(SWORDS, { ...swords, name: "<b>Swords</b>" })).toMatch(
      /HTML in name, which is plain text in a Folder/,
    );
    expect(check(SWORDS, { ...swords, description: "<p>Blades.</p>" })).toBe("");
  });
});
