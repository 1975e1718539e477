import { describe, expect, it } from "vitest";
import {
  NAVIGATION_TOOLS,
  SKILL_ADD_ONS,
  addOnRulesOf,
  navigationToolDice,
  skillAddOnsFor,
  type AddOnContext,
  type SkillAddOnOffer,
} from "./skill-addons";
import type { SkillActor, SkillAllocation, SkillCatalog, SkillDefinition } from "./skills";

/** Stat lines quoted from the text's skill list ("difficulty: 2 default: Attribute PRW"). */
const def = (
  skill: string,
  difficulty: number,
  d: SkillDefinition["default"],
  extra: Partial<SkillDefinition> = {},
): SkillDefinition => ({
  skill,
  difficulty,
  default: d,
  prerequisites: [],
  repeatable: false,
  tec: 1,
  ...extra,
});
const prw = { kind: "attribute", attribute: "prw" } as const;
const smr = { kind: "attribute", attribute: "smr" } as const;
const soc = { kind: "attribute", attribute: "soc" } as const;

const CATALOG: SkillCatalog = [
  def("Athletics", 2, prw),
  def("Dance", 3, prw, { tec: "general" }),
  def("Armor", 3, prw, { spec: "Heavy", repeatable: true }),
  def("Armor", 1, prw, { spec: "Light", repeatable: true }),
  def("Armor", 2, prw, { spec: "Medium", repeatable: true }),
  def("Armor", 2, prw, { spec: "Shields", repeatable: true }),
  def("Weapons", 3, prw, { spec: "Swords", repeatable: true }),
  def("Weapons", 3, prw, { spec: "Bows", repeatable: true }),
  def("Marksmanship", 3, { kind: "skill", skill: "Weapons", spec: "*", ranged: true }),
  def("Stealth & Skulking", 2, prw),
  def("Bluffing & Tells", 2, soc),
  def("Charm & Persuasion", 2, soc),
  def("Intimidation", 2, soc),
  def("Argument & Debate", 2, soc),
  def("Oration", 2, soc),
  def("Acting", 2, { kind: "skill", skill: "Oration" }),
  def("Music", 3, prw),
  def("Singing", 2, { kind: "skill", skill: "Music" }),
  def("Mathematics", 3, smr),
  def("Engineering", 3, smr, { tec: "general" }),
  def("Physics", 3, smr, { tec: "general" }),
  def("Biology", 3, smr, { tec: "general" }),
  def("Chemistry", 3, smr, { tec: "general" }),
  def("Poisons", 2, { kind: "skill", skill: "Biology" }, { tec: "general" }),
  def("Pharmacology", 3, { kind: "skill", skill: "Biology" }, { tec: "general" }),
  def("Language", 3, smr, { repeatable: true, specialisationHint: "1 language" }),
  def("Research Methods", 2, smr, { tec: "general" }),
  def("Linguistics", 3, { kind: "skill", skill: "Language", spec: "*" }, { tec: "general" }),
  def("Drawing", 2, prw),
  def("Assassination", 3, prw, { tec: "general" }),
];

const actor = (skills: SkillAllocation[], attributes = { smr: 2, prw: 3, tuf: 2, soc: 2 }): SkillActor => ({
  attributes,
  abilities: {},
  skills,
});

const offers = (a: SkillActor, context: AddOnContext, include?: (o: SkillAddOnOffer) => boolean) =>
  skillAddOnsFor(a, CATALOG, context, include).map(({ offer, included }) => ({
    id: offer.rule.id,
    skill: offer.skill,
    dice: offer.dice,
    parts: offer.parts.map((p) => `${p.label} ${p.dice}`),
    optional: offer.optional,
    defaultOn: offer.defaultOn,
    included,
  }));

