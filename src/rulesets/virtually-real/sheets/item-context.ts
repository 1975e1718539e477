/**
 * What the Virtually Real item sheet shows, built from plain data: the header, the body of the item's
 * type as field groups (core's field partial draws every field), what the rules read from it (a
 * skill's next training, a book's reading), and the description. Foundry-free: the sheet's
 * `_prepareContext`, the unit tests and the browser fixtures call the same builder.
 */
import { descriptionContext, headerContext, type ItemSheetData } from "../../../core/sheet-fields-logic";
import type { BookOptions } from "../rules";
import { FAMILY, NAMES, isItemType, itemBody, itemReading } from "./item-types/types";
import { taskSheetView } from "./item-types/task";

export {
  ITEM_ROOT,
  ITEM_TYPES,
  isItemType,
  type FieldGroup,
  type VirtuallyRealItemType,
} from "./item-types/types";

type Localize = (key: string, data?: Record<string, string>) => string;

export function itemSheetContext(
  data: ItemSheetData,
  localize: Localize,
  book: BookOptions = {},
  isGM = false,
) {
  const type = isItemType(data.type) ? data.type : "virtually-real-equipment";
  return {
    type,
    editable: data.editable,
    header: headerContext(data),
    groups: itemBody(type, data, localize),
    reading: itemReading(type, data.system, localize, book),
    task: type === "virtually-real-task" ? taskSheetView(data, localize, isGM) : null,
    description: descriptionContext(data, `${NAMES}.${FAMILY[type]}.FIELDS.description.label`),
  };
}
