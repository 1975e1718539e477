// 'Verses skills and abilities ('Verses Core 0.8.5, "List of Skills", "List of Abilities", "Animal
// Training", the Dog's stat block, and "Intoxication, a 'Verses Rules Module"): every stat line
// against the text, the counts per TEC group, and the compendium read by the rules layer as one
// skill catalog (defaults and prerequisites resolve, the worked examples' pools come out right).
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packId } from "../../scripts/lib/ids.mjs";
import { checkPackEntries } from "../../scripts/lib/pack-check.mjs";
import { toSkillDefinition, type SkillSource } from "../../src/rulesets/verses/data/convert";
import {
  ABILITIES,
  ATTRIBUTE_KEYS,
  CORE_ABILITY_KEYS,
  canAllocateSkill,
  canUseSkill,
  findAbility,
  findSkillDefinition,
  parseSkillRef,
  skillChainLimit,
  skillPool,
  skillReloadCost,
  successProbability,
  type AbilityKey,
  type SkillActor,
  type SkillAllocation,
  type SkillCatalog,
  type SkillDefinition,
  type SkillRef,
} from "../../src/rulesets/verses/rules";
import { ROOT, readJSON } from "../lib/paths";
import {
  packEntry,
  packFolders,
  packSources,
  sharedPackChecks,
  stripTags,
  type PackSource,
} from "./verses-content";

const skillSources = packSources("verses-skills");
const abilitySources = packSources("verses-abilities");
const intoxicationSources = packSources("verses-intoxication");

const groupOf = (s: PackSource) => s.file.split(/[\\/]/)[2];
const byName = (sources: readonly PackSource[]) =>
  new Map(sources.map((s) => [s.data.name as string, s.data]));
const skills = byName(skillSources);
const abilities = byName(abilitySources);
const intoxication = byName(intoxicationSources);

/** The whole skill catalog as the rules layer reads it: core, animal and Intoxication skills. */
const catalog: SkillCatalog = [...skillSources, ...intoxicationSources]
  .filter((s) => s.data.type === "verses-skill")
  .map((s) => toSkillDefinition(s.data.name, s.data.system as SkillSource));

// ---- the text's stat lines ---------------------------------------------------------------------

/**
 * Every skill heading and stat line as the text prints them, in the text's order per group.
 * Open families print their specialisation as a description ("» 1 type of animal").
 */
