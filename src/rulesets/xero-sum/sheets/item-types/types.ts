/**
 * The body of each Xero Sum item type's sheet as field groups (core's field views,
 * core/sheet-fields-logic.ts), the rows of its lists (a weapon's characteristics, a piece of
 * equipment's bonuses), a profession's skills as boxes to tick and a paradigm's RAPID Range and skills
 * with the tables' labels; and turning the submitted form back into the model's arrays. Foundry-free.
 */
import {
  fieldMaker,
  keyChoices,
  type FieldView,
  type ItemSheetData,
} from "../../../../core/sheet-fields-logic";
import { list, num, record, str } from "../../../../core/sheet-logic";
import {
  ATTRIBUTE_KEYS,
  CHARACTERISTIC_KEYS,
  COMPLICATIONS,
  CONDITIONS,
  MOTIVATIONS,
  RANGE_BANDS,
  RARITIES,
  SKILL_KEYS,
  WEAPON_CATEGORIES,
  WEAPON_CLASSES,
  WEAPON_SKILLS,
  type SkillKey,
} from "../../rules";
import { BONUS_TARGETS_EXTRA } from "../../data/keys";
import {
  NAMES,
  ROOT,
  attributeLevelKey,
  attributeName,
  attributeRange,
  legalSkillValues,
  levelOptions,
  skillLevelKey,
  skillName,
  type Localize,
} from "../actor-tabs/common";
import { skillsByAttribute } from "../actor-tabs/skills";

export const ITEM_ROOT = `${ROOT}.ItemSheet`;

export const ITEM_TYPES = [
  "xero-sum-weapon",
  "xero-sum-equipment",
  "xero-sum-profession",
  "xero-sum-paradigm",
] as const;
export type XeroSumItemType = (typeof ITEM_TYPES)[number];

export function isItemType(type: string): type is XeroSumItemType {
  return (ITEM_TYPES as readonly string[]).includes(type);
}

/** A field group of the body: a legend and its fields. */
export interface FieldGroup {
  legend: string;
  fields: FieldView[];
  /** Laid out in more columns (a paradigm's skills). */
  wide?: boolean;
}

/** One control of a list row, labelled for a screen reader (the row's header names the column). */
export interface RowControl {
  kind: "select" | "number" | "text";
  id: string;
  name: string;
  value: string | number;
  ariaLabel: string;
  options?: { value: string; label: string; selected: boolean }[];
  min?: number;
  max?: number;
  dtype?: string;
}
export interface ListRow {
  index: number;
  controls: RowControl[];
  removeLabel: string;
}
/** An item's list edited in rows (a weapon's characteristics, equipment's bonuses). */
export interface RowList {
  list: "characteristics" | "bonuses";
  legend: string;
  columns: string[];
  rows: ListRow[];
  addLabel: string;
  empty: string;
  /** An i18n key said under the rows. */
  hint?: string;
  editable: boolean;
}

/** The lists an item type edits in rows, and the blank row each adds. */
export const ROW_LISTS = {
  "xero-sum-weapon": { list: "characteristics", blank: { key: "tracking", value: 0 } },
  "xero-sum-equipment": { list: "bonuses", blank: { target: "perception", value: 1, context: "" } },
} as const;

const rarities = (root: string) => RARITIES.map((r) => ({ value: r, label: `${root}.${r}` }));
const conditions = keyChoices(CONDITIONS, `${NAMES}.Condition`);
const BONUS_TARGETS = [...SKILL_KEYS, ...BONUS_TARGETS_EXTRA] as const;

