/**
 * The `xero-sum-table` card's follow-up buttons (a Panic or Lasting Wound check a harm card calls for,
 * Self-Harm taken or stopped, the other side's Rebuttal), without Foundry: a button is marked used only
 * once its follow-up is rolled and posted, by the GM (or the card's author when no GM is connected),
 * who holds the request to the follow-up card it names (`followUpProblem`): the card offers the
 * button, the follow-up is a table card of the kind the button rolls, for the character the button is
 * for, posted by the requester after the card, with a check card that holds (panic, lastingWound,
 * rebuttal), the Gambit's CMod (rebuttal), or Self-Harm's harm as the card rolled it (and the reaction
 * over); and one follow-up settles one button once (the ledger's done marks).
 */
import type { LinkedCheckKind } from "./check-link-logic";
import { TABLES_ROOT, type TableButton, type TableCard, type TableCardKind } from "./table-card-logic";

/** The GM request that marks a follow-up button used (`{ messageId, button, followUpId }`). */
export const TABLE_USED = "xero-sum.table.used";

/** The kind of table card each button's follow-up posts. */
export const FOLLOW_UP_KIND: Readonly<Record<TableButton, TableCardKind>> = {
  panic: "panic",
  lastingWound: "lastingWound",
  selfHarm: "stress",
  stopped: "stress",
  rebuttal: "rebuttal",
};

/** The check each button's follow-up leans on (none for Self-Harm's choice). */
export const FOLLOW_UP_CHECK: Readonly<Record<TableButton, LinkedCheckKind | null>> = {
  panic: "panic",
  lastingWound: "lastingWound",
  selfHarm: null,
  stopped: null,
  rebuttal: "rebuttal",
};

/** The buttons one follow-up settles: Self-Harm taken and stopped are one choice. */
export const settles = (button: TableButton): TableButton[] =>
  button === "selfHarm" || button === "stopped" ? ["selfHarm", "stopped"] : [button];

/** Whose follow-up a button rolls: the card's character, or for a Rebuttal the other side. */
export const followUpActor = (card: TableCard, button: TableButton): string =>
  (button === "rebuttal" ? card.by?.uuid : card.actor.uuid) ?? "";

/** The card's ledger mark of a button used. */
export const usedMark = (button: TableButton): string => `xero-sum.table.used:${button}`;
/** The follow-up's ledger mark: the card and button it settled. */
export const FOLLOW_UP_MARK = "xero-sum.table.followUp:";
export const followUpMark = (cardId: string, button: TableButton): string =>
  `${FOLLOW_UP_MARK}${cardId}:${button}`;

/** What the GM reads of the documents about a follow-up. */
export interface FollowUpFacts {
  /** The user asking (the follow-up must be theirs). */
  requesterId: string;
  /** The user who posted the follow-up. */
  authorId: string | null;
  /** When the card and the follow-up were posted (ms), when both are known. */
  cardTime: number | null;
  followUpTime: number | null;
  /** The follow-up's check card's problem (an i18n key: check-link-logic `checkProblem`, its ledger), or null. */
  checkProblem: string | null;
  /** The character's Breaking Point reaction is no longer Self-Harm (what taking or stopping it does). */
  reactionOver: boolean;
}

/** Self-Harm's line on its stress card: taken, or stopped. */
const SELF_HARM_NOTE: Readonly<Record<"selfHarm" | "stopped", string>> = {
  selfHarm: "POLYVERSE.XeroSum.Health.SelfHarm.Harmed",
  stopped: "POLYVERSE.XeroSum.Health.SelfHarm.Stopped",
};

const refused = (key: string) => `${TABLES_ROOT}.Refused.${key}`;

/**
 * Why the GM does not mark `button` used on `card` for the follow-up card `followUp` (an i18n key:
 * the table strings' `Refused`, or the check's problem as given), or null. Whether the button is
 * already used, and whether the follow-up already settled another, is the caller's (the card, the
 * ledger).
 */
export function followUpProblem(
  card: TableCard,
  button: TableButton,
  followUp: TableCard | null,
  facts: FollowUpFacts,
): string | null {
  if (!card.buttons.includes(button)) return refused("NotOffered");
  if (!followUp) return refused("NoFollowUp");
  if (facts.authorId !== facts.requesterId) return refused("FollowUpNotYours");
  if (followUp.kind !== FOLLOW_UP_KIND[button] || followUp.actor.uuid !== followUpActor(card, button))
    return refused("FollowUpWrong");
  if (facts.cardTime !== null && facts.followUpTime !== null && facts.followUpTime < facts.cardTime)
    return refused("FollowUpEarlier");
  if (button === "selfHarm" || button === "stopped") {
    const wp = button === "selfHarm" ? (card.extra?.value ?? 0) : 0;
    const line = followUp.notes[0]?.key;
    const agrees = followUp.result.wp === wp && line === SELF_HARM_NOTE[button] && facts.reactionOver;
    return agrees ? null : refused("FollowUpDisagrees");
  }
  if (!followUp.check) return refused("NoFollowUp");
  if (facts.checkProblem) return facts.checkProblem;
  if (button === "rebuttal" && followUp.result.cmod !== card.result.cmod) return refused("FollowUpDisagrees");
  return null;
}
