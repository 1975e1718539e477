// Tales templates (rules text, Appendix 1 "6 Occupations" and Appendix 2 "6 Cultures"): the 36
// templates with their costs, skills, connections, advantages and disadvantages as slots of choices,
// checked against the text's tables quoted below (read by a small parser here, not the generator's data).
import { describe, expect, it } from "vitest";
import { packId } from "../../scripts/lib/ids.mjs";
import {
  SKILL_KEYS_BY_GROUP,
  byName,
  camelKey,
  folderList,
  itemUuid,
  linkedUuids,
  packSources,
  slug,
  plainText,
  talesItemPackChecks,
} from "./tales-content";

const PACK = "tales-templates";
const sources = packSources(PACK);
const template = byName(sources);

/**
 * Appendix 1, as printed: occupation, level, cost, Skills, and the "Advantages (and Disadvantages)"
 * column split where the text's italics (the disadvantages) begin.
 */
// prettier-ignore
const OCCUPATIONS: [group: string, tier: string, cost: number, skills: string, advantages: string, disadvantages: string][] = [
  ["Bureaucrat", "Hobby", 5, "Academics 1, Etiquette 1, Research 2", "Library (1), Sanctuary (1)", ""],
  ["Bureaucrat", "Part Time", 10, "Academics 2, Appraisal 1, Cognition 1, Etiquette 2, Research 2", "Library (2), Sanctuary (1), Teamwork.", "Time Commitment (1)"],
  ["Bureaucrat", "Full Time", 15, "Academics 2, Appraisal 2, Cognition 1, Empathy 1, Etiquette 3, Research 3", "Library (2), Natural Leader, Sanctuary (2), Teamwork,", "Time Commitment (2)"],
  ["Combatant", "Hobby", 5, "Athletics 1, Brawl 1, Firearms 1, Swimming (or Dodge) 1", "Equipment (2)", ""],
  ["Combatant", "Part Time", 10, "Athletics 2, Brawl (or Martial Arts) 1, Dodge (or Block) 1, Firearms 2, Leadership 1, Swimming (or Melee) 1", "Equipment (2), Resilient, Status (1),", "Duty, Time Commitment (1)"],
  ["Combatant", "Full Time", 15, "Athletics 2, Brawl (or Martial Arts) 2, Dodge (or Block) 1, Firearms 3, Leadership 2, Melee 1, Swimming 1.", "Equipment (4), Resilient, Status (2),", "Duty, Time Commitment (3)"],
  ["Medic", "Hobby", 5, "Academics 1, Medicine 2, Science 1", "Equipment (1), Status (1)", ""],
  ["Medic", "Part Time", 10, "Academics 1, Appraisal 1, Medicine 3, Research 1, Science 2.", "Equipment (2), Library (1), Status (2),", "Time Commitment (1)"],
  ["Medic", "Full Time", 15, "Academics 2, Appraisal 2, Intuition 1, Medicine 3, Research 2, Science 2.", "Edge (Medicine), Equipment (2), Library (2), Status (2),", "Time Commitment (2)"],
  ["Performer", "Hobby", 5, "Etiquette 1, Languages (or Research) 1, Performance 2", "Equipment (1), Status (1)", ""],
  ["Performer", "Part Time", 10, "Athletics 1, Bearing 1, Empathy 1, Etiquette 1, Languages (or Research) 1, Performance 3", "Ambidextrous, Equipment (1), Status (1), Well Travelled,", "Time Commitment (2)"],
  ["Performer", "Full Time", 15, "Athletics 1, Bearing 2, Empathy 2, Etiquette 2, Languages (or Research) 2, Performance 3", "Ambidextrous, Edge (Performance), Equipment (1), Well Travelled, Status (2),", "Memorable (1), Time Commitment (2)"],
  ["Scientist", "Hobby", 5, "Academics 2, Repair 1, Science 1", "Equipment (1), Library (1)", ""],
  ["Scientist", "Part Time", 10, "Academics 2, Cognition 1, Crafts 1, Repair 2, Science 2", "Edge (Academics, Repair or Science), Equipment (1), Library (2),", "Time Commitment (1)"],
  ["Scientist", "Full Time", 15, "Academics 3, Cognition 2, Crafts 1, Repair 2, Research 1, Science 3", "Edge (Academics, Repair or Science), Equipment (1), Library (2), Cunning,", "Time Commitment (2)"],
  ["Scholar", "Hobby", 5, "Academics 1, Research 1, Science (or Languages or Occult) 1.", "Library (1), Mentor (or Equipment) (1)", ""],
  ["Scholar", "Part Time", 10, "Academics 2, Cognition 1, Research 1, [Appraisal, Science, Languages or Occult (pick 2)] 2 each.", "Library (2), Mentor (1), Equipment (2),", "Time Commitment (1)"],
  ["Scholar", "Full Time", 15, "Academics 3, Cognition 2, Etiquette (or Subterfuge) 1, Research 2, [Appraisal, Science, Languages or Occult (pick 2)] 2 each.", "Library (3), Mentor (2), Equipment (2), Sanctuary (1),", "Time Commitment (2)"],
];

