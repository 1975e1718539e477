import { templatePath } from "../../../core/constants";
import { localize } from "../../../core/i18n";
import { PolyverseRoll, type CardRenderOptions } from "../../../core/rolls/roll";
import { MAX_POOL, capPoolParts } from "../base/pool-cap";
import { facesWithLuck } from "../base/ability-logic";
import { versesMaxPool } from "../base/settings";
import {
  invalidCardText,
  poolCardContext,
  poolView,
  type PoolView,
  type VersesRollOptions,
} from "../base/pool-view";

/**
 * A 'Verses dice pool: N d6, each 5 or 6 a success, sixes counted first ("Dice Pools").
 *
 * Plain d6 dice, so Dice So Nice animates them with each player's own theme. The success target,
 * the pool's breakdown and what the margin means live in `options`, which Foundry stores with
 * the chat message: the card is rebuilt from them after a reload. The card never throws (core
 * `PolyverseRoll`): a roll that is not a pool this system could have rolled shows an "invalid
 * roll" note (pool-view `readPoolRoll`), and an unevaluated one is evaluated only when it is `Nd6`
 * with at most {@link MAX_POOL}`.max` dice.
 */
export class VersesRoll extends PolyverseRoll<VersesRollOptions> {
  static override CHAT_TEMPLATE = templatePath("verses/chat/pool-roll.hbs");

  /** An unevaluated roll this class would evaluate: `Nd6` with no more dice than any world allows. */
  static override FORMULA = { faces: 6, maxDice: MAX_POOL.max };

  /**
   * A roll of the pool that `options.parts` add up to (0 or fewer dice roll nothing), never more
   * than the world's largest pool (setting `maxPool`, or `limits.maxPool`): a larger pool is cut
   * by a last part that says so, and the roller is warned (`limits.who` names whose pool it was).
   */
  static fromParts(options: VersesRollOptions, limits: { maxPool?: number; who?: string } = {}): VersesRoll {
    const capped = capPoolParts(options.parts, limits.maxPool ?? versesMaxPool());
    if (capped.cut > 0)
      ui.notifications?.warn(
        game.i18n!.format("POLYVERSE.Verses.Pool.Capped", {
          label: limits.who ?? localize(options.label ?? ""),
          from: String(capped.from),
          max: String(capped.max),
        }),
      );
    return new this(`${capped.dice}d6`, {}, {
      ...options,
      parts: capped.parts,
    } as foundry.dice.Roll.Options);
  }

  /** The faces of the dice as rolled, before any Uncanny Luck re-roll. */
  get rolledFaces(): number[] {
    return this.activeResults() as number[];
  }

  /** The faces of the dice that count, in the order rolled, Uncanny Luck's re-rolls in place. */
  get faces(): number[] {
    const rolled = this.rolledFaces;
    return this.options.luck ? facesWithLuck(rolled, this.options.luck) : rolled;
  }

  /** The card's view: faces sixes first, successes, target, margin and what it means. */
  get view(): PoolView {
    return poolView(this.activeResults(), this.options);
  }

  protected override cardContext({ valid, flavor, isPrivate }: CardRenderOptions): object {
    const view = valid ? this.view : poolView([], null);
    return poolCardContext(view, { flavor, isPrivate, localize });
  }

  protected override invalidText(): string {
    return invalidCardText(localize);
  }
}
