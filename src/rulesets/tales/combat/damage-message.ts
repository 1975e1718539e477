/**
 * The damage card as a ChatMessage sub-type (`tales-damage`, core/cards.ts): its state in
 * `system.card`, refused by the model when it breaks the card's shape (damage-card-logic.ts).
 */
import { PolyverseTypeDataModel } from "../../../core/data-model";
import { damageCardProblems } from "./damage-card-logic";

const fields = foundry.data.fields;

const cardSchema = () => ({
  card: new fields.ObjectField({ required: true, nullable: false }),
});

/** The damage card: the blow, its dice, and what became of the target. */
export class TalesDamageMessageData extends PolyverseTypeDataModel<
  ReturnType<typeof cardSchema>,
  ChatMessage.Implementation
> {
  static override defineSchema() {
    return cardSchema();
  }
  static override validateJoint(data: Record<string, unknown>) {
    super.validateJoint(data as never);
    const problems = damageCardProblems(data.card);
    if (problems.length) throw new Error(`tales-damage: ${problems.join("; ")}`);
  }
}