const STAT_LINES: [group: string, heading: string, statLine: string, prereq: string][] = [
  ["general", "Assassination", "difficulty: 3 default: Attribute *PRW*", ""],
  ["general", "Biology", "difficulty: 3 default: Attribute *SMR*", ""],
  ["general", "Chemistry", "difficulty: 3 default: Attribute *SMR*", ""],
  ["general", "Dance", "difficulty: 3 default: Attribute *PRW*", ""],
  ["general", "Engineering", "difficulty: 3 default: Attribute *SMR*", ""],
  ["general", "Espionage", "difficulty: 2 default: Skill *Strategy & Tactics*", ""],
  ["general", "First Aid", "difficulty: 2 default: Attribute *SMR*", ""],
  ["general", "History » 1 Society or 1 TEC", "difficulty: 2 default: Attribute *SMR*", ""],
  ["general", "Jury-Rigging", "difficulty: 2 default: Attribute *SMR*", ""],
  ["general", "Linguistics", "difficulty: 3 default: Skill *Language* » *", "prereq: *Research Methods*"],
  ["general", "Lock Picking", "difficulty: 2 default: Attribute *PRW*", ""],
  ["general", "Medicine", "difficulty: 5 default: Skill *Biology*", "prereq: *Chemistry*"],
  ["general", "Pharmacology", "difficulty: 3 default: Skill *Biology*", "prereq: *Chemistry*"],
  ["general", "Physics", "difficulty: 3 default: Attribute *SMR*", ""],
  ["general", "Poisons", "difficulty: 2 default: Skill *Biology*", "prereq: *Chemistry*"],
  ["general", "Research Methods", "difficulty: 2 default: Attribute *SMR*", ""],
  ["general", "Strategy & Tactics", "difficulty: 2 default: Attribute *SMR*", ""],
  ["tec1", "Acting", "difficulty: 2 default: Skill **Oration**", ""],
  ["tec1", "Animal Training » 1 type of animal", "difficulty: 3 default: Attribute **SMR**", ""],
  ["tec1", "Argument & Debate", "difficulty: 2 default: Attribute **SOC**", ""],
  ["tec1", "Armor » Heavy", "difficulty: 3 default: Attribute *PRW*", ""],
  ["tec1", "Armor » Light", "difficulty: 1 default: Attribute *PRW*", ""],
  ["tec1", "Armor » Medium", "difficulty: 2 default: Attribute *PRW*", ""],
  ["tec1", "Armor » Shields", "difficulty: 2 default: Attribute *PRW*", ""],
  ["tec1", "Athletics", "difficulty: 2 default: Attribute *PRW*", ""],
  ["tec1", "Bluffing & Tells", "difficulty: 2 default: Attribute *SOC*", ""],
  ["tec1", "Charm & Persuasion", "difficulty: 2 default: Attribute SOC", ""],
  ["tec1", "Drawing", "difficulty: 2 default: Attribute PRW", ""],
  ["tec1", "Driving » 1 type of animal-drawn vehicle", "difficulty: 2 default: Attribute PRW", ""],
  ["tec1", "Grappling", "difficulty: 2 default: Skill **Unarmed Combat**", ""],
  ["tec1", "Herbalism", "difficulty: 3 default: Attribute *SMR*", ""],
  ["tec1", "Intimidation", "difficulty: 2 default: Attribute *SOC*", ""],
  ["tec1", "Language » Common", "difficulty: 3 default: Attribute *SMR*", ""],
  ["tec1", "Language » Sign Language", "difficulty: 3 default: Attribute *SMR*", ""],
  ["tec1", "Language » 1 language", "difficulty: 3 default: Attribute *SMR*", ""],
  ["tec1", "Marksmanship", "difficulty: 3 default: Skill *Weapons » any ranged weapon type*", ""],
  ["tec1", "Mathematics", "difficulty: 3 default: Attribute *SMR*", ""],
  ["tec1", "Method of Loci", "difficulty: 4 default: Attribute *SMR*", ""],
  ["tec1", "Music", "difficulty: 3 default: Attribute *PRW*", ""],
  ["tec1", "Musical Instrument » 1 type of musical instrument", "difficulty: 3 default: Skill *Music*", ""],
  ["tec1", "Nautical Navigation", "difficulty: 3 default: Attribute *Navigation*", ""],
  ["tec1", "Navigation", "difficulty: 2 default: Attribute *SMR*", ""],
  ["tec1", "Oration", "difficulty: 2 default: Attribute *SOC*", ""],
  ["tec1", "Painting", "difficulty: 3 default: Attribute *PRW*", ""],
  ["tec1", "Pick-Pocketing", "difficulty: 4 default: Skill *Sleight of Hand*", ""],
  ["tec1", "Riding » 1 type of animal mount", "difficulty: 2 default: Attribute *PRW*", ""],
  ["tec1", "Sculpture", "difficulty: 3 default: Attribute *PRW*", ""],
  ["tec1", "Singing", "difficulty: 2 default: Skill *Music*", ""],
  ["tec1", "Sleight of Hand", "difficulty: 3 default: Attribute *PRW*", ""],
  ["tec1", "Stealth & Skulking", "difficulty: 2 default: Attribute *PRW*", ""],
  ["tec1", "Two Weapon Fighting", "difficulty: 3 default: Attribute *PRW*", "prereq: *Weapons* » *"],
  ["tec1", "Unarmed Combat", "difficulty: 1 default: Attribute *PRW*", ""],
  ["tec1", "Weapons » Axes", "difficulty: 3 default: Attribute *PRW*", ""],
  ["tec1", "Weapons » Bludgeons", "difficulty: 1 default: Attribute *PRW*", ""],
  ["tec1", "Weapons » Bows", "difficulty: 3 default: Attribute *PRW*", ""],
  ["tec1", "Weapons » Crossbows", "difficulty: 2 default: Attribute *PRW*", ""],
  ["tec1", "Weapons » Hand Grenades", "difficulty: 1 default: Attribute *PRW*", ""],
  ["tec1", "Weapons » Polearms", "difficulty: 3 default: Skill *Staves*", ""],
  ["tec1", "Weapons » Short Blades", "difficulty: 2 default: Attribute *PRW*", ""],
  ["tec1", "Weapons » Staves", "difficulty: 1 default: Attribute *PRW*", ""],
  ["tec1", "Weapons » Swords", "difficulty: 3 default: Attribute *PRW*", ""],
  ["tec2", "Historical Skill » 1 General Skill", "difficulty: 3 default: Attribute *SMR*", ""],
  ["tec2", "Weapons » Muzzle-Loading Firearms", "difficulty: 2 default: Attribute *PRW*", ""],
  ["tec3", "Piloting » *1 type of mechanical vehicle*", "difficulty: 3 default: Attribute *PRW*", ""],
  ["tec3", "Weapons » Firearms", "difficulty: 2 default: Attribute *PRW*", ""],
  ["tec4", "Information Security", "difficulty: 4 default: Skill *Programming*", ""],
  ["tec4", "Programming", "difficulty: 4 default: Attribute *SMR*", ""],
  ["tec4", "Weapons » Modern Small Arms", "difficulty: 2 default: Attribute *PRW*", ""],
  ["animal", "Labor Animal", "difficulty: 2 default: Attribute *TUF*", ""],
  ["animal", "Rider's Mount", "difficulty: 2 default: Attribute *PRW*", ""],
  ["animal", "Tracker", "difficulty: 2 default: Ability *Scent Tracking*", ""],
  ["animal", "War Mount", "difficulty: 4 default: Skill *Rider's Mount*", ""],
];

const INTOXICATION_STAT_LINES: [heading: string, statLine: string][] = [
  ["Brewing", "difficulty: 3 default: Attribute *SMR*"],
  ["Distilling", "difficulty: 3 default: Attribute *SMR*"],
  ["Winemaking", "difficulty: 3 default: Attribute *SMR*"],
];

/**
 * Defaults the text prints in a form the rules cannot read, and how the compendium reads them
 * ('Verses spec §11.1 #5, §11.2 #20, and the Polearms line naming its family-less skill).
 */
const READ_AS: Record<string, { printed: string; readAs: SkillRef }> = {
  "Nautical Navigation": { printed: "Attribute Navigation", readAs: { skill: "Navigation" } },
  "Weapons » Polearms": { printed: "Skill Staves", readAs: { skill: "Weapons", spec: "Staves" } },
  Marksmanship: {
    printed: "Skill Weapons » any ranged weapon type",
    readAs: { skill: "Weapons", spec: "*" },
  },
};

/** The text without its emphasis marks (`*Biology*`, `**SMR**`); a free-standing `*` (`Language » *`) stays. */
const plain = (s: string) =>
  s
    .replace(/\*+(?=[^\s*])|(?<=[^\s*])\*+/g, "")
    .replace(/\s+/g, " ")
    .trim();

/** `Language » 1 language` -> the open family "Language" with the hint "1 language". */
function documentOf(heading: string): { name: string; skill: string; spec: string; hint: string } {
  const ref = parseSkillRef(plain(heading));
  if (ref.spec === undefined) return { name: ref.skill, skill: ref.skill, spec: "", hint: "" };
  if (/^1 /.test(ref.spec)) return { name: ref.skill, skill: ref.skill, spec: "", hint: ref.spec };
  return { name: `${ref.skill} » ${ref.spec}`, skill: ref.skill, spec: ref.spec, hint: "" };
}

