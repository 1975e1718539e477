/**
 * 'Verses Core 0.8.5 rules, as pure TypeScript (layer 1). Exposed to macros as
 * `game.polyverse.rulesets.verses.rules`. Source: 'Verses Core (c) 2025 by K. N. Brindle, CC BY 4.0.
 *
 * Every export is documented with the rule it implements; the unit tests beside each file quote
 * the rules text's own numbers.
 */
export * from "./types";
export * from "./messages";
export * from "./dice";
export * from "./arrow";
export * from "./continuous";
export * from "./fast-action";
export * from "./fast-action-actions";
export * from "./fast-action-combat";
export * from "./fast-action-weapons";
export * from "./fast-action-influence";
export * from "./character";
export * from "./creation";
export * from "./armour";
export * from "./skills";
export * from "./skill-pools";
export * from "./skill-allocation";
export * from "./skill-addons";
export * from "./abilities";
export * from "./attacks";
export * from "./attacks-area";
export * from "./damage";
export * from "./damage-layers";
export * from "./conditions";
export * from "./recovery";
export * from "./society";
export * from "./intoxication";
export * from "./skill-mechanics";
export * from "./animals";
export * from "./round-effects";
