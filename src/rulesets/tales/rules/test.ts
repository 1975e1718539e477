/**
 * The Tales test: attribute + skill + d6 against a difficulty, a difficulty plus a die, or an
 * opponent (Tales Core Rules 0.5, "Playing the Game": "Overall System", "Sixes and Ones",
 * "Degrees of Success", "Rolling Multiple Dice"; Edge, Elite Gear and Specialist Gear; the Clumsy
 * weapon trait).
 *
 * "characters may attempt to do anything by adding together a combination of their relevant
 * attribute, an appropriate skill, then adding the result of a die roll." The caller adds the
 * attribute, the skill and every modifier into `bonus`; this file reads the natural face.
 *
 * Sixes and ones: "any roll of a 1 is a failure when facing the flat difficulty level of a static
 * test"; "if they roll a 6 they may spend one of these essence points to gain an automatic
 * "marginal" success". Dynamic: "a 1 counts as an automatic failure unless the difficulty roll also
 * comes up as a one"; a six against a one: "they don't need to spend the essence point"; against
 * two to five: "they may spend the essence point as normal"; against a six: "even the character's
 * fortune isn't enough". Opposed: "if one opponent rolls a 1 they automatically fail, while if both
 * opponents roll a 1 simply compare"; "If either of the acting characters rolls a six while their
 * opponent rolls a 1, they automatically succeed"; "If both opponents roll a six, simply compare".
 */
import { MAX_FACE, MIN_FACE, assertFace, assertPoints, assertWhole } from "./test-guards";

/** The three tests: "a static test", "a dynamic test", "an opposed test". */
export type TestKind = "static" | "dynamic" | "opposed";

/** Degrees: "marginal", "significant", "spectacular" successes; "marginal", "dramatic", "devastating" failures. */
export type Degree = "marginal" | "significant" | "spectacular" | "dramatic" | "devastating";

/** The six results, best first: what `degreeOdds` distributes over and what a chat card names. */
export type DegreeOutcome =
  | "spectacularSuccess"
  | "significantSuccess"
  | "marginalSuccess"
  | "marginalFailure"
  | "dramaticFailure"
  | "devastatingFailure";

/** The six results, best first (an index into this list is a result's rank: lower is better). */
export const DEGREE_OUTCOMES: readonly DegreeOutcome[] = [
  "spectacularSuccess",
  "significantSuccess",
  "marginalSuccess",
  "marginalFailure",
  "dramaticFailure",
  "devastatingFailure",
];

/**
 * Dynamic ties (spec ambiguity #1): the text never says. "succeeds" (the default) reads them like
 * the static test's "meeting the difficulty"; "fails" makes the roller beat the difficulty total.
 */
export type TestDynamicTieRule = "succeeds" | "fails";

/**
 * Non-combat opposed ties (spec ambiguity #2): the text has only "Highest roll wins".
 * "defender": the resisting side (the opponent) wins; "reroll": both sides roll again;
 * "statusQuo": nobody wins and nothing changes.
 */
export type TestOpposedTieRule = "defender" | "reroll" | "statusQuo";

/**
 * Combat ties, from the text. "attacker": the actor attacks an active defence: "The attacker must
 * beat the defender's roll by at least one". "counter": the actor counter-attacks: "the defender
 * must beat the attacker by at least one ... If the original attacker wins or ties in their result,
 * then the original attack gets through."
 */
export type TestCombatTieRule = "attacker" | "counter";

/** Any tie rule: a dynamic test takes a TestDynamicTieRule, an opposed test the other two. */
export type TestTieRule = TestDynamicTieRule | TestOpposedTieRule | TestCombatTieRule;

/**
 * Why the result did not come from the totals: "fail" (the actor's 1, a Clumsy 2, or an opponent's
 * 6 against it), "success" (the opponent's 1, or a success bought with Essence), "favoured" (a 6
 * against a 1: "The celestines have favoured them").
 */
export type TestAutomatic = "fail" | "success" | "favoured";

