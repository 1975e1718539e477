/**
 * The `xero-sum-table` card as a ChatMessage sub-type (core/cards.ts): its state in `system.card`,
 * refused by the model when it breaks the card's shape (table-card-logic.ts).
 */
import { PolyverseTypeDataModel } from "../../../core/data-model";
import { tableCardProblems } from "./table-card-logic";

const fields = foundry.data.fields;

const cardSchema = () => ({
  card: new fields.ObjectField({ required: true, nullable: false }),
});

/** A 2d6 table drawn, or what a health or social check did. */
export class XeroSumTableMessageData extends PolyverseTypeDataModel<
  ReturnType<typeof cardSchema>,
  ChatMessage.Implementation
> {
  static override defineSchema() {
    return cardSchema();
  }
  static override validateJoint(data: Record<string, unknown>) {
    super.validateJoint(data as never);
    const problems = tableCardProblems(data.card);
    if (problems.length) throw new Error(`xero-sum-table: ${problems.join("; ")}`);
  }
}

/** The descriptor's `types.ChatMessage` for this card. */
export const XERO_SUM_TABLE_MESSAGE_TYPES = {
  "xero-sum-table": { model: XeroSumTableMessageData },
};
