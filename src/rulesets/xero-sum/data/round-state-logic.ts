/**
 * A Xero Sum combatant's round as stored, Foundry-free: the flag keys a combatant keeps under
 * `flags.polyverse.xero-sum` (`round`: the rules' `RoundState` of the round it belongs to;
 * `initiative`: the last initiative roll; `drop`: Got the Drop), the round state read back strictly
 * (a forged or stale flag reads as a fresh round) and a combatant's state for a round (carried from
 * the round before per the rules). Below the rolls and the combat glue, which both read it: the
 * combat glue spends and settles rounds, the check reads the Cover Fire penalty waiting in one.
 */
import {
  COMBAT_ACTIONS,
  firstRoundState,
  nextRoundState,
  type ActionLosses,
  type CombatAction,
  type RoundState,
} from "../rules";

/** The flag keys (under `flags.polyverse.xero-sum`) of a combatant. */
export const ROUND_FLAG = "round";
export const INITIATIVE_FLAG = "initiative";
export const DROP_FLAG = "drop";

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const whole = (v: unknown, min: number, max: number): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
const bool = (v: unknown): v is boolean => typeof v === "boolean";
/** A record of small whole numbers keyed by ids (attacks per target, Coordinate bonuses). */
function counts(v: unknown, max: number): Record<string, number> | null {
  if (!isRecord(v)) return null;
  const out: Record<string, number> = {};
  for (const [k, n] of Object.entries(v)) {
    if (k.length > 64 || !whole(n, 0, max)) return null;
    out[k] = n;
  }
  return Object.keys(out).length > 64 ? null : out;
}

/** A stored round state, or null when it is missing or breaks its shape. */
export function readRoundState(raw: unknown): RoundState | null {
  if (!isRecord(raw)) return null;
  const r = raw;
  if (!whole(r.round, 0, 100000) || !whole(r.actionsLeft, 0, 10) || !whole(r.defends, 0, 10)) return null;
  if (!whole(r.nextCheck, -20, 0) || !whole(r.actionsOwed, 0, 10)) return null;
  for (const k of ["inCover", "inspired", "attacked", "wasAttacked", "sprinted"] as const)
    if (!bool(r[k])) return null;
  const taken = r.taken;
  if (!Array.isArray(taken) || taken.length > 10) return null;
  if (!taken.every((a) => (COMBAT_ACTIONS as readonly unknown[]).includes(a))) return null;
  const attacksOn = counts(r.attacksOn, 10);
  const coordinated = counts(r.coordinated, 2);
  const coordinatedNext = counts(r.coordinatedNext, 1);
  if (!attacksOn || !coordinated || !coordinatedNext) return null;
  let aim: RoundState["aim"] = null;
  if (r.aim !== null && r.aim !== undefined) {
    if (!isRecord(r.aim) || !whole(r.aim.bonus, 1, 2) || typeof r.aim.target !== "string") return null;
    aim = { bonus: r.aim.bonus, target: r.aim.target.slice(0, 64) };
  }
  return {
    round: r.round,
    actionsLeft: r.actionsLeft,
    taken: taken as CombatAction[],
    aim,
    attacksOn,
    defends: r.defends,
    inCover: r.inCover as boolean,
    coordinated,
    coordinatedNext,
    nextCheck: r.nextCheck,
    inspired: r.inspired as boolean,
    actionsOwed: r.actionsOwed,
    attacked: r.attacked as boolean,
    wasAttacked: r.wasAttacked as boolean,
    sprinted: r.sprinted as boolean,
  };
}

/**
 * A combatant's state for `round`: the stored one when it is that round's; the round after a stored
 * state of the round before (carried per the rules, `nextRoundState`); a fresh round otherwise
 * (joined late, or a flag that cannot be read). `losses` are this round's (Winded, a Panic).
 */
export function stateForRound(raw: unknown, round: number, losses: ActionLosses = {}): RoundState {
  const stored = readRoundState(raw);
  if (stored && stored.round === round) return stored;
  if (stored && stored.round === round - 1 && round >= 1) return nextRoundState(stored, losses);
  return firstRoundState(Math.max(0, round), losses);
}