/** "If they succeed by three or more ... this is considered a significant success." */
export const SIGNIFICANT_MARGIN = 3;
/** "A success by 6 or more (combined with a die result of 6) is a spectacular success". */
export const SPECTACULAR_MARGIN = 6;
/** "If they fail by 3 or more, or if they roll a 1 on their test, this is considered a dramatic failure." */
export const DRAMATIC_SHORTFALL = 3;
/** "A failure by 6 or more (combined with a die result of 1) is a devastating failure". */
export const DEVASTATING_SHORTFALL = 6;
/** Elite Gear: "If a skill test marginally fails (by up to 3 points)" (spec ambiguity #4). */
export const ELITE_GEAR_SHORTFALL = 3;

/** What `resolveTest` reads. Every number is a whole number; faces are 1..6. */
export interface TestInput {
  kind: TestKind;
  /** Attribute + skill + every modifier (co-operation, tools, Dream, Elite Tools' +3, ...). */
  bonus: number;
  /** The natural face of the die the player chose ("They player may then choose which die to use"). */
  face: number;
  /** Static and dynamic: the difficulty (dynamic: before its die). */
  difficulty?: number;
  /** Dynamic: the difficulty die (Enigma's two dice: the higher one). */
  difficultyFace?: number;
  /** Opposed: the opponent's attribute + skill + modifiers. */
  opponentBonus?: number;
  /** Opposed: the opponent's natural face. */
  opponentFace?: number;
  /** The player is willing to spend 1 Essence to buy a success when the rules offer it. Default false. */
  spendEssence?: boolean;
  /** Clumsy weapon: a 2 "counts as an automatic failure (as though the die rolled a 1)". Default false. */
  clumsy?: boolean;
  /** Dynamic: TestDynamicTieRule (default "succeeds"); opposed: TestOpposedTieRule or TestCombatTieRule (default "defender"). */
  tieRule?: TestTieRule;
  /** Hit or Essence points spent before the roll to shift the degree (one level per point). Default 0. */
  boost?: number;
  /** The actor has Edge with this skill. Default false. */
  edge?: boolean;
  /** Edge dice bought (1 Essence each) after a 6, in order; each further one needs the previous to be a 6. */
  edgeDice?: readonly number[];
  /** Specialist Gear: "an extra degree of success as long as their user is successful". Default false. */
  specialistGear?: boolean;
  /** Elite Gear: a failure's effects "are reduced by a degree"; a failure by 1..3 may be bought. Default false. */
  eliteGear?: boolean;
  /** Opposed: the opponent's weapon is Clumsy. Default false. */
  opponentClumsy?: boolean;
  /** Opposed: the opponent is willing to spend 1 Essence on their 6. Default false. */
  opponentSpendEssence?: boolean;
  /** Opposed: the opponent's boost points. Default 0. */
  opponentBoost?: number;
}

/** The resolved test, seen from the actor. */
export interface TestResult {
  kind: TestKind;
  success: boolean;
  /** The degree after boosting and gear (the glue hides it when the degrees setting is off). */
  degree: Degree;
  /** `success` and `degree` as one of the six results. */
  outcome: DegreeOutcome;
  /** The degree from the dice alone, before boost points and gear. */
  rolledDegree: Degree;
  /** `total - target` (negative: the shortfall). */
  margin: number;
  /** Bonus + natural face + Edge dice (Clumsy never changes it). */
  total: number;
  /** Static: the difficulty; dynamic: difficulty + its die; opposed: the opponent's total. */
  target: number;
  /** The natural face. */
  face: number;
  automatic: TestAutomatic | null;
  /** The rules offered the actor a success for 1 Essence (offered, whether taken or not). */
  canSpendEssence: boolean;
  /** Essence the actor spent: 1 for a bought success, 1 per Edge die. */
  essenceSpent: number;
  /** Edge: the actor may now pay 1 Essence for another cumulative d6. */
  canAddEdgeDie: boolean;
  /** The totals were equal and the tie rule decided. */
  tie: boolean;
  /** Opposed, tie rule "reroll": the totals tied, both sides roll again (no success for anyone). */
  reroll: boolean;
  /** Opposed: the opponent's 6 offered them a success for 1 Essence. */
  opponentCanSpendEssence: boolean;
  /** Opposed: Essence the opponent spent (0 or 1). */
  opponentEssenceSpent: number;
}

/** One side of an opposed test, for `resolveOpposed`. */
export interface OpposedSide {
  bonus: number;
  face: number;
  spendEssence?: boolean;
  clumsy?: boolean;
  boost?: number;
  edge?: boolean;
  edgeDice?: readonly number[];
  specialistGear?: boolean;
  eliteGear?: boolean;
}

