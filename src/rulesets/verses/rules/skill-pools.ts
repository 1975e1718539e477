/**
 * Skill dice ('Verses Core 0.8.5: "Skill Defaults", "Attempting Unallocated Skills", "Root Defaults", "Skill Technology Levels", "General Skills", Historical Skill): a skill's default chain and its pool with a labelled breakdown. Pure: no Foundry, no globals. Definitions and references are in `skills.ts`.
 */
import {
  abilityAllocation,
  ANY_SPECIALISATION,
  ATTRIBUTE_LABELS,
  familyAllocations,
  findSkillDefinition,
  formatSkillRef,
  isRangedWeaponType,
  normalizeKey,
  parseSkillRef,
  sameSkill,
  skillAllocation,
  toRef,
  type SkillActor,
  type SkillCatalog,
  type SkillDefault,
  type SkillDefinition,
  type SkillRef,
  type SkillRefInput,
} from "./skills";
import { type AttributeKey, type Checked, refused } from "./types";
export type PoolPartSource =
  | "skill"
  | "attribute"
  | "ability"
  | "difficulty"
  | "ad"
  | "tec"
  | "anachronism"
  | "historical"
  | "addOn"
  | "bonus";

/**
 * One labelled part of a pool: `{ label: "Ship Systems", dice: 1, source: "skill" }`,
 * `{ label: "Stellar Navigation", dice: -2, source: "difficulty" }`. The label is a name, never a
 * sentence: an attribute's abbreviation, an ability's or a skill's name (for `difficulty` and
 * `anachronism` the skill whose difficulty it is), `AD` for the action dice and `TEC` for the TEC
 * difference. The glue words each part by its `source`.
 */
export interface PoolPart {
  label: string;
  dice: number;
  source: PoolPartSource;
}

/** An assembled pool with its breakdown. */
export interface SkillPool {
  /** Dice to roll: the sum of the parts, never below 0 (a pool reduced to 0 or less rolls nothing). */
  dice: number;
  /** The sum of the parts before clamping at 0. */
  total: number;
  parts: PoolPart[];
  /** Whether the tested (first) skill is allocated. Jack of All Trades reads this. */
  allocated: boolean;
  /** The root default of the tested skill. */
  root: SkillDefault;
}

/** Options a world setting may turn (text silent or ambiguous). */
export interface SkillPoolOptions {
  /**
   * Apply the General-skill TEC differential. Default true. The text applies it only "within a
   * game setting which is not constrained to a single Technology Level"; a world on one TEC may
   * turn it off.
   */
  tecDifferential?: boolean;
  /**
   * Whether Historical Skill's dice are capped at the TEC penalty they "offset" ("the Historical
   * Skill's skill dice may be applied to the test to offset the Technology Level differential
   * penalty"). Default false: the skill's own entry says "any allocated dice may be added to the
   * test pool", and Harry's 1 die against a −3 penalty does not decide it.
   */
  historicalSkillCappedAtTecPenalty?: boolean;
  /** The Historical Skill family name. Default `"Historical Skill"`. */
  historicalSkillName?: string;
}

/** What the pool is for. */
export interface SkillPoolRequest {
  /**
   * The skills composed into this action; the first is the tested skill. Their default chains are
   * merged and each node counted once ("the default's allocation is only added once").
   */
  skills: readonly SkillRefInput[];
  /** Skills of which only the allocation is added ("allocated dice may be added": Marksmanship, Herbalism ...). */
  addAllocated?: readonly SkillRefInput[];
  /** Action dice spent. */
  ad?: number;
  /** Other labelled dice: tools' OL, ability dice ({@link PoolPart} from `abilityDiceFor`), situational modifiers. */
  extra?: readonly PoolPart[];
  /** The TEC of the era the test happens in (General-skill differential). */
  contextTec?: number;
  /**
   * The GM rules the test involves "technology or processes that are anachronistic or unfamiliar
   * to the actor": subtract the tested skill's difficulty (unless Historical Skill applies).
   */
  anachronistic?: boolean;
  /** For `Family » *` defaults: the specialisation to use, by family (Marksmanship: the weapon in use). */
  wildcard?: Readonly<Record<string, string>>;
}

type ChainNode =
  | { kind: "attribute"; attribute: AttributeKey }
  | { kind: "ability"; ability: string }
  | { kind: "skill"; ref: SkillRef; definition: SkillDefinition };

function nodeId(node: ChainNode): string {
  if (node.kind === "attribute") return `attribute:${node.attribute}`;
  if (node.kind === "ability") return `ability:${normalizeKey(node.ability)}`;
  return `skill:${normalizeKey(node.ref.skill)}»${normalizeKey(node.ref.spec ?? "")}`;
}