/** Appendix 2, as printed: culture, level, cost, Backgrounds, Advantages, Disadvantages ("-": none). */
// prettier-ignore
const CULTURES: [group: string, tier: string, cost: number, backgrounds: string, advantages: string, disadvantages: string][] = [
  ["Corporate", "Grunt", 5, "Contacts (1), Wealth (1)", "Equipment (2) or Well Travelled (2) [2]", "-"],
  ["Corporate", "Veteran", 10, "Contacts (1), Influence (1), Wealth (2)", "Equipment (2) or Well Travelled (2), Focused (2) [6]", "Time Commitment (1), Blind Loyalty (1) [2]"],
  ["Corporate", "Leader", 15, "Contacts (2), Influence (2), Wealth (3)", "Equipment (3), Well Travelled (2), Focused (2), Natural Leader (1) [8]", "Time Commitment (2), Blind Loyalty (1), Social Animal (1) [4]"],
  ["Military", "Grunt", 5, "Allies (1), Wealth (1)", "Edge (choose Brawl, Firearms, Melee or Martial Arts) (2)", "-"],
  ["Military", "Veteran", 10, "Allies (2), Wealth (2)", "Skill Expert (choose Brawl, Firearms, Melee or Martial Arts) (6)", "Time Commitment (2)[2]"],
  ["Military", "Leader", 15, "Allies (3), Influence (1), Wealth (3)", "Skill Expert (choose Brawl, Firearms, Melee or Martial Arts) (6), Hardened (2) Natural Leader (1)", "Time Commitment (3), Memorable (1), Blind Loyalty (1) [4]"],
  ["Criminal", "Grunt", 5, "Allies (1), Territory (1)", "Edge (Choose Acrobatics, Appraisal, Intimidation or Subterfuge) (2) [2]", "-"],
  ["Criminal", "Veteran", 10, "Allies (1), Territory (2), Wealth (1)", "Edge (Choose Acrobatics, Appraisal, Intimidation or Subterfuge) (2), Equipment (2), Sanctuary (2) [6]", "Criminal Record (2) or Enemies(2) [2]"],
  ["Criminal", "Leader", 15, "Allies (2), Territory (3), Wealth (2)", "Skill Expert (Choose Acrobatics, Appraisal, Intimidation or Subterfuge) (6), Equipment (2), Sanctuary (2) [10]", "Criminal Record (2) or Enemies(2), Hunted (4)[4]"],
  ["Occult", "Grunt", 5, "Allies (1), Contacts (1)", "Sanctum (1) [2]", "-"],
  ["Occult", "Veteran", 10, "Allies (1), Contacts (2), Wealth (1)", "Library (2), Sanctuary (2) [6]", "Addiction (2) or Weak (2) [2]"],
  ["Occult", "Leader", 15, "Allies (2), Contacts (3), Wealth (2)", "Library (2), Mystic (2), Sanctuary (2), Edge (choose Occult, Meditation, Spirit Ken or Medicine) (2) [8]", "Addiction (2) or Weak (2), Time Commitment (1), Memorable (1) [4]"],
  ["Government", "Grunt", 5, "Influence (1), Wealth (1)", "Edge (Choose Academics, Research or Performance) (2) [2]", "-"],
  ["Government", "Veteran", 10, "Fame (1), Influence (1), Wealth (2)", "Beauty (3), Status (1), Edge (Choose Academics, Research or Performance) (2) [6]", "Time Commitment (1), Memorable (1) [2]"],
  ["Government", "Leader", 15, "Fame (2), Influence (2), Wealth (3)", "Beauty (3), Status (2), Natural Leader (1), Edge (Choose Academics, Research or Performance) (2) [8]", "Time Commitment (2), Memorable (1), Blind Loyalty (1) [4]"],
  ["Religious", "Grunt", 5, "Contacts (1), Territory (1)", "Library (1), Equipment (1) [2]", "-"],
  ["Religious", "Veteran", 10, "Contacts (2), Influence (1), Territory (1)", "Library (2), Equipment (2), Sanctuary (2) [6]", "Hatred (2) [2]"],
  ["Religious", "Leader", 15, "Contacts (3), Influence (3), Territory (1)", "Library (2), Equipment (2), Sanctuary (2), Natural Leader (1), Hardened (2) [9]", "Hatred (2), Cursed (1), Social Animal (1), Time Commitment (1) [5]"],
];

