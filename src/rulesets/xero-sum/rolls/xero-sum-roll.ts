/**
 * A Xero Sum check: 2d6 (3d6 with an Insight Die, the third last) as one d6 term, so Dice So Nice
 * throws the dice together with each player's theme. Foundry's total is never the check's: the
 * modifier lives in the options and the band is the rules layer's (`classify`, check-state-logic.ts).
 * The set-up lives in `options` (roll-logic.ts), which Foundry stores with the message: the card is
 * rebuilt from them after a reload, and never throws (core `PolyverseRoll`): a roll this system could
 * not have rolled shows an "invalid roll" note.
 *
 * An attack is a check too, rolled the same way (`rollAttack`): its options say only what its dice
 * are (attack-roll-logic.ts), the `xero-sum-attack` card holds the rest.
 */
import { templatePath } from "../../../core/constants";
import { localize } from "../../../core/i18n";
import { PolyverseRoll, rollDiceTerm, type CardRenderOptions } from "../../../core/rolls/roll";
import {
  attackRollView,
  readAttackRoll,
  type ReadAttackRoll,
  type XeroSumAttackRollOptions,
} from "./attack-roll-logic";
import { checkCardView } from "./card-logic";
import { readCheck, type ReadCheck, type XeroSumCheckOptions } from "./roll-logic";

export const CHECK_CARD_TEMPLATE = templatePath("xero-sum/chat/check.hbs");

/** What a Xero Sum roll keeps in its options: a check's set-up, or an attack's dice. */
export type XeroSumRollOptions = XeroSumCheckOptions | XeroSumAttackRollOptions;

export class XeroSumRoll extends PolyverseRoll<XeroSumRollOptions> {
  static override CHAT_TEMPLATE = CHECK_CARD_TEMPLATE;

  /** An unevaluated stored roll this class would evaluate: `2d6` or `3d6`, with a constant. */
  static override FORMULA = { faces: 6, minDice: 2, maxDice: 3, constant: true };

  /** Roll a check as its options describe it: its dice as one term. */
  static async rollCheck(options: XeroSumCheckOptions): Promise<XeroSumRoll> {
    const term = await rollDiceTerm(options.dice, 6);
    return this.fromTerms([term], options as unknown as foundry.dice.Roll.Options) as XeroSumRoll;
  }

  /** Roll an attack's dice (two, three with an Insight Die) as one term. */
  static async rollAttack(options: XeroSumAttackRollOptions): Promise<XeroSumRoll> {
    const term = await rollDiceTerm(options.dice, 6);
    return this.fromTerms([term], options as unknown as foundry.dice.Roll.Options) as XeroSumRoll;
  }

  /** `count` d6 rolled fresh (Insight Dice replacing the check's, an opponent's dice): the roll and faces. */
  static async rollDice(count: number): Promise<{ roll: XeroSumRoll; faces: number[] }> {
    const roll = this.fromTerms([await rollDiceTerm(count, 6)], {}) as XeroSumRoll;
    return { roll, faces: roll.activeResultsByTerm().flat() as number[] };
  }

  /** The check's options and dice, checked (null for a roll this system could not have rolled as a check). */
  get read(): ReadCheck | null {
    return readCheck(this.options, this.activeResultsByTerm());
  }

  /** The attack's options and dice, checked (null for anything but an attack this system could have rolled). */
  get attack(): ReadAttackRoll | null {
    return readAttackRoll(this.options, this.activeResultsByTerm());
  }

  protected override cardContext({ valid, flavor, isPrivate }: CardRenderOptions): object {
    if ((this.options as { type?: unknown }).type === "attack")
      return attackRollView(valid ? this.attack : null, { localize, flavor, isPrivate });
    return checkCardView(valid ? this.read : null, { localize, flavor, isPrivate });
  }
}
