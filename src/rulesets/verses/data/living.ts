/**
 * The derived data of 'Verses characters and creatures, Foundry-free: the data model calls
 * {@link deriveLiving} in prepareDerivedData, and the tests and browser fixtures call the same
 * function with plain data, so what they check is what the sheet shows.
 */
import { versesFlags } from "../base/flags";
import {
  ARMOUR_SKILLS,
  ATTRIBUTE_KEYS,
  armourBurden,
  conditionDicePenalty,
  countAllocatedSkills,
  derivedAttributes,
  effectiveAD,
  effectiveAttributes,
  forbiddenActions,
  skillAllocation,
  type AbilityAllocation,
  type ActionId,
  type ActorKind,
  type ArmourBurden,
  type ArmourClass,
  type ArmourPenaltyMode,
  type AttributeKey,
  type ConditionState,
  type DerivedAttributes,
  type SkillAllocation,
  type SkillDefinition,
  type SkillfulnessOptions,
  type SpeciesDefinition,
  type ToolAtHand,
} from "../rules";
import {
  DEFAULT_SPECIES,
  itemLoadKg,
  toAbilityAllocation,
  toSkillAllocation,
  toSkillDefinition,
  toSpeciesDefinition,
  type SpeciesProblem,
  type AbilitySource,
  type SkillSource,
  type SpeciesSource,
} from "./convert";
import { MAX_POOL, capDice, wholeDice } from "../base/pool-cap";

/** The stored fields deriveLiving reads (VersesCharacterData / VersesCreatureData source). */
export type LivingSource = {
  kind: ActorKind;
  attributes: Record<AttributeKey, number>;
  hp: { value: number };
  ad: { spent: number; exBound: number; reserved: { await: number; dodge: number; parry: number } };
  modifiers: {
    ad: number;
    hp: number;
    attributes: Record<AttributeKey, number>;
    dice: Record<AttributeKey | "all", number>;
  };
};

/** What deriveLiving reads of the actor itself: its items, statuses and flags. */
export interface LivingOwner {
  items: Iterable<{ name: string; type: string; system: unknown }>;
  statuses?: Set<string>;
  flags?: Record<string, unknown>;
}

/** Values computed in prepareDerivedData (never stored). */
export type LivingDerived = {
  species: SpeciesDefinition;
  speciesProblems: SpeciesProblem[];
  conditions: ConditionState[];
  abilities: AbilityAllocation[];
  skills: SkillAllocation[];
  skillCatalog: SkillDefinition[];
  /** Attributes for every test and derived value: set value, effects, overload. */
  effective: Record<AttributeKey, number>;
  derived: DerivedAttributes;
  hpMax: number;
  /** The AD pool, never more than the world's largest pool (setting `maxPool`). */
  adMax: number;
  /** AD the world's largest pool took off what the species formula and effects give (0 normally). */
  adCut: number;
  adAvailable: number;
  load: { carried: number; maxCarry: number; prwPenalty: number; exPerRound: number };
  skillfulness: { used: number; allowed: number };
  /** What worn armour and wielded shields cost: PRW lost, and dice off every PRW-related test. */
  armour: ArmourBurden;
  /** The classes of the armour worn and shields wielded ("light", "shield"): the Armor skills' add-ons. */
  wornArmour?: string[];
  /** Tools the actor carries (gear of kind tool): Navigation's tools add their OL. */
  tools?: ToolAtHand[];
  /** Dice each attribute test starts with (attribute + effects + conditions). */
  attributePools: Record<AttributeKey, number>;
  /** Actions the actor's conditions forbid, with the reason key the sheet explains them with. */
  forbidden: Partial<Record<ActionId, string>>;
};

/** The conditions on an actor: its status ids, with any details kept in flags.polyverse.verses.conditions. */
export function actorConditions(actor: LivingOwner): ConditionState[] {
  const details = (versesFlags(actor).conditions ?? {}) as Record<string, Partial<ConditionState>>;
  return [...(actor.statuses ?? [])].map((id) => ({ ...details[id], id }) as ConditionState);
}

/** World choices deriveLiving applies (the data model reads them from the settings). */
interface LivingOptions {
  /** When armour's listed PRW PENALTY applies (world setting `armourPenalty`). */
  armourPenalty?: ArmourPenaltyMode;
  /** The world's largest pool (setting `maxPool`): caps the AD pool and the attribute pools. */
  maxPool?: number;
  /** Which allocated skills count against Skillfulness (setting `skillfulnessSpeciesLanguage`). */
  skillfulness?: SkillfulnessOptions;
}

/** The armour and shields an actor wears or wields, as the rules read them. */
function wornProtection(items: readonly { type: string; system: unknown }[]) {
  return items
    .filter((i) => i.type === "verses-armour" && (i.system as { worn?: boolean }).worn)
    .map((i) => {
      const a = i.system as { class: ArmourClass; prwPenalty: number };
      return { class: a.class, prwPenalty: a.prwPenalty };
    });
}

