/**
 * The meta-currencies: Endurance, Ki, Light and Darkness (Virtually Real core guidebook, chapter 1:
 * "Experienced Gamers: Virtually Real uses 3 meta-currencies", "Darkness", "Light", "Light Points",
 * "Beginners Luck", the CRITICAL CONDITIONS footnotes). Pure: no Foundry, no globals.
 *
 * Light is earned from goals, awards, risks and donations, spent on intimacies and mulligans, and held
 * to the Aura attribute's score; each light earned wipes a Darkness point. Darkness points are indexed
 * on the Experience table: the level is a number of dice, an advantage to Deception and Authority and a
 * disadvantage to Diplomacy, Support, Appearance and Faith.
 *
 * Readings where the text is silent (spec §6.3), each an option with its default:
 * - "If they [Endurance points] hit zero you will be winded" but the U condition is "Undone (0
 *   End)"; Ki at zero is "stressed" but N is "Numb (0 Ki)". Endurance at 0 gives Winded
 *   (`zeroEndurance: "winded"`, proposed world setting `polyverse.virtually-real.zeroEndurance`) or the
 *   U critical condition (`"undone"`); Ki at 0 gives the N condition (the table's letter). The maxima
 *   of Endurance and Ki are not in chapter 1: they are the actor's own numbers.
 * - Darkness "rolled just like any other attribute" has no capacity: [2] (`darknessCapacity`,
 *   proposed world setting `polyverse.virtually-real.darknessCapacity`).
 * - Darkness dice reach only the rolls the text lists (`darknessScope: "listed"`, proposed world
 *   setting `polyverse.virtually-real.darknessScope`) or, as the bare first sentence could be read,
 *   every roll but Deception and Authority (advantages), initiative and BCT saves (`"all"`).
 */
import { accept, assertCount, assertRange, refuse, type Checked } from "./char-guards";
import type { ConditionId, SkillRef } from "./character-keys";
import { levelFromXP } from "./experience";

// ---- Light ----------------------------------------------------------------------------------------

/**
 * "Beginners Luck": "you always begin the game with 1 point of light … This point does not decrement
 * your Darkness level should you start with Darkness points."
 */
export const STARTING_LIGHT = 1;

/**
 * Light earned by itself each chapter: "You earn light points from achieving life goals, 1 per
 * chapter."
 */
export const CHAPTER_LIGHT = 1;

/** "You can have a maximum number of points of light stored equal to your Aura attribute *score*." */
export function maxLight(auraScore: number): number {
  assertCount(auraScore, "An Aura score");
  return auraScore;
}

/** Light and Darkness as the rules change them. */
export interface LightState {
  light: number;
  darkness: number;
}

/** What earning light did. */
export interface LightEarned extends LightState {
  /** Light earned above the maximum: it still wiped Darkness but was not stored. */
  overflow: number;
  darknessLevelBefore: number;
  darknessLevel: number;
  /**
   * Darkness passions to drop: "If your darkness level decreases, you lose one passion of your choice
   * from any darkness tree" (one per level lost; `droppablePassions` says which may go).
   */
  passionsToDrop: number;
}

/**
 * Earning light: "Each time you earn a point of light, immediately decrement your darkness total by the
 * same amount and record the light"; "You can also choose to give up that light point and decrement
 * your darkness again" (`giveUp` of the points earned); "If at your maximum, earning new light points
 * will still decrement your Darkness (until it reaches 0), but will not increase the light total
 * further." Darkness never goes below 0.
 *
 * Example: 6 Darkness (level 1), light at its maximum, 1 light earned → 5 Darkness (level 0), one
 * Darkness passion dropped, light unchanged.
 */
export function earnLight(state: LightState, earned: number, auraScore: number, giveUp = 0): LightEarned {
  checkLight(state);
  assertCount(earned, "Light earned");
  assertRange(giveUp, 0, earned, "Light given up");
  const cap = maxLight(auraScore);
  const kept = earned - giveUp;
  const light = Math.min(Math.max(cap, state.light), state.light + kept);
  const darkness = Math.max(0, state.darkness - earned - giveUp);
  const before = levelFromXP(state.darkness);
  const after = levelFromXP(darkness);
  return {
    light,
    darkness,
    overflow: state.light + kept - light,
    darknessLevelBefore: before,
    darknessLevel: after,
    passionsToDrop: before - after,
  };
}

/** Spends light, or refuses `notEnoughLight`. */
export function spendLight(light: number, cost: number): Checked<number> {
  assertCount(light, "Light");
  assertCount(cost, "A light cost");
  return cost > light ? refuse("notEnoughLight", { have: light, need: cost }) : accept(light - cost);
}

// ---- Darkness -------------------------------------------------------------------------------------

/** "Index darkness points on the XP table to find the level, just like a skill." */
export function darknessLevel(points: number): number {
  assertCount(points, "Darkness points");
  return levelFromXP(points);
}

/** How far Darkness dice reach. */
export type DarknessScope = "listed" | "all";

/** Readings where the text is silent (see the file's comment). */
export interface CurrencyOptions {
  /** the rolls Darkness's disadvantage reaches. Default "listed". */
  darknessScope?: DarknessScope;
  /** the capacity a Darkness roll keeps. Default 2. */
  darknessCapacity?: number;
  /** what Endurance at 0 gives. Default "winded". */
  zeroEndurance?: "winded" | "undone";
}

/** A roll as Darkness reads it. */
export interface DarknessRoll {
  /** The skill rolled, when it is one the rules name. */
  skill?: SkillRef | null;
  /** An Appearance roll ("causing a penalty to appearance rolls"). */
  appearance?: boolean;
  initiative?: boolean;
}

