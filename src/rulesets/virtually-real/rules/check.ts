/**
 * The Virtually Real check (Virtually Real core guidebook, chapter 1, "The Capacity System": skill
 * checks, situational modifiers, conflicted rolls, brilliant results, critical results, extended
 * criticals, capacity modifiers, attribute checks and strength feats). Pure: no Foundry, no globals.
 *
 * A check rolls d6s and keeps as many as its capacity ("The roll's capacity is always how many dice
 * to keep!"); advantages add dice and keep the highest, disadvantages add dice and keep the lowest,
 * both at once make a conflicted roll decided by the middle dice. If the kept sum is in the critical
 * range (the capacity up to the capacity plus the crit modifier) the result is 0 and fails by the
 * DL; otherwise the level (and any flat bonus) is added, and a brilliant sum explodes.
 *
 * Two steps for the Foundry glue: `planCheck` says how many dice to roll and how to read them;
 * `resolveCheck` reads the dice as rolled, and asks for one more die at a time (`diceNeeded`) while
 * a brilliant result is still exploding.
 *
 * Readings where the text is silent (spec §6.3), each an option with its default:
 * - a conflicted roll skips the *excess* of advantages over disadvantages (or the reverse);
 * - the Luck passion moves the higher middle die up within the dice that remain, held at the top;
 * - a brilliant [3]..[5] explodes as [2] does (each 6 adds the attribute capacity, the first
 *   non-6 adds its face);
 * - each 6 among the dropped dice of a brilliant keep-high roll counts as one exploded 6 (adds
 *   the attribute capacity), then the chain goes on with a rolled die;
 * - on [1] with advantage, a dropped 6 confirms the brilliant (`droppedSixConfirms`, true);
 * - a critical result fails by the DL, so its degree is the DL's on the Experience table;
 * - a save whose attribute capacity is below the save's takes one disadvantage per missing
 *   die (`saveShortfall: "perDie"`) or just one (`"one"`);
 * - capacity advantages cancel disadvantages only, never ordinary advantages;
 * - a [0] capacity is rolled as [1] with one extra disadvantage and no brilliants; a save by
 *   a [0] attribute counts the attribute as [1] for the shortfall, plus that extra disadvantage;
 * - strength feats: "Brilliant successes do not normally apply" (`strengthFeatBrilliants`, false).
 */
import { assertCount, assertFace, assertRange, assertWhole } from "./roll-guards";
import { MAX_KEPT_DICE, baseCritMod, brilliantFrom, degreeFromMargin, levelFromXP } from "./experience";
import type { CheckKind, Degree, KeepRule } from "./keys";

/** The standard capacity of a saving throw: "The capacity of a saving throw is normally [2]." */
export const DEFAULT_SAVE_CAPACITY = 2;
/** "Critical range is +2" for a Combination roll. */
export const COMBINATION_CRIT_MOD = 2;
/** "A decision value of 7 or more results in keeping the highest dice of the entire pool". */
export const DECISION_KEEP_HIGH_FROM = 7;
/** The most dice one check rolls (capacity, advantages and disadvantages together). */
export const MAX_POOL = 20;

/** How a save below its capacity is penalised. */
export type SaveShortfall = "perDie" | "one";

/** Readings where the text is silent (see the file's comment); each is a proposed world setting. */
export interface CheckOptions {
  /** one disadvantage per missing die (default) or one whatever the gap. */
  saveShortfall?: SaveShortfall;
  /** a dropped 6 confirms a [1] brilliant on a keep-high roll. Default true. */
  droppedSixConfirms?: boolean;
  /** Strength feats may be brilliant. Default false ("do not normally apply"). */
  strengthFeatBrilliants?: boolean;
}

