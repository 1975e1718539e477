/**
 * The Emotions tab: the four emotional targets (each with its save, its defensive and aggressive
 * adrenal response skills and its chakra, from the rules' table), their wound and armor boxes
 * (conditions.ts), the heroic armor a scene's Defending an Intimacy writes there, WOUNDS circled once
 * the adrenaline turned aggressive; the intimacies (each toward a target, positive or negative, outer,
 * inner or defining with the dice and light it is worth) edited in place, the basic ones a creature
 * with Aura [1] starts with added at once (`startingIntimacies`); whether a mulligan can be taken.
 * Foundry-free.
 */
import { removeAt, replaceAt } from "../../../../core/sheet-logic";
import {
  EMOTIONAL_TARGETS,
  EMOTIONAL_TARGET_TABLE,
  INTIMACY_LEVELS,
  INTIMACY_POLARITIES,
  intimacyDice,
  startingIntimacies,
} from "../../rules";
import { HEROIC_VALUES } from "../../data/keys";
import {
  CHARACTER,
  ROOT,
  keyOptions,
  rollButton,
  targetName,
  type CharacterSheetInput,
  type Intimacy,
  type Localize,
  type VirtuallyRealActorSystem,
} from "./common";
import { rowView } from "./conditions";
import { countText } from "../../../../core/i18n-logic";

function targetsContext(input: CharacterSheetInput) {
  const { system, derived, localize, options } = input;
  const boxes = options.conditions.emotionalBoxes!;
  return EMOTIONAL_TARGET_TABLE.map((row) => {
    const name = localize(targetName(row.target));
    const heroic = system.emotional[row.target].heroic;
    return {
      key: row.target,
      name,
      chakra: localize(`${CHARACTER}.Chakra.${row.chakra}`),
      saveSkill: localize(`${CHARACTER}.Skill.${row.save}`),
      defensiveSkill: localize(`${CHARACTER}.Skill.${row.defensive}`),
      aggressiveSkill: localize(`${CHARACTER}.Skill.${row.aggressive}`),
      wounds: rowView(
        `emotional-${row.target}-wound`,
        system.conditions,
        boxes,
        system.adrenaline.level,
        localize,
      ),
      armors: rowView(
        `emotional-${row.target}-armor`,
        system.conditions,
        boxes,
        system.adrenaline.level,
        localize,
      ),
      counts: localize(`${ROOT}.Emotions.Counts`, {
        wounds: countText(localize, `${ROOT}.Emotions.WoundCount`, derived.emotional[row.target].wounds),
        armors: countText(localize, `${ROOT}.Emotions.ArmorCount`, derived.emotional[row.target].armors),
      }),
      heroic: {
        name: `system.emotional.${row.target}.heroic`,
        id: `heroic-${row.target}`,
        label: localize(`${ROOT}.Emotions.Heroic`, { target: name }),
        options: HEROIC_VALUES.map((v) => ({
          value: v,
          label: v === 0 ? localize(`${ROOT}.Emotions.NoHeroic`) : `+${v}`,
          selected: v === heroic,
        })),
        active: heroic > 0,
      },
      /** WOUNDS circled: the adrenaline turned aggressive. */
      woundsCircled: system.adrenaline.aggressive,
      roll: rollButton(input, "emotionalSave", localize(`${ROOT}.Emotions.RollSave`, { target: name })),
    };
  });
}

