/**
 * Skills: definitions, skill dice (pool assembly with a labelled breakdown), unallocated use, root
 * defaults, prerequisites, repeatable `»` specialisations, Skillfulness, the General-skill TEC
 * differential, anachronism and Historical Skill, chain limits and reload reduction.
 * ('Verses Core 0.8.5: "Skills", "Skill Defaults", "Attempting Unallocated Skills", "Root
 * Defaults", "Prerequisites", "Repeatable Skills", "Skill Technology Levels", "General Skills").
 *
 * Pure: no Foundry, no globals. The 68 core skills are compendium content; this module only
 * declares the {@link SkillDefinition} shape they fill and the rules that read it.
 */
import type { AttributeKey, Checked } from "./types";

/** Display labels of the core attributes, as the text abbreviates them. */
export const ATTRIBUTE_LABELS: Readonly<Record<AttributeKey, string>> = {
  smr: "SMR",
  prw: "PRW",
  tuf: "TUF",
  soc: "SOC",
};

/** The highest rated value ("Rated Values": "Rated values go from zero to five"). */
export const MAX_RATED_VALUE = 5;

/**
 * A comparison key for names: lower case, letters and digits only. "Strategy & Tactics",
 * "strategy-tactics" and "strategyTactics" all compare equal, so compendium keys and the text's
 * names ("Skill *Biology*", "Ability *Scent Tracking*") can refer to one another.
 */
export function normalizeKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** The specialisation wildcard of a category reference, `Language » *` ("Repeatable Skills"). */
export const ANY_SPECIALISATION = "*";

/**
 * A reference to a skill: its family name and, for a repeatable skill, the specialisation
 * (`Weapons » Swords` is `{ skill: "Weapons", spec: "Swords" }`). `spec: "*"` is the category:
 * "Language » * refers to a general category" ("Repeatable Skills").
 */
export interface SkillRef {
  skill: string;
  spec?: string;
}

/** A skill reference as data or as text (`"Weapons » Swords"`, `"Weapons >> Swords"`, `"Biology"`). */
export type SkillRefInput = SkillRef | string;

/**
 * Parse the text's `Family » Specialisation` notation ("Repeatable skills are listed with ...
 * a double-chevron (»)"). `>>` is accepted for keyboards without `»`.
 */
export function parseSkillRef(text: string): SkillRef {
  const parts = text.split(/»|>>/);
  const skill = (parts[0] ?? "").trim();
  if (parts.length < 2) return { skill };
  const spec = parts.slice(1).join("»").trim();
  return spec === "" ? { skill } : { skill, spec };
}

/** A skill reference as the text writes it: `Weapons » Swords`, `Biology`. */
export function formatSkillRef(ref: SkillRefInput): string {
  const r = toRef(ref);
  return r.spec === undefined ? r.skill : `${r.skill} » ${r.spec}`;
}

/** Whether two references name the same skill (names compared with {@link normalizeKey}). */
export function sameSkill(a: SkillRefInput, b: SkillRefInput): boolean {
  const x = toRef(a);
  const y = toRef(b);
  return (
    normalizeKey(x.skill) === normalizeKey(y.skill) &&
    normalizeKey(x.spec ?? "") === normalizeKey(y.spec ?? "")
  );
}

function toRef(ref: SkillRefInput): SkillRef {
  return typeof ref === "string" ? parseSkillRef(ref) : ref;
}

/**
 * A skill's default ("Skill Defaults"): "The attribute, ability, or more general skill which a
 * skill refines". A skill default with `spec: "*"` means "any single" specialisation of the family
 * (Linguistics: `Language » *`); with `ranged: true` only a ranged weapon type will do
 * (Marksmanship: "Skill Weapons » any ranged weapon type", see {@link isRangedWeaponType}).
 */
export type SkillDefault =
  | { kind: "attribute"; attribute: AttributeKey }
  | { kind: "ability"; ability: string }
  | { kind: "skill"; skill: string; spec?: string; ranged?: boolean };

/** An extra prerequisite (`prereq:` line, "Prerequisites"): a skill (or `Family » *`) or an ability. */
export type SkillPrerequisite =
  { kind: "skill"; skill: string; spec?: string } | { kind: "ability"; ability: string };

/**
 * The TEC group a skill is listed under ("Skill Technology Levels"): `"general"` (available at
 * every TEC, subject to the TEC differential) or the TEC 1..5 at which it becomes available.
 */
export type SkillTecGroup = "general" | 1 | 2 | 3 | 4 | 5;

