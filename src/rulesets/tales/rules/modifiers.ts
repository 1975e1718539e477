/**
 * What changes a Tales test before the die: skill modifiers, a task under attack, co-operation,
 * the Dream and Status reserves, re-rolls (Lucky, Astrological Sensitivity, Elite Tools), tools,
 * Skill Expert and Enigma (Tales Core Rules 0.5: "Co-operation", "Skill Modifiers", "Non-Combat
 * Actions", the advantages and disadvantages, Appendix 4).
 *
 * Every bonus here is a signed number added to the test's total (a difficulty −1 is a bonus +1:
 * the comparison is the same); only stress, being attacked and Enigma change the kind of test.
 */
import { MAX_FACE, assertFace, assertPoints, assertWhole } from "./test-guards";

/** A static or dynamic difficulty, before its die. */
export interface TestDifficulty {
  kind: "static" | "dynamic";
  difficulty: number;
}

/**
 * Spending extra time: "if a character chooses to spend twice as long performing the task they may
 * gain a +1 bonus to their attempt. If they choose to spend five times as long, they might gain a +2
 * bonus. Spending ten times as long on the task allows a +3 bonus to their roll." (The heading says
 * "Difficulty -1 to -2"; the body's +3 wins.) `multiple` is the time taken over the usual time.
 */
export function extraTimeBonus(multiple: number): number {
  if (!Number.isFinite(multiple) || multiple < 1)
    throw new RangeError(`A time multiple is at least 1: ${multiple}`);
  if (multiple >= 10) return 3;
  if (multiple >= 5) return 2;
  return multiple >= 2 ? 1 : 0;
}

/** The tools a character works with (Appendix 4; Elite Tools give a re-roll: `eliteToolsBenefit`). */
export type TestToolQuality = "none" | "tools" | "specialist";

/** The skill level plain tools may not lift a skill above: "+1 bonus to a single skill (up to a maximum of 6)". */
export const TOOLS_SKILL_CAP = 6;

/**
 * The bonus from tools ("Right tools for the job"). Tools: "+1 bonus to a single skill (up to a
 * maximum of 6)"; Specialist Tools: "+2 bonus to a specific skill (this may even go beyond 6)".
 * Savage: at 2 points "1 point less benefit from using them", at 4 points "they cannot use tools at
 * all".
 */
export function toolTestBonus(skill: number, tools: TestToolQuality, savage: 0 | 2 | 4 = 0): number {
  assertPoints(skill, "A skill");
  if (savage !== 0 && savage !== 2 && savage !== 4)
    throw new RangeError(`Savage is 0, 2 or 4 points: ${String(savage)}`);
  if (tools === "none" || savage === 4) return 0;
  const less = savage === 2 ? 1 : 0;
  if (tools === "specialist") return 2 - less;
  if (tools === "tools") return Math.max(0, Math.min(1 - less, TOOLS_SKILL_CAP - skill));
  throw new RangeError(`Not a tool quality: ${String(tools)}`);
}

/** "Done it successfully recently (Difficulty -1)". */
export const RECENT_SUCCESS_BONUS = 1;

/**
 * Social tests abroad: "most people suffer -1 to all social tests in foreign lands" (Well Traveled:
 * "this character has none of these penalties"); Foreigner: "all social test difficulties are at +2
 * when dealing with someone for the first time". Returns the bonus (0 or negative).
 */
export function foreignSocialModifier(options: {
  social: boolean;
  abroad?: boolean;
  wellTraveled?: boolean;
  foreignerFirstMeeting?: boolean;
}): number {
  if (!options.social) return 0;
  const abroad = options.abroad && !options.wellTraveled ? -1 : 0;
  return abroad + (options.foreignerFirstMeeting ? -2 : 0);
}

/**
 * A stressful situation: "the difficulty of a task will often change from static to dynamic. If it
 * is already dynamic, it may increase further depending on how stressful the events are"
 * ("Difficulty +1 to +3"). A static difficulty becomes dynamic at the same number; a dynamic one
 * rises by `increase` (1..3).
 */
export function stressedDifficulty(test: TestDifficulty, increase: number): TestDifficulty {
  assertWhole(test.difficulty, "A difficulty");
  if (!Number.isInteger(increase) || increase < 1 || increase > 3)
    throw new RangeError(`Stress raises a dynamic difficulty by 1 to 3: ${increase}`);
  if (test.kind === "static") return { kind: "dynamic", difficulty: test.difficulty };
  return { kind: "dynamic", difficulty: test.difficulty + increase };
}

/** "If the task being performed already has a dynamic difficulty, add 2 to it." */
export const UNDER_ATTACK_DYNAMIC_INCREASE = 2;

/**
 * A non-combat task "while being shot at, or otherwise attacked, the task will be upgraded to a
 * dynamic difficulty (simply adding a d6 to the regular difficulty). If the task being performed
 * already has a dynamic difficulty, add 2 to it." T32: static 7 → dynamic 7; dynamic 5 → dynamic 7.
 */
export function underAttackDifficulty(test: TestDifficulty): TestDifficulty {
  assertWhole(test.difficulty, "A difficulty");
  if (test.kind === "static") return { kind: "dynamic", difficulty: test.difficulty };
  return { kind: "dynamic", difficulty: test.difficulty + UNDER_ATTACK_DYNAMIC_INCREASE };
}

/**
 * How many helpers a leader may co-ordinate (spec ambiguity #5). The text: "a maximum number of team
 * members equal to their combined Social attribute and Leadership skill. (Note: this means a person
 * with a social attribute of one and no levels in the leadership skill will not be able to lead
 * anyone)". Only a count that includes the leader makes the note true, so "leaderCounts" (the
 * default) allows Social + Leadership − 1 helpers; "socialPlusLeadership" allows Social + Leadership.
 */
