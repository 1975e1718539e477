/**
 * Advancement (Virtually Real core guidebook, chapter 1: "Experience & Learning", "Bonus Experience",
 * "Combat Experience", "Brilliant Results"). Pure: no Foundry, no globals.
 *
 * "Skills have levels, characters don't": a skill used with consequences earns 1 XP at the end of
 * the scene, a brilliant result 1 XP at once, regular practice 1 XP a chapter; combat skills earn by
 * the worst wound taken, Basic Combat Training by its failures; Bonus XP from the award tables is
 * placed at the end of a chapter, never more than one level at a time. Each new XP total is indexed
 * on the Experience table, and an odd level above the attribute's raises the attribute.
 */
import { assertCount, assertKey, accept, refuse, type Checked } from "./char-guards";
import {
  COMBAT_AWARDS,
  INDIVIDUAL_AWARDS,
  STORY_AWARDS,
  type CombatAward,
  type IndividualAward,
  type StoryAward,
  type WoundBand,
} from "./character-keys";
import { MAX_LEVEL, levelFromXP, xpForLevel } from "./experience";
import { oddLevelAttributeBonus, type AttributeOptions } from "./attributes";

// ---- Experience through use ------------------------------------------------------------------

/** One use of a skill in a scene, as the end-of-scene XP rule reads it. */
export interface SkillUse {
  /** "with consequences for failure" (not practice, a safety net, the daily cooking). */
  consequences: boolean;
  /** "you are aware of the outcome" (a Search that finds nothing: you are not). */
  outcomeKnown: boolean;
  /** The check succeeded (null: no DL, or not known). */
  success?: boolean | null;
  /** A knowledge check ("a failed knowledge check doesn't let you know more"). */
  knowledge?: boolean;
  /** The GM awards the XP of a failed knowledge check after all (the information was discovered). */
  discovered?: boolean;
  /** Another player already failed this same check this scene ("I'll try too!"). */
  followsFailure?: boolean;
}

/** Whether one use earns the scene's XP (see `sceneXP`). */
export function useEarnsXP(use: SkillUse): boolean {
  if (!use.consequences || !use.outcomeKnown) return false;
  if (use.knowledge && use.success === false && !use.discovered) return false;
  // "If another player says, "I'll try too!", and fails at the same skill check, the storyline has
  // not changed at all, and they do *not* get XP"; succeeding where the other failed branches it.
  if (use.followsFailure && use.success !== true) return false;
  return true;
}

/**
 * A skill's XP at the end of the scene: "When you use a skill with consequences for failure, and you
 * are aware of the outcome, you earn 1 Experience Point (XP) in that skill at the end of the scene.
 * This is per scene, not per roll of the dice." 1 if any use earns it, else 0. Success or failure
 * alike ("We learn at least as much from our failures as our successes!"), except a failed knowledge
 * check (unless the GM awards it on a discovery) and a repeat of another player's failure that fails
 * too. Saves and attribute checks never earn XP; Basic Combat Training and combat skills have their
 * own rules (`bctSceneXP`, `combatXP`).
 */
export function sceneXP(uses: readonly SkillUse[]): 0 | 1 {
  return uses.some(useEarnsXP) ? 1 : 0;
}

/**
 * "Regular practice earns 1 XP per chapter if you have not otherwise gained XP in that skill this
 * chapter." Combat skills too ("Combat skills may still earn XP for practice at the end of the
 * chapter").
 */
export function practiceXP(practised: boolean, gainedXPThisChapter: boolean): 0 | 1 {
  return practised && !gainedXPThisChapter ? 1 : 0;
}

/**
 * The XP a brilliant result gives at once: "A brilliant result grants 1 extra XP in that skill
 * *immediately!*" For a skill or Combination check (saves and attribute checks earn no XP), never for
 * Basic Combat Training ("do not get XP for brilliant success rolls").
 */
export function brilliantXP(
  result: { brilliant: boolean; kind: string },
  basicCombatTraining = false,
): 0 | 1 {
  if (!result.brilliant || basicCombatTraining) return 0;
  return result.kind === "skill" || result.kind === "combination" ? 1 : 0;
}

/**
 * Basic Combat Training's scene XP: "BCT earns XP in any scene in which you fail a BCT check. You get
 * *another* point if you critically fail". 0, 1, or 2 with a critical failure.
 */
export function bctSceneXP(scene: { failed: boolean; criticallyFailed: boolean }): 0 | 1 | 2 {
  if (scene.criticallyFailed) return 2;
  return scene.failed ? 1 : 0;
}

/** What adding XP to a skill did. */
export interface XPGain {
  xp: number;
  fromLevel: number;
  level: number;
  /** "If the level changes, write the new level after the slash." */
  levelChanged: boolean;
  /** Score the related attribute gains (an odd level above its modifier; `oddLevelAttributeBonus`). */
  attributeGain: number;
}