/** Skills Darkness helps: "Darkness will be an *advantage* to Deception & Authority". */
export const DARKNESS_ADVANTAGE: readonly SkillRef[] = ["deception", "authority"];
/** "… but is a penalty to Diplomacy, Support, Appearance, and Faith." */
export const DARKNESS_DISADVANTAGE: readonly SkillRef[] = ["diplomacy", "support", "faith"];

/**
 * Darkness's dice on a roll: "Your Darkness *level* is how many disadvantage dice you take"; an
 * advantage of as many dice to Deception and Authority, a disadvantage to Diplomacy, Support,
 * Appearance and Faith; "Darkness does not affect initiative, nor any BCT saves."
 */
export function darknessDice(
  level: number,
  roll: DarknessRoll,
  options: CurrencyOptions = {},
): {
  advantage: number;
  disadvantage: number;
} {
  assertRange(level, 0, 9, "A Darkness level");
  const none = { advantage: 0, disadvantage: 0 };
  if (level === 0 || roll.initiative || roll.skill === "basicCombatTraining") return none;
  if (roll.skill && DARKNESS_ADVANTAGE.includes(roll.skill)) return { advantage: level, disadvantage: 0 };
  const listed =
    roll.appearance === true || (roll.skill != null && DARKNESS_DISADVANTAGE.includes(roll.skill));
  return listed || (options.darknessScope ?? "listed") === "all"
    ? { advantage: 0, disadvantage: level }
    : none;
}

/**
 * A Darkness roll: "You will roll your Darkness points just like any other attribute": an attribute
 * check of `darknessCapacity` dice (default [2]) plus the Darkness level.
 */
export function darknessCheck(
  points: number,
  options: CurrencyOptions = {},
): {
  kind: "attribute";
  capacity: number;
  attrCapacity: number;
  level: number;
} {
  const capacity = options.darknessCapacity ?? 2;
  assertRange(capacity, 1, 5, "A Darkness capacity");
  return { kind: "attribute", capacity, attrCapacity: capacity, level: darknessLevel(points) };
}

/** Adds Darkness points (an aggressive response, a forced hated mulligan, a wound kept as armor). */
export function takeDarkness(
  points: number,
  taken: number,
): { darkness: number; levelBefore: number; level: number } {
  assertCount(points, "Darkness points");
  assertCount(taken, "Darkness taken");
  return { darkness: points + taken, levelBefore: levelFromXP(points), level: levelFromXP(points + taken) };
}

/**
 * Turning an emotional wound into armor: "You may also spend a Darkness point to keep an emotional
 * wound's duration and turn it into an emotional "armor"", or with a passion that allows it, a ki point
 * instead: then "it will only last a day and does not change the duration of the condition. It just
 * prolongs it a day." Returns what is paid and how long the armor lasts (`wound`: the wound's own
 * duration).
 */
export function woundToArmor(
  pay: "darkness" | "ki",
  ki = 0,
): Checked<{ darkness: number; ki: number; lasts: "wound" | "day" }> {
  if (pay === "darkness") return accept({ darkness: 1, ki: 0, lasts: "wound" });
  assertCount(ki, "Ki");
  if (ki < 1) return refuse("notEnoughKi", { have: ki, need: 1 });
  return accept({ darkness: 0, ki: 1, lasts: "day" });
}

// ---- Endurance and Ki ---------------------------------------------------------------------------

/** Conditions that forbid spending Endurance (X, U, B: "can't spend End"). */
export const NO_ENDURANCE_SPEND: readonly ConditionId[] = ["X", "U", "B"];
/** Conditions that forbid spending Ki (N: "can't spend Ki"; H "blocks ki from being spent"). */
export const NO_KI_SPEND: readonly ConditionId[] = ["N", "H"];

/** A pool of Endurance or Ki. */
export interface CurrencyPool {
  value: number;
  max: number;
}

/** What spending from a pool did. */
export interface PoolSpend {
  value: number;
  /** The pool reached 0: Endurance → Winded or U (the option), Ki → N. */
  emptied: boolean;
  condition: "winded" | ConditionId | null;
}

/**
 * Spends Endurance (a strength feat's retry, an arm-wrestling advantage, a multistage stage's cost) or
 * Ki (powers, some Darkness passions). Refuses with a condition that forbids it (`cannotSpendEndurance`,
 * `cannotSpendKi`) or too little in the pool.
 */
export function spendPool(
  currency: "endurance" | "ki",
  pool: CurrencyPool,
  cost: number,
  conditions: readonly ConditionId[] = [],
  options: CurrencyOptions = {},
): Checked<PoolSpend> {
  assertCount(pool.value, "A pool's value");
  assertCount(pool.max, "A pool's maximum");
  assertCount(cost, "A cost");
  const blockers = currency === "endurance" ? NO_ENDURANCE_SPEND : NO_KI_SPEND;
  if (conditions.some((c) => blockers.includes(c)))
    return refuse(currency === "endurance" ? "cannotSpendEndurance" : "cannotSpendKi");
  if (cost > pool.value)
    return refuse(currency === "endurance" ? "notEnoughEndurance" : "notEnoughKi", {
      have: pool.value,
      need: cost,
    });
  const value = pool.value - cost;
  const emptied = value === 0 && cost > 0;
  return accept({ value, emptied, condition: emptied ? zeroCondition(currency, options) : null });
}

/** What a pool at 0 gives: Endurance → "winded" (or U, see the options); Ki → N. */
export function zeroCondition(
  currency: "endurance" | "ki",
  options: CurrencyOptions = {},
): "winded" | ConditionId {
  if (currency === "ki") return "N";
  return (options.zeroEndurance ?? "winded") === "winded" ? "winded" : "U";
}

function checkLight(state: LightState): void {
  assertCount(state.light, "Light");
  assertCount(state.darkness, "Darkness points");
}
