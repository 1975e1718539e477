/**
 * The damage and attack cards as ChatMessage sub-types (`tales-damage`, `tales-attack`, core/cards.ts):
 * their state in `system.card`, refused by the model when it breaks the card's shape (damage-card-logic.ts,
 * attack-card-logic.ts).
 */
import { PolyverseCardModel } from "../../../core/card-model";
import { damageCardProblems } from "./damage-card-logic";
import { attackCardProblems } from "./attack-card-logic";

/** The damage card: the blow, its dice, and what became of the target. */
export class TalesDamageMessageData extends PolyverseCardModel {
  static override cardType = "tales-damage";
  static override cardProblems = damageCardProblems;
}

/** The attack card: the attacker's roll, the defence and its outcome, the damage rolled from it. */
export class TalesAttackMessageData extends PolyverseCardModel {
  static override cardType = "tales-attack";
  static override cardProblems = attackCardProblems;
}
