/**
 * Typed access to a document's `system`, for every ruleset's `data/systems.ts`.
 *
 * `actor.system` is typed as the union of every actor model (and `item.system` of every item model),
 * but fvtt-types does not narrow it by `actor.type` for a document class with several sub-types, so a
 * ruleset names one accessor per model: `actorSystemAs<XeroSumCharacterData>()` narrows the union to
 * that model. It is a checked downcast: the compiler refuses a type outside the union. Each accessor is
 * for a document of its sub-types, as its name says; callers check the type first where the document
 * can be another.
 */

/** An actor (as a document or as stored in a collection), or anything holding its `system`. */
export interface ActorLike {
  readonly system: Actor.Implementation["system"] | Actor.Stored["system"];
}
/** An item, or anything holding an item's `system`. */
export interface ItemLike {
  readonly system: Item.Implementation["system"];
}

/** An accessor reading an actor's `system` as model `T` (one of the actor models). */
export const actorSystemAs =
  <T extends ActorLike["system"]>() =>
  (actor: ActorLike): T =>
    actor.system as T;

/** An accessor reading an item's `system` as model `T` (one of the item models). */
export const itemSystemAs =
  <T extends ItemLike["system"]>() =>
  (item: ItemLike): T =>
    item.system as T;

/** A test of a document's sub-type against a list (a ruleset's living types, its item types). */
export const typeIn =
  (types: readonly string[]) =>
  (document: { type: string }): boolean =>
    types.includes(document.type);
