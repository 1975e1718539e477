/**
 * Typed access to a Tales document's `system`: one accessor per model, returning that model's own
 * type (declared to fvtt-types in src/types/configuration.d.ts). Callers check the type first where
 * the document can be another.
 */
import { actorSystemAs, itemSystemAs } from "../../../core/systems";
import type { TalesCharacterData, TalesNpcData } from "./actors";
import type {
  TalesAdvantageData,
  TalesArmourData,
  TalesDisadvantageData,
  TalesGearData,
  TalesSanctuaryData,
  TalesSkillData,
  TalesTemplateData,
  TalesTextData,
  TalesWeaponData,
} from "./items";

export type TalesLivingSystem = TalesCharacterData | TalesNpcData;

export const livingSystem = actorSystemAs<TalesLivingSystem>();
export const skillSystem = itemSystemAs<TalesSkillData>();
export const advantageSystem = itemSystemAs<TalesAdvantageData>();
export const disadvantageSystem = itemSystemAs<TalesDisadvantageData>();
export const templateSystem = itemSystemAs<TalesTemplateData>();
export const weaponSystem = itemSystemAs<TalesWeaponData>();
export const armourSystem = itemSystemAs<TalesArmourData>();
export const gearSystem = itemSystemAs<TalesGearData>();
export const textSystem = itemSystemAs<TalesTextData>();
export const sanctuarySystem = itemSystemAs<TalesSanctuaryData>();
