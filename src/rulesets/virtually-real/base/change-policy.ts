/**
 * What a Virtually Real card may ask the GM to change on a document its author does not own
 * (`checkChange` in core/changes-logic.ts): a strict allow-list, one entry per kind of change, each
 * held on top of this to its card's own check (the check card's ledger compares what a card carries
 * with what its dice justify). Registered once, by the rolls folder (`registerVirtuallyRealChecks`);
 * the helpers that add other kinds of Virtually Real cards add theirs here the same way, each with a
 * comment saying which card asks for it.
 */
import type { ChangePolicy } from "../../../core/changes-logic";

const isTrue = (v: unknown): boolean => v === true;

/** The check card's marks on a skill item and its actor (rolls/changes-logic.ts). */
export const SKILL_XP_PATH = "system.xp";
export const SKILL_USED_PATH = "system.usedThisScene";
export const SKILL_GAINED_PATH = "system.gainedThisChapter";
export const BCT_FAILED_PATH = "system.scene.bctFailed";
export const BCT_CRITICAL_PATH = "system.scene.bctCriticalFailure";
/** An attribute's score, raised by a skill's odd level (`gainXP`'s `attributeGain`). */
export const attributeScorePath = (attribute: string) => `system.attributes.${attribute}.score`;
/** The most score one XP may add to an attribute (an odd level's bonus by training). */
export const MAX_ATTRIBUTE_GAIN = 5;

export const VIRTUALLY_REAL_CHANGE_POLICY: ChangePolicy = {
  add: {
    // A check card: a brilliant result's 1 XP in its skill at once.
    [SKILL_XP_PATH]: { min: 1, max: 1 },
    // ... and the related attribute's score an odd level above its own raises.
    ...Object.fromEntries(
      ["body", "agility", "appearance", "mind", "logic", "aura", "reflex", "speed"].map((a) => [
        attributeScorePath(a),
        { min: 1, max: MAX_ATTRIBUTE_GAIN },
      ]),
    ),
  },
  set: {
    // A check card: the skill used this scene, XP gained this chapter, Basic Combat Training failed.
    [SKILL_USED_PATH]: isTrue,
    [SKILL_GAINED_PATH]: isTrue,
    [BCT_FAILED_PATH]: isTrue,
    [BCT_CRITICAL_PATH]: isTrue,
  },
  statuses: [],
  maxRounds: 0,
};
