/**
 * A Virtually Real check: its pool as one d6 term kept as the rules keep it (`4d6kh2`, `3d6kl2`; a
 * conflicted pool, whose middle dice decide, plain `4d6`), so Dice So Nice throws the pool with each
 * player's theme. Foundry's total is never the check's: the level, the critical range and the
 * explosion are the rules layer's (card-state-logic.ts). The set-up lives in `options`
 * (roll-logic.ts), which Foundry stores with the message: the card is rebuilt from them after a
 * reload, and never throws (core `PolyverseRoll`): a roll this system could not have rolled shows an
 * "invalid roll" note. The dice rolled after the roll (an explosion's, a mulligan's re-roll, an
 * opposed check's other side) are rolled here too and kept on the card.
 */
import { templatePath } from "../../../core/constants";
import { localize } from "../../../core/i18n";
import { PolyverseRoll, plusTerm, type CardRenderOptions } from "../../../core/rolls/roll";
import { MAX_POOL, type CheckPlan } from "../rules";
import { checkCardView } from "./card-logic";
import { checkState } from "./card-state-logic";
import { readCheck, type ReadCheck, type VirtuallyRealCheckOptions } from "./roll-logic";

export const CHECK_CARD_TEMPLATE = templatePath("virtually-real/chat/check.hbs");

type RollTerm = foundry.dice.terms.RollTerm;

/** A pool's formula: kept high or low as the plan says; a conflicted or full pool plain. */
export const poolFormula = (plan: Pick<CheckPlan, "formula">): string => plan.formula;

/** Roll a formula and give its first term (the pool). */
async function rollTerm(formula: string): Promise<RollTerm> {
  const roll = new foundry.dice.Roll(formula);
  await roll.evaluate();
  return roll.terms[0] as RollTerm;
}

/** Every face of a term, kept and dropped. */
const termFaces = (term: RollTerm): number[] =>
  ((term as unknown as { results?: { result: number }[] }).results ?? []).map((r) => r.result);

export class VirtuallyRealRoll extends PolyverseRoll<VirtuallyRealCheckOptions> {
  static override CHAT_TEMPLATE = CHECK_CARD_TEMPLATE;

  /** An unevaluated stored roll this class would evaluate: up to the rules' largest pool, kept high or low. */
  static override FORMULA = { faces: 6, maxDice: MAX_POOL, modifiers: ["kh", "kl"], constant: true };

  /** Roll a check's pool as its plan says, with its set-up in the options. */
  static async rollCheck(options: VirtuallyRealCheckOptions, plan: CheckPlan): Promise<VirtuallyRealRoll> {
    const term = await rollTerm(poolFormula(plan));
    return this.fromTerms([term], options as unknown as foundry.dice.Roll.Options) as VirtuallyRealRoll;
  }

  /** A pool rolled fresh (a mulligan's re-roll, an opposed check's other side): the roll and its faces. */
  static async rollPool(plan: CheckPlan): Promise<{ roll: VirtuallyRealRoll; faces: number[] }> {
    const term = await rollTerm(poolFormula(plan));
    return { roll: this.fromTerms([term], {}) as VirtuallyRealRoll, faces: termFaces(term) };
  }

  /**
   * Dice rolled one at a time (an explosion: each die decides whether another follows): `next` is
   * called with a function that rolls one d6; all the dice are then one roll to show.
   */
  static async rollOneByOne<T>(
    next: (roll: () => Promise<number>) => Promise<T>,
  ): Promise<{ value: T; roll: VirtuallyRealRoll | null }> {
    const terms: RollTerm[] = [];
    const value = await next(async () => {
      if (terms.length) terms.push(await plusTerm());
      const term = await rollTerm("1d6");
      terms.push(term);
      return termFaces(term)[0] ?? 1;
    });
    return { value, roll: terms.length ? (this.fromTerms(terms, {}) as VirtuallyRealRoll) : null };
  }

  /** The check's options and pool, checked (null for a roll this system could not have rolled). */
  get read(): ReadCheck | null {
    return readCheck(this.options, this.terms);
  }

  protected override cardContext({ valid, flavor, isPrivate }: CardRenderOptions): object {
    const read = valid ? this.read : null;
    const o = read?.options;
    const state =
      read && o
        ? checkState(read, {
            actorUuid: "Actor.unknown",
            actorName: "",
            kind: o.subject.kind,
            skillId: o.subject.skillId,
            attribute: o.subject.attribute,
            save: o.subject.save,
          })
        : null;
    return checkCardView(state, { localize, flavor, isPrivate });
  }
}