export type CooperationLimitRule = "leaderCounts" | "socialPlusLeadership";

/** The helpers a leader may take; Natural Leader "Increases the number of people able to be led in group efforts by 1". */
export function cooperationLimit(options: {
  social: number;
  leadership: number;
  naturalLeader?: boolean;
  rule?: CooperationLimitRule;
}): number {
  const { social, leadership, naturalLeader = false, rule = "leaderCounts" } = options;
  assertPoints(social, "Social");
  assertPoints(leadership, "Leadership");
  if (rule !== "leaderCounts" && rule !== "socialPlusLeadership")
    throw new RangeError(`Not a co-operation limit rule: ${String(rule)}`);
  const members = social + leadership + (naturalLeader ? 1 : 0);
  return Math.max(0, rule === "leaderCounts" ? members - 1 : members);
}

/**
 * Co-operation: "Any other member of the group may contribute to the roll as long as they possess a
 * relevant skill; each member contributing this way adds a single point to the final result", up to
 * the leader's limit; helpers with Teamwork "May join a group already at its maximum leadership
 * size". `helpers` excludes the Teamwork helpers; those fill free places first and join beyond them.
 */
export function cooperationBonus(options: { helpers: number; teamworkHelpers?: number; limit: number }): {
  bonus: number;
  joined: number;
  turnedAway: number;
} {
  const { helpers, teamworkHelpers = 0, limit } = options;
  assertPoints(helpers, "Helpers");
  assertPoints(teamworkHelpers, "Teamwork helpers");
  assertPoints(limit, "A co-operation limit");
  const joined = Math.min(helpers, limit) + teamworkHelpers;
  return { bonus: joined, joined, turnedAway: helpers - Math.min(helpers, limit) };
}

/**
 * The leader "would be able to complete the task by themselves": the text gives no formula; this
 * reads it as reaching the difficulty on the totals with the best die (a 6; dynamic: against the
 * difficulty die's 1), with no Essence bought.
 */
export function couldSucceedAlone(bonus: number, test: TestDifficulty): boolean {
  assertWhole(bonus, "A bonus");
  assertWhole(test.difficulty, "A difficulty");
  return bonus + MAX_FACE >= test.difficulty + (test.kind === "dynamic" ? 1 : 0);
}

/** Dream and Status: "on a 4, 5 or 6, the bonus may be applied during this attempt". */
export const RESERVE_GATE_FACE = 4;

/**
 * Dream ("any Mental skill tests") and Status ("any Social skill tests, when dealing with a specific
 * Culture"): "Spend the point and roll d6 before the skill attempt; on a 4, 5 or 6, the bonus may be
 * applied". One gating die per point spent; each 4..6 is +1. The points are spent either way.
 */
export function gatedReserveBonus(gateFaces: readonly number[]): number {
  let bonus = 0;
  for (const face of gateFaces) {
    assertFace(face, "A reserve die");
    if (face >= RESERVE_GATE_FACE) bonus++;
  }
  return bonus;
}

/** Elite Tools: "+3 to their die roll instead" of their re-roll. */
export const ELITE_TOOLS_BONUS = 3;

/**
 * Elite Tools: "a re-roll on a single type of skill ... (if the character already has a re-roll due
 * to some advantage, they gain +3 to their die roll instead)". The re-roll advantage is Lucky (owned,
 * used or not). The +3 goes into the bonus: the natural face still rules the 1s and 6s.
 */
export function eliteToolsBenefit(hasRerollAdvantage: boolean): { reroll: boolean; bonus: number } {
  return hasRerollAdvantage ? { reroll: false, bonus: ELITE_TOOLS_BONUS } : { reroll: true, bonus: 0 };
}

/**
 * Re-rolls a test may use: Lucky, "Once per game you may re-roll a test" (the glue tracks "game" as
 * a session, spec ambiguity #42), and the Elite Tools' re-roll. Astrological Sensitivity ("Once per
 * game you may be forced to re-roll a test") is the Raconteur's to call, not the player's, and is not
 * counted. A re-roll replaces the player's dice; its result stands.
 */
export function playerRerolls(options: { luckyUnused?: boolean; eliteToolsReroll?: boolean }): number {
  return (options.luckyUnused ? 1 : 0) + (options.eliteToolsReroll ? 1 : 0);
}

/** Skill Expert: "Roll two dice when using a specific skill." */
export function testDiceCount(options: { skillExpert?: boolean }): number {
  return options.skillExpert ? 2 : 1;
}

/**
 * Enigma, when someone looks for details about the character (1 point from the pool): "Any static
 * difficulties ... become dynamic difficulties"; "For any dynamic difficulties roll 2 dice to
 * determine the higher difficulty"; "If the pool is empty, there is no further effect."
 */
export function enigmaDifficulty(
  test: TestDifficulty,
  pool: number,
): { test: TestDifficulty; difficultyDice: number; cost: number } {
  assertPoints(pool, "An Enigma pool");
  assertWhole(test.difficulty, "A difficulty");
  if (pool === 0) return { test: { ...test }, difficultyDice: test.kind === "dynamic" ? 1 : 0, cost: 0 };
  if (test.kind === "static")
    return { test: { kind: "dynamic", difficulty: test.difficulty }, difficultyDice: 1, cost: 1 };
  return { test: { ...test }, difficultyDice: 2, cost: 1 };
}

/** The die that counts among several: the highest (Enigma's difficulty dice, a side's best choice). */
export function enigmaDifficultyFace(faces: readonly number[]): number {
  if (faces.length === 0) throw new RangeError("Roll at least one die");
  for (const face of faces) assertFace(face);
  return Math.max(...faces);
}
