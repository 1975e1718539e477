// The rules layers return keys, never English sentences, for what a user reads (issue #17): every
// key a rules file can return has its English in lang/en, and no rules file returns a capitalised
// English sentence as a reason (a grep-style guard over every ruleset's rules/).
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeLanguage } from "../../scripts/lib/lang.mjs";
import { RULES_MESSAGE_KEYS, type RulesMessageKey } from "../../src/rulesets/verses/rules";
import { rulesLine } from "../../src/rulesets/verses/base/rules-message-logic";
import { setDisplayLocale } from "../../src/core/i18n-logic";
import { ROOT } from "../lib/paths";

const RULESETS = ["verses", "maelstrom", "tales", "xero-sum", "virtually-real"] as const;
const LANG = mergeLanguage(join(ROOT, "lang", "en")).lang as Record<string, unknown>;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}
/** The rules layer's source files of a ruleset (tests excluded). */
const rulesFiles = (ruleset: string) =>
  files(join(ROOT, "src", "rulesets", ruleset, "rules")).filter((f) => !f.endsWith(".test.ts"));

/** Source without comments, so that quoted rules text in a comment is never read as code. */
const code = (file: string) =>
  readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " "))
    .replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

const at = (path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>(
      (n, k) => (n && typeof n === "object" ? (n as Record<string, unknown>)[k] : undefined),
      LANG,
    );

const VERSES_RULES = "POLYVERSE.Verses.Rules";
const verses = at(VERSES_RULES) as Record<string, unknown>;

/** The arguments of every `refused(...)` call in a source: the key, the data's names, whether it has a count. */
function refusedCalls(source: string): { key: string; names: string[] | null; counted: boolean }[] {
  const calls: { key: string; names: string[] | null; counted: boolean }[] = [];
  for (const m of source.matchAll(/\brefused\(/g)) {
    let depth = 1;
    let i = m.index + m[0].length;
    const start = i;
    while (depth > 0 && i < source.length) {
      const c = source[i++];
      if (c === "(" || c === "{" || c === "[") depth++;
      else if (c === ")" || c === "}" || c === "]") depth--;
    }
    const args = splitTopLevel(source.slice(start, i - 1));
    const key = /^"(\w+)"$/.exec(args[0] ?? "")?.[1];
    if (!key) continue; // a key chosen at run time (a table of keys): checked through the table's type
    const data = args[1];
    let names: string[] | null = [];
    if (data !== undefined) {
      const body = /^\{([\s\S]*)\}$/.exec(data)?.[1];
      names =
        body === undefined || body.includes("...")
          ? null
          : splitTopLevel(body)
              .filter(Boolean)
              .map((p) => /^(\w+)/.exec(p)?.[1] ?? "");
    }
    calls.push({ key, names, counted: args.length >= 3 });
  }
  return calls;
}

function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let part = "";
  for (const c of text) {
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if ("({[".includes(c)) depth++;
    else if (")}]".includes(c)) depth--;
    else if (c === "," && depth === 0) {
      out.push(part.trim());
      part = "";
      continue;
    }
    part += c;
  }
  if (part.trim()) out.push(part.trim());
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
const forms = (entry: unknown): string[] =>
  typeof entry === "string" ? [entry] : Object.values(entry as Record<string, string>);

describe("'Verses: every message the rules layer can return has English (lang/en/verses-rules.json)", () => {
  it("each key of RULES_MESSAGE_KEYS is a sentence, or a plural group with one and other", () => {
    for (const key of RULES_MESSAGE_KEYS) {
      const entry = verses[key];
      if (typeof entry === "string") continue;
      expect(entry, key).toBeTypeOf("object");
      expect(Object.keys(entry as object).sort(), key).toEqual(["one", "other"]);
      for (const text of forms(entry)) expect(text, key).toBeTypeOf("string");
    }
  });

  it("the group holds nothing else", () => {
    expect(Object.keys(verses).sort()).toEqual([...RULES_MESSAGE_KEYS].sort());
  });

  it("a refusal with a count names a plural group; one without names a sentence; its data fills every placeholder", () => {
    const calls = rulesFiles("verses").flatMap((f) => refusedCalls(code(f)).map((c) => ({ ...c, file: f })));
    expect(calls.length).toBeGreaterThan(100);
    for (const { key, names, counted, file } of calls) {
      const where = `${relative(ROOT, file)}: ${key}`;
      expect(RULES_MESSAGE_KEYS as readonly string[], where).toContain(key);
      const entry = verses[key];
      expect(typeof entry === "object", where).toBe(counted);
      if (names === null) continue;
      for (const text of forms(entry))
        for (const p of placeholders(text)) expect(names, `${where}: {${p}}`).toContain(p);
    }
  });

  it("a parser's RulesError names a sentence whose placeholders its data fills", () => {
    let seen = 0;
    for (const file of rulesFiles("verses"))
      for (const m of code(file).matchAll(
        /new RulesError\(\{\s*key:\s*"(\w+)"(?:,\s*data:\s*\{([^}]*)\})?/g,
      )) {
        seen++;
        const [, key, data = ""] = m;
        const where = `${relative(ROOT, file)}: ${key}`;
        const names = splitTopLevel(data).map((p) => /^(\w+)/.exec(p)?.[1] ?? "");
        const entry = verses[key!];
        expect(entry, where).toBeTypeOf("string");
        for (const p of placeholders(entry as string)) expect(names, `${where}: {${p}}`).toContain(p);
      }
    expect(seen).toBeGreaterThan(10);
  });

  it("the glue shows a message as its key and values, numbers in the user's language, its plural form by count", () => {
    expect(rulesLine({ key: "chainLimit", data: { limit: 2 } })).toEqual({
      key: `${VERSES_RULES}.chainLimit`,
      data: { limit: "2" },
    });
    expect(rulesLine({ key: "metabolismNotFree", data: { free: 1 }, count: 1 }).key).toBe(
      `${VERSES_RULES}.metabolismNotFree.one`,
    );
    expect(rulesLine({ key: "metabolismNotFree", data: { free: 3 }, count: 3 }).key).toBe(
      `${VERSES_RULES}.metabolismNotFree.other`,
    );
    // "Moving 7.5 m at 5 m/AD costs 2AD": in German the metres read 7,5.
    setDisplayLocale("de");
    expect(rulesLine({ key: "moveOnlyUnspent", data: { metres: 7.5, mv: 5, ad: 2, held: 1 } }).data).toEqual({
      metres: "7,5",
      mv: "5",
      ad: "2",
      held: "1",
    });
    setDisplayLocale("en");
  });

  it("the English still reads the rules' sentences", () => {
    const english = (key: RulesMessageKey, form?: "one" | "other") =>
      form ? (verses[key] as Record<string, string>)[form] : (verses[key] as string);
    expect(english("chainAcrossRounds")).toBe("Actions cannot be chained across rounds.");
    expect(english("attributeNeverZero")).toMatch(/"An object's core attributes can never be set to zero"/);
    expect(english("metabolismNotFree", "one")).toBe("Only 1 Heightened Metabolism die is not EX-bound.");
    expect(english("metabolismNotFree", "other")).toBe(
      "Only {free} Heightened Metabolism dice are not EX-bound.",
    );
    expect(english("requestHarms")).toBe(
      "The request must not directly or indirectly harm the target or its allies.",
    );
  });
});

/**
 * Reason codes the other rulesets' rules return (`reason: "code"`), and where the glue shows them:
 * each must be a key of that ruleset's English. The ones no user ever reads are listed, with why.
 */
const NEVER_SHOWN: Readonly<Record<string, readonly string[]>> = {
  // parseWoundPenalties only validates the setting (a bad text falls back to the default track);
  // bankExperienceDie's traitNotUsed is checked by the glue first (a forged request is Malformed);
  // Rally's noTarget is worded by the glue's own key (Rally.NoTarget).
  maelstrom: ["tooFew", "notANumber", "outOfRange", "tooMany", "decreasing", "traitNotUsed", "noTarget"],
  // Reading weapon and armour trait cells, lodging options, connection allocations and the damage
  // roll's checks: called only on the compendium's data (or its cards' own dice), never on what a user types.
  tales: [
    "unknownOption",
    "repeatedOption",
    "baseChoices",
    "repeatedTrait",
    "missingValue",
    "allocationOverLevel",
    "noDice",
    "tooManyRowShifts",
    "tooManyDice",
  ],
};

const ROOTS: Readonly<Record<string, string>> = {
  maelstrom: "POLYVERSE.Maelstrom",
  tales: "POLYVERSE.Tales",
  "xero-sum": "POLYVERSE.XeroSum",
  "virtually-real": "POLYVERSE.VirtuallyReal",
};

function leafKeys(node: unknown, out = new Set<string>()): Set<string> {
  if (node && typeof node === "object")
    for (const [k, v] of Object.entries(node)) {
      out.add(k);
      leafKeys(v, out);
    }
  return out;
}

describe("the other rulesets: every reason code a rules file returns has English", () => {
  for (const ruleset of ["maelstrom", "tales", "xero-sum", "virtually-real"] as const) {
    it(ruleset, () => {
      const keys = leafKeys(at(ROOTS[ruleset]!));
      const never = NEVER_SHOWN[ruleset] ?? [];
      for (const file of rulesFiles(ruleset))
        for (const m of code(file).matchAll(/\breason:\s*"(\w+)"/g)) {
          const c = m[1]!;
          if (never.includes(c)) continue;
          expect(keys.has(c), `${relative(ROOT, file)}: ${c}`).toBe(true);
        }
      // The list of codes never shown stays true: each is still a code the rules return.
      const all = rulesFiles(ruleset).flatMap((f) =>
        [...code(f).matchAll(/\breason:\s*"(\w+)"/g)].map((m) => m[1]),
      );
      for (const c of never) expect(all, c).toContain(c);
    });
  }
});

/** What the guard refuses: a reason, a refusal key or a RulesError that is an English sentence. */
export function englishReasons(source: string): string[] {
  const found: string[] = [];
  const sentence = /^[A-Z"'].*\s\S/; // a capital (or a quote) and at least two words
  for (const m of source.matchAll(/\breason:\s*(["'`])((?:\\.|(?!\1).)*)\1/g)) {
    const text = m[2]!;
    if (sentence.test(text) || /\s/.test(text.replace(/\$\{[^}]*\}/g, ""))) found.push(text);
  }
  for (const m of source.matchAll(
    /\b(?:refused|RulesError)\(\s*\{?\s*(?:key:\s*)?(["'`])((?:\\.|(?!\1).)*)\1/g,
  ))
    if (/\s/.test(m[2]!)) found.push(m[2]!);
  return found;
}

describe("guard: no rules file returns an English sentence as a reason", () => {
  it("catches one (self-check)", () => {
    expect(englishReasons('return { ok: false, reason: "A Prone actor may not parry." };')).toEqual([
      "A Prone actor may not parry.",
    ]);
    expect(englishReasons("return { ok: false, reason: `${id} is not in the turn order.` };")).toHaveLength(
      1,
    );
    expect(englishReasons('return refused("chain limit reached");')).toHaveLength(1);
    expect(englishReasons('return { ok: false, reason: "notWounded" };')).toEqual([]);
    expect(englishReasons('return refused("chainLimit", { limit: 2 });')).toEqual([]);
  });

  for (const ruleset of RULESETS)
    it(ruleset, () => {
      for (const file of rulesFiles(ruleset))
        expect(englishReasons(code(file)), relative(ROOT, file)).toEqual([]);
    });
});
