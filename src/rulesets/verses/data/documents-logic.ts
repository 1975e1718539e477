/**
 * What 'Verses documents accept, Foundry-free: the decisions behind the document hooks
 * (`preCreateItem`, `preUpdateItem`, `preDeleteItem`, `preUpdateActor`) and the actor sheets' item
 * drop. Inputs are plain data (the actor's source and items, the change object); outputs are the
 * corrected change object, the warnings as i18n messages, and the dialog a drop needs. The Foundry
 * glue in documents.ts only gathers the inputs, shows the messages and dialogs, and saves.
 *
 * Rules enforced ('Verses Core 0.8.5):
 * - "An object's core attributes can never be set to zero" (Rated Values): a core attribute is set
 *   to a whole number 1..5; a value outside is corrected, the other changes of the update are kept.
 * - "A skill's default and all listed prerequisites must be allocated with at least 1 die before the
 *   skill may be allocated" (Prerequisites); "Repeatable skills cannot be allocated as
 *   unspecialized"; "The maximum number of skills an actor may allocate is given by the Skillfulness
 *   derived attribute" (SK: SMR × 5 for a Human); skills and equipment "at or below the society's TEC"
 *   are available (Technology Levels). The rules layer's `canAllocateSkill` decides; this module
 *   names the reason for the player and corrects the allocation to the highest allowed value.
 * - A default or prerequisite cannot be unallocated (or deleted) while a skill that needs it is
 *   allocated, and a change of attribute cannot leave more allocated skills than Skillfulness allows:
 *   nothing is ever saved in a state the rules forbid.
 */
import { DEFAULT_SPECIES, toSkillAllocation, type SkillSource } from "./convert";
import { deriveLiving, type LivingDerived, type LivingSource } from "./living";
import {
  ANY_SPECIALISATION,
  ATTRIBUTE_KEYS,
  MAX_RATED_VALUE,
  MIN_CORE_ATTRIBUTE,
  abilityAllocation,
  canAllocateSkill,
  countAllocatedSkills,
  findSkillDefinition,
  formatSkillRef,
  normalizeKey,
  sameSkill,
  skillAllocation,
  validateCoreAttribute,
  type ActorKind,
  type AttributeKey,
  type SkillActor,
  type SkillDefault,
  type SkillDefinition,
  type SkillPrerequisite,
  type SkillRef,
  type SkillfulnessOptions,
} from "../rules";
import type { I18nMessage, MessageValue } from "../base/conditions-logic";
import { rulesLine } from "../base/rules-message-logic";

// ---- inputs and outputs ----------------------------------------------------------------------

/** An item as plain data (`item.toObject()` or the drop's data). */
export interface ItemSnapshot {
  _id?: string | null;
  name: string;
  type: string;
  system: Record<string, unknown>;
}

/** An actor as plain data: its type, `system` source, items, statuses and flags. */
export interface ActorSnapshot {
  type: string;
  name?: string;
  system: Record<string, unknown>;
  items: readonly ItemSnapshot[];
  statuses?: ReadonlySet<string>;
  flags?: Record<string, unknown>;
}

/** Options the world settings give. */
export interface ValidationOptions {
  /** The world's setting TEC: skills above both it and the actor's native TEC cannot be allocated. */
  settingTec?: number;
  /** Which allocated skills count against Skillfulness (setting `skillfulnessSpeciesLanguage`). */
  skillfulness?: SkillfulnessOptions;
}

/**
 * A validation's outcome. `changes` is the corrected copy of the update (for `preCreateItem`: the
 * correction to apply to the new item's source, `{}` when none); the input is never modified.
 * `refuse`: the operation must not happen (the hook returns false).
 */
export interface ValidationResult {
  changes: Record<string, unknown>;
  warnings: I18nMessage[];
  refuse: boolean;
}

const V = "POLYVERSE.Verses.Validation.";
const msg = (key: string, data?: Record<string, MessageValue>): I18nMessage =>
  data === undefined ? { key: `${V}${key}` } : { key: `${V}${key}`, data };
const attrName = (a: AttributeKey): I18nMessage => ({ key: `POLYVERSE.Verses.Attribute.${a}.Abbr` });
const actorTypeName = (type: string): I18nMessage => ({ key: `TYPES.Actor.${type}` });
const itemTypeName = (type: string): I18nMessage => ({ key: `TYPES.Item.${type}` });

