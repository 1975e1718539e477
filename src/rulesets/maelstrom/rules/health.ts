/**
 * Health (rules "Health": "Types of Damage", "Marking Damage", "Wound Penalties", "Incapacitation
 * and Death"; merit Huge Size). Pure: no Foundry, no globals.
 *
 * The track is stored as counts `{ aggravated, lethal, bashing }`: "all your character's aggravated
 * damage will be in the top boxes, above all their lethal damage, which is above all their bashing
 * damage", so the counts say everything the boxes say.
 */
import type { Checked } from "./traits";

/** "There are three types of damage": bashing, lethal, aggravated. */
export type DamageType = "bashing" | "lethal" | "aggravated";

/** The damage types from the least to the most serious. */
export const DAMAGE_TYPES: readonly DamageType[] = ["bashing", "lethal", "aggravated"];

/** The damage marked on a character, and whether they have taken fatal damage. */
export interface HealthState {
  bashing: number;
  lethal: number;
  aggravated: number;
  dead: boolean;
}

/** What one box holds, top to bottom. */
export type BoxMark = DamageType | "empty";

/** The wound levels the text names: box 3 "Hurt", box 4 "Injured", the bottom box "Incapacitated". */
export type WoundLabel = "hurt" | "injured" | "incapacitated";

/** One box of the track. `index` is 0-based from the top (the text's "box 3" is index 2). */
export interface HealthBox {
  index: number;
  label?: WoundLabel;
  penalty: number;
}

/**
 * The default track's penalties, top to bottom (dice removed from action pools). The text's example
 * draws eight boxes "[X][/][/][ ][ ][ ][ ][ ]"; box 1 has none ("With the exception of the top
 * one"), box 3 is "Hurt" ("one fewer dice"), box 4 "Injured" ("-2 dice"), the bottom box
 * "Incapacitated" "with no wound penalty". Box 2 (0) and boxes 5..7 (3, 4, 5) are a Polyverse default.
 */
export const DEFAULT_WOUND_PENALTIES: readonly number[] = [0, 0, 1, 2, 3, 4, 5, 0];

/** The `woundPenalties` setting's default text. */
export const DEFAULT_WOUND_PENALTIES_TEXT = "0,0,1,2,3,4,5,0";

/** A track has at least a top box and the Incapacitated box; at most 20 boxes (a Polyverse bound). */
export const MIN_TRACK_BOXES = 2;
export const MAX_TRACK_BOXES = 20;
/** The largest penalty one box may carry (a Polyverse bound: a pool holds at most 10 trait dots). */
export const MAX_BOX_PENALTY = 10;

/** Why a `woundPenalties` text was refused. */
export type WoundPenaltiesProblem = "notANumber" | "outOfRange" | "tooFew" | "tooMany" | "decreasing";

/**
 * Reads the `woundPenalties` setting: the boxes' penalties top to bottom, separated by commas, the
 * last one the Incapacitated box ("0,0,1,2,3,4,5,0"). Each is an integer 0..10 (a penalty is a
 * number of dice removed; "-2" is read as 2). Between the top box and the Incapacitated box the
 * penalties may not fall: they "increase in value as the character takes more damage". Refuses bad
 * text with a reason (the caller falls back to {@link DEFAULT_WOUND_PENALTIES}); `data.box` is the
 * 1-based box at fault.
 */
export function parseWoundPenalties(text: string): Checked<number[], WoundPenaltiesProblem> {
  const parts = text.split(",").map((part) => part.trim());
  if (parts.length === 1 && parts[0] === "") return { ok: false, reason: "tooFew", data: { boxes: 0 } };
  const penalties: number[] = [];
  for (const [i, part] of parts.entries()) {
    if (!/^-?\d+$/.test(part)) return { ok: false, reason: "notANumber", data: { box: i + 1, text: part } };
    const value = Math.abs(Number(part));
    if (value > MAX_BOX_PENALTY) return { ok: false, reason: "outOfRange", data: { box: i + 1, text: part } };
    penalties.push(value);
  }
  if (penalties.length < MIN_TRACK_BOXES)
    return { ok: false, reason: "tooFew", data: { boxes: penalties.length } };
  if (penalties.length > MAX_TRACK_BOXES)
    return { ok: false, reason: "tooMany", data: { boxes: penalties.length } };
  for (let i = 1; i < penalties.length - 1; i++) {
    if ((penalties[i] ?? 0) < (penalties[i - 1] ?? 0))
      return { ok: false, reason: "decreasing", data: { box: i + 1 } };
  }
  return { ok: true, value: penalties };
}

