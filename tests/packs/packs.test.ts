import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { checkManifest } from "../../scripts/lib/manifest-check.mjs";
import { buildPacks } from "../../scripts/lib/pack-build.mjs";
import { checkPackEntries, isFolder } from "../../scripts/lib/pack-check.mjs";
import { loadSystemModels } from "../../scripts/lib/system-models.mjs";
import { parseSource, readPackSources } from "../../scripts/lib/yaml-source.mjs";
import { DIST, ROOT, readJSON } from "../lib/paths";

const manifest = readJSON(join(ROOT, "system.json"));

function yamlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? yamlFiles(path) : /\.ya?ml$/.test(name) ? [path] : [];
  });
}

/** A pack's sources, read as the build reads them (the one YAML parser, warnings as errors). */
function sources(pack: any) {
  const { entries, problems } = readPackSources(ROOT, pack.name);
  expect(problems).toEqual([]);
  return entries;
}
const parse = (file: string): any => parseSource(readFileSync(file, "utf8"), file);
const models = loadSystemModels(ROOT);

const packEntries: [string, any][] = manifest.packs.map((p: any) => [p.name, p]);

/** A project with system.json listing only the named packs, their sources copied from packs/. */
function project(names: string[]) {
  const root = mkdtempSync(join(tmpdir(), "pv-build-"));
  const packs = manifest.packs.filter((p: any) => names.includes(p.name));
  writeFileSync(join(root, "system.json"), JSON.stringify({ ...manifest, packs }));
  for (const name of names) cpSync(join(ROOT, "packs", name), join(root, "packs", name), { recursive: true });
  return root;
}
function edit(root: string, file: string, change: (text: string) => string) {
  const path = join(root, file);
  const text = readFileSync(path, "utf8");
  const changed = change(text);
  expect(changed, `the edit of ${file} changes it`).not.toBe(text);
  writeFileSync(path, changed);
}
/** Run one of scripts/ on a project: its exit status and what it printed. */
function run(script: string, root: string, args: string[] = []) {
  try {
    const stdout = execFileSync("node", [join(ROOT, "scripts", script), ...args], {
      env: { ...process.env, POLYVERSE_ROOT: root },
      stdio: "pipe",
      timeout: 60_000,
    });
    return { status: 0, output: String(stdout) };
  } catch (error: any) {
    return { status: error.status, output: `${error.stdout}${error.stderr}` };
  }
}

