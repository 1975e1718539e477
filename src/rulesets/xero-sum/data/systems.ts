/**
 * Typed access to a Xero Sum document's `system`: one accessor per model, returning that model's
 * own type (declared to fvtt-types in src/types/configuration.d.ts). Callers check the type first
 * where the document can be another.
 */
import type { XeroSumCharacterData, XeroSumNpcData } from "./actors";
import type {
  XeroSumEquipmentData,
  XeroSumParadigmData,
  XeroSumProfessionData,
  XeroSumWeaponData,
} from "./items";

interface ActorLike {
  readonly system: Actor.Implementation["system"] | Actor.Stored["system"];
}
interface ItemLike {
  readonly system: Item.Implementation["system"];
}

export type XeroSumLivingSystem = XeroSumCharacterData | XeroSumNpcData;

export const livingSystem = (actor: ActorLike) => actor.system as XeroSumLivingSystem;
export const weaponSystem = (item: ItemLike) => item.system as XeroSumWeaponData;
export const equipmentSystem = (item: ItemLike) => item.system as XeroSumEquipmentData;
export const professionSystem = (item: ItemLike) => item.system as XeroSumProfessionData;
export const paradigmSystem = (item: ItemLike) => item.system as XeroSumParadigmData;

/** The living sub-types. */
export const LIVING_TYPES = ["xero-sum-character", "xero-sum-npc"] as const;
export const isXeroSumLiving = (actor: { type: string }): boolean =>
  (LIVING_TYPES as readonly string[]).includes(actor.type);