/** What `planCheck` reads: the check before the dice are rolled. */
export interface CheckPlanInput {
  kind: CheckKind;
  /**
   * The dice to keep: the skill's capacity (skill), the attribute's (attribute, strength feat), the
   * Combination capacity (cap₁ + cap₂ − 1). Ignored for a save, which keeps `saveCapacity`.
   */
  capacity: number;
  /** The related attribute's capacity 0..5: capacity dice, and what an exploded 6 adds. */
  attrCapacity: number;
  /** A save's capacity (default 2; Evade 1; Initiative 1 or 2). */
  saveCapacity?: number;
  /** Situational advantages (conditions' armors, intimacies, Careful, Darkness, Weight Lifting...). */
  advantage: number;
  /** Situational disadvantages (wounds, conditions, intimacies, Darkness...). */
  disadvantage: number;
  /**
   * Every +crit source but the intrinsic ones: critical conditions, helpers, hand-offs, effects,
   * retries, underlines (see `CRIT_SOURCES`). A Combination's +2 and [5]'s +1 are added here.
   */
  critMod: number;
  /** The Luck passion: positions the higher middle die of a conflicted roll moves up. */
  luck?: number;
}

/** How to roll and read a check. */
export interface CheckPlan {
  kind: CheckKind;
  /** Dice kept: the roll's capacity (a [0] roll keeps 1). */
  keep: number;
  /** Dice to roll: kept + advantages + disadvantages. */
  poolSize: number;
  /** Advantages after capacity dice and cancelling. */
  advantage: number;
  /** Disadvantages after cancelling (a low save attribute and a [0] roll add some). */
  disadvantage: number;
  /** Dice the attribute's higher capacity adds ("the extra dice are advantages"). */
  capacityDice: number;
  /** Disadvantages those capacity dice cancelled. */
  cancelled: number;
  keepRule: KeepRule;
  /** A [0] roll: rolled as [1] with an extra disadvantage and no brilliants. */
  zeroCapacity: boolean;
  brilliantAllowed: boolean;
  /** The lowest brilliant kept sum. */
  brilliantFrom: number;
  /** What each exploded 6 adds: the related attribute's capacity. */
  explosionValue: number;
  /** The whole crit modifier: the input's, +2 for a Combination, +1 from [5] kept dice. */
  critMod: number;
  /** Kept sums that are critical results: `keep`..`keep + critMod`. */
  critRange: [number, number];
  luck: number;
  /** Dice only, for a Foundry roll: "2d6", "3d6kh2", "3d6kl2"; a conflicted pool is just "4d6". */
  formula: string;
}

function checkPlanInput(input: CheckPlanInput): void {
  if (!["skill", "save", "attribute", "combination", "strengthFeat"].includes(input.kind))
    throw new RangeError(`Not a kind of check: ${String(input.kind)}`);
  const maxCapacity = input.kind === "combination" ? MAX_KEPT_DICE : 5;
  const minCapacity = input.kind === "combination" ? 1 : 0;
  if (input.kind !== "save") assertRange(input.capacity, minCapacity, maxCapacity, "A capacity");
  assertRange(input.attrCapacity, 0, 5, "An attribute capacity");
  if (input.saveCapacity !== undefined) assertRange(input.saveCapacity, 1, 5, "A save capacity");
  assertCount(input.advantage, "Advantages");
  assertCount(input.disadvantage, "Disadvantages");
  assertCount(input.critMod, "A crit modifier");
  if (input.luck !== undefined) assertCount(input.luck, "Luck");
}

/** Capacity dice: the attribute's extra dice as advantages, a low save attribute's disadvantages. */
function capacityModifiers(
  input: CheckPlanInput,
  keep: number,
  options: CheckOptions,
): { extra: number; shortfall: number } {
  const attr = input.attrCapacity === 0 ? 1 : input.attrCapacity;
  if (input.kind === "skill") return { extra: Math.max(0, input.attrCapacity - keep), shortfall: 0 };
  if (input.kind !== "save") return { extra: 0, shortfall: 0 };
  const gap = Math.max(0, keep - attr);
  return {
    extra: Math.max(0, attr - keep),
    shortfall: (options.saveShortfall ?? "perDie") === "one" ? Math.min(1, gap) : gap,
  };
}

