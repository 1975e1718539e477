import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  ACTUAL_WEALTH_RATINGS,
  APPARENT_WEALTH_RATINGS,
  ATTRIBUTE_RATING_LABELS,
  LEGAL_VIOLATION_RATINGS,
  POPULATION_SIZES,
  SOCIAL_NORMS_DEVIATION,
  SOCIAL_RANK_RATINGS,
  SOCIAL_RESPONSES,
  SOCIETY_ATTRIBUTES,
  TEC_LEVELS,
  connectednessChance,
  connectednessTest,
  resolveSocialResponse,
  socialResponsePools,
  type SocialFactorValues,
  type SocialSituation,
} from "./society";

describe("Connectedness: CN -> (10 - SOC)S", () => {
  it("TV-C11: human SOC 2 -> CN 12 dice vs (10 - 2) = 8S, P = 1.88 %", () => {
    expect(connectednessTest({ cn: 12, soc: 2 })).toEqual({ pool: 12, target: 8 });
    expect(connectednessChance({ cn: 12, soc: 2 }) * 100).toBeCloseTo(1.88, 2);
  });
  it("the GM's adjustment 'CN + POP + # of Recent Visits -> (10 - SOC)S' (option, off by default)", () => {
    const input = { cn: 12, soc: 2, pop: 5, recentVisits: 3 };
    expect(connectednessTest(input)).toEqual({ pool: 12, target: 8 });
    expect(connectednessTest(input, { populationAdjustment: true })).toEqual({ pool: 20, target: 8 });
  });
  it("§11.2 #36: the GM may lower the target", () => {
    expect(connectednessTest({ cn: 12, soc: 2 }, { targetOverride: 3 })).toEqual({ pool: 12, target: 3 });
  });
  it("property: a higher SOC never raises the target; POP and visits never lower the chance", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 5 }),
        (cn, soc, pop, visits) => {
          expect(connectednessTest({ cn, soc: soc + 1 }).target).toBeLessThanOrEqual(
            connectednessTest({ cn, soc }).target,
          );
          expect(
            connectednessChance({ cn, soc, pop, recentVisits: visits }, { populationAdjustment: true }),
          ).toBeGreaterThanOrEqual(connectednessChance({ cn, soc }));
        },
      ),
    );
  });
});

describe("society attributes (Society as an Object)", () => {
  it("JST, MOB, TEC, TOL with the text's names", () => {
    expect(SOCIETY_ATTRIBUTES.map((a) => `${a.abbreviation} ${a.name}`)).toEqual([
      "JST Justice",
      "MOB Social Mobility",
      "TEC Technology Level",
      "TOL Tolerance",
    ]);
  });
  it("rated values 0..5: None, Low, Typical, High, Elite, Superior", () => {
    expect(ATTRIBUTE_RATING_LABELS).toEqual(["None", "Low", "Typical", "High", "Elite", "Superior"]);
  });
  it("TEC 1 Ancient ... 5 Future", () => {
    expect(TEC_LEVELS.map((t) => t.level)).toEqual([
      "Ancient",
      "Pre-Industrial",
      "Industrial",
      "Modern",
      "Future",
    ]);
  });
  it("POP: '1 representing a small hamlet or village and 5 a sprawling metropolis'", () => {
    expect(POPULATION_SIZES[0]).toEqual({ value: 1, label: "a small hamlet or village" });
    expect(POPULATION_SIZES[4]).toEqual({ value: 5, label: "a sprawling metropolis" });
  });
});

