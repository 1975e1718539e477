/**
 * The `xero-sum-table` card as a ChatMessage sub-type (core/cards.ts): its state in `system.card`,
 * refused by the model when it breaks the card's shape (table-card-logic.ts).
 */
import { PolyverseCardModel } from "../../../core/card-model";
import { tableCardProblems } from "./table-card-logic";

/** A 2d6 table drawn, or what a health or social check did. */
export class XeroSumTableMessageData extends PolyverseCardModel {
  static override cardType = "xero-sum-table";
  static override cardProblems = tableCardProblems;
}

/** The descriptor's `types.ChatMessage` for this card. */
export const XERO_SUM_TABLE_MESSAGE_TYPES = {
  "xero-sum-table": { model: XeroSumTableMessageData },
};
