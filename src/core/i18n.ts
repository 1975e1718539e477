/**
 * The one way Polyverse turns a label into text. A label is an i18n key (with values to format
 * in) or a literal name (a skill's, an item's): a key is localised, anything else comes back as it
 * is, so a name the user typed is never mistaken for a missing translation.
 */

import type { Localize } from "./roll-dialog-model";

export type { Localize };

/** Localise an i18n key (formatting `data` into it); a literal label comes back unchanged. */
export const localize: Localize = (label, data) => {
  const i18n = game.i18n;
  if (!i18n?.has(label)) return label;
  return data ? i18n.format(label, data) : i18n.localize(label);
};