/** Levels for the entries the templates list without one: their costs in Appendix 3 (Resilient: the lower of 4 or 10). */
const LIST_COST: Record<string, number> = {
  teamwork: 2,
  naturalLeader: 1,
  resilient: 4,
  duty: 2,
  ambidextrous: 2,
  wellTraveled: 2,
  edge: 2,
  cunning: 3,
};
const TIER_KEY: Record<string, string> = {
  Hobby: "hobby",
  "Part Time": "partTime",
  "Full Time": "fullTime",
  Grunt: "grunt",
  Veteran: "veteran",
  Leader: "leader",
};
/** The templates spell it Well Travelled; the advantage list (and the contract's key) Well Traveled. */
const traitKey = (name: string) => (name === "Well Travelled" ? "wellTraveled" : camelKey(name));
const SKILLS = new Set<string>(Object.values(SKILL_KEYS_BY_GROUP).flat());
const skillKey = (name: string) => {
  const key = camelKey(name);
  expect(SKILLS.has(key), name).toBe(true);
  return key;
};

/** A list split at the commas (and the one missing comma, after "Hardened (2)") outside brackets. */
function split(list: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = "";
  for (let i = 0; i < list.length; i++) {
    const ch = list[i]!;
    if (ch === "(" || ch === "[") depth++;
    if (ch === ")" || ch === "]") depth--;
    const missingComma = ch === " " && depth === 0 && list[i - 1] === ")" && /[A-Z]/.test(list[i + 1] ?? "");
    if ((ch === "," && depth === 0) || missingComma) {
      items.push(current.trim());
      current = "";
    } else current += ch;
  }
  items.push(current.trim());
  return items.filter(Boolean);
}
/** A cell without its trailing full stop or comma and its bracketed total. */
const clean = (cell: string) =>
  cell
    .replace(/\s*\[\d+\]$/, "")
    .replace(/[.,]$/, "")
    .trim();
const orSplit = (text: string) => text.split(/, | or /).map((s) => s.trim());

/** "Swimming (or Dodge) 1", "Science (or Languages or Occult) 1", "[A, B, C or D (pick 2)] 2 each" -> a slot. */
function skillSlot(item: string) {
  const pick = item.match(/^\[(.+) \(pick (\d)\)\] (\d) each$/);
  if (pick)
    return { options: orSplit(pick[1]!).map(skillKey), count: Number(pick[2]), level: Number(pick[3]) };
  const m = item.match(/^(.+?)(?: \(or (.+)\))? (\d)$/);
  expect(m, item).not.toBeNull();
  return {
    options: [m![1]!, ...(m![2] ? m![2].split(" or ") : [])].map(skillKey),
    count: 1,
    level: Number(m![3]),
  };
}

