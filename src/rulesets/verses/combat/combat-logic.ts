/**
 * 'Verses Fast Action in the combat tracker, Foundry-free: the initiative roll and its re-rolls, the
 * number each combatant stores so that Foundry's tracker sorts it as the rules do, Tactical
 * Awareness, the AD economy from round to round (Watch, Sickened, overload), Move by AD with the
 * all-AD exhaustion rule, and what the tracker shows of each combatant's AD. The rules are the
 * rules layer's functions; this module only gathers their inputs and shapes their results. The
 * Foundry side is `combat.ts` (documents), `tracker.ts` (the tracker's rows) and `hooks.ts`.
 */
import {
  CONDITIONS,
  applyTacticalAwareness,
  availableAD,
  bindEX,
  countSuccesses,
  declareAwait,
  endRound,
  expandConditions,
  initiativeLabel,
  initiativeValue,
  moveExhaustion,
  newAdRound,
  reserveAD,
  resolveTurnOrderRerolls,
  riseFromProneAD,
  sickenedExBinding,
  sortSixesFirst,
  spendAD,
  spendMove,
  startTurn,
  turnOrder,
  type ActorKind,
  type AdRoundState,
  type ConditionInput,
  type RulesMessage,
  type TurnOrderResult,
} from "../rules";
import type { CardLine } from "../rolls/special";
import { lineTextWith, type Localize } from "../base/card-text";
import { rulesLine } from "../base/rules-message-logic";
import { pluralKey } from "../../../core/i18n-logic";

export { lineTextWith, type Localize } from "../base/card-text";

const ROOT = "POLYVERSE.Verses.Combat";

/** A refusal or a value; refusals are i18n lines the glue shows. */
export type Planned<T> = { ok: true; value: T } | { ok: false; reason: CardLine };
const refuse = (key: string, data?: Record<string, string | number>): { ok: false; reason: CardLine } => ({
  ok: false,
  reason: data ? { key, data } : { key },
});
/** A refusal with the rules layer's reason. */
const refuseRules = (reason: RulesMessage): { ok: false; reason: CardLine } => ({
  ok: false,
  reason: rulesLine(reason),
});

// ---- initiative --------------------------------------------------------------------------------

/**
 * The dice a combatant rolls for turn order: "all dice in their AD pools (that have not been
 * EX-bound)" ("Determining Turn Order"): the pool after conditions less the EX-bound dice. Spent
 * dice count: "rolled ADs are returned to the AD pool" and rolling costs nothing.
 */
export function initiativeDice(system: { adMax: number; ad: { exBound: number } }): number {
  return availableAD(newAdRound(Math.max(0, system.adMax), Math.min(system.adMax, system.ad.exBound)));
}

/**
 * What a combatant keeps of its turn-order roll (`flags.polyverse.verses.initiative`): the faces of the
 * roll that placed it, the faces of each re-roll after an identical roll, and the Tactical
 * Awareness dice spent and places moved (positive: earlier).
 */
export interface InitiativeRecord {
  faces: number[];
  rerolls: number[][];
  taSpent: number;
  taPlaces: number;
}

/** A combatant's roll: its id and faces. */
export interface RolledEntry {
  id: string;
  faces: number[];
}

/** A combatant that already has a place: its stored number and the faces that gave it. */
interface PlacedEntry {
  id: string;
  initiative: number;
  faces: number[];
}

/** The result of settling the turn order of a roll. */
interface SettledInitiative {
  /** The number to store for each combatant that changes: the new rollers and any tied one. */
  values: Map<string, number>;
  /** The faces of each re-roll, per combatant, in the order rolled. */
  rerolls: Map<string, number[][]>;
  /** The final order of the combatants that rolled or re-rolled (best first). */
  order: string[];
  /** Groups still tied after the last permitted re-roll (the GM orders them). */
  unresolved: string[][];
}

/** Re-rolls of one tie before the GM is left to order them: identical rolls this often are rare. */
export const MAX_REROLL_ROUNDS = 10;

