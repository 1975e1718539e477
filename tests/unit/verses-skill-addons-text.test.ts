// The skill add-ons (rules/skill-addons.ts, issue #11) against the 'Verses Core text itself: every
// add-on quotes its skill's sentence verbatim, and every sentence of the skill list that adds a
// skill's dice to another roll has an add-on.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NAVIGATION_TOOLS, SKILL_ADD_ONS } from "../../src/rulesets/verses/rules";
import { ROOT } from "../lib/paths";

const RAW = readFileSync(join(ROOT, "reference", "verses-core-0.8.5.txt"), "utf8");
/** The text with its line breaks and stray blank lines read as spaces (Bluffing & Tells' sentence spans two). */
const flat = (s: string) => s.replace(/\*/g, "").replace(/\s+/g, " ").trim();
const TEXT = flat(RAW);
const lines = RAW.split("\n");
const from = lines.lastIndexOf("List of Skills");
const to = lines.indexOf("Fast Action & Damage", from);
const SKILLS = lines.slice(from, to);

describe("skill add-ons: the text's own sentences", () => {
  it("every add-on's sentence is in the text, verbatim", () => {
    for (const rule of SKILL_ADD_ONS) expect(TEXT, rule.id).toContain(flat(rule.text));
  });

  it("every sentence of the skill list that adds a skill's dice to another roll has an add-on", () => {
    const adding = SKILLS.filter((l) =>
      /(may (also )?be added|can be added|are added to|add all allocated dice)/i.test(l),
    ).map(flat);
    expect(adding.length).toBeGreaterThanOrEqual(20);
    const quoted = SKILL_ADD_ONS.map((r) => flat(r.text));
    // Not roll add-ons: Stealth & Skulking's own test ("Skill dice are added to any attempts to move
    // silently"), and Two Weapon Fighting's dice "added to the Chain Limit" (`skillChainLimit`).
    const own = [
      "Skill dice are added to any attempts to move silently or avoid being observed.",
      "If at least one of the weapons has the Chainable feature",
    ];
    for (const sentence of adding.filter((l) => !own.some((o) => l.startsWith(o)))) {
      // Bluffing & Tells' sentence is cut by a page break: its add-on quotes the rest.
      const found = quoted.some(
        (q) => sentence.includes(q) || q.includes(sentence) || q.includes(sentence.slice(-30)),
      );
      expect(found, sentence).toBe(true);
    }
  });

  it("the Navigation tools' OLs are the text's tables", () => {
    for (const [skill, tools] of Object.entries(NAVIGATION_TOOLS)) {
      const start = lines.indexOf(
        skill === "Navigation" ? "Land Navigation Tools" : "Nautical Navigation Tools",
      );
      expect(start, skill).toBeGreaterThan(0);
      const table = lines.slice(start + 3, start + 3 + tools.length);
      expect(table).toEqual(tools.map((t) => `${t.name}\t${t.ol}`));
    }
  });
});
