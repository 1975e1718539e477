/**
 * What the Virtually Real documents glue shares in Foundry: a Virtually Real character or NPC by
 * document or UUID, warnings in the play strings.
 */
import { localize } from "../../../core/i18n";
import { actorOfTypes } from "../../../core/actor-lookup";
import { LIVING_TYPES, isVirtuallyRealLiving } from "../data/systems";
import { PLAY } from "./shared-logic";

export { ID, PLAY } from "./shared-logic";

export type AnyActor = Actor.Implementation;
export type AnyItem = Item.Implementation;
export type Message = ChatMessage.Implementation;
export type AnyUser = User.Implementation;

/** A Virtually Real character or NPC, or null. */
export const vrLiving = (doc: unknown): AnyActor | null =>
  doc instanceof Actor && isVirtuallyRealLiving(doc as { type: string }) ? (doc as AnyActor) : null;

/** A Virtually Real character or NPC by UUID, or null. */
export const vrLivingByUuid = (uuid: string | null | undefined): Promise<AnyActor | null> =>
  actorOfTypes(uuid, LIVING_TYPES);

/** Warn this user with a play string; null. */
export function warn(key: string, data: Record<string, string> = {}): null {
  ui.notifications?.warn(localize(`${PLAY}.${key}`, data));
  return null;
}
