/**
 * Typed access to a 'Verses document's `system`: one accessor per model, returning that model's
 * own type (declared to fvtt-types in src/types/configuration.d.ts), so no caller copies a shape.
 *
 * Why accessors rather than `actor.system` itself: fvtt-types v13 types `system` of a configured
 * document class with several sub-types (`Actor.Implementation`) as a union it builds from the
 * models, and that union keeps only the living models (the vehicle's and the society's fall out of
 * it), while `actor.type === ...` does not narrow the document. Each accessor is for a document of
 * its sub-types, as its name says; callers check the type first where it can be another.
 */
import type { VersesCharacterData, VersesCreatureData, VersesSocietyData, VersesVehicleData } from "./actors";
import type {
  VersesAbilityData,
  VersesAmmunitionData,
  VersesArmourData,
  VersesGearData,
  VersesSkillData,
  VersesSpeciesData,
  VersesWeaponData,
} from "./items";

/** A document whose `system` is read: an Actor or Item, or a snapshot of one. */
interface HasSystem {
  readonly system: unknown;
}

/** A character's or creature's prepared data: stored fields and what prepareDerivedData adds. */
export type LivingSystem = VersesCharacterData | VersesCreatureData;

/** `system` of a `verses-character` or `verses-creature` actor. */
export const livingSystem = (actor: HasSystem) => actor.system as LivingSystem;
/** `system` of a `verses-vehicle` actor. */
export const vehicleSystem = (actor: HasSystem) => actor.system as VersesVehicleData;
/** `system` of a `verses-society` actor. */
export const societySystem = (actor: HasSystem) => actor.system as VersesSocietyData;

/** `system` of a `verses-skill` item. */
export const skillSystem = (item: HasSystem) => item.system as VersesSkillData;
/** `system` of a `verses-ability` item. */
export const abilitySystem = (item: HasSystem) => item.system as VersesAbilityData;
/** `system` of a `verses-weapon` item. */
export const weaponSystem = (item: HasSystem) => item.system as VersesWeaponData;
/** `system` of a `verses-armour` item. */
export const armourSystem = (item: HasSystem) => item.system as VersesArmourData;
/** `system` of a `verses-ammunition` item. */
export const ammunitionSystem = (item: HasSystem) => item.system as VersesAmmunitionData;
/** `system` of a `verses-gear` item. */
export const gearSystem = (item: HasSystem) => item.system as VersesGearData;
/** `system` of a `verses-species` item. */
export const speciesSystem = (item: HasSystem) => item.system as VersesSpeciesData;