/**
 * Adds XP to a skill: "Index your new XP total on the EXPERIENCE TABLE to find the skill's new
 * experience level", and an odd level above the related attribute's raises the attribute
 * (`oddLevelAttributeBonus`, with its option).
 *
 * Example: Acrobatics [2] 36/4 + 1 XP → 37/5; with AGL [2]15/2 the attribute gains 1.
 */
export function gainXP(
  skill: { capacity: number; xp: number },
  amount: number,
  attributeScore: number,
  options: AttributeOptions = {},
): XPGain {
  assertCount(skill.xp, "Skill XP");
  assertCount(amount, "XP gained");
  const xp = skill.xp + amount;
  const fromLevel = levelFromXP(skill.xp);
  const level = levelFromXP(xp);
  return {
    xp,
    fromLevel,
    level,
    levelChanged: level !== fromLevel,
    attributeGain: oddLevelAttributeBonus(
      { capacity: skill.capacity, fromLevel, toLevel: level },
      attributeScore,
      options,
    ),
  };
}

// ---- Bonus XP ----------------------------------------------------------------------------------

/**
 * The most Bonus XP a skill at `xp` may take at once: "No skill can be raised more than a single level
 * at a time. You need not leave a skill at the minimum for a level, just don't add enough to jump over
 * a level." Up to the last XP of the next level; null from level 8 (level 9 has no top).
 *
 * Example: 20 XP (level 3): the next level, 4, ends at 36, so 16 at most.
 */
export function bonusXPRoom(xp: number): number | null {
  const level = levelFromXP(xp);
  if (level + 1 >= MAX_LEVEL) return null;
  return xpForLevel(level + 2) - 1 - xp;
}

/** Places Bonus XP in a skill, or refuses an amount that would jump over a level. */
export function placeBonusXP(
  xp: number,
  amount: number,
  bonusXP: number,
): Checked<{ xp: number; bonusXP: number }> {
  assertCount(amount, "Bonus XP placed");
  assertCount(bonusXP, "Bonus XP");
  if (amount > bonusXP) return refuse("notEnoughXP", { have: bonusXP, need: amount });
  const room = bonusXPRoom(xp);
  if (room !== null && amount > room) return refuse("overLevelJump", { room });
  return accept({ xp: xp + amount, bonusXP: bonusXP - amount });
}

/** One row of a Bonus XP table: its XP, the light its asterisks give, and whether the GM sets more. */
export interface AwardRow<K extends string> {
  key: K;
  xp: number;
  light: number;
  /** "1+": at least `xp`, the GM may give more. */
  open?: boolean;
}

/** BONUS XP: INDIVIDUAL AWARDS. "A (*) indicates you earn 1 light point as well as the Bonus XP." */
export const INDIVIDUAL_AWARD_TABLE: readonly AwardRow<IndividualAward>[] = [
  { key: "showingUp", xp: 1, light: 0 },
  { key: "cleverButFutile", xp: 1, light: 0 },
  { key: "daringAction", xp: 1, light: 0 },
  { key: "usefulIdea", xp: 2, light: 0 },
  { key: "exceptionalRolePlaying", xp: 1, light: 0, open: true },
  { key: "shortTermGoal", xp: 1, light: 0 },
  { key: "endangeringSelf", xp: 1, light: 1 },
  { key: "criticalPlanLives", xp: 2, light: 0 },
  { key: "selfSacrifice", xp: 3, light: 1 },
  { key: "criticalPlanGroup", xp: 3, light: 0 },
  { key: "longTermGoal", xp: 3, light: 0 },
  { key: "everyoneLaughs", xp: 1, light: 0 },
  { key: "liquidFromNose", xp: 2, light: 0 },
];

/** BONUS XP: STORY AWARDS ("Rewards for Acts, Chapters, and Story are not cumulative"). */
export const STORY_AWARD_TABLE: readonly AwardRow<StoryAward>[] = [
  { key: "chapterGoal", xp: 1, light: 1 },
  { key: "actGoal", xp: 2, light: 0 },
  { key: "completingStory", xp: 4, light: 0 },
  { key: "simplePuzzle", xp: 1, light: 0 },
  { key: "challengingPuzzle", xp: 2, light: 0 },
  { key: "difficultPuzzle", xp: 4, light: 0 },
];

/** BONUS XP: COMBAT AWARDS ("3+ PCs Die": 2 per death, see `pcDeathAward`). */
export const COMBAT_AWARD_TABLE: readonly AwardRow<CombatAward>[] = [
  { key: "avoidingViolence", xp: 2, light: 0 },
  { key: "onePcDies", xp: 2, light: 0 },
  { key: "twoPcsDie", xp: 4, light: 0 },
  { key: "threePlusPcsDie", xp: 2, light: 0 },
];

