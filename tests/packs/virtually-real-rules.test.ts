// The Virtually Real rules reference journal: Polyverse's own summary of chapter 1, with the numbers
// of its tables quoted below row by row (Virtually Real core guidebook, chapter 1) and cross-checked
// against the rules layer's own tables (EXPERIENCE_TABLE, CAPACITIES, DL_TABLE, SKILL_LEARNING_DL,
// the conditions tables, EMOTIONAL_TARGET_TABLE, the Bonus XP tables, ...), whose English names the
// journal's tables use. Also what the Virtually Real packs share: system.json, credit, links.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packId } from "../../scripts/lib/ids.mjs";
import { checkPackEntries } from "../../scripts/lib/pack-check.mjs";
import {
  CAPACITIES,
  CLOSE_ENOUGH_TIME,
  COMBAT_AWARD_TABLE,
  COMBINATION_CRIT_MOD,
  CRITICAL_CONDITIONS,
  CRIT_SOURCES,
  DEFAULT_FAST_SKILLS,
  DEFAULT_SAVE_DL,
  DL_DOUBLE_CRIT,
  DL_FASTER_THAN_LIGHT,
  DL_TABLE,
  DL_TRIPLE_CRIT,
  DODGE_CAPACITY,
  EMOTIONAL_TARGET_TABLE,
  EVADE_CAPACITY,
  EXPERIENCE_TABLE,
  HUMAN_DAMAGE_CAPACITY,
  INDIVIDUAL_AWARD_TABLE,
  INITIATIVE_CAPACITY,
  INITIATIVE_CAPACITY_WITH_BCT,
  INTIMACY_DICE,
  MAJOR_WOUND_FROM,
  MAX_LEVEL,
  NARRATIVE_CONSEQUENCE_DL,
  SERIOUS_EMOTIONAL_CONDITIONS,
  SKILL_LEARNING_DL,
  STARTING_LIGHT,
  STORY_AWARD_TABLE,
  TENSION_POOL_MAX,
  bookReadingDL,
  bookReadingHours,
  combatXP,
  effectBonus,
  learningDL,
  levelFromXP,
  lightFromDonation,
  occupationDL,
  pcDeathAward,
  trainingXPRequired,
  type AwardRow,
} from "../../src/rulesets/virtually-real/rules";
import {
  CHARACTER_LABELS as CHAR,
  CHECK_LABELS as CHECK,
  CREDIT,
  VIRTUALLY_REAL_PACKS,
  htmlTables,
  manifest,
  manifestPack,
  packSources,
  plainText,
  rows,
  span,
  tableAfter,
  uuidLinks,
  virtuallyRealUuids,
} from "./virtually-real-content";

const PACK = "virtually-real-rules";
const journals = packSources(PACK);

/** The pages in order: the key their id comes from, and the name. */
const PAGES: [key: string, name: string][] = [
  ["capacity", "The Capacity System"],
  ["experience", "Experience Table"],
  ["difficulty", "Difficulty Levels"],
  ["results", "Brilliant and Critical Results"],
  ["saves", "Saves and Attribute Checks"],
  ["special", "Special Rolls"],
  ["conditions", "Conditions and Wounds"],
  ["emotions", "Emotional Targets and Intimacies"],
  ["light", "Adrenaline, Light and Darkness"],
  ["awards", "Experience and Awards"],
  ["training", "Getting Trained"],
  ["story", "Scenes, Chapters and Acts"],
  ["readings", "Polyverse Readings"],
];

// ---- chapter 1's tables, as quoted from it ---------------------------------------------------------

/** CAPACITIES: dice, capacity name, brilliant rolls ([1]: "Non-6s aren't added!"). */
const CAPACITIES_QUOTED = rows(`
1 | Secondary / Subhuman | 6
2 | Primary / Human      | 12
3 | Mastery / Superhuman | 17-18
4 | Supernatural!        | 22-24
5 | Deific / Angelic     | 27-30`);

