/**
 * A template's slots edited on the item sheet: the skill slots (the skills to choose from, how many
 * to pick, the level each gets), the connections (which and at what level), and the advantage and
 * disadvantage slots (each "X or Y", every option with its level and the skills it may name). Each
 * list has a bound, rows are added and removed one at a time, and every edit returns the whole list
 * as the model stores it, or null when the edit is not one the list takes. Foundry-free: the sheet
 * reads an edit from a control's `data-slot-*` attributes and saves what this returns.
 *
 * A template item that names a rules template (by `key`, or by its kind, group and tier) is applied
 * as the rules print it; editing its slots makes it the Raconteur's own, so an edit also sets its flag
 * `ownSlots` (sheets/actor-tabs/templates.ts `templateOf` then reads the item's slots; the key stays,
 * to say what it was made from).
 */
import { flagPath } from "../../../../core/flags";
import {
  ADVANTAGE_KEYS,
  CONNECTION_KEYS,
  DISADVANTAGE_KEYS,
  PLACEHOLDER_ADVANTAGE_KEYS,
  SKILL_KEYS,
  findAdvantage,
  findDisadvantage,
  findTemplate,
  isConnectionKey,
  isSkillKey,
} from "../../rules";
import { templateOf } from "../actor-tabs/templates";

/** The most rows each list takes (the text's templates use at most 7 skill slots, 3 connections, 5 trait slots, 4 skill options). */
export const SLOT_LIMITS = {
  skills: 12,
  skillOptions: 8,
  connections: 6,
  traitSlots: 8,
  traitOptions: 6,
  optionSkills: 8,
} as const;

/** The bounds of the numbers (the model's: a skill slot's pick 1..4 and level 1..6; connections 1..10). */
export const SLOT_BOUNDS = {
  count: { min: 1, max: 4 },
  skillLevel: { min: 1, max: 6 },
  connectionLevel: { min: 1, max: 10 },
  traitLevel: { min: 1, max: 30 },
} as const;

export const SLOT_LISTS = ["skills", "connections", "advantages", "disadvantages"] as const;
export type SlotList = (typeof SLOT_LISTS)[number];
type TraitList = "advantages" | "disadvantages";

export interface SkillSlot {
  options: string[];
  count: number;
  level: number;
}
export interface ConnectionSlot {
  key: string;
  level: number;
}
export interface TraitOption {
  key: string;
  level: number;
  skills: string[];
}
export interface TraitSlot {
  options: TraitOption[];
}
export interface TemplateSlotData {
  skills: SkillSlot[];
  connections: ConnectionSlot[];
  advantages: TraitSlot[];
  disadvantages: TraitSlot[];
}

/** One edit, as the sheet reads it from a control (`data-slot-list`, `-index`, `-option`, `-skill`, `-field`). */
export type SlotEdit =
  | { op: "add"; list: SlotList }
  | { op: "remove"; list: SlotList; index: number }
  /** A skill slot's next skill to choose from, or a trait slot's next option ("X or Y"). */
  | { op: "addOption"; list: SlotList; index: number }
  | { op: "removeOption"; list: SlotList; index: number; option: number }
  /** A trait option's next skill it may name. */
  | { op: "addSkill"; list: SlotList; index: number; option: number }
  | { op: "removeSkill"; list: SlotList; index: number; option: number; skill: number }
  /**
   * A value: a skill slot's `count`, `level` or its option `option` (`skill`); a connection's `key` or
   * `level`; a trait option's `key`, `level` or its skill `skill`.
   */
  | {
      op: "set";
      list: SlotList;
      index: number;
      field: string;
      value: string;
      option?: number;
      skill?: number;
    };

const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const rec = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const int = (v: unknown, fallback: number): number =>
  typeof v === "number" && Number.isInteger(v) ? v : fallback;
const words = (v: unknown): string[] => arr(v).filter((s): s is string => typeof s === "string");

/** The item's slots as plain lists (whatever the stored data holds, read defensively). */
export function readSlots(system: Record<string, unknown>): TemplateSlotData {
  const traits = (v: unknown): TraitSlot[] =>
    arr(v).map((slot) => ({
      options: arr(rec(slot).options).map((o) => {
        const r = rec(o);
        return { key: String(r.key ?? ""), level: int(r.level, 0), skills: words(r.skills) };
      }),
    }));
  return {
    skills: arr(system.skills).map((s) => {
      const r = rec(s);
      return { options: words(r.options), count: int(r.count, 1), level: int(r.level, 1) };
    }),
    connections: arr(system.connections).map((c) => {
      const r = rec(c);
      return { key: String(r.key ?? ""), level: int(r.level, 1) };
    }),
    advantages: traits(system.advantages),
    disadvantages: traits(system.disadvantages),
  };
}

