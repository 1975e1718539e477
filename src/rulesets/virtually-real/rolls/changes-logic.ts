/**
 * What a check card changes, Foundry-free: the marks a check earns its skill and its actor (chapter 1,
 * "Experience & Learning", "Brilliant Results", "Basic Combat Training") and the document changes
 * that give them, each once per card.
 *
 * - A skill or Combination check with a skill marks the skill used this scene once its result is
 *   known (the end of the scene reads it: `sceneXP`, the GM ticking the uses with consequences and a
 *   known outcome), but not a failed knowledge check (`useEarnsXP`).
 * - A brilliant result gives "1 extra XP in that skill *immediately!*" (`brilliantXP`: not Basic
 *   Combat Training), marks XP gained this chapter, and raises the related attribute when the new
 *   level is odd and above its own (`gainXP`).
 * - A failed Basic Combat Training check marks the actor's scene (`bctSceneXP`: 1, 2 when critical).
 * - Combining skills: the use mark also reaches Added Experience's or a Combination's second skill
 *   and each helper's skill (the GM makes the helpers' changes: they are other players'); a brilliant's
 *   XP stays the leader's skill's ("in that skill": the one the roll is named for). "I'll try too!"
 *   after another's failure earns no use mark when it fails too ("they do *not* get XP"), and one
 *   as usual when it succeeds (`useEarnsXP`'s `followsFailure`).
 *
 * Marks are read from the check's standing result (after its explosion, after a mulligan) and never
 * taken back.
 */
import type { DocumentChange } from "../../../core/changes-logic";
import { brilliantXP, gainXP, useEarnsXP, type AttributeKey, type AttributeOptions } from "../rules";
import {
  BCT_CRITICAL_PATH,
  BCT_FAILED_PATH,
  SKILL_GAINED_PATH,
  SKILL_USED_PATH,
  SKILL_XP_PATH,
  attributeScorePath,
} from "../base/change-policy";
import { MARKS, type CheckState, type MarkKey } from "./card-state-logic";

/**
 * The marks a check's standing result earns. `ownAttribute` is the skill's own related attribute: a
 * skill rolled by Logic instead is a knowledge check (`relatedAttributeFor`), and "a failed knowledge
 * check doesn't let you know more" (`useEarnsXP`): no use mark for it. Whether the use had
 * consequences and a known outcome is the GM's call at the end of the scene.
 */
export function earnedMarks(state: CheckState, ownAttribute: AttributeKey | null = null): MarkKey[] {
  const subject = state.read.options.subject;
  const result = state.result;
  const skill = subject.skillId !== null && (subject.kind === "skill" || subject.kind === "combination");
  if (!skill) return [];
  const bct = subject.skillRef === "basicCombatTraining";
  const knowledge = subject.attribute === "logic" && ownAttribute !== null && ownAttribute !== "logic";
  const known = result.diceNeeded === 0;
  const followsFailure = state.read.options.choice.team?.triedToo === true;
  const earned: MarkKey[] = [];
  const use = { consequences: true, outcomeKnown: true, success: result.success, knowledge, followsFailure };
  if (known && useEarnsXP(use)) earned.push("used");
  if (brilliantXP({ brilliant: result.brilliant, kind: subject.kind }, bct)) earned.push("brilliant");
  if (bct && result.diceNeeded === 0 && (result.critical || result.success === false))
    earned.push("bctFailed");
  if (bct && result.critical) earned.push("bctCritical");
  return earned;
}

/** The marks earned and not yet given, in `MARKS` order. */
export function newMarks(state: CheckState, ownAttribute: AttributeKey | null = null): MarkKey[] {
  const given = state.card.marks ?? [];
  const earned = earnedMarks(state, ownAttribute);
  return MARKS.filter((m) => earned.includes(m) && !given.includes(m));
}

/** The skill and actor the marks change, as they are now. */
export interface MarkTarget {
  actor: { uuid: string; name: string; scores: Record<AttributeKey, number> };
  skill: { uuid: string; name: string; capacity: number; xp: number; attribute: AttributeKey } | null;
  /** The other skill items the use mark reaches (a second skill, the helpers'; `teamUsedSkills`). */
  usedToo?: readonly { uuid: string; name: string }[];
}

/** The document changes that give `marks`. */
export function markChanges(
  marks: readonly MarkKey[],
  target: MarkTarget,
  options: AttributeOptions = {},
): DocumentChange[] {
  const { actor, skill } = target;
  const changes: DocumentChange[] = [];
  const skillSet: Record<string, unknown> = {};
  const actorSet: Record<string, unknown> = {};
  let xp = 0;
  if (skill && marks.includes("used")) skillSet[SKILL_USED_PATH] = true;
  if (skill && marks.includes("brilliant")) {
    skillSet[SKILL_GAINED_PATH] = true;
    xp = 1;
  }
  if (marks.includes("bctFailed")) actorSet[BCT_FAILED_PATH] = true;
  if (marks.includes("bctCritical")) {
    actorSet[BCT_FAILED_PATH] = true;
    actorSet[BCT_CRITICAL_PATH] = true;
  }
  if (skill && (Object.keys(skillSet).length || xp))
    changes.push({
      uuid: skill.uuid,
      name: skill.name,
      ...(Object.keys(skillSet).length ? { set: skillSet } : {}),
      ...(xp ? { add: [{ path: SKILL_XP_PATH, delta: xp }] } : {}),
    });
  if (marks.includes("used"))
    for (const other of target.usedToo ?? [])
      if (other.uuid !== skill?.uuid)
        changes.push({ uuid: other.uuid, name: other.name, set: { [SKILL_USED_PATH]: true } });
  const gain = skill && xp ? gainXP(skill, xp, actor.scores[skill.attribute], options).attributeGain : 0;
  if (Object.keys(actorSet).length || gain)
    changes.push({
      uuid: actor.uuid,
      name: actor.name,
      ...(Object.keys(actorSet).length ? { set: actorSet } : {}),
      ...(gain && skill ? { add: [{ path: attributeScorePath(skill.attribute), delta: gain }] } : {}),
    });
  return changes;
}
