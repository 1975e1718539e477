/**
 * What a Virtually Real character's sheet and rolls read besides the stored data, Foundry-free, every
 * number from the rules layer: each attribute's modifier (its score on the Experience table,
 * `attributeModifier`) and the dice its conditions give its rolls (`conditionDice`); each skill's
 * effective XP and level (a secondary skill never below its attribute's score, `effectiveSkillXP`) and
 * the passions its style has earned; maximum HP (`maxHitPoints`), the wound bands and the X conditions
 * HP bring (`woundBand`'s thresholds, `xConditionsAt`); light's maximum (`maxLight`), the Darkness level
 * (`darknessLevel`) and its passions; the critical conditions' count and effects; initiative (the save's
 * capacity from `saveCheck`, the best ready weapon's [I] box from `initiativeBox`); each emotional
 * target's wounds and armors (`emotionalBox`); adrenaline as `adrenalineDice` reads it.
 */
import {
  ATTRIBUTE_KEYS,
  EMOTIONAL_TARGETS,
  MAJOR_WOUND_FROM,
  attributeModifier,
  capacityNotation,
  conditionDice,
  conditionEffects,
  criticalCount,
  darknessLevel,
  darknessPassionsEarned,
  effectiveSkillXP,
  emotionalBox,
  initiativeBox,
  levelFromXP,
  maxHitPoints,
  maxLight,
  npcNotation,
  saveCheck,
  stylePassionsEarned,
  xConditionsAt,
  type AdrenalineState,
  type AttributeKey,
  type ConditionEffect,
  type ConditionGroup,
  type ConditionId,
  type ConditionMark,
  type ConditionOptions,
  type ConditionDuration,
  type ConditionSeverity,
  type EmotionalTarget,
  type HealthOptions,
} from "../rules";

/** An item as the derivation reads it (a plain row of the actor's items). */
export interface LivingItem {
  id: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
}

/** A condition as stored: the rules' `ConditionMark` with "" for each absent key. */
export interface StoredCondition {
  severity: ConditionSeverity;
  group: ConditionGroup;
  target: EmotionalTarget | "";
  side: "wound" | "armor";
  id: ConditionId | "";
  letter: string;
  atNext: ConditionDuration | "";
}

/** The stored fields the derivation reads. */
export interface LivingSource {
  attributes: Record<AttributeKey, { capacity: number; score: number }>;
  hp: { value: number };
  health: { sizeBase: number | null; dc: number | null; weightSize?: number | null };
  light: { value: number };
  darkness: { points: number };
  adrenaline: { level: number; aggressive: boolean; fear: boolean };
  emotional: Record<EmotionalTarget, { heroic: number }>;
  conditions: readonly StoredCondition[];
}

/** The world settings the derivation depends on (plain values; the model reads the settings). */
export interface LivingOptions {
  conditions?: ConditionOptions;
  health?: HealthOptions;
  /** A human's Damage Capacity and base hit points: used where the actor has none of its own. */
  human: { damageCapacity: number; baseHitPoints: number };
}

/** Advantage and disadvantage dice and the crit modifier conditions give a roll. */
export interface RollDice {
  advantage: number;
  disadvantage: number;
  critMod: number;
}

export interface DerivedAttribute {
  modifier: number;
  /** `[2]14/2`. */
  notation: string;
  /** `[2]+2`, the NPC form. */
  short: string;
  /** What the conditions give this attribute's skills and saves. */
  dice: RollDice;
}

export interface DerivedSkill {
  /** The XP rolled with: a secondary skill's never below its attribute's score. */
  xp: number;
  level: number;
  notation: string;
  short: string;
  /** Passions its style has earned (0 for a secondary skill). */
  passions: number;
}

export interface VirtuallyRealDerived {
  attributes: Record<AttributeKey, DerivedAttribute>;
  hp: {
    max: number;
    sizeBase: number;
    dc: number;
    /** The actor uses the world's human numbers (no size base or DC of its own). */
    humanBase: boolean;
    humanDc: boolean;
    /** The wound bands: major from 3, serious from DC + 3, critical from the maximum. */
    major: number;
    serious: number;
    critical: number;
    /** X conditions the current HP bring. */
    xConditions: number;
  };
  light: { max: number };
  darkness: { level: number; passions: { roots: number; chosen: number } };
  /** The stored conditions in the rules' shape. */
  marks: ConditionMark[];
  critical: { count: number; effects: ConditionEffect[] };
  initiative: { capacity: number; level: number; weapon: string | null; dice: RollDice };
  emotional: Record<EmotionalTarget, { wounds: number; armors: number; heroic: number }>;
  skills: Record<string, DerivedSkill>;
  adrenaline: AdrenalineState;
  /** A mulligan needs Aura [1] or more. */
  mulligan: boolean;
}

const count = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : 0);
const whole = (v: unknown) => (typeof v === "number" && Number.isInteger(v) ? v : 0);

/** A stored condition as the rules read it. */
export function conditionMark(stored: StoredCondition): ConditionMark {
  return {
    severity: stored.severity,
    group: stored.group,
    target: stored.target === "" ? null : stored.target,
    side: stored.side,
    id: stored.id === "" ? null : stored.id,
    letter: stored.letter === "" ? null : stored.letter,
    atNext: stored.atNext === "" ? null : stored.atNext,
  };
}

