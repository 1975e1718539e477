/**
 * Applying document changes (`changes-logic.ts`): what the user may update is updated at once;
 * the rest is kept on the chat card in `flags.polyverse.pending` and sent to the GM over the system
 * socket (`runAsGM`). The active GM's client applies it after checking that the requester wrote
 * the card, then the card drops its note. When no GM is connected the card keeps an Apply button
 * that a GM can press later.
 */
import { registerChatAction } from "../../core/chat";
import { registerGMHandler, runAsGM } from "../../core/socket";
import { conditionDetails, updateData, type DocumentChange } from "./changes-logic";

type AnyActor = Actor.Implementation;
type AnyItem = Item.Implementation;
type Message = ChatMessage.Implementation;
/** The documents a change may touch: actors (HP, AD, flags, statuses) and items (supplies, ammunition). */
type Changed = AnyActor | AnyItem;

/** The socket request and the chat action that apply a card's pending changes. */
export const APPLY_PENDING = "verses.applyPending";

/** May the current user update this document? */
function mayUpdate(doc: Changed): boolean {
  const user = game.user;
  return Boolean(user && doc.canUserModify(user, "update"));
}

/** Apply one change: the update (deltas against the current values), then the statuses. */
export async function applyChange(doc: Changed, change: DocumentChange): Promise<void> {
  const update = {
    ...updateData(change, (path) => foundry.utils.getProperty(doc, path)),
    ...conditionDetails(change),
  };
  // Flattened paths, some of them flags and `-=` deletions: not expressible in the typed update.
  if (Object.keys(update).length) await (doc as { update(data: object): Promise<unknown> }).update(update);
  if (!(doc instanceof Actor)) return;
  for (const s of change.statuses ?? []) {
    const effect = await doc.toggleStatusEffect(s.id, { active: s.active });
    if (s.active && s.rounds && effect instanceof ActiveEffect) {
      const combat = game.combat;
      await effect.update({
        duration: {
          rounds: s.rounds,
          ...(combat ? { combat: combat.id, startRound: combat.round, startTurn: combat.turn ?? 0 } : {}),
        },
      });
    }
  }
}

/** Apply what the user may apply; return the rest (to leave on the card for the GM). */
export async function applyChanges(changes: readonly DocumentChange[]): Promise<DocumentChange[]> {
  const pending: DocumentChange[] = [];
  for (const change of changes) {
    const doc = (await fromUuid(change.uuid)) as Changed | null;
    if (!doc) continue;
    if (!mayUpdate(doc)) {
      pending.push(change);
      continue;
    }
    await applyChange(doc, change);
  }
  return pending;
}

/**
 * How a kind of card redraws itself once its pending changes are applied: given the message and
 * the changes still left, the extra message update (usually new `content`). Keyed by the card's
 * flag under `flags.polyverse` (`special`, `attack` ...).
 */
export type PendingRedraw = (message: Message, left: DocumentChange[]) => Promise<Record<string, unknown>>;
const redraws = new Map<string, PendingRedraw>();

/** Say how cards carrying `flags.polyverse.<flag>` redraw after their pending changes are applied. */
export function registerPendingRedraw(flag: string, redraw: PendingRedraw): void {
  redraws.set(flag, redraw);
}

const polyverseFlags = (message: Message): Record<string, unknown> =>
  ((message.flags as Record<string, unknown>).polyverse as Record<string, unknown> | undefined) ?? {};

/** The changes a card left for the GM. */
export function pendingOf(message: Message): DocumentChange[] {
  const pending = polyverseFlags(message).pending;
  return Array.isArray(pending) ? (pending as DocumentChange[]) : [];
}

/** Apply the changes a card left pending (as the GM), then redraw the card without its note. */
export async function applyPendingChanges(message: Message): Promise<void> {
  const pending = pendingOf(message);
  if (!pending.length) return;
  const left = await applyChanges(pending);
  const update: Record<string, unknown> = { "flags.polyverse.pending": left };
  const flags = polyverseFlags(message);
  for (const [flag, redraw] of redraws) if (flag in flags) Object.assign(update, await redraw(message, left));
  await message.update(update);
}

/**
 * Send a new card's pending changes to the GM. A GM's own card never has any (a GM may update
 * everything); with no GM connected the user is told, and the card keeps its Apply button.
 */
export async function relayPending(message: Message | null): Promise<boolean> {
  if (!message?.id || !pendingOf(message).length) return false;
  return runAsGM(APPLY_PENDING, { messageId: message.id });
}

/**
 * The GM's side: a request names a message; the GM applies that message's pending changes when the
 * requester wrote it (a player cannot have the GM apply another player's card). Also the Apply
 * button, for cards whose relay found no GM. Call once at init.
 */
export function registerPendingChanges(): void {
  registerGMHandler(APPLY_PENDING, async (payload, sender) => {
    const id = (payload as { messageId?: unknown } | null)?.messageId;
    if (typeof id !== "string") return;
    const message = game.messages?.get(id);
    if (!message) return;
    if (!sender.isGM && message.author?.id !== sender.id) return;
    await applyPendingChanges(message as Message);
  });
  registerChatAction(APPLY_PENDING, {
    permission: "gm",
    handler: (message) => applyPendingChanges(message),
  });
}
