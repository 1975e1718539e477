/**
 * What the 'Verses item, vehicle and society sheets show, built from plain data. Foundry-free: the
 * sheets' `_prepareContext` and the browser fixtures call the same builders, and the unit tests check
 * them. Every label is an i18n key (the templates localise); every check comes from the rules layer
 * (`validateRangeSpec`, `parseDamage`, `validateResistance`, `parseAreaDamage`, `parseAmmoEffect`,
 * `parseActionFeatures`, `parseDerivedFormula`), and a problem is shown beside its field while the
 * text as typed stays in the input.
 *
 * Also here, so that they are tested without Foundry: turning submitted form data into the
 * documents' arrays ({@link normaliseSubmit}) and adding or removing rows ({@link addRow},
 * {@link removeRow}).
 */
import {
  ABILITIES,
  AMMUNITION,
  ATTRIBUTE_KEYS,
  ATTRIBUTE_RATING_LABELS,
  DERIVED_KEYS,
  HUMAN_FORMULAS,
  POPULATION_SIZES,
  SOCIETY_ATTRIBUTES,
  TEC_LEVELS,
  canTakeIntrinsic,
  evaluateFormula,
  findAbility,
  formatFormula,
  parseActionFeatures,
  parseAmmoEffect,
  parseAreaDamage,
  parseDamage,
  parseDerivedFormula,
  validateRangeSpec,
  validateResistance,
  type ActorKind,
  type AttributeKey,
  type DerivedKey,
} from "../rules";
import { blankWeaponMode } from "../rolls/weapon-modes";

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

const P = "POLYVERSE.Verses.ItemSheet";