/** The tools an actor carries: gear of kind `tool` (its OL and the skills it names), not left behind. */
function toolsAtHand(items: readonly { name: string; type: string; system: unknown }[]): ToolAtHand[] {
  return items
    .filter((i) => i.type === "verses-gear")
    .map((i) => ({
      name: i.name,
      system: i.system as { kind?: string; ol?: number; toolFor?: string[]; carried?: boolean },
    }))
    .filter((i) => i.system.kind === "tool" && i.system.carried !== false)
    .map((i) => ({
      name: i.name,
      ol: typeof i.system.ol === "number" ? i.system.ol : 0,
      toolFor: Array.isArray(i.system.toolFor) ? i.system.toolFor : [],
    }));
}

export function deriveLiving(
  source: LivingSource,
  actor: LivingOwner,
  options: LivingOptions = {},
): LivingDerived {
  const items = [...actor.items];
  const speciesItem = items.find((i) => i.type === "verses-species");
  const { species, problems } = speciesItem
    ? toSpeciesDefinition(speciesItem.name, speciesItem.system as SpeciesSource)
    : { species: DEFAULT_SPECIES, problems: [] };
  const abilities = items
    .filter((i) => i.type === "verses-ability")
    .map((i) => toAbilityAllocation(i.name, i.system as AbilitySource));
  const skillItems = items.filter((i) => i.type === "verses-skill");
  const skills = skillItems.map((i) => toSkillAllocation(i.name, i.system as SkillSource));
  const conditions = actorConditions(actor).filter((c) => typeof c.id === "string");

  const carried = items.reduce(
    (kg, i) => kg + itemLoadKg(i.type, i.system as Parameters<typeof itemLoadKg>[1]),
    0,
  );
  const skillActor = { attributes: source.attributes, abilities: {}, skills };
  const armour = armourBurden(
    wornProtection(items),
    Object.fromEntries(
      (Object.keys(ARMOUR_SKILLS) as ArmourClass[]).map((c) => [
        c,
        skillAllocation(skillActor, ARMOUR_SKILLS[c].skill),
      ]),
    ),
    options.armourPenalty,
  );
  const attributeChanges = { ...source.modifiers.attributes };
  attributeChanges.prw = (attributeChanges.prw ?? 0) - armour.prwPenalty;
  const derived = derivedAttributes(species, {
    attributes: effectiveAttributes(source.attributes, attributeChanges),
    abilities,
    carriedKg: carried,
  });
  // A species formula or an effect can give any number: the AD pool is never larger than the
  // world allows (every roll it feeds, turn order first, would otherwise roll them all).
  const maxPool = options.maxPool ?? MAX_POOL.default;
  const baseAD = derived.ad + wholeDice(source.modifiers.ad);
  const ad = capDice(effectiveAD(Number.isFinite(baseAD) ? Math.max(0, baseAD) : 0, conditions), maxPool);
  const adMax = ad.dice;
  const { spent, exBound, reserved } = source.ad;
  const dice = source.modifiers.dice;
  const attributePools = Object.fromEntries(
    ATTRIBUTE_KEYS.map((key) => [
      key,
      capDice(
        derived.attributes[key] +
          dice[key] +
          dice.all -
          (key === "prw" ? armour.unskilledDice : 0) +
          conditionDicePenalty(conditions, { attributes: [key], actorKind: source.kind }),
        maxPool,
      ).dice,
    ]),
  ) as Record<AttributeKey, number>;
  return {
    species,
    speciesProblems: problems,
    conditions,
    abilities,
    skills,
    skillCatalog: skillItems.map((i) => toSkillDefinition(i.name, i.system as SkillSource)),
    effective: derived.attributes,
    derived,
    hpMax: Math.max(0, derived.hp + source.modifiers.hp),
    adMax,
    adCut: ad.cut,
    adAvailable: Math.max(0, adMax - exBound - spent - reserved.await - reserved.dodge - reserved.parry),
    load: {
      carried: Math.round(carried * 1000) / 1000,
      maxCarry: derived.maxCarry,
      prwPenalty: derived.overload.prwPenalty,
      exPerRound: derived.overload.exPerRound,
    },
    skillfulness: { used: countAllocatedSkills(skills, options.skillfulness), allowed: derived.sk },
    armour,
    wornArmour: [...new Set(wornProtection(items).map((p) => String(p.class)))],
    tools: toolsAtHand(items),
    attributePools,
    forbidden: Object.fromEntries(forbiddenActions(conditions)),
  };
}

/**
 * The AD spent that makes `value` AD available (or changes it by `value`, as a delta): what the
 * token's AD bar edits. Spent AD never goes below 0, and never above what the pool allows.
 */
export function adSpentForBar(
  source: LivingSource,
  available: number,
  value: number,
  isDelta: boolean,
): number {
  const wanted = isDelta ? available + value : value;
  const change = wanted - available;
  const room = available + source.ad.spent;
  return Math.min(Math.max(0, source.ad.spent - change), Math.max(0, room));
}
