/**
 * The Xero Sum sheets: the character and NPC sheet, the item sheet, the templates to preload, and the
 * table of rolls behind their buttons (roll-handlers.ts, filled by the rolls helpers).
 */
export { CHARACTER_SHEET_TEMPLATES, XeroSumCharacterSheet } from "./character-sheet";
export { ITEM_SHEET_TEMPLATES, XeroSumItemSheet } from "./item-sheet";
export {
  XERO_SUM_ROLLS,
  rollAvailability,
  type RollOptions,
  type XeroSumRollHandlers,
} from "./roll-handlers";

import { CHARACTER_SHEET_TEMPLATES } from "./character-sheet";
import { ITEM_SHEET_TEMPLATES } from "./item-sheet";

/** Every sheet template, relative to the system root (the descriptor's `templates`). */
export const XERO_SUM_SHEET_TEMPLATES: readonly string[] = [
  ...CHARACTER_SHEET_TEMPLATES,
  ...ITEM_SHEET_TEMPLATES,
].map((t) => t.replace(/^systems\/polyverse\//, ""));