function weaponBody(data: ItemSheetData): FieldGroup[] {
  const f = fieldMaker(data, `${NAMES}.Weapon.FIELDS`);
  return [
    {
      legend: `${ITEM_ROOT}.Section.weapon`,
      fields: [
        f.select("category", keyChoices(WEAPON_CATEGORIES, `${NAMES}.WeaponCategory`)),
        f.select("skill", keyChoices(WEAPON_SKILLS, `${NAMES}.Skill`)),
        f.select("range", keyChoices(RANGE_BANDS, `${NAMES}.Range`)),
        f.select("weaponClass", keyChoices(WEAPON_CLASSES, `${NAMES}.WeaponClass`)),
        f.number("damage.base", { min: 0, max: 30 }),
        { ...f.text("damage.dice"), hint: `${ITEM_ROOT}.Hint.dice` },
        f.number("rpPercent", { min: 0, max: 300 }),
        f.number("enc", { min: 0, max: 9 }),
        f.select("rarity", rarities(`${NAMES}.Rarity`)),
        f.number("quantity", { min: 0, max: 999 }),
        { ...f.text("key"), hint: `${ITEM_ROOT}.Hint.key` },
      ],
    },
    {
      legend: `${ITEM_ROOT}.Section.ammo`,
      fields: [
        f.number("ammo.clip", { min: 0, max: 99 }),
        f.number("ammo.loaded", { min: 0, max: 99 }),
        f.number("ammo.reloads", { min: 0, max: 99 }),
        f.select("ammo.rarity", rarities(`${NAMES}.Rarity`)),
      ],
    },
    {
      legend: `${ITEM_ROOT}.Section.state`,
      fields: [
        f.select("condition", conditions),
        f.checkbox("readied"),
        f.checkbox("jammed"),
        f.checkbox("equipped"),
        { ...f.checkbox("scoped"), hint: `${ITEM_ROOT}.Hint.scoped` },
      ],
    },
  ];
}

function equipmentBody(data: ItemSheetData): FieldGroup[] {
  const f = fieldMaker(data, `${NAMES}.Equipment.FIELDS`);
  return [
    {
      legend: `${ITEM_ROOT}.Section.equipment`,
      fields: [
        f.select("rarity", rarities(`${NAMES}.Rarity`)),
        f.number("enc", { min: 0, max: 9 }),
        f.number("quantity", { min: 0, max: 999 }),
        f.select("condition", conditions),
        f.checkbox("carried"),
        { ...f.text("key"), hint: `${ITEM_ROOT}.Hint.key` },
      ],
    },
    {
      legend: `${ITEM_ROOT}.Section.uses`,
      fields: [
        f.number("charges.value", { min: 0, max: 99 }),
        f.number("charges.max", { min: 0, max: 99 }),
        f.number("heal.base", { min: 0, max: 10 }),
        { ...f.text("heal.dice"), hint: `${ITEM_ROOT}.Hint.dice` },
      ],
    },
  ];
}