/** The default a stat line prints, in the stored shape. */
function printedDefault(name: string, statLine: string) {
  const m = /^difficulty: (\d) default: (Attribute|Skill|Ability) (.+)$/.exec(statLine);
  if (!m) throw new Error(`unreadable stat line ${statLine}`);
  const [, difficulty, kind, rawTarget] = m;
  const target = plain(rawTarget!);
  const blank = { attribute: "smr", ability: "", skill: "", spec: "" };
  const read = READ_AS[name];
  if (read) {
    expect(`${kind} ${target}`).toBe(read.printed);
    return {
      difficulty: Number(difficulty),
      default: { ...blank, kind: "skill", skill: read.readAs.skill, spec: read.readAs.spec ?? "" },
    };
  }
  if (kind === "Attribute")
    return {
      difficulty: Number(difficulty),
      default: { ...blank, kind: "attribute", attribute: target.toLowerCase() },
    };
  if (kind === "Ability")
    return {
      difficulty: Number(difficulty),
      default: { ...blank, kind: "ability", ability: findAbility(target)!.key },
    };
  const ref = parseSkillRef(target);
  return {
    difficulty: Number(difficulty),
    default: { ...blank, kind: "skill", skill: ref.skill, spec: ref.spec ?? "" },
  };
}

const TEC_OF_GROUP: Record<string, string> = {
  general: "general",
  tec1: "1",
  tec2: "2",
  tec3: "3",
  tec4: "4",
  animal: "1",
};

// ---- pack verses-skills ------------------------------------------------------------------------