/** Actor types with core attributes, skills and a species (characters and creatures). */
const LIVING_ACTOR_TYPES: readonly string[] = ["verses-character", "verses-creature"];

/**
 * Which 'Verses item types each 'Verses actor type takes. Characters and creatures take every
 * 'Verses item; a vehicle carries cargo (weapons, armour, ammunition, gear); a society holds none.
 */
/** Every 'Verses item type, in the order the sheets list them. */
export const VERSES_ITEM_TYPES = [
  "verses-skill",
  "verses-ability",
  "verses-weapon",
  "verses-armour",
  "verses-ammunition",
  "verses-gear",
  "verses-species",
] as const;
const EVERY_ITEM_TYPE: readonly string[] = VERSES_ITEM_TYPES;
const ACCEPTED_ITEM_TYPES: Readonly<Record<string, readonly string[]>> = {
  "verses-character": EVERY_ITEM_TYPE,
  "verses-creature": EVERY_ITEM_TYPE,
  "verses-vehicle": ["verses-weapon", "verses-armour", "verses-ammunition", "verses-gear"],
  "verses-society": [],
};

const isVerses = (type: string): boolean => type.startsWith("verses-");
const isLiving = (type: string): boolean => LIVING_ACTOR_TYPES.includes(type);

// ---- change objects --------------------------------------------------------------------------

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

function clonePlain<T>(v: T): T {
  if (Array.isArray(v)) return v.map(clonePlain) as T;
  if (isObj(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clonePlain(x)])) as T;
  return v;
}

/** Where a dotted path lives in a change object that may mix flat ("system.a.b") and nested keys. */
function locate(obj: Obj, parts: readonly string[]): { container: Obj; key: string } | undefined {
  for (let i = parts.length; i >= 1; i--) {
    const key = parts.slice(0, i).join(".");
    if (!Object.hasOwn(obj, key)) continue;
    if (i === parts.length) return { container: obj, key };
    const inner = obj[key];
    if (isObj(inner)) {
      const found = locate(inner, parts.slice(i));
      if (found) return found;
    }
  }
  return undefined;
}

/** Read a path of a change object: `{ found, value }`. */
export function getChange(changes: Obj, path: string): { found: boolean; value: unknown } {
  const at = locate(changes, path.split("."));
  return at ? { found: true, value: at.container[at.key] } : { found: false, value: undefined };
}

/** Write a path of a change object, where it already is, else nested. */
export function setChange(changes: Obj, path: string, value: unknown): void {
  const parts = path.split(".");
  const at = locate(changes, parts);
  if (at) {
    at.container[at.key] = value;
    return;
  }
  let node = changes;
  for (const part of parts.slice(0, -1)) {
    if (!isObj(node[part])) node[part] = {};
    node = node[part] as Obj;
  }
  node[parts[parts.length - 1] as string] = value;
}

/** Remove a path from a change object. */
export function deleteChange(changes: Obj, path: string): void {
  const at = locate(changes, path.split("."));
  if (at) delete at.container[at.key];
}

/** Whether an update changes nothing (only `_id` and empty objects left). */
function isEmptyChange(changes: Obj): boolean {
  return Object.entries(changes).every(([k, v]) => k === "_id" || (isObj(v) && isEmptyChange(v)));
}

/** Expand flat keys into nested objects ("system.a": 1 → { system: { a: 1 } }). */
function expand(changes: Obj): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(changes)) {
    const value = isObj(v) ? expand(v) : clonePlain(v);
    const parts = k.split(".");
    let node = out;
    for (const part of parts.slice(0, -1)) {
      if (!isObj(node[part])) node[part] = {};
      node = node[part] as Obj;
    }
    const last = parts[parts.length - 1] as string;
    node[last] = isObj(node[last]) && isObj(value) ? merge(node[last] as Obj, value) : value;
  }
  return out;
}

/** Deep merge (objects merge, everything else replaces). */
function merge(base: Obj, changes: Obj): Obj {
  const out = clonePlain(base);
  for (const [k, v] of Object.entries(changes)) {
    out[k] = isObj(out[k]) && isObj(v) ? merge(out[k] as Obj, v) : clonePlain(v);
  }
  return out;
}