/**
 * "Library (1)", "Teamwork", "Mentor (or Equipment) (1)", "Edge (Academics, Repair or Science)",
 * "Edge (choose Brawl, … or Martial Arts) (2)", "Criminal Record (2) or Enemies(2)" -> a slot.
 */
function traitSlot(item: string) {
  const alternatives = item.split(/\) or /).map((s, i, all) => (i < all.length - 1 ? `${s})` : s));
  const options = alternatives.flatMap((alt) => {
    const name = alt.replace(/\s*\(.*$/, "").trim();
    const groups = [...alt.matchAll(/\(([^()]*)\)/g)].map((g) => g[1]!);
    const level = groups.find((g) => /^\d+$/.test(g));
    const others = groups.filter((g) => g.startsWith("or ")).flatMap((g) => g.slice(3).split(" or "));
    const skillList = groups.find((g) => !/^\d+$/.test(g) && !g.startsWith("or "));
    const skills = skillList ? orSplit(skillList.replace(/^choose /i, "")).map(skillKey) : [];
    return [name, ...others].map((n) => {
      const key = traitKey(n);
      return { key, level: level ? Number(level) : LIST_COST[key]!, skills };
    });
  });
  for (const o of options) expect(o.level, item).toBeGreaterThan(0);
  return { options };
}
const slots = (cell: string, parse: (item: string) => any) =>
  cell === "" || cell === "-" ? [] : split(clean(cell)).map(parse);
const bracket = (cell: string) => {
  const m = cell.match(/\[(\d+)\]$/);
  return m ? Number(m[1]) : null;
};

interface Row {
  kind: "occupation" | "culture";
  group: string;
  tier: string;
  cost: number;
  name: string;
  system: any;
  brackets: [number | null, number | null];
}
const rows: Row[] = [
  ...OCCUPATIONS.map(([group, tier, cost, skills, advantages, disadvantages]) => ({
    kind: "occupation" as const,
    group,
    tier,
    cost,
    name: `${group} (${tier})`,
    system: {
      kind: "occupation",
      group,
      tier: TIER_KEY[tier],
      cost,
      skills: slots(skills, skillSlot),
      connections: [],
      advantages: slots(advantages, traitSlot),
      disadvantages: slots(disadvantages, traitSlot),
    },
    brackets: [null, null] as [null, null],
  })),
  ...CULTURES.map(([group, tier, cost, backgrounds, advantages, disadvantages]) => ({
    kind: "culture" as const,
    group,
    tier,
    cost,
    name: `${group} (${tier})`,
    system: {
      kind: "culture",
      group,
      tier: TIER_KEY[tier],
      cost,
      skills: [],
      connections: split(backgrounds).map((b) => {
        const m = b.match(/^(\w+) \((\d+)\)$/)!;
        return { key: m[1]!.toLowerCase(), level: Number(m[2]) };
      }),
      advantages: slots(advantages, traitSlot),
      disadvantages: slots(disadvantages, traitSlot),
    },
    brackets: [bracket(advantages), bracket(disadvantages)] as [number | null, number | null],
  })),
];
const firstLevels = (slotList: any[]) => slotList.reduce((n, s) => n + s.options[0].level, 0);