/**
 * Settle the turn order after a roll ("Determining Turn Order"): order by successes, then 6s, 5s,
 * 4s...; "If the numbers match at each level (ie: if the rolls are identical), the tied actors
 * re-roll" (`turnOrder`, `resolveTurnOrderRerolls`). A newcomer whose roll matches a combatant
 * already placed re-rolls with it (spec §11.2 #2: "roll on entry and insert"); combatants who tied
 * only among themselves earlier keep the places their re-roll gave them. `reroll(ids)` rolls the
 * tied combatants again.
 *
 * The stored number is `initiativeValue(faces)` (successes·10¹² + 6s·10¹⁰ + ... + 1s, so Foundry's
 * numeric sort is the text's order); combatants whose rolls were identical share it and are told
 * apart by the re-roll as a fraction: in a block of k, the r-th (from 0) adds `(k − r) / (k + 1)`.
 * Values of different rolls differ by at least 1, so the fraction never reorders them.
 */
export async function settleInitiative(
  placed: readonly PlacedEntry[],
  rolled: readonly RolledEntry[],
  reroll: (ids: string[]) => Promise<RolledEntry[]>,
  maxRounds = MAX_REROLL_ROUNDS,
): Promise<SettledInitiative> {
  const rolledIds = new Set(rolled.map((r) => r.id));
  const others = placed.filter((p) => !rolledIds.has(p.id));
  const entries: RolledEntry[] = [...others.map((p) => ({ id: p.id, faces: p.faces })), ...rolled];
  const first = turnOrder(entries);
  const groups = first.rerolls.filter((g) => g.some((id) => rolledIds.has(id)));
  const values = new Map<string, number>();
  const rerolls = new Map<string, number[][]>();
  const facesOf = new Map(entries.map((e) => [e.id, e.faces]));
  for (const r of rolled) values.set(r.id, initiativeValue(r.faces));

  let state: TurnOrderResult = { order: first.order, rerolls: groups };
  for (let round = 0; state.rerolls.length && round < maxRounds; round++) {
    const again = await reroll(state.rerolls.flat());
    for (const { id, faces } of again) rerolls.set(id, [...(rerolls.get(id) ?? []), [...faces]]);
    state = resolveTurnOrderRerolls(state, again);
  }
  for (const group of groups) {
    const members = new Set(group);
    const ordered = state.order.filter((id) => members.has(id));
    const base = initiativeValue(facesOf.get(group[0] ?? "") ?? []);
    ordered.forEach((id, rank) => values.set(id, base + (ordered.length - rank) / (ordered.length + 1)));
  }
  const changed = new Set(values.keys());
  return {
    values,
    rerolls,
    order: state.order.filter((id) => changed.has(id)),
    unresolved: state.rerolls,
  };
}

/** The record to store after a roll: new faces replace the old, re-rolls are added. */
export function initiativeRecord(
  previous: InitiativeRecord | null,
  faces: number[] | null,
  rerolls: number[][] = [],
): InitiativeRecord {
  const base: InitiativeRecord =
    faces !== null
      ? { faces: [...faces], rerolls: [], taSpent: 0, taPlaces: 0 }
      : (previous ?? { faces: [], rerolls: [], taSpent: 0, taPlaces: 0 });
  return { ...base, rerolls: [...base.rerolls, ...rerolls.map((r) => [...r])] };
}

/** Read a stored record, or null when there is none (initiative set by hand). */
export function readInitiativeRecord(value: unknown): InitiativeRecord | null {
  const v = value as Partial<InitiativeRecord> | null | undefined;
  if (!v || !Array.isArray(v.faces)) return null;
  const faces = (list: unknown): number[] =>
    Array.isArray(list) ? list.filter((f): f is number => Number.isInteger(f) && f >= 1 && f <= 6) : [];
  return {
    faces: faces(v.faces),
    rerolls: Array.isArray(v.rerolls) ? v.rerolls.map(faces) : [],
    taSpent: Number.isInteger(v.taSpent) ? Math.max(0, v.taSpent as number) : 0,
    taPlaces: Number.isInteger(v.taPlaces) ? (v.taPlaces as number) : 0,
  };
}

/**
 * A tied combatant's new turn-order number, as the GM accepts it from another player's roll: the
 * combatant must have tied with the roller ("If the numbers match at each level (ie: if the rolls
 * are identical), the tied actors re-roll"), so its stored faces are the roller's; the record sent
 * keeps those faces and only adds re-rolls (at most `MAX_REROLL_ROUNDS`, real d6 faces, no more dice
 * than the roll had); and the number is the faces' own `initiativeValue` plus the re-roll's
 * fraction, which lies in [0, 1). Anything else is null: refused.
 */
