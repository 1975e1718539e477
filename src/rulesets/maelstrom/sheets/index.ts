/**
 * The Maelstrom sheets: the character and NPC sheet, the item sheet, the templates to preload, and
 * the rolls behind their buttons (roll-handlers.ts).
 */
export { CHARACTER_SHEET_TEMPLATES, MaelstromCharacterSheet } from "./character-sheet";
export { ITEM_SHEET_TEMPLATES, MaelstromItemSheet } from "./item-sheet";
export { MAELSTROM_ROLLS, type MaelstromRollHandlers, type RollOptions } from "./roll-handlers";

import { CHARACTER_SHEET_TEMPLATES } from "./character-sheet";
import { ITEM_SHEET_TEMPLATES } from "./item-sheet";

/** Every sheet template, relative to the system root (the descriptor's `templates`). */
export const MAELSTROM_SHEET_TEMPLATES: readonly string[] = [
  ...CHARACTER_SHEET_TEMPLATES,
  ...ITEM_SHEET_TEMPLATES,
].map((t) => t.replace(/^systems\/polyverse\//, ""));
