/**
 * The rolls and actions the Maelstrom sheets start (the rolls, a rest, a rally, a reload), injected
 * at registration (ruleset.ts calls {@link setMaelstromRollHandlers} with the rolls and combat
 * folders' functions), so the sheets never import those folders. Each roll handler gets the event
 * as a last option (the skip-dialog key).
 */
import type { DamageType } from "../rules";

export interface RollOptions {
  event?: Event;
}

export interface MaelstromRollHandlers {
  /** An attribute alone, an ability (its attribute chosen in the dialog), or both. */
  traits(
    actor: Actor.Implementation,
    traits: { attribute?: string; ability?: string },
    options?: RollOptions,
  ): Promise<unknown>;
  /** A Willpower roll (the current rank). */
  willpower(actor: Actor.Implementation, options?: RollOptions): Promise<unknown>;
  /** A soak roll against one damage type. */
  soak(actor: Actor.Implementation, soak: { type: DamageType }, options?: RollOptions): Promise<unknown>;
  /** An attack with a weapon item. */
  attack(actor: Actor.Implementation, item: Item.Implementation, options?: RollOptions): Promise<unknown>;
  /** A rest to recover Willpower (its dialog: hours, actively resting). */
  rest(actor: Actor.Implementation, options?: RollOptions): Promise<unknown>;
  /** Rally: one dot of this character's Willpower restores each targeted broken character. */
  rally(actor: Actor.Implementation): Promise<unknown>;
  /** Reload a ranged weapon to its magazine and chamber. */
  reload(actor: Actor.Implementation, item: Item.Implementation): Promise<unknown>;
}

let handlers: MaelstromRollHandlers | null = null;

/** Give the sheets their rolls (once, at registration; a later call replaces them). */
export function setMaelstromRollHandlers(next: MaelstromRollHandlers): void {
  handlers = { ...next };
}

/** The rolls, or null before registration gave them. */
export function maelstromRollHandlers(): MaelstromRollHandlers | null {
  return handlers;
}