export function acceptTiedInitiative(
  rollerFaces: readonly number[],
  previous: InitiativeRecord | null,
  requested: { initiative: unknown; record: unknown },
): { initiative: number; record: InitiativeRecord } | null {
  if (!previous || !rollerFaces.length) return null;
  const base = initiativeValue([...previous.faces]);
  if (base !== initiativeValue([...rollerFaces])) return null;
  const record = readInitiativeRecord(requested.record);
  const raw = requested.record as { faces?: unknown[]; rerolls?: unknown[][] } | null;
  if (!record || !raw || raw.faces?.length !== record.faces.length) return null;
  if (initiativeValue(record.faces) !== base || record.faces.length !== previous.faces.length) return null;
  const added = record.rerolls.slice(previous.rerolls.length);
  const kept = record.rerolls.slice(0, previous.rerolls.length);
  if (kept.some((r, i) => initiativeValue(r) !== initiativeValue(previous.rerolls[i] ?? []))) return null;
  if (added.length < 1 || added.length > MAX_REROLL_ROUNDS) return null;
  if ((raw.rerolls ?? []).some((r, i) => !Array.isArray(r) || r.length !== record.rerolls[i]?.length))
    return null;
  if (added.some((r) => r.length > previous.faces.length)) return null;
  if (record.taSpent !== previous.taSpent || record.taPlaces !== previous.taPlaces) return null;
  const initiative = requested.initiative;
  if (typeof initiative !== "number" || !Number.isFinite(initiative)) return null;
  const fraction = initiative - base;
  if (!(fraction >= 0 && fraction < 1)) return null;
  return { initiative, record };
}

/** What the tracker shows in the initiative column: short ("2S") and in full (its tooltip). */
interface InitiativeDisplay {
  short: string;
  lines: CardLine[];
}

/**
 * The tracker's initiative: the successes, and in full the roll sixes first (`initiativeLabel`,
 * "3S (6,6,5)"), each re-roll, and a Tactical Awareness move.
 */
export function initiativeDisplay(record: InitiativeRecord): InitiativeDisplay {
  const label = (faces: number[]): CardLine =>
    faces.length
      ? { key: `${ROOT}.Initiative.Roll`, data: { roll: initiativeLabel(faces) } }
      : { key: `${ROOT}.Initiative.NoDice` };
  const { successes } = countSuccesses(record.faces);
  const lines: CardLine[] = [label(record.faces)];
  for (const faces of record.rerolls)
    lines.push({
      key: `${ROOT}.Initiative.Rerolled`,
      data: { roll: faces.length ? initiativeLabel(faces) : "—" },
    });
  if (record.taPlaces !== 0)
    lines.push({
      key: pluralKey(
        `${ROOT}.Initiative.${record.taPlaces > 0 ? "TaEarlier" : "TaLater"}`,
        Math.abs(record.taPlaces),
      ),
      data: { places: Math.abs(record.taPlaces) },
    });
  return { short: `${successes}S`, lines };
}

/** One die on the initiative card. */
export interface DieView {
  face: number;
  css: "six" | "five" | "miss";
}
const dieView = (face: number): DieView => ({ face, css: face === 6 ? "six" : face === 5 ? "five" : "miss" });

/** One combatant's row on the initiative card. */
interface InitiativeCardRow {
  place: number;
  name: string;
  dice: DieView[];
  successes: number;
  rerolls: { dice: DieView[]; successes: number }[];
}

/**
 * The initiative card: the combatants in their final order (place 1 acts first), each with its
 * roll sixes first and any re-roll; `unresolved` lists ties left to the GM.
 */
export function initiativeCardRows(
  order: readonly string[],
  rolls: ReadonlyMap<string, { name: string; faces: number[]; rerolls: number[][] }>,
  places: ReadonlyMap<string, number>,
): InitiativeCardRow[] {
  return order.flatMap((id) => {
    const roll = rolls.get(id);
    if (!roll) return [];
    return [
      {
        place: places.get(id) ?? 0,
        name: roll.name,
        dice: sortSixesFirst(roll.faces).map(dieView),
        successes: countSuccesses(roll.faces).successes,
        rerolls: roll.rerolls.map((faces) => ({
          dice: sortSixesFirst(faces).map(dieView),
          successes: countSuccesses(faces).successes,
        })),
      },
    ];
  });
}

