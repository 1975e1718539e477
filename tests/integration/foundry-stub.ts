/**
 * A recording stand-in for the Foundry VTT v13 globals that Polyverse's bundle touches.
 *
 * It is NOT Foundry: it implements only what the bundle calls, as Foundry's public API documents
 * it (knowledge base, API docs, the community wiki), and records every registration so that the
 * integration tests can assert on them. Whatever the bundle calls that is missing here fails the
 * test loudly, which is how the stand-in is kept honest.
 */
import { hasKey } from "../lib/i18n";

type Fn = (...args: any[]) => any;

export interface Recorder {
  hooks: { on: Map<string, Fn[]>; once: Map<string, Fn[]> };
  settings: Map<string, { config: any; value: unknown }>;
  sheets: { documentClass: any; scope: string; sheet: any; options: any }[];
  templatesLoaded: string[];
  templatesRendered: string[];
  i18nUsed: Set<string>;
  i18nMissing: Set<string>;
  notifications: { level: string; message: string }[];
  createDialogs: { documentName: string; args: any[] }[];
  socketHandlers: Map<string, Fn[]>;
  socketEmits: { channel: string; data: unknown }[];
  /**
   * What the server sends every other client, in order: a User document updated, a chat message
   * created (`hook` and its arguments, and the user who made the change).
   */
  broadcasts: { hook: string; args: any[]; userId: string }[];
  /** Every Document#update call: the document, the changes and the operation's options. */
  updates: { document: any; changes: any; options: any }[];
}

export interface StubOptions {
  manifest: any;
  lang: Record<string, unknown>;
  /** Stored world setting values, e.g. { "polyverse.ruleset": "verses" }. */
  stored?: Record<string, unknown>;
  isGM?: boolean;
}

// ---------------------------------------------------------------------------------------------
// foundry.utils

function getType(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "Array";
  if (v instanceof Set) return "Set";
  if (v instanceof Map) return "Map";
  if (typeof v === "object") return v.constructor === Object || !v.constructor ? "Object" : "Object";
  return typeof v;
}

function deepClone<T>(v: T): T {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map(deepClone) as T;
  if (v instanceof Set) return new Set([...v].map(deepClone)) as T;
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, deepClone(x)])) as T;
  if (Object.getPrototypeOf(v) !== Object.prototype && Object.getPrototypeOf(v) !== null) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deepClone(x)])) as T;
}

function getProperty(object: any, key: string): any {
  if (!key || object == null) return undefined;
  if (key in object) return object[key];
  let target = object;
  for (const part of key.split(".")) {
    if (target == null || typeof target !== "object") return undefined;
    target = target[part];
  }
  return target;
}

function setProperty(object: any, key: string, value: unknown): boolean {
  const parts = key.split(".");
  const last = parts.pop()!;
  let target = object;
  for (const part of parts) {
    target[part] ??= {};
    target = target[part];
  }
  const changed = target[last] !== value;
  target[last] = value;
  return changed;
}

function expandObject(obj: Record<string, unknown>): any {
  const out: any = {};
  for (const [k, v] of Object.entries(obj)) {
    const value = v && typeof v === "object" && !Array.isArray(v) ? expandObject(v as any) : v;
    setProperty(out, k, value);
  }
  return out;
}

function flattenObject(obj: any, prefix = ""): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj ?? {})) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length)
      Object.assign(out, flattenObject(v, key));
    else out[key] = v;
  }
  return out;
}

/**
 * mergeObject with Foundry's documented defaults: insertKeys, insertValues, overwrite, recursive,
 * inplace; `performDeletions` (default false) deletes the keys written `-=key`.
 */
