/**
 * Dice for the stand-in (stub-scene.ts) whose faces a test queues, one array per `Nd<sides>` rolled,
 * kept as a dice term (`terms[0].results`, as Foundry's Die keeps them, and `_faces` for `dice`), with
 * `Roll.fromTerms` and `OperatorTerm` for rolls joined from several terms. Maelstrom's rolls (d10
 * waves) and Tales's (d6 groups) use it, with a card's button pressed as a user would. Only what
 * the bundle calls, as Foundry documents it.
 */
const g = globalThis as any;

/** Patch the stand-in's Roll so `Nd<sides>` rolls queued faces as one term; returns the queue's `push`. */
export function installTermDice(sides: number, random: () => number): (...rolls: number[][]) => void {
  const queue: number[][] = [];
  const Roll = g.foundry.dice.Roll;
  const previous = Roll.prototype.evaluate;
  // A pool kept high or low (`3d6kh2`, Virtually Real's) rolls its dice the same way.
  const pattern = new RegExp(`^(\\d+)d${sides}(?:k[hl]\\d+)?$`);
  Roll.prototype.evaluate = async function evaluate(this: any) {
    const match = pattern.exec(this.formula);
    if (!match) return previous.call(this);
    const n = Number(match[1]);
    const next = queue.shift();
    if (next && next.length !== n)
      throw new Error(`The test queued ${next.length} faces for a roll of ${n}d${sides}.`);
    const faces = next ?? Array.from({ length: n }, random);
    this._faces = faces;
    this.terms = [
      {
        faces: sides,
        number: n,
        _evaluated: true,
        results: faces.map((result) => ({ result, active: true })),
      },
    ];
    this._evaluated = true;
    this._total = faces.reduce((a, b) => a + b, 0);
    return this;
  };
  if (!g.foundry.dice.terms.OperatorTerm) {
    class OperatorTerm {
      operator: string;
      _evaluated = false;
      constructor({ operator }: { operator: string }) {
        this.operator = operator;
      }
      async evaluate() {
        this._evaluated = true;
        return this;
      }
    }
    g.foundry.dice.terms.OperatorTerm = OperatorTerm;
    Roll.fromTerms = function fromTerms(this: any, terms: any[], options: any = {}) {
      const formula = terms
        .map((t) => (t instanceof OperatorTerm ? ` ${t.operator} ` : `${t.number}d${t.faces}`))
        .join("");
      const roll = new this(formula, {}, options);
      roll.terms = terms;
      roll._faces = terms.flatMap((t) => (t.results ?? []).map((r: any) => r.result));
      roll._evaluated = terms.every((t) => t._evaluated);
      return roll;
    };
  }
  return (...rolls) => void queue.push(...rolls);
}

/** Let queued promises (a clicked button's handler) run. */
export const flush = async (rounds = 8) => {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** Render a card for the current user and press its button (`selector`); false when hidden or absent. */
export async function pressButton(
  world: { render(message: any): HTMLElement },
  message: any,
  selector: string,
): Promise<boolean> {
  const html = world.render(message);
  const button = html.querySelector<HTMLButtonElement>(selector);
  if (!button || button.hidden) return false;
  button.click();
  await flush();
  return true;
}
