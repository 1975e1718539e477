/**
 * The rolls the Tales sheets start: the rolls and combat folders' functions, below the sheets. Each
 * gets the click's event as its last option (the skip-dialog key).
 */
import { rollConnection, rollTest } from "../rolls";
import { rollAttack } from "../combat";

export interface RollOptions {
  event?: Event;
}

export interface TalesRollHandlers {
  /** A test: an attribute alone, or an attribute with a skill (the dialog may change either). */
  test(
    actor: Actor.Implementation,
    traits: { attribute?: string; skill?: string },
    options?: RollOptions,
  ): Promise<unknown>;
  /** An attack with a weapon item. */
  attack(actor: Actor.Implementation, item: Item.Implementation, options?: RollOptions): Promise<unknown>;
  /** A connection roll (Allies, Contacts, Fame, Influence, Territory, Wealth). */
  connection(
    actor: Actor.Implementation,
    connection: { key: string },
    options?: RollOptions,
  ): Promise<unknown>;
}

/** The rolls behind the sheet's buttons. */
export const TALES_ROLLS: TalesRollHandlers = {
  test: (actor, traits, options) => rollTest(actor, { ...traits, event: options?.event }),
  connection: (actor, { key }, options) => rollConnection(actor, { key, event: options?.event }),
  // The attack dialog at the user's targeted tokens (a Spray weapon's at all of them); the skip key rolls at once.
  attack: (actor, item, options) => rollAttack(actor, item, { dialog: true, event: options?.event ?? null }),
};
