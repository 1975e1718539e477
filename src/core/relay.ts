/**
 * Changes to documents a player may not make go through the GM. The player's client writes a
 * request into the player's own User document (`flags.polyverse.relay.<rid>`); the active GM's
 * client sees it in the `updateUser` hook, whose `userId` Foundry fills in with the user who made
 * the update. Only a user's own update of their own User document is a request, so the requester
 * is the user the server vouches for, never an id the sender wrote. The GM handles one request at
 * a time, never one id twice, removes the request and writes a reply that the requester's client
 * shows when the request was refused.
 *
 * A handler receives the payload (a plain object the player wrote: check every field) and the
 * requester, and works out what the request means from the documents themselves; it refuses with
 * `refuse(key)` (`relay-logic.ts`), which the requester sees.
 */
import { deletionUpdate } from "./compat";
import { localize } from "./i18n";
import { SYSTEM_ID } from "./constants";
import {
  HandledIds,
  RELAY_REASONS,
  REPLY_FLAG,
  REQUEST_FLAG,
  RelayRefusal,
  SerialQueue,
  documentId,
  refuse,
  readReplies,
  readRequests,
  type Payload,
  type RelayReply,
} from "./relay-logic";

type AnyUser = User.Implementation;

export type GMHandler = (payload: Payload, requester: AnyUser) => Promise<unknown> | unknown;

const handlers = new Map<string, GMHandler>();
const queue = new SerialQueue();
const handled = new HandledIds();
/** Requests this client sent that the GM has not answered yet: the timer that says so. */
const waiting = new Map<string, ReturnType<typeof setTimeout>>();
/** How long a requester waits for the GM's answer before saying the GM did not answer. */
export const REPLY_TIMEOUT_MS = 15_000;

/** Register what the GM does for one kind of request (name it with the ruleset's prefix). */
export function registerGMHandler(type: string, handler: GMHandler): void {
  if (handlers.has(type)) throw new Error(`Polyverse: GM request "${type}" is already registered.`);
  handlers.set(type, handler);
}

/** A refusal's reason in this user's language; a reason that is not a key reads as "failed". */
const reasonText = (key: string, data: Record<string, string> = {}) =>
  localize(game.i18n?.has(key) ? key : RELAY_REASONS.failed, data);

function warnRefused(reply: RelayReply): void {
  if (!reply.ok) ui.notifications?.warn(reasonText(reply.reason, reply.data ?? {}));
}

/** Is this client the one GM that acts on requests? */
export function isActiveGM(): boolean {
  const user = game.user;
  return Boolean(user?.isGM && game.users?.activeGM?.id === user.id);
}

/** Run a task in the GM's queue: after every request and card record before it. */
export function gmQueue<T>(task: () => Promise<T>): Promise<T> {
  return queue.run(task);
}

/** Run a handler, turning a refusal or a failure into a reply. */
async function handle(type: string, payload: Payload, requester: AnyUser): Promise<RelayReply> {
  const handler = handlers.get(type);
  if (!handler) return { ok: false, reason: RELAY_REASONS.unknown };
  try {
    await handler(payload, requester);
    return { ok: true };
  } catch (error) {
    if (error instanceof RelayRefusal) return { ok: false, reason: error.key, data: error.data };
    console.error(`Polyverse: the GM request "${type}" from ${requester.name} failed`, error);
    return { ok: false, reason: RELAY_REASONS.failed };
  }
}

/**
 * Carry out a request as the GM: at once when this user is a GM (a refusal is shown), else by
 * writing it for the active GM. Returns false (and tells the user) when no GM is connected or the
 * request was refused here; a refusal by the GM is shown when the reply arrives.
 */
export async function runAsGM(type: string, payload: Payload): Promise<boolean> {
  const user = game.user;
  if (!user) return false;
  if (user.isGM) {
    const reply = await queue.run(() => handle(type, payload, user));
    warnRefused(reply);
    return reply.ok;
  }
  if (!game.users?.activeGM) {
    ui.notifications?.warn(localize("POLYVERSE.Socket.NoGM"));
    return false;
  }
  const rid = foundry.utils.randomID(16);
  waiting.set(
    rid,
    setTimeout(() => {
      waiting.delete(rid);
      ui.notifications?.warn(localize("POLYVERSE.Relay.NoAnswer"));
    }, REPLY_TIMEOUT_MS),
  );
  await user.update({ [`flags.${SYSTEM_ID}.${REQUEST_FLAG}.${rid}`]: { type, payload } } as never);
  return true;
}

