/**
 * One card base for every ruleset (`cards-logic.ts` for the Foundry-free parts). A card is a
 * ChatMessage sub-type registered through the ruleset's descriptor (`types.ChatMessage`) with a
 * TypeDataModel that validates its state (`system.card`). Core:
 * - posts it (`postCard`: speaker, roll mode, rolls, sub-type, system data, a plain-text `content`
 *   fallback, the changes left for the GM in `flags.polyverse.pending`);
 * - draws it from its data every time Foundry renders the message (`renderChatMessageHTML`): the
 *   template is compiled at init and filled with the kind's context for this reader and the changes
 *   still pending, so a card never shows stored HTML, and redraws by itself after any update
 *   (`saveCard`, the GM applying its pending changes);
 * - hides what this reader may not press (the chat actions' permissions, `chat.ts`, and the kind's
 *   own `hide`), then binds its buttons.
 * Cards posted before cards were typed (state in `flags.polyverse.<flag>`, HTML in `content`) are
 * read from their flag and drawn the same way: no migration is needed (see cards-logic.ts).
 */
import { pendingOf, splitChanges } from "./changes";
import type { DocumentChange } from "./changes-logic";
import { cardState, statePath, type CardKey } from "./cards-logic";
import { bindChatActions } from "./chat";
import { resolveRollMode } from "./compat";
import { SYSTEM_ID } from "./constants";

type Message = ChatMessage.Implementation;
type AnyUser = User.Implementation;
type AnyRoll = Roll;

/** A kind of card: its sub-type, its older cards' flag, its template and how it is drawn. */
export interface CardKind<State = Record<string, unknown>> extends CardKey {
  /** The template's full path (`templatePath(...)`); compiled at init. */
  template: string;
  /** The template's context for this reader, from the card's state and the changes still pending. */
  context(message: Message, state: State, pending: readonly DocumentChange[]): Record<string, unknown>;
  /** Hide, besides buttons whose chat action this reader may not use, what the kind decides (row buttons). */
  hide?(message: Message, html: HTMLElement, user: AnyUser): void;
}

type AnyKind = CardKind<never>;
const kinds = new Map<string, AnyKind>();
const compiled = new Map<string, (context: Record<string, unknown>) => string>();

/** Register a kind of card (at init, from the ruleset's `registerHooks`). */
export function registerCard<State>(kind: CardKind<State>): CardKind<State> {
  if (kinds.has(kind.type)) throw new Error(`Polyverse: card "${kind.type}" is already registered.`);
  kinds.set(kind.type, kind as unknown as AnyKind);
  return kind;
}

/** The kind of a message's card (typed, or an older card by its flag), or null. */
export function cardKindOf(message: Message): AnyKind | null {
  const typed = kinds.get(message.type as string);
  if (typed) return typed;
  for (const kind of kinds.values()) if (cardState(message, kind)) return kind;
  return null;
}

/** A message's card state of this kind (its sub-type and older flag), or null. */
export const cardOf = <State>(message: Message, kind: CardKey): State | null =>
  cardState(message, kind) as State | null;

/** The update that writes a card's new state (`system.card`, or an older card's flag). */
export const cardUpdate = (message: Message, kind: CardKey, state: unknown): Record<string, unknown> => ({
  [statePath(message, kind)]: state,
});

/** Write a card's new state (and anything else with it); Foundry redraws it from the new data. */
export async function saveCard<State>(
  message: Message,
  kind: CardKey,
  state: State,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await message.update({ ...cardUpdate(message, kind, state), ...extra } as never);
}

/** A card to post. */
export interface CardPost<State> {
  kind: CardKey;
  card: State;
  /** More of the sub-type's system data besides `card`. */
  system?: Record<string, unknown>;
  speaker: ChatMessage.SpeakerData | Record<string, unknown>;
  /** Plain text stored in `content` for whatever reads a message without drawing it. */
  text: string;
  flavor?: string;
  /** A Foundry roll mode; default the user's for a card with rolls, none for a card without. */
  rollMode?: string | null;
  /** The rolls (Dice So Nice animates them; hidden roll modes hide them). */
  rolls?: readonly AnyRoll[];
  /** Changes to documents the user may not update, left on the card for the GM. */
  pending?: readonly DocumentChange[];
  /** The ids of the users the card is whispered to (none: as the roll mode says). */
  whisper?: readonly string[];
}

/**
 * Post a roll's card with what it changes split (`splitChanges`): the changes this user may not make
 * ride on the card for the GM (`pending`, recorded by the ledger when it is posted); the rest come
 * back as `now` for the roll's apply step.
 */
export async function postCardWithChanges<State>(
  post: Omit<CardPost<State>, "pending"> & { changes: readonly DocumentChange[] },
): Promise<{ message: Message | null; now: DocumentChange[] }> {
  const { changes, ...rest } = post;
  const { now, pending } = await splitChanges(changes);
  const message = await postCard({ ...rest, pending });
  return { message, now };
}

/** A ruleset's evaluated roll, as its card is posted: the one roll, the card's state, what it changes. */
export interface RolledCard<State> {
  roll: AnyRoll;
  card: State;
  changes: readonly DocumentChange[];
  /** The roll mode asked for (none: the user's). */
  rollMode?: string | null;
}