/** The item as it will be after an update. */
function updatedItem(item: ItemSnapshot, changes: Obj): ItemSnapshot {
  const e = expand(changes);
  return {
    ...item,
    name: typeof e.name === "string" ? e.name : item.name,
    system: isObj(e.system) ? merge(item.system, e.system) : clonePlain(item.system),
  };
}

// ---- the actor's skills, as the rules see them -----------------------------------------------

interface SkillContext {
  derived: LivingDerived;
  actor: SkillActor;
  catalog: SkillDefinition[];
  nativeTec: number;
}

const livingSource = (a: ActorSnapshot): LivingSource => a.system as LivingSource;

function skillContext(
  a: ActorSnapshot,
  items: readonly ItemSnapshot[] = a.items,
  options: ValidationOptions = {},
): SkillContext {
  const derived = deriveLiving(
    livingSource(a),
    { items, statuses: new Set(a.statuses ?? []), flags: a.flags ?? {} },
    options.skillfulness ? { skillfulness: options.skillfulness } : {},
  );
  const abilities: Record<string, number> = {};
  for (const ab of derived.abilities) abilities[ab.key] = Math.max(abilities[ab.key] ?? 0, ab.dice);
  const nativeTec = typeof a.system.nativeTec === "number" ? a.system.nativeTec : 1;
  return {
    derived,
    actor: { attributes: derived.effective, abilities, skills: derived.skills, nativeTec },
    catalog: derived.skillCatalog,
    nativeTec,
  };
}

const skillRefOf = (item: ItemSnapshot): SkillRef => {
  const a = toSkillAllocation(item.name, item.system as SkillSource);
  return a.spec === undefined ? { skill: a.skill } : { skill: a.skill, spec: a.spec };
};
const allocatedOf = (item: ItemSnapshot): number =>
  typeof item.system.allocated === "number" ? item.system.allocated : 0;
const withAllocated = (item: ItemSnapshot, allocated: number): ItemSnapshot => ({
  ...item,
  system: { ...item.system, allocated },
});

function describeNeed(p: SkillDefault | SkillPrerequisite): MessageValue {
  if (p.kind === "attribute") return attrName(p.attribute);
  if (p.kind === "ability") return p.ability;
  return formatSkillRef({ skill: p.skill, ...(p.spec ? { spec: p.spec } : {}) });
}

function needMet(actor: SkillActor, p: SkillDefault | SkillPrerequisite): boolean {
  if (p.kind === "attribute") return actor.attributes[p.attribute] >= MIN_CORE_ATTRIBUTE;
  if (p.kind === "ability") return abilityAllocation(actor, p.ability) >= 1;
  return skillAllocation(actor, { skill: p.skill, ...(p.spec ? { spec: p.spec } : {}) }) >= 1;
}

/**
 * Why one more die may not go to a skill now allocated `current`, or null when it may. The named
 * checks come first (for a clear message); the rules layer's `canAllocateSkill` has the last word.
 */
function allocationRefusal(
  ctx: SkillContext,
  ref: SkillRef,
  current: number,
  options: ValidationOptions,
): I18nMessage | null {
  const name = formatSkillRef(ref);
  const def = findSkillDefinition(ctx.catalog, ref);
  if (!def) return msg("SkillUnknown", { skill: name });
  if (def.repeatable && (ref.spec === undefined || ref.spec === ANY_SPECIALISATION))
    return msg("SkillUnspecialised", { skill: def.skill });
  if (!needMet(ctx.actor, def.default)) {
    return def.default.kind === "attribute"
      ? msg("SkillDefaultAttribute", { skill: name, attribute: attrName(def.default.attribute) })
      : msg("SkillNeedsDefault", { skill: name, needed: describeNeed(def.default) });
  }
  for (const p of def.prerequisites)
    if (!needMet(ctx.actor, p))
      return msg("SkillNeedsPrerequisite", { skill: name, needed: describeNeed(p) });
  const availableTec =
    options.settingTec === undefined ? undefined : Math.max(options.settingTec, ctx.nativeTec);
  if (availableTec !== undefined && def.tec !== "general" && def.tec > availableTec)
    return msg("SkillTec", { skill: name, tec: def.tec, available: availableTec });
  if (current >= MAX_RATED_VALUE) return msg("SkillMax", { skill: name, max: MAX_RATED_VALUE });
  const sk = ctx.derived.derived.sk;
  if (current === 0) {
    const others = ctx.actor.skills.filter((s) => !sameSkill(s, ref));
    const used = countAllocatedSkills([...others, { ...ref, dice: 1 }], options.skillfulness);
    if (used > sk) return msg("Skillfulness", { skill: name, sk, used: used - 1 });
  }
  const rules = canAllocateSkill(ctx.actor, ctx.catalog, ref, {
    ...options.skillfulness,
    skillfulness: sk,
    ...(availableTec === undefined ? {} : { availableTec }),
  });
  return rules.ok ? null : msg("SkillRules", { skill: name, reason: rulesLine(rules.reason) });
}

