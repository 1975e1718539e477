/**
 * The Maelstrom roll card as a ChatMessage sub-type (`maelstrom-roll`, core/cards.ts): its state in
 * `system.card`, refused by the model when it breaks the card's shape (messages-logic.ts), so a
 * forged state never reaches the card or its buttons.
 */
import { PolyverseTypeDataModel } from "../../../core/data-model";
import { rollCardProblems } from "./messages-logic";

const fields = foundry.data.fields;

const cardSchema = () => ({
  card: new fields.ObjectField({ required: true, nullable: false }),
});
type CardSchema = ReturnType<typeof cardSchema>;

/** The roll card: who rolled, and what became of the roll after it (the experience die, Willpower). */
export class MaelstromRollMessageData extends PolyverseTypeDataModel<CardSchema, ChatMessage.Implementation> {
  static override defineSchema() {
    return cardSchema();
  }
  static override validateJoint(data: Record<string, unknown>) {
    super.validateJoint(data as never);
    const problems = rollCardProblems(data.card);
    if (problems.length) throw new Error(`maelstrom-roll: ${problems.join("; ")}`);
  }
}

/** The descriptor's `types.ChatMessage`. */
export const MAELSTROM_MESSAGE_TYPES = {
  "maelstrom-roll": { model: MaelstromRollMessageData },
};
