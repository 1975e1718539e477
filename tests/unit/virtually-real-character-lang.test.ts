import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../lib/paths";
import { hasKey } from "../lib/i18n";
import * as rules from "../../src/rulesets/virtually-real/rules";

/** Every key the Virtually Real character rules return has English (lang/en/virtually-real-character.json). */
const lang = JSON.parse(
  readFileSync(join(ROOT, "lang", "en", "virtually-real-character.json"), "utf8"),
) as Record<string, unknown>;
const at = (group: string, keys: readonly string[]) =>
  keys.map((k) => `POLYVERSE.VirtuallyReal.Character.${group}.${k}`);

describe("Virtually Real character rules: English for every key", () => {
  const groups: [string, readonly string[]][] = [
    ["Attribute", rules.ATTRIBUTE_KEYS],
    ["ConditionGroup", rules.CONDITION_GROUPS],
    ["EmotionalTarget", rules.EMOTIONAL_TARGETS],
    ["Chakra", rules.CHAKRAS],
    ["IntimacyLevel", rules.INTIMACY_LEVELS],
    ["IntimacyPolarity", rules.INTIMACY_POLARITIES],
    ["BasicIntimacy", rules.BASIC_INTIMACIES],
    ["IntimacyUse", rules.INTIMACY_USES],
    ["Currency", rules.CURRENCY_KEYS],
    ["Skill", rules.SKILL_REFS],
    ["CultureBranch", rules.CULTURE_BRANCHES],
    ["Duration", rules.CONDITION_DURATIONS],
    ["StoryUnit", rules.STORY_UNITS],
    ["ConditionSeverity", rules.CONDITION_SEVERITIES],
    ["WoundBand", rules.WOUND_BANDS],
    ["Condition", [...rules.CONDITION_IDS, "winded", "tired"]],
    ["ConditionEffect", rules.CONDITION_EFFECTS],
    ["Award", [...rules.INDIVIDUAL_AWARDS, ...rules.STORY_AWARDS, ...rules.COMBAT_AWARDS]],
    ["Offence", rules.OFFENCES],
    ["TrainingOutcome", ["trained", "underlined", "failed", "criticalFailure"]],
    ["BookOutcome", ["understood", "half", "failed", "criticalFailure"]],
    ["DarknessBonusOutcome", ["none", "impostor", "npc"]],
    ["DyingSave", ["none", "spendLight", "dies"]],
    ["Retry", ["act", "twoActs", "chapter", "restartNextAct"]],
    ["Refusal", rules.CHARACTER_REFUSALS],
  ];
  for (const [group, keys] of groups)
    it(`${group}: ${keys.length} keys`, () =>
      expect(at(group, keys).filter((k) => !hasKey(lang, k))).toEqual([]));
  it("refusal messages name only the numbers the rules pass", () => {
    const text = JSON.stringify(lang);
    for (const name of text.match(/\{(\w+)\}/g) ?? [])
      expect([
        "{have}",
        "{need}",
        "{room}",
        "{target}",
        "{attribute}",
        "{trainer}",
        "{literacy}",
        "{book}",
        "{language}",
        "{skill}",
      ]).toContain(name);
  });
});
