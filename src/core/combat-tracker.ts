/**
 * Finding the combat tracker's rows to decorate them (`renderCombatTracker`), without hanging on one
 * version's markup. Foundry v13's tracker draws each combatant as `li.combatant[data-combatant-id]`
 * with its name in `.token-name`; a later tracker may draw it otherwise. So a row is looked up by the
 * combatant's id in any of the data attributes Foundry's document lists use for an entry
 * (`data-combatant-id`, `data-document-id`, `data-entry-id`), a list item first, and the outermost
 * element carrying it (never a control inside the row); the name's place is the first of the known
 * name containers, else the row. A combatant without a row (hidden, or markup this does not know) is
 * skipped, never an error. Decorations are marked so that a second pass over the same rows replaces
 * them rather than doubling them. A control of the whole combat (a ruleset's step before the first
 * round) goes beside the tracker's own combat controls, wherever the version draws them.
 */
import { isElement } from "./dom-nodes";

/** The data attributes that name an entry of Foundry's document lists, most specific first. */
export const ROW_ID_ATTRIBUTES = ["data-combatant-id", "data-document-id", "data-entry-id"] as const;

/** Where a row shows the combatant's name (v13 `.token-name`), in order of preference. */
export const NAME_SLOTS = [".token-name", ".combatant-name", ".name"] as const;

/** The tracker row of one combatant, or null (the id compared as text: no selector is built from it). */
export function trackerRowOf(root: ParentNode, id: string): HTMLElement | null {
  if (!id) return null;
  for (const tag of ["li", ""])
    for (const attribute of ROW_ID_ATTRIBUTES) {
      for (const found of root.querySelectorAll<HTMLElement>(`${tag}[${attribute}]`))
        if (found.getAttribute(attribute) === id) return found;
    }
  return null;
}

/** The element of a row that shows the name (decorations go beside it), else the row itself. */
export function nameSlotOf(row: HTMLElement): HTMLElement {
  for (const selector of NAME_SLOTS) {
    const found = row.querySelector<HTMLElement>(selector);
    if (found) return found;
  }
  return row;
}

/** The tracker's element from a render hook's arguments (an element; a v12-style wrapper; the app's own). */
export function trackerRoot(app: unknown, html: unknown): HTMLElement | null {
  if (isElement(html)) return html;
  const wrapped = (html as { 0?: unknown } | null | undefined)?.[0];
  if (isElement(wrapped)) return wrapped;
  const element = (app as { element?: unknown } | null | undefined)?.element;
  return isElement(element) ? element : null;
}

/** Each combatant of the combat that has a row in the tracker, with its row. */
export function trackerRows<C extends { id: string | null }>(
  root: ParentNode,
  combatants: Iterable<C>,
): { combatant: C; row: HTMLElement }[] {
  const rows: { combatant: C; row: HTMLElement }[] = [];
  for (const combatant of combatants) {
    const row = combatant.id ? trackerRowOf(root, combatant.id) : null;
    if (row) rows.push({ combatant, row });
  }
  return rows;
}

/**
 * Put a decoration into a row's name slot, replacing the one a previous pass put there under the
 * same `mark` (a class), so that decorating twice shows it once.
 */
export function placeDecoration(row: HTMLElement, mark: string, decoration: HTMLElement): void {
  decoration.classList.add(mark);
  for (const old of Array.from(row.getElementsByClassName(mark))) if (old !== decoration) old.remove();
  nameSlotOf(row).append(decoration);
}

/**
 * Where the tracker keeps its controls of the whole combat, in order of preference: v13's footer
 * (`.combat-controls`, with Begin Combat), the header's encounter controls, the header.
 */
export const CONTROL_SLOTS = [
  ".combat-controls",
  ".encounter-controls",
  ".combat-tracker-header",
  "header",
] as const;

/**
 * Put a control of the whole combat (a button) into the tracker: first in the first control slot
 * found (else at the top of the tracker), replacing the one a previous render put there under the
 * same `mark`, so that decorating twice shows it once.
 */
export function placeTrackerControl(root: HTMLElement, mark: string, control: HTMLElement): void {
  control.classList.add(mark);
  for (const old of Array.from(root.getElementsByClassName(mark))) if (old !== control) old.remove();
  for (const selector of CONTROL_SLOTS) {
    const slot = root.querySelector<HTMLElement>(selector);
    if (slot) {
      slot.prepend(control);
      return;
    }
  }
  root.prepend(control);
}

/** Take a control of the whole combat out of the tracker (it is no longer offered). */
export function removeTrackerControl(root: HTMLElement, mark: string): void {
  for (const old of Array.from(root.getElementsByClassName(mark))) old.remove();
}