/**
 * Resolve `Family » *` to one specialisation: the caller's choice, else the best allocated one. With
 * `ranged` (Marksmanship's "any ranged weapon type") only ranged weapon types count: the best
 * allocated one, else the first the catalog lists (unallocated); a melee choice is refused.
 */
export function resolveWildcard(
  actor: SkillActor,
  catalog: SkillCatalog,
  ref: SkillRef,
  wildcard?: Readonly<Record<string, string>>,
  ranged = false,
): Checked<SkillRef> {
  if (ref.spec !== ANY_SPECIALISATION) return { ok: true, value: ref };
  for (const [family, spec] of Object.entries(wildcard ?? {})) {
    if (normalizeKey(family) !== normalizeKey(ref.skill)) continue;
    const chosen = { skill: ref.skill, spec };
    if (ranged && !isRangedWeaponType(catalog, chosen)) {
      return refused("notRangedWeaponType", { skill: formatSkillRef(chosen), family: ref.skill });
    }
    return { ok: true, value: chosen };
  }
  const candidates = familyAllocations(actor, ref.skill).filter(
    (a) => !ranged || isRangedWeaponType(catalog, a),
  );
  const best = [...candidates].sort((a, b) => b.dice - a.dice)[0];
  if (best) return { ok: true, value: { skill: best.skill, spec: best.spec } };
  if (ranged) {
    const first = catalog.find(
      (d) =>
        normalizeKey(d.skill) === normalizeKey(ref.skill) &&
        d.spec !== undefined &&
        isRangedWeaponType(catalog, { skill: d.skill, spec: d.spec }),
    );
    if (first?.spec !== undefined) return { ok: true, value: { skill: first.skill, spec: first.spec } };
  }
  return { ok: true, value: ref };
}

/**
 * The skill a skill default names. A name that is no skill family but a specialisation of the
 * defaulting skill's own family is that sibling: Weapons » Polearms "default: Skill Staves" is
 * Weapons » Staves.
 */
export function defaultRef(
  catalog: SkillCatalog,
  from: SkillDefinition,
  d: { skill: string; spec?: string },
): SkillRef {
  const ref: SkillRef = d.spec === undefined ? { skill: d.skill } : { skill: d.skill, spec: d.spec };
  if (d.spec !== undefined || catalog.some((c) => normalizeKey(c.skill) === normalizeKey(d.skill)))
    return ref;
  const sibling = catalog.find(
    (c) =>
      normalizeKey(c.skill) === normalizeKey(from.skill) &&
      c.spec !== undefined &&
      normalizeKey(c.spec) === normalizeKey(d.skill),
  );
  return sibling?.spec !== undefined ? { skill: sibling.skill, spec: sibling.spec } : ref;
}

/**
 * Historical Skill "may be allocated and specialized with a specific General skill" ("General
 * Skills"; its entry: "Historical Skill » 1 General Skill"): refused for a skill that is unknown
 * or not in the General list.
 */
export function checkHistoricalSpecialisation(
  catalog: SkillCatalog,
  ref: SkillRef,
  historicalSkillName = HISTORICAL_SKILL,
): Checked<true> {
  if (normalizeKey(ref.skill) !== normalizeKey(historicalSkillName)) return { ok: true, value: true };
  if (ref.spec === undefined || ref.spec === ANY_SPECIALISATION) return { ok: true, value: true };
  const general = findSkillDefinition(catalog, parseSkillRef(ref.spec));
  if (general?.tec === "general") return { ok: true, value: true };
  return refused(general ? "historicalNotGeneral" : "historicalUnknownGeneral", {
    skill: formatSkillRef(ref),
    historical: historicalSkillName,
    spec: ref.spec,
  });
}

/**
 * The chain of defaults of a skill, from the skill to its root default ("Root Defaults": "If a
 * skill's default is another skill, look at that skill's default. Repeat this process until the
 * default is not a skill.").
 */
export function defaultChain(
  actor: SkillActor,
  catalog: SkillCatalog,
  skill: SkillRefInput,
  wildcard?: Readonly<Record<string, string>>,
): Checked<{ skills: { ref: SkillRef; definition: SkillDefinition }[]; root: SkillDefault }> {
  const nodes = chainNodes(actor, catalog, toRef(skill), wildcard);
  if (!nodes.ok) return nodes;
  const skills: { ref: SkillRef; definition: SkillDefinition }[] = [];
  let root: SkillDefault | undefined;
  for (const n of nodes.value) {
    if (n.kind === "skill") skills.push({ ref: n.ref, definition: n.definition });
    else root = n.kind === "attribute" ? n : { kind: "ability", ability: n.ability };
  }
  if (!root) return refused("noRootDefaultOf", { skill: formatSkillRef(skill) });
  return { ok: true, value: { skills, root } };
}

