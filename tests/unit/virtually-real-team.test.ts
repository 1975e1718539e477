// Combining skills in a Virtually Real check (chapter 1, "1.4.8 Combining Skills", "Extended
// Criticals", "Experience & Learning"): Added Experience ("Botany [2]20/3 and Survival [2]40/5 ... 60
// XP for a +6"; "You must have the same skill capacity in each skill"), helpers ("Every helper's adds
// 1/2 their XP, rounded down", "+1 crit"; "The GM may decide limits"), the Combination roll
// ("add the capacities of both skills, then subtract one ... Add the levels ... Critical range is
// +2", DL from the Combo column), advantages of either skill applying once, and "I'll try too!"
// (a repeat that fails earns no XP); the dialog, the stored choice, the marks and the GM's rebuild.
import { describe, expect, it } from "vitest";
import { allFields } from "../../src/core/roll-dialog-model";
import {
  buildCheck,
  teamUsedSkills,
  type CheckActor,
  type CheckChoice,
  type CheckBuildOptions,
  type TeamMate,
} from "../../src/rulesets/virtually-real/rolls/check-input-logic";
import {
  changeTeamState,
  dialogPlan,
  evaluateDialog,
  startState,
  stateChoice,
  type CheckDialogInput,
  type CheckDialogState,
} from "../../src/rulesets/virtually-real/rolls/dialog-logic";
import {
  readChoice,
  readCheckOptions,
  storedChoice,
  type VirtuallyRealCheckOptions,
} from "../../src/rulesets/virtually-real/rolls/roll-logic";
import { cardProblem, optionsProblem } from "../../src/rulesets/virtually-real/rolls/check-trust-logic";
import { checkState } from "../../src/rulesets/virtually-real/rolls/card-state-logic";
import { earnedMarks, markChanges } from "../../src/rulesets/virtually-real/rolls/changes-logic";
import { planCheck } from "../../src/rulesets/virtually-real/rules";
import { lineLabel } from "../../src/rulesets/virtually-real/rolls/text-logic";
import { CHECK_SETTINGS, cardOf, plainActor, readOf, skill } from "../lib/virtually-real-roll-examples";

const localize = (key: string, data?: Record<string, string>) =>
  data ? `${key}${JSON.stringify(data)}` : key;
const TEAM = "POLYVERSE.VirtuallyReal.Team";

// Botany [2]20/3 and Survival [2]40/5 (the text's example); Climb [3] for a capacity that differs.
const botanist = plainActor({
  skills: [
    skill("Botany", 2, 3, { xp: 20, attribute: "mind" }),
    skill("Survival", 2, 5, { xp: 40, attribute: "mind", ref: "survival" as never }),
    skill("Climb", 3, 2, { xp: 12 }),
    skill("Acrobatics", 1, 5, { xp: 40 }),
  ],
});
const mate = (name: string, uuid: string, skills: CheckActor["skills"]): TeamMate => ({ uuid, name, skills });
// A leader with 20 XP and a helper with 30 (TV-48); a helper with 31; one without Botany.
const bea = mate("Bea", "Actor.bea", [skill("Botany", 2, 4, { xp: 30 })]);
const cal = mate("Cal", "Actor.cal", [skill("botany", 1, 4, { xp: 31, id: "calbotany" })]);
const dan = mate("Dan", "Actor.dan", [skill("Climb", 2, 1, { xp: 5 })]);
const MATES = [bea, cal, dan];

const added = (second: string): CheckChoice => ({
  kind: "skill",
  skillId: "Botany",
  team: { secondSkillId: second },
});
const helped = (helpers: string[], build: CheckBuildOptions = {}) =>
  buildCheck(botanist, { kind: "skill", skillId: "Botany", team: { helpers } }, build, MATES);