/**
 * Post a rolled check's card the way every ruleset does: the actor speaking, the plain `text` for
 * whatever reads a message without drawing it, the roll (Dice So Nice), the changes split
 * (`postCardWithChanges`).
 */
export function postRolledCard<State>(
  kind: CardKey,
  actor: Actor.Implementation,
  rolled: RolledCard<State>,
  { text, flavor }: { text: string; flavor?: string | undefined },
): Promise<{ message: Message | null; now: DocumentChange[] }> {
  return postCardWithChanges({
    kind,
    card: rolled.card,
    speaker: ChatMessage.getSpeaker({ actor }),
    text,
    flavor: flavor ?? "",
    rollMode: resolveRollMode(rolled.rollMode || null),
    rolls: [rolled.roll],
    changes: rolled.changes,
  });
}

/** Post a card: a message of the kind's sub-type with its state in `system.card`. */
export async function postCard<State>(post: CardPost<State>): Promise<Message | null> {
  const given = post.rollMode;
  const rollMode = resolveRollMode(given) as foundry.CONST.DICE_ROLL_MODES;
  const data: Record<string, unknown> = {
    type: post.kind.type,
    system: { ...(post.system ?? {}), card: post.card },
    speaker: post.speaker,
    flavor: post.flavor ?? "",
    content: foundry.utils.escapeHTML(post.text),
    ...(post.pending?.length ? { flags: { [SYSTEM_ID]: { pending: post.pending } } } : {}),
    ...(post.whisper?.length ? { whisper: [...post.whisper] } : {}),
  };
  const [first, ...others] = post.rolls ?? [];
  if (!first) {
    const created = await ChatMessage.implementation.create(
      data as never,
      (given ? { rollMode } : {}) as never,
    );
    return (created ?? null) as Message | null;
  }
  if (!others.length) return ((await first.toMessage(data as never, { rollMode })) ?? null) as Message | null;
  const messageData = (await first.toMessage(data as never, { rollMode, create: false })) as Record<
    string,
    unknown
  >;
  const stored = (messageData.rolls as unknown[] | undefined) ?? [];
  messageData.rolls = [...stored, ...others.map((r) => JSON.stringify(r.toJSON()))];
  const created = await ChatMessage.implementation.create(messageData as never, { rollMode } as never);
  return (created ?? null) as Message | null;
}

/** Compile every registered card's template (at init, once the rulesets registered their cards). */
export async function compileCardTemplates(): Promise<void> {
  const paths = new Set([...kinds.values()].map((k) => k.template));
  for (const path of paths) {
    try {
      compiled.set(
        path,
        (await foundry.applications.handlebars.getTemplate(path)) as (c: Record<string, unknown>) => string,
      );
    } catch (error) {
      console.error(`Polyverse: the card template ${path} could not be compiled`, error);
    }
  }
}

/**
 * `hotReload` (system.json `flags.hotReload`): an edited card template is compiled again, so the
 * next render draws with it, as Foundry's own templates are. Call once at init.
 */
export function reloadCardTemplates(): void {
  Hooks.on("hotReload", (data: { extension?: string; path?: string; content?: string }) => {
    if (data.extension !== "hbs" || typeof data.content !== "string") return;
    const path = [...compiled.keys()].find((p) => data.path && p.endsWith(data.path));
    if (path) compiled.set(path, Handlebars.compile(data.content) as (c: Record<string, unknown>) => string);
  });
}

/** Draw a card into its rendered message, hide what this reader may not press, bind its buttons. */
function draw(message: Message, html: HTMLElement, kind: AnyKind, markup: string): void {
  const target = html.querySelector<HTMLElement>(".message-content") ?? html;
  target.innerHTML = markup;
  const user = game.user;
  if (user) kind.hide?.(message, html, user);
  bindChatActions(message, html);
}

/**
 * `renderChatMessageHTML`: a card is drawn from its data (synchronously when its template is
 * compiled, so other hooks see the card), then its buttons are bound; any other message only has
 * its buttons bound. A reader who may not see the content (a blind roll) gets Foundry's own.
 */
export function renderCardHTML(message: Message, html: HTMLElement): void {
  const kind = cardKindOf(message);
  const state = kind ? cardState(message, kind) : null;
  const hidden = (message as { isContentVisible?: boolean }).isContentVisible === false;
  if (!kind || !state || hidden) {
    bindChatActions(message, html);
    return;
  }
  const failed = (error: unknown) => {
    // A card whose data cannot be drawn (an older card a player edited) keeps what Foundry showed.
    console.error("Polyverse: a card could not be drawn", error);
    bindChatActions(message, html);
  };
  let context: Record<string, unknown>;
  try {
    context = kind.context(message, state as never, pendingOf(message));
    const template = compiled.get(kind.template);
    if (template) return draw(message, html, kind, template(context));
  } catch (error) {
    return failed(error);
  }
  foundry.applications.handlebars
    .renderTemplate(kind.template, context)
    .then((markup) => draw(message, html, kind, markup), failed);
}
