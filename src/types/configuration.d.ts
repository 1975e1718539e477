/**
 * Declaration merging into fvtt-types: Polyverse's system name, settings, flags and documents.
 * The compiler reads the types; nothing here runs.
 */
import type { PolyverseAPI } from "../core/api";
import type { PolyverseActor, PolyverseItem } from "../core/documents";

declare module "fvtt-types/configuration" {
  interface SystemNameConfig {
    name: "polyverse";
  }
  interface SettingConfig {
    "polyverse.ruleset": string;
    "polyverse.schemaVersion": number;
    "polyverse.rulesetSchemas": Record<string, number>;
  }
  interface AssumeHookRan {
    init: true;
  }
  interface DocumentClassConfig {
    Actor: typeof PolyverseActor<Actor.ConfiguredSubType>;
    Item: typeof PolyverseItem<Item.ConfiguredSubType>;
  }
  interface InitGame {
    polyverse: PolyverseAPI;
  }
  interface I18nInitGame {
    polyverse: PolyverseAPI;
  }
  interface SetupGame {
    polyverse: PolyverseAPI;
  }
  interface ReadyGame {
    polyverse: PolyverseAPI;
  }
}

export {};