describe("Added Experience", () => {
  it("Botany [2]20/3 with Survival [2]40/5 rolls 2 dice + 6 (60 XP), not + 8; the card names Survival", () => {
    const built = buildCheck(botanist, added("Survival"));
    expect(built.problems).toEqual([]);
    expect(built.input).toMatchObject({ kind: "skill", capacity: 2, level: 6 });
    expect(built.lines).toContainEqual(
      expect.objectContaining({ key: `${TEAM}.Line.Added`, data: { skill: "Survival", xp: "40" } }),
    );
    expect(planCheck(built.input, CHECK_SETTINGS)).toMatchObject({ poolSize: 2, formula: "2d6" });
  });

  it("refuses a second skill of another capacity with a message naming both (Botany [2], Climb [3])", () => {
    const built = buildCheck(botanist, added("Climb"));
    expect(built.problems).toContainEqual({
      key: `${TEAM}.Problem.Capacity`,
      data: { first: "Botany", second: "Climb", a: "2", b: "3" },
    });
  });

  it("refuses the same skill twice and a skill the roller lacks", () => {
    expect(buildCheck(botanist, added("Botany")).problems[0]?.key).toBe(`${TEAM}.Problem.SameSkill`);
    expect(buildCheck(botanist, added("Cooking")).problems[0]?.key).toBe(`${TEAM}.Problem.NoSecondSkill`);
  });

  it("marks both skills used this scene", () => {
    expect(teamUsedSkills(botanist, added("Survival"), [])).toEqual([
      { uuid: "Actor.ada.Item.Survival", name: "Survival" },
    ]);
  });
});

describe("helpers", () => {
  it("TV-48: leader 20 XP, helper 30: 20 + 15 = 35 XP, level 4, and +1 crit", () => {
    const built = helped(["Actor.bea"]);
    expect(built.problems).toEqual([]);
    expect(built.input.level).toBe(4);
    expect(built.input.critMod).toBe(1);
    expect(built.lines).toContainEqual({
      key: `${TEAM}.Line.Helper`,
      data: { name: "Bea", xp: "15" },
      advantage: 0,
      disadvantage: 0,
      critMod: 1,
    });
    // [2] keeps 2: the critical range 2..2 + 1 helper = 2..3 ("Too many cooks spoil the soup!").
    expect(planCheck(built.input, CHECK_SETTINGS).critRange).toEqual([2, 3]);
  });

  it("two helpers: 31 adds 15 (rounded down), 30 adds 15: 50 XP, level 5, +2 crit; found by name", () => {
    const built = helped(["Actor.bea", "Actor.cal"]);
    expect(built.problems).toEqual([]);
    expect(built.input.level).toBe(5);
    expect(built.input.critMod).toBe(2);
  });

  it("the other reading (A-2, helperXP full) adds all 30: 50 XP, level 5", () => {
    expect(helped(["Actor.bea"], { team: { helperXP: "full" } }).input.level).toBe(5);
  });

  it("refuses a helper without the skill, one not among the characters, the roller, and a helper twice", () => {
    expect(helped(["Actor.dan"]).problems).toContainEqual({
      key: `${TEAM}.Problem.LacksSkill`,
      data: { name: "Dan", skill: "Botany" },
    });
    expect(helped(["Actor.zed"]).problems[0]?.key).toBe(`${TEAM}.Problem.NoHelper`);
    expect(helped(["Actor.ada"]).problems[0]?.key).toBe(`${TEAM}.Problem.NoHelper`);
    expect(helped(["Actor.bea", "Actor.bea"]).problems.map((p) => p.key)).toContain(`${TEAM}.Problem.Twice`);
  });

  it("the GM's limit: with maxHelpers 1, two helpers are refused; 0 is no limit", () => {
    expect(helped(["Actor.bea", "Actor.cal"], { team: { maxHelpers: 1 } }).problems).toContainEqual({
      key: `${TEAM}.Problem.TooMany`,
      data: { max: "1" },
    });
    expect(helped(["Actor.bea", "Actor.cal"], { team: { maxHelpers: 0 } }).problems).toEqual([]);
  });

  it("each helper's skill is marked used (on the helper's actor)", () => {
    const choice = {
      kind: "skill" as const,
      skillId: "Botany",
      team: { helpers: ["Actor.bea", "Actor.cal"] },
    };
    expect(teamUsedSkills(botanist, choice, MATES)).toEqual([
      { uuid: "Actor.bea.Item.Botany", name: "Bea: Botany" },
      { uuid: "Actor.cal.Item.calbotany", name: "Cal: botany" },
    ]);
  });
});