/**
 * Which chain limit a skill's allocation counts toward ("Action Chaining": Chain Limit = "the
 * number of dice allocated to the capabilities that enable chaining of the relevant action type").
 * `sets`: its allocation is the limit (weapon skills of Chainable weapons, Unarmed Combat,
 * Grappling); `adds`: its allocation is added to the limit (Two Weapon Fighting: "allows her to
 * chain up to three more attacks").
 */
export type ChainLimitNote = { mode: "sets"; chain: string } | { mode: "adds"; chain: string };

/** How a skill adds to other pools: its allocation only, or its whole skill dice (with dedupe). */
export interface SkillAddOn {
  /** What it adds to, e.g. `"dodge"`, `"parry"`, `"influence/charm"`, `"healing"`. */
  hook: string;
  /** "allocated dice may be added" vs "skill dice may be added" (spec §5.1). */
  mode: "allocated" | "skillDice";
  /** A condition in words, e.g. "while wearing heavy armor". */
  condition?: string;
}

/**
 * One skill as the compendium stores it (the text's stat line `difficulty: 2 default: Skill Ship
 * Systems prereq: ...`). A repeatable skill is stored either per fixed specialisation (`Weapons »
 * Swords`, `spec: "Swords"`: its own difficulty and default) or once as an open family
 * (`Language`, no `spec`, with `specialisationHint: "1 language"`). "If a repeatable skill is
 * referenced with a relevant specialization, that specialized skill takes precedence over the
 * more general form": {@link findSkillDefinition} prefers the fixed entry.
 */
export interface SkillDefinition {
  /** The family name (`"Weapons"`, `"Biology"`); compared with {@link normalizeKey}. */
  skill: string;
  /** The fixed specialisation of this entry, for repeatable skills listed per specialisation. */
  spec?: string;
  /** Difficulty 0..5: subtracted when the skill is used unallocated. */
  difficulty: number;
  default: SkillDefault;
  /** Extra prerequisites besides the default ("Skill defaults are always considered prerequisites"). */
  prerequisites: readonly SkillPrerequisite[];
  /** "A repeatable skill is one that may be allocated more than once ... for individual specializations." */
  repeatable: boolean;
  /** What the specialisation names, e.g. "1 type of animal-drawn vehicle". */
  specialisationHint?: string;
  tec: SkillTecGroup;
  /** A grouping outside the TEC lists: `"animal"` (animal training skills), a rules module's name. */
  category?: string;
  chainLimit?: ChainLimitNote;
  /** "Reload AD reduced by allocated dice (min 1AD)" (the ranged weapon skills). */
  reloadReduction?: boolean;
  addsTo?: readonly SkillAddOn[];
  /** Any other mechanical note, in words. */
  notes?: string;
  /**
   * A ranged weapon type (for "Weapons » any ranged weapon type"). Absent: read from the text's
   * weapon lists ({@link RANGED_WEAPON_TYPES}); an expansion's weapon skill may set it.
   */
  ranged?: boolean;
}

/** The skills a pool function can look up. */
export type SkillCatalog = readonly SkillDefinition[];

/** The family of the weapon skills ("Weapons » Swords"). */
export const WEAPONS_FAMILY = "Weapons";

/**
 * The ranged weapon types of the core text: the `Weapons » *` skills whose listed weapons all attack
 * at range (their TEST is a ranged success target such as `2S@10m,30,50,70,90`): Bows, Crossbows,
 * Hand Grenades (TEC 1), Muzzle-Loading Firearms (TEC 2), Firearms (TEC 3), Modern Small Arms (TEC 4).
 * Polearms are not: their `@3m` is reach, and they are melee weapons with Parry.
 */
export const RANGED_WEAPON_TYPES: readonly string[] = [
  "Bows",
  "Crossbows",
  "Hand Grenades",
  "Muzzle-Loading Firearms",
  "Firearms",
  "Modern Small Arms",
];

/** Whether a skill is a ranged weapon type: its definition's `ranged`, else {@link RANGED_WEAPON_TYPES}. */
export function isRangedWeaponType(catalog: SkillCatalog, ref: SkillRefInput): boolean {
  const r = toRef(ref);
  if (r.spec === undefined || r.spec === ANY_SPECIALISATION) return false;
  const definition = findSkillDefinition(catalog, r);
  if (definition?.ranged !== undefined) return definition.ranged;
  return (
    normalizeKey(r.skill) === normalizeKey(WEAPONS_FAMILY) &&
    RANGED_WEAPON_TYPES.some((t) => normalizeKey(t) === normalizeKey(r.spec ?? ""))
  );
}

/**
 * A definition as the text means it, where the compendium's data cannot say it: Marksmanship's
 * default is stored as `Weapons » *`, but the text's stat line is "default: Skill Weapons » any
 * ranged weapon type", so it carries `ranged: true`.
 */
