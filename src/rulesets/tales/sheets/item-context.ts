/**
 * What the Tales item sheet shows, built from plain data: the header, the body of the item's type as
 * field groups (core's field partial draws every field), a template's slots as readable lines, and the
 * description. Foundry-free: the sheet's `_prepareContext`, the unit tests and the browser fixtures
 * call the same builder.
 */
import { descriptionContext, headerContext, type ItemSheetData } from "../../../core/sheet-fields-logic";
import { isItemType, itemBody, templateSlots } from "./item-types/types";

export {
  ITEM_TYPES,
  SHEET_ROOT,
  isItemType,
  normaliseSubmit,
  numbersText,
  parseNumbers,
  parseWords,
  templateSlots,
  wordsText,
  type FieldGroup,
  type TalesItemType,
} from "./item-types/types";

/** The label root of each type's description field. */
const DESCRIPTION_ROOT = {
  "tales-skill": "Skill",
  "tales-advantage": "Trait",
  "tales-disadvantage": "Trait",
  "tales-template": "Template",
  "tales-weapon": "Item",
  "tales-armour": "Item",
  "tales-gear": "Item",
  "tales-text": "Text",
  "tales-sanctuary": "Sanctuary",
} as const;

export function itemSheetContext(data: ItemSheetData) {
  const type = isItemType(data.type) ? data.type : "tales-gear";
  return {
    type,
    editable: data.editable,
    header: { ...headerContext(data), typeLabel: `POLYVERSE.Tales.Sheet.ItemType.${type}` },
    groups: itemBody(type, data),
    slots: type === "tales-template" ? templateSlots(data.system) : null,
    description: descriptionContext(
      data,
      `POLYVERSE.Tales.${DESCRIPTION_ROOT[type]}.FIELDS.description.label`,
    ),
  };
}