describe("the Combination roll", () => {
  const combo = (
    skillId: string | null,
    team: CheckChoice["team"],
    attribute: CheckChoice["attribute"] = null,
  ) => buildCheck(botanist, { kind: "combination", skillId, attribute, team });

  it("TV-47: a skill [2] level 3 with an attribute [2] +2: capacity 3, +5, critical on 3..5", () => {
    const built = combo("Botany", { combineAttribute: "mind" });
    expect(built.problems).toEqual([]);
    expect(built.input).toMatchObject({ kind: "combination", capacity: 3, level: 5 });
    expect(planCheck(built.input, CHECK_SETTINGS).critRange).toEqual([3, 5]);
    const line = built.lines.find((l) => l.key === `${TEAM}.Line.Combination`)!;
    const names = (key: string, data?: Record<string, string>) =>
      key.endsWith("Attribute.mind") ? "Mind" : localize(key, data);
    expect(lineLabel(line, names)).toBe(
      `${TEAM}.Line.Combination{"first":"Botany","second":"Mind","capacity":"3","level":"5"}`,
    );
    expect(built.lines).toContainEqual(
      expect.objectContaining({
        key: `${TEAM}.Line.Combination`,
        data: {
          first: "Botany",
          second: "POLYVERSE.VirtuallyReal.Character.Attribute.mind",
          capacity: "3",
          level: "5",
        },
      }),
    );
  });

  it("AGL [2]14/2 with Acrobatics [1]40/5: capacity 2, +7; opened on the attribute, the skill comes first", () => {
    const agile = plainActor(
      { skills: [skill("Acrobatics", 1, 5, { xp: 40 })] },
      { agility: { capacity: 2, score: 14, modifier: 2 } },
    );
    const built = buildCheck(agile, {
      kind: "combination",
      skillId: null,
      attribute: "agility",
      team: { combineSkillId: "Acrobatics" },
    });
    expect(built.problems).toEqual([]);
    expect(built.input).toMatchObject({ capacity: 2, level: 7 });
    expect(built.subject).toMatchObject({ kind: "combination", skillId: "Acrobatics" });
  });

  it("two skills: Botany [2] +3 with Survival [2] +5: capacity 3, +8; both marked used", () => {
    const built = combo("Botany", { combineSkillId: "Survival" });
    expect(built.input).toMatchObject({ capacity: 3, level: 8 });
    expect(
      teamUsedSkills(
        botanist,
        { kind: "combination", skillId: "Botany", team: { combineSkillId: "Survival" } },
        [],
      ),
    ).toEqual([{ uuid: "Actor.ada.Item.Survival", name: "Survival" }]);
  });

  it("two attributes (as training and occupations use them): Mind [2] +2 with Logic [2] +2: capacity 3, +4", () => {
    const built = combo(null, { combineAttribute: "logic" }, "mind");
    expect(built.problems).toEqual([]);
    expect(built.input).toMatchObject({ capacity: 3, level: 4 });
  });

  it("refuses the same part twice and helpers (they add to one skill's XP)", () => {
    expect(combo("Botany", { combineSkillId: "Botany" }).problems[0]?.key).toBe(`${TEAM}.Problem.SamePart`);
    expect(combo("Botany", { combineAttribute: "mind", helpers: ["Actor.bea"] }).problems[0]?.key).toBe(
      `${TEAM}.Problem.NotHere`,
    );
  });

  it("an advantage that applies to both skills counts once: a critical condition is 1 disadvantage and +1 crit", () => {
    const hurt = { ...botanist, marks: [{ severity: "critical" as const, group: "physical" as const }] };
    const single = buildCheck(hurt, { kind: "skill", skillId: "Botany" });
    const both = buildCheck(hurt, {
      kind: "combination",
      skillId: "Botany",
      team: { combineSkillId: "Climb" },
    });
    expect(both.input.disadvantage).toBe(single.input.disadvantage);
    expect(both.input.critMod).toBe(single.input.critMod);
    expect(both.input.disadvantage).toBe(1);
  });

  it("an advantage that applies to either skill applies: a physical condition reaches Climb (Agility), not Botany (Mind)", () => {
    const hurt = { ...botanist, marks: [{ severity: "major" as const, group: "physical" as const }] };
    expect(buildCheck(hurt, { kind: "skill", skillId: "Botany" }).input.disadvantage).toBe(0);
    const both = buildCheck(hurt, {
      kind: "combination",
      skillId: "Botany",
      team: { combineSkillId: "Climb" },
    });
    expect(both.input.disadvantage).toBe(1);
  });
});

