// Xero Sum roll tables (SRD 0.06 Tables 6, 7, 11, 12, 13): five 2d6 tables, one result per total
// 2..12, each naming the entry as the SRD does and giving its effect with the SRD's numbers (quoted
// below, row by row). Also: the results' keys are the rules layer's (rules/keys.ts), and each table
// names its rules key (`flags.polyverse.tableKey`) with the id the draws look for.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packId } from "../../scripts/lib/ids.mjs";
import { checkPackEntries } from "../../scripts/lib/pack-check.mjs";
import {
  BREAKING_POINTS,
  COMPLICATIONS,
  LASTING_WOUNDS,
  MOTIVATIONS,
  PANICS,
} from "../../src/rulesets/xero-sum/rules/keys";
import { TABLE_KEYS, type TableKey } from "../../src/rulesets/xero-sum/rules/tables";
import { PACK_TABLE_IDS, TABLE_PACK } from "../../src/rulesets/xero-sum/documents/table-draw-logic";
import { CREDIT, camelKey, manifest, manifestPack, packSources, plainText, slug } from "./xero-sum-content";

const PACK = "xero-sum-tables";
const sources = packSources(PACK);

/** Each table: its name in the pack, its number, its rows "roll | name | effect" as the SRD has them. */
const TABLES = [
  {
    name: "Complications",
    number: 6,
    keys: COMPLICATIONS,
    rows: `
2 | Addiction
3 | Betrayed
4 | Code of Honor
5 | Criminal Past
6 | Daredevil
7 | Dark Secret
8 | Family Obligation
9 | Famous
10 | Loss
11 | Outstanding Debt
12 | Personal Enemy`,
  },
  {
    name: "Motivations",
    number: 7,
    keys: MOTIVATIONS,
    rows: `
2 | Accumulate
3 | Build
4 | Find Safety
5 | Hedonism
6 | Make Amends
7 | Preach
8 | Protect
9 | Reunite
10 | Revenge
11 | Stay Alive
12 | Take Advantage`,
  },
  {
    name: "Lasting Wounds",
    number: 11,
    keys: LASTING_WOUNDS,
    rows: `
2 | Lost Eye | -1 on checks using Dexterity
3 | Minor Brain Injury | -1 Reason
4 | Lame | -1 Dexterity
5 | Shaken | -1 Maximum Resilience Points
6 | Weakened | -1 Maximum Wound Points
7 | Hearing Loss | -1 Acumen
8 | Scarring | -1 Influence
9 | Fragile | -1 Physicality
10 | Skittish | -1 Initiative Modifier
11 | Crippled | -1 Perception
12 | Shell Shock | -2 Dexterity`,
  },
  {
    name: "Panic",
    number: 12,
    keys: PANICS,
    rows: `
2 | Babbling | nonsensical speech for 1d3 rounds
3 | Loose Grip | drops what they hold, an action to pick it up
4 | Twitchy | -2 CMod on all actions for 1d3 rounds
5 | Rattled | -2 on next Initiative Roll
6 | Frozen | loses both of their actions for 1d3 rounds
7 | Escape | disengages and tries to get out of range of combat
8 | Intimidated | -2 CMod on attacks for the next 1d3 rounds
9 | Scream | screaming for the next 1d3 rounds, oblivious to everything
10 | Tunnel vision | only the immediate threat in front of them for 1d3 rounds
11 | Berserk | attacks the closest NPC
12 | Faints | unconscious for 1d3 rounds`,
  },
  {
    name: "Breaking Point",
    number: 13,
    keys: BREAKING_POINTS,
    rows: `
2 | Uncontrollable Fear | -3 CMod on all dice checks until a stress box is cleared
3 | Paralyzing Anxiety | cannot move or act without prompting; another Breaking Point check to act, until a stress box is cleared
4 | Irrational Outburst | verbally abusive until a stress box is removed or they fall unconscious
5 | Sudden Flight | flees everyone; a night's rest away from others removes a stress box
6 | Unfocused Rage | attacks until the target is beaten, they are Subdued, or a successful Inspiration or Psychology* check calms them
7 | Intense Paranoia | trusts no one until a stress box is cleared
8 | Self-Harm | 1d3 WP damage to themselves unless stopped; clears one stress box
9 | Emotional Shutdown | withdraws; a night's rest clears one stress box
10 | Delusions | hallucinates until they fall unconscious, and a stress box is cleared
11 | Hysterics | laughs or weeps, oblivious, until they fall unconscious, and a stress box is cleared
12 | Reckless Abandon | reckless and aggressive until a stress box is cleared`,
  },
].map((t) => ({
  ...t,
  rows: t.rows
    .trim()
    .split("\n")
    .map((line) => {
      const [roll, name, effect = ""] = line.split(" | ");
      return { roll: Number(roll), name: name!, effect };
    }),
}));

