/**
 * Input checks shared by helper v-roll's rules files (internal: rules/index.ts does not re-export
 * this file, so its names never meet another file's in the public API).
 */

/** Throws unless `face` is a d6 face. */
export function assertFace(face: number, what = "A d6 face"): void {
  if (!Number.isInteger(face) || face < 1 || face > 6)
    throw new RangeError(`${what} is a whole number 1..6: ${face}`);
}

/** Throws unless `value` is a whole number. */
export function assertWhole(value: number, what: string): void {
  if (!Number.isInteger(value)) throw new RangeError(`${what} is a whole number: ${value}`);
}

/** Throws unless `value` is a whole number >= 0. */
export function assertCount(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${what} is a whole number >= 0: ${value}`);
}

/** Throws unless `value` is a whole number in `min..max`. */
export function assertRange(value: number, min: number, max: number, what: string): void {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new RangeError(`${what} is a whole number ${min}..${max}: ${value}`);
}
