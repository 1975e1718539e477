/**
 * Applying document changes (`changes-logic.ts`): what the user may update is updated at once;
 * the rest is kept on the chat card in `flags.polyverse.pending`, each change with an id, and the
 * active GM is asked to apply it (`relay.ts`).
 *
 * The GM never runs a card's list as it stands: a player wrote it. For a player's card the GM
 * applies only the changes recorded in the ledger when the card was posted (`ledger.ts`), each
 * once, on the card's own subjects, and only what the ruleset's policy allows (`checkChange`:
 * which paths, which deltas, which statuses). Whatever is refused is dropped from the card and the
 * requester is told why. A GM pressing Apply is held to the same policy.
 */
import { deletionUpdate, effectRounds } from "./compat";
import { registerChatAction } from "./chat";
import { coreFlags } from "./flags";
import {
  checkChange,
  conditionDetails,
  updateData,
  type ChangePolicy,
  type DocumentChange,
} from "./changes-logic";
import { ledgerEntry, markDone, verifiedEntry } from "./ledger";
import { pendingKey, subjectOf } from "./ledger-logic";
import { registerGMHandler, runAsGM } from "./relay";
import { documentId, onlyKeys, refuse, type Payload } from "./relay-logic";
import { SYSTEM_ID } from "./constants";
import { ownerIdOf } from "./owners";

type AnyActor = Actor.Implementation;
type AnyItem = Item.Implementation;
type Message = ChatMessage.Implementation;
type AnyUser = User.Implementation;
/** The documents a change may touch: actors (HP, AD, flags, statuses) and items (supplies, ammunition). */
type Changed = AnyActor | AnyItem;

/** The GM request and the chat action that apply a card's pending changes. */
export const APPLY_PENDING = "core.applyPending";

/** May the current user update this document? */
function mayUpdate(doc: Changed): boolean {
  const user = game.user;
  return Boolean(user && doc.canUserModify(user, "update"));
}

/** Apply one change: the update (deltas against the current values), then the statuses. */
export async function applyChange(doc: Changed, change: DocumentChange): Promise<void> {
  const owner = ownerIdOf(doc);
  const update = {
    ...updateData(change, (path) => foundry.utils.getProperty(doc, path)),
    ...(owner ? conditionDetails(change, owner) : {}),
  };
  // Flattened paths, some of them flags and `-=` deletions: not expressible in the typed update.
  if (Object.keys(update).length)
    await (doc as { update(data: object): Promise<unknown> }).update(deletionUpdate(update));
  if (!(doc instanceof Actor)) return;
  for (const s of change.statuses ?? []) {
    const effect = await doc.toggleStatusEffect(s.id, { active: s.active });
    if (s.active && s.rounds && effect instanceof ActiveEffect) {
      const combat = game.combat;
      // v13 `duration.rounds` from `duration.startRound`; v14 `duration.value` rounds from `start.round`.
      const start = combat ? { combat: combat.id, round: combat.round, turn: combat.turn ?? 0 } : null;
      await effect.update(effectRounds(s.rounds, start) as ActiveEffect.UpdateData);
    }
  }
}

/** Apply what the user may apply; return the rest, each with an id (to leave on the card for the GM). */
export async function applyChanges(changes: readonly DocumentChange[]): Promise<DocumentChange[]> {
  const pending: DocumentChange[] = [];
  for (const change of changes) {
    const doc = (await fromUuid(change.uuid)) as Changed | null;
    if (!doc) continue;
    if (!mayUpdate(doc)) {
      pending.push({ ...change, id: change.id ?? foundry.utils.randomID(16) });
      continue;
    }
    await applyChange(doc, change);
  }
  return pending;
}

/**
 * Split changes, applying none, into what the user may apply now and the rest, each with an id (to
 * leave on the card for the GM): a roll posts its card with the rest, then applies the others.
 */
export async function splitChanges(
  changes: readonly DocumentChange[],
): Promise<{ now: DocumentChange[]; pending: DocumentChange[] }> {
  const now: DocumentChange[] = [];
  const pending: DocumentChange[] = [];
  for (const change of changes) {
    const doc = (await fromUuid(change.uuid)) as Changed | null;
    if (!doc) continue;
    if (mayUpdate(doc)) now.push(change);
    else pending.push({ ...change, id: change.id ?? foundry.utils.randomID(16) });
  }
  return { now, pending };
}

/** What each ruleset lets a card ask the GM for, by ruleset id. */
const policies = new Map<string, ChangePolicy>();

/** Say what a ruleset's cards may ask the GM to change on documents their author does not own. */
export function registerChangePolicy(rulesetId: string, policy: ChangePolicy): void {
  if (policies.has(rulesetId))
    throw new Error(`Polyverse: change policy "${rulesetId}" is already registered.`);
  policies.set(rulesetId, policy);
}

