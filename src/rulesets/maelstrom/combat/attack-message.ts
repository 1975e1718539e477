/**
 * The attack card as a ChatMessage sub-type (`maelstrom-attack`, core/cards.ts): its state in
 * `system.card`, refused by the model when it breaks the card's shape (attack-trust-logic.ts).
 */
import { PolyverseTypeDataModel } from "../../../core/data-model";
import { attackCardProblems } from "./attack-trust-logic";

const fields = foundry.data.fields;

const cardSchema = () => ({
  card: new fields.ObjectField({ required: true, nullable: false }),
});

/** The attack card: the attack, its damage, and what became of each target. */
export class MaelstromAttackMessageData extends PolyverseTypeDataModel<
  ReturnType<typeof cardSchema>,
  ChatMessage.Implementation
> {
  static override defineSchema() {
    return cardSchema();
  }
  static override validateJoint(data: Record<string, unknown>) {
    super.validateJoint(data as never);
    const problems = attackCardProblems(data.card);
    if (problems.length) throw new Error(`maelstrom-attack: ${problems.join("; ")}`);
  }
}
