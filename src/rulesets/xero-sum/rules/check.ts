/**
 * The Xero Sum dice check (Xero Sum Engine SRD 0.06, "Dice Conventions", "Dice Checks", "Modifiers",
 * "Outcomes", "Moments of High and Low Insight", "Insight Dice", "Attribute Checks"). Pure: no
 * Foundry, no globals.
 *
 * "To make a dice check, roll 2 six-sided dice (written as 2d6) and add or subtract modifiers for
 * skills, attributes, and conditions." "A total score of 9 or above is a Success". Table 1: 0-3 Dire
 * Failure, 4-8 Failure, 9-13 Success, 14+ Wild Success; "A double one is a Moment of Low Insight,
 * which counts as a Dire Failure, in addition to the character receiving an Insight Dice"; "A double
 * six is a Moment of High Insight, which counts as a Wild Success".
 *
 * Readings where the text is silent (spec §8 #10, #11): a Moment overrides the total ("counts as");
 * a total below 0 is a Dire Failure too; with a 3d6 check (an Insight Die added) the Moment is read
 * on the check's own two dice (`momentOn3d6: "firstTwo"`, the default) or on any pair ("anyPair");
 * a re-rolled die is classified afresh; the sum of conditional modifiers is not held to −5..+5
 * unless `clampConditional`.
 */
import { assertCount, assertFace, assertWhole } from "./check-guards";
import { BANDS, type Band, type Moment } from "./keys";

/** "A score of 3 or less after all modifiers are applied is a Dire Failure." */
export const DIRE_FAILURE_AT_MOST = 3;
/** "On a score of 4 to 8, the action or task Fails". */
export const FAILURE_AT_LEAST = 4;
/** "A total score of 9 or above is a Success". */
export const SUCCESS_AT_LEAST = 9;
/** "On a score of 14 or higher (after all modifiers are applied) is a Wild Success." */
export const WILD_SUCCESS_AT_LEAST = 14;

/** A check rolls 2d6; an Insight Die "for a 3d6 check" makes it three. */
export const CHECK_DICE = 2;
export const MAX_CHECK_DICE = 3;

/** "Characters each start the game with 2 Insight Dice". */
export const STARTING_INSIGHT = 2;
/** "Adding +3 Conditional Modifier (CMod) to a dice check before the dice are rolled." */
export const INSIGHT_CMOD = 3;

/** Table 4: "These CMods range from -5 (Doomed to Failure) to +5 (Divine Intervention)". */
export const MIN_CONDITIONAL = -5;
export const MAX_CONDITIONAL = 5;

/** Where a 3d6 check looks for its Moment: the check's two dice (not the Insight die), or any pair. */
export type MomentOn3d6 = "firstTwo" | "anyPair";
/** A d3: "uniform" ceil(d6/2), 1..3 (the stated range); "halfDown" the literal floor(d6/2), 0..3. */
export type D3Mode = "uniform" | "halfDown";
/** Replacing both dice with Insight Dice: one Insight Die per die replaced, or one for the check. */
export type InsightReplaceCost = "perDie" | "perCheck";

/** Throws unless `dice` is a check's dice: 2 or 3 d6 faces. */
export function assertCheckDice(dice: readonly number[]): void {
  if (dice.length < CHECK_DICE || dice.length > MAX_CHECK_DICE)
    throw new RangeError(`A check rolls ${CHECK_DICE} or ${MAX_CHECK_DICE} dice: ${dice.length}`);
  dice.forEach((f, i) => assertFace(f, `Die ${i + 1}`));
}

/**
 * "d3: roll a six-sided dice and half the result (rounding down), for a result of 1-3." Half a d6
 * rounded down gives 0..3, not the stated 1..3 (spec §8 #2): "uniform" (the default) rounds up,
 * which gives each of 1, 2, 3 on two faces; "halfDown" follows the arithmetic.
 */
export function d3FromD6(face: number, mode: D3Mode = "uniform"): number {
  assertFace(face);
  return mode === "halfDown" ? Math.floor(face / 2) : Math.ceil(face / 2);
}

/** Whether `face` is a d3's face under `mode`: 1..3, or 0..3 read as half a d6 rounded down. */
export function isD3Face(face: number, mode: D3Mode = "uniform"): boolean {
  return Number.isInteger(face) && face >= (mode === "halfDown" ? 0 : 1) && face <= 3;
}

