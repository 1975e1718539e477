/**
 * Declaration merging into fvtt-types: the Maelstrom world settings (see settings.ts). The compiler
 * reads the types; nothing here runs.
 */
import type { DamageMode, InitiativeMode } from "./settings";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "polyverse.maelstrom.woundPenalties": string;
    "polyverse.maelstrom.initiative": InitiativeMode;
    "polyverse.maelstrom.attackDifficulty": number;
    "polyverse.maelstrom.willpowerDifficulty": number;
    "polyverse.maelstrom.damageMode": DamageMode;
    "polyverse.maelstrom.extraSuccessesAddDamage": boolean;
    "polyverse.maelstrom.knowledgePenalty": number;
  }
}

export {};
