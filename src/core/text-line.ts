/**
 * Card lines kept as messages (`i18n-logic.ts` `Message`: an i18n key, its values, and the count that
 * picks its plural form), turned into text for each reader's language when the card is drawn
 * (Foundry-free: `localize` is passed in). Values that are themselves i18n keys (a condition's name)
 * are localised first; numbers are written in the reader's language; anything else (a name a user
 * typed) is put in as it is, and the template escapes it.
 */
import { messageData, messageKey, type Message } from "./i18n-logic";
import type { Localize } from "./roll-dialog-model";

/** A card's line: a message. */
export type TextLine = Message;

/** A line's text; values that are i18n keys (`POLYVERSE.…`) are localised first. */
export function lineText(localize: Localize, line: TextLine): string {
  const data = messageData(line);
  if (!data) return localize(messageKey(line));
  const inner = Object.fromEntries(
    Object.entries(data).map(([k, v]) => [k, v.startsWith("POLYVERSE.") ? localize(v) : v]),
  );
  return localize(messageKey(line), inner);
}
