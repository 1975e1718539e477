/**
 * The attack card's state and what happens to it, Foundry-free, in three modules:
 * - `card-state-logic.ts`: the state kept in the message's `system.card` (so the card
 *   rebuilds after a reload), the grappling moves, the outcome against each target, Riposte, Chain;
 * - `card-damage-logic.ts`: the damage through cover, shields and armour to the body, the defence
 *   recorded, conditions, holds, and the document changes of applying and undoing;
 * - `card-view-logic.ts`: the card as lines and buttons.
 * `attack.ts` gathers the documents and applies the changes.
 *
 * Every rule is the rules layer's: `resolveDodge`, `resolveParry`, `checkRiposte`, `resolveDamage`,
 * `bindEX`, `afterChainAction`, `chainLink`, `sweepShares`, `areaDamage`, `dodgeReduction`,
 * `grenadeConditionRounds`.
 */
export * from "./card-state-logic";
export * from "./card-damage-logic";
export * from "./card-view-logic";
