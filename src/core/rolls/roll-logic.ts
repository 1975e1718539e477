/**
 * The Foundry-free part of every Polyverse roll: reading the dice a stored roll holds without
 * trusting them (a chat message's rolls may be forged by a player), and deciding whether an
 * unevaluated stored roll is one the ruleset's Roll class could have made, so that rendering it
 * never evaluates an arbitrary formula (a million dice, a macro's `1d1000000`).
 */

/**
 * What an unevaluated roll of a ruleset may look like: `N` dice of one size, optionally with die
 * modifiers and a constant. 'Verses: `{ faces: 6, maxDice: 200 }` (`Nd6`); Maelstrom:
 * `{ faces: 10, maxDice: …, modifiers: ["x"] }` (`Nd10x10`); Xero Sum:
 * `{ faces: 6, minDice: 2, maxDice: 2, constant: true }` (`2d6+k`); Virtually Real:
 * `{ faces: 6, maxDice: …, modifiers: ["kh", "kl"], constant: true }` (`4d6kh2+3`).
 */
export interface FormulaShape {
  /** The die size. */
  faces: number;
  /** The most dice the formula may roll. */
  maxDice: number;
  /** The fewest (0 by default: a pool of nothing rolls nothing). */
  minDice?: number;
  /** Die modifiers allowed after the die term, each by name and followed by an optional number. */
  modifiers?: readonly string[];
  /** Whether a constant may be added or taken away (`+ 3`, `- 1`). */
  constant?: boolean;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether `formula` is a roll of the shape given: a string such as `4d6`, `6d10x10` or `2d6 + 3`. */
export function formulaFits(formula: unknown, shape: FormulaShape): boolean {
  if (typeof formula !== "string" || formula.length > 100) return false;
  const modifiers = (shape.modifiers ?? []).filter((m) => /^[a-z<>=]{1,3}$/i.test(m));
  const modifier = modifiers.length ? `(?:(?:${modifiers.map(escapeRegExp).join("|")})\\d{0,3})*` : "";
  const constant = shape.constant ? "(?:\\s*[+-]\\s*\\d{1,7})?" : "";
  const match = new RegExp(`^\\s*(\\d{1,7})d${shape.faces}${modifier}${constant}\\s*$`).exec(formula);
  if (!match) return false;
  const dice = Number(match[1]);
  return dice >= (shape.minDice ?? 0) && dice <= shape.maxDice;
}

/**
 * The results of the dice that count (active), as stored, in the order rolled. Whatever `dice`
 * holds (a forged roll may hold anything), this returns an array and never throws; the values are
 * unchecked, for the ruleset's view to validate.
 */
export function activeResults(dice: unknown): unknown[] {
  try {
    if (!Array.isArray(dice)) return [];
    return dice.flatMap((die: unknown) => {
      const results = (die as { results?: unknown } | null)?.results;
      return Array.isArray(results)
        ? (results as ({ active?: unknown; result?: unknown } | null)[])
            .filter((r) => r?.active)
            .map((r) => r!.result)
        : [];
    });
  } catch {
    return [];
  }
}

/**
 * The active results of each dice term, term by term, as stored: one array per term that holds
 * results (a die term, even one of no dice), none for other terms (operators, numbers). For a roll
 * whose terms mean different things (Maelstrom's pool, then each wave of bonus dice). Never throws;
 * the values are unchecked.
 */
export function activeResultsByTerm(terms: unknown): unknown[][] {
  try {
    if (!Array.isArray(terms)) return [];
    return terms.flatMap((term: unknown) => {
      const results = (term as { results?: unknown } | null)?.results;
      if (!Array.isArray(results)) return [];
      return [
        (results as ({ active?: unknown; result?: unknown } | null)[])
          .filter((r) => r?.active)
          .map((r) => r!.result),
      ];
    });
  } catch {
    return [];
  }
}
