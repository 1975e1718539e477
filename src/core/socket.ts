/**
 * Changes to documents a player does not own go through the GM: the player's client sends a
 * request over the system socket, and the active GM's client checks it and carries it out.
 *
 * Handlers must check the request themselves (does the sender own what it acts for?): a socket
 * message is a request, never a command.
 */
import { SOCKET } from "./constants";

export interface GMRequest {
  type: string;
  payload: unknown;
  /** The requesting user's id. */
  sender: string;
}

export type GMHandler = (payload: unknown, sender: User.Implementation) => Promise<unknown> | unknown;

const handlers = new Map<string, GMHandler>();

/** Register what the GM does for one kind of request (name it with the ruleset's prefix). */
export function registerGMHandler(type: string, handler: GMHandler): void {
  if (handlers.has(type)) throw new Error(`Polyverse: GM request "${type}" is already registered.`);
  handlers.set(type, handler);
}

/** Is this message a well-formed request? (Anything else on the channel is ignored.) */
export function isGMRequest(data: unknown): data is GMRequest {
  const d = data as Partial<GMRequest> | null;
  return !!d && typeof d.type === "string" && typeof d.sender === "string" && "payload" in d;
}

/**
 * Carry out a request as the GM: at once when this user is a GM, else through the active GM.
 * Returns false (and tells the user) when no GM is connected.
 */
export async function runAsGM(type: string, payload: unknown): Promise<boolean> {
  const user = game.user;
  if (!user) return false;
  if (user.isGM) {
    const handler = handlers.get(type);
    if (!handler) throw new Error(`Polyverse: no GM handler for "${type}".`);
    await handler(payload, user);
    return true;
  }
  if (!game.users?.activeGM) {
    ui.notifications?.warn(game.i18n!.localize("POLYVERSE.Socket.NoGM"));
    return false;
  }
  game.socket?.emit(SOCKET, { type, payload, sender: user.id } satisfies GMRequest);
  return true;
}

/** Listen on the system socket: only the active GM acts, once per request. */
export function listenAsGM(): void {
  game.socket?.on(SOCKET, async (data: unknown) => {
    if (!isGMRequest(data)) return;
    if (!game.user?.isGM || game.users?.activeGM?.id !== game.user.id) return;
    const handler = handlers.get(data.type);
    const sender = game.users?.get(data.sender);
    if (!handler || !sender) return;
    try {
      await handler(data.payload, sender);
    } catch (error) {
      console.error(`Polyverse: the GM request "${data.type}" from ${sender.name} failed`, error);
    }
  });
}
