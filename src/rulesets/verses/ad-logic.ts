/**
 * An actor's Action Dice as the rules layer's `AdRoundState`, and back as a document change. The
 * actor stores the round's `system.ad` (spent, EX-bound, reserved); the pool's size (`adMax`) is
 * derived. Every AD spend (roll dialog, defence, reload, move, rest) and every round's reset reads
 * and writes through here, so there is one bookkeeping. No Foundry globals.
 */
import type { DocumentChange } from "./changes-logic";
import { bindEX, spendAD, type AdRoundState, type Checked } from "./rules";

/** What an actor's system data holds of its AD (source and derived). */
export interface AdHolder {
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

/**
 * What a roll costs the actor: in Fast Action the AD it spends ("Action Cost": no more than are
 * unspent), and, in or out of it, the EX its ability dice bind (Intense Concentration: "binds 1
 * EX"). Outside Fast Action AD are not counted (the text tracks them by the round only). The
 * roll's minimum (1AD, Slow(#AD), a parry's minimum) is the dialog's to enforce before this.
 */
export function rollCost(
  system: AdHolder,
  roll: { ad: number; fastAction: boolean; exCost: number },
): Checked<AdRoundState> {
  let state = adStateOf(system);
  if (roll.fastAction && roll.ad > 0) {
    const spent = spendAD(state, roll.ad, { minimum: 0 });
    if (!spent.ok) return spent;
    state = spent.value;
  }
  if (roll.exCost > 0) state = bindEX(state, roll.exCost).state;
  return { ok: true, value: state };
}
