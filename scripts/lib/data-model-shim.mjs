// A stand-in for the parts of Foundry's data layer that Polyverse's data models are built from
// (foundry.data.fields and foundry.abstract.TypeDataModel), so that the build and the packs tests
// can run each model's own defineSchema() in Node and check a pack entry's `system` against it.
// Written for Polyverse from the documented field options (required, nullable, initial, blank,
// choices, integer, min, max); it cleans and validates, nothing else. It mirrors the recording
// stub of tests/integration/foundry-stub.ts.

const clone = (v) => (v === undefined ? undefined : structuredClone(v));

class DataField {
  constructor(options = {}) {
    this.options = { required: false, nullable: false, ...options };
    this.name = "";
  }
  get initial() {
    const i = this.options.initial;
    return typeof i === "function" ? i() : clone(i);
  }
  clean(value) {
    if (value === undefined) return this.initial;
    if (value === null) return this.options.nullable ? null : this.initial;
    return this._cast(value);
  }
  _cast(value) {
    return value;
  }
  /** @returns {string | undefined} what is wrong with the value, if anything */
  validate(value) {
    if (value === null || value === undefined) {
      if (this.options.nullable || (!this.options.required && value === undefined)) return undefined;
      return "may not be null";
    }
    if (this.options.choices) {
      const choices =
        typeof this.options.choices === "function" ? this.options.choices() : this.options.choices;
      const keys = Array.isArray(choices) ? choices : Object.keys(choices);
      if (!keys.includes(value)) return `${JSON.stringify(value)} is not a valid choice`;
    }
    if (this.options.validate && this.options.validate(value) === false)
      return this.options.validationError ?? "is not valid";
    return this._validateType(value);
  }
  _validateType() {
    return undefined;
  }
}

class NumberField extends DataField {
  constructor(options = {}) {
    super({ nullable: true, ...options });
  }
  get initial() {
    const i = super.initial;
    return i === undefined ? (this.options.nullable ? null : 0) : i;
  }
  _cast(value) {
    return typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  }
  _validateType(value) {
    if (typeof value !== "number" || Number.isNaN(value)) return "must be a number";
    if (this.options.integer && !Number.isInteger(value)) return "must be an integer";
    if (this.options.min !== undefined && value < this.options.min)
      return `must be at least ${this.options.min}`;
    if (this.options.max !== undefined && value > this.options.max)
      return `must be at most ${this.options.max}`;
    if (this.options.positive && value <= 0) return "must be positive";
    return undefined;
  }
}

class StringField extends DataField {
  constructor(options = {}) {
    super({ blank: true, ...options });
  }
  get initial() {
    const i = super.initial;
    return i === undefined ? (this.options.nullable ? null : "") : i;
  }
  _cast(value) {
    return typeof value === "string" ? (this.options.trim === false ? value : value.trim()) : String(value);
  }
  _validateType(value) {
    if (typeof value !== "string") return "must be a string";
    if (!this.options.blank && value === "" && !this.options.choices) return "may not be blank";
    return undefined;
  }
}

class BooleanField extends DataField {
  get initial() {
    return super.initial ?? false;
  }
  _cast(value) {
    return value === "true" ? true : value === "false" ? false : Boolean(value);
  }
  _validateType(value) {
    return typeof value === "boolean" ? undefined : "must be true or false";
  }
}

class HTMLField extends StringField {}
class FilePathField extends StringField {}
class ColorField extends StringField {}
class DocumentUUIDField extends StringField {
  constructor(options = {}) {
    super({ nullable: true, ...options });
  }
}
class DocumentIdField extends StringField {}
class ForeignDocumentField extends DocumentIdField {}

class ObjectField extends DataField {
  get initial() {
    return super.initial ?? {};
  }
  _validateType(value) {
    return typeof value === "object" && !Array.isArray(value) ? undefined : "must be an object";
  }
}

class TypedObjectField extends ObjectField {
  constructor(element, options = {}) {
    super(options);
    this.element = element;
  }
  _cast(value) {
    if (!value || typeof value !== "object" || Array.isArray(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.element.clean(v)]));
  }
  _validateType(value) {
    const wrong = super._validateType(value);
    if (wrong) return wrong;
    for (const [k, v] of Object.entries(value)) {
      const err = this.element.validate(v);
      if (err) return `${k}: ${err}`;
    }
    return undefined;
  }
}

class SchemaField extends DataField {
  constructor(fields, options = {}) {
    super({ required: true, nullable: false, ...options });
    this.fields = fields;
    for (const [name, field] of Object.entries(fields)) field.name = name;
  }
  get initial() {
    return this.clean({});
  }
  clean(value) {
    if (value === null && this.options.nullable) return null;
    const v = value && typeof value === "object" && !Array.isArray(value) ? value : {};
    const out = {};
    for (const [name, field] of Object.entries(this.fields)) out[name] = field.clean(v[name]);
    return out;
  }
  _validateType(value) {
    if (typeof value !== "object" || Array.isArray(value)) return "must be an object";
    for (const [name, field] of Object.entries(this.fields)) {
      const err = field.validate(value[name]);
      if (err) return `${name}: ${err}`;
    }
    return undefined;
  }
}

class EmbeddedDataField extends SchemaField {
  constructor(model, options = {}) {
    super(model.defineSchema(), options);
    this.model = model;
  }
}

class ArrayField extends DataField {
  constructor(element, options = {}) {
    super({ required: true, nullable: false, ...options });
    this.element = element;
  }
  get initial() {
    return super.initial ?? [];
  }
  _cast(value) {
    const arr = Array.isArray(value) ? value : value instanceof Set ? [...value] : [value];
    return arr.map((v) => this.element.clean(v));
  }
  _validateType(value) {
    if (!Array.isArray(value)) return "must be a list";
    for (const [i, v] of value.entries()) {
      const err = this.element.validate(v);
      if (err) return `[${i}]: ${err}`;
    }
    return undefined;
  }
}
class SetField extends ArrayField {}

export const fields = {
  DataField,
  NumberField,
  StringField,
  BooleanField,
  HTMLField,
  FilePathField,
  ColorField,
  DocumentUUIDField,
  DocumentIdField,
  ForeignDocumentField,
  ObjectField,
  TypedObjectField,
  SchemaField,
  EmbeddedDataField,
  ArrayField,
  SetField,
};

class DataModel {
  static defineSchema() {
    return {};
  }
  static get schema() {
    if (!Object.hasOwn(this, "_schema")) this._schema = new SchemaField(this.defineSchema());
    return this._schema;
  }
  static migrateData(source) {
    return source;
  }
  static cleanData(source = {}) {
    return this.schema.clean(source);
  }
}
class TypeDataModel extends DataModel {}

/** The `foundry` global the data models are defined against. */
export const foundryShim = { data: { fields }, abstract: { DataModel, TypeDataModel } };
