/**
 * The checks the health and social actions roll (through the rolls folder's `rollCheck`), without
 * Foundry: which attribute or skill each may use (rules `CHECK_SPECS`, `STABILISING_CHECKS`,
 * `LASTING_WOUND_CHECK`, `PANIC_CHECK`; the Breaking Point check is the rolls folder's Reason & Acumen
 * kind), the best trait a roller has for each, and the GM's reading of the check card a player's table
 * card leans on (`checkProblem`): the roller, the author, the trait allowed, no Insight replacement
 * left, the dice and the outcome the table card copied. The check's own options (its attribute and
 * skill parts against the documents, the world's settings) are the check card's ledger check.
 */
import {
  CHECK_SPECS,
  LASTING_WOUND_CHECK,
  PANIC_CHECK,
  STABILISING_CHECKS,
  checkModifier,
  isStarred,
  lastingWoundCheckPenalty,
  skillAttribute,
  type BarterAttribute,
  type HealthCheckSpec,
  type StabilisingCheck,
} from "../rules";
import type { AttributeKey, Band, LastingWound, SkillKey } from "../rules/keys";
import type { CheckSummary } from "../rolls/check-state-logic";

/** What a check used: an attribute alone, or a skill (with its attribute). */
export interface CheckTrait {
  attribute: AttributeKey;
  skill: SkillKey | null;
}

/**
 * A check card as the GM reads it (the rolls folder's `checkSummaryOf`, with the card's actor and
 * whether it offers Insight replacements): its kind, traits, dice and outcome now.
 */
export interface LinkedCheck extends CheckSummary {
  /** The actor it was rolled for (the card's). */
  actorUuid: string;
  /** The user who posted it. */
  authorId: string | null;
  /** Its roller's owner may still replace its dice with Insight Dice. */
  replace: boolean;
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
 * The attributes (alone) and skills each may use. The Breaking Point check ("Reason & Acumen AMods")
 * uses neither: it is the rolls folder's `breakingPoint` kind, 2d6 + RSN + ACU.
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
  breakingPoint: { attributes: [], skills: [] },
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

/**
 * Whether a rolled check (its kind, attribute and skill) is one the linked kind may use: the Breaking
 * Point check is a `breakingPoint` check, the others an attribute or skill check of a trait allowed.
 */
export function checkAllowed(
  kind: LinkedCheckKind,
  check: Pick<CheckSummary, "kind" | "attribute" | "skill">,
  barterAttribute: BarterAttribute = "acu",
): boolean {
  if (kind === "breakingPoint") return check.kind === "breakingPoint";
  if ((check.kind !== "attribute" && check.kind !== "skill") || check.attribute === null) return false;
  return traitAllowed(kind, { attribute: check.attribute, skill: check.skill }, barterAttribute);
}

/** Which stabilising check a trait is (Reason alone, Medicine, General Knowledge), or null. */
export function stabilisingCheckOf(trait: CheckTrait): StabilisingCheck | null {
  const found = STABILISING_CHECKS.find(
    (c) => c.attribute === trait.attribute && (c.skill ?? null) === trait.skill,
  );
  return found?.key ?? null;
}

/**
 * A trait's modifier from the roller's documents before any CMod, to rank the traits a kind allows
 * ({@link traitChoices}): the AMod after Lasting Wounds, the SMod (a starred skill untrained at −3),
 * Lost Eye's −1 on Dexterity. The check itself, CMods and all, is the rolls folder's.
 */
export function expectedModifier(roller: CheckRoller, trait: CheckTrait): number {
  return checkModifier({
    attribute: roller.attributes[trait.attribute],
    ...(trait.skill ? { skill: roller.skills[trait.skill], starred: isStarred(trait.skill) } : {}),
    conditional: [lastingWoundCheckPenalty(roller.lastingWounds, trait.attribute)],
  }).total;
}

/** What the GM checks a linked check card against: the table card that leans on it. */
export interface CheckExpectation {
  kind: LinkedCheckKind;
  /** The actor who must have rolled it (the rescuer or calmer), and the user who must have posted it. */
  actorUuid: string;
  authorId: string;
  /** The dice, total and band the table card copied from the check (they must be the check's now). */
  dice: readonly number[];
  total: number;
  band: Band;
  barterAttribute?: BarterAttribute;
}

/**
 * Why a player's table card may not lean on a check card (a refusal key under the health strings), or
 * null: the message is not a readable check card (nor a plain check: not opposed, not a Group Check),
 * was rolled for another actor or posted by another user, used a trait the kind does not allow, still
 * offers Insight replacements (its band could change after the table card applied), or its dice, total
 * or band now are not the ones the table card shows. The card's options against the documents and the
 * world are the check card's own ledger check (rolls/check-ledger.ts), which the GM holds it to too.
 */
export function checkProblem(check: LinkedCheck | null, expected: CheckExpectation): string | null {
  if (!check) return "NoCheck";
  if (check.actorUuid !== expected.actorUuid || check.authorId !== expected.authorId) return "CheckNotYours";
  if (!checkAllowed(expected.kind, check, expected.barterAttribute)) return "CheckWrongTrait";
  if (check.replace) return "CheckReplaceable";
  const dice = expected.dice;
  if (check.dice.length !== dice.length || check.dice.some((f, i) => f !== dice[i])) return "CheckDice";
  return check.band === expected.band && check.total === expected.total ? null : "CheckBand";
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
