/**
 * The other checks of the Core Mechanics (Xero Sum Engine SRD 0.06, "Group Checks", "Opposed Checks",
 * "Perception Checks", "First Impressions", "Gut Instincts", "Negotiations"; "Breaking Point";
 * "Condition & Upkeep"): what each rolls, and what its band means. Pure: no Foundry, no globals.
 *
 * Readings where the text is silent (spec §8 #12–14): a Group Check is led by the participant with
 * the highest AMod + SMod (the first listed on a tie), who adds the others' AMods and CMods (their
 * SMods too with `groupCheckSkills`); an opposed check still earns an Insight Die on a Moment
 * (`opposedInsight`, default true) though only the totals count; Perception and Breaking Point checks
 * use the ordinary bands (9+ succeeds).
 */
import { assertWhole } from "./check-guards";
import {
  checkModifier,
  classify,
  conditionalSum,
  isSuccess,
  perception,
  type ClassifyOptions,
} from "./check";
import { isStarred, skillAttribute, type Attributes, type BarterAttribute, type Skills } from "./character";
import type { AttributeKey, Band, Moment, SkillKey } from "./keys";

/** A band, or anything that carries one (a `CheckResult`). */
export type BandLike = Band | { band: Band };
const bandOf = (b: BandLike): Band => (typeof b === "string" ? b : b.band);

// ---- What each check rolls -------------------------------------------------------------------

/** The checks of this file. */
export type CheckKind =
  "firstImpression" | "gutInstinct" | "gambit" | "rebuttal" | "perception" | "breakingPoint" | "upkeep";

/** What a check may roll: one attribute alone, or one skill (with its attribute), or a sum of AMods. */
export interface CheckSpec {
  /** Attribute checks allowed (any one). */
  attributes: readonly AttributeKey[];
  /** Skill checks allowed (any one, with its linked attribute). */
  skills: readonly SkillKey[];
  /** Instead: the sum of these AMods (Perception: Reason + Acumen; Breaking Point the same). */
  sum?: readonly AttributeKey[];
}

const NEGOTIATION: CheckSpec = {
  attributes: ["inf"],
  skills: ["barter", "inspiration", "intimidation", "manipulation", "psychology", "tactics"],
};

/**
 * "This dice check uses Influence, Inspiration, Intimidation, or Manipulation" (First Impressions);
 * "an Acumen, Psychology*, Survival, or Tactics* check" (Gut Instincts); Gambits and Rebuttals: "an
 * Influence, Barter, Inspiration, Intimidation, Manipulation, Psychology*, or Tactics* check";
 * Perception: "the Secondary Stat, Perception"; Breaking Point: "a dice check using Reason & Acumen
 * AMods"; Upkeep: "A successful Mechanic* or Tinker check".
 */
export const CHECK_SPECS: Readonly<Record<CheckKind, CheckSpec>> = {
  firstImpression: { attributes: ["inf"], skills: ["inspiration", "intimidation", "manipulation"] },
  gutInstinct: { attributes: ["acu"], skills: ["psychology", "survival", "tactics"] },
  gambit: NEGOTIATION,
  rebuttal: NEGOTIATION,
  perception: { attributes: [], skills: [], sum: ["rsn", "acu"] },
  breakingPoint: { attributes: [], skills: [], sum: ["rsn", "acu"] },
  upkeep: { attributes: [], skills: ["mechanic", "tinkerer"] },
};

/** One way to make a check, and its AMod + SMod. */
export interface CheckOption {
  /** The attribute (absent for a sum). */
  attribute?: AttributeKey;
  /** The skill, for a skill check. */
  skill?: SkillKey;
  /** AMod (or the sum of AMods) + SMod, before CMods. */
  modifier: number;
}

/** Options of `checkOptions`. */
export interface CheckOptionsOptions {
  barterAttribute?: BarterAttribute;
  /** Added to a Perception check (the Perception stat's bonuses and wounds). Default 0. */
  perceptionBonus?: number;
}

