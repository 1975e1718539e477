/**
 * Typed access to a Maelstrom document's `system`: one accessor per model, returning that model's
 * own type (declared to fvtt-types in src/types/configuration.d.ts). Each is for a document of its
 * sub-types, as its name says; callers check the type first where the document can be another.
 */
import { actorSystemAs, itemSystemAs } from "../../../core/systems";
import type { MaelstromCharacterData, MaelstromNpcData } from "./actors";
import type {
  MaelstromAbilityData,
  MaelstromArmorData,
  MaelstromFlawData,
  MaelstromMeritData,
  MaelstromSpecialtyData,
  MaelstromWeaponData,
} from "./items";

/** A character's or NPC's data. */
export type MaelstromLivingSystem = MaelstromCharacterData | MaelstromNpcData;

/** `system` of a `maelstrom-character` or `maelstrom-npc` actor. */
export const livingSystem = actorSystemAs<MaelstromLivingSystem>();
/** `system` of a `maelstrom-specialty` item. */
export const specialtySystem = itemSystemAs<MaelstromSpecialtyData>();
/** `system` of a `maelstrom-merit` item. */
export const meritSystem = itemSystemAs<MaelstromMeritData>();
/** `system` of a `maelstrom-flaw` item. */
export const flawSystem = itemSystemAs<MaelstromFlawData>();
/** `system` of a `maelstrom-weapon` item. */
export const weaponSystem = itemSystemAs<MaelstromWeaponData>();
/** `system` of a `maelstrom-armor` item. */
export const armorSystem = itemSystemAs<MaelstromArmorData>();
/** `system` of a `maelstrom-ability` item. */
export const abilitySystem = itemSystemAs<MaelstromAbilityData>();
