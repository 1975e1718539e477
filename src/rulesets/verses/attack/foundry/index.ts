/**
 * Attack -> defence -> damage in chat. A weapon attack rolls through the roll dialog (range and
 * cover, Slow minimums, sustain dice and sweeps limited by the loaded rounds, the sixes a chain or
 * a riposte carries), spends its AD and rounds, and posts the attack card: the attack roll and
 * one row per target with Dodge / Parry / Take it (a grappling move: Resist), then the net
 * successes, the damage through the target's layers and Apply / Undo; a full parry with a six
 * offers Riposte, a successful chainable attack Chain. An indirect attack places a template at
 * the aimed point (moved by the scatter on a miss) and lists every token inside.
 *
 * The card is a `verses-attack` message, its state in `system.card` (attack-logic.ts), drawn from
 * it by core (core/cards.ts); every button is a registered chat action, so it works after a reload.
 * Whoever may update the message (its author, a GM) changes the card when the button touches
 * nothing else it may not update; anything else is asked of the GM (core/relay.ts), whose client
 * checks the requester (vouched by Foundry), the operation field by field, and a player's card
 * against the ledger entry recorded when it was posted (the parts that never change after the roll,
 * the weapon's numbers against the attacking item, what has been done already), then works out the
 * damage itself from the target's current state.
 */
// One module per seam under `foundry/`: the documents and the card (shared), the attack roll, the
// defences, the card's operations (as the user or the GM), riposte, chain and holds (follow-up),
// reloading, and the buttons' registration. This one gathers them.
export * from "./shared";
export * from "./roll";
export * from "./defend";
export * from "./operations";
export * from "./follow-up";
export * from "./reload";
export * from "./register";
export * from "./maintain";
