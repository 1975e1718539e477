/**
 * Card lines kept as i18n keys with their values, turned into text for each reader's language when the
 * card is drawn (Foundry-free: `localize` is passed in). Values that are themselves i18n keys (a
 * condition's name) are localised first; anything else (a name a user typed, a number) is put in as it
 * is, and the template escapes it.
 */
import type { Localize } from "./roll-dialog-model";

/** A localisable line: an i18n key and its values. */
export interface TextLine {
  key: string;
  data?: Readonly<Record<string, string | number>>;
}

/** A line's text; values that are i18n keys (`POLYVERSE.…`) are localised first. */
export function lineText(localize: Localize, line: TextLine): string {
  if (!line.data) return localize(line.key);
  const data = Object.fromEntries(
    Object.entries(line.data).map(([k, v]) => [
      k,
      typeof v === "string" && v.startsWith("POLYVERSE.") ? localize(v) : String(v),
    ]),
  );
  return localize(line.key, data);
}