/** Throws unless `face` is a d3's face under `mode`. */
export function assertD3Face(face: number, mode: D3Mode = "uniform", what = "A d3 face"): void {
  if (!isD3Face(face, mode))
    throw new RangeError(`${what} is ${mode === "halfDown" ? "0" : "1"}..3: ${face}`);
}

/** The band of a total after every modifier (Table 1); below 0 is a Dire Failure too. */
export function bandOfTotal(total: number): Band {
  assertWhole(total, "A total");
  if (total <= DIRE_FAILURE_AT_MOST) return "dire-failure";
  if (total < SUCCESS_AT_LEAST) return "failure";
  if (total < WILD_SUCCESS_AT_LEAST) return "success";
  return "wild-success";
}

/** A band's rank, worst first (dire-failure 0 .. wild-success 3). */
export const bandRank = (band: Band): number => BANDS.indexOf(band);

/** Success or better: what "a successful ... check" asks for (a Wild Success succeeds too). */
export const isSuccess = (band: Band): boolean => band === "success" || band === "wild-success";

/**
 * The Moment of Insight of a roll: a natural double one is low, a double six high. With two dice it
 * is the pair; with three, the check's own two dice (`firstTwo`: the third is the Insight Die) or
 * any two of the three (`anyPair`; three dice cannot hold both a pair of ones and a pair of sixes).
 */
export function momentOf(dice: readonly number[], momentOn3d6: MomentOn3d6 = "firstTwo"): Moment {
  assertCheckDice(dice);
  const read = momentOn3d6 === "anyPair" ? dice : dice.slice(0, CHECK_DICE);
  const count = (face: number) => read.filter((f) => f === face).length;
  if (count(1) >= 2) return "low";
  if (count(6) >= 2) return "high";
  return null;
}

/** What a check came to. */
export interface CheckResult {
  /** Every die plus the modifier. */
  total: number;
  /** Table 1, a Moment overriding the total. */
  band: Band;
  moment: Moment;
  /** "in addition to the character receiving an Insight Dice": 1 on a Moment, else 0. */
  insightGained: number;
}

/** Options of a check's classification. */
export interface ClassifyOptions {
  /** Default "firstTwo". */
  momentOn3d6?: MomentOn3d6;
}

/**
 * Classify a rolled check: the total of the dice and the modifier, its band, and the Moment, which
 * "counts as" a Dire Failure (1+1) or a Wild Success (6+6) whatever the modifiers.
 *
 * Example: [4, 5] + 0 = 9, Success; [1, 1] + 10 = 12, still a Dire Failure and an Insight Die.
 */
export function classify(dice: readonly number[], modifier: number, opts: ClassifyOptions = {}): CheckResult {
  assertCheckDice(dice);
  assertWhole(modifier, "A modifier");
  const total = dice.reduce((s, f) => s + f, 0) + modifier;
  const moment = momentOf(dice, opts.momentOn3d6);
  const band = moment === "low" ? "dire-failure" : moment === "high" ? "wild-success" : bandOfTotal(total);
  return { total, band, moment, insightGained: moment ? 1 : 0 };
}

/** What `resolveCheck` reads. */
export interface CheckInput extends ClassifyOptions {
  /** The natural faces: the check's two dice first, then the Insight Die of a 3d6 check. */
  dice: readonly number[];
  /** AMod + SMod + CMods (see `checkModifier`). */
  modifier: number;
}

/** `classify` with one object, for macros and cards. */
export function resolveCheck(input: CheckInput): CheckResult {
  return classify(input.dice, input.modifier, input);
}

// ---- Modifiers -------------------------------------------------------------------------------

/** What `checkModifier` reads. */
export interface CheckModifierInput {
  /** The AMod of the attribute the check uses. */
  attribute: number;
  /**
   * The SMod of the skill, for a skill check; omitted for an attribute check ("only the AMod is
   * applied"). A starred skill never trained counts −3, whatever the sheet stores (`starred`).
   */
  skill?: number;
  /** The skill is starred (Demolitions*, Mechanic*, Psychology*, Tactics*): untrained it is −3. */
  starred?: boolean;
  /** Every CMod: range, aim, the Insight Die's +3, Making the Case, a Damaged item, ... */
  conditional?: readonly number[];
  /** Hold the sum of the CMods to −5..+5 (Table 4's range). Default false. */
  clampConditional?: boolean;
}

/** A check's modifier, part by part (a card shows each). */
export interface CheckModifier {
  attribute: number;
  /** 0 for an attribute check. */
  skill: number;
  /** The sum of the CMods (clamped if asked). */
  conditional: number;
  total: number;
}

