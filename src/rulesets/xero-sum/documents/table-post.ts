/**
 * Rolling and posting for the health and social actions: a 2d6 table drawn (Tables 6, 7, 11, 12,
 * 13), a d3 as the world reads it (`d3Mode`), a d6, the card built and posted with the changes its
 * author may not make left for the GM (then asked of the GM).
 */
import { postCardWithChanges } from "../../../core/cards";
import { applyChanges } from "../../../core/changes";
import { localize } from "../../../core/i18n";
import { rollModeFor } from "../../../core/rolls/post";
import { activeResults } from "../../../core/rolls/roll-logic";
import { d3FromD6 } from "../rules";
import { xeroSumSetting } from "../base/settings";
import { checkOfMessage, type RolledCheck } from "./check-link";
import {
  TABLES_ROOT,
  TABLE_CARD,
  tableCardChanges,
  type CardNote,
  type CheckSummary,
  type ExtraRoll,
  type TableCard,
} from "./table-card-logic";
import { relayTableCard } from "./table-card";
import { HEALTH_KEY, refOf, type AnyActor, type Message } from "./shared";

/** How an action is asked for (a macro's choice, the click, the roll mode). */
export interface ActionOptions {
  /** Roll at once with the defaults (as the skip key does). */
  skipDialog?: boolean;
  event?: Event | null;
  rollMode?: string;
}

/** Roll `n` d6 (one Roll), with its faces. */
export async function rollD6(n: number): Promise<{ roll: Roll; faces: number[] }> {
  const roll = await new foundry.dice.Roll(`${n}d6`).evaluate();
  return { roll, faces: activeResults(roll.dice).map(Number) };
}

/** A table drawn (the world's or the compendium's RollTable, else the rules' table): table-draw.ts. */
export { drawTable } from "./table-draw";

/** A 1d3 as the world reads it (a d6 halved: up, or down with `halfDown`), shown as its d6 face. */
export async function rollD3(): Promise<{ roll: Roll; extra: ExtraRoll }> {
  const { roll, faces } = await rollD6(1);
  const face = faces[0] ?? 1;
  return { roll, extra: { formula: "1d3", faces: [face], value: d3FromD6(face, xeroSumSetting("d3Mode")) } };
}

/**
 * What a rolled check shows on a card: the check card's message, the trait read back from it (the
 * dialog may have changed what was asked; a Breaking Point check, Reason & Acumen, shows as Reason),
 * its dice and outcome.
 */
export function checkSummary(
  rolled: RolledCheck,
  asked: { attribute: CheckSummary["attribute"]; skill: CheckSummary["skill"] },
): CheckSummary {
  const read = checkOfMessage(rolled.message);
  return {
    messageId: rolled.message?.id ?? "",
    attribute: read?.attribute ?? asked.attribute,
    skill: read ? (read.skill ?? "") : asked.skill,
    dice: [...rolled.result.dice],
    total: rolled.result.total,
    band: rolled.result.band,
  };
}

/** A card with nothing set but its kind and actor. */
export function blankCard(kind: TableCard["kind"], actor: AnyActor): TableCard {
  return {
    kind,
    actor: refOf(actor),
    by: null,
    check: null,
    draw: null,
    extra: null,
    notes: [],
    buttons: [],
    used: [],
    result: {},
  };
}

/** A note under the health strings. */
export const note = (key: string, data: CardNote["data"] = {}): CardNote => ({
  key: `${HEALTH_KEY}.${key}`,
  data,
});

/** A note under the table strings (`POLYVERSE.XeroSum.Tables.Note`). */
export const tableNote = (key: string, data: CardNote["data"] = {}): CardNote => ({
  key: `${TABLES_ROOT}.Note.${key}`,
  data,
});

/**
 * Post a card as `speaker` with its rolls; what it changes on its patient and the author may not
 * change waits on it for the GM, the rest is applied here, then the GM is asked.
 */
export async function postTableCard(
  card: TableCard,
  speaker: AnyActor | null,
  rolls: Roll[],
  options: ActionOptions = {},
): Promise<Message | null> {
  const { message, now } = await postCardWithChanges({
    kind: TABLE_CARD,
    card,
    speaker: speaker ? ChatMessage.getSpeaker({ actor: speaker }) : {},
    text: localize(`${HEALTH_KEY}.Card.${card.kind}.Title`, {
      name: card.actor.name,
      by: card.by?.name ?? "",
    }),
    rollMode: rolls.length ? rollModeFor(options.rollMode ?? null) : null,
    rolls,
    changes: tableCardChanges(card),
  });
  await applyChanges(now);
  await relayTableCard(message);
  return message;
}