describe("pack verses-skills", () => {
  sharedPackChecks("verses-skills", "Item", ["verses-skill"]);

  it("holds the 68 core skills, 17 General, 44 Ancient (TEC 1), 2 Pre-Industrial, 2 Industrial, 3 Modern, and the 4 animal skills", () => {
    const count = (group: string) => skillSources.filter((s) => groupOf(s) === group).length;
    expect(["general", "tec1", "tec2", "tec3", "tec4"].map(count)).toEqual([17, 44, 2, 2, 3]);
    expect(skillSources.filter((s) => groupOf(s) !== "animal")).toHaveLength(68);
    expect(count("animal")).toBe(4);
    expect(skillSources).toHaveLength(72);
    expect(skillSources.map((s) => s.data.name).sort()).toEqual(
      STAT_LINES.map(([, heading]) => documentOf(heading).name).sort(),
    );
  });

  it("each skill's TEC group is its folder's: General 'general', Ancient '1' ... Modern '4', animal skills '1' with category 'animal'", () => {
    for (const s of skillSources) {
      expect(s.data.system.tec, s.data.name).toBe(TEC_OF_GROUP[groupOf(s)!]);
      expect(s.data.system.category, s.data.name).toBe(groupOf(s) === "animal" ? "animal" : "");
    }
  });

  it("has a Folder per group, named by the text's heading, in its order, each skill in its group's", () => {
    const folders = packFolders("verses-skills")
      .map((f) => f.data)
      .sort((a, b) => a.sort - b.sort);
    const groups = ["general", "tec1", "tec2", "tec3", "tec4", "animal"];
    expect(folders.map((f) => [f._id, f.name])).toEqual(
      [
        "General Skills",
        "Ancient Skills (TEC 1)",
        "Pre-Industrial Skills (TEC 2)",
        "Industrial Skills (TEC 3)",
        "Modern Skills (TEC 4)",
        "Animal Skills",
      ].map((name, i) => [packId("verses-skills", `folder:${groups[i]}`), name]),
    );
    for (const f of folders)
      expect(f).toMatchObject({ type: "Item", folder: null, sorting: "a", color: null, flags: {} });
    for (const s of skillSources)
      expect(s.data.folder, s.data.name).toBe(packId("verses-skills", `folder:${groupOf(s)}`));
  });

  it.each(STAT_LINES)("%s / %s: '%s' %s", (group, heading, statLine, prereq) => {
    const { name, skill, spec, hint } = documentOf(heading);
    const doc = skills.get(name);
    expect(doc, name).toBeDefined();
    const s = doc.system;
    expect(TEC_OF_GROUP[group]).toBe(s.tec);
    expect({ difficulty: s.difficulty, default: s.default }).toEqual(printedDefault(name, statLine));
    expect({ skill: s.skill, spec: s.spec, specialisationHint: s.specialisationHint }).toEqual({
      skill,
      spec,
      specialisationHint: hint,
    });
    expect(s.repeatable).toBe(heading.includes("»"));
    const prereqs = prereq
      ? [
          {
            kind: "skill",
            name: parseSkillRef(plain(prereq.replace("prereq:", ""))).skill,
            spec: parseSkillRef(plain(prereq.replace("prereq:", ""))).spec ?? "",
          },
        ]
      : [];
    expect(s.prerequisites).toEqual(prereqs);
    expect({ allocated: s.allocated, trainedTec: s.trainedTec, fromSpecies: s.fromSpecies }).toEqual({
      allocated: 0,
      trainedTec: 0,
      fromSpecies: false,
    });
  });

  it("doc issues read as the spec says: Nautical Navigation 'Attribute Navigation' is Skill Navigation; Polearms 'Skill Staves' is Weapons » Staves", () => {
    expect(skills.get("Nautical Navigation").system.default).toMatchObject({
      kind: "skill",
      skill: "Navigation",
      spec: "",
    });
    expect(skills.get("Nautical Navigation").system.notes).toMatch(/Attribute Navigation/);
    expect(skills.get("Weapons » Polearms").system.default).toMatchObject({
      kind: "skill",
      skill: "Weapons",
      spec: "Staves",
    });
    expect(skills.get("Marksmanship").system.default).toMatchObject({
      kind: "skill",
      skill: "Weapons",
      spec: "*",
    });
  });

  it("'all dice allocated to this skill are counted as the Chain Limit': Unarmed Combat, Grappling and the Chainable weapon skills; Two Weapon Fighting's dice 'are added to the Chain Limit'", () => {
    const chains = Object.fromEntries(
      skillSources
        .filter((s) => s.data.system.chainLimit.mode !== "none")
        .map((s) => [s.data.name, `${s.data.system.chainLimit.mode} ${s.data.system.chainLimit.chain}`]),
    );
    expect(chains).toEqual({
      "Unarmed Combat": "sets unarmed",
      Grappling: "sets grappling",
      "Two Weapon Fighting": "adds weapon",
      "Weapons » Axes": "sets weapon",
      "Weapons » Bludgeons": "sets weapon",
      "Weapons » Polearms": "sets weapon",
      "Weapons » Short Blades": "sets weapon",
      "Weapons » Staves": "sets weapon",
      "Weapons » Swords": "sets weapon",
      "Weapons » Modern Small Arms": "sets weapon",
    });
  });

  it("'The number of AD required to reload ... is reduced by the number of allocated dice, to a minimum of 1AD': Bows, Crossbows, Muzzle-Loading Firearms, Firearms, Modern Small Arms", () => {
    expect(
      skillSources
        .filter((s) => s.data.system.reloadReduction)
        .map((s) => s.data.name)
        .sort(),
    ).toEqual([
      "Weapons » Bows",
      "Weapons » Crossbows",
      "Weapons » Firearms",
      "Weapons » Modern Small Arms",
      "Weapons » Muzzle-Loading Firearms",
    ]);
    // TV-C14: Crossbow Reload(10AD) with Crossbows 3 is 7AD; Revolver 6AD with Firearms 5 is 1AD.
    expect(skillReloadCost(10, 3)).toBe(7);
    expect(skillReloadCost(6, 5)).toBe(1);
  });

  it("add-ons keep the text's two wordings: 'allocated dice may be added' vs 'skill dice may be added'", () => {
    const addOns = (name: string) =>
      skills
        .get(name)
        .system.addsTo.map((a: any) => `${a.hook}:${a.mode}`)
        .sort();
    expect(addOns("Pharmacology")).toEqual(["healing:allocated", "skill:Poisons:allocated"]);
    expect(addOns("Herbalism")).toEqual(["healing:allocated", "stabilization:allocated"]);
    expect(addOns("Mathematics")).toEqual(["skill:Engineering:allocated", "skill:Physics:allocated"]);
    expect(addOns("Singing")).toEqual(["skill:Oration:allocated"]);
    expect(addOns("Marksmanship")).toEqual(["rangedAttack:allocated"]);
    expect(skills.get("Marksmanship").system.addsTo[0].condition).toMatch(/4 or more AD/);
    expect(addOns("Two Weapon Fighting")).toEqual(["attack:allocated", "parry:allocated"]);
    expect(addOns("Dance")).toEqual(["dodge:skillDice"]);
    expect(addOns("Athletics")).toEqual(["dodge:skillDice"]);
    expect(addOns("Acting")).toEqual(["influence/charm:skillDice"]);
    expect(addOns("Argument & Debate")).toEqual(["influence/charm:skillDice"]);
    expect(addOns("Charm & Persuasion")).toEqual(["influence/charm:skillDice"]);
    expect(addOns("Oration")).toEqual(["influence/charm:skillDice"]);
    expect(addOns("Intimidation")).toEqual(["influence/intimidate:skillDice"]);
    expect(addOns("Bluffing & Tells")).toEqual([
      "influence/charm:skillDice",
      "influence/intimidate:skillDice",
      "watch:skillDice",
    ]);
    expect(addOns("Stealth & Skulking")).toEqual(["watch:skillDice"]);
    expect(addOns("War Mount")).toEqual(["dodge:skillDice"]);
    for (const armour of ["Heavy", "Light", "Medium"]) {
      expect(skills.get(`Armor » ${armour}`).system.addsTo).toEqual([
        { hook: "dodge", mode: "skillDice", condition: `while wearing ${armour.toLowerCase()} armor` },
      ]);
    }
    expect(skills.get("Armor » Shields").system.addsTo).toEqual([
      { hook: "parry", mode: "skillDice", condition: "with a shield that has the Parry feature" },
    ]);
  });

  it("notes carry the text's numbers: Armor » Heavy 'At allocations of 4 ... reduced by 1. At allocations of 5 ... by 2'; unskilled armor costs its difficulty", () => {
    expect(skills.get("Armor » Heavy").system.notes).toMatch(
      /At 4 allocated dice .* reduced by 1; at 5, by 2/,
    );
    expect(skills.get("Armor » Heavy").system.notes).toMatch(/−3 dice/);
    expect(skills.get("Armor » Light").system.notes).toMatch(/−1 die/);
    expect(skills.get("Armor » Medium").system.notes).toMatch(/−2 dice/);
    expect(skills.get("Armor » Shields").system.notes).toMatch(/−2 dice/);
  });

  it("tools' OL: Nautical Navigation 'Charts 2 / 1, Magnetic Compass 1, Nautical Sextant 2'; Navigation 'Magnetic Compass 2, Map 2 / 1'", () => {
    expect(skills.get("Nautical Navigation").system.notes).toContain(
      "Charts (typical or good quality) 2, Charts (rudimentary or poor quality) 1, Magnetic Compass 1, Nautical Sextant 2",
    );
    expect(skills.get("Navigation").system.notes).toContain(
      "Magnetic Compass 2, Map (typical or good quality) 2, Map (rudimentary or poor quality) 1",
    );
  });

  it("Animal Training: '1 full week ... per level of difficulty' and 'Skill + #AD → (8 - [Animal's SMR + SOC])S'", () => {
    const s = skills.get("Animal Training").system;
    expect(s.notes).toContain("1 week per point of that skill's difficulty");
    expect(s.notes).toContain("Skill + #AD → (8 − [animal's SMR + SOC])S");
  });

  it("animal skills: Labor Animal and War Mount pull '2 × Max Carry'; Tracker defaults to the ability Scent Tracking; War Mount to Rider's Mount", () => {
    expect(skills.get("Labor Animal").system.notes).toContain("2 × Max Carry");
    expect(skills.get("War Mount").system.notes).toContain("2 × Max Carry");
    expect(skills.get("Tracker").system.default).toMatchObject({ kind: "ability", ability: "scentTracking" });
    expect(skills.get("War Mount").system.default).toMatchObject({ kind: "skill", skill: "Rider's Mount" });
  });

  it("every description is short HTML paragraphs in Polyverse's words, and every img is the group's icon", () => {
    for (const { data } of skillSources) {
      expect(data.system.description, data.name).toMatch(/^<p>[^<]+<\/p>(\n<p>[^<]+<\/p>)*$/);
      expect(stripTags(data.system.description).length, data.name).toBeLessThan(400);
      expect(data.system.source).toBe("'Verses Core 0.8.5");
      const icon =
        data.system.skill === "Weapons" ? "sword" : data.system.skill === "Armor" ? "shield" : undefined;
      if (icon) expect(data.img, data.name).toBe(`icons/svg/${icon}.svg`);
    }
  });
});

