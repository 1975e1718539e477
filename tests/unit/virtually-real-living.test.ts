// What the Virtually Real data layer derives (data/living-logic.ts) and the world settings as the rules'
// option objects (base/settings-logic.ts), Foundry-free. Numbers are chapter 1's: AGL [2]14/2, the
// Experience table's levels (6 → 1, 10 → 2, 16 → 3, 25 → 4), a human's DC 3 (serious from 6), maximum
// HP = size base + Body modifier, X conditions at 0, −DC and −maximum HP, initiative [1] or [2] with
// Basic Combat Training at primary, a ready weapon's [I] box = Reflex modifier + its bonuses.
import { describe, expect, it } from "vitest";
import {
  deriveVirtuallyReal,
  type LivingItem,
  type LivingSource,
  type StoredCondition,
} from "../../src/rulesets/virtually-real/data/living-logic";
import {
  VIRTUALLY_REAL_SETTINGS,
  defaultVirtuallyRealSettings,
  parseFastSkills,
  rulesOptions,
} from "../../src/rulesets/virtually-real/base/settings-logic";
import {
  bookReadingDL,
  conditionDice,
  darknessDice,
  placeCondition,
  timeFactor,
  withHelpers,
  xConditionsAt,
  type ConditionMark,
} from "../../src/rulesets/virtually-real/rules";
import { validSettingValue } from "../../src/core/settings-logic";

const attr = (capacity: number, score: number) => ({ capacity, score });

function source(overrides: Partial<LivingSource> = {}): LivingSource {
  return {
    attributes: {
      body: attr(2, 12),
      agility: attr(2, 14),
      appearance: attr(2, 9),
      mind: attr(2, 10),
      logic: attr(3, 16),
      aura: attr(2, 11),
      reflex: attr(2, 6),
      speed: attr(2, 10),
    },
    hp: { value: 12 },
    health: { sizeBase: null, dc: null },
    light: { value: 1 },
    darkness: { points: 7 },
    adrenaline: { level: 0, aggressive: false, fear: false },
    emotional: {
      violence: { heroic: 0 },
      despair: { heroic: 2 },
      isolation: { heroic: 0 },
      guilt: { heroic: 0 },
    },
    conditions: [],
    ...overrides,
  };
}

const HUMAN = { human: { damageCapacity: 3, baseHitPoints: 10 } };

const skill = (id: string, system: Record<string, unknown>): LivingItem => ({
  id,
  name: id,
  type: "virtually-real-skill",
  system,
});