/** EXPERIENCE TABLE: XP / Fail By, Level, Degree (the rows from 37 carry a ditto mark). */
const EXPERIENCE_QUOTED = rows(`
0         | 0 | Success!
1 - 2     | 0 | Minor
3 - 5     | 0 | Major
6 - 9     | 1 | Serious
10 - 15   | 2 | Critical
16 - 24   | 3 | Double Crit
25 - 36   | 4 | Triple Crit
37 - 53   | 5 | "
54 - 78   | 6 | "
79 - 114  | 7 | "
115 - 166 | 8 | "
167+      | 9 | "`);

/** DIFFICULTY LEVELS (DL) TABLE: Human Difficulty, DL, Combo. */
const DL_QUOTED = rows(`
Common Knowledge, Minor challenge | 4  | 6
Basic or Easy information         | 6  | 9
Simple task for a professional    | 8  | 12
Major challenge or task           | 10 | 15
Somewhat difficult job            | 12 | 18
Difficult job or task             | 14 | 20
Serious challenge                 | 16 | 24
Extraordinary work                | 18 | 27
Nearly Impossible                 | 20 | 30
Critical challenge                | 22 | 32`);

/** SKILL LEARNING DL TABLE: Target Training, DL. */
const SKILL_LEARNING_QUOTED = rows(`
Secondary                  | 8+
Primary (Serious Event)    | 16+
Mastery (Critical Event)   | 22+
Supernatural (Double Crit) | 28+
Deific (Triple Crit)       | 34+`);

/** SERIOUS EMOTIONAL CONDITIONS: Letter, Description, At Next, Heal to. */
const SERIOUS_QUOTED = rows(`
F | Fear       | Long Rest | A
G | Guilt      | Long Rest | A
P | Despair    | Long Rest | A
I | Isolation  | Long Rest | A
T | New Trauma | Scene     | D`);

/** CRITICAL CONDITIONS: Letter, Description, At Next, Heal to. */
const CRITICAL_QUOTED = rows(`
[#] | Fear           | Scene      | F
[#] | Guilt          | Initiative | G
[#] | Despair        | Scene      | P
[#] | Isolation      | Short Rest | I
X   | Dying (0 HP)   | Long Rest  | B
U   | Undone (0 End) | Long Rest  | V
B   | Broken Bones   | Long Rest  | B
N   | Numb (0 Ki)    | Short Rest | J
L   | Limb Loss      | Chapter    | L
H   | Fast Healing   | Scene      | H`);

/** The Emotional Targets: Save, Defensive and Aggressive Adrenal Response, Chakra. */
const TARGETS_QUOTED = rows(`
Violence  | Basic Combat Training | Sprint     | Strength     | Root
Despair   | Faith                 | Perception | Primal Surge | Sacral
Isolation | Culture - Influence   | Deception  | Authority    | Throat
Guilt     | Culture - Integrity   | Will       | Deception    | Heart`);

/** BONUS XP: INDIVIDUAL, STORY and COMBAT AWARDS: the XP column ("*": 1 light as well). */
const INDIVIDUAL_QUOTED = "1 1 1 2 1+ 1 1* 2 3* 3 3 1 2".split(" ");
const STORY_QUOTED = "1* 2 4 1 2 4".split(" ");
const COMBAT_QUOTED = "2 2 4 2/death".split(" ");

// ---- helpers ---------------------------------------------------------------------------------------

const dash = (s: string) => s.replace(/ - /g, "–").replace(/-/g, "–");
/** A duration label ("Next long rest") as the chapter's "At Next" column has it ("long rest"). */
const atNext = (label: string) => label.replace(/^Next /, "").toLowerCase();
/** An award's XP cell as the chapter writes it: "1+", "2/death", "3*". */
function quotedAward(cell: string, lightCell: string): string {
  const xp = cell === "1 or more" ? "1+" : cell === "2 per death" ? "2/death" : cell;
  return `${xp}${lightCell === "1" ? "*" : ""}`;
}