/**
 * The highest allocation a skill item may reach toward `target` from what it has now, one die at a
 * time as the rules allocate, and the reason it stops short. `item` is the skill as it will be (its
 * name and specialisation), `items` the actor's items without it.
 */
function allowedAllocation(
  actor: ActorSnapshot,
  others: readonly ItemSnapshot[],
  item: ItemSnapshot,
  from: number,
  target: number,
  options: ValidationOptions,
): { value: number; refusal: I18nMessage | null } {
  const ref = skillRefOf(item);
  let value = from;
  while (value < target) {
    const ctx = skillContext(actor, [...others, withAllocated(item, value)], options);
    const refusal = allocationRefusal(ctx, ref, value, options);
    if (refusal) return { value, refusal };
    value += 1;
  }
  return { value, refusal: null };
}

/** What an item is to other skills: a skill by its reference, or an ability by its key and name. */
type Needed = { kind: "skill"; ref: SkillRef } | { kind: "ability"; names: string[] };

/**
 * The allocated skills that need `needed` as their default or a prerequisite, if it went to 0. A
 * `Family » *` need is only broken when no other specialisation of the family stays allocated.
 */
function dependents(ctx: SkillContext, needed: Needed): string[] {
  const out: string[] = [];
  const abilityKeys = needed.kind === "ability" ? needed.names.filter(Boolean).map(normalizeKey) : [];
  for (const s of ctx.actor.skills) {
    if (s.dice <= 0) continue;
    if (needed.kind === "skill" && sameSkill(s, needed.ref)) continue;
    const def = findSkillDefinition(ctx.catalog, s);
    if (!def) continue;
    for (const p of [def.default, ...def.prerequisites]) {
      if (
        needed.kind === "ability" &&
        p.kind === "ability" &&
        abilityKeys.includes(normalizeKey(p.ability))
      ) {
        out.push(formatSkillRef(s));
        break;
      }
      if (needed.kind !== "skill" || p.kind !== "skill") continue;
      if (normalizeKey(p.skill) !== normalizeKey(needed.ref.skill)) continue;
      if (p.spec === ANY_SPECIALISATION) {
        const othersInFamily = ctx.actor.skills.filter(
          (o) => o.dice > 0 && normalizeKey(o.skill) === normalizeKey(p.skill) && !sameSkill(o, needed.ref),
        );
        if (othersInFamily.length > 0) continue;
      } else if (!sameSkill({ skill: p.skill, ...(p.spec ? { spec: p.spec } : {}) }, needed.ref)) continue;
      out.push(formatSkillRef(s));
      break;
    }
  }
  return [...new Set(out)];
}

function neededOf(item: ItemSnapshot): Needed | undefined {
  if (item.type === "verses-skill") return { kind: "skill", ref: skillRefOf(item) };
  if (item.type === "verses-ability") {
    const key = typeof item.system.key === "string" ? item.system.key : "";
    return { kind: "ability", names: [key, item.name] };
  }
  return undefined;
}

// ---- preUpdateActor: core attributes ---------------------------------------------------------

/**
 * `preUpdateActor` for 'Verses characters and creatures. Each core attribute in the update is a
 * whole number 1..5 ("can never be set to zero"): 0 becomes 1 (the lowest value it may be set to),
 * 7 becomes 5, 2.6 becomes 3, text that is no number is dropped; each with a warning. An attribute
 * lowered so far that Skillfulness falls below the skills already allocated (SK = SMR × 5 for a
 * Human: SMR 1 allows 5 skills) keeps its old value, with a warning. Every other change is kept.
 */
