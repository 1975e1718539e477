/**
 * Typed access to a Xero Sum document's `system`: one accessor per model, returning that model's
 * own type (declared to fvtt-types in src/types/configuration.d.ts). Callers check the type first
 * where the document can be another.
 */
import { actorSystemAs, itemSystemAs, typeIn } from "../../../core/systems";
import type { XeroSumCharacterData, XeroSumNpcData } from "./actors";
import type {
  XeroSumEquipmentData,
  XeroSumParadigmData,
  XeroSumProfessionData,
  XeroSumWeaponData,
} from "./items";

export type XeroSumLivingSystem = XeroSumCharacterData | XeroSumNpcData;

export const livingSystem = actorSystemAs<XeroSumLivingSystem>();
export const weaponSystem = itemSystemAs<XeroSumWeaponData>();
export const equipmentSystem = itemSystemAs<XeroSumEquipmentData>();
export const professionSystem = itemSystemAs<XeroSumProfessionData>();
export const paradigmSystem = itemSystemAs<XeroSumParadigmData>();

/** The living sub-types. */
export const LIVING_TYPES = ["xero-sum-character", "xero-sum-npc"] as const;
export const isXeroSumLiving = typeIn(LIVING_TYPES);
