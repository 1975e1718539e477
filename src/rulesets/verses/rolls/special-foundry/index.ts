/**
 * The special tests of 'Verses Core in Foundry: Rest, continuous tests (start, Maintain, let go),
 * Connectedness, Charm and Intimidation contests, Stabilizing, Healing (and its daily continuation),
 * Awaken and the Survival roll, social responses, Lock Picking, Animal Training and commands. Each
 * function gathers the documents' data, asks `special-logic.ts` for the pool and, after the roll,
 * for the outcome and the document changes; rolls the dice as a `VersesRoll`; applies the changes
 * the user may make; and posts the card. A change to a document the user may not update (another
 * player's patient, the GM's target) is kept on the card, which says so, and asked of the GM
 * (core/changes.ts).
 *
 * One module per concern under `special-foundry/` (posting, the tests, recovery, social responses,
 * the sheet's dialog-first twins, the card's buttons, animals and locks, the end of a course of
 * training); this one gathers them.
 */
export * from "./post";
export * from "./tests";
export * from "./recovery";
export * from "./social";
export * from "./ask";
export * from "./buttons";
export * from "./animals";
export * from "./training";
