/**
 * Drawing on Xero Sum's 2d6 tables (Tables 6, 7, 11, 12, 13) from a RollTable, without Foundry: which
 * RollTable stands for a table, the formula it is rolled with, the result a total draws, and the rules'
 * row that result stands for.
 *
 * - *Which table.* A world RollTable that names the table (`flags.polyverse.tableKey`, or, with no
 *   such flag, imported from the `xero-sum-tables` compendium: `_stats.compendiumSource`, or the older
 *   `flags.core.sourceId`, is the pack table's UUID) wins over the compendium's; among several world
 *   tables, one with the flag beats an imported copy, then the last modified wins (then the lowest id).
 *   With no world table, the compendium's (found by the same flag, or by its id); with neither (the
 *   pack missing, closed to the user, or its table deleted), the rules' own table.
 * - *The roll.* The table's formula when it is plain dice (`NdS`, `NdS+K`, `NdS-K`), else the rules'
 *   2d6. Results are found by range as Foundry does (the first whose range holds the total, by its
 *   low end); `drawn`, `replacement` and `weight` are not used: the rules' tables never run out.
 * - *The rules' row.* A result stands for a rules row by its range: every total in it (within 2..12)
 *   is that one row's (one total, since each row of these tables has its own total). A result whose
 *   range holds no such single row, or no result at all for the total, is shown and applies nothing.
 */
import {
  XERO_SUM_TABLES,
  TABLE_DICE,
  TABLE_KEYS,
  TABLE_MAX_ROLL,
  TABLE_MIN_ROLL,
  type TableKey,
} from "../rules";

/** The compendium of the five tables (system.json `packs`). */
export const TABLE_PACK = "polyverse.xero-sum-tables";

/** The compendium tables' ids (packs/xero-sum-tables/*.yml, scripts/lib/ids.mjs `packId`). */
export const PACK_TABLE_IDS: Readonly<Record<TableKey, string>> = {
  complications: "YHo3XMfGcrqsxLjA",
  motivations: "EhnYP3TLDcE3MGz5",
  lastingWounds: "rKS4QzWjGwId6oXy",
  panic: "ujdgO9xVC0ZkzJiq",
  breakingPoint: "7CWMPTjgzGA3iXLt",
};

/** The UUID of the compendium's table for `key`. */
export const packTableUuid = (key: TableKey): string =>
  `Compendium.${TABLE_PACK}.RollTable.${PACK_TABLE_IDS[key]}`;

/** Where a draw's result came from: a world RollTable, the compendium's, or the rules' table. */
export type DrawSource = "world" | "pack" | "rules";

/** What is read of a RollTable. */
export interface TableDocLike {
  id?: string | null;
  flags?: unknown;
  _stats?: { compendiumSource?: string | null; modifiedTime?: number | null } | null;
}

/** What is read of a table's result. */
export interface ResultLike {
  range: readonly number[];
  name: string;
  /** The result's description as plain text. */
  text: string;
}

const record = (v: unknown): Record<string, unknown> | null =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** The table a RollTable says it stands for (`flags.polyverse.tableKey`), or null. */
export function tableKeyOf(doc: TableDocLike): TableKey | null {
  const key = record(record(doc.flags)?.polyverse)?.tableKey;
  return TABLE_KEYS.includes(key as TableKey) ? (key as TableKey) : null;
}

/** The compendium document a world document was imported from, if it says. */
function importedFrom(doc: TableDocLike): string | null {
  const source = doc._stats?.compendiumSource ?? record(record(doc.flags)?.core)?.sourceId;
  return typeof source === "string" ? source : null;
}

/**
 * How a world RollTable stands for `key`: 2 by its flag, 1 imported from the compendium's table (and
 * no flag naming another), 0 not at all.
 */
export function tableMatch(doc: TableDocLike, key: TableKey): 0 | 1 | 2 {
  const flagged = tableKeyOf(doc);
  if (flagged) return flagged === key ? 2 : 0;
  return importedFrom(doc) === packTableUuid(key) ? 1 : 0;
}

/** The world RollTable that stands for `key` (see the file's comment), or null. */
export function chooseWorldTable<T extends TableDocLike>(docs: Iterable<T>, key: TableKey): T | null {
  const ranked = [...docs]
    .map((doc) => ({ doc, match: tableMatch(doc, key), modified: doc._stats?.modifiedTime ?? 0 }))
    .filter((d) => d.match > 0)
    .sort(
      (a, b) =>
        b.match - a.match ||
        b.modified - a.modified ||
        String(a.doc.id ?? "").localeCompare(String(b.doc.id ?? "")),
    );
  return ranked[0]?.doc ?? null;
}

