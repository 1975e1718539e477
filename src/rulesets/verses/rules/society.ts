/**
 * Connectedness tests, society attributes and social responses ('Verses Core 0.8.5, "Connectedness
 * (CN)", "Society as an Object", "Social Responses", "Factor Ratings").
 * Pure data and functions: the GM's ratings come in as numbers, pools and targets go out.
 */
import { countSuccesses, successProbability } from "./dice";
import { type Checked, type Face, type Rating, refused } from "./types";

/** The core attributes of a society ("Society Core Attributes"). */
export type SocietyAttributeKey = "jst" | "mob" | "tec" | "tol";

/** A society as an Object: its core attributes, each a rated value 0..5. */
export type SocietyAttributes = Record<SocietyAttributeKey, Rating>;

/** "Society Core Attributes" (Society as an Object), with the text's descriptions. */
export const SOCIETY_ATTRIBUTES: readonly {
  key: SocietyAttributeKey;
  abbreviation: string;
  name: string;
  description: string;
}[] = [
  {
    key: "jst",
    abbreviation: "JST",
    name: "Justice",
    description: "The degree to which societal systems function for the benefit of all vs. a select few.",
  },
  {
    key: "mob",
    abbreviation: "MOB",
    name: "Social Mobility",
    description: "How easily members of the society can traverse class & social status boundaries.",
  },
  {
    key: "tec",
    abbreviation: "TEC",
    name: "Technology Level",
    description: "The maximum level of technology available.",
  },
  {
    key: "tol",
    abbreviation: "TOL",
    name: "Tolerance",
    description: "Level of social acceptance of individual variance from social conventions.",
  },
];

/**
 * Labels of rated values 0..5 ("Rated Values": Attribute Rating None (unallocated), Low, Typical,
 * High, Elite, Superior). A society is an Object, so JST, MOB and TOL read on this scale.
 */
export const ATTRIBUTE_RATING_LABELS: readonly [string, string, string, string, string, string] = [
  "None",
  "Low",
  "Typical",
  "High",
  "Elite",
  "Superior",
];

/** "Technology Levels" (Technology Levels (TEC)): the TEC scale 1..5 with the text's examples. */
export const TEC_LEVELS: readonly { value: Rating; level: string; examples: string }[] = [
  { value: 1, level: "Ancient", examples: "Animal Husbandry, Herbalism, Swords, Bows & Arrows" },
  { value: 2, level: "Pre-Industrial", examples: "Gaslight, Microorganisms & Germ Theory, Muskets" },
  {
    value: 3,
    level: "Industrial",
    examples: "Steam-power, Mass Production, Electric Lights, Revolvers & Repeating Rifles",
  },
  {
    value: 4,
    level: "Modern",
    examples: "Genetics, Pharmacology, Solar System Exploration, Automatic Firearms",
  },
  { value: 5, level: "Future", examples: "—" },
];

/**
 * Population Size (POP), "a measure of specific geographical areas within the society ... with 1
 * representing a small hamlet or village and 5 a sprawling metropolis" (Population). The text labels
 * only 1 and 5.
 */
export const POPULATION_SIZES: readonly { value: Rating; label: string | null }[] = [
  { value: 1, label: "a small hamlet or village" },
  { value: 2, label: null },
  { value: 3, label: null },
  { value: 4, label: null },
  { value: 5, label: "a sprawling metropolis" },
];

/** Inputs of a Connectedness test. */
export interface ConnectednessInput {
  /** The actor's Connectedness (human: 10 + SOC). */
  cn: number;
  /** The actor's SOC: the target is `(10 - SOC)S`. */
  soc: number;
  /** Population Size of the area (1..5), used by the GM's adjustment. */
  pop?: number;
  /** Number of recent visits to the area, used by the GM's adjustment. */
  recentVisits?: number;
}

