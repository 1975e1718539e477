/**
 * The card ledger (`ledger-logic.ts`): when a player posts a card, the active GM's client records
 * in the GM's own User document who posted it, which documents it may change, a digest of what
 * was rolled, and the changes it left for the GM. A request about a player's card is then checked
 * against that record, never against the card alone, which its author may have edited since.
 * Cards a GM posted need no entry: players cannot edit them.
 */
import { deletionUpdate } from "./compat";
import { cardState, type CardKey } from "./cards-logic";
import { coreFlags } from "./flags";
import { SYSTEM_ID } from "./constants";
import { digest, pendingKey, readEntry, subjectOf, toPrune, type LedgerEntry } from "./ledger-logic";
import { gmQueue, isActiveGM } from "./relay";
import { refuse } from "./relay-logic";

type Message = ChatMessage.Implementation;

/** What a kind of card is, for the ledger: the documents it may change and what never changes after the roll. */
export interface CardDescription {
  subjects: string[];
  stable: unknown;
  /** Why the card disagrees with the documents it names (an i18n key), if it does. */
  bad?: string;
}
export type CardDescriber = (message: Message) => Promise<CardDescription | null> | CardDescription | null;

const describers = new Map<string, { key: CardKey; describe: CardDescriber }>();
/** Entries this GM client wrote or read, so a request right after its card finds the entry at once. */
const cache = new Map<string, LedgerEntry>();

const LEDGER = "ledger";
const REASONS = {
  notRecorded: "POLYVERSE.Relay.NotRecorded",
  changed: "POLYVERSE.Relay.CardChanged",
} as const;

/**
 * Say how a kind of card (`cards.ts`: its sub-type, and the flag of its older cards) is described
 * to the ledger, when its state changes after it is posted.
 */
export function registerCardLedger(key: CardKey, describer: CardDescriber): void {
  if (describers.has(key.type))
    throw new Error(`Polyverse: card ledger "${key.type}" is already registered.`);
  describers.set(key.type, { key, describe: describer });
}

/** Every die of a message's rolls, roll by roll: what was rolled never changes. */
function rolledFaces(message: Message): number[][][] {
  return (message.rolls ?? []).map((roll) => roll.dice.map((die) => die.results.map((r) => r.result)));
}

/** A typed message's system data as stored (its source), or null for a `base` message. */
function systemSource(message: Message): unknown {
  if (!message.type || message.type === "base") return null;
  const system = message.system as { toObject?: () => unknown } | undefined;
  return typeof system?.toObject === "function" ? system.toObject() : (system ?? null);
}

/**
 * A card as the ledger sees it: by its kind's registered describer, or else (a card whose data
 * never changes after it is posted, like a special test's) its `system` data, its flags but the
 * pending list (an older card's state), and its dice.
 */
async function describe(message: Message): Promise<CardDescription | null> {
  for (const { key, describe: describer } of describers.values())
    if (cardState(message, key)) return describer(message);
  const flags = coreFlags(message);
  const system = systemSource(message);
  if (!Object.keys(flags).length && system === null) return null;
  const { pending: _pending, ...rest } = flags;
  const speaker = message.speaker?.actor;
  return {
    subjects: speaker ? [`Actor.${speaker}`] : [],
    stable: { flags: rest, dice: rolledFaces(message), ...(system === null ? {} : { system }) },
  };
}

function storedPending(message: Message): { id?: string; uuid?: unknown }[] {
  const pending = coreFlags(message).pending;
  return Array.isArray(pending) ? (pending as { id?: string; uuid?: unknown }[]) : [];
}

/**
 * The entry of a message, from this client's cache or the GMs' User documents. When the active GM
 * changed, several GMs may hold an entry for one card: what any of them recorded as done counts.
 */
export function ledgerEntry(messageId: string | null | undefined): LedgerEntry | null {
  if (!messageId) return null;
  const found: LedgerEntry[] = [];
  const cached = cache.get(messageId);
  if (cached) found.push(cached);
  for (const user of game.users ?? []) {
    if (!user.isGM) continue;
    const entries = coreFlags(user)[LEDGER] as Record<string, unknown> | undefined;
    const entry = readEntry(entries?.[messageId]);
    if (entry) found.push(entry);
  }
  const [first, ...rest] = found.sort((x, y) => x.t - y.t);
  if (!first) return null;
  return rest.length ? { ...first, done: [...new Set(found.flatMap((e) => e.done))] } : first;
}

