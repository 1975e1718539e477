/**
 * The rolls and actions the Maelstrom sheets start (the rolls, a rest, a rally, a reload): the rolls
 * and combat folders' functions, below the sheets. Each roll gets the event as a last option (the
 * skip-dialog key).
 */
import type { DamageType } from "../rules";
import { restWillpower, rollSoak, rollTraits, rollWillpower } from "../rolls";
import { rally, reload, rollAttack } from "../combat";

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

/** The rolls and actions behind the sheet's buttons. */
export const MAELSTROM_ROLLS: MaelstromRollHandlers = {
  traits: (actor, { attribute, ability }, options) =>
    rollTraits(actor, { attribute, ability, event: options?.event }),
  willpower: (actor, options) => rollWillpower(actor, { event: options?.event }),
  soak: (actor, { type }, options) => rollSoak(actor, { type, ...(options ?? {}) }),
  attack: (actor, item, options) => rollAttack(actor, item, { event: options?.event ?? null }),
  rest: (actor, options) => restWillpower(actor, { event: options?.event ?? null }),
  rally: (actor) => rally(actor),
  reload: (actor, item) => reload(actor, item),
};
