/**
 * Declaration merging into fvtt-types: the Virtually Real world settings (see settings.ts). The
 * compiler reads the types; nothing here runs.
 */
import type {
  BookHours,
  DamageReading,
  DarknessScope,
  HelperXP,
  ManeuverPenalty,
  OddLevelBonus,
  SaveShortfall,
  SevereScope,
  Ties,
  WeightLiftingDice,
  WoundDuration,
  XThresholds,
  ZeroEndurance,
} from "./settings-logic";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "polyverse.virtually-real.saveShortfall": SaveShortfall;
    "polyverse.virtually-real.droppedSixConfirms": boolean;
    "polyverse.virtually-real.strengthFeatBrilliants": boolean;
    "polyverse.virtually-real.helperXP": HelperXP;
    "polyverse.virtually-real.maxHelpers": number;
    "polyverse.virtually-real.ties": Ties;
    "polyverse.virtually-real.fastSkills": string;
    "polyverse.virtually-real.weightLiftingDice": WeightLiftingDice;
    "polyverse.virtually-real.oddLevelBonus": OddLevelBonus;
    "polyverse.virtually-real.damageReading": DamageReading;
    "polyverse.virtually-real.conditionBoxes": number;
    "polyverse.virtually-real.emotionalBoxes": number;
    "polyverse.virtually-real.severeScope": SevereScope;
    "polyverse.virtually-real.zeroEndurance": ZeroEndurance;
    "polyverse.virtually-real.darknessCapacity": number;
    "polyverse.virtually-real.darknessScope": DarknessScope;
    "polyverse.virtually-real.humanDamageCapacity": number;
    "polyverse.virtually-real.humanBaseHitPoints": number;
    "polyverse.virtually-real.xThresholds": XThresholds;
    "polyverse.virtually-real.underlinedHalvesXP": boolean;
    "polyverse.virtually-real.bookReadingHours": BookHours;
    "polyverse.virtually-real.capacityOneBookDL": number;
    "polyverse.virtually-real.maneuverPenalty": ManeuverPenalty;
    "polyverse.virtually-real.majorWoundDuration": WoundDuration;
    "polyverse.virtually-real.seriousWoundDuration": WoundDuration;
    "polyverse.virtually-real.maneuverState": Record<string, unknown>;
    "polyverse.virtually-real.tensionPool": boolean;
    "polyverse.virtually-real.tensionKeep": boolean;
  }
}

export {};