describe("the dialog", () => {
  const input = (more: Partial<CheckDialogInput> = {}): CheckDialogInput => ({
    actor: botanist,
    choice: { kind: "skill", skillId: "Botany" },
    dl: null,
    label: null,
    check: { ...CHECK_SETTINGS },
    build: {},
    team: { mates: MATES, maxHelpers: 0 },
    ...more,
  });
  const settle = (i: CheckDialogInput, changes: [string, string | boolean][]) => {
    let state: CheckDialogState = startState(i);
    for (const [name, value] of changes) state = changeTeamState(i, state, name, value);
    return state;
  };

  it("offers helpers who have the skill, each with their share: Bea +15 XP, Cal +15 XP (not Dan)", () => {
    const i = input();
    const fields = allFields(evaluateDialog(i, startState(i), localize));
    const helpers = fields.filter((f) => f.name.startsWith("helper."));
    expect(helpers.map((f) => f.kind === "checkbox" && f.badge)).toEqual([
      `${TEAM}.Dialog.HelperBadge{"xp":"15"}`,
      `${TEAM}.Dialog.HelperBadge{"xp":"15"}`,
    ]);
    expect(helpers.map((f) => f.data?.name)).toEqual(["Bea", "Cal"]);
  });

  it("ticking a helper updates the level and the odds live (TV-48: 35 XP, level 4, +1 crit)", () => {
    const i = input({ dl: 10 });
    const before = evaluateDialog(i, startState(i), localize);
    const state = settle(i, [["helper.0", true]]);
    expect(dialogPlan(i, state).built.input).toMatchObject({ level: 4, critMod: 1 });
    const after = evaluateDialog(i, state, localize);
    const success = (e: typeof after) =>
      e.odds && "outcomes" in e.odds ? e.odds.outcomes.find((o) => o.tone === "success")?.probability : null;
    expect(success(after)).toBeGreaterThan(success(before)!);
    expect(
      settle(i, [
        ["helper.0", true],
        ["helper.0", false],
      ]).helpers,
    ).toEqual([]);
  });

  it("more helpers than the GM allows is a problem shown in the dialog", () => {
    const i = input({ team: { mates: MATES, maxHelpers: 1 }, build: { team: { maxHelpers: 1 } } });
    const state = settle(i, [
      ["helper.0", true],
      ["helper.1", true],
    ]);
    expect(evaluateDialog(i, state, localize).problems.map((p) => p.key)).toContain(
      `${TEAM}.Problem.TooMany`,
    );
  });

  it("Added Experience with a skill of another capacity is refused with its message", () => {
    const i = input();
    const state = settle(i, [
      ["mode", "added"],
      ["secondSkillId", "Climb"],
    ]);
    expect(evaluateDialog(i, state, localize).problems[0]?.key).toBe(`${TEAM}.Problem.Capacity`);
    const ok = settle(i, [
      ["mode", "added"],
      ["secondSkillId", "Survival"],
    ]);
    expect(dialogPlan(i, ok).built.input.level).toBe(6);
  });

  it("a Combination reads the Combo column: a difficult job is DL 14, its Combination 20", () => {
    const i = input();
    const single = settle(i, [["dl", "difficult"]]);
    expect(dialogPlan(i, single).dl).toBe(14);
    const combo = settle(i, [
      ["dl", "difficult"],
      ["mode", "combination"],
      ["combineWith", "attribute:mind"],
    ]);
    expect(dialogPlan(i, combo).dl).toBe(20);
    expect(stateChoice(i, combo)).toMatchObject({ kind: "combination", team: { combineAttribute: "mind" } });
  });

  it("an attribute check may be a Combination of two attributes; no Added Experience offered there", () => {
    const i = input({ choice: { kind: "attribute", attribute: "mind" } });
    const fields = allFields(evaluateDialog(i, startState(i), localize));
    const mode = fields.find((f) => f.name === "mode");
    expect(mode?.kind === "choice" && mode.choices.map((c) => c.value)).toEqual(["single", "combination"]);
    const state = settle(i, [
      ["mode", "combination"],
      ["combineWith", "attribute:logic"],
    ]);
    expect(dialogPlan(i, state).built.input).toMatchObject({ kind: "combination", capacity: 3, level: 4 });
  });

  it("a fight's or a story's own check (opened without characters to help) offers no combining", () => {
    const i = input({ team: null });
    const fields = allFields(evaluateDialog(i, startState(i), localize));
    expect(fields.some((f) => f.name === "mode" || f.name === "triedToo")).toBe(false);
  });

  it("a macro's team opens the dialog with it (secondSkill, helpers, triedToo)", () => {
    const i = input({
      choice: {
        kind: "skill",
        skillId: "Botany",
        team: { secondSkillId: "Survival", helpers: ["Actor.bea"], triedToo: true },
      },
    });
    const s = startState(i);
    expect(s).toMatchObject({
      mode: "added",
      secondSkillId: "Survival",
      helpers: ["Actor.bea"],
      triedToo: true,
    });
    // 20 + 40 + 15 = 75 XP: level 6 on the Experience table (54-78).
    expect(dialogPlan(i, s).built.input).toMatchObject({ level: 6, critMod: 1 });
  });
});