/** The label the text gives a box of the base track (positions 3 and 4, and the bottom box). */
function baseLabel(index: number, length: number): WoundLabel | undefined {
  if (index === length - 1) return "incapacitated";
  if (index === 2) return "hurt";
  if (index === 3) return "injured";
  return undefined;
}

/**
 * The health track's boxes, top to bottom. Huge Size: "Gain one additional health level at the top of
 * the health chart with 0 penalty" (the named boxes move down with their penalties).
 */
export function healthTrack({
  penalties = DEFAULT_WOUND_PENALTIES,
  hugeSize = false,
}: { penalties?: readonly number[]; hugeSize?: boolean } = {}): HealthBox[] {
  if (penalties.length < MIN_TRACK_BOXES || penalties.length > MAX_TRACK_BOXES) {
    throw new RangeError(`A track has ${MIN_TRACK_BOXES}..${MAX_TRACK_BOXES} boxes: ${penalties.length}`);
  }
  for (const p of penalties) {
    if (!Number.isInteger(p) || p < 0) throw new RangeError(`A wound penalty is an integer >= 0: ${p}`);
  }
  const base: Omit<HealthBox, "index">[] = penalties.map((penalty, i) => {
    const label = baseLabel(i, penalties.length);
    return label ? { label, penalty } : { penalty };
  });
  const boxes = hugeSize ? [{ penalty: 0 }, ...base] : base;
  return boxes.map((box, index) => ({ index, ...box }));
}

/** Levels of damage marked. */
export function totalDamage(state: HealthState): number {
  return state.bashing + state.lethal + state.aggravated;
}

function checkState(state: HealthState, trackLength: number): void {
  if (!Number.isInteger(trackLength) || trackLength < 1) {
    throw new RangeError(`A track length is an integer >= 1: ${trackLength}`);
  }
  for (const type of DAMAGE_TYPES) {
    const n = state[type];
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`Damage counts are integers >= 0: ${type} ${n}`);
  }
  if (totalDamage(state) > trackLength) {
    throw new RangeError(`More damage (${totalDamage(state)}) than boxes (${trackLength})`);
  }
}

/**
 * The boxes as marked, top to bottom: aggravated, then lethal, then bashing, then empty ("the more
 * serious types of damage are recorded at the top and push the less serious types down").
 */
export function boxesOf(state: HealthState, length: number): BoxMark[] {
  checkState(state, length);
  const marks: BoxMark[] = [];
  for (const type of ["aggravated", "lethal", "bashing"] as const) {
    for (let i = 0; i < state[type]; i++) marks.push(type);
  }
  while (marks.length < length) marks.push("empty");
  return marks;
}

/** What one incoming level did. */
export type DamageStepEffect =
  /** Filled the next empty box. */
  | "marked"
  /** Bashing on a full track with bashing in the bottom box: the top-most bashing became lethal. */
  | "converted"
  /** Lethal/aggravated on a full track with bashing in the bottom box: it replaced one bashing level. */
  | "displaced"
  /** The bottom box held lethal or aggravated: "the next level of damage ... will be fatal". */
  | "killed"
  /** The character was already dead. */
  | "ignored";

export interface DamageStep {
  type: DamageType;
  effect: DamageStepEffect;
}

export interface DamageResult {
  state: HealthState;
  /** This damage killed the character (false when they were already dead). */
  died: boolean;
  /** The bottom ("Incapacitated") box holds damage: "unconscious and unable to act at all". */
  incapacitated: boolean;
  steps: DamageStep[];
}

/**
 * Marks `levels` levels of `type` damage, one at a time ("Each level of damage that they take fills a
 * single box"), on a track of `trackLength` boxes:
 * - a box is free: the level fills it; more serious damage sits above less serious ("[X][/][/] + one
 *   lethal -> [X][X][/][/]");
 * - the track is full and the bottom box holds bashing: "each additional bashing damage your
 *   character receives will convert their top-most level of bashing damage to lethal"; an incoming
 *   lethal or aggravated level replaces one bashing level (the Polyverse reading of a case the text
 *   leaves open);
 * - the bottom box holds lethal or aggravated: "the next level of damage -- no matter the type --
 *   will be fatal".
 * RangeError on negative or fractional levels, a bad state or more damage than boxes.
 */
