/**
 * Assembling a test's dice pool for an actor, with every die labelled by where it came from.
 * Foundry-free: the roll flow, the sheet (pools shown beside each skill) and the tests call it.
 *
 * A pool is the skill's dice (the rules layer's `skillPool`: allocated dice down the default
 * chain, unallocated penalties, TEC difference) or an attribute, plus the ability dice the rules
 * add to that kind of test, plus Active-Effect modifiers, plus the conditions' dice, plus the AD
 * spent.
 */
import {
  SKILL_ADD_ONS,
  abilityDiceFor,
  addOnRulesOf,
  conditionDiceBreakdown,
  navigationToolDice,
  skillAddOnsFor,
  skillPool,
  type AbilityContribution,
  type ActionId,
  type AttributeKey,
  type PoolTag,
  type SkillActor,
  type SkillCatalog,
  type SkillDefault,
  type SkillAddOnRule,
  type SkillPoolOptions,
} from "../rules";
import type { PoolPart } from "../base/pool-view";
import type { LivingDerived, LivingSource } from "./living";
import { MAX_POOL, capPoolParts, wholeDice } from "../base/pool-cap";
import { type RulesLine, rulesLine } from "../base/rules-message-logic";

export {
  MAX_POOL,
  POOL_CAP_LABEL,
  capDice,
  capPoolParts,
  cappedNote,
  clampBonus,
  poolCapOf,
  wholeDice,
  type CappedParts,
} from "../base/pool-cap";

export interface PoolRequest {
  /** An attribute test (`PRW + #AD`) ... */
  attribute?: AttributeKey;
  /** ... or several attributes (a creature's natural attack, `PRW + TUF + 3AD → 2S`) ... */
  attributes?: readonly AttributeKey[];
  /** ... or a skill test, by its reference (`"Weapons » Swords"`, `"Stellar Navigation"`). */
  skill?: string;
  /** The Fast Action action it is, for abilities and conditions (attack, dodge, rest ...). */
  action?: ActionId;
  /** Action dice spent. */
  ad?: number;
  tags?: readonly PoolTag[];
  /** A melee attack (Prone: -1 die). */
  meleeAttack?: boolean;
  /** A Rest action (Prone biologicals: +1 die). */
  rest?: boolean;
  fastAction?: boolean;
  rangeM?: number;
  /** The TEC of the setting the test happens in (General skills' TEC difference). */
  contextTec?: number;
  /** Tools' OL and other situational dice. */
  extra?: readonly PoolPart[];
  /** Keys of optional ability dice ("may be added") the player chose to add. */
  optionalAbilities?: readonly string[];
  /**
   * Keys (`addOn:<id>`) of the optional skill add-ons the player keeps. Absent: each one's default
   * (in, unless it needs a circumstance the pool cannot see, such as Stealth's "to detect covert movement").
   */
  addOns?: readonly string[];
  /** The roll resists another's Influence: only add-ons that "contest attempts from others" join. */
  resisting?: boolean;
  /**
   * Attributes the roll adds besides this pool's own (an Influence pool's SMR or TUF beside SOC): a
   * skill add-on defaulting to one of them does not bring it again ("the default's allocation is
   * only added once").
   */
  alsoRolled?: readonly AttributeKey[];
  /** The world's largest pool (setting `maxPool`); {@link MAX_POOL}`.default` when absent. */
  maxPool?: number;
}

export interface AssembledPool {
  /** Dice to roll (never below 0). */
  dice: number;
  parts: PoolPart[];
  /** False when the rules forbid the test (a skill whose root attribute is below 1 ...). */
  usable: boolean;
  /** Why not: the rules' message, as a line to localise. */
  reason?: RulesLine;
  /** Ability dice the player may choose to add ("may"), not yet in the pool. */
  optional: AbilityContribution[];
  /** EX the chosen abilities bind (Intense Concentration). */
  exCost: number;
  /** The skill add-ons the player may switch on or off ("may be added"), each with its state. */
  addOns: PoolAddOn[];
  /** The root attribute(s) of the test. */
  attributes: AttributeKey[];
  /** The pool was cut to the world's maximum: the dice it came to, and the maximum. */
  capped?: { from: number; max: number };
}

/** A skill add-on the player may keep or leave out, as the roll dialog and the sheet show it. */
export interface PoolAddOn {
  /** The dialog's toggle key (`addOn:<id>`). */
  key: string;
  /** The skill (a name, shown as it is). */
  label: string;
  dice: number;
  /** In the pool now. */
  included: boolean;
  /** In the pool unless the player leaves it out. */
  defaultOn: boolean;
  /** When it applies, in words (i18n key or a homebrew skill's own words), and its values. */
  hint?: string;
  hintData?: Record<string, string>;
}

const ADD_ON = "POLYVERSE.Verses.AddOn";

