import type { RulesetDescriptor } from "./registry";

/** A data-model class for a document sub-type. */
export type ModelClass = foundry.abstract.TypeDataModel.AnyConstructor;
/** A sheet class (ApplicationV2 document sheet). */
export type SheetClass = foundry.applications.api.DocumentSheetV2.AnyConstructor;
/** A Roll subclass. */
export type RollClass = foundry.dice.Roll.AnyConstructor;

/** What a ruleset puts into Foundry's combat configuration while it is active. */
export interface CombatConfig {
  combatClass?: typeof Combat;
  combatantClass?: typeof Combatant;
  initiative?: { formula: string | null; decimals: number };
}

/** A ruleset descriptor with Foundry's classes filled in. */
export type PolyverseRuleset = RulesetDescriptor<ModelClass, SheetClass, RollClass, CombatConfig>;