const build = (root: string) => run("build-packs.mjs", root);
const extract = (root: string, args: string[] = []) => run("extract-packs.mjs", root, args);
/** Every file below a folder with its bytes, by path relative to it. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(yamlFiles(dir).map((f) => [relative(dir, f), readFileSync(f, "utf8")]));
}

describe.each(packEntries)("pack %s", (_name, pack) => {
  it("has YAML sources that pass every check the build runs, the data models included", async () => {
    const entries = sources(pack);
    expect(entries.length).toBeGreaterThan(0);
    expect(checkPackEntries(manifest, pack, entries, { models: await models })).toEqual([]);
  });

  it("compiles to LevelDB in dist/packs holding exactly the sources' documents", async () => {
    const out = mkdtempSync(join(tmpdir(), `pv-${pack.name}-`));
    await extractPack(join(DIST, "packs", pack.name), out, { yaml: true });
    const extracted = yamlFiles(out).map((f) => parse(f));
    const ids = (docs: any[]) => docs.map((d) => d._id).sort();
    const byId = new Map(sources(pack).map((s) => [s.data._id, s.data]));
    expect(ids(extracted)).toEqual([...byId.keys()].sort());
    for (const doc of extracted) {
      const source = byId.get(doc._id)!;
      expect(doc.name).toBe(source.name);
      expect(doc.system ?? null).toEqual(source.system ?? null);
    }
    // Reading LevelDB back is slow on a loaded machine: a correctness check, not a timed one.
  }, 30_000);

  it("credits its ruleset's source (every entry; a Folder holds no content of its own)", () => {
    for (const { data } of sources(pack))
      if (!isFolder(data)) expect(data.flags?.polyverse?.credit, data.name).toMatch(/\S/);
  });
});

describe("the pack checks catch bad entries", () => {
  const pack = { name: "test-items", type: "Item", path: "packs/test-items" };
  const fixture = {
    ...manifest,
    documentTypes: { ...manifest.documentTypes, Item: { "verses-skill": { htmlFields: ["description"] } } },
  };
  const good = {
    _id: "abcdefghijklmnop",
    _key: "!items!abcdefghijklmnop",
    name: "Swords",
    type: "verses-skill",
    system: { description: "<p>ok</p>" },
  };

  it("accepts a good entry", () => {
    expect(checkPackEntries(fixture, pack, [{ file: "a.yml", data: good }])).toEqual([]);
  });
  it("an entry without _key", () => {
    const { _key, ...noKey } = good;
    expect(checkPackEntries(fixture, pack, [{ file: "a.yml", data: noKey }]).join()).toMatch(/no _key/);
  });
  it("a _key of the wrong collection", () => {
    const data = { ...good, _key: "!actors!abcdefghijklmnop" };
    expect(checkPackEntries(fixture, pack, [{ file: "a.yml", data }]).join()).toMatch(
      /_key must be "!items!abcdefghijklmnop"/,
    );
  });
  it("a duplicate _id", () => {
    const problems = checkPackEntries(fixture, pack, [
      { file: "a.yml", data: good },
      { file: "b.yml", data: { ...good, name: "Copy" } },
    ]);
    expect(problems.join()).toMatch(/duplicate _id abcdefghijklmnop/);
  });
  it("a type the manifest does not declare", () => {
    const data = { ...good, type: "maelstrom-gear" };
    expect(checkPackEntries(fixture, pack, [{ file: "a.yml", data }]).join()).toMatch(
      /not declared for Item/,
    );
  });
  it("HTML outside the declared htmlFields", () => {
    const data = { ...good, system: { description: "<p>ok</p>", notes: "<b>bold</b>" } };
    expect(checkPackEntries(fixture, pack, [{ file: "a.yml", data }]).join()).toMatch(
      /HTML in system\.notes/,
    );
  });
  it("HTML in an embedded item's declared htmlFields is allowed, elsewhere it is not", () => {
    const actorPack = { name: "test-actors", type: "Actor", path: "packs/test-actors" };
    const actor = (system: Record<string, unknown>) => ({
      _id: "abcdefghijklmnoq",
      _key: "!actors!abcdefghijklmnoq",
      name: "Dog",
      type: "verses-creature",
      items: [
        {
          _id: "abcdefghijklmnop",
          _key: "!actors.items!abcdefghijklmnoq.abcdefghijklmnop",
          type: "verses-skill",
          system,
        },
      ],
    });
    const manifestWithActor = {
      ...fixture,
      documentTypes: { ...fixture.documentTypes, Actor: { "verses-creature": {} } },
    };
    expect(
      checkPackEntries(manifestWithActor, actorPack, [
        { file: "a.yml", data: actor({ description: "<p>ok</p>" }) },
      ]),
    ).toEqual([]);
    expect(
      checkPackEntries(manifestWithActor, actorPack, [
        { file: "a.yml", data: actor({ notes: "<b>no</b>" }) },
      ]).join(),
    ).toMatch(/HTML in items\.\*\.system\.notes/);
  });
  it("a malformed _id", () => {
    const data = { ...good, _id: "short", _key: "!items!short" };
    expect(checkPackEntries(fixture, pack, [{ file: "a.yml", data }]).join()).toMatch(/_id must be 16/);
  });

  describe("roll tables and journals", () => {
    const tablePack = { name: "test-tables", type: "RollTable", path: "packs/test-tables" };
    const journalPack = { name: "test-journal", type: "JournalEntry", path: "packs/test-journal" };
    const result = (id: string, range: [number, number], extra: Record<string, unknown> = {}) => ({
      _id: id,
      _key: `!tables.results!abcdefghijklmnop.${id}`,
      type: "text",
      name: `r${range[0]}`,
      description: "<p>ok</p>",
      range,
      ...extra,
    });
    const table = (results: unknown[], formula = "1d2") => ({
      _id: "abcdefghijklmnop",
      _key: "!tables!abcdefghijklmnop",
      name: "T",
      formula,
      description: "<p>ok</p>",
      results,
    });
    const two = [result("aaaaaaaaaaaaaaa1", [1, 1]), result("aaaaaaaaaaaaaaa2", [2, 2])];
    const check = (data: unknown, pack = tablePack) =>
      checkPackEntries(fixture, pack, [{ file: "t.yml", data }]);

    it("accepts a good table (HTML in descriptions), a d66 table and a good journal (HTML in text.content)", () => {
      expect(check(table(two))).toEqual([]);
      const d66 = [1, 2, 3, 4, 5, 6].flatMap((a) =>
        [1, 2, 3, 4, 5, 6].map((b) => result(`d66result00000${a}${b}`, [a * 10 + b, a * 10 + b])),
      );
      expect(check(table(d66, "1d6 * 10 + 1d6"))).toEqual([]);
      const journal = {
        _id: "abcdefghijklmnop",
        _key: "!journal!abcdefghijklmnop",
        name: "J",
        pages: [
          {
            _id: "pagepagepagepage",
            _key: "!journal.pages!abcdefghijklmnop.pagepagepagepage",
            name: "P",
            type: "text",
            text: { format: 1, content: "<p>ok</p>" },
          },
        ],
      };
      expect(check(journal, journalPack)).toEqual([]);
      const badPage = { ...journal.pages[0], _key: "!journal.pages!pagepagepagepage" };
      expect(check({ ...journal, pages: [badPage] }, journalPack).join()).toMatch(
        /pages\[0\]: _key must be "!journal.pages!abcdefghijklmnop.pagepagepagepage"/,
      );
      expect(
        check({ ...journal, pages: [{ ...journal.pages[0], type: "scroll" }] }, journalPack).join(),
      ).toMatch(/"scroll" is not a JournalEntryPage type/);
    });
    it("a result with a wrong or missing _key, a bad _id, a duplicate _id, an unknown type", () => {
      expect(check(table([two[0], { ...two[1], _key: "!tables.results!aaaaaaaaaaaaaaa2" }])).join()).toMatch(
        /results\[1\]: _key must be "!tables.results!abcdefghijklmnop.aaaaaaaaaaaaaaa2"/,
      );
      const { _key, ...noKey } = two[1]!;
      expect(check(table([two[0], noKey])).join()).toMatch(/results\[1\] has no _key/);
      expect(check(table([two[0], { ...two[1], _id: "x" }])).join()).toMatch(/results\[1\]: _id must be 16/);
      expect(check(table([two[0], { ...two[1], _id: two[0]!._id, _key: two[0]!._key }])).join()).toMatch(
        /duplicate _id aaaaaaaaaaaaaaa1/,
      );
      expect(check(table([two[0], { ...two[1], type: "compendium" }])).join()).toMatch(
        /"compendium" is not a TableResult type/,
      );
    });
    it("ranges that overlap, leave a gap the formula can roll, or reach past it; a formula it cannot read", () => {
      expect(
        check(table([result("aaaaaaaaaaaaaaa1", [1, 2]), result("aaaaaaaaaaaaaaa2", [2, 2])])).join(),
      ).toMatch(/2 falls in results\[0\] and results\[1\]/);
      expect(check(table(two, "1d3")).join()).toMatch(/the formula can roll 3, which no result covers/);
      expect(check(table(two, "1d1")).join()).toMatch(/2 is in a range but the formula never rolls it/);
      expect(check(table([result("aaaaaaaaaaaaaaa1", [2, 1])])).join()).toMatch(
        /range must be \[low, high\]/,
      );
      expect(check(table(two, "1d2 + @tuf")).join()).toMatch(/cannot check formula/);
    });
    it("HTML in a result's name, which is plain text", () => {
      expect(check(table([two[0], { ...two[1], name: "<b>r2</b>" }])).join()).toMatch(
        /HTML in results\.\*\.name/,
      );
    });
  });

  it("the build stops on a pack entry without _key", () => {
    const root = mkdtempSync(join(tmpdir(), "pv-broken-"));
    const broken = { ...manifest, packs: [{ ...manifest.packs[0], name: "broken", path: "packs/broken" }] };
    writeFileSync(join(root, "system.json"), JSON.stringify(broken));
    mkdirSync(join(root, "packs", "broken"), { recursive: true });
    cpSync(join(ROOT, "packs", manifest.packs[0].name), join(root, "packs", "broken"), { recursive: true });
    const file = yamlFiles(join(root, "packs", "broken"))[0]!;
    writeFileSync(file, readFileSync(file, "utf8").replace(/^_key:.*$/m, ""));
    let status = 0;
    let stderr = "";
    try {
      execFileSync("node", [join(ROOT, "scripts", "build-packs.mjs")], {
        env: { ...process.env, POLYVERSE_ROOT: root },
        stdio: "pipe",
      });
    } catch (error: any) {
      status = error.status;
      stderr = String(error.stderr);
    }
    expect(status).toBe(1);
    expect(stderr).toMatch(/no _key/);
    expect(existsSync(join(root, "dist"))).toBe(false);
  });
});

describe("npm run packs (the build) stops on a bad source, naming its file, and leaves dist/packs alone", () => {
  it("YAML with a warning (an unresolved tag) or an error (a duplicate key)", () => {
    const root = project(["verses-macros", "verses-skills"]);
    edit(root, "packs/verses-macros/success-odds.yml", (t) => t.replace(/^name: /m, "name: !label "));
    edit(root, "packs/verses-skills/general/biology.yml", (t) => `${t}name: Again\n`);
    const { status, output } = build(root);
    expect(status).toBe(1);
    expect(output).toMatch(/packs\/verses-macros\/success-odds\.yml: TAG_RESOLVE_FAILED/);
    expect(output).toMatch(/packs\/verses-skills\/general\/biology\.yml: DUPLICATE_KEY/);
    expect(existsSync(join(root, "dist"))).toBe(false);
  }, 60_000);

  it("a `system` its data model refuses: a value out of range, a field missing, a field unknown", () => {
    const root = project(["verses-skills"]);
    edit(root, "packs/verses-skills/general/biology.yml", (t) =>
      t.replace(/^ {2}difficulty: \d+$/m, "  difficulty: 9"),
    );
    edit(root, "packs/verses-skills/general/dance.yml", (t) =>
      t.replace(/^ {2}notes: .*\n/m, "  colour: red\n"),
    );
    const { status, output } = build(root);
    expect(status).toBe(1);
    expect(output).toMatch(
      /packs\/verses-skills\/general\/biology\.yml \(Biology\): system is not valid for verses-skill: difficulty: must be at most 5/,
    );
    expect(output).toMatch(/packs\/verses-skills\/general\/dance\.yml \(Dance\): system\.notes is missing/);
    expect(output).toMatch(/dance\.yml \(Dance\): system\.colour is not a field of the model/);
    expect(existsSync(join(root, "dist"))).toBe(false);
  }, 60_000);

  it("a roll table with a huge formula or a huge range: an error, not a crash or a hang", () => {
    const root = project(["verses-tables"]);
    edit(root, "packs/verses-tables/character/traits-a-mental.yml", (t) =>
      t.replace(/^formula: .*$/m, "formula: 1d1000000000"),
    );
    edit(root, "packs/verses-tables/character/traits-a-social.yml", (t) =>
      t.replace(/^ {4}range:\n {6}- (\d+)\n {6}- \d+$/m, "    range:\n      - $1\n      - 1000000000000"),
    );
    const started = Date.now();
    const { status, output } = build(root);
    expect(status).toBe(1);
    expect(output).toMatch(
      /traits-a-mental\.yml \([^)]*\): cannot check formula "1d1000000000": more than 100,000 outcomes/,
    );
    expect(output).toMatch(/traits-a-social\.yml \([^)]*\): .*falls? in results\[0\] and results\[1\]/);
    expect(output).toMatch(
      /traits-a-social\.yml \([^)]*\): and \d+ more values in ranges the formula never rolls/,
    );
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it("a Folder of another document type, and an entry in a folder the pack does not have", () => {
    const root = project(["verses-skills"]);
    edit(root, "packs/verses-skills/tec2/_Folder.yml", (t) => t.replace(/^type: Item$/m, "type: Actor"));
    edit(root, "packs/verses-skills/general/dance.yml", (t) =>
      t.replace(/^folder: \w+$/m, "folder: NoSuchFolder0000"),
    );
    const { status, output } = build(root);
    expect(status).toBe(1);
    expect(output).toMatch(
      /packs\/verses-skills\/tec2\/_Folder\.yml \(Pre-Industrial Skills \(TEC 2\)\): a Folder of pack verses-skills must have type "Item", got "Actor"/,
    );
    expect(output).toMatch(
      /packs\/verses-skills\/general\/dance\.yml \(Dance\): folder "NoSuchFolder0000" is not a Folder of pack verses-skills/,
    );
    expect(existsSync(join(root, "dist"))).toBe(false);
  }, 60_000);

  it("compiles into a staging folder and swaps every pack in only when all compiled", async () => {
    const root = project(["verses-macros", "verses-tables"]);
    const loaded = await models;
    expect(await buildPacks({ root, codeRoot: ROOT, models: loaded })).toEqual({ problems: [], compiled: 2 });
    const marker = join(root, "dist", "packs", "verses-macros", "MARKER");
    writeFileSync(marker, "the packs of the last good build");
    // The CLI fails on the second pack, at one of its entries (an error thrown before it starts,
    // so that no database is left writing in this process).
    const survival = parse(join(root, "packs", "verses-tables", "combat", "survival-outcomes.yml"));
    const failing: typeof compilePack = async (src, dest, options) => {
      if (!dest.endsWith("verses-tables")) return compilePack(src, dest, options);
      await (options as any)?.transformEntry?.(survival);
      throw new Error("disk full");
    };
    const { problems } = await buildPacks({ root, codeRoot: ROOT, models: loaded, compile: failing });
    expect(problems).toEqual([
      "packs/verses-tables/combat/survival-outcomes.yml: could not be compiled into verses-tables: disk full",
    ]);
    expect(existsSync(marker)).toBe(true);
    expect(readdirSync(join(root, "dist")).sort()).toEqual(["packs"]);
    expect(readdirSync(join(root, "dist", "packs")).sort()).toEqual(["verses-macros", "verses-tables"]);
    expect(await buildPacks({ root, codeRoot: ROOT, models: loaded })).toEqual({ problems: [], compiled: 2 });
    expect(existsSync(marker)).toBe(false);
    expect(readdirSync(join(root, "dist")).sort()).toEqual(["packs"]);
  }, 60_000);
});

describe("npm run packs:extract", () => {
  it("round trip, one pack in a temp dir: compile then extract changes no byte of any source", () => {
    const root = project(["verses-intoxication"]);
    const before = snapshot(join(root, "packs"));
    expect(build(root).status).toBe(0);
    const { status, output } = extract(root);
    expect(status, output).toBe(0);
    expect(output).toMatch(/verses-intoxication: 4 unchanged, 0 updated, 0 added, 0 no longer in the pack/);
    expect(snapshot(join(root, "packs"))).toEqual(before);
  }, 60_000);

  it("round trip of every pack: no byte of any source changes", () => {
    const root = mkdtempSync(join(tmpdir(), "pv-roundtrip-"));
    writeFileSync(join(root, "system.json"), readFileSync(join(ROOT, "system.json")));
    cpSync(join(ROOT, "packs"), join(root, "packs"), { recursive: true });
    const before = snapshot(join(root, "packs"));
    expect(build(root).status).toBe(0);
    expect(extract(root).status).toBe(0);
    expect(snapshot(join(root, "packs"))).toEqual(before);
    // Compiling and extracting every pack takes seconds: a correctness check, not a timed one.
  }, 120_000);

  it("brings Foundry's edits home: a changed value patched in place, a new entry in its own file, a deleted one reported (removed with --prune)", () => {
    const root = project(["verses-intoxication"]);
    const before = snapshot(join(root, "packs", "verses-intoxication"));
    // "Foundry": the same pack with Hollow Leg edited, Brewing deleted and a new skill created.
    const foundry = project(["verses-intoxication"]);
    edit(foundry, "packs/verses-intoxication/abilities/hollow-leg.yml", (t) =>
      t.replace("  allocated: 0\n", "  allocated: 2\n"),
    );
    rmSync(join(foundry, "packs/verses-intoxication/skills/brewing.yml"));
    const distilling = parse(join(foundry, "packs/verses-intoxication/skills/distilling.yml"));
    const mead = {
      ...distilling,
      _id: "MeadMakingSkill1",
      _key: "!items!MeadMakingSkill1",
      name: "Mead Making",
    };
    writeFileSync(join(foundry, "packs/verses-intoxication/skills/mead.yml"), JSON.stringify(mead));
    expect(build(foundry).status).toBe(0);
    cpSync(join(foundry, "dist"), join(root, "dist"), { recursive: true });

    const { status, output } = extract(root);
    expect(status, output).toBe(0);
    expect(output).toMatch(/verses-intoxication: 2 unchanged, 1 updated, 1 added, 1 no longer in the pack/);
    expect(output).toMatch(
      /packs\/verses-intoxication\/skills\/brewing\.yml \(Brewing\): no longer in the pack .*--prune/,
    );
    const after = snapshot(join(root, "packs", "verses-intoxication"));
    // Only the changed line differs; the rest of the file (its quoted strings) is as it was.
    const hollow = "abilities/hollow-leg.yml";
    expect(after[hollow]).toBe(before[hollow]!.replace("  allocated: 0\n", "  allocated: 2\n"));
    expect(after["skills/brewing.yml"]).toBe(before["skills/brewing.yml"]);
    expect(parse(join(root, "packs/verses-intoxication/mead-making-MeadMakingSkill1.yml"))).toEqual(mead);
    expect(Object.keys(after).sort()).toEqual(
      [...Object.keys(before), "mead-making-MeadMakingSkill1.yml"].sort(),
    );

    const pruned = extract(root, ["--prune", "verses-intoxication"]);
    expect(pruned.status, pruned.output).toBe(0);
    expect(pruned.output).toMatch(/brewing\.yml \(Brewing\): removed/);
    expect(existsSync(join(root, "packs/verses-intoxication/skills/brewing.yml"))).toBe(false);
    // What the extract writes is what the build reads: compiling again and extracting changes nothing.
    const settled = snapshot(join(root, "packs", "verses-intoxication"));
    expect(build(root).status).toBe(0);
    expect(extract(root).output).toMatch(/4 unchanged, 0 updated, 0 added, 0 no longer/);
    expect(snapshot(join(root, "packs", "verses-intoxication"))).toEqual(settled);
  }, 120_000);

  it("brings Foundry's folders home: a renamed Folder patched in place, a new one in <name>/_Folder.yml with the new entries in it, a moved entry keeps its file", () => {
    const root = project(["verses-skills"]);
    const before = snapshot(join(root, "packs", "verses-skills"));
    // "Foundry": Animal Skills renamed, a new folder Beasts of Burden inside it holding a new skill,
    // and Dance moved from General Skills into Animal Skills.
    const foundry = project(["verses-skills"]);
    edit(foundry, "packs/verses-skills/animal/_Folder.yml", (t) =>
      t.replace("name: Animal Skills\n", "name: Animals\n"),
    );
    const animal = parse(join(foundry, "packs/verses-skills/animal/_Folder.yml"));
    const general = parse(join(foundry, "packs/verses-skills/general/_Folder.yml"));
    const beasts = { ...animal, _id: "BeastsOfBurden00", _key: "!folders!BeastsOfBurden00" };
    Object.assign(beasts, { name: "Beasts of Burden", folder: animal._id });
    mkdirSync(join(foundry, "packs/verses-skills/animal/beasts"));
    writeFileSync(join(foundry, "packs/verses-skills/animal/beasts/_Folder.yml"), JSON.stringify(beasts));
    const labor = parse(join(foundry, "packs/verses-skills/animal/labor-animal.yml"));
    const ox = { ...labor, _id: "OxDrivingSkill00", _key: "!items!OxDrivingSkill00" };
    Object.assign(ox, { name: "Ox Driving", folder: beasts._id });
    writeFileSync(join(foundry, "packs/verses-skills/animal/beasts/ox.yml"), JSON.stringify(ox));
    edit(foundry, "packs/verses-skills/general/dance.yml", (t) =>
      t.replace(`folder: ${general._id}\n`, `folder: ${animal._id}\n`),
    );
    expect(build(foundry).status).toBe(0);
    cpSync(join(foundry, "dist"), join(root, "dist"), { recursive: true });

    const { status, output } = extract(root);
    expect(status, output).toBe(0);
    expect(output).toMatch(/verses-skills: 76 unchanged, 2 updated, 2 added, 0 no longer in the pack/);
    const after = snapshot(join(root, "packs", "verses-skills"));
    expect(after["animal/_Folder.yml"]).toBe(
      before["animal/_Folder.yml"]!.replace("name: Animal Skills\n", "name: Animals\n"),
    );
    expect(after["general/dance.yml"]).toBe(
      before["general/dance.yml"]!.replace(`folder: ${general._id}\n`, `folder: ${animal._id}\n`),
    );
    expect(parse(join(root, "packs/verses-skills/animal/beasts-of-burden/_Folder.yml"))).toEqual(beasts);
    expect(
      parse(join(root, "packs/verses-skills/animal/beasts-of-burden/ox-driving-OxDrivingSkill00.yml")),
    ).toEqual(ox);
    expect(Object.keys(after).sort()).toEqual(
      [
        ...Object.keys(before),
        "animal/beasts-of-burden/_Folder.yml",
        "animal/beasts-of-burden/ox-driving-OxDrivingSkill00.yml",
      ].sort(),
    );
    // What the extract writes is what the build reads: compiling again and extracting changes nothing.
    expect(build(root).status).toBe(0);
    expect(extract(root).output).toMatch(/80 unchanged, 0 updated, 0 added, 0 no longer/);
    expect(snapshot(join(root, "packs", "verses-skills"))).toEqual(after);
  }, 120_000);

  it("a malformed source stops the extract before anything is written, naming the file", () => {
    const root = project(["verses-intoxication"]);
    expect(build(root).status).toBe(0);
    edit(root, "packs/verses-intoxication/skills/brewing.yml", (t) =>
      t.replace(/^name: /m, "name: [unclosed "),
    );
    rmSync(join(root, "packs/verses-intoxication/skills/winemaking.yml"));
    const before = snapshot(join(root, "packs"));
    const { status, output } = extract(root);
    expect(status).toBe(1);
    expect(output).toMatch(/Nothing was extracted/);
    expect(output).toMatch(/packs\/verses-intoxication\/skills\/brewing\.yml: /);
    expect(snapshot(join(root, "packs"))).toEqual(before);
    expect(extract(root, ["--frobnicate"]).output).toMatch(/Unknown option/);
    expect(extract(root, ["verses-nothing"]).output).toMatch(/Unknown pack\(s\): verses-nothing/);
  }, 60_000);
});

describe("the manifest check", () => {
  const lang = readJSON(join(DIST, "lang", "en.json"));
  const built = readJSON(join(DIST, "system.json"));
  const version = readJSON(join(ROOT, "package.json")).version;

  it("passes on dist/: every path system.json names exists, every type has a label", () => {
    expect(checkManifest(built, lang, DIST, version)).toEqual([]);
  });
  it("catches a document type without a label", () => {
    const m = { ...built, documentTypes: { ...built.documentTypes, Actor: { "verses-ghost": {} } } };
    expect(checkManifest(m, lang, DIST, version).join()).toMatch(/TYPES\.Actor\.verses-ghost/);
  });
  it("pins the Foundry versions: minimum 13, verified 13, maximum 14", () => {
    expect(built.compatibility).toEqual({ minimum: "13", verified: "13", maximum: "14" });
    const m = { ...built, compatibility: { minimum: "13", maximum: "13" } };
    expect(checkManifest(m, lang, DIST, version)).toEqual([
      "compatibility.verified must be 13, got undefined",
      'compatibility.maximum must be 14, got "13"',
    ]);
  });
  it("catches a path that is not in dist/", () => {
    const m = { ...built, esmodules: ["missing.mjs"] };
    expect(checkManifest(m, lang, DIST, version).join()).toMatch(/missing\.mjs/);
  });
  it("catches a pack folder that mixes rulesets", () => {
    const other = {
      ...built.packs[0],
      name: "tales-x",
      path: "packs/tales-x",
      flags: { polyverse: { ruleset: "tales" } },
    };
    const m = {
      ...built,
      packs: [...built.packs, other],
      packFolders: [{ ...built.packFolders[0], packs: [...built.packFolders[0].packs, "tales-x"] }],
    };
    expect(checkManifest(m, lang, DIST, version).join()).toMatch(/mixes rulesets/);
  });
  it("catches a pack outside every pack folder", () => {
    const m = { ...built, packFolders: [] };
    expect(checkManifest(m, lang, DIST, version).join()).toMatch(/exactly one pack folder/);
  });
});
