/**
 * Practising a skill this chapter (its owner, or a GM): "Regular practice earns 1 XP per chapter if you
 * have not otherwise gained XP in that skill this chapter"; "If the player explicitly says they want to
 * practice a particular skill to become better at it, then they should be allowed to do so." The mark
 * is the skill's `flags.polyverse.virtually-real.progress.practising`, read and cleared at the chapter's
 * end (chapter-logic.ts).
 */
import { rulesetFlag } from "../../../core/flags";
import { PROGRESS_FLAG, readProgress } from "./story-logic";
import { progressFlagPath } from "./scene-logic";
import { ID, type AnyItem } from "./shared";

/** Mark a skill practised this chapter, or not (default: the other way round). Returns the new mark. */
export async function togglePractice(item: AnyItem, practising?: boolean): Promise<boolean | null> {
  const user = game.user;
  if (item.type !== "virtually-real-skill" || !user || !item.canUserModify(user, "update")) return null;
  const now = readProgress(rulesetFlag(item, ID, PROGRESS_FLAG)).practising;
  const next = practising ?? !now;
  if (next !== now) await item.update({ [`${progressFlagPath}.practising`]: next } as never);
  return next;
}
