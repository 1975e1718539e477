/**
 * The rolls behind the Virtually Real sheet's buttons: a table of functions the rolls folder (below
 * the sheets) provides. The sheet draws a roll button only when this table has a function for its
 * kind, so a roll appears on the sheet the moment its helper adds its line here, and no button ever
 * stands without a roll behind it.
 *
 * Each function gets the click's event as its last option (the skip-dialog key). To add one: import
 * it from `../rolls` and name it under its kind below.
 */
import { rollAvailability as coreRollAvailability } from "../../../core/sheet-logic";
import type { AttributeKey, EmotionalTarget, SaveKind } from "../rules";
import { rollCheck, rollDarkness, rollEmotionalSave, rollSave, rollStrengthFeat } from "../rolls";
import { rollAttack } from "../combat";
import type { RollAvailability, RollKind } from "./actor-tabs/common";

export interface RollOptions {
  event?: Event;
}

export interface VirtuallyRealRollHandlers {
  /** An attribute check (the attribute rolled as a skill of its capacity). */
  attribute(
    actor: Actor.Implementation,
    traits: { attribute: AttributeKey },
    options?: RollOptions,
  ): Promise<unknown>;
  /** A saving throw: a common one (Health, Dodge, Evade, Initiative, Perception) or a standard save of an attribute. */
  save(
    actor: Actor.Implementation,
    save: { save: SaveKind; attribute?: AttributeKey },
    options?: RollOptions,
  ): Promise<unknown>;
  /** A skill check with a skill item. */
  skill(actor: Actor.Implementation, skill: Item.Implementation, options?: RollOptions): Promise<unknown>;
  /** An emotional target's save (Basic Combat Training, Faith, Culture), its wounds and armors applied. */
  emotionalSave(
    actor: Actor.Implementation,
    target: { target: EmotionalTarget },
    options?: RollOptions,
  ): Promise<unknown>;
  /** A strength feat (Body, the weight size and Weight Lifting; retried from its card). */
  strengthFeat(actor: Actor.Implementation, options?: RollOptions): Promise<unknown>;
  /** A Darkness roll ("just like any other attribute"). */
  darkness(actor: Actor.Implementation, options?: RollOptions): Promise<unknown>;
  /** A weapon's attack (the combat folder's `rollAttack`: its proficiency as the skill, the targeted tokens). */
  attack(actor: Actor.Implementation, weapon: Item.Implementation, options?: RollOptions): Promise<unknown>;
}

/** The rolls there are so far (the rolls folder's checks; Shift on the click skips the dialog). */
export const VIRTUALLY_REAL_ROLLS: Partial<VirtuallyRealRollHandlers> = {
  attribute: (actor, { attribute }, options = {}) =>
    rollCheck(actor, { kind: "attribute", attribute, ...options }),
  save: (actor, { save, attribute }, options = {}) =>
    rollSave(actor, save, { ...(attribute ? { attribute } : {}), ...options }),
  skill: (actor, skill, options = {}) => rollCheck(actor, { kind: "skill", skill, ...options }),
  emotionalSave: (actor, { target }, options = {}) => rollEmotionalSave(actor, target, options),
  darkness: (actor, options = {}) => rollDarkness(actor, options),
  strengthFeat: (actor, options = {}) => rollStrengthFeat(actor, options),
  attack: (actor, weapon, options = {}) => rollAttack(actor, { weapon, ...options }),
};

/** Which roll kinds have a function behind them (what the sheet's context draws; core's). */
export const rollAvailability = (
  handlers: Partial<VirtuallyRealRollHandlers> = VIRTUALLY_REAL_ROLLS,
): RollAvailability => coreRollAvailability<RollKind>(handlers);