describe("Virtually Real rules reference journal", () => {
  const entry = journals[0]!.data;
  const html = (name: string) => entry.pages.find((p: any) => p.name === name).text.content as string;
  const page = (name: string) => plainText(html(name));

  it("is one journal entry that passes the build's checks, with the credit and the ruleset", () => {
    expect(journals).toHaveLength(1);
    expect(journals[0]!.file).toBe(join("packs", PACK, "virtually-real-rules-reference.yml"));
    expect(checkPackEntries(manifest, manifestPack(PACK), journals)).toEqual([]);
    expect(entry.name).toBe("Virtually Real Rules Reference");
    expect(entry._id).toBe(packId(PACK, "reference"));
    expect(entry._key).toBe(`!journal!${entry._id}`);
    expect(entry.flags).toEqual({ polyverse: { ruleset: "virtually-real", credit: CREDIT } });
    expect(entry.ownership).toEqual({ default: 0 });
  });

  it("has its pages in order, with ids packId(pack, 'reference:<key>'), text in HTML", () => {
    expect(entry.pages.map((p: any) => p.name)).toEqual(PAGES.map((p) => p[1]));
    entry.pages.forEach((p: any, i: number) => {
      expect(p._id).toBe(packId(PACK, `reference:${PAGES[i]![0]}`));
      expect(p._key).toBe(`!journal.pages!${entry._id}.${p._id}`);
      expect(p).toMatchObject({ type: "text", sort: (i + 1) * 100000, title: { show: true, level: 1 } });
      expect(p.text.format).toBe(1);
      expect(p.text.content).toMatch(/^<(p|h2|ul|table)>/);
      expect(p.flags).toEqual({ polyverse: { ruleset: "virtually-real" } });
      for (const t of htmlTables(p.text.content))
        for (const r of t) expect(r.length, `${p.name}: ${r.join(" | ")}`).toBe(t[0]!.length);
    });
  });

  it("gives the CAPACITIES table as the chapter and CAPACITIES have it", () => {
    const table = tableAfter(html("The Capacity System"), "Dice");
    expect(table).toHaveLength(5);
    table.forEach(([dice, skill, attribute, brilliant], i) => {
      const [qDice, qName, qBrilliant] = CAPACITIES_QUOTED[i]!;
      const row = CAPACITIES[i]!;
      expect(dice).toBe(`[${qDice}]`);
      expect(`${skill} / ${attribute}`.replace("Supernatural / Supernatural", "Supernatural!")).toBe(qName);
      expect(skill).toBe(CHECK.SkillCapacity[row.skill]);
      expect(attribute).toBe(CHECK.AttributeCapacity[row.attribute]);
      expect(brilliant!.startsWith(dash(qBrilliant!)), brilliant).toBe(true);
      expect(span(brilliant!.split(",")[0]!)).toEqual(
        row.dice === 1 ? [6, 6] : [row.brilliantFrom, row.brilliantTo],
      );
    });
    expect(table[0]![3]).toContain("only 6s are added");
    const text = page("The Capacity System");
    for (const s of [
      "Open Locks [2] 22/3 rolls 2 dice",
      "as [2]+3",
      "rolled as [1] with one extra disadvantage, it is never brilliant",
      "a [2] check that rolls 1, 4 and 5 counts 9 with an advantage and 5 with a disadvantage",
      "7 or more keeps the highest dice of the whole pool, less than 7 the lowest",
      "one advantage die",
      "two steps for two dice",
    ])
      expect(text, s).toContain(s);
  });

  it("gives the EXPERIENCE TABLE as the chapter and EXPERIENCE_TABLE have it", () => {
    const table = tableAfter(html("Experience Table"), "XP or margin");
    expect(table).toHaveLength(EXPERIENCE_QUOTED.length);
    let degree = "";
    table.forEach(([range, level, degreeCell], i) => {
      const [qRange, qLevel, qDegree] = EXPERIENCE_QUOTED[i]!;
      degree = qDegree === '"' ? degree : qDegree!;
      expect(range).toBe(dash(qRange!).replace(/^(\d+)\+$/, "$1 or more"));
      expect(level).toBe(`+${qLevel}`);
      expect(degreeCell).toBe(degree);
      const row = EXPERIENCE_TABLE[i]!;
      expect(span(range!)).toEqual([row.from, row.to]);
      expect(level).toBe(`+${row.level}`);
      expect(degreeCell).toBe(CHECK.Degree[row.degree]);
    });
    expect(MAX_LEVEL).toBe(9);
    const text = page("Experience Table");
    for (const s of [
      "+9 at most",
      "22 XP is level +3; 25 XP would be +4",
      "by 1–2 is a minor failure, by 3–5 major, by 6–9 serious, by 10 or more critical",
      "beaten by 3 or more is a major success",
      "a miss by 1 takes 1½ times as long, a miss by 2 three times as long",
      "Beating the DL by 6 gets the job done in half the time",
      "6 over gives +1, 10 over +2 and 16 over +3",
      "each retry widens the critical range by 1",
    ])
      expect(text, s).toContain(s);
    expect([levelFromXP(22), levelFromXP(25)]).toEqual([3, 4]);
    expect(CLOSE_ENOUGH_TIME).toEqual({ 1: 1.5, 2: 3 });
    expect(DEFAULT_FAST_SKILLS).toEqual([{ over: 6, factor: 0.5 }]);
    expect([6, 10, 16].map(effectBonus)).toEqual([1, 2, 3]);
  });

  it("gives the DIFFICULTY LEVELS (DL) TABLE with its Combo column as the chapter and DL_TABLE have it", () => {
    const table = tableAfter(html("Difficulty Levels"), "Difficulty");
    expect(table).toHaveLength(10);
    table.forEach(([name, dl, combo], i) => {
      const [, qDL, qCombo] = DL_QUOTED[i]!;
      expect([dl, combo]).toEqual([qDL, qCombo]);
      const row = DL_TABLE[i]!;
      expect([Number(dl), Number(combo)]).toEqual([row.dl, row.combo]);
      expect(name).toBe(CHECK.DL[row.key]);
    });
    const text = page("Difficulty Levels");
    expect([DL_DOUBLE_CRIT, DL_TRIPLE_CRIT, DL_FASTER_THAN_LIGHT]).toEqual([32, 42, 42]);
    for (const s of [
      "a double crit challenge is DL 32 and a triple crit DL 42 (as is going faster than light)",
      "Picking a modern lock is Difficult",
      "about twice the DL",
      "[3]+5, would average nearly 16",
      "learning an occupation is DL 10 plus the level of its cost",
    ])
      expect(text, s).toContain(s);
    expect(tableAfter(html("Difficulty Levels"), "Save against a wound")).toEqual(
      (["minor", "major", "serious", "critical"] as const).map((w) => [
        CHECK.WoundLevel[w],
        String(DEFAULT_SAVE_DL[w]),
      ]),
    );
    expect(Object.values(DEFAULT_SAVE_DL)).toEqual([4, 10, 16, 22]);
    const customs = tableAfter(html("Difficulty Levels"), "Broken custom (Guilt/Integrity save)");
    expect(customs.map((r) => r[1])).toEqual(["22", "16", "10", "4"]);
    (["capital", "serious", "major", "minor"] as const).forEach((o, i) => {
      expect(customs[i]![0]!.startsWith(CHAR.Offence[o])).toBe(true);
      expect(customs[i]![1]).toBe(String(NARRATIVE_CONSEQUENCE_DL[o]));
    });
  });

  it("gives brilliant and critical results and every source of +crit as CRIT_SOURCES has it", () => {
    const text = page("Brilliant and Critical Results");
    for (const s of [
      "every die a 6 on [1] and [2], 17–18 on [3], 22–24 on [4], 27–30 on [5]",
      "The skill gains 1 XP at once",
      "A 6 adds the attribute's capacity (2 for a human), not its face",
      "a 6 followed by a 4 is simply 6",
      "the roll counts as 0, the level is not added, and the check misses by the whole DL, which against DL 10 or more is a critical failure",
      "1 chance in 36 (2.7%)",
      "3 chances in 36 (8.3%)",
      "on 2 to 4 (16.7%)",
      "both 5 and 6 are critical",
    ])
      expect(text, s).toContain(s);
    const table = tableAfter(html("Brilliant and Critical Results"), "Source");
    expect(table.map((r) => r[0])).toEqual(CRIT_SOURCES.map((s) => CHECK.CritSource[s.key]));
    table.forEach(([, cell], i) => expect(cell!.startsWith(`+${CRIT_SOURCES[i]!.per}`), cell).toBe(true));
    expect(COMBINATION_CRIT_MOD).toBe(2);
  });

  it("gives the saves with their capacities as the rules layer has them", () => {
    const table = tableAfter(html("Saves and Attribute Checks"), "Save");
    const byName = Object.fromEntries(table.map((r) => [r[0], r]));
    expect(byName[CHECK.Save.health]!.slice(1, 3)).toEqual([CHAR.Attribute.body, "[2]"]);
    expect(byName[CHECK.Save.dodge]![2]).toBe(`[${DODGE_CAPACITY}]`);
    expect(byName[CHECK.Save.evade]![2]).toBe(`[${EVADE_CAPACITY}]`);
    expect(byName[CHECK.Save.initiative]![2]).toBe(
      `[${INITIATIVE_CAPACITY}]; [${INITIATIVE_CAPACITY_WITH_BCT}] with Basic Combat Training at primary or better`,
    );
    expect(byName[CHECK.Save.perception]!.slice(1, 3)).toEqual([CHAR.Attribute.mind, "[2]"]);
    const text = page("Saves and Attribute Checks");
    for (const s of [
      "4 minor, 10 major, 16 serious, 22 critical",
      "Body [3]+2 falls ill: roll 3 dice, drop the lowest, add 2",
      "scoring 0",
      "1 Endurance at +1 critical",
    ])
      expect(text, s).toContain(s);
  });

  it("gives combining skills, multistage tasks, arm wrestling and the Tension Pool with their numbers", () => {
    const table = tableAfter(html("Special Rolls"), "Method");
    expect(table.map((r) => r[3])).toEqual(["unchanged", "+1 per helper", `+${COMBINATION_CRIT_MOD}`]);
    expect(table[2]!.slice(1, 3)).toEqual(["both capacities added, less 1", "both levels added"]);
    expect(table[1]![2]).toContain("half the helper's XP, rounded down");
    const text = page("Special Rolls");
    expect(TENSION_POOL_MAX).toBe(6);
    for (const s of [
      "Botany [2]20/3 and Survival [2]40/5 together roll 2 dice with 60 XP, so +6",
      "at one die fewer",
      "restarted at +1 critical",
      "a quarter of the money",
      "start again from stage 1",
      "spend 1 Endurance for an advantage die",
      "the loser misses by 10 or more",
      "The sixth die rolls the bowl at once",
      "Any 1 brings a complication",
      "The Angry GM",
    ])
      expect(text, s).toContain(s);
    expect(levelFromXP(60)).toBe(6);
  });

  it("gives both conditions tables as the chapter and the rules layer have them", () => {
    const [seriousTable, criticalTable] = htmlTables(html("Conditions and Wounds"))
      .filter((t) => t[0]![0] === "Letter")
      .map((t) => t.slice(1));
    seriousTable!.forEach(([letter, name, at, heal], i) => {
      const [qLetter, qName, qAt, qHeal] = SERIOUS_QUOTED[i]!;
      expect([letter, name!.toLowerCase(), atNext(at!), heal]).toEqual([
        qLetter,
        qName!.toLowerCase(),
        qAt!.toLowerCase(),
        qHeal,
      ]);
      const row = SERIOUS_EMOTIONAL_CONDITIONS[i]!;
      expect([letter, name, at, heal]).toEqual([
        row.letter,
        CHAR.Condition[row.id],
        CHAR.Duration[row.atNext],
        row.healTo,
      ]);
    });
    expect(criticalTable).toHaveLength(10);
    criticalTable!.forEach(([letter, name, at, heal], i) => {
      const [qLetter, qName, qAt, qHeal] = CRITICAL_QUOTED[i]!;
      expect(letter).toBe(qLetter === "[#]" ? "#" : qLetter);
      expect([atNext(at!), heal]).toEqual([qAt!.toLowerCase(), qHeal]);
      const row = CRITICAL_CONDITIONS[i]!;
      expect([letter, name, at, heal]).toEqual([
        row.letter,
        CHAR.Condition[row.id],
        CHAR.Duration[row.atNext],
        row.healTo,
      ]);
      // Polyverse's names: "Adrenaline: fear" for a [#] box, "Lost limb" for Limb Loss, the rest as printed.
      if (row.adrenaline) expect(name).toBe(`Adrenaline: ${qName!.toLowerCase()}`);
      else if (row.id === "L") expect(name).toBe("Lost limb");
      else expect(qName!.toLowerCase().startsWith(name!.toLowerCase()), name).toBe(true);
    });
    const also = Object.fromEntries(criticalTable!.map((r) => [r[0] === "#" ? r[1] : r[0], r[4]]));
    expect(also.X).toContain("0 HP");
    expect(also.X).toContain("a critically failed Body or Basic Combat Training save is fatal");
    expect(also.U).toContain("0 Endurance");
    expect(also.N).toContain("0 Ki");
    expect(also[CHAR.Condition.guiltRush]).toContain("makes the character an NPC");
    expect(also.H).toContain("no natural recovery of hit points");
    const wounds = tableAfter(html("Conditions and Wounds"), "Damage");
    expect(wounds).toEqual([
      ["1–2", CHAR.WoundBand.minor],
      [`${MAJOR_WOUND_FROM} or more`, CHAR.WoundBand.major],
      ["DC + 3 or more", CHAR.WoundBand.serious],
      ["maximum HP or more", CHAR.WoundBand.critical],
    ]);
    const text = page("Conditions and Wounds");
    for (const s of [
      "+1 critical per condition",
      "Every critical condition bars fast actions",
      "A, D, V and J appear only as Heal to letters",
      `a human's DC is ${HUMAN_DAMAGE_CAPACITY}`,
      "An X condition comes at 0 HP, another at minus the DC, and another at minus the maximum HP",
    ])
      expect(text, s).toContain(s);
  });

  it("gives the emotional targets as the chapter and EMOTIONAL_TARGET_TABLE have them, and the intimacy levels", () => {
    const table = tableAfter(html("Emotional Targets and Intimacies"), "Target");
    expect(table).toHaveLength(4);
    table.forEach(([target, , save, defensive, aggressive, chakra], i) => {
      const quoted = TARGETS_QUOTED[i]!;
      expect([target, save!.replace(/ \((\w+)\)$/, " - $1"), defensive, aggressive, chakra]).toEqual(quoted);
      const row = EMOTIONAL_TARGET_TABLE[i]!;
      expect([target, save, defensive, aggressive, chakra]).toEqual([
        CHAR.EmotionalTarget[row.target],
        CHAR.Skill[row.save],
        CHAR.Skill[row.defensive],
        CHAR.Skill[row.aggressive],
        CHAR.Chakra[row.chakra],
      ]);
    });
    const levels = tableAfter(html("Emotional Targets and Intimacies"), "Level");
    expect(levels).toEqual(
      (["outer", "inner", "defining"] as const).map((l) => {
        const n = String(INTIMACY_DICE[l]);
        return [CHAR.IntimacyLevel[l], n, n, n];
      }),
    );
    expect(Object.values(INTIMACY_DICE)).toEqual([1, 2, 4]);
    const text = page("Emotional Targets and Intimacies");
    for (const s of [
      "Aura [1] or more",
      "Aura [2] or more",
      "1 for outer, 2 for inner, 4 for defining",
      "for 1 scene",
      "(1, 2 or 4)",
      "takes 1 Darkness",
    ])
      expect(text, s).toContain(s);
  });

  it("gives adrenaline, light and Darkness with their numbers", () => {
    const text = page("Adrenaline, Light and Darkness");
    expect(STARTING_LIGHT).toBe(1);
    expect([lightFromDonation(5), lightFromDonation(6), lightFromDonation(9), lightFromDonation(10)]).toEqual(
      [0, 1, 1, 2],
    );
    for (const s of [
      "every other roll takes 1 disadvantage, and every roll is +1 critical",
      "Success costs 1 Darkness",
      "Primal Surge equal to the adrenaline level",
      "costs 1 Endurance",
      "starts with 1 light",
      "+1 each chapter",
      "6 or more at once earns 1; 10 or more earns the Experience Table's level of the amount",
      "held up to the Aura attribute's score",
      "Each light earned removes 1 Darkness (never below 0)",
      "advantages on Deception and Authority; disadvantages on Diplomacy, Support, Appearance and Faith",
      "a passion at every level from 1",
    ])
      expect(text, s).toContain(s);
    expect(tableAfter(html("Adrenaline, Light and Darkness"), "Success").map((r) => r[0])).toEqual([
      CHECK.Degree.minor,
      `${CHECK.Degree.major} (3 or more over)`,
      `${CHECK.Degree.serious} or better`,
    ]);
  });

  it("gives the three BONUS XP tables as the chapter and the rules layer's award tables have them", () => {
    const tables = htmlTables(html("Experience and Awards"))
      .filter((t) => t[0]![0] === "Award")
      .map((t) => t.slice(1));
    const expected: [readonly AwardRow<string>[], string[]][] = [
      [INDIVIDUAL_AWARD_TABLE, INDIVIDUAL_QUOTED],
      [STORY_AWARD_TABLE, STORY_QUOTED],
      [COMBAT_AWARD_TABLE, COMBAT_QUOTED],
    ];
    expect(tables).toHaveLength(3);
    expect(tables.flat()).toHaveLength(13 + 6 + 4);
    tables.forEach((table, t) => {
      const [rulesRows, quoted] = expected[t]!;
      expect(table).toHaveLength(quoted.length);
      table.forEach(([name, xp, light], i) => {
        const row = rulesRows[i]!;
        expect(name).toBe(CHAR.Award[row.key]);
        expect(quotedAward(xp!, light!)).toBe(quoted[i]);
        expect(light).toBe(row.light ? String(row.light) : "");
        if (row.key === "threePlusPcsDie") expect([pcDeathAward(3), pcDeathAward(4)]).toEqual([6, 8]);
        else expect(xp).toBe(row.open ? `${row.xp} or more` : String(row.xp));
      });
    });
    expect(tableAfter(html("Experience and Awards"), "Worst wound").map((r) => r[1]!.split(" ")[0])).toEqual(
      (["minor", "major", "serious", "critical"] as const).map((w) => String(combatXP(w))),
    );
    expect(["major", "serious", "critical"].map((w) => combatXP(w as any))).toEqual([2, 4, 8]);
    const text = page("Experience and Awards");
    for (const s of [
      "gains 1 XP at the end of the scene",
      "Regular practice earns 1 XP a chapter",
      "A brilliant roll gives 1 XP at once",
      "1 more on a critical failure",
      "at most 1 XP per skill per scene",
      "never lifting a skill more than one level at once",
      "6 or more in one gift earns the giver 1 light, 10 or more the Experience Table's level of the gift in light",
      "Falling to 0 HP counts as dying here",
    ])
      expect(text, s).toContain(s);
  });

  it("gives the SKILL LEARNING DL TABLE as the chapter and SKILL_LEARNING_DL have it, with the chapter's examples", () => {
    const table = tableAfter(html("Getting Trained"), "Target training");
    expect(table).toHaveLength(5);
    table.forEach(([training, dl], i) => {
      const [qTraining, qDL] = SKILL_LEARNING_QUOTED[i]!;
      expect(qTraining!.startsWith(training!)).toBe(true);
      expect(dl).toBe(`${qDL!.replace("+", "")} + cost's level`);
      expect(dl).toBe(`${SKILL_LEARNING_DL[i + 1]} + cost's level`);
      expect(training).toBe(CHECK.SkillCapacity[CAPACITIES[i]!.skill]);
    });
    expect(table.map((r) => r[2])).toEqual([
      "only for non-humans whose related attribute is weak",
      "a serious event",
      "a critical event",
      "a double crit",
      "a triple crit; no skill goes higher",
    ]);
    const text = page("Getting Trained");
    expect([learningDL(2, 8), learningDL(2, 12), trainingXPRequired(12)]).toEqual([17, 18, 24]);
    expect([occupationDL(100), occupationDL(100, 25)]).toEqual([17, 16]);
    expect(bookReadingDL({ capacity: 2, xp: 20 })).toBe(11);
    expect(bookReadingHours({ capacity: 2, xp: 16 })).toBe(6);
    expect([levelFromXP(40), levelFromXP(90), levelFromXP(20), levelFromXP(14)]).toEqual([5, 7, 3, 2]);
    for (const s of [
      "costs 8 XP (level +1), so reaching primary is DL 17; Acrobatics costs 12 (+2), DL 18",
      "at least twice its cost in XP",
      "(41 becomes 20)",
      "rises by 1 (by 2 for mastery, 3 for supernatural, 4 for deific)",
      "Missed by 1–2",
      "try again in 2 Acts",
      "more than one die behind",
      "half the trainer's XP",
      "1 week per XP",
      "Agility [2]14/2 and Acrobatics [1]40/5, a 12-point skill: DL 18",
      "needs 11 on the dice, about 8%",
      "[2]100/7 adds 50 XP, 90 XP is +7, and 9 on the dice will do, about 28%",
      "Acrobatics [2]20/3 and Agility 15/2",
      "a 100 XP occupation is DL 17; after 25 weeks of training it costs 75 XP and the DL is 16",
      "Occupations of 75 XP or more",
      "a [2] 20/3 book is DL 11",
      "Astrology [2]16/3 takes about 6 hours",
      "capacity 3 or more",
    ])
      expect(text, s).toContain(s);
  });

  it("gives the story's units and what happens at each end", () => {
    const units = tableAfter(html("Scenes, Chapters and Acts"), "Unit");
    expect(units.map((r) => r[0])).toEqual(["Session", "Scene", "Chapter", "Act", "Story", "Campaign"]);
    const text = page("Scenes, Chapters and Acts");
    for (const s of ["2–8 hours (4–6 is usual)", "2 minutes to 2 hours", "every story has 3"])
      expect(text, s).toContain(s);
    expect(tableAfter(html("Scenes, Chapters and Acts"), "When")).toHaveLength(3);
  });

  it("names Polyverse's readings where the chapter is silent, with the rules layer's defaults", () => {
    const table = tableAfter(html("Polyverse Readings"), "Question");
    const reading = Object.fromEntries(table.map((r) => [r[0], r[1]]));
    expect(reading["A human's Damage Capacity"]).toBe(String(HUMAN_DAMAGE_CAPACITY));
    expect(reading["Reading a [1] book"]).toBe(`DL ${SKILL_LEARNING_DL[1]} plus the level of its XP`);
    expect(reading["Faster skills"]).toBe(`half the time at ${DEFAULT_FAST_SKILLS[0]!.over} over`);
    expect(reading["What a helper adds"]).toBe("half their XP, rounded down, and +1 critical");
    expect(table.length).toBeGreaterThan(20);
  });

  it("links to the roll tables and pages that exist", () => {
    const known = virtuallyRealUuids();
    const links = entry.pages.flatMap((p: any) => uuidLinks(p.text.content).map((m) => m[1]!));
    expect(links.length).toBeGreaterThan(5);
    for (const uuid of links) expect(known, uuid).toContain(uuid);
    expect(links).toContain(
      `Compendium.polyverse.virtually-real-tables.RollTable.${packId("virtually-real-tables", "Tension Die")}`,
    );
  });
});