function mergeObject(original: any, other: any = {}, options: any = {}): any {
  const {
    insertKeys = true,
    insertValues = true,
    overwrite = true,
    recursive = true,
    inplace = true,
    performDeletions = false,
  } = options;
  const target = inplace ? original : deepClone(original);
  const source = Object.keys(other).some((k) => k.includes(".")) ? expandObject(other) : other;
  for (const [k, v] of Object.entries(source)) {
    if (performDeletions && k.startsWith("-=")) {
      delete target[k.slice(2)];
      continue;
    }
    const exists = Object.hasOwn(target, k);
    if (!exists && !insertKeys) continue;
    if (exists && recursive && getType(target[k]) === "Object" && getType(v) === "Object") {
      mergeObject(target[k], v, { ...options, inplace: true });
    } else if (!exists || overwrite) {
      if (!exists && getType(v) === "Object" && !insertValues) continue;
      target[k] = deepClone(v);
    }
  }
  return target;
}

let idCounter = 0;
function randomID(length = 16): string {
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  idCounter++;
  let s = "";
  let n = idCounter * 7919;
  for (let i = 0; i < length; i++) {
    s += chars[(n + i * 31) % chars.length];
    n = Math.floor(n / 3) + 17;
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
// foundry.data.fields: fields keep their options and can clean/validate a value.

class DataField {
  options: any;
  name = "";
  constructor(options: any = {}) {
    this.options = { required: false, nullable: false, ...options };
  }
  get initial(): unknown {
    const i = this.options.initial;
    return typeof i === "function" ? i() : deepClone(i);
  }
  clean(value: unknown): unknown {
    if (value === undefined) return this.initial;
    if (value === null) return this.options.nullable ? null : this.initial;
    return this._cast(value);
  }
  _cast(value: unknown): unknown {
    return value;
  }
  validate(value: unknown): string | void {
    if (value === null || value === undefined) {
      if (this.options.nullable || (!this.options.required && value === undefined)) return;
      return "may not be null";
    }
    if (this.options.choices) {
      const choices =
        typeof this.options.choices === "function" ? this.options.choices() : this.options.choices;
      const keys = Array.isArray(choices) ? choices : Object.keys(choices);
      if (!keys.includes(value)) return `${JSON.stringify(value)} is not a valid choice`;
    }
    if (this.options.validate) {
      const ok = this.options.validate(value);
      if (ok === false) return this.options.validationError ?? "is not valid";
    }
    return this._validateType(value);
  }
  _validateType(_value: unknown): string | void {}
}

class NumberField extends DataField {
  constructor(options: any = {}) {
    super({ nullable: true, ...options });
  }
  override get initial(): unknown {
    const i = super.initial;
    return i === undefined ? (this.options.nullable ? null : 0) : i;
  }
  override _cast(value: unknown): unknown {
    const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    return n;
  }
  override _validateType(value: unknown): string | void {
    if (typeof value !== "number" || Number.isNaN(value)) return "must be a number";
    if (this.options.integer && !Number.isInteger(value)) return "must be an integer";
    if (this.options.min !== undefined && value < this.options.min)
      return `must be at least ${this.options.min}`;
    if (this.options.max !== undefined && value > this.options.max)
      return `must be at most ${this.options.max}`;
    if (this.options.positive && value <= 0) return "must be positive";
  }
}
class StringField extends DataField {
  constructor(options: any = {}) {
    super({ blank: true, ...options });
  }
  override get initial(): unknown {
    const i = super.initial;
    return i === undefined ? (this.options.nullable ? null : "") : i;
  }
  override _cast(value: unknown): unknown {
    return typeof value === "string" ? (this.options.trim === false ? value : value.trim()) : String(value);
  }
  override _validateType(value: unknown): string | void {
    if (typeof value !== "string") return "must be a string";
    if (!this.options.blank && value === "" && !this.options.choices) return "may not be blank";
  }
}
class BooleanField extends DataField {
  override get initial(): unknown {
    return super.initial ?? false;
  }
  override _cast(value: unknown): unknown {
    return value === "true" ? true : value === "false" ? false : Boolean(value);
  }
}
class HTMLField extends StringField {}
class FilePathField extends StringField {}
class ColorField extends StringField {}
class DocumentUUIDField extends StringField {
  constructor(options: any = {}) {
    super({ nullable: true, ...options });
  }
}
class DocumentIdField extends StringField {}
class ForeignDocumentField extends DocumentIdField {}
class ObjectField extends DataField {
  override get initial(): unknown {
    return super.initial ?? {};
  }
}
class TypedObjectField extends ObjectField {
  element: DataField;
  constructor(element: DataField, options: any = {}) {
    super(options);
    this.element = element;
  }
  override _cast(value: any): unknown {
    return Object.fromEntries(Object.entries(value ?? {}).map(([k, v]) => [k, this.element.clean(v)]));
  }
  override _validateType(value: any): string | void {
    for (const [k, v] of Object.entries(value ?? {})) {
      const err = this.element.validate(v);
      if (err) return `${k}: ${err}`;
    }
  }
}
class SchemaField extends DataField {
  fields: Record<string, DataField>;
  constructor(fields: Record<string, DataField>, options: any = {}) {
    super({ required: true, nullable: false, ...options });
    this.fields = fields;
    for (const [name, field] of Object.entries(fields)) field.name = name;
  }
  override get initial(): unknown {
    return this.clean({});
  }
  override clean(value: any): unknown {
    if (value === null && this.options.nullable) return null;
    const v = value && typeof value === "object" ? value : {};
    const out: any = {};
    for (const [name, field] of Object.entries(this.fields)) out[name] = field.clean(v[name]);
    return out;
  }
  override _validateType(value: any): string | void {
    for (const [name, field] of Object.entries(this.fields)) {
      const err = field.validate(value?.[name]);
      if (err) return `${name}: ${err}`;
    }
  }
}
class EmbeddedDataField extends SchemaField {
  model: any;
  constructor(model: any, options: any = {}) {
    super(model.defineSchema(), options);
    this.model = model;
  }
}
class ArrayField extends DataField {
  element: DataField;
  constructor(element: DataField, options: any = {}) {
    super({ required: true, nullable: false, ...options });
    this.element = element;
  }
  override get initial(): unknown {
    return super.initial ?? [];
  }
  override _cast(value: unknown): unknown {
    const arr = Array.isArray(value) ? value : value instanceof Set ? [...value] : [value];
    return arr.map((v) => this.element.clean(v));
  }
  override _validateType(value: unknown): string | void {
    if (!Array.isArray(value)) return "must be an array";
    for (const [i, v] of value.entries()) {
      const err = this.element.validate(v);
      if (err) return `[${i}]: ${err}`;
    }
  }
}
class SetField extends ArrayField {}

const fields = {
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

// ---------------------------------------------------------------------------------------------
// foundry.abstract: DataModel and TypeDataModel.

class DataModel {
  static _schema?: SchemaField;
  static defineSchema(): Record<string, DataField> {
    return {};
  }
  static get schema(): SchemaField {
    if (!Object.hasOwn(this, "_schema")) this._schema = new SchemaField(this.defineSchema());
    return this._schema!;
  }
  static migrateData(source: any): any {
    return source;
  }
  /** Rules across fields: throws when the (valid) candidate data breaks one. */
  static validateJoint(_data: any): void {}
  /** Field validation, then joint validation, as DataModel#validate does. */
  static _check(source: any): string | void {
    const err = this.schema.validate(source);
    if (err) return err;
    try {
      this.validateJoint(source);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
  static cleanData(source: any = {}): any {
    return this.schema.clean(source);
  }
  _source: any;
  parent: any;
  constructor(data: any = {}, options: any = {}) {
    Object.defineProperty(this, "parent", {
      value: options.parent ?? null,
      writable: true,
      enumerable: false,
    });
    const ctor = this.constructor as typeof DataModel;
    const migrated = ctor.migrateData(deepClone(data));
    const source = ctor.cleanData(migrated);
    const err = ctor._check(source);
    if (err && options.strict !== false) throw new Error(`${ctor.name} validation errors: ${err}`);
    Object.defineProperty(this, "_source", { value: source, writable: true, enumerable: false });
    Object.assign(this, deepClone(source));
  }
  toObject(): any {
    return deepClone(this._source);
  }
  updateSource(changes: any): any {
    const ctor = this.constructor as typeof DataModel;
    const merged = mergeObject(deepClone(this._source), changes);
    const cleaned = ctor.cleanData(merged);
    const err = ctor._check(cleaned);
    if (err) throw new Error(`${ctor.name} validation errors: ${err}`);
    this._source = cleaned;
    Object.assign(this, deepClone(cleaned));
    return changes;
  }
}
class TypeDataModel extends DataModel {
  prepareBaseData(): void {}
  prepareDerivedData(): void {}
  /** Called by the parent document's _preUpdate with its candidate changes; false cancels. */
  async _preUpdate(_changes: any, _options: any, _user: any): Promise<boolean | void> {}
}

// ---------------------------------------------------------------------------------------------
// Documents (client side), enough for the bundle's subclasses and tests that create documents.

function makeDocumentClass(documentName: string, recorder: Recorder, config: () => any) {
  return class ClientDocumentStub {
    static documentName = documentName;
    static createDialog(...args: any[]) {
      recorder.createDialogs.push({ documentName, args });
      return Promise.resolve(null);
    }
    _id: string;
    name: string;
    type: string;
    system: any;
    flags: any;
    items: any[];
    effects: any[];
    parent: any;
    constructor(data: any = {}, context: any = {}) {
      this._id = data._id ?? randomID();
      this.name = data.name ?? "";
      this.type = data.type ?? "base";
      this.flags = deepClone(data.flags ?? {});
      this.parent = context.parent ?? null;
      const Model = config().dataModels?.[this.type];
      this.system = Model ? new Model(data.system ?? {}, { parent: this }) : deepClone(data.system ?? {});
      const ItemCls = (globalThis as any).CONFIG?.Item?.documentClass;
      this.items = (data.items ?? []).map((i: any) => (ItemCls ? new ItemCls(i, { parent: this }) : i));
      this.effects = deepClone(data.effects ?? []);
    }
    get id() {
      return this._id;
    }
    get documentName() {
      return documentName;
    }
    /** The document's source data: its system model's source (migrated and cleaned on load). */
    get _source(): any {
      return {
        _id: this._id,
        name: this.name,
        type: this.type,
        system: this.system?._source ? deepClone(this.system._source) : deepClone(this.system),
        flags: deepClone(this.flags),
      };
    }
    /** Recorded, not applied: the tests read what would be sent to the server. */
    async update(changes: any, options: any = {}) {
      recorder.updates.push({ document: this, changes, options });
      return this;
    }
    getFlag(scope: string, key: string) {
      return getProperty(this.flags?.[scope], key);
    }
    prepareData() {
      this.prepareBaseData();
      this.prepareEmbeddedDocuments();
      this.prepareDerivedData();
    }
    prepareBaseData() {
      this.system?.prepareBaseData?.();
    }
    prepareEmbeddedDocuments() {
      for (const item of this.items) item.prepareData?.();
    }
    prepareDerivedData() {
      this.system?.prepareDerivedData?.();
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Applications: enough to define sheet classes and render their context.

class ApplicationV2 {
  static DEFAULT_OPTIONS: any = {};
  static PARTS: any = {};
  static TABS: any = {};
  options: any;
  constructor(options: any = {}) {
    this.options = mergeObject(deepClone((this.constructor as any).DEFAULT_OPTIONS ?? {}), options, {
      inplace: false,
    });
  }
  render() {
    return Promise.resolve(this);
  }
  close() {
    return Promise.resolve(this);
  }
}
function HandlebarsApplicationMixin<T extends new (...args: any[]) => any>(Base: T) {
  return class HandlebarsApplication extends Base {};
}
class DocumentSheetV2 extends ApplicationV2 {
  get document() {
    return this.options.document;
  }
}
class ActorSheetV2 extends DocumentSheetV2 {
  get actor() {
    return this.document;
  }
}
class ItemSheetV2 extends DocumentSheetV2 {
  get item() {
    return this.document;
  }
}
class DialogV2 extends ApplicationV2 {
  static prompt() {
    return Promise.resolve(null);
  }
  static confirm() {
    return Promise.resolve(false);
  }
  static wait() {
    return Promise.resolve(null);
  }
  static input() {
    return Promise.resolve(null);
  }
}

// ---------------------------------------------------------------------------------------------
// Dice: a base Roll that the bundle may subclass; evaluation uses CONFIG.Dice.randomUniform.

class Roll {
  static CHAT_TEMPLATE = "templates/dice/roll.html";
  static TOOLTIP_TEMPLATE = "templates/dice/tooltip.html";
  formula: string;
  data: any;
  options: any;
  terms: any[] = [];
  _evaluated = false;
  _total?: number;
  constructor(formula: string, data: any = {}, options: any = {}) {
    this.formula = formula;
    this.data = data;
    this.options = options;
  }
  get total() {
    return this._total;
  }
  toJSON() {
    return {
      class: this.constructor.name,
      formula: this.formula,
      options: this.options,
      evaluated: this._evaluated,
      total: this._total,
    };
  }
  static fromData(data: any) {
    const cls = (globalThis as any).CONFIG.Dice.rolls.find((r: any) => r.name === data.class) ?? Roll;
    const roll = new cls(data.formula, {}, data.options);
    roll._evaluated = data.evaluated;
    roll._total = data.total;
    return roll;
  }
}
class Die {
  static DENOMINATION = "d";
  static MODIFIERS: Record<string, string> = {};
}

// ---------------------------------------------------------------------------------------------

export function installFoundryStub(options: StubOptions): Recorder {
  const g = globalThis as any;
  const recorder: Recorder = {
    hooks: { on: new Map(), once: new Map() },
    settings: new Map(),
    sheets: [],
    templatesLoaded: [],
    templatesRendered: [],
    i18nUsed: new Set(),
    i18nMissing: new Set(),
    notifications: [],
    createDialogs: [],
    socketHandlers: new Map(),
    socketEmits: [],
    broadcasts: [],
    updates: [],
  };
  const stored = { ...(options.stored ?? {}) };

  const docConfig = (name: string) => () => g.CONFIG[name];
  const Actor = makeDocumentClass("Actor", recorder, docConfig("Actor"));
  const Item = makeDocumentClass("Item", recorder, docConfig("Item"));
  const ChatMessage = makeDocumentClass("ChatMessage", recorder, docConfig("ChatMessage"));
  const Combat = makeDocumentClass("Combat", recorder, docConfig("Combat"));
  const Combatant = makeDocumentClass("Combatant", recorder, docConfig("Combatant"));
  const JournalEntryPage = makeDocumentClass("JournalEntryPage", recorder, docConfig("JournalEntryPage"));

  const add = (map: Map<string, Fn[]>, name: string, fn: Fn) => {
    map.set(name, [...(map.get(name) ?? []), fn]);
    return map.get(name)!.length;
  };
  g.Hooks = {
    on: (name: string, fn: Fn) => add(recorder.hooks.on, name, fn),
    once: (name: string, fn: Fn) => add(recorder.hooks.once, name, fn),
    off: () => undefined,
    callAll: (name: string, ...args: unknown[]) => {
      for (const fn of recorder.hooks.once.get(name) ?? []) fn(...args);
      recorder.hooks.once.delete(name);
      for (const fn of recorder.hooks.on.get(name) ?? []) fn(...args);
      return true;
    },
    // As Foundry's: stops at, and returns false for, the first function that returns false.
    call: (name: string, ...args: unknown[]) => {
      const once = recorder.hooks.once.get(name) ?? [];
      recorder.hooks.once.delete(name);
      for (const fn of [...once, ...(recorder.hooks.on.get(name) ?? [])])
        if (fn(...args) === false) return false;
      return true;
    },
  };

  const docCfg = (documentClass: any) => ({
    documentClass,
    dataModels: {},
    trackableAttributes: {},
    typeLabels: {},
    sheetClasses: {},
  });
  g.CONFIG = {
    Actor: docCfg(Actor),
    Item: docCfg(Item),
    ChatMessage: { ...docCfg(ChatMessage), template: "templates/sidebar/chat-message.hbs" },
    Combat: { ...docCfg(Combat), initiative: { formula: null, decimals: 2 } },
    Combatant: docCfg(Combatant),
    JournalEntryPage: docCfg(JournalEntryPage),
    ActiveEffect: docCfg(makeDocumentClass("ActiveEffect", recorder, docConfig("ActiveEffect"))),
    Dice: { rolls: [Roll], terms: { d: Die }, randomUniform: Math.random, fulfillment: { dice: {} } },
    statusEffects: [{ id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" }],
    specialStatusEffects: { DEFEATED: "dead" },
    TextEditor: { enrichers: [] },
  };

  const localize = (key: string) => {
    recorder.i18nUsed.add(key);
    if (!hasKey(options.lang, key)) {
      recorder.i18nMissing.add(key);
      return key;
    }
    return getProperty(options.lang, key) ?? (options.lang as any)[key];
  };
  const packs = (options.manifest.packs ?? []).map((p: any) => ({
    collection: `${options.manifest.id}.${p.name}`,
    metadata: { ...p, id: `${options.manifest.id}.${p.name}`, flags: p.flags ?? {} },
    // The packs' documents are tested from their sources (tests/packs); here they are empty.
    getDocuments: async () => [],
  }));
  g.game = {
    system: {
      id: options.manifest.id,
      version: options.manifest.version,
      documentTypes: options.manifest.documentTypes,
    },
    user: { id: "user0000000000001", isGM: options.isGM ?? true, targets: new Set() },
    users: Object.defineProperties([] as any[], {
      push: {
        // A user pushed by a test becomes a User document: flags, and an update that (like the
        // server) only a GM may make to another user's document, firing `updateUser` with the
        // updating user's id on this client and recording it for the others.
        value(this: any[], ...users: any[]) {
          for (const user of users) {
            user.flags ??= {};
            user.update ??= async function update(this: any, data: Record<string, unknown>) {
              const by = g.game.user;
              if (!by?.isGM && by?.id !== this.id)
                throw new Error(`User ${by?.name} lacks permission to update User ${this.name}`);
              for (const [path, value] of Object.entries(flattenObject(data))) {
                const parts = path.split(".");
                const last = parts.pop()!;
                let target: any = this as any;
                for (const part of parts) target = target[part] ??= {};
                if (last.startsWith("-=")) delete target[last.slice(2)];
                else target[last] = deepClone(value);
              }
              const changes = expandObject(data);
              recorder.broadcasts.push({ hook: "updateUser", args: [this, changes, {}], userId: by.id });
              g.Hooks.callAll("updateUser", this, changes, {}, by.id);
              return this;
            };
          }
          return Array.prototype.push.apply(this, users);
        },
      },
      get: {
        value(this: any[], id: string) {
          return this.find((u) => u.id === id);
        },
      },
      activeGM: {
        get(this: any[]) {
          return this.find((u) => u.isGM && u.active) ?? null;
        },
      },
    }),
    scenes: Object.defineProperties([] as any[], {
      get: {
        value(this: any[], id: string) {
          return this.find((a) => a.id === id);
        },
      },
    }),
    actors: Object.defineProperties([] as any[], {
      get: {
        value(this: any[], id: string) {
          return this.find((a) => a.id === id);
        },
      },
      // A world collection's documents, as Foundry's `contents`.
      contents: {
        get(this: any[]) {
          return [...this];
        },
      },
    }),
    items: Object.defineProperties([] as any[], {
      get: {
        value(this: any[], id: string) {
          return this.find((a) => a.id === id);
        },
      },
    }),
    /** The world data as the server sent it (Game#data), before any document was built from it. */
    data: { actors: [], items: [], scenes: [] },
    ready: false,
    packs: Object.assign(packs, { get: (id: string) => packs.find((p: any) => p.collection === id) }),
    settings: {
      register(namespace: string, key: string, config: any) {
        const id = `${namespace}.${key}`;
        if (recorder.settings.has(id)) throw new Error(`Setting ${id} registered twice`);
        recorder.settings.set(id, { config, value: Object.hasOwn(stored, id) ? stored[id] : config.default });
      },
      registerMenu() {},
      get(namespace: string, key: string) {
        const id = `${namespace}.${key}`;
        const s = recorder.settings.get(id);
        if (!s) throw new Error(`Setting ${id} is not registered`);
        return s.value;
      },
      async set(namespace: string, key: string, value: unknown) {
        const s = recorder.settings.get(`${namespace}.${key}`);
        if (!s) throw new Error(`Setting ${namespace}.${key} is not registered`);
        s.value = value;
        return value;
      },
    },
    i18n: {
      lang: "en",
      localize,
      has: (key: string) => hasKey(options.lang, key),
      format: (key: string, data: Record<string, unknown> = {}) =>
        String(localize(key)).replace(/\{(\w+)\}/g, (_m, k) => String(data[k] ?? `{${k}}`)),
    },
    socket: {
      on: (channel: string, fn: Fn) => add(recorder.socketHandlers, channel, fn),
      emit: (channel: string, data: unknown) => recorder.socketEmits.push({ channel, data }),
    },
    dice3d: undefined,
  };
  g.ui = {
    notifications: {
      info: (message: string) => recorder.notifications.push({ level: "info", message }),
      warn: (message: string) => recorder.notifications.push({ level: "warn", message }),
      error: (message: string) => recorder.notifications.push({ level: "error", message }),
    },
  };
  g.foundry = {
    utils: {
      mergeObject,
      deepClone,
      getProperty,
      setProperty,
      expandObject,
      flattenObject,
      randomID,
      getType,
      escapeHTML: (text: unknown) =>
        String(text).replace(
          /[&<>"']/g,
          (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!,
        ),
    },
    data: { fields },
    abstract: { DataModel, TypeDataModel },
    dice: { Roll, terms: { Die } },
    documents: { BaseActor: Actor, BaseItem: Item },
    applications: {
      api: { ApplicationV2, HandlebarsApplicationMixin, DocumentSheetV2, DialogV2 },
      sheets: { ActorSheetV2, ItemSheetV2 },
      apps: {
        DocumentSheetConfig: {
          registerSheet: (documentClass: any, scope: string, sheet: any, opts: any) =>
            recorder.sheets.push({ documentClass, scope, sheet, options: opts }),
          unregisterSheet: () => undefined,
        },
      },
      handlebars: {
        loadTemplates: async (paths: string[] | Record<string, string>) => {
          recorder.templatesLoaded.push(...(Array.isArray(paths) ? paths : Object.values(paths)));
          return [];
        },
        renderTemplate: async (path: string) => {
          recorder.templatesRendered.push(path);
          return "";
        },
        getTemplate: async () => () => "",
      },
      ux: { TextEditor: { implementation: { enrichHTML: async (s: string) => s } } },
    },
  };
  Object.assign(g, { Actor, Item, ChatMessage, Combat, Combatant, JournalEntryPage, Roll });
  if (!g.CSS) g.CSS = {};
  g.CSS.escape ??= (s: string) => s.replace(/([^a-zA-Z0-9_-])/g, "\\$1");
  return recorder;
}

/** Fire Foundry's start-up hooks in order, as a world load does. */
export function fireStartup(): void {
  const g = globalThis as any;
  for (const hook of ["init", "i18nInit", "setup"]) g.Hooks.callAll(hook);
  g.game.ready = true;
  g.Hooks.callAll("ready");
}

/** Let pending promise chains run out (the stand-in's documents resolve in microtasks). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Deliver what the server broadcast so far (User updates, chat messages created) to the other
 * clients: each of `clients` in turn becomes `game.user` and gets the hook of every change it did
 * not make itself, with the id of the user who made it. What a client writes in answer (the GM's
 * reply) is delivered in the next round.
 */
export async function deliverUserUpdates(recorder: Recorder, clients: any[], rounds = 6): Promise<void> {
  const g = globalThis as any;
  const me = g.game.user;
  await settle();
  for (let round = 0; round < rounds; round++) {
    const broadcasts = recorder.broadcasts.splice(0);
    if (!broadcasts.length) break;
    for (const b of broadcasts)
      for (const client of clients) {
        if (client.id === b.userId) continue;
        g.game.user = client;
        g.Hooks.callAll(b.hook, ...b.args, b.userId);
        await settle();
      }
  }
  g.game.user = me;
}
