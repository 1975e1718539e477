/**
 * The rules layer's messages as the glue shows them (Foundry-free). The rules return a key and its
 * values ({@link RulesMessage}); a card, a dialog, a sheet or a notification shows the sentence
 * `POLYVERSE.Verses.Rules.<key>` (lang/en/verses-rules.json) with those values, numbers in the
 * user's language and the plural form its count asks for.
 */
import { messageData, pluralKey } from "../../../core/i18n-logic";
import type { Localize } from "../../../core/roll-dialog-model";
import type { RulesMessage } from "../rules";

/** The i18n group of the rules layer's messages. */
export const RULES_MESSAGE_ROOT = "POLYVERSE.Verses.Rules";

/** A rules message as an i18n key and its values as text: what cards, dialogs and sheets localise. */
export interface RulesLine {
  key: string;
  data?: Record<string, string>;
}

/** The i18n key of a rules message (its plural form when it has a count). */
export function rulesKey(message: RulesMessage): string {
  const key = `${RULES_MESSAGE_ROOT}.${message.key}`;
  return message.count === undefined ? key : pluralKey(key, message.count);
}

/** A rules message as a line to localise: its key and its values, numbers in the user's language. */
export function rulesLine(message: RulesMessage): RulesLine {
  const key = rulesKey(message);
  const data = messageData(message);
  return data ? { key, data } : { key };
}

/** A rules message as text, when there is a localiser; else its i18n key (what a test can read). */
export function rulesText(message: RulesMessage, localize?: Localize): string {
  const line = rulesLine(message);
  return localize ? localize(line.key, line.data) : line.key;
}
