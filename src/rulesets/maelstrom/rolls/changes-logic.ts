/**
 * What a Maelstrom roll and its card's buttons change on the actor, as core `DocumentChange` data
 * (Foundry-free), and the check the GM holds a player's card's pending changes to.
 *
 * - Willpower spent in the dialog to ignore the wound penalty: one dot, and the round it was spent in
 *   (`combat.ignoreWoundsRound`: "Once per turn"); Willpower spent before (`combat.ignoreWounds`) is
 *   used up by the roll.
 * - A Willpower botch: "reduces your character's current Willpower by one dot per uncancelled botch"
 *   (`botchLoss`, never below 0; at 0 the character is broken).
 * - The experience die: one available point banked in a trait used (`bankExperience`).
 * - Spend Willpower: one dot, for an automatic success (`autoSuccess`).
 */
import type { DocumentChange } from "../../../core/changes-logic";
import { botchLoss, type RollResult } from "../rules";
import type { MaelstromCard } from "./messages-logic";
import type { MaelstromRollOptions } from "./roll-logic";

export const WILLPOWER_PATH = "system.willpower.value";
export const IGNORE_PATH = "system.combat.ignoreWounds";
export const IGNORE_ROUND_PATH = "system.combat.ignoreWoundsRound";

export interface Who {
  uuid: string;
  name: string;
}

/** How the roll used Willpower against the wound penalty. */
export interface WoundSpend {
  /** One dot spent now. */
  spend: boolean;
  /** Willpower spent before, used up now. */
  usePending: boolean;
  /** The combat round ("<combat id>:<round>", "" outside combat). */
  round: string;
}

/**
 * What a roll changes on its actor (null: nothing) and, for a Willpower botch, what the card says
 * it cost. `current` is the actor's Willpower when rolled.
 */
export function rollChanges(
  who: Who,
  options: Pick<MaelstromRollOptions, "kind">,
  result: Pick<RollResult, "outcome" | "uncancelledBotches">,
  current: number,
  wounds: WoundSpend,
): { change: DocumentChange | null; botchLoss: MaelstromCard["botchLoss"] } {
  const spent = wounds.spend && current > 0 ? 1 : 0;
  const loss =
    options.kind === "willpower" && result.outcome === "botch"
      ? botchLoss({
          current: Math.max(0, Math.min(10, current - spent)),
          uncancelledBotches: result.uncancelledBotches,
        })
      : null;
  const delta = spent + (loss?.lost ?? 0);
  const set: Record<string, unknown> = {};
  if (wounds.spend) set[IGNORE_ROUND_PATH] = wounds.round;
  if (wounds.usePending) set[IGNORE_PATH] = false;
  const change: DocumentChange | null =
    delta > 0 || Object.keys(set).length
      ? {
          uuid: who.uuid,
          name: who.name,
          ...(Object.keys(set).length ? { set } : {}),
          ...(delta > 0 ? { add: [{ path: WILLPOWER_PATH, delta: -delta, min: 0 }] } : {}),
        }
      : null;
  return { change, botchLoss: loss ? { lost: loss.lost, current: loss.current, broken: loss.broken } : null };
}

/** The experience die's banking: one available point into the trait's bank. */
export function experienceChange(who: Who, trait: string): DocumentChange {
  return {
    uuid: who.uuid,
    name: who.name,
    add: [
      { path: "system.xp.available", delta: -1, min: 0 },
      { path: `system.xp.bank.${trait}`, delta: 1, min: 0 },
    ],
  };
}

/** Spend Willpower for an automatic success: one dot. */
export function willpowerSpendChange(who: Who): DocumentChange {
  return { uuid: who.uuid, name: who.name, add: [{ path: WILLPOWER_PATH, delta: -1, min: 0 }] };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Why a player's card's pending changes are more than its roll justifies (an i18n key), or null: each
 * is on the card's own actor and asks at most for the Willpower the roll costs (a dot spent against
 * the wound penalty, the botches of a Willpower roll) and the ignore-wounds marks the roll set.
 */
export function pendingProblem(
  pending: readonly unknown[],
  actorUuid: string,
  options: MaelstromRollOptions,
  result: Pick<RollResult, "outcome" | "uncancelledBotches">,
): string | null {
  const bad = "POLYVERSE.Maelstrom.Roll.Relay.Unjustified";
  const cost =
    (options.woundsIgnored ? 1 : 0) +
    (options.kind === "willpower" && result.outcome === "botch" ? result.uncancelledBotches : 0);
  for (const change of pending) {
    if (!isRecord(change) || change.uuid !== actorUuid) return bad;
    const add = Array.isArray(change.add) ? (change.add as unknown[]) : [];
    for (const d of add)
      if (!isRecord(d) || d.path !== WILLPOWER_PATH || typeof d.delta !== "number" || -d.delta > cost)
        return bad;
    const set = isRecord(change.set) ? change.set : {};
    if (IGNORE_ROUND_PATH in set && !options.woundsIgnored) return bad;
  }
  return null;
}
