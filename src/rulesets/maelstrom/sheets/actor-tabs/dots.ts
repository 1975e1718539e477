/**
 * Dot ratings as the Maelstrom sheets draw and change them, Foundry-free: a row of dots (or boxes)
 * for a rating, the rating a click sets and the rating an arrow key sets.
 *
 * Each dot is a button (`data-action="setDots"`, `data-path`, `data-value`) labelled "Strength 3
 * of 5". Clicking a dot sets the rating to it; clicking the rating's own top dot lowers it by one
 * (so the last dot can be cleared). Keyboard: the row is one tab stop (the top dot, or the first
 * when the rating is at its floor); Enter or Space press the focused dot, the arrow keys raise
 * (Right, Up) or lower (Left, Down) the rating by one, Home and End set the floor and the top.
 */

/** One dot of a row. */
export interface DotView {
  /** The rating this dot sets (1-based). */
  value: number;
  filled: boolean;
  /** The rating's own top dot (a click lowers it by one). */
  top: boolean;
  /** "Strength 3 of 5". */
  label: string;
  /** 0 for the row's one tab stop, −1 for the others. */
  tabindex: 0 | -1;
  /** Above what the rating may reach now (a current Willpower box above the permanent rank). */
  beyond: boolean;
  /** Not pressable: a read-only sheet, or a dot beyond the ceiling. */
  disabled: boolean;
}

/** A row of dots for one rating. */
export interface DotRowView {
  /** The field it sets ("system.attributes.strength"). */
  path: string;
  value: number;
  /** The lowest rating (attributes and abilities 0, permanent Willpower 1). */
  min: number;
  max: number;
  /** The highest rating a dot may set now. */
  ceiling: number;
  /** "Strength: 3 of 5" (the row's group label). */
  label: string;
  dots: DotView[];
  editable: boolean;
}

export interface DotRowInput {
  path: string;
  value: number;
  max: number;
  min?: number;
  /** Dots above this cannot be set (the current Willpower's ceiling); `max` by default. */
  ceiling?: number;
  /** The trait's name. */
  name: string;
  editable: boolean;
  /** Formats "{name} {value} of {max}" for a dot. */
  dotLabel: (data: { name: string; value: string; max: string }) => string;
  /** Formats "{name}: {value} of {max}" for the row. */
  rowLabel: (data: { name: string; value: string; max: string }) => string;
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** The rating to show: a whole number within the row's bounds. */
export function shownRating(value: unknown, min: number, max: number): number {
  return typeof value === "number" && Number.isFinite(value) ? clamp(Math.trunc(value), min, max) : min;
}

export function dotRow(input: DotRowInput): DotRowView {
  const min = input.min ?? 0;
  const ceiling = Math.min(input.ceiling ?? input.max, input.max);
  const value = shownRating(input.value, min, input.max);
  const stop = Math.max(value, 1);
  const dots: DotView[] = [];
  for (let n = 1; n <= input.max; n++) {
    dots.push({
      value: n,
      filled: n <= value,
      top: n === value,
      label: input.dotLabel({ name: input.name, value: String(n), max: String(input.max) }),
      tabindex: n === stop ? 0 : -1,
      beyond: n > ceiling,
      disabled: !input.editable || n > ceiling,
    });
  }
  return {
    path: input.path,
    value,
    min,
    max: input.max,
    ceiling,
    label: input.rowLabel({ name: input.name, value: String(value), max: String(input.max) }),
    dots,
    editable: input.editable,
  };
}

/**
 * The rating after clicking dot `clicked`: that dot's rating, or one less when it is the rating's
 * own top dot; never below `min` nor above `ceiling`.
 */
export function dotClickValue(current: number, clicked: number, min: number, ceiling: number): number {
  const next = clicked === current ? clicked - 1 : clicked;
  return clamp(next, min, Math.max(min, ceiling));
}

/** The rating after a key on a dot row, or null for a key the row does not take. */
export function dotKeyValue(key: string, current: number, min: number, ceiling: number): number | null {
  const top = Math.max(min, ceiling);
  switch (key) {
    case "ArrowRight":
    case "ArrowUp":
      return clamp(current + 1, min, top);
    case "ArrowLeft":
    case "ArrowDown":
      return clamp(current - 1, min, top);
    case "Home":
      return min;
    case "End":
      return top;
    default:
      return null;
  }
}
