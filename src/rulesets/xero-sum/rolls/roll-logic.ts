/**
 * A Xero Sum check's set-up and dice, Foundry-free. A check keeps how it was made in its Roll's
 * options (Foundry stores them with the chat message, so the card is rebuilt after a reload): what
 * it rolls (an attribute, a skill with its attribute, Perception, Reason & Acumen), every modifier
 * as a part (AMod, SMod, each CMod with its label, the Insight Die's +3), the Insight use before the
 * roll, the settings it was classified under, and an opposed check's opponent or a Group Check's
 * participants. Its dice are one d6 term of two dice (three with an Insight Die, the third last), so
 * Dice So Nice throws them together.
 *
 * A stored roll may be forged: {@link readCheckOptions} and {@link readCheckFaces} accept only what
 * this system could have rolled (the modifier is the sum of its parts, three dice only with the
 * Insight Die), and the card classifies the dice with the rules layer, never with Foundry's total.
 */
import {
  ATTRIBUTE_KEYS,
  CHECK_DICE,
  MAX_CHECK_DICE,
  SKILL_KEYS,
  conditionalSum,
  type AttributeKey,
  type InsightReplaceCost,
  type MomentOn3d6,
  type SkillKey,
} from "../rules";

/** What a check adds up: an attribute alone, a skill with its attribute, Perception, or Reason & Acumen. */
export const CHECK_KINDS = ["attribute", "skill", "perception", "breakingPoint"] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

/** The Insight uses made before the roll: "for a 3d6 check", or "+3 Conditional Modifier". */
export const BEFORE_ROLL_INSIGHT = ["extraDie", "plusThree"] as const;
export type BeforeRollInsight = (typeof BEFORE_ROLL_INSIGHT)[number];

/**
 * What a part of the modifier is: the attribute's AMod, the skill's SMod, the Perception stat, the
 * sum of AMods a check reads, or a CMod (Table 4's situation, a CMod the caller or the roller named,
 * a Lasting Wound's penalty, a First Impression, an item's bonus, the Insight Die's +3, a successful
 * Cover Fire's −2 waiting on the roller's combatant for its next check), or a Group Check
 * participant's AMod (and SMod) and CMods.
 */
export const PART_KINDS = [
  "attribute",
  "skill",
  "perception",
  "sum",
  "situation",
  "conditional",
  "wound",
  "relationship",
  "gear",
  "insight",
  "participant",
  "participantSkill",
  "participantConditional",
  "coverFire",
] as const;
export type PartKind = (typeof PART_KINDS)[number];

/** The parts that are CMods (summed, and clamped to −5..+5 under `clampConditional`). */
export const CONDITIONAL_PARTS: readonly PartKind[] = [
  "situation",
  "conditional",
  "wound",
  "relationship",
  "gear",
  "insight",
  "participantConditional",
  "coverFire",
];

/** One part of a check's modifier. */
export interface CheckPart {
  kind: PartKind;
  /** An attribute or skill key, Table 4's label key, a Lasting Wound's key (what the kind names). */
  key?: string;
  /** A name the card prints as it is: a CMod's label, a person's, an item's. */
  name?: string;
  value: number;
}

/** The opponent of an opposed check, who rolls later through the card. */
export interface CheckOpponent {
  uuid: string;
  name: string;
  kind: CheckKind;
  attribute: AttributeKey | null;
  skill: SkillKey | null;
}

/** A Group Check's participants (the leader, who rolls, among them). */
export interface CheckGroup {
  members: { uuid: string; name: string }[];
}

/** A check's set-up (the Roll's `options`). */
export interface XeroSumCheckOptions {
  type: "check";
  kind: CheckKind;
  /** The attribute of an attribute or skill check; null for Perception and Reason & Acumen. */
  attribute: AttributeKey | null;
  skill: SkillKey | null;
  parts: CheckPart[];
  /** The sum of the parts (their CMods clamped to −5..+5 when `clamped`). */
  modifier: number;
  /** The setting `clampConditional` when rolled. */
  clamped: boolean;
  insight: BeforeRollInsight | null;
  /** 2, or 3 with an Insight Die. */
  dice: number;
  /** The settings the check is classified and its Insight priced under, when rolled. */
  momentOn3d6: MomentOn3d6;
  replaceCost: InsightReplaceCost;
  opposedInsight: boolean;
  /** After the roll, the roller may replace the check's dice with Insight Dice. */
  replace: boolean;
  opposed: CheckOpponent | null;
  group: CheckGroup | null;
}

