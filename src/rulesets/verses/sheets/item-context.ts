/**
 * What the 'Verses item, vehicle and society sheets show, built from plain data. Foundry-free: the
 * sheets' `_prepareContext` and the browser fixtures call the same builders, and the unit tests check
 * them. Every label is an i18n key (the templates localise); every check comes from the rules layer
 * (`validateRangeSpec`, `parseDamage`, `validateResistance`, `parseAreaDamage`, `parseAmmoEffect`,
 * `parseActionFeatures`, `parseDerivedFormula`), and a problem is shown beside its field while the
 * text as typed stays in the input.
 *
 * Also here, so that they are tested without Foundry: turning submitted form data into the
 * documents' arrays ({@link normaliseSubmit}) and adding or removing rows ({@link addRow},
 * {@link removeRow}).
 *
 * One module per item type under `item-types/` (and modules for what they share: shapes, fields,
 * checks, suggestions, form data, tabs); this one gathers them and picks an item's body by type.
 */
import { abilityContext } from "./item-types/ability";
import { ammunitionContext } from "./item-types/ammunition";
import { armourContext } from "./item-types/armour";
import { descriptionContext, headerContext } from "./item-types/fields";
import { gearContext } from "./item-types/gear";
import { FIELD_PREFIX, ITEM_TYPES, type SheetData, type VersesItemType } from "./item-types/shapes";
import { skillContext } from "./item-types/skill";
import { speciesContext } from "./item-types/species";
import { weaponContext } from "./item-types/weapon";

export {
  FIELD_PREFIX,
  ITEM_TYPES,
  abilityOptions,
  type CheckKind,
  type EntryListView,
  type FieldView,
  type OptionView,
  type PreviewPart,
  type Problem,
  type SheetData,
  type VersesItemType,
} from "./item-types/shapes";
export {
  KNOWN_FEATURES,
  checkValue,
  featureProblem,
  featureText,
  type CheckResult,
} from "./item-types/checks";
export { SKILL_HOOKS, SUPPLY_KINDS, TOOL_SKILLS, WEAPON_SKILLS, datalists } from "./item-types/suggestions";
export {
  descriptionContext,
  headerContext,
  type DescriptionView,
  type FeatureRowView,
  type HeaderView,
  type RowView,
} from "./item-types/fields";
export { skillContext } from "./item-types/skill";
export { abilityContext } from "./item-types/ability";
export { weaponContext, type ModeView } from "./item-types/weapon";
export { armourContext } from "./item-types/armour";
export { ammunitionContext } from "./item-types/ammunition";
export { gearContext } from "./item-types/gear";
export { speciesContext } from "./item-types/species";
export { vehicleContext } from "./item-types/vehicle";
export { societyContext, type SocietyAttributeView } from "./item-types/society";
export { addRow, newRow, normaliseSubmit, removeRow, type ArrayUpdate } from "./item-types/submit";
export { ITEM_TABS, tabsContext, type TabView } from "./item-types/tabs";

// ---- the whole item sheet ---------------------------------------------------------------------

/** The body template of each item type. */
export const ITEM_BODY_TEMPLATES: Readonly<Record<VersesItemType, string>> = {
  "verses-skill": "systems/polyverse/templates/verses/item/skill.hbs",
  "verses-ability": "systems/polyverse/templates/verses/item/ability.hbs",
  "verses-weapon": "systems/polyverse/templates/verses/item/weapon.hbs",
  "verses-armour": "systems/polyverse/templates/verses/item/armour.hbs",
  "verses-ammunition": "systems/polyverse/templates/verses/item/ammunition.hbs",
  "verses-gear": "systems/polyverse/templates/verses/item/gear.hbs",
  "verses-species": "systems/polyverse/templates/verses/item/species.hbs",
};

export function isItemType(type: string): type is VersesItemType {
  return (ITEM_TYPES as readonly string[]).includes(type);
}

/** The context of an item sheet: header, type label, description, and the body of its type. */
export function itemSheetContext(data: SheetData) {
  const type: VersesItemType = isItemType(data.type) ? data.type : "verses-gear";
  const body =
    type === "verses-skill"
      ? { skill: skillContext(data) }
      : type === "verses-ability"
        ? { ability: abilityContext(data) }
        : type === "verses-weapon"
          ? { weapon: weaponContext(data) }
          : type === "verses-armour"
            ? { armour: armourContext(data) }
            : type === "verses-ammunition"
              ? { ammunition: ammunitionContext(data) }
              : type === "verses-species"
                ? { species: speciesContext(data) }
                : { gear: gearContext(data) };
  return {
    type,
    editable: data.editable,
    bodyTemplate: ITEM_BODY_TEMPLATES[type],
    header: headerContext(data),
    description: descriptionContext(data, `${FIELD_PREFIX[type]}.description.label`),
    ...body,
  };
}