/** The trait keys a list's options may take (advantages with the templates' placeholders). */
export const traitKeys = (list: TraitList): readonly string[] =>
  list === "advantages" ? [...ADVANTAGE_KEYS, ...PLACEHOLDER_ADVANTAGE_KEYS] : DISADVANTAGE_KEYS;

/** A trait's usual points (its level in a template unless the text prints another). */
export const traitPoints = (list: TraitList, key: string): number =>
  (list === "advantages" ? findAdvantage(key) : findDisadvantage(key))?.points ?? 1;

const firstUnused = (all: readonly string[], used: readonly string[]): string | undefined =>
  all.find((k) => !used.includes(k));

const clamp = (value: string, bounds: { min: number; max: number }): number | null => {
  const n = Number(value);
  return Number.isInteger(n) ? Math.max(bounds.min, Math.min(bounds.max, n)) : null;
};

const isTraitList = (list: SlotList): list is TraitList => list === "advantages" || list === "disadvantages";

/** A new row for a list, or null when it is full. */
function newRow(data: TemplateSlotData, list: SlotList): TemplateSlotData[SlotList][number] | null {
  if (list === "skills") {
    if (data.skills.length >= SLOT_LIMITS.skills) return null;
    const skill =
      firstUnused(
        SKILL_KEYS,
        data.skills.flatMap((s) => s.options),
      ) ?? SKILL_KEYS[0]!;
    return { options: [skill], count: 1, level: 1 };
  }
  if (list === "connections") {
    if (data.connections.length >= SLOT_LIMITS.connections) return null;
    const key = firstUnused(
      CONNECTION_KEYS,
      data.connections.map((c) => c.key),
    );
    return key ? { key, level: 1 } : null;
  }
  if (data[list].length >= SLOT_LIMITS.traitSlots) return null;
  const used = data[list].flatMap((s) => s.options.map((o) => o.key));
  const key = firstUnused(traitKeys(list), used) ?? traitKeys(list)[0]!;
  return { options: [{ key, level: traitPoints(list, key), skills: [] }] };
}

/** A skill slot with one value set; null when the field or value is not one it takes. */
function setSkillSlot(slot: SkillSlot, edit: Extract<SlotEdit, { op: "set" }>): SkillSlot | null {
  if (edit.field === "count") {
    const count = clamp(edit.value, SLOT_BOUNDS.count);
    return count === null ? null : { ...slot, count: Math.min(count, Math.max(1, slot.options.length)) };
  }
  if (edit.field === "level") {
    const level = clamp(edit.value, SLOT_BOUNDS.skillLevel);
    return level === null ? null : { ...slot, level };
  }
  if (edit.field === "skill" && edit.option !== undefined && isSkillKey(edit.value)) {
    if (!slot.options[edit.option] || slot.options.includes(edit.value)) return null;
    return { ...slot, options: slot.options.map((o, i) => (i === edit.option ? edit.value : o)) };
  }
  return null;
}

function setTraitOption(
  list: TraitList,
  option: TraitOption,
  edit: Extract<SlotEdit, { op: "set" }>,
): TraitOption | null {
  if (edit.field === "key") {
    if (!traitKeys(list).includes(edit.value)) return null;
    return { ...option, key: edit.value, level: traitPoints(list, edit.value) };
  }
  if (edit.field === "level") {
    const level = clamp(edit.value, SLOT_BOUNDS.traitLevel);
    return level === null ? null : { ...option, level };
  }
  if (edit.field === "skill" && edit.skill !== undefined && isSkillKey(edit.value)) {
    if (option.skills[edit.skill] === undefined || option.skills.includes(edit.value)) return null;
    return { ...option, skills: option.skills.map((s, i) => (i === edit.skill ? edit.value : s)) };
  }
  return null;
}

const replaceAt = <T>(items: readonly T[], index: number, value: T): T[] =>
  items.map((item, i) => (i === index ? value : item));

