/**
 * The special tests of 'Verses Core, Foundry-free: Rest, continuous tests and their maintenance,
 * Connectedness, Influence contests (Charm, Intimidation), Stabilizing, Healing, Awaken and the
 * Survival roll. Each test has a `plan…` function (from the actor's prepared data and the roller's
 * choice to the pool, its labelled parts and the success target, or a refusal) and a `resolve…`
 * function (from the plan and the rolled faces to the outcome, the card's lines and the document
 * changes, as plain data). The rules are the rules layer's functions; these modules only gather
 * their inputs and turn their results into card lines and changes. `special.ts` rolls the dice,
 * posts the cards and applies the changes.
 *
 * One module per test under `special/` (`common.ts` holds what they share); this one gathers them.
 */
export * from "./common";
export * from "./rest";
export * from "./continuous";
export * from "./connectedness";
export * from "./influence";
export * from "./recovery";
export * from "./split-healing";
export * from "./awaken";
export * from "./card";
export * from "./lock-picking";
export * from "./animals";
export * from "./social";
