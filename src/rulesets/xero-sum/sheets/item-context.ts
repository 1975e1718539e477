/**
 * What the Xero Sum item sheet shows, built from plain data: the header, the body of the item's type
 * as field groups (core's field partial draws every field), the rows of its list (a weapon's
 * characteristics, equipment's bonuses), a profession's skills to tick, and the description.
 * Foundry-free: the sheet's `_prepareContext`, the unit tests and the browser fixtures call the same
 * builder.
 */
import { descriptionContext, headerContext, type ItemSheetData } from "../../../core/sheet-fields-logic";
import type { Localize } from "./actor-tabs/common";
import { ITEM_ROOT, isItemType, itemBody, professionSkills, rowList } from "./item-types/types";

export {
  ITEM_ROOT,
  ITEM_TYPES,
  ROW_LISTS,
  addRow,
  isItemType,
  normaliseSubmit,
  removeRow,
  type FieldGroup,
  type RowList,
  type XeroSumItemType,
} from "./item-types/types";

/** What dropping the item on a character does, said under the header (professions and paradigms). */
const DROP_NOTES: Readonly<Record<string, string>> = {
  "xero-sum-profession": `${ITEM_ROOT}.DropNote.profession`,
  "xero-sum-paradigm": `${ITEM_ROOT}.DropNote.paradigm`,
};

/** The label family of each type (its model's `FIELDS`). */
const FAMILY = {
  "xero-sum-weapon": "Weapon",
  "xero-sum-equipment": "Equipment",
  "xero-sum-profession": "Profession",
  "xero-sum-paradigm": "Paradigm",
} as const;

export function itemSheetContext(data: ItemSheetData, localize: Localize) {
  const type = isItemType(data.type) ? data.type : "xero-sum-equipment";
  return {
    type,
    editable: data.editable,
    header: { ...headerContext(data), typeLabel: `${ITEM_ROOT}.Type.${type}` },
    dropNote: DROP_NOTES[type] ?? null,
    groups: itemBody(type, data, localize),
    rows: rowList({ ...data, type }, localize),
    profession: type === "xero-sum-profession" ? professionSkills(data, localize) : null,
    description: descriptionContext(data, `POLYVERSE.XeroSum.${FAMILY[type]}.FIELDS.description.label`),
  };
}
