/**
 * 'Verses Core 0.8.5 rules, as pure TypeScript (layer 1). Exposed to macros as
 * `game.polyverse.rulesets.verses.rules`. Source: 'Verses Core (c) 2025 by K. N. Brindle, CC BY 4.0.
 */
export * from "./types";
export * from "./dice";
