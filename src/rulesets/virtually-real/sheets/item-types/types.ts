/**
 * The body of each Virtually Real item type's sheet as field groups (core's field views,
 * core/sheet-fields-logic.ts), and what the rules read from the item, said under them: a skill's
 * notation and the next training's DL, XP prerequisite and teaching time (`learningDL`,
 * `trainingXPRequired`, `teachingWeeks`); a book's notation, reading DL and time (`bookReadingDL`,
 * `bookReadingHours`) and whether it is a reference; a ready weapon's [I] bonuses. Foundry-free.
 */
import {
  fieldMaker,
  keyChoices,
  type FieldView,
  type ItemSheetData,
} from "../../../../core/sheet-fields-logic";
import { num } from "../../../../core/sheet-logic";
import {
  ATTRIBUTE_KEYS,
  MAX_TRAINING,
  SKILL_CAPACITY_KEYS,
  SKILL_REFS,
  bookReadingDL,
  bookReadingHours,
  capacityNotation,
  isReferenceBook,
  learningDL,
  teachingWeeks,
  trainingXPRequired,
} from "../../rules";
import { EQUIPMENT_KINDS, PASSION_BRANCHES } from "../../data/keys";
import type { BookOptions } from "../../rules";
import { countText } from "../../../../core/i18n-logic";

export const NAMES = "POLYVERSE.VirtuallyReal";
export const ITEM_ROOT = `${NAMES}.Sheet.ItemSheet`;
const CHECK = `${NAMES}.Check`;
const CHARACTER = `${NAMES}.Character`;

export const ITEM_TYPES = [
  "virtually-real-skill",
  "virtually-real-passion",
  "virtually-real-equipment",
  "virtually-real-book",
  "virtually-real-task",
] as const;
export type VirtuallyRealItemType = (typeof ITEM_TYPES)[number];

export function isItemType(type: string): type is VirtuallyRealItemType {
  return (ITEM_TYPES as readonly string[]).includes(type);
}

/** The label family of each type (its model's `FIELDS`). */
export const FAMILY: Readonly<Record<VirtuallyRealItemType, string>> = {
  "virtually-real-skill": "Skill",
  "virtually-real-passion": "Passion",
  "virtually-real-equipment": "Equipment",
  "virtually-real-book": "Book",
  "virtually-real-task": "Task",
};

/** A field group of the body: a legend and its fields. */
export interface FieldGroup {
  legend: string;
  fields: FieldView[];
}

type Localize = (key: string, data?: Record<string, string>) => string;

/** The capacities as choices, each named by the Capacities table ("[2] Primary"). */
function skillCapacities(localize: Localize, from: number) {
  return Array.from({ length: 6 - from }, (_, i) => i + from).map((capacity) => ({
    value: String(capacity),
    label: `[${capacity}] ${localize(
      capacity === 0
        ? `${ITEM_ROOT}.Unusable`
        : `${CHECK}.SkillCapacity.${SKILL_CAPACITY_KEYS[capacity - 1]}`,
    )}`,
    localize: false,
  }));
}

function skillBody(data: ItemSheetData, localize: Localize): FieldGroup[] {
  const f = fieldMaker(data, `${NAMES}.Skill.FIELDS`);
  return [
    {
      legend: `${ITEM_ROOT}.Section.skill`,
      fields: [
        f.select("capacity", skillCapacities(localize, 0), { dtype: "Number" }),
        f.number("xp", { min: 0, max: 9999 }),
        f.select("attribute", keyChoices(ATTRIBUTE_KEYS, `${CHARACTER}.Attribute`)),
        { ...f.number("cost", { min: 0, max: 999 }), hint: `${NAMES}.Skill.FIELDS.cost.hint` },
        { ...f.number("underlines", { min: 0, max: 99 }), hint: `${NAMES}.Skill.FIELDS.underlines.hint` },
        f.text("style"),
        {
          ...f.select("ref", [
            { value: "", label: `${ITEM_ROOT}.NoRef` },
            ...keyChoices(SKILL_REFS, `${CHARACTER}.Skill`),
          ]),
          hint: `${NAMES}.Skill.FIELDS.ref.hint`,
        },
      ],
    },
    {
      legend: `${ITEM_ROOT}.Section.use`,
      fields: [
        { ...f.checkbox("combat"), hint: `${NAMES}.Skill.FIELDS.combat.hint` },
        { ...f.checkbox("restricted"), hint: `${NAMES}.Skill.FIELDS.restricted.hint` },
        f.checkbox("ancestry"),
        f.checkbox("usedThisScene"),
        f.checkbox("gainedThisChapter"),
      ],
    },
  ];
}