/** Every way a character may make a check of this kind, with its modifier before CMods. */
export function checkOptions(
  kind: CheckKind,
  attrs: Attributes,
  skills: Skills,
  opts: CheckOptionsOptions = {},
): CheckOption[] {
  const spec = CHECK_SPECS[kind];
  const out: CheckOption[] = [];
  if (spec.sum) {
    const modifier = spec.sum.reduce((s, k) => s + attrs[k], 0);
    out.push({ modifier: kind === "perception" ? modifier + (opts.perceptionBonus ?? 0) : modifier });
  }
  for (const attribute of spec.attributes) out.push({ attribute, modifier: attrs[attribute] });
  for (const skill of spec.skills) {
    const attribute = skillAttribute(skill, opts);
    const smod = checkModifier({
      attribute: attrs[attribute],
      skill: skills[skill],
      starred: isStarred(skill),
    });
    out.push({ attribute, skill, modifier: smod.total });
  }
  return out;
}

/** The option with the highest modifier (the first listed on a tie). */
export function bestCheckOption(
  kind: CheckKind,
  attrs: Attributes,
  skills: Skills,
  opts: CheckOptionsOptions = {},
): CheckOption {
  const all = checkOptions(kind, attrs, skills, opts);
  const best = all.reduce<CheckOption | undefined>(
    (b, o) => (b && b.modifier >= o.modifier ? b : o),
    undefined,
  );
  if (!best) throw new RangeError(`No way to make a ${kind} check`);
  return best;
}

// ---- Opposed checks --------------------------------------------------------------------------

/** Who won an opposed check. */
export type OpposedWinner = "a" | "b" | "draw";

/**
 * "The result is based purely on the total score of each participant." "In the event of a draw,
 * neither side gained the upper hand, and the check might need to be re-rolled."
 */
export function opposedResult(a: number, b: number): OpposedWinner {
  assertWhole(a, "A total");
  assertWhole(b, "A total");
  return a > b ? "a" : b > a ? "b" : "draw";
}

/** One side of an opposed check as rolled. */
export interface OpposedSide {
  dice: readonly number[];
  modifier: number;
}

/** One side's part: its total and Moment, and the Insight Die it earns. */
export interface OpposedSideResult {
  total: number;
  moment: Moment;
  insightGained: number;
}

/** An opposed check: both sides and the winner. */
export interface OpposedCheckResult {
  a: OpposedSideResult;
  b: OpposedSideResult;
  winner: OpposedWinner;
}

/** Options of `resolveOpposed`. */
export interface OpposedOptions extends ClassifyOptions {
  /** A Moment of Insight still earns an Insight Die. Default true. */
  opposedInsight?: boolean;
}

/** An opposed check: "no degrees of outcome", the higher total wins; a Moment earns a die (setting). */
export function resolveOpposed(
  a: OpposedSide,
  b: OpposedSide,
  opts: OpposedOptions = {},
): OpposedCheckResult {
  const side = (s: OpposedSide): OpposedSideResult => {
    const r = classify(s.dice, s.modifier, opts);
    return {
      total: r.total,
      moment: r.moment,
      insightGained: (opts.opposedInsight ?? true) ? r.insightGained : 0,
    };
  };
  const ra = side(a);
  const rb = side(b);
  return { a: ra, b: rb, winner: opposedResult(ra.total, rb.total) };
}

// ---- Group checks ----------------------------------------------------------------------------

/** "Insight Dice cannot be used as part of a Group Check". */
export const GROUP_CHECK_INSIGHT = false;

/** One participant of a Group Check: "everyone must be using the same attributes or skill". */
export interface GroupParticipant {
  /** The AMod of the shared attribute (or the skill's attribute). */
  attribute: number;
  /** The SMod of the shared skill; absent for an attribute check ("even if they have a 0"). */
  skill?: number;
  /** This participant's CMods. */
  conditional?: readonly number[];
}

