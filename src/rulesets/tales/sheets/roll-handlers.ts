/**
 * The rolls the Tales sheets start, injected at registration (ruleset.ts calls
 * {@link setTalesRollHandlers} with the rolls and combat folders' functions), so the sheets never
 * import those folders. Each handler gets the click's event as its last option (the skip-dialog key).
 */
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

let handlers: TalesRollHandlers | null = null;

/** Give the sheets their rolls (once, at registration; a later call replaces them). */
export function setTalesRollHandlers(next: TalesRollHandlers): void {
  handlers = { ...next };
}

/** The rolls, or null before registration gave them. */
export function talesRollHandlers(): TalesRollHandlers | null {
  return handlers;
}