/** An opposed test from both sides. */
export interface OpposedResult {
  actor: TestResult;
  opponent: TestResult;
  /** Who won; null on a "statusQuo" or "reroll" tie. */
  winner: "actor" | "opponent" | null;
  tie: boolean;
  reroll: boolean;
}

/**
 * The face the 1 and 6 rules read: Clumsy turns a 2 into a 1 "(as though the die rolled a 1)", for
 * the automatic failure and for the degree (a Clumsy 2 fails dramatically like a 1); the total keeps
 * the 2.
 */
export function effectiveTestFace(face: number, clumsy = false): number {
  assertFace(face);
  return clumsy && face === 2 ? 1 : face;
}

/**
 * The degree from the dice ("Degrees of Success"). A success: "spectacular" with a 6 and a margin of
 * 6 or more, "significant" with a 6 or a margin of 3 or more, else "marginal"; a success bought with
 * Essence is "marginal" whatever the face (spec ambiguity #3: the text calls it an automatic
 * "marginal" success). A failure: "devastating" with a 1 (effective face) and a shortfall of 6 or
 * more, "dramatic" with a 1 or a shortfall of 3 or more (ambiguity #4: Elite Gear's "by up to 3
 * points" is not the degree rule), else "marginal".
 */
export function rolledDegree(success: boolean, margin: number, face: number, bought = false): Degree {
  assertFace(face);
  assertWhole(margin, "A margin");
  if (success) {
    if (bought) return "marginal";
    if (face === MAX_FACE && margin >= SPECTACULAR_MARGIN) return "spectacular";
    return face === MAX_FACE || margin >= SIGNIFICANT_MARGIN ? "significant" : "marginal";
  }
  const shortfall = -margin;
  if (face === MIN_FACE && shortfall >= DEVASTATING_SHORTFALL) return "devastating";
  return face === MIN_FACE || shortfall >= DRAMATIC_SHORTFALL ? "dramatic" : "marginal";
}

/** `success` and `degree` as one of the six results; throws on a pair that does not exist. */
export function degreeOutcome(success: boolean, degree: Degree): DegreeOutcome {
  if (success) {
    if (degree === "marginal") return "marginalSuccess";
    if (degree === "significant") return "significantSuccess";
    if (degree === "spectacular") return "spectacularSuccess";
  } else {
    if (degree === "marginal") return "marginalFailure";
    if (degree === "dramatic") return "dramaticFailure";
    if (degree === "devastating") return "devastatingFailure";
  }
  throw new RangeError(`No ${success ? "success" : "failure"} is ${degree}`);
}

const SUCCESS_LADDER: readonly Degree[] = ["marginal", "significant", "spectacular"];
const FAILURE_LADDER: readonly Degree[] = ["marginal", "dramatic", "devastating"];

/**
 * Boosting ("Degrees of Success"): points spent "before they roll their die" — Hit Points for
 * physical strength, Essence for thought. "If the die roll ends up being successful, then these
 * points increase the degree of success, by one level per point spent" (capped at spectacular).
 * "If the roll is a failure, then these points can minimise the effects of a dramatic or
 * devastating failure" (one level per point, down to a marginal failure): "In no way can this
 * change a marginal failure into a marginal success." The points are spent either way.
 */
export function boostDegree(success: boolean, degree: Degree, points: number): Degree {
  assertPoints(points, "Boost points");
  const ladder = success ? SUCCESS_LADDER : FAILURE_LADDER;
  const at = ladder.indexOf(degree);
  if (at < 0) throw new RangeError(`No ${success ? "success" : "failure"} is ${degree}`);
  const to = success ? Math.min(ladder.length - 1, at + points) : Math.max(0, at - points);
  return ladder[to] ?? degree;
}

/** Who takes a tie in the comparison of totals. */
type TieWinner = "actor" | "other" | "none" | "reroll";

/** One rolling side, checked and summed. */
interface Roller {
  total: number;
  face: number;
  /** Effective face 1 (a 1, or a Clumsy 2). */
  one: boolean;
  six: boolean;
  spend: boolean;
  edgeUsed: number;
  edge: boolean;
  lastEdge: number | undefined;
  boost: number;
  specialistGear: boolean;
  eliteGear: boolean;
  effFace: number;
}

