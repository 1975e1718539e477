// Virtually Real roll tables (Virtually Real core guidebook, chapter 1): the plain roll of each
// capacity, [1]..[5] dice read on the CAPACITIES table (critical, ordinary, brilliant; the numbers
// quoted below), and one die of the optional Tension Pool. Cross-checked against the rules layer:
// planCheck's critical range, brilliant sum and formula, CAPACITIES, resolveTensionRoll.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packId } from "../../scripts/lib/ids.mjs";
import { checkPackEntries } from "../../scripts/lib/pack-check.mjs";
import {
  CAPACITIES,
  TENSION_POOL_MAX,
  baseCritMod,
  planCheck,
  resolveTensionRoll,
} from "../../src/rulesets/virtually-real/rules";
import {
  CHECK_LABELS,
  CREDIT,
  manifest,
  manifestPack,
  packSources,
  plainText,
  rows,
  slug,
  span,
  uuidLinks,
  virtuallyRealUuids,
} from "./virtually-real-content";

const PACK = "virtually-real-tables";
const sources = packSources(PACK);
const byName = (name: string) => sources.find((s) => s.data.name === name)!.data;

/**
 * The CAPACITIES table (dice, capacity name, brilliant rolls) with the critical result of a plain
 * roll: all 1s, and at [5] "your critical range *starts* at +1, so rolls of both 5 (all 1s) and 6
 * are both critical failures".
 */
const CAPACITY_ROWS = rows(`
1 | Secondary / Subhuman | 1     | 6
2 | Primary / Human      | 2     | 12
3 | Mastery / Superhuman | 3     | 17–18
4 | Supernatural         | 4     | 22–24
5 | Deific / Angelic     | 5–6   | 27–30`).map(([dice, name, critical, brilliant]) => ({
  dice: Number(dice),
  name: name!,
  critical: span(critical!) as [number, number],
  brilliant: span(brilliant!) as [number, number],
}));

const tableName = (row: (typeof CAPACITY_ROWS)[number]) => `Capacity [${row.dice}]: ${row.name}`;

