/**
 * The form controls of the Maelstrom item sheet: core's field views (`core/sheet-fields-logic.ts`,
 * drawn by `templates/core/field.hbs` with the `pv-m` class prefix), and where the sheet's strings
 * are. Foundry-free.
 */
export {
  descriptionContext,
  fieldMaker,
  headerContext,
  keyChoices,
  type FieldKind,
  type FieldView,
  type ItemSheetData,
  type OptionView,
} from "../../../../core/sheet-fields-logic";

export const SHEET_ROOT = "POLYVERSE.Maelstrom.Sheet.ItemSheet";

export const num = (v: unknown, fallback = 0): number =>
  typeof v === "number" && Number.isFinite(v) ? v : fallback;
export const str = (v: unknown): string => (typeof v === "string" ? v : "");