describe("skill add-ons, as the text words them", () => {
  it("every add-on quotes its skill's sentence and says 'may' only where the text does", () => {
    for (const rule of SKILL_ADD_ONS) {
      const may = /\b(may|can)\b/.test(rule.text);
      expect(rule.may, rule.id).toBe(may);
      expect(rule.mode, rule.id).toBe(/allocated dice/i.test(rule.text) ? "allocated" : "skillDice");
    }
  });

  it("Dodge: 'skill dice may be added to Dodge actions' (Athletics, Dance): their allocation, PRW once", () => {
    const a = actor([
      { skill: "Athletics", dice: 2 },
      { skill: "Dance", dice: 1 },
    ]);
    expect(offers(a, { action: "dodge", attributes: ["prw"] })).toEqual([
      {
        id: "dance.dodge",
        skill: "Dance",
        dice: 1,
        parts: ["Dance 1"],
        optional: true,
        defaultOn: true,
        included: true,
      },
      {
        id: "athletics.dodge",
        skill: "Athletics",
        dice: 2,
        parts: ["Athletics 2"],
        optional: true,
        defaultOn: true,
        included: true,
      },
    ]);
    // An unallocated skill adds nothing; nor does it join other actions.
    expect(
      offers(actor([{ skill: "Athletics", dice: 0 }]), { action: "dodge", attributes: ["prw"] }),
    ).toEqual([]);
    expect(offers(a, { action: "parry", skill: "Weapons » Swords" })).toEqual([]);
  });

  it("Armor » Heavy/Light/Medium: 'Skill points may be added to Dodge actions while wearing heavy armor'", () => {
    const a = actor([
      { skill: "Armor", spec: "Heavy", dice: 2 },
      { skill: "Armor", spec: "Light", dice: 1 },
    ]);
    expect(
      offers(a, { action: "dodge", attributes: ["prw"], wornArmour: ["heavy"] }).map((o) => o.parts),
    ).toEqual([["Armor » Heavy 2"]]);
    expect(offers(a, { action: "dodge", attributes: ["prw"], wornArmour: [] })).toEqual([]);
  });

  it("Armor » Shields: 'Skill points may be added to Parry actions for shields with the Parry feature'", () => {
    const a = actor([
      { skill: "Armor", spec: "Shields", dice: 2 },
      { skill: "Weapons", spec: "Swords", dice: 1 },
    ]);
    // The shield's own parry rolls the Shields skill dice already: the add-on is in the pool, once.
    const shield = skillAddOnsFor(a, CATALOG, { action: "parry", skill: "Armor » Shields" });
    expect(shield).toEqual([]);
    // A sword's parry is not a parry "for shields", even with a shield worn.
    expect(offers(a, { action: "parry", skill: "Weapons » Swords", wornArmour: ["shield"] })).toEqual([]);
  });

  it("Marksmanship: 'If spending 4 or more AD on an attack using a ranged weapon with an allocated skill, add all allocated dice'", () => {
    const a = actor([
      { skill: "Weapons", spec: "Bows", dice: 1 },
      { skill: "Marksmanship", dice: 2 },
    ]);
    const bow = { action: "attack", skill: "Weapons » Bows", meleeAttack: false } as const;
    expect(offers(a, { ...bow, ad: 4 })).toEqual([
      {
        id: "marksmanship.ranged",
        skill: "Marksmanship",
        dice: 2,
        parts: ["Marksmanship 2"],
        optional: false,
        defaultOn: true,
        included: true,
      },
    ]);
    // Not "may": it is added whatever the player would choose.
    expect(offers(a, { ...bow, ad: 5 }, () => false)[0]?.included).toBe(true);
    expect(offers(a, { ...bow, ad: 3 })).toEqual([]);
    // A melee weapon, or a ranged weapon whose skill is unallocated, does not qualify.
    const sword = actor([
      { skill: "Weapons", spec: "Swords", dice: 2 },
      { skill: "Marksmanship", dice: 2 },
    ]);
    expect(offers(sword, { action: "attack", skill: "Weapons » Swords", meleeAttack: true, ad: 5 })).toEqual(
      [],
    );
    expect(offers(actor([{ skill: "Marksmanship", dice: 2 }]), { ...bow, ad: 5 })).toEqual([]);
  });

  it("Influence: Charm & Persuasion, Bluffing & Tells and Intimidation also 'contest attempts from others'; Acting, Argument & Debate and Oration only attempt", () => {
    const a = actor([
      { skill: "Charm & Persuasion", dice: 2 },
      { skill: "Bluffing & Tells", dice: 1 },
      { skill: "Intimidation", dice: 3 },
      { skill: "Argument & Debate", dice: 1 },
      { skill: "Oration", dice: 1 },
      { skill: "Acting", dice: 2 },
    ]);
    const charm = offers(a, { action: "charm", attributes: ["soc"] });
    expect(charm.map((o) => `${o.skill} ${o.dice}`)).toEqual([
      "Acting 3", // Acting 2 + its default Oration 1 (SOC is in the pool already)
      "Argument & Debate 1",
      "Bluffing & Tells 1",
      "Charm & Persuasion 2",
      // Oration: its allocation came with Acting's skill dice, counted once, so nothing more.
    ]);
    expect(offers(a, { action: "charm", attributes: ["soc"], resisting: true }).map((o) => o.skill)).toEqual([
      "Bluffing & Tells",
      "Charm & Persuasion",
    ]);
    expect(
      offers(a, { action: "intimidate", attributes: ["soc"] }).map((o) => `${o.skill} ${o.dice}`),
    ).toEqual(["Bluffing & Tells 1", "Intimidation 3"]);
    expect(
      offers(a, { action: "intimidate", attributes: ["soc"], resisting: true }).map((o) => o.skill),
    ).toEqual(["Bluffing & Tells", "Intimidation"]);
  });

  it("Watch: Stealth & Skulking 'to detect covert movement', Bluffing & Tells 'to detect deception': skill dice, offered off", () => {
    const a = actor([
      { skill: "Stealth & Skulking", dice: 2 },
      { skill: "Bluffing & Tells", dice: 1 },
    ]);
    const watch = offers(a, { action: "watch", attributes: ["smr"] });
    expect(watch).toEqual([
      {
        id: "bluffingTells.watch",
        skill: "Bluffing & Tells",
        dice: 3,
        parts: ["Bluffing & Tells 1", "SOC 2"],
        optional: true,
        defaultOn: false,
        included: false,
      },
      {
        id: "stealthSkulking.watch",
        skill: "Stealth & Skulking",
        dice: 5,
        parts: ["Stealth & Skulking 2", "PRW 3"],
        optional: true,
        defaultOn: false,
        included: false,
      },
    ]);
    const chosen = offers(
      a,
      { action: "watch", attributes: ["smr"] },
      (o) => o.rule.id === "stealthSkulking.watch",
    );
    expect(chosen.filter((o) => o.included).map((o) => o.skill)).toEqual(["Stealth & Skulking"]);
  });

  it("Mathematics on Engineering or Physics tests, Singing on Oration, Pharmacology on Poisons: allocated dice", () => {
    const a = actor([
      { skill: "Mathematics", dice: 2 },
      { skill: "Singing", dice: 1 },
      { skill: "Music", dice: 1 },
      { skill: "Pharmacology", dice: 3 },
      { skill: "Biology", dice: 1 },
    ]);
    expect(offers(a, { skill: "Engineering" }).map((o) => `${o.skill} ${o.dice}`)).toEqual(["Mathematics 2"]);
    expect(offers(a, { skill: "Physics" }).map((o) => `${o.skill} ${o.dice}`)).toEqual(["Mathematics 2"]);
    expect(offers(a, { skill: "Oration" }).map((o) => `${o.skill} ${o.dice}`)).toEqual(["Singing 1"]);
    expect(offers(a, { skill: "Poisons" }).map((o) => `${o.skill} ${o.dice}`)).toEqual(["Pharmacology 3"]);
    // Not to other tests, nor to Healing (the recovery tests add Pharmacology themselves).
    expect(offers(a, { skill: "Biology" })).toEqual([]);
    expect(SKILL_ADD_ONS.find((r) => r.id === "pharmacology.healing")?.appliedBy).toBe("recovery");
  });

  it("Linguistics: 'to offset difficulty penalties' of an unallocated language, never more than the penalty", () => {
    const a = actor([
      { skill: "Research Methods", dice: 1 },
      { skill: "Language", spec: "Common", dice: 2 },
      { skill: "Linguistics", dice: 2 },
    ]);
    // Language » Japanese unallocated: SMR 2 - 3. Linguistics' skill dice: 2 + Language » Common 2 (SMR once) = 4, cut to 3.
    expect(offers(a, { skill: "Language » Japanese", difficultyPenalty: 3 }).map((o) => o.dice)).toEqual([3]);
    // An allocated language has no penalty to offset.
    expect(offers(a, { skill: "Language » Common", difficultyPenalty: 0 })).toEqual([]);
  });

  it("forgery needs a circumstance the pool cannot see: offered, off; Assassination is the attack flow's", () => {
    const a = actor([
      { skill: "Drawing", dice: 2 },
      { skill: "Assassination", dice: 1 },
      { skill: "Weapons", spec: "Swords", dice: 1 },
    ]);
    expect(offers(a, { skill: "Research Methods" }).map((o) => [o.skill, o.included])).toEqual([
      ["Drawing", false],
    ]);
    expect(offers(a, { skill: "Drawing" })).toEqual([]);
    // Its dice come with "all successes bypass any armor as if they were sixes": the attack flow
    // applies both (`assassination`), so the pool builder offers nothing of it.
    expect(offers(a, { action: "attack", skill: "Weapons » Swords", meleeAttack: true, ad: 2 })).toEqual([]);
    expect(SKILL_ADD_ONS.find((r) => r.id === "assassination.attack")).toMatchObject({
      situation: "watchedTarget",
      appliedBy: "attack",
    });
  });

  it("a homebrew skill's own 'Adds to' rows join the same rolls", () => {
    const homebrew = def("Tumbling", 2, prw, {
      addsTo: [
        { hook: "dodge", mode: "skillDice" },
        { hook: "watch", mode: "allocated", condition: "while upside down" },
      ],
    });
    const rules = addOnRulesOf([homebrew, ...CATALOG]);
    expect(rules.map((r) => [r.skill, r.joins.kind, r.situation ?? null])).toEqual([
      ["Tumbling", "action", null],
      ["Tumbling", "action", "custom"],
    ]);
    const a = actor([{ skill: "Tumbling", dice: 2 }]);
    const dodge = skillAddOnsFor(
      a,
      [homebrew, ...CATALOG],
      { action: "dodge", attributes: ["prw"] },
      undefined,
      rules,
    );
    expect(dodge.map(({ offer, included }) => [offer.skill, offer.dice, included])).toEqual([
      ["Tumbling", 2, true],
    ]);
  });
});

