/**
 * A Maelstrom roll: a pool of d10 against a difficulty ("Roll a number of ten-sided dice equal to
 * your dice pool"), with the threshold, botches and exploding tens of the rules layer.
 *
 * The pool is one `Nd10` term and each wave of exploding tens a further d10 term of two dice per 10
 * of the wave before (`rollWaves`), so Dice So Nice shows every die with each player's theme and the
 * card tells the normal dice from the bonus dice. Foundry's `x`/`cs` modifiers are never used: the
 * score is the rules layer's `resolveRoll` (roll-logic.ts). The roll's set-up lives in `options`
 * (roll-logic.ts `MaelstromRollOptions`), which Foundry stores with the message: the card is rebuilt
 * from them after a reload. The card never throws (core `PolyverseRoll`): a roll this system could
 * not have rolled shows an "invalid roll" note.
 */
import { templatePath } from "../../../core/constants";
import { localize } from "../../../core/i18n";
import { PolyverseRoll, plusTerm, rollDiceTerm, type CardRenderOptions } from "../../../core/rolls/roll";
import { activeResultsByTerm } from "../../../core/rolls/roll-logic";
import { bonusDiceFor } from "../rules";
import { readRoll, rollCardView, type ReadRoll } from "./card-logic";
import { MAX_BONUS, MAX_POOL, type MaelstromRollOptions } from "./roll-logic";

export const ROLL_CARD_TEMPLATE = templatePath("maelstrom/chat/roll.hbs");

type RollTerm = foundry.dice.terms.RollTerm;

/**
 * Roll `pool` d10 and, when tens explode, every wave of bonus dice they earn, each wave its own term
 * (joined by `+`): the terms of a Maelstrom roll, evaluated.
 */
export async function rollWaves(pool: number, exploding: boolean): Promise<RollTerm[]> {
  const terms: RollTerm[] = [];
  let count = Math.max(0, Math.min(MAX_POOL, Math.floor(pool)));
  let rolled = 0;
  for (let first = true; first || count > 0; first = false) {
    if (!first) terms.push(await plusTerm());
    const term = await rollDiceTerm(count, 10);
    terms.push(term);
    rolled += count;
    const faces = activeResultsByTerm([term]).flat() as number[];
    count = bonusDiceFor(faces, exploding);
    // A guard against a dice source that never stops rolling tens (the card refuses more anyway).
    if (rolled + count > MAX_POOL + MAX_BONUS) break;
  }
  return terms;
}

export class MaelstromRoll extends PolyverseRoll<MaelstromRollOptions> {
  static override CHAT_TEMPLATE = ROLL_CARD_TEMPLATE;

  /** An unevaluated stored roll this class would evaluate: `Nd10`, no more dice than any pool. */
  static override FORMULA = { faces: 10, maxDice: MAX_POOL };

  /** Roll a pool as its options describe it: the pool, then its exploding tens wave by wave. */
  static async rollPool(options: MaelstromRollOptions): Promise<MaelstromRoll> {
    const terms = await rollWaves(options.pool, options.exploding);
    return this.fromTerms(terms, options as unknown as foundry.dice.Roll.Options) as MaelstromRoll;
  }

  /** The options and dice, checked (null for a roll this system could not have rolled). */
  get read(): ReadRoll | null {
    return readRoll(this.options, this.activeResultsByTerm());
  }

  /**
   * The experience die ("Adding Experience Dice"): one d10 and, when the roll used a specialty, the
   * bonus dice its tens earn, rolled here; the roll (for Dice So Nice) and its faces in order.
   */
  static async rollExperienceDie(exploding: boolean): Promise<{ roll: MaelstromRoll; faces: number[] }> {
    const roll = this.fromTerms(await rollWaves(1, exploding), {}) as MaelstromRoll;
    const faces = roll.activeResultsByTerm().flat() as number[];
    return { roll, faces };
  }

  protected override cardContext({ valid, flavor, isPrivate }: CardRenderOptions): object {
    return rollCardView(valid ? this.read : null, { localize, flavor, isPrivate });
  }
}
