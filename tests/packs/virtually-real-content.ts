// Shared by the Virtually Real pack tests: the packs with their document types, the credit, the
// English labels the rules layer's keys have (lang/en/virtually-real-*.json, which the packs' tables
// use for their names), an HTML table read as rows of cells, and the UUIDs the packs define. The
// numbers each test checks are quoted in it (Virtually Real core guidebook, chapter 1).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../lib/paths";
import { packSources, stripTags } from "./verses-content";

export { manifest, manifestPack, uuidLinks } from "./maelstrom-content";
export { packSources, slug } from "./verses-content";

export const CREDIT = "Virtually Real core guidebook, chapter 1";

/** The Virtually Real packs with their document types, in the order system.json lists them. */
export const VIRTUALLY_REAL_PACKS = {
  "virtually-real-tables": "RollTable",
  "virtually-real-rules": "JournalEntry",
  "virtually-real-tasks": "Item",
} as const;

const lang = (file: string) =>
  JSON.parse(readFileSync(join(ROOT, "lang", "en", file), "utf8")).POLYVERSE.VirtuallyReal;
/** `POLYVERSE.VirtuallyReal.Check.*`: degrees, capacities, DL rows, saves, sources of +crit. */
export const CHECK_LABELS = lang("virtually-real-check.json").Check;
/** `POLYVERSE.VirtuallyReal.Character.*`: attributes, targets, skills, conditions, awards. */
export const CHARACTER_LABELS = lang("virtually-real-character.json").Character;

/** Every UUID the Virtually Real packs define: entries, and journal pages. */
export function virtuallyRealUuids(): Set<string> {
  const uuids = new Set<string>();
  for (const [pack, documentName] of Object.entries(VIRTUALLY_REAL_PACKS)) {
    for (const { data } of packSources(pack)) {
      const entry = `Compendium.polyverse.${pack}.${documentName}.${data._id}`;
      uuids.add(entry);
      for (const page of data.pages ?? []) uuids.add(`${entry}.JournalEntryPage.${page._id}`);
    }
  }
  return uuids;
}

/**
 * The text of an HTML string, its tags dropped (no space left before punctuation) and each
 * `@UUID[...]{label}` read as its label.
 */
export const plainText = (html: string) =>
  stripTags(html)
    .replace(/ ([:;,.])/g, "$1")
    .replace(/@UUID\[[^\]]+\]\{([^}]*)\}/g, "$1");

/** The HTML tables of a page, each as rows of cell texts (the header row first). */
export function htmlTables(html: string): string[][][] {
  return [...html.matchAll(/<table>(.*?)<\/table>/g)].map(([, body]) =>
    [...body!.matchAll(/<tr>(.*?)<\/tr>/g)].map(([, row]) =>
      [...row!.matchAll(/<t[dh]>(.*?)<\/t[dh]>/g)].map(([, cell]) => plainText(cell!)),
    ),
  );
}

/** The one table of a page whose header row starts with `first`: its rows below the header. */
export function tableAfter(html: string, first: string): string[][] {
  const found = htmlTables(html).filter((t) => t[0]?.[0] === first);
  if (found.length !== 1) throw new Error(`${found.length} tables headed "${first}"`);
  return found[0]!.slice(1);
}

/** A quoted table: one row a line, cells split on "|" and trimmed. */
export const rows = (table: string) =>
  table
    .trim()
    .split("\n")
    .map((line) => line.split("|").map((c) => c.trim()));

/** "12" → [12, 12]; "17–18" → [17, 18]; "167 or more" → [167, null]. */
export function span(text: string): [number, number | null] {
  const range = /^(\d+)–(\d+)$/.exec(text);
  if (range) return [Number(range[1]), Number(range[2])];
  const open = /^(\d+) or more$/.exec(text);
  if (open) return [Number(open[1]), null];
  if (/^\d+$/.test(text)) return [Number(text), Number(text)];
  throw new Error(`not a span: ${text}`);
}
