/**
 * Declaration merging into fvtt-types: the 'Verses world settings (see settings.ts). The compiler
 * reads the types; nothing here runs.
 */
import type {
  ArmourPenaltyMode,
  ChainCarryRule,
  DamageLayerOptions,
  DesperateRallyTrigger,
  HealingPoolMode,
  InfluenceSixesRule,
} from "../rules";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "polyverse.verses.intoxication": boolean;
    "polyverse.verses.sixesRule": InfluenceSixesRule;
    "polyverse.verses.chainCarry": ChainCarryRule;
    "polyverse.verses.riposteCountsTowardChain": boolean;
    "polyverse.verses.parryNonParryAttacks": boolean;
    "polyverse.verses.riseMinimumOne": boolean;
    "polyverse.verses.pistolCutlassMuzzleLoading": boolean;
    "polyverse.verses.healingPoolMode": HealingPoolMode;
    "polyverse.verses.desperateRallyTrigger": DesperateRallyTrigger;
    "polyverse.verses.skillfulnessSpeciesLanguage": boolean;
    "polyverse.verses.coverStacking": NonNullable<DamageLayerOptions["stacking"]>;
    "polyverse.verses.areaVsPartial": NonNullable<DamageLayerOptions["areaVsPartial"]>;
    "polyverse.verses.exOnInjuryBasis": NonNullable<DamageLayerOptions["exBasis"]>;
    "polyverse.verses.sustainBaseShot": boolean;
    "polyverse.verses.grappleDefenderAD": boolean;
    "polyverse.verses.tecDifferential": boolean;
    "polyverse.verses.settingTec": number;
    "polyverse.verses.armourPenalty": ArmourPenaltyMode;
    "polyverse.verses.initiativeEachRound": boolean;
    "polyverse.verses.awaitUntilNextTurn": boolean;
    "polyverse.verses.maxPool": number;
  }
}

export {};
