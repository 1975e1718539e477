/**
 * Virtually Real (Virtually Real core guidebook, chapter 1): the keys the roll rules are built on
 * (degrees, capacities, difficulty rows, kinds of check, saves). Names and numbers only: what each
 * means at the table is written in Polyverse's own words in lang/en/virtually-real-check.json
 * (`POLYVERSE.VirtuallyReal.Check.<group>.<key>`).
 */

/**
 * The Experience table's Degree column, best first: a margin of 0 is "Success!", then the bands
 * 1-2, 3-5, 6-9, 10-15, 16-24 and 25+ (the ditto rows below 25-36 carry Triple Crit down). The same
 * names serve a success and a failure: the sign of the margin says which.
 */
export const DEGREES = [
  "success",
  "minor",
  "major",
  "serious",
  "critical",
  "doubleCrit",
  "tripleCrit",
] as const;
export type Degree = (typeof DEGREES)[number];

/** The wound levels that name the default save DLs (4, 10, 16, 22). */
export const WOUND_LEVELS = ["minor", "major", "serious", "critical"] as const;
export type WoundLevel = (typeof WOUND_LEVELS)[number];

/** The Capacities table's skill training names, [1]..[5]. */
export const SKILL_CAPACITY_KEYS = ["secondary", "primary", "mastery", "supernatural", "deific"] as const;
export type SkillCapacityKey = (typeof SKILL_CAPACITY_KEYS)[number];

/** The Capacities table's attribute names, [1]..[5] ([0] is "zero": strange creatures). */
export const ATTRIBUTE_CAPACITY_KEYS = [
  "subhuman",
  "human",
  "superhuman",
  "supernatural",
  "angelic",
] as const;
export type AttributeCapacityKey = (typeof ATTRIBUTE_CAPACITY_KEYS)[number];

/** The Difficulty Levels table's rows, easiest first. */
export const DL_KEYS = [
  "commonKnowledge",
  "easy",
  "simpleProfessional",
  "majorChallenge",
  "somewhatDifficult",
  "difficult",
  "seriousChallenge",
  "extraordinary",
  "nearlyImpossible",
  "criticalChallenge",
] as const;
export type DLKey = (typeof DL_KEYS)[number];

/** The kinds of check `resolveCheck` knows. */
export const CHECK_KINDS = ["skill", "save", "attribute", "combination", "strengthFeat"] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

/** How a pool is read: every die kept, the highest, the lowest, or a conflicted roll's decision. */
export const KEEP_RULES = ["all", "high", "low", "conflicted"] as const;
export type KeepRule = (typeof KEEP_RULES)[number];

/** The common saving throws of chapter 1 ("The most common saving throws are mentioned below"). */
export const SAVE_KINDS = ["standard", "health", "dodge", "evade", "initiative", "perception"] as const;
export type SaveKind = (typeof SAVE_KINDS)[number];

/** What a check came to, for a card: the degree bands read with the narrative rules. */
export const OUTCOMES = [
  "brilliant",
  "success",
  "closeEnough",
  "failure",
  "softFailure",
  "critical",
] as const;
export type Outcome = (typeof OUTCOMES)[number];

/**
 * The sources of +crit ("Extending the range of a critical failure"). The last two are intrinsic to
 * the roll: `planCheck` adds them itself.
 */
export const CRIT_SOURCE_KEYS = [
  "criticalCondition",
  "helper",
  "handOff",
  "effect",
  "magicalArmor",
  "retry",
  "underline",
  "combination",
  "fiveDice",
] as const;
export type CritSourceKey = (typeof CRIT_SOURCE_KEYS)[number];

/** The time a save or check costs, where chapter 1 says so. */
export const ACTION_KEYS = ["free", "combatAction", "reflexAction", "nonCombatAction"] as const;
export type ActionKey = (typeof ACTION_KEYS)[number];