/** A trait slot after an edit of its options (add, remove, their skills, a value); null when refused. */
function editTraitSlot(list: TraitList, slot: TraitSlot, edit: SlotEdit): TraitSlot | null {
  if (edit.op === "addOption") {
    if (slot.options.length >= SLOT_LIMITS.traitOptions) return null;
    const key = firstUnused(
      traitKeys(list),
      slot.options.map((o) => o.key),
    );
    return key ? { options: [...slot.options, { key, level: traitPoints(list, key), skills: [] }] } : null;
  }
  if (edit.op === "removeOption") {
    // A slot keeps one option at least: removing the last is removing the slot.
    if (slot.options.length <= 1 || !slot.options[edit.option]) return null;
    return { options: slot.options.filter((_, i) => i !== edit.option) };
  }
  const option = "option" in edit && edit.option !== undefined ? slot.options[edit.option] : undefined;
  if (!option || !("option" in edit) || edit.option === undefined) return null;
  let next: TraitOption | null = null;
  if (edit.op === "addSkill") {
    const skill = firstUnused(SKILL_KEYS, option.skills);
    next =
      option.skills.length < SLOT_LIMITS.optionSkills && skill
        ? { ...option, skills: [...option.skills, skill] }
        : null;
  } else if (edit.op === "removeSkill") {
    next =
      option.skills[edit.skill] !== undefined
        ? { ...option, skills: option.skills.filter((_, i) => i !== edit.skill) }
        : null;
  } else if (edit.op === "set") next = setTraitOption(list, option, edit);
  return next ? { options: replaceAt(slot.options, edit.option, next) } : null;
}

/** A skill slot after an edit of its options or values; null when refused. */
function editSkillSlot(slot: SkillSlot, edit: SlotEdit): SkillSlot | null {
  if (edit.op === "addOption") {
    const skill = firstUnused(SKILL_KEYS, slot.options);
    return slot.options.length < SLOT_LIMITS.skillOptions && skill
      ? { ...slot, options: [...slot.options, skill] }
      : null;
  }
  if (edit.op === "removeOption") {
    if (slot.options.length <= 1 || slot.options[edit.option] === undefined) return null;
    const options = slot.options.filter((_, i) => i !== edit.option);
    return { ...slot, options, count: Math.min(slot.count, options.length) };
  }
  return edit.op === "set" ? setSkillSlot(slot, edit) : null;
}

function editConnection(data: TemplateSlotData, slot: ConnectionSlot, edit: SlotEdit): ConnectionSlot | null {
  if (edit.op !== "set") return null;
  if (edit.field === "key") {
    if (!isConnectionKey(edit.value) || data.connections.some((c) => c.key === edit.value)) return null;
    return { ...slot, key: edit.value };
  }
  if (edit.field === "level") {
    const level = clamp(edit.value, SLOT_BOUNDS.connectionLevel);
    return level === null ? null : { ...slot, level };
  }
  return null;
}

/** The edited list, or null when the edit is refused (a full list, an index out of range, a bad value). */
function editedList(data: TemplateSlotData, edit: SlotEdit): unknown[] | null {
  const list = edit.list;
  const rows = data[list] as unknown[];
  if (edit.op === "add") {
    const row = newRow(data, list);
    return row ? [...rows, row] : null;
  }
  if (!Number.isInteger(edit.index) || edit.index < 0 || edit.index >= rows.length) return null;
  if (edit.op === "remove") return rows.filter((_, i) => i !== edit.index);
  let next: unknown = null;
  if (list === "skills") next = editSkillSlot(data.skills[edit.index]!, edit);
  else if (list === "connections") next = editConnection(data, data.connections[edit.index]!, edit);
  else if (isTraitList(list)) next = editTraitSlot(list, data[list][edit.index]!, edit);
  return next ? replaceAt(rows, edit.index, next) : null;
}

/** The flag of a template whose slots were edited on its sheet (its slots, not the rules', apply). */
export const OWN_SLOTS_FLAG = "ownSlots";

/**
 * The update one edit makes (`system.<list>`, the whole list, and the item's `ownSlots` flag), or null
 * when the edit is refused.
 */
export function editTemplateSlots(
  system: Record<string, unknown>,
  edit: SlotEdit,
): Record<string, unknown> | null {
  const next = editedList(readSlots(system), edit);
  if (!next) return null;
  return { [`system.${edit.list}`]: next, [flagPath("tales", OWN_SLOTS_FLAG)]: true };
}

const OPS = ["add", "remove", "addOption", "removeOption", "addSkill", "removeSkill", "set"] as const;

/**
 * An edit from a control's data (`slotList`, `slotIndex`, `slotOption`, `slotSkill`, `slotField`) and
 * the operation (the button's action, or "set" with the control's value); null when it names none.
 */