/** Options of `groupCheckModifier`. */
export interface GroupCheckOptions {
  /** Add the other participants' SMods as well. Default false (the text names "AMods or CMods"). */
  groupCheckSkills?: boolean;
  /** Hold the sum of every CMod to −5..+5. Default false. */
  clampConditional?: boolean;
}

/** A Group Check's modifier and who rolls it. */
export interface GroupCheckModifier {
  /** The index of the participant who rolls. */
  leader: number;
  /** The leader's AMod plus the others' AMods. */
  attribute: number;
  /** The leader's SMod (plus the others' with `groupCheckSkills`). */
  skill: number;
  /** Every participant's CMods. */
  conditional: number;
  total: number;
}

/**
 * "The player with the highest relevant AMod or SMod makes the check and they apply any AMods or
 * CMods the other characters taking part in the check have."
 *
 * Example: leader Physicality +2, Athletics +1, helpers Physicality +1 and −1 with a −1 CMod:
 * 2 + 1 + (1 − 1) − 1 = +2.
 */
export function groupCheckModifier(
  participants: readonly GroupParticipant[],
  opts: GroupCheckOptions = {},
): GroupCheckModifier {
  if (participants.length === 0) throw new RangeError("A Group Check needs a participant");
  const own = (p: GroupParticipant) => p.attribute + (p.skill ?? 0);
  let leader = 0;
  participants.forEach((p, i) => {
    assertWhole(p.attribute, "An AMod");
    assertWhole(p.skill ?? 0, "An SMod");
    if (own(p) > own(participants[leader] ?? p)) leader = i;
  });
  let attribute = 0;
  let skill = 0;
  const cmods: number[] = [];
  participants.forEach((p, i) => {
    attribute += p.attribute;
    if (i === leader || opts.groupCheckSkills) skill += p.skill ?? 0;
    cmods.push(...(p.conditional ?? []));
  });
  const conditional = conditionalSum(cmods, opts.clampConditional ?? false);
  return { leader, attribute, skill, conditional, total: attribute + skill + conditional };
}

/**
 * "if the outcome of the dice check is a Moment of Insight, all members taking part receive an
 * Insight Dice": every participant's Insight Dice after the check.
 */
export function groupInsight(held: readonly number[], result: Moment | { moment: Moment }): number[] {
  const moment = result && typeof result === "object" ? result.moment : result;
  return held.map((h) => h + (moment ? 1 : 0));
}

// ---- Perception ------------------------------------------------------------------------------

/** A Perception check's modifier: the Perception stat (Reason + Acumen + its bonuses) and CMods. */
export function perceptionCheckModifier(
  attrs: { rsn: number; acu: number },
  opts: { bonus?: number; conditional?: readonly number[]; clampConditional?: boolean } = {},
): number {
  return checkModifier({
    attribute: perception(attrs) + (opts.bonus ?? 0),
    conditional: opts.conditional ?? [],
    clampConditional: opts.clampConditional ?? false,
  }).total;
}

// ---- First Impressions, Gut Instincts ---------------------------------------------------------

/** The persistent CMod of a First Impression, by band. */
export const FIRST_IMPRESSION_CMOD: Readonly<Record<Band, number>> = {
  "wild-success": 1,
  success: 0,
  failure: -1,
  "dire-failure": -5,
};

/**
 * "On a Success, the NPC has no strong feeling and there is a 0 CMod to all future interactions";
 * Failure −1; Dire Failure or Moment of Low Insight −5; Wild Success or Moment of High Insight +1.
 * A Moment already sets the band (`classify`).
 */
export const firstImpressionCmod = (result: BandLike): number => FIRST_IMPRESSION_CMOD[bandOf(result)];

/** What a Gut Instinct tells the player, worst first. */
export type GutInstinct = "faceValue" | "noRead" | "someInsight" | "motivations";

