/**
 * The base of every Polyverse TypeDataModel: `migrateData` runs the owning ruleset's shape
 * migrations (its descriptor's `migrate`, see core/migrations.ts) for the model's sub-type, once,
 * before Foundry's own migrations and validation. Which ruleset and sub-type a model class backs
 * is read from the registry at init (`bindModels`, data-model-logic.ts), so a ruleset's models
 * never name their own type for it.
 */
import { modelMigrations, type ModelSource } from "./data-model-logic";

type DataSchema = foundry.data.fields.DataSchema;
type AnyDocument = foundry.abstract.Document.Any;
type AnyObject = Record<string, unknown>;

/** Bind every registered model class to its sub-type and ruleset (core's init, before any document). */
export function bindModels(registry: ModelSource): void {
  modelMigrations.bindAll(registry);
}

/** A ruleset's TypeDataModel: the ruleset's migrations run on every source it loads. */
export abstract class PolyverseTypeDataModel<
  Schema extends DataSchema,
  Parent extends AnyDocument,
  BaseData extends AnyObject = Record<never, never>,
  DerivedData extends AnyObject = Record<never, never>,
> extends foundry.abstract.TypeDataModel<Schema, Parent, BaseData, DerivedData> {
  static override migrateData(source: AnyObject) {
    return super.migrateData(modelMigrations.migrate(this, source) as AnyObject);
  }

  /**
   * Foundry's own `_preUpdate`, restated in terms of this model's schema. Typing only: with it, a
   * model that overrides `_preUpdate` (the 'Verses living models bound HP and AD there) no longer
   * drops the other models out of the union fvtt-types builds for `Actor.Implementation["system"]`.
   */
  override _preUpdate(
    ...args: Parameters<foundry.abstract.TypeDataModel<Schema, Parent, BaseData, DerivedData>["_preUpdate"]>
  ) {
    return super._preUpdate(...args);
  }
}

/** An Actor sub-type's model. */
export abstract class PolyverseActorModel<
  Schema extends DataSchema,
  BaseData extends AnyObject = Record<never, never>,
  DerivedData extends AnyObject = Record<never, never>,
> extends PolyverseTypeDataModel<Schema, Actor.Implementation, BaseData, DerivedData> {}

/** An Item sub-type's model. */
export abstract class PolyverseItemModel<
  Schema extends DataSchema,
  BaseData extends AnyObject = Record<never, never>,
  DerivedData extends AnyObject = Record<never, never>,
> extends PolyverseTypeDataModel<Schema, Item.Implementation, BaseData, DerivedData> {}
