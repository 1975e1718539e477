import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareLanguage, mergeLanguage } from "../../scripts/lib/lang.mjs";
import { ROOT } from "../lib/paths";

function fragments(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), "pv-lang-"));
  for (const [name, data] of Object.entries(files))
    writeFileSync(join(dir, name), typeof data === "string" ? data : JSON.stringify(data));
  return dir;
}

describe("English fragments merged into dist/lang/en.json", () => {
  it("deep-merges fragments", () => {
    const { lang, problems } = mergeLanguage(
      fragments({
        "a.json": { POLYVERSE: { A: { X: "x" } } },
        "b.json": { POLYVERSE: { A: { Y: "y" }, B: "b" } },
      }),
    );
    expect(problems).toEqual([]);
    expect(lang).toEqual({ POLYVERSE: { A: { X: "x", Y: "y" }, B: "b" } });
  });
  it("refuses a key written twice in one fragment (JSON.parse would keep only the last)", () => {
    const { problems } = mergeLanguage(
      fragments({
        "a.json": '{ "POLYVERSE": { "A": { "X": "x" }, "B": "b", "A": { "Y": "y" } } }',
      }),
    );
    expect(problems).toEqual(["a.json: POLYVERSE.A is written twice"]);
  });
  it("refuses a key defined twice, a string that is also a group, and invalid JSON", () => {
    const { problems } = mergeLanguage(
      fragments({
        "a.json": { POLYVERSE: { A: "a", B: "b" } },
        "b.json": { POLYVERSE: { A: { X: "x" }, B: "again" } },
        "c.json": "{ not json",
      }),
    );
    expect(problems.join("\n")).toMatch(/b\.json: POLYVERSE\.A is a group here but a string elsewhere/);
    expect(problems.join("\n")).toMatch(/b\.json: POLYVERSE\.B is already defined/);
    expect(problems.join("\n")).toMatch(/c\.json: invalid JSON/);
  });
  it("the project's own fragments merge cleanly", () => {
    expect(mergeLanguage(join(ROOT, "lang", "en")).problems).toEqual([]);
  });
});

describe("a translation against English (scripts/lib/lang.mjs compareLanguage)", () => {
  it("names a missing file, a missing or extra key, a changed placeholder and an empty string", () => {
    const en = fragments({
      "a.json": { P: { A: "Roll {n} dice", B: "Hit", C: "Miss" } },
      "b.json": { P: { D: "Done" } },
    });
    const de = fragments({ "a.json": { P: { A: "Wirf {anzahl} Würfel", B: " ", E: "Extra" } } });
    expect(compareLanguage(en, de).sort()).toEqual(
      [
        "a.json: P.A has {anzahl}, English {n}",
        "a.json: P.B is empty",
        "a.json: P.C is missing",
        "a.json: P.E is not in English",
        "b.json: missing",
      ].sort(),
    );
  });
  it("lets a plural group add the forms its language needs, and nothing else", () => {
    const en = fragments({ "a.json": { P: { Dice: { one: "{n} die", other: "{n} dice" } } } });
    const pl = fragments({
      "a.json": { P: { Dice: { one: "{n} kość", few: "{n} kości", many: "{n} kości", other: "{n} kości" } } },
    });
    expect(compareLanguage(en, pl)).toEqual([]);
    const odd = fragments({ "a.json": { P: { Dice: { one: "{n}", other: "{n}", plenty: "{n}" } } } });
    expect(compareLanguage(en, odd)).toEqual(["a.json: P.Dice.plenty is not in English"]);
  });
  it("a fragment English lacks is named", () => {
    const en = fragments({ "a.json": { P: { A: "a" } } });
    const de = fragments({ "a.json": { P: { A: "a" } }, "z.json": { P: { Z: "z" } } });
    expect(compareLanguage(en, de)).toEqual(["z.json: no English fragment of this name"]);
  });
});

describe("the project's translations", () => {
  const LANG = join(ROOT, "lang");
  const codes = readdirSync(LANG, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "en")
    .map((entry) => entry.name);
  it("there is at least one besides English (German)", () => {
    expect(codes).toContain("de");
  });
  it.each(codes)("lang/%s has every key of English and nothing else, placeholders kept", (code) => {
    expect(compareLanguage(join(LANG, "en"), join(LANG, code))).toEqual([]);
    expect(mergeLanguage(join(LANG, code)).problems).toEqual([]);
  });
  it.each(codes)("system.json names lang/%s.json", (code) => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as {
      languages: { lang: string; path: string }[];
    };
    expect(manifest.languages).toContainEqual(
      expect.objectContaining({ lang: code, path: `lang/${code}.json` }),
    );
  });
});