/** An intimacy row's controls, each named for a screen reader. */
function intimacyRow(intimacy: Intimacy, index: number, localize: Localize) {
  const name = intimacy.name || localize(`${ROOT}.Intimacies.Unnamed`);
  const label = (field: string) => localize(`${ROOT}.Intimacies.Field.${field}`, { name });
  const dice = intimacyDice(intimacy.level);
  return {
    index,
    name: intimacy.name,
    nameLabel: label("name"),
    target: keyOptions(EMOTIONAL_TARGETS, `${CHARACTER}.EmotionalTarget`, intimacy.target, localize),
    targetLabel: label("target"),
    polarity: keyOptions(INTIMACY_POLARITIES, `${CHARACTER}.IntimacyPolarity`, intimacy.polarity, localize),
    polarityLabel: label("polarity"),
    level: INTIMACY_LEVELS.map((level) => ({
      value: level,
      label: localize(`${ROOT}.Intimacies.Level`, {
        level: localize(`${CHARACTER}.IntimacyLevel.${level}`),
        dice: String(intimacyDice(level)),
      }),
      selected: level === intimacy.level,
    })),
    levelLabel: label("level"),
    worth: countText(localize, `${ROOT}.Intimacies.Worth`, dice),
    basic: intimacy.basic,
    mulligan: intimacy.mulligan,
    mulliganLabel: label("mulligan"),
    removeLabel: localize(`${ROOT}.Intimacies.Remove`, { name }),
  };
}

export function emotionsContext(input: CharacterSheetInput) {
  const { system, derived, localize } = input;
  const aura = system.attributes.aura;
  const starting = startingIntimacies(aura.capacity);
  const hasBasic = system.intimacies.some((i) => i.basic);
  return {
    targets: targetsContext(input),
    intimacies: system.intimacies.map((intimacy, index) => intimacyRow(intimacy, index, localize)),
    canAddBasic: starting.basic.length > 0 && !hasBasic,
    auraNote: localize(
      starting.basic.length === 0
        ? `${ROOT}.Intimacies.NoAura`
        : starting.mayAddAndChange
          ? `${ROOT}.Intimacies.MayChange`
          : `${ROOT}.Intimacies.BasicOnly`,
    ),
    mulligan: derived.mulligan
      ? localize(`${ROOT}.Intimacies.Mulligan`, { light: String(system.light) })
      : localize(`${CHARACTER}.Refusal.auraTooLow`),
  };
}

// ---- the list's edits ----------------------------------------------------------------------------

/** The intimacies with a new, blank outer one at the end. */
export function addIntimacy(system: VirtuallyRealActorSystem): Intimacy[] {
  return [
    ...system.intimacies,
    { name: "", target: "violence", polarity: "positive", level: "outer", basic: false, mulligan: false },
  ];
}

/**
 * The intimacies with the basic ones a creature of this Aura starts with (named in the sheet's words,
 * each toward Isolation until the player says otherwise: chapter 1 names no target for them), or
 * null when it has none or has them already.
 */
export function addBasicIntimacies(system: VirtuallyRealActorSystem, localize: Localize): Intimacy[] | null {
  if (system.intimacies.some((i) => i.basic)) return null;
  const { basic } = startingIntimacies(system.attributes.aura.capacity);
  if (basic.length === 0) return null;
  return [
    ...system.intimacies,
    ...basic.map(({ key, level }) => ({
      name: localize(`${CHARACTER}.BasicIntimacy.${key}`),
      target: "isolation" as const,
      polarity: "positive" as const,
      level,
      basic: true,
      mulligan: false,
    })),
  ];
}

export function removeIntimacy(system: VirtuallyRealActorSystem, index: number): Intimacy[] | null {
  return removeAt(system.intimacies, index);
}

/** The intimacies with one field of one changed (null for an unknown field or value). */
export function editIntimacy(
  system: VirtuallyRealActorSystem,
  index: number,
  field: string,
  value: string | boolean,
): Intimacy[] | null {
  const current = system.intimacies[index];
  if (!current) return null;
  const next = { ...current };
  if (field === "name" && typeof value === "string") next.name = value.slice(0, 200);
  else if (field === "target" && (EMOTIONAL_TARGETS as readonly unknown[]).includes(value))
    next.target = value as Intimacy["target"];
  else if (field === "polarity" && (INTIMACY_POLARITIES as readonly unknown[]).includes(value))
    next.polarity = value as Intimacy["polarity"];
  else if (field === "level" && (INTIMACY_LEVELS as readonly unknown[]).includes(value))
    next.level = value as Intimacy["level"];
  else if (field === "mulligan" && typeof value === "boolean") next.mulligan = value;
  else return null;
  return replaceAt(system.intimacies, index, next);
}