/**
 * How many dice to roll and how to read them.
 *
 * - Skill: "Roll your attribute capacity or skill capacity, whichever is largest. If you roll more
 *   dice than the skill capacity, the extra dice are advantages", and those "cancel disadvantages
 *   rather than conflicting with them". A skill [1] with attribute [2] and one disadvantage rolls
 *   one die (TV-44).
 * - Save: keeps the save's capacity (2 unless said); a higher attribute adds advantages the same
 *   way (Dwarf Body [3]+2, Health save [2]: 3 dice, drop the lowest, TV-16); a lower one gives
 *   disadvantages.
 * - Attribute check, strength feat, Combination: no capacity dice ("The capacity does not give
 *   advantage dice, like on a save").
 * - [0]: "Roll this the same as [1], but add an extra disadvantage, and there are no brilliant rolls."
 */
export function planCheck(input: CheckPlanInput, options: CheckOptions = {}): CheckPlan {
  checkPlanInput(input);
  const rolled = input.kind === "save" ? (input.saveCapacity ?? DEFAULT_SAVE_CAPACITY) : input.capacity;
  const zeroCapacity = rolled === 0 || (input.kind === "save" && input.attrCapacity === 0);
  const keep = Math.max(1, rolled);
  const { extra, shortfall } = capacityModifiers(input, keep, options);
  let disadvantage = input.disadvantage + shortfall + (zeroCapacity ? 1 : 0);
  const cancelled = Math.min(extra, disadvantage);
  disadvantage -= cancelled;
  const advantage = input.advantage + extra - cancelled;
  const poolSize = keep + advantage + disadvantage;
  if (poolSize > MAX_POOL) throw new RangeError(`A check rolls at most ${MAX_POOL} dice: ${poolSize}`);
  const keepRule: KeepRule =
    advantage > 0 && disadvantage > 0
      ? "conflicted"
      : advantage > 0
        ? "high"
        : disadvantage > 0
          ? "low"
          : "all";
  const brilliantAllowed =
    !zeroCapacity && (input.kind !== "strengthFeat" || options.strengthFeatBrilliants === true);
  const critMod =
    input.critMod + baseCritMod(keep) + (input.kind === "combination" ? COMBINATION_CRIT_MOD : 0);
  const suffix = keepRule === "high" ? `kh${keep}` : keepRule === "low" ? `kl${keep}` : "";
  return {
    kind: input.kind,
    keep,
    poolSize,
    advantage,
    disadvantage,
    capacityDice: extra,
    cancelled,
    keepRule,
    zeroCapacity,
    brilliantAllowed,
    brilliantFrom: brilliantFrom(keep),
    explosionValue: input.attrCapacity,
    critMod,
    critRange: [keep, keep + critMod],
    luck: input.luck ?? 0,
    formula: `${poolSize}d6${suffix}`,
  };
}

/** How careful a check is: 0, Careful (1), extra careful (2). */
export type Carefulness = 0 | 1 | 2;

/**
 * Careful: "You can be careful if it's not in a combat or rushed setting and you take additional
 * time. This gives you an advantage die ... Adjust the required time by 1 step up on the Duration
 * table"; extra careful, "2 duration steps for two advantage dice". In combat or rushed: none.
 */
export function carefulDice(
  careful: Carefulness,
  rushed = false,
): { advantage: number; durationSteps: number } {
  assertRange(careful, 0, 2, "Careful");
  return rushed ? { advantage: 0, durationSteps: 0 } : { advantage: careful, durationSteps: careful };
}

// ---- Reading the pool ------------------------------------------------------------------------

/** A conflicted roll's decision: the two middle dice (after Luck) and their sum. */
export interface Decision {
  /** The lower middle die and the higher one after Luck moved it. */
  pair: [number, number];
  value: number;
  keepHigh: boolean;
}

/** The pool read: kept and dropped dice (ascending), which end was kept, the decision if any. */
export interface PoolReading {
  kept: number[];
  dropped: number[];
  keepHigh: boolean;
  decision: Decision | null;
}