/** Options of the Connectedness test. */
export interface ConnectednessOptions {
  /**
   * "The GM may choose to adjust a character's Connectedness test based on the size of the population,
   * how often the characters have visited ... Such an adjustment might look like this:
   * CN + POP + # of Recent Visits -> (10 - SOC)S" (Population). Default false (the plain test).
   */
  populationAdjustment?: boolean;
  /**
   * A success target chosen by the GM instead of `(10 - SOC)S`. Spec §11.2 #36: the test as written
   * is very hard (1.88 % for a typical human); implemented as written by default.
   */
  targetOverride?: number;
}

/** A test ready to roll. */
export interface PoolAndTarget {
  pool: number;
  target: number;
}

/**
 * The Connectedness test `CN -> (10 - SOC)S` (Connectedness (CN)), or with the GM's adjustment
 * `CN + POP + # of Recent Visits -> (10 - SOC)S` (Population). The target never goes below 0.
 * TV-C11: human SOC 2 -> CN 12 dice vs 8S.
 */
export function connectednessTest(
  input: ConnectednessInput,
  options: ConnectednessOptions = {},
): PoolAndTarget {
  const adjust = options.populationAdjustment === true;
  const pool =
    Math.max(0, input.cn) + (adjust ? Math.max(0, input.pop ?? 0) + Math.max(0, input.recentVisits ?? 0) : 0);
  const target = Math.max(0, options.targetOverride ?? 10 - input.soc);
  return { pool, target };
}

/** The chance that a Connectedness test succeeds (exact, p = 1/3 per die). TV-C11: 12d6 vs 8S = 1.88 %. */
export function connectednessChance(input: ConnectednessInput, options: ConnectednessOptions = {}): number {
  const t = connectednessTest(input, options);
  return successProbability(t.pool, t.target);
}

/** The factors of the social-response contests ("Social Responses"). */
export type SocialFactor =
  | "soc"
  | "cn"
  | "apparentWealth"
  | "tol"
  | "mob"
  | "jst"
  | "representativeWealth"
  | "socialRank"
  | "normsDeviation"
  | "legalViolation";

/** One rated step of a factor table. */
export interface FactorRating {
  rating: Rating;
  label: string;
  description: string;
  example?: string;
}

/** "Apparent Wealth Ratings" (Factor Ratings). */
export const APPARENT_WEALTH_RATINGS: readonly FactorRating[] = [
  {
    rating: 0,
    label: "Impoverished",
    description: "Tattered clothing, no or severely worn shoes, no items of any worth visible",
  },
  {
    rating: 1,
    label: "Poor",
    description:
      "Clothed and fed, but barely. No items of luxury visible, and clothing may be second hand or hard-used",
  },
  {
    rating: 2,
    label: "Proletariat",
    description: "Clothed and well fed. Items have seen use, but are well maintained",
  },
  {
    rating: 3,
    label: "Prosperous",
    description: "Clothing and items are of high quality, and one or more luxury items visible",
  },
  { rating: 4, label: "Wealthy", description: "Clothing and items are highest quality and look new" },
  { rating: 5, label: "Opulent", description: "Ostentatious & conspicuous displays of wealth and luxury" },
];

/** "Actual Wealth Ratings" (Factor Ratings); the scale for the Representative's Wealth. */
export const ACTUAL_WEALTH_RATINGS: readonly FactorRating[] = [
  {
    rating: 0,
    label: "Impoverished",
    description: "No money available, minimal items of any value, unhoused",
  },
  {
    rating: 1,
    label: "Poor",
    description: "Meager money available, few items of value, precariously housed",
  },
  {
    rating: 2,
    label: "Proletariat",
    description: "Some money available, few items of quality or luxury, stably housed",
  },
  {
    rating: 3,
    label: "Prosperous",
    description: "Money is available as needed, most items of quality or luxury, securely housed",
  },
  {
    rating: 4,
    label: "Wealthy",
    description: "Items of quality & luxury obtained without concern for cost, multiple homes",
  },
  { rating: 5, label: "Opulent", description: "Wealth is effectively unlimited" },
];