describe("Virtually Real roll tables pack", () => {
  it("passes the build's pack checks (ranges against the formula included)", () => {
    expect(checkPackEntries(manifest, manifestPack(PACK), sources)).toEqual([]);
  });

  it("holds the five capacity tables and the Tension Die, one file each, with ids, keys, credit and ruleset", () => {
    expect(sources.map((s) => s.data.name).sort()).toEqual(
      [...CAPACITY_ROWS.map(tableName), "Tension Die"].sort(),
    );
    for (const { file, data } of sources) {
      expect(file).toBe(join("packs", PACK, `${slug(data.name)}.yml`));
      expect(data._id).toBe(packId(PACK, data.name));
      expect(data._key).toBe(`!tables!${data._id}`);
      expect(data.flags).toEqual({ polyverse: { ruleset: "virtually-real", credit: CREDIT } });
      expect(data).toMatchObject({
        replacement: true,
        displayRoll: true,
        folder: null,
        ownership: { default: 0 },
      });
      expect(data.description).toMatch(/^<p>.+<\/p>$/);
      data.results.forEach((r: any) => {
        expect(r._id).toBe(packId(PACK, `${data.name}:${r.range[0]}`));
        expect(r._key).toBe(`!tables.results!${data._id}.${r._id}`);
        expect(r).toMatchObject({ type: "text", drawn: false, weight: r.range[1] - r.range[0] + 1 });
        expect(r.description).toMatch(/^<p>.+<\/p>$/);
      });
    }
  });

  it("links only to pages of the Virtually Real packs", () => {
    const known = virtuallyRealUuids();
    for (const { data } of sources) {
      const links = [data.description, ...data.results.map((r: any) => r.description)].flatMap((h) =>
        uuidLinks(h).map((m) => m[1]!),
      );
      expect(links.length, data.name).toBeGreaterThan(0);
      for (const uuid of links) expect(known, `${data.name} ${uuid}`).toContain(uuid);
    }
  });

  describe.each(CAPACITY_ROWS)("Capacity [$dice]", (row) => {
    const table = byName(tableName(row));
    const plan = planCheck({
      kind: "skill",
      capacity: row.dice,
      attrCapacity: row.dice,
      advantage: 0,
      disadvantage: 0,
      critMod: 0,
    });

    it("is named as the CAPACITIES table names the capacity, as the rules layer's labels do", () => {
      const capacity = CAPACITIES[row.dice - 1]!;
      const skill = CHECK_LABELS.SkillCapacity[capacity.skill];
      const attribute = CHECK_LABELS.AttributeCapacity[capacity.attribute];
      expect(row.name).toBe(skill === attribute ? skill : `${skill} / ${attribute}`);
    });

    it("rolls the capacity's dice, as planCheck rolls a plain check", () => {
      expect(table.formula).toBe(`${row.dice}d6`);
      expect(plan.formula).toBe(table.formula);
      expect(plan.poolSize).toBe(row.dice);
    });

    it("has the critical result, the ordinary rolls and the brilliant ones, in order", () => {
      const [critical, ordinary, brilliant] = table.results;
      expect(table.results).toHaveLength(3);
      expect(table.results.map((r: any) => r.flags.polyverse["virtually-real"].key)).toEqual([
        "critical",
        "ordinary",
        "brilliant",
      ]);
      expect(critical.range).toEqual(row.critical);
      expect(brilliant.range).toEqual(row.brilliant);
      expect(ordinary.range).toEqual([row.critical[1] + 1, row.brilliant[0] - 1]);
      expect(critical.name).toBe("Critical");
      expect(brilliant.name).toBe(row.dice === 1 ? "Perhaps Brilliant" : "Brilliant");
    });

    it("agrees with the rules layer's critical range and brilliant sums", () => {
      expect(plan.critRange).toEqual(row.critical);
      expect(row.critical[1] - row.critical[0]).toBe(baseCritMod(row.dice));
      expect(plan.brilliantFrom).toBe(row.brilliant[0]);
      const capacity = CAPACITIES[row.dice - 1]!;
      expect([capacity.brilliantFrom, capacity.brilliantTo]).toEqual(row.brilliant);
    });

    it("says what each result means with the chapter's numbers", () => {
      const [critical, , brilliant] = table.results.map((r: any) => plainText(r.description));
      expect(critical).toMatch(/counts as 0 and the level is not added/);
      expect(critical).toMatch(/misses by the whole DL \(a critical failure against DL 10 or more\)/);
      expect(brilliant).toContain("2 for a human");
      expect(brilliant).toContain("1 XP at once");
      if (row.dice === 1) expect(brilliant).toMatch(/Another 6 makes it brilliant/);
      else expect(brilliant).toMatch(/first die that is not a 6 adds its own face/);
      if (row.dice === 5) expect(plainText(table.description)).toContain("5 and 6 are both critical");
    });
  });

  describe("Tension Die", () => {
    const table = byName("Tension Die");

    it("is one d6: a 1 is a complication, 2–6 nothing, as resolveTensionRoll reads a die", () => {
      expect(table.formula).toBe("1d6");
      expect(table.results.map((r: any) => [r.range, r.flags.polyverse["virtually-real"].key])).toEqual([
        [[1, 1], "complication"],
        [[2, 6], "none"],
      ]);
      for (const r of table.results)
        for (let face = r.range[0]; face <= r.range[1]; face++)
          expect(resolveTensionRoll([face]).complication, `${face}`).toBe(r.range[0] === 1);
    });

    it("tells the Tension Pool's rules, its sixth die and its source", () => {
      const text = plainText(table.description);
      expect(TENSION_POOL_MAX).toBe(6);
      for (const s of [
        "The Angry GM",
        "one die when several characters take their time together",
        "a sixth die rolls the bowl at once",
        "once for each die in the bowl",
        "any 1 brings a complication",
        "Rolled dice leave the bowl",
      ])
        expect(text, s).toContain(s);
    });
  });
});
