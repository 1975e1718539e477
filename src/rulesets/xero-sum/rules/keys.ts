/**
 * Xero Sum Engine SRD 0.06: the keys every layer is built on (attributes, skills, bands, ranges,
 * combat actions, weapon columns, item condition, the 2d6 tables' entries). Pure data, no Foundry.
 * Names and numbers only: the descriptions are written in Polyverse's own words in the language
 * files and the compendiums.
 */

/** The RAPID Range: Reason, Acumen, Physicality, Influence, Dexterity. The value is the AMod. */
export const ATTRIBUTE_KEYS = ["rsn", "acu", "phy", "inf", "dex"] as const;
export type AttributeKey = (typeof ATTRIBUTE_KEYS)[number];

/** Table 16's 24 skills, in the table's order. */
export const SKILL_KEYS = [
  "animalHandling",
  "athletics",
  "barter",
  "demolitions",
  "driving",
  "farming",
  "generalKnowledge",
  "inspiration",
  "intimidation",
  "manipulation",
  "mechanic",
  "medicine",
  "meleeCombat",
  "navigation",
  "psychology",
  "rangedCombat",
  "research",
  "scavenging",
  "sleightOfHand",
  "stealth",
  "survival",
  "tactics",
  "tinkerer",
  "unarmedCombat",
] as const;
export type SkillKey = (typeof SKILL_KEYS)[number];

/** The starred skills: they "require very specific training" and start at -3 (Inept). */
export const STARRED_SKILLS: readonly SkillKey[] = ["demolitions", "mechanic", "psychology", "tactics"];

/** Table 16's attribute column (Barter: Acumen there; the Skills chapter says Influence, a setting). */
export const SKILL_ATTRIBUTE: Readonly<Record<SkillKey, AttributeKey>> = {
  animalHandling: "inf",
  athletics: "phy",
  barter: "acu",
  demolitions: "phy",
  driving: "dex",
  farming: "acu",
  generalKnowledge: "rsn",
  inspiration: "inf",
  intimidation: "inf",
  manipulation: "inf",
  mechanic: "rsn",
  medicine: "rsn",
  meleeCombat: "phy",
  navigation: "acu",
  psychology: "inf",
  rangedCombat: "dex",
  research: "rsn",
  scavenging: "acu",
  sleightOfHand: "dex",
  stealth: "phy",
  survival: "acu",
  tactics: "rsn",
  tinkerer: "dex",
  unarmedCombat: "phy",
};

/** Table 1's bands, worst first (the macro API's names). */
export const BANDS = ["dire-failure", "failure", "success", "wild-success"] as const;
export type Band = (typeof BANDS)[number];
/** A Moment of Insight: natural 1+1 (low) or 6+6 (high). */
export type Moment = "low" | "high" | null;

/** Table 10's range bands, nearest first (values 1..5). */
export const RANGE_BANDS = ["engaged", "close", "medium", "long", "distant"] as const;
export type RangeBand = (typeof RANGE_BANDS)[number];

/** Table 9's 18 combat actions. */
export const COMBAT_ACTIONS = [
  "aim",
  "attack",
  "charge",
  "coordinate",
  "coverFire",
  "defend",
  "diceCheck",
  "distract",
  "fireFromCover",
  "grappling",
  "inspire",
  "move",
  "rapidFire",
  "readyWeapon",
  "reposition",
  "sprint",
  "subdue",
  "takeCover",
] as const;
export type CombatAction = (typeof COMBAT_ACTIONS)[number];

/** Weapon tables 17–20. */
export const WEAPON_CATEGORIES = ["melee", "ranged", "explosive", "special"] as const;
export type WeaponCategory = (typeof WEAPON_CATEGORIES)[number];
/** The skills the weapon tables name (Melee, Unarmed, Ranged, Athletics, Demolitions*). */
export const WEAPON_SKILLS = [
  "meleeCombat",
  "unarmedCombat",
  "rangedCombat",
  "athletics",
  "demolitions",
] as const;
export type WeaponSkill = (typeof WEAPON_SKILLS)[number];
/** What the Long-range rule needs to know of a weapon (pistol −5, rifle +1). Polyverse's reading. */
export const WEAPON_CLASSES = [
  "pistol",
  "rifle",
  "shotgun",
  "bow",
  "thrown",
  "launcher",
  "melee",
  "other",
] as const;
export type WeaponClass = (typeof WEAPON_CLASSES)[number];
/** Rarity ("" where Table 21 leaves the cell blank). */
export const RARITIES = ["", "common", "uncommon", "rare"] as const;
export type Rarity = (typeof RARITIES)[number];

/** Table 15's eight characteristics. */
export const CHARACTERISTIC_KEYS = [
  "automaticBurst",
  "blastRadius",
  "burning",
  "closeUp",
  "cumbersome",
  "stunned",
  "tracking",
  "unwieldy",
] as const;
export type CharacteristicKey = (typeof CHARACTERISTIC_KEYS)[number];

/** Table 14's item conditions, best first. */
export const CONDITIONS = ["pristine", "used", "worn", "damaged", "broken"] as const;
export type ItemCondition = (typeof CONDITIONS)[number];

/** Table 6 (2d6 = 2..12, in order). */
export const COMPLICATIONS = [
  "addiction",
  "betrayed",
  "codeOfHonor",
  "criminalPast",
  "daredevil",
  "darkSecret",
  "familyObligation",
  "famous",
  "loss",
  "outstandingDebt",
  "personalEnemy",
] as const;
export type Complication = (typeof COMPLICATIONS)[number];

/** Table 7 (2d6 = 2..12, in order). */
export const MOTIVATIONS = [
  "accumulate",
  "build",
  "findSafety",
  "hedonism",
  "makeAmends",
  "preach",
  "protect",
  "reunite",
  "revenge",
  "stayAlive",
  "takeAdvantage",
] as const;
export type Motivation = (typeof MOTIVATIONS)[number];

/** Table 11 (2d6 = 2..12, in order). */
export const LASTING_WOUNDS = [
  "lostEye",
  "minorBrainInjury",
  "lame",
  "shaken",
  "weakened",
  "hearingLoss",
  "scarring",
  "fragile",
  "skittish",
  "crippled",
  "shellShock",
] as const;
export type LastingWound = (typeof LASTING_WOUNDS)[number];

/** Table 12 (2d6 = 2..12, in order). */
export const PANICS = [
  "babbling",
  "looseGrip",
  "twitchy",
  "rattled",
  "frozen",
  "escape",
  "intimidated",
  "scream",
  "tunnelVision",
  "berserk",
  "faints",
] as const;
export type Panic = (typeof PANICS)[number];

/** Table 13 (2d6 = 2..12, in order). */
export const BREAKING_POINTS = [
  "uncontrollableFear",
  "paralyzingAnxiety",
  "irrationalOutburst",
  "suddenFlight",
  "unfocusedRage",
  "intenseParanoia",
  "selfHarm",
  "emotionalShutdown",
  "delusions",
  "hysterics",
  "recklessAbandon",
] as const;
export type BreakingPoint = (typeof BREAKING_POINTS)[number];

/** Backstory Generation's steps (Xero to Nine). */
export const BACKSTORY_STEPS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
/** Character-creation methods. */
export const CREATION_METHODS = ["backstory", "paradigm", "pregen"] as const;
export type CreationMethod = (typeof CREATION_METHODS)[number];
