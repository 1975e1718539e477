/**
 * Allocating skills ('Verses Core 0.8.5: "Prerequisites", "Repeatable Skills", Skillfulness): who may allocate a skill, how many skills an actor may allocate, chain limits and reload reduction. Pure: no Foundry, no globals.
 */
import { canUseSkill, checkHistoricalSpecialisation, defaultRef, resolveWildcard } from "./skill-pools";
import {
  abilityAllocation,
  ANY_SPECIALISATION,
  ATTRIBUTE_LABELS,
  findSkillDefinition,
  formatSkillRef,
  MAX_RATED_VALUE,
  normalizeKey,
  skillAllocation,
  toRef,
  type SkillActor,
  type SkillAllocation,
  type SkillCatalog,
  type SkillDefault,
  type SkillPrerequisite,
  type SkillRef,
  type SkillRefInput,
} from "./skills";
import { type Checked, type RulesMessage, refused } from "./types";
export interface SkillfulnessOptions {
  /**
   * How allocated skills count against SK. `"perEntry"` (default, spec §11.2 #37): each allocated
   * skill entry, so each specialisation of a repeatable skill and each language, counts 1.
   * `"perFamily"`: a repeatable family counts once.
   */
  count?: "perEntry" | "perFamily";
  /**
   * Whether the species' free skill die (the Human's Language die) counts. Default true: "The
   * maximum number of skills an actor may allocate is given by the Skillfulness derived attribute"
   * ("Skills"). The Derived Attributes section says SK counts skills "allocated with refinement
   * dice", which the species die is not; set false for that reading.
   */
  countSpeciesSkills?: boolean;
}

/** The number of allocated skills that count against Skillfulness (SK). */
export function countAllocatedSkills(
  skills: readonly SkillAllocation[],
  options: SkillfulnessOptions = {},
): number {
  const counted = skills.filter(
    (s) => s.dice > 0 && (options.countSpeciesSkills !== false || !s.fromSpecies),
  );
  if (options.count === "perFamily") return new Set(counted.map((s) => normalizeKey(s.skill))).size;
  return new Set(counted.map((s) => `${normalizeKey(s.skill)}»${normalizeKey(s.spec ?? "")}`)).size;
}

/** Options of {@link canAllocateSkill}. */
export interface SkillAllocationOptions extends SkillfulnessOptions {
  /** The actor's Skillfulness (SK); absent = not checked. */
  skillfulness?: number;
  /**
   * The TEC of the setting: "any skills or equipment at or below the society's TEC is available"
   * ("Technology Levels"). Absent = not checked. General skills are available at every TEC.
   */
  availableTec?: number;
  /** For `Family » *` defaults or prerequisites, the specialisation to use. */
  wildcard?: Readonly<Record<string, string>>;
  /** The Historical Skill family name. Default `"Historical Skill"`. */
  historicalSkillName?: string;
}

function prerequisiteMet(
  actor: SkillActor,
  catalog: SkillCatalog,
  p: SkillDefault | SkillPrerequisite,
  wildcard?: Readonly<Record<string, string>>,
): boolean {
  if (p.kind === "attribute") return actor.attributes[p.attribute] >= 1;
  if (p.kind === "ability") return abilityAllocation(actor, p.ability) >= 1;
  if ("ranged" in p && p.ranged === true) {
    // "any ranged weapon type": the chosen one, else the best allocated one, must be ranged and allocated.
    const chosen = resolveWildcard(
      actor,
      catalog,
      { skill: p.skill, spec: p.spec ?? ANY_SPECIALISATION },
      wildcard,
      true,
    );
    return chosen.ok && chosen.value.spec !== ANY_SPECIALISATION && skillAllocation(actor, chosen.value) >= 1;
  }
  return skillAllocation(actor, { skill: p.skill, spec: p.spec }) >= 1;
}

/**
 * Why a skill cannot be allocated yet: its default (`default`) or a prerequisite (`prerequisite`)
 * is not allocated; the message names it as an attribute, an ability, a skill or any ranged weapon type.
 */
function missingPrerequisite(
  skill: string,
  p: SkillDefault | SkillPrerequisite,
  what: "default" | "prerequisite",
): { ok: false; reason: RulesMessage } {
  const def = what === "default";
  if (p.kind === "attribute")
    return refused(def ? "skillNeedsDefault" : "skillNeedsPrerequisite", {
      skill,
      prerequisite: ATTRIBUTE_LABELS[p.attribute],
    });
  if (p.kind === "ability")
    return refused(def ? "skillNeedsDefaultAbility" : "skillNeedsPrerequisiteAbility", {
      skill,
      ability: p.ability,
    });
  if ("ranged" in p && p.ranged === true)
    return refused(def ? "skillNeedsDefaultRanged" : "skillNeedsPrerequisiteRanged", {
      skill,
      family: p.skill,
    });
  return refused(def ? "skillNeedsDefault" : "skillNeedsPrerequisite", {
    skill,
    prerequisite: formatSkillRef({ skill: p.skill, spec: p.spec }),
  });
}

