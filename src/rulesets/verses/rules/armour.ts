/**
 * What worn armour and wielded shields cost their bearer ("Armor & Shields", "Armor » Heavy").
 * - "If worn or wielded without the appropriate skills allocated, impose a penalty to all
 *   PRW-related tests equal to the respective skill difficulty": Armor » Light 1, Armor » Medium 2,
 *   Armor » Heavy 3, Armor » Shields 2.
 * - Armour, "based on its weight, may incur a penalty against the wearer's PRW" (the listed PRW
 *   PENALTY); "Armor » Heavy ... At allocations of 4, an armor's PRW penalty is reduced by 1. At
 *   allocations of 5, PRW penalty is reduced by 2."
 * The Heavy Armor headings also say "If attempting to wear without the allocated skill, the noted
 * penalty is applied to the actor's PRW", which contradicts the skill's reduction at 4 and 5 (spec
 * §11.1 #4). {@link ArmourPenaltyMode} chooses: `always` (the default: the listed penalty always
 * applies, reduced by Armor » Heavy) or `unskilled` (only without the class's skill allocated).
 */
import { type Checked, refused } from "./types";

/** The armour classes and shields. */
export type ArmourClass = "light" | "medium" | "heavy" | "shield";

/** The skill each class is used with, and its difficulty (the unskilled dice penalty). */
export const ARMOUR_SKILLS: Readonly<Record<ArmourClass, { skill: string; difficulty: number }>> = {
  light: { skill: "Armor » Light", difficulty: 1 },
  medium: { skill: "Armor » Medium", difficulty: 2 },
  heavy: { skill: "Armor » Heavy", difficulty: 3 },
  shield: { skill: "Armor » Shields", difficulty: 2 },
};

/** When the listed PRW PENALTY applies (see the module comment). */
export type ArmourPenaltyMode = "always" | "unskilled";

/** One worn armour or wielded shield. */
export interface WornProtection {
  class: ArmourClass;
  /** PRW PENALTY as listed: 0 or negative (−2 for Plate). */
  prwPenalty: number;
}

/** Allocated dice in each class's skill (0 when the skill is not allocated). */
export type ArmourSkillAllocations = Partial<Record<ArmourClass, number>>;

/** What the bearer's armour costs. */
export interface ArmourBurden {
  /** PRW lost (a positive number), like overload's: it lowers PRW and everything derived from it. */
  prwPenalty: number;
  /** Dice removed from every PRW-related test (a positive number). */
  unskilledDice: number;
  /** The classes worn or wielded without their skill allocated, once each. */
  unskilled: ArmourClass[];
}

/** The Armor » Heavy reduction of one heavy armour's penalty: 1 at 4 allocated dice, 2 at 5. */
export function heavyArmourReduction(allocated: number): number {
  return allocated >= 5 ? 2 : allocated >= 4 ? 1 : 0;
}

/** Check one listed PRW PENALTY: a whole number, 0 or below. */
export function checkPrwPenalty(value: number): Checked<number> {
  return Number.isInteger(value) && value <= 0 ? { ok: true, value } : refused("prwPenalty", { value });
}

/**
 * The burden of everything worn or wielded. TV-C15: Plate (PRW −2) with Armor » Heavy 4 / 5 costs
 * 1 / 0 PRW. TV-C16: Mail (medium) with Armor » Medium unallocated costs 2 dice on every PRW-related
 * test. Each class's unskilled penalty counts once, however many pieces of it are worn.
 */
export function armourBurden(
  worn: readonly WornProtection[],
  allocations: ArmourSkillAllocations,
  mode: ArmourPenaltyMode = "always",
): ArmourBurden {
  let prwPenalty = 0;
  const unskilled: ArmourClass[] = [];
  for (const piece of worn) {
    const allocated = Math.max(0, allocations[piece.class] ?? 0);
    if (allocated === 0 && !unskilled.includes(piece.class)) unskilled.push(piece.class);
    const listed = Math.max(0, -piece.prwPenalty);
    if (mode === "unskilled" && allocated > 0) continue;
    const reduction = piece.class === "heavy" ? heavyArmourReduction(allocated) : 0;
    prwPenalty += Math.max(0, listed - reduction);
  }
  const unskilledDice = unskilled.reduce((sum, c) => sum + ARMOUR_SKILLS[c].difficulty, 0);
  return { prwPenalty, unskilledDice, unskilled };
}