describe("stored, marked and held to the documents", () => {
  const world = { check: { ...CHECK_SETTINGS }, build: {} as CheckBuildOptions };
  const optionsFor = (choice: CheckChoice, mates: TeamMate[] = MATES, dl: number | null = 10) => {
    const built = buildCheck(botanist, choice, world.build, mates);
    const options: VirtuallyRealCheckOptions = {
      type: "check",
      choice: storedChoice({ ...choice, skillId: built.subject.skillId }),
      input: built.input,
      dl,
      dlKey: null,
      subject: built.subject,
      lines: built.lines,
      settings: { ...CHECK_SETTINGS },
      label: null,
      opposed: null,
    };
    return options;
  };
  const helpedChoice: CheckChoice = { kind: "skill", skillId: "Botany", team: { helpers: ["Actor.bea"] } };

  it("the team is stored and read back; a choice stored before teams still reads", () => {
    const options = optionsFor(helpedChoice);
    expect(options.choice.team).toEqual({
      secondSkillId: null,
      combineSkillId: null,
      combineAttribute: null,
      helpers: ["Actor.bea"],
      triedToo: false,
    });
    expect(readCheckOptions(JSON.parse(JSON.stringify(options)))).toEqual(options);
    expect(readChoice(optionsFor({ kind: "skill", skillId: "Botany" }).choice)?.team).toBeUndefined();
  });

  it("refuses a stored team with more than 8 helpers, a helper that is no UUID, or unknown keys", () => {
    const stored = optionsFor(helpedChoice).choice;
    const nine = Array.from({ length: 9 }, (_, n) => `Actor.h${n}`);
    expect(readChoice({ ...stored, team: { ...stored.team, helpers: nine } })).toBeNull();
    expect(readChoice({ ...stored, team: { ...stored.team, helpers: ["<b>x</b>"] } })).toBeNull();
    expect(readChoice({ ...stored, team: { ...stored.team, bonusXP: 50 } })).toBeNull();
  });

  it("the GM rebuilds it from the helpers' own documents: as rolled, it stands", () => {
    expect(optionsProblem(optionsFor(helpedChoice), world, botanist, MATES)).toBeNull();
  });

  it("forged helper XP: the helper's sheet has 10 XP, the roll counted 30 (15 shared): refused", () => {
    const poorer = mate("Bea", "Actor.bea", [skill("Botany", 2, 1, { xp: 10 })]);
    expect(optionsProblem(optionsFor(helpedChoice), world, botanist, [poorer, cal])).toMatch(/Unjustified$/);
  });

  it("a helper whose actor lacks the skill, or is gone: refused", () => {
    const forged = optionsFor(helpedChoice, [mate("Bea", "Actor.bea", [skill("Botany", 2, 4, { xp: 30 })])]);
    expect(optionsProblem(forged, world, botanist, [mate("Bea", "Actor.bea", [])])).toMatch(/Unjustified$/);
    expect(optionsProblem(forged, world, botanist, [])).toMatch(/Unjustified$/);
  });

  it("more helpers than the world's maxHelpers: refused", () => {
    const two = optionsFor({
      kind: "skill",
      skillId: "Botany",
      team: { helpers: ["Actor.bea", "Actor.cal"] },
    });
    expect(optionsProblem(two, world, botanist, MATES)).toBeNull();
    expect(optionsProblem(two, { ...world, build: { team: { maxHelpers: 1 } } }, botanist, MATES)).toMatch(
      /Unjustified$/,
    );
  });

  it("a forged capacity (Added Experience with Climb [3] claimed as [2]): refused", () => {
    const options = optionsFor(added("Survival"));
    const forged = {
      ...options,
      choice: { ...options.choice, team: { ...options.choice.team!, secondSkillId: "Climb" } },
    };
    expect(optionsProblem(forged, world, botanist, MATES)).toMatch(/Unjustified$/);
  });

  it("I'll try too: a failure earns no use mark (and a card claiming it is refused); a success earns it", () => {
    const tried = optionsFor({ kind: "skill", skillId: "Botany", team: { triedToo: true } });
    expect(tried.lines).toContainEqual(expect.objectContaining({ key: `${TEAM}.Line.TriedToo` }));
    // Botany [2] +3 against DL 10: 2 + 1 + 3 = 6 fails, 5 + 4 + 3 = 12 succeeds.
    const failed = checkState(readOf(tried, [2, 1]), cardOf(tried))!;
    expect(failed.result.success).toBe(false);
    expect(earnedMarks(failed)).toEqual([]);
    expect(cardProblem(checkState(readOf(tried, [2, 1]), cardOf(tried, { marks: ["used"] }))!)).toMatch(
      /Unjustified$/,
    );
    const won = checkState(readOf(tried, [5, 4]), cardOf(tried))!;
    expect(won.result.success).toBe(true);
    expect(earnedMarks(won)).toEqual(["used"]);
    // Without "I'll try too", a failure earns its use mark as usual.
    const plain = optionsFor({ kind: "skill", skillId: "Botany" });
    expect(earnedMarks(checkState(readOf(plain, [2, 1]), cardOf(plain))!)).toEqual(["used"]);
  });

  it("the use mark reaches each helper's skill; a brilliant's XP stays the leader's", () => {
    const target = {
      actor: {
        uuid: "Actor.ada",
        name: "Ada",
        scores: {
          ...Object.fromEntries(
            ["body", "agility", "appearance", "mind", "logic", "aura", "reflex", "speed"].map((k) => [k, 10]),
          ),
        } as never,
      },
      skill: {
        uuid: "Actor.ada.Item.Botany",
        name: "Botany",
        capacity: 2,
        xp: 20,
        attribute: "mind" as const,
      },
      usedToo: teamUsedSkills(botanist, helpedChoice, MATES),
    };
    const changes = markChanges(["used", "brilliant"], target);
    expect(changes).toContainEqual({
      uuid: "Actor.bea.Item.Botany",
      name: "Bea: Botany",
      set: { "system.usedThisScene": true },
    });
    expect(changes.filter((c) => c.add?.length && c.uuid.startsWith("Actor.bea"))).toEqual([]);
    expect(markChanges(["brilliant"], target).some((c) => c.uuid.startsWith("Actor.bea"))).toBe(false);
  });
});
