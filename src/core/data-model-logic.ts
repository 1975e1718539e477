/**
 * Which ruleset migrates which data model, Foundry-free (the base model in `data-model.ts` asks
 * this at every `migrateData`).
 *
 * Core's init binds every registered model class to its sub-type and owning ruleset (one binding
 * per class: a model backs one sub-type, so its migrations are chosen by that type). A model's
 * `migrateData` then runs the ruleset's `migrate(type, system)` exactly once, whichever class in
 * its hierarchy declared `migrateData`. A class that was never bound (a model of another system, a
 * test double) and a ruleset without migrations leave the source untouched.
 */

/** What a model binding needs of a ruleset descriptor. */
export interface MigratingRuleset {
  id: string;
  migrate?: (type: string, system: Record<string, unknown>) => Record<string, unknown>;
}

/** A model class's sub-type and the ruleset that owns it. */
export interface ModelBinding {
  type: string;
  ruleset: MigratingRuleset;
}

/** A registry's view as the binder reads it: every declared sub-type with its model. */
export interface ModelSource {
  allTypes(documentName: "Actor" | "Item" | "ChatMessage" | "Combatant" | "JournalEntryPage"): {
    type: string;
    ruleset: MigratingRuleset;
    registration: { model: unknown };
  }[];
}

export class ModelBindingError extends Error {
  override name = "ModelBindingError";
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export class ModelMigrations {
  readonly #bindings = new WeakMap<object, ModelBinding>();

  /**
   * Bind a model class to the sub-type it backs. Binding the same class to the same type again
   * changes nothing; to another type it throws (give each sub-type its own class, a subclass if
   * they share a schema, so each one's migrations are chosen by its own type).
   */
  bind(model: object, type: string, ruleset: MigratingRuleset): void {
    const bound = this.#bindings.get(model);
    if (bound && (bound.type !== type || bound.ruleset.id !== ruleset.id)) {
      throw new ModelBindingError(
        `The data model bound to "${bound.type}" cannot also back "${type}": give each sub-type its own class.`,
      );
    }
    this.#bindings.set(model, { type, ruleset });
  }

  /** Bind every model a registry declares, of every document class. */
  bindAll(source: ModelSource): void {
    for (const documentName of ["Actor", "Item", "ChatMessage", "Combatant", "JournalEntryPage"] as const) {
      for (const { type, ruleset, registration } of source.allTypes(documentName)) {
        if (typeof registration.model === "function") this.bind(registration.model, type, ruleset);
      }
    }
  }

  /** The binding of a model class, or of its nearest bound ancestor (an unregistered subclass). */
  bindingOf(model: object): ModelBinding | undefined {
    for (
      let cls: object | null = model;
      cls && cls !== Function.prototype;
      cls = Object.getPrototypeOf(cls)
    ) {
      const binding = this.#bindings.get(cls);
      if (binding) return binding;
    }
    return undefined;
  }

  /**
   * Run the owning ruleset's shape migrations for the model's sub-type on a `system` source, once.
   * Returns the migrated source (the ruleset's migrations edit it in place); anything that is not a
   * plain object, and the source of an unbound model, is returned as it is.
   */
  migrate(model: object, source: unknown): unknown {
    if (!isPlainObject(source)) return source;
    const binding = this.bindingOf(model);
    if (!binding?.ruleset.migrate) return source;
    return binding.ruleset.migrate(binding.type, source);
  }
}

/** The bindings Polyverse's data models read (filled by core's init from the registry). */
export const modelMigrations = new ModelMigrations();

/**
 * A document's `system` as a plain record, for Foundry-free code that reads it field by field
 * (a data model's instance is a class, which TypeScript will not widen to an index signature).
 */
export const systemRecord = (doc: { readonly system: unknown }): Record<string, unknown> =>
  doc.system as Record<string, unknown>;