function chainNodes(
  actor: SkillActor,
  catalog: SkillCatalog,
  start: SkillRef,
  wildcard?: Readonly<Record<string, string>>,
): Checked<ChainNode[]> {
  const nodes: ChainNode[] = [];
  const seen = new Set<string>();
  const historical = checkHistoricalSpecialisation(catalog, start);
  if (!historical.ok) return historical;
  const first = resolveWildcard(actor, catalog, start, wildcard);
  if (!first.ok) return first;
  let ref: SkillRef = first.value;
  for (;;) {
    const definition = findSkillDefinition(catalog, ref);
    if (!definition) return refused("unknownSkill", { skill: formatSkillRef(ref) });
    if (
      definition.repeatable &&
      (ref.spec === undefined || ref.spec === ANY_SPECIALISATION) &&
      nodes.length === 0
    ) {
      return refused("repeatableNameSpecialisation", { skill: definition.skill });
    }
    const concrete: SkillRef =
      definition.spec !== undefined && ref.spec === undefined ? { ...ref, spec: definition.spec } : ref;
    const node: ChainNode = { kind: "skill", ref: concrete, definition };
    const id = nodeId(node);
    if (seen.has(id)) return refused("defaultChainLoops", { skill: formatSkillRef(start) });
    seen.add(id);
    nodes.push(node);
    const d = definition.default;
    if (d.kind === "attribute") {
      nodes.push({ kind: "attribute", attribute: d.attribute });
      return { ok: true, value: nodes };
    }
    if (d.kind === "ability") {
      nodes.push({ kind: "ability", ability: d.ability });
      return { ok: true, value: nodes };
    }
    const next = resolveWildcard(
      actor,
      catalog,
      defaultRef(catalog, definition, d),
      wildcard,
      d.ranged === true,
    );
    if (!next.ok) return next;
    ref = next.value;
  }
}

/**
 * Whether a skill can be used at all ("Root Defaults"): "A skill whose root default is an ability
 * may not be allocated or used without allocating at least one die to the ability. A skill with an
 * attribute as its root default may not be allocated or used unless that attribute has at least
 * 1 as its value." (TV-15: Deena cannot use Call » Flame with Channel Power 0.)
 */
export function canUseSkill(
  actor: SkillActor,
  catalog: SkillCatalog,
  skill: SkillRefInput,
  wildcard?: Readonly<Record<string, string>>,
): Checked<SkillDefault> {
  const chain = defaultChain(actor, catalog, skill, wildcard);
  if (!chain.ok) return chain;
  const root = chain.value.root;
  if (root.kind === "attribute" && actor.attributes[root.attribute] < 1) {
    return refused("rootAttributeBelowOne", {
      skill: formatSkillRef(skill),
      attribute: ATTRIBUTE_LABELS[root.attribute],
    });
  }
  if (root.kind === "ability" && abilityAllocation(actor, root.ability) < 1) {
    return refused("rootAbilityUnallocated", { skill: formatSkillRef(skill), ability: root.ability });
  }
  return { ok: true, value: root };
}

/**
 * Assemble a skill test's dice pool with its breakdown ("Skill Defaults", "Attempting Unallocated
 * Skills", "General Skills"):
 * - "the pool is assembled from all allocated dice for the skill plus the pool that would be used
 *   if the actor was using the skill's default", recursively to the root default;
 * - skills composed in one action merge their chains and "the default's allocation is only added
 *   once";
 * - an unallocated skill uses "its nearest ancestor default", and "the difficulty of the
 *   unallocated skill and any unallocated defaults are subtracted" (a prerequisite that is not a
 *   default subtracts nothing: TV-11);
 * - General skills lose `|training TEC − context TEC|` dice, once per test (spec §11.2 #38);
 * - an anachronistic test also subtracts the tested skill's difficulty, unless the actor has
 *   Historical Skill » (that skill) and the context is historical for it, which removes that
 *   penalty and adds Historical Skill's allocated dice.
 * Refused when a root default is an attribute below 1 or an unallocated ability (TV-15).
 * TV-08 Anders 9d6; TV-09 Gemma 6d6; TV-10 Padma 3d6; TV-12 Harry 9d6; TV-13 3d6; TV-14 7d6.
 */