export function validateActorUpdate(
  actor: ActorSnapshot,
  changes: Obj,
  options: ValidationOptions = {},
): ValidationResult {
  const out = clonePlain(changes);
  const warnings: I18nMessage[] = [];
  if (!isLiving(actor.type)) return { changes: out, warnings, refuse: false };
  const before = { ...(actor.system.attributes as Record<AttributeKey, number>) };
  const after = { ...before };
  const touched: AttributeKey[] = [];
  for (const key of ATTRIBUTE_KEYS) {
    const path = `system.attributes.${key}`;
    const change = getChange(out, path);
    if (!change.found) continue;
    const raw =
      typeof change.value === "string" && change.value.trim() !== "" ? Number(change.value) : change.value;
    if (typeof raw !== "number" || !Number.isFinite(raw)) {
      deleteChange(out, path);
      warnings.push(msg("AttributeNotANumber", { attribute: attrName(key), value: String(change.value) }));
      continue;
    }
    touched.push(key);
    let value = raw;
    if (!validateCoreAttribute(key, raw).ok) {
      value = Math.min(MAX_RATED_VALUE, Math.max(MIN_CORE_ATTRIBUTE, Math.round(raw)));
      const reason =
        raw < MIN_CORE_ATTRIBUTE
          ? "AttributeBelowMin"
          : raw > MAX_RATED_VALUE
            ? "AttributeAboveMax"
            : "AttributeWhole";
      warnings.push(msg(reason, { attribute: attrName(key), value: raw, corrected: value }));
    }
    if (value !== raw || typeof change.value !== "number") setChange(out, path, value);
    after[key] = value;
  }
  if (touched.length > 0) {
    const skillfulness = (attributes: Record<AttributeKey, number>) =>
      skillContext({ ...actor, system: { ...actor.system, attributes } }, actor.items, options).derived
        .skillfulness;
    const was = skillfulness(before);
    let now = skillfulness(after);
    const broken = () => now.allowed < now.used && now.allowed < was.allowed;
    for (const key of touched) {
      if (!broken()) break;
      if ((after[key] as number) >= (before[key] as number)) continue;
      warnings.push(
        msg("AttributeSkillfulness", {
          attribute: attrName(key),
          value: after[key],
          sk: now.allowed,
          used: now.used,
        }),
      );
      after[key] = before[key];
      deleteChange(out, `system.attributes.${key}`);
      now = skillfulness(after);
    }
  }
  return { changes: out, warnings, refuse: touched.length + warnings.length > 0 && isEmptyChange(out) };
}

// ---- preUpdateItem: allocations --------------------------------------------------------------

/**
 * `preUpdateItem` for a skill or ability owned by a 'Verses character or creature (`actor`: the
 * owner, or null for a world item: nothing to check).
 * - A skill's allocation rising is checked die by die (default and prerequisites allocated,
 *   specialised if repeatable, TEC, 5 at most, Skillfulness): it stops at the highest allowed value,
 *   with the reason.
 * - A skill or ability that another allocated skill needs as its default or prerequisite keeps
 *   1 die when the update would take it to 0.
 */
export function validateItemUpdate(
  actor: ActorSnapshot | null,
  item: ItemSnapshot,
  changes: Obj,
  options: ValidationOptions = {},
): ValidationResult {
  const out = clonePlain(changes);
  const warnings: I18nMessage[] = [];
  const pass = { changes: out, warnings, refuse: false };
  if (!actor || !isLiving(actor.type)) return pass;
  if (item.type !== "verses-skill" && item.type !== "verses-ability") return pass;
  const change = getChange(out, "system.allocated");
  const after = updatedItem(item, out);
  const from = allocatedOf(item);
  const target = change.found ? Number(change.value) : from;
  if (!Number.isFinite(target)) return pass;
  const others = actor.items.filter((i) => !sameItem(i, item));
  if (item.type === "verses-skill" && target > from) {
    const { value, refusal } = allowedAllocation(actor, others, after, from, target, options);
    if (refusal) {
      warnings.push(refusal);
      if (value === from) deleteChange(out, "system.allocated");
      else setChange(out, "system.allocated", value);
    }
  }
  if (target <= 0 && from > 0) {
    const needed = neededOf(item);
    const deps = needed ? dependents(skillContext(actor), needed) : [];
    if (deps.length > 0) {
      warnings.push(msg("StillNeeded", { item: item.name, dependents: deps }));
      setChange(out, "system.allocated", 1);
    }
  }
  return { changes: out, warnings, refuse: warnings.length > 0 && isEmptyChange(out) };
}