/** A weapon's characteristics or equipment's bonuses as rows of controls. */
export function rowList(data: ItemSheetData, localize: Localize): RowList | null {
  const id = (index: number, field: string) => `${data.idPrefix}-row-${index}-${field}`;
  const name = (listName: string, index: number, field: string) => `system.${listName}.${index}.${field}`;
  if (data.type === "xero-sum-weapon") {
    const rows = list(data.system.characteristics).map((c, index) => {
      const entry = record(c);
      const key = str(entry.key);
      const label = localize(`${NAMES}.Characteristic.${key}`);
      return {
        index,
        controls: [
          {
            kind: "select" as const,
            id: id(index, "key"),
            name: name("characteristics", index, "key"),
            value: key,
            ariaLabel: localize(`${ITEM_ROOT}.Row.Characteristic`, { index: String(index + 1) }),
            options: CHARACTERISTIC_KEYS.map((k) => ({
              value: k,
              label: localize(`${NAMES}.Characteristic.${k}`),
              selected: k === key,
            })),
          },
          {
            kind: "number" as const,
            id: id(index, "value"),
            name: name("characteristics", index, "value"),
            value: num(entry.value),
            ariaLabel: localize(`${ITEM_ROOT}.Row.Value`, { name: label }),
            min: 0,
            max: 9,
          },
        ],
        removeLabel: localize(`${ITEM_ROOT}.Row.Remove`, { name: label }),
      };
    });
    return {
      list: "characteristics",
      legend: `${NAMES}.Weapon.FIELDS.characteristics.label`,
      columns: [`${ITEM_ROOT}.Column.characteristic`, `${ITEM_ROOT}.Column.x`],
      rows,
      addLabel: localize(`${ITEM_ROOT}.Row.AddCharacteristic`),
      empty: `${ITEM_ROOT}.Row.NoCharacteristics`,
      editable: data.editable,
    };
  }
  if (data.type === "xero-sum-equipment") {
    const targetLabel = (t: string) =>
      localize((SKILL_KEYS as readonly string[]).includes(t) ? skillName(t) : `${ROOT}.BonusTarget.${t}`);
    const rows = list(data.system.bonuses).map((b, index) => {
      const entry = record(b);
      const target = str(entry.target);
      const label = targetLabel(target);
      return {
        index,
        controls: [
          {
            kind: "select" as const,
            id: id(index, "target"),
            name: name("bonuses", index, "target"),
            value: target,
            ariaLabel: localize(`${ITEM_ROOT}.Row.Target`, { index: String(index + 1) }),
            options: BONUS_TARGETS.map((t) => ({ value: t, label: targetLabel(t), selected: t === target })),
          },
          {
            kind: "number" as const,
            id: id(index, "value"),
            name: name("bonuses", index, "value"),
            value: num(entry.value),
            ariaLabel: localize(`${ITEM_ROOT}.Row.Bonus`, { name: label }),
            min: -5,
            max: 5,
          },
          {
            kind: "text" as const,
            id: id(index, "context"),
            name: name("bonuses", index, "context"),
            value: str(entry.context),
            ariaLabel: localize(`${ITEM_ROOT}.Row.When`, { name: label }),
          },
        ],
        removeLabel: localize(`${ITEM_ROOT}.Row.Remove`, { name: label }),
      };
    });
    return {
      list: "bonuses",
      legend: `${NAMES}.Equipment.FIELDS.bonuses.label`,
      columns: [`${ITEM_ROOT}.Column.target`, `${ITEM_ROOT}.Column.bonus`, `${ITEM_ROOT}.Column.when`],
      rows,
      addLabel: localize(`${ITEM_ROOT}.Row.AddBonus`),
      empty: `${ITEM_ROOT}.Row.NoBonuses`,
      hint: `${ITEM_ROOT}.Hint.when`,
      editable: data.editable,
    };
  }
  return null;
}

/** A profession's skills as boxes to tick, grouped by attribute. */
export function professionSkills(data: ItemSheetData, localize: Localize) {
  const held = list(data.system.skills).filter((s): s is string => typeof s === "string");
  const groups = skillsByAttribute();
  return {
    count: localize(`${ITEM_ROOT}.ProfessionCount`, { count: String(held.length) }),
    groups: ATTRIBUTE_KEYS.map((a) => ({
      legend: attributeName(a),
      skills: groups[a].map((skill) => ({
        id: `${data.idPrefix}-skill-${skill}`,
        name: `system.skills.${skill}`,
        label: skillName(skill),
        checked: held.includes(skill),
        disabled: !data.editable,
      })),
    })),
  };
}

function professionBody(data: ItemSheetData): FieldGroup[] {
  const f = fieldMaker(data, `${NAMES}.Profession.FIELDS`);
  return [
    {
      legend: `${ITEM_ROOT}.Section.profession`,
      fields: [{ ...f.text("key"), hint: `${ITEM_ROOT}.Hint.professionKey` }],
    },
  ];
}

