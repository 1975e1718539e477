/**
 * Typed access to a 'Verses document's `system`: one accessor per model, returning that model's
 * own type (declared to fvtt-types in src/types/configuration.d.ts), so no caller copies a shape.
 * Core's `actorSystemAs`/`itemSystemAs` (src/core/systems.ts) say why they are needed and checked.
 */
import { actorSystemAs, itemSystemAs } from "../../../core/systems";
import type { VersesCharacterData, VersesCreatureData, VersesSocietyData, VersesVehicleData } from "./actors";
import type {
  VersesAmmunitionData,
  VersesArmourData,
  VersesGearData,
  VersesSkillData,
  VersesWeaponData,
} from "./items";

/** A character's or creature's prepared data: stored fields and what prepareDerivedData adds. */
export type LivingSystem = VersesCharacterData | VersesCreatureData;

/** `system` of a `verses-character` or `verses-creature` actor. */
export const livingSystem = actorSystemAs<LivingSystem>();
/** `system` of a `verses-vehicle` actor. */
export const vehicleSystem = actorSystemAs<VersesVehicleData>();
/** `system` of a `verses-society` actor. */
export const societySystem = actorSystemAs<VersesSocietyData>();

/** `system` of a `verses-skill` item. */
export const skillSystem = itemSystemAs<VersesSkillData>();
/** `system` of a `verses-weapon` item. */
export const weaponSystem = itemSystemAs<VersesWeaponData>();
/** `system` of a `verses-armour` item. */
export const armourSystem = itemSystemAs<VersesArmourData>();
/** `system` of a `verses-ammunition` item. */
export const ammunitionSystem = itemSystemAs<VersesAmmunitionData>();
/** `system` of a `verses-gear` item. */
export const gearSystem = itemSystemAs<VersesGearData>();