/** The most parts a check keeps, and the bounds of a part and of the modifier. */
export const MAX_PARTS = 40;
export const MAX_PART = 20;
export const MAX_MODIFIER = 100;
/** The most characters of a name a part keeps. */
export const MAX_NAME = 200;
export const MAX_MEMBERS = 20;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const whole = (v: unknown, min: number, max: number): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
const text = (v: unknown, max = MAX_NAME): v is string => typeof v === "string" && v.length <= max;

export const isAttributeKey = (v: unknown): v is AttributeKey =>
  (ATTRIBUTE_KEYS as readonly unknown[]).includes(v);
export const isSkillKey = (v: unknown): v is SkillKey => (SKILL_KEYS as readonly unknown[]).includes(v);
export const isCheckKind = (v: unknown): v is CheckKind => (CHECK_KINDS as readonly unknown[]).includes(v);
export const isBeforeRollInsight = (v: unknown): v is BeforeRollInsight =>
  (BEFORE_ROLL_INSIGHT as readonly unknown[]).includes(v);

/** A UUID as Foundry writes one (`Actor.abc`, `Scene.x.Token.y.Actor.z`). */
export const isUuid = (v: unknown): v is string =>
  typeof v === "string" &&
  v.length <= 200 &&
  /^[A-Za-z]+\.[A-Za-z0-9]{1,64}(\.[A-Za-z]+\.[A-Za-z0-9]{1,64})*$/.test(v);

/** A part as stored, checked; null for anything else. */
export function readPart(v: unknown): CheckPart | null {
  if (!isRecord(v) || !(PART_KINDS as readonly unknown[]).includes(v.kind)) return null;
  if (!whole(v.value, -MAX_PART, MAX_PART)) return null;
  if (v.key !== undefined && !text(v.key, 64)) return null;
  if (v.name !== undefined && !text(v.name)) return null;
  for (const key of Object.keys(v)) if (!["kind", "key", "name", "value"].includes(key)) return null;
  return {
    kind: v.kind as PartKind,
    value: v.value,
    ...(v.key !== undefined ? { key: v.key as string } : {}),
    ...(v.name !== undefined ? { name: v.name as string } : {}),
  };
}

/** The modifier of a list of parts: the rest plus the CMods (clamped to −5..+5 when asked). */
export function partsModifier(parts: readonly CheckPart[], clamp: boolean): number {
  const cmods = parts.filter((p) => CONDITIONAL_PARTS.includes(p.kind)).map((p) => p.value);
  const rest = parts.filter((p) => !CONDITIONAL_PARTS.includes(p.kind)).reduce((s, p) => s + p.value, 0);
  return rest + conditionalSum(cmods, clamp);
}

function readOpponent(v: unknown): CheckOpponent | null | undefined {
  if (v === null) return null;
  if (!isRecord(v) || !isUuid(v.uuid) || !text(v.name) || !isCheckKind(v.kind)) return undefined;
  const attribute = v.attribute === null ? null : isAttributeKey(v.attribute) ? v.attribute : undefined;
  const skill = v.skill === null ? null : isSkillKey(v.skill) ? v.skill : undefined;
  if (attribute === undefined || skill === undefined) return undefined;
  if (!traitsFit(v.kind, attribute, skill)) return undefined;
  return { uuid: v.uuid, name: v.name, kind: v.kind, attribute, skill };
}

function readGroup(v: unknown): CheckGroup | null | undefined {
  if (v === null) return null;
  if (!isRecord(v) || !Array.isArray(v.members) || v.members.length < 1 || v.members.length > MAX_MEMBERS)
    return undefined;
  const members: CheckGroup["members"] = [];
  for (const m of v.members as unknown[]) {
    if (!isRecord(m) || !isUuid(m.uuid) || !text(m.name)) return undefined;
    if (members.some((x) => x.uuid === m.uuid)) return undefined;
    members.push({ uuid: m.uuid, name: m.name });
  }
  return { members };
}

