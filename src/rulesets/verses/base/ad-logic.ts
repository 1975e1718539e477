/**
 * An actor's Action Dice as the rules layer's `AdRoundState`, and back as a document change. The
 * actor stores the round's `system.ad` (spent, EX-bound, reserved); the pool's size (`adMax`) is
 * derived. Every AD spend (roll dialog, defence, reload, move, rest) and every round's reset reads
 * and writes through here, so there is one bookkeeping. No Foundry globals.
 */
import type { DocumentChange } from "../../../core/changes-logic";
import type { AdRoundState } from "../rules";

/** What an actor's system data holds of its AD (source and derived). */
interface AdHolder {
  adMax: number;
  ad: { spent: number; exBound: number; reserved: { await: number; dodge: number; parry: number } };
}

/** The actor's round as the rules see it. */
export function adStateOf(system: AdHolder): AdRoundState {
  const { spent, exBound, reserved } = system.ad;
  return { max: system.adMax, exBound, spent, reserved: { ...reserved } };
}

/**
 * The change that makes the actor's stored AD equal `after` (only the values that differ), or
 * null when nothing differs. Values are set, not added: the state was computed from the current
 * one, and a GM applying it later applies the same round.
 */
export function adChange(
  ref: { uuid: string; name: string },
  before: AdRoundState,
  after: AdRoundState,
): DocumentChange | null {
  const set: Record<string, number> = {};
  if (after.spent !== before.spent) set["system.ad.spent"] = after.spent;
  if (after.exBound !== before.exBound) set["system.ad.exBound"] = after.exBound;
  for (const kind of ["await", "dodge", "parry"] as const)
    if (after.reserved[kind] !== before.reserved[kind])
      set[`system.ad.reserved.${kind}`] = after.reserved[kind];
  return Object.keys(set).length ? { uuid: ref.uuid, name: ref.name, set } : null;
}