function asTextReads(definition: SkillDefinition): SkillDefinition {
  const d = definition.default;
  if (
    normalizeKey(definition.skill) === "marksmanship" &&
    d.kind === "skill" &&
    d.ranged === undefined &&
    normalizeKey(d.skill) === normalizeKey(WEAPONS_FAMILY) &&
    (d.spec === undefined || d.spec === ANY_SPECIALISATION)
  ) {
    return { ...definition, default: { ...d, spec: ANY_SPECIALISATION, ranged: true } };
  }
  return definition;
}

/**
 * Find a skill's definition. A fixed specialisation entry wins over the open family entry
 * ("that specialized skill takes precedence over the more general form"); a specialisation with no
 * fixed entry is the open family's (`Language » Japanese`), and unknown when the family has none
 * (`Weapons » Slings`, `Armor » Plate`: not a sibling such as Weapons » Axes). A family referenced
 * with `*` or with no specialisation finds any entry of the family (its open entry first).
 */
export function findSkillDefinition(catalog: SkillCatalog, ref: SkillRefInput): SkillDefinition | undefined {
  const r = toRef(ref);
  const family = catalog.filter((d) => normalizeKey(d.skill) === normalizeKey(r.skill));
  if (family.length === 0) return undefined;
  const open = family.find((d) => d.spec === undefined);
  if (r.spec !== undefined && r.spec !== ANY_SPECIALISATION) {
    const fixed = family.find(
      (d) => d.spec !== undefined && normalizeKey(d.spec) === normalizeKey(r.spec ?? ""),
    );
    const found = fixed ?? open;
    return found && asTextReads(found);
  }
  const any = open ?? family[0];
  return any && asTextReads(any);
}

/**
 * An allocated skill on an actor. `tec` is the TEC of the actor's training for a General skill
 * ("these skills should be considered to have an additional level of specialization: The
 * Technology Level which the skill's knowledge domain covers"); absent means the actor's native
 * TEC. `fromSpecies` marks the species' free skill die (the Human's Language die).
 */
export interface SkillAllocation {
  skill: string;
  spec?: string;
  dice: number;
  tec?: number;
  fromSpecies?: boolean;
}

/** What the skill rules need to know of an actor. */
export interface SkillActor {
  /** Current (effective) core attributes: conditions may have lowered them, even to 0. */
  attributes: Readonly<Record<AttributeKey, number>>;
  /** Allocated ability dice by ability key or name (compared with {@link normalizeKey}). */
  abilities: Readonly<Record<string, number>>;
  skills: readonly SkillAllocation[];
  /** The actor's native TEC, the default training TEC of its General skills. */
  nativeTec?: number;
}

/** Allocated dice of a skill on an actor (0 = unallocated). A family reference with `*` gives the best one. */
export function skillAllocation(actor: SkillActor, ref: SkillRefInput): number {
  const r = toRef(ref);
  if (r.spec === ANY_SPECIALISATION) {
    return Math.max(0, ...familyAllocations(actor, r.skill).map((a) => a.dice));
  }
  const found = actor.skills.find((a) => sameSkill(a, r));
  return found ? Math.max(0, found.dice) : 0;
}

function familyAllocations(actor: SkillActor, family: string): SkillAllocation[] {
  return actor.skills.filter((a) => normalizeKey(a.skill) === normalizeKey(family) && a.dice > 0);
}

/** Allocated dice of an ability (0 = unallocated; "Abilities cannot be attempted unallocated"). */
export function abilityAllocation(actor: SkillActor, ability: string): number {
  const key = normalizeKey(ability);
  let dice = 0;
  for (const [name, value] of Object.entries(actor.abilities)) if (normalizeKey(name) === key) dice = value;
  return Math.max(0, dice);
}

/** Where a die of a pool comes from, for the sheet's breakdown. */
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