const sameItem = (a: ItemSnapshot, b: ItemSnapshot): boolean =>
  a._id != null && b._id != null ? a._id === b._id : a === b;

/**
 * `preDeleteItem` for an item of a 'Verses character or creature: a skill or ability that an
 * allocated skill needs as its default or prerequisite cannot be deleted while it is allocated.
 */
export function validateItemDelete(actor: ActorSnapshot | null, item: ItemSnapshot): ValidationResult {
  const warnings: I18nMessage[] = [];
  if (!actor || !isLiving(actor.type) || allocatedOf(item) <= 0)
    return { changes: {}, warnings, refuse: false };
  const needed = neededOf(item);
  const deps = needed ? dependents(skillContext(actor), needed) : [];
  if (deps.length > 0) warnings.push(msg("StillNeededDelete", { item: item.name, dependents: deps }));
  return { changes: {}, warnings, refuse: deps.length > 0 };
}

// ---- preCreateItem ---------------------------------------------------------------------------

/**
 * `preCreateItem` for an item created on a 'Verses actor (`actor`: the parent). Refused: an item of
 * another ruleset, a type the actor does not take, a second species (drop it on the sheet to replace
 * the first), a skill the actor already has, an ability it already has or that its kind cannot take
 * (unless extrinsic). A skill arriving with allocated dice is checked as allocating them: the
 * allocation is corrected to what the rules allow (`changes` is the correction for `updateSource`).
 */
export function validateItemCreate(
  actor: ActorSnapshot | null,
  item: ItemSnapshot,
  options: ValidationOptions = {},
): ValidationResult {
  const warnings: I18nMessage[] = [];
  const changes: Obj = {};
  const refuse = (m: I18nMessage): ValidationResult => ({ changes, warnings: [m], refuse: true });
  if (!actor || !isVerses(actor.type)) return { changes, warnings, refuse: false };
  if (!isVerses(item.type)) return refuse(msg("OtherRuleset", { item: item.name, actor: actor.name ?? "" }));
  if (!(ACCEPTED_ITEM_TYPES[actor.type] ?? []).includes(item.type))
    return refuse(
      msg("NotForActor", {
        item: item.name,
        itemType: itemTypeName(item.type),
        actorType: actorTypeName(actor.type),
      }),
    );
  if (item.type === "verses-species" && actor.items.some((i) => i.type === "verses-species"))
    return refuse(msg("SpeciesExists", { item: item.name }));
  if (item.type === "verses-skill") {
    const ref = skillRefOf(item);
    if (actor.items.some((i) => i.type === "verses-skill" && sameSkill(skillRefOf(i), ref)))
      return refuse(msg("SkillDuplicate", { skill: formatSkillRef(ref) }));
    const target = allocatedOf(item);
    if (target > 0) {
      const { value, refusal } = allowedAllocation(actor, actor.items, item, 0, target, options);
      if (refusal) {
        warnings.push(refusal);
        changes.system = { allocated: value };
      }
    }
  }
  if (item.type === "verses-ability") {
    const key = normalizeKey(
      typeof item.system.key === "string" && item.system.key ? item.system.key : item.name,
    );
    const has = actor.items.some(
      (i) =>
        i.type === "verses-ability" &&
        normalizeKey(typeof i.system.key === "string" && i.system.key ? i.system.key : i.name) === key,
    );
    if (has) return refuse(msg("AbilityDuplicate", { ability: item.name }));
    const kinds = Array.isArray(item.system.actorKinds) ? (item.system.actorKinds as ActorKind[]) : [];
    const kind = actor.system.kind as ActorKind | undefined;
    if (
      kind &&
      isLiving(actor.type) &&
      kinds.length > 0 &&
      !kinds.includes(kind) &&
      item.system.extrinsic !== true
    )
      return refuse(
        msg("AbilityKind", { ability: item.name, kind: { key: `POLYVERSE.Verses.Conditions.Kind.${kind}` } }),
      );
  }
  return { changes, warnings, refuse: false };
}

// ---- drops -----------------------------------------------------------------------------------

/** The dialog asking for a repeatable skill's specialisation. */
export interface SpecialisationDialog {
  title: I18nMessage;
  label: I18nMessage;
  /** What the specialisation names ("1 language"), from the skill; "" when the skill gives none. */
  hint: string;
}

