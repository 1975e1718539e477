/**
 * Actors named on a card, for every ruleset: a card keeps the UUIDs of the actors it concerns (who
 * rolled, an opponent, a patient), and its view (drawn synchronously) and its buttons (async) look
 * them up, accepting only the ruleset's own sub-types, so a card naming another document draws and
 * does nothing. And who may act for an actor: its owner, or a GM.
 */

type AnyActor = Actor.Implementation;
type AnyUser = User.Implementation;

const isActorOf = (doc: unknown, types: readonly string[]): doc is AnyActor =>
  doc instanceof Actor && types.includes(doc.type as string);

/** An actor of one of `types` by UUID, synchronously (for drawing a card), or null. */
export function actorOfTypesSync(uuid: string | null | undefined, types: readonly string[]): AnyActor | null {
  if (!uuid) return null;
  try {
    const doc = fromUuidSync(uuid);
    return isActorOf(doc, types) ? doc : null;
  } catch {
    return null;
  }
}

/** An actor of one of `types` by UUID, or null. */
export async function actorOfTypes(
  uuid: string | null | undefined,
  types: readonly string[],
): Promise<AnyActor | null> {
  if (!uuid) return null;
  try {
    const doc = await fromUuid(uuid);
    return isActorOf(doc, types) ? doc : null;
  } catch {
    return null;
  }
}

/** Whether `user` may act for `actor`: a GM, or one of its owners. */
export const ownsActor = (actor: AnyActor | null | undefined, user: AnyUser): boolean =>
  Boolean(actor && (user.isGM || actor.testUserPermission(user, "OWNER")));
