/**
 * The 'Verses item, vehicle and society sheets' context (see `../item-context.ts`): the shapes the
 * templates read (fields, options, problems, previews), the types' field prefixes, and the small
 * readers and choice lists every type uses.
 */
import type { Localize } from "../../../../core/roll-dialog-model";
import { VERSES_ITEM_TYPES } from "../../data/documents-logic";
import { ABILITIES, type ActorKind, type DerivedKey } from "../../rules";

// ---- shapes ---------------------------------------------------------------------------------

/** The plain data a sheet is built from: the document's name, image, type and `system` source. */
export interface SheetData {
  name: string;
  img: string;
  type: string;
  system: Record<string, unknown>;
  editable: boolean;
  /** Prefix for element ids, unique per open sheet (the application's id). */
  idPrefix?: string;
  /** Rich text already enriched by the sheet (the description), as HTML. */
  enrichedDescription?: string;
  /** Vehicle team: display names of the actors whose UUIDs are stored, by UUID. */
  teamNames?: Record<string, string>;
  /**
   * Turns the rules' messages (why a text cannot be read) into the user's language for a problem's
   * `detail`; without it the detail is the message's i18n key.
   */
  localize?: Localize;
}

/** A problem shown beside a field: an i18n key taking `{detail}`, and the rules' own reason. */
export interface Problem {
  key: string;
  detail: string;
}

/** One localisable piece of a preview (`{{localize key target= metres= value= formula=}}`). */
export interface PreviewPart {
  key: string;
  target?: number;
  metres?: number;
  value?: number | string;
  formula?: string;
}

export interface OptionView {
  value: string;
  /** An i18n key, or a literal label when `localize` is false. */
  label: string;
  localize: boolean;
  selected: boolean;
}

/** What validates a text field, live as it is typed and on every render. */
export type CheckKind = "test" | "damage" | "area" | "resistance" | "ammoEffect" | "feature" | "formula";

/** One form control with its label, value, choices, problem and preview. */
export interface FieldView {
  id: string;
  name: string;
  label: string;
  hint?: string;
  kind: "text" | "number" | "select" | "checkbox";
  value: string | number | boolean;
  min?: number;
  max?: number;
  step?: number | "any";
  placeholder?: string;
  options?: OptionView[];
  /** Id of a `<datalist>` of suggestions. */
  list?: string;
  /** "Number" for selects of numbers (Foundry casts the submitted value). */
  dtype?: "Number";
  check?: CheckKind;
  /** For formula checks: the derived attribute (for its unit). */
  derived?: DerivedKey;
  problem: Problem | null;
  preview: PreviewPart[];
  wide?: boolean;
  disabled: boolean;
}

/** A list of short strings with remove buttons and an "add" input. */
export interface EntryListView {
  id: string;
  path: string;
  label: string;
  entries: { index: number; value: string; label: string; localize: boolean }[];
  /** Choices for the add control (a select); text input with suggestions when absent. */
  choices?: OptionView[];
  list?: string;
  disabled: boolean;
  empty: string;
  /** i18n key of the add input's placeholder. */
  placeholder: string;
}

export const P = "POLYVERSE.Verses.ItemSheet";

export const ITEM_TYPES = VERSES_ITEM_TYPES;
export type VersesItemType = (typeof ITEM_TYPES)[number];

/** The i18n prefix of each type's field labels (the data models' LOCALIZATION_PREFIXES). */
export const FIELD_PREFIX: Readonly<Record<VersesItemType | "verses-vehicle" | "verses-society", string>> = {
  "verses-skill": "POLYVERSE.Verses.Skill.FIELDS",
  "verses-ability": "POLYVERSE.Verses.Ability.FIELDS",
  "verses-weapon": "POLYVERSE.Verses.Weapon.FIELDS",
  "verses-armour": "POLYVERSE.Verses.Armour.FIELDS",
  "verses-ammunition": "POLYVERSE.Verses.Ammunition.FIELDS",
  "verses-gear": "POLYVERSE.Verses.Gear.FIELDS",
  "verses-species": "POLYVERSE.Verses.Species.FIELDS",
  "verses-vehicle": "POLYVERSE.Verses.Vehicle.FIELDS",
  "verses-society": "POLYVERSE.Verses.Society.FIELDS",
};

// ---- small readers ---------------------------------------------------------------------------

export type Rec = Record<string, unknown>;
export const rec = (v: unknown): Rec => (v && typeof v === "object" && !Array.isArray(v) ? (v as Rec) : {});
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const str = (v: unknown): string =>
  typeof v === "string" ? v : v === undefined || v === null ? "" : String(v);
export const num = (v: unknown, fallback = 0): number =>
  typeof v === "number" && Number.isFinite(v) ? v : fallback;
export const bool = (v: unknown): boolean => v === true;

export function at(obj: unknown, path: string): unknown {
  let node: unknown = obj;
  for (const part of path.split(".")) node = Array.isArray(node) ? node[Number(part)] : rec(node)[part];
  return node;
}

/** Choices whose labels are i18n keys. */
export function keyed(
  values: readonly string[],
  labelOf: (v: string) => string,
  selected: unknown,
): OptionView[] {
  return values.map((value) => ({
    value,
    label: labelOf(value),
    localize: true,
    selected: String(selected) === value,
  }));
}

/** Choices 0..5 (or from..to) labelled by number. */
export function numbers(from: number, to: number, selected: unknown): OptionView[] {
  const out: OptionView[] = [];
  for (let n = from; n <= to; n++)
    out.push({ value: String(n), label: String(n), localize: false, selected: Number(selected) === n });
  return out;
}

/** Ability choices: every ability the rules know, by key, labelled with its localised name. */
export function abilityOptions(selected: unknown, blankLabel?: string): OptionView[] {
  const out: OptionView[] = Object.keys(ABILITIES).map((key) => ({
    value: key,
    label: `${P}.Ability.${key}`,
    localize: true,
    selected: key === selected,
  }));
  if (blankLabel !== undefined)
    out.unshift({ value: "", label: blankLabel, localize: true, selected: !selected });
  return out;
}

export const ATTRIBUTE_LABEL = (a: string) => `POLYVERSE.Verses.Attribute.${a}.Abbr`;

export const ACTOR_KINDS: readonly ActorKind[] = ["biological", "construct", "incorporeal"];
