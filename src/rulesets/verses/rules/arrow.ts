/**
 * The arrow notation of tests and contests ('Verses Core 0.8.5, "Tests", "Contests"): "tests will
 * be expressed using an "arrow notation" which places the formula for assembling the dice pool on
 * the left of the arrow, and the success target and success effects on the right", and "Contests
 * are expressed using a similar arrow notation as regular tests, with the right side of the arrow
 * representing the dice pool of the challenging actor".
 *
 * Every form the text writes is read (as plain text, in backticks, or in its LaTeX `$...$` form):
 * - tests with a fixed target: `SMR + #AD → 2S`, `PRW + TUF + 3AD → 2S`, `PRW + 1AD → 1 S C`,
 *   `2d6 → 1S`, Awaken `$SOC + \#AD \rightarrow 4S$`;
 * - success effects per SM and continuation: `Skill + #AD → 2S 1HP/SM` (Stabilizing),
 *   `Skill + Tools + #AD → 3S 2C [Allocated Dice]HP/SM` (Healing), `TUF + #AD → (#EX)S (1EX Unbound)/SM` (Rest);
 * - formula targets: `CN → (10 - SOC)S`, `CN + POP + # of Recent Visits → (10 - SOC)S`,
 *   `Skill + #AD → (8 - [Animal's SMR + SOC])S`, `SOC + Animal's Trained Skill → [Task Difficulty]S`,
 *   `(TUF × 2) + SMR → (# drinks in last 1/2 hour)S`;
 * - contests: `SMR + #AD → SMR + #AD`, `SOC + SMR + #AD → SOC + SMR`, `PRW + Skill → PRW [+ Skill]`
 *   (a bracketed `[+ term]` is added only when it applies: "their own Grappling skill if
 *   allocated"), `SOC + Animal's Trained Skill → Animal's SMR + TUF`.
 * A possessive (`Animal's`, `Rider's`) names whose values the following terms of its group are.
 * The result is structured ({@link ArrowNotation}); {@link evaluateArrow} turns it into pools and a
 * target from the values the caller knows. Anything else is refused with a reason.
 */
import { contestProbability, successProbability } from "./dice";
import { type AttributeKey, type Checked, type RulesMessage, type RulesMessageKey, refused } from "./types";

/**
 * The values the text's arrow notation names. The core attributes (`smr`, `prw`, `tuf`, `soc`),
 * Connectedness `cn`, and: `skill` ("Skill": the skill dice of the skill in use), `tools` (the
 * tools' OL), `trainedSkill` ("Animal's Trained Skill"), `pop` (Population Size), `recentVisits`
 * ("# of Recent Visits"), `ex` ("#EX": EX-bound AD), `taskDifficulty` ("[Task Difficulty]"),
 * `drinks` ("# drinks in last 1/2 hour"), `allocatedDice` ("[Allocated Dice]").
 */
export type ArrowValueName =
  | AttributeKey
  | "cn"
  | "skill"
  | "tools"
  | "trainedSkill"
  | "pop"
  | "recentVisits"
  | "ex"
  | "taskDifficulty"
  | "drinks"
  | "allocatedDice";

/**
 * Whose value a reference is: the tester's (the initiator's) own, the challenger's (the right side
 * of a contest: "the dice pool of the challenging actor"), or another party's named by a possessive.
 */
export type ArrowOwner = "self" | "challenger" | "animal";

/** An arithmetic expression of the notation: a pool, a formula target, an amount per SM. */
export type ArrowExpr =
  | { kind: "number"; value: number }
  /** `#AD` (any number of AD, at least 1) or `3AD` (that many). */
  | { kind: "ad"; count: number | "any" }
  /** `2d6`: a fixed number of dice. */
  | { kind: "dice"; count: number }
  | { kind: "value"; name: ArrowValueName; owner: ArrowOwner }
  | { kind: "add" | "subtract" | "multiply"; left: ArrowExpr; right: ArrowExpr }
  /** `[+ Skill]`: added only when the caller gives that value. */
  | { kind: "optional"; of: ArrowExpr };

