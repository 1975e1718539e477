/**
 * The data model every chat card sub-type shares (core/cards.ts): its state in `system.card`, an
 * object the model refuses when it breaks the card's shape. A ruleset's card model names its sub-type
 * and its shape check, nothing more:
 *
 *   export class XeroSumAttackMessageData extends PolyverseCardModel {
 *     static override cardType = "xero-sum-attack";
 *     static override cardProblems = attackCardProblems;
 *   }
 *
 * Give each sub-type its own class (core binds each registered model to its sub-type).
 */
import { PolyverseTypeDataModel } from "./data-model";

const cardSchema = () => ({
  card: new foundry.data.fields.ObjectField({ required: true, nullable: false }),
});
export type CardSchema = ReturnType<typeof cardSchema>;

export abstract class PolyverseCardModel extends PolyverseTypeDataModel<
  CardSchema,
  ChatMessage.Implementation
> {
  /** The ChatMessage sub-type, named in the error a broken card raises. */
  static cardType = "";
  /** Why a card's state breaks its shape (empty when it does not). */
  static cardProblems: (card: unknown) => string[] = () => [];

  static override defineSchema() {
    return cardSchema();
  }

  static override validateJoint(data: Record<string, unknown>) {
    super.validateJoint(data as never);
    const problems = this.cardProblems(data.card);
    if (problems.length) throw new Error(`${this.cardType}: ${problems.join("; ")}`);
  }
}
