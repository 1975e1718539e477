/**
 * Input checks shared by the Tales test files (internal: not re-exported by rules/index.ts).
 */

/** The faces of a d6. */
export const MIN_FACE = 1;
export const MAX_FACE = 6;

/** Throws unless `face` is a d6 face. */
export function assertFace(face: number, what = "A d6 face"): void {
  if (!Number.isInteger(face) || face < MIN_FACE || face > MAX_FACE)
    throw new RangeError(`${what} is a whole number 1..6: ${face}`);
}

/** Throws unless `value` is a whole number. */
export function assertWhole(value: number, what: string): void {
  if (!Number.isInteger(value)) throw new RangeError(`${what} is a whole number: ${value}`);
}

/** Throws unless `value` is a whole number >= 0. */
export function assertPoints(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${what} is a whole number >= 0: ${value}`);
}
