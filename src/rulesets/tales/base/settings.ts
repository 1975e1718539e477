/**
 * Tales world settings: the options the text calls optional and the places it is silent or says
 * two things (spec §11, §12), each a GM's choice with the recommended reading as default. Keys are
 * `polyverse.tales.<name>`; their types are declared in `settings.d.ts`. The rules layer takes these
 * values as option objects; it never reads settings.
 */
import { rulesetSettings } from "../../../core/ruleset-settings";
import { defaultValues, settingLabelKeysUnder, type SettingTable } from "../../../core/settings-logic";

const LABELS = "POLYVERSE.Tales.Settings";

export type DamageMode = "high" | "low";
export type CriticalWoundRule = "halfAttributeSkillsOne" | "allOne" | "sheet";
export type DynamicTieRule = "succeeds" | "fails";
export type OpposedTieRule = "defender" | "reroll" | "statusQuo";
export type CoverTable = "arithmetic" | "printed";
export type BlockHalving = "floor" | "ceil";
export type ResilientMode = "perAbsorption" | "perLevel";
export type CooperationLimit = "leaderCounts" | "socialPlusLeadership";

/** Every Tales setting's value type, by name. */
export interface TalesSettingValues {
  /** Degrees of success and failure (the text: optional). */
  degreesOfSuccess: boolean;
  /** High fantasy (one attack at most knocks out) or low fantasy (the table's Dead stands). */
  damageMode: DamageMode;
  /** What a Critical Wound does to attributes and skills (the text says it three ways). */
  criticalWoundRule: CriticalWoundRule;
  /** A dynamic test whose total meets the difficulty plus its die. */
  dynamicTieRule: DynamicTieRule;
  /** A tie in an opposed test outside combat ("Highest roll wins"). */
  opposedTieRule: OpposedTieRule;
  /** Ranged cover: +2 / +4 on the band's difficulty, or the printed numbers. */
  coverTable: CoverTable;
  /** Starting points: 1, or 2 for an epic game ("twice as many starting points"). */
  startingPointsMultiplier: number;
  /** A successful block halves the blow's strength, rounding down or up. */
  blockHalving: BlockHalving;
  /** Initiative rolled again every round. */
  initiativeEachRound: boolean;
  /** Resilient's "one point less": per absorption, or per wound level absorbed. */
  resilientMode: ResilientMode;
  /** How many helpers a leader coordinates. */
  cooperationLimit: CooperationLimit;
  /** The most an attribute or skill may reach after character generation. */
  traitCap: number;
  /** What age past 80 adds to a healing test's difficulty. */
  elderlyHealingPenalty: number;
}
export type TalesSettingName = keyof TalesSettingValues;

export const TALES_SETTINGS: SettingTable<TalesSettingValues> = {
  degreesOfSuccess: { type: "boolean", default: true },
  damageMode: { type: "choice", default: "high", choices: ["high", "low"] },
  criticalWoundRule: {
    type: "choice",
    default: "halfAttributeSkillsOne",
    choices: ["halfAttributeSkillsOne", "allOne", "sheet"],
  },
  dynamicTieRule: { type: "choice", default: "succeeds", choices: ["succeeds", "fails"] },
  opposedTieRule: { type: "choice", default: "defender", choices: ["defender", "reroll", "statusQuo"] },
  coverTable: { type: "choice", default: "arithmetic", choices: ["arithmetic", "printed"] },
  startingPointsMultiplier: { type: "number", default: 1, range: { min: 1, max: 2, step: 1 } },
  blockHalving: { type: "choice", default: "floor", choices: ["floor", "ceil"] },
  initiativeEachRound: { type: "boolean", default: true },
  resilientMode: { type: "choice", default: "perAbsorption", choices: ["perAbsorption", "perLevel"] },
  cooperationLimit: {
    type: "choice",
    default: "leaderCounts",
    choices: ["leaderCounts", "socialPlusLeadership"],
  },
  traitCap: { type: "number", default: 6, range: { min: 6, max: 10, step: 1 } },
  elderlyHealingPenalty: { type: "number", default: 3, range: { min: 0, max: 6, step: 1 } },
};

export const talesSettingLabelKeys = (name: TalesSettingName) => settingLabelKeysUnder(LABELS, name);
export const defaultTalesSettings = (): TalesSettingValues => defaultValues(TALES_SETTINGS);

// ---- Foundry ---------------------------------------------------------------------------------

const SETTINGS = rulesetSettings("tales", TALES_SETTINGS, LABELS);

/** Register the Tales world settings (at init, whatever ruleset the world plays). */
export const registerTalesSettings = (): void => SETTINGS.register();
/** One setting's value, typed; its default when unregistered or invalid. */
export const talesSetting = <K extends TalesSettingName>(name: K): TalesSettingValues[K] =>
  SETTINGS.get(name);
/** Every setting's current value. */
export const talesSettings = (): TalesSettingValues => SETTINGS.values();
