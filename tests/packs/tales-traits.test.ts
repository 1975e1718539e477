// Tales advantages and disadvantages (rules text, Appendix 3): the 29 advantages, the two the
// templates name without defining (Beauty, Sanctum) as flagged placeholders, and the 31
// disadvantages, with the contract's keys, the text's costs and options, and descriptions stating the
// mechanical effect with the text's numbers, quoted below.
import { describe, expect, it } from "vitest";
import { byName, packSources, stripTags, talesItemPackChecks } from "./tales-content";

const advantageSources = packSources("tales-advantages");
const disadvantageSources = packSources("tales-disadvantages");
const advantage = byName(advantageSources);
const disadvantage = byName(disadvantageSources);

/**
 * Each advantage as the text heads it: name, the contract's key, the cost the text prints after the
 * name, and what its description must state.
 */
const ADVANTAGES: [name: string, key: string, cost: string, states: string[]][] = [
  ["Adaptable", "adaptable", "1", ["does not move", "1 Essence point", "one extra action"]],
  ["Ambidextrous", "ambidextrous", "2", ["no off-hand penalty", "one extra defensive action", "not moved"]],
  ["Charismatic", "charismatic", "3", ["+1 to the Social attribute when the character resists"]],
  ["Companion", "companion", "1+", ["NPC section"]],
  ["Cunning", "cunning", "3", ["+1 to the Mental attribute when the character resists"]],
  ["Deathdealer", "deathdealer", "6", ["one extra die"]],
  ["Dream", "dream", "1+", ["Mental skill", "4, 5 or 6", "+1"]],
  ["Edge", "edge", "2", ["shows a 6", "1 Essence point", "one more d6"]],
  ["Eidetic Memory", "eideticMemory", "4", ["yes-or-no question"]],
  ["Enigma", "enigma", "1+", ["static difficulty", "becomes dynamic", "2 dice and keeps the higher"]],
  [
    "Equipment",
    "equipment",
    "1+",
    ["5 gear points per level", "common or uncommon", "+1 each to Wealth rolls"],
  ],
  ["Focused", "focused", "2", ["distractions are 2 smaller"]],
  ["Hardened", "hardened", "2", ["2 points higher against fear and shock"]],
  ["Heightened Sense", "heightenedSense", "2", ["−2 difficulty", "one sense"]],
  ["Library", "library", "1+", ["5 manuscript points per level", "+1 each to Research rolls"]],
  ["Lucky", "lucky", "3", ["Once per game", "re-roll a test"]],
  ["Loyalty", "loyalty", "1", ["intimidation", "mind control", "2 points higher"]],
  ["Master Linguist", "masterLinguist", "4", ["free level of Languages"]],
  ["Mentor", "mentor", "1+", ["learns from"]],
  ["Mystic", "mystic", "3", ["+1 to the Spiritual attribute when the character resists", "at 2 points"]],
  ["Natural Leader", "naturalLeader", "1", ["1 more helper"]],
  ["Poison Resistance", "poisonResistance", "1", ["1 Essence point less"]],
  [
    "Resilient",
    "resilient",
    "4 or 10",
    ["Hit Points or Essence for 4 points", "both for 10 points", "1 point less"],
  ],
  ["Sanctuary", "sanctuary", "1+", ["5 lodging points per level", "temporary safe houses"]],
  ["Skill Expert", "skillExpert", "6", ["roll 2 dice"]],
  ["Status", "status", "1+", ["one culture", "Social skill", "4, 5 or 6", "+1"]],
  ["Teamwork", "teamwork", "2", ["as many helpers as they can"]],
  ["Tough", "tough", "3", ["+1 to the Physical attribute when the character resists"]],
  ["Well Traveled", "wellTraveled", "2", ["−1 on every Social test in foreign lands", "Well Travelled"]],
];

/** The two the templates grant without the text defining them: name, key, the templates' cost. */
const PLACEHOLDERS: [name: string, key: string, cost: string, states: string[]][] = [
  ["Beauty", "beauty", "3", ["placeholder", "Government", "never define"]],
  ["Sanctum", "sanctum", "1", ["placeholder", "Occult Grunt", "never define", "Sanctuary"]],
];

