/**
 * The body of each Tales item type's sheet as field groups (core's field views,
 * core/sheet-fields-logic.ts), a template's slots as readable lines, and turning the submitted form
 * back into the model's arrays (levels offered, a text's flaws). Foundry-free.
 */
import {
  fieldMaker,
  keyChoices,
  type FieldView,
  type ItemSheetData,
} from "../../../../core/sheet-fields-logic";
import { ATTRIBUTE_KEYS, SKILL_KEYS, VEHICLE_RANGES, VEHICLE_SPEEDS, vehicleCost } from "../../rules";
import { GEAR_CATEGORIES, RARITIES, SANCTUARY_CATEGORIES, TEMPLATE_TIERS, TEXT_KINDS } from "../../data/keys";

export const SHEET_ROOT = "POLYVERSE.Tales.Sheet.ItemSheet";
const T = "POLYVERSE.Tales";

export const ITEM_TYPES = [
  "tales-skill",
  "tales-advantage",
  "tales-disadvantage",
  "tales-template",
  "tales-weapon",
  "tales-armour",
  "tales-gear",
  "tales-text",
  "tales-sanctuary",
] as const;
export type TalesItemType = (typeof ITEM_TYPES)[number];

export function isItemType(type: string): type is TalesItemType {
  return (ITEM_TYPES as readonly string[]).includes(type);
}

/** A field group of the body: a legend and its fields. */
export interface FieldGroup {
  legend: string;
  fields: FieldView[];
  /** A line under the fields (an i18n key and its `{value}`): what a calculator makes of them. */
  note?: { key: string; value: string };
}

const skills = keyChoices(SKILL_KEYS, `${T}.Skill`);
const skillsOrNone = [{ value: "", label: `${SHEET_ROOT}.None` }, ...skills];
const attributes = keyChoices(ATTRIBUTE_KEYS, `${T}.Attribute`);

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const rec = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** Numbers as the sheet shows a list of them: "4, 10". */
export const numbersText = (v: unknown): string =>
  list(v)
    .filter((n) => typeof n === "number")
    .join(", ");
/** Words as the sheet shows a list of them: "addiction, cursed". */
export const wordsText = (v: unknown): string =>
  list(v)
    .filter((s) => typeof s === "string")
    .join(", ");