/**
 * Whether one more die may be allocated to a skill ("Prerequisites", "Repeatable Skills",
 * "Character Advancement"): "A skill's default and all listed prerequisites must be allocated with
 * at least 1 die before the skill may be allocated"; "Repeatable skills cannot be allocated as
 * unspecialized"; the root default must be usable; the maximum rated value is 5; a new skill must
 * fit under Skillfulness. Returns the new allocation.
 */
export function canAllocateSkill(
  actor: SkillActor,
  catalog: SkillCatalog,
  skill: SkillRefInput,
  options: SkillAllocationOptions = {},
): Checked<number> {
  const ref = toRef(skill);
  const definition = findSkillDefinition(catalog, ref);
  if (!definition) return refused("unknownSkill", { skill: formatSkillRef(ref) });
  if (definition.repeatable && (ref.spec === undefined || ref.spec === ANY_SPECIALISATION))
    return refused("repeatableNeedsSpecialisation", { skill: definition.skill });
  const concrete: SkillRef =
    ref.spec === undefined && definition.spec !== undefined ? { ...ref, spec: definition.spec } : ref;
  const historical = checkHistoricalSpecialisation(catalog, concrete, options.historicalSkillName);
  if (!historical.ok) return historical;
  const d: SkillDefault =
    definition.default.kind === "skill"
      ? { ...definition.default, ...defaultRef(catalog, definition, definition.default) }
      : definition.default;
  const usable = canUseSkill(actor, catalog, concrete, options.wildcard);
  if (!usable.ok) return usable;
  if (!prerequisiteMet(actor, catalog, d, options.wildcard))
    return missingPrerequisite(formatSkillRef(concrete), d, "default");
  for (const p of definition.prerequisites) {
    if (!prerequisiteMet(actor, catalog, p, options.wildcard))
      return missingPrerequisite(formatSkillRef(concrete), p, "prerequisite");
  }
  if (
    options.availableTec !== undefined &&
    definition.tec !== "general" &&
    definition.tec > options.availableTec
  ) {
    return refused("skillTec", {
      skill: formatSkillRef(concrete),
      tec: definition.tec,
      available: options.availableTec,
    });
  }
  const current = skillAllocation(actor, concrete);
  if (current >= MAX_RATED_VALUE) {
    return refused("atMaximumRating", { name: formatSkillRef(concrete), max: MAX_RATED_VALUE });
  }
  if (current === 0 && options.skillfulness !== undefined) {
    const after = countAllocatedSkills([...actor.skills, { ...concrete, dice: 1 }], options);
    if (after > options.skillfulness) {
      return refused("skillfulnessFull", { skillfulness: options.skillfulness });
    }
  }
  return { ok: true, value: current + 1 };
}

/**
 * The chain limit given by skills ("Action Chaining"; the weapon-skill entries; Unarmed Combat;
 * Grappling; Two Weapon Fighting): the allocation of every named skill whose definition carries a
 * chain-limit note (`sets` or `adds`) is summed. `[Weapons » Swords, Two Weapon Fighting]` with 1
 * and 3 dice gives 4 (TV-16: Peele "can chain up to three more attacks").
 */
export function skillChainLimit(
  actor: SkillActor,
  catalog: SkillCatalog,
  skills: readonly SkillRefInput[],
): number {
  let limit = 0;
  for (const s of skills) {
    const definition = findSkillDefinition(catalog, s);
    if (definition?.chainLimit) limit += skillAllocation(actor, s);
  }
  return limit;
}

/**
 * The AD cost of reloading with a reload-reducing skill (Weapons » Bows, Crossbows, Muzzle-Loading
 * Firearms, Firearms, Modern Small Arms): "reduced by the number of allocated dice, to a minimum
 * of 1AD". For `Reload(#AD/shot)` weapons this is the cost per shot (spec §11.2 #17). TV-C14:
 * Crossbow 10AD with Crossbows 3 is 7AD; Revolver 6AD with Firearms 5 is 1AD; Shotgun 3AD/shot
 * with Firearms 2 is 1AD per shot.
 */
export function skillReloadCost(baseAd: number, allocated: number): number {
  return Math.max(1, baseAd - Math.max(0, allocated));
}