export function parseSlotEdit(
  op: string,
  dataset: Readonly<Record<string, string | undefined>>,
  value = "",
): SlotEdit | null {
  const list = dataset.slotList ?? "";
  if (!(SLOT_LISTS as readonly string[]).includes(list) || !(OPS as readonly string[]).includes(op))
    return null;
  const l = list as SlotList;
  const n = (v: string | undefined): number | undefined =>
    v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined;
  const index = n(dataset.slotIndex);
  const option = n(dataset.slotOption);
  const skill = n(dataset.slotSkill);
  if (op === "add") return { op, list: l };
  if (index === undefined) return null;
  switch (op) {
    case "remove":
    case "addOption":
      return { op, list: l, index };
    case "removeOption":
    case "addSkill":
      return option === undefined ? null : { op, list: l, index, option };
    case "removeSkill":
      return option === undefined || skill === undefined ? null : { op, list: l, index, option, skill };
    default: {
      const field = dataset.slotField ?? "";
      if (!field) return null;
      return {
        op: "set",
        list: l,
        index,
        field,
        value,
        ...(option !== undefined ? { option } : {}),
        ...(skill !== undefined ? { skill } : {}),
      };
    }
  }
}

// ---- the editor's view ---------------------------------------------------------------------------

const T = "POLYVERSE.Tales";

/** A select's options: i18n keys to localise (a stored key the lists lack is kept, shown as it is). */
function choices(keys: readonly string[], root: string, selected: string) {
  const known = keys.map((k) => ({
    value: k,
    label: `${root}.${k}`,
    localize: true,
    selected: k === selected,
  }));
  return keys.includes(selected) || !selected
    ? known
    : [{ value: selected, label: selected, localize: false, selected: true }, ...known];
}

const traitRoot = (list: TraitList) =>
  `${T}.Character.${list === "advantages" ? "Advantage" : "Disadvantage"}`;

/**
 * The name of the rules template the item stands for (by its key, or its kind, group and tier:
 * `templateOf`), as i18n keys ("Military" and "Grunt"); null for a Raconteur's own.
 */
function rulesName(system: Record<string, unknown>): { group: string; tier: string } | null {
  const t = templateOf({ id: "", name: "", type: "tales-template", img: "", sort: 0, system });
  if (findTemplate(t.key) !== t) return null;
  return {
    group: `${T}.Character.${t.family === "culture" ? "Culture" : "Occupation"}.${t.group}`,
    tier: `${T}.Character.Tier.${t.tier}`,
  };
}

/**
 * The slot editor's rows: every control's current value and choices, whether a row or option may be
 * added or removed (the bounds), and the ids that label them. The template localises the labels.
 */
export function slotEditorView(system: Record<string, unknown>, idPrefix: string, ownSlots = false) {
  const data = readSlots(system);
  const id = (...parts: (string | number)[]) => [idPrefix, "slot", ...parts].join("-");
  const traitView = (list: TraitList) => ({
    list,
    canAdd: data[list].length < SLOT_LIMITS.traitSlots,
    rows: data[list].map((slot, index) => ({
      index,
      number: index + 1,
      id: id(list, index),
      canAddOption: slot.options.length < SLOT_LIMITS.traitOptions,
      options: slot.options.map((o, option) => ({
        option,
        number: option + 1,
        id: id(list, index, option),
        first: option === 0,
        canRemove: slot.options.length > 1,
        level: o.level,
        keyChoices: choices(traitKeys(list), traitRoot(list), o.key),
        canAddSkill: o.skills.length < SLOT_LIMITS.optionSkills,
        skills: o.skills.map((s, skill) => ({
          skill,
          number: skill + 1,
          choices: choices(SKILL_KEYS, `${T}.Skill`, s),
        })),
      })),
    })),
  });
  return {
    /** The rules template the item names (its group and tier as i18n keys): its slots apply until these are edited. */
    rules: ownSlots ? null : rulesName(system),
    bounds: SLOT_BOUNDS,
    skills: {
      list: "skills" as const,
      canAdd: data.skills.length < SLOT_LIMITS.skills,
      rows: data.skills.map((slot, index) => ({
        index,
        number: index + 1,
        id: id("skills", index),
        count: slot.count,
        /** A pick only means something among several skills. */
        showCount: slot.options.length > 1,
        countMax: Math.max(1, Math.min(SLOT_BOUNDS.count.max, slot.options.length)),
        level: slot.level,
        canAddOption: slot.options.length < SLOT_LIMITS.skillOptions,
        options: slot.options.map((s, option) => ({
          option,
          number: option + 1,
          first: option === 0,
          canRemove: slot.options.length > 1,
          choices: choices(SKILL_KEYS, `${T}.Skill`, s),
        })),
      })),
    },
    connections: {
      list: "connections" as const,
      canAdd: data.connections.length < SLOT_LIMITS.connections,
      rows: data.connections.map((c, index) => ({
        index,
        number: index + 1,
        id: id("connections", index),
        level: c.level,
        choices: choices(CONNECTION_KEYS, `${T}.Connection`, c.key),
      })),
    },
    traitLists: [traitView("advantages"), traitView("disadvantages")],
  };
}