/** A row of any Bonus XP table by key. */
export function awardRow(key: IndividualAward | StoryAward | CombatAward): AwardRow<string> {
  const row = [...INDIVIDUAL_AWARD_TABLE, ...STORY_AWARD_TABLE, ...COMBAT_AWARD_TABLE].find(
    (r) => r.key === key,
  );
  if (!row) throw new RangeError(`Not a Bonus XP award: ${String(key)}`);
  return row;
}

/**
 * The story goal reached at a chapter's end: chapter, act and story goals "are not cumulative", so the
 * largest one reached counts (chapter 1 XP and a light, act 2, story 4). Null for none.
 */
export function storyGoalAward(
  reached: readonly ("chapterGoal" | "actGoal" | "completingStory")[],
): AwardRow<StoryAward> | null {
  let best: AwardRow<StoryAward> | null = null;
  for (const key of reached) {
    assertKey(["chapterGoal", "actGoal", "completingStory"], key, "A story goal");
    const row = STORY_AWARD_TABLE.find((r) => r.key === key)!;
    if (!best || row.xp > best.xp) best = row;
  }
  return best;
}

/**
 * The combat award for PC deaths, to every party member ("even the dead ones"; "Hitting 0 HP is close
 * enough!"): 1 death 2 XP, 2 deaths 4, 3 or more 2 per death.
 */
export function pcDeathAward(deaths: number): number {
  assertCount(deaths, "PC deaths");
  if (deaths === 0) return 0;
  if (deaths === 1) return 2;
  if (deaths === 2) return 4;
  return 2 * deaths;
}

/** Checks an award key against its table (for a stored award list). */
export function isAwardKey(key: string): key is IndividualAward | StoryAward | CombatAward {
  return (
    (INDIVIDUAL_AWARDS as readonly string[]).includes(key) ||
    (STORY_AWARDS as readonly string[]).includes(key) ||
    (COMBAT_AWARDS as readonly string[]).includes(key)
  );
}

/**
 * Light for donating Bonus XP to another player at once: "If you give away at least 6 XP at once, you
 * earn 1 point of *light*. If you give away 10 or more, index the XP on the EXPERIENCE TABLE to find
 * how many light points you receive." 5 → 0, 6 → 1, 9 → 1, 10 → 2, 16 → 3.
 */
export function lightFromDonation(given: number): number {
  assertCount(given, "Donated Bonus XP");
  if (given < 6) return 0;
  return given < 10 ? 1 : levelFromXP(given);
}

/**
 * Bonus XP put into Darkness: "roll an Integrity save against the total number of Bonus XP you put into
 * Darkness as the save DL" (the Guilt target's save, Culture - Integrity).
 */
export function darknessBonusSaveDL(bonusXPIntoDarkness: number): number {
  assertCount(bonusXPIntoDarkness, "Bonus XP put into Darkness");
  return bonusXPIntoDarkness;
}

/**
 * What that save's result means: success → nothing; "Any failure is something like impostor syndrome"
 * (`impostor`); "a critical failure when you already have a G critical condition results in becoming an
 * NPC" (`npc`: the Guilt adrenaline box; a light point can still buy the table's original result).
 */
export function darknessBonusOutcome(save: {
  success: boolean;
  criticalFailure: boolean;
  guiltCritical: boolean;
}): "none" | "impostor" | "npc" {
  if (save.success) return "none";
  return save.criticalFailure && save.guiltCritical ? "npc" : "impostor";
}

// ---- Combat experience -------------------------------------------------------------------------

/**
 * Combat XP by the worst wound taken in the scene: "If you only took minor wounds, you get no XP, and
 * this scene counts as practice. A major wound grants 2 XP, serious 4 XP, and critical wounds 8 XP."
 */
export function combatXP(highestWound: WoundBand): number {
  if (highestWound === "none" || highestWound === "minor") return 0;
  if (highestWound === "major") return 2;
  if (highestWound === "serious") return 4;
  if (highestWound === "critical") return 8;
  throw new RangeError(`Not a wound band: ${String(highestWound)}`);
}

/**
 * Shares combat XP among the combat skills used in the scene (weapon, shield and armor proficiencies,
 * combat styles, ki powers; "Using a passion from a skill counts as the skill being used"), most
 * influential first: "No more than 1 XP may be placed into any skill in any given scene (except
 * brilliant success XP) … If you don't have enough eligible combat skills, then the remaining XP is
 * forfeit." Repeated ids count once.
 */
export function distributeCombatXP(
  xp: number,
  usedSkills: readonly string[],
): { awarded: string[]; forfeit: number } {
  assertCount(xp, "Combat XP");
  const awarded = [...new Set(usedSkills)].slice(0, xp);
  return { awarded, forfeit: xp - awarded.length };
}
