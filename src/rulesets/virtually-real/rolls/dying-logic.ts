/**
 * A save rolled while Dying, Foundry-free, shared by the check card and the attack card (chapter 1,
 * "Health Saves": "If you critically fail a Health save or BCT save with an X condition, you must
 * give up a point of light or die"; the X condition's note: "crit fail of Body or BCT save kills
 * you"). Which checks are such saves, whether one was critically failed, what is due (rules
 * `dyingSaveOutcome`), and what the owner's answer changes.
 */
import { dyingSaveOutcome, type DeadlySave } from "../rules";
import type { CheckSubject } from "./check-input-logic";
import type { DyingAnswer } from "./card-state-logic";

/** "Critically fail": a critical result, or a failure by 10 or more (the Critical degree). */
export const criticallyFailed = (check: { critical: boolean; margin: number | null }): boolean =>
  check.critical || (check.margin !== null && check.margin <= -10);

/** What a save rolled while Dying does. */
export type DyingResult = "none" | "spendLight" | "dies";

/**
 * A Health, Body or Basic Combat Training save rolled with an X condition: critically failed, a light
 * point is to be given up, or with none left the character dies (rules `dyingSaveOutcome`).
 */
export function dyingSave(
  kind: DeadlySave,
  check: { critical: boolean; margin: number | null },
  victim: { conditions: readonly { id: string }[]; light: number },
): DyingResult {
  return dyingSaveOutcome({
    kind,
    criticalFailure: criticallyFailed(check),
    dying: victim.conditions.some((c) => c.id === "X"),
    light: victim.light,
  });
}

/**
 * Which deadly save a check is: a Health save; a Body save; a Basic Combat Training check (the
 * Violence emotional save, or the skill used as a save); anything else "other".
 */
export function deadlySaveOf(
  subject: Pick<CheckSubject, "kind" | "save" | "attribute" | "skillRef">,
): DeadlySave {
  if (subject.kind === "save" && subject.save === "health") return "health";
  if (subject.kind === "save" && subject.save === "standard" && subject.attribute === "body") return "body";
  if (subject.kind === "skill" && subject.skillRef === "basicCombatTraining") return "bct";
  return "other";
}

/** The answers the owner may give: a light point while any is left, else only death. */
export const dyingAnswers = (due: DyingResult): DyingAnswer[] =>
  due === "spendLight" ? ["light", "die"] : due === "dies" ? ["die"] : [];

/** What an answer changes: the light left, and whether the character dies. */
export function dyingAnswerChange(
  answer: DyingAnswer,
  light: number,
): { light: number; dies: boolean } | null {
  if (answer === "light") return light > 0 ? { light: light - 1, dies: false } : null;
  return { light, dies: true };
}
