/**
 * Round-long rules of Fast Action ('Verses Core 0.8.5): leaving cover mid-round ("Full Cover") and
 * Heightened Metabolism's dice, bound when used and freed by Rest. Pure rules: no Foundry, no globals.
 */
import type { ObstructiveCover } from "./attacks";
import { type Checked, refused } from "./types";

// ---- leaving cover mid-round ------------------------------------------------------------------

/**
 * The cover a target has from an attacker once it has left cover this round ("Full Cover"): "A
 * target is behind full cover from an attacker if the attacker has no direct line-of-sight to any
 * significant part of the target for the entire Round ... if the actor moves partially or fully from
 * behind the wall to take an action—even for only part of their turn—thereafter they have only
 * Partial cover for the rest of the round." Full becomes partial; partial and none stay. Anders
 * dashing from cover across the passage ("Dodge") is in partial cover at best for the round.
 */
export function coverAfterLeaving<C extends ObstructiveCover | "none" | "partial" | "full">(
  cover: C,
  leftCoverThisRound: boolean,
): C | "partial" {
  return leftCoverThisRound && cover === "full" ? "partial" : cover;
}

/** Whether a mark of leaving cover (the round it was made in) still holds in `round`: "for the rest of the round". */
export function leftCoverHolds(mark: { round: number } | null | undefined, round: number): boolean {
  return mark !== null && mark !== undefined && mark.round === round;
}

// ---- Heightened Metabolism ---------------------------------------------------------------------

/** Heightened Metabolism's dice on an actor. */
export interface MetabolismDice {
  /** Allocated dice. */
  allocated: number;
  /** Dice used and "treated as EX-bound until they are recovered through the Rest action". */
  bound: number;
}

/** The dice free to use now: allocated minus bound. */
export function metabolismFree(hm: MetabolismDice): number {
  return Math.max(0, hm.allocated - Math.max(0, hm.bound));
}

/**
 * Use Heightened Metabolism's dice ("Heightened Metabolism"): "Any allocated dice may be used in
 * addition to or in place of action dice. Once used in this way, allocated dice are treated as
 * EX-bound until they are recovered through the Rest action." With 2 allocated and none bound,
 * using 2 adds 2 dice to the pool and leaves 2 bound; a third is refused.
 */
export function useMetabolism(hm: MetabolismDice, dice: number): Checked<MetabolismDice> {
  if (!Number.isInteger(dice) || dice < 0) return refused("metabolismNotWhole", { dice });
  const free = metabolismFree(hm);
  if (dice > free) return refused("metabolismNotFree", { free }, free);
  return { ok: true, value: { ...hm, bound: Math.max(0, hm.bound) + dice } };
}

/**
 * What a Rest action frees: the Rest target counts Heightened Metabolism's bound dice with the EX-bound
 * AD (`TUF + #AD → (#EX)S`: they are "treated as EX-bound"), and the SM unbinds the metabolism's dice
 * first, then AD (spec §11.2 #28; the text says only that they "are recovered through the Rest
 * action"). With 2 AD and 1 metabolism die bound, the Rest is against 3S, and SM 2 frees the
 * metabolism die and 1 AD.
 */
export function restWithMetabolism(
  exBoundAd: number,
  metabolismBound: number,
  margin: number,
): { target: number; metabolismFreed: number; adFreed: number } {
  const hm = Math.max(0, metabolismBound);
  const ex = Math.max(0, exBoundAd);
  const sm = Math.max(0, margin);
  const metabolismFreed = Math.min(hm, sm);
  const adFreed = Math.min(ex, sm - metabolismFreed);
  return { target: ex + hm, metabolismFreed, adFreed };
}