describe("the Virtually Real derivation", () => {
  it("reads each attribute's score on the Experience table (AGL [2]14/2)", () => {
    const d = deriveVirtuallyReal(source(), [], HUMAN);
    expect(d.attributes.agility).toMatchObject({ modifier: 2, notation: "[2]14/2", short: "[2]+2" });
    expect(d.attributes.reflex.modifier).toBe(1); // 6 → 1
    expect(d.attributes.logic.modifier).toBe(3); // 16 → 3
    expect(d.attributes.appearance.modifier).toBe(1); // 9 → 1
  });

  it("measures a human by the world's numbers: 10 + Body +2 = 12 HP, DC 3, serious from 6", () => {
    const d = deriveVirtuallyReal(source(), [], HUMAN);
    expect(d.hp).toMatchObject({
      max: 12,
      dc: 3,
      sizeBase: 10,
      humanBase: true,
      humanDc: true,
      major: 3,
      serious: 6,
      critical: 12,
      xConditions: 0,
    });
  });

  it("uses the actor's own size base and DC, and counts the X conditions HP bring", () => {
    const at = (hp: number) =>
      deriveVirtuallyReal(source({ hp: { value: hp }, health: { sizeBase: 20, dc: 5 } }), [], HUMAN).hp;
    expect(at(1)).toMatchObject({ max: 22, dc: 5, serious: 8, humanBase: false, xConditions: 0 });
    expect(at(0).xConditions).toBe(1);
    expect(at(-5).xConditions).toBe(2);
    expect(at(-22).xConditions).toBe(3);
    const one = deriveVirtuallyReal(source({ hp: { value: -22 }, health: { sizeBase: 20, dc: 5 } }), [], {
      ...HUMAN,
      health: { xThresholds: "one" },
    });
    expect(one.hp.xConditions).toBe(1);
  });

  it("levels each skill, a secondary one never below its attribute's score", () => {
    const items = [
      skill("locks", { capacity: 2, xp: 22, attribute: "agility" }),
      skill("climb", { capacity: 1, xp: 3, attribute: "agility" }),
      skill("lore", { capacity: 3, xp: 37, attribute: "logic" }),
    ];
    const d = deriveVirtuallyReal(source(), items, HUMAN);
    expect(d.skills.locks).toMatchObject({ xp: 22, level: 3, notation: "[2]22/3", passions: 3 });
    // A secondary skill at 3 XP is rolled with Agility's 14: level 2.
    expect(d.skills.climb).toMatchObject({ xp: 14, level: 2, short: "[1]+2", passions: 0 });
    expect(d.skills.lore).toMatchObject({ level: 5, passions: 5 });
  });

  it("rolls initiative at [1], [2] with Basic Combat Training at primary, from a ready weapon's [I] box", () => {
    const bct = skill("bct", { capacity: 2, xp: 10, attribute: "reflex", ref: "basicCombatTraining" });
    const sword: LivingItem = {
      id: "sword",
      name: "Sword",
      type: "virtually-real-equipment",
      system: { kind: "weapon", ready: true, initiativeBonus: 1, proficiencyBonus: 1 },
    };
    const sheathed: LivingItem = {
      id: "axe",
      name: "Axe",
      type: "virtually-real-equipment",
      system: { kind: "weapon", ready: false, initiativeBonus: 5, proficiencyBonus: 0 },
    };
    expect(deriveVirtuallyReal(source(), [], HUMAN).initiative).toMatchObject({
      capacity: 1,
      level: 1,
      weapon: null,
    });
    expect(deriveVirtuallyReal(source(), [bct, sword, sheathed], HUMAN).initiative).toMatchObject({
      capacity: 2,
      level: 3, // Reflex 6 → +1, the sword +1, the proficiency +1
      weapon: "Sword",
    });
  });

  it("gives each attribute and initiative the dice of the marked conditions, and counts the critical ones", () => {
    const conditions: StoredCondition[] = [
      { severity: "major", group: "physical", target: "", side: "wound", id: "", letter: "", atNext: "day" },
      { severity: "serious", group: "mental", target: "", side: "wound", id: "", letter: "", atNext: "" },
      {
        severity: "critical",
        group: "physical",
        target: "",
        side: "wound",
        id: "B",
        letter: "",
        atNext: "longRest",
      },
      {
        severity: "major",
        group: "emotional",
        target: "guilt",
        side: "armor",
        id: "",
        letter: "",
        atNext: "",
      },
      {
        severity: "serious",
        group: "emotional",
        target: "guilt",
        side: "wound",
        id: "G",
        letter: "",
        atNext: "longRest",
      },
    ];
    const d = deriveVirtuallyReal(source({ conditions }), [], HUMAN);
    const marks = conditions.map((c) => ({
      ...c,
      target: c.target || null,
      id: c.id || null,
      letter: null,
      atNext: c.atNext || null,
    })) as ConditionMark[];
    expect(d.marks).toEqual(marks);
    expect(d.attributes.body.dice).toEqual(conditionDice(marks, { attribute: "body" }));
    expect(d.attributes.body.dice).toEqual({ advantage: 0, disadvantage: 2, critMod: 1 });
    expect(d.attributes.logic.dice).toEqual({ advantage: 0, disadvantage: 2, critMod: 1 });
    expect(d.attributes.reflex.dice).toEqual({ advantage: 0, disadvantage: 1, critMod: 1 });
    // The serious mental condition and the critical one (an emotional one reaches only its target's rolls).
    expect(d.initiative.dice).toEqual({ advantage: 0, disadvantage: 2, critMod: 1 });
    expect(d.critical.count).toBe(1);
    expect(d.critical.effects).toEqual(["noFastActions", "noEnduranceSpend"]);
    expect(d.emotional.guilt).toEqual({ wounds: 1, armors: 1, heroic: 0 });
    expect(d.emotional.despair).toEqual({ wounds: 0, armors: 0, heroic: 2 });
  });

  it("holds light to the Aura score, levels Darkness, and reads adrenaline and the mulligan", () => {
    const d = deriveVirtuallyReal(
      source({ adrenaline: { level: 2, aggressive: true, fear: false } }),
      [
        {
          id: "p",
          name: "Root",
          type: "virtually-real-passion",
          system: { darkness: true, branch: "root" },
        },
      ],
      HUMAN,
    );
    expect(d.light.max).toBe(11);
    expect(d.darkness).toEqual({ level: 1, passions: { roots: 1, chosen: 1 } });
    expect(d.adrenaline).toEqual({ level: 2, aggressive: true, fear: false, heroic: 2 });
    expect(d.mulligan).toBe(true);
    const numb = source();
    numb.attributes.aura = attr(0, 4);
    expect(deriveVirtuallyReal(numb, [], HUMAN).mulligan).toBe(false);
  });
});

