/**
 * The attack and damage cards as ChatMessage sub-types (`xero-sum-attack`, `xero-sum-damage`,
 * core/cards.ts, on core's card model): their state in `system.card`, refused by the model when it
 * breaks the card's shape (attack-card-logic.ts, damage-card-logic.ts).
 */
import { PolyverseCardModel } from "../../../core/card-model";
import { attackCardProblems } from "./attack-card-logic";
import { damageCardProblems } from "./damage-card-logic";

/** The attack card: what the attacker chose and rolled, and what the GM resolved. */
export class XeroSumAttackMessageData extends PolyverseCardModel {
  static override cardType = "xero-sum-attack";
  static override cardProblems = attackCardProblems;
}

/** The damage card: the blow, its dice, and each row hit with what Apply did. */
export class XeroSumDamageMessageData extends PolyverseCardModel {
  static override cardType = "xero-sum-damage";
  static override cardProblems = damageCardProblems;
}