/** The compendium's table for `key`: by its flag, else by its id. */
export function choosePackTable<T extends TableDocLike>(docs: Iterable<T>, key: TableKey): T | null {
  const list = [...docs];
  return (
    list.find((d) => tableKeyOf(d) === key) ??
    list.find((d) => !tableKeyOf(d) && d.id === PACK_TABLE_IDS[key]) ??
    null
  );
}

const PLAIN_DICE = /^(\d{1,2})?d(\d{1,4})(?:([+-])(\d{1,4}))?$/i;
/** The most dice, and the most faces, a table's own formula may roll (else the rules' 2d6). */
export const MAX_DRAW_DICE = 20;
export const MAX_DRAW_FACES = 1000;

/**
 * The formula a table is rolled with: its own when plain dice (`NdS`, `NdS±K`, spaces dropped; 1 to
 * 20 dice of 2 to 1000 faces, K up to 1000), else the rules' 2d6.
 */
export function drawFormula(formula: string | null | undefined): string {
  const compact = String(formula ?? "").replace(/\s+/g, "");
  const m = PLAIN_DICE.exec(compact);
  if (!m) return TABLE_DICE;
  const [n, s, k] = [Number(m[1] ?? 1), Number(m[2]), Number(m[4] ?? 0)];
  if (n < 1 || n > MAX_DRAW_DICE || s < 2 || s > MAX_DRAW_FACES || k > MAX_DRAW_FACES) return TABLE_DICE;
  return `${n}d${s}${m[3] ? `${m[3]}${k}` : ""}`;
}

/** The result a total draws: the first whose range holds it (by the range's low end), or null. */
export function resultAt<R extends ResultLike>(results: readonly R[], total: number): R | null {
  const holding = results
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => r.range.length === 2 && r.range[0]! <= total && total <= r.range[1]!)
    .sort((a, b) => a.r.range[0]! - b.r.range[0]! || a.i - b.i);
  return holding[0]?.r ?? null;
}

/** The rules' row a result's range stands for (one row only), or "" (see the file's comment). */
export function rulesKeyOfRange(table: TableKey, range: readonly number[]): string {
  const [low, high] = range;
  if (range.length !== 2 || !Number.isInteger(low) || !Number.isInteger(high)) return "";
  if (low! < TABLE_MIN_ROLL || high! > TABLE_MAX_ROLL || low! > high!) return "";
  const rows = XERO_SUM_TABLES[table] as readonly { roll: number; key: string }[];
  const keys = new Set(rows.filter((r) => r.roll >= low! && r.roll <= high!).map((r) => r.key));
  return keys.size === 1 ? [...keys][0]! : "";
}

/** The longest name and text a card keeps of a result (longer ones are cut, with an ellipsis). */
export const MAX_RESULT_NAME = 200;
export const MAX_RESULT_TEXT = 1500;

/** Text cut to `max` characters (an ellipsis ending a cut text), spaces collapsed. */
export function clipText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/**
 * Foundry's enricher syntax read as the text it shows: `@UUID[...]{label}` as its label, `@Check[x]`
 * as `x`, an inline roll `[[/r 1d6]]{label}` as its label, `[[1d6]]` as `1d6`.
 */
export function enrichedToPlain(text: string): string {
  return text
    .replace(/@\w+\[[^\]]*\]\{([^}]*)\}/g, "$1")
    .replace(/@\w+\[([^\]]*)\]/g, "$1")
    .replace(
      /\[\[(?:\/\w+\s+)?([^\]]*)\]\](?:\{([^}]*)\})?/g,
      (_m, inner: string, label?: string) => label ?? inner,
    );
}

/** What a draw from a RollTable keeps of it: where from, its UUID and name, the result drawn. */
export interface DrawnFrom {
  from: Exclude<DrawSource, "rules">;
  uuid: string;
  name: string;
  formula: string;
  /** The result the total drew (its name and plain text), or null when none holds it. */
  result: { name: string; text: string } | null;
}

/** The row and what the card keeps of a result drawn from a RollTable. */
export function readDrawn(
  table: TableKey,
  source: Omit<DrawnFrom, "result">,
  results: readonly ResultLike[],
  total: number,
): { key: string; source: DrawnFrom } {
  const result = resultAt(results, total);
  return {
    key: result ? rulesKeyOfRange(table, result.range) : "",
    source: {
      ...source,
      name: clipText(source.name, MAX_RESULT_NAME),
      result: result
        ? { name: clipText(result.name, MAX_RESULT_NAME), text: clipText(result.text, MAX_RESULT_TEXT) }
        : null,
    },
  };
}
