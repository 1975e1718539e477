import { describe, expect, it } from "vitest";
import { hasKey, keysInCode, keysInTemplate, missingKeys } from "../lib/i18n";

const lang = { POLYVERSE: { A: { B: "b" } }, "TYPES.Actor.verses-character": "Character" };

describe("the i18n checks catch a missing key", () => {
  it("finds keys written in code, nested or flattened", () => {
    const code = `game.i18n.localize("POLYVERSE.A.B"); label: 'POLYVERSE.A.Missing'; const p = "POLYVERSE.Prefix.";`;
    expect(keysInCode(code)).toEqual(["POLYVERSE.A.B", "POLYVERSE.A.Missing"]);
    expect(missingKeys(lang, keysInCode(code))).toEqual(["POLYVERSE.A.Missing"]);
    expect(hasKey(lang, "TYPES.Actor.verses-character")).toBe(true);
  });
  it("finds keys in templates: localize, format and tooltip attributes", () => {
    const hbs = `{{localize "POLYVERSE.A.B"}} {{format "POLYVERSE.A.Gone" n=1}} <i data-tooltip="POLYVERSE.A.Tip"></i> {{localize this.label}}`;
    expect(keysInTemplate(hbs).sort()).toEqual(["POLYVERSE.A.B", "POLYVERSE.A.Gone", "POLYVERSE.A.Tip"]);
    expect(missingKeys(lang, keysInTemplate(hbs))).toEqual(["POLYVERSE.A.Gone", "POLYVERSE.A.Tip"]);
  });
  it("a key that names a group rather than a string is missing, unless code uses it as a prefix", () => {
    expect(hasKey(lang, "POLYVERSE.A")).toBe(false);
    expect(missingKeys(lang, ["POLYVERSE.A"])).toEqual(["POLYVERSE.A"]);
    expect(missingKeys(lang, ["POLYVERSE.A", "POLYVERSE.Nope"], { prefixes: true })).toEqual([
      "POLYVERSE.Nope",
    ]);
  });
});
