// The 'Verses roll tables and rules-reference journals (issue #6), checked against the Core text
// itself: its tables are read from reference/verses-core-0.8.5.txt here, independently of the
// rules layer the generator used.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packId } from "../../scripts/lib/ids.mjs";
import { checkPackEntries } from "../../scripts/lib/pack-check.mjs";
import { CONDITION_PAGES } from "../../src/rulesets/verses/base/condition-pages";
import { conditionStatusData } from "../../src/rulesets/verses/base/conditions-logic";
import { CORE_CONDITION_IDS } from "../../src/rulesets/verses/rules";
import { ROOT, readJSON } from "../lib/paths";
import { CREDIT, byName, packSources } from "./verses-content";

const TEXT = readFileSync(join(ROOT, "reference", "verses-core-0.8.5.txt"), "utf8").split("\n");
const manifest = readJSON(join(ROOT, "system.json"));
const tables = packSources("verses-tables");
const journals = packSources("verses-rules");
const table = (name: string) => byName(tables)[name];
const stripHtml = (s: string) => s.replace(/<[^>]+>/g, "").trim();

/** A table of the text: the rows (header first) after its heading, up to the next blank line. */
function textTable(heading: string, skip = 2): string[][] {
  const start = TEXT.findIndex((l) => l.trim() === heading);
  expect(start, heading).toBeGreaterThan(0);
  const rows: string[][] = [];
  for (const line of TEXT.slice(start + skip)) {
    if (!line.trim()) break;
    rows.push(line.split("\t"));
  }
  return rows;
}

/** Every value of a table's formula, when it is a sum of dice terms like (1d6 - 1) * 6 + 1d6. */
function formulaValues(formula: string): number[] {
  const dice = [...formula.matchAll(/(\d+)d(\d+)/g)].map((m) => Number(m[2]));
  const values = new Set<number>();
  const walk = (faces: number[]) => {
    if (faces.length === dice.length) {
      let i = 0;
      const expr = formula.replace(/\d+d\d+/g, () => String(faces[i++]));
      values.add(Function(`return (${expr});`)() as number);
      return;
    }
    for (let f = 1; f <= dice[faces.length]!; f++) walk([...faces, f]);
  };
  walk([]);
  return [...values].sort((a, b) => a - b);
}

describe("'Verses roll tables", () => {
  it("every entry passes the pack checks and carries the credit", () => {
    const pack = manifest.packs.find((p: any) => p.name === "verses-tables");
    expect(pack).toMatchObject({ type: "RollTable", flags: { polyverse: { ruleset: "verses" } } });
    expect(checkPackEntries(manifest, pack, tables)).toEqual([]);
    for (const { data } of tables) {
      expect(data.flags.polyverse.credit).toContain(CREDIT);
      for (const r of data.results) expect(r._key).toBe(`!tables.results!${data._id}.${r._id}`);
    }
  });

  it("each formula reaches every range exactly once: no gaps, no overlaps", () => {
    for (const { data } of tables) {
      const covered = data.results.flatMap((r: any) =>
        Array.from({ length: r.range[1] - r.range[0] + 1 }, (_, i) => r.range[0] + i),
      );
      expect(
        covered.sort((a: number, b: number) => a - b),
        data.name,
      ).toEqual(formulaValues(data.formula));
    }
  });

  it('the 36 creation prompts: "roll 1d6 to identify the table section, then roll 1d6 again to identify a row"', () => {
    let section = 0;
    const printed = textTable("Character Creation Prompts")
      .slice(1)
      .map(([die1, die2, prompt]) => {
        if (die1) section = Number(die1);
        return { section, row: Number(die2), prompt: prompt!.trim() };
      });
    expect(printed).toHaveLength(36);
    const prompts = table("Character Creation Prompts");
    expect(prompts.formula).toBe("(1d6 - 1) * 6 + 1d6");
    for (const p of printed) {
      const at = (p.section - 1) * 6 + p.row;
      const result = prompts.results.find((r: any) => r.range[0] === at);
      expect(result.name).toBe(`${p.section}·${p.row}`);
      expect(stripHtml(result.description).replace(/&quot;/g, '"')).toBe(p.prompt);
    }
  });

  it("Character Traits Groups A and B: one 1d6 table per column (Mental, Functional, Social, Physical)", () => {
    for (const group of ["A", "B"]) {
      const printed = textTable(`Character Traits Group ${group}`);
      expect(printed[0]).toEqual(["1d6", "Mental", "Functional", "Social", "Physical"]);
      ["Mental", "Functional", "Social", "Physical"].forEach((category, c) => {
        const t = table(`Character Traits: Group ${group}, ${category}`);
        expect(t.formula).toBe("1d6");
        // The text prints "Heavysset"; the table spells it Heavyset.
        const words = printed.slice(1).map((row) => row[c + 1]!.replace("Heavysset", "Heavyset"));
        expect(t.results.map((r: any) => r.name)).toEqual(words);
        expect(t.results.map((r: any) => r.range)).toEqual([1, 2, 3, 4, 5, 6].map((n) => [n, n]));
      });
    }
    expect(tables.filter((t) => t.data.name.startsWith("Character Traits"))).toHaveLength(8);
  });

  it('miss direction: "1 Too Near, 2 Too Far, 3 Wide Right, 4 Wide Left"', () => {
    const printed = textTable("Indirect Attack Miss Direction")
      .slice(1)
      .map(([value, direction]) => [Number(value), direction!.trim()]);
    const t = table("Indirect Attack Miss Direction");
    expect(t.results.map((r: any) => [r.range[0], r.name])).toEqual(printed);
    expect(stripHtml(t.description)).toContain("(5 − successes) metres");
  });

  it('survival outcomes: "6 - TUF ... no longer Moribund", "1+ survives the turn", "0 Actor dies"', () => {
    const printed = textTable("Survival Roll Outcomes").slice(1);
    expect(printed.map((r) => r[0])).toEqual(["6 - TUF", "1+", "0"]);
    const names = table("Survival Roll Outcomes").results.map((r: any) => r.name);
    expect(names[0]).toMatch(/^0 successes: the actor dies/);
    expect(names[1]).toMatch(/^1 or more successes: .*still Moribund/);
    expect(names[2]).toMatch(/^6 − TUF or more successes: no longer Moribund; HP stays 0 .*Unconscious/);
  });
});