/** The sum of CMods, held to Table 4's −5..+5 when `clamp`. */
export function conditionalSum(conditional: readonly number[] = [], clamp = false): number {
  conditional.forEach((c) => assertWhole(c, "A CMod"));
  const sum = conditional.reduce((s, c) => s + c, 0);
  return clamp ? Math.min(MAX_CONDITIONAL, Math.max(MIN_CONDITIONAL, sum)) : sum;
}

/**
 * "Dice checks can be influenced by up to three modifiers – attributes, skills, and conditional.
 * These modifiers are cumulative": AMod + SMod + ΣCMod. An attribute check has no SMod; a starred
 * skill "start[s] at -3 (Inept) instead of 0 (Untrained)", so a starred SMod of 0 or less reads −3.
 *
 * Example: Barter +2, Acumen +1, a −1 CMod: 2 + 1 − 1 = +2.
 */
export function checkModifier(input: CheckModifierInput): CheckModifier {
  assertWhole(input.attribute, "An AMod");
  let skill = 0;
  if (input.skill !== undefined) {
    assertWhole(input.skill, "An SMod");
    skill = input.starred && input.skill <= 0 ? -3 : input.skill;
  }
  const conditional = conditionalSum(input.conditional, input.clampConditional ?? false);
  return { attribute: input.attribute, skill, conditional, total: input.attribute + skill + conditional };
}

/** The attributes the Perception stat reads. */
export interface PerceptionAttributes {
  rsn: number;
  acu: number;
}

/** "The Perception modifier is the sum of a character's Reason and Acumen AMods." */
export function perception(attrs: PerceptionAttributes): number {
  assertWhole(attrs.rsn, "Reason");
  assertWhole(attrs.acu, "Acumen");
  return attrs.rsn + attrs.acu;
}

// ---- Insight Dice ----------------------------------------------------------------------------

/** The Insight Dice's "common uses", in the text's order. */
export type InsightUse = "extraDie" | "plusThree" | "replace" | "makeTheCase" | "surviveDying";

/** One use: when it is made, what it costs, what it does. */
export interface InsightUseSpec {
  /** "prior to making a dice check", "After a dice check", when the GM agrees, or when dying. */
  timing: "beforeRoll" | "afterRoll" | "anyTime" | "dying";
  /** Insight Dice spent: a number, per replaced die (`insightReplaceCost`), or every die held. */
  cost: number | "replace" | "all";
  /** Dice added to the check ("for a 3d6 check"). */
  extraDice?: number;
  /** CMod added ("+3 Conditional Modifier"). */
  cmod?: number;
  /** Dice of the check that may be re-rolled ("one or both of the original dice"). */
  rerolls?: number;
  /** Per die spent ("1 Wound Point and 1 Resilience Point per dice"). */
  woundPointsPerDie?: number;
  resiliencePointsPerDie?: number;
}

/**
 * "Insight Dice can be used in any way that a GM and player agree upon, but common uses are": an
 * extra die for a 3d6 check; +3 CMod before the roll; after the roll, "remove one or both of the
 * original dice and replace them with an Insight Dice, which are then rolled fresh"; "exchanged for a
 * missing piece of required equipment, clue, or whatever the players can successfully Make The Case
 * for"; "give up all their Insight Dice to recover 1 Wound Point and 1 Resilience Point per dice and
 * save their character from Dying ... it costs all of their available Insight Dice".
 */
export const insightUses: Readonly<Record<InsightUse, InsightUseSpec>> = {
  extraDie: { timing: "beforeRoll", cost: 1, extraDice: 1 },
  plusThree: { timing: "beforeRoll", cost: 1, cmod: INSIGHT_CMOD },
  replace: { timing: "afterRoll", cost: "replace", rerolls: 2 },
  makeTheCase: { timing: "anyTime", cost: 1 },
  surviveDying: { timing: "dying", cost: "all", woundPointsPerDie: 1, resiliencePointsPerDie: 1 },
};

/** Options of an Insight spend. */
export interface InsightCostOptions {
  /** `replace`: how many of the check's dice are replaced (1 or 2). Default 1. */
  replaced?: number;
  /** Default "perDie" (each replaced die is an Insight Die "rolled fresh"). */
  insightReplaceCost?: InsightReplaceCost;
  /** `surviveDying`: the Insight Dice held (all of them are spent). */
  held?: number;
}