/** A success effect per success margin: `1HP/SM`, `[Allocated Dice]HP/SM`, `(1EX Unbound)/SM`. */
export interface ArrowPerMargin {
  amount: ArrowExpr;
  /** `hp`: HP recovered per SM; `exUnbound`: EX unbound per SM. */
  unit: "hp" | "exUnbound";
}

interface ArrowCommon {
  /** The notation as given. */
  text: string;
  /** The left side: the tester's (or initiator's) pool. */
  pool: ArrowExpr;
  /** The tester's own core attributes in the pool, in the order written. */
  attributes: AttributeKey[];
  /** The AD the pool names: `3AD` is 3, `#AD` (any number, at least 1) is 1, none is 0. */
  minimumAD: number;
}

/** `POOL → TARGET`: a test. */
export interface ArrowTest extends ArrowCommon {
  kind: "test";
  /** The success target `#S` when it is a number, else null (see `targetFormula`). */
  target: number | null;
  /** The success target as written: a number, or a formula such as `(10 - SOC)`. */
  targetFormula: ArrowExpr;
  /** The continuation target `#C` ("If the number is omitted then it is assumed to be 1"), or null. */
  continuation: number | null;
  perMargin: ArrowPerMargin | null;
}

/** `POOL → POOL`: a contest; the right side is the challenger's pool. */
export interface ArrowContest extends ArrowCommon {
  kind: "contest";
  challenger: ArrowExpr;
}

export type ArrowNotation = ArrowTest | ArrowContest;

// ---- Tokens -------------------------------------------------------------------------------------

type Token =
  | { t: "num"; value: number }
  | { t: "ad"; count: number | "any" }
  | { t: "dice"; count: number }
  | { t: "name"; name: ArrowValueName }
  | { t: "owner"; owner: ArrowOwner }
  | { t: "op"; op: "+" | "-" | "×" | "(" | ")" | "[" | "]" }
  | { t: "S" }
  | { t: "C" }
  | { t: "perSM"; unit: "hp" | "exUnbound" };