// ---- the catalog and the rules -----------------------------------------------------------------

const ATTRIBUTES: readonly string[] = ATTRIBUTE_KEYS;

/** A reference resolves to a skill of the catalog, fixed specialisations to their own entry. */
function resolves(skill: string, spec: string): SkillDefinition | undefined {
  const found = findSkillDefinition(catalog, { skill, ...(spec ? { spec } : {}) });
  if (found && spec && spec !== "*" && found.spec !== undefined)
    return found.spec === spec ? found : undefined;
  return found;
}

const actor = (
  attributes: Partial<SkillActor["attributes"]>,
  skills: SkillAllocation[] = [],
  abilities: Record<string, number> = {},
  nativeTec?: number,
): SkillActor => ({
  attributes: { smr: 2, prw: 2, tuf: 2, soc: 2, ...attributes },
  skills,
  abilities,
  ...(nativeTec === undefined ? {} : { nativeTec }),
});

/** The text's example skills ("Skill Defaults"), which are not core content: fixtures only. */
const EXAMPLES: SkillCatalog = [
  // "Stellar Navigation difficulty: 2 default: Skill Ship Systems"
  {
    skill: "Stellar Navigation",
    difficulty: 2,
    default: { kind: "skill", skill: "Ship Systems" },
    prerequisites: [],
    repeatable: false,
    tec: 5,
  },
  // "Ship Systems difficulty: 2 default: Attribute SMR"
  {
    skill: "Ship Systems",
    difficulty: 2,
    default: { kind: "attribute", attribute: "smr" },
    prerequisites: [],
    repeatable: false,
    tec: 5,
  },
];
const withExamples: SkillCatalog = [...catalog, ...EXAMPLES];

const pool = (result: ReturnType<typeof skillPool>) => {
  if (!result.ok) throw new Error(JSON.stringify(result.reason));
  return result.value.dice;
};

