/**
 * Input checks and the refusal shape shared by helper v-char's rules files (internal: rules/index.ts
 * does not re-export this file, so its names never meet another file's in the public API). The
 * number checks are roll-guards.ts's.
 */
import type { CharacterRefusal } from "./character-keys";

export { assertCount, assertRange, assertWhole } from "./roll-guards";

/** A value, or a refusal with its reason key and the numbers for the message. */
export type Checked<T> =
  { ok: true; value: T } | { ok: false; reason: CharacterRefusal; data?: Record<string, number | string> };

export const accept = <T>(value: T): Checked<T> => ({ ok: true, value });

export const refuse = <T = never>(
  reason: CharacterRefusal,
  data?: Record<string, number | string>,
): Checked<T> => (data === undefined ? { ok: false, reason } : { ok: false, reason, data });

/** Throws unless `value` is one of `keys`. */
export function assertKey<K extends string>(keys: readonly K[], value: K, what: string): void {
  if (!keys.includes(value)) throw new RangeError(`${what} is not a known key: ${String(value)}`);
}

/**
 * A critical failure in the sense training, books and the adrenal self-save use: a critical result
 * ("Rolling all 1s"; it fails by the DL) or a failure by 10 or more ("Failing by 10 or more is
 * *critical*").
 */
export function criticalFailure(result: { margin: number; critical: boolean }): boolean {
  return result.critical || result.margin <= -10;
}