/** The SRD's numbers in an effect, as the result writes them (a true minus sign). */
const numbersOf = (effect: string) =>
  (effect.match(/-\d|1d3|\b\d+\b/g) ?? []).map((n) => n.replace("-", "−"));
/** The attribute or stat an effect names. */
const STAT =
  /Dexterity|Reason|Acumen|Influence|Physicality|Perception|Initiative Modifier|Resilience Points|Wound Points|Inspiration|Psychology\*/g;

/** The rules layer's key of each table (its `flags.polyverse.tableKey`, how draws find it). */
const TABLE_KEY_OF: Record<string, TableKey> = {
  Complications: "complications",
  Motivations: "motivations",
  "Lasting Wounds": "lastingWounds",
  Panic: "panic",
  "Breaking Point": "breakingPoint",
};

describe("Xero Sum roll tables pack", () => {
  it("names each table's rules key, and the draws know each table's id (documents/table-draw-logic.ts)", () => {
    expect(Object.values(TABLE_KEY_OF).sort()).toEqual([...TABLE_KEYS].sort());
    expect(TABLE_PACK).toBe(`polyverse.${PACK}`);
    for (const [name, key] of Object.entries(TABLE_KEY_OF)) {
      const table = sources.find((s) => s.data.name === name)!.data;
      expect(table.flags.polyverse.tableKey).toBe(key);
      expect(PACK_TABLE_IDS[key]).toBe(table._id);
      expect(PACK_TABLE_IDS[key]).toBe(packId(PACK, name));
    }
  });

  it("passes the build's pack checks (ranges against the formula included)", () => {
    expect(checkPackEntries(manifest, manifestPack(PACK), sources)).toEqual([]);
  });

  it("holds the five 2d6 tables, one file each, with ids, keys, credit and ruleset", () => {
    expect(sources.map((s) => s.data.name).sort()).toEqual(TABLES.map((t) => t.name).sort());
    for (const { file, data } of sources) {
      expect(file).toBe(join("packs", PACK, `${slug(data.name)}.yml`));
      expect(data._id).toBe(packId(PACK, data.name));
      expect(data._key).toBe(`!tables!${data._id}`);
      expect(data.flags).toEqual({
        polyverse: { ruleset: "xero-sum", credit: CREDIT, tableKey: TABLE_KEY_OF[data.name] },
      });
      expect(data).toMatchObject({
        formula: "2d6",
        replacement: true,
        folder: null,
        ownership: { default: 0 },
      });
    }
  });

  describe.each(TABLES)("$name (Table $number)", (t) => {
    const table = sources.find((s) => s.data.name === t.name)!.data;

    it("says which table it is and when to roll it", () => {
      expect(plainText(table.description)).toMatch(new RegExp(`^Table ${t.number}: `));
      expect(plainText(table.description)).toContain("2d6");
    });

    it("has one text result per total 2..12 in order, named as the SRD names it, keyed as the rules layer keys it", () => {
      expect(t.rows.map((r) => r.roll)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect(table.results).toHaveLength(11);
      table.results.forEach((r: any, i: number) => {
        const row = t.rows[i]!;
        expect(r.range).toEqual([row.roll, row.roll]);
        expect(r.name.toLowerCase()).toBe(row.name.toLowerCase());
        expect(r._id).toBe(packId(PACK, `${t.name}:${row.roll}`));
        expect(r._key).toBe(`!tables.results!${table._id}.${r._id}`);
        expect(r).toMatchObject({ type: "text", weight: 1, drawn: false });
        expect(r.flags).toEqual({ polyverse: { "xero-sum": { key: t.keys[i] } } });
        expect(t.keys[i]).toBe(camelKey(row.name));
        expect(r.description).toMatch(/^<p>.+<\/p>$/);
      });
    });

    it("gives each result's effect with the SRD's numbers and what they apply to", () => {
      table.results.forEach((r: any, i: number) => {
        const row = t.rows[i]!;
        const text = plainText(r.description);
        for (const n of numbersOf(row.effect)) expect(text, `${row.name}: ${n}`).toContain(n);
        for (const stat of row.effect.match(STAT) ?? []) expect(text, `${row.name}: ${stat}`).toContain(stat);
        if (/stress box/.test(row.effect)) expect(text, row.name).toMatch(/stress box/);
        if (/unconscious/.test(row.effect)) expect(text, row.name).toMatch(/unconscious/);
      });
    });
  });

  it("Complications and Motivations carry no numbers, and say so; Lasting Wounds are permanent", () => {
    const results = (name: string) => sources.find((s) => s.data.name === name)!.data.results;
    for (const name of ["Complications", "Motivations"])
      for (const r of results(name))
        expect(plainText(r.description), r.name).toMatch(/No numbers attach to it/);
    for (const r of results("Lasting Wounds")) expect(plainText(r.description), r.name).toMatch(/Permanent/);
    const lostEye = plainText(results("Lasting Wounds")[0].description);
    expect(lostEye).toMatch(/−1 on every check that uses Dexterity/);
  });
});