// ---- Tactical Awareness ------------------------------------------------------------------------

/** A combatant in the tracker's current order. */
interface TurnEntry {
  id: string;
  initiative: number | null;
}

/**
 * Tactical Awareness: "After all actors in fast action have rolled for turn order, the actor can
 * spend any number of allocated dice to increase or decrease their position in the turn order by
 * one position per die" (`applyTacticalAwareness`). `places` > 0 moves earlier. `allocated` is the
 * ability's usable dice and `spent` those already spent this combat. Every combatant must have
 * rolled. Returns the number to store for the mover (between its new neighbours', so that Foundry's
 * sort puts it there) and the dice it costs.
 */
export function tacticalAwarenessMove(
  turns: readonly TurnEntry[],
  id: string,
  places: number,
  allocated: number,
  spent: number,
): Planned<{ initiative: number; diceSpent: number; order: string[] }> {
  if (allocated < 1) return refuse(`${ROOT}.Reason.NoTacticalAwareness`);
  if (turns.some((t) => t.initiative === null)) return refuse(`${ROOT}.Reason.NotAllRolled`);
  if (!Number.isInteger(places) || places === 0) return refuse(`${ROOT}.Reason.WholePlaces`);
  const remaining = Math.max(0, allocated - spent);
  if (Math.abs(places) > remaining)
    return refuse(pluralKey(`${ROOT}.Reason.TaDice`, Math.abs(places)), {
      places: Math.abs(places),
      remaining,
    });
  const order = turns.map((t) => t.id);
  const from = order.indexOf(id);
  if (from < 0) return refuse(`${ROOT}.Reason.NotInCombat`);
  if (from - places < 0 || from - places >= order.length) return refuse(`${ROOT}.Reason.TaEnd`);
  const moved = applyTacticalAwareness(order, { id, places, allocated: remaining });
  if (!moved.ok) return refuseRules(moved.reason);
  const value = new Map(turns.map((t) => [t.id, t.initiative ?? 0]));
  const at = moved.value.order.indexOf(id);
  const above = moved.value.order[at - 1];
  const below = moved.value.order[at + 1];
  const a = above === undefined ? undefined : (value.get(above) ?? 0);
  const b = below === undefined ? undefined : (value.get(below) ?? 0);
  const initiative =
    a !== undefined && b !== undefined
      ? (a + b) / 2
      : b !== undefined
        ? b + 1
        : a !== undefined
          ? a - 1
          : (value.get(id) ?? 0);
  return { ok: true, value: { initiative, diceSpent: moved.value.diceSpent, order: moved.value.order } };
}

// ---- the AD economy from round to round ---------------------------------------------------------

/** What the round's end needs of one actor. */
interface RoundEndInput {
  /** The round now ending (`adStateOf`; its `max` is the pool now, after conditions). */
  state: AdRoundState;
  conditions: readonly ConditionInput[];
  /** AD the actor spent on the Rest action this round. */
  restedAD: number;
  /** EX bound each round by carrying more than twice Max Carry (`load.exPerRound`). */
  overloadEX: number;
  /** The world setting: an Await lasts until the actor's next turn. */
  awaitUntilNextTurn: boolean;
}

/** The next round's AD and what happened at the change. */
interface RoundEndResult {
  state: AdRoundState;
  /** Unspent AD that "are considered to have been spent in the Watch action". */
  watchAD: number;
  /** EX bound by Sickened (1 unless the actor rested with at least 1AD). */
  sickenedBound: number;
  /** EX bound by overload. */
  overloadBound: number;
}

/**
 * The end of a round ("Action Cost"): "Unspent AD are never carried over into the next round and are
 * considered to have been spent in the Watch action. At the end of the round, all spent AD that have
 * not been EX-bound are returned to the actors' AD pool" (`endRound`); reservations lapse (Await
 * lasts until the actor's next turn when the world says so). Then the per-round bindings: Sickened
 * "binds 1AD to EX every round, unless they spend at least 1AD on the Rest action"
 * (`sickenedExBinding`; spec §6.3: checked at the end of the round) and an overload past twice Max
 * Carry binds 1 (`bindEX`, from the new round's unspent dice). EX-bound dice stay bound.
 */