const ATTRIBUTE_LABEL: Record<AttributeKey, string> = {
  smr: "POLYVERSE.Verses.Attribute.smr.Abbr",
  prw: "POLYVERSE.Verses.Attribute.prw.Abbr",
  tuf: "POLYVERSE.Verses.Attribute.tuf.Abbr",
  soc: "POLYVERSE.Verses.Attribute.soc.Abbr",
};

const ATTRIBUTE_BY_ABBR: Record<string, AttributeKey> = { SMR: "smr", PRW: "prw", TUF: "tuf", SOC: "soc" };

/** Word the rules layer's parts by their source (names of attributes, skills and abilities stay as they are). */
function localiseSkillPart(part: { label: string; dice: number; source: string }): PoolPart {
  switch (part.source) {
    case "attribute": {
      const key = ATTRIBUTE_BY_ABBR[part.label];
      return key ? { label: ATTRIBUTE_LABEL[key], dice: part.dice } : { label: part.label, dice: part.dice };
    }
    case "ad":
      return { label: "POLYVERSE.Verses.Pool.AD", dice: part.dice };
    case "tec":
      return { label: "POLYVERSE.Verses.Pool.TecDifference", dice: part.dice };
    case "difficulty":
      return {
        label: "POLYVERSE.Verses.Pool.Difficulty",
        dice: part.dice,
        data: { skill: part.label },
      };
    case "anachronism":
      return { label: "POLYVERSE.Verses.Pool.Anachronism", dice: part.dice, data: { skill: part.label } };
    default:
      return { label: part.label, dice: part.dice };
  }
}

function skillActor(derived: LivingDerived, nativeTec?: number): SkillActor {
  const abilities: Record<string, number> = {};
  for (const a of derived.abilities) abilities[a.key] = Math.max(abilities[a.key] ?? 0, a.dice);
  return {
    attributes: derived.effective,
    abilities,
    skills: derived.skills,
    ...(nativeTec ? { nativeTec } : {}),
  };
}

/**
 * The pool for one test. `catalog` adds skill definitions the actor does not own (the
 * compendium's), so that unallocated defaults along a chain can still be looked up.
 */
export function assemblePool(
  source: Pick<LivingSource, "kind" | "modifiers"> & { nativeTec?: number },
  derived: LivingDerived,
  request: PoolRequest,
  catalog: SkillCatalog = [],
  options: SkillPoolOptions = {},
): AssembledPool {
  const ad = Math.max(0, wholeDice(request.ad));
  let parts: PoolPart[];
  let attributes: AttributeKey[] = [];
  let allocated = true;
  let difficultyPenalty = 0;

  if (request.skill) {
    const result = skillPool(
      skillActor(derived, source.nativeTec),
      [...derived.skillCatalog, ...catalog],
      {
        skills: [request.skill],
        ...(request.contextTec !== undefined ? { contextTec: request.contextTec } : {}),
      },
      options,
    );
    if (!result.ok)
      return {
        dice: 0,
        parts: [],
        usable: false,
        reason: rulesLine(result.reason),
        optional: [],
        exCost: 0,
        addOns: [],
        attributes,
      };
    parts = result.value.parts.map(localiseSkillPart);
    difficultyPenalty = -result.value.parts
      .filter((p) => p.source === "difficulty")
      .reduce((n, p) => n + p.dice, 0);
    allocated = result.value.allocated;
    const root: SkillDefault = result.value.root;
    if (root.kind === "attribute") attributes = [root.attribute];
  } else if (request.attribute || request.attributes?.length) {
    attributes = request.attribute ? [request.attribute] : [...new Set(request.attributes)];
    parts = attributes.map((a) => ({ label: ATTRIBUTE_LABEL[a], dice: derived.effective[a] }));
  } else {
    return {
      dice: 0,
      parts: [],
      usable: false,
      reason: { key: "POLYVERSE.Verses.Pool.NoAttributeOrSkill" },
      optional: [],
      exCost: 0,
      addOns: [],
      attributes,
    };
  }

  // Skill add-ons: skills whose dice "may be added" to this roll (rules/skill-addons.ts).
  const addOns = skillAddOnParts(derived, source.nativeTec, catalog, request, attributes, difficultyPenalty);
  parts.push(...addOns.parts);

  // Ability dice the rules add to this kind of test.
  const contributions = abilityDiceFor(
    {
      ...(request.action ? { action: request.action } : {}),
      attributes,
      tags: request.tags ?? [],
      skills: request.skill ? [request.skill] : [],
      fastAction: request.fastAction ?? false,
      unallocatedSkill: !allocated,
      ...(request.rangeM !== undefined ? { rangeM: request.rangeM } : {}),
    },
    derived.abilities,
  ).filter((c) => c.use === "add");
  const chosen = new Set(request.optionalAbilities ?? []);
  const optional: AbilityContribution[] = [];
  let exCost = 0;
  for (const c of contributions) {
    if (c.optional && !chosen.has(c.key)) {
      optional.push(c);
      continue;
    }
    parts.push({ label: c.label, dice: c.dice });
    exCost += c.exCost;
  }

  // Active Effects: dice on tests rooted in an attribute, and on every test.
  const dice = source.modifiers.dice;
  const effectDice = attributes.reduce((sum, a) => sum + dice[a], 0) + dice.all;
  if (effectDice !== 0) parts.push({ label: "POLYVERSE.Verses.Pool.Effects", dice: effectDice });

  // Conditions ("Status Conditions").
  for (const line of conditionDiceBreakdown(derived.conditions, {
    attributes,
    ...(request.meleeAttack ? { meleeAttack: true } : {}),
    ...(request.rest ? { rest: true } : {}),
    actorKind: source.kind,
  })) {
    parts.push({ label: `POLYVERSE.Verses.Condition.${line.condition}`, dice: line.dice });
  }

  // Armour or a shield without its skill: "a penalty to all PRW-related tests equal to the
  // respective skill difficulty".
  if (attributes.includes("prw") && derived.armour.unskilledDice > 0)
    parts.push({ label: "POLYVERSE.Verses.Pool.UnskilledArmour", dice: -derived.armour.unskilledDice });

  for (const extra of request.extra ?? []) parts.push(extra);
  if (ad > 0) parts.push({ label: "POLYVERSE.Verses.Pool.AD", dice: ad });

  // No pool is larger than the world allows: a last part cuts it, and says so.
  const capped = capPoolParts(parts, request.maxPool ?? MAX_POOL.default);
  return {
    dice: capped.dice,
    parts: capped.parts,
    usable: true,
    optional,
    exCost,
    addOns: addOns.toggles,
    attributes,
    ...(capped.cut > 0 ? { capped: { from: capped.from, max: capped.max } } : {}),
  };
}

