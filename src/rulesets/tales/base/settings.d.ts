/**
 * Declaration merging into fvtt-types: the Tales world settings (see settings.ts). The compiler
 * reads the types; nothing here runs.
 */
import type {
  BlockHalving,
  CooperationLimit,
  CoverTable,
  CriticalWoundRule,
  DamageMode,
  DynamicTieRule,
  OpposedTieRule,
  ResilientMode,
} from "./settings";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "polyverse.tales.degreesOfSuccess": boolean;
    "polyverse.tales.damageMode": DamageMode;
    "polyverse.tales.criticalWoundRule": CriticalWoundRule;
    "polyverse.tales.dynamicTieRule": DynamicTieRule;
    "polyverse.tales.opposedTieRule": OpposedTieRule;
    "polyverse.tales.coverTable": CoverTable;
    "polyverse.tales.startingPointsMultiplier": number;
    "polyverse.tales.blockHalving": BlockHalving;
    "polyverse.tales.initiativeEachRound": boolean;
    "polyverse.tales.resilientMode": ResilientMode;
    "polyverse.tales.cooperationLimit": CooperationLimit;
    "polyverse.tales.traitCap": number;
    "polyverse.tales.elderlyHealingPenalty": number;
  }
}

export {};
