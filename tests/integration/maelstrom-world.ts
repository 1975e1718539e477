/**
 * The Foundry stand-in (stub-scene.ts) with what Maelstrom's rolls call besides: d10 rolls whose faces
 * a test queues (one array per term rolled: the pool, then each wave of bonus dice, the experience
 * die), `Roll.fromTerms` and `OperatorTerm`, and Maelstrom characters. Like the stand-in it extends,
 * it implements only what the bundle calls, as Foundry's public API documents it.
 */
import { loadAttackBundle, type AttackWorld } from "./stub-scene";

const g = globalThis as any;

export interface MaelstromWorld extends AttackWorld {
  /** Faces the next d10 rolls show, one array per `Nd10` rolled, in order. */
  queueD10(...waves: number[][]): void;
  /** A Maelstrom character with these system values and items, owned by `owner`. */
  character(name: string, system?: any, items?: any[], owner?: string): any;
  /** Render a card for the current user and press its button (`selector`); false when hidden or absent. */
  press(message: any, selector: string): Promise<boolean>;
}

/** Let queued promises (a clicked button's handler) run. */
export const flush = async (rounds = 8) => {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

export async function loadMaelstromWorld(
  options: Parameters<typeof loadAttackBundle>[0] = {},
): Promise<MaelstromWorld> {
  const world = (await loadAttackBundle(options)) as MaelstromWorld;
  const queue: number[][] = [];
  const Roll = g.foundry.dice.Roll;
  const evaluateD6 = Roll.prototype.evaluate;
  Roll.prototype.evaluate = async function evaluate(this: any) {
    const match = /^(\d+)d10$/.exec(this.formula);
    if (!match) return evaluateD6.call(this);
    const n = Number(match[1]);
    const next = queue.shift();
    if (next && next.length !== n)
      throw new Error(`The test queued ${next.length} faces for a roll of ${n}d10.`);
    const faces = next ?? Array.from({ length: n }, () => 2 + Math.floor(Math.random() * 8));
    this._faces = faces;
    this.terms = [
      { faces: 10, number: n, _evaluated: true, results: faces.map((result) => ({ result, active: true })) },
    ];
    this._evaluated = true;
    this._total = faces.reduce((a, b) => a + b, 0);
    return this;
  };
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
  world.queueD10 = (...waves) => void queue.push(...waves);
  world.character = (name, system = {}, items = [], owner) =>
    world.actor({ name, type: "maelstrom-character", system, items }, owner);
  world.press = async (message, selector) => {
    const html = world.render(message);
    const button = html.querySelector<HTMLButtonElement>(selector);
    if (!button || button.hidden) return false;
    button.click();
    await flush();
    return true;
  };
  return world;
}
