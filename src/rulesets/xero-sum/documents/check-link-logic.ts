/**
 * The checks the health and social actions roll (through the rolls helper's `rollCheck`), without
 * Foundry: which attribute or skill each may use (rules `CHECK_SPECS`, `STABILISING_CHECKS`,
 * `LASTING_WOUND_CHECK`, `PANIC_CHECK`), the modifier the GM works out for a check from the roller's
 * documents, and the GM's reading of a check message a player's card leans on (`checkProblem`): the
 * roller, the author, the attribute or skill allowed, the dice the message shows, and the band those
 * dice make with the modifier the documents give (the check's CMods are the roller's choice before the
 * roll, each held to Table 4's −5..+5, five at most).
 */
import {
  CHECK_SPECS,
  LASTING_WOUND_CHECK,
  PANIC_CHECK,
  STABILISING_CHECKS,
  checkModifier,
  classify,
  isStarred,
  lastingWoundCheckPenalty,
  skillAttribute,
  type BarterAttribute,
  type HealthCheckSpec,
  type MomentOn3d6,
  type StabilisingCheck,
} from "../rules";
import type { AttributeKey, Band, LastingWound, Moment, SkillKey } from "../rules/keys";

/** What a check used: an attribute alone, or a skill (with its attribute). */
export interface CheckTrait {
  attribute: AttributeKey;
  skill: SkillKey | null;
}

/** A check as a message shows it (rolls/ or the stand-in, check-link.ts). */
export interface LinkedCheck extends CheckTrait {
  /** The actor it speaks for (the speaker's actor id), or null. */
  actorId: string | null;
  /** The user who posted it. */
  authorId: string | null;
  /** The CMods chosen before the roll. */
  conditional: number[];
  /** The Insight "+3" was spent on it. */
  plusThree: boolean;
  /** The natural faces the message's rolls show (the check's two dice first). */
  dice: number[];
  total: number;
  band: Band;
  moment: Moment;
}

/** What the rolling actor's documents say about a check (its system data, plain). */
export interface CheckRoller {
  /** Attributes after Lasting Wounds (`system.derived.attributes`). */
  attributes: Record<AttributeKey, number>;
  skills: Record<SkillKey, number>;
  lastingWounds: readonly LastingWound[];
}

/** The checks each kind of health or social action may roll. */
export type LinkedCheckKind =
  | "stabilise"
  | "lastingWound"
  | "panic"
  | "breakingPoint"
  | "calm"
  | "drowning"
  | "firstImpression"
  | "gutInstinct"
  | "gambit"
  | "rebuttal"
  | "upkeep";

const spec = (s: HealthCheckSpec) => ({ attributes: [...s.attributes], skills: [...s.skills] });

/**
 * The attributes (alone) and skills each may use. Breaking Point's "Reason & Acumen AMods" is rolled as
 * a Reason check with the Acumen AMod as one of its CMods (rollCheck has no sum of two attributes).
 */
export const LINKED_CHECK_SPECS: Readonly<
  Record<LinkedCheckKind, { attributes: AttributeKey[]; skills: SkillKey[] }>
> = {
  stabilise: {
    attributes: ["rsn"],
    skills: STABILISING_CHECKS.flatMap((c) => (c.skill ? [c.skill] : [])),
  },
  lastingWound: spec(LASTING_WOUND_CHECK),
  panic: spec(PANIC_CHECK),
  breakingPoint: { attributes: ["rsn"], skills: [] },
  calm: { attributes: [], skills: ["inspiration", "psychology"] },
  drowning: { attributes: ["phy"], skills: [] },
  firstImpression: spec(CHECK_SPECS.firstImpression),
  gutInstinct: spec(CHECK_SPECS.gutInstinct),
  gambit: spec(CHECK_SPECS.gambit),
  rebuttal: spec(CHECK_SPECS.rebuttal),
  upkeep: spec(CHECK_SPECS.upkeep),
};

/** Whether a check's trait is one the kind may use (a skill with the attribute the skill is made with). */
export function traitAllowed(
  kind: LinkedCheckKind,
  trait: CheckTrait,
  barterAttribute: BarterAttribute = "acu",
): boolean {
  const allowed = LINKED_CHECK_SPECS[kind];
  if (trait.skill === null) return allowed.attributes.includes(trait.attribute);
  return (
    allowed.skills.includes(trait.skill) &&
    skillAttribute(trait.skill, { barterAttribute }) === trait.attribute
  );
}