/** "4, 10" → [4, 10] (whole numbers 0..30, each once, in order). */
export function parseNumbers(text: string): number[] {
  const values = text
    .split(/[,;\s]+/)
    .map((s) => Number(s))
    .filter((n) => Number.isInteger(n) && n >= 0 && n <= 30);
  return [...new Set(values)].sort((a, b) => a - b);
}
/** "addiction, cursed" → ["addiction", "cursed"]. */
export function parseWords(text: string): string[] {
  return text
    .split(/[,;\n]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function skillBody(data: ItemSheetData): FieldGroup[] {
  const f = fieldMaker(data, `${T}.Skill.FIELDS`);
  return [
    {
      legend: `${SHEET_ROOT}.Section.skill`,
      fields: [f.select("key", skills), f.select("group", attributes), f.checkbox("specialised")],
    },
  ];
}

function traitBody(data: ItemSheetData, kind: "advantage" | "disadvantage"): FieldGroup[] {
  const f = fieldMaker(data, `${T}.Trait.FIELDS`);
  const own = fieldMaker(data, kind === "advantage" ? `${T}.Advantage.FIELDS` : `${T}.Disadvantage.FIELDS`);
  const levelOptions: FieldView = {
    ...f.text("levelOptions"),
    value: numbersText(data.system.levelOptions),
    hint: `${SHEET_ROOT}.Hint.levelOptions`,
  };
  return [
    {
      legend: `${SHEET_ROOT}.Section.${kind}`,
      fields: [
        { ...f.text("key"), hint: `${SHEET_ROOT}.Hint.traitKey` },
        f.number("level", { min: 0, max: 30 }),
        levelOptions,
        f.checkbox("variable"),
        f.select("skill", skillsOrNone),
        { ...f.text("option"), hint: `${SHEET_ROOT}.Hint.option` },
        f.select("source", keyChoices(["trait", "template", "xp"], `${SHEET_ROOT}.Source`)),
        ...(kind === "advantage"
          ? [{ ...own.number("pool", { min: 0, max: 30 }), hint: `${SHEET_ROOT}.Hint.pool` }]
          : [own.checkbox("illegal"), own.checkbox("active")]),
      ],
    },
  ];
}

/** A template's slots as the sheet reads them: one line each. */
export interface SlotLine {
  /** i18n key with {options}, {count}, {level}. */
  key: string;
  data: Record<string, string>;
}

function templateBody(data: ItemSheetData): FieldGroup[] {
  const f = fieldMaker(data, `${T}.Template.FIELDS`);
  return [
    {
      legend: `${SHEET_ROOT}.Section.template`,
      fields: [
        f.select("kind", keyChoices(["occupation", "culture"], "POLYVERSE.Tales.Sheet.Template.Kind")),
        f.text("group"),
        f.select("tier", keyChoices(TEMPLATE_TIERS, "POLYVERSE.Tales.Character.Tier")),
        f.number("cost", { min: 0, max: 30 }),
      ],
    },
  ];
}

/**
 * A template's slots, readable: "Dodge or Athletics (pick 1): level 1", "Wealth 2", "Edge (2) on
 * Medicine or Science". Names are i18n keys the template localises (`names`), joined by "or".
 */
export function templateSlots(system: Record<string, unknown>) {
  const skillLines = list(system.skills).map((s) => {
    const r = rec(s);
    const options = list(r.options).filter((o): o is string => typeof o === "string");
    return {
      names: options.map((o) => `${T}.Skill.${o}`),
      count: Number(r.count ?? 1),
      level: Number(r.level ?? 1),
      choice: options.length > 1,
    };
  });
  const connectionLines = list(system.connections).map((c) => {
    const r = rec(c);
    return { name: `${T}.Connection.${String(r.key ?? "")}`, level: Number(r.level ?? 0) };
  });
  const traitLines = (slots: unknown, family: "Advantage" | "Disadvantage") =>
    list(slots).map((slot) => ({
      options: list(rec(slot).options).map((o) => {
        const r = rec(o);
        return {
          name: `${T}.Character.${family}.${String(r.key ?? "")}`,
          level: Number(r.level ?? 0),
          skills: list(r.skills)
            .filter((s): s is string => typeof s === "string")
            .map((s) => `${T}.Skill.${s}`),
        };
      }),
    }));
  return {
    skills: skillLines,
    connections: connectionLines,
    advantages: traitLines(system.advantages, "Advantage"),
    disadvantages: traitLines(system.disadvantages, "Disadvantage"),
  };
}

function physical(data: ItemSheetData): FieldView[] {
  const f = fieldMaker(data, `${T}.Item.FIELDS`);
  return [
    f.text("key"),
    f.text("group"),
    f.select("rarity", keyChoices(RARITIES, "POLYVERSE.Tales.Sheet.Rarity")),
    f.number("cost", { min: 0, max: 100 }),
    f.text("costNote"),
    f.number("quantity", { min: 0, max: 10000 }),
    f.checkbox("equipped"),
  ];
}

function weaponBody(data: ItemSheetData): FieldGroup[] {
  const f = fieldMaker(data, `${T}.Weapon.FIELDS`);
  return [
    {
      legend: `${SHEET_ROOT}.Section.weapon`,
      fields: [
        f.number("damage", { min: 0, max: 30 }),
        f.text("damageNote"),
        f.number("modifier", { min: -10, max: 10 }),
        f.select("skill", skills),
        f.select("attribute", attributes),
        f.checkbox("broken"),
      ],
    },
    {
      legend: `${SHEET_ROOT}.Section.traits`,
      fields: [
        { ...f.number("traits.auto", { min: 0, max: 50 }), hint: `${SHEET_ROOT}.Hint.auto` },
        { ...f.number("traits.range", { min: 0, max: 10000 }), hint: `${SHEET_ROOT}.Hint.range` },
        f.number("traits.reach", { min: 0, max: 100 }),
        ...(["clumsy", "entangle", "fragile", "heavy", "incendiary", "splitDamage", "spray"] as const).map(
          (t) => f.checkbox(`traits.${t}`),
        ),
      ],
    },
    { legend: `${SHEET_ROOT}.Section.physical`, fields: physical(data) },
  ];
}

function armourBody(data: ItemSheetData): FieldGroup[] {
  const f = fieldMaker(data, `${T}.Armour.FIELDS`);
  return [
    {
      legend: `${SHEET_ROOT}.Section.armour`,
      fields: [
        f.number("protection", { min: 0, max: 30 }),
        { ...f.number("modifier", { min: 0, max: 10 }), hint: `${SHEET_ROOT}.Hint.armourModifier` },
      ],
    },
    {
      legend: `${SHEET_ROOT}.Section.traits`,
      fields: (["heavy", "cumbersome", "gasMask", "radiationCounter", "restrictive"] as const).map((t) =>
        f.checkbox(`traits.${t}`),
      ),
    },
    { legend: `${SHEET_ROOT}.Section.physical`, fields: physical(data) },
  ];
}

/** The gear categories that are vehicles (their calculator's fields) and poisons (rating, strength). */
export const VEHICLE_CATEGORIES = ["consumerVehicle", "commercialVehicle"] as const;
export const POISON_CATEGORIES = ["nonLethalPoison", "deadlyPoison"] as const;

/**
 * A vehicle's cost by the rules' calculator (`vehicleCost`) from the sheet's steps: speed step n is
 * the n-th listed speed, range step n the n-th listed range (0: none bought), 5 items and 2 seats
 * assumed plus the extras. The consumer car of the gear pack (speed 3, range 3, one extra pair of
 * seats) costs 3 + 3 + 1 = 7. Null when no speed is chosen; the rules' reason when it cannot be built.
 */
export function vehicleCostNote(
  category: string,
  vehicle: Record<string, unknown>,
): { key: string; value: string } | null {
  const n = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : 0);
  const speedRow = VEHICLE_SPEEDS[n(vehicle.speed) - 1];
  if (!speedRow) return null;
  const rangeStep = n(vehicle.range);
  const rangeRow = rangeStep > 0 ? VEHICLE_RANGES[rangeStep - 1] : undefined;
  if (rangeStep > 0 && !rangeRow) return null;
  const result = vehicleCost({
    kind: category === "commercialVehicle" ? "commercial" : "consumer",
    speed: speedRow.speed,
    range: rangeRow?.range ?? 0,
    cargo: 5 + 5 * n(vehicle.extraCargo),
    seats: 2 + 2 * n(vehicle.extraSeats),
    aircraft: vehicle.aircraft === true,
    hiddenCompartments: n(vehicle.hiddenCompartments),
  });
  return result.ok
    ? { key: `${SHEET_ROOT}.VehicleCost.ok`, value: String(result.value) }
    : { key: `${SHEET_ROOT}.VehicleCost.${result.reason}`, value: String(result.data?.max ?? "") };
}

/**
 * A gear item's fields: its category and skill, cost and carrying, and only for a vehicle the
 * vehicle calculator's fields (with the cost they add up to), only for a poison its rating and
 * strength. Values of the other kind stay stored, unseen.
 */
function gearBody(data: ItemSheetData): FieldGroup[] {
  const f = fieldMaker(data, `${T}.Gear.FIELDS`);
  const category = String(data.system.category ?? "");
  const groups: FieldGroup[] = [
    {
      legend: `${SHEET_ROOT}.Section.gear`,
      fields: [
        f.select("category", keyChoices(GEAR_CATEGORIES, "POLYVERSE.Tales.Sheet.GearCategory")),
        f.select("skill", skillsOrNone),
      ],
    },
    { legend: `${SHEET_ROOT}.Section.physical`, fields: physical(data) },
  ];
  if ((VEHICLE_CATEGORIES as readonly string[]).includes(category)) {
    const note = vehicleCostNote(category, rec(data.system.vehicle));
    groups.push({
      legend: `${SHEET_ROOT}.Section.vehicle`,
      fields: [
        { ...f.number("vehicle.speed", { min: 0, max: 6 }), hint: `${SHEET_ROOT}.Hint.vehicleSpeed` },
        { ...f.number("vehicle.range", { min: 0, max: 7 }), hint: `${SHEET_ROOT}.Hint.vehicleRange` },
        f.number("vehicle.extraCargo", { min: 0, max: 20 }),
        f.number("vehicle.extraSeats", { min: 0, max: 20 }),
        f.number("vehicle.hiddenCompartments", { min: 0, max: 10 }),
        f.checkbox("vehicle.aircraft"),
      ],
      ...(note ? { note } : {}),
    });
  }
  if ((POISON_CATEGORIES as readonly string[]).includes(category))
    groups.push({
      legend: `${SHEET_ROOT}.Section.poison`,
      fields: [
        { ...f.number("poison.rating", { min: 0, max: 20 }), hint: `${SHEET_ROOT}.Hint.poison.${category}` },
        f.checkbox("poison.strong"),
      ],
    });
  return groups;
}

function textBody(data: ItemSheetData): FieldGroup[] {
  const f = fieldMaker(data, `${T}.Text.FIELDS`);
  return [
    {
      legend: `${SHEET_ROOT}.Section.text`,
      fields: [
        f.select("kind", keyChoices(TEXT_KINDS, "POLYVERSE.Tales.Sheet.TextKind")),
        f.number("points", { min: 0, max: 20 }),
        f.select("skill", skillsOrNone),
        { ...f.text("flaws"), value: wordsText(data.system.flaws), hint: `${SHEET_ROOT}.Hint.flaws` },
      ],
    },
  ];
}

function sanctuaryBody(data: ItemSheetData): FieldGroup[] {
  const f = fieldMaker(data, `${T}.Sanctuary.FIELDS`);
  return [
    {
      legend: `${SHEET_ROOT}.Section.sanctuary`,
      fields: [
        f.text("key"),
        f.select("category", keyChoices(SANCTUARY_CATEGORIES, "POLYVERSE.Tales.Sheet.SanctuaryCategory")),
        f.number("cost", { min: 0, max: 20 }),
        f.checkbox("extra"),
        f.checkbox("perSharer"),
      ],
    },
  ];
}

/** The field groups of an item's type. */
export function itemBody(type: TalesItemType, data: ItemSheetData): FieldGroup[] {
  switch (type) {
    case "tales-skill":
      return skillBody(data);
    case "tales-advantage":
      return traitBody(data, "advantage");
    case "tales-disadvantage":
      return traitBody(data, "disadvantage");
    case "tales-template":
      return templateBody(data);
    case "tales-weapon":
      return weaponBody(data);
    case "tales-armour":
      return armourBody(data);
    case "tales-gear":
      return gearBody(data);
    case "tales-text":
      return textBody(data);
    case "tales-sanctuary":
      return sanctuaryBody(data);
  }
}

/** The submitted form's `system` with the text fields that stand for lists turned back into lists. */
export function normaliseSubmit(type: string, system: Record<string, unknown>): Record<string, unknown> {
  const out = { ...system };
  if ((type === "tales-advantage" || type === "tales-disadvantage") && typeof out.levelOptions === "string")
    out.levelOptions = parseNumbers(out.levelOptions);
  if (type === "tales-text" && typeof out.flaws === "string") out.flaws = parseWords(out.flaws);
  return out;
}
