/**
 * Maelstrom dice pools: which traits a roll uses and what changes its difficulty and threshold
 * (Maelstrom rules, "Dice Pool", "Talents", "Skills", "Knowledges", "Using Specialties",
 * "Required Specialties", "Precision vs Reflexes", "Wound Penalties", "Rolling Willpower",
 * "Soaking Damage").
 */
import { DEFAULT_DIFFICULTY, assertCount, effectiveDifficulty } from "./dice";
import type { DamageType } from "./health";
import {
  abilityCategory,
  isAttributeKey,
  type AbilityCategory,
  type AbilityKey,
  type AttributeKey,
} from "./traits";

export interface KeyedModifier {
  readonly key: string;
  readonly value: number;
}

/** Why `actionPool` refuses a roll (stable keys the glue localises). */
export type PoolRefusal =
  /** A knowledge at zero dots without the storyteller's leave ("you cannot even attempt the action"). */
  | "knowledgeZero"
  /** More specialties than dots in the ability ("one specialty per dot"). */
  | "tooManySpecialties"
  /** An ability and a second attribute ("there should never be more than two"). */
  | "tooManyTraits"
  /** More required specialties used than specialties used, or than were required. */
  | "usedRequiredInvalid";

export interface ActionPoolInput {
  attribute: AttributeKey;
  attributeDots: number;
  ability?: AbilityKey;
  abilityDots?: number;
  secondAttribute?: AttributeKey;
  secondAttributeDots?: number;
  /** Default 6. */
  baseDifficulty?: number;
  /** The storyteller's threshold, before required specialties. Default 0. */
  threshold?: number;
  /** The situation's modifiers (merits, flaws, the storyteller's), listed back in `modifiers`. */
  difficultyModifiers?: readonly KeyedModifier[];
  /** Dice the wounds take away (a positive number). Default 0. */
  woundPenalty?: number;
  /** Willpower was spent to roll this action without the wound penalty. */
  ignoreWounds?: boolean;
  /** Advanced specialties the storyteller made required. Default 0. */
  required?: number;
  /** How many of the specialties used are required ones. Default 0. */
  usedRequired?: number;
  /** Specialties used on the roll (required ones included). Default 0. */
  specialtiesUsed?: number;
  /** The storyteller lets a zero-dot knowledge roll, "with a penalty". */
  knowledgeOverride?: boolean;
  /** That penalty's size, added to the difficulty (the `knowledgePenalty` setting). Default 2. */
  knowledgePenalty?: number;
  /** Reflexes are used where Precision could have been ("Reflexive Action Penalty"). */
  reflexive?: boolean;
  /** The weapon or gear ignores the Reflexive Action Penalty. */
  ignoresReflexivePenalty?: boolean;
}

export interface ActionPool {
  allowed: boolean;
  reason?: PoolRefusal;
  /** Dice to roll, never below 0 (0 rolls nothing: a failure). */
  pool: number;
  /** The difficulty after every modifier, never below 2. */
  difficulty: number;
  /** The threshold with one more per required specialty not used. */
  threshold: number;
  /** At least one specialty is used: tens explode. */
  exploding: boolean;
  /** Specialties usable on this roll: the ability's dots (none without an ability). */
  maxSpecialties: number;
  /** Every difficulty modifier, the rules' own first ("skillZero", "knowledgeZero", "reflexivePenalty"). */
  modifiers: KeyedModifier[];
  /** What changed the pool ("woundPenalty", negative). */
  poolModifiers: KeyedModifier[];
  /** What raised the threshold ("requiredSpecialties"). */
  thresholdModifiers: KeyedModifier[];
}

/** The default difficulty added to a zero-dot knowledge the storyteller allows (the text gives no size). */
export const DEFAULT_KNOWLEDGE_PENALTY = 2;

function zeroDotModifier(
  category: AbilityCategory,
  input: ActionPoolInput,
): { modifier?: KeyedModifier; refused: boolean } {
  // Talents: "there is no penalty for having zero dots -- just use the base attribute alone."
  if (category === "talent") return { refused: false };
  // Skills: "the difficulty is increased by 1. Then, use the base attribute alone."
  if (category === "skill") return { modifier: { key: "skillZero", value: 1 }, refused: false };
  // Knowledges: "you cannot even attempt the action", unless the storyteller allows "the base
  // attribute alone with a penalty".
  if (!input.knowledgeOverride) return { refused: true };
  const value = input.knowledgePenalty ?? DEFAULT_KNOWLEDGE_PENALTY;
  assertCount(value, "A knowledge penalty");
  return { modifier: { key: "knowledgeZero", value }, refused: false };
}

/**
 * The pool, difficulty and threshold of an action ("Dice Pool": "one die per dot for each trait",
 * "there should never be more than two"). Applies the zero-dot rule of the ability's category,
 * "you may only use one specialty per dot" in the ability, "For each required specialty, increase
 * the threshold by one unless you use that specialty", the Reflexive Action Penalty ("Increase the
 * difficulty by one whenever a player uses reflexes, as compared to an equivalent precision-based
 * action") unless the weapon ignores it, and the wound penalty ("Subtract this many dice from the
 * dice pools for all actions") unless Willpower was spent to ignore it.
 *
 * A refused roll still reports its numbers, so the dialog can show them next to the reason.
 * Example (Dice Pool): Precision 3 + Driving 2 is a pool of five dice.
 */