describe("Navigation tools: 'the following tools add their Operational Level (OL)'", () => {
  it("Land Navigation Tools: Magnetic Compass 2, Map (typical or good) 2, Map (rudimentary or poor) 1", () => {
    expect(NAVIGATION_TOOLS.Navigation.map((t) => `${t.name} ${t.ol}`)).toEqual([
      "Magnetic Compass 2",
      "Map (typical or good quality) 2",
      "Map (rudimentary or poor quality) 1",
    ]);
    const tools = [
      { name: "Magnetic Compass", ol: 0 },
      { name: "Map of the Marches", ol: 0 },
      { name: "Poor Map", ol: 0 },
    ];
    expect(navigationToolDice("Navigation", tools)).toEqual([
      { label: "Magnetic Compass", dice: 2 },
      { label: "Map of the Marches", dice: 2 },
    ]);
  });

  it("Nautical Navigation Tools: the compass is OL 1 at sea; Charts and the Nautical Sextant 2", () => {
    const tools = [
      { name: "Magnetic Compass", ol: 0 },
      { name: "Charts (rudimentary or poor quality)", ol: 0 },
      { name: "Nautical Sextant", ol: 0 },
    ];
    expect(navigationToolDice("Nautical Navigation", tools).map((t) => t.dice)).toEqual([1, 1, 2]);
    expect(navigationToolDice("Engineering", tools)).toEqual([]);
    // A tool of another name that names the skill adds its own OL.
    expect(navigationToolDice("Navigation", [{ name: "Astrolabe", ol: 1, toolFor: ["Navigation"] }])).toEqual(
      [{ label: "Astrolabe", dice: 1 }],
    );
  });
});