describe("'Verses rules-reference journals", () => {
  const pages = journals.flatMap(({ data }) => data.pages.map((p: any) => ({ entry: data, page: p })));
  const page = (name: string) => pages.find((p) => p.page.name === name)!.page.text.content as string;
  const rowsOf = (html: string) =>
    [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) =>
      [...m[1]!.matchAll(/<t[dh]>(.*?)<\/t[dh]>/g)].map((c) => c[1]),
    );

  it("pass the pack checks, carry the credit, and key their pages", () => {
    const pack = manifest.packs.find((p: any) => p.name === "verses-rules");
    expect(pack).toMatchObject({ type: "JournalEntry" });
    expect(checkPackEntries(manifest, pack, journals)).toEqual([]);
    for (const { data } of journals) {
      expect(data.flags.polyverse.credit).toContain(CREDIT);
      for (const p of data.pages) expect(p._key).toBe(`!journal.pages!${data._id}.${p._id}`);
    }
  });

  it("every @UUID link names an existing pack document", () => {
    const ids = new Map<string, Set<string>>();
    for (const pack of manifest.packs)
      ids.set(pack.name, new Set(packSources(pack.name).map((s) => s.data._id)));
    const links = pages.flatMap((p) => [
      ...p.page.text.content.matchAll(/@UUID\[Compendium\.polyverse\.([\w-]+)\.Item\.(\w+)\]/g),
    ]);
    expect(links.length).toBeGreaterThan(10);
    for (const [, pack, id] of links) expect(ids.get(pack!)?.has(id!), `${pack}.${id}`).toBe(true);
  });

  it("one page per Core condition, and the Intoxicated page in the module's journal", () => {
    const conditions = byName(journals)["'Verses Conditions"];
    expect(conditions.pages.map((p: any) => p.flags.polyverse.condition)).toEqual([...CORE_CONDITION_IDS]);
    expect(CORE_CONDITION_IDS).toHaveLength(8);
    const intox = byName(journals)["'Verses Intoxication (rules module)"];
    expect(intox.pages.map((p: any) => p.name)).toEqual(["Intoxicated", "Intoxication Levels"]);
  });

  it("each condition's status effect refers to its page", () => {
    for (const [id, uuid] of Object.entries(CONDITION_PAGES)) {
      expect(conditionStatusData(id as any).flags.polyverse.verses.reference).toBe(uuid);
      const [, , , , entryId, , pageId] = uuid.split(".");
      const entry = journals.find((j) => j.data._id === entryId)!.data;
      expect(entry.pages.find((p: any) => p._id === pageId).flags.polyverse.condition).toBe(id);
    }
    expect(packId("verses-rules", "conditions")).toBe(byName(journals)["'Verses Conditions"]._id);
  });

  it('materials as printed in "HP & Resistance of Common Materials" (per 100 cm³, TUF, resistances)', () => {
    const printed = textTable("HP & Resistance of Common Materials").slice(1);
    expect(printed).toHaveLength(11);
    const rows = rowsOf(page("Materials")).slice(1);
    printed.forEach(([name, hp, tuf, res], i) => {
      const [n, h, t, r] = rows[i]!;
      expect([n, h, t, r]).toEqual(
        hp === "*" ? [name, "actor's HP", "actor's TUF", res] : [name, hp, tuf, res],
      );
    });
  });

  it("object HP by size as printed: Tiny 1–3, Small 3–9, Medium 8–12, Large 10–25, Huge 20–100", () => {
    const printed = textTable("Object HP by Size")
      .slice(1)
      .map((r) => [r[0]!.split(" ")[0], r[1]]);
    const rows = rowsOf(page("Object HP by Size"))
      .slice(1)
      .map((r) => [r[0], r[2]]);
    expect(rows).toEqual(printed);
  });

  it("tool Operational Levels 1–5 add 1–5 dice; intoxication levels 1–5 as printed", () => {
    const ol = rowsOf(page("Tool Operational Levels")).slice(1);
    expect(ol.map((r) => [r[0], r[1]])).toEqual([1, 2, 3, 4, 5].map((n) => [String(n), `+${n}`]));
    const levels = rowsOf(page("Intoxication Levels")).slice(1);
    // "1 Buzzed 0.5 hour PRW -1, SOC +1" ... "5 Inebriated 8 hours ... Unconscious".
    expect(levels.map((r) => [r[1], r[2]])).toEqual([
      ["Buzzed", "0.5 h"],
      ["Tipsy", "1 h"],
      ["Drunk", "2 h"],
      ["Heavily Intoxicated", "4 h"],
      ["Inebriated", "8 h"],
    ]);
    expect(levels[0]![3]).toBe("PRW −1, SOC +1, -1 die resisting Charm");
    expect(levels[4]![3]).toBe("Unconscious");
  });
});