const DISADVANTAGES: [name: string, key: string, cost: string, states: string[]][] = [
  [
    "Addiction",
    "addiction",
    "2, 5 or 8",
    ["−1 to all tests", "Light wound", "uncommon item", "illegal substance adds 3 points"],
  ],
  ["Amnesia", "amnesia", "1+", ["adds 1 to the difficulty of Mental tests", "10% of their life per level"]],
  ["Astrological Sensitivity", "astrologicalSensitivity", "2", ["Once per game", "re-roll a test"]],
  ["Bad Reputation", "badReputation", "2", ["status counts half"]],
  ["Blind Loyalty", "blindLoyalty", "1", ["no mechanical effect"]],
  ["Coward", "coward", "3", ["1 Essence point", "+3 difficulty"]],
  ["Criminal Record", "criminalRecord", "2 or 5", ["2 points for a minor crime", "5 points for a major one"]],
  ["Cursed", "cursed", "1+", ["adds the level to the difficulty of every test"]],
  [
    "Dead Sense",
    "deadSense",
    "3 (5 for Deafness, 7 for Blindness)",
    ["3 points", "5 points for deafness", "7 points for blindness"],
  ],
  ["Dependent", "dependent", "2", ["responsible for"]],
  ["Depressed", "depressed", "2", ["−1 to the Social attribute when the character resists"]],
  [
    "Dulled Sense",
    "dulledSense",
    "1 (2 points if hard of hearing, or a visual impairment)",
    ["+2 difficulty", "1 point, or 2 points"],
  ],
  ["Duty", "duty", "2", ["Superiors"]],
  ["Easily Confused", "easilyConfused", "2", ["−1 to the Mental attribute when the character resists"]],
  ["Enemies", "enemies", "1+", ["The Raconteur always creates them"]],
  ["Flashbacks", "flashbacks", "1+", ["roll a d6. On a 1", "rises by the level", "1 smaller"]],
  ["Foreigner", "foreigner", "2", ["+2 difficulty on Social tests", "first time"]],
  ["Frail", "frail", "3", ["Hit Points costs 1 more point"]],
  ["Hatred", "hatred", "2", ["irrational hatred"]],
  ["Hunted", "hunted", "4", ["hunting the character"]],
  ["Memorable", "memorable", "1+", ["difficulty lowered by the level"]],
  ["Notorious Parent", "notoriousParent", "2", ["worth 3 points less"]],
  ["Oblivious", "oblivious", "4", ["always comes last in initiative", "roll initiative among themselves"]],
  ["Phobia", "phobia", "3 or 6", ["+2 difficulty", "at 6 points", "flee"]],
  [
    "Savage",
    "savage",
    "2 or 4",
    ["at 2 points they give 1 point less benefit", "at 4 points", "cannot use tools"],
  ],
  ["Social Animal", "socialAnimal", "1", ["−1 to all rolls while alone"]],
  [
    "Susceptible",
    "susceptible",
    "3",
    ["Essence points costs 1 more point", "extra hit point", "mirror of Frail"],
  ],
  ["Territorial", "territorial", "3", ["+1 difficulty on every active action", "Territory connection"]],
  [
    "Time Commitment",
    "timeCommitment",
    "1+",
    ["one d6 per level", "any die shows 1 or 2", "any die shows 1 to 3", "every week"],
  ],
  ["Uncoordinated", "uncoordinated", "7", ["only one action die"]],
  ["Weak", "weak", "2", ["−1 to the Physical attribute when the character resists"]],
];

/** "1+" -> level 1, variable; "4 or 10" -> 4, options [4, 10]; "3 (5 for …, 7 for …)" -> 3, [3, 5, 7]; "2" -> 2, []. */
function cost(printed: string) {
  const values = printed.match(/\d+/g)!.map(Number);
  return {
    level: values[0]!,
    levelOptions: values.length > 1 ? values : [],
    variable: printed.includes("+"),
  };
}

/** The experience the description quotes: twice the level, as a range where the text offers several. */
const xpLine = (printed: string, verb: "Costs" | "Gives") => {
  const { level, levelOptions, variable } = cost(printed);
  if (variable)
    return `${verb} 1 trait point per level at character generation, or 2 experience points per level`;
  if (levelOptions.length)
    return `${verb} ${levelOptions.slice(0, -1).join(", ")} or ${levelOptions.at(-1)} trait points at character generation, or twice that in experience points`;
  return `${verb} ${level} trait point${level > 1 ? "s" : ""} at character generation, or ${2 * level} experience points`;
};

