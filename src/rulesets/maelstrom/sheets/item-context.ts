/**
 * What the Maelstrom item sheet shows, built from plain data: the header, the body of the item's
 * type as field groups (one partial draws every field), and the description. Foundry-free: the
 * sheet's `_prepareContext`, the unit tests and the browser fixtures call the same builder.
 */
import { descriptionContext, headerContext, type ItemSheetData } from "./item-types/fields";
import { isItemType, itemBody } from "./item-types/types";

export { SHEET_ROOT, type FieldView, type ItemSheetData, type OptionView } from "./item-types/fields";
export {
  ITEM_TYPES,
  isItemType,
  normaliseSubmit,
  parseLines,
  parsePointOptions,
  pointOptionsText,
  type FieldGroup,
  type MaelstromItemType,
} from "./item-types/types";

export function itemSheetContext(data: ItemSheetData) {
  const type = isItemType(data.type) ? data.type : "maelstrom-specialty";
  const descriptionRoot = {
    "maelstrom-specialty": "Specialty",
    "maelstrom-merit": "Merit",
    "maelstrom-flaw": "Merit",
    "maelstrom-weapon": "Weapon",
    "maelstrom-armor": "Armor",
    "maelstrom-ability": "Ability",
  }[type];
  return {
    type,
    editable: data.editable,
    header: headerContext(data),
    groups: itemBody(type, data),
    description: descriptionContext(data, `POLYVERSE.Maelstrom.${descriptionRoot}.FIELDS.description.label`),
  };
}