export function roundEnd(input: RoundEndInput): RoundEndResult {
  const ended = endRound(input.state, { awaitUntilNextTurn: input.awaitUntilNextTurn });
  const sick = bindEX(ended.state, sickenedExBinding(input.conditions, input.restedAD));
  const overload = bindEX(sick.state, Math.max(0, Math.floor(input.overloadEX)));
  return {
    state: overload.state,
    watchAD: ended.watchAD,
    sickenedBound: sick.bound,
    overloadBound: overload.bound,
  };
}

/**
 * The start of Fast Action: "Each actor begins a round of fast action with a number of dice in their
 * AD pool" (`newAdRound`): nothing spent or reserved; EX-bound dice stay bound.
 */
export function fastActionStart(state: AdRoundState): AdRoundState {
  // Not `newAdRound(max, exBound)`, which clamps the EX-bound dice to the pool: an Unconscious
  // actor's pool is 0 for now, and its EX-bound dice must not be lost.
  return { ...state, spent: 0, reserved: { await: 0, dodge: 0, parry: 0 } };
}

/**
 * The start of the actor's own turn (Await): "If the trigger has not occurred by the actor's next
 * turn ... the AD reserved in the previous turn are not carried over into the new turn" (`startTurn`).
 */
export function turnStart(state: AdRoundState): AdRoundState {
  return startTurn(state);
}

// ---- Move --------------------------------------------------------------------------------------

/** A combatant's turn, as kept on it (`flags.polyverse.verses.turn`) for the Move exhaustion rule. */
export interface TurnRecord {
  round: number;
  turn: number;
  /** Unspent AD at the start of the turn. */
  available: number;
  /** AD spent on Move in this turn so far. */
  moved: number;
  /** The exhaustion of this turn's moves has been bound. */
  exBound: boolean;
}

/** Read a stored turn record (null when there is none). */
export function readTurnRecord(value: unknown): TurnRecord | null {
  const v = value as Partial<TurnRecord> | null | undefined;
  if (!v || !Number.isInteger(v.round) || !Number.isInteger(v.turn) || !Number.isInteger(v.available))
    return null;
  return {
    round: v.round as number,
    turn: v.turn as number,
    available: Math.max(0, v.available as number),
    moved: Number.isInteger(v.moved) ? Math.max(0, v.moved as number) : 0,
    exBound: v.exBound === true,
  };
}

/** Move's inputs. */
interface MoveInput {
  state: AdRoundState;
  metres: number;
  /** MV: metres per AD. */
  mv: number;
  /** Allocated dice in Physical Conditioning. */
  physicalConditioning: number;
  /** The actor's own turn now, with its record (null outside its turn or before the GM noted it). */
  turn: TurnRecord | null;
}

/** What a move does. */
export interface MovePlan {
  state: AdRoundState;
  /** AD the move costs. */
  ad: number;
  /** EX bound by the all-AD rule (0 or 1). */
  exBound: number;
  /** The turn record after the move (null outside the actor's turn). */
  turn: TurnRecord | null;
}

/**
 * Move ("Move"): "Expend one or more AD to move a number of meters indicated by the MV attribute"
 * (`spendMove`: `ceil(metres / MV)`, at least 1AD). "Spending all available AD in a turn on the Move
 * action will EX-bind 1AD" (`moveExhaustion`; not with Physical Conditioning): on the actor's own
 * turn, once the AD spent on Move reach the AD it had at the turn's start, 1 AD is bound, once per
 * turn. Refused with a clear reason for a bad distance or too few AD.
 */
export function planMove(input: MoveInput): Planned<MovePlan> {
  if (!Number.isFinite(input.metres) || input.metres <= 0)
    return refuse(`${ROOT}.Reason.Distance`, { metres: String(input.metres) });
  if (!(input.mv > 0)) return refuse(`${ROOT}.Reason.NoMovement`);
  const spent = spendMove(input.state, input.metres, input.mv);
  if (!spent.ok) {
    const ad = Math.max(1, Math.ceil(input.metres / input.mv - 1e-9));
    return refuse(`${ROOT}.Reason.MoveAD`, {
      metres: input.metres,
      mv: input.mv,
      ad,
      available: availableAD(input.state),
    });
  }
  let state = spent.value.state;
  let exBound = 0;
  let turn: TurnRecord | null = null;
  if (input.turn) {
    const moved = input.turn.moved + spent.value.ad;
    const exhausted =
      !input.turn.exBound &&
      moveExhaustion({
        availableAtTurnStart: input.turn.available,
        spentOnMove: moved,
        physicalConditioning: input.physicalConditioning,
      }) > 0;
    if (exhausted) {
      const bound = bindEX(state, 1);
      state = bound.state;
      exBound = bound.bound;
    }
    turn = { ...input.turn, moved, exBound: input.turn.exBound || exhausted };
  }
  return { ok: true, value: { state, ad: spent.value.ad, exBound, turn } };
}

