/**
 * Typed access to a Virtually Real document's `system`: one accessor per model, returning that model's
 * own type (declared to fvtt-types in src/types/configuration.d.ts). Callers check the type first
 * where the document can be another.
 */
import { actorSystemAs, itemSystemAs, typeIn } from "../../../core/systems";
import type { VirtuallyRealCharacterData, VirtuallyRealNpcData } from "./actors";
import type {
  VirtuallyRealBookData,
  VirtuallyRealEquipmentData,
  VirtuallyRealPassionData,
  VirtuallyRealSkillData,
  VirtuallyRealTaskData,
} from "./items";

export type VirtuallyRealLivingSystem = VirtuallyRealCharacterData | VirtuallyRealNpcData;

export const livingSystem = actorSystemAs<VirtuallyRealLivingSystem>();
export const skillSystem = itemSystemAs<VirtuallyRealSkillData>();
export const passionSystem = itemSystemAs<VirtuallyRealPassionData>();
export const equipmentSystem = itemSystemAs<VirtuallyRealEquipmentData>();
export const bookSystem = itemSystemAs<VirtuallyRealBookData>();
export const taskSystem = itemSystemAs<VirtuallyRealTaskData>();

/** The living sub-types. */
export const LIVING_TYPES = ["virtually-real-character", "virtually-real-npc"] as const;
export const isVirtuallyRealLiving = typeIn(LIVING_TYPES);

/** The item sub-types. */
export const ITEM_TYPES = [
  "virtually-real-skill",
  "virtually-real-passion",
  "virtually-real-equipment",
  "virtually-real-book",
  "virtually-real-task",
] as const;
export type VirtuallyRealItemType = (typeof ITEM_TYPES)[number];
