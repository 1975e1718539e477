import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { mergeLanguage } from "../../scripts/lib/lang.mjs";
import {
  displayLocale,
  formatChance,
  formatNumber,
  formatPercent,
  messageData,
  pluralCategory,
  pluralKey,
  setDisplayLocale,
} from "../../src/core/i18n-logic";
import { formatMetres } from "../../src/core/board-logic";
import { ROOT } from "../lib/paths";

afterEach(() => setDisplayLocale("en"));

describe("numbers in the user's language (core i18n-logic)", () => {
  it("English by default: a point for decimals, at most two of them", () => {
    expect(displayLocale()).toBe("en");
    expect(formatNumber(2.5)).toBe("2.5");
    expect(formatNumber(1 / 3)).toBe("0.33");
    expect(formatNumber(1250)).toBe("1,250");
    expect(formatNumber(1250, { grouping: false })).toBe("1250");
    expect(formatNumber(4)).toBe("4");
  });

  it("German: a comma for decimals, a point between thousands", () => {
    setDisplayLocale("de");
    expect(displayLocale()).toBe("de");
    expect(formatNumber(2.5)).toBe("2,5");
    expect(formatNumber(1250.75)).toBe("1.250,75");
  });

  it("distances to 0.1 m: 7.5 m in English, 7,5 m in German; no separator in 1500 m", () => {
    expect(formatMetres(7.46)).toBe("7.5");
    expect(formatMetres(12)).toBe("12");
    expect(formatMetres(1500)).toBe("1500");
    setDisplayLocale("de");
    expect(formatMetres(7.46)).toBe("7,5");
  });

  it("a language Intl does not know falls back to English", () => {
    setDisplayLocale("not a language tag!");
    expect(displayLocale()).toBe("en");
    expect(formatNumber(2.5)).toBe("2.5");
  });

  it("percentages keep the English form the dialogs always showed, and follow the language", () => {
    // 'Verses Core: 9d6 against 2S succeeds "86%" of the time (85.7 % to one decimal).
    expect(formatChance(0.857)).toBe("85.7 %");
    expect(formatChance(0)).toBe("0 %");
    expect(formatChance(1)).toBe("100 %");
    expect(formatChance(0.0004)).toBe("< 0.1 %");
    expect(formatChance(0.9996)).toBe("> 99.9 %");
    expect(formatPercent(0.25, 0)).toBe("25 %");
    setDisplayLocale("de", { percent: "{n} %" });
    expect(formatChance(0.857)).toBe("85,7 %");
    expect(formatChance(0.0004)).toBe("< 0,1 %");
    setDisplayLocale("en", { percent: "{n}%" });
    expect(formatChance(0.857)).toBe("85.7%");
  });

  it("a percent pattern without {n} is ignored", () => {
    setDisplayLocale("en", { percent: "percent" });
    expect(formatChance(0.5)).toBe("50.0 %");
  });
});

describe("plural forms (core i18n-logic)", () => {
  const keys = new Set(["K.Dice.one", "K.Dice.other", "K.Few.other"]);
  const has = (k: string) => keys.has(k);

  it("English: one for 1, other for 0 and 2", () => {
    expect(pluralCategory(1)).toBe("one");
    expect(pluralCategory(0)).toBe("other");
    expect(pluralKey("K.Dice", 1, has)).toBe("K.Dice.one");
    expect(pluralKey("K.Dice", 2, has)).toBe("K.Dice.other");
    expect(pluralKey("K.Dice", 0, has)).toBe("K.Dice.other");
  });

  it("a form the language has but the key does not falls back to other", () => {
    setDisplayLocale("pl");
    expect(pluralCategory(3)).toBe("few");
    expect(pluralKey("K.Few", 3, has)).toBe("K.Few.other");
  });
});

describe("a message's values", () => {
  it("numbers are written in the user's language, text stays as it is", () => {
    expect(messageData({ key: "K", data: { metres: 7.5, name: "Anders" } })).toEqual({
      metres: "7.5",
      name: "Anders",
    });
    setDisplayLocale("de");
    expect(messageData({ key: "K", data: { metres: 7.5 } })).toEqual({ metres: "7,5" });
    expect(messageData({ key: "K" })).toBeUndefined();
  });
});

describe("plural sentences in lang/en", () => {
  const lang = mergeLanguage(join(ROOT, "lang", "en")).lang as Record<string, unknown>;
  const CATEGORIES = ["zero", "one", "two", "few", "many", "other"];

  /** Every group of strings whose keys are plural categories, by path. */
  function pluralGroups(node: unknown, path: string[] = [], out: [string, Record<string, unknown>][] = []) {
    if (!node || typeof node !== "object") return out;
    const rec = node as Record<string, unknown>;
    const keys = Object.keys(rec);
    // A group of sentences keyed only by plural categories, "other" among them, is a plural sentence
    // ("one" or "other" beside other keys are ordinary names: a setting's choice, a variant).
    if (keys.includes("other") && keys.every((k) => CATEGORIES.includes(k) && typeof rec[k] === "string"))
      out.push([path.join("."), rec]);
    for (const [k, v] of Object.entries(rec)) pluralGroups(v, [...path, k], out);
    return out;
  }

  it("each has English's two forms, one and other", () => {
    const groups = pluralGroups(lang);
    expect(groups.length).toBeGreaterThan(10);
    for (const [path, group] of groups) {
      expect(Object.keys(group).sort(), path).toEqual(["one", "other"]);
    }
  });

  it("'Verses and core English never join a count with '(s)': a count picks its sentence", () => {
    const dir = join(ROOT, "lang", "en");
    for (const file of readdirSync(dir).filter((f) => /^(core|verses).*\.json$/.test(f))) {
      const text = readFileSync(join(dir, file), "utf8");
      // "3(s)" in the damage notation is the rules' own writing, not a plural.
      expect(text.match(/[a-z]\(s\)/g), file).toBeNull();
    }
  });
});
