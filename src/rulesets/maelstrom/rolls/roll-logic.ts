/**
 * A Maelstrom roll's state and dice, Foundry-free. A roll keeps how it was set up in its options
 * (the kind, the traits, the pool's parts and the wound penalty, the difficulty with its modifiers,
 * the threshold with the required specialties left unused, the specialties used and whether tens
 * explode, automatic successes, a soak's damage): Foundry stores them with the chat message, so a
 * card is rebuilt from them after a reload. Its dice are d10 terms: the pool first, then one term
 * per wave of exploding tens ("whenever you roll a 10 on any die in the roll, add two additional
 * bonus dice"), so Dice So Nice shows every die and the card tells normal dice from bonus dice.
 *
 * A stored roll may be forged: {@link readRollOptions} and {@link readWaves} accept only what this
 * system could have rolled, and scoring is the rules layer's `resolveRoll`, never Foundry's `x`/`cs`.
 */
import {
  ABILITY_KEYS,
  ATTRIBUTE_KEYS,
  bonusDiceFor,
  experienceDieAllowed,
  resolveRoll,
  type Outcome,
  type RollResult,
} from "../rules";

export const ROLL_KINDS = ["action", "willpower", "soak"] as const;
export type MaelstromRollKind = (typeof ROLL_KINDS)[number];

export const SOAK_TYPES = ["bashing", "lethal", "aggravated"] as const;
export type SoakType = (typeof SOAK_TYPES)[number];

/** The most dice a pool may roll (5 + 5 dots, Willpower 10, Strength 5 + armor 10): a guard on forged rolls. */
export const MAX_POOL = 30;
/** The most bonus dice a card accepts (a chain of tens far beyond any real roll). */
export const MAX_BONUS = 200;
/** The highest difficulty a card accepts (modifiers stacked past 10: "success is completely impossible"). */
export const MAX_DIFFICULTY = 30;
/** The highest threshold a card accepts. */
export const MAX_THRESHOLD = 30;

/** A line of a breakdown: an i18n key or a literal name, its values, and its amount. */
export interface RollPart {
  label: string;
  data?: Record<string, string>;
  value: number;
}

/** How a Maelstrom roll was set up (its Roll's `options`). */
export interface MaelstromRollOptions {
  kind: MaelstromRollKind;
  /** The traits rolled, as bank keys: "attributes.precision", "abilities.firearms", "willpower". */
  traits: string[];
  /** The pool before the wound penalty, trait by trait (or the soak's Strength and armor). */
  parts: RollPart[];
  /** The wound penalty in dice (positive). */
  woundPenalty: number;
  /** Willpower was spent to ignore the wound penalty. */
  woundsIgnored: boolean;
  /** The dice rolled: the parts less the penalty, never below 0. */
  pool: number;
  baseDifficulty: number;
  /** What changed the difficulty (a skill at 0 dots, the Reflexive Action Penalty, merits and flaws). */
  modifiers: RollPart[];
  difficulty: number;
  baseThreshold: number;
  /** Required advanced specialties not used: each adds 1 to the threshold. */
  requiredUnused: number;
  threshold: number;
  /** The names of the specialties used. */
  specialties: string[];
  /** The most specialties this ability allows (its dots). */
  maxSpecialties: number;
  /** A specialty is used: tens explode. */
  exploding: boolean;
  /** Successes no die rolled (Strong Bond on Willpower rolls), counted before the threshold. */
  autoSuccesses: number;
  /** A soak: the damage type, and the levels coming in when known. */
  soak?: { type: SoakType; incoming?: number };
}

const TRAIT_KEYS: readonly string[] = [
  ...ATTRIBUTE_KEYS.map((k) => `attributes.${k}`),
  ...ABILITY_KEYS.map((k) => `abilities.${k}`),
  "willpower",
];

/** Is this a trait key a roll may name ("attributes.precision", "abilities.firearms", "willpower")? */
export const isTraitKey = (key: unknown): key is string =>
  typeof key === "string" && TRAIT_KEYS.includes(key);

