/**
 * Passions and styles (Virtually Real core guidebook, chapter 1: "Passion & Style", "Darkness",
 * "Light", "Culture Saves"; the passions themselves are in chapter 4, not included). Pure: no Foundry,
 * no globals.
 *
 * A style is a tree of passions attached to a skill: one root passion, learned "upon being trained in
 * the style, even at level 0", and usually three branches. A skill's style earns a passion a level
 * from level 2; Darkness's styles earn one every level from 1, and "You'll always get the root passion
 * of every Darkness tree". What each passion does is chapter 4's: here, only how many a character has
 * earned and which may be dropped.
 */
import { accept, assertCount, assertRange, refuse, type Checked } from "./char-guards";

/**
 * Passions a skill's style has earned: the root from the moment the skill is trained in it (primary
 * training or more: "Secondary skills never … earn passions"), then "new passions from this style each
 * level, starting at level 2". Level 0 or 1 → 1; level L ≥ 2 → L. Secondary → 0.
 */
export function stylePassionsEarned(skill: { capacity: number; level: number }): number {
  assertRange(skill.capacity, 0, 5, "A skill capacity");
  assertRange(skill.level, 0, 9, "A level");
  if (skill.capacity < 2) return 0;
  return Math.max(1, skill.level);
}

/** Whether a skill's training can hold a style (chosen "when the skill reaches primary training"). */
export function canHaveStyle(capacity: number): Checked<true> {
  assertRange(capacity, 0, 5, "A skill capacity");
  return capacity >= 2 ? accept(true) : refuse("secondaryNoStyle");
}

/**
 * Darkness passions: the root of every Darkness tree, plus one chosen passion for every level ("earns
 * passions *every* level, even level 1"). `roots` is the number of Darkness trees.
 */
export function darknessPassionsEarned(
  darknessLevel: number,
  roots: number,
): { roots: number; chosen: number } {
  assertRange(darknessLevel, 0, 9, "A Darkness level");
  assertCount(roots, "Darkness trees");
  return { roots, chosen: darknessLevel };
}

/** A passion a character has, as the drop rule reads it. */
export interface OwnedPassion {
  id: string;
  /** The passion before it in its tree (null: a root). */
  prerequisite: string | null;
}

/**
 * The passions that may be dropped when the Darkness level falls: "you lose one passion of your choice
 * from any darkness tree providing it is not a prerequisite for an existing passion. You can't drop a
 * passion that came before an existing one in the same tree." Roots are kept ("You'll always get the
 * root passion of every Darkness tree").
 */
export function droppablePassions(owned: readonly OwnedPassion[]): string[] {
  const needed = new Set(owned.map((p) => p.prerequisite).filter((p): p is string => p !== null));
  return owned.filter((p) => p.prerequisite !== null && !needed.has(p.id)).map((p) => p.id);
}

/**
 * Passions that may be taken next in a tree: a root not yet owned, or one whose prerequisite is owned.
 * `tree` lists every passion of the tree with its prerequisite.
 */
export function passionsAvailable(tree: readonly OwnedPassion[], owned: readonly string[]): string[] {
  const have = new Set(owned);
  return tree
    .filter((p) => !have.has(p.id) && (p.prerequisite === null || have.has(p.prerequisite)))
    .map((p) => p.id);
}

/**
 * Whether a teacher knows a style well enough to teach it: "they must know all 3 of the "2nd level"
 * passions in the style" (the second passion of each of its three branches).
 */
export function knowsStyleToTeach(secondLevelPassions: readonly string[], known: readonly string[]): boolean {
  const have = new Set(known);
  return secondLevelPassions.length > 0 && secondLevelPassions.every((p) => have.has(p));
}
