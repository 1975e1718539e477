/**
 * Tales rules, as pure TypeScript (layer 1). Exposed to macros as `game.polyverse.rulesets.tales.rules`.
 * Tales Core Rules 0.5 (c) 2007 Michael Wenman.
 */
export * from "./damage";
export * from "./health";