describe("factor rating tables (Factor Ratings)", () => {
  it("every table has ratings 0..5", () => {
    for (const table of [
      APPARENT_WEALTH_RATINGS,
      ACTUAL_WEALTH_RATINGS,
      SOCIAL_RANK_RATINGS,
      SOCIAL_NORMS_DEVIATION,
      LEGAL_VIOLATION_RATINGS,
    ])
      expect(table.map((r) => r.rating)).toEqual([0, 1, 2, 3, 4, 5]);
  });
  it("labels as printed", () => {
    expect(APPARENT_WEALTH_RATINGS.map((r) => r.label)).toEqual([
      "Impoverished",
      "Poor",
      "Proletariat",
      "Prosperous",
      "Wealthy",
      "Opulent",
    ]);
    expect(ACTUAL_WEALTH_RATINGS[5]?.description).toBe("Wealth is effectively unlimited");
    expect(SOCIAL_RANK_RATINGS.map((r) => r.label)).toEqual([
      "None",
      "Low",
      "Typical",
      "High",
      "Elite",
      "Ruling",
    ]);
    expect(SOCIAL_NORMS_DEVIATION[3]?.label).toBe("Minorsly Offensive");
    expect(SOCIAL_NORMS_DEVIATION[1]?.example).toBe("Wearing clashing colors or anachronistic clothing");
    expect(LEGAL_VIOLATION_RATINGS.map((r) => r.example ?? "")).toEqual([
      "",
      "Jaywalking",
      "Shoplifting",
      "Burglary",
      "Murder",
      "Mass murder",
    ]);
  });
});

describe("social responses: character's favour vs against", () => {
  it("First Impressions: SOC + Apparent Wealth + TOL + MOB vs Representative's Wealth + Social Rank + Deviation", () => {
    const r = socialResponsePools("firstImpressions", {
      soc: 2,
      apparentWealth: 3,
      tol: 2,
      mob: 1,
      representativeWealth: 4,
      socialRank: 3,
      normsDeviation: 1,
    });
    expect(r.ok && [r.value.favour, r.value.against]).toEqual([8, 8]);
  });
  it("Behavioral Aberrations: SOC + TOL vs 1 + Deviation from Social Norms", () => {
    const r = socialResponsePools("behavioralAberrations", { soc: 2, tol: 3, normsDeviation: 2 });
    expect(r.ok && [r.value.favour, r.value.against]).toEqual([5, 3]);
    expect(SOCIAL_RESPONSES.behavioralAberrations.againstConstant).toBe(1);
  });
  it("Legal Violations: CN + TOL + JST vs Degree of Legal Violation + Deviation from Social Norms", () => {
    const r = socialResponsePools("legalViolations", {
      cn: 12,
      tol: 2,
      jst: 3,
      legalViolation: 2,
      normsDeviation: 1,
    });
    expect(r.ok && [r.value.favour, r.value.against]).toEqual([17, 3]);
  });
  it("a missing factor is refused by name", () => {
    expect(socialResponsePools("legalViolations", { cn: 12, tol: 2, jst: 3, normsDeviation: 1 })).toEqual({
      ok: false,
      reason: { key: "missingFactor", data: { factor: "legalViolation" } },
    });
  });
  it("'more successes in the character's favor' is more positive; 'more successes against' more negative", () => {
    expect(resolveSocialResponse([6, 5, 5, 1], [5, 1])).toEqual({
      favourSuccesses: 3,
      againstSuccesses: 1,
      net: 2,
      response: "positive",
    });
    expect(resolveSocialResponse([1, 2], [6])).toMatchObject({ net: -1, response: "negative" });
    expect(resolveSocialResponse([6], [5])).toMatchObject({ net: 0, response: "neutral" });
  });
  it("property: each pool is the sum of its factors (plus the constant)", () => {
    const rating = fc.integer({ min: 0, max: 5 });
    fc.assert(
      fc.property(
        fc.constantFrom<SocialSituation>("firstImpressions", "behavioralAberrations", "legalViolations"),
        fc.record({
          soc: rating,
          cn: fc.integer({ min: 0, max: 16 }),
          apparentWealth: rating,
          tol: rating,
          mob: rating,
          jst: rating,
          representativeWealth: rating,
          socialRank: rating,
          normsDeviation: rating,
          legalViolation: rating,
        }),
        (situation, values: SocialFactorValues) => {
          const def = SOCIAL_RESPONSES[situation];
          const r = socialResponsePools(situation, values);
          if (!r.ok) throw new Error(r.reason.key);
          const sum = (fs: readonly (keyof SocialFactorValues)[]): number =>
            fs.reduce((s, f) => s + (values[f] ?? 0), 0);
          expect(r.value.favour).toBe(def.favourConstant + sum(def.favour));
          expect(r.value.against).toBe(def.againstConstant + sum(def.against));
        },
      ),
    );
  });
});
