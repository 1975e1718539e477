import { templatePath } from "../../../core/constants";
import { poolCardContext, poolSize, poolView, type PoolView, type VersesRollOptions } from "./pool-view";

type RenderOptions = Parameters<foundry.dice.Roll["render"]>[0];

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

  /** A roll of the pool that `options.parts` add up to (0 or fewer dice roll nothing). */
  static fromParts(options: VersesRollOptions): VersesRoll {
    return new this(`${poolSize(options.parts)}d6`, {}, options as foundry.dice.Roll.Options);
  }

  /** The faces of the dice that count, in the order rolled. */
  get faces(): number[] {
    return this.dice.flatMap((die) => die.results.filter((r) => r.active).map((r) => r.result));
  }

  /** The card's view: faces sixes first, successes, target, margin and what it means. */
  get view(): PoolView {
    return poolView(this.faces, this.options);
  }

  override async render({ flavor, template, isPrivate }: RenderOptions = {}): Promise<string> {
    if (!this._evaluated) await this.evaluate();
    // Labels are i18n keys or literal names (a skill's name): localise the ones that are keys.
    const i18n = game.i18n!;
    const localize = (label: string, data?: Record<string, string>) =>
      i18n.has(label) ? (data ? i18n.format(label, data) : i18n.localize(label)) : label;
    const context = poolCardContext(this.view, { flavor, isPrivate, localize });
    return foundry.applications.handlebars.renderTemplate(template ?? VersesRoll.CHAT_TEMPLATE, context);
  }
}
