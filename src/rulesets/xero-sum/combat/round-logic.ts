/**
 * Xero Sum's combat bookkeeping without Foundry: what a combatant keeps
 * (`flags.polyverse.xero-sum.round`: the rules' `RoundState` of the round it belongs to, read back
 * strictly, so a forged or stale flag reads as a fresh round; `flags.polyverse.xero-sum.initiative`:
 * the last initiative roll with its bonuses; `flags.polyverse.xero-sum.drop`: Got the Drop, −3 on the
 * next initiative), the next initiative's bonuses from the round that ended, the tracker's order
 * (highest first, PCs before NPCs on a draw, ties acting together) and the tracker's action choices.
 */
import {
  COMBAT_ACTIONS,
  COMBAT_ACTION_RULES,
  receiveCoordinate,
  receiveDistract,
  receiveInspire,
  type Band,
  type SkillKey,
  initiativeBonuses,
  wasQuiet,
  type CombatAction,
  type RoundState,
} from "../rules";

import { readRoundState } from "../data/round-state-logic";

export {
  DROP_FLAG,
  INITIATIVE_FLAG,
  ROUND_FLAG,
  readRoundState,
  stateForRound,
} from "../data/round-state-logic";

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const whole = (v: unknown, min: number, max: number): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
/** The last initiative roll a combatant keeps. */
export interface InitiativeRecord {
  round: number;
  dice: [number, number];
  /** ACU + DEX after Lasting Wounds, plus the sheet's initiative bonus. */
  modifier: number;
  quiet: number;
  drop: number;
  rattled: number;
  total: number;
}

/** A stored initiative record, or null. */
export function readInitiative(raw: unknown): InitiativeRecord | null {
  if (!isRecord(raw) || !Array.isArray(raw.dice) || raw.dice.length !== 2) return null;
  const [a, b] = raw.dice as unknown[];
  if (!whole(a, 1, 6) || !whole(b, 1, 6) || !whole(raw.round, 0, 100000)) return null;
  const { modifier, quiet, drop, rattled, total } = raw;
  if (!whole(modifier, -30, 30) || !whole(quiet, 0, 1) || !whole(drop, -3, 0) || !whole(rattled, -2, 0))
    return null;
  if (total !== a + b + modifier + quiet + drop + rattled) return null;
  return { round: raw.round, dice: [a, b], modifier, quiet, drop, rattled, total };
}

/** What the next initiative roll reads about a combatant. */
export interface InitiativeSource {
  /** The round the roll is for (1 before the combat starts). */
  round: number;
  /** The combatant's stored round state (any round). */
  roundState: unknown;
  /** Got the Drop before the first round. */
  gotTheDrop: boolean;
  /** Panicked "Rattled". */
  rattled: boolean;
  /** ACU + DEX after Lasting Wounds, with the sheet's bonus. */
  modifier: number;
}

/**
 * An initiative roll's record from its dice: 2d6 + modifier + the round bonuses (rules
 * `initiativeBonuses`): +1 when the round before was quiet (from round 2's roll on), −3 after Getting
 * the Drop, −2 Rattled.
 */
export function initiativeRecord(source: InitiativeSource, dice: [number, number]): InitiativeRecord {
  const endedRound = Math.max(0, source.round - 1);
  const before = readRoundState(source.roundState);
  // Nothing recorded for the round that ended (no action taken, never attacked) is a quiet round too.
  const quiet = endedRound >= 1 && !(before !== null && before.round === endedRound && !wasQuiet(before));
  const b = initiativeBonuses({ endedRound, quiet, gotTheDrop: source.gotTheDrop, rattled: source.rattled });
  const modifier = Math.max(-30, Math.min(30, source.modifier));
  return {
    round: source.round,
    dice,
    modifier,
    quiet: b.quiet,
    drop: b.drop,
    rattled: b.rattled,
    total: dice[0] + dice[1] + modifier + b.total,
  };
}

