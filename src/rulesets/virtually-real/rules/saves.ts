/**
 * Saving throws, attribute checks and strength feats (Virtually Real core guidebook, chapter 1,
 * "Attributes & Saves", "Special Rolls"). Each builds the input of `planCheck` / `resolveCheck` /
 * `checkOdds`. Pure: no Foundry, no globals.
 *
 * Attribute names are the keys the character model uses: body, agility, appearance, mind, logic,
 * aura, reflex, speed (spec §7.1).
 *
 * Readings where the text is silent, each an option with its default:
 * - Evade costs no action ("If you don't have enough time"), Dodge a combat action;
 * - Weight Lifting "grants advantages to the roll *and* adds its value to the total": how many
 *   advantages is in chapter 4; `weightLiftingDice` "one" (default) or "value" (one per point).
 */
import { assertCount, assertRange, assertWhole } from "./roll-guards";
import { DEFAULT_SAVE_CAPACITY, type CheckPlanInput } from "./check";
import type { ActionKey, SaveKind } from "./keys";

/** The attributes chapter 1 names for its saves. */
export type SaveAttribute =
  "body" | "agility" | "appearance" | "mind" | "logic" | "aura" | "reflex" | "speed";

/** A check's input before its dice: `planCheck`'s, plus the level and flat bonus. */
export type PreparedCheck = CheckPlanInput & { level: number; flat?: number };

/** What `saveCheck` reads. */
export interface SaveInput {
  save: SaveKind;
  /** The saving attribute's capacity 0..5. */
  attrCapacity: number;
  /** The attribute modifier (the score on the Experience table); Initiative with a ready weapon: its [I] box. */
  modifier: number;
  advantage?: number;
  disadvantage?: number;
  critMod?: number;
  luck?: number;
  /** A standard save's attribute (default: none named) and capacity (default 2). */
  attribute?: SaveAttribute;
  saveCapacity?: number;
  /** Dodge or Evade a mental attack: by Logic instead of Agility. */
  mental?: boolean;
  /** Initiative: Basic Combat Training's capacity ("at primary training or higher": [2]). */
  bctCapacity?: number;
  /** Perception: 1 Careful (a reflex action), 2 Very Careful (a non-combat action), an advantage die each. */
  careful?: 0 | 1 | 2;
}

/** A save ready to roll, with what it costs and what may follow. */
export interface SaveCheck extends PreparedCheck {
  attribute: SaveAttribute | null;
  action: ActionKey;
  /** Agility and Logic saves may be declined: "your roll is a 0". */
  declinable: boolean;
  /** "You always take a Maneuver penalty after using one of these defenses" (Dodge, Evade). */
  maneuverPenalty: boolean;
}

/** The attribute of each common save (a standard save names its own). */
export const SAVE_ATTRIBUTE: Readonly<Record<SaveKind, SaveAttribute | null>> = {
  standard: null,
  health: "body",
  dodge: "agility",
  evade: "agility",
  initiative: "reflex",
  perception: "mind",
};

/** "Dodging an attack is a normal capacity [2] save"; "evading an attack can be done at capacity [1]". */
export const DODGE_CAPACITY = 2;
export const EVADE_CAPACITY = 1;
/** "A typical initiative roll is Reflex with capacity [1]"; [2] with Basic Combat Training at primary or higher. */
export const INITIATIVE_CAPACITY = 1;
export const INITIATIVE_CAPACITY_WITH_BCT = 2;

function saveCapacityOf(input: SaveInput): number {
  switch (input.save) {
    case "evade":
      return EVADE_CAPACITY;
    case "dodge":
      return DODGE_CAPACITY;
    case "initiative":
      return (input.bctCapacity ?? 0) >= 2 ? INITIATIVE_CAPACITY_WITH_BCT : INITIATIVE_CAPACITY;
    case "standard":
      return input.saveCapacity ?? DEFAULT_SAVE_CAPACITY;
    default:
      return DEFAULT_SAVE_CAPACITY;
  }
}

function actionOf(input: SaveInput): ActionKey {
  if (input.save === "dodge") return "combatAction";
  if (input.save === "perception" && input.careful === 1) return "reflexAction";
  if (input.save === "perception" && input.careful === 2) return "nonCombatAction";
  return "free";
}

/**
 * A saving throw: "The capacity of a saving throw is normally [2]. Roll two dice and add the
 * attribute modifier". Health is always [2] by Body; Dodge [2] and Evade [1] by Agility (Logic
 * against a mental attack); Initiative by Reflex at [1], [2] with Basic Combat Training at primary
 * or higher, the ready weapon's [I] box as its level; Perception by Mind, Careful and Very Careful
 * adding one and two advantage dice. The attribute's capacity adds advantages above the save's and
 * disadvantages below it (`planCheck`).
 *
 * Example: Dwarf Body [3]+2 falls ill: `saveCheck({ save: "health", attrCapacity: 3, modifier: 2 })`
 * rolls 3 dice, drops the lowest and adds 2 (TV-16).
 */
