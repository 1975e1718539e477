/**
 * Virtually Real (Virtually Real core guidebook, chapter 1): the keys the character rules are built
 * on (attributes, condition groups, emotional targets, intimacies, currencies, conditions and their
 * durations, Bonus XP awards, the skills the chapter names). Names and numbers only: what each means
 * at the table is written in Polyverse's own words in lang/en/virtually-real-character.json
 * (`POLYVERSE.VirtuallyReal.Character.<group>.<key>`).
 */

/**
 * "Every creature has 8 attributes, discussed in the next chapter." Chapter 1 never lists them; these
 * are the eight it names (Body, Agility "AGL", Appearance, Mind, Logic "LOG", Aura, Reflex, Speed
 * "SPD"), in the order of the condition groups (physical, mental, emotional, then the two it never
 * places in a group).
 */
export const ATTRIBUTE_KEYS = [
  "body",
  "agility",
  "appearance",
  "mind",
  "logic",
  "aura",
  "reflex",
  "speed",
] as const;
export type AttributeKey = (typeof ATTRIBUTE_KEYS)[number];

/**
 * Which conditions reach which attribute: "Physical conditions affect Body, Agility, and Appearance
 * skills and saves. Mental conditions affect Mind, and Logic skills and saves. Aura saves must be
 * assigned one of the EMOTIONAL TARGETS."
 */
export const CONDITION_GROUPS = ["physical", "mental", "emotional"] as const;
export type ConditionGroup = (typeof CONDITION_GROUPS)[number];

/** The four emotional targets "your mind must defend", in the chapter's order. */
export const EMOTIONAL_TARGETS = ["violence", "despair", "isolation", "guilt"] as const;
export type EmotionalTarget = (typeof EMOTIONAL_TARGETS)[number];

/** Intimacy levels, weakest first: outer (1 die), inner (2), defining (4). */
export const INTIMACY_LEVELS = ["outer", "inner", "defining"] as const;
export type IntimacyLevel = (typeof INTIMACY_LEVELS)[number];

/** "Each intimacy is either a positive or negative to one of the four EMOTIONAL TARGETS." */
export const INTIMACY_POLARITIES = ["positive", "negative"] as const;
export type IntimacyPolarity = (typeof INTIMACY_POLARITIES)[number];

/**
 * The basic intimacies of a creature with Aura [1] or more: "Your native language, culture, home, and
 * your own offspring are *inner* intimacies. Someone *else's* kids of the same species, or your
 * neighborhood or village, is an *outer* intimacy."
 */
export const BASIC_INTIMACIES = [
  "nativeLanguage",
  "culture",
  "home",
  "offspring",
  "othersChildren",
  "neighbourhood",
] as const;
export type BasicIntimacy = (typeof BASIC_INTIMACIES)[number];

/** The rolls the chapter lists under "Intimacies Apply To" (others need every player's agreement). */
export const INTIMACY_USES = [
  "geographyNavigation",
  "historyLore",
  "perceptionSearch",
  "cultureLanguage",
  "socialTargetingIntimacy",
] as const;
export type IntimacyUse = (typeof INTIMACY_USES)[number];

/** "Virtually Real uses 3 meta-currencies" (Endurance, Ki, Light), and Darkness points beside them. */
export const CURRENCY_KEYS = ["endurance", "ki", "light", "darkness"] as const;
export type CurrencyKey = (typeof CURRENCY_KEYS)[number];

/**
 * The skills (and skill uses) the character rules name: the three skills of each emotional target,
 * the skills Darkness helps or hinders, Basic Combat Training, and those training and books use.
 * Chapter 1 has no skill list; a world's skill items name one of these keys when the rules need it.
 */
export const SKILL_REFS = [
  "basicCombatTraining",
  "sprint",
  "strength",
  "faith",
  "perception",
  "primalSurge",
  "cultureInfluence",
  "cultureIntegrity",
  "deception",
  "authority",
  "will",
  "diplomacy",
  "support",
  "literacy",
  "creativeWriting",
  "research",
] as const;
export type SkillRef = (typeof SKILL_REFS)[number];

/** The chakra of each emotional target (Violence root, Despair sacral, Isolation throat, Guilt heart). */
export const CHAKRAS = ["root", "sacral", "throat", "heart"] as const;
export type Chakra = (typeof CHAKRAS)[number];

/** How grave a broken custom is, for the Guilt/Integrity save (capital 22, serious 16, major 10, minor 4). */
export const OFFENCES = ["capital", "serious", "major", "minor"] as const;
export type Offence = (typeof OFFENCES)[number];

/** The branches of a Culture style: "Creed" in the middle, "Integrity" and "Influence" beside it. */
export const CULTURE_BRANCHES = ["creed", "integrity", "influence"] as const;
export type CultureBranch = (typeof CULTURE_BRANCHES)[number];