describe("the skill catalog read by the rules layer (toSkillDefinition)", () => {
  it("holds 75 skills: 68 core, 4 animal, 3 Intoxication", () => {
    expect(catalog).toHaveLength(75);
  });

  it("every default and prerequisite resolves to an attribute, an ability in ABILITIES, or a skill of the catalog", () => {
    for (const d of catalog) {
      const targets = [d.default, ...d.prerequisites];
      for (const t of targets) {
        const where = `${d.skill}${d.spec ? ` » ${d.spec}` : ""}`;
        if (t.kind === "attribute") expect(ATTRIBUTES, where).toContain(t.attribute);
        else if (t.kind === "ability") expect(Object.keys(ABILITIES), where).toContain(t.ability);
        else
          expect(resolves(t.skill, t.spec ?? ""), `${where} -> ${t.skill} » ${t.spec ?? ""}`).toBeDefined();
      }
    }
  });

  it("every skill is usable by a typical actor (each default chain reaches a root attribute or ability, without a loop)", () => {
    const typical = actor({}, [], { scentTracking: 1 });
    for (const d of catalog) {
      const ref = {
        skill: d.skill,
        // Historical Skill is "specialized with a specific General skill": Chemistry (TV-14).
        ...(d.spec
          ? { spec: d.spec }
          : d.repeatable
            ? { spec: d.skill === "Historical Skill" ? "Chemistry" : "Example" }
            : {}),
      };
      const used = canUseSkill(typical, catalog, ref, { Weapons: "Bows", Language: "Common" });
      expect(used, `${d.skill} ${d.spec ?? ""}`).toMatchObject({ ok: true });
    }
  });

  it("root defaults: Tracker is rooted in Scent Tracking, Information Security in SMR, War Mount in PRW, Weapons » Polearms in PRW", () => {
    const root = (ref: string, a: SkillActor = actor({}, [], { scentTracking: 1 })) => {
      const r = canUseSkill(a, catalog, ref);
      return r.ok ? r.value : r.reason;
    };
    expect(root("Tracker")).toEqual({ kind: "ability", ability: "scentTracking" });
    expect(root("Information Security")).toEqual({ kind: "attribute", attribute: "smr" });
    expect(root("War Mount")).toEqual({ kind: "attribute", attribute: "prw" });
    expect(root("Weapons » Polearms")).toEqual({ kind: "attribute", attribute: "prw" });
    // "A skill whose root default is an ability may not be allocated or used without allocating at least one die to the ability."
    expect(canUseSkill(actor({}), catalog, "Tracker").ok).toBe(false);
  });

  it("TV-08 Anders: Stellar Navigation 1 > Ship Systems 1 > SMR 2 + 5AD = 9d6, 86% against 2S", () => {
    const anders = actor({ smr: 2 }, [
      { skill: "Stellar Navigation", dice: 1 },
      { skill: "Ship Systems", dice: 1 },
    ]);
    const dice = pool(skillPool(anders, withExamples, { skills: ["Stellar Navigation"], ad: 5 }));
    expect(dice).toBe(9);
    expect(Math.round(successProbability(dice, 2) * 100)).toBe(86);
  });

  it("TV-09 Gemma: Ship Systems 1 + SMR 2 + 5AD − Stellar Navigation difficulty 2 = 6d6, 65%; TV-10 Padma: 2 + 5 − 2 − 2 = 3d6, 26%", () => {
    const gemma = actor({ smr: 2 }, [{ skill: "Ship Systems", dice: 1 }]);
    const g = pool(skillPool(gemma, withExamples, { skills: ["Stellar Navigation"], ad: 5 }));
    expect(g).toBe(6);
    expect(Math.round(successProbability(g, 2) * 100)).toBe(65);
    const p = pool(skillPool(actor({ smr: 2 }), withExamples, { skills: ["Stellar Navigation"], ad: 5 }));
    expect(p).toBe(3);
    expect(Math.round(successProbability(p, 2) * 100)).toBe(26);
  });

  it("TV-11 Shaunda: Pharmacology unallocated with Biology 2 subtracts 3 ('while Chemistry is a prerequisite, it is not a default'), and she may not allocate it before Chemistry", () => {
    const shaunda = actor({ smr: 2 }, [{ skill: "Biology", dice: 2 }]);
    const r = skillPool(shaunda, catalog, { skills: ["Pharmacology"] });
    if (!r.ok) throw new Error(JSON.stringify(r.reason));
    expect(r.value.parts.filter((p) => p.dice < 0)).toEqual([
      { label: "Pharmacology", dice: -3, source: "difficulty" },
    ]);
    expect(r.value.dice).toBe(2 + 2 - 3);
    expect(canAllocateSkill(shaunda, catalog, "Pharmacology").ok).toBe(false);
    const withChemistry = actor({ smr: 2 }, [
      { skill: "Biology", dice: 2 },
      { skill: "Chemistry", dice: 1 },
    ]);
    expect(canAllocateSkill(withChemistry, catalog, "Pharmacology")).toEqual({ ok: true, value: 1 });
  });

  it("TV-12 Harry: Medicine 3 + Biology 3 + SMR 3 + 5AD + medkit 1 = 15, −1 (TEC 5 − 4), −5 (Medicine difficulty) = 9d6", () => {
    const harry = actor(
      { smr: 3 },
      [
        { skill: "Medicine", dice: 3 },
        { skill: "Biology", dice: 3 },
        { skill: "Chemistry", dice: 1 },
      ],
      {},
      4,
    );
    const dice = pool(
      skillPool(harry, catalog, {
        skills: ["Medicine"],
        ad: 5,
        extra: [{ label: "Medkit", dice: 1, source: "bonus" }],
        contextTec: 5,
        anachronistic: true,
      }),
    );
    expect(dice).toBe(9);
  });

  it("TV-13/TV-14 Harry in TEC 1: Chemistry 1 + SMR 3 + 5AD − 3 (TEC) − 3 (difficulty) = 3d6, 4%; with Historical Skill » Chemistry 1: 7d6, 43%", () => {
    const skillsOf = (historical: boolean): SkillAllocation[] => [
      { skill: "Chemistry", dice: 1 },
      ...(historical ? [{ skill: "Historical Skill", spec: "Chemistry", dice: 1 }] : []),
    ];
    const request = { skills: ["Chemistry"], ad: 5, contextTec: 1, anachronistic: true };
    const without = pool(skillPool(actor({ smr: 3 }, skillsOf(false), {}, 4), catalog, request));
    expect(without).toBe(3);
    expect(Math.round(successProbability(without, 3) * 100)).toBe(4);
    const withHistory = pool(skillPool(actor({ smr: 3 }, skillsOf(true), {}, 4), catalog, request));
    expect(withHistory).toBe(7);
    expect(Math.round(successProbability(withHistory, 3) * 100)).toBe(43);
    // Historical Skill is an open family: it must be specialised with a General skill.
    const harry = actor({ smr: 3 }, skillsOf(false), {}, 4);
    expect(canAllocateSkill(harry, catalog, "Historical Skill").ok).toBe(false);
    expect(canAllocateSkill(harry, catalog, "Historical Skill » Chemistry")).toEqual({ ok: true, value: 1 });
  });

  it("Tam: Grappling 3 > Unarmed Combat 2 > PRW 3 = 'eight skill dice'; TV-23 Clinch with 2AD = 10d6", () => {
    const tam = actor({ prw: 3 }, [
      { skill: "Grappling", dice: 3 },
      { skill: "Unarmed Combat", dice: 2 },
    ]);
    expect(pool(skillPool(tam, catalog, { skills: ["Grappling"] }))).toBe(8);
    expect(pool(skillPool(tam, catalog, { skills: ["Grappling"], ad: 2 }))).toBe(10);
    expect(skillChainLimit(tam, catalog, ["Unarmed Combat"])).toBe(2);
    expect(skillChainLimit(tam, catalog, ["Grappling"])).toBe(3);
  });

  it("TV-16 Peele: Weapons » Swords 1 and Two Weapon Fighting 3 give a chain limit of 4; TWF needs a Weapons » * skill first", () => {
    const peele = actor({ prw: 2 }, [
      { skill: "Weapons", spec: "Swords", dice: 1 },
      { skill: "Two Weapon Fighting", dice: 3 },
    ]);
    expect(skillChainLimit(peele, catalog, ["Weapons » Swords", "Two Weapon Fighting"])).toBe(4);
    expect(canAllocateSkill(actor({ prw: 2 }), catalog, "Two Weapon Fighting").ok).toBe(false);
    expect(
      canAllocateSkill(
        actor({ prw: 2 }, [{ skill: "Weapons", spec: "Axes", dice: 1 }]),
        catalog,
        "Two Weapon Fighting",
      ),
    ).toEqual({ ok: true, value: 1 });
  });

  it("TV-26 Jee: Weapons » Swords 1 + PRW 2 + 2AD = 5d6; TV-38 Aleth: First Aid 2 + SMR 2 + 3AD = 7d6; TV-32 Anders: Unarmed Combat 1 + PRW 3 + 1AD = 5d6", () => {
    const jee = actor({ prw: 2 }, [{ skill: "Weapons", spec: "Swords", dice: 1 }]);
    expect(pool(skillPool(jee, catalog, { skills: ["Weapons » Swords"], ad: 2 }))).toBe(5);
    const aleth = actor({ smr: 2 }, [{ skill: "First Aid", dice: 2 }]);
    expect(pool(skillPool(aleth, catalog, { skills: ["First Aid"], ad: 3 }))).toBe(7);
    const anders = actor({ prw: 3 }, [{ skill: "Unarmed Combat", dice: 1 }]);
    expect(pool(skillPool(anders, catalog, { skills: ["Unarmed Combat"], ad: 1 }))).toBe(5);
  });

  it("Weapons » Polearms unallocated rides on Weapons » Staves: Staves 1 + PRW 3 − Polearms difficulty 3; with Staves unallocated too, − 1 more", () => {
    const a = actor({ prw: 3 }, [{ skill: "Weapons", spec: "Staves", dice: 1 }]);
    expect(pool(skillPool(a, catalog, { skills: ["Weapons » Polearms"] }))).toBe(1 + 3 - 3);
    expect(skillPool(actor({ prw: 5 }), catalog, { skills: ["Weapons » Polearms"] })).toMatchObject({
      ok: true,
      value: { total: 5 - 3 - 1 },
    });
  });

  it("repeatable skills: 'Language » Japanese' finds the open Language family (difficulty 3); 'Language » Common' its own entry; none may be allocated unspecialised", () => {
    expect(findSkillDefinition(catalog, "Language » Japanese")).toMatchObject({
      skill: "Language",
      specialisationHint: "1 language",
      difficulty: 3,
    });
    expect(findSkillDefinition(catalog, "Language » Common")).toMatchObject({
      skill: "Language",
      spec: "Common",
    });
    expect(findSkillDefinition(catalog, "Driving » Cart")).toMatchObject({
      skill: "Driving",
      specialisationHint: "1 type of animal-drawn vehicle",
      difficulty: 2,
    });
    for (const family of [
      "History",
      "Animal Training",
      "Driving",
      "Language",
      "Musical Instrument",
      "Riding",
      "Historical Skill",
      "Piloting",
    ]) {
      const music = actor({}, [{ skill: "Music", dice: 1 }]);
      expect(canAllocateSkill(music, catalog, family).ok, family).toBe(false);
      const spec = family === "Historical Skill" ? "Chemistry" : "Example";
      expect(canAllocateSkill(music, catalog, `${family} » ${spec}`), family).toEqual({ ok: true, value: 1 });
    }
  });

  it("Linguistics: default 'Language » *' (any one allocated language) and prereq Research Methods", () => {
    const speaker = actor({ smr: 2 }, [{ skill: "Language", spec: "Common", dice: 2 }]);
    expect(canAllocateSkill(speaker, catalog, "Linguistics").ok).toBe(false);
    const researcher = actor({ smr: 2 }, [
      { skill: "Language", spec: "Common", dice: 2 },
      { skill: "Research Methods", dice: 1 },
    ]);
    expect(canAllocateSkill(researcher, catalog, "Linguistics")).toEqual({ ok: true, value: 1 });
    // Unallocated Linguistics: best language 2 + SMR 2 − Linguistics difficulty 3.
    expect(pool(skillPool(researcher, catalog, { skills: ["Linguistics"] }))).toBe(1);
  });
});

