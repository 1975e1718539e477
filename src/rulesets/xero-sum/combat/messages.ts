/**
 * The attack and damage cards as ChatMessage sub-types (`xero-sum-attack`, `xero-sum-damage`,
 * core/cards.ts): their state in `system.card`, refused by the model when it breaks the card's shape
 * (attack-card-logic.ts, damage-card-logic.ts).
 */
import { PolyverseTypeDataModel } from "../../../core/data-model";
import { attackCardProblems } from "./attack-card-logic";
import { damageCardProblems } from "./damage-card-logic";

const fields = foundry.data.fields;
const cardSchema = () => ({ card: new fields.ObjectField({ required: true, nullable: false }) });

/** The attack card: what the attacker chose and rolled, and what the GM resolved. */
export class XeroSumAttackMessageData extends PolyverseTypeDataModel<
  ReturnType<typeof cardSchema>,
  ChatMessage.Implementation
> {
  static override defineSchema() {
    return cardSchema();
  }
  static override validateJoint(data: Record<string, unknown>) {
    super.validateJoint(data as never);
    const problems = attackCardProblems(data.card);
    if (problems.length) throw new Error(`xero-sum-attack: ${problems.join("; ")}`);
  }
}

/** The damage card: the blow, its dice, and each row hit with what Apply did. */
export class XeroSumDamageMessageData extends PolyverseTypeDataModel<
  ReturnType<typeof cardSchema>,
  ChatMessage.Implementation
> {
  static override defineSchema() {
    return cardSchema();
  }
  static override validateJoint(data: Record<string, unknown>) {
    super.validateJoint(data as never);
    const problems = damageCardProblems(data.card);
    if (problems.length) throw new Error(`xero-sum-damage: ${problems.join("; ")}`);
  }
}