function roller(side: OpposedSide): Roller {
  assertWhole(side.bonus, "A bonus");
  assertFace(side.face);
  const boost = side.boost ?? 0;
  assertPoints(boost, "Boost points");
  const edgeDice = side.edgeDice ?? [];
  let total = side.bonus + side.face;
  let previous = side.face;
  for (const die of edgeDice) {
    assertFace(die, "An Edge die");
    if (!side.edge) throw new RangeError("Edge dice need the Edge advantage with this skill");
    if (previous !== MAX_FACE) throw new RangeError("An Edge die needs a 6 before it");
    total += die;
    previous = die;
  }
  const effFace = effectiveTestFace(side.face, side.clumsy ?? false);
  return {
    total,
    face: side.face,
    one: effFace === MIN_FACE,
    six: side.face === MAX_FACE,
    spend: side.spendEssence ?? false,
    edgeUsed: edgeDice.length,
    edge: side.edge ?? false,
    lastEdge: edgeDice[edgeDice.length - 1],
    boost,
    specialistGear: side.specialistGear ?? false,
    eliteGear: side.eliteGear ?? false,
    effFace,
  };
}

/** The decision before degrees: who won, and why. */
interface Decision {
  winner: TieWinner;
  tie: boolean;
  /** The automatic reason, from the actor's side. */
  automatic: TestAutomatic | null;
  actorCanBuy: boolean;
  actorBought: boolean;
  otherCanBuy: boolean;
  otherBought: boolean;
}

function compare(a: number, b: number, tieWinner: TieWinner): { winner: TieWinner; tie: boolean } {
  if (a > b) return { winner: "actor", tie: false };
  if (a < b) return { winner: "other", tie: false };
  return { winner: tieWinner, tie: true };
}

/** A six may buy a success only while no Edge die has used it ("either ... or"). */
function canBuyWithSix(r: Roller): boolean {
  return r.six && r.edgeUsed === 0;
}

/** Elite Gear: "If a skill test marginally fails (by up to 3 points)" (never an automatic failure). */
function canBuyWithGear(r: Roller, target: number): boolean {
  const shortfall = target - r.total;
  return r.eliteGear && shortfall >= 1 && shortfall <= ELITE_GEAR_SHORTFALL;
}

function buy(d: { winner: TieWinner; tie: boolean }, can: boolean, spend: boolean): Decision {
  const bought = can && spend;
  return {
    winner: bought ? "actor" : d.winner,
    tie: bought ? false : d.tie,
    automatic: bought ? "success" : null,
    actorCanBuy: can,
    actorBought: bought,
    otherCanBuy: false,
    otherBought: false,
  };
}

const plain = (d: { winner: TieWinner; tie: boolean }, automatic: TestAutomatic | null = null): Decision => ({
  ...d,
  automatic,
  actorCanBuy: false,
  actorBought: false,
  otherCanBuy: false,
  otherBought: false,
});

/** Static: a 1 fails; "meeting the difficulty" succeeds; a 6 on a failure may buy a marginal success. */
function decideStatic(a: Roller, difficulty: number): Decision {
  if (a.one) return plain({ winner: "other", tie: false }, "fail");
  if (a.total >= difficulty) return plain({ winner: "actor", tie: false });
  return buy({ winner: "other", tie: false }, canBuyWithSix(a) || canBuyWithGear(a, difficulty), a.spend);
}

/** Dynamic: the 1/6 matrix against the difficulty die (its 1 against a 2..5 does nothing: the text gives nothing). */
function decideDynamic(a: Roller, target: number, g: number, tieWinner: TieWinner): Decision {
  if (a.one && g !== MIN_FACE) return plain({ winner: "other", tie: false }, "fail");
  if (a.six && g === MIN_FACE) return plain({ winner: "actor", tie: false }, "favoured");
  const byTotals = compare(a.total, target, tieWinner);
  if (byTotals.winner === "actor" || a.one) return plain(byTotals);
  const sixBuys = canBuyWithSix(a) && g !== MAX_FACE;
  return buy(byTotals, sixBuys || canBuyWithGear(a, target), a.spend);
}