/** "Social Rank Ratings" (Factor Ratings); 1-4 have no description beyond the label (spec §11.2 #42). */
export const SOCIAL_RANK_RATINGS: readonly FactorRating[] = [
  { rating: 0, label: "None", description: "Fully excluded from society" },
  { rating: 1, label: "Low", description: "" },
  { rating: 2, label: "Typical", description: "" },
  { rating: 3, label: "High", description: "" },
  { rating: 4, label: "Elite", description: "" },
  { rating: 5, label: "Ruling", description: "Dominant social rank" },
];

/** "Social Norms Deviation" (Factor Ratings). "Minorsly" is the text's spelling. */
export const SOCIAL_NORMS_DEVIATION: readonly FactorRating[] = [
  { rating: 0, label: "None", description: "" },
  {
    rating: 1,
    label: "Quirky",
    description: "",
    example: "Wearing clashing colors or anachronistic clothing",
  },
  {
    rating: 2,
    label: "Moderately Deviant",
    description: "",
    example: "Explicit swearing in public, unusually raucous behavior",
  },
  { rating: 3, label: "Minorsly Offensive", description: "" },
  { rating: 4, label: "Highly Offensive", description: "" },
  { rating: 5, label: "Heinously Offensive", description: "" },
];

/** "Legal Violation Ratings" (Factor Ratings). */
export const LEGAL_VIOLATION_RATINGS: readonly FactorRating[] = [
  { rating: 0, label: "None", description: "" },
  { rating: 1, label: "Minor violation", description: "", example: "Jaywalking" },
  { rating: 2, label: "Major violation", description: "", example: "Shoplifting" },
  { rating: 3, label: "Minor crime", description: "", example: "Burglary" },
  { rating: 4, label: "Major crime", description: "", example: "Murder" },
  { rating: 5, label: "Heinous crime", description: "", example: "Mass murder" },
];

/**
 * Where each factor's value comes from: an actor attribute, a society attribute, or a GM rating on a
 * factor table. "Representative's Wealth" reads on the Actual Wealth table (INFERENCE: the text gives
 * no table for it; Apparent Wealth is the character's). Same 0..5 numbers either way.
 */
export const SOCIAL_FACTORS: Readonly<
  Record<
    SocialFactor,
    { label: string; from: "character" | "society" | "rating"; table?: readonly FactorRating[] }
  >
> = {
  soc: { label: "SOC", from: "character" },
  cn: { label: "CN", from: "character" },
  apparentWealth: { label: "Apparent Wealth", from: "rating", table: APPARENT_WEALTH_RATINGS },
  tol: { label: "TOL", from: "society" },
  mob: { label: "MOB", from: "society" },
  jst: { label: "JST", from: "society" },
  representativeWealth: { label: "Representative's Wealth", from: "rating", table: ACTUAL_WEALTH_RATINGS },
  socialRank: { label: "Social Rank", from: "rating", table: SOCIAL_RANK_RATINGS },
  normsDeviation: { label: "Deviation from Social Norms", from: "rating", table: SOCIAL_NORMS_DEVIATION },
  legalViolation: {
    label: "Degree of Character's Legal Violation",
    from: "rating",
    table: LEGAL_VIOLATION_RATINGS,
  },
};

/** The three social-response situations. */
export type SocialSituation = "firstImpressions" | "behavioralAberrations" | "legalViolations";

/** A social-response contest as data: the factors on each side, plus constant dice. */
export interface SocialResponseDefinition {
  id: SocialSituation;
  label: string;
  favour: readonly SocialFactor[];
  favourConstant: number;
  against: readonly SocialFactor[];
  againstConstant: number;
}