/** Replacing the actor's species: what to delete, create and update, and whether to ask first. */
export interface SpeciesPlan {
  /** Previous species items to delete first. */
  deleteIds: string[];
  data: ItemSnapshot;
  /** The actor update when the species' attributes are taken (kind and core attributes). */
  update: Obj;
  /** The actor update when the player keeps the attributes (kind only). */
  keepUpdate: Obj;
  /** Set when the actor's attributes were changed from its species' values: ask before overwriting. */
  confirm?: { title: I18nMessage; question: I18nMessage };
  /** Warnings to show with `update` (Skillfulness under the skills already allocated). */
  warnings: I18nMessage[];
  /** Warnings to show with `keepUpdate`. */
  keepWarnings: I18nMessage[];
}

/** What an item dropped on an actor sheet does. */
export type DropPlan =
  | { kind: "refuse"; message: I18nMessage }
  | { kind: "create"; data: ItemSnapshot; warnings: I18nMessage[] }
  | { kind: "specialisation"; data: ItemSnapshot; dialog: SpecialisationDialog }
  | { kind: "species"; plan: SpeciesPlan };

const attributeList = (attrs: Record<AttributeKey, number>): MessageValue[] =>
  ATTRIBUTE_KEYS.map((a) => msg("AttributeValue", { attribute: attrName(a), value: attrs[a] }));

/**
 * What dropping an item on a 'Verses actor's sheet does ("drop" meaning an item from the sidebar, a
 * compendium or another actor; a drop of the actor's own item is a sort and not planned here):
 * - another ruleset's item, or a type the actor does not take: refused with a message;
 * - a species (characters and creatures): {@link planSpeciesDrop};
 * - a repeatable skill without a specialisation: ask for it ({@link applySpecialisation}, then plan
 *   the drop again);
 * - anything else: created, after {@link validateItemCreate} (refusals and corrections).
 */
export function planItemDrop(
  actor: ActorSnapshot,
  item: ItemSnapshot,
  options: ValidationOptions = {},
): DropPlan {
  const data: ItemSnapshot = { name: item.name, type: item.type, system: clonePlain(item.system) };
  if (!isVerses(item.type))
    return { kind: "refuse", message: msg("OtherRuleset", { item: item.name, actor: actor.name ?? "" }) };
  if (!(ACCEPTED_ITEM_TYPES[actor.type] ?? []).includes(item.type))
    return {
      kind: "refuse",
      message: msg("NotForActor", {
        item: item.name,
        itemType: itemTypeName(item.type),
        actorType: actorTypeName(actor.type),
      }),
    };
  if (item.type === "verses-species") return planSpeciesDrop(actor, data, options);
  if (item.type === "verses-skill" && item.system.repeatable === true) {
    const spec = typeof item.system.spec === "string" ? item.system.spec.trim() : "";
    if (spec === "" || spec === ANY_SPECIALISATION) {
      const skill = familyName(data);
      return {
        kind: "specialisation",
        data,
        dialog: {
          title: msg("Specialisation.Title", { skill }),
          label: msg("Specialisation.Label", { skill }),
          hint: typeof item.system.specialisationHint === "string" ? item.system.specialisationHint : "",
        },
      };
    }
  }
  const checked = validateItemCreate(actor, data, options);
  if (checked.refuse) return { kind: "refuse", message: checked.warnings[0] ?? msg("Refused") };
  const system = isObj(checked.changes.system) ? merge(data.system, checked.changes.system) : data.system;
  return { kind: "create", data: { ...data, system }, warnings: checked.warnings };
}

/** The family name of a skill item: `system.skill`, else the item name before any `»`. */
function familyName(item: ItemSnapshot): string {
  const skill = typeof item.system.skill === "string" ? item.system.skill.trim() : "";
  return skill || (item.name.split(/»|>>/)[0] ?? item.name).trim();
}

/**
 * A repeatable skill with the chosen specialisation: `system.skill` the family, `system.spec` the
 * specialisation, and the item named as the text writes it (`Weapons » Swords`). Refused: a blank
 * specialisation, `*` (the category, "cannot be allocated as unspecialized"), or one containing `»`.
 */