function policyFor(doc: Changed): ChangePolicy | null {
  const owner = game.polyverse?.registry.ownerOf(doc.documentName, doc.type);
  return owner ? (policies.get(owner.id) ?? null) : null;
}

/** The changes a card left for the GM. */
export function pendingOf(message: Message): DocumentChange[] {
  const pending = coreFlags(message).pending;
  return Array.isArray(pending) ? (pending as DocumentChange[]) : [];
}

/** The actor a message speaks for, by UUID (a status's source may name it). */
function speakerUuid(message: Message): string | null {
  const id = message.speaker?.actor;
  return id ? `Actor.${id}` : null;
}

interface Refused {
  key: string;
  data: Record<string, string>;
}

/** Why one pending change may not be applied, or null (then `doc` is the document to change). */
async function vet(
  change: DocumentChange,
  entry: ReturnType<typeof ledgerEntry>,
  trusted: boolean,
  sources: string[],
): Promise<{ refused: Refused } | { doc: Changed }> {
  const uuid = typeof change?.uuid === "string" ? change.uuid : "";
  if (!trusted && !entry?.p.includes(pendingKey(change)))
    return { refused: { key: "POLYVERSE.Relay.NotRecorded", data: {} } };
  const doc = uuid ? ((await fromUuid(uuid)) as Changed | null) : null;
  if (!(doc instanceof Actor || doc instanceof Item))
    return { refused: { key: "POLYVERSE.Relay.Gone", data: { name: String(change?.name ?? "") } } };
  if (entry && !entry.s.includes(subjectOf(doc.uuid)))
    return { refused: { key: "POLYVERSE.Relay.NotSubject", data: { name: doc.name ?? "" } } };
  const policy = policyFor(doc as Changed);
  if (!policy) return { refused: { key: "POLYVERSE.Relay.NotSubject", data: { name: doc.name ?? "" } } };
  const refusal = checkChange(change, policy, entry?.s ?? sources);
  return refusal ? { refused: refusal } : { doc: doc as Changed };
}

/**
 * Apply the changes a card left pending, as the GM, for `requester` (the card's author, or a GM
 * pressing Apply): each recorded change once, checked; then the card, drawn from its data, loses
 * its note. Refuses (to the requester) with the first reason when any change was refused.
 */
export async function applyPendingChanges(message: Message, requester: AnyUser): Promise<void> {
  const pending = pendingOf(message);
  if (!pending.length || !message.id) return;
  const trusted = requester.isGM;
  // A player's request needs the card's ledger entry, unchanged; a GM's Apply uses it when there is one.
  const entry = trusted ? ledgerEntry(message.id) : await verifiedEntry(message);
  const speaker = speakerUuid(message);
  const done: string[] = [];
  const refused: Refused[] = [];
  for (const change of pending) {
    if (change?.id && entry?.done.includes(change.id)) continue;
    const vetted = await vet(change, entry, trusted, speaker ? [speaker] : []);
    if ("refused" in vetted) {
      refused.push(vetted.refused);
      continue;
    }
    await applyChange(vetted.doc, change);
    if (change.id) done.push(change.id);
  }
  // Recorded before anything else can fail: a later request never applies these again.
  if (entry) await markDone(message.id, done);
  // The card redraws from its data (cards.ts) without its GM note.
  await message.update({ [`flags.${SYSTEM_ID}.pending`]: [] } as never);
  const first = refused[0];
  if (first) refuse(first.key, first.data);
}

/** Ask the GM to apply a new card's pending changes. False when there are none or no GM is connected. */
export async function relayPending(message: Message | null): Promise<boolean> {
  if (!message?.id || !pendingOf(message).length) return false;
  return runAsGM(APPLY_PENDING, { messageId: message.id });
}

/**
 * The GM's side: a request names a message; the GM applies that message's pending changes when the
 * requester wrote it. Also the Apply button, for cards whose request found no GM. Call once at init.
 */
export function registerPendingChanges(): void {
  registerGMHandler(APPLY_PENDING, async (payload: Payload, requester) => {
    onlyKeys(payload, ["messageId"]);
    const message = game.messages?.get(documentId(payload.messageId)) as Message | undefined;
    if (!message) refuse("POLYVERSE.Relay.NoMessage");
    if (!requester.isGM && message.author?.id !== requester.id) refuse("POLYVERSE.Relay.NotYourCard");
    await applyPendingChanges(message, requester);
  });
  registerChatAction(APPLY_PENDING, {
    permission: "gm",
    handler: (message) => runAsGM(APPLY_PENDING, { messageId: message.id ?? "" }),
  });
}

/**
 * A roll's apply step once its card is posted (`postCardWithChanges`): apply what this user may
 * (`now`), then ask the GM for the changes the card carries.
 */
export async function applyPosted(posted: {
  message: Message | null;
  now: readonly DocumentChange[];
}): Promise<void> {
  await applyChanges(posted.now);
  await relayPending(posted.message);
}
