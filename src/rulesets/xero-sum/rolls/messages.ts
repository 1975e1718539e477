/**
 * The Xero Sum check card as a ChatMessage sub-type (`xero-sum-check`, core/cards.ts): its state in
 * `system.card`, refused by the model when it breaks the card's shape (messages-logic.ts), so a
 * forged state never reaches the card or its buttons.
 */
import { PolyverseCardModel } from "../../../core/card-model";
import { checkCardProblems } from "./messages-logic";

/** The check card: who rolled, and what became of the roll after it (Insight replacements, the opponent). */
export class XeroSumCheckMessageData extends PolyverseCardModel {
  static override cardType = "xero-sum-check";
  static override cardProblems = checkCardProblems;
}

/** The descriptor's `types.ChatMessage`. */
export const XERO_SUM_CHECK_MESSAGE_TYPES = {
  "xero-sum-check": { model: XeroSumCheckMessageData },
};