/** The actor's skill items as the rules read them, by item id. */
function deriveSkills(
  items: readonly LivingItem[],
  attributes: LivingSource["attributes"],
): Record<string, DerivedSkill> {
  const skills: Record<string, DerivedSkill> = {};
  for (const item of items) {
    if (item.type !== "virtually-real-skill") continue;
    const { system } = item;
    const attribute = (ATTRIBUTE_KEYS as readonly unknown[]).includes(system.attribute)
      ? (system.attribute as AttributeKey)
      : "body";
    const capacity = Math.min(5, count(system.capacity));
    const xp = effectiveSkillXP(
      { capacity, xp: count(system.xp), underlines: count(system.underlines) },
      attributes[attribute].score,
    );
    const level = levelFromXP(xp);
    skills[item.id] = {
      xp,
      level,
      notation: capacityNotation({ capacity, xp }),
      short: npcNotation(capacity, level),
      passions: stylePassionsEarned({ capacity, level }),
    };
  }
  return skills;
}

/** The ready weapon with the best [I] box, or none. */
function readyWeapon(
  items: readonly LivingItem[],
  reflexScore: number,
): { name: string; level: number } | null {
  let best: { name: string; level: number } | null = null;
  for (const item of items) {
    if (item.type !== "virtually-real-equipment") continue;
    if (item.system.kind !== "weapon" || item.system.ready !== true) continue;
    const level = initiativeBox(
      reflexScore,
      whole(item.system.initiativeBonus),
      whole(item.system.proficiencyBonus),
    );
    if (!best || level > best.level) best = { name: item.name, level };
  }
  return best;
}

/** Basic Combat Training's capacity: the highest among skills that name it. */
function bctCapacity(items: readonly LivingItem[]): number {
  let capacity = 0;
  for (const item of items)
    if (item.type === "virtually-real-skill" && item.system.ref === "basicCombatTraining")
      capacity = Math.max(capacity, Math.min(5, count(item.system.capacity)));
  return capacity;
}

function deriveHealth(source: LivingSource, options: LivingOptions) {
  const humanBase = source.health.sizeBase === null;
  const humanDc = source.health.dc === null;
  const sizeBase = source.health.sizeBase ?? options.human.baseHitPoints;
  const dc = source.health.dc ?? options.human.damageCapacity;
  const max = maxHitPoints(sizeBase, source.attributes.body.score);
  return {
    max,
    sizeBase,
    dc,
    humanBase,
    humanDc,
    major: MAJOR_WOUND_FROM,
    serious: dc + MAJOR_WOUND_FROM,
    critical: max,
    xConditions: xConditionsAt(source.hp.value, { dc, maxHp: max }, options.health),
  };
}

export function deriveVirtuallyReal(
  source: LivingSource,
  items: readonly LivingItem[],
  options: LivingOptions,
): VirtuallyRealDerived {
  const marks = source.conditions.map(conditionMark);
  const attributes = Object.fromEntries(
    ATTRIBUTE_KEYS.map((key) => {
      const { capacity, score } = source.attributes[key];
      const modifier = attributeModifier(score);
      return [
        key,
        {
          modifier,
          notation: capacityNotation({ capacity, xp: score }),
          short: npcNotation(capacity, modifier),
          dice: conditionDice(marks, { attribute: key }, options.conditions),
        },
      ];
    }),
  ) as Record<AttributeKey, DerivedAttribute>;
  const reflex = source.attributes.reflex;
  const weapon = readyWeapon(items, reflex.score);
  const initiative = saveCheck({
    save: "initiative",
    attrCapacity: reflex.capacity,
    modifier: weapon?.level ?? attributes.reflex.modifier,
    bctCapacity: bctCapacity(items),
  });
  const emotional = Object.fromEntries(
    EMOTIONAL_TARGETS.map((target) => [
      target,
      { ...emotionalBox(marks, target), heroic: count(source.emotional[target].heroic) },
    ]),
  ) as VirtuallyRealDerived["emotional"];
  const darkness = darknessLevel(source.darkness.points);
  const darknessRoots = items.filter(
    (i) => i.type === "virtually-real-passion" && i.system.darkness === true && i.system.branch === "root",
  ).length;
  return {
    attributes,
    hp: deriveHealth(source, options),
    light: { max: maxLight(source.attributes.aura.score) },
    darkness: { level: darkness, passions: darknessPassionsEarned(darkness, darknessRoots) },
    marks,
    critical: { count: criticalCount(marks), effects: conditionEffects(marks) },
    initiative: {
      capacity: initiative.saveCapacity!,
      level: initiative.level,
      weapon: weapon?.name ?? null,
      dice: conditionDice(marks, { attribute: "reflex", initiative: true }, options.conditions),
    },
    emotional,
    skills: deriveSkills(items, source.attributes),
    adrenaline: {
      level: source.adrenaline.level,
      aggressive: source.adrenaline.aggressive,
      fear: source.adrenaline.fear,
      heroic: Math.max(0, ...EMOTIONAL_TARGETS.map((t) => emotional[t].heroic)),
    },
    mulligan: source.attributes.aura.capacity >= 1,
  };
}