// ---- pack verses-abilities ---------------------------------------------------------------------

/** Every ability heading with its "intrinsic for" line as printed ("List of Abilities"). */
const INTRINSIC_FOR: [name: string, line: string][] = [
  ["Action Autopilot", "intrinsic for biologicals constructs incorporeals"],
  ["Adrenaline Rush", "intrinsic for biologicals"],
  ["Catlike Grace", "intrinsic for biologicals"],
  ["Charming Demeanor", "intrinsic for biologicals"],
  ["Desperate Rally", "intrinsic for biologicals"],
  ["Eagle Eyed", "intrinsic for biologicals constructs incorporeals"],
  ["Healthy Immunity", "intrinsic for biologicals"],
  ["Heightened Metabolism", "intrinsic for biologicals"],
  ["Intense Concentration", "intrinsic for biologicals incorporeals"],
  ["Intimidating Demeanor", "intrinsic for biologicals"],
  ["Jack of All Trades", "intrinsic for biologicals incorporeals"],
  ["Lightning Fists", "intrinsic for biologicals constructs"],
  ["Multitasking", "intrinsic for biologicals incorporeals"],
  ["Pain Tolerance", "intrinsic for biologicals"],
  ["Perfect Pitch", "intrinsic for biologicals constructs incorporeals"],
  ["Physical Conditioning", "intrinsic for biologicals"],
  ["Quick Reflexes", "intrinsic for biologicals"],
  ["Spatial Sensitivity", "intrinsic for biologicals constructs"],
  ["Social Butterfly", "intrinsic for biologicals constructs"],
  ["Sturdy", "intrinsic for biologicals constructs"],
  ["Tactical Awareness", "intrinsic for biologicals incorporeals"],
  ["Temporal Sensitivity", "intrinsic for biologicals constructs incorporeals"],
  ["Uncanny Luck", "intrinsic for biologicals incorporeals"],
];

const kindsOf = (line: string) =>
  line
    .replace("intrinsic for ", "")
    .split(" ")
    .map((k) => k.replace(/s$/, ""));

