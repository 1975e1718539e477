/**
 * Declaration merging into fvtt-types: the Xero Sum world settings (see settings.ts). The compiler
 * reads the types; nothing here runs.
 */
import type {
  AttackResolution,
  BarterAttribute,
  BrassKnuckles,
  CharacteristicPenalty,
  D3Mode,
  InsightReplaceCost,
  MomentOn3d6,
  PanicTrigger,
  RapidFireBoth,
  RpRecovery,
  StartingCondition,
} from "./settings";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "polyverse.xero-sum.attackResolution": AttackResolution;
    "polyverse.xero-sum.dmReducesDamage": boolean;
    "polyverse.xero-sum.d3Mode": D3Mode;
    "polyverse.xero-sum.insightReplaceCost": InsightReplaceCost;
    "polyverse.xero-sum.momentOn3d6": MomentOn3d6;
    "polyverse.xero-sum.clampConditional": boolean;
    "polyverse.xero-sum.characteristicPenalty": CharacteristicPenalty;
    "polyverse.xero-sum.rapidFireBoth": RapidFireBoth;
    "polyverse.xero-sum.barterAttribute": BarterAttribute;
    "polyverse.xero-sum.brassKnuckles": BrassKnuckles;
    "polyverse.xero-sum.rpRecovery": RpRecovery;
    "polyverse.xero-sum.panicTrigger": PanicTrigger;
    "polyverse.xero-sum.groupCheckSkills": boolean;
    "polyverse.xero-sum.opposedInsight": boolean;
    "polyverse.xero-sum.startingCondition": StartingCondition;
  }
}

export {};
