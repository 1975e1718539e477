/**
 * Typed access to a Virtually Real document's `system`: one accessor per model, returning that model's
 * own type (declared to fvtt-types in src/types/configuration.d.ts). Callers check the type first
 * where the document can be another.
 */
import type { VirtuallyRealCharacterData, VirtuallyRealNpcData } from "./actors";
import type {
  VirtuallyRealBookData,
  VirtuallyRealEquipmentData,
  VirtuallyRealPassionData,
  VirtuallyRealSkillData,
} from "./items";

interface ActorLike {
  readonly system: Actor.Implementation["system"] | Actor.Stored["system"];
}
interface ItemLike {
  readonly system: Item.Implementation["system"];
}

export type VirtuallyRealLivingSystem = VirtuallyRealCharacterData | VirtuallyRealNpcData;

export const livingSystem = (actor: ActorLike) => actor.system as VirtuallyRealLivingSystem;
export const skillSystem = (item: ItemLike) => item.system as VirtuallyRealSkillData;
export const passionSystem = (item: ItemLike) => item.system as VirtuallyRealPassionData;
export const equipmentSystem = (item: ItemLike) => item.system as VirtuallyRealEquipmentData;
export const bookSystem = (item: ItemLike) => item.system as VirtuallyRealBookData;

/** The living sub-types. */
export const LIVING_TYPES = ["virtually-real-character", "virtually-real-npc"] as const;
export const isVirtuallyRealLiving = (actor: { type: string }): boolean =>
  (LIVING_TYPES as readonly string[]).includes(actor.type);

/** The item sub-types. */
export const ITEM_TYPES = [
  "virtually-real-skill",
  "virtually-real-passion",
  "virtually-real-equipment",
  "virtually-real-book",
] as const;
export type VirtuallyRealItemType = (typeof ITEM_TYPES)[number];
