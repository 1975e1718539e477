/**
 * The keyboard side of the sheets' dot rows (see actor-tabs/dots.ts): the arrow keys, Home and End on a
 * focused dot set the rating, through the same setter a click uses. Enter and Space press the dot
 * as any button.
 */
import { isElement } from "../../../core/dom-nodes";
import { dotKeyValue } from "./actor-tabs/dots";

/** A dot's data: its row's field, floor and ceiling, and the rating now. */
export interface DotTarget {
  path: string;
  min: number;
  ceiling: number;
  current: number;
}

/** Read a dot button's row from its data attributes (null when it is not a dot). */
export function dotTarget(element: Element | null): DotTarget | null {
  if (!isElement(element) || element.dataset.action !== "setDots") return null;
  const { path, min, ceiling, current } = element.dataset;
  const numbers = [min, ceiling, current].map(Number);
  if (!path || numbers.some((n) => !Number.isInteger(n))) return null;
  const [lo, hi, now] = numbers as [number, number, number];
  return { path, min: lo, ceiling: hi, current: now };
}

/**
 * Listen once (the element outlives re-renders): a rating key on a dot calls `set(path, rating)`.
 * Keys that do not change the rating are left alone (Tab still leaves the row).
 */
export function listenForDotKeys(root: HTMLElement, set: (path: string, rating: number) => void): void {
  root.addEventListener("keydown", (event) => {
    const target = dotTarget(event.target as Element | null);
    if (!target || (event.target as HTMLButtonElement).disabled) return;
    const next = dotKeyValue(event.key, target.current, target.min, target.ceiling);
    if (next === null) return;
    event.preventDefault();
    if (next !== target.current) set(target.path, next);
  });
}
