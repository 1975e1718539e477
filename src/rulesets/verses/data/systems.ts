/**
 * Typed access to a 'Verses document's `system`: one accessor per model, returning that model's
 * own type (declared to fvtt-types in src/types/configuration.d.ts), so no caller copies a shape.
 *
 * `actor.system` is typed as the union of every actor model (and `item.system` of every item
 * model), but fvtt-types does not narrow it by `actor.type` for a document class with several
 * sub-types, so each accessor narrows the union to its model (a checked downcast: the compiler
 * refuses one to a type outside the union). Each is for a document of its sub-types, as its name
 * says; callers check the type first where the document can be another.
 */
import type { VersesCharacterData, VersesCreatureData, VersesSocietyData, VersesVehicleData } from "./actors";
import type {
  VersesAmmunitionData,
  VersesArmourData,
  VersesGearData,
  VersesSkillData,
  VersesWeaponData,
} from "./items";

/** An actor (as a document or as stored in a collection), or anything holding its `system`. */
interface ActorLike {
  readonly system: Actor.Implementation["system"] | Actor.Stored["system"];
}
/** An item, or anything holding an item's `system`. */
interface ItemLike {
  readonly system: Item.Implementation["system"];
}

/** A character's or creature's prepared data: stored fields and what prepareDerivedData adds. */
export type LivingSystem = VersesCharacterData | VersesCreatureData;

/** `system` of a `verses-character` or `verses-creature` actor. */
export const livingSystem = (actor: ActorLike) => actor.system as LivingSystem;
/** `system` of a `verses-vehicle` actor. */
export const vehicleSystem = (actor: ActorLike) => actor.system as VersesVehicleData;
/** `system` of a `verses-society` actor. */
export const societySystem = (actor: ActorLike) => actor.system as VersesSocietyData;

/** `system` of a `verses-skill` item. */
export const skillSystem = (item: ItemLike) => item.system as VersesSkillData;
/** `system` of a `verses-weapon` item. */
export const weaponSystem = (item: ItemLike) => item.system as VersesWeaponData;
/** `system` of a `verses-armour` item. */
export const armourSystem = (item: ItemLike) => item.system as VersesArmourData;
/** `system` of a `verses-ammunition` item. */
export const ammunitionSystem = (item: ItemLike) => item.system as VersesAmmunitionData;
/** `system` of a `verses-gear` item. */
export const gearSystem = (item: ItemLike) => item.system as VersesGearData;
