/**
 * Maelstrom rules, as pure TypeScript (layer 1). Exposed to macros as
 * `game.polyverse.rulesets.maelstrom.rules`. Maelstrom rules (c) 2018 James Tanner, from the
 * MIT-licensed Tanndev/Maelstrom repository.
 *
 * Every export is documented with the rule it implements; the unit tests beside each file quote the
 * rules text's own numbers.
 */
export * from "./traits";
export * from "./health";
export * from "./willpower";
export * from "./xp";
export * from "./merits";
export * from "./creation";
export * from "./combat";
export * from "./dice";
export * from "./odds";
export * from "./pools";
