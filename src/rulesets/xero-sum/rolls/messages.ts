/**
 * The Xero Sum check card as a ChatMessage sub-type (`xero-sum-check`, core/cards.ts): its state in
 * `system.card`, refused by the model when it breaks the card's shape (messages-logic.ts), so a
 * forged state never reaches the card or its buttons.
 */
import { PolyverseTypeDataModel } from "../../../core/data-model";
import { checkCardProblems } from "./messages-logic";

const fields = foundry.data.fields;

const cardSchema = () => ({
  card: new fields.ObjectField({ required: true, nullable: false }),
});
type CardSchema = ReturnType<typeof cardSchema>;

/** The check card: who rolled, and what became of the roll after it (Insight replacements, the opponent). */
export class XeroSumCheckMessageData extends PolyverseTypeDataModel<CardSchema, ChatMessage.Implementation> {
  static override defineSchema() {
    return cardSchema();
  }
  static override validateJoint(data: Record<string, unknown>) {
    super.validateJoint(data as never);
    const problems = checkCardProblems(data.card);
    if (problems.length) throw new Error(`xero-sum-check: ${problems.join("; ")}`);
  }
}

/** The descriptor's `types.ChatMessage`. */
export const XERO_SUM_CHECK_MESSAGE_TYPES = {
  "xero-sum-check": { model: XeroSumCheckMessageData },
};
