/**
 * The body of each Maelstrom item type's sheet as field views (see fields.ts), and turning the
 * submitted form back into the documents' arrays (point options, common attributes, suggested
 * specialties). Foundry-free.
 */
import { ABILITY_KEYS, ATTRIBUTE_KEYS, CATEGORY_KEYS, DAMAGE_TYPES } from "../../data/trait-keys";
import { ALL_SENSES, SENSES, findFlaw, findMerit } from "../../rules";
import { SHEET_ROOT, fieldMaker, keyChoices, num, str, type FieldView, type ItemSheetData } from "./fields";

const ABILITY = "POLYVERSE.Maelstrom.Ability";
const ATTRIBUTE = "POLYVERSE.Maelstrom.Attribute";

export const ITEM_TYPES = [
  "maelstrom-specialty",
  "maelstrom-merit",
  "maelstrom-flaw",
  "maelstrom-weapon",
  "maelstrom-armor",
  "maelstrom-ability",
] as const;
export type MaelstromItemType = (typeof ITEM_TYPES)[number];

export function isItemType(type: string): type is MaelstromItemType {
  return (ITEM_TYPES as readonly string[]).includes(type);
}

/** A field group of the body: a legend and its fields. */
export interface FieldGroup {
  legend: string;
  fields: FieldView[];
}

function specialtyBody(data: ItemSheetData): FieldGroup[] {
  const f = fieldMaker(data, "POLYVERSE.Maelstrom.Specialty.FIELDS");
  return [
    {
      legend: `${SHEET_ROOT}.Section.specialty`,
      fields: [
        f.select("ability", keyChoices(ABILITY_KEYS, ABILITY)),
        f.select("kind", keyChoices(["general", "advanced"], "POLYVERSE.Maelstrom.Specialty.Kind")),
        { ...f.text("subject"), hint: `${SHEET_ROOT}.Hint.subject` },
      ],
    },
  ];
}

/** The point options as the sheet shows them: "2, 5". */
export const pointOptionsText = (options: unknown): string =>
  Array.isArray(options) ? options.filter((n) => typeof n === "number").join(", ") : "";

/** The choice a merit or flaw names: a sense from a list for a sense-bound one, else free text. */
function optionField(data: ItemSheetData, flaw: boolean): FieldView {
  const f = fieldMaker(data, "POLYVERSE.Maelstrom.Merit.FIELDS");
  const key = str(data.system.key);
  const definition = flaw ? findFlaw(key) : findMerit(key);
  if (definition?.option !== "sense") return { ...f.text("option"), hint: `${SHEET_ROOT}.Hint.option` };
  const senses = [...SENSES, ...(key === "acuteSense" ? [ALL_SENSES] : [])];
  const current = str(data.system.option);
  return f.select("option", [
    ...(senses.includes(current) ? [] : [{ value: current, label: current, localize: false }]),
    ...keyChoices(senses, "POLYVERSE.Maelstrom.Sheet.Sense"),
  ]);
}

function meritBody(data: ItemSheetData, flaw: boolean): FieldGroup[] {
  const f = fieldMaker(data, "POLYVERSE.Maelstrom.Merit.FIELDS");
  const options = Array.isArray(data.system.pointOptions)
    ? (data.system.pointOptions as unknown[]).filter((n): n is number => typeof n === "number")
    : [];
  const current = num(data.system.points);
  const choices = [...new Set([...options, ...(options.includes(current) ? [] : [current])])].sort(
    (a, b) => a - b,
  );
  const points =
    options.length > 0
      ? f.select(
          "points",
          choices.map((n) => ({ value: String(n), label: String(n), localize: false })),
          { dtype: "Number" },
        )
      : f.number("points", { min: 0, max: 20 });
  const fields: FieldView[] = [
    { ...points, hint: `${SHEET_ROOT}.Hint.${flaw ? "flawPoints" : "meritPoints"}` },
    {
      ...f.textarea("pointOptions", pointOptionsText(data.system.pointOptions)),
      kind: "text",
      hint: `${SHEET_ROOT}.Hint.pointOptions`,
    },
    optionField(data, flaw),
    { ...f.text("key"), hint: `${SHEET_ROOT}.Hint.key` },
  ];
  if (flaw) {
    const g = fieldMaker(data, "POLYVERSE.Maelstrom.Flaw.FIELDS");
    const key = str(data.system.key);
    // The ability of Inept, or of a flaw of the storyteller's own (no rules key); none for the others.
    if (key === "" || findFlaw(key)?.option === "ability" || str(data.system.ability) !== "")
      fields.push({
        ...g.select("ability", [
          { value: "", label: `${SHEET_ROOT}.NoAbility` },
          ...keyChoices(ABILITY_KEYS, ABILITY),
        ]),
        hint: `${SHEET_ROOT}.Hint.flawAbility`,
      });
    fields.push({ ...g.checkbox("active"), hint: `${SHEET_ROOT}.Hint.active` });
  }
  return [{ legend: `${SHEET_ROOT}.Section.${flaw ? "flaw" : "merit"}`, fields }];
}