/**
 * Carry an operation out on this client when `local` (a refusal is shown to this user, nothing
 * else is caught), else ask the GM with `type` and `payload` ({@link runAsGM}). Returns whether it
 * was done here or sent.
 */
export async function hereOrAsGM(
  local: boolean,
  perform: () => Promise<unknown>,
  type: string,
  payload: Payload,
): Promise<boolean> {
  if (local) {
    try {
      await perform();
      return true;
    } catch (error) {
      if (!(error instanceof RelayRefusal)) throw error;
      ui.notifications?.warn(localize(error.key, error.data));
      return false;
    }
  }
  return runAsGM(type, payload);
}

/**
 * The chat message a GM request names (`payload.messageId`, checked) with the card `read` finds
 * on it; refused with "no message" when either is missing.
 */
export function requestedCard<C>(
  payload: Payload,
  read: (message: ChatMessage.Implementation) => C | null | undefined,
): { message: ChatMessage.Implementation; card: C } {
  const message = game.messages?.get(documentId(payload.messageId));
  const card = message ? read(message) : null;
  if (!message || card === null || card === undefined) refuse("POLYVERSE.Relay.NoMessage");
  return { message, card };
}

/** The active GM's side: a user's own update of their own User document carrying requests. */
async function onUserUpdate(user: AnyUser, changes: unknown, userId: string): Promise<void> {
  if (!isActiveGM() || userId !== user.id) return;
  const { requests, malformed } = readRequests(changes, SYSTEM_ID, (t) => handlers.has(t));
  const answer = (rid: string, reply: RelayReply) =>
    user.update(
      deletionUpdate({
        [`flags.${SYSTEM_ID}.${REQUEST_FLAG}.-=${rid}`]: null,
        [`flags.${SYSTEM_ID}.${REPLY_FLAG}.${rid}`]: reply,
      }) as never,
    );
  // Queued at once, in order (the queue runs them one at a time): the card records and requests
  // already queued before them run first.
  const tasks: Promise<unknown>[] = [];
  for (const { rid, reason } of malformed)
    if (handled.add(rid)) tasks.push(queue.run(() => answer(rid, { ok: false, reason })));
  for (const request of requests) {
    if (!handled.add(request.rid)) {
      tasks.push(queue.run(() => answer(request.rid, { ok: false, reason: RELAY_REASONS.replayed })));
      continue;
    }
    tasks.push(
      queue.run(async () => {
        // A real GM never needs the relay: a GM's request through it is refused.
        const reply: RelayReply = user.isGM
          ? { ok: false, reason: RELAY_REASONS.fromGM }
          : await handle(request.type, request.payload, user);
        await answer(request.rid, reply);
      }),
    );
  }
  await Promise.all(tasks);
}

/** The requester's side: the GM's replies in this user's own User document. */
async function onReply(user: AnyUser, changes: unknown, userId: string): Promise<void> {
  const me = game.user;
  if (!me || user.id !== me.id || userId === me.id) return;
  const replies = readReplies(changes, SYSTEM_ID);
  if (!replies.length) return;
  for (const { rid, reply } of replies) {
    const timer = waiting.get(rid);
    if (timer !== undefined) clearTimeout(timer);
    waiting.delete(rid);
    warnRefused(reply);
  }
  await me.update(
    deletionUpdate(
      Object.fromEntries(replies.map(({ rid }) => [`flags.${SYSTEM_ID}.${REPLY_FLAG}.-=${rid}`, null])),
    ) as never,
  );
}

/**
 * Listen for requests (as the active GM) and replies (as a requester). Requests left from a time
 * when no GM was connected are removed unhandled when the GM arrives: their requester has been told
 * already that no GM answered, and a request is never carried out long after it was made. Call
 * once, at ready.
 */
export function listenForRequests(): void {
  Hooks.on("updateUser", (user: AnyUser, changes: unknown, _options: unknown, userId: string) => {
    void onUserUpdate(user, changes, userId);
    void onReply(user, changes, userId);
  });
  if (!isActiveGM()) return;
  for (const user of game.users ?? []) {
    const flags = (user.flags as Record<string, Record<string, unknown> | undefined> | undefined)?.[
      SYSTEM_ID
    ];
    const stale = Object.keys((flags?.[REQUEST_FLAG] as object | undefined) ?? {});
    if (!stale.length) continue;
    void user.update(
      deletionUpdate(
        Object.fromEntries(stale.map((rid) => [`flags.${SYSTEM_ID}.${REQUEST_FLAG}.-=${rid}`, null])),
      ) as never,
    );
  }
}
