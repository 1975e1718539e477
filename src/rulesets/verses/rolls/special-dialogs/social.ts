/**
 * 'Verses special-test dialogs, Foundry-free (see `../special-dialog-logic.ts`): Social Responses.
 * The character's side (SOC or CN, the society's TOL, MOB, JST, the Apparent Wealth) is the pool;
 * the society's side (the GM's subjective ratings) stands where a target would, as dice ("3d6"),
 * and the odds are the chance of more successes in the character's favour. No AD.
 */
import type { RollDialogField, RollDialogState } from "../../base/pool-dialog-logic";
import type { SocialFactor, SocialFactorValues, SocialSituation } from "../../rules";
import {
  SOCIAL_SITUATIONS,
  planSocialResponse,
  type SocialResponseChoice,
  type SocietyRatings,
} from "../special";
import { config, evaluationOf, initial, type SpecialDialog, type SpecialDialogBase } from "./common";
import { contestWinChance } from "./tests";

/** A society actor the response may come from. */
export interface SocietyRatingsOption extends SocietyRatings {
  uuid: string;
}

/** The GM's subjective ratings the dialog asks for (Factor Ratings), each 0..5. */
type RatedFactor = Extract<
  SocialFactor,
  "apparentWealth" | "representativeWealth" | "socialRank" | "normsDeviation" | "legalViolation"
>;
const RATED_FACTORS: readonly RatedFactor[] = [
  "apparentWealth",
  "representativeWealth",
  "socialRank",
  "normsDeviation",
  "legalViolation",
];

/** What the dialog settles on: the situation, the society (its UUID) and the GM's ratings. */
interface SocialResponseDialogChoice extends SocialResponseChoice {
  situation: SocialSituation;
  society: string;
}

/** Keys chosen by a value, written out so that the key check sees them. */
const SITUATION_NAME: Record<SocialSituation, string> = {
  firstImpressions: "POLYVERSE.Verses.Social.Dialog.Situation.firstImpressions",
  behavioralAberrations: "POLYVERSE.Verses.Social.Dialog.Situation.behavioralAberrations",
  legalViolations: "POLYVERSE.Verses.Social.Dialog.Situation.legalViolations",
};
const WEALTH = [
  "POLYVERSE.Verses.Social.Rating.wealth.0",
  "POLYVERSE.Verses.Social.Rating.wealth.1",
  "POLYVERSE.Verses.Social.Rating.wealth.2",
  "POLYVERSE.Verses.Social.Rating.wealth.3",
  "POLYVERSE.Verses.Social.Rating.wealth.4",
  "POLYVERSE.Verses.Social.Rating.wealth.5",
];
/** Each rating's scale (Factor Ratings): the two wealths share their labels. */
const RATING_LABELS: Record<RatedFactor, readonly string[]> = {
  apparentWealth: WEALTH,
  representativeWealth: WEALTH,
  socialRank: [
    "POLYVERSE.Verses.Social.Rating.socialRank.0",
    "POLYVERSE.Verses.Social.Rating.socialRank.1",
    "POLYVERSE.Verses.Social.Rating.socialRank.2",
    "POLYVERSE.Verses.Social.Rating.socialRank.3",
    "POLYVERSE.Verses.Social.Rating.socialRank.4",
    "POLYVERSE.Verses.Social.Rating.socialRank.5",
  ],
  normsDeviation: [
    "POLYVERSE.Verses.Social.Rating.normsDeviation.0",
    "POLYVERSE.Verses.Social.Rating.normsDeviation.1",
    "POLYVERSE.Verses.Social.Rating.normsDeviation.2",
    "POLYVERSE.Verses.Social.Rating.normsDeviation.3",
    "POLYVERSE.Verses.Social.Rating.normsDeviation.4",
    "POLYVERSE.Verses.Social.Rating.normsDeviation.5",
  ],
  legalViolation: [
    "POLYVERSE.Verses.Social.Rating.legalViolation.0",
    "POLYVERSE.Verses.Social.Rating.legalViolation.1",
    "POLYVERSE.Verses.Social.Rating.legalViolation.2",
    "POLYVERSE.Verses.Social.Rating.legalViolation.3",
    "POLYVERSE.Verses.Social.Rating.legalViolation.4",
    "POLYVERSE.Verses.Social.Rating.legalViolation.5",
  ],
};
const RATING_FIELD: Record<RatedFactor, { label: string; hint: string }> = {
  apparentWealth: {
    label: "POLYVERSE.Verses.Social.Factor.apparentWealth",
    hint: "POLYVERSE.Verses.Social.Dialog.Hint.apparentWealth",
  },
  representativeWealth: {
    label: "POLYVERSE.Verses.Social.Factor.representativeWealth",
    hint: "POLYVERSE.Verses.Social.Dialog.Hint.representativeWealth",
  },
  socialRank: {
    label: "POLYVERSE.Verses.Social.Factor.socialRank",
    hint: "POLYVERSE.Verses.Social.Dialog.Hint.socialRank",
  },
  normsDeviation: {
    label: "POLYVERSE.Verses.Social.Factor.normsDeviation",
    hint: "POLYVERSE.Verses.Social.Dialog.Hint.normsDeviation",
  },
  legalViolation: {
    label: "POLYVERSE.Verses.Social.Factor.legalViolation",
    hint: "POLYVERSE.Verses.Social.Dialog.Hint.legalViolation",
  },
};

