/**
 * The damage and attack cards as ChatMessage sub-types (`tales-damage`, `tales-attack`, core/cards.ts):
 * their state in `system.card`, refused by the model when it breaks the card's shape (damage-card-logic.ts,
 * attack-card-logic.ts).
 */
import { PolyverseTypeDataModel } from "../../../core/data-model";
import { damageCardProblems } from "./damage-card-logic";
import { attackCardProblems } from "./attack-card-logic";

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

/** The attack card: the attacker's roll, the defence and its outcome, the damage rolled from it. */
export class TalesAttackMessageData extends PolyverseTypeDataModel<
  ReturnType<typeof cardSchema>,
  ChatMessage.Implementation
> {
  static override defineSchema() {
    return cardSchema();
  }
  static override validateJoint(data: Record<string, unknown>) {
    super.validateJoint(data as never);
    const problems = attackCardProblems(data.card);
    if (problems.length) throw new Error(`tales-attack: ${problems.join("; ")}`);
  }
}
