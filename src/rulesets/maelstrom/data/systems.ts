/**
 * Typed access to a Maelstrom document's `system`: one accessor per model, returning that model's
 * own type (declared to fvtt-types in src/types/configuration.d.ts). Each is for a document of its
 * sub-types, as its name says; callers check the type first where the document can be another.
 */
import type { MaelstromCharacterData, MaelstromNpcData } from "./actors";
import type {
  MaelstromAbilityData,
  MaelstromArmorData,
  MaelstromFlawData,
  MaelstromMeritData,
  MaelstromSpecialtyData,
  MaelstromWeaponData,
} from "./items";

interface ActorLike {
  readonly system: Actor.Implementation["system"] | Actor.Stored["system"];
}
interface ItemLike {
  readonly system: Item.Implementation["system"];
}

/** A character's or NPC's data. */
export type MaelstromLivingSystem = MaelstromCharacterData | MaelstromNpcData;

/** `system` of a `maelstrom-character` or `maelstrom-npc` actor. */
export const livingSystem = (actor: ActorLike) => actor.system as MaelstromLivingSystem;
/** `system` of a `maelstrom-specialty` item. */
export const specialtySystem = (item: ItemLike) => item.system as MaelstromSpecialtyData;
/** `system` of a `maelstrom-merit` item. */
export const meritSystem = (item: ItemLike) => item.system as MaelstromMeritData;
/** `system` of a `maelstrom-flaw` item. */
export const flawSystem = (item: ItemLike) => item.system as MaelstromFlawData;
/** `system` of a `maelstrom-weapon` item. */
export const weaponSystem = (item: ItemLike) => item.system as MaelstromWeaponData;
/** `system` of a `maelstrom-armor` item. */
export const armorSystem = (item: ItemLike) => item.system as MaelstromArmorData;
/** `system` of a `maelstrom-ability` item. */
export const abilitySystem = (item: ItemLike) => item.system as MaelstromAbilityData;
