/**
 * The Attributes & Skills tab: the four attributes in four quadrants as the paper sheet has them,
 * each beside its skills; every value with its effective value at the current wound level (the rules
 * layer's `effectiveAttribute` / `effectiveSkill`), the specialisations (Drive's vehicles, Languages'
 * tongues) under their skill, and a roll button for each. Foundry-free.
 */
import {
  ATTRIBUTE_KEYS,
  SKILL_GROUPS,
  TRAIT_SCALE_MAX,
  ATTRIBUTE_MIN,
  effectiveAttribute,
  effectiveSkill,
  woundAllowsActing,
  type SkillKey,
} from "../../rules";
import {
  ROOT,
  attributeName,
  skillName,
  woundName,
  type CharacterSheetInput,
  type Localize,
  type Specialisation,
  type TalesActorSystem,
} from "./common";

/** The skills held per subject, whose specialisations the sheet lists and adds under them. */
export const SPECIALISED_SKILLS: readonly SkillKey[] = ["drive", "languages"];

/** A roll button: its label, and the reason it is refused (a K/O or dead character cannot act). */
export function rollButton(label: string, refusal: string | null) {
  return { label, forbidden: refusal !== null, tooltip: refusal ?? label };
}

/** Why a character at this wound level may not roll (null: it may). */
export function woundRefusal(system: TalesActorSystem, localize: Localize): string | null {
  const level = system.health.level;
  return woundAllowsActing(level)
    ? null
    : localize(`${ROOT}.Roll.CannotAct`, { level: localize(woundName(level)) });
}

function specialisationRows(system: TalesActorSystem, skill: SkillKey, input: CharacterSheetInput) {
  const options = { criticalWoundRule: input.settings?.criticalWoundRule };
  return system.specialisations
    .map((s: Specialisation, index) => ({ ...s, index }))
    .filter((s) => s.skill === skill)
    .map((s) => ({
      index: s.index,
      name: s.name,
      level: s.level,
      effective: effectiveSkill(s.level, system.health.level, options),
      reduced: effectiveSkill(s.level, system.health.level, options) < s.level,
      nameLabel: input.localize(`${ROOT}.Skills.SpecialisationName`, {
        skill: input.localize(skillName(skill)),
      }),
      levelLabel: input.localize(`${ROOT}.Skills.SpecialisationLevel`, { name: s.name || "—" }),
      removeLabel: input.localize(`${ROOT}.Skills.RemoveSpecialisation`, { name: s.name || "—" }),
    }));
}

export function skillsContext(input: CharacterSheetInput) {
  const { system, localize } = input;
  const level = system.health.level;
  const options = { criticalWoundRule: input.settings?.criticalWoundRule };
  const refusal = woundRefusal(system, localize);
  return {
    wound: { level, label: woundName(level), healthy: level === "healthy", canAct: refusal === null },
    quadrants: ATTRIBUTE_KEYS.map((attribute) => {
      const value = system.attributes[attribute];
      const effective = effectiveAttribute(value, level, options);
      const name = localize(attributeName(attribute));
      return {
        key: attribute,
        name,
        value,
        effective,
        reduced: effective < value,
        min: ATTRIBUTE_MIN,
        max: TRAIT_SCALE_MAX,
        path: `system.attributes.${attribute}`,
        roll: rollButton(localize(`${ROOT}.Roll.Test`, { name }), refusal),
        skills: SKILL_GROUPS[attribute].map((skill) => {
          const skillValue = system.skills[skill];
          const skillEffective = effectiveSkill(skillValue, level, options);
          const skillLabel = localize(skillName(skill));
          const specialised = SPECIALISED_SKILLS.includes(skill);
          return {
            key: skill,
            name: skillLabel,
            value: skillValue,
            effective: skillEffective,
            reduced: skillEffective < skillValue,
            untrained: skillValue === 0,
            path: `system.skills.${skill}`,
            max: TRAIT_SCALE_MAX,
            roll: rollButton(
              localize(`${ROOT}.Roll.SkillTest`, { name: skillLabel, attribute: name }),
              refusal,
            ),
            specialised,
            specialisations: specialised ? specialisationRows(system, skill, input) : [],
            addLabel: localize(`${ROOT}.Skills.AddSpecialisation`, { skill: skillLabel }),
          };
        }),
      };
    }),
  };
}

// ---- specialisation edits ------------------------------------------------------------------------

export type SpecialisationField = "name" | "level";

/** The specialisations with a new one (no name, level 1) under a skill. */
export function addSpecialisation(system: TalesActorSystem, skill: SkillKey): Specialisation[] {
  return [...system.specialisations, { skill, name: "", level: 1 }];
}

/** The specialisations without the one at `index` (null when there is none). */
export function removeSpecialisation(system: TalesActorSystem, index: number): Specialisation[] | null {
  if (!Number.isInteger(index) || index < 0 || index >= system.specialisations.length) return null;
  return system.specialisations.filter((_, i) => i !== index);
}

/** The specialisations with one field of one changed (a level kept within 0..6); null when invalid. */
export function editSpecialisation(
  system: TalesActorSystem,
  index: number,
  field: string,
  value: string,
): Specialisation[] | null {
  const current = system.specialisations[index];
  if (!current) return null;
  if (field === "name")
    return system.specialisations.map((s, i) => (i === index ? { ...s, name: value.trim() } : s));
  if (field !== "level") return null;
  const level = Number(value);
  if (!Number.isInteger(level)) return null;
  const clamped = Math.max(0, Math.min(TRAIT_SCALE_MAX, level));
  return system.specialisations.map((s, i) => (i === index ? { ...s, level: clamped } : s));
}
