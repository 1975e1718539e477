/**
 * Fast Action in the tracker, without Foundry: who rolls how many dice for the turn order, how the
 * re-rolls of identical rolls settle, the numbers the tracker sorts by, and each actor's AD at the
 * start of a new round. The rules are in `rules/fast-action.ts` and `rules/conditions.ts`.
 */
import { adStateOf, type AdHolder } from "../ad-logic";
import {
  bindEX,
  countSuccesses,
  endRound,
  initiativeLabel,
  resolveTurnOrderRerolls,
  sickenedExBinding,
  turnOrder,
  type AdRoundState,
  type ConditionInput,
  type TurnOrderResult,
} from "../rules";

/** "All involved actors roll all dice in their AD pools (that have not been EX-bound)". */
export function initiativePool(system: AdHolder): number {
  return Math.max(0, system.adMax - system.ad.exBound);
}

/** One combatant's initiative roll. */
export interface InitiativeRoll {
  id: string;
  faces: number[];
}

/** The settled turn order, and every roll each combatant made for it (first roll, then re-rolls). */
export interface SettledOrder {
  order: string[];
  rolls: Record<string, number[][]>;
  /** Ties still open after the last allowed re-roll (identical rolls again and again). */
  unresolved: string[][];
}

/**
 * Settle the turn order: "If the numbers match at each level (ie: if the rolls are identical), the
 * tied actors re-roll" — only the tied ones, as often as they stay identical (at most `maxRerolls`
 * times; a tie left after that is the GM's to break, and is reported).
 */
export async function settleTurnOrder(
  first: readonly InitiativeRoll[],
  reroll: (ids: readonly string[]) => Promise<InitiativeRoll[]>,
  maxRerolls = 10,
): Promise<SettledOrder> {
  const rolls: Record<string, number[][]> = Object.fromEntries(first.map((r) => [r.id, [r.faces]]));
  let result: TurnOrderResult = turnOrder(first.map((r) => ({ id: r.id, faces: [...r.faces] })));
  for (let i = 0; i < maxRerolls && result.rerolls.length; i++) {
    const again = await reroll(result.rerolls.flat());
    for (const r of again) rolls[r.id]!.push(r.faces);
    result = resolveTurnOrderRerolls(result, again);
  }
  return { order: result.order, rolls, unresolved: result.rerolls };
}

/** The tracker's numbers: the first to act gets the highest, one apart (Foundry sorts descending). */
export function initiativeScores(order: readonly string[]): Record<string, number> {
  return Object.fromEntries(order.map((id, i) => [id, order.length - i]));
}

/** What the tracker shows of a combatant's initiative: "3S (6,6,5)", with its re-rolls. */
export function initiativeText(rolls: readonly (readonly number[])[]): { short: string; full: string } {
  const last = rolls.at(-1) ?? [];
  return {
    short: `${countSuccesses(last).successes}S`,
    full: rolls.map((faces) => initiativeLabel(faces)).join(" → "),
  };
}

/** One actor's end of round, as the rules give it. */
export interface RoundReset {
  state: AdRoundState;
  /** Unspent AD that counted as Watch this round. */
  watchAD: number;
  /** EX bound by Sickened this round. */
  sickenedEX: number;
}

/**
 * The end of a round for one actor ("Action Cost"; Sickened): spent AD come back, reservations
 * lapse, unspent AD counted as Watch, EX-bound dice stay bound; a Sickened actor that spent less
 * than 1AD on Rest this round binds 1 more AD to EX.
 */
export function roundReset(
  system: AdHolder & { conditions: readonly ConditionInput[] },
  adSpentOnRest: number,
): RoundReset {
  const { state, watchAD } = endRound(adStateOf(system), { max: system.adMax });
  const sickenedEX = sickenedExBinding(system.conditions, adSpentOnRest);
  const bound = sickenedEX ? bindEX(state, sickenedEX) : { state, bound: 0 };
  return { state: bound.state, watchAD, sickenedEX: bound.bound };
}

/** AD figures for the tracker: available of the pool, with what is spent, reserved and bound. */
export function trackerAd(system: AdHolder): {
  available: number;
  max: number;
  spent: number;
  reserved: number;
  exBound: number;
} {
  const { spent, exBound, reserved } = system.ad;
  const held = reserved.await + reserved.dodge + reserved.parry;
  return {
    available: Math.max(0, system.adMax - exBound - spent - held),
    max: system.adMax,
    spent,
    reserved: held,
    exBound,
  };
}

/** The turn-order card: every combatant rolled now or re-rolled, in order, with its rolls. */
export function turnOrderContext(
  settled: SettledOrder,
  nameOf: (id: string) => string,
  rolledNow: (id: string) => boolean,
): { rows: { name: string; short: string; full: string; rerolled: boolean }[]; unresolved: boolean } {
  return {
    rows: settled.order
      .filter((id) => rolledNow(id) || (settled.rolls[id]?.length ?? 0) > 1)
      .map((id) => {
        const rolls = settled.rolls[id] ?? [];
        return { name: nameOf(id), ...initiativeText(rolls), rerolled: rolls.length > 1 };
      }),
    unresolved: settled.unresolved.length > 0,
  };
}