/**
 * The decision value of a conflicted roll, on the pool sorted low to high:
 * 1. sort; 2. with more advantages skip that many low dice, with more disadvantages ignore that many
 * high dice (the excess, A-3); 3. the two middle dice of what remains (an odd count: the centre die
 * twice); 4. Luck moves the higher die that many positions up (held at the top die); 5. their sum.
 * 7 or more keeps the highest dice of the whole pool, less the lowest.
 *
 * Examples: 1 adv + 1 dis, [1,3,5,6]: 3 + 5 = 8, keep high (TV-38); [1,2,4,6]: 2 + 4 = 6, keep low
 * (TV-39), but with Luck 1: 2 + 6 = 8, keep high (TV-43).
 */
export function decide(
  sorted: readonly number[],
  advantage: number,
  disadvantage: number,
  luck = 0,
): Decision {
  let rest = sorted.slice();
  if (advantage > disadvantage) rest = rest.slice(advantage - disadvantage);
  else if (disadvantage > advantage) rest = rest.slice(0, rest.length - (disadvantage - advantage));
  const n = rest.length;
  const lo = n % 2 === 1 ? (n - 1) / 2 : n / 2 - 1;
  const hi = Math.min(n - 1, (n % 2 === 1 ? lo : n / 2) + luck);
  const pair: [number, number] = [rest[lo]!, rest[hi]!];
  const value = pair[0] + pair[1];
  return { pair, value, keepHigh: value >= DECISION_KEEP_HIGH_FROM };
}

/** Read a pool (any order) by a plan: keep the highest, the lowest, all, or as the decision says. */
export function readPool(dice: readonly number[], plan: CheckPlan): PoolReading {
  if (dice.length !== plan.poolSize)
    throw new RangeError(`This check rolls ${plan.poolSize} dice, not ${dice.length}`);
  dice.forEach((f, i) => assertFace(f, `Die ${i + 1}`));
  const sorted = dice.slice().sort((a, b) => a - b);
  const decision =
    plan.keepRule === "conflicted" ? decide(sorted, plan.advantage, plan.disadvantage, plan.luck) : null;
  const keepHigh = decision ? decision.keepHigh : plan.keepRule !== "low";
  const cut = keepHigh ? sorted.length - plan.keep : plan.keep;
  return keepHigh
    ? { kept: sorted.slice(cut), dropped: sorted.slice(0, cut), keepHigh, decision }
    : { kept: sorted.slice(0, cut), dropped: sorted.slice(cut), keepHigh, decision };
}

/** Whether a kept sum is a critical result: from the capacity to the capacity plus the crit modifier. */
export const isCriticalSum = (sum: number, plan: CheckPlan): boolean =>
  sum >= plan.critRange[0] && sum <= plan.critRange[1];

/** 6s among the dropped dice a brilliant may use: only when the highest dice were kept. */
export const usableDroppedSixes = (reading: PoolReading): number =>
  reading.keepHigh ? reading.dropped.filter((f) => f === 6).length : 0;

// ---- The explosion ---------------------------------------------------------------------------

/** What a brilliant's explosion came to. */
export interface Explosion {
  brilliant: boolean;
  /** What the explosion adds to the kept sum: dropped 6s, exploded 6s, the last die ([2]+). */
  value: number;
  /** Dropped 6s counted as exploded 6s (one fewer when one confirmed a [1]). */
  droppedSixes: number;
  /** Rolled dice used: the confirmation ([1]) and the explosion dice. */
  used: number;
  /** Another die must be rolled (the confirmation, or the chain is still on a 6). */
  diceNeeded: number;
}

/** Walks the rolled chain: each 6 adds `a`; the first other face stops it, added unless `[1]`. */
function chain(
  explosion: readonly number[],
  a: number,
  addLast: boolean,
): Omit<Explosion, "brilliant" | "droppedSixes"> {
  let value = 0;
  for (let i = 0; i < explosion.length; i++) {
    const face = explosion[i]!;
    assertFace(face, `Explosion die ${i + 1}`);
    if (face !== 6) {
      if (i !== explosion.length - 1)
        throw new RangeError(`The explosion stopped at die ${i + 1}: too many dice`);
      return { value: value + (addLast ? face : 0), used: explosion.length, diceNeeded: 0 };
    }
    value += a;
  }
  return { value, used: explosion.length, diceNeeded: 1 };
}

