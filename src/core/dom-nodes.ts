/**
 * Element checks that hold in any browser window. Foundry v14 can render an ApplicationV2 (a sheet,
 * a dialog, a sidebar tab) in a window of its own ("pop-out applications"); the elements there
 * belong to that window, and `el instanceof HTMLElement` is false for them because `HTMLElement`
 * is the main window's class. These read what the element is (`nodeType`, `tagName`) instead, so a
 * sheet's handlers work the same in the main window and in a detached one. See docs/foundry-v14.md.
 */

/** The tags this checks by name, with the element type each one is. */
interface Tagged {
  input: HTMLInputElement;
  select: HTMLSelectElement;
  textarea: HTMLTextAreaElement;
  button: HTMLButtonElement;
}

/** Is it an element (of any window)? */
export function isElement(node: unknown): node is HTMLElement {
  return (
    typeof node === "object" &&
    node !== null &&
    (node as { nodeType?: unknown }).nodeType === 1 &&
    typeof (node as { tagName?: unknown }).tagName === "string" &&
    typeof (node as { querySelector?: unknown }).querySelector === "function"
  );
}

/** Is it an element of this tag (of any window): `isTag(target, "input")` for an `<input>`? */
export function isTag<K extends keyof Tagged>(node: unknown, tag: K): node is Tagged[K] {
  return isElement(node) && node.tagName.toLowerCase() === tag;
}

/** Is it a form control a sheet reads a value from: an input, a select or a text area? */
export function isFormControl(
  node: unknown,
): node is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement {
  return isTag(node, "input") || isTag(node, "select") || isTag(node, "textarea");
}

/** The element that has the focus in the window an element is shown in (main or detached). */
export function activeElementOf(root: Node | null | undefined): Element | null {
  const owner = root?.ownerDocument ?? (typeof document === "undefined" ? null : document);
  return owner?.activeElement ?? null;
}