/**
 * The social-response contests (Social Responses), "between factors in the character's favor and
 * factors acting against the character":
 * - First Impressions: SOC + Apparent Wealth + TOL + MOB vs Representative's Wealth + Social Rank +
 *   Deviation from Social Norms.
 * - Behavioral Aberrations: SOC + TOL vs 1 + Deviation from Social Norms.
 * - Legal Violations: CN + TOL + JST vs Degree of Character's Legal Violation + Deviation from Social Norms.
 */
export const SOCIAL_RESPONSES: Readonly<Record<SocialSituation, SocialResponseDefinition>> = {
  firstImpressions: {
    id: "firstImpressions",
    label: "First Impressions",
    favour: ["soc", "apparentWealth", "tol", "mob"],
    favourConstant: 0,
    against: ["representativeWealth", "socialRank", "normsDeviation"],
    againstConstant: 0,
  },
  behavioralAberrations: {
    id: "behavioralAberrations",
    label: "Behavioral Aberrations",
    favour: ["soc", "tol"],
    favourConstant: 0,
    against: ["normsDeviation"],
    againstConstant: 1,
  },
  legalViolations: {
    id: "legalViolations",
    label: "Legal Violations",
    favour: ["cn", "tol", "jst"],
    favourConstant: 0,
    against: ["legalViolation", "normsDeviation"],
    againstConstant: 0,
  },
};

/** The values of the factors, as far as known. */
export type SocialFactorValues = Partial<Record<SocialFactor, number>>;

/** The two pools of a social-response contest, with the factors that built them. */
export interface SocialResponsePools {
  situation: SocialSituation;
  favour: number;
  against: number;
  breakdown: { side: "favour" | "against"; factor: SocialFactor | "constant"; dice: number }[];
}

/**
 * Build the two dice pools "in the character's favor" and "against the character" for a situation
 * (Social Responses). Refused, naming the factor, when a factor the situation needs is missing.
 * Spec §9.3 INFERENCE: both sides roll their sums as dice pools, with no AD.
 */
export function socialResponsePools(
  situation: SocialSituation,
  values: SocialFactorValues,
): Checked<SocialResponsePools> {
  const def = SOCIAL_RESPONSES[situation];
  const breakdown: SocialResponsePools["breakdown"] = [];
  for (const [side, factors, constant] of [
    ["favour", def.favour, def.favourConstant],
    ["against", def.against, def.againstConstant],
  ] as const) {
    if (constant !== 0) breakdown.push({ side, factor: "constant", dice: constant });
    for (const f of factors) {
      const v = values[f];
      if (v === undefined) return refused("missingFactor", { factor: f });
      breakdown.push({ side, factor: f, dice: Math.max(0, v) });
    }
  }
  const sum = (side: "favour" | "against"): number =>
    breakdown.filter((b) => b.side === side).reduce((s, b) => s + b.dice, 0);
  return { ok: true, value: { situation, favour: sum("favour"), against: sum("against"), breakdown } };
}

/** The outcome of a social-response contest. */
export interface SocialResponseOutcome {
  favourSuccesses: number;
  againstSuccesses: number;
  /** favour - against: positive is a more positive response, negative a more negative one. */
  net: number;
  response: "positive" | "neutral" | "negative";
}

/**
 * Resolve a social response: "If the contest resolves with more successes in the character's favor,
 * the societal response is more positive for the character. If there are more successes against the
 * character, then the response is more negative" (Social Responses). The size of `net` is how much
 * more; equal successes give "neutral" (the text is silent on a tie).
 */
export function resolveSocialResponse(
  favourFaces: readonly Face[],
  againstFaces: readonly Face[],
): SocialResponseOutcome {
  const favourSuccesses = countSuccesses(favourFaces).successes;
  const againstSuccesses = countSuccesses(againstFaces).successes;
  const net = favourSuccesses - againstSuccesses;
  return {
    favourSuccesses,
    againstSuccesses,
    net,
    response: net > 0 ? "positive" : net < 0 ? "negative" : "neutral",
  };
}