async function write(messageId: string, entry: LedgerEntry, prune: string[] = []): Promise<void> {
  cache.set(messageId, entry);
  for (const id of prune) cache.delete(id);
  const user = game.user;
  if (!user) return;
  await user.update(
    deletionUpdate({
      [`flags.${SYSTEM_ID}.${LEDGER}.${messageId}`]: entry,
      ...Object.fromEntries(prune.map((id) => [`flags.${SYSTEM_ID}.${LEDGER}.-=${id}`, null])),
    }) as never,
  );
}

/** Record a player's new card (the active GM's client, at its creation). */
export async function recordCard(message: Message): Promise<void> {
  const author = message.author;
  if (!isActiveGM() || !message.id || !author || author.isGM) return;
  const description = await describe(message);
  const pending = storedPending(message);
  if (!description && !pending.length) return;
  const subjects = new Set(description?.subjects ?? []);
  for (const c of pending) if (typeof c?.uuid === "string") subjects.add(subjectOf(c.uuid));
  const entry: LedgerEntry = {
    a: author.id,
    s: [...subjects],
    d: digest(description?.stable ?? null),
    t: Date.now(),
    done: [],
    p: pending.map(pendingKey),
    ...(description?.bad ? { bad: description.bad } : {}),
  };
  const own = (coreFlags(game.user!)[LEDGER] as Record<string, unknown> | undefined) ?? {};
  await write(message.id, entry, toPrune(own));
}

/** Record what has been done for a card (or, with `undone`, that it no longer is). */
export async function markDone(messageId: string, keys: readonly string[], undone = false): Promise<void> {
  const entry = ledgerEntry(messageId);
  if (!entry || !keys.length) return;
  const done = undone ? entry.done.filter((k) => !keys.includes(k)) : [...new Set([...entry.done, ...keys])];
  await write(messageId, { ...entry, done });
}

/**
 * Record a card again after the GM itself changed a part that never changes otherwise (an Uncanny
 * Luck re-roll the GM rolled): the digest becomes the card's as the GM left it, so the legitimate
 * change is accepted and any later edit by the player is still refused. The active GM only.
 */
export async function restampCard(message: Message): Promise<void> {
  const entry = ledgerEntry(message.id);
  if (!entry || !message.id || !isActiveGM()) return;
  const description = await describe(message);
  await write(message.id, { ...entry, d: digest(description?.stable ?? null) });
}

/**
 * The entry of a player's card, checked: recorded when it was posted, by this author, agreeing
 * with its documents, and unchanged in every part that never changes after the roll. Refuses
 * (`relay-logic.ts`) otherwise. A GM's card has no entry: null.
 */
export async function verifiedEntry(message: Message): Promise<LedgerEntry | null> {
  if (message.author?.isGM) return null;
  const entry = ledgerEntry(message.id);
  if (!entry) refuse(REASONS.notRecorded);
  if (entry.a !== message.author?.id) refuse(REASONS.changed);
  if (entry.bad) refuse(entry.bad);
  const now = await describe(message);
  if (digest(now?.stable ?? null) !== entry.d) refuse(REASONS.changed);
  return entry;
}

/**
 * The entry a player's card is held to when `user` acts on it, or null: a GM's card (no player can
 * edit it), or a card posted while no GM was connected, on which only a GM acts (a player's request
 * about it is refused: nothing was recorded). Refuses as {@link verifiedEntry} does.
 */
export async function entryForActing(
  message: Message,
  user: User.Implementation,
): Promise<LedgerEntry | null> {
  if (message.author?.isGM) return null;
  if (user.isGM && !ledgerEntry(message.id)) return null;
  return verifiedEntry(message);
}

/** Record players' cards as they are posted (the active GM only). Call once, at ready. */
export function listenForCards(): void {
  Hooks.on("createChatMessage", (message: Message, _options: unknown, userId: string) => {
    if (!isActiveGM() || userId !== message.author?.id) return;
    void gmQueue(() => recordCard(message));
  });
}
