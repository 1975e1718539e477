/**
 * Xero Sum world settings: every place the SRD is silent or says two things (spec §8), each a GM's
 * choice with the reading a GM at the table would expect as default. Keys are
 * `polyverse.xero-sum.<name>`; their types are declared in `settings.d.ts`. The rules layer takes
 * these values as option objects; it never reads settings.
 */
import { rulesetSettings } from "../../../core/ruleset-settings";
import { defaultValues, settingLabelKeysUnder, type SettingTable } from "../../../core/settings-logic";

import type { BarterAttribute, D3Mode, InsightReplaceCost, MomentOn3d6 } from "../rules";

export type { BarterAttribute, D3Mode, InsightReplaceCost, MomentOn3d6 };

const LABELS = "POLYVERSE.XeroSum.Settings";

export type AttackResolution = "checkMinusDefence" | "checkOnly" | "opposed";
export type CharacteristicPenalty = "literal" | "shortfall";
export type RapidFireBoth = "twoShots" | "fourShots";
export type BrassKnuckles = "fistsPlusOne" | "one";
export type RpRecovery = "perHour" | "perDay";
export type PanicTrigger = "crossing" | "everyLoss";
export type StartingCondition = "pristine" | "used" | "worn";

/** Every Xero Sum setting's value type, by name. */
export interface XeroSumSettingValues {
  /** How an attack hits (the SRD gives no rule: a Polyverse default). */
  attackResolution: AttackResolution;
  /** Defensive Modifiers also lower Wound Point damage ("decrease damage", how is not said). */
  dmReducesDamage: boolean;
  /** A d3: uniform 1–3 (the stated range) or the literal half a d6 rounded down (0–3). */
  d3Mode: D3Mode;
  /** Replacing both dice with Insight Dice costs one die each, or one for the check. */
  insightReplaceCost: InsightReplaceCost;
  /** With 3d6, a Moment of Insight is read on the check's own two dice, or on any pair. */
  momentOn3d6: MomentOn3d6;
  /** The sum of conditional modifiers is held to −5..+5. */
  clampConditional: boolean;
  /** Cumbersome (X) and Unwieldy (X): −X when short of X, or the shortfall only. */
  characteristicPenalty: CharacteristicPenalty;
  /** Rapid Fire with both actions: two shots (−2, −4) or four. */
  rapidFireBoth: RapidFireBoth;
  /** Barter's attribute: Acumen (Table 16) or Influence (the Skills chapter). */
  barterAttribute: BarterAttribute;
  /** Brass Knuckles' garbled damage cell: fists + 1, or a flat 1. */
  brassKnuckles: BrassKnuckles;
  /** Resilience Points recovered resting: 1 an hour (Healing) or 1 a day (Subsistence). */
  rpRecovery: RpRecovery;
  /** When the Panic check is made: on falling to half RP, or on every loss at or below it. */
  panicTrigger: PanicTrigger;
  /** Group Checks add the other participants' skill modifiers too. */
  groupCheckSkills: boolean;
  /** Moments of Insight in an opposed check still earn an Insight Die. */
  opposedInsight: boolean;
  /** A new item's condition. */
  startingCondition: StartingCondition;
}
export type XeroSumSettingName = keyof XeroSumSettingValues;

export const XERO_SUM_SETTINGS: SettingTable<XeroSumSettingValues> = {
  attackResolution: {
    type: "choice",
    default: "checkMinusDefence",
    choices: ["checkMinusDefence", "checkOnly", "opposed"],
  },
  dmReducesDamage: { type: "boolean", default: false },
  d3Mode: { type: "choice", default: "uniform", choices: ["uniform", "halfDown"] },
  insightReplaceCost: { type: "choice", default: "perDie", choices: ["perDie", "perCheck"] },
  momentOn3d6: { type: "choice", default: "firstTwo", choices: ["firstTwo", "anyPair"] },
  clampConditional: { type: "boolean", default: false },
  characteristicPenalty: { type: "choice", default: "literal", choices: ["literal", "shortfall"] },
  rapidFireBoth: { type: "choice", default: "twoShots", choices: ["twoShots", "fourShots"] },
  barterAttribute: { type: "choice", default: "acu", choices: ["acu", "inf"] },
  brassKnuckles: { type: "choice", default: "fistsPlusOne", choices: ["fistsPlusOne", "one"] },
  rpRecovery: { type: "choice", default: "perHour", choices: ["perHour", "perDay"] },
  panicTrigger: { type: "choice", default: "crossing", choices: ["crossing", "everyLoss"] },
  groupCheckSkills: { type: "boolean", default: false },
  opposedInsight: { type: "boolean", default: true },
  startingCondition: { type: "choice", default: "used", choices: ["pristine", "used", "worn"] },
};

export const xeroSumSettingLabelKeys = (name: XeroSumSettingName) => settingLabelKeysUnder(LABELS, name);
export const defaultXeroSumSettings = (): XeroSumSettingValues => defaultValues(XERO_SUM_SETTINGS);

// ---- Foundry ---------------------------------------------------------------------------------

const SETTINGS = rulesetSettings("xero-sum", XERO_SUM_SETTINGS, LABELS);

/** Register the Xero Sum world settings (at init, whatever ruleset the world plays). */
export const registerXeroSumSettings = (): void => SETTINGS.register();
/** One setting's value, typed; its default when unregistered or invalid. */
export const xeroSumSetting = <K extends XeroSumSettingName>(name: K): XeroSumSettingValues[K] =>
  SETTINGS.get(name);
/** Every setting's current value. */
export const xeroSumSettings = (): XeroSumSettingValues => SETTINGS.values();
