/**
 * Attacks: ranged success targets, obstructive cover, indirect attacks and scatter, sustained and
 * sweeping attacks, and area damage ('Verses Core 0.8.5, "Action Tests", "Special Attack Rules",
 * "Cover, Armor, & Shields" and "Area Damage"). Pure functions on plain values.
 */
import { countSuccesses } from "./dice";
import { type Checked, type Face, RulesError, reasonOf, refused } from "./types";

// ---------------------------------------------------------------------------------------------
// Range specifications
// ---------------------------------------------------------------------------------------------

/**
 * Which way a range specification runs.
 * - `none`: a plain `#S` with no range (melee), e.g. `1S`.
 * - `increasing`: `2S@10m,20,30,40,50`, harder with distance, ineffective past the last mark.
 * - `decreasing`: `2S@3m,2`, the first mark is the optimal range, harder when closer, the last mark is the
 *   minimum range ("Action Tests").
 */
export type RangeDirection = "none" | "increasing" | "decreasing";

/** A parsed success target by range, e.g. `2S@10m,20,30,40,50` -> `{ base: 2, marks: [10, ..., 50] }`. */
export interface RangeSpec {
  /** The base success target `#S`. */
  base: number;
  /** The range marks in metres, as written (increasing or decreasing); empty for melee. */
  marks: number[];
  direction: RangeDirection;
  /** The test is marked "(indirect)" ("Indirect Attacks"): a miss scatters. */
  indirect: boolean;
}

const RANGE_PATTERN = /^(\d+)\s*S(?:\s*@\s*(.+?))?(?:\s*\(\s*indirect\s*\))?$/i;

/**
 * Parse a success target by range as the listings write it: `1S`, `2S@10m,20,30,40,50`,
 * `1S@20,50,100,250,500` (marks without a unit are metres), `2S@3m,2` (decreasing), and
 * `1S@5m,10,25,40 (indirect)`. Spaces are allowed around the separators. Throws a `RangeError` on a
 * malformed specification, on marks that are not all increasing or all decreasing, and on a
 * decreasing specification of a single mark (which would be indistinguishable from an increasing one).
 */
export function parseRangeSpec(spec: string): RangeSpec {
  const text = spec.trim();
  const indirect = /\(\s*indirect\s*\)\s*$/i.test(text);
  const match = RANGE_PATTERN.exec(text);
  if (!match) throw new RulesError({ key: "notSuccessTarget", data: { text: spec } });
  const base = Number(match[1]);
  const marksText = match[2];
  if (marksText === undefined) return { base, marks: [], direction: "none", indirect };
  const marks = marksText.split(",").map((part) => parseMetres(part, spec));
  let direction: RangeDirection = "increasing";
  if (marks.length >= 2) {
    const [first, second] = marks as [number, number];
    direction = second < first ? "decreasing" : "increasing";
  }
  for (let i = 1; i < marks.length; i++) {
    const previous = marks[i - 1] as number;
    const current = marks[i] as number;
    const ordered = direction === "increasing" ? current > previous : current < previous;
    if (!ordered) throw new RulesError({ key: "rangeMarksOrder", data: { text: spec } });
  }
  return { base, marks, direction, indirect };
}

/** `parseRangeSpec` for a sheet: a refusal with the reason instead of an exception. */
export function validateRangeSpec(spec: string): Checked<RangeSpec> {
  try {
    return { ok: true, value: parseRangeSpec(spec) };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
}

function parseMetres(part: string, spec: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:m)?\s*$/i.exec(part);
  if (!match) throw new RulesError({ key: "notRangeMark", data: { mark: part.trim(), text: spec } });
  return Number(match[1]);
}

function assertDistance(metres: number): void {
  if (!Number.isFinite(metres) || metres < 0)
    throw new RangeError(`A distance is a number of metres >= 0: ${metres}`);
}

