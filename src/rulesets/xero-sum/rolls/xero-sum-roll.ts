/**
 * A Xero Sum check: 2d6 (3d6 with an Insight Die, the third last) as one d6 term, so Dice So Nice
 * throws the dice together with each player's theme. Foundry's total is never the check's: the
 * modifier lives in the options and the band is the rules layer's (`classify`, check-state-logic.ts).
 * The set-up lives in `options` (roll-logic.ts), which Foundry stores with the message: the card is
 * rebuilt from them after a reload, and never throws (core `PolyverseRoll`): a roll this system could
 * not have rolled shows an "invalid roll" note.
 */
import { templatePath } from "../../../core/constants";
import { localize } from "../../../core/i18n";
import { PolyverseRoll, rollDiceTerm, type CardRenderOptions } from "../../../core/rolls/roll";
import { checkCardView } from "./card-logic";
import { readCheck, type ReadCheck, type XeroSumCheckOptions } from "./roll-logic";

export const CHECK_CARD_TEMPLATE = templatePath("xero-sum/chat/check.hbs");

export class XeroSumRoll extends PolyverseRoll<XeroSumCheckOptions> {
  static override CHAT_TEMPLATE = CHECK_CARD_TEMPLATE;

  /** An unevaluated stored roll this class would evaluate: `2d6` or `3d6`, with a constant. */
  static override FORMULA = { faces: 6, minDice: 2, maxDice: 3, constant: true };

  /** Roll a check as its options describe it: its dice as one term. */
  static async rollCheck(options: XeroSumCheckOptions): Promise<XeroSumRoll> {
    const term = await rollDiceTerm(options.dice, 6);
    return this.fromTerms([term], options as unknown as foundry.dice.Roll.Options) as XeroSumRoll;
  }

  /** `count` d6 rolled fresh (Insight Dice replacing the check's, an opponent's dice): the roll and faces. */
  static async rollDice(count: number): Promise<{ roll: XeroSumRoll; faces: number[] }> {
    const roll = this.fromTerms([await rollDiceTerm(count, 6)], {}) as XeroSumRoll;
    return { roll, faces: roll.activeResultsByTerm().flat() as number[] };
  }

  /** The options and dice, checked (null for a roll this system could not have rolled). */
  get read(): ReadCheck | null {
    return readCheck(this.options, this.activeResultsByTerm());
  }

  protected override cardContext({ valid, flavor, isPrivate }: CardRenderOptions): object {
    return checkCardView(valid ? this.read : null, { localize, flavor, isPrivate });
  }
}