/** One labelled part of a pool: `{ label: "Ship Systems", dice: 1 }`, `{ label: "Stellar Navigation difficulty", dice: -2 }`. */
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
function resolveWildcard(
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
      return {
        ok: false,
        reason: `${formatSkillRef(chosen)} is not a ranged weapon type (the default is "${ref.skill} » any ranged weapon type").`,
      };
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
function defaultRef(
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
function checkHistoricalSpecialisation(
  catalog: SkillCatalog,
  ref: SkillRef,
  historicalSkillName = HISTORICAL_SKILL,
): Checked<true> {
  if (normalizeKey(ref.skill) !== normalizeKey(historicalSkillName)) return { ok: true, value: true };
  if (ref.spec === undefined || ref.spec === ANY_SPECIALISATION) return { ok: true, value: true };
  const general = findSkillDefinition(catalog, parseSkillRef(ref.spec));
  if (general?.tec === "general") return { ok: true, value: true };
  return {
    ok: false,
    reason: `${formatSkillRef(ref)}: ${historicalSkillName} is "specialized with a specific General skill"; ${ref.spec} is ${general ? "not a General skill" : "not a known General skill"}.`,
  };
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
  if (!root) return { ok: false, reason: `${formatSkillRef(skill)} has no root default.` };
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
    if (!definition) return { ok: false, reason: `Unknown skill: ${formatSkillRef(ref)}.` };
    if (
      definition.repeatable &&
      (ref.spec === undefined || ref.spec === ANY_SPECIALISATION) &&
      nodes.length === 0
    ) {
      return {
        ok: false,
        reason: `${definition.skill} is repeatable: name a specialisation ("Repeatable skills cannot be allocated as unspecialized").`,
      };
    }
    const concrete: SkillRef =
      definition.spec !== undefined && ref.spec === undefined ? { ...ref, spec: definition.spec } : ref;
    const node: ChainNode = { kind: "skill", ref: concrete, definition };
    const id = nodeId(node);
    if (seen.has(id)) return { ok: false, reason: `The default chain of ${formatSkillRef(start)} loops.` };
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
    if (!next.ok) return { ok: false, reason: `${formatSkillRef(concrete)}: ${next.reason}` };
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
    return {
      ok: false,
      reason: `${formatSkillRef(skill)} cannot be used: its root default ${ATTRIBUTE_LABELS[root.attribute]} is below 1 ("While an attribute is reduced below 1, any skills with that attribute as their root default cannot be used").`,
    };
  }
  if (root.kind === "ability" && abilityAllocation(actor, root.ability) < 1) {
    return {
      ok: false,
      reason: `${formatSkillRef(skill)} cannot be used: its root default is the ability ${root.ability}, which has no allocated dice ("may not be allocated or used without allocating at least one die to the ability").`,
    };
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
  if (first === undefined) return { ok: false, reason: "A skill pool needs at least one skill." };
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
  if (root === undefined) return { ok: false, reason: "No root default." };

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
          label: `${formatSkillRef(n.ref)} difficulty`,
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
  if (ad !== 0) parts.push({ label: "Action Dice", dice: ad, source: "ad" });
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
  if (tecPenalty > 0) parts.push({ label: "TEC difference", dice: -tecPenalty, source: "tec" });

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
        label: `${formatSkillRef(tested.ref)} difficulty (anachronistic)`,
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

function describePrerequisite(p: SkillDefault | SkillPrerequisite): string {
  if (p.kind === "attribute") return ATTRIBUTE_LABELS[p.attribute];
  if (p.kind === "ability") return `the ability ${p.ability}`;
  if ("ranged" in p && p.ranged === true) return `${p.skill} » any ranged weapon type`;
  return formatSkillRef({ skill: p.skill, spec: p.spec });
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
  if (!definition) return { ok: false, reason: `Unknown skill: ${formatSkillRef(ref)}.` };
  if (definition.repeatable && (ref.spec === undefined || ref.spec === ANY_SPECIALISATION)) {
    return {
      ok: false,
      reason: `${definition.skill} is repeatable and "cannot be allocated as unspecialized": choose a specialisation.`,
    };
  }
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
  if (!prerequisiteMet(actor, catalog, d, options.wildcard)) {
    return {
      ok: false,
      reason: `${formatSkillRef(concrete)} needs its default ${describePrerequisite(d)} allocated first ("Skill defaults are always considered prerequisites").`,
    };
  }
  for (const p of definition.prerequisites) {
    if (!prerequisiteMet(actor, catalog, p, options.wildcard)) {
      return {
        ok: false,
        reason: `${formatSkillRef(concrete)} needs its prerequisite ${describePrerequisite(p)} allocated first.`,
      };
    }
  }
  if (
    options.availableTec !== undefined &&
    definition.tec !== "general" &&
    definition.tec > options.availableTec
  ) {
    return {
      ok: false,
      reason: `${formatSkillRef(concrete)} is a TEC ${definition.tec} skill; the setting is TEC ${options.availableTec}.`,
    };
  }
  const current = skillAllocation(actor, concrete);
  if (current >= MAX_RATED_VALUE) {
    return { ok: false, reason: `${formatSkillRef(concrete)} is already at the maximum rated value (5).` };
  }
  if (current === 0 && options.skillfulness !== undefined) {
    const after = countAllocatedSkills([...actor.skills, { ...concrete, dice: 1 }], options);
    if (after > options.skillfulness) {
      return {
        ok: false,
        reason: `Skillfulness ${options.skillfulness} allows no more allocated skills ("The maximum number of skills an actor may allocate is given by the Skillfulness derived attribute").`,
      };
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