/** Options of {@link rangedTarget}. */
export interface RangedTargetOptions {
  /**
   * Reach of a melee test (one with no range marks), in metres. The text gives melee TESTs no range;
   * the spec's recommended default (§11.2 #25) is "adjacent": 1 m. The Foundry layer should pass the
   * distance of one grid square, or `Infinity` to leave reach to the GM.
   */
  meleeReach?: number;
}

/**
 * The success target of a test at a distance, or `null` when the attack is ineffective there
 * ("Action Tests").
 *
 * Increasing form: "The Short Bow lists its base target as: 2S@10m,20,30,40,50. This means that the
 * base target is 2 successes up to 10m, 3S up to 20m, 4S up to 30m, 5S up to 40m, and 6S up to 50m. The
 * weapon is not effective past 50m." So a distance inside the first mark (5 m) is 2S, and a distance
 * between two marks takes the later one ("up to"): 15 m is 3S.
 *
 * Decreasing form: "2S@3m,2 ... requires 2 successes against targets at 3m, 3 successes against targets at
 * 2m, and is otherwise ineffective." Beyond the first (optimal) mark and below the last (minimum) mark
 * the weapon is ineffective (§11.2 #24). A distance between two marks takes the shorter, harder mark
 * (2.5 m is 3S), the mirror image of the increasing form.
 *
 * Melee (`1S`): the base target within `options.meleeReach` (default 1 m, §11.2 #25), else `null`.
 */
export function rangedTarget(
  spec: string | RangeSpec,
  metres: number,
  options: RangedTargetOptions = {},
): number | null {
  assertDistance(metres);
  const parsed = typeof spec === "string" ? parseRangeSpec(spec) : spec;
  const { base, marks } = parsed;
  if (parsed.direction === "none") return metres <= (options.meleeReach ?? 1) ? base : null;
  if (parsed.direction === "increasing") {
    const index = marks.findIndex((mark) => metres <= mark);
    return index < 0 ? null : base + index;
  }
  const first = marks[0] as number;
  const last = marks[marks.length - 1] as number;
  if (metres > first || metres < last) return null;
  return base + marks.filter((mark) => mark > metres).length;
}

/** The furthest distance at which a range specification is effective (the last increasing mark). */
export function maximumRange(spec: string | RangeSpec): number | null {
  const parsed = typeof spec === "string" ? parseRangeSpec(spec) : spec;
  if (parsed.direction === "none") return null;
  return parsed.direction === "increasing"
    ? (parsed.marks[parsed.marks.length - 1] as number)
    : (parsed.marks[0] as number);
}

// ---------------------------------------------------------------------------------------------
// Obstructive cover
// ---------------------------------------------------------------------------------------------

/** Obstructive cover between attacker and target ("Obstructive Cover"). */
export type ObstructiveCover = "none" | "partial" | "full";

/** The situation that modifies a success target for sight. */
export interface ObstructionInput {
  cover: ObstructiveCover;
  /** Distance from attacker to target, in metres. */
  metres: number;
  /** The target is Prone: "The actor receives the benefits of partial obstructive cover at ranges greater than 10m." */
  targetProne?: boolean;
}

/**
 * The increase of the attacker's success target from obstructive cover ("Obstructive Cover"):
 * "If obstructive cover is full, the attacker's success target is increased by +5S. If partial, the
 * attacker's success target is +2S against targets at a range of 3m or more. Partial obstructive cover
 * does not provide any benefits at ranges less than 3m." A Prone target counts as in partial obstructive
 * cover beyond 10 m (Prone); this does not add to cover it already has.
 */
export function obstructiveCoverBonus(input: ObstructionInput): number {
  assertDistance(input.metres);
  let cover = input.cover;
  if (cover === "none" && input.targetProne === true && input.metres > 10) cover = "partial";
  if (cover === "full") return 5;
  if (cover === "partial") return input.metres >= 3 ? 2 : 0;
  return 0;
}

/**
 * The full success target of an attack at a distance: the range target plus obstructive cover, or
 * `null` when out of range. Sniper vs Seeja behind a stone wall: "his shot would normally be 3S, but
 * because of the full cover, that's now 8S" (TV-34).
 */
