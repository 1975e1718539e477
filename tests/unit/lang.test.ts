import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeLanguage } from "../../scripts/lib/lang.mjs";
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
