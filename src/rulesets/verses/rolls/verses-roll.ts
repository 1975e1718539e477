import { templatePath } from "../../../core/constants";
import { localize } from "../../../core/i18n";
import { MAX_POOL, capPoolParts } from "../data/pool-cap";
import { facesWithLuck } from "./ability-logic";
import { versesMaxPool } from "../settings";
import {
  invalidCardText,
  poolCardContext,
  poolView,
  type PoolView,
  type VersesRollOptions,
} from "./pool-view";

type RenderOptions = Parameters<foundry.dice.Roll["render"]>[0];

/** An unevaluated roll this class would evaluate: `Nd6` with no more dice than any world allows. */
function evaluable(formula: unknown): boolean {
  const match = typeof formula === "string" ? /^\s*(\d{1,7})d6\s*$/.exec(formula) : null;
  return match !== null && Number(match[1]) <= MAX_POOL.max;
}

/**
 * A 'Verses dice pool: N d6, each 5 or 6 a success, sixes counted first ("Dice Pools").
 *
 * Plain d6 dice, so Dice So Nice animates them with each player's own theme. The success target,
 * the pool's breakdown and what the margin means live in `options`, which Foundry stores with
 * the chat message: the card is rebuilt from them after a reload.
 */
export class VersesRoll extends foundry.dice.Roll {
  static override CHAT_TEMPLATE = templatePath("verses/chat/pool-roll.hbs");

  declare options: VersesRollOptions & foundry.dice.Roll.Options;

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

  /** The values of the dice that count, as stored (a forged roll may hold anything). */
  #results(): unknown[] {
    try {
      const dice: unknown = this.dice;
      if (!Array.isArray(dice)) return [];
      return dice.flatMap((die: { results?: unknown }) =>
        Array.isArray(die?.results)
          ? (die.results as { active?: unknown; result?: unknown }[])
              .filter((r) => r?.active)
              .map((r) => r.result)
          : [],
      );
    } catch {
      return [];
    }
  }

  /** The faces of the dice as rolled, before any Uncanny Luck re-roll. */
  get rolledFaces(): number[] {
    return this.#results() as number[];
  }

  /** The faces of the dice that count, in the order rolled, Uncanny Luck's re-rolls in place. */
  get faces(): number[] {
    const rolled = this.rolledFaces;
    return this.options.luck ? facesWithLuck(rolled, this.options.luck) : rolled;
  }

  /** The card's view: faces sixes first, successes, target, margin and what it means. */
  get view(): PoolView {
    return poolView(this.#results(), this.options);
  }

  /**
   * The chat card. Never throws, whatever a message holds: a roll that is not a pool this system
   * could have rolled shows an "invalid roll" note (pool-view `readPoolRoll`), and an unevaluated
   * one is evaluated only when it is a pool of at most {@link MAX_POOL}`.max` dice.
   */
  override async render({ flavor, template, isPrivate }: RenderOptions = {}): Promise<string> {
    try {
      let view: PoolView;
      if (this._evaluated) view = this.view;
      else if (evaluable(this.formula)) {
        await this.evaluate();
        view = this.view;
      } else view = poolView([], null);
      const context = poolCardContext(view, { flavor, isPrivate, localize });
      return await foundry.applications.handlebars.renderTemplate(
        template ?? VersesRoll.CHAT_TEMPLATE,
        context,
      );
    } catch {
      return invalidCardText(localize);
    }
  }
}
