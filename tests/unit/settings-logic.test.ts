// A ruleset's settings table (core/settings-logic.ts): keys, labels, defaults, valid stored values
// and the data Foundry registers, for any ruleset.
import { describe, expect, it } from "vitest";
import {
  defaultValues,
  registrationData,
  rulesetSettingKey,
  settingLabelKeysUnder,
  validSettingValue,
  type SettingTable,
} from "../../src/core/settings-logic";

interface Values {
  botchOnOnes: boolean;
  difficulty: number;
  tens: "explode" | "double";
  track: string;
}
const TABLE: SettingTable<Values> = {
  botchOnOnes: { type: "boolean", default: true, requiresReload: true },
  difficulty: { type: "number", default: 6, range: { min: 2, max: 10, step: 1 } },
  tens: { type: "choice", default: "explode", choices: ["explode", "double"] },
  track: { type: "text", default: "0,1,2", valid: (v) => /^\d(,\d)*$/.test(v) },
};
const types = { Boolean: "B", Number: "N", String: "S" };

describe("a ruleset's settings table", () => {
  it("keys and labels carry the ruleset", () => {
    expect(rulesetSettingKey("maelstrom", "tens")).toBe("maelstrom.tens");
    const labels = settingLabelKeysUnder("POLYVERSE.Maelstrom.Settings", "tens");
    expect([labels.name, labels.hint, labels.choice("double")]).toEqual([
      "POLYVERSE.Maelstrom.Settings.tens.Name",
      "POLYVERSE.Maelstrom.Settings.tens.Hint",
      "POLYVERSE.Maelstrom.Settings.tens.Choices.double",
    ]);
  });

  it("defaults, and which stored values are valid (anything else reads as the default)", () => {
    expect(defaultValues(TABLE)).toEqual({
      botchOnOnes: true,
      difficulty: 6,
      tens: "explode",
      track: "0,1,2",
    });
    expect(validSettingValue(TABLE.tens, "double")).toBe(true);
    expect(validSettingValue(TABLE.tens, "<script>")).toBe(false);
    expect(validSettingValue(TABLE.difficulty, Number.NaN)).toBe(false);
    expect(validSettingValue(TABLE.botchOnOnes, "true")).toBe(false);
    expect(validSettingValue(TABLE.track, "0,0,1,2")).toBe(true);
    expect(validSettingValue(TABLE.track, "zero, one")).toBe(false);
    expect(validSettingValue(TABLE.track, 3)).toBe(false);
  });

  it("registers world settings shown to the GM, with their range, choices and reload", () => {
    const labels = (n: string) => settingLabelKeysUnder("R", n);
    expect(registrationData(TABLE.botchOnOnes, labels("botchOnOnes"), types)).toMatchObject({
      scope: "world",
      config: true,
      type: "B",
      default: true,
      requiresReload: true,
    });
    expect(registrationData(TABLE.difficulty, labels("difficulty"), types)).toMatchObject({
      type: "N",
      range: { min: 2, max: 10, step: 1 },
    });
    expect(registrationData(TABLE.tens, labels("tens"), types).choices).toEqual({
      explode: "R.tens.Choices.explode",
      double: "R.tens.Choices.double",
    });
    const text = registrationData(TABLE.track, labels("track"), types);
    expect(text).toMatchObject({ type: "S", default: "0,1,2" });
    expect(text.choices).toBeUndefined();
  });
});
