/**
 * Fast Action, part 4: the Influence action ('Verses Core 0.8.5, "Influence": "Charm" and
 * "Intimidation"; conditions "Charmed" and "Afraid"). Pure functions on plain values.
 */
import { resolveContest, resolveTest, type ContestOutcome, type TestOutcome } from "./dice";
import { type Checked, type Face, refused } from "./types";

/** The two kinds of Influence. */
export type InfluenceKind = "charm" | "intimidate";

/** The condition a successful Influence gives: Charmed (charm) or Afraid (intimidate). */
export function influenceCondition(kind: InfluenceKind): "charmed" | "afraid" {
  return kind === "charm" ? "charmed" : "afraid";
}

/** An Influence pool: SOC + SMR (charm) or SOC + TUF (intimidate), + AD + capabilities. */
export interface InfluencePoolInput {
  soc: number;
  /** SMR for charm, TUF for intimidate. */
  second: number;
  /** AD spent (the influencer); 0 for the resisting target. */
  adSpent?: number;
  /**
   * Capability dice: charm — Charming Demeanor, Acting, Argument & Debate, Bluffing & Tells, Charm &
   * Persuasion, Oration; intimidate — Intimidating Demeanor, Intimidation, Bluffing & Tells.
   */
  capabilityDice?: number;
}

/**
 * The influencer's pool: Charm `SOC + SMR + #AD`, Intimidation `SOC + TUF + #AD`, plus "other relevant
 * capabilities" ("Influence"). At least 1AD. TV-C07: SOC 2 + SMR 2 + 3AD = 7d6.
 */
export function influencePool(input: InfluencePoolInput): Checked<number> {
  const ad = input.adSpent ?? 0;
  if (!Number.isInteger(ad) || ad < 1) return refused("influenceNeedsAd");
  return { ok: true, value: Math.max(0, input.soc + input.second + ad + (input.capabilityDice ?? 0)) };
}

/**
 * A target's resisting pool: "Each target ... can actively resist the [influence] individually using
 * the same capabilities": `SOC + SMR` (charm) or `SOC + TUF` (intimidate), no AD in the notation.
 */
export function influenceResistPool(input: Omit<InfluencePoolInput, "adSpent">): number {
  return Math.max(0, input.soc + input.second + (input.capabilityDice ?? 0));
}

/**
 * How "If all successes are 6s" is read (spec §11.2 #4):
 * - `allNetSixes` (default, literal): after the target's successes are removed (sixes first), every
 *   remaining success is a 6, and at least one remains.
 * - `anyNetSuccess`: the six requirement is dropped; any net success ("net successes only") applies
 *   the condition.
 * - `netSixesOnly`: only the sixes count: the condition applies when at least one 6 remains, and its
 *   success margin counts the remaining sixes alone.
 */
export type InfluenceSixesRule = "allNetSixes" | "anyNetSuccess" | "netSixesOnly";

/** Options of {@link resolveInfluence}. */
export interface InfluenceOptions {
  sixesRule?: InfluenceSixesRule;
  /** The contest's success target; none is stated, so 1S (spec §11.2 #3). */
  target?: number;
}

/** The result of Influence against one target. */
export interface InfluenceOutcome {
  /** The influencer's net result against the target's resistance. */
  contest: ContestOutcome;
  /** The influence beat the target's resistance (a "successful charm" or intimidation). */
  won: boolean;
  /** The target gains the condition (Charmed or Afraid). */
  conditionApplies: boolean;
  /** Rounds of the condition: "a number of rounds equal to the success margin" (0 when none). */
  rounds: number;
  /**
   * The influencer may make its request: "On a successful charm and while the target has the charmed
   * condition, the charming actor may request a favor" (a command when intimidating).
   */
  mayRequest: boolean;
}

/**
 * Resolve Charm or Intimidation against one target ("Influence"): `SOC + SMR + #AD → SOC + SMR`
 * (charm) or `SOC + TUF + #AD → SOC + TUF` (intimidate). "If all successes are 6s, any actor which fails
 * to resist the charm has the Charmed condition for a number rounds equal to the success margin"
 * (intimidation: Afraid). The reading of "all successes are 6s" is the `sixesRule` option.
 * TV-C07: 6,6,5 vs 1 success → net 6,5 → not all sixes, no Charmed. TV-C08: 6,6,6 vs 1 success → net
 * 6,6 → Charmed for SM 1 + 2 − 1 = 2 rounds. TV-C09: 6,6 vs 0 successes → Afraid for 2 rounds.
 */
export function resolveInfluence(
  influencerFaces: readonly Face[],
  targetFaces: readonly Face[],
  options: InfluenceOptions = {},
): InfluenceOutcome {
  const target = options.target ?? 1;
  const contest = resolveContest(influencerFaces, targetFaces, target);
  const won = contest.success;
  const rule = options.sixesRule ?? "allNetSixes";
  let conditionApplies: boolean;
  let margin = contest.margin;
  if (rule === "anyNetSuccess") conditionApplies = won;
  else if (rule === "allNetSixes") conditionApplies = won && contest.fives === 0;
  else {
    conditionApplies = contest.sixes > 0 && contest.sixes >= target;
    margin = 1 + contest.sixes - target;
  }
  const rounds = conditionApplies ? Math.max(0, margin) : 0;
  return { contest, won, conditionApplies, rounds, mayRequest: won && conditionApplies };
}

/**
 * Charm or Intimidation against several targets: "Each target ... can actively resist ...
 * individually". Charm only works on actors "that are not already enemies": an enemy target is
 * refused (intimidation has no such limit).
 */
export function resolveInfluenceOnTargets(
  kind: InfluenceKind,
  influencerFaces: readonly Face[],
  targets: readonly { id: string; faces: readonly Face[]; enemy?: boolean }[],
  options: InfluenceOptions = {},
): { id: string; result: Checked<InfluenceOutcome> }[] {
  return targets.map((t) => ({
    id: t.id,
    result:
      kind === "charm" && t.enemy === true
        ? refused("charmEnemy")
        : { ok: true, value: resolveInfluence(influencerFaces, t.faces, options) },
  }));
}

/**
 * Whether a request is acceptable at all ("Influence"): it "must be in a language the actor can
 * understand, must be achievable by the actor, and must not directly or indirectly harm the actor or
 * their allies". The GM answers the three questions; this names the first failing one.
 */
export function checkInfluenceRequest(request: {
  understood: boolean;
  achievable: boolean;
  harmsTargetOrAllies: boolean;
}): Checked<true> {
  if (!request.understood) return refused("requestLanguage");
  if (!request.achievable) return refused("requestAchievable");
  if (request.harmsTargetOrAllies) return refused("requestHarms");
  return { ok: true, value: true };
}

/**
 * Resisting a later request: "Favors requested after the initial charm and while the actor is charmed
 * may be resisted with a straight SOC test against 1S. Success does not end the condition, but allows
 * the actor to refuse the request" (commands while Afraid: the same). The pool is SOC alone ("limited
 * to the actor's SOC attribute, with no additional dice": Charmed, Afraid).
 */
export function laterRequestTest(soc: number): { pool: number; target: number } {
  return { pool: Math.max(0, soc), target: 1 };
}

/** Resolve a later request's resistance: `refused` on a success; the condition goes on either way. */
export function resolveLaterRequest(socFaces: readonly Face[]): { outcome: TestOutcome; refused: boolean } {
  const outcome = resolveTest(socFaces, 1);
  return { outcome, refused: outcome.success };
}
