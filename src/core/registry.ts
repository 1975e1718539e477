/**
 * The ruleset registry: the one place that knows which rulesets Polyverse hosts.
 *
 * A ruleset is a descriptor (see {@link RulesetDescriptor}). Every document sub-type it declares
 * carries its id as a prefix (`verses-character`), so no document is ever validated by another
 * ruleset's model, and the owner of any sub-type can be read off its name.
 *
 * This module is plain TypeScript: the Foundry wiring lives in `register.ts`, so the registry's
 * rules (prefixes, duplicates, the active ruleset's fallback) are unit-tested without Foundry.
 */
import { SYSTEM_ID } from "./constants";
import { isCoreFlagKey, type LegacyFlagDocument } from "./flags";

/** Document classes whose sub-types a ruleset may declare. */
export const SUBTYPED_DOCUMENTS = ["Actor", "Item", "ChatMessage", "Combatant", "JournalEntryPage"] as const;
export type SubtypedDocument = (typeof SUBTYPED_DOCUMENTS)[number];

/** How one document sub-type is backed. `M` is the data-model class, `S` the sheet class. */
export interface TypeRegistration<M = unknown, S = unknown> {
  /** The TypeDataModel that validates and prepares `system`. */
  model: M;
  /** The sheet that opens this type (Actor and Item types must have one). */
  sheet?: S;
  /** i18n key of the type label; the manifest check requires `TYPES.<Document>.<type>` anyway. */
  label?: string;
  /** Attribute paths a token may track as bars (`{ value, max }`) or values. */
  trackable?: { bar: string[]; value: string[] };
}

/** A status effect as CONFIG.statusEffects takes it (the Foundry layer fills `changes`). */
export interface StatusEffectConfig {
  id: string;
  name: string;
  img: string;
  [key: string]: unknown;
}

/** One hosted ruleset. `M`/`S`/`R`/`C` are the Foundry classes; the registry does not look inside them. */
export interface RulesetDescriptor<M = unknown, S = unknown, R = unknown, C = unknown> {
  /** Ruleset id; every sub-type it declares starts with `${id}-`. */
  id: string;
  /** i18n key of its name. */
  label: string;
  /** i18n key of the credit line (source, author, licence). */
  credit: string;
  /** The pure rules module (layer 1), exposed to macros as `game.polyverse.rulesets.<id>.rules`. */
  rules: Readonly<Record<string, unknown>>;
  /** Sub-types by document class. */
  types: Partial<Record<SubtypedDocument, Record<string, TypeRegistration<M, S>>>>;
  /** Roll classes appended to CONFIG.Dice.rolls (never at index 0). */
  rolls?: R[];
  /**
   * Status effects shown in the token HUD palette while this ruleset is active; a function when
   * they depend on the ruleset's settings (it is called at init, after settings are registered).
   */
  statusEffects?: StatusEffectConfig[] | (() => StatusEffectConfig[]);
  /** Combat document classes and the initiative config used while this ruleset is active. */
  combat?: C;
  /**
   * What macros may call besides the pure rules (rolls and tests on documents), exposed as
   * `game.polyverse.rulesets.<id>.actions`.
   */
  actions?: Readonly<Record<string, unknown>>;
  /** Names of its compendium packs in system.json (each also flagged `flags.polyverse.ruleset`). */
  packs?: string[];
  /**
   * Flags it kept directly under `flags.polyverse` before rulesets had namespaces, by document
   * class: the world migration moves them to `flags.polyverse.<id>` (core/flags.ts).
   */
  legacyFlags?: Partial<Record<LegacyFlagDocument, readonly string[]>>;
  /** Template paths to preload (relative to the system root, e.g. `templates/verses/...`). */
  templates?: string[];
  /** Extra steps at each Foundry hook, called only when this ruleset is active. */
  hooks?: { init?: () => void; setup?: () => void; ready?: () => void };
  /**
   * Shape migrations for one of its sub-types' `system` source (idempotent; see core/migrations.ts):
   * the world migration re-saves documents whose source this changes.
   */
  migrate?: (type: string, system: Record<string, unknown>) => Record<string, unknown>;
  /**
   * The version of its sub-types' `system` shape: raise it with every `migrate` step that changes
   * stored data (the highest version among its migrations). The world migration keeps, per
   * ruleset, the version a world's data was brought to, and migrates that ruleset's documents
   * when it is behind. Read it with {@link schemaVersionOf}; unset means 0 (no migrations yet).
   */
  schemaVersion?: number;
  /**
   * Called at init for every registered ruleset, whatever ruleset is active: hooks that guard its
   * documents, its chat-card actions and keybindings, so its documents and cards keep working.
   */
  registerHooks?: () => void;
  /** Called at init for every registered ruleset (settings must exist whether or not it is active). */
  registerSettings?: () => void;
}

/** A ruleset's schema version (its descriptor's `schemaVersion`; 0 when unset or not a whole number). */
export function schemaVersionOf(ruleset: Pick<RulesetDescriptor, "schemaVersion"> | undefined): number {
  const v = ruleset?.schemaVersion;
  return typeof v === "number" && Number.isInteger(v) && v > 0 ? v : 0;
}

export class RulesetRegistryError extends Error {
  override name = "RulesetRegistryError";
}