describe("the Virtually Real world settings", () => {
  it("default to the rules layer's own readings", () => {
    const options = rulesOptions(defaultVirtuallyRealSettings());
    const marks: ConditionMark[] = [1, 2, 3].map(() => ({ severity: "major", group: "physical" }));
    expect(placeCondition(marks, { severity: "major", group: "physical" }, options.conditions)).toEqual(
      placeCondition(marks, { severity: "major", group: "physical" }),
    );
    expect(options.conditions).toMatchObject({ conditionBoxes: 4, emotionalBoxes: 4 });
    expect(xConditionsAt(-12, { dc: 3, maxHp: 12 }, options.health)).toBe(
      xConditionsAt(-12, { dc: 3, maxHp: 12 }),
    );
    expect(timeFactor(6, options.time)).toBe(timeFactor(6));
    expect(timeFactor(6, options.time)).toBe(0.5);
    expect(withHelpers(20, [30], options.helpers)).toEqual(withHelpers(20, [30]));
    expect(darknessDice(2, { skill: "research" }, options.currency)).toEqual(
      darknessDice(2, { skill: "research" }),
    );
    expect(bookReadingDL({ capacity: 1, xp: 16 }, options.book)).toBe(bookReadingDL({ capacity: 1, xp: 16 }));
    expect(options.human).toEqual({ damageCapacity: 3, baseHitPoints: 10 });
    expect(options.check).toEqual({
      saveShortfall: "perDie",
      droppedSixConfirms: true,
      strengthFeatBrilliants: false,
    });
  });

  it("passes a GM's choice on to the rules", () => {
    const options = rulesOptions({
      ...defaultVirtuallyRealSettings(),
      fastSkills: "6:0.5, 12:0.25",
      helperXP: "full",
      conditionBoxes: 2,
    });
    expect(timeFactor(12, options.time)).toBe(0.25);
    expect(withHelpers(20, [30], options.helpers).xp).toBe(50);
    const marks: ConditionMark[] = [1, 2].map(() => ({ severity: "major", group: "physical" }));
    expect(placeCondition(marks, { severity: "major", group: "physical" }, options.conditions)).toEqual({
      severity: "serious",
      overflow: false,
    });
  });

  it("reads the faster-skills chart only when it is one", () => {
    expect(parseFastSkills("6:0.5")).toEqual([{ over: 6, factor: 0.5 }]);
    expect(parseFastSkills(" 6 : 0.5 , 12:.25 ")).toEqual([
      { over: 6, factor: 0.5 },
      { over: 12, factor: 0.25 },
    ]);
    for (const bad of ["", "6", "6:0", "6:2", "0:0.5", "six:half", "6:0.5;12:0.25"])
      expect(parseFastSkills(bad), bad).toBeNull();
    expect(validSettingValue(VIRTUALLY_REAL_SETTINGS.fastSkills, "6:0.5")).toBe(true);
    expect(validSettingValue(VIRTUALLY_REAL_SETTINGS.fastSkills, "fast")).toBe(false);
  });
});