/**
 * The explosion of a roll whose kept sum is brilliant.
 *
 * [1]: "A 6 on 1 die *may* be brilliant. Roll another die. If you roll another 6, it is a brilliant
 * result. Add the skill's related *attribute capacity* (2 for humans) to the total, then roll
 * another die. If you keep getting 6s, keep adding the attribute capacity and roll again. On any
 * other number, stop rolling and do NOT add the die result." 6 then 4: not brilliant, 6 (TV-06);
 * 6, 6, 3 with attribute [2]: 6 + 2 = 8 (TV-07).
 *
 * [2]..[5]: "Roll another die. If you roll another 6, add the attribute capacity to your total and
 * keep rolling as long as you get 6s. On any other number, add the number rolled!" 6,6 then 4: 16
 * (TV-08); 6,6 then 6, 6, 3: 19 (TV-09). "A brilliant result let's you keep any 6s from your
 * discarded dice as exploded dice, and roll another die!": [6,6,6] with an advantage, then 4: 18
 * (TV-10); never with a disadvantage (TV-11).
 */
export function explode(
  plan: CheckPlan,
  reading: PoolReading,
  explosion: readonly number[],
  confirmation: number | undefined,
  options: CheckOptions = {},
): Explosion {
  const a = plan.explosionValue;
  const sixes = usableDroppedSixes(reading);
  if (plan.keep > 1) {
    if (confirmation !== undefined) throw new RangeError("Only a [1] roll has a confirmation die");
    const rest = chain(explosion, a, true);
    return { brilliant: true, ...rest, value: rest.value + sixes * a, droppedSixes: sixes };
  }
  if (sixes > 0 && options.droppedSixConfirms !== false) {
    if (confirmation !== undefined)
      throw new RangeError("A dropped 6 confirmed this brilliant: no confirmation die");
    const rest = chain(explosion, a, false);
    return { brilliant: true, ...rest, value: rest.value + sixes * a, droppedSixes: sixes - 1 };
  }
  if (confirmation === undefined) {
    if (explosion.length > 0) throw new RangeError("A [1] brilliant is confirmed before it explodes");
    return { brilliant: false, value: 0, droppedSixes: 0, used: 0, diceNeeded: 1 };
  }
  assertFace(confirmation, "The confirmation die");
  if (confirmation !== 6) {
    if (explosion.length > 0) throw new RangeError("An unconfirmed [1] roll does not explode");
    return { brilliant: false, value: 0, droppedSixes: 0, used: 1, diceNeeded: 0 };
  }
  const rest = chain(explosion, a, false);
  return {
    brilliant: true,
    ...rest,
    value: rest.value + a + sixes * a,
    droppedSixes: sixes,
    used: rest.used + 1,
  };
}

// ---- Resolving -------------------------------------------------------------------------------

/** What `resolveCheck` reads: the plan's input, the bonuses, the DL, and the dice as rolled. */
export interface CheckInput extends CheckPlanInput {
  /** The experience level (a Combination: both levels; a save: the attribute modifier). */
  level: number;
  /** Other flat adds: a strength feat's weight size and Weight Lifting value, a stage's bonus. */
  flat?: number;
  /** The DL, or an opponent's total. Without it there is no margin. */
  dl?: number;
  /** The pool as rolled (any order): `planCheck(...).poolSize` d6. */
  dice: readonly number[];
  /** The dice rolled after a brilliant, in order (after the confirmation on [1]). */
  explosion?: readonly number[];
  /** [1]: the second die that confirms (6) or denies a brilliant. */
  confirmation?: number;
}

