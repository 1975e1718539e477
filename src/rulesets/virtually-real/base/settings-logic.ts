/**
 * Virtually Real world settings, Foundry-free: the places chapter 1 is silent, says two things, or refers to a
 * chapter or table it does not include (spec §6.3), each a GM's choice with the reading the rules
 * layer proposes as default (its option objects name each one). Keys are
 * `polyverse.virtually-real.<name>`; their types are declared in `settings.d.ts`. The rules layer takes
 * these values as option objects; it never reads settings ({@link rulesOptions} gathers them into
 * those objects). Labels say "not in chapter 1" where the chapter refers to a table elsewhere.
 * `settings.ts` registers and reads them in Foundry.
 */
import { defaultValues, settingLabelKeysUnder, type SettingTable } from "../../../core/settings-logic";
import {
  CONDITION_DURATIONS,
  DEFAULT_FAST_SKILLS as RULES_FAST_SKILLS,
  HUMAN_DAMAGE_CAPACITY,
  SKILL_LEARNING_DL,
  type AttributeOptions,
  type BookOptions,
  type CheckOptions,
  type CombatOptions,
  type ConditionDuration,
  type ConditionOptions,
  type CurrencyOptions,
  type HealthOptions,
  type TimeOptions,
} from "../rules";
import type {
  BookHours,
  DarknessScope,
  FastSkillStep,
  HelperXP,
  OddLevelBonus,
  SaveShortfall,
  Ties,
  WeightLiftingDice,
  XThresholds,
} from "../rules";

export type {
  BookHours,
  DarknessScope,
  HelperXP,
  OddLevelBonus,
  SaveShortfall,
  Ties,
  WeightLiftingDice,
  XThresholds,
};

export const LABELS = "POLYVERSE.VirtuallyReal.Settings";

export type DamageReading = "margin" | "degree";
export type SevereScope = "groupAndInitiative" | "initiativeOnly";
export type ZeroEndurance = "winded" | "undone";
/** The disadvantage dice of the Maneuver penalty after a Dodge or Evade ("0": noted only). */
export const MANEUVER_PENALTIES = ["0", "1", "2", "3"] as const;
export type ManeuverPenalty = (typeof MANEUVER_PENALTIES)[number];
/** The duration an attack's Apply writes in a major or serious wound's box ("gm": none, the GM's). */
export const WOUND_DURATIONS = ["gm", ...CONDITION_DURATIONS] as const;
export type WoundDuration = (typeof WOUND_DURATIONS)[number];

/** Every Virtually Real setting's value type, by name. */
export interface VirtuallyRealSettingValues {
  /** a save below its capacity takes one disadvantage per missing die, or one. */
  saveShortfall: SaveShortfall;
  /** on [1] with advantage, a dropped 6 confirms the brilliant. */
  droppedSixConfirms: boolean;
  /** Strength feats may be brilliant ("Brilliant successes do not normally apply"). */
  strengthFeatBrilliants: boolean;
  /** a helper adds half their XP (Added Experience) or all of it (Extended Criticals). */
  helperXP: HelperXP;
  /** "The GM may decide limits on how many people can help": the most helpers a check takes (0: no limit). */
  maxHelpers: number;
  /** an opposed tie goes to the one acting (who "equals or exceeds"), or to the opponent. */
  ties: Ties;
  /** the faster-skills chart (Appendix B, not in chapter 1) as "over:factor" steps. */
  fastSkills: string;
  /** Weight Lifting's advantages on a strength feat (the passion is chapter 4's): one, or its value. */
  weightLiftingDice: WeightLiftingDice;
  /** an odd skill level above the attribute's adds +1 score, or the skill's training bonus. */
  oddLevelBonus: OddLevelBonus;
  /** combat damage is the margin banded on the target's DC and HP, or the degree band. */
  damageReading: DamageReading;
  /** Boxes in each CONDITIONS half-row and in the CRIT row (the character sheet's, not in chapter 1). */
  conditionBoxes: number;
  /** Wound boxes and armor boxes of each emotional target (the character sheet's, not in chapter 1). */
  emotionalBoxes: number;
  /** Serious ("Severe") conditions reach their group's rolls and initiative, or initiative only. */
  severeScope: SevereScope;
  /** Endurance at 0 makes the character Winded, or gives the U (Undone) critical condition. */
  zeroEndurance: ZeroEndurance;
  /** the capacity of a Darkness roll. */
  darknessCapacity: number;
  /** Darkness's disadvantages reach the rolls the text lists, or every roll. */
  darknessScope: DarknessScope;
  /** a human's Damage Capacity (the creature size chart is not in chapter 1). */
  humanDamageCapacity: number;
  /** a human's base hit points (the creature size chart is not in chapter 1). */
  humanBaseHitPoints: number;
  /** X conditions at 0, −DC and −maximum HP, or one at 0 HP. */
  xThresholds: XThresholds;
  /** A close-enough training check halves the skill's XP as a success does. */
  underlinedHalvesXP: boolean;
  /** a book's reading time (the CAPACITY BONUS table is not in chapter 1). */
  bookReadingHours: BookHours;
  /** The base DL of reading a capacity [1] book (the SKILL LEARNING DL TABLE has no row below it). */
  capacityOneBookDL: number;
  /** The Maneuver penalty's disadvantage dice after a Dodge or Evade (its size is not in chapter 1). */
  maneuverPenalty: ManeuverPenalty;
  /** The duration letter an attack's Apply gives a major wound's box (the attack's source, not in chapter 1). */
  majorWoundDuration: WoundDuration;
  /** The duration letter an attack's Apply gives a serious wound's box (the attack's source, not in chapter 1). */
  seriousWoundDuration: WoundDuration;
  /** The Tension Pool, the text's optional rule: the GM's tension dice (off unless the GM plays it). */
  tensionPool: boolean;
  /** "The GM may clear the pool at the end of each scene, or choose to keep the dice": keep them. */
  tensionKeep: boolean;
}
export type VirtuallyRealSettingName = keyof VirtuallyRealSettingValues;

