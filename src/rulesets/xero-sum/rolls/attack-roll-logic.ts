/**
 * A Xero Sum attack's roll, Foundry-free: an attack is a check ("an attack using Unarmed, Ranged or
 * Melee Combat"), rolled as the check is: two d6 (three with an Insight Die spent before the roll, the
 * third last) as one term, so Dice So Nice throws them together. Its Roll keeps only what the dice
 * are (`{ type: "attack", insight, dice }` in `options`, stored with the message): the attack's
 * modifier, target and outcome are the `xero-sum-attack` card's, settled by the GM from the
 * documents (combat/attack-card.ts). A stored roll may be forged: {@link readAttackRoll} accepts only
 * what this system could have rolled.
 */
import { CHECK_DICE, MAX_CHECK_DICE } from "../rules";
import { isBeforeRollInsight, readCheckFaces, type BeforeRollInsight } from "./roll-logic";
import { formulaText, type Localize } from "./text-logic";

/** An attack's roll set-up (the Roll's `options`). */
export interface XeroSumAttackRollOptions {
  type: "attack";
  /** The Insight Die spent before the roll: a third die, or +3 (on the card's modifier). */
  insight: BeforeRollInsight | null;
  /** 2, or 3 with an Insight Die. */
  dice: number;
}

/** The options of an attack rolled with `insight`. */
export const attackRollOptions = (insight: BeforeRollInsight | null): XeroSumAttackRollOptions => ({
  type: "attack",
  insight,
  dice: insight === "extraDie" ? MAX_CHECK_DICE : CHECK_DICE,
});

/** A stored attack roll's options, checked; null for anything this system could not have written. */
export function readAttackRollOptions(raw: unknown): XeroSumAttackRollOptions | null {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  if (r.type !== "attack") return null;
  const insight = r.insight === null ? null : isBeforeRollInsight(r.insight) ? r.insight : undefined;
  if (insight === undefined) return null;
  const options = attackRollOptions(insight);
  return r.dice === options.dice ? options : null;
}

/** An attack roll as read: its options and its faces. */
export interface ReadAttackRoll {
  options: XeroSumAttackRollOptions;
  faces: number[];
}

/** A stored attack roll's options and dice by term, checked; null when forged or unreadable. */
export function readAttackRoll(rawOptions: unknown, terms: readonly unknown[][]): ReadAttackRoll | null {
  const options = readAttackRollOptions(rawOptions);
  const faces = options ? readCheckFaces(terms, options) : null;
  return options && faces ? { options, faces } : null;
}

/**
 * What the roll alone shows (Foundry draws a message's rolls before the card replaces them, and a
 * reader who may not see the card sees this): the attack's dice, the Insight Die marked.
 */
export function attackRollView(
  read: ReadAttackRoll | null,
  options: { localize: Localize; flavor?: string | undefined; isPrivate?: boolean | undefined },
) {
  const { localize } = options;
  const label = localize("POLYVERSE.XeroSum.Attack.Roll.Label");
  const common = { flavor: options.flavor ?? "", label };
  if (!read) return { ...common, invalid: true };
  if (options.isPrivate) return { ...common, invalid: false, isPrivate: true };
  return {
    ...common,
    invalid: false,
    isPrivate: false,
    dice: read.faces.map((face, i) => ({
      face,
      css: i === 2 ? "pv-xc-insight" : "",
      title: localize(`POLYVERSE.XeroSum.Roll.Card.Die.${i === 2 ? "insight" : "check"}`),
    })),
    formula: formulaText(read.faces.length, 0),
  };
}
