/**
 * What the Tales item sheet shows, built from plain data: the header, the body of the item's type as
 * field groups (core's field partial draws every field), a template's slots as readable lines (or, when
 * the user may edit it, as the slot editor's rows), and the description. Foundry-free: the sheet's `_prepareContext`, the unit tests and the browser fixtures
 * call the same builder.
 */
import { descriptionContext, headerContext, type ItemSheetData } from "../../../core/sheet-fields-logic";
import { isItemType, itemBody, templateSlots } from "./item-types/types";
import { slotEditorView } from "./item-types/template-slots";

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
export {
  SLOT_BOUNDS,
  SLOT_LIMITS,
  editTemplateSlots,
  parseSlotEdit,
  readSlots,
  OWN_SLOTS_FLAG,
  slotEditorView,
  type SlotEdit,
} from "./item-types/template-slots";

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

/**
 * The item sheet's context. `ownSlots`: a template's slots were edited on its sheet (its flag), so
 * they, not the rules', apply.
 */
export function itemSheetContext(data: ItemSheetData & { ownSlots?: boolean }) {
  const type = isItemType(data.type) ? data.type : "tales-gear";
  return {
    type,
    editable: data.editable,
    header: { ...headerContext(data), typeLabel: `POLYVERSE.Tales.Sheet.ItemType.${type}` },
    groups: itemBody(type, data),
    slots: type === "tales-template" ? templateSlots(data.system) : null,
    // An editable template's slots are edited in place (rows added, changed, removed); a locked one reads.
    slotEditor:
      type === "tales-template" && data.editable
        ? slotEditorView(data.system, data.idPrefix, data.ownSlots === true)
        : null,
    description: descriptionContext(
      data,
      `POLYVERSE.Tales.${DESCRIPTION_ROOT[type]}.FIELDS.description.label`,
    ),
  };
}