/** The i18n key of a trait's name. */
export function traitLabel(key: string): string {
  if (key === "willpower") return "POLYVERSE.Maelstrom.Willpower";
  const [group, name] = key.split(".");
  return group === "attributes"
    ? `POLYVERSE.Maelstrom.Attribute.${name}`
    : `POLYVERSE.Maelstrom.Ability.${name}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const whole = (v: unknown, min: number, max: number): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
const shortText = (v: unknown): v is string => typeof v === "string" && v.length <= 200;

function readParts(v: unknown, max = 20): RollPart[] | null {
  if (!Array.isArray(v) || v.length > max) return null;
  const parts: RollPart[] = [];
  for (const p of v) {
    if (!isRecord(p) || !shortText(p.label) || !whole(p.value, -100, 100)) return null;
    const data = p.data;
    if (data !== undefined && !(isRecord(data) && Object.values(data).every(shortText))) return null;
    parts.push({ label: p.label, value: p.value, ...(data ? { data: data as Record<string, string> } : {}) });
  }
  return parts;
}

/**
 * A stored roll's options, checked: the shape this system writes, bounded numbers, and numbers that
 * agree with each other (the pool, the threshold). Null for anything else (a forged roll).
 */
export function readRollOptions(raw: unknown): MaelstromRollOptions | null {
  if (!isRecord(raw)) return null;
  const o = raw;
  if (!ROLL_KINDS.includes(o.kind as MaelstromRollKind)) return null;
  if (!Array.isArray(o.traits) || o.traits.length > 2 || !o.traits.every(isTraitKey)) return null;
  const parts = readParts(o.parts, 4);
  const modifiers = readParts(o.modifiers);
  if (!parts || !modifiers) return null;
  if (!whole(o.woundPenalty, 0, 20) || typeof o.woundsIgnored !== "boolean") return null;
  if (!whole(o.pool, 0, MAX_POOL)) return null;
  if (!whole(o.baseDifficulty, 2, 10) || !whole(o.difficulty, 2, MAX_DIFFICULTY)) return null;
  if (!whole(o.baseThreshold, 0, MAX_THRESHOLD) || !whole(o.requiredUnused, 0, MAX_THRESHOLD)) return null;
  if (!whole(o.threshold, 0, MAX_THRESHOLD)) return null;
  if (!Array.isArray(o.specialties) || o.specialties.length > 5 || !o.specialties.every(shortText))
    return null;
  if (!whole(o.maxSpecialties, 0, 5) || typeof o.exploding !== "boolean") return null;
  if (!whole(o.autoSuccesses, 0, 10)) return null;
  const expectedPool = Math.max(
    0,
    parts.reduce((s, p) => s + p.value, 0) - (o.woundsIgnored ? 0 : o.woundPenalty),
  );
  if (o.pool !== expectedPool || o.threshold !== o.baseThreshold + o.requiredUnused) return null;
  if (o.exploding !== o.specialties.length > 0 || o.specialties.length > o.maxSpecialties) return null;
  let soak: MaelstromRollOptions["soak"];
  if (o.kind === "soak") {
    const s = o.soak;
    if (!isRecord(s) || !SOAK_TYPES.includes(s.type as SoakType)) return null;
    if (s.incoming !== undefined && !whole(s.incoming, 0, 100)) return null;
    if (o.exploding) return null;
    soak = {
      type: s.type as SoakType,
      ...(s.incoming !== undefined ? { incoming: s.incoming as number } : {}),
    };
  }
  return {
    kind: o.kind as MaelstromRollKind,
    traits: [...(o.traits as string[])],
    parts,
    woundPenalty: o.woundPenalty,
    woundsIgnored: o.woundsIgnored,
    pool: o.pool,
    baseDifficulty: o.baseDifficulty,
    modifiers,
    difficulty: o.difficulty,
    baseThreshold: o.baseThreshold,
    requiredUnused: o.requiredUnused,
    threshold: o.threshold,
    specialties: [...(o.specialties as string[])],
    maxSpecialties: o.maxSpecialties,
    exploding: o.exploding,
    autoSuccesses: o.autoSuccesses,
    ...(soak ? { soak } : {}),
  };
}

const isFace = (v: unknown): v is number => whole(v, 1, 10);

/**
 * Split bonus dice (in roll order) into waves after `first`: each wave is two dice per 10 of the wave
 * before it when tens explode, none otherwise. Null when the dice are not such a chain (too many, too
 * few, or any at all when tens do not explode).
 */
export function splitWaves(
  first: readonly number[],
  bonus: readonly number[],
  exploding: boolean,
): number[][] | null {
  const waves: number[][] = [];
  let at = 0;
  let previous = first;
  for (;;) {
    const count = bonusDiceFor(previous, exploding);
    if (count === 0) break;
    if (at + count > bonus.length) return null;
    const wave = bonus.slice(at, at + count);
    waves.push(wave);
    at += count;
    previous = wave;
  }
  return at === bonus.length ? waves : null;
}

/** A roll's dice: the pool's normal dice and its bonus dice in roll order. */
export interface RolledDice {
  dice: number[];
  bonus: number[];
}

/**
 * The dice of a stored roll, term by term (`activeResultsByTerm`), checked against its options:
 * d10 faces, a first term of `pool` dice, then exactly the bonus dice its tens earn. Null otherwise.
 */
export function readWaves(
  terms: readonly unknown[][],
  options: Pick<MaelstromRollOptions, "pool" | "exploding">,
): RolledDice | null {
  const [first, ...rest] = terms;
  if (!first || first.length !== options.pool || !first.every(isFace)) return null;
  const bonus = rest.flat();
  if (bonus.length > MAX_BONUS || !bonus.every(isFace)) return null;
  return splitWaves(first, bonus, options.exploding) ? { dice: [...first], bonus } : null;
}

/** The experience die as a card keeps it: the trait it banked in, and its die then the bonus dice it earned. */
export interface ExperienceDie {
  trait: string;
  faces: number[];
}

/** Whether an experience die's faces are one die and its explosions (only with a specialty). */
export function experienceValid(faces: readonly unknown[], exploding: boolean): faces is number[] {
  if (faces.length < 1 || faces.length > MAX_BONUS || !faces.every(isFace)) return false;
  return splitWaves(faces.slice(0, 1), faces.slice(1), exploding) !== null;
}

/**
 * Whether a card offers the experience die now: the roll allows it (rules `experienceDieAllowed`: not
 * on a botch, not on a soak, once per roll) and the actor has an available point to bank.
 */
export function experienceOffered(
  result: { outcome: Outcome },
  state: { soak?: boolean; alreadyUsed: boolean; xpAvailable: number | null },
): boolean {
  return (
    experienceDieAllowed(result, { soak: state.soak ?? false, alreadyUsed: state.alreadyUsed }) &&
    (state.xpAvailable ?? 0) >= 1
  );
}

/** The roll resolved ("Resolving the Result"), the experience die's faces among the bonus dice. */
export function resolveDice(
  options: Pick<MaelstromRollOptions, "difficulty" | "threshold" | "autoSuccesses">,
  rolled: RolledDice,
  experience: readonly number[] = [],
): RollResult {
  return resolveRoll({
    dice: rolled.dice,
    bonusDice: [...rolled.bonus, ...experience],
    difficulty: options.difficulty,
    threshold: options.threshold,
    autoSuccesses: options.autoSuccesses,
  });
}
