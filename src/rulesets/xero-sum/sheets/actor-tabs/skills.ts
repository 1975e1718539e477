/**
 * The Attributes & Skills tab: the RAPID Range, each attribute with Table 2's label and its skills
 * under it with Table 3's labels (only the values a skill may hold are offered: a starred skill goes
 * from −3 straight to +1), the check modifier of each (AMod + SMod, the attributes after Lasting
 * Wounds), and Table 5's secondary stats as `system.derived` gives them. Foundry-free.
 */
import { signed } from "../../../../core/sheet-logic";
import {
  ATTRIBUTE_KEYS,
  SKILL_KEYS,
  skillAttribute,
  skillStart,
  type AttributeKey,
  type SkillKey,
} from "../../rules";
import {
  ROOT,
  SECONDARY_STATS,
  attributeLevelKey,
  attributeName,
  attributeRange,
  isNpc,
  isStarred,
  legalSkillValues,
  levelOptions,
  rollButton,
  skillLevelKey,
  skillName,
  type CharacterSheetInput,
  type SecondaryStat,
} from "./common";

/** The skills under each attribute, in Table 16's order. */
export function skillsByAttribute(barter: "acu" | "inf" = "acu"): Record<AttributeKey, SkillKey[]> {
  return Object.fromEntries(
    ATTRIBUTE_KEYS.map((a) => [
      a,
      SKILL_KEYS.filter((s) => skillAttribute(s, { barterAttribute: barter }) === a),
    ]),
  ) as Record<AttributeKey, SkillKey[]>;
}

/** Stats that are modifiers (printed signed) rather than amounts. */
const MODIFIER_STATS: readonly SecondaryStat[] = [
  "meleeDefence",
  "rangedDefence",
  "initiative",
  "perception",
];

/** Table 5 as the sheet prints it; "—" where `system.derived` has no value yet. */
export function secondaryStatsContext(input: CharacterSheetInput) {
  const { derived } = input.system;
  return SECONDARY_STATS.map((key) => {
    const value = derived[key];
    return {
      key,
      label: `${ROOT}.Secondary.${key}`,
      hint: `${ROOT}.Secondary.Hint.${key}`,
      value: value === null ? "—" : MODIFIER_STATS.includes(key) ? signed(value) : String(value),
      missing: value === null,
      roll:
        key === "perception"
          ? rollButton(input, "perception", input.localize(`${ROOT}.Skills.RollPerception`))
          : null,
    };
  });
}

export function skillsContext(input: CharacterSheetInput) {
  const { system, localize } = input;
  const byAttribute = skillsByAttribute(input.settings?.barterAttribute);
  const attributes = ATTRIBUTE_KEYS.map((key) => {
    const value = system.attributes[key];
    const effective = system.derived.attributes[key];
    const name = localize(attributeName(key));
    return {
      key,
      name,
      path: `system.attributes.${key}`,
      value,
      options: levelOptions(attributeRange(isNpc(input)), value, attributeLevelKey, localize),
      effective: signed(effective),
      reduced: effective !== value,
      effectiveLabel: localize(`${ROOT}.Skills.AfterWounds`, { name, value: signed(effective) }),
      roll: rollButton(input, "check", localize(`${ROOT}.Skills.RollAttribute`, { name })),
      skills: byAttribute[key].map((skill) => {
        const smod = system.skills[skill];
        const starred = isStarred(skill);
        const skillLabel = localize(skillName(skill));
        const total = effective + smod;
        return {
          key: skill,
          name: skillLabel,
          starred,
          path: `system.skills.${skill}`,
          value: smod,
          options: levelOptions(legalSkillValues(skill), smod, skillLevelKey, localize),
          untrained: smod === skillStart(skill),
          total: signed(total),
          totalLabel: localize(`${ROOT}.Skills.Total`, { name: skillLabel, value: signed(total) }),
          roll: rollButton(input, "check", localize(`${ROOT}.Skills.RollSkill`, { name: skillLabel })),
        };
      }),
    };
  });
  return {
    attributes,
    secondary: secondaryStatsContext(input),
    derivedMissing: system.derived.woundPoints === null,
  };
}
