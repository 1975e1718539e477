/**
 * Drawing on Tables 6, 7, 11, 12 and 13 (`drawTable`): from the world's RollTable that stands for the
 * table, else the `xero-sum-tables` compendium's, else the rules' own 2d6 table (table-draw-logic.ts
 * says which and how). The card keeps the result as drawn (its name, its description as plain text)
 * and the rules' row its range stands for, whose effect alone is applied.
 */
import { activeResults } from "../../../core/rolls/roll-logic";
import { tableEntry, type TableKey } from "../rules";
import type { TableDraw } from "./table-card-logic";
import {
  TABLE_PACK,
  chooseWorldTable,
  choosePackTable,
  MAX_DRAW_DICE,
  drawFormula,
  enrichedToPlain,
  readDrawn,
  type DrawSource,
  type ResultLike,
  type TableDocLike,
} from "./table-draw-logic";

/** What is read of a RollTable document (world or compendium). */
interface RollTableDoc extends TableDocLike {
  uuid: string;
  name: string;
  formula?: string | null;
  results: Iterable<{ range?: readonly number[]; name?: string | null; description?: string | null }>;
}

/** A RollTable standing for a table, and where it was found. */
export interface FoundTable {
  from: Exclude<DrawSource, "rules">;
  table: RollTableDoc;
}

/** The compendium's table for `key`, or null (no pack, not open to this user, no such table). */
async function packTable(key: TableKey): Promise<RollTableDoc | null> {
  const pack = game.packs?.get(TABLE_PACK);
  if (!pack) return null;
  try {
    return choosePackTable((await pack.getDocuments()) as unknown as RollTableDoc[], key);
  } catch {
    return null;
  }
}

/** The RollTable a draw on `key` uses: the world's that stands for it, else the compendium's, or null. */
export async function findRollTable(key: TableKey): Promise<FoundTable | null> {
  const world = game.tables ? chooseWorldTable(game.tables as unknown as Iterable<RollTableDoc>, key) : null;
  if (world) return { from: "world", table: world };
  const pack = await packTable(key);
  return pack ? { from: "pack", table: pack } : null;
}

/** An HTML description as plain text (parsed inertly: nothing in it runs or loads). */
export function htmlText(html: string | null | undefined): string {
  if (!html) return "";
  const spaced = html.replace(/<\/(?:p|div|li|h\d|blockquote)>|<br\s*\/?>/gi, "$& ");
  return new DOMParser().parseFromString(spaced, "text/html").body.textContent ?? "";
}

/** A table's results as the logic reads them. */
const resultsOf = (table: RollTableDoc): ResultLike[] =>
  Array.from(table.results ?? [], (r) => ({
    range: Array.isArray(r.range) ? [...r.range] : [],
    name: enrichedToPlain(String(r.name ?? "")),
    text: enrichedToPlain(htmlText(r.description)),
  }));

/**
 * Draw on `table`: the roll (the RollTable's formula, or the rules' 2d6) and what the card keeps (the
 * faces, the total, the rules' row, or "" when the result stands for none, and the RollTable drawn).
 */
export async function drawTable(table: TableKey): Promise<{ roll: Roll; draw: TableDraw }> {
  const found = await findRollTable(table);
  if (!found) {
    const roll = await new foundry.dice.Roll("2d6").evaluate();
    const [a = 1, b = 1] = activeResults(roll.dice).map(Number);
    return { roll, draw: { table, dice: [a, b], key: tableEntry(table, a + b).key } };
  }
  const formula = drawFormula(found.table.formula);
  const roll = await new foundry.dice.Roll(formula).evaluate();
  const total = Number(roll.total);
  const { key, source } = readDrawn(
    table,
    { from: found.from, uuid: found.table.uuid, name: found.table.name ?? "", formula },
    resultsOf(found.table),
    total,
  );
  const dice = activeResults(roll.dice).map(Number).slice(0, MAX_DRAW_DICE);
  return { roll, draw: { table, dice, key, total, source } };
}