/** Whether the traits fit the kind: an attribute alone, a skill with an attribute, or neither. */
export function traitsFit(kind: CheckKind, attribute: AttributeKey | null, skill: SkillKey | null): boolean {
  if (kind === "attribute") return attribute !== null && skill === null;
  if (kind === "skill") return attribute !== null && skill !== null;
  return attribute === null && skill === null;
}

/** A stored roll's options, checked; null for anything this system could not have written. */
export function readCheckOptions(raw: unknown): XeroSumCheckOptions | null {
  if (!isRecord(raw) || raw.type !== "check" || !isCheckKind(raw.kind)) return null;
  const attribute = raw.attribute === null ? null : isAttributeKey(raw.attribute) ? raw.attribute : undefined;
  const skill = raw.skill === null ? null : isSkillKey(raw.skill) ? raw.skill : undefined;
  if (attribute === undefined || skill === undefined || !traitsFit(raw.kind, attribute, skill)) return null;
  if (!Array.isArray(raw.parts) || raw.parts.length > MAX_PARTS) return null;
  const parts: CheckPart[] = [];
  for (const p of raw.parts as unknown[]) {
    const part = readPart(p);
    if (!part) return null;
    parts.push(part);
  }
  if (typeof raw.clamped !== "boolean" || !whole(raw.modifier, -MAX_MODIFIER, MAX_MODIFIER)) return null;
  if (partsModifier(parts, raw.clamped) !== raw.modifier) return null;
  const insight = raw.insight === null ? null : isBeforeRollInsight(raw.insight) ? raw.insight : undefined;
  if (insight === undefined) return null;
  const dice = insight === "extraDie" ? MAX_CHECK_DICE : CHECK_DICE;
  if (raw.dice !== dice) return null;
  const insightParts = parts.filter((p) => p.kind === "insight");
  if (insightParts.length !== (insight === "plusThree" ? 1 : 0)) return null;
  if (raw.momentOn3d6 !== "firstTwo" && raw.momentOn3d6 !== "anyPair") return null;
  if (raw.replaceCost !== "perDie" && raw.replaceCost !== "perCheck") return null;
  if (typeof raw.opposedInsight !== "boolean" || typeof raw.replace !== "boolean") return null;
  const opposed = readOpponent(raw.opposed);
  const group = readGroup(raw.group);
  if (opposed === undefined || group === undefined || (opposed && group)) return null;
  // "Insight Dice cannot be used as part of a Group Check".
  if (group && (insight !== null || raw.replace)) return null;
  return {
    type: "check",
    kind: raw.kind,
    attribute,
    skill,
    parts,
    modifier: raw.modifier,
    clamped: raw.clamped,
    insight,
    dice,
    momentOn3d6: raw.momentOn3d6,
    replaceCost: raw.replaceCost,
    opposedInsight: raw.opposedInsight,
    replace: raw.replace,
    opposed,
    group,
  };
}

/** A stored roll's faces (`activeResultsByTerm`): one term of the options' dice, each 1..6; else null. */
export function readCheckFaces(
  terms: readonly unknown[][],
  options: Pick<XeroSumCheckOptions, "dice">,
): number[] | null {
  if (terms.length !== 1) return null;
  const faces = terms[0]!;
  if (faces.length !== options.dice || !faces.every((f) => whole(f, 1, 6))) return null;
  return faces as number[];
}

/** A roll as the card reads it: its options and dice, checked. */
export interface ReadCheck {
  options: XeroSumCheckOptions;
  faces: number[];
}

/** A stored roll's options and dice by term, checked; null when forged or unreadable. */
export function readCheck(rawOptions: unknown, terms: readonly unknown[][]): ReadCheck | null {
  const options = readCheckOptions(rawOptions);
  const faces = options ? readCheckFaces(terms, options) : null;
  return options && faces ? { options, faces } : null;
}