// ---- what the tracker shows ----------------------------------------------------------------------

/** One pip of the tracker's AD row. */
export type PipState = "available" | "reserved" | "spent" | "exBound";

/** The tracker's view of one combatant's AD. */
interface CombatantAdView {
  available: number;
  max: number;
  spent: number;
  reserved: number;
  exBound: number;
  pips: PipState[];
  /** Tooltip lines: the counts, each reservation, the conditions that change the pool, last Watch. */
  lines: CardLine[];
  moribund: boolean;
}

/** What the tracker reads of an actor. */
interface AdViewInput {
  adMax: number;
  /** The pool before conditions (derived AD + modifiers). */
  basePool: number;
  ad: { spent: number; exBound: number; reserved: { await: number; dodge: number; parry: number } };
  conditions: readonly ConditionInput[];
  /** AD that counted as Watch at the end of the last round, if known. */
  watchAD?: number | null;
  /** Whom the actor's last Watch action was directed at, and whether it took all AD (Assassination). */
  watching?: { name: string; allAd: boolean } | null;
}

/**
 * The AD row of a combatant: pips (available first, then reserved, spent and EX-bound, never more
 * than the pool) and a tooltip with the counts, the reservations, the conditions that change the
 * pool (Afraid −1, Charmed −1, Sickened −3, Stunned −4, Unconscious and Moribund: 0), and the
 * last round's Watch.
 */
export function combatantAdView(input: AdViewInput): CombatantAdView {
  const { ad } = input;
  const state: AdRoundState = {
    max: input.adMax,
    exBound: ad.exBound,
    spent: ad.spent,
    reserved: ad.reserved,
  };
  const available = availableAD(state);
  const reserved = ad.reserved.await + ad.reserved.dodge + ad.reserved.parry;
  const pips: PipState[] = [];
  const push = (s: PipState, n: number) => {
    for (let i = 0; i < n && pips.length < input.adMax; i++) pips.push(s);
  };
  push("available", available);
  push("reserved", reserved);
  push("spent", ad.spent);
  push("exBound", ad.exBound);
  push("exBound", input.adMax - pips.length);
  const lines: CardLine[] = [
    {
      key: `${ROOT}.AD.Summary`,
      data: { available, max: input.adMax, spent: ad.spent, reserved, exBound: ad.exBound },
    },
  ];
  for (const kind of ["await", "dodge", "parry"] as const)
    if (ad.reserved[kind] > 0)
      lines.push({ key: `${ROOT}.AD.Reserved.${kind}`, data: { ad: ad.reserved[kind] } });
  const expanded = expandConditions(input.conditions);
  for (const c of expanded) {
    const change = CONDITIONS[c.id].ad;
    if (change.kind === "reduce")
      lines.push({
        key: `${ROOT}.AD.ConditionReduce`,
        data: { condition: `POLYVERSE.Verses.Condition.${c.id}`, by: change.by },
      });
    else if (change.kind === "zero")
      lines.push({
        key: `${ROOT}.AD.ConditionZero`,
        data: { condition: `POLYVERSE.Verses.Condition.${c.id}` },
      });
  }
  if (input.adMax !== input.basePool)
    lines.push({ key: `${ROOT}.AD.Pool`, data: { base: input.basePool, max: input.adMax } });
  if (input.watchAD !== undefined && input.watchAD !== null)
    lines.push({ key: `${ROOT}.AD.Watch`, data: { ad: input.watchAD } });
  if (input.watching)
    lines.push({
      key: `${ROOT}.AD.${input.watching.allAd ? "WatchingAll" : "Watching"}`,
      data: { name: input.watching.name },
    });
  return {
    available,
    max: input.adMax,
    spent: ad.spent,
    reserved,
    exBound: ad.exBound,
    pips,
    lines,
    moribund: expanded.some((c) => c.id === "moribund"),
  };
}

