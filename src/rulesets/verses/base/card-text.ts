/**
 * Card lines as text, Foundry-free: every 'Verses card (special tests, combat notes, the tracker's
 * tooltips, the attack card) keeps its lines as an i18n key with values, and turns them into text
 * here, for the reader's language. Values that are themselves i18n keys (a condition's name) are
 * localised first.
 */

import { formatNumber } from "../../../core/i18n-logic";
import type { Localize } from "../../../core/roll-dialog-model";

/** Turns a key and its values into text (`game.i18n` in Foundry, the lang file in tests). */
export type { Localize };

/** A localisable line: an i18n key and its values. */
export interface TextLine {
  key: string;
  data?: Readonly<Record<string, string | number>>;
}

/** A line's text; values that are i18n keys are localised first, numbers written in the reader's language. */
export function lineTextWith(localize: Localize, line: TextLine): string {
  if (!line.data) return localize(line.key);
  const data = Object.fromEntries(
    Object.entries(line.data).map(([k, v]) => [
      k,
      typeof v === "number"
        ? formatNumber(v, { grouping: false })
        : v.startsWith("POLYVERSE.")
          ? localize(v)
          : v,
    ]),
  );
  return localize(line.key, data);
}