describe("Tales templates pack", () => {
  talesItemPackChecks(PACK, "tales-template", "icons/svg/upgrade.svg", (data) =>
    data.system.kind === "occupation"
      ? `occupations/${slug(data.system.group)}`
      : `cultures/${slug(data.system.group)}`,
  );

  it("holds 36 templates: 6 occupations × Hobby, Part Time, Full Time and 6 cultures × Grunt, Veteran, Leader, at 5, 10 and 15", () => {
    expect(rows).toHaveLength(36);
    expect(sources).toHaveLength(36);
    expect(Object.keys(template).sort()).toEqual(rows.map((r) => r.name).sort());
    for (const kind of ["occupation", "culture"]) {
      const mine = sources.filter((s) => s.data.system.kind === kind).map((s) => s.data.system);
      expect(mine, kind).toHaveLength(18);
      expect(new Set(mine.map((t) => t.group)).size, kind).toBe(6);
      expect(mine.map((t) => t.cost).sort(), kind).toEqual(
        [...Array(6).fill(5), ...Array(6).fill(10), ...Array(6).fill(15)].sort(),
      );
    }
    const costOf: Record<string, number> = {
      hobby: 5,
      partTime: 10,
      fullTime: 15,
      grunt: 5,
      veteran: 10,
      leader: 15,
    };
    for (const { data } of sources) expect(data.system.cost, data.name).toBe(costOf[data.system.tier]);
  });

  it.each(rows)("$name: the text's skills, connections, advantages and disadvantages as slots", (row) => {
    const t = template[row.name];
    expect(t, row.name).toBeDefined();
    expect(t.system).toEqual({ ...row.system, description: t.system.description });
    // The description names the cost and links every skill, advantage and disadvantage it offers.
    const text = plainText(t.system.description);
    expect(text).toContain(`(${row.cost} trait points)`);
    const linked = linkedUuids(t.system.description);
    for (const slot of row.system.skills)
      for (const key of slot.options)
        expect(linked.has(itemUuid("tales-skills", skillName(key))), `${row.name}: ${key}`).toBe(true);
    for (const [pack, list] of [
      ["tales-advantages", row.system.advantages],
      ["tales-disadvantages", row.system.disadvantages],
    ] as const)
      for (const slot of list)
        for (const option of slot.options) {
          const item = sourcesOf(pack).find((s) => s.data.system.key === option.key);
          expect(item, `${row.name}: ${option.key}`).toBeDefined();
          expect(linked.has(itemUuid(pack, item!.data.name)), `${row.name}: ${option.key}`).toBe(true);
        }
    if (row.cost > 5)
      expect(text).toContain(`more than one ${row.kind} template gains a further Time Commitment`);
  });

  it("the text's slots: a choice of two, a pick of two of four, an either-or advantage, a skill to choose for Edge and Skill Expert", () => {
    expect(template["Combatant (Hobby)"].system.skills[3]).toEqual({
      options: ["swimming", "dodge"],
      count: 1,
      level: 1,
    });
    expect(template["Scholar (Part Time)"].system.skills[3]).toEqual({
      options: ["appraisal", "science", "languages", "occult"],
      count: 2,
      level: 2,
    });
    expect(template["Scholar (Hobby)"].system.skills[2]).toEqual({
      options: ["science", "languages", "occult"],
      count: 1,
      level: 1,
    });
    expect(template["Scholar (Hobby)"].system.advantages[1]).toEqual({
      options: [
        { key: "mentor", level: 1, skills: [] },
        { key: "equipment", level: 1, skills: [] },
      ],
    });
    expect(template["Corporate (Grunt)"].system.advantages).toEqual([
      {
        options: [
          { key: "equipment", level: 2, skills: [] },
          { key: "wellTraveled", level: 2, skills: [] },
        ],
      },
    ]);
    expect(template["Military (Grunt)"].system.advantages).toEqual([
      { options: [{ key: "edge", level: 2, skills: ["brawl", "firearms", "melee", "martialArts"] }] },
    ]);
    expect(template["Medic (Full Time)"].system.advantages[0]).toEqual({
      options: [{ key: "edge", level: 2, skills: ["medicine"] }],
    });
    expect(template["Criminal (Leader)"].system.disadvantages[0]).toEqual({
      options: [
        { key: "criminalRecord", level: 2, skills: [] },
        { key: "enemies", level: 2, skills: [] },
      ],
    });
  });

  it("unlevelled entries take their list cost (Resilient 4), the placeholders and Mystic (2) as printed, with notes saying so", () => {
    const text = (name: string) => plainText(template[name].system.description);
    expect(template["Combatant (Part Time)"].system.advantages[1]).toEqual({
      options: [{ key: "resilient", level: 4, skills: [] }],
    });
    expect(template["Combatant (Part Time)"].system.disadvantages[0]).toEqual({
      options: [{ key: "duty", level: 2, skills: [] }],
    });
    expect(text("Combatant (Part Time)")).toContain("Resilient 4 (one pool; both pools would cost 10)");
    expect(text("Bureaucrat (Full Time)")).toContain("without a level");
    expect(template["Occult (Leader)"].system.advantages[1]).toEqual({
      options: [{ key: "mystic", level: 2, skills: [] }],
    });
    expect(text("Occult (Leader)")).toContain("Mystic at 2 here, although the advantage costs 3");
    expect(template["Occult (Grunt)"].system.advantages).toEqual([
      { options: [{ key: "sanctum", level: 1, skills: [] }] },
    ]);
    expect(text("Occult (Grunt)")).toContain("Sanctum is never defined");
    for (const name of ["Government (Veteran)", "Government (Leader)"]) {
      expect(template[name].system.advantages[0], name).toEqual({
        options: [{ key: "beauty", level: 3, skills: [] }],
      });
      expect(text(name), name).toContain("Beauty is never defined");
    }
  });

  it("notes the five bracketed totals that do not add up (the cost stays 5, 10 or 15)", () => {
    const mismatches = rows.flatMap((r) =>
      (["advantages", "disadvantages"] as const).flatMap((side, i) => {
        const printed = r.brackets[i];
        const sum = firstLevels(r.system[side]);
        return printed !== null && printed !== sum ? [[r.name, side, printed, sum] as const] : [];
      }),
    );
    expect(mismatches).toEqual([
      ["Corporate (Veteran)", "advantages", 6, 4],
      ["Military (Leader)", "disadvantages", 4, 5],
      ["Criminal (Leader)", "disadvantages", 4, 6],
      ["Occult (Grunt)", "advantages", 2, 1],
      ["Occult (Veteran)", "advantages", 6, 4],
    ]);
    for (const [name, side, printed, sum] of mismatches)
      expect(plainText(template[name].system.description), name).toContain(
        `[${printed}] after the ${side}, which add up to ${sum}`,
      );
    const noted = sources
      .filter((s) => /The text prints \[/.test(s.data.system.description))
      .map((s) => s.data.name);
    expect(noted.sort()).toEqual([...new Set(mismatches.map((m) => m[0]))].sort());
  });

  it("has an Occupations and a Cultures Folder, a Folder per group inside each in the text's order, the templates in tier order", () => {
    expect(folderList(PACK, ["occupation", "culture"], null, "m")).toEqual([
      ["occupation", "Occupations"],
      ["culture", "Cultures"],
    ]);
    for (const [kind, list] of [
      ["occupation", OCCUPATIONS],
      ["culture", CULTURES],
    ] as const) {
      const groups = [...new Set(list.map((r) => r[0]))];
      const keys = groups.map((g) => `${kind}/${g.toLowerCase()}`);
      expect(folderList(PACK, keys, packId(PACK, `folder:${kind}`), "m")).toEqual(
        groups.map((g) => [`${kind}/${g.toLowerCase()}`, g]),
      );
    }
    for (const row of rows) {
      const t = template[row.name];
      expect(t.folder, row.name).toBe(packId(PACK, `folder:${row.kind}/${row.group.toLowerCase()}`));
      const tiers =
        row.kind === "occupation" ? ["Hobby", "Part Time", "Full Time"] : ["Grunt", "Veteran", "Leader"];
      expect(t.sort, row.name).toBe((tiers.indexOf(row.tier) + 1) * 100000);
    }
  });
});

const skillSources = packSources("tales-skills");
const skillName = (key: string) => skillSources.find((s) => s.data.system.key === key)!.data.name;
const sourcesOf = (pack: "tales-advantages" | "tales-disadvantages") => packSources(pack);
