/**
 * The 'Verses item, vehicle and society sheets' context (see `../item-context.ts`): building a
 * sheet's form fields from `system`, rows of arrays, the header and description every sheet shares,
 * and the physical items' common fields.
 */
import type { Localize } from "../../../../core/roll-dialog-model";
import { TEC_LEVELS, type AttributeKey } from "../../rules";
import { checkValue, featureProblem, featureText } from "./checks";
import {
  type CheckKind,
  type EntryListView,
  FIELD_PREFIX,
  type FieldView,
  ITEM_TYPES,
  type OptionView,
  P,
  type Rec,
  type SheetData,
  type VersesItemType,
  arr,
  at,
  bool,
  num,
  rec,
  str,
} from "./shapes";

export class Fields {
  private readonly idPrefix: string;
  private readonly disabled: boolean;
  /** What turns the rules' messages into text (see {@link SheetData.localize}). */
  readonly localize: Localize | undefined;

  constructor(
    private readonly prefix: string,
    readonly system: Rec,
    data: Pick<SheetData, "idPrefix" | "editable" | "localize">,
  ) {
    this.idPrefix = data.idPrefix ?? "pv";
    this.disabled = !data.editable;
    this.localize = data.localize;
  }

  id(path: string): string {
    return `${this.idPrefix}-${path.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  }

  /** A field of `system` at `path`; its label is `<prefix>.<labelPath ?? path>.label`. */
  make(
    path: string,
    kind: FieldView["kind"],
    extra: Partial<FieldView> & { labelPath?: string } = {},
  ): FieldView {
    const { labelPath, list, ...rest } = extra;
    const raw = at(this.system, path);
    const value = kind === "checkbox" ? bool(raw) : kind === "number" ? num(raw) : str(raw);
    return {
      id: this.id(path),
      name: `system.${path}`,
      label: `${this.prefix}.${labelPath ?? path}.label`,
      kind,
      value,
      problem: null,
      preview: [],
      disabled: this.disabled,
      ...(list ? { list: this.listId(list) } : {}),
      ...(kind === "select" && typeof raw === "number" ? { dtype: "Number" as const } : {}),
      ...rest,
    };
  }

  /** The id of a suggestions list rendered by the body template (see {@link datalists}). */
  listId(name: string): string {
    return `${this.idPrefix}-list-${name}`;
  }

  text(path: string, extra: Partial<FieldView> & { labelPath?: string } = {}) {
    return this.make(path, "text", extra);
  }
  number(path: string, min?: number, max?: number, extra: Partial<FieldView> & { labelPath?: string } = {}) {
    return this.make(path, "number", { min, max, step: 1, ...extra });
  }
  decimal(path: string, extra: Partial<FieldView> & { labelPath?: string } = {}) {
    return this.make(path, "number", { min: 0, step: "any", ...extra });
  }
  check(path: string, extra: Partial<FieldView> & { labelPath?: string } = {}) {
    return this.make(path, "checkbox", extra);
  }
  select(path: string, options: OptionView[], extra: Partial<FieldView> & { labelPath?: string } = {}) {
    return this.make(path, "select", { options, ...extra });
  }
  /** A text field checked by the rules (see {@link checkValue}). */
  checked(
    path: string,
    check: CheckKind,
    extra: Partial<FieldView> & { labelPath?: string; core?: Partial<Record<AttributeKey, number>> } = {},
  ) {
    const { core, ...rest } = extra;
    const field = this.make(path, "text", { check, ...rest });
    const result = checkValue(check, String(field.value), {
      core,
      derived: rest.derived,
      ...(this.localize ? { localize: this.localize } : {}),
    });
    field.problem = result.problem;
    field.preview = result.preview;
    return field;
  }

  entries(
    path: string,
    options: { choices?: OptionView[]; list?: string; labelOf?: (v: string) => string | null } = {},
  ): EntryListView {
    const values = arr(at(this.system, path)).map(str);
    return {
      id: this.id(path),
      path: `system.${path}`,
      label: `${this.prefix}.${path}.label`,
      entries: values.map((value, index) => {
        const key = options.labelOf?.(value) ?? null;
        return { index, value, label: key ?? value, localize: key !== null };
      }),
      choices: options.choices,
      list: options.list ? this.listId(options.list) : undefined,
      disabled: this.disabled,
      empty: `${P}.List.Empty`,
      placeholder: `${P}.Entry.Placeholder`,
    };
  }
}

// ---- header and tabs ------------------------------------------------------------------------

export interface HeaderView {
  name: string;
  img: string;
  typeLabel: string;
  editable: boolean;
  nameId: string;
  source: FieldView | null;
}

export function headerContext(data: SheetData, withSource = true): HeaderView {
  const prefix = FIELD_PREFIX[data.type as VersesItemType] ?? FIELD_PREFIX["verses-skill"];
  const f = new Fields(prefix, data.system, data);
  return {
    name: data.name,
    img: data.img,
    typeLabel:
      data.type.startsWith("verses-") && ITEM_TYPES.includes(data.type as VersesItemType)
        ? `TYPES.Item.${data.type}`
        : `TYPES.Actor.${data.type}`,
    editable: data.editable,
    nameId: `${data.idPrefix ?? "pv"}-name`,
    source: withSource ? f.text("source") : null,
  };
}

export interface DescriptionView {
  id: string;
  name: string;
  value: string;
  enriched: string;
  editable: boolean;
  label: string;
}

export function descriptionContext(data: SheetData, label: string): DescriptionView {
  const value = str(data.system.description);
  return {
    id: `${data.idPrefix ?? "pv"}-description`,
    name: "system.description",
    value,
    enriched: data.enrichedDescription ?? value,
    editable: data.editable,
    label,
  };
}

// ---- physical items ---------------------------------------------------------------------------

export function physicalFields(f: Fields, extra: FieldView[] = []): FieldView[] {
  return [f.number("quantity", 0), f.decimal("weight"), f.decimal("value"), ...extra, f.check("carried")];
}

export function tecField(f: Fields): FieldView {
  return f.select(
    "tec",
    TEC_LEVELS.map((t) => ({
      value: String(t.value),
      label: `${P}.Tec.${t.value}`,
      localize: true,
      selected: String(t.value) === String(at(f.system, "tec")),
    })),
  );
}

// ---- skill ------------------------------------------------------------------------------------

export interface RowView {
  index: number;
  /** 1-based, for labels ("Remove row 2"). */
  number: number;
  fields: FieldView[];
  removeLabel: string;
  path: string;
}

export function rows(f: Fields, path: string, build: (item: Rec, index: number) => FieldView[]): RowView[] {
  return arr(at(f.system, path)).map((item, index) => ({
    index,
    number: index + 1,
    path: `system.${path}`,
    fields: build(rec(item), index),
    removeLabel: `${P}.Row.Remove`,
  }));
}

// ---- weapon -----------------------------------------------------------------------------------

export interface FeatureRowView extends RowView {
  text: string;
}

export function featureRows(f: Fields, path: string, labelBase: string): FeatureRowView[] {
  return arr(at(f.system, path)).map((item, index) => {
    const feat = { name: str(rec(item).name), value: str(rec(item).value) };
    const name = f.text(`${path}.${index}.name`, { labelPath: `${labelBase}.name`, list: "features" });
    const value = f.text(`${path}.${index}.value`, { labelPath: `${labelBase}.value` });
    const problem = feat.name.trim()
      ? featureProblem(featureText(feat), f.localize)
      : { key: `${P}.Problem.FeatureName`, detail: "" };
    value.problem = problem;
    return {
      index,
      number: index + 1,
      path: `system.${path}`,
      fields: [name, value],
      removeLabel: `${P}.Row.Remove`,
      text: featureText(feat),
    };
  });
}