export function applyDamage(
  state: HealthState,
  type: DamageType,
  levels: number,
  trackLength: number,
): DamageResult {
  checkState(state, trackLength);
  if (!DAMAGE_TYPES.includes(type)) throw new RangeError(`Not a damage type: ${String(type)}`);
  if (!Number.isInteger(levels) || levels < 0)
    throw new RangeError(`Damage levels are integers >= 0: ${levels}`);
  const next: HealthState = { ...state };
  const steps: DamageStep[] = [];
  let died = false;
  for (let i = 0; i < levels; i++) {
    if (next.dead) {
      steps.push({ type, effect: "ignored" });
    } else if (totalDamage(next) < trackLength) {
      next[type] += 1;
      steps.push({ type, effect: "marked" });
    } else if (next.bashing > 0) {
      next.bashing -= 1;
      if (type === "bashing") next.lethal += 1;
      else next[type] += 1;
      steps.push({ type, effect: type === "bashing" ? "converted" : "displaced" });
    } else {
      next.dead = true;
      died = true;
      steps.push({ type, effect: "killed" });
    }
  }
  return { state: next, died, incapacitated: totalDamage(next) >= trackLength, steps };
}

/**
 * Removes `levels` levels of damage, the least serious first ("less serious damage types are healed
 * first"): bashing, then lethal, then aggravated. With `type`, only that type heals (the text gives
 * each type its own pace: bashing is "much easier to heal", aggravated "much harder"). Healing does
 * not undo death ("usually, dead is dead"). RangeError on negative or fractional levels.
 */
export function healDamage(state: HealthState, levels: number, type?: DamageType): HealthState {
  if (!Number.isInteger(levels) || levels < 0)
    throw new RangeError(`Healed levels are integers >= 0: ${levels}`);
  const next: HealthState = { ...state };
  let left = levels;
  for (const t of type ? [type] : DAMAGE_TYPES) {
    const healed = Math.min(left, next[t]);
    next[t] -= healed;
    left -= healed;
  }
  return next;
}

/**
 * The wound penalty (dice removed from action pools): "they suffer the wound penalty marked next to
 * the bottom-most box they have damage in". No damage, no penalty. Soak and Willpower rolls are not
 * actions and ignore it (the caller's business).
 */
export function woundPenalty(state: HealthState, track: readonly HealthBox[]): number {
  const total = Math.min(totalDamage(state), track.length);
  return total === 0 ? 0 : (track[total - 1]?.penalty ?? 0);
}

/** The derived health of a character, for sheets and rolls. */
export interface HealthSummary {
  total: number;
  max: number;
  penalty: number;
  /**
   * The wound level reached: the label of the bottom-most damaged box, or of the nearest labelled box
   * above it ("Injured" still reads at five levels: the text names no lower level), "dead" after
   * fatal damage, undefined when unhurt or above "Hurt".
   */
  label: WoundLabel | "dead" | undefined;
  incapacitated: boolean;
  dead: boolean;
}

/** Sums up a health state on a track (see {@link woundPenalty}). */
export function healthSummary(state: HealthState, track: readonly HealthBox[]): HealthSummary {
  const total = totalDamage(state);
  let label: HealthSummary["label"];
  for (let i = Math.min(total, track.length) - 1; i >= 0 && !label; i--) label = track[i]?.label;
  return {
    total,
    max: track.length,
    penalty: woundPenalty(state, track),
    label: state.dead ? "dead" : label,
    incapacitated: state.dead || total >= track.length,
    dead: state.dead,
  };
}

/**
 * Fits a state onto a shorter track (Huge Size removed, the setting changed): the levels past the end
 * are dropped, the least serious first. A Polyverse helper; the text never shrinks a track.
 */
export function fitHealth(state: HealthState, trackLength: number): HealthState {
  const excess = totalDamage(state) - trackLength;
  return excess > 0 ? healDamage(state, excess) : { ...state };
}
