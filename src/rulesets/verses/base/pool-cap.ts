/**
 * The largest pool a world allows (world setting `maxPool`), Foundry-free: the pool builder
 * (pools.ts), the AD pool (living.ts), the roll dialog, the roll itself and the card all cut or
 * check a number of dice here, with the cap passed in, so the glue only reads the setting.
 */
import type { PoolPart } from "./pool-view";

/**
 * The largest pool a world may allow, and its default (world setting `maxPool`). No test in the
 * text comes near 100 dice; the cap keeps a typo or a hostile bonus (200,000 dice) from posting a
 * card of megabytes to every client.
 */
export const MAX_POOL = { default: 100, min: 10, max: 1000 } as const;

/** The i18n key of the pool part that cuts a pool to the cap ("World maximum ({max} dice)"). */
export const POOL_CAP_LABEL = "POLYVERSE.Verses.Pool.Cap";

/** Any one part's dice are read within this bound, so that sums of hostile data stay finite. */
export const PART_BOUND = 1_000_000_000;

/** A setting's value as a usable cap: a whole number within {@link MAX_POOL}, else the default. */
export function poolCapOf(value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return MAX_POOL.default;
  return Math.min(MAX_POOL.max, Math.max(MAX_POOL.min, Math.floor(value)));
}

/** A number of dice read from data: whole, finite (anything else reads as 0) and within `bound`. */
export function wholeDice(value: unknown, bound = PART_BOUND): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return 0;
  return Math.max(-bound, Math.min(bound, Math.trunc(value)));
}

/**
 * A number of dice cut to the cap: `dice` is what is rolled (0..cap) and `cut` how many were
 * taken off (0 when the pool was within the cap).
 */
export function capDice(value: unknown, maxPool: number): { dice: number; cut: number } {
  const max = poolCapOf(maxPool);
  const dice = Math.max(0, wholeDice(value));
  return dice > max ? { dice: max, cut: dice - max } : { dice, cut: 0 };
}

/** A bonus (or penalty) of dice within the cap either way: a whole number in -cap..cap. */
export function clampBonus(value: unknown, maxPool: number): number {
  const max = poolCapOf(maxPool);
  return Math.max(-max, Math.min(max, wholeDice(value)));
}

/** A pool's parts cut to the cap. */
export interface CappedParts {
  /** The parts, each a whole number of dice, ending with the cap's part when the pool was cut. */
  parts: PoolPart[];
  /** The dice rolled (0..cap): the sum of `parts`, never below 0. */
  dice: number;
  /** The dice the parts came to before the cap (at least 0). */
  from: number;
  /** Dice taken off by the cap (0 when within it). */
  cut: number;
  max: number;
}

/**
 * Cut a pool's labelled parts to the cap. Every part's dice are read as whole numbers (a part
 * that is not a number counts 0); when they add up to more than the cap, a last part
 * ({@link POOL_CAP_LABEL}) takes the excess off, so the card still shows where every die came from
 * and the parts still add up to the dice rolled. Idempotent: a cap part already there is
 * replaced, and `cut` counts it.
 */
export function capPoolParts(parts: readonly PoolPart[] | null | undefined, maxPool: number): CappedParts {
  const max = poolCapOf(maxPool);
  const kept: PoolPart[] = [];
  for (const part of Array.isArray(parts) ? parts : []) {
    if (!part || typeof part !== "object" || part.label === POOL_CAP_LABEL) continue;
    const label = typeof part.label === "string" ? part.label : String(part.label ?? "");
    kept.push({ ...part, label, dice: wholeDice(part.dice) });
  }
  const total = kept.reduce((sum, p) => sum + p.dice, 0);
  const from = Math.max(0, total);
  if (from <= max) return { parts: kept, dice: from, from, cut: 0, max };
  return {
    parts: [...kept, { label: POOL_CAP_LABEL, dice: max - total, data: { max: String(max) } }],
    dice: max,
    from,
    cut: from - max,
    max,
  };
}

/** The roll dialog's note when a pool is cut to the cap (a `DialogMessage`). */
export function cappedNote(capped: { from: number; max: number }): {
  key: string;
  data: Record<string, string>;
} {
  return {
    key: "POLYVERSE.Verses.Pool.CappedNote",
    data: { from: String(capped.from), max: String(capped.max) },
  };
}