export function actionPool(input: ActionPoolInput): ActionPool {
  const {
    attributeDots,
    ability,
    abilityDots = 0,
    secondAttribute,
    secondAttributeDots = 0,
    baseDifficulty = DEFAULT_DIFFICULTY,
    threshold = 0,
    difficultyModifiers = [],
    woundPenalty = 0,
    ignoreWounds = false,
    required = 0,
    usedRequired = 0,
    specialtiesUsed = 0,
    reflexive = false,
    ignoresReflexivePenalty = false,
  } = input;
  if (!isAttributeKey(input.attribute)) throw new RangeError(`Not a Maelstrom attribute: ${input.attribute}`);
  if (secondAttribute !== undefined && !isAttributeKey(secondAttribute))
    throw new RangeError(`Not a Maelstrom attribute: ${secondAttribute}`);
  assertCount(attributeDots, "Attribute dots");
  assertCount(abilityDots, "Ability dots");
  assertCount(secondAttributeDots, "Attribute dots");
  assertCount(threshold, "A threshold");
  assertCount(woundPenalty, "A wound penalty");
  assertCount(required, "Required specialties");
  assertCount(usedRequired, "Required specialties used");
  assertCount(specialtiesUsed, "Specialties used");

  let reason: PoolRefusal | undefined;
  const refuse = (why: PoolRefusal) => (reason ??= why);
  if (ability !== undefined && secondAttribute !== undefined) refuse("tooManyTraits");

  const modifiers: KeyedModifier[] = [];
  if (ability !== undefined && abilityDots === 0) {
    const zero = zeroDotModifier(abilityCategory(ability), input);
    if (zero.refused) refuse("knowledgeZero");
    if (zero.modifier) modifiers.push(zero.modifier);
  }
  if (reflexive && !ignoresReflexivePenalty) modifiers.push({ key: "reflexivePenalty", value: 1 });
  modifiers.push(...difficultyModifiers.map(({ key, value }) => ({ key, value })));

  const maxSpecialties = ability === undefined ? 0 : abilityDots;
  if (specialtiesUsed > maxSpecialties) refuse("tooManySpecialties");
  if (usedRequired > specialtiesUsed || usedRequired > required) refuse("usedRequiredInvalid");

  const poolModifiers: KeyedModifier[] = [];
  if (woundPenalty > 0 && !ignoreWounds) poolModifiers.push({ key: "woundPenalty", value: -woundPenalty });
  const dice =
    attributeDots + (ability === undefined ? 0 : abilityDots) + (secondAttribute ? secondAttributeDots : 0);
  const pool = Math.max(0, dice + poolModifiers.reduce((t, m) => t + m.value, 0));

  const unused = Math.max(0, required - usedRequired);
  const thresholdModifiers = unused > 0 ? [{ key: "requiredSpecialties", value: unused }] : [];

  return {
    allowed: reason === undefined,
    ...(reason === undefined ? {} : { reason }),
    pool,
    difficulty: effectiveDifficulty(baseDifficulty, modifiers),
    threshold: threshold + unused,
    exploding: specialtiesUsed > 0 && specialtiesUsed <= maxSpecialties,
    maxSpecialties,
    modifiers,
    poolModifiers,
    thresholdModifiers,
  };
}

/**
 * A Willpower roll ("Rolling Willpower"): "This roll uses your character's current rank", "always
 * rolled alone" and, "not considered an action", free of wound penalties. Strong Bond: "+1
 * automatic success on all Willpower rolls".
 */
export function willpowerPool(options: { current: number; strongBond?: boolean }): {
  pool: number;
  autoSuccesses: number;
} {
  assertCount(options.current, "Current Willpower");
  return { pool: options.current, autoSuccesses: options.strongBond ? 1 : 0 };
}

/** Armour's soak numbers: the bonus to bashing soak, the lethal and aggravated ratings. */
export interface ArmorSoak {
  bashing: number;
  lethal: number;
  aggravated: number;
}

/**
 * The soak pool ("Soaking Damage"): "When taking bashing damage, your soak dice pool is your
 * character's Strength attribute plus any bonus from their armor. For lethal and aggravated, only
 * the armor's rating is used." No wound penalty. `parts` lists what made it up.
 */
export function soakPool(options: { type: DamageType; strength: number; armor?: ArmorSoak | null }): {
  pool: number;
  parts: KeyedModifier[];
} {
  const { type, strength } = options;
  const armor = options.armor ?? { bashing: 0, lethal: 0, aggravated: 0 };
  assertCount(strength, "Strength");
  for (const value of [armor.bashing, armor.lethal, armor.aggravated]) assertCount(value, "An armour rating");
  if (type === "bashing") {
    const parts = [
      { key: "strength", value: strength },
      { key: "armor", value: armor.bashing },
    ];
    return { pool: strength + armor.bashing, parts };
  }
  if (type !== "lethal" && type !== "aggravated") throw new RangeError(`Not a damage type: ${String(type)}`);
  return { pool: armor[type], parts: [{ key: "armor", value: armor[type] }] };
}