export function attackTarget(
  spec: string | RangeSpec,
  input: ObstructionInput,
  options: RangedTargetOptions = {},
): number | null {
  const base = rangedTarget(spec, input.metres, options);
  return base === null ? null : base + obstructiveCoverBonus(input);
}

// ---------------------------------------------------------------------------------------------
// Indirect attacks and scatter
// ---------------------------------------------------------------------------------------------

/** Scatter along the line of the throw ("Indirect Attack Miss Direction": 1 = Too Near, 2 = Too Far). */
export type ScatterDepth = "near" | "far";
/** Scatter across the line of the throw, as the thrower sees it (3 = Wide Right, 4 = Wide Left). */
export type ScatterSide = "right" | "left";

/** Where a missed indirect attack lands, relative to the intended location and the thrower. */
export interface ScatterResult {
  /** The test succeeded: the area is centred on the chosen location. */
  hit: boolean;
  successes: number;
  /** Too near / too far, or `null` when the 1s and 2s tie (or on a hit). */
  depth: ScatterDepth | null;
  /** Wide right / wide left as the thrower sees it, or `null` when the 3s and 4s tie (or on a hit). */
  side: ScatterSide | null;
  /** `max(0, 5 - successes)` metres in each noted direction; 0 on a hit. */
  offset: number;
  /** Metres further from the thrower (negative: nearer), along the line of the throw. */
  forward: number;
  /** Metres to the thrower's right (negative: to the left). */
  right: number;
}

/**
 * Where a failed indirect attack lands ("Indirect Attacks"): "1. First, set aside any successes.
 * 2. From the remaining dice, compare the number of 1s and 2s. If they are equal, disregard. Otherwise,
 * look up the count of the highest number ... and note the indicated direction. 3. Repeat step 2 with 3s
 * and 4s. 4. ... find the offset ... in each direction noted ... (5 - #SUCCESSES) meters."
 * Table: 1 Too Near, 2 Too Far, 3 Wide Right, 4 Wide Left; directions are the thrower's ("3m behind and to
 * the Beast's right (Ambrose's left)"). With no direction noted the area stays centred on the chosen
 * location, and the offset never goes below 0 m when a failed test had 5 or more successes (§11.2 #23).
 * Ambrose (TV-29): 6,5,2,2,1,4,4,3 vs 3S -> too far and wide left by 3 m.
 */
export function scatter(faces: readonly Face[], target: number): ScatterResult {
  const { successes } = countSuccesses(faces);
  if (successes >= target) {
    return { hit: true, successes, depth: null, side: null, offset: 0, forward: 0, right: 0 };
  }
  const count = (value: number): number => faces.filter((face) => face === value).length;
  const ones = count(1);
  const twos = count(2);
  const threes = count(3);
  const fours = count(4);
  const depth: ScatterDepth | null = ones === twos ? null : ones > twos ? "near" : "far";
  const side: ScatterSide | null = threes === fours ? null : threes > fours ? "right" : "left";
  const offset = Math.max(0, 5 - successes);
  const signed = (sign: number): number => (offset === 0 ? 0 : sign * offset);
  const forward = depth === null ? 0 : signed(depth === "far" ? 1 : -1);
  const right = side === null ? 0 : signed(side === "right" ? 1 : -1);
  return { hit: false, successes, depth, side, offset, forward, right };
}

/** A point on a map, in metres. */
export interface MapPoint {
  x: number;
  y: number;
}

/**
 * The landing point of an indirect attack on a map, from the thrower's position, the intended location
 * and a {@link ScatterResult}. "Far" is along the line from thrower to target; "right" is the thrower's
 * right. `yAxis` says which way the map's y axis points: `"down"` for screen and Foundry canvas
 * coordinates (the default), `"up"` for mathematical ones. The offsets are applied along and across the
 * line of the throw, as the text's table does (3 m too far and 3 m wide left is about 4.24 m from the
 * target point). Refused when thrower and target are the same point and the result has an offset,
 * because the throw then has no direction.
 */