/** The one step chapter 1 states: "If you get 6 over, it gets done in half the time." */
export const DEFAULT_FAST_SKILLS_TEXT = "6:0.5";

/**
 * The faster-skills chart as written in its setting: steps `over:factor` separated by commas
 * ("6:0.5, 12:0.25"), each `over` a whole number from 1 and each factor above 0 and at most 1; null
 * when the text is not such a chart.
 */
export function parseFastSkills(text: string): FastSkillStep[] | null {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "");
  if (parts.length === 0 || parts.length > 12) return null;
  const steps: FastSkillStep[] = [];
  for (const part of parts) {
    const match = /^(\d{1,3})\s*:\s*(\d*\.?\d+)$/.exec(part);
    if (!match) return null;
    const over = Number(match[1]);
    const factor = Number(match[2]);
    if (over < 1 || !(factor > 0 && factor <= 1)) return null;
    steps.push({ over, factor });
  }
  return steps;
}

export const VIRTUALLY_REAL_SETTINGS: SettingTable<VirtuallyRealSettingValues> = {
  saveShortfall: { type: "choice", default: "perDie", choices: ["perDie", "one"] },
  droppedSixConfirms: { type: "boolean", default: true },
  strengthFeatBrilliants: { type: "boolean", default: false },
  helperXP: { type: "choice", default: "half", choices: ["half", "full"] },
  maxHelpers: { type: "number", default: 0, range: { min: 0, max: 8, step: 1 } },
  ties: { type: "choice", default: "actor", choices: ["actor", "opponent"] },
  fastSkills: {
    type: "text",
    default: DEFAULT_FAST_SKILLS_TEXT,
    valid: (value) => parseFastSkills(value) !== null,
  },
  weightLiftingDice: { type: "choice", default: "one", choices: ["one", "value"] },
  oddLevelBonus: { type: "choice", default: "one", choices: ["one", "byTraining"] },
  damageReading: { type: "choice", default: "margin", choices: ["margin", "degree"] },
  conditionBoxes: { type: "number", default: 4, range: { min: 1, max: 12, step: 1 } },
  emotionalBoxes: { type: "number", default: 4, range: { min: 1, max: 12, step: 1 } },
  severeScope: {
    type: "choice",
    default: "groupAndInitiative",
    choices: ["groupAndInitiative", "initiativeOnly"],
  },
  zeroEndurance: { type: "choice", default: "winded", choices: ["winded", "undone"] },
  darknessCapacity: { type: "number", default: 2, range: { min: 1, max: 5, step: 1 } },
  darknessScope: { type: "choice", default: "listed", choices: ["listed", "all"] },
  humanDamageCapacity: {
    type: "number",
    default: HUMAN_DAMAGE_CAPACITY,
    range: { min: 0, max: 20, step: 1 },
  },
  humanBaseHitPoints: { type: "number", default: 10, range: { min: 1, max: 100, step: 1 } },
  xThresholds: { type: "choice", default: "three", choices: ["three", "one"] },
  underlinedHalvesXP: { type: "boolean", default: true },
  bookReadingHours: {
    type: "choice",
    default: "capacityTimesLevel",
    choices: ["capacityTimesLevel", "capacity"],
  },
  capacityOneBookDL: { type: "number", default: SKILL_LEARNING_DL[1]!, range: { min: 1, max: 30, step: 1 } },
  maneuverPenalty: { type: "choice", default: "0", choices: MANEUVER_PENALTIES },
  majorWoundDuration: { type: "choice", default: "gm", choices: WOUND_DURATIONS },
  seriousWoundDuration: { type: "choice", default: "gm", choices: WOUND_DURATIONS },
  tensionPool: { type: "boolean", default: false },
  tensionKeep: { type: "boolean", default: false },
};

