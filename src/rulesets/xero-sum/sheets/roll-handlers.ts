/**
 * The rolls behind the Xero Sum sheet's buttons: a table of functions the rolls, combat and
 * documents folders (below the sheets) provide. The sheet draws a roll button only when this table
 * has a function for its kind, so a roll appears on the sheet the moment its helper adds its line
 * here, and no button ever stands without a roll behind it.
 *
 * Each function gets the click's event as its last option (the skip-dialog key). To add one:
 * import it from `../rolls`, `../combat` or `../documents` and name it under its kind below.
 */
import { rollCheck, rollPerception } from "../rolls";
import type { AttributeKey, SkillKey } from "../rules";
import { breakingPointCheck, firstImpression, rollComplication, rollMotivation, upkeep } from "../documents";
import { rollAttack } from "../combat";
import { rollAvailability as coreRollAvailability } from "../../../core/sheet-logic";
import type { RollAvailability, RollKind } from "./actor-tabs/common";

export interface RollOptions {
  event?: Event;
}

export interface XeroSumRollHandlers {
  /** A dice check on an attribute alone, or a skill with its attribute (the dialog may change either). */
  check(
    actor: Actor.Implementation,
    traits: { attribute?: AttributeKey; skill?: SkillKey },
    options?: RollOptions,
  ): Promise<unknown>;
  /** A Perception check (Reason + Acumen). */
  perception(actor: Actor.Implementation, options?: RollOptions): Promise<unknown>;
  /** An attack with a weapon item. */
  attack(actor: Actor.Implementation, weapon: Item.Implementation, options?: RollOptions): Promise<unknown>;
  /** 2d6 on Table 6, the Complication recorded. */
  complication(actor: Actor.Implementation, options?: RollOptions): Promise<unknown>;
  /** 2d6 on Table 7, the Motivation recorded. */
  motivation(actor: Actor.Implementation, options?: RollOptions): Promise<unknown>;
  /** A Breaking Point check (Reason + Acumen); a failure fills a stress box, the fifth rolls Table 13. */
  breakingPoint(actor: Actor.Implementation, options?: RollOptions): Promise<unknown>;
  /** An Upkeep check on a weapon or piece of equipment (Table 14). */
  upkeep(actor: Actor.Implementation, item: Item.Implementation, options?: RollOptions): Promise<unknown>;
  /** A First Impressions check on the NPC of one First Impressions entry (its index). */
  firstImpression(
    actor: Actor.Implementation,
    entry: { index: number },
    options?: RollOptions,
  ): Promise<unknown>;
}

/** The rolls there are so far: the rolls helpers add theirs. */
export const XERO_SUM_ROLLS: Partial<XeroSumRollHandlers> = {
  // Helper x-rolls: the check dialog and the xero-sum-check card (rolls/check-actions.ts).
  check: (actor, traits, options = {}) => rollCheck(actor, { ...traits, event: options.event ?? null }),
  perception: (actor, options = {}) => rollPerception(actor, { event: options.event ?? null }),
  complication: (actor, options) => rollComplication(actor, { event: options?.event ?? null }),
  motivation: (actor, options) => rollMotivation(actor, { event: options?.event ?? null }),
  breakingPoint: (actor, options) => breakingPointCheck(actor, { event: options?.event ?? null }),
  upkeep: (actor, item, options) => upkeep(actor, item, { event: options?.event ?? null }),
  firstImpression: (actor, entry, options) =>
    firstImpression(actor, { index: entry.index }, { event: options?.event ?? null }),
  attack: (actor, weapon, options) => rollAttack(actor, weapon, { event: options?.event ?? null }),
};

/** Which roll kinds have a function behind them (what the sheet's context draws; core's). */
export const rollAvailability = (handlers: Partial<XeroSumRollHandlers> = XERO_SUM_ROLLS): RollAvailability =>
  coreRollAvailability<RollKind>(handlers);
