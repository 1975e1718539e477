/**
 * Typed access to a Tales document's `system`: one accessor per model, returning that model's own
 * type (declared to fvtt-types in src/types/configuration.d.ts). Callers check the type first where
 * the document can be another.
 */
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

interface ActorLike {
  readonly system: Actor.Implementation["system"] | Actor.Stored["system"];
}
interface ItemLike {
  readonly system: Item.Implementation["system"];
}

export type TalesLivingSystem = TalesCharacterData | TalesNpcData;

export const livingSystem = (actor: ActorLike) => actor.system as TalesLivingSystem;
export const skillSystem = (item: ItemLike) => item.system as TalesSkillData;
export const advantageSystem = (item: ItemLike) => item.system as TalesAdvantageData;
export const disadvantageSystem = (item: ItemLike) => item.system as TalesDisadvantageData;
export const templateSystem = (item: ItemLike) => item.system as TalesTemplateData;
export const weaponSystem = (item: ItemLike) => item.system as TalesWeaponData;
export const armourSystem = (item: ItemLike) => item.system as TalesArmourData;
export const gearSystem = (item: ItemLike) => item.system as TalesGearData;
export const textSystem = (item: ItemLike) => item.system as TalesTextData;
export const sanctuarySystem = (item: ItemLike) => item.system as TalesSanctuaryData;
