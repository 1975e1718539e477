/**
 * The base of every Polyverse ruleset's Roll class. What a roll shares whatever its dice: its card
 * state lives in `options` (Foundry stores them with the chat message, so the card is rebuilt
 * from them after a reload), its dice are read without trusting them, and its card never throws
 * whatever a message holds. A subclass names its template (`CHAT_TEMPLATE`), the shape of formula
 * it could have rolled (`FORMULA`) and the card's context (`cardContext`).
 */
import { localize } from "../i18n";
import { activeResults, activeResultsByTerm, formulaFits, type FormulaShape } from "./roll-logic";

type RollTerm = foundry.dice.terms.RollTerm;

/** Roll `count` dice of `faces` sides as one evaluated dice term (`<count>d<faces>`). */
export async function rollDiceTerm(count: number, faces: number): Promise<RollTerm> {
  const roll = new foundry.dice.Roll(`${count}d${faces}`);
  await roll.evaluate();
  return roll.terms[0] as RollTerm;
}

/** An evaluated `+`, to join dice terms into one roll. */
export async function plusTerm(): Promise<RollTerm> {
  const plus = new foundry.dice.terms.OperatorTerm({ operator: "+" });
  await plus.evaluate();
  return plus;
}

/**
 * Groups of dice of one size, each rolled as its own term and joined by `+`: the terms of one roll
 * (`Roll.fromTerms`) whose groups mean different things (the player's dice, a difficulty die, the
 * gating dice), read back group by group with `activeResultsByTerm`. Dice So Nice shows them all.
 */
export async function rollDiceGroups(counts: readonly number[], faces: number): Promise<RollTerm[]> {
  const terms: RollTerm[] = [];
  for (const count of counts) {
    if (terms.length) terms.push(await plusTerm());
    terms.push(await rollDiceTerm(count, faces));
  }
  return terms;
}

type RenderOptions = Parameters<foundry.dice.Roll["render"]>[0];

/** What the card's context is built with. */
export interface CardRenderOptions {
  /**
   * Whether the roll holds dice this class could have rolled: false for an unevaluated roll whose
   * formula does not fit `FORMULA` (it is never evaluated), which the card shows as invalid.
   */
  valid: boolean;
  flavor?: string | undefined;
  /** The card is shown to someone who may not see the dice (a blind or private roll). */
  isPrivate?: boolean | undefined;
}

/** The i18n key of the note a roll that cannot be drawn shows. */
export const INVALID_ROLL_KEY = "POLYVERSE.Roll.Invalid";

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

export abstract class PolyverseRoll<Options extends object = object> extends foundry.dice.Roll {
  /**
   * The formulas an unevaluated stored roll may be evaluated as when its card is drawn; null (the
   * default) evaluates none. Override {@link PolyverseRoll.evaluable} when the shape depends on more.
   */
  static FORMULA: FormulaShape | null = null;

  declare options: Options & foundry.dice.Roll.Options;

  /** Whether an unevaluated roll of `formula` is one this class could have made. */
  static evaluable(formula: unknown): boolean {
    return this.FORMULA !== null && formulaFits(formula, this.FORMULA);
  }

  /** The results of the dice that count, as stored: never throws, values unchecked. */
  activeResults(): unknown[] {
    try {
      return activeResults(this.dice);
    } catch {
      return [];
    }
  }

  /**
   * The results of each dice term that counts, term by term (`activeResultsByTerm`): never
   * throws, values unchecked.
   */
  activeResultsByTerm(): unknown[][] {
    try {
      return activeResultsByTerm(this.terms);
    } catch {
      return [];
    }
  }

  /** The card's template context. May throw: the card then shows {@link PolyverseRoll.invalidText}. */
  protected abstract cardContext(options: CardRenderOptions): object | Promise<object>;

  /** The card of a roll that could not be drawn at all, as plain HTML. */
  protected invalidText(): string {
    let note = INVALID_ROLL_KEY;
    try {
      note = localize(INVALID_ROLL_KEY);
    } catch {
      // The key itself says what happened.
    }
    return `<div class="polyverse pv-card" data-invalid="true"><p class="pv-invalid-roll">${escapeHtml(note)}</p></div>`;
  }

  /**
   * The chat card. Never throws, whatever a message holds: an unevaluated roll is evaluated only
   * when {@link PolyverseRoll.evaluable}, else drawn as invalid; a failure shows the invalid note.
   */
  override async render({ flavor, template, isPrivate }: RenderOptions = {}): Promise<string> {
    try {
      const cls = this.constructor as typeof PolyverseRoll;
      let valid = this._evaluated;
      if (!valid && cls.evaluable(this.formula)) {
        await this.evaluate();
        valid = true;
      }
      const context = await this.cardContext({ valid, flavor, isPrivate });
      return await foundry.applications.handlebars.renderTemplate(
        template ?? cls.CHAT_TEMPLATE,
        context as Record<string, unknown>,
      );
    } catch {
      return this.invalidText();
    }
  }
}