function paradigmBody(data: ItemSheetData, localize: Localize): FieldGroup[] {
  const f = fieldMaker(data, `${NAMES}.Paradigm.FIELDS`);
  const numberSelect = (path: string, values: readonly number[], labelKey: (n: number) => string | null) => {
    const current = num(record(data.system[path.split(".")[0]!])[path.split(".")[1]!]);
    return f.select(
      path,
      levelOptions(values, current, labelKey, localize).map((o) => ({
        value: String(o.value),
        label: o.label,
        localize: false,
      })),
      { dtype: "Number" },
    );
  };
  const groups = skillsByAttribute();
  const tableChoices = (keys: readonly string[], family: string) => [
    { value: "", label: `${ITEM_ROOT}.None` },
    ...keys.map((k) => ({ value: k, label: `${NAMES}.${family}.${k}` })),
  ];
  return [
    {
      legend: `${NAMES}.Paradigm.FIELDS.attributes.label`,
      fields: ATTRIBUTE_KEYS.map((a) =>
        numberSelect(`attributes.${a}`, attributeRange(false), attributeLevelKey),
      ),
    },
    ...ATTRIBUTE_KEYS.map((a) => ({
      legend: `${ITEM_ROOT}.SkillsOf.${a}`,
      fields: groups[a].map((s: SkillKey) => numberSelect(`skills.${s}`, legalSkillValues(s), skillLevelKey)),
    })),
    {
      legend: `${ITEM_ROOT}.Section.drives`,
      fields: [
        f.select("complication", tableChoices(COMPLICATIONS, "Complication")),
        f.select("motivation", tableChoices(MOTIVATIONS, "Motivation")),
      ],
    },
  ];
}

/** The field groups of an item type's body. */
export function itemBody(type: XeroSumItemType, data: ItemSheetData, localize: Localize): FieldGroup[] {
  switch (type) {
    case "xero-sum-weapon":
      return weaponBody(data);
    case "xero-sum-equipment":
      return equipmentBody(data);
    case "xero-sum-profession":
      return professionBody(data);
    case "xero-sum-paradigm":
      return paradigmBody(data, localize);
  }
}

/** The list's entries with a blank one added (null for a type without that list). */
export function addRow(
  type: string,
  system: Record<string, unknown>,
): { path: string; value: unknown[] } | null {
  if (type !== "xero-sum-weapon" && type !== "xero-sum-equipment") return null;
  const spec = ROW_LISTS[type];
  return { path: `system.${spec.list}`, value: [...list(system[spec.list]), { ...spec.blank }] };
}

/** The list's entries without the one at `index` (null off the list). */
export function removeRow(
  type: string,
  system: Record<string, unknown>,
  index: number,
): { path: string; value: unknown[] } | null {
  if (type !== "xero-sum-weapon" && type !== "xero-sum-equipment") return null;
  const entries = list(system[ROW_LISTS[type].list]);
  if (!Number.isInteger(index) || index < 0 || index >= entries.length) return null;
  return { path: `system.${ROW_LISTS[type].list}`, value: entries.filter((_, i) => i !== index) };
}

/** A form's list as submitted (`{ 0: {...}, 1: {...} }`, or already an array) as an array in index order. */
function rowsOf(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.map((v) => record(v));
  const rec = record(value);
  return Object.keys(rec)
    .filter((k) => /^\d+$/.test(k))
    .sort((a, b) => Number(a) - Number(b))
    .map((k) => record(rec[k]));
}

/**
 * The submitted `system` as the model stores it: the rows of a weapon's characteristics or
 * equipment's bonuses back into arrays (numbers as numbers), a profession's ticked skills into its
 * list (those it held keep their order, new ones follow in Table 16's order).
 */
export function normaliseSubmit(
  type: string,
  system: Record<string, unknown>,
  stored: Record<string, unknown> = {},
): Record<string, unknown> {
  const out = { ...system };
  if (type === "xero-sum-weapon" && "characteristics" in out)
    out.characteristics = rowsOf(out.characteristics).map((r) => ({
      key: str(r.key),
      value: Number(r.value) || 0,
    }));
  if (type === "xero-sum-equipment" && "bonuses" in out)
    out.bonuses = rowsOf(out.bonuses).map((r) => ({
      target: str(r.target),
      value: Number(r.value) || 0,
      context: str(r.context),
    }));
  if (
    type === "xero-sum-profession" &&
    out.skills &&
    typeof out.skills === "object" &&
    !Array.isArray(out.skills)
  ) {
    const ticked = record(out.skills);
    const before = list(stored.skills).filter((s): s is string => typeof s === "string");
    const kept = before.filter((s) => ticked[s] === true);
    const added = SKILL_KEYS.filter((s) => ticked[s] === true && !kept.includes(s));
    out.skills = [...kept, ...added];
  }
  return out;
}