/** Opposed: "An opposed test is like a dynamic test in this way", for both sides. */
function decideOpposed(a: Roller, b: Roller, tieWinner: TieWinner): Decision {
  const byTotals = compare(a.total, b.total, tieWinner);
  if (a.one && b.one) return plain(byTotals);
  if (a.one) return plain({ winner: "other", tie: false }, "fail");
  if (b.one) return plain({ winner: "actor", tie: false }, a.six ? "favoured" : "success");
  if (a.six && b.six) return plain(byTotals);
  if (a.six && byTotals.winner !== "actor") return buy(byTotals, canBuyWithSix(a), a.spend);
  if (b.six && byTotals.winner !== "other") {
    const can = canBuyWithSix(b);
    const bought = can && b.spend;
    return {
      winner: bought ? "other" : byTotals.winner,
      tie: bought ? false : byTotals.tie,
      automatic: bought ? "fail" : null,
      actorCanBuy: false,
      actorBought: false,
      otherCanBuy: can,
      otherBought: bought,
    };
  }
  return plain(byTotals);
}

/** One side's result from the decision. */
function sideResult(
  kind: TestKind,
  r: Roller,
  target: number,
  won: boolean,
  d: { tie: boolean; reroll: boolean; automatic: TestAutomatic | null; canBuy: boolean; bought: boolean },
  other: { canBuy: boolean; bought: boolean },
): TestResult {
  const margin = r.total - target;
  const rolled = rolledDegree(won, margin, won ? r.face : r.effFace, d.bought);
  let degree = boostDegree(won, rolled, r.boost);
  if (won && r.specialistGear) degree = boostDegree(true, degree, 1);
  if (!won && r.eliteGear) degree = boostDegree(false, degree, 1);
  const edgeOpen = r.lastEdge === undefined ? r.six : r.lastEdge === MAX_FACE;
  return {
    kind,
    success: won,
    degree,
    outcome: degreeOutcome(won, degree),
    rolledDegree: rolled,
    margin,
    total: r.total,
    target,
    face: r.face,
    automatic: d.automatic,
    canSpendEssence: d.canBuy,
    essenceSpent: (d.bought ? 1 : 0) + r.edgeUsed,
    canAddEdgeDie: r.edge && edgeOpen && !d.bought,
    tie: d.tie,
    reroll: d.reroll,
    opponentCanSpendEssence: other.canBuy,
    opponentEssenceSpent: other.bought ? 1 : 0,
  };
}

function opposedTieWinner(rule: TestTieRule | undefined): TieWinner {
  switch (rule ?? "defender") {
    case "attacker":
    case "counter":
    case "defender":
      return "other";
    case "statusQuo":
      return "none";
    case "reroll":
      return "reroll";
    default:
      throw new RangeError(`Not an opposed tie rule: ${String(rule)}`);
  }
}

function dynamicTieWinner(rule: TestTieRule | undefined): TieWinner {
  if (rule === undefined || rule === "succeeds") return "actor";
  if (rule === "fails") return "other";
  throw new RangeError(`Not a dynamic tie rule: ${rule}`);
}

function opponentAutomatic(d: Decision, actorFace: number, otherSix: boolean): TestAutomatic | null {
  if (d.otherBought) return "success";
  if (d.automatic === "fail") return otherSix && actorFace === MIN_FACE ? "favoured" : "success";
  if (d.automatic === "favoured" || d.automatic === "success") return "fail";
  return null;
}

/**
 * An opposed test from both sides. The actor is the side that must win: the attacker against an
 * active defence ("attacker"), the counter-attacker ("counter"), or the side acting against a
 * resisting opponent (the non-combat rules). Either side's 6 against the other's 2..5 offers its
 * owner a success for 1 Essence ("they may choose to spend an essence point to succeed even if
 * their total result is lower than that of their opponent"); a 6 against a 1 wins without it.
 */
export function resolveOpposed(
  actor: OpposedSide,
  opponent: OpposedSide,
  tieRule?: TestTieRule,
): OpposedResult {
  const a = roller(actor);
  const b = roller(opponent);
  if (a.eliteGear || b.eliteGear) throw new RangeError("Elite Gear buys a success against a difficulty only");
  const d = decideOpposed(a, b, opposedTieWinner(tieRule));
  const reroll = d.winner === "reroll";
  const actorSide = sideResult(
    "opposed",
    a,
    b.total,
    d.winner === "actor",
    { tie: d.tie, reroll, automatic: d.automatic, canBuy: d.actorCanBuy, bought: d.actorBought },
    { canBuy: d.otherCanBuy, bought: d.otherBought },
  );
  const opponentSide = sideResult(
    "opposed",
    b,
    a.total,
    d.winner === "other",
    {
      tie: d.tie,
      reroll,
      automatic: opponentAutomatic(d, a.effFace, b.six),
      canBuy: d.otherCanBuy,
      bought: d.otherBought,
    },
    { canBuy: d.actorCanBuy, bought: d.actorBought },
  );
  const winner = d.winner === "actor" ? "actor" : d.winner === "other" ? "opponent" : null;
  return { actor: actorSide, opponent: opponentSide, winner, tie: d.tie, reroll };
}