export const ITEM_TYPES = [
  "verses-skill",
  "verses-ability",
  "verses-weapon",
  "verses-armour",
  "verses-ammunition",
  "verses-gear",
  "verses-species",
] as const;
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

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (v && typeof v === "object" && !Array.isArray(v) ? (v as Rec) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string =>
  typeof v === "string" ? v : v === undefined || v === null ? "" : String(v);
const num = (v: unknown, fallback = 0): number =>
  typeof v === "number" && Number.isFinite(v) ? v : fallback;
const bool = (v: unknown): boolean => v === true;

function at(obj: unknown, path: string): unknown {
  let node: unknown = obj;
  for (const part of path.split(".")) node = Array.isArray(node) ? node[Number(part)] : rec(node)[part];
  return node;
}

/** Choices whose labels are i18n keys. */
function keyed(values: readonly string[], labelOf: (v: string) => string, selected: unknown): OptionView[] {
  return values.map((value) => ({
    value,
    label: labelOf(value),
    localize: true,
    selected: String(selected) === value,
  }));
}

/** Choices 0..5 (or from..to) labelled by number. */
function numbers(from: number, to: number, selected: unknown): OptionView[] {
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

const ATTRIBUTE_LABEL = (a: string) => `POLYVERSE.Verses.Attribute.${a}.Abbr`;

class Fields {
  constructor(
    private readonly prefix: string,
    readonly system: Rec,
    private readonly idPrefix: string,
    private readonly disabled: boolean,
  ) {}

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
    const result = checkValue(check, String(field.value), { core, derived: rest.derived });
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

// ---- checks ---------------------------------------------------------------------------------

export interface CheckResult {
  problem: Problem | null;
  preview: PreviewPart[];
}

const UNITLESS: readonly DerivedKey[] = ["ad", "cn", "hp", "sk"];

/**
 * Check one text value with the rules, as the sheet does on every render and as the user types:
 * - `test`: a weapon TEST (`validateRangeSpec`); previews the success target by range.
 * - `damage`: HP/SM (`parseDamage`); `area`: area damage (`parseAreaDamage`); both may be blank.
 * - `resistance` (`validateResistance`), `ammoEffect` (`parseAmmoEffect`, with a preview).
 * - `feature`: a weapon feature written `Name(value)` (`parseActionFeatures`, and `validateRangeSpec`
 *   for Throwable's range).
 * - `formula`: a species' derived formula (`parseDerivedFormula`), previewed on `core`; blank means
 *   the Human formula, which the preview names.
 */
export function checkValue(
  kind: CheckKind,
  value: string,
  context: { core?: Partial<Record<AttributeKey, number>>; derived?: DerivedKey | undefined } = {},
): CheckResult {
  const text = value.trim();
  const fail = (key: string, reason: string): CheckResult => ({
    problem: { key: `${P}.Problem.${key}`, detail: reason },
    preview: [],
  });
  const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));
  switch (kind) {
    case "test": {
      const checked = validateRangeSpec(text);
      if (!checked.ok) return fail("Test", checked.reason);
      const spec = checked.value;
      const preview: PreviewPart[] =
        spec.direction === "none"
          ? [{ key: `${P}.Range.Melee`, target: spec.base }]
          : spec.marks.map((metres, i) => ({
              key: spec.direction === "increasing" ? `${P}.Range.UpTo` : `${P}.Range.At`,
              target: spec.base + i,
              metres,
            }));
      if (spec.indirect) preview.push({ key: `${P}.Range.Indirect` });
      return { problem: null, preview };
    }
    case "damage": {
      if (!text) return { problem: null, preview: [] };
      try {
        const parsed = parseDamage(text);
        return {
          problem: null,
          preview: parsed.modes.map((m) => ({ key: `${P}.Damage.${m.type}`, value: m.amount })),
        };
      } catch (error) {
        return fail("Damage", reason(error));
      }
    }
    case "area": {
      if (!text || /^[—–-]$/.test(text)) return { problem: null, preview: [] };
      try {
        const parsed = parseAreaDamage(text);
        return {
          problem: null,
          preview: parsed.marks.map((metres, i) => ({
            key: `${P}.Area.${parsed.type}`,
            value: Math.max(0, parsed.amount - i),
            metres,
          })),
        };
      } catch (error) {
        return fail("Area", reason(error));
      }
    }
    case "resistance": {
      const checked = validateResistance(text);
      if (!checked.ok) return fail("Resistance", checked.reason);
      const r = checked.value;
      if (r.resists.length === 0) return { problem: null, preview: [{ key: `${P}.Resistance.None` }] };
      const preview: PreviewPart[] = [{ key: `${P}.Resistance.Resists`, formula: r.resists.join(", ") }];
      const into = new Map<string, string[]>();
      for (const [from, to] of Object.entries(r.transforms)) into.set(to, [...(into.get(to) ?? []), from]);
      for (const [to, from] of into)
        preview.push({ key: `${P}.Resistance.Becomes`, formula: from.join(", "), value: to });
      return { problem: null, preview };
    }
    case "ammoEffect": {
      try {
        const effect = parseAmmoEffect(text);
        if (effect.convertTo)
          return { problem: null, preview: [{ key: `${P}.Ammo.Converts`, formula: effect.convertTo }] };
        if (effect.bonus === 0) return { problem: null, preview: [{ key: `${P}.Ammo.None` }] };
        return {
          problem: null,
          preview: [
            effect.bonusType
              ? { key: `${P}.Ammo.BonusTyped`, value: effect.bonus, formula: effect.bonusType }
              : { key: `${P}.Ammo.Bonus`, value: effect.bonus },
          ],
        };
      } catch (error) {
        return fail("AmmoEffect", reason(error));
      }
    }
    case "feature":
      return { problem: featureProblem(text), preview: [] };
    case "formula": {
      const core = { smr: 2, prw: 2, tuf: 2, soc: 2, ...context.core };
      const key = context.derived ?? "ad";
      const unit = UNITLESS.includes(key) ? "" : key;
      const valueKey = `${P}.Formula.Value.${unit || "plain"}`;
      if (!text) {
        const human = HUMAN_FORMULAS[key];
        return {
          problem: null,
          preview: [
            {
              key: `${P}.Formula.Human.${unit || "plain"}`,
              formula: formatFormula(human),
              value: evaluateFormula(human, core),
            },
          ],
        };
      }
      const parsed = parseDerivedFormula(text);
      if (!parsed.ok) return fail("Formula", parsed.reason);
      return { problem: null, preview: [{ key: valueKey, value: evaluateFormula(parsed.value, core) }] };
    }
  }
}

/** Features whose value the rules read, and how to write it. */
const FEATURE_VALUES: Readonly<
  Record<string, (features: ReturnType<typeof parseActionFeatures>) => boolean>
> = {
  parry: (f) => f.parry !== null,
  slow: (f) => f.slow !== null,
  reload: (f) => f.reload !== null,
  magazine: (f) => f.magazine !== null,
  unhanded: (f) => f.unhanded !== null,
};
const FEATURES_WITHOUT_VALUE = ["chainable", "fast", "unwieldy"];

/** The weapon features the text lists ("Weapon Features"), for suggestions. */
export const KNOWN_FEATURES = [
  "Chainable",
  "Fast",
  "Magazine",
  "Parry",
  "Reload",
  "Slow",
  "Sustainable",
  "Throwable",
  "Unhanded",
  "Unwieldy",
] as const;

/**
 * A feature as written (`Parry(2)`, `Reload(12AD)`, `Throwable(2S@2m,5,8)`), checked by the rules'
 * reader. Unknown names are the GM's own and pass.
 */
export function featureProblem(text: string): Problem | null {
  const match = /^\s*([A-Za-z-]+)\s*(?:\((.*)\))?\s*$/.exec(text);
  if (!match) return text.trim() ? { key: `${P}.Problem.Feature`, detail: text } : null;
  const name = (match[1] as string).toLowerCase();
  const value = (match[2] ?? "").trim();
  const reads = FEATURE_VALUES[name];
  if (reads) {
    if (!reads(parseActionFeatures(`${match[1]}(${value})`)))
      return { key: `${P}.Problem.FeatureValue.${name}`, detail: value };
    return null;
  }
  if (name === "throwable") {
    const checked = validateRangeSpec(value);
    return checked.ok ? null : { key: `${P}.Problem.Test`, detail: checked.reason };
  }
  if (name === "sustainable") {
    return /^\d+\s*,\s*\d+$/.test(value)
      ? null
      : { key: `${P}.Problem.FeatureValue.sustainable`, detail: value };
  }
  if (FEATURES_WITHOUT_VALUE.includes(name) && value)
    return { key: `${P}.Problem.FeatureNoValue`, detail: value };
  return null;
}

/** A stored feature `{ name, value }` as the listings write it. */
export function featureText(feature: { name: string; value: string }): string {
  return feature.value ? `${feature.name}(${feature.value})` : feature.name;
}

// ---- suggestions ----------------------------------------------------------------------------

/** The weapon skills of the core list ("Weapons » *"), as the listings name them. */
export const WEAPON_SKILLS = [
  "Weapons » Axes",
  "Weapons » Bludgeons",
  "Weapons » Bows",
  "Weapons » Crossbows",
  "Weapons » Hand Grenades",
  "Weapons » Polearms",
  "Weapons » Short Blades",
  "Weapons » Staves",
  "Weapons » Swords",
  "Weapons » Muzzle-Loading Firearms",
  "Weapons » Firearms",
  "Weapons » Modern Small Arms",
  "Unarmed Combat",
] as const;

/** Skills that use tools (the healing and repair skills, navigation). */
export const TOOL_SKILLS = [
  "First Aid",
  "Medicine",
  "Jury-Rigging",
  "Engineering",
  "Navigation",
  "Nautical Navigation",
] as const;

/** Supply kinds of the core items and the Engineering table. */
export const SUPPLY_KINDS = [
  "medical",
  "blacksmithing",
  "woodworking",
  "steelworking",
  "electrical",
] as const;

/** Suggestion lists by name: `<datalist id="{idPrefix}-list-{name}">`. */
export function datalists(idPrefix: string, names: readonly string[]): { id: string; values: string[] }[] {
  const weaponNames = [...new Set(AMMUNITION.flatMap((a) => a.weapons.split(",").map((w) => w.trim())))];
  const all: Record<string, readonly string[]> = {
    hooks: SKILL_HOOKS,
    features: KNOWN_FEATURES,
    weaponSkills: WEAPON_SKILLS,
    ammunition: AMMUNITION.map((a) => a.name),
    weaponNames,
    toolSkills: TOOL_SKILLS,
    supplyKinds: SUPPLY_KINDS,
  };
  return names.map((name) => ({ id: `${idPrefix}-list-${name}`, values: [...(all[name] ?? [])] }));
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
  const f = new Fields(prefix, data.system, data.idPrefix ?? "pv", !data.editable);
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

function physicalFields(f: Fields, extra: FieldView[] = []): FieldView[] {
  return [f.number("quantity", 0), f.decimal("weight"), f.decimal("value"), ...extra, f.check("carried")];
}

function tecField(f: Fields): FieldView {
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

function rows(f: Fields, path: string, build: (item: Rec, index: number) => FieldView[]): RowView[] {
  return arr(at(f.system, path)).map((item, index) => ({
    index,
    number: index + 1,
    path: `system.${path}`,
    fields: build(rec(item), index),
    removeLabel: `${P}.Row.Remove`,
  }));
}

export function skillContext(data: SheetData) {
  const prefix = FIELD_PREFIX["verses-skill"];
  const s = data.system;
  const f = new Fields(prefix, s, data.idPrefix ?? "pv", !data.editable);
  const def = rec(s.default);
  const defaultKind = str(def.kind) || "attribute";
  const defaultFields: FieldView[] = [
    f.select(
      "default.kind",
      keyed(["attribute", "ability", "skill"], (v) => `${P}.DefaultKind.${v}`, defaultKind),
    ),
  ];
  if (defaultKind === "attribute")
    defaultFields.push(f.select("default.attribute", keyed(ATTRIBUTE_KEYS, ATTRIBUTE_LABEL, def.attribute)));
  else if (defaultKind === "ability") {
    const field = f.select("default.ability", abilityOptions(def.ability, `${P}.Choose`));
    if (!findAbility(str(def.ability)))
      field.problem = { key: `${P}.Problem.Ability`, detail: str(def.ability) };
    defaultFields.push(field);
  } else {
    const field = f.text("default.skill");
    if (!str(def.skill).trim()) field.problem = { key: `${P}.Problem.DefaultSkill`, detail: "" };
    defaultFields.push(field, f.text("default.spec"));
  }
  const chain = rec(s.chainLimit);
  const chainFields = [
    f.select(
      "chainLimit.mode",
      keyed(["none", "sets", "adds"], (v) => `${P}.ChainMode.${v}`, chain.mode || "none"),
    ),
  ];
  if (str(chain.mode) !== "none" && chain.mode) {
    const field = f.text("chainLimit.chain");
    if (!str(chain.chain).trim()) field.problem = { key: `${P}.Problem.Chain`, detail: "" };
    chainFields.push(field);
  }
  return {
    identity: [
      f.text("skill"),
      f.text("spec"),
      f.number("difficulty", 0, 5),
      f.select(
        "tec",
        keyed(["general", "1", "2", "3", "4", "5"], (v) => `${P}.TecGroup.${v}`, s.tec),
      ),
      f.text("category"),
    ],
    repeat: [f.check("repeatable", { wide: true }), f.text("specialisationHint", { wide: true })],
    defaultFields,
    prerequisites: rows(f, "prerequisites", (p, i) => {
      const kind = str(p.kind) || "skill";
      const name =
        kind === "ability"
          ? f.select(`prerequisites.${i}.name`, abilityOptions(p.name, `${P}.Choose`), {
              labelPath: "prerequisites.element.name",
            })
          : f.text(`prerequisites.${i}.name`, { labelPath: "prerequisites.element.name" });
      if (kind === "ability" && !findAbility(str(p.name)))
        name.problem = { key: `${P}.Problem.Ability`, detail: str(p.name) };
      else if (kind === "skill" && !str(p.name).trim())
        name.problem = { key: `${P}.Problem.PrerequisiteName`, detail: "" };
      return [
        f.select(
          `prerequisites.${i}.kind`,
          keyed(["skill", "ability"], (v) => `${P}.DefaultKind.${v}`, kind),
          {
            labelPath: "prerequisites.element.kind",
          },
        ),
        name,
        f.text(`prerequisites.${i}.spec`, {
          labelPath: "prerequisites.element.spec",
          disabled: kind === "ability" || !data.editable,
        }),
      ];
    }),
    chainFields,
    reloadReduction: f.check("reloadReduction"),
    addsTo: rows(f, "addsTo", (a, i) => [
      f.text(`addsTo.${i}.hook`, { labelPath: "addsTo.element.hook", list: "hooks" }),
      f.select(
        `addsTo.${i}.mode`,
        keyed(["allocated", "skillDice"], (v) => `${P}.AddMode.${v}`, a.mode || "allocated"),
        {
          labelPath: "addsTo.element.mode",
        },
      ),
      f.text(`addsTo.${i}.condition`, { labelPath: "addsTo.element.condition" }),
    ]),
    notes: f.text("notes", { wide: true }),
    actor: [f.number("allocated", 0, 5), f.number("trainedTec", 0, 5), f.check("fromSpecies")],
    lists: datalists(data.idPrefix ?? "pv", ["hooks"]),
  };
}

/** Pools a skill commonly adds to (suggestions; the field is free text). */
export const SKILL_HOOKS = [
  "dodge",
  "parry",
  "attack",
  "watch",
  "influence/charm",
  "influence/intimidate",
  "healing",
  "stabilise",
  "oration",
  "engineering",
  "physics",
  "poisons",
] as const;

// ---- ability ----------------------------------------------------------------------------------

const ACTOR_KINDS: readonly ActorKind[] = ["biological", "construct", "incorporeal"];

export function abilityContext(data: SheetData) {
  const s = data.system;
  const f = new Fields(FIELD_PREFIX["verses-ability"], s, data.idPrefix ?? "pv", !data.editable);
  const key = f.select("key", abilityOptions(s.key, `${P}.Ability.custom`));
  const def = findAbility(str(s.key) || data.name);
  if (str(s.key) && !findAbility(str(s.key)))
    key.problem = { key: `${P}.Problem.Ability`, detail: str(s.key) };
  const kinds = arr(s.actorKinds).map(str);
  const extrinsic = bool(s.extrinsic);
  const kindFields: FieldView[] = ACTOR_KINDS.map((kind) => {
    const field: FieldView = {
      id: f.id(`actorKinds-${kind}`),
      name: `actorKindFlags.${kind}`,
      label: `${P}.ActorKind.${kind}`,
      kind: "checkbox",
      value: kinds.includes(kind),
      problem: null,
      preview: [],
      disabled: !data.editable,
    };
    if (def && kinds.includes(kind) && !extrinsic) {
      const allowed = canTakeIntrinsic(def, kind);
      if (!allowed.ok) field.problem = { key: `${P}.Problem.Intrinsic`, detail: allowed.reason };
    }
    return field;
  });
  return {
    key,
    kindsLabel: `${FIELD_PREFIX["verses-ability"]}.actorKinds.label`,
    kinds: kindFields,
    dice: [f.number("allocated", 0, 5), f.number("exBound", 0, 5), f.check("extrinsic")],
    rules: def
      ? {
          name: `${P}.Ability.${def.key}`,
          text: def.text,
          intrinsicFor: def.intrinsicFor.map((k) => `${P}.ActorKind.${k}`),
        }
      : null,
  };
}

// ---- weapon -----------------------------------------------------------------------------------

export interface FeatureRowView extends RowView {
  text: string;
}

function featureRows(f: Fields, path: string, labelBase: string): FeatureRowView[] {
  return arr(at(f.system, path)).map((item, index) => {
    const feat = { name: str(rec(item).name), value: str(rec(item).value) };
    const name = f.text(`${path}.${index}.name`, { labelPath: `${labelBase}.name`, list: "features" });
    const value = f.text(`${path}.${index}.value`, { labelPath: `${labelBase}.value` });
    const problem = feat.name.trim()
      ? featureProblem(featureText(feat))
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

export interface ModeView {
  index: number;
  title: string;
  number: number;
  named: boolean;
  fields: FieldView[];
  damage: FieldView[];
  features: FeatureRowView[];
  featuresPath: string;
  canRemove: boolean;
}

export function weaponContext(data: SheetData) {
  const s = data.system;
  const f = new Fields(FIELD_PREFIX["verses-weapon"], s, data.idPrefix ?? "pv", !data.editable);
  const modes = arr(s.modes);
  const modeViews: ModeView[] = modes.map((m, i) => {
    const mode = rec(m);
    const base = `modes.${i}`;
    const l = (p: string) => ({ labelPath: `modes.element.${p}` });
    return {
      index: i,
      number: i + 1,
      title: str(mode.name),
      named: !!str(mode.name),
      fields: [
        f.text(`${base}.name`, l("name")),
        f.select(`${base}.hands`, numbers(0, 2, mode.hands), l("hands")),
        f.check(`${base}.indirect`, l("indirect")),
        f.text(`${base}.skill`, { ...l("skill"), list: "weaponSkills", wide: true }),
        f.checked(`${base}.test`, "test", l("test")),
      ],
      damage: [
        f.checked(`${base}.damage`, "damage", l("damage")),
        f.checked(`${base}.area`, "area", l("area")),
        f.checked(`${base}.thrownDamage`, "damage", l("thrownDamage")),
      ],
      features: featureRows(f, `${base}.features`, "modes.element.features.element"),
      featuresPath: `system.${base}.features`,
      canRemove: modes.length > 1,
    };
  });
  const magazine = rec(s.magazine);
  const loaded = f.number("magazine.loaded", 0);
  if (num(magazine.loaded) > num(magazine.size))
    loaded.problem = { key: `${P}.Problem.Loaded`, detail: String(num(magazine.size)) };
  return {
    general: [tecField(f), f.text("ammunition", { list: "ammunition" }), f.check("equipped")],
    magazine: [f.number("magazine.size", 0), loaded],
    physical: physicalFields(f),
    modes: modeViews,
    modesPath: "system.modes",
    lists: datalists(data.idPrefix ?? "pv", ["features", "weaponSkills", "ammunition"]),
  };
}

// ---- armour -----------------------------------------------------------------------------------

export function armourContext(data: SheetData) {
  const s = data.system;
  const f = new Fields(FIELD_PREFIX["verses-armour"], s, data.idPrefix ?? "pv", !data.editable);
  return {
    protection: [
      tecField(f),
      f.select(
        "class",
        keyed(["light", "medium", "heavy", "shield"], (v) => `${P}.ArmourClass.${v}`, s.class),
      ),
      f.number("tuf", 0),
      f.checked("resistance", "resistance", { placeholder: "s ⇒ c, p" }),
      f.number("prwPenalty", undefined, 0),
      f.select("hands", numbers(0, 2, s.hands)),
      f.check("worn"),
    ],
    features: featureRows(f, "features", "features.element"),
    featuresPath: "system.features",
    physical: physicalFields(f, [f.decimal("carriedWeight")]),
    lists: datalists(data.idPrefix ?? "pv", ["features"]),
  };
}

// ---- ammunition -------------------------------------------------------------------------------

export function ammunitionContext(data: SheetData) {
  const s = data.system;
  const f = new Fields(FIELD_PREFIX["verses-ammunition"], s, data.idPrefix ?? "pv", !data.editable);
  return {
    general: [tecField(f), f.checked("effect", "ammoEffect", { placeholder: "+2(s)" })],
    weapons: f.entries("weapons", { list: "weaponNames" }),
    physical: physicalFields(f),
    lists: datalists(data.idPrefix ?? "pv", ["weaponNames"]),
  };
}

// ---- gear -------------------------------------------------------------------------------------

export function gearContext(data: SheetData) {
  const s = data.system;
  const f = new Fields(FIELD_PREFIX["verses-gear"], s, data.idPrefix ?? "pv", !data.editable);
  const kind = str(s.kind) || "item";
  const ol = f.number("ol", 0, 5);
  if (kind === "tool" && num(s.ol) === 0) ol.problem = { key: `${P}.Problem.ToolOl`, detail: "" };
  const toolFor = f.entries("toolFor", { list: "toolSkills" });
  return {
    general: [
      tecField(f),
      f.select(
        "kind",
        keyed(["item", "tool", "supply", "container"], (v) => `${P}.GearKind.${v}`, kind),
      ),
      f.check("perMetre"),
    ],
    tool: [ol],
    toolFor,
    supplies: [f.text("supplyKind", { list: "supplyKinds" }), f.number("supplies", 0)],
    physical: physicalFields(f),
    lists: datalists(data.idPrefix ?? "pv", ["toolSkills", "supplyKinds"]),
  };
}

// ---- species ----------------------------------------------------------------------------------

export function speciesContext(data: SheetData) {
  const s = data.system;
  const f = new Fields(FIELD_PREFIX["verses-species"], s, data.idPrefix ?? "pv", !data.editable);
  const coreSrc = rec(s.core);
  const core = Object.fromEntries(ATTRIBUTE_KEYS.map((k) => [k, num(coreSrc[k], 2)])) as Record<
    AttributeKey,
    number
  >;
  const abilities = rec(s.abilities);
  const choices = rec(s.intrinsicAbilityChoices);
  const knownAbility = (k: string) => (findAbility(k) ? `${P}.Ability.${findAbility(k)!.key}` : null);
  return {
    general: [
      f.text("key"),
      f.select(
        "kind",
        keyed(ACTOR_KINDS, (v) => `${P}.ActorKind.${v}`, s.kind),
      ),
    ],
    core: ATTRIBUTE_KEYS.map((k) =>
      f.number(`core.${k}`, 1, 5, { label: `POLYVERSE.Verses.Attribute.${k}.Name` }),
    ),
    derived: DERIVED_KEYS.map((k) =>
      f.checked(`derived.${k}`, "formula", {
        derived: k,
        core,
        placeholder: formatFormula(HUMAN_FORMULAS[k]),
      }),
    ),
    creation: [
      f.number("coreShift", 0),
      f.number("coreVariance", 0),
      f.number("liftPerTuf", 0),
      f.number("languageDice", 0),
      f.text("recommendedLanguage"),
      f.number("freeRefinementDice", 0),
    ],
    choices: [
      f.number("intrinsicAbilityChoices.count", 0),
      f.number("intrinsicAbilityChoices.dicePerAbility", 0),
    ],
    recommended: f.entries("intrinsicAbilityChoices.recommended", {
      choices: abilityOptions(null),
      labelOf: knownAbility,
    }),
    recommendedCount: arr(choices.recommended).length,
    abilities: Object.entries(abilities).map(([key, dice]) => {
      const known = findAbility(key);
      return {
        key,
        label: known ? `${P}.Ability.${known.key}` : key,
        localize: !!known,
        field: f.number(`abilities.${key}`, 0, 5, {
          label: known ? `${P}.Ability.${known.key}` : `${P}.Ability.custom`,
        }),
        dice: num(dice),
        problem: known ? null : { key: `${P}.Problem.Ability`, detail: key },
      };
    }),
    abilityChoices: abilityOptions(null).filter((o) => !(o.value in abilities)),
    abilitiesLabel: `${FIELD_PREFIX["verses-species"]}.abilities.label`,
    coreLabel: `${FIELD_PREFIX["verses-species"]}.core.label`,
    derivedLabel: `${FIELD_PREFIX["verses-species"]}.derived.label`,
  };
}

// ---- the whole item sheet ---------------------------------------------------------------------

/** The body template of each item type. */
export const ITEM_BODY_TEMPLATES: Readonly<Record<VersesItemType, string>> = {
  "verses-skill": "systems/polyverse/templates/verses/item/skill.hbs",
  "verses-ability": "systems/polyverse/templates/verses/item/ability.hbs",
  "verses-weapon": "systems/polyverse/templates/verses/item/weapon.hbs",
  "verses-armour": "systems/polyverse/templates/verses/item/armour.hbs",
  "verses-ammunition": "systems/polyverse/templates/verses/item/ammunition.hbs",
  "verses-gear": "systems/polyverse/templates/verses/item/gear.hbs",
  "verses-species": "systems/polyverse/templates/verses/item/species.hbs",
};

export function isItemType(type: string): type is VersesItemType {
  return (ITEM_TYPES as readonly string[]).includes(type);
}

/** The context of an item sheet: header, type label, description, and the body of its type. */
export function itemSheetContext(data: SheetData) {
  const type: VersesItemType = isItemType(data.type) ? data.type : "verses-gear";
  const body =
    type === "verses-skill"
      ? { skill: skillContext(data) }
      : type === "verses-ability"
        ? { ability: abilityContext(data) }
        : type === "verses-weapon"
          ? { weapon: weaponContext(data) }
          : type === "verses-armour"
            ? { armour: armourContext(data) }
            : type === "verses-ammunition"
              ? { ammunition: ammunitionContext(data) }
              : type === "verses-species"
                ? { species: speciesContext(data) }
                : { gear: gearContext(data) };
  return {
    type,
    editable: data.editable,
    bodyTemplate: ITEM_BODY_TEMPLATES[type],
    header: headerContext(data),
    description: descriptionContext(data, `${FIELD_PREFIX[type]}.description.label`),
    ...body,
  };
}

// ---- vehicle and society -----------------------------------------------------------------------

export function vehicleContext(data: SheetData) {
  const s = data.system;
  const f = new Fields(FIELD_PREFIX["verses-vehicle"], s, data.idPrefix ?? "pv", !data.editable);
  const hp = rec(s.hp);
  const hpValue = f.number("hp.value", 0);
  if (num(hp.max) > 0 && num(hp.value) > num(hp.max))
    hpValue.problem = { key: `${P}.Problem.HpAboveMax`, detail: String(num(hp.max)) };
  const team = f.entries("team");
  team.placeholder = `${P}.Entry.TeamPlaceholder`;
  team.entries = team.entries.map((e) => {
    const name = data.teamNames?.[e.value];
    return name ? { ...e, label: name, localize: false } : { ...e, label: e.value, localize: false };
  });
  const teamSize = arr(s.team).length;
  const animals = f.number("animals", 0);
  if (teamSize > num(s.animals)) animals.problem = { key: `${P}.Problem.TeamSize`, detail: String(teamSize) };
  return {
    header: headerContext(data, false),
    editable: data.editable,
    general: [f.text("vehicleType"), tecField(f), f.text("drivingSkill", { placeholder: "Driving » Cart" })],
    movement: [f.decimal("speedKmh"), f.decimal("mv"), f.decimal("cargoM3")],
    protection: [f.number("tuf", 0), f.checked("resistance", "resistance", { placeholder: "(s, p, r) ⇒ c" })],
    hp: [hpValue, f.number("hp.max", 0)],
    worth: [f.decimal("weight"), f.decimal("value")],
    animals,
    team,
    description: descriptionContext(data, `${FIELD_PREFIX["verses-vehicle"]}.description.label`),
  };
}

export interface SocietyAttributeView {
  key: string;
  abbreviation: string;
  field: FieldView;
  description: string;
}

/**
 * A society: JST, MOB and TOL on the rated-value scale (0 None .. 5 Superior, the rules'
 * `ATTRIBUTE_RATING_LABELS`), TEC on the TEC scale (1 Ancient .. 5 Future), POP 1..5 (1 "a small
 * hamlet or village", 5 "a sprawling metropolis").
 */
export function societyContext(data: SheetData) {
  const s = data.system;
  const prefix = FIELD_PREFIX["verses-society"];
  const f = new Fields(prefix, s, data.idPrefix ?? "pv", !data.editable);
  const attributes: SocietyAttributeView[] = SOCIETY_ATTRIBUTES.map((a) => {
    const options =
      a.key === "tec"
        ? TEC_LEVELS.map((t) => ({
            value: String(t.value),
            label: `${P}.Society.TecOption.${t.value}`,
            localize: true,
            selected: Number(s.tec) === t.value,
          }))
        : ATTRIBUTE_RATING_LABELS.map((_label, n) => ({
            value: String(n),
            label: `${P}.Society.Rating.${n}`,
            localize: true,
            selected: Number(s[a.key]) === n,
          }));
    return {
      key: a.key,
      abbreviation: `${prefix}.${a.key}.abbr`,
      field: f.select(a.key, options, { hint: `${prefix}.${a.key}.hint` }),
      description: `${prefix}.${a.key}.hint`,
    };
  });
  const pop = f.select(
    "pop",
    POPULATION_SIZES.map((p) => ({
      value: String(p.value),
      label: `${P}.Society.Population.${p.value}`,
      localize: true,
      selected: Number(s.pop) === p.value,
    })),
    { hint: `${prefix}.pop.hint` },
  );
  return {
    header: headerContext(data, false),
    editable: data.editable,
    attributes,
    pop,
    description: descriptionContext(data, `${prefix}.description.label`),
  };
}

// ---- form data and rows -----------------------------------------------------------------------

/** Arrays of objects per item type, with their nested arrays: what {@link normaliseSubmit} rebuilds. */
const OBJECT_ARRAYS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  "verses-skill": { prerequisites: [], addsTo: [] },
  "verses-weapon": { modes: ["features"] },
  "verses-armour": { features: [] },
};
/** Arrays of strings per type (blank entries are dropped: the models refuse blank strings). */
const STRING_ARRAYS: Readonly<Record<string, readonly string[]>> = {
  "verses-ammunition": ["weapons"],
  "verses-gear": ["toolFor"],
  "verses-species": ["intrinsicAbilityChoices.recommended"],
  "verses-vehicle": ["team"],
};

function indexed(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (!value || typeof value !== "object") return null;
  const entries = Object.entries(value as Rec).filter(([k]) => /^\d+$/.test(k));
  if (!entries.length && Object.keys(value as Rec).length) return null;
  return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
}

function setAt(obj: Rec, path: string, value: unknown): void {
  const parts = path.split(".");
  let node = obj;
  for (const part of parts.slice(0, -1)) {
    if (!node[part] || typeof node[part] !== "object") node[part] = {};
    node = node[part] as Rec;
  }
  node[parts[parts.length - 1] as string] = value;
}

function mergeRows(submitted: unknown, source: unknown, nested: readonly string[]): unknown[] | null {
  const list = indexed(submitted);
  if (!list) return null;
  const previous = arr(source);
  return list.map((row, i) => {
    const before = rec(previous[i]);
    const merged: Rec = { ...before, ...rec(row) };
    for (const key of nested) {
      const inner = mergeRows(rec(row)[key], before[key], []);
      merged[key] = inner ?? arr(before[key]);
    }
    return merged;
  });
}

/**
 * Submitted form data (expanded, `system` part) into what the document stores: rows named
 * `system.modes.0.name` arrive as objects keyed "0", "1", ...: they become arrays again, each row
 * merged over the stored one (so a field the form does not show survives); blank strings leave
 * string lists; the ability's kind check boxes (`actorKindFlags`) become `actorKinds`.
 * Pure: `submitted` is not changed.
 */
export function normaliseSubmit(
  type: string,
  submitted: Rec,
  source: Rec,
  extra: { actorKindFlags?: Rec } = {},
): Rec {
  const out: Rec = structuredClone(submitted);
  for (const [path, nested] of Object.entries(OBJECT_ARRAYS[type] ?? {})) {
    const value = at(out, path);
    if (value === undefined) continue;
    const rows = mergeRows(value, at(source, path), nested);
    if (rows) setAt(out, path, rows);
  }
  for (const path of STRING_ARRAYS[type] ?? []) {
    const value = at(out, path);
    if (value === undefined) continue;
    const list = indexed(value);
    if (list)
      setAt(
        out,
        path,
        list
          .map(str)
          .map((v) => v.trim())
          .filter(Boolean),
      );
  }
  if (type === "verses-ability" && extra.actorKindFlags)
    out.actorKinds = ACTOR_KINDS.filter((k) => extra.actorKindFlags?.[k] === true);
  return out;
}

/** A new row for an array: a weapon mode, a feature, a prerequisite, an adds-to entry. */
export function newRow(path: string): Rec | null {
  const leaf = path
    .split(".")
    .filter((p) => !/^\d+$/.test(p))
    .pop();
  switch (leaf) {
    case "modes":
      return blankWeaponMode();
    case "features":
      return { name: "", value: "" };
    case "prerequisites":
      return { kind: "skill", name: "", spec: "" };
    case "addsTo":
      return { hook: "", mode: "allocated", condition: "" };
    default:
      return null;
  }
}

/** An update for one array: the path under `system` of the top-level array, and its new value. */
export interface ArrayUpdate {
  path: string;
  value: unknown[];
  /** The path of the row added (for focus), when one was. */
  added?: string;
}

function topArray(path: string): { top: string; rest: string[] } {
  const parts = path.replace(/^system\./, "").split(".");
  return { top: parts[0] as string, rest: parts.slice(1) };
}

function editNested(system: Rec, path: string, edit: (list: unknown[]) => unknown[]): ArrayUpdate {
  const { top, rest } = topArray(path);
  const copy = structuredClone(arr(system[top]));
  if (!rest.length) return { path: `system.${top}`, value: edit(copy) };
  let node: unknown = copy;
  for (const part of rest.slice(0, -1)) node = /^\d+$/.test(part) ? arr(node)[Number(part)] : rec(node)[part];
  const last = rest[rest.length - 1] as string;
  const holder = rec(node);
  holder[last] = edit(arr(holder[last]));
  return { path: `system.${top}`, value: copy };
}

/** Add a row (or a string `entry`) at `path` (`system.modes`, `system.modes.0.features`, `system.weapons`). */
export function addRow(system: Rec, path: string, entry?: string): ArrayUpdate | null {
  const row = entry === undefined ? newRow(path) : entry.trim();
  if (row === null || row === "") return null;
  let index = 0;
  const update = editNested(system, path, (list) => {
    index = list.length;
    return [...list, row];
  });
  return { ...update, added: `${path.startsWith("system.") ? path : `system.${path}`}.${index}` };
}

/** Remove row `index` at `path`. A weapon keeps at least one mode. */
export function removeRow(system: Rec, path: string, index: number): ArrayUpdate | null {
  const { top, rest } = topArray(path);
  if (top === "modes" && !rest.length && arr(system.modes).length <= 1) return null;
  return editNested(system, path, (list) => list.filter((_v, i) => i !== index));
}

// ---- tabs -------------------------------------------------------------------------------------

/** A tab as the templates read it (the shape of Foundry's `_prepareTabs` entries). */
export interface TabView {
  id: string;
  group: string;
  active: boolean;
  cssClass: string;
  label: string;
}

/** The item sheets' tabs: the type's fields, and the description. */
export const ITEM_TABS = [
  { id: "details", label: `${P}.Tab.details` },
  { id: "description", label: `${P}.Tab.description` },
] as const;

/** Tabs with one active, for a render outside Foundry (the sheet uses Foundry's own tab state). */
export function tabsContext(active: string = ITEM_TABS[0].id): Record<string, TabView> {
  return Object.fromEntries(
    ITEM_TABS.map((t) => [
      t.id,
      {
        id: t.id,
        group: "primary",
        active: t.id === active,
        cssClass: t.id === active ? "active" : "",
        label: t.label,
      },
    ]),
  );
}
