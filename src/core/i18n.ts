/**
 * The one way Polyverse turns a label into text. A label is an i18n key (with values to format
 * in) or a literal name (a skill's, an item's): a key is localised, anything else comes back as it
 * is, so a name the user typed is never mistaken for a missing translation.
 *
 * Numbers, percentages and plural forms follow the user's language (`i18n-logic.ts`): Foundry's
 * `game.i18n.lang` is handed to it once Foundry has loaded its translations (`i18nInit`).
 */

import type { Localize } from "./roll-dialog-model";
import { type Message, messageData, messageKey, pluralKey, setDisplayLocale } from "./i18n-logic";

export type { Localize, Message };
export { countText, formatChance, formatNumber, formatPercent, pluralCategory } from "./i18n-logic";

/** The pattern of a percentage in the user's language (`{n}` the number). */
export const PERCENT_KEY = "POLYVERSE.Format.Percent";

/** Localise an i18n key (formatting `data` into it); a literal label comes back unchanged. */
export const localize: Localize = (label, data) => {
  const i18n = game.i18n;
  if (!i18n?.has(label)) return label;
  return data ? i18n.format(label, data) : i18n.localize(label);
};

/** Whether an i18n key exists (false before Foundry has loaded its translations). */
const hasKey = (key: string): boolean => game.i18n?.has(key) ?? false;

/**
 * A message as text: its plural form picked by `count` (`<key>.one`/`<key>.other`), numbers in its
 * data written in the user's language.
 */
export function localizeMessage(message: Message): string {
  return localize(messageKey(message), messageData(message));
}

/** The key of a sentence's plural form for `count` (`<key>.one`, `<key>.other` ...). */
export function pluralKeyOf(key: string, count: number): string {
  return pluralKey(key, count, hasKey);
}

/** Take the user's language for numbers and plural forms once Foundry has loaded its translations. */
export function registerI18n(): void {
  Hooks.once("i18nInit", () => {
    const i18n = game.i18n;
    if (!i18n) return;
    setDisplayLocale(i18n.lang, {
      percent: i18n.has(PERCENT_KEY) ? i18n.localize(PERCENT_KEY) : undefined,
      has: (key) => i18n.has(key),
    });
  });
}