const GUT_INSTINCTS: Readonly<Record<Band, GutInstinct>> = {
  "dire-failure": "faceValue",
  failure: "noRead",
  success: "someInsight",
  "wild-success": "motivations",
};

/**
 * Gut Instincts: a Success gives some insight into how the NPC comes across; a Failure no read; a
 * Dire Failure (or Low Insight) takes them at their word; a Wild Success (or High Insight) reads
 * their motivations.
 */
export const gutInstinct = (result: BandLike): GutInstinct => GUT_INSTINCTS[bandOf(result)];

// ---- Negotiations ----------------------------------------------------------------------------

/** A Gambit's result: the CMod on the other side's Rebuttal, or the end of the negotiation. */
export type GambitResult = number | "over";

const GAMBIT: Readonly<Record<Band, GambitResult>> = {
  "wild-success": -3,
  success: -1,
  failure: 1,
  "dire-failure": "over",
};

/**
 * The Gambit: Success "they get a -1 CMod to their Rebuttal check"; Failure "the NPC gets a +1 CMod
 * to their Rebuttal"; Dire Failure or Low Insight "Negotiations are over"; Wild Success or High
 * Insight "the NPC gets a -3 CMod to their Rebuttal check".
 */
export const gambitResult = (result: BandLike): GambitResult => GAMBIT[bandOf(result)];

/** A Rebuttal's result, from the side that rebuts. */
export type RebuttalResult = "hostile" | "over" | "mayConsider" | "veryLikely";

const REBUTTAL: Readonly<Record<Band, RebuttalResult>> = {
  "dire-failure": "hostile",
  failure: "over",
  success: "mayConsider",
  "wild-success": "veryLikely",
};

/**
 * The Rebuttal: a Success may sway the other side; a Failure ends the negotiation; a Dire Failure (or
 * Low Insight) turns it tense or hostile; a Wild Success (or High Insight) makes the proposal very
 * likely to be considered. "If a Negotiation fails, another attempt cannot be made until either the
 * circumstances or the offer being made are different."
 */
export const rebuttalResult = (result: BandLike): RebuttalResult => REBUTTAL[bandOf(result)];

/** Whether the negotiation has failed (no new attempt until the circumstances or the offer change). */
export const negotiationFailed = (gambit: GambitResult, rebuttal?: RebuttalResult): boolean =>
  gambit === "over" || rebuttal === "over" || rebuttal === "hostile";

// ---- Breaking Point, Upkeep ------------------------------------------------------------------

/** "a dice check using Reason & Acumen AMods": 2d6 + RSN + ACU + CMods. */
export function breakingPointCheckModifier(
  attrs: { rsn: number; acu: number },
  opts: { conditional?: readonly number[]; clampConditional?: boolean } = {},
): number {
  return checkModifier({
    attribute: attrs.rsn + attrs.acu,
    conditional: opts.conditional ?? [],
    clampConditional: opts.clampConditional ?? false,
  }).total;
}

/** "If they fail the check, they fill in one of the stress boxes." */
export const breakingPointFillsBox = (result: BandLike): boolean => !isSuccess(bandOf(result));

/** The skills of an Upkeep check: "A successful Mechanic* or Tinker check". */
export const UPKEEP_SKILLS: readonly SkillKey[] = CHECK_SPECS.upkeep.skills;

/** Options of an Upkeep check's modifier. */
export interface UpkeepOptions {
  conditional?: readonly number[];
  clampConditional?: boolean;
}

/** The better of the Upkeep skills (Mechanic* from Reason, Tinkerer from Dexterity), with CMods. */
export function upkeepCheck(
  attrs: Attributes,
  skills: Skills,
  opts: UpkeepOptions = {},
): { skill: SkillKey; modifier: number } {
  const best = bestCheckOption("upkeep", attrs, skills);
  const cmod = conditionalSum(opts.conditional ?? [], opts.clampConditional ?? false);
  return { skill: best.skill ?? "tinkerer", modifier: best.modifier + cmod };
}
