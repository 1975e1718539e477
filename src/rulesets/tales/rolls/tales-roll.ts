/**
 * A Tales roll: the player's d6 (two with Skill Expert or a medic's help) and, in the same roll, the
 * difficulty dice of a dynamic test, the opponent's die of an opposed test against a number and the
 * gating dice of Dream or Status points; or a connection's or time commitment's dice. Each group is
 * its own d6 term (core `rollDiceGroups`), so Dice So Nice shows every die with each player's theme
 * and the card tells them apart. Foundry's modifiers are never used: the score is the rules layer's
 * `resolveTest` (test-state-logic.ts). The set-up lives in `options` (roll-logic.ts), which Foundry
 * stores with the message: the card is rebuilt from them after a reload, and never throws (core
 * `PolyverseRoll`): a roll this system could not have rolled shows an "invalid roll" note.
 */
import { templatePath } from "../../../core/constants";
import { localize } from "../../../core/i18n";
import { PolyverseRoll, rollDiceGroups, type CardRenderOptions } from "../../../core/rolls/roll";
import { testCardView } from "./card-logic";
import { MAX_CONNECTION_DICE, diceGroups, type TalesRollOptions } from "./roll-logic";
import { readRoll, type ReadRoll } from "./test-state-logic";

export const TEST_CARD_TEMPLATE = templatePath("tales/chat/test.hbs");

export class TalesRoll extends PolyverseRoll<TalesRollOptions> {
  static override CHAT_TEMPLATE = TEST_CARD_TEMPLATE;

  /** An unevaluated stored roll this class would evaluate: `Nd6`, no more dice than a connection's. */
  static override FORMULA = { faces: 6, minDice: 1, maxDice: MAX_CONNECTION_DICE };

  /** Roll as the options describe it: each group of dice its own term. */
  static async rollFor(options: TalesRollOptions): Promise<TalesRoll> {
    const terms = await rollDiceGroups(diceGroups(options), 6);
    return this.fromTerms(terms, options as unknown as foundry.dice.Roll.Options) as TalesRoll;
  }

  /** `count` d6 rolled on their own (a re-roll, an Edge die, the opponent's dice): the roll and its faces. */
  static async rollDice(count: number): Promise<{ roll: TalesRoll; faces: number[] }> {
    const roll = this.fromTerms(await rollDiceGroups([count], 6), {}) as TalesRoll;
    return { roll, faces: roll.activeResultsByTerm().flat() as number[] };
  }

  /** The options and dice, checked (null for a roll this system could not have rolled). */
  get read(): ReadRoll | null {
    return readRoll(this.options, this.activeResultsByTerm());
  }

  protected override cardContext({ valid, flavor, isPrivate }: CardRenderOptions): object {
    return testCardView(valid ? this.read : null, { localize, flavor, isPrivate });
  }
}