function passionBody(data: ItemSheetData): FieldGroup[] {
  const f = fieldMaker(data, `${NAMES}.Passion.FIELDS`);
  return [
    {
      legend: `${ITEM_ROOT}.Section.passion`,
      fields: [
        f.text("style"),
        f.select("branch", keyChoices(PASSION_BRANCHES, `${NAMES}.PassionBranch`)),
        f.number("depth", { min: 0, max: 9 }),
        f.text("prerequisite"),
        f.checkbox("darkness"),
        f.checkbox("adrenaline"),
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
        f.select("kind", keyChoices(EQUIPMENT_KINDS, `${NAMES}.EquipmentKind`)),
        f.number("quantity", { min: 0, max: 9999 }),
        f.text("proficiency"),
        f.checkbox("equipped"),
        { ...f.checkbox("magical"), hint: `${NAMES}.Equipment.FIELDS.magical.hint` },
      ],
    },
    {
      legend: `${ITEM_ROOT}.Section.initiative`,
      fields: [
        f.checkbox("ready"),
        f.number("initiativeBonus", { min: -9, max: 9 }),
        f.number("proficiencyBonus", { min: -9, max: 9 }),
      ],
    },
  ];
}

function bookBody(data: ItemSheetData, localize: Localize): FieldGroup[] {
  const f = fieldMaker(data, `${NAMES}.Book.FIELDS`);
  return [
    {
      legend: `${ITEM_ROOT}.Section.book`,
      fields: [
        f.text("skill"),
        f.select("capacity", skillCapacities(localize, 1), { dtype: "Number" }),
        f.number("xp", { min: 0, max: 9999 }),
        f.text("language"),
        f.checkbox("story"),
      ],
    },
  ];
}

/** The field groups of an item type's body. */
export function itemBody(type: VirtuallyRealItemType, data: ItemSheetData, localize: Localize): FieldGroup[] {
  switch (type) {
    case "virtually-real-skill":
      return skillBody(data, localize);
    case "virtually-real-passion":
      return passionBody(data);
    case "virtually-real-equipment":
      return equipmentBody(data);
    case "virtually-real-book":
      return bookBody(data, localize);
    case "virtually-real-task":
      // Its stages and progress are the task part's (task.ts).
      return [];
  }
}

/** What the rules read from the item, as lines under its fields (none for a passion or gear). */
export function itemReading(
  type: VirtuallyRealItemType,
  system: Record<string, unknown>,
  localize: Localize,
  book: BookOptions,
): string[] {
  if (type === "virtually-real-skill") {
    const capacity = Math.min(MAX_TRAINING, Math.max(0, num(system.capacity, 1)));
    const xp = Math.max(0, num(system.xp));
    const cost = Math.max(0, num(system.cost, 8));
    const lines = [
      localize(`${ITEM_ROOT}.Reading.notation`, { notation: capacityNotation({ capacity, xp }) }),
    ];
    if (capacity >= MAX_TRAINING) return [...lines, localize(`${ITEM_ROOT}.Reading.top`)];
    const target = capacity + 1;
    return [
      ...lines,
      localize(`${ITEM_ROOT}.Reading.training`, {
        capacity: String(target),
        name: localize(`${CHECK}.SkillCapacity.${SKILL_CAPACITY_KEYS[target - 1]}`),
        dl: String(learningDL(target, cost)),
        xp: String(trainingXPRequired(cost)),
        weeks: countText(localize, `${ITEM_ROOT}.Reading.Weeks`, teachingWeeks(cost)),
      }),
    ];
  }
  if (type === "virtually-real-book") {
    const value = {
      capacity: Math.min(MAX_TRAINING, Math.max(1, num(system.capacity, 2))),
      xp: Math.max(0, num(system.xp)),
    };
    return [
      localize(`${ITEM_ROOT}.Reading.notation`, { notation: capacityNotation(value) }),
      localize(`${ITEM_ROOT}.Reading.book`, {
        dl: String(bookReadingDL(value, book)),
        hours: String(bookReadingHours(value, book)),
      }),
      ...(isReferenceBook(value) ? [localize(`${ITEM_ROOT}.Reading.reference`)] : []),
    ];
  }
  return [];
}
