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
import type { AttributeKey } from "./types";

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

export function toRef(ref: SkillRefInput): SkillRef {
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

export function familyAllocations(actor: SkillActor, family: string): SkillAllocation[] {
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