export function applySpecialisation(
  item: ItemSnapshot,
  spec: string,
): { ok: true; data: ItemSnapshot } | { ok: false; message: I18nMessage } {
  const s = spec.trim().replace(/\s+/g, " ");
  const skill = familyName(item);
  if (s === "") return { ok: false, message: msg("Specialisation.Blank", { skill }) };
  if (s === ANY_SPECIALISATION || /»|>>/.test(s))
    return { ok: false, message: msg("Specialisation.Invalid", { skill, spec: s }) };
  return {
    ok: true,
    data: {
      ...item,
      name: formatSkillRef({ skill, spec: s }),
      system: { ...clonePlain(item.system), skill, spec: s },
    },
  };
}

/**
 * Dropping a species on a character or creature: the species item replaces any previous one, and
 * the actor takes the species' kind and core attributes (TV-C17: a Human is SMR 2, PRW 2, TUF 2, SOC
 * 2). When the actor's attributes differ from those of its current species (the Human's when it has
 * none), they were changed by hand or by advancement: the plan asks before overwriting them
 * (`update` overwrites, `keepUpdate` keeps them and takes only the kind). Dropping the species the
 * actor already has is refused.
 */
export function planSpeciesDrop(
  actor: ActorSnapshot,
  species: ItemSnapshot,
  options: ValidationOptions = {},
): DropPlan {
  if (!isLiving(actor.type))
    return {
      kind: "refuse",
      message: msg("NotForActor", {
        item: species.name,
        itemType: itemTypeName(species.type),
        actorType: actorTypeName(actor.type),
      }),
    };
  const previous = actor.items.filter((i) => i.type === "verses-species");
  const key = (i: ItemSnapshot) =>
    normalizeKey(typeof i.system.key === "string" && i.system.key ? i.system.key : i.name);
  if (previous.length === 1 && key(previous[0] as ItemSnapshot) === key(species))
    return { kind: "refuse", message: msg("SpeciesSame", { species: species.name }) };
  const core = readCore(species.system.core) ?? { ...DEFAULT_SPECIES.core };
  const current = { ...(actor.system.attributes as Record<AttributeKey, number>) };
  const baselineItem = previous[0];
  const baseline = (baselineItem ? readCore(baselineItem.system.core) : undefined) ?? {
    ...DEFAULT_SPECIES.core,
  };
  const baselineName = baselineItem ? baselineItem.name : DEFAULT_SPECIES.name;
  const kind = typeof species.system.kind === "string" ? species.system.kind : DEFAULT_SPECIES.kind;
  const keepUpdate: Obj = { system: { kind } };
  const update: Obj = { system: { kind, attributes: { ...core } } };
  const data: ItemSnapshot = { name: species.name, type: species.type, system: clonePlain(species.system) };
  const itemsAfter = [...actor.items.filter((i) => i.type !== "verses-species"), data];
  const skillfulnessWarnings = (attributes: Record<AttributeKey, number>): I18nMessage[] => {
    const sk = skillContext({ ...actor, system: { ...actor.system, kind, attributes } }, itemsAfter, options)
      .derived.skillfulness;
    return sk.used > sk.allowed
      ? [msg("SpeciesSkillfulness", { species: species.name, sk: sk.allowed, used: sk.used })]
      : [];
  };
  const plan: SpeciesPlan = {
    deleteIds: previous.map((i) => i._id).filter((id): id is string => typeof id === "string"),
    data,
    update,
    keepUpdate,
    warnings: skillfulnessWarnings(core),
    keepWarnings: skillfulnessWarnings(current),
  };
  const changed = ATTRIBUTE_KEYS.some((a) => current[a] !== baseline[a]);
  const differs = ATTRIBUTE_KEYS.some((a) => current[a] !== core[a]);
  if (changed && differs) {
    plan.confirm = {
      title: msg("Species.Title", { species: species.name }),
      question: msg("Species.Question", {
        actor: actor.name ?? "",
        current: attributeList(current),
        previous: baselineName,
        species: species.name,
        next: attributeList(core),
      }),
    };
  }
  return { kind: "species", plan };
}

function readCore(v: unknown): Record<AttributeKey, number> | undefined {
  if (!isObj(v)) return undefined;
  const out = {} as Record<AttributeKey, number>;
  for (const a of ATTRIBUTE_KEYS) {
    const n = v[a];
    if (typeof n !== "number" || !validateCoreAttribute(a, n).ok) return undefined;
    out[a] = n;
  }
  return out;
}
