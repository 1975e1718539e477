/**
 * Chat-card buttons that work after a reload. A card's buttons carry `data-pv-action="<name>"`;
 * the listeners are bound on every render (`renderChatMessageHTML`), so they live as long as the
 * message does. Each action says who may use it; others do not see the button.
 */

type Message = ChatMessage.Implementation;
type AnyUser = User.Implementation;

/** Who may press a button: a named rule, or a test of the message and the user. */
export type ChatPermission =
  "anyone" | "gm" | "author" | "speakerOwner" | ((message: Message, user: AnyUser) => boolean);

export interface ChatAction {
  permission: ChatPermission;
  /** Runs on click. The button is disabled while it runs, so a double click does nothing twice. */
  handler(message: Message, button: HTMLButtonElement, event: MouseEvent): Promise<unknown> | unknown;
}

const actions = new Map<string, ChatAction>();

/** Register a card action under a name unique across rulesets (prefix it: `verses.maintain`). */
export function registerChatAction(name: string, action: ChatAction): void {
  if (actions.has(name)) throw new Error(`Polyverse: chat action "${name}" is already registered.`);
  actions.set(name, action);
}

/** What the permission check needs of the actor a message speaks for. */
interface SpeakerActor {
  uuid: string;
  testUserPermission(user: AnyUser, permission: "OWNER"): boolean;
}

/** The actor a message speaks for, if any (a token's synthetic actor first). */
export function speakerActor(message: Message): SpeakerActor | null {
  const { actor, token, scene } = message.speaker ?? {};
  if (token && scene) {
    const t = game.scenes?.get(scene)?.tokens.get(token);
    if (t?.actor) return t.actor as unknown as SpeakerActor;
  }
  return actor ? ((game.actors?.get(actor) ?? null) as unknown as SpeakerActor | null) : null;
}

export function mayUse(permission: ChatPermission, message: Message, user: AnyUser): boolean {
  if (user.isGM) return true;
  switch (permission) {
    case "anyone":
      return true;
    case "gm":
      return false;
    case "author":
      return message.author?.id === user.id;
    case "speakerOwner":
      return speakerActor(message)?.testUserPermission(user, "OWNER") ?? false;
    default:
      return permission(message, user);
  }
}

/** Bind a rendered card's buttons (called from the renderChatMessageHTML hook). */
export function bindChatActions(message: Message, html: HTMLElement): void {
  const user = game.user;
  if (!user) return;
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-pv-action]")) {
    const action = actions.get(button.dataset.pvAction ?? "");
    if (!action || !mayUse(action.permission, message, user)) {
      button.hidden = true;
      continue;
    }
    button.addEventListener("click", async (event) => {
      event.preventDefault();
      if (button.disabled) return;
      button.disabled = true;
      try {
        await action.handler(message, button, event);
      } catch (error) {
        console.error(error);
        ui.notifications?.error(game.i18n!.localize("POLYVERSE.Chat.ActionFailed"));
      } finally {
        button.disabled = false;
      }
    });
  }
}