function weaponBody(data: ItemSheetData): FieldGroup[] {
  const f = fieldMaker(data, "POLYVERSE.Maelstrom.Weapon.FIELDS");
  return [
    {
      legend: `${SHEET_ROOT}.Section.attack`,
      fields: [
        f.select("category", keyChoices(["ranged", "melee"], "POLYVERSE.Maelstrom.Weapon.Category")),
        f.select("ability", keyChoices(ABILITY_KEYS, ABILITY)),
        f.number("damage", { min: 0, max: 30 }),
        { ...f.checkbox("addStrength"), hint: `${SHEET_ROOT}.Hint.addStrength` },
        f.select("damageType", keyChoices(DAMAGE_TYPES, "POLYVERSE.Maelstrom.DamageType")),
        f.checkbox("ignoresReflexivePenalty"),
      ],
    },
    {
      legend: `${SHEET_ROOT}.Section.firing`,
      fields: [
        f.number("range", { min: 0, max: 100000 }),
        f.number("rate", { min: 0, max: 100 }),
        f.number("capacity.magazine", { min: 0, max: 1000 }),
        f.number("capacity.chamber", { min: 0, max: 1 }),
        f.number("loaded", { min: 0, max: 1001 }),
      ],
    },
    {
      legend: `${SHEET_ROOT}.Section.reference`,
      fields: [{ ...f.text("key"), hint: `${SHEET_ROOT}.Hint.weaponKey` }],
    },
  ];
}

function armorBody(data: ItemSheetData): FieldGroup[] {
  const f = fieldMaker(data, "POLYVERSE.Maelstrom.Armor.FIELDS");
  return [
    {
      legend: `${SHEET_ROOT}.Section.soak`,
      fields: [
        { ...f.number("bashing", { min: 0, max: 10 }), hint: `${SHEET_ROOT}.Hint.bashing` },
        { ...f.number("lethal", { min: 0, max: 10 }), hint: `${SHEET_ROOT}.Hint.lethal` },
        { ...f.number("aggravated", { min: 0, max: 10 }), hint: `${SHEET_ROOT}.Hint.aggravated` },
        f.checkbox("equipped"),
      ],
    },
  ];
}

const lines = (v: unknown): string =>
  Array.isArray(v) ? v.filter((s) => typeof s === "string").join("\n") : "";

function abilityBody(data: ItemSheetData): FieldGroup[] {
  const f = fieldMaker(data, "POLYVERSE.Maelstrom.Ability.FIELDS");
  const chosen = Array.isArray(data.system.attributes) ? (data.system.attributes as unknown[]) : [];
  const attributes: FieldView[] = ATTRIBUTE_KEYS.map((key) => ({
    ...f.checkbox(`attributes.${key}`, `${ATTRIBUTE}.${key}`),
    value: chosen.includes(key),
  }));
  return [
    {
      legend: `${SHEET_ROOT}.Section.ability`,
      fields: [
        f.select("key", keyChoices(ABILITY_KEYS, ABILITY)),
        f.select("category", keyChoices(CATEGORY_KEYS, "POLYVERSE.Maelstrom.CategoryOne")),
      ],
    },
    { legend: "POLYVERSE.Maelstrom.Ability.FIELDS.attributes.label", fields: attributes },
    {
      legend: `${SHEET_ROOT}.Section.suggested`,
      fields: [
        { ...f.textarea("advanced", lines(data.system.advanced)), hint: `${SHEET_ROOT}.Hint.onePerLine` },
        { ...f.textarea("general", lines(data.system.general)), hint: `${SHEET_ROOT}.Hint.onePerLine` },
      ],
    },
  ];
}

/** The body of an item's sheet: its field groups. */
export function itemBody(type: MaelstromItemType, data: ItemSheetData): FieldGroup[] {
  switch (type) {
    case "maelstrom-specialty":
      return specialtyBody(data);
    case "maelstrom-merit":
      return meritBody(data, false);
    case "maelstrom-flaw":
      return meritBody(data, true);
    case "maelstrom-weapon":
      return weaponBody(data);
    case "maelstrom-armor":
      return armorBody(data);
    case "maelstrom-ability":
      return abilityBody(data);
  }
}

// ---- submitted form -> document shapes -----------------------------------------------------------

/** "2, 5" (or "2 5", "2/5") as whole points 0..20, each once, in order. */
export function parsePointOptions(text: string): number[] {
  const numbers = text
    .split(/[^0-9]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 0 && n <= 20);
  return [...new Set(numbers)].sort((a, b) => a - b);
}

/** One entry per non-empty line, trimmed. */
export function parseLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The submitted `system` turned back into the model's shapes: point options from their text, the
 * common attributes from their checkboxes, the suggested specialties from their lines. Other fields
 * pass as they are (the model validates them).
 */
export function normaliseSubmit(type: string, system: Record<string, unknown>): Record<string, unknown> {
  const out = { ...system };
  if ((type === "maelstrom-merit" || type === "maelstrom-flaw") && typeof out.pointOptions === "string")
    out.pointOptions = parsePointOptions(out.pointOptions);
  if (type === "maelstrom-ability") {
    const attrs = out.attributes;
    if (attrs && typeof attrs === "object" && !Array.isArray(attrs))
      out.attributes = ATTRIBUTE_KEYS.filter((k) => (attrs as Record<string, unknown>)[k] === true);
    for (const key of ["advanced", "general"] as const)
      if (typeof out[key] === "string") out[key] = parseLines(out[key]);
  }
  return out;
}
