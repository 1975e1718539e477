/**
 * 'Verses special tests, Foundry-free (see `../special-logic.ts`): Social Responses, "a contest between
 * factors in the character's favor and factors acting against the character" (First Impressions,
 * Behavioral Aberrations, Legal Violations). The character's SOC and CN come from the actor, the
 * society's TOL, MOB and JST from a society actor (or the GM's values), the subjective ratings from
 * the GM's choice. Both sides roll their sums as pools, with no AD (`socialResponsePools`).
 */
import {
  SOCIAL_RESPONSES,
  resolveSocialResponse,
  socialResponsePools,
  type Face,
  type SocialFactor,
  type SocialFactorValues,
  type SocialSituation,
} from "../../rules";
import type { PoolPart, VersesRollOptions } from "../../base/pool-view";
import { line, refuse, side, type LivingState, type Planned, type SpecialResult } from "./common";

/** A society's attributes as the contest reads them. */
export interface SocietyRatings {
  name: string;
  tol: number;
  mob: number;
  jst: number;
}

export interface SocialResponseChoice {
  /** The GM's ratings: Apparent Wealth, the representative's wealth and social rank, the deviation from social norms, the legal violation. */
  factors?: SocialFactorValues;
}

interface SocialResponsePlan {
  situation: SocialSituation;
  favour: VersesRollOptions;
  against: VersesRollOptions;
}

/** i18n keys of the factors and situations, written out so the key check sees them. */
const SOCIAL_FACTOR_LABEL = (f: SocialFactor | "constant") => `POLYVERSE.Verses.Social.Factor.${f}`;
const SOCIAL_SITUATION_LABEL = (s: SocialSituation) => `POLYVERSE.Verses.Social.Situation.${s}`;
export const SOCIAL_SITUATIONS = Object.keys(SOCIAL_RESPONSES) as SocialSituation[];
const RESPONSE_LINE = {
  positive: "POLYVERSE.Verses.Social.Response.positive",
  negative: "POLYVERSE.Verses.Social.Response.negative",
  neutral: "POLYVERSE.Verses.Social.Response.neutral",
} as const;

/**
 * The two pools of a social response. Legal Violations (TV: CN + TOL + JST vs Degree of Character's
 * Legal Violation + Deviation from Social Norms). Refused, naming the factor, when a rating the
 * situation needs is missing.
 */
export function planSocialResponse(
  s: Pick<LivingState, "effective" | "derived">,
  society: SocietyRatings,
  situation: SocialSituation,
  choice: SocialResponseChoice = {},
): Planned<SocialResponsePlan> {
  const values: SocialFactorValues = {
    soc: s.effective.soc,
    cn: s.derived.cn,
    tol: society.tol,
    mob: society.mob,
    jst: society.jst,
    ...(choice.factors ?? {}),
  };
  const pools = socialResponsePools(situation, values);
  if (!pools.ok) {
    return refuse("POLYVERSE.Verses.Social.Missing", { factor: String(pools.reason.data?.factor ?? "") });
  }
  const partsOf = (which: "favour" | "against"): PoolPart[] =>
    pools.value.breakdown
      .filter((b) => b.side === which)
      .map((b) => ({ label: SOCIAL_FACTOR_LABEL(b.factor), dice: b.dice }));
  return {
    ok: true,
    value: {
      situation,
      favour: {
        target: 0,
        parts: partsOf("favour"),
        label: "POLYVERSE.Verses.Social.Favour",
        kind: "test",
        ad: 0,
      },
      against: {
        target: 0,
        parts: partsOf("against"),
        label: "POLYVERSE.Verses.Social.Against",
        kind: "test",
        ad: 0,
      },
    },
  };
}

/** The card of a social response: both sides' successes and whether the response is more positive or negative. */
export function resolveSocialResponseRoll(
  plan: SocialResponsePlan,
  favourFaces: readonly number[],
  againstFaces: readonly number[],
  names: { character: string; society: string },
): SpecialResult {
  const r = resolveSocialResponse(favourFaces as Face[], againstFaces as Face[]);
  return {
    changes: [],
    card: {
      kind: "social",
      title: line(SOCIAL_SITUATION_LABEL(plan.situation)),
      sides: [
        side(names.character, plan.favour, favourFaces),
        side(names.society, plan.against, againstFaces),
      ],
      outcome: r.response === "positive" ? "success" : r.response === "negative" ? "failure" : "neutral",
      headline: line(RESPONSE_LINE[r.response], { net: Math.abs(r.net) }),
      lines: [
        line("POLYVERSE.Verses.Social.Count", { favour: r.favourSuccesses, against: r.againstSuccesses }),
      ],
    },
  };
}