/** Which stabilising check a trait is (Reason alone, Medicine, General Knowledge), or null. */
export function stabilisingCheckOf(trait: CheckTrait): StabilisingCheck | null {
  const found = STABILISING_CHECKS.find(
    (c) => c.attribute === trait.attribute && (c.skill ?? null) === trait.skill,
  );
  return found?.key ?? null;
}

/** The most CMods a check may carry, and each one's bounds (Table 4). */
export const MAX_CHECK_CMODS = 5;
export const CMOD_MIN = -5;
export const CMOD_MAX = 5;

/** Options of {@link expectedModifier}. */
export interface ExpectedModifierOptions {
  conditional?: readonly number[];
  plusThree?: boolean;
  clampConditional?: boolean;
}

/**
 * The modifier of a check from the roller's documents: the AMod after Lasting Wounds, the SMod (a
 * starred skill untrained at −3), Lost Eye's −1 on Dexterity, the CMods (and the Insight +3).
 */
export function expectedModifier(
  roller: CheckRoller,
  trait: CheckTrait,
  { conditional = [], plusThree = false, clampConditional = false }: ExpectedModifierOptions = {},
): number {
  const cmods = [...conditional, lastingWoundCheckPenalty(roller.lastingWounds, trait.attribute)];
  if (plusThree) cmods.push(3);
  return checkModifier({
    attribute: roller.attributes[trait.attribute],
    ...(trait.skill ? { skill: roller.skills[trait.skill], starred: isStarred(trait.skill) } : {}),
    conditional: cmods,
    clampConditional,
  }).total;
}

/** What the GM checks a linked check message against. */
export interface CheckExpectation {
  kind: LinkedCheckKind;
  /** The actor the check must speak for (id), and the user who must have posted it. */
  actorId: string;
  authorId: string;
  roller: CheckRoller;
  /** The dice a card copied from the check (they must be the message's). */
  dice: readonly number[];
  /** The band the card claims. */
  band: Band;
  barterAttribute?: BarterAttribute;
  momentOn3d6?: MomentOn3d6;
  clampConditional?: boolean;
}

/**
 * Why a player's card may not lean on a check (an i18n key under the health refusals), or null: the
 * message is not a check, speaks for another actor, was posted by someone else, used a trait the kind
 * does not allow, carries a CMod beyond Table 4, shows other dice, or its dice and the documents'
 * modifier make another band.
 */
export function checkProblem(check: LinkedCheck | null, expected: CheckExpectation): string | null {
  if (!check) return "NoCheck";
  if (check.actorId !== expected.actorId || check.authorId !== expected.authorId) return "CheckNotYours";
  if (!traitAllowed(expected.kind, check, expected.barterAttribute)) return "CheckWrongTrait";
  if (
    check.conditional.length > MAX_CHECK_CMODS ||
    check.conditional.some((c) => !Number.isInteger(c) || c < CMOD_MIN || c > CMOD_MAX)
  )
    return "CheckCmods";
  const dice = check.dice;
  if (dice.length < 2 || dice.length > 3 || dice.some((f) => !Number.isInteger(f) || f < 1 || f > 6))
    return "CheckDice";
  if (dice.length !== expected.dice.length || dice.some((f, i) => f !== expected.dice[i])) return "CheckDice";
  const modifier = expectedModifier(expected.roller, check, {
    conditional: check.conditional,
    plusThree: check.plusThree,
    clampConditional: expected.clampConditional ?? false,
  });
  const band = classify(dice, modifier, { momentOn3d6: expected.momentOn3d6 ?? "firstTwo" }).band;
  return band === expected.band ? null : "CheckBand";
}

/**
 * Every trait a kind of check may use, with its modifier before CMods, best first (the first listed
 * on a tie): an attribute alone, or a skill with the attribute it is made with.
 */
export function traitChoices(
  kind: LinkedCheckKind,
  roller: CheckRoller,
  barterAttribute: BarterAttribute = "acu",
): (CheckTrait & { modifier: number })[] {
  const allowed = LINKED_CHECK_SPECS[kind];
  const traits: CheckTrait[] = [
    ...allowed.attributes.map((attribute) => ({ attribute, skill: null })),
    ...allowed.skills.map((skill) => ({ attribute: skillAttribute(skill, { barterAttribute }), skill })),
  ];
  return traits
    .map((t, i) => ({ ...t, modifier: expectedModifier(roller, t), i }))
    .sort((a, b) => b.modifier - a.modifier || a.i - b.i)
    .map(({ i: _i, ...t }) => t);
}
