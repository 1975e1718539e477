/**
 * The Virtually Real sheets: the character and NPC sheet, the item sheet, the templates to preload, and
 * the table of rolls behind their buttons (roll-handlers.ts, filled by the rolls helper).
 */
export { CHARACTER_SHEET_TEMPLATES, VirtuallyRealCharacterSheet } from "./character-sheet";
export { ITEM_SHEET_TEMPLATES, VirtuallyRealItemSheet } from "./item-sheet";
export {
  VIRTUALLY_REAL_ROLLS,
  rollAvailability,
  type RollOptions,
  type VirtuallyRealRollHandlers,
} from "./roll-handlers";

import { CHARACTER_SHEET_TEMPLATES } from "./character-sheet";
import { ITEM_SHEET_TEMPLATES } from "./item-sheet";

/** Every sheet template, relative to the system root (the descriptor's `templates`). */
export const VIRTUALLY_REAL_SHEET_TEMPLATES: readonly string[] = [
  ...CHARACTER_SHEET_TEMPLATES,
  ...ITEM_SHEET_TEMPLATES,
].map((t) => t.replace(/^systems\/polyverse\//, ""));