/** The text's vocabulary, longest phrases first. */
const LEXICON: readonly [RegExp, (m: RegExpExecArray) => Token][] = [
  [/^#\s*of\s+recent\s+visits/i, () => ({ t: "name", name: "recentVisits" })],
  [/^#\s*drinks\s+in\s+(?:the\s+)?last\s+1\/2\s+hour/i, () => ({ t: "name", name: "drinks" })],
  [/^(\d+)\s*d6\b/i, (m) => ({ t: "dice", count: Number(m[1]) })],
  [/^(\d+|#)\s*AD\b/i, (m) => ({ t: "ad", count: m[1] === "#" ? "any" : Number(m[1]) })],
  [/^#\s*EX\b/i, () => ({ t: "name", name: "ex" })],
  [/^EX\s+Unbound\s*\)\s*\/\s*SM\b/i, () => ({ t: "perSM", unit: "exUnbound" })],
  [/^HP\s*\/\s*SM\b/i, () => ({ t: "perSM", unit: "hp" })],
  [/^animal['’]s\b/i, () => ({ t: "owner", owner: "animal" })],
  // The rider is the one making the test ("the rider must succeed at the following test").
  [/^rider['’]s\b/i, () => ({ t: "owner", owner: "self" })],
  [/^task\s+difficulty\b/i, () => ({ t: "name", name: "taskDifficulty" })],
  [/^allocated\s+dice\b/i, () => ({ t: "name", name: "allocatedDice" })],
  [/^trained\s+skill\b/i, () => ({ t: "name", name: "trainedSkill" })],
  [/^skill\b/i, () => ({ t: "name", name: "skill" })],
  [/^tools\b/i, () => ({ t: "name", name: "tools" })],
  [
    /^(SMR|PRW|TUF|SOC|CN|POP)\b/i,
    (m) => ({ t: "name", name: (m[1] ?? "").toLowerCase() as ArrowValueName }),
  ],
  [/^(\d+)/, (m) => ({ t: "num", value: Number(m[1]) })],
  [/^S(?![A-Za-z])/i, () => ({ t: "S" })],
  [/^C(?![A-Za-z])/i, () => ({ t: "C" })],
  [/^[+\-−×*()[\]]/, (m) => ({ t: "op", op: normalizeOp(m[0]) })],
];

function normalizeOp(op: string): "+" | "-" | "×" | "(" | ")" | "[" | "]" {
  if (op === "−") return "-";
  if (op === "*") return "×";
  return op as "+" | "-" | "×" | "(" | ")" | "[" | "]";
}

function tokenize(side: string, text: string): Checked<Token[]> {
  const tokens: Token[] = [];
  let rest = side.trim();
  while (rest.length > 0) {
    let matched = false;
    for (const [re, make] of LEXICON) {
      const m = re.exec(rest);
      if (m) {
        tokens.push(make(m));
        rest = rest.slice(m[0].length).trimStart();
        matched = true;
        break;
      }
    }
    if (!matched) return refused("arrowUnknownTerm", { term: rest, text });
  }
  return { ok: true, value: tokens };
}

/**
 * The notation as plain text: the LaTeX form (`$SOC + \#AD \rightarrow 4S$`, `\text{...}`,
 * `\times`), backticks and code fences removed; every arrow (`→`, `\rightarrow`, `->`, `=>`) is `→`.
 */
function plain(text: string): string {
  return text
    .replace(/```/g, "")
    .replace(/[`$]/g, "")
    .replace(/\\text\{([^}]*)\}/g, "$1")
    .replace(/\\rightarrow|\\to\b|->|=>/g, "→")
    .replace(/\\times/g, "×")
    .replace(/\\#/g, "#")
    .replace(/\\[,;! ]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

// ---- Parser -------------------------------------------------------------------------------------

class Parser {
  private i = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly source: string,
  ) {}

  get done(): boolean {
    return this.i >= this.tokens.length;
  }

  peek(offset = 0): Token | undefined {
    return this.tokens[this.i + offset];
  }

  next(): Token | undefined {
    return this.tokens[this.i++];
  }

  isOp(op: string, offset = 0): boolean {
    const tok = this.peek(offset);
    return tok !== undefined && tok.t === "op" && tok.op === op;
  }

  fail(key: RulesMessageKey, data: Record<string, string> = {}): never {
    throw new ArrowSyntaxError({ key, data: { ...data, text: this.source } });
  }

  /** `expr := term (('+' | '-') term | '[' '+' expr ']')*`; a possessive scopes to this group. */
  expr(owner: ArrowOwner): ArrowExpr {
    const scope = { owner };
    let left = this.term(scope);
    for (;;) {
      if (this.isOp("+") || this.isOp("-")) {
        const op = (this.next() as { op: string }).op;
        const right = this.term(scope);
        left = { kind: op === "+" ? "add" : "subtract", left, right };
      } else if (this.isOp("[") && this.isOp("+", 1)) {
        this.i += 2;
        const of = this.expr(scope.owner);
        if (!this.isOp("]")) this.fail("arrowOptionalNotClosed");
        this.i++;
        left = { kind: "add", left, right: { kind: "optional", of } };
      } else return left;
    }
  }

  /** `term := factor ('×' factor)*` */
  term(scope: { owner: ArrowOwner }): ArrowExpr {
    let left = this.factor(scope);
    while (this.isOp("×")) {
      this.i++;
      left = { kind: "multiply", left, right: this.factor(scope) };
    }
    return left;
  }

  /** `factor := owner? (number | nAD | nd6 | name | '(' expr ')' | '[' expr ']')` */
  factor(scope: { owner: ArrowOwner }): ArrowExpr {
    const tok = this.next();
    if (tok === undefined) this.fail("arrowTermMissing");
    if (tok.t === "owner") {
      scope.owner = tok.owner;
      return this.factor(scope);
    }
    if (tok.t === "num") return { kind: "number", value: tok.value };
    if (tok.t === "ad") return { kind: "ad", count: tok.count };
    if (tok.t === "dice") return { kind: "dice", count: tok.count };
    if (tok.t === "name") return { kind: "value", name: tok.name, owner: scope.owner };
    if (tok.t === "op" && (tok.op === "(" || tok.op === "[")) {
      const inner = this.expr(scope.owner);
      const close = tok.op === "(" ? ")" : "]";
      if (!this.isOp(close)) this.fail("arrowNotClosed", { open: tok.op, close });
      this.i++;
      return inner;
    }
    return this.fail("arrowUnexpected", { token: describe(tok) });
  }
}

class ArrowSyntaxError extends Error {
  constructor(readonly reason: RulesMessage) {
    super(reason.key);
  }
}

/** A token as the notation writes it ("+", "S", "3AD", "skill"). */
function describe(tok: Token): string {
  switch (tok.t) {
    case "op":
      return tok.op;
    case "S":
    case "C":
      return tok.t;
    case "perSM":
      return tok.unit === "hp" ? "HP/SM" : "EX Unbound)/SM";
    case "num":
      return String(tok.value);
    case "ad":
      return `${tok.count === "any" ? "#" : tok.count}AD`;
    case "dice":
      return `${tok.count}d6`;
    case "name":
      return tok.name;
    case "owner":
      return `${tok.owner}'s`;
  }
}

/** The tester's own core attributes and the AD a pool names. */
function poolSummary(pool: ArrowExpr): { attributes: AttributeKey[]; minimumAD: number } {
  const attributes: AttributeKey[] = [];
  let minimumAD = 0;
  const walk = (e: ArrowExpr): void => {
    if (e.kind === "value") {
      if (e.owner === "self" && ["smr", "prw", "tuf", "soc"].includes(e.name))
        attributes.push(e.name as AttributeKey);
    } else if (e.kind === "ad") minimumAD += e.count === "any" ? 1 : e.count;
    else if (e.kind === "optional") walk(e.of);
    else if (e.kind === "add" || e.kind === "subtract" || e.kind === "multiply") {
      walk(e.left);
      walk(e.right);
    }
  };
  walk(pool);
  return { attributes, minimumAD };
}

/**
 * The right side of a test: `TARGET S [#C] [PER-SM]`, TARGET a number or a bracketed formula. Returns
 * null when the side does not start that way (it is then a contest's pool).
 */
function parseTargetSide(
  p: Parser,
): { target: ArrowExpr; continuation: number | null; perMargin: ArrowPerMargin | null } | null {
  const first = p.peek();
  if (first === undefined) return null;
  let target: ArrowExpr;
  if (first.t === "num" && p.peek(1)?.t === "S") {
    p.next();
    target = { kind: "number", value: first.value };
  } else if (first.t === "op" && (first.op === "(" || first.op === "[")) {
    // A bracketed group followed by S is a formula target; otherwise the side is a pool.
    let depth = 0;
    let end = -1;
    for (let j = 0; p.peek(j) !== undefined; j++) {
      const tok = p.peek(j) as Token;
      if (tok.t === "op" && (tok.op === "(" || tok.op === "[")) depth++;
      if (tok.t === "op" && (tok.op === ")" || tok.op === "]")) depth--;
      if (depth === 0) {
        end = j;
        break;
      }
    }
    if (end < 0 || p.peek(end + 1)?.t !== "S") return null;
    target = p.factor({ owner: "self" });
  } else return null;
  p.next(); // S
  let continuation: number | null = null;
  const c0 = p.peek();
  if (c0?.t === "C") {
    p.next();
    continuation = 1;
  } else if (c0?.t === "num" && p.peek(1)?.t === "C") {
    p.next();
    p.next();
    continuation = c0.value;
    if (continuation < 1) p.fail("arrowContinuationTarget");
  }
  let perMargin: ArrowPerMargin | null = null;
  if (!p.done) {
    const amount = p.peek();
    let expr: ArrowExpr;
    if (amount?.t === "num") {
      p.next();
      expr = { kind: "number", value: amount.value };
    } else if (amount?.t === "op" && amount.op === "[") {
      expr = p.factor({ owner: "self" });
    } else if (amount?.t === "op" && amount.op === "(" && p.peek(1)?.t === "num") {
      // "(1EX Unbound)/SM": the closing bracket is part of the per-SM token.
      p.next();
      const n = p.next() as { t: "num"; value: number };
      expr = { kind: "number", value: n.value };
    } else return p.fail("arrowSuccessEffectUnreadable");
    const unit = p.next();
    if (unit?.t !== "perSM") p.fail("arrowSuccessEffectUnit");
    perMargin = { amount: expr, unit: unit.unit };
  }
  return { target, continuation, perMargin };
}

/**
 * Read the arrow notation of a test or a contest. Accepts `→`, `\rightarrow`, `->` or `=>` as the
 * arrow and the text's LaTeX forms. Refused, with the reason, when a term is not one the text
 * writes, or when the sides do not read as a pool and a target or a second pool.
 */
export function parseArrow(text: string): Checked<ArrowNotation> {
  const sides = plain(text).split("→");
  const [left, right] = sides;
  if (sides.length !== 2 || left === undefined || right === undefined || !left.trim() || !right.trim()) {
    return refused("arrowNotNotation", { text });
  }
  const leftTokens = tokenize(left, text);
  if (!leftTokens.ok) return leftTokens;
  const rightTokens = tokenize(right, text);
  if (!rightTokens.ok) return rightTokens;
  try {
    const lp = new Parser(leftTokens.value, text);
    const pool = lp.expr("self");
    if (!lp.done) lp.fail("arrowUnexpectedInPool", { token: describe(lp.peek() as Token) });
    const summary = poolSummary(pool);
    const rp = new Parser(rightTokens.value, text);
    const target = parseTargetSide(rp);
    if (target) {
      if (!rp.done) rp.fail("arrowUnexpectedAfterTarget", { token: describe(rp.peek() as Token) });
      const fixed = target.target.kind === "number" ? target.target.value : null;
      return {
        ok: true,
        value: {
          kind: "test",
          text,
          pool,
          ...summary,
          target: fixed,
          targetFormula: target.target,
          continuation: target.continuation,
          perMargin: target.perMargin,
        },
      };
    }
    const challenger = rp.expr("challenger");
    if (!rp.done) rp.fail("arrowUnexpectedInChallenger", { token: describe(rp.peek() as Token) });
    return { ok: true, value: { kind: "contest", text, pool, ...summary, challenger } };
  } catch (e) {
    if (e instanceof ArrowSyntaxError) return { ok: false, reason: e.reason };
    throw e;
  }
}

/**
 * Read the arrow notation of a test or a contest: the same as {@link parseArrow} (kept under its
 * first name: the Horse's Kick `PRW + TUF + 3AD → 2S`, the Dog's Bite `PRW + 1AD → 1 S C`).
 */
export const parseArrowTest = parseArrow;

// ---- Evaluation ---------------------------------------------------------------------------------

/** What the caller knows to evaluate a notation. */
export interface ArrowScope {
  /** The tester's values by {@link ArrowValueName}: `{ smr: 2, skill: 3, ex: 2 }`. */
  values?: Readonly<Partial<Record<ArrowValueName, number>>>;
  /** The challenger's values (a contest's right side): `{ smr: 2 }`. */
  challenger?: Readonly<Partial<Record<ArrowValueName, number>>>;
  /** Another party's values, by owner: `{ animal: { smr: 2, tuf: 3, trainedSkill: 1 } }`. */
  others?: Readonly<Partial<Record<"animal", Partial<Record<ArrowValueName, number>>>>>;
  /** AD the tester spends (`#AD`); default the least the notation allows. */
  ad?: number;
  /** AD the challenger spends on the right side's `#AD`; default the least it allows. */
  challengerAd?: number;
  /** A contest's success target; default 1S ("If the result is positive"). */
  contestTarget?: number;
}

/** A notation evaluated: the dice to roll, the target, the exact odds. */
export type ArrowEvaluation =
  | {
      kind: "test";
      pool: number;
      target: number;
      continuation: number | null;
      /** The amount per SM, when the notation gives one. */
      perMargin: { amount: number; unit: ArrowPerMargin["unit"] } | null;
      probability: number;
    }
  | { kind: "contest"; pool: number; challenger: number; target: number; probability: number };

function evaluate(e: ArrowExpr, scope: ArrowScope, ad: number | undefined): Checked<number> {
  switch (e.kind) {
    case "number":
      return { ok: true, value: e.value };
    case "dice":
      return { ok: true, value: e.count };
    case "ad": {
      if (e.count !== "any") {
        if (ad !== undefined && ad < e.count) return refused("arrowAdGiven", { needed: e.count, given: ad });
        return { ok: true, value: ad ?? e.count };
      }
      if (ad !== undefined && ad < 1) return refused("arrowAnyAd");
      return { ok: true, value: ad ?? 1 };
    }
    case "value": {
      const values =
        e.owner === "self"
          ? scope.values
          : e.owner === "challenger"
            ? scope.challenger
            : scope.others?.[e.owner];
      const v = values?.[e.name];
      if (v === undefined)
        return e.owner === "self"
          ? refused("arrowNoValue", { name: e.name })
          : refused("arrowNoOwnerValue", { owner: e.owner, name: e.name });
      return { ok: true, value: v };
    }
    case "optional": {
      const v = evaluate(e.of, scope, ad);
      return v.ok ? v : { ok: true, value: 0 };
    }
    default: {
      const l = evaluate(e.left, scope, ad);
      if (!l.ok) return l;
      const r = evaluate(e.right, scope, ad);
      if (!r.ok) return r;
      const value =
        e.kind === "add" ? l.value + r.value : e.kind === "subtract" ? l.value - r.value : l.value * r.value;
      return { ok: true, value };
    }
  }
}

/**
 * Evaluate a parsed notation with the caller's values: the pools (never below 0 dice), the target
 * (never below 0: "a trivial task"), a test's amount per SM, and the exact odds
 * ({@link successProbability}, {@link contestProbability}). Refused when a value is missing (a
 * bracketed `[+ term]` without a value adds 0) or fewer AD are given than the notation names.
 * Example: `CN → (10 - SOC)S` with SOC 2, CN 12 is 12d6 against 8S.
 */
export function evaluateArrow(arrow: ArrowNotation, scope: ArrowScope = {}): Checked<ArrowEvaluation> {
  const pool = evaluate(arrow.pool, scope, scope.ad);
  if (!pool.ok) return pool;
  const dice = Math.max(0, pool.value);
  if (arrow.kind === "contest") {
    const challenger = evaluate(arrow.challenger, scope, scope.challengerAd);
    if (!challenger.ok) return challenger;
    const against = Math.max(0, challenger.value);
    const target = Math.max(1, scope.contestTarget ?? 1);
    return {
      ok: true,
      value: {
        kind: "contest",
        pool: dice,
        challenger: against,
        target,
        probability: contestProbability(dice, against, target),
      },
    };
  }
  const target = evaluate(arrow.targetFormula, scope, scope.ad);
  if (!target.ok) return target;
  const t = Math.max(0, target.value);
  let perMargin: { amount: number; unit: ArrowPerMargin["unit"] } | null = null;
  if (arrow.perMargin) {
    const amount = evaluate(arrow.perMargin.amount, scope, scope.ad);
    if (!amount.ok) return amount;
    perMargin = { amount: amount.value, unit: arrow.perMargin.unit };
  }
  return {
    ok: true,
    value: {
      kind: "test",
      pool: dice,
      target: t,
      continuation: arrow.continuation,
      perMargin,
      probability: successProbability(dice, t),
    },
  };
}