export function scatterLanding(
  thrower: MapPoint,
  target: MapPoint,
  result: ScatterResult,
  yAxis: "down" | "up" = "down",
): Checked<MapPoint> {
  if (result.forward === 0 && result.right === 0) return { ok: true, value: { x: target.x, y: target.y } };
  const dx = target.x - thrower.x;
  const dy = target.y - thrower.y;
  const length = Math.hypot(dx, dy);
  if (length === 0) return refused("scatterNoDirection");
  const ux = dx / length;
  const uy = dy / length;
  const [rx, ry] = yAxis === "down" ? [-uy, ux] : [uy, -ux];
  return {
    ok: true,
    value: {
      x: target.x + ux * result.forward + rx * result.right,
      y: target.y + uy * result.forward + ry * result.right,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Sustained attacks
// ---------------------------------------------------------------------------------------------

/**
 * The sustain cost: `units` of the limiting resource buy `dice` sustain dice. A firearm's
 * `Sustainable(4, 3)` costs 3 rounds per die (`{ units: 3, dice: 1 }`); Call » Flame's "Cost of 1EX/3"
 * costs 1 EX per 3 dice (`{ units: 1, dice: 3 }`).
 */
export interface SustainCost {
  units: number;
  dice: number;
}

/** The Sustainable feature: `Sustainable(rate, cost)` (the feature table's header `Sustainable(,#,#)` is sic). */
export interface Sustainable {
  /** Sustain dice per AD spent on the attack. */
  rate: number;
  cost: SustainCost;
}

/**
 * Parse a sustain cost: `3` (units per die), `1EX/3` or `1/3` (units per that many dice). Throws a
 * `RangeError` on anything else.
 */
export function parseSustainCost(text: string): SustainCost {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([A-Za-z]*)\s*(?:\/\s*(\d+))?\s*$/.exec(text);
  if (!match) throw new RangeError(`Not a sustain cost: "${text}"`);
  const units = Number(match[1]);
  const dice = match[3] === undefined ? 1 : Number(match[3]);
  if (units <= 0 || dice <= 0) throw new RangeError(`A sustain cost is positive: "${text}"`);
  return { units, dice };
}

/**
 * Parse the Sustainable feature as listed: `Sustainable(4, 3)`, `Sustainable(5,3)`, or the bare
 * arguments `4, 3`. Throws a `RangeError` on anything else.
 */
export function parseSustainable(text: string): Sustainable {
  const match = /^\s*(?:Sustainable\s*\(\s*)?,?\s*(\d+)\s*,\s*([^)]+?)\s*\)?\s*$/i.exec(text);
  if (!match) throw new RangeError(`Not a Sustainable feature: "${text}"`);
  const rate = Number(match[1]);
  if (rate <= 0) throw new RangeError(`A sustain rate is positive: "${text}"`);
  return { rate, cost: parseSustainCost(match[2] as string) };
}

/** Options for counting a sustained attack's resource use (§11.2 #15). */
export interface SustainOptions {
  /**
   * Units the base attack uses on top of the sustain dice. The text's example has Seeja "emptying her
   * magazine" of 30 with 10 sustain dice at cost 3, and says "the most sustain dice she can add is 10
   * (30/3)", so the base shot is part of the burst: the default is `0` (the text wins over the spec's
   * recommended "base uses 1 round", which the text contradicts). Set `1` to have the base attack use
   * one round besides; the cap by cost then leaves that round aside.
   */
  baseShotUnits?: number;
}

/** The situation for {@link maxSustainDice}. */
export interface SustainInput {
  sustainable: Sustainable;
  /** Units of the limiting resource available: rounds in the magazine, unbound AD for EX, fuel. */
  availableUnits: number;
  /** AD spent on the attack. */
  adSpent: number;
}

/**
 * The most sustain dice an attack may add ("Sustained Attacks"): "divide the total available units by
 * the attack's sustain cost. The number of sustain dice used in the attack cannot exceed this number"
 * and "For each AD spent on the attack, a number of sustain dice equal to the attack's sustain rate can
 * be added": `min(floor(units / cost), AD x rate)`. Seeja (TV-30): min(30/3 = 10, 5 x 4 = 20) = 10.
 * Thanmore (TV-31): 2 EX at 1EX/3 -> 6, 2AD x 3 -> 6.
 */
export function maxSustainDice(input: SustainInput, options: SustainOptions = {}): number {
  const { sustainable, adSpent } = input;
  const units = Math.max(0, input.availableUnits - (options.baseShotUnits ?? 0));
  const byCost = Math.floor((units * sustainable.cost.dice) / sustainable.cost.units + 1e-9);
  const byRate = Math.max(0, Math.floor(adSpent)) * sustainable.rate;
  return Math.max(0, Math.min(byCost, byRate));
}

/**
 * The units a sustained attack uses: `ceil(sustainDice x units / dice)` plus the base shot's units (see
 * {@link SustainOptions}); a per-unit cost is spent in whole increments ("Action Cost"). SMG with 4
 * sustain dice at cost 3: 12 rounds (TV-C21); Thanmore's 6 dice at 1EX/3: 2 EX (TV-31).
 */
export function sustainUnitsUsed(
  sustainDice: number,
  cost: SustainCost,
  options: SustainOptions = {},
): number {
  if (!Number.isInteger(sustainDice) || sustainDice < 0)
    throw new RangeError(`Sustain dice are a whole number >= 0: ${sustainDice}`);
  return Math.ceil((sustainDice * cost.units) / cost.dice - 1e-9) + (options.baseShotUnits ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Sweeping attacks
// ---------------------------------------------------------------------------------------------

/**
 * The range used for a sweep's success target: "the average (the mean, though GMs are encouraged to
 * approximate to keep things moving fast) of the range to objects within the sweep" ("Sweeping Attacks").
 */
export function sweepRange(distances: readonly number[]): number {
  if (distances.length === 0) throw new RangeError("A sweep needs at least one object in it.");
  distances.forEach(assertDistance);
  return distances.reduce((sum, d) => sum + d, 0) / distances.length;
}

/** How a sweep's total damage falls on the objects in it. */
export interface SweepShares {
  /** Damage for each object, in the order given; 0 for an object out of the attack's effective range. */
  shares: number[];
  /** The equal share of each object in range. */
  each: number;
  /** Damage left over by rounding down, for the GM to assign (§11.2 #22). */
  remainder: number;
  /** How many objects were in range and shared the damage. */
  inRange: number;
}

/**
 * Divide a sweep's damage ("Sweeping Attacks"): "the resulting total damage is divided equally between
 * any objects within the swept area so long as those objects are within the attack's effective range."
 * Rounding is unspecified: each share is rounded down and the remainder reported (§11.2 #22). Pass the
 * attack's range specification to leave out objects beyond its effective range; without it every object
 * shares. Thanmore (TV-31): 15 HP over 3 Shades -> 5 each.
 */
export function sweepShares(
  totalDamage: number,
  distances: readonly number[],
  spec?: string | RangeSpec,
  options: RangedTargetOptions = {},
): SweepShares {
  if (!Number.isInteger(totalDamage) || totalDamage < 0)
    throw new RangeError(`Damage is a whole number >= 0: ${totalDamage}`);
  const inRangeFlags = distances.map((d) => spec === undefined || rangedTarget(spec, d, options) !== null);
  const inRange = inRangeFlags.filter(Boolean).length;
  if (inRange === 0) return { shares: distances.map(() => 0), each: 0, remainder: totalDamage, inRange };
  const each = Math.floor(totalDamage / inRange);
  return {
    shares: inRangeFlags.map((flag) => (flag ? each : 0)),
    each,
    remainder: totalDamage - each * inRange,
    inRange,
  };
}