function required(value: number | undefined, what: string, kind: TestKind): number {
  if (value === undefined) throw new RangeError(`A ${kind} test needs ${what}`);
  return value;
}

/**
 * Resolve a test from the actor's side (static, dynamic or opposed), with every 1 and 6 case of
 * "Sixes and Ones", Clumsy, the tie rules, degrees, boosting, Edge dice and gear. `spendEssence` is
 * the player's willingness: Essence is spent only where the rules offer a success for it (the
 * result says `canSpendEssence` either way, so a card can offer the choice after the roll).
 *
 * T01: static, bonus 5, face 4, difficulty 8 → total 9, success by 1, marginal.
 * T12: dynamic, bonus 1, face 6, difficulty 8, its die 1 → success without Essence ("favoured").
 */
export function resolveTest(input: TestInput): TestResult {
  const { kind } = input;
  const side: OpposedSide = {
    bonus: input.bonus,
    face: input.face,
    spendEssence: input.spendEssence ?? false,
    clumsy: input.clumsy ?? false,
    boost: input.boost ?? 0,
    edge: input.edge ?? false,
    edgeDice: input.edgeDice ?? [],
    specialistGear: input.specialistGear ?? false,
    eliteGear: input.eliteGear ?? false,
  };
  if (kind === "opposed") {
    const opponent: OpposedSide = {
      bonus: required(input.opponentBonus, "the opponent's bonus", kind),
      face: required(input.opponentFace, "the opponent's face", kind),
      clumsy: input.opponentClumsy ?? false,
      spendEssence: input.opponentSpendEssence ?? false,
      boost: input.opponentBoost ?? 0,
    };
    return resolveOpposed(side, opponent, input.tieRule).actor;
  }
  const a = roller(side);
  const difficulty = required(input.difficulty, "a difficulty", kind);
  assertWhole(difficulty, "A difficulty");
  let d: Decision;
  let target = difficulty;
  if (kind === "static") {
    if (input.tieRule !== undefined)
      throw new RangeError("A static test always succeeds on meeting the difficulty");
    d = decideStatic(a, difficulty);
  } else if (kind === "dynamic") {
    const g = required(input.difficultyFace, "a difficulty die", kind);
    assertFace(g, "The difficulty die");
    target = difficulty + g;
    d = decideDynamic(a, target, g, dynamicTieWinner(input.tieRule));
  } else throw new RangeError(`Not a test kind: ${String(kind)}`);
  return sideResult(
    kind,
    a,
    target,
    d.winner === "actor",
    { tie: d.tie, reroll: false, automatic: d.automatic, canBuy: d.actorCanBuy, bought: d.actorBought },
    { canBuy: false, bought: false },
  );
}

/** A result's rank among the six outcomes (0 best); among equals, less Essence spent is better. */
export function testResultRank(result: TestResult): number {
  return DEGREE_OUTCOMES.indexOf(result.outcome) * 100 + result.essenceSpent;
}

/**
 * Several dice ("Rolling Multiple Dice": "they must all be rolled at once. They player may then
 * choose which die to use from those available"): the result of each face, and the best one (the
 * player chooses; this picks the best outcome, then the least Essence, then the earliest die).
 */
export function resolveTestBestDie(
  input: Omit<TestInput, "face">,
  faces: readonly number[],
): { result: TestResult; index: number } {
  if (faces.length === 0) throw new RangeError("Roll at least one die");
  let best: { result: TestResult; index: number } | undefined;
  faces.forEach((face, index) => {
    const result = resolveTest({ ...input, face });
    if (!best || testResultRank(result) < testResultRank(best.result)) best = { result, index };
  });
  if (!best) throw new RangeError("Roll at least one die");
  return best;
}