/** The Insight Dice a use costs. */
export function insightCost(use: InsightUse, opts: InsightCostOptions = {}): number {
  const cost = insightUses[use].cost;
  if (typeof cost === "number") return cost;
  if (cost === "all") {
    const held = opts.held ?? 0;
    assertCount(held, "Insight Dice held");
    return held;
  }
  const replaced = opts.replaced ?? 1;
  if (replaced !== 1 && replaced !== 2) throw new RangeError(`One or both dice are replaced: ${replaced}`);
  return (opts.insightReplaceCost ?? "perDie") === "perCheck" ? 1 : replaced;
}

/** Why an Insight spend is refused. */
export type InsightRefusal = "groupCheck" | "notEnough" | "nothingHeld";

/** What `spendInsight` reads. */
export interface InsightSpendInput extends InsightCostOptions {
  /** Insight Dice held (`held` of the options is this). */
  held: number;
  use: InsightUse;
  /** "Insight Dice cannot be used as part of a Group Check". Default false. */
  groupCheck?: boolean;
}

/** The spend: allowed or why not, its cost and what is left. */
export interface InsightSpend {
  allowed: boolean;
  refusal?: InsightRefusal;
  cost: number;
  left: number;
}

/** Spend Insight Dice on one use, if the rules allow it. */
export function spendInsight(input: InsightSpendInput): InsightSpend {
  const { held } = input;
  assertCount(held, "Insight Dice held");
  const cost = insightCost(input.use, { ...input, held });
  const refuse = (refusal: InsightRefusal): InsightSpend => ({ allowed: false, refusal, cost, left: held });
  if (input.groupCheck && input.use !== "surviveDying" && input.use !== "makeTheCase")
    return refuse("groupCheck");
  if (held === 0) return refuse("nothingHeld");
  if (cost > held) return refuse("notEnough");
  return { allowed: true, cost, left: held - cost };
}

/** What giving up every Insight Die to survive brings. */
export interface InsightSurvival {
  /** Every die held: "Players cannot choose how many dice to use in this method". */
  spent: number;
  woundPoints: number;
  resiliencePoints: number;
}

/** "give up all their Insight Dice to recover 1 Wound Point and 1 Resilience Point per dice". */
export function insightSurviveDying(held: number): InsightSurvival {
  const spent = insightCost("surviveDying", { held });
  const spec = insightUses.surviveDying;
  return {
    spent,
    woundPoints: spent * (spec.woundPointsPerDie ?? 0),
    resiliencePoints: spent * (spec.resiliencePointsPerDie ?? 0),
  };
}

/** Options of `replaceDice`. */
export interface ReplaceDiceOptions extends ClassifyOptions {
  /** The check's modifier, to classify afresh. Default 0. */
  modifier?: number;
  /** Default "perDie". */
  insightReplaceCost?: InsightReplaceCost;
}

/** The check after its dice were replaced, and what that cost. */
export interface ReplacedCheck extends CheckResult {
  dice: number[];
  cost: number;
}

/**
 * "After a dice check, a player can remove one or both of the original dice and replace them with an
 * Insight Dice, which are then rolled fresh and added to the total." `indices` are among the check's
 * own two dice (0 and 1), `newFaces` the fresh rolls in the same order; the new dice are classified
 * afresh (a fresh pair can make or unmake a Moment).
 *
 * Example: [1, 3] + 2 = 6, a Failure; replace die 0 with a 5: [5, 3] + 2 = 10, a Success, cost 1.
 */
export function replaceDice(
  dice: readonly number[],
  indices: readonly number[],
  newFaces: readonly number[],
  opts: ReplaceDiceOptions = {},
): ReplacedCheck {
  assertCheckDice(dice);
  if (indices.length < 1 || indices.length > 2 || new Set(indices).size !== indices.length)
    throw new RangeError(`One or both of the original dice: ${indices.join(", ")}`);
  if (newFaces.length !== indices.length)
    throw new RangeError(`One fresh face per replaced die: ${newFaces.length} for ${indices.length}`);
  const out = [...dice];
  indices.forEach((index, i) => {
    if (index !== 0 && index !== 1) throw new RangeError(`Only the original dice (0, 1): ${index}`);
    const face = newFaces[i] ?? Number.NaN;
    assertFace(face, "A fresh face");
    out[index] = face;
  });
  const result = classify(out, opts.modifier ?? 0, opts);
  const cost = insightCost("replace", {
    replaced: indices.length,
    insightReplaceCost: opts.insightReplaceCost,
  });
  return { ...result, dice: out, cost };
}
