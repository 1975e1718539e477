/**
 * An item sheet's form controls as plain views, shared by the rulesets' item sheets: one partial
 * (`templates/core/field.hbs`, in {@link CORE_SHEET_TEMPLATES} of sheet-dom.ts) draws every field,
 * with the ruleset's class prefix (`cls="pv-m"` gives `pv-m-field`, `pv-m-check`, `pv-m-hint`). Also
 * the header and description every item sheet shows. Labels are i18n keys (the models' own `FIELDS`
 * labels where they have one). Foundry-free: context builders, unit tests and fixtures call it.
 * (Moved here from Maelstrom's sheets when Tales needed the same fields.)
 */

export type FieldKind = "text" | "number" | "select" | "checkbox" | "textarea";

export interface OptionView {
  value: string;
  label: string;
  /** The label is an i18n key to localise (else shown as it is). */
  localize: boolean;
  selected: boolean;
}

export interface FieldView {
  id: string;
  /** The form field (`system.damage`); none for a control the sheet reads itself. */
  name: string;
  label: string;
  kind: FieldKind;
  value: string | number | boolean;
  options?: OptionView[];
  min?: number;
  max?: number;
  hint?: string;
  disabled: boolean;
  /** How the form reads the value back (`Number` for a select of numbers). */
  dtype?: string;
}

/** What every item type's builder gets (the item sheet base's `_itemInput()`). */
export interface ItemSheetData {
  name: string;
  img: string;
  type: string;
  system: Record<string, unknown>;
  editable: boolean;
  /** A prefix that makes the controls' ids unique in the page (the sheet's id). */
  idPrefix: string;
  /** The description enriched for reading. */
  enrichedDescription?: string;
}

const num = (v: unknown, fallback = 0): number =>
  typeof v === "number" && Number.isFinite(v) ? v : fallback;
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** Builds the fields of one item with its label root (`POLYVERSE.Maelstrom.Weapon.FIELDS`). */
export function fieldMaker(data: ItemSheetData, labelRoot: string) {
  const id = (path: string) => `${data.idPrefix}-${path.replace(/\./g, "-")}`;
  const base = (path: string, kind: FieldKind, value: FieldView["value"], label?: string) => ({
    id: id(path),
    name: `system.${path}`,
    label: label ?? `${labelRoot}.${path}.label`,
    kind,
    value,
    disabled: !data.editable,
  });
  const read = (path: string): unknown =>
    path
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], data.system);
  return {
    text: (path: string, label?: string): FieldView => base(path, "text", str(read(path)), label),
    textarea: (path: string, value: string, label?: string): FieldView =>
      base(path, "textarea", value, label),
    number: (path: string, range: { min: number; max?: number }, label?: string): FieldView => ({
      ...base(path, "number", num(read(path), range.min), label),
      min: range.min,
      ...(range.max !== undefined ? { max: range.max } : {}),
    }),
    checkbox: (path: string, label?: string): FieldView => base(path, "checkbox", read(path) === true, label),
    select: (
      path: string,
      choices: readonly { value: string; label: string; localize?: boolean }[],
      options: { label?: string; dtype?: string } = {},
    ): FieldView => {
      const value = String(read(path) ?? "");
      return {
        ...base(path, "select", value, options.label),
        options: choices.map((c) => ({
          value: c.value,
          label: c.label,
          localize: c.localize !== false,
          selected: c.value === value,
        })),
        ...(options.dtype ? { dtype: options.dtype } : {}),
      };
    },
  };
}

/** The choices of a key list, labelled by an i18n root (`POLYVERSE.Maelstrom.Ability.<key>`). */
export const keyChoices = (keys: readonly string[], root: string) =>
  keys.map((key) => ({ value: key, label: `${root}.${key}` }));

/** An item sheet's header: image, name (with its input's id) and the type's label. */
export function headerContext(data: ItemSheetData) {
  return {
    name: data.name,
    img: data.img,
    typeLabel: `TYPES.Item.${data.type}`,
    nameId: `${data.idPrefix}-name`,
    editable: data.editable,
  };
}

/** An item sheet's description: the stored HTML to edit and its enriched form to read. */
export function descriptionContext(data: ItemSheetData, label: string) {
  return {
    id: `${data.idPrefix}-description`,
    name: "system.description",
    label,
    value: str(data.system.description),
    enrichedHTML: data.enrichedDescription ?? str(data.system.description),
    editable: data.editable,
  };
}