export const virtuallyRealSettingLabelKeys = (name: VirtuallyRealSettingName) =>
  settingLabelKeysUnder(LABELS, name);
export const defaultVirtuallyRealSettings = (): VirtuallyRealSettingValues =>
  defaultValues(VIRTUALLY_REAL_SETTINGS);

// ---- the rules' option objects ---------------------------------------------------------------

/** Every rules option object, read from the settings. */
export interface VirtuallyRealRulesOptions {
  check: CheckOptions;
  attribute: AttributeOptions;
  combat: CombatOptions;
  conditions: ConditionOptions;
  currency: CurrencyOptions;
  health: HealthOptions;
  time: TimeOptions;
  book: BookOptions;
  /** `withHelpers`'s option. */
  helpers: { helperXP: HelperXP };
  /** `strengthFeat`'s option. */
  strengthFeat: { weightLiftingDice: WeightLiftingDice };
  /** `trainingResult`'s option. */
  training: { underlinedHalvesXP: boolean };
  /** A human's numbers from the creature size chart (not in chapter 1): Damage Capacity and base HP,
   * what an actor with no numbers of its own is measured by. */
  human: { damageCapacity: number; baseHitPoints: number };
  /** The fight's numbers chapter 1 leaves to THE ART OF COMBAT and to each attack's source. */
  fight: FightOptions;
}

/** The fight's GM numbers: the Maneuver penalty's dice, and the durations an attack's wounds take. */
export interface FightOptions {
  /** Disadvantage dice on the defender's next roll after a Dodge or Evade (0: noted only). */
  maneuverDice: number;
  /** The "At Next" a major or serious wound's box takes on Apply (null: none, the GM sets it). */
  woundDurations: { major: ConditionDuration | null; serious: ConditionDuration | null };
}

const durationOf = (value: WoundDuration): ConditionDuration | null => (value === "gm" ? null : value);

/** The rules' option objects for a world's settings. */
export function rulesOptions(settings: VirtuallyRealSettingValues): VirtuallyRealRulesOptions {
  return {
    check: {
      saveShortfall: settings.saveShortfall,
      droppedSixConfirms: settings.droppedSixConfirms,
      strengthFeatBrilliants: settings.strengthFeatBrilliants,
    },
    attribute: { oddLevelBonus: settings.oddLevelBonus },
    combat: { damageReading: settings.damageReading, ties: settings.ties },
    conditions: {
      conditionBoxes: settings.conditionBoxes,
      emotionalBoxes: settings.emotionalBoxes,
      severeScope: settings.severeScope,
    },
    currency: {
      darknessScope: settings.darknessScope,
      darknessCapacity: settings.darknessCapacity,
      zeroEndurance: settings.zeroEndurance,
    },
    health: { xThresholds: settings.xThresholds },
    time: { fastSkills: parseFastSkills(settings.fastSkills) ?? [...RULES_FAST_SKILLS] },
    book: { bookHours: settings.bookReadingHours, capacityOneBookBase: settings.capacityOneBookDL },
    helpers: { helperXP: settings.helperXP },
    strengthFeat: { weightLiftingDice: settings.weightLiftingDice },
    training: { underlinedHalvesXP: settings.underlinedHalvesXP },
    human: {
      damageCapacity: settings.humanDamageCapacity,
      baseHitPoints: settings.humanBaseHitPoints,
    },
    fight: {
      maneuverDice: Number(settings.maneuverPenalty),
      woundDurations: {
        major: durationOf(settings.majorWoundDuration),
        serious: durationOf(settings.seriousWoundDuration),
      },
    },
  };
}