/**
 * The ratings a dialog starts with: the character's own wealth as it appears (the sheet's Wealth),
 * a representative of typical wealth and rank (2, Proletariat and Typical), no deviation from the
 * norms, and a minor violation (the least that makes a Legal Violations response).
 */
function defaultSocialRatings(characterWealth = 2): Record<RatedFactor, number> {
  const rating = (n: number) => Math.max(0, Math.min(5, Math.floor(Number.isFinite(n) ? n : 2)));
  return {
    apparentWealth: rating(characterWealth),
    representativeWealth: 2,
    socialRank: 2,
    normsDeviation: 0,
    legalViolation: 1,
  };
}

/**
 * A social response (Social Responses): the situation, the society (its TOL, MOB and JST) and the
 * GM's ratings; the character's pool against the society's, both rolled, no AD.
 */
export function socialResponseDialog(
  base: SpecialDialogBase,
  societies: readonly SocietyRatingsOption[],
  options: { situation?: SocialSituation; society?: string; characterWealth?: number } = {},
): SpecialDialog<SocialResponseDialogChoice> {
  const fields: RollDialogField[] = [
    {
      kind: "select",
      name: "situation",
      label: "POLYVERSE.Verses.Social.Dialog.SituationLabel",
      choices: SOCIAL_SITUATIONS.map((s) => ({ value: s, label: SITUATION_NAME[s] })),
    },
    {
      kind: "select",
      name: "society",
      label: "POLYVERSE.Verses.Social.Dialog.Society",
      choices: societies.length
        ? societies.map((s) => ({ value: s.uuid, label: s.name }))
        : [{ value: "", label: "POLYVERSE.Verses.Social.Dialog.NoSociety" }],
      hint: "POLYVERSE.Verses.Social.Dialog.SocietyHint",
    },
    ...RATED_FACTORS.map((f): RollDialogField => ({
      kind: "select",
      name: f,
      label: RATING_FIELD[f].label,
      choices: RATING_LABELS[f].map((label, n) => ({ value: String(n), label })),
      hint: RATING_FIELD[f].hint,
    })),
  ];
  const situationOf = (s: RollDialogState): SocialSituation =>
    SOCIAL_SITUATIONS.find((v) => v === s.values.situation) ?? "firstImpressions";
  const societyOf = (s: RollDialogState) => societies.find((o) => o.uuid === s.values.society) ?? null;
  const factorsOf = (s: RollDialogState): SocialFactorValues =>
    Object.fromEntries(
      RATED_FACTORS.map((f) => [f, Math.max(0, Math.min(5, Math.floor(Number(s.values[f]) || 0)))]),
    );
  const plan = (s: RollDialogState) => {
    const society = societyOf(s);
    return society
      ? planSocialResponse(base.actor, society, situationOf(s), { factors: factorsOf(s) })
      : null;
  };
  const ratings = defaultSocialRatings(options.characterWealth);
  const situation = options.situation ?? "firstImpressions";
  const society = societies.find((o) => o.uuid === options.society)?.uuid ?? societies[0]?.uuid ?? "";
  const values = {
    situation,
    society,
    ...Object.fromEntries(RATED_FACTORS.map((f) => [f, String(ratings[f])])),
  };
  return {
    config: config(base, {
      title: "POLYVERSE.Verses.Social.Dialog.Title",
      label: "POLYVERSE.Verses.Social.Dialog.Title",
      fields,
      showAD: false,
      showBonus: false,
      targetUnit: "POLYVERSE.Verses.Social.Dialog.AgainstDice",
      targetWords: {
        label: "POLYVERSE.Verses.Social.Against",
        hint: "POLYVERSE.Verses.Social.Dialog.AgainstHint",
        from: "POLYVERSE.Verses.Social.Dialog.AgainstFrom",
        chance: "POLYVERSE.Verses.Social.Dialog.Chance",
      },
      probability: (pool, against) => contestWinChance(pool, against),
      initial: initial(base, { ad: 0, target: 0 }, values),
      evaluate: (s) => {
        const planned = plan(s);
        if (!planned)
          return evaluationOf(
            { ok: false, reason: { key: "POLYVERSE.Verses.Social.NoSociety" } },
            { adMin: 0, target: null },
          );
        const evaluation = evaluationOf(
          planned.ok
            ? {
                ok: true,
                value: {
                  roll: { ...planned.value.favour, parts: planned.value.favour.parts ?? [] },
                  pool: 0,
                },
              }
            : planned,
          { adMin: 0, target: null, notes: [{ key: "POLYVERSE.Verses.Social.Dialog.Odds" }] },
        );
        const against = planned.ok ? (planned.value.against.parts ?? []) : [];
        const dice = against.reduce((n, p) => n + p.dice, 0);
        return { ...evaluation, suggestedTarget: planned.ok ? { value: dice, parts: against } : null };
      },
    }),
    choice: (s) => ({
      situation: situationOf(s),
      society: societyOf(s)?.uuid ?? "",
      factors: factorsOf(s),
      rollMode: s.rollMode,
    }),
  };
}