describe("the Virtually Real packs", () => {
  it("are declared in system.json with the ruleset, in the Virtually Real pack folder", () => {
    for (const [name, type] of Object.entries(VIRTUALLY_REAL_PACKS)) {
      const pack = manifestPack(name);
      expect(pack, name).toMatchObject({
        path: `packs/${name}`,
        type,
        ownership: { PLAYER: "OBSERVER", ASSISTANT: "OWNER" },
        flags: { polyverse: { ruleset: "virtually-real" } },
      });
      expect(pack.label).toMatch(/^Virtually Real /);
    }
    const folder = manifest.packFolders.find((f: any) => f.name === "Virtually Real");
    expect(folder.packs).toEqual(Object.keys(VIRTUALLY_REAL_PACKS));
    const flagged = manifest.packs
      .filter((p: any) => p.flags?.polyverse?.ruleset === "virtually-real")
      .map((p: any) => p.name);
    expect(flagged).toEqual(Object.keys(VIRTUALLY_REAL_PACKS));
  });

  it("credit chapter 1 on every entry", () => {
    for (const pack of Object.keys(VIRTUALLY_REAL_PACKS))
      for (const { file, data } of packSources(pack)) expect(data.flags.polyverse.credit, file).toBe(CREDIT);
  });

  it("have ids unique across the packs", () => {
    const ids = Object.keys(VIRTUALLY_REAL_PACKS).flatMap((pack) => packSources(pack).map((s) => s.data._id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
