/**
 * What the combat glue's modules share: which actors take part in 'Verses Fast Action, their system
 * data, the combatants' flags, text, the one client that runs round changes, and the small chat
 * card that records a combat action.
 */
import { templatePath } from "../../../core/constants";
import { postCard, registerCard, type CardKind } from "../../../core/cards";
import { applyChanges, relayPending } from "../../../core/changes";
import { versesFlagUpdate, versesFlags } from "../base/flags";
import { pendingNames, type DocumentChange } from "../../../core/changes-logic";
import type { CardLine, LivingState } from "../rolls/special";
import { lineTextWith } from "../base/card-text";
import { localize } from "../../../core/i18n";
import { isActiveGM } from "../../../core/relay";
import { combatantOf, fastActionOf } from "../documents/fast-action";
import { livingSystem } from "../data/systems";
import { NOTE_CARD } from "../data/messages-logic";

export type AnyActor = Actor.Implementation;
export type AnyCombat = Combat.Implementation;
export type AnyCombatant = Combatant.Implementation;
type Message = ChatMessage.Implementation;

/** The actor types that have AD and take turns in Fast Action. */
const LIVING_TYPES: readonly string[] = ["verses-character", "verses-creature"];

export const isLiving = (actor: AnyActor | null | undefined): actor is AnyActor =>
  Boolean(actor && LIVING_TYPES.includes(actor.type));

/** A living actor's prepared system data. */
export const living = (actor: AnyActor): LivingState => livingSystem(actor);

export const ref = (doc: { uuid: string; name: string | null }) => ({ uuid: doc.uuid, name: doc.name ?? "" });

/** 'Verses flags on a combat, a combatant or an actor (`flags.polyverse.verses`). */
export { versesFlags };

export { combatantOf, fastActionOf };

/** Text of an i18n key (a key that does not exist is shown as is: a literal name). */
export { localize };

/** A card line's text in this user's language. */
export const lineText = (l: CardLine): string => lineTextWith(localize, l);

/** Warn with a refusal's text and return null. */
export function refuse(reason: CardLine): null {
  ui.notifications?.warn(lineText(reason));
  return null;
}

/**
 * The client that runs what happens to everyone at a round's or turn's change (AD reset, Watch,
 * Sickened, survival rolls) is core's active GM (`isActiveGM`), so that it happens once.
 */
export { isActiveGM };

/** Update a combatant's flags (flattened paths under `flags.polyverse.verses`). */
export async function setCombatantFlags(combatant: AnyCombatant, data: Record<string, unknown>) {
  const update = versesFlagUpdate(data);
  await (combatant as unknown as { update(d: object): Promise<unknown> }).update(update);
}

// ---- the combat note card ----------------------------------------------------------------------

/** The note card's template. */
export const NOTE_TEMPLATE = "templates/verses/combat/note-card.hbs";

/** A combat action's card: a title and lines (a move, a rest without a roll). */
interface CombatNote {
  kind: "move" | "rest" | "reserve" | "rise" | "leaveCover";
  title: CardLine;
  lines: CardLine[];
  /** AD spent on the Rest action (recorded for Sickened). */
  restAD?: number;
}

/** The note's template context: its lines in this user's language, and what waits for the GM. */
function noteContext(note: CombatNote, pending: readonly DocumentChange[]) {
  return {
    kind: note.kind,
    title: lineText(note.title),
    lines: note.lines.map(lineText),
    pendingGM: pending.length
      ? localize("POLYVERSE.Verses.Tests.Card.PendingGM", { names: pendingNames(pending).join(", ") })
      : "",
  };
}

/** The note as core draws it (core/cards.ts): from `system.card` (older notes: `flags.polyverse.combatNote`). */
const NOTE_CARD_KIND: CardKind<CombatNote> = {
  ...NOTE_CARD,
  template: templatePath("verses/combat/note-card.hbs"),
  context: (_message, note, pending) => noteContext(note, pending),
};

/**
 * Apply a combat action's changes and post its note card (a `verses-note` message); what the user
 * may not change is left on the card and sent to the GM (`changes.ts`).
 */
export async function postNote(
  actor: AnyActor,
  note: CombatNote,
  changes: readonly DocumentChange[],
): Promise<{ message: Message | null; pending: DocumentChange[] }> {
  const pending = await applyChanges(changes);
  const message = await postCard({
    kind: NOTE_CARD,
    card: note,
    speaker: ChatMessage.getSpeaker({ actor }),
    text: lineText(note.title),
    pending,
  });
  await relayPending(message);
  return { message, pending };
}

/** The note card, drawn from its data (it redraws without its GM note once the GM applied its changes). Call once at init. */
export function registerNoteCard(): void {
  registerCard(NOTE_CARD_KIND);
}