describe("pack verses-abilities", () => {
  sharedPackChecks("verses-abilities", "Item", ["verses-ability"]);

  it("holds the 23 core abilities (core/) and Scent Tracking from the Dog (animal/)", () => {
    expect(abilitySources.filter((s) => groupOf(s) === "core")).toHaveLength(23);
    expect(abilitySources.filter((s) => groupOf(s) === "animal").map((s) => s.data.name)).toEqual([
      "Scent Tracking",
    ]);
    expect(
      abilitySources
        .filter((s) => groupOf(s) === "core")
        .map((s) => s.data.system.key)
        .sort(),
    ).toEqual([...CORE_ABILITY_KEYS].sort());
  });

  it.each(INTRINSIC_FOR)("%s: '%s'", (name, line) => {
    const s = abilities.get(name).system;
    expect(s.key in ABILITIES).toBe(true);
    expect(ABILITIES[s.key as AbilityKey].name).toBe(name);
    expect(s.actorKinds).toEqual(kindsOf(line));
    expect(s.actorKinds).toEqual(ABILITIES[s.key as AbilityKey].intrinsicFor);
    expect({ allocated: s.allocated, extrinsic: s.extrinsic, exBound: s.exBound }).toEqual({
      allocated: 0,
      extrinsic: false,
      exBound: 0,
    });
  });

  it("Scent Tracking: 'All dice are added to any attempts to track or distinguish objects by scent' (no actor kinds printed: biological, like the dog)", () => {
    const s = abilities.get("Scent Tracking").system;
    expect(s.key).toBe("scentTracking");
    expect(s.actorKinds).toEqual(["biological"]);
    expect(s.actorKinds).toEqual(ABILITIES.scentTracking.intrinsicFor);
  });

  it("descriptions keep the effects' numbers: 'SM of 4 ... plus 1', '20 meters', 'two times ... binds 1 EX', '30m', 'minimum of 1AD'", () => {
    const text = (name: string) => stripTags(abilities.get(name).system.description);
    expect(text("Adrenaline Rush")).toMatch(/SM of 4 or more.*plus 1/);
    expect(text("Eagle Eyed")).toContain("over 20 meters");
    expect(text("Intense Concentration")).toMatch(/twice its allocated dice.*binding 1 EX/);
    expect(text("Temporal Sensitivity")).toContain("more than 30 m");
    expect(text("Catlike Grace")).toContain("no less than 1AD");
    expect(text("Pain Tolerance")).toContain("TUF plus its allocated dice");
    expect(text("Heightened Metabolism")).toContain("Intoxication module");
    for (const { data } of abilitySources) {
      expect(data.system.description, data.name).toMatch(/^<p>[^<]+<\/p>$/);
      expect(data.system.source).toBe("'Verses Core 0.8.5");
    }
  });
});

// ---- pack verses-intoxication ------------------------------------------------------------------

describe("pack verses-intoxication", () => {
  sharedPackChecks("verses-intoxication", "Item", ["verses-skill", "verses-ability"]);

  it("holds the module's 3 skills (skills/) and Hollow Leg (abilities/)", () => {
    expect(
      intoxicationSources
        .filter((s) => s.data.type === "verses-skill")
        .map((s) => s.data.name)
        .sort(),
    ).toEqual(["Brewing", "Distilling", "Winemaking"]);
    expect(
      intoxicationSources.filter((s) => s.data.type === "verses-ability").map((s) => s.data.name),
    ).toEqual(["Hollow Leg"]);
    for (const s of intoxicationSources)
      expect(groupOf(s)).toBe(s.data.type === "verses-skill" ? "skills" : "abilities");
  });

  it.each(INTOXICATION_STAT_LINES)(
    "%s: '%s', category 'intoxication', era-appropriate (General)",
    (name, statLine) => {
      const s = intoxication.get(name).system;
      expect({ difficulty: s.difficulty, default: s.default }).toEqual(printedDefault(name, statLine));
      expect({
        category: s.category,
        tec: s.tec,
        repeatable: s.repeatable,
        skill: s.skill,
        spec: s.spec,
      }).toEqual({
        category: "intoxication",
        tec: "general",
        repeatable: false,
        skill: name,
        spec: "",
      });
      expect(s.source).toMatch(/Intoxication/);
    },
  );

  it("Hollow Leg: 'intrinsic for biologicals', 'Allocated dice are added to any tests to resist intoxication'", () => {
    const s = intoxication.get("Hollow Leg").system;
    expect(s).toMatchObject({
      key: "hollowLeg",
      actorKinds: ["biological"],
      allocated: 0,
      extrinsic: false,
      exBound: 0,
    });
    expect(ABILITIES.hollowLeg.intrinsicFor).toEqual(s.actorKinds);
    expect(stripTags(s.description)).toContain("resist intoxication");
  });
});

// ---- the manifest and links from other packs ----------------------------------------------------

describe("the three packs against the manifest and the other packs", () => {
  it("pass checkPackEntries with system.json plus the verses-skill and verses-ability types", () => {
    const manifest = structuredClone(readJSON(join(ROOT, "system.json")));
    manifest.documentTypes.Item = {
      ...manifest.documentTypes.Item,
      "verses-skill": { htmlFields: ["description"] },
      "verses-ability": { htmlFields: ["description"] },
    };
    for (const [pack, sources] of [
      ["verses-skills", skillSources],
      ["verses-abilities", abilitySources],
      ["verses-intoxication", intoxicationSources],
    ] as const) {
      expect(checkPackEntries(manifest, packEntry(pack, "Item"), [...sources, ...packFolders(pack)])).toEqual(
        [],
      );
    }
  });

  it("every @UUID link into these packs from any pack names an existing document, labelled with its name", () => {
    const ids = new Map<string, string>();
    for (const [pack, sources] of [
      ["verses-skills", skillSources],
      ["verses-abilities", abilitySources],
      ["verses-intoxication", intoxicationSources],
    ] as const) {
      for (const { data } of sources) ids.set(`${pack}.Item.${packId(pack, data.name)}`, data.name);
    }
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => {
        const p = join(dir, n);
        return statSync(p).isDirectory() ? files(p) : /\.ya?ml$/.test(n) ? [p] : [];
      });
    const link =
      /Compendium\.polyverse\.(verses-(?:skills|abilities|intoxication)\.Item\.[A-Za-z0-9]{16})\]\{([^}]*)\}/g;
    for (const file of files(join(ROOT, "packs"))) {
      for (const m of readFileSync(file, "utf8").matchAll(link)) {
        expect(ids.get(m[1]!), `${file}: ${m[0]}`).toBe(m[2]);
      }
    }
  });
});