/** A resolved check (or one still waiting for a die: `diceNeeded` 1). */
export interface CheckResult {
  plan: CheckPlan;
  /** Kept dice, ascending. */
  kept: number[];
  /** Dropped dice, ascending. */
  dropped: number[];
  keepHigh: boolean;
  /** A conflicted roll's decision, else null. */
  decision: Decision | null;
  keptSum: number;
  /** "Rolling all 1s is a critical result", or a sum in the extended range: "*No!*" */
  critical: boolean;
  brilliant: boolean;
  /** What the explosion added (0 unless brilliant). */
  explosionValue: number;
  /** Dropped 6s used as exploded 6s. */
  droppedSixes: number;
  /** Kept sum + explosion + level + flat; 0 on a critical result ("Count it as a zero"). */
  total: number;
  /** Total − DL; −DL on a critical result ("You fail by the DL"); null without a DL. */
  margin: number | null;
  /** Total ≥ DL ("equals or exceeds"), never on a critical result; null without a DL. */
  success: boolean | null;
  /** `degreeFromMargin(margin)`: of success or failure by the margin's sign; null without a DL. */
  degree: Degree | null;
  /** The Level column for the amount the DL was beaten by (0 unless a success). */
  effectBonus: number;
  /** Missed by 1 or 2 and not critical: "yes, but". */
  closeEnough: boolean;
  /** 1 while another die must be rolled (a [1] confirmation, or the next explosion die), else 0. */
  diceNeeded: number;
  /** "A brilliant result grants 1 extra XP in that skill *immediately!*": 1 for a brilliant skill or Combination check. */
  xpNow: number;
}

/**
 * Resolve a check from its dice.
 *
 * Input: `kind`, `capacity`, `attrCapacity`, `saveCapacity?`, `advantage`, `disadvantage`,
 * `critMod`, `luck?` (as `planCheck`), `level`, `flat?`, `dl?`, `dice` (the pool as rolled),
 * `explosion?` (the dice rolled after a brilliant, in order), `confirmation?` ([1]'s second die).
 *
 * Output: the `plan`; `kept`/`dropped` (ascending) and `keepHigh`; the conflicted `decision`;
 * `keptSum`; `critical`; `brilliant` with `explosionValue` and `droppedSixes`; `total`; `margin`,
 * `success`, `degree` (null without a DL); `effectBonus`; `closeEnough`; `diceNeeded` (roll one more
 * die, append it to `explosion`, or pass it as `confirmation` on [1], and resolve again); `xpNow`.
 *
 * Examples: [2], 1 advantage, [1,4,5]: kept 4, 5 (TV-04); 1 disadvantage: 1, 4 (TV-05); [2] level 5
 * DL 10, [1,1]: critical, 0, fails by 10, a critical failure (TV-12).
 */
export function resolveCheck(input: CheckInput, options: CheckOptions = {}): CheckResult {
  const plan = planCheck(input, options);
  assertWhole(input.level, "A level");
  if (input.flat !== undefined) assertWhole(input.flat, "A flat bonus");
  if (input.dl !== undefined) assertWhole(input.dl, "A DL");
  const reading = readPool(input.dice, plan);
  const explosion = input.explosion ?? [];
  const keptSum = reading.kept.reduce((s, f) => s + f, 0);
  const critical = isCriticalSum(keptSum, plan);
  const candidate = !critical && plan.brilliantAllowed && keptSum >= plan.brilliantFrom;
  if (!candidate && (explosion.length > 0 || input.confirmation !== undefined))
    throw new RangeError("Only a brilliant result rolls more dice");
  const boom = candidate
    ? explode(plan, reading, explosion, input.confirmation, options)
    : { brilliant: false, value: 0, droppedSixes: 0, used: 0, diceNeeded: 0 };
  const total = critical ? 0 : keptSum + boom.value + input.level + (input.flat ?? 0);
  const margin = input.dl === undefined ? null : critical ? -input.dl : total - input.dl;
  const success = margin === null ? null : !critical && margin >= 0;
  return {
    plan,
    kept: reading.kept,
    dropped: reading.dropped,
    keepHigh: reading.keepHigh,
    decision: reading.decision,
    keptSum,
    critical,
    brilliant: boom.brilliant,
    explosionValue: boom.value,
    droppedSixes: boom.droppedSixes,
    total,
    margin,
    success,
    degree: margin === null ? null : degreeFromMargin(margin),
    effectBonus: success && margin !== null ? levelFromXP(margin) : 0,
    closeEnough: !critical && margin !== null && margin <= -1 && margin >= -2,
    diceNeeded: boom.diceNeeded,
    xpNow: boom.brilliant && (input.kind === "skill" || input.kind === "combination") ? 1 : 0,
  };
}
