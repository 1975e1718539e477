/**
 * Input checks and small helpers shared by helper x-combat's rules files (combat, damage, health,
 * equipment). Internal: rules/index.ts does not re-export this file, so its names never meet another
 * file's in the public API.
 */
import type { Band } from "./keys";
import { isSuccess } from "./check";

/** A result that is either a value or a refusal with a reason key (and numbers for the message). */
export type Checked<T, R extends string> =
  { ok: true; value: T } | { ok: false; reason: R; data?: Record<string, number | string> };

export const refuse = <R extends string>(reason: R, data?: Record<string, number | string>) =>
  data === undefined ? { ok: false as const, reason } : { ok: false as const, reason, data };

/** Throws unless `value` is a whole number. */
export function assertInt(value: number, what: string): void {
  if (!Number.isInteger(value)) throw new RangeError(`${what} is a whole number: ${value}`);
}

/** Throws unless `value` is a whole number >= 0. */
export function assertCount(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${what} is a whole number >= 0: ${value}`);
}

/** Throws unless `face` is a face of a die with `sides` faces, from `min` (1; 0 for the literal d3). */
export function assertDie(face: number, sides: number, min = 1): void {
  if (!Number.isInteger(face) || face < min || face > sides)
    throw new RangeError(`A d${sides} face is a whole number ${min}..${sides}: ${face}`);
}

/** Success or better (check.ts `isSuccess`; a Moment of High Insight already counts as a Wild Success). */
export const succeeded = isSuccess;

/** Throws unless `band` is one of Table 1's bands. */
export function assertBand(band: Band): void {
  if (band !== "dire-failure" && band !== "failure" && band !== "success" && band !== "wild-success")
    throw new RangeError(`Not a band: ${String(band)}`);
}