describe("Tales advantages pack", () => {
  talesItemPackChecks(
    "tales-advantages",
    "tales-advantage",
    "icons/svg/aura.svg",
    () => "",
    (data) => (["beauty", "sanctum"].includes(data.system.key) ? { placeholder: true } : {}),
  );

  it("holds the text's 29 advantages and the 2 placeholders", () => {
    expect(ADVANTAGES).toHaveLength(29);
    expect(advantageSources).toHaveLength(29 + 2);
    expect(Object.keys(advantage).sort()).toEqual([...ADVANTAGES, ...PLACEHOLDERS].map((a) => a[0]).sort());
  });

  it.each([...ADVANTAGES, ...PLACEHOLDERS])("%s: key %s, level %s", (name, key, printed, states) => {
    const a = advantage[name];
    const pool = ["dream", "enigma", "status"].includes(key) ? 1 : 0;
    expect(a.system).toEqual({
      key,
      ...cost(printed),
      skill: "",
      option: "",
      source: "trait",
      description: a.system.description,
      pool,
    });
    const text = stripTags(a.system.description);
    for (const s of states) expect(text, `${name}: ${s}`).toContain(s);
    if (!["beauty", "sanctum"].includes(key)) expect(text).toContain(xpLine(printed, "Costs"));
  });

  it("Resilient offers 4 or 10 and stores 4; the 1+ ones are variable from 1; pools start full", () => {
    expect(advantage.Resilient.system).toMatchObject({ level: 4, levelOptions: [4, 10], variable: false });
    const variable = advantageSources.filter((s) => s.data.system.variable).map((s) => s.data.system.key);
    expect(variable.sort()).toEqual(
      ["companion", "dream", "enigma", "equipment", "library", "mentor", "sanctuary", "status"].sort(),
    );
    for (const key of variable)
      expect(advantageSources.find((s) => s.data.system.key === key)!.data.system.level).toBe(1);
    for (const name of ["Dream", "Enigma", "Status"]) expect(advantage[name].system.pool, name).toBe(1);
    expect(advantage.Beauty.system).toMatchObject({ level: 3, variable: false });
    expect(advantage.Sanctum.system).toMatchObject({ level: 1, variable: false });
  });

  it("keys are the contract's, in the text's order", () => {
    expect(ADVANTAGES.map((a) => a[1])).toEqual([
      "adaptable",
      "ambidextrous",
      "charismatic",
      "companion",
      "cunning",
      "deathdealer",
      "dream",
      "edge",
      "eideticMemory",
      "enigma",
      "equipment",
      "focused",
      "hardened",
      "heightenedSense",
      "library",
      "lucky",
      "loyalty",
      "masterLinguist",
      "mentor",
      "mystic",
      "naturalLeader",
      "poisonResistance",
      "resilient",
      "sanctuary",
      "skillExpert",
      "status",
      "teamwork",
      "tough",
      "wellTraveled",
    ]);
  });
});

describe("Tales disadvantages pack", () => {
  talesItemPackChecks("tales-disadvantages", "tales-disadvantage", "icons/svg/daze.svg", () => "");

  it("holds the text's 31 disadvantages", () => {
    expect(DISADVANTAGES).toHaveLength(31);
    expect(disadvantageSources).toHaveLength(31);
    expect(Object.keys(disadvantage).sort()).toEqual(DISADVANTAGES.map((d) => d[0]).sort());
  });

  it.each(DISADVANTAGES)("%s: key %s, level %s", (name, key, printed, states) => {
    const d = disadvantage[name];
    expect(d.system).toEqual({
      key,
      ...cost(printed),
      skill: "",
      option: "",
      source: "trait",
      description: d.system.description,
      illegal: false,
      active: false,
    });
    const text = stripTags(d.system.description);
    for (const s of states) expect(text, `${name}: ${s}`).toContain(s);
    expect(text).toContain(xpLine(printed, "Gives"));
  });

  it("the options the text offers: Addiction 2/5/8, Criminal Record 2/5, Dead Sense 3/5/7, Dulled Sense 1/2, Phobia 3/6, Savage 2/4", () => {
    const options = Object.fromEntries(
      disadvantageSources
        .filter((s) => s.data.system.levelOptions.length)
        .map((s) => [s.data.system.key, s.data.system.levelOptions]),
    );
    expect(options).toEqual({
      addiction: [2, 5, 8],
      criminalRecord: [2, 5],
      deadSense: [3, 5, 7],
      dulledSense: [1, 2],
      phobia: [3, 6],
      savage: [2, 4],
    });
    const variable = disadvantageSources.filter((s) => s.data.system.variable).map((s) => s.data.system.key);
    expect(variable.sort()).toEqual(
      ["amnesia", "cursed", "enemies", "flashbacks", "memorable", "timeCommitment"].sort(),
    );
    expect(disadvantage.Addiction.system.illegal).toBe(false);
  });

  it("keys are the contract's, in the text's order", () => {
    expect(DISADVANTAGES.map((d) => d[1])).toEqual([
      "addiction",
      "amnesia",
      "astrologicalSensitivity",
      "badReputation",
      "blindLoyalty",
      "coward",
      "criminalRecord",
      "cursed",
      "deadSense",
      "dependent",
      "depressed",
      "dulledSense",
      "duty",
      "easilyConfused",
      "enemies",
      "flashbacks",
      "foreigner",
      "frail",
      "hatred",
      "hunted",
      "memorable",
      "notoriousParent",
      "oblivious",
      "phobia",
      "savage",
      "socialAnimal",
      "susceptible",
      "territorial",
      "timeCommitment",
      "uncoordinated",
      "weak",
    ]);
  });
});
