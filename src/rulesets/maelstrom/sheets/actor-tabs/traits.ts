/**
 * The Traits tab: the six attributes in their Physical and Mental columns, the 24 abilities in
 * their Talents, Skills and Knowledges columns, each a row of five dots with its roll button, each
 * category's zero-dot rule, and the specialties under their ability. Foundry-free.
 */
import { ABILITY_CATEGORIES, ATTRIBUTE_GROUPS, type AbilityCategory } from "../../data/trait-keys";
import { MAX_TRAIT_DOTS } from "../../rules";
import { dotRow, type DotRowView } from "./dots";
import {
  ROOT,
  abilityName,
  attributeName,
  itemControls,
  itemsIn,
  str,
  type CharacterSheetInput,
  type ItemControls,
  type Localize,
} from "./common";

/** A roll button: `data-roll="traits"` with `data-attribute` or `data-ability`. */
export interface TraitRollView {
  label: string;
  /** A rule forbids the roll (a knowledge at 0 dots): `aria-disabled`, the tooltip says why. */
  forbidden: boolean;
  tooltip: string;
}

export interface SpecialtyView extends ItemControls {
  kind: string;
  kindLabel: string;
  subject: string;
  /** The ability has no dots: "no effect until the ability has a dot". */
  inert: boolean;
}

export interface TraitRowView {
  key: string;
  name: string;
  dots: DotRowView;
  roll: TraitRollView;
}

export interface AbilityRowView extends TraitRowView {
  category: AbilityCategory;
  zero: boolean;
  specialties: SpecialtyView[];
  addSpecialtyLabel: string;
}

export function dotLabels(localize: Localize) {
  return {
    dotLabel: (data: Record<string, string>) => localize(`${ROOT}.Dots.Dot`, data),
    rowLabel: (data: Record<string, string>) => localize(`${ROOT}.Dots.Row`, data),
  };
}

function attributeRow(input: CharacterSheetInput, key: string): TraitRowView {
  const { localize, system } = input;
  const name = localize(attributeName(key));
  return {
    key,
    name,
    dots: dotRow({
      path: `system.attributes.${key}`,
      value: (system.attributes as Record<string, number>)[key] ?? 0,
      max: MAX_TRAIT_DOTS,
      name,
      editable: input.editable,
      ...dotLabels(localize),
    }),
    roll: { label: localize(`${ROOT}.Roll.Trait`, { name }), forbidden: false, tooltip: "" },
  };
}

/** Why a roll of this ability at these dots is refused, or "" (only a knowledge at 0 dots). */
export function abilityRollRefusal(category: AbilityCategory, dots: number, localize: Localize): string {
  return category === "knowledge" && dots === 0 ? localize(`${ROOT}.Traits.KnowledgeRefused`) : "";
}

function specialtyViews(input: CharacterSheetInput, ability: string, zero: boolean): SpecialtyView[] {
  const { localize } = input;
  return itemsIn(input, "specialties")
    .filter((item) => item.system.ability === ability)
    .map((item) => {
      const kind = item.system.kind === "advanced" ? "advanced" : "general";
      return {
        ...itemControls(item, localize),
        kind,
        kindLabel: localize(`POLYVERSE.Maelstrom.Specialty.Kind.${kind}`),
        subject: str(item.system.subject),
        inert: zero,
      };
    });
}

function abilityRow(input: CharacterSheetInput, category: AbilityCategory, key: string): AbilityRowView {
  const { localize, system } = input;
  const name = localize(abilityName(key));
  const value = (system.abilities as Record<string, number>)[key] ?? 0;
  const refusal = abilityRollRefusal(category, value, localize);
  const zeroHint = value === 0 ? localize(`${ROOT}.Traits.ZeroRule.${category}`) : "";
  return {
    key,
    name,
    category,
    zero: value === 0,
    dots: dotRow({
      path: `system.abilities.${key}`,
      value,
      max: MAX_TRAIT_DOTS,
      name,
      editable: input.editable,
      ...dotLabels(localize),
    }),
    roll: {
      label: localize(`${ROOT}.Roll.Trait`, { name }),
      forbidden: refusal !== "",
      tooltip: refusal || zeroHint,
    },
    specialties: specialtyViews(input, key, value === 0),
    addSpecialtyLabel: localize(`${ROOT}.Traits.AddSpecialty`, { name }),
  };
}

export function traitsContext(input: CharacterSheetInput) {
  const { localize } = input;
  return {
    attributeGroups: (Object.keys(ATTRIBUTE_GROUPS) as (keyof typeof ATTRIBUTE_GROUPS)[]).map((group) => ({
      group,
      label: localize(`POLYVERSE.Maelstrom.AttributeGroup.${group}`),
      rows: ATTRIBUTE_GROUPS[group].map((key) => attributeRow(input, key)),
    })),
    abilityGroups: (Object.keys(ABILITY_CATEGORIES) as AbilityCategory[]).map((category) => ({
      category,
      label: localize(`POLYVERSE.Maelstrom.Category.${category}`),
      rule: localize(`${ROOT}.Traits.ZeroRule.${category}`),
      rows: ABILITY_CATEGORIES[category].map((key) => abilityRow(input, category, key)),
    })),
    inertBadge: localize(`${ROOT}.Traits.Inert`),
    inertHint: localize(`${ROOT}.Traits.InertHint`),
  };
}
