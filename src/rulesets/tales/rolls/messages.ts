/**
 * The Tales test card as a ChatMessage sub-type (`tales-test`, core/cards.ts): its state in
 * `system.card`, refused by the model when it breaks the card's shape (messages-logic.ts), so a
 * forged state never reaches the card or its buttons.
 */
import { PolyverseTypeDataModel } from "../../../core/data-model";
import { testCardProblems } from "./messages-logic";

const fields = foundry.data.fields;

const cardSchema = () => ({
  card: new fields.ObjectField({ required: true, nullable: false }),
});
type CardSchema = ReturnType<typeof cardSchema>;

/** The test card: who rolled, and what became of the roll after it (re-rolls, Essence, Edge, the opponent). */
export class TalesTestMessageData extends PolyverseTypeDataModel<CardSchema, ChatMessage.Implementation> {
  static override defineSchema() {
    return cardSchema();
  }
  static override validateJoint(data: Record<string, unknown>) {
    super.validateJoint(data as never);
    const problems = testCardProblems(data.card);
    if (problems.length) throw new Error(`tales-test: ${problems.join("; ")}`);
  }
}

/** The descriptor's `types.ChatMessage`. */
export const TALES_MESSAGE_TYPES = {
  "tales-test": { model: TalesTestMessageData },
};