export function saveCheck(input: SaveInput): SaveCheck {
  if (!(input.save in SAVE_ATTRIBUTE)) throw new RangeError(`Not a save: ${String(input.save)}`);
  assertWhole(input.modifier, "A modifier");
  if (input.bctCapacity !== undefined) assertRange(input.bctCapacity, 0, 5, "A BCT capacity");
  const careful = input.save === "perception" ? (input.careful ?? 0) : 0;
  assertRange(careful, 0, 2, "Careful");
  const mental = (input.save === "dodge" || input.save === "evade") && input.mental === true;
  const attribute = mental
    ? "logic"
    : input.save === "standard"
      ? (input.attribute ?? null)
      : SAVE_ATTRIBUTE[input.save];
  return {
    kind: "save",
    capacity: input.attrCapacity,
    attrCapacity: input.attrCapacity,
    saveCapacity: saveCapacityOf(input),
    advantage: (input.advantage ?? 0) + careful,
    disadvantage: input.disadvantage ?? 0,
    critMod: input.critMod ?? 0,
    ...(input.luck === undefined ? {} : { luck: input.luck }),
    level: input.modifier,
    attribute,
    action: actionOf(input),
    declinable: attribute === "agility" || attribute === "logic",
    maneuverPenalty: input.save === "dodge" || input.save === "evade",
  };
}

/**
 * A save not resisted: "When making an Agility or Logic save you are aware of the attack and
 * actively resisting. You can choose to not resist and do nothing, and your roll is a 0."
 */
export function declinedSave(dl?: number): { total: number; margin: number | null; success: boolean | null } {
  if (dl !== undefined) assertWhole(dl, "A DL");
  return { total: 0, margin: dl === undefined ? null : -dl, success: dl === undefined ? null : dl <= 0 };
}

/** What `attributeCheck` reads. */
export interface AttributeCheckInput {
  capacity: number;
  modifier: number;
  advantage?: number;
  disadvantage?: number;
  critMod?: number;
  luck?: number;
}

/**
 * An attribute check: "rolled as if the attribute were a skill of the attribute's capacity ... The
 * capacity does not give advantage dice, like on a save". No XP.
 */
export function attributeCheck(input: AttributeCheckInput): PreparedCheck {
  assertWhole(input.modifier, "A modifier");
  return {
    kind: "attribute",
    capacity: input.capacity,
    attrCapacity: input.capacity,
    advantage: input.advantage ?? 0,
    disadvantage: input.disadvantage ?? 0,
    critMod: input.critMod ?? 0,
    ...(input.luck === undefined ? {} : { luck: input.luck }),
    level: input.modifier,
  };
}

/** How many advantages the Weight Lifting passion grants (chapter 4 says; not chapter 1). */
export type WeightLiftingDice = "one" | "value";

/** What `strengthFeat` reads. */
export interface StrengthFeatInput {
  bodyCapacity: number;
  bodyModifier: number;
  /** The creature's weight size (from the size chart, not in chapter 1). */
  weightSize: number;
  /** The Weight Lifting passion's value, if any. */
  weightLifting?: number;
  advantage?: number;
  disadvantage?: number;
  critMod?: number;
  /** Retries so far: each at +1 crit. */
  retries?: number;
}

/**
 * A feat of strength: "Roll a Body attribute check and add your weight size. Your "Weight Lifting"
 * passion grants advantages to the roll *and* adds its value to the total." Brilliants do not
 * normally apply (`planCheck`'s `strengthFeatBrilliants`); each retry is at +1 crit. Index the total
 * on the Strength Feats table (not in chapter 1).
 */
export function strengthFeat(
  input: StrengthFeatInput,
  options: { weightLiftingDice?: WeightLiftingDice } = {},
): PreparedCheck {
  assertWhole(input.bodyModifier, "A modifier");
  assertWhole(input.weightSize, "A weight size");
  const lifting = input.weightLifting ?? 0;
  assertCount(lifting, "Weight Lifting");
  const retries = input.retries ?? 0;
  assertCount(retries, "Retries");
  const liftingDice = lifting === 0 ? 0 : (options.weightLiftingDice ?? "one") === "one" ? 1 : lifting;
  return {
    kind: "strengthFeat",
    capacity: input.bodyCapacity,
    attrCapacity: input.bodyCapacity,
    advantage: (input.advantage ?? 0) + liftingDice,
    disadvantage: input.disadvantage ?? 0,
    critMod: (input.critMod ?? 0) + retries,
    level: input.bodyModifier,
    flat: input.weightSize + lifting,
  };
}

/** "Rolls can be retried at +1 critical using another non-combat action and an Endurance point." */
export const STRENGTH_FEAT_RETRY = { endurance: 1, action: "nonCombatAction" as ActionKey, critMod: 1 };

/** A strength feat tried again and again: the best total kept, the retries made, and whether it is over. */
export interface StrengthFeatState {
  best: number | null;
  retries: number;
  over: boolean;
}

export const startStrengthFeat = (): StrengthFeatState => ({ best: null, retries: 0, over: false });

/**
 * After a strength feat roll: "Keep the higher roll until you roll a critical failure, and then you
 * drop it." The first roll is not a retry; each later one is (+1 crit, 1 End, a non-combat action).
 * A critical failure drops the kept roll and ends the retries (TV-50).
 */
export function afterStrengthFeat(
  state: StrengthFeatState,
  result: { total: number; critical: boolean },
): StrengthFeatState {
  if (state.over) throw new RangeError("This strength feat is over: a critical failure dropped it");
  const retries = state.best === null && state.retries === 0 ? 0 : state.retries + 1;
  if (result.critical) return { best: null, retries, over: true };
  return { best: Math.max(state.best ?? result.total, result.total), retries, over: false };
}