/** One row of the tracker, for ordering. */
export interface TurnEntry {
  initiative: number | null;
  pc: boolean;
  name: string;
}

/**
 * The tracker's order: highest initiative first; on a draw PCs before NPCs (rules `initiativeOrder`);
 * then by name; combatants not rolled last.
 */
export function compareTurns(a: TurnEntry, b: TurnEntry): number {
  const ia = a.initiative ?? -Infinity;
  const ib = b.initiative ?? -Infinity;
  if (ia !== ib) return ib - ia;
  if (a.pc !== b.pc) return a.pc ? -1 : 1;
  return a.name.localeCompare(b.name);
}

/** Whether two rolled entries act at the same moment (same number, both PCs or both NPCs). */
export const simultaneous = (a: TurnEntry, b: TurnEntry): boolean =>
  a.initiative !== null && a.initiative === b.initiative && a.pc === b.pc;

/** What the tracker shows of a combatant's round. */
export interface TrackerRow {
  actionsLeft: number;
  /** Each action as a choice: its cost, and whether it can be taken now. */
  choices: { action: CombatAction; cost: number; open: boolean }[];
  /** Short markers: aiming, defending, in cover, pinned, inspired, sprinted, coordinated, got the Drop. */
  marks: ("aim" | "defend" | "cover" | "pinned" | "inspired" | "sprinted" | "coordinated" | "drop")[];
  taken: CombatAction[];
}

/** The tracker's view of a round state (actions an attack takes are taken through the attack dialog). */
export function trackerRow(state: RoundState): TrackerRow {
  const choices = COMBAT_ACTIONS.map((action) => {
    const r = COMBAT_ACTION_RULES[action];
    const cost = Math.min(...r.uses);
    const open = state.actionsLeft >= cost && (!r.fromCover || state.inCover);
    return { action, cost, open };
  });
  const marks: TrackerRow["marks"] = [];
  if (state.aim) marks.push("aim");
  if (state.defends > 0) marks.push("defend");
  if (state.inCover) marks.push("cover");
  if (state.nextCheck < 0) marks.push("pinned");
  if (state.inspired) marks.push("inspired");
  if (state.sprinted) marks.push("sprinted");
  if (Object.keys(state.coordinated).length) marks.push("coordinated");
  // Round 0 is the single action of Getting the Drop.
  if (state.round === 0) marks.push("drop");
  return { actionsLeft: state.actionsLeft, choices, marks, taken: [...state.taken] };
}

/** Whether an action is an attack (taken through the attack dialog and card, not the tracker's choice). */
export const isAttackAction = (action: CombatAction): boolean => COMBAT_ACTION_RULES[action].attacks;

/** The actions whose check does something to another combatant. */
export const EFFECT_ACTIONS = ["coordinate", "distract", "inspire"] as const;
export type EffectAction = (typeof EFFECT_ACTIONS)[number];
/** The actions taken with a check (check-actions.ts). */
export const CHECK_ACTIONS: readonly CombatAction[] = [...EFFECT_ACTIONS, "sprint", "diceCheck"];

/** The skills an action's check may use (null: any check; Table 9). */
export function allowedSkills(action: CombatAction): readonly SkillKey[] | null {
  const check = COMBAT_ACTION_RULES[action].check;
  return Array.isArray(check) ? (check as readonly SkillKey[]) : null;
}

/**
 * What a check's band does to the combatant receiving it (rules `receiveDistract`, `receiveInspire`,
 * `receiveCoordinate` against `enemyKey`), or why not (an i18n key: Inspired once a round).
 */
export function receivedState(
  state: RoundState,
  action: EffectAction,
  band: Band,
  enemyKey: string,
): RoundState | string {
  if (action === "distract") return receiveDistract(state, band);
  if (action === "inspire") {
    const r = receiveInspire(state, band);
    return r.ok ? r.value : `POLYVERSE.XeroSum.CombatRules.Problem.${r.reason}`;
  }
  return receiveCoordinate(state, enemyKey, band);
}
