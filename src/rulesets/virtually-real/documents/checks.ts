/**
 * The checks this folder rolls, through the rolls folder's `rollCheck` (its dialog, its check card with
 * the dice, the explosion and the mulligan):
 * - a learning check: the Combination the rules work out (learning-logic.ts: its capacity, level,
 *   critical range and DL) rolled as given (`prepared`; the conditions' dice are the roll's own). It
 *   names no skill item, so the roll marks no use of one: training's XP is earned "only ... on
 *   failure", which the training step marks itself;
 * - the Integrity save of Bonus XP put into Darkness: the rolls folder's emotional save of Guilt
 *   against the XP put in.
 */
import { rollCheck, rollEmotionalSave, type CheckRolled } from "../rolls";
import type { LearningCheck } from "../rules";
import type { AnyActor } from "./shared";

/** What a learning check is for, shown on the check card. */
export interface LearningRoll {
  /** The check card's heading ("Training: Acrobatics"). */
  label: string;
  flavor: string;
  event?: Event;
  /** Roll at once, without the check's dialog. */
  skipDialog?: boolean;
  /** What the check is (`training`, `underlines`, `reading`, `occupation`), kept on the card. */
  purpose: string;
}

/** Roll a learning check: a Combination check with the rules' capacity, level, critical range and DL. */
export function rollLearningCheck(
  actor: AnyActor,
  check: LearningCheck,
  roll: LearningRoll,
): Promise<CheckRolled | null> {
  const { dl, ...prepared } = check;
  return rollCheck(actor, {
    kind: "combination",
    prepared,
    dl,
    label: roll.label,
    flavor: roll.flavor,
    ...(roll.event ? { event: roll.event } : {}),
    ...(roll.skipDialog ? { skipDialog: true } : {}),
    extra: { purpose: roll.purpose },
  });
}

/**
 * Roll the Guilt target's save against a DL (the Integrity save of Bonus XP put into Darkness): the
 * rolls folder's emotional save, its Culture - Integrity skill with the target's wounds and armors (an
 * Aura save assigned to Guilt when the character has no such skill).
 */
export function rollIntegritySave(
  actor: AnyActor,
  dl: number,
  roll: { flavor: string; event?: Event; skipDialog?: boolean; purpose: string },
): Promise<CheckRolled | null> {
  return rollEmotionalSave(actor, "guilt", {
    dl,
    flavor: roll.flavor,
    ...(roll.event ? { event: roll.event } : {}),
    ...(roll.skipDialog ? { skipDialog: true } : {}),
    extra: { purpose: roll.purpose },
  });
}