/** The hint of an add-on's toggle: the circumstance it needs, or the condition the player judges. */
function addOnHint(rule: SkillAddOnRule): Pick<PoolAddOn, "hint" | "hintData"> {
  if (rule.situation === "custom") return rule.text ? { hint: rule.text } : {};
  if (rule.situation) return { hint: `${ADD_ON}.Situation.${rule.situation}` };
  if (rule.note) return { hint: `${ADD_ON}.Note.${rule.note}` };
  return {};
}

/**
 * The skill add-ons of a pool as labelled parts (each skill's dice under its name, a default it
 * brings under the attribute's), the toggles of the optional ones, and the tools of a Navigation
 * test (their OL). Optional add-ons are kept per `request.addOns`, else by their default.
 */
function skillAddOnParts(
  derived: LivingDerived,
  nativeTec: number | undefined,
  catalog: SkillCatalog,
  request: PoolRequest,
  attributes: readonly AttributeKey[],
  difficultyPenalty: number,
): { parts: PoolPart[]; toggles: PoolAddOn[] } {
  const actor = skillActor(derived, nativeTec);
  const all = [...derived.skillCatalog, ...catalog];
  const chosen = request.addOns ? new Set(request.addOns) : null;
  const found = skillAddOnsFor(
    actor,
    all,
    {
      ...(request.action ? { action: request.action } : {}),
      ...(request.skill
        ? { skill: request.skill }
        : { attributes: [...attributes, ...(request.alsoRolled ?? [])] }),
      ...(request.resisting ? { resisting: true } : {}),
      ad: Math.max(0, wholeDice(request.ad)),
      ...(request.meleeAttack !== undefined ? { meleeAttack: request.meleeAttack } : {}),
      wornArmour: derived.wornArmour ?? [],
      difficultyPenalty,
    },
    (offer) => (chosen ? chosen.has(offer.key) : offer.defaultOn),
    [...SKILL_ADD_ONS, ...addOnRulesOf(derived.skillCatalog)],
  );
  const parts: PoolPart[] = [];
  const toggles: PoolAddOn[] = [];
  for (const { offer, included } of found) {
    if (offer.optional)
      toggles.push({
        key: offer.key,
        label: offer.skill,
        dice: offer.dice,
        included,
        defaultOn: offer.defaultOn,
        ...addOnHint(offer.rule),
      });
    if (!included) continue;
    if (offer.rule.cap === "difficultyPenalty") {
      // Linguistics: its skill dice, up to the penalty they offset.
      parts.push({ label: offer.skill, dice: offer.dice });
      continue;
    }
    for (const part of offer.parts)
      parts.push(part.attribute ? { label: ATTRIBUTE_LABEL[part.attribute], dice: part.dice } : part);
  }
  if (request.skill && !request.action)
    for (const tool of navigationToolDice(request.skill, derived.tools ?? []))
      parts.push({ label: `${ADD_ON}.Tool`, dice: tool.dice, data: { tool: tool.label } });
  return { parts, toggles };
}