/** The id pattern: lower-case words joined by hyphens (`verses`, `xero-sum`, `virtually-real`). */
const ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export class RulesetRegistry<D extends RulesetDescriptor = RulesetDescriptor> {
  readonly #rulesets = new Map<string, D>();
  /** Which ruleset owns each `Document:type`. */
  readonly #owners = new Map<string, string>();

  constructor(readonly defaultId: string) {}

  /** Register a ruleset. Throws on a bad id, a duplicate, or a sub-type without the ruleset's prefix. */
  register(descriptor: D): D {
    const { id } = descriptor;
    if (!ID.test(id))
      throw new RulesetRegistryError(`Ruleset id "${id}" must be lower-case words joined by hyphens.`);
    if (isCoreFlagKey(id))
      throw new RulesetRegistryError(
        `Ruleset id "${id}" is a key core keeps under flags.${SYSTEM_ID}; choose another id.`,
      );
    this.#checkLegacyFlags(descriptor);
    if (this.#rulesets.has(id)) throw new RulesetRegistryError(`Ruleset "${id}" is already registered.`);
    const owned: string[] = [];
    for (const [documentName, types] of Object.entries(descriptor.types)) {
      if (!(SUBTYPED_DOCUMENTS as readonly string[]).includes(documentName)) {
        throw new RulesetRegistryError(
          `Ruleset "${id}" declares types for ${documentName}, which has no sub-types.`,
        );
      }
      for (const type of Object.keys(types ?? {})) {
        if (!type.startsWith(`${id}-`) || type.length <= id.length + 1) {
          throw new RulesetRegistryError(
            `${documentName} type "${type}" of ruleset "${id}" must start with "${id}-" so that no other ruleset validates it.`,
          );
        }
        const key = `${documentName}:${type}`;
        const other = this.#owners.get(key);
        if (other)
          throw new RulesetRegistryError(`${documentName} type "${type}" is already declared by "${other}".`);
        owned.push(key);
      }
    }
    for (const key of owned) this.#owners.set(key, id);
    this.#rulesets.set(id, descriptor);
    return descriptor;
  }

  /**
   * Legacy flag keys move into a namespace: none may be a core key or a ruleset's id (its
   * namespace), and no ruleset id may be a key another ruleset still moves.
   */
  #checkLegacyFlags(descriptor: D): void {
    const keys = (d: RulesetDescriptor) => Object.values(d.legacyFlags ?? {}).flat();
    for (const key of keys(descriptor)) {
      if (isCoreFlagKey(key) || key === descriptor.id || this.#rulesets.has(key))
        throw new RulesetRegistryError(
          `Legacy flag "${key}" of ruleset "${descriptor.id}" is a core flag key or a ruleset's namespace.`,
        );
    }
    const other = this.list().find((r) => keys(r).includes(descriptor.id));
    if (other)
      throw new RulesetRegistryError(
        `Ruleset id "${descriptor.id}" is a legacy flag key of "${other.id}", whose migration would move it.`,
      );
  }

  get(id: string): D | undefined {
    return this.#rulesets.get(id);
  }

  has(id: string): boolean {
    return this.#rulesets.has(id);
  }

  /** Every registered ruleset, in registration order. */
  list(): D[] {
    return [...this.#rulesets.values()];
  }

  /** The ids, in registration order. */
  ids(): string[] {
    return [...this.#rulesets.keys()];
  }

  /**
   * Resolve the stored world setting to a registered ruleset: an unknown id (a ruleset that was
   * removed, or a hand-edited setting) falls back to the default and says so, losing nothing:
   * documents of the unknown ruleset are left as they are.
   */
  resolve(storedId: unknown): { ruleset: D; fallback: boolean } {
    const stored = typeof storedId === "string" ? this.#rulesets.get(storedId) : undefined;
    if (stored) return { ruleset: stored, fallback: false };
    const fallback = this.#rulesets.get(this.defaultId) ?? this.list()[0];
    if (!fallback) throw new RulesetRegistryError("No ruleset is registered.");
    return { ruleset: fallback, fallback: true };
  }

  /** The schema version of a registered ruleset by id (0 for an unknown id or none declared). */
  schemaVersionOf(id: string): number {
    return schemaVersionOf(this.#rulesets.get(id));
  }

  /** The ruleset that owns a sub-type, by its declaration. */
  ownerOf(documentName: string, type: string): D | undefined {
    const id = this.#owners.get(`${documentName}:${type}`);
    return id === undefined ? undefined : this.#rulesets.get(id);
  }

  /** The sub-types a ruleset declares for one document class. */
  typesOf(rulesetId: string, documentName: SubtypedDocument): string[] {
    return Object.keys(this.#rulesets.get(rulesetId)?.types[documentName] ?? {});
  }

  /** Every declared sub-type of one document class, across all rulesets. */
  allTypes(documentName: SubtypedDocument): { type: string; ruleset: D; registration: TypeRegistration }[] {
    const out: { type: string; ruleset: D; registration: TypeRegistration }[] = [];
    for (const ruleset of this.#rulesets.values()) {
      for (const [type, registration] of Object.entries(ruleset.types[documentName] ?? {})) {
        out.push({ type, ruleset, registration: registration as TypeRegistration });
      }
    }
    return out;
  }
}