/**
 * When a condition changes ("At Next"), shortest first: the conditions tables' Initiative, Scene,
 * Short Rest, Long Rest and Chapter, and "D for Day" of the CONDITIONS box.
 */
export const CONDITION_DURATIONS = [
  "initiative",
  "scene",
  "shortRest",
  "longRest",
  "day",
  "chapter",
] as const;
export type ConditionDuration = (typeof CONDITION_DURATIONS)[number];

/** The story's units, shortest first (scene, chapter, act: 3 to a story, story). */
export const STORY_UNITS = ["scene", "chapter", "act", "story"] as const;
export type StoryUnit = (typeof STORY_UNITS)[number];

/**
 * Condition severities in the order a full row pushes them: "Minor wounds don't cause conditions";
 * major (the top row), serious ("Severe", the second row), critical (the CRIT boxes).
 */
export const CONDITION_SEVERITIES = ["major", "serious", "critical"] as const;
export type ConditionSeverity = (typeof CONDITION_SEVERITIES)[number];

/** A wound's band: the Experience table's failure bands up to critical, or none at all (0 damage). */
export const WOUND_BANDS = ["none", "minor", "major", "serious", "critical"] as const;
export type WoundBand = (typeof WOUND_BANDS)[number];

/**
 * The SERIOUS EMOTIONAL CONDITIONS table's letters (F Fear, G Guilt, P Despair, I Isolation, T New
 * Trauma) and the CRITICAL CONDITIONS table's: the four adrenaline boxes written "[#]" (here
 * `fearRush`, `guiltRush`, `despairRush`, `isolationRush`), X Dying (0 HP), U Undone (0 End), B Broken
 * Bones, N Numb (0 Ki), L Limb Loss, H Fast Healing.
 */
export const CONDITION_IDS = [
  "F",
  "G",
  "P",
  "I",
  "T",
  "fearRush",
  "guiltRush",
  "despairRush",
  "isolationRush",
  "X",
  "U",
  "B",
  "N",
  "L",
  "H",
] as const;
export type ConditionId = (typeof CONDITION_IDS)[number];

/** What a critical condition's footnote forbids or changes. */
export const CONDITION_EFFECTS = [
  "noFastActions",
  "noEnduranceSpend",
  "noKiSpend",
  "noConcentration",
  "noOffHand",
  "critFailBodyOrBctSaveKills",
  "critFailIntegrityBecomesNpc",
  "magicHealingPenalty",
  "noNaturalHealing",
  "healthSaveAdvantage",
] as const;
export type ConditionEffect = (typeof CONDITION_EFFECTS)[number];

/** BONUS XP: INDIVIDUAL AWARDS, in the table's order. */
export const INDIVIDUAL_AWARDS = [
  "showingUp",
  "cleverButFutile",
  "daringAction",
  "usefulIdea",
  "exceptionalRolePlaying",
  "shortTermGoal",
  "endangeringSelf",
  "criticalPlanLives",
  "selfSacrifice",
  "criticalPlanGroup",
  "longTermGoal",
  "everyoneLaughs",
  "liquidFromNose",
] as const;
export type IndividualAward = (typeof INDIVIDUAL_AWARDS)[number];

/** BONUS XP: STORY AWARDS, in the table's order. */
export const STORY_AWARDS = [
  "chapterGoal",
  "actGoal",
  "completingStory",
  "simplePuzzle",
  "challengingPuzzle",
  "difficultPuzzle",
] as const;
export type StoryAward = (typeof STORY_AWARDS)[number];

/** BONUS XP: COMBAT AWARDS, in the table's order. */
export const COMBAT_AWARDS = ["avoidingViolence", "onePcDies", "twoPcsDie", "threePlusPcsDie"] as const;
export type CombatAward = (typeof COMBAT_AWARDS)[number];

/**
 * Why a rules function refused (`POLYVERSE.VirtuallyReal.Character.Refusal.<reason>`); the numbers
 * for the message ride in the refusal's `data`.
 */
export const CHARACTER_REFUSALS = [
  "notEnoughLight",
  "notEnoughXP",
  "auraTooLow",
  "mulliganTaken",
  "notAgreed",
  "overLevelJump",
  "aboveAttributeCapacity",
  "restrictedSkill",
  "missedChapterXP",
  "aboveDeific",
  "trainerTooHigh",
  "trainerTooLow",
  "styleNotKnown",
  "literacyTooLow",
  "cannotReadLanguage",
  "magicNeedsMastery",
  "languageTooLow",
  "notAware",
  "noCombatAction",
  "secondaryNoStyle",
  "notAnIntimacyStep",
  "mulliganIntimacyKept",
  "cannotSpendEndurance",
  "cannotSpendKi",
  "notEnoughEndurance",
  "notEnoughKi",
  "needsLevel",
] as const;
export type CharacterRefusal = (typeof CHARACTER_REFUSALS)[number];
