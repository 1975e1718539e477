// A Tales character as the test dialog reads it (test-plan-logic.ts TestDialogInput), and test
// options as the card reads them (roll-logic.ts TalesTestOptions): shared by the unit tests and the
// browser fixtures.
import type { TalesTestOptions } from "../../src/rulesets/tales/rolls/roll-logic";
import type { TestDialogInput, TestTarget } from "../../src/rulesets/tales/rolls/test-plan-logic";

export const BOB: TestTarget = {
  uuid: "Actor.bob0000000000001",
  name: "Bob Hale",
  attributes: { physical: 3, social: 2, mental: 3, spiritual: 3 },
  skills: { awareness: 2, melee: 2 },
  wound: "healthy",
  skillExpert: [],
  enigma: 2,
  enigmaUuid: "Actor.bob0000000000001.Item.enigma0000000001",
};

export function dialogInput(over: Partial<TestDialogInput> = {}): TestDialogInput {
  return {
    actorName: "Ines Varga",
    attributes: { physical: 3, social: 2, mental: 4, spiritual: 2 },
    skills: { melee: 2, research: 3, stealth: 2, leadership: 1, drive: 1, medicine: 2 },
    specialisations: [{ skill: "drive", name: "Motorbikes", level: 3 }],
    wound: "healthy",
    criticalWoundRule: "halfAttributeSkillsOne",
    hp: 7,
    essence: 4,
    skillExpert: [],
    edge: [],
    lucky: false,
    savage: 0,
    wellTraveled: false,
    foreigner: false,
    tools: [{ skill: "research", category: "tools", name: "Field notebook" }],
    dream: 2,
    status: 0,
    dreamUuid: "Actor.ines000000000001.Item.dream00000000001",
    statusUuid: "",
    leadershipLimit: 2,
    targets: [],
    degrees: true,
    dynamicTieRule: "succeeds",
    opposedTieRule: "defender",
    choice: { attribute: "physical", skill: "melee", difficulty: 8 },
    ...over,
  };
}

/** A localiser for tests and fixtures: the key's text with `{placeholders}` filled in. */
export function formatter(localize: (key: string) => string) {
  return (key: string, data?: Record<string, string>) =>
    localize(key).replace(/\{(\w+)\}/g, (m, k: string) => data?.[k] ?? m);
}

/** A static test's options: T01 (Physical 3 + Melee 2 against 8) unless changed. */
export function testOptions(over: Partial<TalesTestOptions> = {}): TalesTestOptions {
  const o: TalesTestOptions = {
    type: "test",
    kind: "static",
    attribute: "physical",
    skill: "melee",
    specialisation: "",
    wound: "healthy",
    attributeValue: 3,
    skillValue: 2,
    modifiers: [],
    bonus: 5,
    difficulty: 8,
    difficultyParts: [{ label: "POLYVERSE.Tales.RollDialog.SetDifficulty", value: 8 }],
    difficultyDice: 0,
    opponent: null,
    opponentBonus: 0,
    opponentDice: 0,
    dice: 1,
    enigma: null,
    reserve: null,
    clumsy: false,
    boost: 0,
    boostPool: null,
    edge: false,
    specialistGear: false,
    eliteGear: false,
    eliteToolsReroll: false,
    tieRule: null,
    degrees: true,
    ...over,
  };
  return { ...o, bonus: o.attributeValue + o.skillValue + o.modifiers.reduce((s, p) => s + p.value, 0) };
}