// ---- the tracker row's template context -------------------------------------------------------

/** What the owner may do from the tracker row. */
export interface TrackerControls {
  move: boolean;
  rest: boolean;
  /** Tactical Awareness dice left (0 hides the arrows). */
  taLeft: number;
  /** The turn order may still change (after everyone rolled, before anyone acted). */
  taOpen: boolean;
  /** The other Fast Action actions (reserve for Dodge, Parry or Await; Watch; rise from Prone). */
  more?: boolean;
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Tooltip HTML from lines of text (escaped, one per line). */
export const tooltipHtml = (lines: readonly string[]): string => lines.map(escapeHtml).join("<br>");

/**
 * The template context of a combatant's AD row in the tracker (`combat/combatant-ad.hbs`): the
 * figure "available / pool", the pips, the tooltip, a Moribund badge and the owner's controls.
 */
export function trackerAdContext(view: CombatantAdView, controls: TrackerControls, localize: Localize) {
  return {
    available: view.available,
    max: view.max,
    figure: localize(`${ROOT}.AD.Figure`, { available: String(view.available), max: String(view.max) }),
    pips: view.pips.map((state) => ({ state, label: localize(`${ROOT}.AD.${state}`) })),
    tooltip: tooltipHtml(view.lines.map((l) => lineTextWith(localize, l))),
    moribund: view.moribund,
    controls: {
      ...controls,
      ta: controls.taOpen && controls.taLeft > 0,
      taTooltip: localize(pluralKey(`${ROOT}.TA.Left`, controls.taLeft), { dice: String(controls.taLeft) }),
    },
  };
}

// ---- reservations, Await, rising from Prone -----------------------------------------------------

/** A reservation: AD set aside for Dodge or Parry, or an Await's declared actions. */
export type ReserveRequest =
  { kind: "dodge" | "parry"; ad: number } | { kind: "await"; ad: number; trigger: string; actions: string };

/**
 * Reserve AD for a reaction. Dodge and Parry: "One or more AD may be spent at any point in the round
 * to actively avoid attacks ... Any AD spent on this action are reserved to actively contest any
 * attack or potential injury for the rest of the round" (`reserveAD`). Await: "The actor must
 * reserve enough AD to perform the deferred actions" and the trigger "must be specific and clear
 * enough for the GM to judge" (`declareAwait`; the declared actions as written, with their AD).
 */
export function planReserve(state: AdRoundState, request: ReserveRequest): Planned<AdRoundState> {
  if (!Number.isInteger(request.ad) || request.ad < 1) return refuse(`${ROOT}.Reason.ReserveWhole`);
  if (request.kind === "await") {
    const declared = declareAwait(state, {
      trigger: request.trigger,
      actions: [{ label: request.actions.trim() || request.trigger, ad: request.ad }],
    });
    return declared.ok ? { ok: true, value: declared.value } : refuseRules(declared.reason);
  }
  const reserved = reserveAD(state, request.kind, request.ad);
  return reserved.ok ? { ok: true, value: reserved.value } : refuseRules(reserved.reason);
}

/**
 * Rising from Prone: "Rising from prone requires (5-PRW)AD for biological actors", Catlike Grace
 * reducing it ("to a minimum of 1AD") (`riseFromProneAD`), spent from the round's AD in Fast Action.
 */
export function planRise(
  state: AdRoundState,
  input: { prw: number; catlikeGrace: number; kind: ActorKind; minimumOne: boolean; fastAction: boolean },
): Planned<{ state: AdRoundState; ad: number }> {
  const cost = riseFromProneAD(input.prw, {
    catlikeGrace: input.catlikeGrace,
    actorKind: input.kind,
    minimumOne: input.minimumOne,
  });
  if (!cost.ok) return refuseRules(cost.reason);
  if (!input.fastAction || cost.value === 0) return { ok: true, value: { state, ad: cost.value } };
  const spent = spendAD(state, cost.value, { minimum: 0 });
  if (!spent.ok) return refuse(`${ROOT}.Reason.RiseAD`, { ad: cost.value, available: availableAD(state) });
  return { ok: true, value: { state: spent.value, ad: cost.value } };
}