export function skillPool(
  actor: SkillActor,
  catalog: SkillCatalog,
  request: SkillPoolRequest,
  options: SkillPoolOptions = {},
): Checked<SkillPool> {
  const first = request.skills[0];
  if (first === undefined) return refused("poolNeedsSkill");
  const nodes: ChainNode[] = [];
  const seen = new Set<string>();
  let root: SkillDefault | undefined;
  for (const s of request.skills) {
    const usable = canUseSkill(actor, catalog, s, request.wildcard);
    if (!usable.ok) return usable;
    if (root === undefined) root = usable.value;
    const chain = chainNodes(actor, catalog, toRef(s), request.wildcard);
    if (!chain.ok) return chain;
    for (const n of chain.value) {
      const id = nodeId(n);
      if (!seen.has(id)) {
        seen.add(id);
        nodes.push(n);
      }
    }
  }
  if (root === undefined) return refused("noRootDefault");

  const parts: PoolPart[] = [];
  const penalties: PoolPart[] = [];
  for (const n of nodes) {
    if (n.kind === "attribute") {
      parts.push({
        label: ATTRIBUTE_LABELS[n.attribute],
        dice: actor.attributes[n.attribute],
        source: "attribute",
      });
    } else if (n.kind === "ability") {
      parts.push({ label: n.ability, dice: abilityAllocation(actor, n.ability), source: "ability" });
    } else {
      const alloc = skillAllocation(actor, n.ref);
      if (alloc > 0) parts.push({ label: formatSkillRef(n.ref), dice: alloc, source: "skill" });
      else
        penalties.push({
          label: formatSkillRef(n.ref),
          dice: -n.definition.difficulty,
          source: "difficulty",
        });
    }
  }

  for (const s of request.addAllocated ?? []) {
    const resolved = resolveWildcard(actor, catalog, toRef(s), request.wildcard);
    if (!resolved.ok) return resolved;
    const ref = resolved.value;
    const alloc = skillAllocation(actor, ref);
    if (alloc > 0 && !seen.has(`skill:${normalizeKey(ref.skill)}»${normalizeKey(ref.spec ?? "")}`)) {
      parts.push({ label: formatSkillRef(ref), dice: alloc, source: "addOn" });
    }
  }

  const ad = request.ad ?? 0;
  if (ad !== 0) parts.push({ label: "AD", dice: ad, source: "ad" });
  for (const e of request.extra ?? []) parts.push(e);
  parts.push(...penalties);

  // General-skill TEC differential, once per test (the largest difference among the General skills in play).
  let tecPenalty = 0;
  if (request.contextTec !== undefined && options.tecDifferential !== false) {
    for (const n of nodes) {
      if (n.kind !== "skill" || n.definition.tec !== "general") continue;
      const trained = trainingTec(actor, n.ref);
      if (trained !== undefined) tecPenalty = Math.max(tecPenalty, Math.abs(trained - request.contextTec));
    }
  }
  if (tecPenalty > 0) parts.push({ label: "TEC", dice: -tecPenalty, source: "tec" });

  // Anachronism and Historical Skill, for the tested skill.
  const tested = nodes[0];
  if (tested && tested.kind === "skill") {
    const historical = historicalSkillDice(actor, tested, request.contextTec, options);
    if (historical > 0) {
      const dice = options.historicalSkillCappedAtTecPenalty ? Math.min(historical, tecPenalty) : historical;
      if (dice > 0)
        parts.push({
          label: formatSkillRef({
            skill: options.historicalSkillName ?? HISTORICAL_SKILL,
            spec: tested.ref.skill,
          }),
          dice,
          source: "historical",
        });
    } else if (request.anachronistic) {
      parts.push({
        label: formatSkillRef(tested.ref),
        dice: -tested.definition.difficulty,
        source: "anachronism",
      });
    }
  }

  const total = parts.reduce((sum, p) => sum + p.dice, 0);
  const allocated = tested !== undefined && tested.kind === "skill" && skillAllocation(actor, tested.ref) > 0;
  return { ok: true, value: { dice: Math.max(0, total), total, parts, allocated, root } };
}

/** The family name of Historical Skill » (General skill) (TEC 2+, difficulty 3, default SMR). */
export const HISTORICAL_SKILL = "Historical Skill";

function trainingTec(actor: SkillActor, ref: SkillRef): number | undefined {
  const found = actor.skills.find((a) => sameSkill(a, ref) && a.dice > 0);
  return found?.tec ?? actor.nativeTec;
}

/**
 * Historical Skill's allocated dice that apply: only for a General skill used "in a Technology
 * Level context less than the actor's native level" (its training TEC), with `Historical Skill »
 * (that skill)` allocated; 0 otherwise.
 */
function historicalSkillDice(
  actor: SkillActor,
  tested: { ref: SkillRef; definition: SkillDefinition },
  contextTec: number | undefined,
  options: SkillPoolOptions,
): number {
  if (tested.definition.tec !== "general" || contextTec === undefined) return 0;
  const trained = trainingTec(actor, tested.ref);
  if (trained === undefined || contextTec >= trained) return 0;
  return skillAllocation(actor, {
    skill: options.historicalSkillName ?? HISTORICAL_SKILL,
    spec: tested.ref.skill,
  });
}

/** Options of the Skillfulness count. */
